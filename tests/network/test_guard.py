"""The address guard refuses every spelling of a non-public address and accepts public ones."""

from __future__ import annotations

import dataclasses
import ipaddress
import json
import subprocess
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest

from searx.network.guard import AddressGuard, AddressRefusedError, CheckedURL, PinnedTransport, unmapped

# what the fake DNS answers (see resolver)
DNS = {
    "example.org": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
    "llm.example.com": ["203.0.114.10"],
    "bücher.example": ["198.51.101.7"],
    "xn--bcher-kva.example": ["198.51.101.7"],
    "rebind.example": ["93.184.215.14", "127.0.0.1"],  # one bad answer among good ones
    "metadata.example": ["169.254.169.254"],
    "lan.example": ["192.168.1.10"],
    "cgnat.example": ["100.64.0.1"],
    "v6local.example": ["::1"],
    "mapped.example": ["::ffff:10.0.0.1"],
    "nat64.example": ["64:ff9b::a9fe:a9fe"],
    "sixtofour.example": ["2002:c0a8:0101::1"],
    "ula.example": ["fd00::1"],
    "linklocal6.example": ["fe80::1"],
    "multicast.example": ["239.1.1.1"],
    "zero.example": ["0.0.0.0"],
    "own.example": ["198.51.101.99"],
    "garbage.example": ["not-an-ip"],
    "empty.example": [],
}
OWN = ["198.51.101.99"]


def resolver(host: str, port: int) -> list[str]:
    # unknown names resolve to a public address, so a URL is never refused just for not resolving
    if host == "does-not-exist.example":
        raise OSError("NXDOMAIN")
    return DNS.get(host, ["93.184.215.14"])


@pytest.fixture
def guard() -> AddressGuard:
    return AddressGuard(resolver=resolver, own_addresses=OWN)


LOOPBACK_V4 = ["127.0.0.1", "127.1.2.3", "127.255.255.254", "127.0.0.1."]
PRIVATE_V4 = ["10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.255.255", "192.168.0.1", "192.168.255.255"]
OTHER_V4 = [
    "169.254.169.254", "169.254.0.1", "100.64.0.1", "100.127.255.255", "0.0.0.0", "0.1.2.3",
    "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255", "192.0.0.8", "192.0.2.1",
    "198.18.0.1", "198.51.100.1", "203.0.113.1",
]  # fmt: skip
ODD_V4 = [
    "2130706433", "0x7f000001", "017700000001", "0177.0.0.1", "0x7f.0.0.1", "127.1", "127.0.1",
    "0x7f.1", "0", "0x0", "3232235777", "0xa9fea9fe", "0251.0376.0251.0376", "8.8.8.010",
    "134744072", "0x08080808", "8.8.2056", "010.0.0.1", "1.2.3.4.5", "256.1.1.1", "example.123",
]  # fmt: skip
BAD_V6 = [
    "[::1]", "[::]", "[0:0:0:0:0:0:0:1]", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[::ffff:169.254.169.254]",
    "[::ffff:10.0.0.1]", "[::127.0.0.1]", "[::10.0.0.1]", "[64:ff9b::127.0.0.1]", "[64:ff9b::a9fe:a9fe]",
    "[64:ff9b:1::1]", "[2002:7f00:1::1]", "[2002:a9fe:a9fe::]", "[2002:c0a8:101::1]", "[fc00::1]", "[fd12:3456::1]",
    "[fe80::1]", "[febf::1]", "[fec0::1]", "[ff02::1]", "[ff05::2]", "[2001:db8::1]", "[2001::1]",
    "[100::1]", "[::1", "[fe80::1%25eth0]", "[::ffff:0.0.0.0]",
]  # fmt: skip
BAD_NAMES = [
    "localhost", "LOCALHOST", "localhost.", "foo.localhost", "printer.local", "metadata.google.internal",
    "1.0.0.127.in-addr.arpa", "rebind.example", "metadata.example", "lan.example", "cgnat.example",
    "v6local.example", "mapped.example", "nat64.example", "sixtofour.example", "ula.example",
    "linklocal6.example", "multicast.example", "zero.example", "own.example", "garbage.example",
    "empty.example", "does-not-exist.example", "bad_label-.example", "-leading.example", "a..b.example",
]  # fmt: skip

