"""DuckDuckGo news: ``duckduckgo_extra`` with ``ddg_category: news`` (this module's name is kept
for settings files that name it).

The ``/news.js`` JSON with the query's ``vqd`` token; paging, region, safe
search and time range (day, week, month) as ``duckduckgo_extra`` documents.
Not supported: a year time range (DuckDuckGo's news offers none: the engine is
skipped then).
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
ddg_category = "news"
categories = ["news"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 4.0
token_ttl = 3600.0
about = {"website": "https://duckduckgo.com", "results": "JSON", "use_official_api": False}
