"""The image engines (openverse, artic, unsplash, pexels, flickr_noapi, pinterest, devicons,
lucide): what they ask, what they parse, and how they report empty pages, bot checks and
changed pages.

The icon indexes are real (the npm packages jsDelivr serves); the other answers are
reconstructed (tests/engines/fixtures/SOURCES.md, "Images")."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest
from engine_kit import args, build, fake_response, fixture, make_engine, make_params, parse, typed

from searx.errors import (
    EngineAccessDenied,
    EngineCaptcha,
    EngineHTTPError,
    EngineParseError,
    EngineTooManyRequests,
)
from searx.results.types import from_engine_item

JSON = "application/json; charset=utf-8"
ANUBIS = fixture("synthetic/anubis_generic.html")
CLOUDFLARE = fixture("synthetic/cloudflare_just_a_moment.html")
CHANGED = b"<html><body><h1>We moved things around</h1></body></html>"
DEVICON = fixture("devicons/devicon_2.17.0_npm.json")
LUCIDE = fixture("lucide/tags_1.62.0_npm.json")


def answer(module: str, path: str, settings: dict | None = None, **overrides: Any) -> list[dict]:
    return parse(module, fixture(path), settings=settings, content_type=JSON, **overrides)


# --- requests ------------------------------------------------------------------------


def test_openverse_request_pages_no_deeper_than_anonymous_clients_may() -> None:
    p = build("openverse", "red panda", pageno=3)
    assert p["url"].startswith("https://api.openverse.org/v1/images/?")
    assert args(p) == {"q": "red panda", "page": "3", "page_size": "20", "format": "json"}
    assert build("openverse", "x", pageno=12)["url"] and build("openverse", "x", pageno=13)["url"] is None


def test_artic_request_asks_the_fields_it_shows() -> None:
    p = build("artic", "water lilies", pageno=2, settings={"page_size": 10})
    assert p["url"].startswith("https://api.artic.edu/api/v1/artworks/search?")
    a = args(p)
    assert (a["q"], a["page"], a["limit"]) == ("water lilies", "2", "10")
    assert set(a["fields"].split(",")) >= {"id", "title", "image_id", "artist_titles", "thumbnail"}


def test_unsplash_request_sends_the_instances_name_as_user_agent() -> None:
    p = build("unsplash", "cats", pageno=2)
    assert p["url"].startswith("https://unsplash.com/napi/search/photos?")
    assert args(p) == {"query": "cats", "page": "2", "per_page": "20"}
    assert p["headers"]["User-Agent"].startswith("searx-ai/")  # Anubis walls off browser User-Agents


def test_pexels_request_carries_its_key_and_time_range() -> None:
    p = build("pexels", "cats", settings={"api_key": "k3y"}, pageno=2, time_range="week")
    assert p["url"].startswith("https://www.pexels.com/en-us/api/v3/search/photos?")
    assert args(p) == {"query": "cats", "page": "2", "per_page": "20", "date_from": "last_week"}
    assert p["headers"]["secret-key"] == "k3y" and p["headers"]["Referer"] == "https://www.pexels.com/"


def test_pexels_reads_its_key_from_the_sites_scripts_unless_the_entry_sets_one() -> None:
    from searx.engines import load_engines, unsupported

    assert unsupported([{"name": "pexels", "engine": "pexels"}]) == ()  # SearXNG's entry: on, no key
    engine = load_engines([{"name": "pexels", "engine": "pexels"}])["pexels"]
    assert engine.token_scope("cats", make_params(engine)) == "", "one key for every query"
    token_page = make_params(engine)
    engine.token_request("cats", token_page)
    assert token_page["url"] == "https://www.pexels.com/" and token_page["headers"]["Referer"] == token_page["url"]
    p = build("pexels", "cats", token="site-key-1")
    assert p["headers"]["secret-key"] == "site-key-1"
    assert build("pexels", "cats")["url"] is None, "no key, no request"
    own = load_engines([{"name": "pexels", "engine": "pexels", "api_key": "mine"}])["pexels"]
    assert own.token_scope("cats", make_params(own)) is None, "an operator's key: the site is never read"
    assert build("pexels", "cats", settings={"api_key": "mine"}, token="site-key-1")["headers"]["secret-key"] == "mine"


def test_pexels_token_pages_the_home_page_names_and_the_key_in_a_script() -> None:
    engine = make_engine("pexels")
    home = fake_response(engine, fixture("pexels/home_reconstructed.html"))
    scripts = engine.token_response(home)
    assert scripts[0] == "/assets/_next/static/chunks/pages/_app-8c9d0e1f.js", "the app bundle first"
    assert len(scripts) == 6 and "https://www.googletagmanager.com/gtag/js?id=G-000000" in scripts
    from searx.search.tokens import token_pages
    asked = token_pages("https://www.pexels.com/", scripts, False)
    assert asked == ["https://www.pexels.com/assets/_next/static/chunks/pages/_app-8c9d0e1f.js",
                     "https://www.pexels.com/assets/_next/static/chunks/webpack-0a1b2c3d.js",
                     "https://www.pexels.com/assets/_next/static/chunks/framework-4e5f6a7b.js",
                     "https://www.pexels.com/assets/_next/static/chunks/pages/%5Blocale%5D-2a3b4c5d.js"]
    script = fake_response(engine, fixture("pexels/_app_reconstructed.js"), content_type="text/javascript",
                           token_page="https://www.pexels.com/")
    assert engine.token_response(script) == "Rk9yVGVzdHNPbmx5S2V5"
    other = fake_response(engine, fixture("pexels/chunk-without-key_reconstructed.js"),
                          content_type="text/javascript", token_page="https://www.pexels.com/")
    assert engine.token_response(other) == ""


@pytest.mark.parametrize("body", [CHANGED, b"", CLOUDFLARE, ANUBIS])
def test_pexels_home_page_without_scripts_is_no_key_to_read(body: bytes) -> None:
    engine = make_engine("pexels")
    with pytest.raises((EngineParseError, EngineCaptcha)) as caught:
        engine.token_response(fake_response(engine, body))
    assert isinstance(caught.value, EngineCaptcha) == (body in (CLOUDFLARE, ANUBIS))


@pytest.mark.parametrize("script", [
    b'{"secret-key":"a\r\nX-Injected: 1"}',   # what a header cannot carry is no key
    b'{"secret-key":"short"}',                 # too short to be one
    b'{"secret-key":"' + b"k" * 300 + b'"}',    # too long to be one
])
def test_pexels_takes_no_key_a_header_could_not_carry_as_it_is(script: bytes) -> None:
    engine = make_engine("pexels")
    resp = fake_response(engine, script, content_type="text/javascript", token_page="https://www.pexels.com/")
    assert engine.token_response(resp) == ""


def test_flickr_request_with_an_upload_date_range() -> None:
    p = build("flickr_noapi", "red panda", pageno=2, time_range="week")
    assert p["url"].startswith("https://www.flickr.com/search?")
    a = args(p)
    assert (a["text"], a["page"]) == ("red panda", "2")
    assert int(a["max_upload_date"]) - int(a["min_upload_date"]) == 7 * 86400
    assert abs(int(a["max_upload_date"]) - time.time()) < 600
    assert "min_upload_date" not in args(build("flickr_noapi", "x"))


def test_pinterest_request_sends_the_web_clients_headers() -> None:
    p = build("pinterest", "red panda")
    assert p["url"].startswith("https://www.pinterest.com/resource/BaseSearchResource/get/?data=")
    assert '"query": "red panda"' in args(p)["data"] and '"bookmarks": [""]' in args(p)["data"]
    assert p["headers"]["X-Pinterest-PWS-Handler"] == "www/ideas.js"
    assert p["headers"]["X-Pinterest-Source-Url"] == "/ideas/" and p["raise_for_httperror"] is False
    assert not make_engine("pinterest").paging  # a later page needs the previous page's bookmark


@pytest.mark.parametrize(("module", "path"), [("devicons", "/gh/devicons/devicon@latest/devicon.json"),
                                              ("lucide", "/npm/lucide-static/tags.json")])
def test_icon_sets_ask_their_index_and_revalidate_a_kept_one(module: str, path: str) -> None:
    first = build(module, "python")
    assert first["url"] == f"https://cdn.jsdelivr.net{path}" and first["raise_for_httperror"] is True
    assert "If-None-Match" not in first["headers"]
    kept = build(module, "python", token='If-None-Match:W/"4cb1-abc"\n\npython\t\n')
    assert kept["headers"]["If-None-Match"] == 'W/"4cb1-abc"' and kept["raise_for_httperror"] is False
    engine = make_engine(module)
    assert engine.token_scope("x", {}) == "" and not engine.token_required({})


# --- parse -------------------------------------------------------------------------


def test_openverse_parse() -> None:
    items = answer("openverse", "openverse/v1-images_red-panda_reconstructed.json")
    assert [i["content"] for i in items] == ["CC0", "CC BY-SA 2.0", "Public Domain Mark"]  # no record without a picture
    first = items[0]
    assert first["url"] == "https://www.flickr.com/photos/53184946@N00/4569012345"
    assert first["img_src"].startswith("https://live.staticflickr.com/") and first["author"] == "Mathias Appel"
    assert first["thumbnail_src"].endswith("/thumb/") and first["resolution"] == "1024 x 683"
    assert items[2]["thumbnail_src"] == items[2]["img_src"]  # no thumbnail: the picture itself
    assert all(r.kind == "images.html" for r in typed("openverse", items))


def test_artic_parse_builds_iiif_links_and_skips_artworks_without_a_picture() -> None:
    items = answer("artic", "artic/artworks-search_water_reconstructed.json")
    assert [i["title"] for i in items] == ["Water Lilies", "Nighthawks", "Photograph of a Cat <b>sleeping</b>"]
    lilies = items[0]
    assert lilies["url"] == "https://www.artic.edu/artworks/16568" and lilies["author"] == "Claude Monet"
    assert lilies["img_src"] == "https://www.artic.edu/iiif/2/3c27b499-af56-f0d5-93b5-a7f2f1ad5813/full/843,/0/default.jpg"
    assert lilies["thumbnail_src"].endswith("/full/400,/0/default.jpg") and lilies["resolution"] == "3000 x 2841"
    assert lilies["content"].startswith("1906 · Oil on canvas")
    assert items[2]["author"] == "Unknown" and items[2]["resolution"] == ""
    assert len(typed("artic", items)) == 3


def test_unsplash_parse_takes_tracking_parameters_off() -> None:
    items = answer("unsplash", "unsplash/napi-search-photos_cats_reconstructed.json")
    assert len(items) == 3 and all("ixid" not in i["img_src"] + i["thumbnail_src"] + i["url"] for i in items)
    assert items[0]["url"] == ("https://unsplash.com/photos/orange-and-white-tabby-cat-sitting-on-brown-wooden-table"
                               "-in-kitchen-room-8oQJ6nUW9mY")
    assert "w=1080" in items[0]["img_src"] and "w=200" in items[0]["thumbnail_src"]
    assert items[0]["author"] == "Paul Hanaoka" and items[0]["resolution"] == "4000 x 6000"
    assert items[2]["title"] == "" and items[2]["img_src"].startswith("https://plus.unsplash.com/premium_photo-")
    assert len(typed("unsplash", items)) == 3


def test_pexels_parse() -> None:
    items = answer("pexels", "pexels/en-us-api-v3-search-photos_cats_reconstructed.json", {"api_key": "k"})
    assert [i["url"] for i in items] == ["https://www.pexels.com/photo/close-up-photography-of-cat-45201/",
                                         "https://www.pexels.com/photo/orange-tabby-cat-near-window-1170986/"]
    assert items[0]["img_src"].endswith("h=650&w=940") and items[0]["thumbnail_src"].endswith("h=130")
    assert items[0]["author"] == "Kelvin Valerio" and items[1]["author"] == "Evg"
    assert len(typed("pexels", items, {"api_key": "k"})) == 2


def test_flickr_parse_follows_the_legend_and_decodes_escaped_text() -> None:
    items = parse("flickr_noapi", fixture("flickr_noapi/search_red-panda_reconstructed.html"))
    assert len(items) == 2  # the third photo has no size, the fourth legend path leads nowhere
    first = items[0]
    assert first["url"] == "https://www.flickr.com/photos/12345678@N05/53000000001"
    assert first["img_src"].endswith("_o.jpg") and first["thumbnail_src"].endswith("_n.jpg")
    assert first["title"] == "Red panda at Zoo Berlin" and first["content"] == "Taken in Été 2024"
    assert first["author"] == "Jens Röder" and first["source"] == "jroeder @ Flickr"
    assert first["resolution"] == "4000 x 2667" and items[1]["title"] == "Sleepy <b>panda</b>"
    assert [r.img_src[:32] for r in typed("flickr_noapi", items)] == ["https://live.staticflickr.com/65"] * 2


def test_pinterest_parse_leaves_stories_out() -> None:
    items = answer("pinterest", "pinterest/BaseSearchResource_red-panda_reconstructed.json")
    assert [i["url"] for i in items] == ["https://www.nationalgeographic.com/animals/mammals/facts/red-panda",
                                         "https://www.pinterest.com/pin/880000000000000002/",
                                         "https://www.etsy.com/listing/123456789/red-panda-print"]
    assert items[0]["img_src"].startswith("https://i.pinimg.com/originals/")
    assert items[0]["thumbnail_src"].startswith("https://i.pinimg.com/236x/") and items[0]["resolution"] == "1200 x 1800"
    assert items[0]["source"] == "National Geographic" and items[2]["author"] == "panda_prints"
    assert len(typed("pinterest", items)) == 3


def _with_etag(resp: httpx.Response) -> httpx.Response:
    out = httpx.Response(resp.status_code, content=resp.content,
                         headers={**resp.headers, "etag": 'W/"4cb1-abc"'}, request=resp.request)
    out.search_params = resp.search_params  # type: ignore[attr-defined]
    return out


def test_devicons_parse_the_real_index_into_svg_pictures_and_a_token() -> None:
    engine = make_engine("devicons")
    items = engine.response(_with_etag(fake_response(engine, DEVICON, content_type=JSON, query="python")))
    token = items.pop()["token"]
    assert token.startswith('If-None-Match:W/"4cb1-abc"\n')
    assert [i["title"] for i in items[:4]] == ["python (original)", "python (original-wordmark)", "python (plain)",
                                               "python (plain-wordmark)"]  # the exact name first
    base = "https://cdn.jsdelivr.net/gh/devicons/devicon@latest/icons/python/python-original.svg"
    assert items[0]["img_src"] == items[0]["thumbnail_src"] == items[0]["url"] == base
    assert items[0]["img_format"] == "SVG" and all(r.kind == "images.html" for r in typed("devicons", items))
    # a later search: the CDN says 304 and the kept index answers, no token is handed back
    engine = make_engine("devicons")
    cached = engine.response(fake_response(engine, b"", status=304, content_type=JSON, query="python", token=token))
    assert [i["title"] for i in cached] == [i["title"] for i in items]


def test_lucide_parse_the_real_index_ranks_names_and_pages() -> None:
    engine = make_engine("lucide")
    items = engine.response(_with_etag(fake_response(engine, LUCIDE, content_type=JSON, query="cat")))
    token = items.pop()["token"]
    assert items[0]["title"] == "cat" and items[0]["img_src"] == "https://cdn.jsdelivr.net/npm/lucide-static/icons/cat.svg"
    assert len(items) == 20  # page_size icons a page
    engine = make_engine("lucide")
    page2 = engine.response(fake_response(engine, b"", status=304, content_type=JSON, query="cat", token=token,
                                          pageno=2))
    assert page2 and not {i["title"] for i in page2} & {i["title"] for i in items}
    tagged = engine.response(fake_response(engine, b"", status=304, content_type=JSON, query="feline", token=token))
    assert "cat" in [i["title"] for i in tagged]  # a tag matches too
    assert engine.response(fake_response(engine, b"", status=304, content_type=JSON, query="zzqx", token=token)) == []


# --- bad cases -----------------------------------------------------------------------


@pytest.mark.parametrize(("module", "path", "settings"), [
    ("openverse", "openverse/v1-images_empty_reconstructed.json", None),
    ("artic", "artic/artworks-search_empty_reconstructed.json", None),
    ("unsplash", "unsplash/napi-search-photos_empty_reconstructed.json", None),
    ("pexels", "pexels/en-us-api-v3-search-photos_empty_reconstructed.json", {"api_key": "k"}),
    ("pinterest", "pinterest/BaseSearchResource_empty_reconstructed.json", None),
])
def test_empty_answers_are_no_results(module: str, path: str, settings: dict | None) -> None:
    assert answer(module, path, settings) == []


def test_flickr_empty_page_is_no_results() -> None:
    assert parse("flickr_noapi", fixture("flickr_noapi/search_empty_reconstructed.html")) == []


@pytest.mark.parametrize(("module", "settings"), [("openverse", None), ("artic", None), ("unsplash", None),
                                                  ("pexels", {"api_key": "k"}), ("flickr_noapi", None),
                                                  ("pinterest", None)])
def test_bot_checks_are_captcha_and_changed_pages_parse_errors(module: str, settings: dict | None) -> None:
    with pytest.raises(EngineCaptcha):
        parse(module, ANUBIS, settings=settings)
    with pytest.raises(EngineCaptcha):
        parse(module, CLOUDFLARE, settings=settings)
    with pytest.raises(EngineParseError, match=module.split("_")[0]):
        parse(module, CHANGED, settings=settings)


@pytest.mark.parametrize("module", ["openverse", "artic", "unsplash", "pinterest"])
def test_json_of_another_shape_is_a_parse_error(module: str) -> None:
    with pytest.raises(EngineParseError, match=module):
        parse(module, b'{"unexpected": true}', content_type=JSON)


def test_openverse_throttle_detail_is_named() -> None:
    with pytest.raises(EngineParseError, match="throttled"):
        answer("openverse", "openverse/v1-images_throttled_reconstructed.json")


def test_pinterest_failures_by_status() -> None:
    with pytest.raises(EngineTooManyRequests, match="Rate limit"):
        answer("pinterest", "pinterest/BaseSearchResource_rate-limited_reconstructed.json", status=429)
    forbidden = b'{"resource_response": {"status": "failure", "http_status": 403, "message": "Forbidden"}}'
    with pytest.raises(EngineAccessDenied):
        parse("pinterest", forbidden, content_type=JSON, status=403)
    with pytest.raises(EngineTooManyRequests):
        parse("pinterest", b"<html>slow down</html>", status=429)  # an HTML error page: its status


@pytest.mark.parametrize("module", ["devicons", "lucide"])
def test_icon_index_bad_cases(module: str) -> None:
    with pytest.raises(EngineParseError, match="icon index"):
        parse(module, b'{"changed": "shape"}' if module == "devicons" else b'["a list"]', content_type=JSON)
    with pytest.raises(EngineHTTPError):
        parse(module, b"", status=304, content_type=JSON)  # a 304 without a kept index: an error
    with pytest.raises(EngineAccessDenied):
        parse(module, b"", status=403, content_type=JSON, token='If-None-Match:W/"x"\n\nx\t\n')
    engine = make_engine(module)
    params = make_params(engine, query="x")
    engine.request("x", params)
    resp = httpx.Response(200, content=b"[]" if module == "devicons" else b"{}", headers={"content-type": JSON},
                          request=httpx.Request("GET", params["url"]))
    resp.search_params = params  # type: ignore[attr-defined]
    assert engine.response(resp) == []  # an empty set, and no validator: nothing kept


# --- settings and hostile answers ----------------------------------------------------------

MIRROR = "http://127.0.0.1:9/mirror"


@pytest.mark.parametrize(("module", "settings"), [
    ("openverse", {"base_url": f"{MIRROR}/"}), ("artic", {"search_api": f"{MIRROR}/search?"}),
    ("unsplash", {"base_url": MIRROR}), ("pexels", {"base_url": MIRROR, "api_key": "k"}),
    ("flickr_noapi", {"base_url": MIRROR}), ("pinterest", {"base_url": MIRROR}),
    ("devicons", {"cdn_base_url": MIRROR}), ("lucide", {"cdn_base_url": MIRROR}),
])
def test_the_url_of_every_engine_is_a_setting(module: str, settings: dict) -> None:
    assert build(module, "x", settings=settings)["url"].startswith(f"{MIRROR}/")


def test_hostile_values_become_no_script_links() -> None:
    pins = {"resource_response": {"status": "success", "data": {"results": [
        {"type": "pin", "id": "1/../../evil?x=", "link": "javascript:alert(1)", "title": "<script>x</script>",
         "images": {"orig": {"url": "https://i.pinimg.com/originals/a.jpg"}}},
        {"type": "pin", "id": "2", "link": None, "images": {"orig": {"url": "javascript:alert(2)"}}},
        {"type": "pin", "id": "3", "images": {"orig": {"url": "https://i.pinimg.com/o/b.jpg"},
                                              "236x": {"url": "data:image/png,AA"}}}]}}}
    items = parse("pinterest", json.dumps(pins).encode(), content_type=JSON)
    results = [r for r in (from_engine_item(i, "pinterest", "images") for i in items) if r is not None]
    assert len(results) == 1  # the pins whose picture or thumbnail is not an http(s) link are dropped
    assert results[0].url == "https://www.pinterest.com/pin/1/../../evil%3Fx%3D/"  # the pin's page, its id quoted
    assert results[0].title == "<script>x</script>"  # text: the page escapes it
    index = json.dumps({'x"><img src=x>': ["t"], "../../../etc": ["t"]}).encode()
    engine = make_engine("lucide")
    icons = engine.response(fake_response(engine, index, content_type=JSON, query="x"))
    assert [i["img_src"] for i in icons] == ["https://cdn.jsdelivr.net/npm/lucide-static/icons/x%22%3E%3Cimg%20src%3Dx%3E.svg"]
