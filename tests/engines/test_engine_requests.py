"""What each engine asks upstream: base_url from settings, paging, locale, safe search, time range."""

from __future__ import annotations

from functools import partial

import engine_kit
import pytest
from engine_kit import args, make_engine, make_params

ALL = ["duckduckgo", "brave", "bing", "startpage", "mojeek", "wikipedia", "wikidata", "github", "stackexchange",
       "arxiv", "bing_images", "duckduckgo_images", "wikicommons", "bing_news", "duckduckgo_news", "youtube_noapi",
       "dailymotion", "sepiasearch"]


build = partial(engine_kit.build, query="test query")


@pytest.mark.parametrize("module", ALL)
def test_base_url_is_a_setting(module: str) -> None:
    params = build(module, settings={"base_url": "http://127.0.0.1:9/mirror"}, token="4-1")
    assert params["url"].startswith("http://127.0.0.1:9/mirror/")
    engine = make_engine(module, base_url="http://127.0.0.1:9/mirror")
    if engine.uses_tokens:  # the token page too
        token = make_params(engine)
        engine.token_request("test query", token)
        assert token["url"].startswith("http://127.0.0.1:9/mirror/")


def test_duckduckgo_form_post() -> None:
    p = build("duckduckgo", language="de-DE", time_range="week", safesearch=2)
    assert p["method"] == "POST" and p["url"] == "https://html.duckduckgo.com/html/"
    assert p["data"] == {"q": "test query", "b": "", "kl": "de-de", "df": "w", "kp": "1"}
    assert p["cookies"] == {"kl": "de-de", "df": "w"}
    assert p["headers"]["Sec-Fetch-Mode"] == "navigate"
    page3 = build("duckduckgo", pageno=3, token="4-123")["data"]
    # the fields of DuckDuckGo's own next-page form, in its order
    assert list(page3) == ["q", "s", "nextParams", "v", "o", "dc", "api", "vqd", "kl", "kp"]
    assert page3["s"] == "25" and page3["dc"] == "26" and page3["kl"] == "wt-wt" and page3["vqd"] == "4-123"
    assert build("duckduckgo", settings={"endpoint": "lite"})["url"] == "https://html.duckduckgo.com/lite/"
    assert build("duckduckgo", query="x" * 500)["url"] is None


def test_duckduckgo_later_pages_need_the_vqd_token() -> None:
    engine = make_engine("duckduckgo")
    first = make_params(engine, language="de-DE")
    assert engine.token_scope("q", first) == "de-de//q" and not engine.token_required(first)
    later = make_params(engine, pageno=2, language="de-DE")
    assert engine.token_required(later)
    assert build("duckduckgo", pageno=2)["url"] is None, "a later page without vqd looks like a bot"
    assert build("duckduckgo", pageno=2, token="4-1", language="zh-CN")["url"] is None  # no next page there
    token = make_params(engine, pageno=4, language="de-DE")
    engine.token_request("q", token)  # the page that carries a vqd for this query is page 1
    assert token["data"] == {"q": "q", "b": "", "kl": "de-de", "kp": "-2"}


def test_duckduckgo_rejects_a_bad_endpoint_setting() -> None:
    from searx.errors import SettingsError
    with pytest.raises(SettingsError):
        make_engine("duckduckgo", endpoint="api")


def test_bing() -> None:
    p = build("bing", language="en-GB", safesearch=2, pageno=2)
    assert args(p) == {"q": "test query", "adlt": "strict", "setlang": "en", "mkt": "en-GB", "first": "11"}
    assert p["headers"]["Accept-Language"] == "en-GB"


def test_brave() -> None:
    p = build("brave", language="fr-CA", time_range="month", safesearch=0, pageno=2)
    assert args(p) == {"q": "test query", "source": "web", "spellcheck": "0", "offset": "1", "tf": "pm"}
    assert p["cookies"]["safesearch"] == "off" and p["cookies"]["country"] == "ca"
    assert p["cookies"]["ui_lang"] == "fr-ca"
    assert build("brave", pageno=11)["url"] is None


def test_startpage() -> None:
    p = build("startpage", language="de-AT", time_range="day", safesearch=1, pageno=2, token="sc-code")
    assert p["method"] == "POST" and p["url"] == "https://www.startpage.com/sp/search"
    a = p["data"]
    assert a["query"] == "test query" and a["with_date"] == "d" and a["qadf"] == "moderate"
    assert a["language"] == "german" and a["page"] == "2" and a["segment"] == "startpage.udog"
    assert a["sc"] == "sc-code"
    assert "search_results_regionEEEde-AT" in p["cookies"]["preferences"]
    assert "enable_post_method" in p["cookies"]["preferences"]
    assert p["headers"]["Referer"] == "https://www.startpage.com/"


def test_startpage_sc_code_comes_from_the_home_page() -> None:
    engine = make_engine("startpage", base_url="http://127.0.0.1:9/sp-mirror/")
    params = make_params(engine)
    assert engine.token_scope("q", params) == "" and engine.token_required(params)
    engine.token_request("q", params)
    assert params["url"] == "http://127.0.0.1:9/sp-mirror/" and params["method"] == "GET"


def test_mojeek() -> None:
    first = args(build("mojeek", safesearch=0))
    assert first == {"q": "test query", "safe": "0"}  # no "s" on page 1: Mojeek rate-limits it
    p = build("mojeek", pageno=3, safesearch=1, time_range="year", language="en-GB")
    a = args(p)
    assert a["s"] == "20" and a["safe"] == "1" and len(a["since"]) == 8
    assert p["cookies"] == {"lb": "en", "arc": "gb"}


def test_github_and_arxiv_paging() -> None:
    assert args(build("github", pageno=2))["page"] == "2"
    a = args(build("arxiv", pageno=3))
    assert a["start"] == "20" and a["search_query"] == "all:test query"
