"""The SSRF corpus: every URL here must be refused by the reader, and none may reach a non-public address.

Direct URLs (every spelling of loopback, private, link-local, CGNAT, multicast,
reserved and own addresses, odd IPv4 forms, IPv6 wrappings, bad schemes, ports
and user info) and indirect ones: a public-looking host that redirects to a
private one, DNS rebinding (one bad answer among good ones), 6+ redirects.
"""

from __future__ import annotations

import ipaddress

import httpx
import pytest

from searx.network.guard import AddressGuard
from searx.reader.errors import ReaderError
from searx.reader.service import Reader
from searx.reader.worker import ExtractorPool
from searx.store.memory import MemoryStore
from tests.reader.conftest import reader_settings
from tests.reader.fakes import response

DNS = {
    "public.example": ["93.184.215.14"], "hops.example": ["93.184.215.15"],
    "rebind.example": ["93.184.215.16", "127.0.0.1"], "rebind6.example": ["2606:2800:220:1::1", "::1"],
    "meta.example": ["169.254.169.254"], "lan.example": ["10.1.2.3"], "lan172.example": ["172.31.0.9"],
    "lan192.example": ["192.168.0.1"], "cgnat.example": ["100.100.100.200"], "ula.example": ["fd00::5"],
    "mapped.example": ["::ffff:127.0.0.1"], "nat64.example": ["64:ff9b::a9fe:a9fe"], "6to4.example": ["2002:7f00:1::"],
    "zero.example": ["0.0.0.0"], "mcast.example": ["224.0.0.251"], "bcast.example": ["255.255.255.255"],
    "own.example": ["198.51.101.99"], "base.example": ["198.51.101.98"],
}  # fmt: skip
OWN = ["198.51.101.99"]
ADDRESSES = [
    "127.0.0.1", "127.0.0.2", "127.255.255.255", "0.0.0.0", "10.0.0.1", "10.255.255.254", "172.16.0.1",
    "172.31.255.254", "192.168.1.1", "169.254.169.254", "169.254.170.2", "100.64.0.1", "100.127.255.254",
    "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255", "192.0.0.170", "198.18.0.1", "198.51.101.99",
    "[::1]", "[::]", "[::ffff:127.0.0.1]", "[::ffff:a9fe:a9fe]", "[::ffff:10.0.0.1]", "[::127.0.0.1]",
    "[64:ff9b::7f00:1]", "[64:ff9b::a9fe:a9fe]", "[2002:7f00:1::]", "[2002:a9fe:a9fe::]", "[fc00::1]",
    "[fd00:ec2::254]", "[fe80::1]", "[ff02::1]", "[fec0::1]", "[::ffff:0:0]",
]  # fmt: skip
ODD_V4 = [
    "2130706433", "0x7f000001", "017700000001", "0177.0.0.1", "0x7f.0.0.1", "127.1", "127.0.1", "0x7f.1",
    "0", "2852039166", "0xa9fea9fe", "0251.0376.0251.0376", "169.254.43518", "0xa9.0xfe.0xa9.0xfe",
    "3232235777", "0300.0250.0.1", "10.1", "012.0.0.1",
]  # fmt: skip
NAMES = [
    "localhost", "LocalHost.", "a.localhost", "printer.local", "metadata.google.internal", "x.internal",
    "1.0.0.127.in-addr.arpa", "rebind.example", "rebind6.example", "meta.example", "lan.example",
    "lan172.example", "lan192.example", "cgnat.example", "ula.example", "mapped.example", "nat64.example",
    "6to4.example", "zero.example", "mcast.example", "bcast.example", "own.example", "base.example",
    "nxdomain.example", "ⓛⓞⓒⓐⓛⓗⓞⓢⓣ", "①②⑦.0.0.1", "127。0。0。1", "ｌｏｃａｌｈｏｓｔ",
]  # fmt: skip
OTHER = [
    "http://user:pass@public.example/", "http://user@public.example/", "http://public.example@127.0.0.1/",
    "http://127.0.0.1#@public.example/", "http://public.example\\@127.0.0.1/", "ftp://public.example/",
    "file:///etc/passwd", "gopher://public.example:70/", "dict://public.example:11211/", "ldap://public.example/",
    "javascript:alert(1)", "data:text/html,hi", "ws://public.example/", "//public.example/", "public.example/",
    "http://public.example:22/", "http://public.example:6379/", "http://public.example:8080/",
    "http://public.example:0/", "http://%6c%6f%63%61%6c%68%6f%73%74/", "http://127.0.0.1%2f/",
    "http://public.example /", "http://pub\nlic.example/", "http:///etc/passwd", "http://[::1/",
]  # fmt: skip
REDIRECTS = [
    "http://127.0.0.1/", "http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/", "http://[::1]/",
    "http://[::ffff:169.254.169.254]/", "http://2130706433/", "http://localhost/", "https://rebind.example/",
    "https://meta.example/", "https://own.example/", "file:///etc/passwd", "gopher://127.0.0.1:6379/_",
    "http://public.example:6379/",
]  # fmt: skip

