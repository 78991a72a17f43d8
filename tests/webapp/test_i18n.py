"""The interface language: chosen from the preference or Accept-Language, named in itself, RTL for Arabic."""

from __future__ import annotations

import json
import re

import pytest
from lxml import etree

from searx.webapp import i18n
from tests.conftest import json_engine_entry, make_settings

CATEGORY_KEY = re.compile(r"basis_(zero|one|two|few|many|other)$")
KNOWN = ("en", "ar", "de", "es", "fr", "it", "ja", "nl", "pl", "pt_BR", "ru", "uk", "zh_CN")


def _accept(header: str) -> list[tuple[str, float]]:
    from werkzeug.datastructures import LanguageAccept
    from werkzeug.http import parse_accept_header

    return list(parse_accept_header(header, LanguageAccept))


@pytest.mark.parametrize(("header", "locale"), [
    ("zh-CN", "zh_CN"), ("zh", "zh_CN"), ("zh-Hans-CN", "zh_CN"), ("zh-Hans", "zh_CN"),
    ("pt-BR", "pt_BR"), ("pt", "pt_BR"), ("pt-PT", "pt_BR"), ("pt_BR", "pt_BR"),
    ("de-AT,en;q=0.5", "de"),  # a regional variant beats a less preferred exact match
    ("en-US,de;q=0.9", "en"), ("fr-CH, fr;q=0.9, en;q=0.8", "fr"), ("es-419", "es"),
    ("sv,ru;q=0.7", "ru"), ("ar-EG", "ar"), ("ja-JP", "ja"), ("uk-UA", "uk"), ("nl-BE", "nl"),
    ("zh-TW", None), ("zh-Hant", None), ("zh-HK,en;q=0.5", "en"),  # no Simplified for Traditional readers
    ("de;q=0, fr;q=0.1", "fr"), ("sv", None), ("", None), ("*", None),
])
def test_accept_language_matching(header, locale):
    assert i18n.match(_accept(header), KNOWN) == locale


def _page(client, path="/search?q=x", **headers):
    return etree.HTML(client.get(path, headers=headers).data)


def _settings(page):
    return json.loads(page.xpath("//script[@id='client-settings']/text()")[0])


@pytest.mark.parametrize(("header", "lang", "direction", "skip"), [
    ("ar", "ar", "rtl", "انتقل إلى المحتوى"), ("pt-BR,en;q=0.5", "pt-BR", "ltr", "Pular para o conteúdo"),
    ("zh-CN", "zh-CN", "ltr", "跳到正文"), ("fr-FR", "fr", "ltr", "Aller au contenu"),
    ("en-GB", "en", "ltr", "Skip to content"),
])
def test_page_language_and_direction(client, header, lang, direction, skip):
    page = _page(client, **{"Accept-Language": header})
    html = page.xpath("/html")[0]
    assert (html.get("lang"), html.get("dir")) == (lang, direction)
    assert page.xpath("//a[@class='skip-link']/text()") == [skip]
    assert _settings(page)["ui_lang"] == lang


def test_the_preference_wins_over_the_browser(client):
    assert _page(client, "/search?q=x&locale=ja", **{"Accept-Language": "de"}).xpath("/html/@lang") == ["ja"]
    client.set_cookie("locale", "uk")
    assert _page(client, **{"Accept-Language": "de"}).xpath("/html/@lang") == ["uk"]


def test_the_instance_default_language_applies(engine_app):
    app = engine_app("a", ui={"default_locale": "it"})
    assert _page(app.test_client(), **{"Accept-Language": "de"}).xpath("/html/@lang") == ["it"]


def test_preferences_list_each_language_by_its_own_name(client):
    options = _page(client, "/preferences").xpath("//select[@name='locale']/option")
    names = {o.get("value"): o.text for o in options}
    assert names["fr"] == "Français" and names["de"] == "Deutsch" and names["ar"] == "العربية"
    assert names["pt_BR"] == "Português (Brasil)" and names["ja"] == "日本語" and names["ru"] == "Русский"
    assert names["zh_CN"].startswith("中文")
    assert {o.get("lang") for o in options if o.get("value")} >= {"pt-BR", "zh-CN", "ar"}


@pytest.mark.parametrize(("locale", "expected"), [
    ("ru", {"basis_one": "На основе {n} фрагмента результатов", "basis_few": "На основе {n} фрагментов результатов",
            "basis_many": "На основе {n} фрагментов результатов",
            "basis_other": "На основе {n} фрагментов результатов"}),  # fractions: not sent, but for safety
    ("fr", {"basis_one": "D’après {n} extrait de recherche", "basis_many": "D’après {n} extraits de recherche",
            "basis_other": "D’après {n} extraits de recherche"}),
    ("ja", {"basis_other": "{n} 件の検索スニペットに基づく"}),
])
def test_summary_box_gets_every_plural_form_of_the_language(client, locale, expected):
    translations = _settings(_page(client, f"/search?q=x&locale={locale}"))["translations"]
    assert {k: v for k, v in translations.items() if CATEGORY_KEY.match(k)} == expected


