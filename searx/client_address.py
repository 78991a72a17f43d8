"""The client of a request: its address behind trusted proxies, the scheme it used, the key the
limits count it under (IPv6 clients share their /64), and a pseudonym made with the instance secret.

Pure (no I/O): the web layer reads the request's peer and forwarding headers and asks here.
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Sequence

from searx.errors import SettingsError
from searx.signer import CLIENT_MARKER, signer

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

# how many X-Forwarded-For hops are looked at, from the right
MAX_HOPS = 32


def parse_ip(text: str) -> IPAddress | None:
    """An address from a peer or forwarding value; None when it is not one.

    Accepts ``1.2.3.4:80`` and ``[2001:db8::1]:80`` (some proxies add ports);
    IPv4-mapped IPv6 (dual-stack sockets) becomes plain IPv4.
    """
    text = text.strip().strip('"')
    if text.startswith("["):
        text = text[1:].partition("]")[0]
    elif text.count(":") == 1:
        text = text.partition(":")[0]
    try:
        ip = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


@functools.lru_cache(maxsize=16)
def _networks(entries: tuple[str, ...]) -> tuple[IPNetwork, ...]:
    networks = []
    for i, entry in enumerate(entries):
        try:
            networks.append(ipaddress.ip_network(str(entry).strip(), strict=False))
        except ValueError as exc:
            raise SettingsError(f"server.trusted_proxies[{i}]: not an address or CIDR: {entry!r}") from exc
    return tuple(networks)


def parse_trusted_proxies(entries: Sequence[str]) -> tuple[IPNetwork, ...]:
    """Check ``server.trusted_proxies`` at start-up; raises SettingsError naming the entry."""
    return _networks(tuple(entries))


def _trusted(ip: IPAddress, networks: tuple[IPNetwork, ...]) -> bool:
    return any(ip.version == net.version and ip in net for net in networks)


def is_trusted_proxy(remote_addr: str, trusted_proxies: Sequence[str]) -> bool:
    """Whether the direct peer is one of ``server.trusted_proxies`` (its forwarding headers count)."""
    peer = parse_ip(remote_addr or "")
    return peer is not None and _trusted(peer, _networks(tuple(trusted_proxies)))


def client_address(remote_addr: str, forwarded_for: str | None, trusted_proxies: Sequence[str]) -> str:
    """The address a request really comes from.

    ``X-Forwarded-For`` counts only when the direct peer is a trusted proxy;
    it is read from the right, skipping trusted hops, and the first untrusted
    hop is the client. An invalid hop ends the walk at the last valid one.
    Pass every X-Forwarded-For header joined with ", ".
    """
    peer = parse_ip(remote_addr or "")
    if peer is None:
        return remote_addr or "unknown"
    networks = _networks(tuple(trusted_proxies))
    if not forwarded_for or not _trusted(peer, networks):
        return str(peer)
    client = peer
    for hop in reversed(forwarded_for.split(",")[-MAX_HOPS:]):
        ip = parse_ip(hop)
        if ip is None:
            break
        client = ip
        if not _trusted(ip, networks):
            break
    return str(client)


def forwarded_scheme(scheme: str, remote_addr: str, forwarded_proto: str | None, trusted_proxies: Sequence[str]) -> str:
    """``http`` or ``https`` as the browser used it: ``X-Forwarded-Proto`` counts
    only from a trusted proxy (it decides Secure cookies and HSTS)."""
    if not forwarded_proto:  # nothing claimed: the peer need not be parsed (most requests)
        return scheme
    peer = parse_ip(remote_addr or "")
    if peer is not None and _trusted(peer, _networks(tuple(trusted_proxies))):
        claimed = forwarded_proto.split(",")[0].strip().lower()
        if claimed in ("http", "https"):
            return claimed
    return scheme


def client_key(address: str) -> str:
    """The limiter's key for an address: IPv6 clients share their /64."""
    ip = parse_ip(address)
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip) if ip is not None else address


def client_marker(address: str, secret: bytes) -> str:
    """A stable pseudonym of a client: its limiter key, signed for ``CLIENT_MARKER`` (``searx.signer``).

    Marks what a client created (cache entries) and counts its streams without
    storing its address; the same on every instance that shares the secret.
    """
    return signer(secret, CLIENT_MARKER, 24).sign(client_key(address))
