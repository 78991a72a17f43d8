"""Chefkoch, a German recipe site, through the search API its own pages use
(``api.chefkoch.de/v2/search-gateway/recipes``).

A bang-only engine, as in SearXNG: it has no category of a tab (``!chef
Käsespätzle``). A recipe shows its subtitle, difficulty (1 to 3), preparation time
and number of ingredients (in German, as the site), its picture and date.
``skip_premium`` (default on) leaves out recipes behind Chefkoch's paid plans. Supports
paging. Not supported: language (the recipes are German), time range, safe search.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body, unparsable

base_url = "https://api.chefkoch.de"
categories: list[str] = []  # bang only
paging = True
page_size = 20
skip_premium = True
thumbnail_format = "crop-240x300"  # the picture size asked of Chefkoch's image server
about = {"website": "https://www.chefkoch.de", "use_official_api": False, "require_api_key": False,
         "results": "JSON"}


def request(query: str, params: dict[str, Any]) -> None:
    size = int(params["engine"].settings.get("page_size") or page_size)
    args = {"query": query, "limit": size, "offset": (params["pageno"] - 1) * size}
    params["url"] = f"{_base_url(params)}/v2/search-gateway/recipes?{urlencode(args)}"


def _facts(recipe: dict[str, Any]) -> str:
    facts = [str(recipe["subtitle"])] if recipe.get("subtitle") else []
    for label, key, unit in (("Schwierigkeitsstufe (1-3)", "difficulty", ""),
                             ("Zubereitungszeit", "preparationTime", " min"),
                             ("Anzahl der Zutaten", "ingredientCount", "")):
        if recipe.get(key) not in (None, ""):
            facts.append(f"{label}: {recipe[key]}{unit}")
    return " | ".join(facts)


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "chefkoch")
    found = data.get("results") if isinstance(data, dict) else None
    if not isinstance(found, list):
        raise unparsable(resp, "chefkoch: the answer has no results list")
    conf = resp.search_params["engine"].settings
    results = []
    for hit in found:
        recipe = hit.get("recipe") if isinstance(hit, dict) else None
        if not isinstance(recipe, dict) or not recipe.get("siteUrl"):
            continue
        if conf.get("skip_premium", True) and (recipe.get("isPremium") or recipe.get("isPlus")):
            continue
        picture = str(recipe.get("previewImageUrlTemplate") or "")
        results.append({
            "url": recipe["siteUrl"], "title": str(recipe.get("title") or ""), "content": _facts(recipe),
            "thumbnail": picture.replace("<format>", str(conf.get("thumbnail_format") or thumbnail_format)),
            "publishedDate": recipe.get("submissionDate") or None,
        })
    return results
