"""An icon set's index (devicons, lucide): read once from its CDN, kept as the engine's token.

The index is a JSON file of a few hundred kilobytes (SearXNG parses it on every
search). Here the first answer is turned into compact text, one line per icon
(``name<TAB>terms<TAB>display fields``), which the runner keeps in the store as the
engine's token (docs/dev/engines.md, Tokens). Later searches send the answer's
validator (``If-None-Match`` / ``If-Modified-Since``): the CDN says 304 and the
cached text is searched with ``str.find``, no JSON parse; a changed index comes
back whole and replaces the token.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from searx.enginelib.html_parse import status_error
from searx.errors import EngineParseError

# the validator headers of an answer, and the request header that sends each back
_VALIDATORS = (("etag", "If-None-Match"), ("last-modified", "If-Modified-Since"))

Line = tuple[str, str, Iterable[str]]  # name, search terms, display fields


def token_scope(query: str, params: dict[str, Any]) -> str:
    return ""  # one index for every query


def token_required(params: dict[str, Any]) -> bool:
    return False  # without a kept index the search reads it whole


def cdn(params: dict[str, Any]) -> str:
    """The engine's ``cdn_base_url`` (SearXNG's key) without a trailing slash."""
    return str(params["engine"].settings["cdn_base_url"]).rstrip("/")


def request(params: dict[str, Any], path: str) -> None:
    """Ask the index at ``path`` of the CDN; with a kept index, only whether it changed."""
    params["url"] = f"{cdn(params)}/{path}"
    header, _, rest = (params.get("token") or "").partition(":")
    validator = rest.partition("\n")[0]
    if header and validator:
        params["headers"][header] = validator
        params["raise_for_httperror"] = False  # a 304 is the answer hoped for


def _field(value: Any) -> str:
    return " ".join(str(value).split())  # no tab or line break inside a field


def _compact(resp: Any, lines: Callable[[Any], Iterable[Line]]) -> str:
    try:
        data = resp.json()
        rows = ["\t".join(map(_field, (name, terms.lower(), *display))) for name, terms, display in lines(data)]
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise EngineParseError(f"the icon index no longer parses: {exc!r}") from exc
    return "\n" + "\n".join(rows) + "\n"


def _index_of(resp: Any, lines: Callable[[Any], Iterable[Line]]) -> tuple[str, list[dict[str, str]]]:
    """The index text to search, and the token item to cache when the answer brought a new one."""
    token = resp.search_params.get("token") or ""
    if resp.status_code == 304 and "\n" in token:
        return token.split("\n", 1)[1], []
    if error := status_error(resp):
        raise error
    index = _compact(resp, lines)
    for name, header in _VALIDATORS:
        if value := resp.headers.get(name):
            return index, [{"token": f"{header}:{value}\n{index}"}]
    return index, []  # no validator: nothing to revalidate, so nothing kept


def _score(name: str, terms: str, parts: list[str]) -> int:
    score = 0
    for part in parts:
        if part == name:
            score += 8
        elif part in name.split("-"):
            score += 4
        elif part in name:
            score += 3 if name.startswith(part) else 2
        elif part in terms:
            score += 1
    return score


def search(index: str, query: str) -> list[list[str]]:
    """The fields of each icon whose name or terms hold a word of ``query``, best first."""
    parts = [p for p in query.lower().split() if p]
    starts: dict[int, None] = {}
    for part in parts:
        pos = index.find(part)
        while pos >= 0:
            start, end = index.rfind("\n", 0, pos) + 1, index.find("\n", pos)
            second = index.find("\t", index.find("\t", start, end) + 1, end)
            if pos < (second if second >= 0 else end):  # not in the display fields
                starts[start] = None
            pos = index.find(part, end)
    found = [(s, index[s:index.find("\n", s)].split("\t")) for s in starts]
    scored = sorted((-_score(f[0], f[1] if len(f) > 1 else "", parts), s, f) for s, f in found)
    return [f for score, _, f in scored if score < 0]


def page(resp: Any, lines: Callable[[Any], Iterable[Line]], default_size: int) -> tuple[list[list[str]], list[Any]]:
    """The icons of the asked page (``page_size`` a page), and the token item to cache, if any."""
    index, token = _index_of(resp, lines)
    params = resp.search_params
    size = int(params["engine"].settings.get("page_size") or default_size)
    first = (params["pageno"] - 1) * size
    return search(index, params["query"])[first:first + size], token
