"""The address guard: may the server connect to a URL that a user or a page chose?

``AddressGuard.check`` refuses anything that could reach the server itself, its
LAN or its cloud metadata service, in every spelling (docs/admin/ai_summary.md);
``PinnedTransport`` then connects to exactly the address that was checked, so a
second DNS answer cannot move the connection.
"""

from __future__ import annotations

import copy
import ipaddress
import logging
import re
import socket
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import httpx
import idna
import psutil

from searx.errors import SearxError
from searx.origin import DEFAULT_PORTS
from searx.settings import Settings

log = logging.getLogger("searx.network.guard")

IP = ipaddress.IPv4Address | ipaddress.IPv6Address
Resolver = Callable[[str, int], list[str]]

_DENY = tuple(
    ipaddress.ip_network(n)
    for n in (
        "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
        "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15",
        "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4", "255.255.255.255/32",
        "::/96", "::ffff:0:0/96", "64:ff9b:1::/48", "100::/64", "2001::/23", "2001:db8::/32",
        "fc00::/7", "fe80::/10", "fec0::/10", "ff00::/8",
    )
)  # fmt: skip
# what ``allow_private`` opens: the LAN ranges, never loopback, link-local (metadata) or the server itself
_PRIVATE = tuple(
    ipaddress.ip_network(n) for n in ("10.0.0.0/8", "100.64.0.0/10", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7")
)
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
OWN_REFRESH = 60.0  # seconds between two looks at the interfaces and the base_url host
_6TO4 = ipaddress.ip_network("2002::/16")
_LABEL = re.compile(r"[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?")
_NUMERIC_LABEL = re.compile(r"(0x[0-9a-f]*|[0-9]+)")
_BAD_CHARS = re.compile(r"[\x00-\x20\x7f\\]")


class AddressRefusedError(SearxError):
    """The URL may not be fetched; the message says why (safe to log, not shown to users)."""

    code = "address_refused"


@dataclass(frozen=True)
class CheckedURL:
    """A URL that passed the guard and the addresses its host resolved to (all public)."""

    url: str
    scheme: str
    host: str
    port: int
    addresses: tuple[str, ...]

    @property
    def address(self) -> str:
        return self.addresses[0]


def embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address written inside an IPv4-mapped, NAT64 or 6to4 IPv6 address."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip in _NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    if ip in _6TO4:
        return ip.sixtofour
    return None


def unmapped(ip: IP) -> IP:
    """The IPv4 address of an IPv4-mapped (``::ffff:a.b.c.d``) or IPv4-compatible (``::a.b.c.d``) address;
    any other address as it is (``::`` and ``::1`` stay IPv6)."""
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return ip.ipv4_mapped
        if 1 < int(ip) <= 0xFFFFFFFF:
            return ipaddress.IPv4Address(int(ip))
    return ip


def _forms(ip: IP) -> set[IP]:
    """Every address ``ip`` may reach: itself unmapped, and the IPv4 address inside NAT64 and 6to4 forms."""
    found: set[IP] = {unmapped(ip)}
    if isinstance(ip, ipaddress.IPv6Address) and (inner := embedded_ipv4(ip)) is not None:
        found.add(inner)
    return found


def is_public(ip: IP) -> bool:
    """True for a global unicast address (and the IPv4 inside an IPv6 one is public too)."""
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.scope_id or ip.teredo is not None:
            return False
        inner = embedded_ipv4(ip)
        if inner is not None and not is_public(inner):
            return False
        if ip in _NAT64:  # the well-known NAT64 prefix reaches exactly the IPv4 inside it
            return True
    if any(ip in net for net in _DENY if net.version == ip.version):
        return False
    flags = (ip.is_private, ip.is_loopback, ip.is_link_local, ip.is_multicast, ip.is_reserved, ip.is_unspecified)
    return ip.is_global and not any(flags)


def is_private(ip: IP) -> bool:
    """True for a LAN address (RFC 1918, carrier-grade NAT, unique local IPv6), also written inside IPv6."""
    if isinstance(ip, ipaddress.IPv6Address):
        inner = embedded_ipv4(ip)
        if inner is not None:
            return is_private(inner)
    return any(ip in net for net in _PRIVATE if net.version == ip.version)


def system_resolver(host: str, port: int) -> list[str]:
    """Every address the system resolver gives for ``host`` (raises OSError)."""
    return [str(info[4][0]) for info in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)]


