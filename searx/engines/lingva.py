"""Translations from a Lingva Translate instance (a front-end of Google Translate), its
``/api/v1/<from>/<to>/<text>`` JSON API.

Only a translation query is sent: a language pair, then the text (``en-fr good morning``,
``english-french good morning``; ``searx.enginelib.language_pair``); any other query asks
nothing. The answer holds the translation (with its transliteration), the dictionary's
definitions, examples and synonyms, and the other translations Lingva lists; Lingva's
spelling fix becomes a suggestion. Not supported: paging, time range, safe search,
detecting the source language (the pair names it), Lingva's audio.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from searx.enginelib import language_pair
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body, unparsable

base_url = "https://lingva.ml"
categories = ["general", "translate"]
timeout = 6.0
about = {"website": "https://github.com/thedaviddelta/lingva-translate", "results": "JSON", "use_official_api": True}


def request(query: str, params: dict[str, Any]) -> None:
    pair = language_pair.parse(query)
    if pair is None:
        return
    params["pair"] = pair
    params["url"] = f"{_base_url(params)}/api/v1/{pair.source.code}/{pair.target.code}/{quote(pair.text, safe='')}"


def _texts(values: Any) -> list[str]:
    return [str(v).strip() for v in values if isinstance(v, str) and v.strip()] if isinstance(values, list) else []


def _items(translation: str, info: dict[str, Any]) -> list[dict[str, Any]]:
    pronunciation: dict[str, Any] = info["pronunciation"] if isinstance(info.get("pronunciation"), dict) else {}
    items = [{"text": translation, "transliteration": str(pronunciation.get("translation") or ""),
              "examples": _texts(info.get("examples"))[:3]}]
    for group in info.get("definitions") or []:
        for entry in (group.get("list") or []) if isinstance(group, dict) else []:
            if isinstance(entry, dict) and entry.get("definition"):
                items.append({"text": translation, "definitions": [str(entry["definition"])],
                              "examples": _texts([entry.get("example")]), "synonyms": _texts(entry.get("synonyms"))})
    for group in info.get("extraTranslations") or []:
        for entry in (group.get("list") or []) if isinstance(group, dict) else []:
            if isinstance(entry, dict) and entry.get("word"):
                items.append({"text": str(entry["word"]), "definitions": _texts(entry.get("meanings"))})
    return items


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "lingva")
    if not isinstance(data, dict) or ("translation" not in data and "error" not in data):
        raise unparsable(resp, "lingva: no translation field")
    translation = str(data.get("translation") or "").strip()
    if not translation:
        return []
    pair: language_pair.LanguagePair = resp.search_params["pair"]
    codes = f"{pair.source.code}/{pair.target.code}"
    info: dict[str, Any] = data["info"] if isinstance(data.get("info"), dict) else {}
    results: list[dict[str, Any]] = [{
        "template": "answer/translations.html", "translations": _items(translation, info),
        "url": f"{_base_url(resp.search_params)}/{codes}/{quote(pair.text, safe='')}",
    }]
    if isinstance(info.get("typo"), str) and info["typo"].strip():
        results.append({"suggestion": f"{pair.source.code}-{pair.target.code} {info['typo'].strip()}"})
    return results
