"""The reader on an in-process transport: hops, caps, errors, headers, cache and politeness."""

from __future__ import annotations

import gzip
import ssl
import time
import zlib
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from searx.reader.errors import ReaderError
from searx.reader.politeness import Politeness
from searx.reader.service import Reader
from searx.store.memory import MemoryStore
from tests.reader.conftest import reader_settings
from tests.reader.fakes import response, site

HTML = (b"<html><head><title>News</title></head><body><article><h1>Headline</h1><p>"
        + b"The story is told in words that the reader keeps. " * 10 + b"</p></article></body></html>")  # fmt: skip
PAGE = (200, {"content-type": "text/html; charset=utf-8"}, HTML)
MiB = 1024 * 1024


def redirect(to: str, status: int = 302) -> tuple[int, dict[str, str], bytes]:
    return (status, {"location": to}, b"")


def error_of(reader: Reader, url: str, **kwargs: Any) -> ReaderError:
    with pytest.raises(ReaderError) as info:
        reader.read(url, **kwargs)
    return info.value


class Recorder:
    """A handler that records every request it answers."""

    def __init__(self, pages: dict[str, Any]) -> None:
        self.requests: list[httpx.Request] = []
        self._site = site(pages)

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return self._site(request)


def test_reads_a_page_connecting_to_the_checked_address(make_reader: Callable[..., Reader]) -> None:
    rec = Recorder({"https://news.example/a": PAGE})
    page = make_reader(rec).read("https://news.example/a")
    assert (page.url, page.final_url, page.host, page.status, page.cached) == (
        "https://news.example/a", "https://news.example/a", "news.example", 200, False)
    assert page.document.title == "News" and page.document.text.startswith("# Headline")
    (request,) = rec.requests
    assert request.url.host == "198.51.101.7" and request.headers["host"] == "news.example"
    assert request.extensions["sni_hostname"] == "news.example"


def test_only_accept_language_is_passed_no_cookies(make_reader: Callable[..., Reader]) -> None:
    rec = Recorder({
        "https://news.example/a": (302, {"location": "/b", "set-cookie": "session=1; Path=/"}, b""),
        "https://news.example/b": PAGE,
    })  # fmt: skip
    make_reader(rec).read("https://news.example/a", accept_language="de-DE,de;q=0.9")
    for request in rec.requests:
        assert "cookie" not in request.headers and "authorization" not in request.headers
        assert request.headers["accept-language"] == "de-DE,de;q=0.9"
        assert request.headers["user-agent"].startswith("searx-ai page reader")
    assert "accept-language" not in make_reader(Recorder({"https://news.example/a": PAGE})).fetcher.user_agent
    bad = Recorder({"https://news.example/a": PAGE})
    make_reader(bad).read("https://news.example/a", accept_language="en\r\nX-Evil: 1")
    assert "accept-language" not in bad.requests[0].headers


def test_idn_and_trailing_dot_hosts(make_reader: Callable[..., Reader]) -> None:
    rec = Recorder({"https://xn--bcher-kva.example/": PAGE, "https://news.example./": PAGE})
    assert make_reader(rec).read("https://bücher.example/").host == "bücher.example"
    assert make_reader(rec).read("https://news.example./").status == 200


@pytest.mark.parametrize("target", [
    "http://10.0.0.5/", "http://127.0.0.1/", "https://lan.example/", "https://metadata.example/latest",
    "http://[::1]/", "https://rebind.example/", "https://own.example/", "http://169.254.169.254/", "file:///etc/passwd",
    "https://news.example:8080/", "http://user:pw@news.example/",
])  # fmt: skip
def test_every_redirect_hop_is_checked(make_reader: Callable[..., Reader], target: str) -> None:
    rec = Recorder({"https://news.example/go": redirect(target)})
    assert error_of(make_reader(rec), "https://news.example/go").code == "address_refused"
    assert len(rec.requests) == 1


def test_at_most_five_redirects(make_reader: Callable[..., Reader]) -> None:
    pages: dict[str, Any] = {f"https://news.example/{n}": redirect(f"/{n + 1}", 301 + n % 2) for n in range(6)}
    pages["https://news.example/5"] = PAGE
    assert make_reader(Recorder(pages)).read("https://news.example/0").final_url == "https://news.example/5"
    pages["https://news.example/5"] = redirect("/6")
    pages["https://news.example/6"] = PAGE
    err = error_of(make_reader(Recorder(pages)), "https://news.example/0")
    assert (err.code, err.status) == ("too_many_redirects", 502)


