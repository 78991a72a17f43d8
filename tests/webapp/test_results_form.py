"""The results page's form without JavaScript: the time range, safe search and language selectors go
round trip as a browser submits them, and every link of the page keeps them (tabs, pages, suggestions,
the share link); only the categories_as_tabs are tabs and choices; bad values are refused."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import lxml.html
import pytest

from searx.results.search import SearchQuery
from tests.conftest import json_engine_entry, make_settings
from tests.webapp.test_preferences_page import cookies_of


@pytest.fixture
def app(app_factory: Any, fake_engine: Any) -> Any:
    dated = {"time_range_support": True, "safesearch": True}
    engines = [json_engine_entry(fake_engine.url, "alpha", categories=["general", "web"], **dated),
               json_engine_entry(fake_engine.url, "pics", categories=["images", "web"], **dated),
               json_engine_entry(fake_engine.url, "sky", categories=["weather"])]
    return app_factory(make_settings(engines, search={"cache_ttl": 0}, categories_as_tabs={"general": {}, "images": {}}))


@pytest.fixture
def asked(app: Any) -> list[SearchQuery]:
    """The searches the runner was asked for (what the form's values became)."""
    runner = app.extensions["searx"].runner
    seen: list[SearchQuery] = []
    run = runner.run

    def spy(sq: SearchQuery, *args: Any, **kwargs: Any) -> Any:
        seen.append(sq)
        return run(sq, *args, **kwargs)

    runner.run = spy
    return seen


def get(client: Any, url: str, **params: str) -> Any:
    resp = client.get(url, query_string=params or None)
    assert resp.status_code == 200, resp.data[:400]
    return lxml.html.fromstring(resp.data)


def submit(client: Any, tree: Any, **change: str) -> Any:
    """What a browser without JavaScript sends: the form's values (one select changed), then Apply."""
    form = tree.xpath("//form[@role='search']")[0]
    values = dict(form.form_values())
    values.update(change)
    assert form.get("method") == "get" and form.get("action") == "/search"
    return get(client, "/search", **values)


def selected(tree: Any, name: str) -> str:
    return tree.xpath(f"//div[@class='search-filters']//select[@name='{name}']/option[@selected]/@value")[0]


def params(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query, keep_blank_values=True).items()}


def test_the_selectors_are_in_the_form_with_the_search_s_values_selected(app: Any) -> None:
    tree = get(app.test_client(), "/search", q="alpha", time_range="week", safesearch="2", language="de")
    assert (selected(tree, "time_range"), selected(tree, "safesearch"), selected(tree, "language")) == ("week", "2", "de")
    assert tree.xpath("//form[@role='search']//button[@class='filters-apply']/text()") == ["Apply"]
    labels = tree.xpath("//div[@class='search-filters']/label[@class='visually-hidden']/@for")
    assert labels == ["filter-time-range", "filter-safesearch", "filter-language"]
    assert tree.xpath("//select[@data-submit-on-change]/@name") == ["time_range", "safesearch", "language"]


def test_a_form_get_round_trip_searches_with_the_chosen_values(app: Any, asked: list[SearchQuery]) -> None:
    client = app.test_client()
    first = get(client, "/search", q="!pics cats")
    assert selected(first, "time_range") == "" and selected(first, "language") == "auto"
    tree = submit(client, first, time_range="month", safesearch="1", language="fr")
    sq = asked[-1]
    assert (sq.time_range, sq.safesearch, sq.language, sq.engines) == ("month", 1, "fr", ("pics",))
    assert tree.xpath("//input[@id='q']/@value") == ["!pics cats"]  # the query as typed, bang kept
    assert (selected(tree, "time_range"), selected(tree, "safesearch"), selected(tree, "language")) == ("month", "1", "fr")
    again = submit(client, tree, time_range="")  # back to any time; the others stay
    assert (asked[-1].time_range, asked[-1].safesearch, asked[-1].language) == (None, 1, "fr")
    assert selected(again, "time_range") == ""


