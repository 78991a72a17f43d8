"""Favicons through the instance (searx.proxy.favicons): each of SearXNG's resolvers asked at its real
URL (an in-memory double behind the real address guard), its "no icon" answers, the store cache and its
TTLs, the image proxy's rules (types from the bytes, never SVG, a size cap, refused addresses), and the
signed links attacked."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit

import httpx
import pytest

from searx.network.guard import AddressGuard
from searx.proxy import favicons
from searx.proxy.favicons import FaviconFetcher, authority, is_host, proxied_url, verify
from searx.proxy.images import ImageFetcher
from searx.settings_compat import FAVICON_RESOLVERS
from searx.store import MemoryStore
from tests.proxy.picture_site import GIF, HTML, PNG, SVG

SECRET = "a-secret-key-of-the-favicon-tests-000"
ICO = b"\x00\x00\x01\x00\x01\x00\x10\x10" + b"\x00" * 60
RESOLVER_HOSTS = {"f1.allesedv.com", "icons.duckduckgo.com", "t1.gstatic.com", "news.kagi.com", "favicon.yandex.net"}


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Resolvers:
    """The resolvers' hosts in memory: ``answers`` by host name asked about; ``requests`` they got."""

    answers: dict[str, tuple[int, str, bytes]] = field(default_factory=dict)
    requests: list[httpx.Request] = field(default_factory=list)
    fail: type[Exception] | None = None

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        if self.fail is not None:
            raise self.fail("down", request=request)
        asked = next((h for h in self.answers if h in str(request.url)), "")
        status, ctype, body = self.answers.get(asked, (404, "text/plain", b"not found"))
        headers = {"Content-Type": ctype} if status not in (301, 302, 303, 307, 308) else {"Location": ctype}
        return httpx.Response(status, headers=headers, content=iter([body]))


def resolve(host: str, port: int) -> list[str]:
    if host in RESOLVER_HOSTS:
        return ["192.0.43.10"]  # public; the mock transport answers, nothing is connected to
    if host == "inside.example":
        return ["10.0.0.7"]
    raise OSError("no DNS in tests")


@pytest.fixture
def site() -> Resolvers:
    return Resolvers()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def icons(site: Resolvers, clock: Clock) -> FaviconFetcher:
    guard = AddressGuard(resolver=resolve, own_addresses=())
    fetcher = ImageFetcher(guard, user_agent="test-agent", timeout=5.0, max_bytes=favicons.MAX_BYTES,
                           transport=lambda: httpx.MockTransport(site))
    return FaviconFetcher(fetcher, MemoryStore(clock=clock))


def test_the_resolvers_are_searxng_s_and_the_settings_check_offers_them() -> None:
    assert tuple(sorted(favicons.RESOLVERS)) == FAVICON_RESOLVERS


@pytest.mark.parametrize(("name", "url"), [
    ("allesedv", "https://f1.allesedv.com/32/example.org"),
    ("duckduckgo", "https://icons.duckduckgo.com/ip2/example.org.ico"),
    ("google", "https://t1.gstatic.com/faviconV2?client=SOCIAL&type=FAVICON&fallback_opts=TYPE,SIZE,URL"
               "&url=https://example.org&size=32"),
    ("kagi", "https://news.kagi.com/api/favicon-proxy?domain=example.org&quality=fast"),
    ("yandex", "https://favicon.yandex.net/favicon/example.org"),
])
def test_each_resolver_is_asked_at_its_url_with_nothing_of_the_user(icons: FaviconFetcher, site: Resolvers,
                                                                    name: str, url: str) -> None:
    site.answers["example.org"] = (200, "image/png", PNG + b"\x00" * 100)
    icon = icons.icon(name, "example.org")
    assert icon is not None and icon.content_type == "image/png"
    request = site.requests[-1]
    expected = urlsplit(url)  # the connection is pinned to the checked address; the Host header names the site
    assert request.headers["host"] == expected.hostname and request.url.scheme == "https"
    assert request.url.raw_path.decode() == expected.path + (f"?{expected.query}" if expected.query else "")
    assert "cookie" not in request.headers and "referer" not in request.headers
    assert "accept-language" not in request.headers and request.headers["user-agent"] == "test-agent"