def test_decompressed_bytes_are_capped_gzip_bomb(make_reader: Callable[..., Reader]) -> None:
    bomb = gzip.compress(b"<p>" + b"a" * (200 * MiB))
    assert len(bomb) < MiB
    rec = Recorder({"https://news.example/bomb": (200, {"content-type": "text/html", "content-encoding": "gzip"}, bomb)})
    err = error_of(make_reader(rec), "https://news.example/bomb")
    assert (err.code, err.status) == ("too_large", 413)


@pytest.mark.parametrize("encoding, pack", [
    ("gzip", gzip.compress), ("deflate", zlib.compress),
    ("deflate", lambda b: zlib.compress(b)[2:-4]),  # raw deflate, as some servers send
])  # fmt: skip
def test_compressed_pages_are_read(make_reader: Callable[..., Reader], encoding: str, pack: Callable[[bytes], bytes]) -> None:
    rec = Recorder({"https://news.example/z": (200, {"content-type": "text/html", "content-encoding": encoding}, pack(HTML))})
    assert "Headline" in make_reader(rec).read("https://news.example/z").document.text


def test_caps_by_type(make_reader: Callable[..., Reader]) -> None:
    big = b"x" * (3 * MiB)
    rec = Recorder({
        "https://news.example/t": (200, {"content-type": "text/plain"}, big),
        "https://news.example/p": (200, {"content-type": "application/pdf"}, b"%PDF-1.4\n" + big),
        "https://news.example/l": (200, {"content-type": "text/plain", "content-length": str(50 * MiB)}, b"short"),
    })  # fmt: skip
    reader = make_reader(rec)
    assert error_of(reader, "https://news.example/t").code == "too_large"
    assert error_of(reader, "https://news.example/p").code == "unreadable"  # under 10 MiB, so read, but damaged
    assert error_of(reader, "https://news.example/l").code == "too_large"


def test_unsupported_type_is_refused_before_reading(make_reader: Callable[..., Reader]) -> None:
    rec = Recorder({"https://news.example/i.png": (200, {"content-type": "image/png"}, b"\x89PNG" * 10)})
    err = error_of(make_reader(rec), "https://news.example/i.png")
    assert (err.code, err.status) == ("unsupported_type", 415) and "image/png" in err.message


@pytest.mark.parametrize("status, answered", [(404, 404), (403, 403), (410, 410), (500, 502), (502, 502)])
def test_upstream_errors(make_reader: Callable[..., Reader], status: int, answered: int) -> None:
    rec = Recorder({"https://news.example/e": (status, {"content-type": "text/html"}, b"<p>error</p>")})
    err = error_of(make_reader(rec), "https://news.example/e")
    assert (err.code, err.upstream_status, err.status) == ("http_error", status, answered)


def test_tls_errors_are_errors_never_retried(make_reader: Callable[..., Reader]) -> None:
    calls = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        try:
            raise ssl.SSLCertVerificationError(1, "[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed")
        except ssl.SSLError as exc:
            raise httpx.ConnectError("certificate verify failed", request=request) from exc

    err = error_of(make_reader(handler), "https://news.example/")
    assert (err.code, err.status, len(calls)) == ("tls_error", 502, 1)


