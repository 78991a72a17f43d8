"""A fake search engine on 127.0.0.1 for tests, benchmarks and development.

Everything is chosen by the URL, so one server serves every scenario:

- ``/json?q=Q&pageno=P&n=10&delay=S&site=NAME&overlap=K`` — JSON results:
  ``{"results": [{"url", "title", "content"}], "suggestions": [...]}``.
  The first ``overlap`` URLs are shared by every ``site`` (so engines merge).
  ``title=T`` / ``content=C`` replace every title / snippet; ``size=N&fill=X``
  makes every snippet N characters of X (long or multi-byte snippets);
  ``host=H`` puts every non-shared result on host H (a query with the word
  ``noresults`` gets none); ``suggest=N`` gives N suggestions
  (new ones, one that repeats the query and a malformed one).
- ``/html?...`` — the same results as an HTML page (for the xpath engine).
- ``/status/CODE?retry_after=S&location=URL`` — an empty answer with that status.
- ``/hang?seconds=S`` — wait, then answer (a hang past a timeout).
- ``/garbage`` — 200 with a body that is neither JSON nor HTML.
- ``/reset`` — read the request, then reset the connection (RST, no answer).
- ``/big?mb=M&chunked=1`` — 200 with an M MB body (default 50), with a
  Content-Length, or chunked without one.
- ``/drip?seconds=S`` — 200, then one byte a second for S seconds (default 30).
- ``/captcha`` — 200 with a bot-check page (reCAPTCHA markers) instead of results.
- ``/commons/w/api.php?gsrsearch=Q``, ``/dailymotion/videos?search=Q``,
  ``/vimeo/search/page:1?q=Q``, ``/bingnews/news/search?q=Q``, ``/nominatim/search?q=Q``,
  ``/mixcloud/search/?q=Q``, ``/radiobrowser/json/stations/search?name=Q`` — images,
  videos, news, places and music as those services answer (``utils/fakes/media.py``),
  for the ``wikicommons``, ``dailymotion``, ``vimeo``, ``bing_news``, ``openstreetmap``,
  ``mixcloud`` and ``radio_browser`` engines. Their dates are counted back from the server's
  ``clock`` (the wall clock unless a test gives its own).
- ``/fixture/<site>/...`` — the image engines' test answers (``utils/fakes/fixtures.py``):
  each engine's real parser on its fixture.
- ``/hostile?q=Q`` — JSON results an attacker would write: script and data URLs,
  spreadsheet formulas in every text field, markup and control characters.

It runs on its own asyncio loop (aiohttp), so delays cost no threads and a
benchmark measures the app, not this server.
Run ``python -m utils.fakes.engine --port 8899`` for development.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import struct
import threading
import time
from collections.abc import Callable
from typing import Any
from xml.sax.saxutils import escape

from aiohttp import web

from utils.fakes import fixtures, media

MB = 1024 * 1024
_MEGABYTE = b"x" * MB  # one buffer written again and again: a big body costs no memory here
CAPTCHA_PAGE = ('<!DOCTYPE html><html><head><title>Are you a robot?</title>'
                '<script src="https://www.google.com/recaptcha/api.js"></script></head>'
                '<body><form><div class="g-recaptcha" data-sitekey="x"></div></form></body></html>')

def make_results(q: str, pageno: int, n: int, site: str, overlap: int,
                 extra: dict[str, str] | None = None) -> list[dict[str, str]]:
    extra = extra or {}
    out: list[dict[str, str]] = []
    if "noresults" in q.split():  # a query that finds nothing
        return out
    for i in range(n):
        rank = (pageno - 1) * n + i
        host = "shared.example.org" if i < overlap else extra.get("host", f"{site}.example.org")
        content = f"Snippet {rank} about {q}: {site} says something useful here."
        if "size" in extra:
            content = (extra.get("fill") or "x") * int(extra["size"])
        out.append({
            "url": f"https://{host}/{q.replace(' ', '-')}/{rank}",
            "title": extra.get("title", f"{q} result {rank} from {host}"),
            "content": extra.get("content", content),
        })
    return out


def suggestions(q: str, extra: dict[str, str]) -> list[str]:
    """``["<q> more"]``, or with ``suggest=N`` N suggestions: some new, one repeating the query, one malformed."""
    if "suggest" not in extra:
        return [q + " more"]
    made = [f"when was {q} founded", q, f"history of {q}", "<b>=cmd|' /C calc'!A0</b>", f"{q} in winter"]
    return made[: int(extra["suggest"])]


# URLs no result may link to, whatever their spelling
HOSTILE_URLS = ("javascript:alert(1)", " JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "data:text/html,<b>x</b>",
                "vbscript:msgbox(1)", "file:///etc/passwd", "=cmd|' /C calc'!A0", "/relative/path")


def hostile_results(q: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [
        {"url": url, "title": f"bad link {i} {q}", "content": "never shown"} for i, url in enumerate(HOSTILE_URLS)
    ]
    out += [
        {"url": "https://-1+1.example.org/=sum", "title": "=HYPERLINK(\"http://x\")", "content": "+1+1",
         "thumbnail": "javascript:alert(1)", "img_src": "data:image/png;base64,AAAA"},
        {"url": "https://good.example.org/a?b=\"c\"&d=<e>", "title": f"@SUM(1) {q} \"quoted\" <b>&amp;",
         "content": "-2 \x0b\x01 control", "publishedDate": "2024-03-05T10:20:30"},
    ]
    return out


class FakeEngineServer:
    """The server; ``url`` is its base URL; ``requests`` records what it was asked;
    ``max_active`` is the peak number of requests answered at once; ``clock`` (seconds since the
    epoch) is the "now" its dated answers count back from."""

    def __init__(self, port: int = 0, clock: Callable[[], float] = time.time) -> None:
        self.port = port
        self.clock = clock
        self.requests: list[tuple[str, dict[str, str], dict[str, str]]] = []
        self.active = 0
        self.max_active = 0
        self._loop = asyncio.new_event_loop()
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        args = dict(request.query)
        if request.method == "POST":
            await request.read()
        self.requests.append((request.path, args, dict(request.headers)))
        del self.requests[:-1000]
        self.active += 1
        self.max_active = max(self.max_active, self.active)
        try:
            if found := fixtures.answer(request.path, request.headers):
                if found[2].startswith("image/"):
                    await asyncio.sleep(media.PIC_DELAY)
                return web.Response(status=found[0], body=found[1], content_type=found[2], headers=found[3])
            return await self._stream(request, args) or await self._answer(request.path, args)
        finally:
            self.active -= 1

    async def _answer(self, path: str, args: dict[str, str]) -> web.StreamResponse:
        delay = float(args.get("delay", 0))
        if delay:
            await asyncio.sleep(delay)
        if path in ("/json", "/html"):
            results = make_results(args.get("q", ""), int(args.get("pageno", 1) or 1), int(args.get("n", 10)),
                                   args.get("site", "a"), int(args.get("overlap", 3)), args)
            if path == "/json":
                body = json.dumps({"results": results, "suggestions": suggestions(args.get("q", ""), args)})
                return web.Response(text=body, content_type="application/json")
            items = "".join(
                f'<div class="r"><a href="{escape(r["url"])}">{escape(r["title"])}</a><p>{escape(r["content"])}</p></div>'
                for r in results
            )
            return web.Response(text=f"<html><body>{items}</body></html>", content_type="text/html")
        if path.startswith("/status/"):
            headers = {}
            if "retry_after" in args:
                headers["Retry-After"] = args["retry_after"]
            if "location" in args:
                headers["Location"] = args["location"]
            return web.Response(status=int(path.rsplit("/", 1)[1]), headers=headers)
        if path == "/hang":
            await asyncio.sleep(float(args.get("seconds", 10)))
            return web.Response(text="{}", content_type="application/json")
        if path == "/garbage":
            return web.Response(body=b"\x00\x01 this is { not json", content_type="application/json")
        if path == "/hostile":
            body = json.dumps({"results": hostile_results(args.get("q", "")), "suggestions": ["=1+1"]})
            return web.Response(text=body, content_type="application/json")
        if path == "/captcha":
            return web.Response(text=CAPTCHA_PAGE, content_type="text/html")
        query = (args.get("gsrsearch", "").removeprefix("filetype:bitmap|drawing ") or args.get("search")
                 or args.get("name") or args.get("q", ""))  # name: Radio Browser's
        if found := media.answer(path, query, self.url, self.clock()):
            return web.Response(text=found[0], content_type=found[1])
        if path.startswith("/pic/"):
            await asyncio.sleep(media.PIC_DELAY)
            return web.Response(body=media.PNG, content_type="image/png")
        return web.Response(status=404, text="not found")

    async def _stream(self, request: web.Request, args: dict[str, str]) -> web.StreamResponse | None:
        """The answers written piece by piece or not at all; None for the others."""
        if request.path == "/reset":
            sock = request.transport.get_extra_info("socket") if request.transport else None
            if sock is not None:  # linger 0: close() sends RST instead of FIN
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            if request.transport is not None:
                request.transport.abort()
            raise asyncio.CancelledError  # nothing to answer on a dead connection
        if request.path not in ("/big", "/drip"):
            return None
        response = web.StreamResponse(headers={"Content-Type": "application/json"})
        big = request.path == "/big"
        size = int(float(args.get("mb", 50)) * MB) if big else 0
        if big and args.get("chunked") != "1":
            response.content_length = size
        try:
            await response.prepare(request)
            if big:
                for start in range(0, size, MB):
                    await response.write(_MEGABYTE[: min(MB, size - start)])
            else:
                for _ in range(int(float(args.get("seconds", 30)))):
                    await response.write(b" ")
                    await asyncio.sleep(1.0)
            await response.write_eof()
        except (ConnectionError, RuntimeError):
            pass  # the client gave up (its size cap or its timeout): the point of the scenario
        return response

    async def _start(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=0.1)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", self.port, backlog=1024)
        await site.start()
        server: Any = site._server  # the bound port when 0 was asked for
        self.port = server.sockets[0].getsockname()[1]

    def start(self) -> FakeEngineServer:
        self._thread = threading.Thread(target=self._loop.run_forever, name="fake-engine", daemon=True)
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(timeout=10)
        return self

    async def _shutdown(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        current = asyncio.current_task()
        tasks = [t for t in asyncio.all_tasks() if t is not current]
        for task in tasks:  # requests still sleeping (a hang scenario)
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._loop.close()

    def __enter__(self) -> FakeEngineServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description="fake search engine for development")
    parser.add_argument("--port", type=int, default=8899)
    args = parser.parse_args()
    server = FakeEngineServer(args.port).start()
    print(f"fake engine on {server.url}", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.stop()


if __name__ == "__main__":
    main()
