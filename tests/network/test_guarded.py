"""The one guarded GET of the reader and the pictures: hops checked and pinned, redirects followed here,
httpx's errors translated once."""

from __future__ import annotations

import time

import httpx
import pytest

from searx.network.capped import DeadlineExceeded
from searx.network.guard import AddressGuard, AddressRefusedError
from searx.network.guarded import BadRedirect, TooManyRedirects, Unreachable, guarded_get, redirect_target
from searx.network.route import Route

DNS = {"public.example": ["93.184.215.14"], "lan.example": ["192.168.1.20"]}


def _resolver(host: str, port: int) -> list[str]:
    return DNS[host]


def _get(handler, url: str = "http://public.example/", *, end: float | None = None, max_redirects: int = 3,
         on_redirect=None):  # fmt: skip
    seen: list[str] = []

    def transport() -> httpx.BaseTransport:
        def handle(request: httpx.Request) -> httpx.Response:
            seen.append(f"{request.url} Host={request.headers['host']}")
            return handler(request)

        return httpx.MockTransport(handle)

    guard = AddressGuard(resolver=_resolver, own_addresses=())
    body = guarded_get(guard, url, headers={"User-Agent": "t"}, end=end or time.monotonic() + 5,
                       max_redirects=max_redirects, route=Route(connect=transport),
                       read=lambda checked, response: (checked.url, response.read()), on_redirect=on_redirect)  # fmt: skip
    return body, seen


def _redirects(to: str, times: int):
    count = {"n": 0}

    def handler(request: httpx.Request) -> httpx.Response:
        if count["n"] < times:
            count["n"] += 1
            return httpx.Response(302, headers={"Location": to})
        return httpx.Response(200, text="the page")

    return handler


def test_redirects_are_followed_here_and_each_hop_goes_to_the_checked_address() -> None:
    (final, body), seen = _get(_redirects("/next", 2))
    assert (final, body) == ("http://public.example/next", b"the page")
    # pinned: the connection goes to the checked IP, the Host header keeps the name
    assert seen == ["http://93.184.215.14/ Host=public.example"] + ["http://93.184.215.14/next Host=public.example"] * 2


def test_a_redirect_to_a_private_address_is_refused_before_it_is_fetched() -> None:
    with pytest.raises(AddressRefusedError):
        _get(_redirects("http://lan.example/admin", 1))


def test_too_many_redirects_and_a_spent_deadline() -> None:
    with pytest.raises(TooManyRedirects):
        _get(_redirects("/again", 10), max_redirects=3)
    with pytest.raises(DeadlineExceeded):
        _get(_redirects("/x", 0), end=time.monotonic() - 1)


def test_the_caller_may_refuse_a_redirect_target() -> None:
    def refuse(location: str) -> None:
        raise ValueError(location)

    with pytest.raises(ValueError, match="captcha"):
        _get(_redirects("/captcha", 1), on_redirect=refuse)


@pytest.mark.parametrize("location", ["http:\\\\host", "https:\\\\x", "https:/\\x", "/a b", "\\\\evil.example/x",
                                      "https:", "http://[::1/", "/x\x00y"])  # fmt: skip
def test_a_malformed_redirect_is_refused_before_anything_is_asked(location: str) -> None:
    with pytest.raises(BadRedirect):
        _get(_redirects(location, 1))
    with pytest.raises(BadRedirect):
        redirect_target("http://public.example/", location)


def test_a_redirect_is_read_as_a_browser_reads_it() -> None:
    assert redirect_target("http://public.example/a/b", "http:x") == "http://public.example/a/x"
    assert redirect_target("http://public.example/a/b", " //other.example/c ") == "http://other.example/c"
    assert redirect_target("https://public.example/", "ftp://public.example/") == "ftp://public.example/"  # the guard's


def test_httpx_errors_become_the_projects_at_the_boundary() -> None:
    def fail(exc: Exception):
        def handler(request: httpx.Request) -> httpx.Response:
            raise exc

        return handler

    request = httpx.Request("GET", "http://public.example/")
    cases = [(httpx.ConnectError("refused", request=request), "network_error"),
             (httpx.ReadTimeout("slow", request=request), "timeout"),
             (httpx.InvalidURL("bad"), "network_error"),
             (httpx.ConnectError("[SSL: CERTIFICATE_VERIFY_FAILED] no", request=request), "tls_error")]  # fmt: skip
    for exc, code in cases:
        with pytest.raises((Unreachable, DeadlineExceeded)) as caught:
            _get(fail(exc))
        assert caught.value.code == code