@pytest.mark.parametrize(("name", "answer"), [
    ("allesedv", (200, "image/gif", GIF)),  # its "no icon" is a GIF, with 200
    ("yandex", (200, "image/png", PNG)),  # its "no icon" is a tiny PNG
    ("duckduckgo", (404, "text/html", b"no")),
    ("google", (404, "image/png", b"")),
    ("kagi", (200, "image/svg+xml", SVG)),  # an SVG is never served
    ("kagi", (200, "image/png", HTML)),  # bytes that are no picture
])
def test_a_resolver_s_no_icon_answers_give_none_and_are_remembered_a_day(icons: FaviconFetcher, site: Resolvers,
                                                                         clock: Clock, name: str, answer: tuple) -> None:  # fmt: skip
    site.answers["example.org"] = answer
    assert icons.icon(name, "example.org") is None
    assert icons.icon(name, "example.org") is None
    assert len(site.requests) == 1  # the second came from the store
    clock.now += favicons.MISSING_TTL + 1
    icons.icon(name, "example.org")
    assert len(site.requests) == 2


def test_an_icon_is_kept_a_week_per_resolver_and_host(icons: FaviconFetcher, site: Resolvers, clock: Clock) -> None:
    site.answers["example.org"] = (200, "image/x-icon", ICO)
    first = icons.icon("duckduckgo", "example.org")
    clock.now += favicons.FOUND_TTL - 10
    again = icons.icon("duckduckgo", "example.org")
    assert first == again and first is not None and first.content_type == "image/x-icon"
    assert len(site.requests) == 1
    icons.icon("google", "example.org")
    icons.icon("duckduckgo", "other.example.org")
    assert len(site.requests) == 3
    clock.now += 20
    icons.icon("duckduckgo", "example.org")
    assert len(site.requests) == 4


@pytest.mark.parametrize("error", [httpx.ConnectError, httpx.ReadTimeout])
def test_a_resolver_that_is_down_is_asked_again_after_five_minutes(icons: FaviconFetcher, site: Resolvers,
                                                                   clock: Clock, error: type[Exception]) -> None:
    site.fail = error
    assert icons.icon("duckduckgo", "example.org") is None
    assert icons.icon("duckduckgo", "example.org") is None and len(site.requests) == 1
    clock.now += favicons.FAILED_TTL + 1
    site.fail = None
    site.answers["example.org"] = (200, "image/png", PNG)
    assert icons.icon("duckduckgo", "example.org") is not None


def test_an_icon_over_64_kib_is_refused(icons: FaviconFetcher, site: Resolvers) -> None:
    site.answers["example.org"] = (200, "image/png", PNG + b"\x00" * favicons.MAX_BYTES)
    assert icons.icon("duckduckgo", "example.org") is None


def test_a_resolver_on_a_private_address_is_refused_by_the_guard(site: Resolvers, clock: Clock) -> None:
    guard = AddressGuard(resolver=resolve, own_addresses=())
    fetcher = ImageFetcher(guard, user_agent="t", timeout=5.0, max_bytes=favicons.MAX_BYTES,
                           transport=lambda: httpx.MockTransport(site))
    icons = FaviconFetcher(fetcher, MemoryStore(clock=clock))
    inside = favicons.Resolver("http://inside.example/{domain}.ico")
    assert icons._fetch(inside, "example.org")[0] is None
    assert site.requests == []  # refused before any connection


@pytest.mark.parametrize("target", ["http://127.0.0.1/secret.png", "http://[::1]:8080/x.png", "http://localhost/x.png",
                                    "http://inside.example/x.png", "http://169.254.169.254/latest/meta-data",
                                    "http://10.0.0.7:6379/"])
