"""DuckDuckGo images: ``duckduckgo_extra`` with ``ddg_category: images`` (this module's name is kept
for settings files that name it).

The ``/i.js`` JSON with the query's ``vqd`` token; paging, region, safe search
and time range as ``duckduckgo_extra`` documents. Not supported: DuckDuckGo's
size, colour, type and licence filters.
"""

from __future__ import annotations

from searx.engines.duckduckgo_extra import (  # noqa: F401 - the engine's functions
    init,
    request,
    response,
    token_request,
    token_response,
    token_scope,
)

base_url = "https://duckduckgo.com"
ddg_category = "images"
categories = ["images"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 4.0
token_ttl = 3600.0
about = {"website": "https://duckduckgo.com", "results": "JSON", "use_official_api": False}
