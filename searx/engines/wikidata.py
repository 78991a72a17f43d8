"""Wikidata infobox for entity queries, in ONE ``wbgetentities`` request.

The query is taken as a Wikipedia article title (``sites=<lang>wiki``,
``titles=<query>``, ``normalize=1``) — or as an item id when it looks like
``Q42`` — and the matching item's label, description, image, official website,
Wikipedia link and a few literal facts (dates, population) become an infobox
plus one link result. Values that are other items are not resolved (that would
need more requests). Not supported: paging (one entity per query), safe search,
time range; free-text queries that are not an article title find nothing.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote, urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body, locale, settings_of
from searx.errors import EngineParseError

base_url = "https://www.wikidata.org"
default_language = "en"
categories = ["general"]
paging = False
language_support = True
timeout = 3.0
about = {"website": "https://www.wikidata.org", "results": "JSON", "use_official_api": True}

_ITEM_ID = re.compile(r"[Qq][1-9]\d*")
# literal-valued properties worth showing; item-valued ones would need label look-ups
_FACTS = {"P571": "Inception", "P569": "Date of birth", "P570": "Date of death", "P577": "Publication date",
          "P1082": "Population", "P2046": "Area", "P348": "Software version", "P1813": "Short name"}


def _lang(params: dict[str, Any]) -> str:
    return locale(params.get("language"))[0] or settings_of(params).get("default_language", "en")


def request(query: str, params: dict[str, Any]) -> None:
    query = query.strip()
    if params["pageno"] > 1 or not query:
        params["url"] = None
        return
    lang = _lang(params)
    args = {"action": "wbgetentities", "format": "json", "languages": f"{lang}|en",
            "props": "labels|descriptions|claims|sitelinks/urls", "sitefilter": f"{lang}wiki"}
    if _ITEM_ID.fullmatch(query):
        args["ids"] = query.upper()
    else:
        args.update(sites=f"{lang}wiki", titles=query, normalize="1")
    params["url"] = f"{_base_url(params)}/w/api.php?{urlencode(args)}"


def _term(entity: dict[str, Any], field: str, lang: str) -> str:
    terms = entity.get(field) or {}
    for code in (lang, "en"):
        if code in terms:
            return str(terms[code].get("value", ""))
    return next((str(t.get("value", "")) for t in terms.values()), "")


def _values(entity: dict[str, Any], prop: str) -> list[Any]:
    out = []
    for claim in (entity.get("claims") or {}).get(prop, []):
        snak = claim.get("mainsnak") or {}
        if snak.get("snaktype") == "value" and claim.get("rank") != "deprecated":
            out.append((snak.get("datavalue") or {}).get("value"))
    return out


def _literal(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        if "time" in value:  # "+1952-03-11T00:00:00Z"; precision below day is not shown
            return str(value["time"]).lstrip("+").split("T")[0].replace("-00", "")
        if "amount" in value:
            unit = str(value.get("unit", "1"))
            return str(value["amount"]).lstrip("+") + ("" if unit == "1" else " (unit " + unit.rsplit("/", 1)[-1] + ")")
        if "text" in value:
            return str(value["text"])
    return ""


def entity_results(entity: dict[str, Any], lang: str, site: str) -> list[dict[str, Any]]:
    """The infobox and the link result for one entity of a ``wbgetentities`` answer."""
    label = _term(entity, "labels", lang)
    qid = entity.get("id", "")
    if not label or not qid:
        return []
    page = f"{site}/wiki/{qid}"
    description = _term(entity, "descriptions", lang)
    urls = [{"title": "Wikidata", "url": page}]
    wiki = ((entity.get("sitelinks") or {}).get(f"{lang}wiki") or {}).get("url")
    if wiki:
        urls.insert(0, {"title": "Wikipedia", "url": wiki})
    urls += [{"title": "Official website", "url": v} for v in _values(entity, "P856")[:1] if isinstance(v, str)]
    images = [v for v in _values(entity, "P18") if isinstance(v, str)]
    attributes = []
    for prop, name in _FACTS.items():
        values = [s for s in (_literal(v) for v in _values(entity, prop)[:3]) if s]
        if values:
            attributes.append({"label": name, "value": ", ".join(values)})
    box = {"infobox": label, "id": page, "content": description, "urls": urls, "attributes": attributes,
           "img_src": ("https://commons.wikimedia.org/wiki/Special:FilePath/"
                       + quote(images[0].replace(" ", "_")) + "?width=300") if images else ""}
    return [box, {"url": page, "title": label, "content": description}]


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "wikidata", bot_pages=False)
    if not isinstance(data, dict) or "entities" not in data:
        code = (data.get("error") or {}).get("code") if isinstance(data, dict) else None
        if code == "no-such-entity":
            return []  # an unknown item id: a real answer with nothing in it
        raise EngineParseError(f"unexpected Wikidata answer ({code or 'no entities'})")
    lang = _lang(resp.search_params)
    for entity in data["entities"].values():
        if "missing" not in entity:
            return entity_results(entity, lang, _base_url(resp.search_params))
    return []