def test_timeouts_and_network_errors(make_reader: Callable[..., Reader]) -> None:
    def slow(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("slow", request=request)

    def reset(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)

    assert error_of(make_reader(slow), "https://news.example/").status == 504
    assert error_of(make_reader(reset), "https://news.example/").code == "network_error"
    rec = Recorder({"https://news.example/": PAGE})
    assert error_of(make_reader(rec), "https://news.example/", deadline=time.monotonic() - 1).code == "timeout"
    assert rec.requests == []


def test_bot_check_redirect_and_login_page_are_challenged(make_reader: Callable[..., Reader]) -> None:
    login = b"<html><body><form><h1>Sign in</h1><input name=u><input type=password name=p></form></body></html>"
    rec = Recorder({
        "https://news.example/a": redirect("https://news.example/cdn-cgi/challenge-platform/x"),
        "https://news.example/b": (200, {"content-type": "text/html"}, login),
    })  # fmt: skip
    assert error_of(make_reader(rec), "https://news.example/a").code == "challenged"
    assert error_of(make_reader(rec), "https://news.example/b").code == "challenged"


def test_cached_by_final_url_and_format_failures_never(make_reader: Callable[..., Reader]) -> None:
    rec = Recorder({"https://news.example/old": redirect("/new"), "https://news.example/new": PAGE,
                    "https://news.example/broken": (500, {}, b"")})  # fmt: skip
    reader = make_reader(rec)
    first = reader.read("https://news.example/old")
    again = reader.read("https://news.example/old")
    final = reader.read("https://news.example/new")
    assert (first.cached, again.cached, final.cached) == (False, True, True)
    assert again.final_url == "https://news.example/new" and again.document == first.document
    assert len(rec.requests) == 2
    assert reader.read("https://news.example/new", format="text").cached is False
    for _ in range(2):
        error_of(reader, "https://news.example/broken")
    assert sum(r.url.path == "/broken" for r in rec.requests) == 2


def test_cooldown_after_429_honours_retry_after_then_one_probe(make_reader: Callable[..., Reader]) -> None:
    now = [1000.0]
    answers: list[Any] = [(429, {"retry-after": "120"}, b""), PAGE, PAGE]
    rec = Recorder({"https://news.example/p": lambda request: response(*answers.pop(0))})
    reader = make_reader(rec)
    reader.politeness = Politeness(MemoryStore(), clock=lambda: now[0])
    err = error_of(reader, "https://news.example/p")
    assert (err.code, err.upstream_status, err.status, err.retry_after) == ("http_error", 429, 429, 120)
    limited = error_of(reader, "https://news.example/p")
    assert (limited.code, limited.status) == ("rate_limited", 429) and 119 <= limited.retry_after <= 120
    assert len(rec.requests) == 1
    now[0] += 121
    reader.politeness.admit("https://news.example")  # the probe slot is taken...
    with pytest.raises(ReaderError):
        reader.read("https://news.example/p")  # ...so a second caller waits
    reader.politeness.record("https://news.example", 200)  # the probe succeeded: cooldown over
    assert reader.read("https://news.example/p").status == 200


def test_a_redirect_targets_429_cools_down_that_target_never_the_redirecting_site(
        make_reader: Callable[..., Reader]) -> None:
    # victim/redir -> attacker/429 Retry-After: 3600 must not block the victim (for everyone sharing the store)
    rec = Recorder({
        "https://news.example/redir": redirect("https://other.example/busy"),
        "https://other.example/busy": (429, {"retry-after": "3600"}, b""),
        "https://news.example/page": PAGE, "https://other.example/page": PAGE,
    })  # fmt: skip
    store = MemoryStore()
    reader = make_reader(rec, store=store)
    err = error_of(reader, "https://news.example/redir")
    assert (err.code, err.upstream_status) == ("http_error", 429)
    assert make_reader(rec, store=store).read("https://news.example/page").status == 200  # another instance too
    limited = error_of(reader, "https://other.example/page")
    assert limited.code == "rate_limited"
    assert [r.url.path for r in rec.requests] == ["/redir", "/busy", "/page"]


def test_a_cooldown_on_the_redirect_target_is_not_the_redirecting_sites(make_reader: Callable[..., Reader]) -> None:
    rec = Recorder({"https://news.example/redir": redirect("https://other.example/page"),
                    "https://other.example/page": (503, {}, b"")})  # fmt: skip
    reader = make_reader(rec)
    assert error_of(reader, "https://news.example/redir").upstream_status == 503
    for _ in range(2):  # a redirect into a site that cools down is not followed: the site is not asked
        assert error_of(reader, "https://news.example/redir").code == "rate_limited"
    assert [r.headers["host"] for r in rec.requests] == ["news.example", "other.example"] + ["news.example"] * 2
    assert reader.politeness._state("https://news.example") is None
    assert reader.politeness._state("https://other.example") is not None


@pytest.mark.parametrize("fetch, longest", [({}, 600), ({"max_retry_after": 30}, 30)])
def test_one_retry_after_blocks_a_site_for_at_most_max_retry_after(make_reader: Callable[..., Reader],
                                                                   fetch: dict[str, Any], longest: float) -> None:
    rec = Recorder({"https://news.example/p": (429, {"retry-after": "86400"}, b"")})
    reader = make_reader(rec, reader_settings(**fetch))
    error_of(reader, "https://news.example/p")
    limited = error_of(reader, "https://news.example/p")
    assert limited.code == "rate_limited" and longest - 1 <= limited.retry_after <= longest


def test_cooldown_doubles_without_retry_after_up_to_an_hour() -> None:
    now = [0.0]
    polite = Politeness(MemoryStore(), clock=lambda: now[0])
    lengths = []
    for _ in range(8):
        polite.record("o", 503)
        state = polite._state("o")
        assert state is not None
        lengths.append(state.until - now[0])
        now[0] = state.until
        polite.admit("o")  # the probe
    assert lengths == [60, 120, 240, 480, 960, 1920, 3600, 3600]


class Held:
    """A handler whose pages answer once released; counts the requests inside it."""

    def __init__(self) -> None:
        import threading

        self.inside, self.gate, self.lock = 0, threading.Event(), threading.Lock()
        self.entered = threading.Condition(self.lock)

    def __call__(self, request: httpx.Request) -> httpx.Response:
        with self.entered:
            self.inside += 1
            self.entered.notify_all()
        self.gate.wait(10)
        return response(200, {"content-type": "text/plain"}, b"ok")

    def wait_inside(self, count: int) -> None:
        with self.entered:
            assert self.entered.wait_for(lambda: self.inside >= count, 10), f"{self.inside} of {count} arrived"


def _holding(reader: Reader, held: Held, calls: list[tuple[str, str | None]]) -> list[Any]:
    """Start ``(url, client)`` reads in threads; they hang inside the handler until ``held.gate`` is set."""
    import threading

    before = held.inside
    threads = [threading.Thread(target=reader.read, args=(url,), kwargs={"client": client}) for url, client in calls]
    for t in threads:
        t.start()
    held.wait_inside(before + len(calls))
    return threads


def _release(held: Held, threads: list[Any]) -> None:
    held.gate.set()
    for t in threads:
        t.join(10)


@pytest.fixture
def held_reader(make_reader: Callable[..., Reader]) -> Callable[..., tuple[Reader, Held]]:
    def build(**fetch: Any) -> tuple[Reader, Held]:
        held = Held()
        return make_reader(held, reader_settings(cache_ttl=0, **fetch)), held

    return build


def test_a_busy_site_is_refused_at_once_never_waited_for(held_reader: Callable[..., Any]) -> None:
    reader, held = held_reader()  # fetch.per_origin: 2
    threads = _holding(reader, held, [("https://news.example/1", "a"), ("https://news.example/2", "b")])
    try:
        err = error_of(reader, "https://news.example/3", client="c")  # answered while the two still hang
        assert (err.code, err.status, err.retry_after) == ("rate_limited", 429, 1.0)
        assert held.inside == 2
    finally:
        _release(held, threads)
    assert reader.read("https://news.example/3", client="c").status == 200  # a slot is free again


def test_one_client_reads_at_most_max_per_client_pages_at_once(held_reader: Callable[..., Any]) -> None:
    reader, held = held_reader(max_per_client=2)
    threads = _holding(reader, held, [("https://news.example/1", "a"), ("https://other.example/1", "a")])
    try:
        err = error_of(reader, "https://example.org/", client="a")
        assert (err.code, err.status) == ("rate_limited", 429) and "2 pages" in err.message
        threads += _holding(reader, held, [("https://example.org/", "b")])  # another client still reads
    finally:
        _release(held, threads)
    assert held.inside == 3


def test_past_half_of_the_slots_a_client_that_reads_gets_no_second(held_reader: Callable[..., Any]) -> None:
    reader, held = held_reader(max_concurrent=4, max_per_client=2)
    threads = _holding(reader, held, [("https://news.example/1", "a"), ("https://other.example/1", "b")])
    try:
        err = error_of(reader, "https://example.org/", client="a")  # half taken: a reads already
        assert (err.code, err.status) == ("rate_limited", 429) and "1 page " in err.message
        threads += _holding(reader, held, [("https://example.org/", "c")])  # a client that reads nothing yet
    finally:
        _release(held, threads)
    assert held.inside == 3


def test_the_summary_reads_in_a_lane_no_api_caller_can_take(held_reader: Callable[..., Any]) -> None:
    reader, held = held_reader(max_concurrent=2)
    threads = _holding(reader, held, [("https://news.example/1", "a"), ("https://other.example/1", "b")])
    try:
        assert error_of(reader, "https://example.org/", client="c").code == "busy"
        import threading

        summary = threading.Thread(target=reader.read, args=("https://example.org/",),
                                   kwargs={"client": "c", "lane": "summary"})  # fmt: skip
        summary.start()
        threads.append(summary)
        held.wait_inside(3)  # it reached the site while every API slot was taken
        assert reader.admission.slots.held("summary") == 1
    finally:
        _release(held, threads)


def test_the_summary_waits_for_a_sites_slot_until_its_deadline(held_reader: Callable[..., Any]) -> None:
    import threading

    reader, held = held_reader(per_origin=1)
    threads = _holding(reader, held, [("https://news.example/1", "a")])
    try:
        late = error_of(reader, "https://news.example/2", client="b", lane="summary", deadline=time.monotonic() + 0.2)
        assert late.code == "rate_limited" and held.inside == 1  # it waited, then gave up at its deadline
        waiting = threading.Thread(target=reader.read, args=("https://news.example/3",),
                                   kwargs={"lane": "summary", "deadline": time.monotonic() + 10})  # fmt: skip
        waiting.start()
        threads.append(waiting)
        assert error_of(reader, "https://news.example/4", client="c").code == "rate_limited"  # API: at once
    finally:
        _release(held, threads)
    assert held.inside == 2  # the summary's read went in when the first one ended


def test_a_read_holds_the_slot_of_the_site_it_reads_at_that_moment(make_reader: Callable[..., Reader]) -> None:
    import threading

    held = Held()
    text = (200, {"content-type": "text/plain"}, b"ok")
    reader = make_reader(site({"https://news.example/go": redirect("https://other.example/page"),
                               "https://news.example/b": text, "https://other.example/page": held}),
                         reader_settings(per_origin=1, cache_ttl=0))  # fmt: skip
    going = threading.Thread(target=reader.read, args=("https://news.example/go",))
    going.start()
    try:
        held.wait_inside(1)  # redirected, now reading other.example
        assert reader.read("https://news.example/b").status == 200  # news.example's slot was given back
        assert error_of(reader, "https://other.example/page").code == "rate_limited"
        assert reader.politeness.slots.held("https://other.example") == 1
    finally:
        _release(held, [going])
    assert reader.politeness.slots.held("https://news.example") == reader.politeness.slots.held(
        "https://other.example") == 0


def test_reads_in_flight_stop_at_max_concurrent_for_everyone(held_reader: Callable[..., Any]) -> None:
    reader, held = held_reader(max_concurrent=2)
    threads = _holding(reader, held, [("https://news.example/1", "a"), ("https://other.example/1", "b")])
    try:
        for client in ("c", None):  # a new client, and the instance's own reads (collections, summary)
            err = error_of(reader, "https://example.org/", client=client)
            assert (err.code, err.status, err.retry_after) == ("busy", 503, 1.0)
        assert reader.admission.slots.held("*") == 2
    finally:
        _release(held, threads)
    assert reader.admission.slots.held("*") == 0 and reader.politeness.slots.held("https://news.example") == 0
    assert reader.read("https://example.org/", client="c").status == 200


def test_cached_pages_need_no_slot(make_reader: Callable[..., Reader]) -> None:
    rec = Recorder({"https://news.example/a": PAGE})
    reader = make_reader(rec, reader_settings(max_concurrent=1, max_per_client=1))
    reader.read("https://news.example/a", client="a")
    with reader.admission.slot("a"):  # every slot taken: a cached page is still served
        assert reader.read("https://news.example/a", client="a").cached is True


def test_bad_arguments(make_reader: Callable[..., Reader]) -> None:
    reader = make_reader(Recorder({}))
    assert error_of(reader, "https://news.example/", format="html").code == "bad_request"
    assert error_of(reader, "https://news.example/" + "x" * 3000).code == "bad_request"
    assert error_of(reader, "").code == "bad_request"


def test_settings_are_checked() -> None:
    from searx.errors import SettingsError
    from searx.reader.service import check_settings

    for bad in ({"ports": [0]}, {"timeout": 0}, {"max_redirects": 50}, {"extract_memory_mb": 64}, {"cache_ttl": -1},
                {"max_retry_after": 0}, {"cache_bytes": 0}, {"max_concurrent": 0}, {"max_per_client": 0}):
        with pytest.raises(SettingsError, match="fetch."):
            check_settings(reader_settings(**bad).fetch)
    with pytest.raises(SettingsError, match="fetch.max_concurrent: at most half of server.threads"):
        check_settings(reader_settings(max_concurrent=9).fetch, threads=16)
    check_settings(reader_settings(max_concurrent=8).fetch, threads=16)
    for threads in (1, 2, 4, 8):  # the default follows server.threads
        check_settings(reader_settings().fetch, threads=threads)


def test_unknown_fetch_key_stops_start_up() -> None:
    from searx.errors import SettingsError

    with pytest.raises(SettingsError, match="fetch.alow_private"):
        reader_settings(alow_private=True)


def test_very_large_documents_are_not_cached(make_reader: Callable[..., Reader]) -> None:
    big = b"word " * (MiB // 5 + 10)
    rec = Recorder({"https://news.example/big.txt": (200, {"content-type": "text/plain"}, big)})
    reader = make_reader(rec, reader_settings(cache_bytes=16 * MiB))  # a document of 1 MiB at most
    assert [reader.read("https://news.example/big.txt").cached for _ in range(2)] == [False, False]
    assert len(rec.requests) == 2
