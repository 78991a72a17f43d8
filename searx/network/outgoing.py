"""The operator's ``outgoing`` settings read once: the proxy, TLS verification, source addresses, Tor.

Every request the instance makes on its own account (engines, suggestions, the
page reader, the image proxy, favicons, map tiles) reads them here; the LLM
client never does. Bad values raise ``SettingsError`` naming the key.
"""

from __future__ import annotations

import ipaddress
import itertools
import ssl
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from searx.errors import SettingsError
from searx.settings import Outgoing

# outgoing.source_ips: each address keeps a pool of its own, so a few of them at most
MAX_SOURCE_IPS = 64
# the proxy schemes the instance can speak; a SOCKS proxy would add its scheme here and a transport in route.py
PROXY_SCHEMES = ("http", "https")


def _proxy_url(key: str, url: Any) -> str:
    if not isinstance(url, str) or not url.lower().startswith(tuple(f"{s}://" for s in PROXY_SCHEMES)):
        raise SettingsError(f"{key}: give an http:// or https:// proxy URL (SOCKS proxies are not supported)")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises on a bad port
    except ValueError as exc:
        raise SettingsError(f"{key}: not a valid URL: {exc}") from None
    if not parts.hostname:
        raise SettingsError(f"{key}: the proxy URL has no host")
    return url


def proxy_url(proxies: Any) -> str | None:
    """The one proxy URL of every outgoing request (``all://`` or the first entry of a mapping), or None."""
    if not proxies:
        return None
    if isinstance(proxies, str):
        return _proxy_url("outgoing.proxies", proxies)
    urls = {k: _proxy_url(f"outgoing.proxies.{k}", v) for k, v in proxies.items()}
    return urls.get("all://") or next(iter(urls.values()))


def tls_verify(verify: bool | str) -> ssl.SSLContext | bool:
    """``outgoing.verify``: True (the default CAs), False (no verification) or a context of the given CA bundle."""
    if verify is True:
        return True
    if verify is False:
        return False
    try:
        return ssl.create_default_context(cafile=verify)
    except (OSError, ssl.SSLError) as exc:
        raise SettingsError(f"outgoing.verify: cannot use {verify!r} as a CA bundle: "
                            f"{getattr(exc, 'strerror', None) or exc}") from None


def source_addresses(source_ips: str | Sequence[str] | None) -> list[str]:
    """The local addresses of ``outgoing.source_ips`` (addresses or networks, whose hosts count), in order."""
    entries = [source_ips] if isinstance(source_ips, str) else list(source_ips or ())
    found: list[str] = []
    for i, entry in enumerate(entries):
        key = "outgoing.source_ips" if isinstance(source_ips, str) else f"outgoing.source_ips[{i}]"
        try:
            if "/" in str(entry):
                network = ipaddress.ip_network(str(entry).strip(), strict=False)
                hosts = [network.network_address] if network.num_addresses == 1 else network.hosts()
                found.extend(str(h) for h in itertools.islice(hosts, MAX_SOURCE_IPS + 1))
            else:
                found.append(str(ipaddress.ip_address(str(entry).strip())))
        except ValueError:
            raise SettingsError(f"{key}: not an IP address or network: {entry!r}") from None
        if len(found) > MAX_SOURCE_IPS:
            raise SettingsError(f"{key}: at most {MAX_SOURCE_IPS} source addresses (each keeps its own pool)")
    return list(dict.fromkeys(found))


def tor_proxy(outgoing: Outgoing) -> bool:
    """Whether the outgoing traffic goes through Tor (SearXNG's ``using_tor_proxy``; onion engines
    load only then): the key on, with Tor's proxy in ``outgoing.proxies``. On without a proxy
    raises SettingsError: every request would connect directly while the operator thinks not."""
    if not outgoing.using_tor_proxy:
        return False
    if proxy_url(outgoing.proxies) is None:
        raise SettingsError("outgoing.using_tor_proxy: true needs Tor's proxy in outgoing.proxies (an http:// "
                            "proxy that reaches .onion hosts); without one every engine would connect directly")
    return True


def check_outgoing(outgoing: Outgoing) -> None:
    """Check ``outgoing.proxies``, ``outgoing.verify``, ``outgoing.source_ips`` and
    ``outgoing.using_tor_proxy`` at start-up; raises SettingsError naming the key."""
    proxy_url(outgoing.proxies)
    tls_verify(outgoing.verify)
    source_addresses(outgoing.source_ips)
    tor_proxy(outgoing)