CORPUS = (
    [f"http://{a}/" for a in ADDRESSES] + [f"http://{a}:80/x" for a in ADDRESSES[:10]]
    + [f"http://{a}/" for a in ODD_V4] + [f"https://{n}/" for n in NAMES] + OTHER
    + [f"https://public.example/redirect?to={n}" for n in range(len(REDIRECTS))]
    + ["https://hops.example/0", "https://hops.example/loop"]
)  # fmt: skip
REACHED: list[str] = []


def _resolver(host: str, port: int) -> list[str]:
    if host not in DNS:
        raise OSError("NXDOMAIN")
    return DNS[host]


def _handler(request: httpx.Request) -> httpx.Response:
    REACHED.append(str(request.url.host))
    host, path = request.headers["host"], request.url.path
    if host == "public.example" and path == "/redirect":
        return response(302, {"location": REDIRECTS[int(request.url.params["to"])]}, b"")
    if host == "hops.example":  # 6 redirects, or a loop
        step = path.rsplit("/", 1)[1]
        nxt = "/loop" if step == "loop" else f"/{int(step) + 1}" if int(step) < 6 else None
        if nxt:
            return response(301, {"location": nxt}, b"")
    return response(200, {"content-type": "text/plain"}, b"a page that must never be read")


@pytest.fixture
def reader(extractor: ExtractorPool) -> Reader:
    guard = AddressGuard(resolver=_resolver, own_addresses=OWN, own_hosts=["base.example"])
    return Reader(reader_settings(), MemoryStore(), guard=guard, transport=lambda: httpx.MockTransport(_handler),
                  extractor=extractor)  # fmt: skip


def test_corpus_has_at_least_100_urls() -> None:
    assert len(set(CORPUS)) >= 100


@pytest.mark.parametrize("url", CORPUS)
def test_no_url_of_the_corpus_passes(reader: Reader, url: str) -> None:
    REACHED.clear()
    with pytest.raises(ReaderError) as info:
        reader.read(url)
    assert info.value.code in ("address_refused", "too_many_redirects", "bad_request")
    for host in REACHED:  # only public addresses were ever connected to
        assert ipaddress.ip_address(host).is_global, f"{url} reached {host}"


def test_allow_private_keeps_loopback_metadata_and_own_refused(extractor: ExtractorPool) -> None:
    guard = AddressGuard(resolver=_resolver, own_addresses=OWN, allow_private=True)
    reader = Reader(reader_settings(allow_private=True), MemoryStore(), guard=guard,
                    transport=lambda: httpx.MockTransport(_handler), extractor=extractor)  # fmt: skip
    for url in ("http://127.0.0.1/", "http://[::1]/", "http://169.254.169.254/", "https://meta.example/",
                "https://own.example/", "https://localhost/", "https://rebind.example/", "http://0.0.0.0/",
                "http://[fe80::1]/", "https://public.example/redirect?to=0", "https://public.example/redirect?to=1"):
        with pytest.raises(ReaderError) as info:
            reader.read(url)
        assert info.value.code == "address_refused", url
    assert reader.read("https://lan.example/").status == 200  # what allow_private is for


