"""Google Scholar (``scholar.google.com/scholar``, server-rendered HTML).

Papers come out as ``paper.html`` results: authors, journal, publisher and
year from the green line, the abstract snippet, "Cited by" as comments and the
PDF or HTML full text link. Supports paging (``start``, up to page 50), the
interface language (``hl``), language and country restriction (``lr``,
``cr``) and time range: any range asks for last year onwards (``as_ylo``),
since Scholar filters by year only. Patents and citations are included
(``as_sdt=2007``, ``as_vis=0``). Scholar's own robot form (``gs_captcha_f``)
and a redirect to ``/sorry/`` are reported as CAPTCHA. Not supported: safe
search (Scholar has none), author profiles and the "cites" graph.
"""

from __future__ import annotations

import datetime
from typing import Any
from urllib.parse import urlencode

from searx.enginelib import time_range
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import has_class, parse_html, text_of, unparsable
from searx.enginelib.locales import language_args
from searx.engines import google
from searx.errors import EngineCaptcha

base_url = "https://scholar.google.com"
categories = ["science", "scientific publications"]
paging = True
time_range_support = True
safesearch = False
language_support = True
timeout = 3.0
about = {"website": "https://scholar.google.com", "results": "HTML", "use_official_api": False}


def request(query: str, params: dict[str, Any]) -> None:
    if params["pageno"] > google.MAX_PAGE:
        params["url"] = None
        return
    args = {"q": query, **language_args(params), "start": str((params["pageno"] - 1) * 10),
            "as_sdt": "2007", "as_vis": "0"}
    if time_range.letter(params):
        args["as_ylo"] = str(datetime.date.today().year - 1)
    params["cookies"]["CONSENT"] = "YES+"
    params["headers"]["Accept"] = "*/*"
    params["url"] = f"{_base_url(params)}/scholar?{urlencode(args)}"


def green_line(text: str) -> tuple[list[str], str, str, str]:
    """Authors, journal, publisher and year from "{authors} - {journal}, {year} - {publisher}"
    (or "{authors} - {year} - {publisher}", or "{authors} - {publisher}")."""
    if not text:
        return [], "", "", ""
    parts = text.split(" - ")
    authors = [a.strip() for a in parts[0].split(",") if a.strip()]
    publisher = parts[-1].strip() if len(parts) > 1 else ""
    if len(parts) != 3:
        return authors, "", publisher, ""
    *journal, year = parts[1].split(", ")
    name = ", ".join(journal).strip()
    return authors, "" if name == "…" else name, publisher, year.strip() if year.strip().isdigit() else ""


def _paper(hit: Any) -> dict[str, Any] | None:
    link = hit.xpath(".//h3[1]//a[@href]")
    if not link or not text_of(link[0]):
        return None  # a [CITATION] entry without a link
    url = link[0].get("href")
    authors, journal, publisher, year = green_line(text_of(hit.xpath(f'.//div[{has_class("gs_a")}]')))
    doc_type = text_of(hit.xpath(f'.//span[{has_class("gs_ctg2")}]'))
    doc = hit.xpath(f'.//div[{has_class("gs_or_ggsm")}]/a/@href')
    return {
        "template": "paper.html",
        "url": url,
        "title": text_of(link[0]),
        "content": text_of(hit.xpath(f'.//div[{has_class("gs_rs")}]')),
        "authors": authors,
        "journal": journal,
        "publisher": "" if publisher and publisher in url else publisher,
        "publishedDate": f"{year}-01-01" if year else None,
        "type": doc_type.strip("[]").lower(),
        "comments": text_of(hit.xpath('.//div[contains(@class, "gs_fl")]/a[starts-with(@href, "/scholar?cites=")]')),
        "pdf_url": str(doc[0]) if doc and doc_type == "[PDF]" else "",
        "html_url": str(doc[0]) if doc and doc_type != "[PDF]" else "",
    }


def response(resp: Any) -> list[dict[str, Any]]:
    google.check_page(resp)
    tree = parse_html(resp)
    if tree.xpath('//form[@id="gs_captcha_f"]'):
        raise EngineCaptcha("Google Scholar robot check (gs_captcha_f)")
    results: list[dict[str, Any]] = [p for hit in tree.xpath("//div[@data-rp]") if (p := _paper(hit))]
    if not results and not tree.xpath('//div[@id="gs_res_ccl"]'):
        raise unparsable(resp, "google_scholar: no Scholar result list on the page")
    for suggestion in tree.xpath('//div[contains(@class, "gs_qsuggest_wrap")]//li//a'):
        results.append({"suggestion": text_of(suggestion)})
    for correction in tree.xpath(f'//div[{has_class("gs_pda")}]/a'):
        results.append({"correction": text_of(correction)})
    return results
