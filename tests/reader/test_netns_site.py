"""The reader against a real server: a test host in a network namespace the test makes.

Needs root (``ip netns``); skipped with the reason otherwise. The loopback rule
is never weakened: the host is reached at a 10.x address with
``fetch.allow_private: true``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from searx.network.guard import AddressGuard, AddressRefusedError
from searx.reader.errors import ReaderError
from searx.reader.service import Reader
from searx.reader.worker import ExtractorPool
from searx.store.memory import MemoryStore
from tests.reader.conftest import reader_settings
from tests.reader.netns import SiteHost, namespace_host, unavailable

pytestmark = pytest.mark.skipif(bool(reason := unavailable()), reason=reason or "")


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteHost]:
    with namespace_host(tmp_path_factory.mktemp("netns")) as made:
        yield made


def _reader(extractor: ExtractorPool, **fetch: Any) -> Reader:
    conf = {"allow_private": True, "ports": [80, 443, 8080, 8443], "cache_ttl": 0, **fetch}
    return Reader(reader_settings(**conf), MemoryStore(), extractor=extractor)


def _error(reader: Reader, url: str) -> ReaderError:
    with pytest.raises(ReaderError) as info:
        reader.read(url)
    return info.value


def test_reads_a_real_page_without_cookies_and_ignoring_http_proxy(
    host: SiteHost, extractor: ExtractorPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a proxy that does not exist: the reader must not use it
    monkeypatch.setenv("HTTP_PROXY", f"http://{host.address}:9")
    monkeypatch.setenv("HTTPS_PROXY", f"http://{host.address}:9")
    monkeypatch.setenv("ALL_PROXY", f"http://{host.address}:9")
    reader = _reader(extractor)
    page = reader.read(f"http://{host.address}:8080/redirect")
    assert page.final_url == f"http://{host.address}:8080/page.html" and page.document.title == "Test article"
    assert page.document.text.startswith("# Namespaced") and "Menu" not in page.document.text
    gz = reader.read(f"http://{host.address}:8080/gzip")
    assert gz.document.text == page.document.text
    pdf = reader.read(f"http://{host.address}:8080/doc.pdf")
    assert pdf.document.text == "Page 1\n\nFirst page text\n\nPage 2\n\nSecond page text"
    assert all("cookie=None" in line and "page reader" in line for line in host.requests())


def test_gzip_bomb_stops_at_the_cap(host: SiteHost, extractor: ExtractorPool) -> None:
    assert _error(_reader(extractor), f"http://{host.address}:8080/bomb").code == "too_large"


def test_redirects_to_loopback_metadata_or_too_many_are_refused(host: SiteHost, extractor: ExtractorPool) -> None:
    reader = _reader(extractor)
    base = f"http://{host.address}:8080"
    assert _error(reader, f"{base}/to/http://127.0.0.1:8080/page.html").code == "address_refused"
    assert _error(reader, f"{base}/to/http://169.254.169.254/latest/meta-data/").code == "address_refused"
    assert _error(reader, f"{base}/to/http://[::1]:8080/").code == "address_refused"
    assert _error(reader, f"{base}/loop/0").code == "too_many_redirects"
    assert [line.split()[1] for line in host.requests() if "/loop/" in line] == [f"/loop/{n}" for n in range(6)]


def test_own_interface_address_is_refused_even_with_allow_private(host: SiteHost, extractor: ExtractorPool) -> None:
    # the host end of the veth pair is one of this machine's addresses (made after start-up)
    assert _error(_reader(extractor), f"http://{host.host_address}:8080/page.html").code == "address_refused"


@pytest.mark.parametrize("spelling", ["[::ffff:{}]", "[0:0:0:0:0:ffff:{}]", "[::FFFF:{}]"])
def test_own_interface_address_in_ipv6_spellings_is_refused_by_the_guard(host: SiteHost, spelling: str) -> None:
    # the guard's own-address rule refuses them, not only a later check on the connection
    guard = AddressGuard(allowed_ports=(8080,), allow_private=True)
    with pytest.raises(AddressRefusedError, match="own addresses"):
        guard.check(f"http://{spelling.format(host.host_address)}:8080/page.html")


def test_tls_errors_are_not_retried_without_verification(host: SiteHost, extractor: ExtractorPool) -> None:
    before = len(host.requests())
    err = _error(_reader(extractor), f"https://{host.address}:8443/page.html")
    assert (err.code, err.status) == ("tls_error", 502)
    assert len(host.requests()) == before, "the page was requested without verification"


def test_the_connection_goes_to_the_checked_address(host: SiteHost, extractor: ExtractorPool) -> None:
    answers = iter([[host.address], ["127.0.0.1"]])  # DNS rebinding: a second answer would be loopback
    calls: list[str] = []

    def rebinding(name: str, port: int) -> list[str]:
        calls.append(name)
        return next(answers)

    settings = reader_settings(allow_private=True, ports=[8080], cache_ttl=0)
    guard = AddressGuard(resolver=rebinding, allowed_ports=[8080], allow_private=True)
    reader = Reader(settings, MemoryStore(), guard=guard, extractor=extractor)
    page = reader.read("http://site.test:8080/page.html")
    assert page.document.title == "Test article" and calls == ["site.test"]


def test_whole_request_deadline(host: SiteHost, extractor: ExtractorPool) -> None:
    import time

    start = time.monotonic()
    err = _error(_reader(extractor, timeout=1.5), f"http://{host.address}:8080/slow")
    assert err.code == "timeout" and time.monotonic() - start < 3


def test_a_site_that_sends_nothing_is_left_after_idle_timeout(host: SiteHost, extractor: ExtractorPool) -> None:
    """A slow site holds a read's slots for ``fetch.idle_timeout``, not for the whole ``fetch.timeout``."""
    import time

    start = time.monotonic()
    err = _error(_reader(extractor, timeout=15, idle_timeout=1), f"http://{host.address}:8080/slow")
    assert err.code == "timeout" and time.monotonic() - start < 3


def test_namespace_is_removed_afterwards(tmp_path: Path) -> None:
    import subprocess

    with namespace_host(tmp_path) as made:
        name = made.namespace
    assert name not in subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout


def test_tls_verifies_the_real_name_on_the_pinned_address(host: SiteHost, extractor: ExtractorPool) -> None:
    import ssl

    import httpx

    trusting = ssl.create_default_context(cafile=str(host.ca))  # trusts the test CA only
    settings = reader_settings(allow_private=True, ports=[8443], cache_ttl=0)
    guard = AddressGuard(resolver=lambda name, port: [host.address], allowed_ports=[8443], allow_private=True)
    reader = Reader(settings, MemoryStore(), guard=guard, extractor=extractor,
                    transport=lambda: httpx.HTTPTransport(verify=trusting, trust_env=False))  # fmt: skip
    # connected to the 10.x address, the certificate is checked against site.test
    assert reader.read("https://site.test:8443/page.html").document.title == "Test article"
    # same address, another name: the certificate does not match, so no page
    assert _error(reader, "https://other.test:8443/page.html").code == "tls_error"
