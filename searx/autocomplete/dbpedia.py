"""DBpedia Lookup's keyword search: XML, the ``Label`` of each ``Result`` (any namespace)."""

from __future__ import annotations

from typing import Any

import httpx
from lxml import etree

from searx.autocomplete.base import get
from searx.enginelib.html_parse import strip_tags

# no entities, no DTD, no network: the answer is data, never instructions to the parser
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)


def request(query: str, language: str) -> dict[str, Any]:
    return get("https://lookup.dbpedia.org/api/search.asmx/KeywordSearch", QueryString=query)


def response(resp: httpx.Response) -> list[str]:
    root = etree.fromstring(resp.content, _PARSER)
    labels = root.xpath("//*[local-name()='Result']/*[local-name()='Label']")
    # a label may mark the matched words (<B>…</B>), as elements or as escaped text
    return [strip_tags("".join(label.itertext())) for label in labels]
