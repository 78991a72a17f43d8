"""Python packages from pypi.org's search page (``/search/?q=&page=``, HTML).

Package results (``packages.html``): name, latest version, summary, release date. PyPI
answers clients without its session cookie with a Fastly "Client Challenge" page (JavaScript
required, HTTP 200): that page is reported as ``challenged``, never as no results; a
search page saying "There were no results" is no result. Supports paging. Not supported:
language, time range, safe search, PyPI's classifier filters and sort orders, maintainers
and licences (the search page shows neither).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode, urljoin

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import has_class, parse_html, text_of, unparsable

base_url = "https://pypi.org"
categories = ["it", "packages"]
paging = True
timeout = 4.0
about = {"website": "https://pypi.org", "results": "HTML", "use_official_api": False}


def request(query: str, params: dict[str, Any]) -> None:
    params["url"] = f"{_base_url(params)}/search/?{urlencode({'q': query, 'page': params['pageno']})}"


def _no_results(tree: Any) -> bool:
    """PyPI's own search page telling it found nothing (its search form and the sentence)."""
    has_form = bool(tree.xpath("//form[substring(@action, string-length(@action) - 7) = '/search/']"))
    return has_form and "There were no results" in text_of(tree.xpath("//main"))


def response(resp: Any) -> list[dict[str, Any]]:
    tree = parse_html(resp)
    snippets = tree.xpath(f"//a[{has_class('package-snippet')}]")
    if not snippets:
        if _no_results(tree):
            return []
        raise unparsable(resp, "pypi: no package snippets (a.package-snippet)")
    base = _base_url(resp.search_params) + "/"
    results = []
    for a in snippets:
        name = text_of(a.xpath(f".//span[{has_class('package-snippet__name')}]"))
        href = a.get("href") or ""
        if not name or not href:
            continue
        created = a.xpath(f".//span[{has_class('package-snippet__created')}]//time/@datetime")
        results.append({
            "template": "packages.html",
            "url": urljoin(base, href),
            "title": name,
            "package_name": name,
            "content": text_of(a.xpath(f".//p[{has_class('package-snippet__description')}]")),
            "version": text_of(a.xpath(f".//span[{has_class('package-snippet__version')}]")),
            "publishedDate": str(created[0]) if created else None,
        })
    return results