def local_addresses() -> set[str]:
    """The addresses of this machine: every address of every interface (IPv4 and IPv6)
    and what its host name resolves to."""
    found: set[str] = set()
    for addrs in psutil.net_if_addrs().values():
        for addr in addrs:
            if addr.family in (socket.AF_INET, socket.AF_INET6):
                try:
                    found.add(str(ipaddress.ip_address(addr.address.split("%", 1)[0])))
                except ValueError:
                    continue
    try:
        found.update(str(ipaddress.ip_address(a)) for a in system_resolver(socket.gethostname(), 0))
    except (OSError, ValueError):
        pass
    return found


def hosts_of(*urls: object) -> tuple[str, ...]:
    """The host names of the given URLs (non-strings and URLs without a host are skipped)."""
    found = (urlsplit(u).hostname for u in urls if isinstance(u, str) and u)
    return tuple(h for h in found if h)


def _no_lookup(host: str, port: int) -> list[str]:
    raise OSError("names are not resolved here under outgoing.using_tor_proxy")


def instance_guard(settings: Settings) -> AddressGuard:
    """The instance's address guard (ports 80 and 443, no LAN, ``server.base_url``'s host refused as its own):
    built once on the services; the page reader opens it to ``fetch.ports`` (``AddressGuard.opened``)."""
    return AddressGuard(own_hosts=hosts_of(settings.server.base_url))


def ascii_host(host: str) -> str:
    """A host name as httpx sends it: lower case, IDNA 2008 (the ``idna`` package) when not ASCII."""
    host = host.lower()
    return host if host.isascii() else idna.encode(host).decode("ascii")