BAD_URLS = (
    [f"http://{h}/v1" for h in LOOPBACK_V4 + PRIVATE_V4 + OTHER_V4 + ODD_V4]
    + [f"http://{h}/v1" for h in BAD_V6]
    + [f"https://{h}/v1" for h in BAD_NAMES]
    + [
        "http://user:pass@example.org/v1", "http://user@example.org/", "http://:@example.org/",
        "http://example.org@127.0.0.1/", "http://127.0.0.1#@example.org/", "http://example.org\\@127.0.0.1/",
        "ftp://example.org/", "file:///etc/passwd", "gopher://example.org/", "javascript:alert(1)",
        "data:text/plain,hi", "ws://example.org/", "dict://example.org:11211/", "//example.org/v1",
        "example.org/v1", "", " http://example.org/", "http://example.org /", "http://exa\nmple.org/",
        "http://example.org\t/", "http://example.org:8080/v1", "http://example.org:11434/v1",
        "https://example.org:22/", "http://example.org:0/", "http://example.org:65536/",
        "http://example.org:-1/", "http://example.org:80a/", "http://%6c%6f%63%61%6c%68%6f%73%74/",
        "http://127.0.0.1%2f/", "http:///v1", "http://[::1]:80/", "http://llm.example.com:6379/",
        "http://" + "a" * 300 + ".example/", "http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/", "http://①②⑦.0.0.1/",
        "http://127。0。0。1/", "http://ｌｏｃａｌｈｏｓｔ/", "http://xn--/", "http://example.org/" + "x" * 3000,
    ]
)  # fmt: skip

GOOD_URLS = [
    ("https://example.org/v1", "example.org", 443, "93.184.215.14"),
    ("http://example.org/v1", "example.org", 80, "93.184.215.14"),
    ("https://LLM.example.com:443/v1/", "llm.example.com", 443, "203.0.114.10"),
    ("https://llm.example.com./v1", "llm.example.com", 443, "203.0.114.10"),
    ("https://bücher.example/v1", "xn--bcher-kva.example", 443, "198.51.101.7"),
    ("http://8.8.8.8/v1", "8.8.8.8", 80, "8.8.8.8"),
    ("https://[2606:4700:4700::1111]/v1", "2606:4700:4700::1111", 443, "2606:4700:4700::1111"),
    ("https://[64:ff9b::808:808]/v1", "64:ff9b::808:808", 443, "64:ff9b::808:808"),
]


def test_corpus_is_big_enough() -> None:
    assert len(set(BAD_URLS)) >= 100


@pytest.mark.parametrize("url", BAD_URLS)
def test_bad_urls_are_refused(guard: AddressGuard, url: str) -> None:
    with pytest.raises(AddressRefusedError):
        guard.check(url)


@pytest.mark.parametrize(("url", "host", "port", "address"), GOOD_URLS)
def test_public_urls_are_accepted(guard: AddressGuard, url: str, host: str, port: int, address: str) -> None:
    checked = guard.check(url)
    assert (checked.host, checked.port, checked.address) == (host, port, address)


def test_every_resolved_address_is_kept(guard: AddressGuard) -> None:
    assert guard.check("https://example.org/").addresses == tuple(DNS["example.org"])


def test_allowed_ports_are_configurable() -> None:
    guard = AddressGuard(resolver=resolver, own_addresses=OWN, allowed_ports=(443, 8443))
    assert guard.check("https://example.org:8443/").port == 8443
    with pytest.raises(AddressRefusedError):
        guard.check("http://example.org/")  # 80 no longer allowed


