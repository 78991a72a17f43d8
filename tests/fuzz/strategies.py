"""Hypothesis strategies for hostile HTTP input: parameters, bodies, content types, cookies, headers."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote_from_bytes

from hypothesis import strategies as st

SEARCH_KEYS = ("q", "format", "pageno", "language", "safesearch", "time_range", "categories", "engines",
               "locale", "theme")
PREF_KEYS = ("categories", "language", "locale", "safesearch", "theme", "results_on_new_tab", "method",
             "enabled_engines", "disabled_engines", "enabled_plugins", "disabled_plugins", "autocomplete",
             "ai_summary_mode", "ai_summary_server", "ai_summary_model", "ai_summary_api_key", "engines_form",
             "engine_alpha", "plugin_ai_summary", "preferences", "save")

# any unicode but lone surrogates (a client cannot encode them; raw bytes cover invalid UTF-8)
unicode_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)
# what a header value can carry on the wire (decoded as latin-1 by the server)
latin1 = st.text(alphabet=st.characters(max_codepoint=255, blacklist_characters="\r\n\x00"), max_size=60)
huge = st.sampled_from([10_000, 100_000, 250_000]).map(lambda n: "x" * n)
numberish = st.one_of(
    st.integers(-(10**6), 10**6).map(str),
    st.sampled_from(["0", "-1", "1e9", "NaN", "inf", "0x10", " 2", "２", "1_000", "9" * 5000, "1" * 4301, ""]),
)
known_values = st.sampled_from([
    "", "json", "csv", "rss", "html", "xml", "JSON", "day", "week", "month", "year", "decade", "all", "auto",
    "en", "en-US", "de", "zz-ZZ", "general", "it,science", "alpha", "beta,alpha,nope", "!alpha x", ":de x",
    "simple", "dark", "always", "never", "click", "questions", "on", "1", "2", "GET", "POST",
    "http://127.0.0.1:1/v1", "file:///etc/passwd", "http://[::1]:80", "javascript:alert(1)",
    "<script>alert(1)</script>", "' OR 1=1 --", "../../etc/passwd", "%00", "\u202e\u0000\ufeff",
])
value = st.one_of(known_values, unicode_text, numberish, huge, st.binary(max_size=30).map(lambda b: b.decode("latin-1")))


def pairs(keys: tuple[str, ...], max_size: int = 8) -> st.SearchStrategy[list[tuple[str, str]]]:
    """Key/value pairs, with repeated keys and unknown names."""
    key = st.one_of(st.sampled_from(keys), unicode_text, st.sampled_from(["", "q[]", "q.x", "__proto__"]))
    return st.lists(st.tuples(key, value), max_size=max_size)


def encode(items: list[tuple[str, str]]) -> bytes:
    return b"&".join(quote_from_bytes(k.encode("utf-8", "surrogatepass")).encode() + b"="
                     + quote_from_bytes(v.encode("utf-8", "surrogatepass")).encode() for k, v in items)


# raw query strings: well-formed pairs, invalid UTF-8 escapes, broken escapes, bare separators
raw_query = st.one_of(
    pairs(SEARCH_KEYS).map(encode),
    st.binary(max_size=80).map(lambda b: quote_from_bytes(b).encode()),
    st.lists(st.sampled_from([b"q=a", b"%", b"%zz", b"%ff%fe", b"&", b"=", b";", b"q", b"q=%C0%80", b"+",
                              b"format=json", b"format=html", b"pageno=%00"]), max_size=10).map(b"".join),
)

content_types = st.sampled_from([
    None, "application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=latin-1",
    "multipart/form-data", "multipart/form-data; boundary=xyz", "application/json", "application/json; charset=utf-8",
    "text/plain", "application/octet-stream", "*/*", "form", ";;;", "application/x-www-form-urlencoded; charset=nope",
    "application/json; charset=utf-16",
])


@st.composite
def bodies(draw: Any, keys: tuple[str, ...]) -> bytes:
    """A request body: a form, JSON, multipart-ish bytes, or garbage."""
    kind = draw(st.sampled_from(["form", "json", "multipart", "bytes", "empty"]))
    if kind == "form":
        return encode(draw(pairs(keys)))
    if kind == "json":
        return json.dumps(draw(json_values)).encode()
    if kind == "multipart":
        name, val = draw(st.sampled_from(keys)), draw(value)
        return (b"--xyz\r\nContent-Disposition: form-data; name=\"" + name.encode() + b"\"\r\n\r\n"
                + val.encode("utf-8", "surrogatepass") + draw(st.sampled_from([b"\r\n--xyz--\r\n", b"", b"\r\n--x"])))
    if kind == "bytes":
        return draw(st.binary(max_size=200))
    return b""


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), unicode_text),
    lambda children: st.one_of(st.lists(children, max_size=4), st.dictionaries(unicode_text, children, max_size=4)),
    max_leaves=12,
)

cookie_header = st.one_of(
    st.lists(st.tuples(st.sampled_from(PREF_KEYS[:16]), latin1), max_size=6).map(
        lambda items: "; ".join(f"{k}={v}" for k, v in items)),
    latin1,
    st.sampled_from(['a="unterminated', "=; =; ;", "safesearch=2" * 200, "ai_summary_server=http://169.254.169.254/",
                     "ai_summary_api_key=" + "k" * 5000, "theme=\x7f\x80\xff"]),
)


@st.composite
def headers(draw: Any) -> dict[str, str]:
    """Odd request headers a client may send."""
    out: dict[str, str] = {}
    for name in draw(st.sets(st.sampled_from(["Accept", "Accept-Language", "User-Agent", "X-Forwarded-For",
                                              "X-Forwarded-Proto", "Origin", "Sec-Fetch-Site", "Referer",
                                              "Accept-Encoding", "Cookie", "Host"]), max_size=5)):
        if name == "Host":
            out[name] = draw(st.sampled_from(["", "evil.example", "a b", "[::1", "127.0.0.1:99999", "x" * 300,
                                              "ex\u00e4mple.org", "h/../x", "localhost:0", "LOCALHOST.",
                                              "127.0.0.1:8888", "[::1]:80", "localhost:65535"]))
            continue
        out[name] = draw(cookie_header) if name == "Cookie" else draw(st.one_of(latin1, st.sampled_from([
            "", "*", "de-DE,de;q=0.9,*;q=0.1", "q=2;;;", "xx" * 300, "1.2.3.4, ::1, garbage", "null",
            "cross-site", "same-origin", "https://evil.example", "python-requests/2.32", "gzip, br"])))
    return out
