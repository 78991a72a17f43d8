"""The ``!!`` bang table: every shipped entry, the encoding of the words, the operator's entries."""

from __future__ import annotations

from urllib.parse import parse_qsl, unquote, urlsplit

import pytest

from searx import bangs
from searx.errors import SettingsError

TABLE = bangs.read_table()
ENTRIES = [(group, name, url) for group, entries in TABLE.items() for name, url in entries.items()]
# words that show any double or missing encoding: a space, %, +, &, =, /, ?, #, quotes, non-ASCII, an emoji
WORDS = 'AC/DC 100% a+b & c=d? #1 "x" \'y\' café 東京 👍'
# what the words look like encoded once more: the tell-tale of a second encoding
TWICE = ("%2525", "%252B", "%2520", "%25C3")


def test_the_table_covers_the_most_used_kinds_of_sites() -> None:
    names = [name for _, name, _ in ENTRIES]
    assert len(names) >= 150 and len(names) == len(set(names))  # unique across the groups
    for group in ("general", "encyclopaedias", "maps", "code", "packages", "video", "shopping", "dictionaries"):
        assert len(TABLE[group]) >= 8, group
    for name in ("g", "ddg", "w", "wd", "wt", "osm", "gh", "so", "pypi", "npm", "yt", "a", "ebay", "r", "imdb"):
        assert name in names, name


@pytest.mark.parametrize(("group", "name", "url"), ENTRIES, ids=[n for _, n, _ in ENTRIES])
def test_every_entry_is_an_https_search_url_that_encodes_the_words_once(group, name, url) -> None:
    assert bangs.NAME.match(name), name
    assert bangs.check_template(f"bangs.{name}", url, schemes=("https",)) == url
    parts = urlsplit(url)
    assert parts.scheme == "https" and parts.hostname and "." in parts.hostname and not parts.fragment
    target = bangs.expand(url, WORDS)
    got = urlsplit(target)
    assert (got.scheme, got.netloc) == (parts.scheme, parts.netloc)
    assert not any(t in target for t in TWICE)
    assert all(ch.isascii() and not ch.isspace() for ch in target)  # a URL a Location header can carry
    if "{query}" in parts.query:
        # decoded once, the parameter holding {query} gives the words back exactly
        template = dict(parse_qsl(parts.query, keep_blank_values=True))
        key = next(k for k, v in template.items() if "{query}" in v)
        assert dict(parse_qsl(got.query, keep_blank_values=True))[key] == template[key].replace("{query}", WORDS)
        assert {k: v for k, v in parse_qsl(got.query) if k != key} == {k: v for k, v in template.items() if k != key}
    else:
        before, _, after = parts.path.partition("{query}")
        assert got.path.startswith(before) and got.path.endswith(after)
        assert unquote(got.path[len(before):len(got.path) - len(after)]) == WORDS
        assert "/" not in got.path[len(before):len(got.path) - len(after)]  # a slash cannot split the path


def test_no_words_go_to_the_sites_home_page() -> None:
    table = bangs.build()
    assert table.url("w", "") == "https://en.wikipedia.org/"
    assert table.url("W", "paris") == "https://en.wikipedia.org/w/index.php?search=paris"
    assert table.url("nosuch", "x") is None and "nosuch" not in table and "GH" in table


def test_completion_puts_the_exact_name_first_then_the_shortest() -> None:
    table = bangs.build()
    assert table.complete("gh")[:3] == ["gh", "ghc", "ghi"]
    assert table.complete("W", 3) == ["w", "wa", "wb"]
    assert table.complete("zzz") == []


def test_operators_add_replace_and_remove_entries() -> None:
    table = bangs.build({"wiki": "http://wiki.lan/index.php?search={query}", "w": "https://de.wikipedia.org/w/"
                         "index.php?search={query}", "fb": None, "x": ""})
    assert table.url("wiki", "a b") == "http://wiki.lan/index.php?search=a+b"
    assert table.url("w", "a").startswith("https://de.wikipedia.org/")
    assert "fb" not in table and "x" not in table and "gh" in table


@pytest.mark.parametrize(("name", "url", "message"), [
    ("Big", "https://e.org/?q={query}", "bangs.Big: a bang name"),
    ("has space", "https://e.org/?q={query}", "bangs.has space: a bang name"),
    ("nq", "https://e.org/search", "bangs.nq: the URL needs {query} exactly once"),
    ("two", "https://e.org/{query}?q={query}", "bangs.two: the URL needs {query} exactly once"),
    ("js", "javascript:alert('{query}')", "bangs.js: an https or http URL"),
    ("ftp", "ftp://e.org/?q={query}", "bangs.ftp: an https or http URL"),
    ("nohost", "https:///?q={query}", "bangs.nohost: an https or http URL"),
    ("user", "https://user:pw@e.org/?q={query}", "bangs.user: an https or http URL"),
    ("frag", "https://e.org/#q={query}", "bangs.frag: {query} cannot stand in the URL's fragment"),
    ("badport", "https://e.org:99999/?q={query}", "bangs.badport: not a valid URL"),
    ("ws", "https://e.org/?q={query} x", "bangs.ws: the URL holds a space"),
    ("nl", "https://e.org/?q={query}\r\nSet-Cookie: a=b", "bangs.nl: the URL holds a space or a control"),
    ("list", ["https://e.org/?q={query}"], "bangs.list: give the site's search URL"),
    # the words never choose the site: {query} only in the path or the query string
    ("host", "https://{query}.example.org/", "bangs.host: {query} must stand in the URL's path or query string"),
    ("bare", "https://{query}/", "bangs.bare: {query} must stand in the URL's path or query string"),
    ("glued", "https://e.org{query}", "bangs.glued: {query} must stand in the URL's path or query string"),
    ("info", "https://x{query}@e.org/", "bangs.info: {query} must stand in the URL's path or query string"),
    ("port", "https://e.org:{query}/", "bangs.port: {query} must stand in the URL's path or query string"),
    ("scheme", "http{query}://e.org/", "bangs.scheme: an https or http URL"),
    ("v6", "https://[{query}]/", "bangs.v6: not a valid URL"),
    ("nl\n", "https://e.org/?q={query}", "bangs.nl\n: a bang name"),  # a name with a trailing newline
])
def test_bad_operator_entries_stop_start_up_naming_them(name, url, message) -> None:
    with pytest.raises(SettingsError) as err:
        bangs.build({name: url})
    assert str(err.value).startswith(message), str(err.value)


def test_the_settings_key_is_checked_at_start_up() -> None:
    from searx.services import check
    from tests.conftest import make_settings

    with pytest.raises(SettingsError, match=r"^bangs\.bad: "):
        check(make_settings([], bangs={"bad": "https://e.org/no-placeholder"}))
    with pytest.raises(SettingsError, match=r"^bangs\.open: \{query\} must stand in the URL's path"):
        check(make_settings([], bangs={"open": "https://{query}.example.org/"}))