class _Echo(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        body = f"{self.headers['Host']}|{self.path}".encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def echo_port() -> Iterator[int]:
    # 127.0.0.2: the client's own address is 127.0.0.1, so this is not a connection to itself
    server = ThreadingHTTPServer(("127.0.0.2", 0), _Echo)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def test_pinned_transport_connects_to_the_checked_address_with_the_original_host(echo_port: int) -> None:
    # the name would resolve elsewhere now; the transport must still use the checked address
    checked = CheckedURL(
        url=f"http://llm.example.com:{echo_port}/v1", scheme="http", host="llm.example.com",
        port=echo_port, addresses=("127.0.0.2",),
    )  # fmt: skip
    with httpx.Client(transport=PinnedTransport(checked)) as client:
        response = client.get(f"http://llm.example.com:{echo_port}/v1/models")
    assert response.text == f"llm.example.com:{echo_port}|/v1/models"


def test_pinned_transport_refuses_other_hosts(echo_port: int) -> None:
    checked = CheckedURL(url="", scheme="http", host="llm.example.com", port=echo_port, addresses=("127.0.0.2",))
    with httpx.Client(transport=PinnedTransport(checked)) as client, pytest.raises(httpx.ConnectError):
        client.get(f"http://other.example.com:{echo_port}/")


def test_local_addresses_include_loopback() -> None:
    from searx.network.guard import local_addresses

    assert "127.0.0.1" in local_addresses() or "::1" in local_addresses()


@pytest.mark.parametrize("url, host_header", [
    ("http://bücher.example:{port}/p", "xn--bcher-kva.example:{port}"),
    ("http://BÜCHER.example:{port}/p", "xn--bcher-kva.example:{port}"),
    ("http://faß.example:{port}/p", "xn--fa-hia.example:{port}"),
    ("http://llm.example.com.:{port}/p", "llm.example.com.:{port}"),
])  # fmt: skip
def test_internationalised_and_trailing_dot_names_pass_guard_and_transport(
    echo_port: int, url: str, host_header: str
) -> None:
    # one IDNA implementation for the guard and httpx: the checked host is the one httpx connects to
    guard = AddressGuard(resolver=resolver, own_addresses=OWN, allowed_ports=(echo_port,))
    target = url.format(port=echo_port)
    checked = dataclasses.replace(guard.check(target), addresses=("127.0.0.2",))
    with httpx.Client(transport=PinnedTransport(checked)) as client:
        response = client.get(target)
    assert response.text == f"{host_header.format(port=echo_port)}|/p"


def test_connection_to_itself_is_refused_before_sending(echo_port: int) -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Echo)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    checked = CheckedURL(url="", scheme="http", host="llm.example.com", port=port, addresses=("127.0.0.1",))
    try:
        with httpx.Client(transport=PinnedTransport(checked)) as client, pytest.raises(AddressRefusedError):
            client.get(f"http://llm.example.com:{port}/")
    finally:
        server.shutdown()
        server.server_close()


def _ip_command_addresses() -> set[str]:
    out = subprocess.run(["ip", "-j", "addr"], capture_output=True, text=True, check=True).stdout
    return {str(ipaddress.ip_address(a["local"])) for link in json.loads(out) for a in link.get("addr_info", [])}


def test_local_addresses_are_every_interface_address_v4_and_v6() -> None:
    from searx.network.guard import local_addresses

    expected = _ip_command_addresses()
    assert expected <= local_addresses()
    assert any(":" in a for a in expected), "the test machine has IPv6 addresses"


def test_base_url_host_counts_as_own_address() -> None:
    dns = {**DNS, "search.example": ["198.51.101.50"], "alias.example": ["198.51.101.50"]}
    guard = AddressGuard(resolver=lambda h, p: dns.get(h, ["93.184.215.14"]), own_addresses=[],
                         own_hosts=["search.example"])  # fmt: skip
    for url in ("https://alias.example/", "https://search.example/", "http://198.51.101.50/"):
        with pytest.raises(AddressRefusedError):
            guard.check(url)
    assert guard.check("https://example.org/").address == "93.184.215.14"


@pytest.mark.parametrize("url", ["http://10.0.0.1/", "http://172.16.5.4/", "http://192.168.1.1/",
                                 "https://lan.example/", "https://cgnat.example/", "https://ula.example/",
                                 "http://[::ffff:10.0.0.1]/"])  # fmt: skip
def test_allow_private_opens_lan_ranges(url: str) -> None:
    guard = AddressGuard(resolver=resolver, own_addresses=OWN, allow_private=True)
    guard.check(url)
    with pytest.raises(AddressRefusedError):
        AddressGuard(resolver=resolver, own_addresses=OWN).check(url)


@pytest.mark.parametrize("url", ["http://127.0.0.1/", "http://[::1]/", "https://localhost/", "http://169.254.169.254/",
                                 "https://metadata.example/", "https://v6local.example/", "http://0.0.0.0/",
                                 "https://own.example/", "http://10.9.9.9/", "https://rebind.example/",
                                 "https://linklocal6.example/", "http://[::ffff:127.0.0.1]/"])  # fmt: skip
def test_allow_private_still_refuses_loopback_metadata_and_own(url: str) -> None:
    guard = AddressGuard(resolver=resolver, own_addresses=[*OWN, "10.9.9.9"], allow_private=True)
    with pytest.raises(AddressRefusedError):
        guard.check(url)