def test_a_resolver_redirecting_inside_is_refused_before_the_target_is_asked(icons: FaviconFetcher, site: Resolvers,
                                                                             clock: Clock, target: str) -> None:  # fmt: skip
    site.answers["example.org"] = (302, target, b"")
    assert icons.icon("duckduckgo", "example.org") is None
    assert [r.headers["host"] for r in site.requests] == ["icons.duckduckgo.com"]  # the target never asked
    assert icons.icon("duckduckgo", "example.org") is None and len(site.requests) == 1  # kept as "no icon"


@pytest.mark.parametrize(("status", "ctype", "body"), [
    (200, "text/html", HTML), (200, "image/png", b"\x89PNX but no"), (200, "application/octet-stream", b"\x00" * 32),
    (200, "image/x-icon", b""), (200, "image/png", b"<svg xmlns='http://www.w3.org/2000/svg'/>"),
])
def test_a_body_that_is_no_picture_is_never_served(icons: FaviconFetcher, site: Resolvers, status: int, ctype: str,
                                                   body: bytes) -> None:
    site.answers["example.org"] = (status, ctype, body)
    assert icons.icon("duckduckgo", "example.org") is None


def test_an_oversized_icon_is_refused_also_when_its_length_is_declared(site: Resolvers, clock: Clock) -> None:
    def declared(request: httpx.Request) -> httpx.Response:
        site.requests.append(request)
        return httpx.Response(200, headers={"Content-Type": "image/png", "Content-Length": str(10 * favicons.MAX_BYTES)},
                              content=PNG)

    fetcher = ImageFetcher(AddressGuard(resolver=resolve, own_addresses=()), user_agent="t", timeout=5.0,
                           max_bytes=favicons.MAX_BYTES, transport=lambda: httpx.MockTransport(declared))
    assert FaviconFetcher(fetcher, MemoryStore(clock=clock)).icon("duckduckgo", "example.org") is None
    assert len(site.requests) == 1


@pytest.mark.parametrize(("url", "host"), [
    ("https://Example.ORG/path?q=1", "example.org"),
    ("http://sub.example.org:8080/", "sub.example.org"),  # the port is not the resolvers' business
    ("https://user:pw@example.org/", "example.org"),
    ("https://bücher.example/", "xn--bcher-kva.example"),
    ("https://example.org./", "example.org"),
    ("https://127.0.0.1/", ""), ("https://[::1]/", ""), ("https://localhost/", ""),
    ("ftp://example.org/", ""), ("javascript:alert(1)", ""), ("https://exa mple.org/", ""),
    ("https://-bad-.example/", ""), ("https://" + "a" * 64 + ".example/", ""), ("", ""), ("https://[oops/", ""),
])
def test_authority_is_a_dns_name_or_nothing(url: str, host: str) -> None:
    assert authority(url) == host


@pytest.mark.parametrize("host", ["example.org/../admin", "example.org?x=1", "a@b.example", "127.0.0.1", "localhost",
                                  "10.0.0.1.nip", "%2e%2e", "exa\nmple.org", ""])
def test_a_link_for_anything_but_a_signed_host_name_is_refused(host: str) -> None:
    sig = favicons.signature(SECRET, "duckduckgo", host)
    assert verify(SECRET, "duckduckgo", host, sig) is is_host(host)
    assert not verify(SECRET, "duckduckgo", host, "0" * 32)


def test_the_signature_binds_host_resolver_and_secret() -> None:
    link = proxied_url(SECRET, "duckduckgo", "example.org")
    sig = link.rsplit("h=", 1)[1]
    assert link.startswith("/favicon_proxy?authority=example.org&resolver=duckduckgo&h=") and len(sig) == 32
    assert verify(SECRET, "duckduckgo", "example.org", sig) and verify(SECRET, "duckduckgo", "example.org", sig.upper())
    assert not verify(SECRET, "google", "example.org", sig)
    assert not verify(SECRET, "duckduckgo", "example.com", sig)
    assert not verify(SECRET + "x", "duckduckgo", "example.org", sig)
    assert not verify(SECRET, "nosuch", "example.org", favicons.signature(SECRET, "nosuch", "example.org"))
    assert not verify(SECRET, "duckduckgo", "example.org", sig[:-1])
