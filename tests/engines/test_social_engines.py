"""Lemmy, Mastodon and Tootfinder: what they ask, what they parse (posts as text, never the
upstream's HTML or Markdown), how they report bot checks and changed answers, and each one
unchanged against its real URL through the whole app.

Mastodon's accounts answer is a real capture; the others are reconstructed from the public
API documentation (tests/engines/fixtures/SOURCES.md)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_kit import args, build, fixture, make_engine, parse, typed

from searx.errors import EngineCaptcha, EngineParseError, SettingsError
from tests.upstream_hosts import UpstreamHosts

JSON = "application/json; charset=utf-8"
ACCOUNTS = "mastodon/api-v2-search_mastodonpy_test_resolve_localhost-test-instance_2026-08_extracted-from-cassette.json"
NO_STATUSES = "mastodon/api-v2-search_type-statuses_empty_localhost-test-instance_2026-08_extracted-from-cassette.json"
HASHTAGS = "mastodon/api-v2-search_type-hashtags_python_reconstructed.json"
TOOTS = "tootfinder/rest-api-search_climate_reconstructed.json"
CLOUDFLARE = "synthetic/cloudflare_just_a_moment.html"


def lemmy(kind: str) -> bytes:
    return fixture(f"lemmy/api-v3-search_type-{kind.lower()}_rust_reconstructed.json")


# --- lemmy ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["Communities", "Users", "Posts", "Comments"])
def test_lemmy_request_asks_the_search_api_for_its_type_and_page(kind: str) -> None:
    p = build("lemmy", "rust lang", settings={"lemmy_type": kind}, pageno=3, safesearch=2, language="de-DE",
              time_range="week")
    assert p["url"].startswith("https://lemmy.ml/api/v3/search?")
    assert args(p) == {"q": "rust lang", "page": "3", "type_": kind}  # no language or time filter in the API


def test_lemmy_refuses_an_unknown_type_and_honours_base_url() -> None:
    with pytest.raises(SettingsError, match="lemmy_type"):
        make_engine("lemmy", lemmy_type="posts")  # SearXNG's values are capitalised
    p = build("lemmy", "x", settings={"base_url": "https://programming.dev/"})
    assert p["url"].startswith("https://programming.dev/api/v3/search?")


def test_lemmy_communities_and_users() -> None:
    communities = parse("lemmy", lemmy("Communities"), content_type=JSON, settings={"lemmy_type": "Communities"})
    assert [c["url"] for c in communities] == ["https://lemmy.ml/c/rust", "https://programming.dev/c/learnrust",
                                               "https://lemmy.ml/c/rustnsfw"]  # the removed one is left out
    rust = communities[0]
    assert rust["title"] == "Rust Programming" and rust["thumbnail"] == "https://lemmy.ml/pictrs/image/rust-icon.png"
    assert rust["content"] == "Discuss the Rust programming language. See the book & rules."  # Markdown as text
    assert rust["metadata"] == "subscribers: 48213 | posts: 5132 | active users: 11873"
    assert communities[1]["thumbnail"].endswith("learnrust-banner.jpg")  # no icon: the banner
    safe = parse("lemmy", lemmy("Communities"), content_type=JSON, settings={"lemmy_type": "Communities"}, safesearch=1)
    assert "https://lemmy.ml/c/rustnsfw" not in [c["url"] for c in safe]
    users = parse("lemmy", lemmy("Users"), content_type=JSON, settings={"lemmy_type": "Users"})
    assert [(u["title"], u["url"]) for u in users] == [("Ferris the Crab", "https://lemmy.ml/u/ferris"),
                                                       ("rustacean", "https://programming.dev/u/rustacean")]
    assert users[0]["content"] == "I like crabs and Rust." and users[0]["metadata"] == "posts: 42 | comments: 311"
    out = typed("lemmy", communities + users)
    assert all(r.kind == "social media" and r.category == "social media" for r in out)


def test_lemmy_posts_and_comments_are_text_with_author_community_and_counts() -> None:
    posts = parse("lemmy", lemmy("Posts"), content_type=JSON, settings={"lemmy_type": "Posts"})
    assert [p["url"] for p in posts] == ["https://lemmy.ml/post/9001", "https://lemmy.ml/post/9002",
                                         "https://lemmy.ml/post/9003"]  # the deleted post is left out
    first = posts[0]
    assert first["content"] == "The release notes are here. faster builds let chains"
    assert first["author"] == "Ferris the Crab" and first["publishedDate"] == "2026-11-21T10:15:00.000000Z"
    assert first["thumbnail"] == "https://lemmy.ml/pictrs/image/post-1.jpeg?format=webp&thumbnail=208"
    assert first["metadata"] == "\u25b2 259 \u25bc 10 | user: Ferris the Crab | comments: 13 | community: Rust Programming"
    assert posts[1]["title"] == "Why <script>alert(1)</script> is not a problem in Rust"  # text; the page escapes it
    assert posts[1]["thumbnail"] == ""
    safe = parse("lemmy", lemmy("Posts"), content_type=JSON, settings={"lemmy_type": "Posts"}, safesearch=1)
    assert [p["url"] for p in safe] == ["https://lemmy.ml/post/9001", "https://lemmy.ml/post/9002"]  # NSFW community
    (comment,) = parse("lemmy", lemmy("Comments"), content_type=JSON, settings={"lemmy_type": "Comments"})
    assert comment["url"] == "https://lemmy.ml/comment/70001" and comment["title"] == "Rust 1.90 released"
    assert comment["content"] == "Finally let chains! See the RFC."
    assert comment["metadata"] == "\u25b2 33 \u25bc 2 | user: Ferris the Crab | community: Rust Programming"
    assert [r.thumbnail for r in typed("lemmy", posts)][0].startswith("https://lemmy.ml/pictrs/")


def test_lemmy_bad_cases() -> None:
    empty = fixture("lemmy/api-v3-search_empty_reconstructed.json")
    assert parse("lemmy", empty, content_type=JSON, settings={"lemmy_type": "Posts"}) == []
    with pytest.raises(EngineParseError, match="lemmy: the answer has no communities list"):
        parse("lemmy", empty.replace(b'"communities"', b'"groups"'), content_type=JSON)
    with pytest.raises(EngineCaptcha):
        parse("lemmy", fixture(CLOUDFLARE), status=200)


def test_lemmy_through_the_app(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("lemmy.ml", "/api/v3/search", lemmy("Posts"), content_type=JSON)
    body = engine_client([{"name": "lemmy posts", "engine": "lemmy", "lemmy_type": "Posts", "shortcut": "lepo",
                           "categories": ["social media"]}]).get("/search?q=rust&categories=social+media&format=json&pageno=2").get_json()
    assert [r["url"] for r in body["results"]][0] == "https://lemmy.ml/post/9001"
    assert body["results"][0]["metadata"].startswith("\u25b2 259 \u25bc 10")
    (seen,) = hosts.seen
    assert (seen.path, seen.arg("q"), seen.arg("type_"), seen.arg("page")) == ("/api/v3/search", "rust", "Posts", "2")
    assert hosts.unrouted == []


# --- mastodon ------------------------------------------------------------------------------


def test_mastodon_request_asks_one_page_of_its_type() -> None:
    p = build("mastodon", "mastodonpy_test", settings={"mastodon_type": "hashtags"}, language="fr", safesearch=1)
    assert p["url"].startswith("https://mastodon.social/api/v2/search?")
    assert args(p) == {"q": "mastodonpy_test", "resolve": "false", "type": "hashtags", "limit": "40"}
    assert not make_engine("mastodon").paging  # the API pages only with a login
    with pytest.raises(SettingsError, match="mastodon_type"):
        make_engine("mastodon", mastodon_type="statuses")


def test_mastodon_accounts_from_the_real_answer() -> None:
    first, second = parse("mastodon", fixture(ACCOUNTS), content_type=JSON)
    assert first["url"] == "http://localhost:3000/@mastodonpy_test"  # the profile page, not the ActivityPub id
    assert first["title"] == "John Lennon (@mastodonpy_test)" and first["content"] == "I walk funny"  # <p> gone
    assert first["thumbnail"].endswith("/original/5784df1febb9890a.jpg")
    assert first["publishedDate"] == "2026-08-01T00:00:00.000Z" and first["metadata"] == "followers: 0 | posts: 22"
    assert second["title"] == "mastodonpy_test_2 (@mastodonpy_test_2)" and second["content"] == ""
    assert all(r.kind == "social media" for r in typed("mastodon", [first, second]))


def test_mastodon_hashtags_and_bad_cases() -> None:
    python, quiet = parse("mastodon", fixture(HASHTAGS), content_type=JSON, settings={"mastodon_type": "hashtags"})
    assert (python["url"], python["title"]) == ("https://mastodon.social/tags/python", "#python")
    assert python["metadata"] == "uses: 1721 | users: 732"  # the last 7 days on this server
    assert quiet["metadata"] == "uses: 0 | users: 0"
    assert parse("mastodon", fixture(NO_STATUSES), content_type=JSON) == []
    with pytest.raises(EngineParseError, match="mastodon: the answer has no hashtags list"):
        parse("mastodon", fixture(NO_STATUSES).replace(b'"hashtags"', b'"tags"'), content_type=JSON,
              settings={"mastodon_type": "hashtags"})
    with pytest.raises(EngineCaptcha):
        parse("mastodon", fixture(CLOUDFLARE))


def test_mastodon_through_the_app(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("mastodon.social", "/api/v2/search", fixture(ACCOUNTS), content_type=JSON)
    body = engine_client([{"name": "mastodon users", "engine": "mastodon", "mastodon_type": "accounts",
                           "base_url": "https://mastodon.social", "shortcut": "mau",
                           "categories": ["social media"]}]).get("/search?q=!mau+mastodonpy_test&format=json").get_json()
    assert [r["title"] for r in body["results"]] == ["John Lennon (@mastodonpy_test)",
                                                     "mastodonpy_test_2 (@mastodonpy_test_2)"]
    (seen,) = hosts.seen
    assert seen.arg("q") == "mastodonpy_test" and seen.arg("type") == "accounts" and seen.arg("resolve") == "false"
    assert hosts.unrouted == []


# --- tootfinder ----------------------------------------------------------------------------


def test_tootfinder_request_puts_the_query_in_the_path() -> None:
    p = build("tootfinder", "san franc* / ?x", pageno=1)
    assert p["url"] == "https://www.tootfinder.ch/rest/api/search/san+franc%2A+%2F+%3Fx"


def test_tootfinder_posts_are_text_with_their_author_and_picture() -> None:
    report, german, flood = parse("tootfinder", fixture(TOOTS), content_type=JSON)
    assert report["url"] == "https://mastodon.social/@climatenews/113456789012345678"
    assert report["title"] == "Cities adapting to climate change"  # the card's title
    assert report["content"] == "New report on #climate adaptation & cities. Read it here: https://example.org/report"
    assert report["author"] == "@climatenews@mastodon.social" and report["publishedDate"] == "2026-11-28T14:02:11.000Z"
    assert report["thumbnail"].endswith("/small/a1b2c3.png")
    assert german["content"] == "Klimawandel: heißester November seit Beginn der Aufzeichnungen. Mehr dazu später."
    assert german["title"].startswith("Klimawandel: heißester") and german["title"].endswith("…")  # no card
    assert german["thumbnail"] == "", "a video's preview is not a picture of the post"
    assert flood["author"] == "@floods@mastodon.social"
    safe = parse("tootfinder", fixture(TOOTS), content_type=JSON, safesearch=1)
    assert [p["author"] for p in safe] == ["@climatenews@mastodon.social", "@wetter@chaos.social"]
    assert all(r.kind == "social media" for r in typed("tootfinder", [report, german, flood]))


def test_tootfinder_bad_cases() -> None:
    appended = fixture("tootfinder/rest-api-search_climate_php-warning-appended_reconstructed.txt")
    assert [p["title"] for p in parse("tootfinder", appended)] == ["Cities adapting to climate change"]
    warned_first = b"<br />\n<b>Warning</b>: something on line <b>3</b><br />\n" + fixture(TOOTS)
    assert len(parse("tootfinder", warned_first)) == 3
    assert parse("tootfinder", fixture("tootfinder/rest-api-search_empty_reconstructed.json"), content_type=JSON) == []
    with pytest.raises(EngineCaptcha):
        parse("tootfinder", fixture(CLOUDFLARE))
    with pytest.raises(EngineParseError, match="tootfinder"):
        parse("tootfinder", b"<html><body><h1>Tootfinder</h1><p>new site</p></body></html>")


def test_tootfinder_through_the_app(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("www.tootfinder.ch", "/rest/api/search/", fixture(TOOTS), content_type=JSON)
    body = engine_client([{"name": "tootfinder", "engine": "tootfinder", "shortcut": "toot",
                           "categories": ["social media"]}]).get("/search?q=climate+cities&categories=social+media&format=json").get_json()
    assert [r["author"] for r in body["results"]][0] == "@climatenews@mastodon.social"
    (seen,) = hosts.seen
    assert seen.path == "/rest/api/search/climate+cities"
    assert hosts.unrouted == []