def test_arabic_summary_box_gets_its_six_forms(client):
    translations = _settings(_page(client, "/search?q=x&locale=ar"))["translations"]
    assert {k for k in translations if CATEGORY_KEY.match(k)} == {
        "basis_zero", "basis_one", "basis_two", "basis_few", "basis_many", "basis_other"}
    assert translations["basis_two"].endswith("مقتطفين من نتائج البحث")
    assert translations["stop"] == "إيقاف"


@pytest.mark.parametrize(("locale", "count"), [("de", "Etwa 24 Ergebnisse"), ("fr", "Environ 24 résultats"),
                                               ("ru", "Примерно 24 результата"), ("ja", "約 24 件の結果")])
def test_the_result_count_is_a_plural(client, locale, count):
    assert _page(client, f"/search?q=x&locale={locale}").xpath("//p[@class='result-count']/text()") == [count]


COUNT = "{{ ngettext('About %(n)s result', 'About %(n)s results', c, n=c|format_number) }}"


@pytest.mark.parametrize(("locale", "c", "text"), [
    ("en", 1, "About 1 result"), ("en", 1234567, "About 1,234,567 results"),
    ("de", 1, "Etwa 1 Ergebnis"), ("de", 1234567, "Etwa 1.234.567 Ergebnisse"),
    ("fr", 0, "Environ 0 résultat"), ("pl", 5, "Około 5 wyników"), ("ru", 21, "Примерно 21 результат"),
    ("uk", 3, "Приблизно 3 результати"), ("ar", 2, "2 نتيجتان"), ("ar", 11, "حوالي 11 نتيجة"),
])
def test_counts_take_the_plural_form_and_digit_grouping_of_the_language(app_factory, locale, c, text):
    from flask import g, render_template_string

    app = app_factory(make_settings([]))
    with app.test_request_context("/"):
        g.locale, g.translations = locale, i18n.translations(locale)
        assert render_template_string(COUNT, c=c).replace("\u202f", " ").replace("\xa0", " ") == text


def test_numbers_are_formatted_as_babel_formats_them_in_every_language(app_factory):
    from babel.numbers import format_decimal
    from flask import g

    app = app_factory(make_settings([]))
    with app.test_request_context("/"):
        for locale in (*i18n.available(), "hi", "not-a-locale"):
            g.locale = locale
            for n in (0, 7, 1234, -98765, 1234567890, 12.5):
                expected = format_decimal(n, locale="en" if locale == "not-a-locale" else locale)
                assert i18n.format_number(n) == expected, (locale, n)
        assert i18n.format_number("12 k") == "12 k"


def test_pages_tell_caches_they_vary_with_the_language(client):
    response = client.get("/", headers={"Accept-Language": "pt-BR"})
    assert {"Accept-Language", "Cookie"} <= set(response.vary) and response.headers["Content-Language"] == "pt-BR"
    assert "Content-Language" not in client.get("/search?q=x&format=json").headers


@pytest.mark.parametrize("content_type", ["application/x-www-form-urlencoded", "application/json"])
def test_choosing_the_language_reads_no_request_body(client, content_type):
    # An oversized summary request is the summary view's to refuse, in its own words.
    response = client.post("/ai_summary?locale=fr", data=b"a=" + b"x" * 300_000, content_type=content_type)
    assert response.status_code == 400
    assert response.get_json()["error"]["message"] == "The summary request was not understood."


def test_category_names_are_translated_everywhere(app_factory, fake_engine):
    engines = [json_engine_entry(fake_engine.url, "a"), json_engine_entry(fake_engine.url, "b", categories=["images", "it"])]
    client = app_factory(make_settings(engines)).test_client()
    home = _page(client, "/?locale=ru")
    home_labels = [t.strip() for t in home.xpath("//fieldset[@class='home-categories']/label/text()") if t.strip()]
    assert home_labels == ["Общее", "Картинки", "ИТ"]
    prefs = _page(client, "/preferences?locale=ru")
    labels = [t.strip() for t in prefs.xpath("//fieldset[@class='pref-categories']//label/text()") if t.strip()]
    assert labels == ["Общее", "Картинки", "ИТ"]
    tabs = _page(client, "/search?q=x&locale=ru").xpath("//nav[@class='tabs']//a/text()")
    assert tabs == ["Общее", "Картинки", "ИТ"]


def test_every_string_that_counts_gets_the_language_s_forms(client):
    translations = _settings(_page(client, "/search?q=x&locale=pl"))["translations"]
    assert translations["reading_few"] == "Czytanie {n} stron…" and translations["reading_one"] == "Czytanie {n} strony…"
    assert translations["snippets_many"] == "{n} fragmentów" and translations["basis_pages_few"] == "Na podstawie {n} stron"


def test_error_pages_speak_the_language(client):
    missing = _page(client, "/no-such-page?locale=fr")
    assert missing.xpath("//section[contains(@class,'error-page')]/p[1]/text()") == ["Il n’y a rien à cette adresse."]
    assert missing.xpath("//section[contains(@class,'error-page')]//a/text()") == ["Retour à la page de recherche"]
    api = client.get("/no-such-page?locale=fr&format=json", headers={"Accept": "application/json"})
    assert api.status_code == 404 and "requested URL was not found" in api.get_data(as_text=True)
