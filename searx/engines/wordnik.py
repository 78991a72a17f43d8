"""Definitions from Wordnik (its word page, ``/words/<word>``).

The query is the word (``!wnik serendipity``). Each dictionary the page quotes (an
``h3.source`` in ``#define`` and the list after it) becomes one definitions answer: its
definitions without the part-of-speech label, the first one as the answer's text. A page
with the definitions section but no dictionary in it is no result. Not supported: paging,
time range, safe search, language (Wordnik is English), Wordnik's examples, related words
and etymologies.
"""

from __future__ import annotations

import copy
from typing import Any
from urllib.parse import quote

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import has_class, parse_html, text_of, unparsable

base_url = "https://www.wordnik.com"
categories = ["dictionaries", "define"]
paging = False
timeout = 5.0
about = {"website": "https://www.wordnik.com", "results": "HTML", "use_official_api": False}


def request(query: str, params: dict[str, Any]) -> None:
    word = query.strip()
    if word:
        params["url"] = f"{_base_url(params)}/words/{quote(word, safe='')}"


def _definition(li: Any) -> str:
    li = copy.deepcopy(li)
    for label in li.xpath(".//abbr"):
        label.drop_tree()  # "interjection", "noun": the part of speech
    return text_of(li)


def response(resp: Any) -> list[dict[str, Any]]:
    tree = parse_html(resp)
    section = tree.xpath("//*[@id='define']")
    if not section:
        raise unparsable(resp, "wordnik: no definitions section (#define)")
    results = []
    for source in section[0].xpath(f".//h3[{has_class('source')}]"):
        definitions = [d for d in (_definition(li) for li in source.xpath("following-sibling::ul[1]/li")) if d]
        if definitions:
            item = {"text": definitions[0], "definitions": definitions}
            results.append({"template": "answer/translations.html", "translations": [item], "url": resp.search_params["url"]})
    return results