def test_every_link_keeps_the_choices(app: Any) -> None:
    choices = {"time_range": "year", "safesearch": "2", "language": "auto"}
    tree = get(app.test_client(), "/search", q="alpha", categories="general", pageno="2", **choices)
    links = {
        "tab": tree.xpath("//nav[@class='tabs']//a[not(@aria-current)]/@href")[0],
        "next": tree.xpath("//nav[@class='pagination']/a[@rel='next']/@href")[0],
        "prev": tree.xpath("//nav[@class='pagination']/a[@rel='prev']/@href")[0],
        "suggestion": tree.xpath("//section[@class='suggestions']//a/@href")[0],
        "share": tree.xpath("//a[@class='share-url']/@href")[0],
    }
    for name, url in links.items():
        got = params(url)
        assert {k: got.get(k) for k in choices} == choices, (name, url)  # "auto" stays auto, not the browser's language
    assert params(links["next"])["pageno"] == "3" and "pageno" not in params(links["prev"])  # page 1 has none
    assert params(links["tab"])["categories"] == "images" and "pageno" not in params(links["tab"])
    assert params(links["share"])["pageno"] == "2" and links["share"].startswith("http://localhost/search?")
    assert params(links["suggestion"])["q"] != "alpha"


def test_a_chosen_language_is_kept_in_the_links_even_outside_the_list(app: Any) -> None:
    tree = get(app.test_client(), "/search", q="alpha", language="en-nz")
    assert selected(tree, "language") == "en-NZ"  # normalised, shown as the extra option
    assert params(tree.xpath("//a[@class='share-url']/@href")[0])["language"] == "en-NZ"


def test_a_locked_preference_cannot_be_chosen_on_the_page(engine_app: Any) -> None:
    app = engine_app("alpha", preferences={"lock": ["safesearch"]})
    tree = get(app.test_client(), "/search", q="alpha")
    assert tree.xpath("//select[@name='safesearch']/@disabled") == ["disabled"]
    assert "safesearch" not in dict(tree.xpath("//form[@role='search']")[0].form_values())


@pytest.mark.parametrize(("name", "value"), [("time_range", "decade"), ("time_range", "<script>"), ("safesearch", "3"),
                                             ("safesearch", "x"), ("language", "not a language"),
                                             ("language", '"><script>alert(1)</script>')])
def test_bad_values_are_refused_with_a_readable_page(app: Any, name: str, value: str) -> None:
    resp = app.test_client().get("/search", query_string={"q": "alpha", name: value})
    assert resp.status_code == 400 and resp.mimetype == "text/html"
    assert b"<script>alert(1)" not in resp.data and b"Traceback" not in resp.data
    api = app.test_client().get("/search", query_string={"q": "alpha", name: value, "format": "json"})
    assert api.status_code == 400 and "error" in api.get_json()


def test_only_the_tab_categories_are_tabs_and_choices(app: Any) -> None:
    client = app.test_client()
    home = get(client, "/")
    assert home.xpath("//fieldset[@class='home-categories']//input/@name") == ["category_general", "category_images"]
    assert home.xpath("//fieldset[@class='home-categories']//input[@checked]/@name") == ["category_general"]
    tabs = get(client, "/search", q="alpha").xpath("//nav[@class='tabs']//a/text()")
    assert tabs == ["General", "Images"]  # no "Web", no "Weather"
    prefs = get(client, "/preferences")
    assert prefs.xpath("//fieldset[@class='pref-categories']//input[@type='checkbox']/@name") == [
        "category_general", "category_images"]
    groups = prefs.xpath("//fieldset[@class='engine-group']/legend/text()")
    assert "Weather" in groups  # its engine is still listed and can be switched
    resp = client.post("/preferences", data={"categories_form": "1", "category_web": "on", "category_images": "on"})
    assert cookies_of(resp)["categories"] == "images"  # "web" is no choice
    assert get(client, "/search", q="sun", categories="weather").xpath("//ol[@class='results']/li")  # by name it works