@pytest.mark.parametrize("url", ["http://[::ffff:10.9.9.9]/", "http://[::ffff:a09:909]/",
                                 "http://[0:0:0:0:0:ffff:10.9.9.9]/", "http://[::FFFF:10.9.9.9]/",
                                 "https://own-mapped.example/", "http://[64:ff9b::c633:6563]/"])  # fmt: skip
def test_every_spelling_of_an_own_address_is_refused_as_own(url: str) -> None:
    # compared as addresses: the IPv4-mapped (and NAT64) forms of an own IPv4 address are that address
    dns = {**DNS, "own-mapped.example": ["::ffff:10.9.9.9"]}
    guard = AddressGuard(resolver=lambda h, p: dns.get(h, ["93.184.215.14"]), allow_private=True,
                         own_addresses=[*OWN, "10.9.9.9"])  # fmt: skip
    with pytest.raises(AddressRefusedError, match="own addresses"):
        guard.check(url)
    assert guard.check("http://[::ffff:10.9.9.8]/").host == "::ffff:10.9.9.8"


def test_an_own_address_given_mapped_or_in_capitals_counts_for_every_form() -> None:
    guard = AddressGuard(resolver=resolver, own_addresses=["::ffff:10.9.9.9", "FD00:0::7"], allow_private=True)
    for url in ("http://10.9.9.9/", "http://[fd00::7]/"):
        with pytest.raises(AddressRefusedError, match="own addresses"):
            guard.check(url)


@pytest.mark.parametrize("text, plain", [("::ffff:10.1.2.3", "10.1.2.3"), ("::10.1.2.3", "10.1.2.3"),
                                         ("::ffff:0a01:0203", "10.1.2.3"), ("10.1.2.3", "10.1.2.3"),
                                         ("::1", "::1"), ("::", "::"), ("2001:db8::1", "2001:db8::1")])  # fmt: skip
def test_unmapped_gives_the_ipv4_of_mapped_and_compatible_forms(text: str, plain: str) -> None:
    assert unmapped(ipaddress.ip_address(text)) == ipaddress.ip_address(plain)


def test_own_addresses_are_looked_up_again(monkeypatch: pytest.MonkeyPatch) -> None:
    import searx.network.guard as guard_mod

    seen = [{"198.51.101.1"}]
    monkeypatch.setattr(guard_mod, "local_addresses", lambda: set(seen[0]))
    clock = [1000.0]
    monkeypatch.setattr(guard_mod.time, "monotonic", lambda: clock[0])
    guard = AddressGuard(resolver=lambda h, p: ["198.51.101.2"])
    guard.check("https://example.org/")  # 198.51.101.2 is not ours yet
    seen[0] = {"198.51.101.1", "198.51.101.2"}  # an interface came up with that address
    clock[0] += guard_mod.OWN_REFRESH + 1
    with pytest.raises(AddressRefusedError):
        guard.check("https://example.org/")


def test_without_resolving_names_pass_as_written_and_literals_are_checked() -> None:
    asked: list[str] = []

    def resolver(host: str, port: int) -> list[str]:
        asked.append(host)
        return ["10.0.0.1"]

    guard = AddressGuard(resolver=resolver, own_addresses=())
    checked = guard.check("https://lan.example/x", resolve=False)
    assert (checked.host, checked.addresses) == ("lan.example", ())
    for url in ("http://127.0.0.1/", "http://10.0.0.1/", "http://[::1]/", "http://localhost/", "http://x.internal/",
                "http://2130706433/", "http://lan.example:8080/"):
        with pytest.raises(AddressRefusedError):
            guard.check(url, resolve=False)
    assert asked == []
    with pytest.raises(AddressRefusedError):  # resolved, the same name is refused
        guard.check("https://lan.example/x")


def test_an_opened_guard_shares_the_servers_own_addresses() -> None:
    guard = AddressGuard(resolver=lambda h, p: ["198.51.101.5"], own_addresses=["198.51.101.5"])
    opened = guard.opened(allowed_ports=(80, 443, 8080), allow_private=True)
    assert opened.check("http://192.168.1.2:8080/").port == 8080
    with pytest.raises(AddressRefusedError):
        guard.check("http://192.168.1.2/")
    for g in (guard, opened):
        with pytest.raises(AddressRefusedError, match="own"):
            g.check("http://mine.example/")