def _split_netloc(netloc: str) -> tuple[str, str]:
    if netloc.startswith("["):
        host, bracket, rest = netloc[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise AddressRefusedError("malformed IPv6 literal")
        return host, rest[1:] if rest else ""
    if netloc.count(":") > 1:
        raise AddressRefusedError("malformed host")
    host, _, port = netloc.partition(":")
    return host, port


class _OwnAddresses:
    """This server's addresses as address objects, unmapped (compared as addresses, never as text),
    looked at again now and then (interfaces come and go: DHCP, containers); shared by derived guards."""

    def __init__(self, resolver: Resolver, fixed: Iterable[str] | None, hosts: Iterable[str]) -> None:
        self._resolve = resolver
        self._hosts = tuple(h for h in hosts if h)
        self._fixed = None if fixed is None else {str(ipaddress.ip_address(a)) for a in fixed}
        self._own: set[IP] = set()
        self._at = -OWN_REFRESH

    def get(self) -> set[IP]:
        now = time.monotonic()
        if now - self._at < OWN_REFRESH:
            return self._own
        found = set(self._fixed) if self._fixed is not None else local_addresses()
        for host in self._hosts:
            try:
                found.update(str(ipaddress.ip_address(a)) for a in self._resolve(host.strip("[]"), 0))
            except (OSError, ValueError):
                log.warning("server.base_url host %r does not resolve; only interface addresses are refused", host)
        self._own, self._at = {unmapped(ipaddress.ip_address(a)) for a in found}, now
        return self._own


class AddressGuard:
    """Checks URLs; ``resolver`` (default: ``system_resolver``) and ``own_addresses`` are injectable
    (tests never use DNS).

    ``own_hosts`` (e.g. the host of ``server.base_url``) are resolved once and
    refused like the interface addresses. ``allow_private`` lets LAN ranges
    through; loopback, link-local and the server's own addresses stay refused.
    """

    def __init__(
        self,
        *,
        resolver: Resolver | None = None,
        allowed_ports: Iterable[int] = (80, 443),
        own_addresses: Iterable[str] | None = None,
        own_hosts: Iterable[str] = (),
        allow_private: bool = False,
    ) -> None:
        # the system's resolver as it is when the guard is built (tests of a whole app replace it first)
        resolver = resolver or system_resolver
        self._resolve = resolver
        self.allowed_ports = frozenset(allowed_ports)
        self.allow_private = allow_private
        self._own = _OwnAddresses(resolver, own_addresses, own_hosts)

    def opened(self, *, allowed_ports: Iterable[int], allow_private: bool) -> AddressGuard:
        """This guard with other ports and LAN rule (the page reader's), the same resolver and own addresses."""
        other = copy.copy(self)
        other.allowed_ports, other.allow_private = frozenset(allowed_ports), allow_private
        return other

    def without_lookups(self) -> AddressGuard:
        """This guard resolving no name (under Tor): a host name is refused, an address is checked as written."""
        other = copy.copy(self)
        other._resolve = _no_lookup
        return other

    def _permitted(self, ip: IP) -> bool:
        if is_public(ip):
            return True
        return self.allow_private and is_private(ip)

    def check(self, url: str, *, resolve: bool = True) -> CheckedURL:
        """The checked URL, or AddressRefusedError naming the rule that refused it.

        ``resolve=False`` (a proxy that resolves names itself, as Tor does): a host name is checked as
        written and never looked up here, so it has no addresses; IP literals are checked as always.
        """
        if not isinstance(url, str) or not url or len(url) > 2048 or _BAD_CHARS.search(url):
            raise AddressRefusedError("empty, overlong or with control characters, spaces or backslashes")
        try:
            parts = urlsplit(url)
        except ValueError as exc:
            raise AddressRefusedError("malformed URL") from exc
        scheme = parts.scheme.lower()
        if scheme not in ("http", "https"):
            raise AddressRefusedError(f"scheme {scheme!r} is not http or https")
        if not parts.netloc or "@" in parts.netloc or "%" in parts.netloc:
            raise AddressRefusedError("no host, user info or percent-encoding in the host")
        raw_host, raw_port = _split_netloc(parts.netloc)
        port = self._port(scheme, raw_port)
        host = raw_host.lower().rstrip(".") if not raw_host.startswith("[") else raw_host
        if not host:
            raise AddressRefusedError("no host")
        if ":" in host:
            addresses = [self._literal(self._literal6(host))]
        elif _NUMERIC_LABEL.fullmatch(host.rsplit(".", 1)[-1]):
            addresses = [self._literal(self._literal4(host))]
        else:
            host = self._hostname(host)
            addresses = self._resolved(host, port) if resolve else []
        own = self._own.get()
        for address in addresses:
            if _forms(ipaddress.ip_address(address)) & own:
                raise AddressRefusedError("one of the server's own addresses")
        return CheckedURL(url=url, scheme=scheme, host=host, port=port, addresses=tuple(addresses))

    def _port(self, scheme: str, raw: str) -> int:
        if raw and (not raw.isdigit() or not 0 < int(raw) < 65536):
            raise AddressRefusedError("malformed port")
        port = int(raw) if raw else DEFAULT_PORTS[scheme]
        if port not in self.allowed_ports:
            raise AddressRefusedError(f"port {port} is not allowed")
        return port

    def _literal(self, ip: IP) -> str:
        if not self._permitted(ip):
            raise AddressRefusedError("not a public address")
        return str(ip)

    @staticmethod
    def _literal6(host: str) -> ipaddress.IPv6Address:
        try:
            return ipaddress.IPv6Address(host)
        except ValueError as exc:
            raise AddressRefusedError("malformed IPv6 literal") from exc

    @staticmethod
    def _literal4(host: str) -> ipaddress.IPv4Address:
        # only the canonical dotted quad: decimal, octal, hex and short forms are refused
        try:
            return ipaddress.IPv4Address(host)
        except ValueError as exc:
            raise AddressRefusedError("IPv4 address not written as a dotted quad") from exc

    @staticmethod
    def _hostname(host: str) -> str:
        try:
            ascii_name = ascii_host(host)
        except (idna.IDNAError, UnicodeError) as exc:
            raise AddressRefusedError("host name is not valid IDNA") from exc
        labels = ascii_name.split(".")
        if len(ascii_name) > 253 or not all(_LABEL.fullmatch(label) for label in labels):
            raise AddressRefusedError("malformed host name")
        if _NUMERIC_LABEL.fullmatch(labels[-1]):  # e.g. "①②⑦.0.0.1" maps to 127.0.0.1
            raise AddressRefusedError("an IPv4 address in disguise")
        if labels[-1] in ("localhost", "local", "internal", "arpa") or ascii_name == "localhost":
            raise AddressRefusedError("a local-only name")
        return ascii_name

    def _resolved(self, host: str, port: int) -> list[str]:
        try:
            found = self._resolve(host, port)
        except OSError as exc:
            raise AddressRefusedError("host name does not resolve") from exc
        if not found:
            raise AddressRefusedError("host name does not resolve")
        addresses: list[str] = []
        for text in found:
            try:
                ip = ipaddress.ip_address(text)
            except ValueError as exc:
                raise AddressRefusedError("resolver gave a malformed address") from exc
            if not self._permitted(ip):
                raise AddressRefusedError("host name resolves to a non-public address")
            if str(ip) not in addresses:
                addresses.append(str(ip))
        return addresses


def _normal_host(url: httpx.URL) -> str:
    host = url.raw_host.decode("ascii").lower().rstrip(".")
    return str(ipaddress.ip_address(host)) if ":" in host else host


def refuse_unchecked(checked: CheckedURL, request: httpx.Request) -> None:
    """httpx.ConnectError unless ``request`` goes to the scheme, host and port that were checked."""
    url = request.url
    port = url.port or DEFAULT_PORTS[url.scheme]
    if (url.scheme, _normal_host(url), port) != (checked.scheme, checked.host, checked.port):
        raise httpx.ConnectError("refused: not the checked host", request=request)


class PinnedTransport(httpx.BaseTransport):
    """Connects only to the checked address, keeping the Host header and TLS name of the URL.

    A connection whose local and peer addresses are equal (the server talking to
    itself through an address the guard did not know) is closed before a byte is sent.
    """

    def __init__(self, checked: CheckedURL, inner: httpx.BaseTransport | None = None) -> None:
        self.checked = checked
        self._inner = inner or httpx.HTTPTransport(trust_env=False)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        checked = self.checked
        refuse_unchecked(checked, request)
        request.url = request.url.copy_with(host=checked.address)
        outer_trace = request.extensions.get("trace")

        def trace(event: str, info: dict[str, Any]) -> None:
            if event == "connection.connect_tcp.complete":
                refuse_self_connection(info.get("return_value"))
            if outer_trace is not None:
                outer_trace(event, info)

        request.extensions = {**request.extensions, "sni_hostname": checked.host, "trace": trace}
        return self._inner.handle_request(request)

    def close(self) -> None:
        self._inner.close()


def refuse_self_connection(stream: Any) -> None:
    """AddressRefusedError when a connected stream's local and peer addresses are the same."""
    if stream is None:
        return
    local, peer = stream.get_extra_info("client_addr"), stream.get_extra_info("server_addr")
    if local and peer and local[0] == peer[0]:
        stream.close()
        raise AddressRefusedError("the connection reached the server itself")
