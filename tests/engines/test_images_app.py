"""The images group through the whole app: every engine unchanged (default URLs) against its
upstream's real request URL (the upstream-hosts double), the verticals on their tabs, bot
checks as outcomes, SearXNG's entries in the default settings, and the engine test report."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml
from engine_kit import fixture

from tests.conftest import SECRET
from tests.upstream_hosts import Reply, Seen, UpstreamHosts

JSON = "application/json; charset=utf-8"
ROOT = Path(__file__).resolve().parents[2]
ETAG = 'W/"4cb1a-19a7"'
SP_HOME = fixture("startpage/results_javascript-tutorial_2026-04_http_prettier.html")  # its form#search carries sc

# SearXNG's entries (tests/engines/fixtures/searxng_settings/images_entries.yml): name -> engine, shortcut,
# categories, disabled, the vertical key
ENTRIES: dict[str, tuple[str, str, list[str], bool, dict[str, str]]] = {
    "openverse": ("openverse", "opv", ["images"], False, {}),
    "artic": ("artic", "arc", ["images"], False, {}),
    "unsplash": ("unsplash", "us", ["images"], False, {}),
    "pexels": ("pexels", "pe", ["images"], False, {}),
    "flickr": ("flickr_noapi", "fl", ["images"], False, {}),
    "pinterest": ("pinterest", "pin", ["images"], False, {}),
    "devicons": ("devicons", "di", ["images", "icons"], False, {}),
    "lucide": ("lucide", "luc", ["images", "icons"], False, {}),
    "startpage": ("startpage", "sp", ["general", "web"], False, {"startpage_categ": "web"}),
    "startpage news": ("startpage", "spn", ["news", "web"], False, {"startpage_categ": "news"}),
    "startpage images": ("startpage", "spi", ["images", "web"], False, {"startpage_categ": "images"}),
    "brave": ("brave", "br", ["general", "web"], False, {"brave_category": "search"}),
    "brave.images": ("brave", "brimg", ["images", "web"], False, {"brave_category": "images"}),
    "brave.videos": ("brave", "brvid", ["videos", "web"], False, {"brave_category": "videos"}),
    "brave.news": ("brave", "brnews", ["news"], False, {"brave_category": "news"}),
    "wikicommons.images": ("wikicommons", "wci", ["images"], False, {"wc_search_type": "image"}),
    "wikicommons.videos": ("wikicommons", "wcv", ["videos"], False, {"wc_search_type": "video"}),
    "wikicommons.audio": ("wikicommons", "wca", ["music"], False, {"wc_search_type": "audio"}),
    "wikicommons.files": ("wikicommons", "wcf", ["files"], False, {"wc_search_type": "file"}),
}


def entry(name: str, **extra: Any) -> dict[str, Any]:
    engine, shortcut, categories, _, keys = ENTRIES[name]
    return {"name": name, "engine": engine, "shortcut": shortcut, "categories": categories, **keys, **extra}


def index(body: bytes) -> Any:
    """The icon CDN: the whole index with its ETag, or 304 when the client already has it."""
    def answer(seen: Seen) -> Reply:
        if seen.headers.get("if-none-match") == ETAG:
            return Reply(b"", status=304, headers={"ETag": ETAG})
        return Reply(body, content_type=JSON, headers={"ETag": ETAG})
    return answer


PEXELS_KEY = "Rk9yVGVzdHNPbmx5S2V5"  # in pexels/_app_reconstructed.js


def route_pexels(hosts: UpstreamHosts, *, home: Any = None, chunks: Any = None, app: Any = None,
                 api: Any = None) -> None:
    """Pexels' home page, its scripts (the app bundle holds the secret-key) and its search endpoint;
    a test may answer any of them otherwise."""
    js = "text/javascript"
    hosts.route("www.pexels.com", "/", fixture("pexels/home_reconstructed.html") if home is None else home)
    hosts.route("www.pexels.com", "/assets/_next/static/chunks/",
                Reply(fixture("pexels/chunk-without-key_reconstructed.js"), content_type=js) if chunks is None else chunks)
    hosts.route("www.pexels.com", "/assets/_next/static/chunks/pages/_app-",
                Reply(fixture("pexels/_app_reconstructed.js"), content_type=js) if app is None else app)
    hosts.route("www.pexels.com", "/en-us/api/v3/search/photos",
                Reply(fixture("pexels/en-us-api-v3-search-photos_cats_reconstructed.json"), content_type=JSON)
                if api is None else api)


def route_images(hosts: UpstreamHosts) -> None:
    hosts.route("api.openverse.org", "/v1/images/", fixture("openverse/v1-images_red-panda_reconstructed.json"),
                content_type=JSON)
    hosts.route("api.artic.edu", "/api/v1/artworks/search", fixture("artic/artworks-search_water_reconstructed.json"),
                content_type=JSON)
    hosts.route("unsplash.com", "/napi/search/photos", fixture("unsplash/napi-search-photos_cats_reconstructed.json"),
                content_type=JSON)
    route_pexels(hosts)
    hosts.route("www.flickr.com", "/search", fixture("flickr_noapi/search_red-panda_reconstructed.html"))
    hosts.route("www.pinterest.com", "/resource/BaseSearchResource/get/",
                fixture("pinterest/BaseSearchResource_red-panda_reconstructed.json"), content_type=JSON)
    hosts.route("cdn.jsdelivr.net", "/gh/devicons/devicon@latest/devicon.json",
                index(fixture("devicons/devicon_2.17.0_npm.json")))
    hosts.route("cdn.jsdelivr.net", "/npm/lucide-static/tags.json", index(fixture("lucide/tags_1.62.0_npm.json")))
    hosts.route("www.startpage.com", "/", SP_HOME)
    hosts.route("www.startpage.com", "/sp/search", fixture("startpage/images_red-panda_reconstructed.html"))
    hosts.route("search.brave.com", "/images", fixture("brave/images_red-panda_reconstructed.html"))
    hosts.route("commons.wikimedia.org", "/w/api.php", fixture("reconstructed/wikicommons_search_cats.json"),
                content_type=JSON)


IMAGE_ENGINES = ["openverse", "artic", "unsplash", "pexels", "flickr", "pinterest", "devicons", "lucide",
                 "startpage images", "brave.images", "wikicommons.images"]


def test_the_images_tab_asks_every_engine_at_its_real_url(engine_client: Any, hosts: UpstreamHosts) -> None:
    route_images(hosts)
    client = engine_client([entry(n) for n in IMAGE_ENGINES])
    body = client.get("/search?q=python+cat&categories=images&format=json&language=en-US").get_json()
    assert body["unresponsive_engines"] == []
    by_engine: dict[str, list[dict]] = {}
    for r in body["results"]:
        for name in r["engines"]:
            by_engine.setdefault(name, []).append(r)
    assert set(by_engine) == set(IMAGE_ENGINES)
    assert all(r["img_src"].startswith("https://") and r["thumbnail_src"].startswith("https://")
               for r in body["results"])
    assert by_engine["lucide"][0]["img_src"] == "https://cdn.jsdelivr.net/npm/lucide-static/icons/cat.svg"
    assert by_engine["devicons"][0]["title"] == "python (original)"
    seen = {s.host: s for s in hosts.seen if s.path != "/"}
    assert seen["api.openverse.org"].arg("q") == "python cat" and seen["api.artic.edu"].arg("limit") == "20"
    assert seen["unsplash.com"].headers["user-agent"].startswith("searx-ai/")
    assert seen["www.pexels.com"].headers["secret-key"] == PEXELS_KEY, "the key its scripts hold"
    assert seen["www.pinterest.com"].headers["x-pinterest-pws-handler"] == "www/ideas.js"
    assert seen["www.flickr.com"].arg("text") == "python cat" and seen["search.brave.com"].path == "/images"
    assert seen["www.startpage.com"].form["cat"] == ["images"] and seen["www.startpage.com"].form["sc"]
    assert hosts.unrouted == []
    # a second search: each icon set only asks whether its index changed (304), and still answers
    hosts.seen.clear()
    again = client.get("/search?q=arrow+git&categories=images&format=json").get_json()
    icons = [s for s in hosts.seen if s.host == "cdn.jsdelivr.net"]
    assert len(icons) == 2 and all(s.headers["if-none-match"] == ETAG for s in icons)
    titles = {r["title"] for r in again["results"]}
    assert "git (plain)" in titles and any(t.startswith("arrow-") for t in titles)
    assert again["unresponsive_engines"] == []


def test_the_other_verticals_on_their_tabs(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("www.startpage.com", "/", SP_HOME)
    hosts.route("www.startpage.com", "/sp/search", fixture("startpage/news_climate_reconstructed.html"))
    hosts.route("search.brave.com", "/news", fixture("brave/news_climate_reconstructed.html"))
    hosts.route("search.brave.com", "/videos", fixture("brave/videos_sourdough_reconstructed.html"))

    def commons(seen: Seen) -> Reply:
        kind = seen.arg("gsrsearch").split()[0].removeprefix("filetype:").split("|")[0]
        name = {"video": "video", "audio": "audio", "multimedia": "file"}[kind]
        return Reply(fixture(f"wikicommons/search_filetype-{name}_cats_reconstructed.json"), content_type=JSON)

    hosts.route("commons.wikimedia.org", "/w/api.php", commons)
    client = engine_client([entry(n) for n in ("startpage news", "brave.news", "brave.videos", "wikicommons.videos",
                                               "wikicommons.audio", "wikicommons.files")])
    news = client.get("/search?q=climate&categories=news&format=json").get_json()
    assert {e for r in news["results"] for e in r["engines"]} == {"startpage news", "brave.news"}
    assert all(r["publishedDate"] for r in news["results"])
    videos = client.get("/search?q=sourdough&categories=videos&format=json").get_json()
    assert {e for r in videos["results"] for e in r["engines"]} == {"brave.videos", "wikicommons.videos"}
    assert all(r["length"] and r["thumbnail"] for r in videos["results"])
    music = client.get("/search?q=cats&categories=music&format=json").get_json()
    assert [r["audio_src"].rsplit("/", 1)[1] for r in music["results"]] == ["Meow_of_a_cat.ogg",
                                                                            "Cat_purr_%28Felis_catus%29.wav"]
    assert [r["length"] for r in music["results"]] == ["0:02", "0:31"]
    files = client.get("/search?q=cats&categories=files&format=json").get_json()
    assert [r["filename"] for r in files["results"]] == ["The_domestic_cat_(1921).pdf", "Cat_skull.stl"]
    assert hosts.unrouted == []
    page = client.get("/search?q=cats&categories=music").get_data(as_text=True)
    for tab in ("categories=news", "categories=videos", "categories=music", "categories=files"):
        assert tab in page  # the tabs show: an engine has each category


def test_bot_checks_and_blocks_through_the_app(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("unsplash.com", "/", fixture("synthetic/anubis_generic.html"))
    hosts.route("www.flickr.com", "/", fixture("synthetic/cloudflare_just_a_moment.html"))
    hosts.route("www.pinterest.com", "/", fixture("pinterest/BaseSearchResource_rate-limited_reconstructed.json"),
                status=429, content_type=JSON)
    hosts.route("www.pexels.com", "/", Reply(b"<html><title>Just a moment...</title></html>", status=403,
                                            headers={"cf-mitigated": "challenge"}))
    hosts.route("search.brave.com", "/", fixture("synthetic/brave_captcha.html"))
    hosts.route("api.openverse.org", "/", fixture("openverse/v1-images_empty_reconstructed.json"), content_type=JSON)
    names = ["unsplash", "flickr", "pinterest", "pexels", "brave.images", "openverse"]
    client = engine_client([entry(n) for n in names])
    body = client.get("/search?q=x&categories=images&format=json").get_json()
    assert body["results"] == [] and {n for n, _ in body["unresponsive_engines"]} == set(names) - {"openverse"}
    outcomes = {n: next(k for k, v in e["outcomes"].items() if v) for n, e in client.get("/stats").get_json()[
        "engines"].items() if n in names}
    # Cloudflare's 403 with cf-mitigated: challenge is a bot check, not a block
    assert outcomes == {"unsplash": "challenged", "flickr": "challenged", "pinterest": "blocked", "pexels": "challenged",
                        "brave.images": "challenged", "openverse": "no_results"}


def test_with_the_image_proxy_icons_show_as_names_and_other_pictures_go_through_it(engine_client: Any,
                                                                                    hosts: UpstreamHosts) -> None:
    route_images(hosts)
    client = engine_client([entry("lucide"), entry("openverse")], server={"image_proxy": True})
    page = client.get("/search?q=cat&categories=images").get_data(as_text=True)
    assert "cdn.jsdelivr.net" not in page.split("<ul class=\"image-grid\"", 1)[1].split("</ul>", 1)[0]
    assert "/image_proxy?url=https://live.staticflickr.com/" in page and 'src="data:image/gif;base64,' in page
    assert "icons/cat.svg" in page  # the tile still links the icon


def test_the_default_settings_carry_searxngs_entries(tmp_path: Path) -> None:
    from searx import settings as settings_mod
    from searx.engines import load_engines

    user = tmp_path / "settings.yml"
    user.write_text(f"use_default_settings: true\nserver:\n  secret_key: '{SECRET}'\n")
    engines = load_engines(settings_mod.load(user).engines)
    for name, (module, shortcut, categories, disabled, keys) in ENTRIES.items():
        engine = engines[name]
        assert (engine.module.__name__, engine.shortcut) == (f"searx.engines.{module}", shortcut), name
        assert (list(engine.categories), engine.disabled) == (categories, disabled), name
        assert all(engine.settings[k] == v for k, v in keys.items()), name
    assert engines["brave"].paging and not engines["brave.images"].paging and engines["artic"].timeout == 4.0


def test_searxngs_own_entries_verbatim_enable_the_same_set(tmp_path: Path) -> None:
    from searx import settings as settings_mod
    from searx.engines import load_engines, unsupported

    upstream = yaml.safe_load(fixture("searxng_settings/images_entries.yml"))
    user = tmp_path / "settings.yml"
    user.write_text(yaml.safe_dump({"server": {"secret_key": SECRET}, "engines": upstream["engines"]}))
    loaded = settings_mod.load(user).engines
    theirs = load_engines(loaded)
    assert unsupported(loaded) == ()
    user.write_text(f"use_default_settings: true\nserver:\n  secret_key: '{SECRET}'\n")
    ours = load_engines(settings_mod.load(user).engines)
    enabled = {n for n, e in theirs.items() if not e.disabled}
    assert enabled == set(ENTRIES)
    assert enabled <= {n for n, e in ours.items() if not e.disabled}
    for name in enabled:  # the same vertical, categories and paging as ours
        assert theirs[name].categories == ours[name].categories, name
        assert theirs[name].paging == ours[name].paging, name
        for key in ("startpage_categ", "brave_category", "wc_search_type"):
            assert theirs[name].settings.get(key, "") == ours[name].settings.get(key, ""), name


def test_the_engine_report_lists_every_engine_of_the_group(tmp_path: Path, hosts: UpstreamHosts) -> None:
    route_images(hosts)
    entries = [entry(n) for n in ENTRIES]
    path = tmp_path / "settings.yml"
    path.write_text(yaml.safe_dump({"server": {"secret_key": SECRET}, "engines": entries, **hosts.settings()}))
    out = subprocess.run([sys.executable, "-m", "searx.check", "--json", *[a for n in ENTRIES for a in ("--engine", n)],
                          "python cat"], env={"SEARX_SETTINGS_PATH": str(path), "PATH": "/usr/bin:/bin",
                                              "PYTHONPATH": str(ROOT)},
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    rows = {r["engine"]: r for r in json.loads(out.stdout)}
    assert set(rows) == set(ENTRIES)
    assert all(rows[n]["outcome"] == "ok" for n in IMAGE_ENGINES), {n: rows[n] for n in IMAGE_ENGINES}
