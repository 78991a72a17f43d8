"""Dictionary translations from dictzone.com (its result page, ``/<from>-<to>-dictionary/<word>``).

Only a translation query is sent: a language pair, then the word (``en-de house``;
``searx.enginelib.language_pair``); any other query asks nothing. Each row of the result
table (``table#r``) is one translation: the source word, then its first translation and
an example (after ``//``); the row's other translations are its synonyms. Not supported:
paging, time range, safe search, dictzone's sentence translation (the page loads it with
JavaScript from a second URL, which this engine does not ask).
"""

from __future__ import annotations

import copy
from typing import Any
from urllib.parse import quote_plus

from searx.enginelib import language_pair
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import parse_html, text_of, unparsable

base_url = "https://dictzone.com"
categories = ["general", "translate"]
weight = 100
timeout = 3.0
about = {"website": "https://dictzone.com/", "results": "HTML", "use_official_api": False}


def request(query: str, params: dict[str, Any]) -> None:
    pair = language_pair.parse(query)
    if pair is None:
        return
    source, target = pair.source.name.lower(), pair.target.name.lower()
    params["url"] = f"{_base_url(params)}/{source}-{target}-dictionary/{quote_plus(pair.text)}"


def _text(node: Any) -> str:
    """A cell's words without its markers (word class and example in ``i``, audio ``span``, buttons)."""
    node = copy.deepcopy(node)
    for child in node.xpath("./i|./span|./button"):
        child.drop_tree()  # its tail text stays
    return text_of(node)


def _row(cells: list[Any]) -> dict[str, Any] | None:
    source, target = cells
    word = _text(source)
    meanings = []
    for p in target.xpath(".//p"):
        meaning = _text(p)
        example = text_of(p.xpath("./i[contains(concat(' ', @class, ' '), ' smpl ')]"))
        if meaning:
            meanings.append(f"{meaning} // {example}" if example else meaning)
    if not word or not meanings:
        return None
    return {"text": f"{word} : {meanings[0]}", "synonyms": meanings[1:]}


def response(resp: Any) -> list[dict[str, Any]]:
    tree = parse_html(resp)
    tables = tree.xpath("//table[@id='r']")
    if not tables:
        raise unparsable(resp, "dictzone: no result table (table#r)")
    items = []
    for tr in tables[0].xpath(".//tr"):
        cells = tr.xpath("./td")
        if len(cells) == 2 and (item := _row(cells)) is not None:  # the header row has th cells
            items.append(item)
    if not items:
        return []
    return [{"template": "answer/translations.html", "translations": items, "url": resp.search_params["url"]}]
