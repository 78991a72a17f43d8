"""The hostnames plugin: SearXNG's ``hostnames:`` rules on every result that leaves the instance.

Available only when the ``hostnames:`` section holds rules (``searx.plugins.hostrules``).
``on_result`` runs on each engine's results before they are merged and cached, so
every format, tab, the summary's evidence and MCP ``web_search`` get the shaped
results, a high or low priority moves a result in the merge, and the cache key
carries the rules' digest (a changed rule never serves old results).
``post_search`` applies the rules to answer and infobox links. ``RulesReader``
keeps the summary from reading a removed host's page, or a page that redirected there.
"""

from __future__ import annotations

from typing import Any

from searx.plugins import N_, Plugin, SearchContext, hostrules
from searx.reader.document import Document, Lane, Page, PageReader
from searx.reader.errors import ReaderError
from searx.results.types import MainResult

# fields that hold links besides ``url`` (SearXNG's filter_urls fields), of main results and their kinds
LINK_FIELDS = ("thumbnail", "img_src", "thumbnail_src", "iframe_src", "audio_src", "torrentfile", "pdf_url", "html_url",
               "license_url", "homepage", "source_code_url", "embedded")  # fmt: skip


class HostnamesPlugin(Plugin):
    id = "hostnames"
    name = N_("Hostnames")
    description = N_("Apply this site's rules to result hosts: rewrite them, remove them, rank them up or down.")

    def __init__(self, settings: Any = None) -> None:
        super().__init__(settings)
        rules = hostrules.from_settings(settings)
        assert rules is not None  # the loader builds it only when ``available``
        self.rules = rules

    @classmethod
    def available(cls, settings: Any) -> bool:
        conf = getattr(settings, "hostnames", None)
        return conf is not None and any(getattr(conf, kind) for kind in hostrules.KINDS)

    @classmethod
    def check(cls, settings: Any) -> None:
        hostrules.from_settings(settings)  # a bad pattern or file stops start-up naming its key

    def cache_key(self, ctx: SearchContext) -> str:
        return f"{self.id}:{self.rules.digest}"

    def _link(self, url: str) -> str:
        return (self.rules.url(url)[0] or "") if url else url

    def on_result(self, ctx: SearchContext, result: MainResult) -> bool:
        url, priority = self.rules.url(result.url)
        if url is None:
            return False
        result.url = url
        if priority:
            result.priority = priority
        for name in LINK_FIELDS:
            if getattr(result, name, ""):
                setattr(result, name, self._link(getattr(result, name)))
        links = getattr(result, "links", None)  # maps and packages: [{"label", "url"}]
        if links:
            kept = [{**u, "url": url} for u in links if (url := self._link(u.get("url", "")))]
            setattr(result, "links", kept)  # noqa: B010 - only some result kinds have links
        return True

    def post_search(self, ctx: SearchContext) -> None:
        for answer in ctx.results.answers:
            answer.url = self._link(answer.url)
        for box in ctx.results.infoboxes:
            box.img_src = self._link(box.img_src)
            box.urls = [{**u, "url": url} for u in box.urls if (url := self._link(u.get("url", "")))]


class RulesReader:
    """A page reader (``searx.reader.document.PageReader``) that reads no page the rules remove:
    a removed host is refused before any request, a page that redirected to one is dropped."""

    def __init__(self, reader: PageReader, rules: hostrules.HostRules) -> None:
        self.reader = reader
        self.rules = rules
        self.api_enabled = reader.api_enabled

    def read(self, url: str, *, format: str = "markdown", deadline: float | None = None,
             accept_language: str | None = None, client: str | None = None, lane: Lane = "api") -> Page:  # fmt: skip
        if self.rules.removes(url):
            raise ReaderError("address_refused", "the instance's hostnames rules remove this host")
        page = self.reader.read(url, format=format, deadline=deadline, accept_language=accept_language, client=client,
                                lane=lane)  # fmt: skip
        if self.rules.removes(page.final_url):
            raise ReaderError("address_refused", "the page moved to a host the instance's hostnames rules remove")
        return page

    def cached(self, url: str, format: str) -> bool:
        return self.reader.cached(url, format)

    def extract(self, body: bytes, content_type: str, *, format: str = "markdown") -> Document:
        return self.reader.extract(body, content_type, format=format)
