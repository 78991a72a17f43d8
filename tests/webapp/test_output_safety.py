"""What an attacker-written result page can put in each output format: no script or
data link in any of them, no spreadsheet formula in CSV, well-formed RSS whatever the query."""

from __future__ import annotations

import csv
import io
import json
from email.utils import parsedate_to_datetime

import pytest
from lxml import etree

from searx.formats import rss
from searx.results.search import SearchOutcome, SearchQuery
from searx.results.types import MainResult, ResultSet
from tests.conftest import json_engine_entry, make_settings

QUERY = 'say "hi" & <bye>'
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")


@pytest.fixture
def hostile(app_factory, fake_engine):
    engines = [json_engine_entry(fake_engine.url, "evil", path="/hostile", thumbnail_query="thumbnail")]
    return app_factory(make_settings(engines, search={"formats": ["html", "json", "csv", "rss"]})).test_client()


def _http(url: str) -> bool:
    return url.lower().startswith(("http://", "https://"))


def test_json_carries_only_http_links(hostile):
    data = hostile.get("/search", query_string={"q": QUERY, "format": "json"}).get_json()
    urls = [r["url"] for r in data["results"]]
    assert urls and all(_http(u) for u in urls), urls
    assert len(urls) == 2  # the eight bad links are dropped, the two good ones kept
    assert all(not r["thumbnail"] and not r["img_src"] for r in data["results"])


def test_html_links_only_to_http_or_to_itself(hostile):
    page = hostile.get("/search", query_string={"q": QUERY}).data
    assert b"javascript:" not in page.lower() and b"vbscript:" not in page.lower() and b"data:text" not in page
    doc = etree.HTML(page)
    for link in doc.xpath("//@href | //@src"):
        assert _http(link) or link.startswith(("/", "#", "?")), link


def test_csv_has_no_formula_in_any_column(hostile):
    body = hostile.get("/search", query_string={"q": QUERY, "format": "csv"}).data.decode()
    rows = list(csv.reader(io.StringIO(body)))[1:]
    assert len(rows) >= 3
    for row in rows:
        for value in row:
            assert not value.startswith(FORMULA_STARTS), row
    assert ["'=HYPERLINK(\"http://x\")", "https://-1+1.example.org/=sum", "'+1+1", "'-1+1.example.org"] == rows[0][:4]


def test_rss_is_well_formed_with_quotes_in_the_query(hostile):
    resp = hostile.get("/search", query_string={"q": QUERY, "format": "rss"})
    root = etree.fromstring(resp.data)
    ns = {"opensearch": "http://a9.com/-/spec/opensearch/1.1/"}
    assert root.xpath("//opensearch:Query/@searchTerms", namespaces=ns) == [QUERY]
    links = root.xpath("//item/link/text()")
    assert len(links) == 2 and all(_http(u) for u in links)
    assert json.dumps(root.xpath("//item/description/text()")).count("control") == 1


@pytest.mark.parametrize(("published", "expected"), [
    ("2024-03-05T10:20:30", "Tue, 05 Mar 2024 10:20:30 GMT"),
    ("2024-03-05T10:20:30+01:00", "Tue, 05 Mar 2024 10:20:30 +0100"),
    ("2024-03-05", "Tue, 05 Mar 2024 00:00:00 GMT"),
    ("yesterday", None),
    (None, None),
])
def test_rss_dates_are_rfc_822(published, expected):
    outcome = SearchOutcome(SearchQuery('a "b"', ("e",)), ResultSet(results=[
        MainResult(url="https://a.org", title="t\x00\x1b", publishedDate=published)]))
    item = etree.fromstring(rss.render(outcome, "https://search.example.org/")).find("channel/item")
    assert item is not None and item.findtext("title") == "t"
    assert item.findtext("pubDate") == expected
    if expected:
        assert parsedate_to_datetime(expected).year == 2024
