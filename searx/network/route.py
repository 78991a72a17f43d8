"""How a guarded fetch (page reader, image proxy, favicons, map tiles) leaves the instance.

Without ``outgoing.proxies`` the connection goes straight to the address the
guard checked (``PinnedTransport``). With a proxy, the proxy connects: httpx
asks it ``CONNECT host:port`` for https and sends an absolute-form request for
http, to the checked host name (``ProxiedTransport`` refuses any other). Either
way ``outgoing.verify`` decides TLS, the connection leaves from the
``outgoing.source_ips`` in turn, and no proxy is ever read from the environment.
Under ``outgoing.using_tor_proxy`` the guard resolves no name (``resolves``):
the proxy does, so no name of a page reaches the local resolver. Another kind
of proxy (SOCKS) would be one more transport built in ``_connection``.
"""

from __future__ import annotations

import ipaddress
import itertools
import ssl
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import httpcore
import httpx

from searx.network.guard import CheckedURL, PinnedTransport, refuse_unchecked
from searx.network.outgoing import proxy_url, source_addresses, tls_verify, tor_proxy
from searx.settings import Outgoing

Transport = Callable[[], httpx.BaseTransport]


class _FromSource(httpcore.SyncBackend):
    """TCP connections that leave from one local address (the connection to the proxy)."""

    def __init__(self, source: str) -> None:
        self._from = source

    def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None,
                    socket_options: Iterable[Any] | None = None) -> httpcore.NetworkStream:  # fmt: skip
        return super().connect_tcp(host, port, timeout, self._from, socket_options)


class ProxiedTransport(httpx.BaseTransport):
    """Sends only requests for the checked scheme, host and port, through the proxy of ``inner``."""

    def __init__(self, checked: CheckedURL, inner: httpx.BaseTransport) -> None:
        self.checked = checked
        self._inner = inner

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        refuse_unchecked(self.checked, request)
        return self._inner.handle_request(request)

    def close(self) -> None:
        self._inner.close()


class Route:
    """The way out of guarded fetches, built once from the ``outgoing`` settings (thread-safe).

    ``connect`` (tests) replaces the connection itself, e.g. with an ``httpx.MockTransport``;
    it still sits behind the pinning or the host check.
    """

    def __init__(self, *, proxy: str | None = None, verify: ssl.SSLContext | bool = True, sources: Sequence[str] = (),
                 tor: bool = False, connect: Transport | None = None) -> None:  # fmt: skip
        self.proxy = proxy
        self.tor = tor
        self._verify = verify
        self._sources = tuple(sources)
        self._turns = itertools.count()
        self._connect = connect
        self._lock = threading.Lock()
        self._context: ssl.SSLContext | None = None

    @classmethod
    def from_settings(cls, outgoing: Outgoing) -> Route:
        """The route ``outgoing.proxies``, ``verify``, ``source_ips`` and ``using_tor_proxy`` describe."""
        return cls(proxy=proxy_url(outgoing.proxies), verify=tls_verify(outgoing.verify),
                   sources=source_addresses(outgoing.source_ips), tor=tor_proxy(outgoing))  # fmt: skip

    @property
    def resolves(self) -> bool:
        """Whether host names are resolved (and their addresses checked) here: not when Tor's proxy resolves them."""
        return not self.tor

    def transport(self, checked: CheckedURL) -> httpx.BaseTransport:
        """A transport for one hop to ``checked``: pinned to its address, or through the proxy."""
        inner = self._connect() if self._connect is not None else self._connection(checked)
        return PinnedTransport(checked, inner) if self.proxy is None else ProxiedTransport(checked, inner)

    def _connection(self, checked: CheckedURL) -> httpx.BaseTransport:
        context, source = self._tls(), self._source(checked)
        if self.proxy is None:
            return httpx.HTTPTransport(verify=context, trust_env=False, retries=0, local_address=source)
        https = self.proxy.lower().startswith("https://")  # an https:// proxy is verified as the pages are
        proxy = httpx.Proxy(self.proxy, ssl_context=context if https else None)
        transport = httpx.HTTPTransport(verify=context, trust_env=False, retries=0, proxy=proxy)
        if source is not None:
            # httpx hands local_address to direct pools only; httpcore's proxy pool connects through its backend
            transport._pool._network_backend = _FromSource(source)
        return transport

    def _tls(self) -> ssl.SSLContext:
        """The one TLS context of every hop (``outgoing.verify``), built on first use."""
        if isinstance(self._verify, ssl.SSLContext):
            return self._verify
        with self._lock:
            if self._context is None:  # loading the CA bundle costs milliseconds: once, not per hop
                self._context = httpx.create_ssl_context(verify=self._verify, trust_env=False)
            return self._context

    def _source(self, checked: CheckedURL) -> str | None:
        """The next source address; straight to an address, the next one of its family."""
        if not self._sources:
            return None
        fits = self._sources
        if self.proxy is None and checked.addresses:
            version = ipaddress.ip_address(checked.address).version
            fits = tuple(a for a in self._sources if ipaddress.ip_address(a).version == version) or self._sources
        return fits[next(self._turns) % len(fits)]
