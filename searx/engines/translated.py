"""Translations from MyMemory (Translated's translation memory), its ``/get`` JSON API.

Only a translation query is sent: a language pair, then the text (``en-fr good morning``;
``searx.enginelib.language_pair``); any other query asks nothing. The answer is MyMemory's
translation, with the memory's other matches as examples ("segment : translation").
``api_key`` (optional, MyMemory's ``key``) raises the free daily quota; a spent quota is
reported as too many requests. Not supported: paging, time range, safe search, MyMemory's
``de`` (e-mail) parameter, machine-translation opt-out.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from searx.enginelib import language_pair
from searx.enginelib.html_parse import json_body, locale, settings_of, strip_tags, unparsable
from searx.errors import EngineTooManyRequests

api_url = "https://api.mymemory.translated.net"
web_url = "https://mymemory.translated.net"
api_key = ""
categories = ["general", "translate"]
weight = 100
timeout = 5.0
about = {"website": "https://mymemory.translated.net/", "results": "JSON", "use_official_api": True}


def request(query: str, params: dict[str, Any]) -> None:
    pair = language_pair.parse(query)
    if pair is None:
        return
    conf = settings_of(params)
    params["pair"] = pair
    args = {"q": pair.text, "langpair": f"{pair.source.code}|{pair.target.code}"}
    if conf.get("api_key"):
        args["key"] = str(conf["api_key"])
    params["url"] = f"{str(conf['api_url']).rstrip('/')}/get?{urlencode(args)}"


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "translated")
    if not isinstance(data, dict) or not isinstance(data.get("responseData"), dict):
        raise unparsable(resp, "translated: no responseData")
    status = str(data.get("responseStatus", "200"))
    if status == "429" or data.get("quotaFinished") is True:
        raise EngineTooManyRequests(f"MyMemory: {str(data.get('responseDetails') or 'quota spent')[:120]}")
    if status != "200":
        return []  # e.g. 403 "'XX' IS AN INVALID TARGET LANGUAGE": nothing to translate into
    text = strip_tags(str(data["responseData"].get("translatedText") or ""))
    if not text:
        return []
    examples = []
    for match in data.get("matches") or []:
        if not isinstance(match, dict):
            continue
        translation, segment = strip_tags(str(match.get("translation") or "")), strip_tags(str(match.get("segment") or ""))
        line = f"{segment} : {translation}"
        if translation and segment and translation != text and line not in examples:
            examples.append(line)
    params = resp.search_params
    pair: language_pair.LanguagePair = params["pair"]
    conf = settings_of(params)
    link_args = {"q": pair.text, "lang": locale(params.get("language"))[0] or "en",
                 "sl": pair.source.code, "tl": pair.target.code}
    return [{"template": "answer/translations.html", "translations": [{"text": text, "examples": examples}],
             "url": f"{str(conf['web_url']).rstrip('/')}/search.php?{urlencode(link_args)}"}]