def test_the_home_page_category_choices_search_those_categories(app: Any, asked: list[SearchQuery]) -> None:
    client = app.test_client()
    home = get(client, "/")
    values = {k: v for k, v in home.xpath("//form[@role='search']")[0].form_values() if k != "category_general"}
    resp = client.get("/search", query_string={**values, "q": "cats", "category_images": "on"})
    assert resp.status_code == 200 and asked[-1].categories == ("images",)


def test_the_choices_survive_a_walk_through_tabs_pages_and_the_share_link(app: Any, asked: list[SearchQuery]) -> None:
    """What a browser without JavaScript does: choose and Apply, then follow a tab, the next page and
    the share link; every search asked is the chosen one, and every form shows it selected."""
    client = app.test_client()
    tree = submit(client, get(client, "/search", q="alpha"), time_range="week", safesearch="2", language="de")
    walked = []
    for step in ("//nav[@class='tabs']//a[not(@aria-current)]/@href", "//nav[@class='pagination']/a[@rel='next']/@href",
                 "//a[@class='share-url']/@href"):
        url = tree.xpath(step)[0].replace("http://localhost", "")
        tree = get(client, url)
        sq = asked[-1]
        walked.append((sq.categories, sq.pageno))
        assert (sq.time_range, sq.safesearch, sq.language) == ("week", 2, "de"), url
        assert (selected(tree, "time_range"), selected(tree, "safesearch"), selected(tree, "language")) == ("week", "2", "de")
        assert tree.xpath("//input[@id='q']/@value") == ["alpha"]
    assert walked == [(("images",), 1), (("images",), 2), (("images",), 2)]
    again = submit(client, tree, safesearch="0")  # a new choice on page 2 starts at page 1 of the same tab
    assert (asked[-1].safesearch, asked[-1].pageno, asked[-1].categories) == (0, 1, ("images",))
    assert selected(again, "time_range") == "week"


def post_form(tree: Any, xpath: str) -> dict[str, str]:
    """The hidden fields of the POST form whose button ``xpath`` finds."""
    form = tree.xpath(xpath)[0].getparent()
    assert form.tag == "form" and form.get("method") == "post" and form.get("action") == "/search"
    return dict(form.form_values())


def test_with_the_post_method_the_query_never_enters_an_address(app: Any, asked: list[SearchQuery]) -> None:
    """SearXNG's POST method: the tabs, pages, suggestions are small forms, so a query is never in a
    link (history, logs); they post the same choices a GET user's links carry."""
    client = app.test_client()
    client.post("/preferences", data={"method": "POST"})
    first = lxml.html.fromstring(client.post("/search", data={"q": "alpha"}).data)
    form = first.xpath("//form[@role='search']")[0]
    assert form.get("method") == "post"
    resp = client.post("/search", data={**dict(form.form_values()), "time_range": "day", "language": "fr"})
    assert resp.status_code == 200 and (asked[-1].time_range, asked[-1].language) == ("day", "fr")
    tree = lxml.html.fromstring(resp.data)
    assert selected(tree, "time_range") == "day"
    hrefs = [h for h in tree.xpath("//main//a/@href") if h.startswith("/search")]
    assert hrefs == []  # only the share link (absolute, on purpose) names the search
    nxt = post_form(tree, "//nav[@class='pagination']//button[@data-rel='next']")
    assert nxt == {"q": "alpha", "categories": "general", "language": "fr", "safesearch": "0", "time_range": "day",
                   "pageno": "2"}
    tab = post_form(tree, "//nav[@class='tabs']//button[not(@aria-current)]")
    assert tab["categories"] == "images" and "pageno" not in tab and tab["time_range"] == "day"
    assert tree.xpath("//nav[@class='tabs']//button[@aria-current='page']/text()") == ["General"]
    suggestion = post_form(tree, "//section[@class='suggestions']//button")
    assert suggestion["q"] != "alpha" and suggestion["language"] == "fr"
    page2 = lxml.html.fromstring(client.post("/search", data=nxt).data)
    assert asked[-1].pageno == 2 and (asked[-1].time_range, asked[-1].language) == ("day", "fr")
    prev = post_form(page2, "//nav[@class='pagination']//button[@data-rel='prev']")
    assert "pageno" not in prev and prev["time_range"] == "day"
