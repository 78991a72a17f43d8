"""Engine tokens (Startpage's ``sc``, DuckDuckGo's ``vqd``), cached in the store.

An engine that needs a token names its scope (``token_scope``); the runner looks
the token up here before ``request()`` and fetches the page that carries a
fresh one only when the store has none, so a cached token costs one store read
and no request. The store is shared, so instances share tokens too.
"""

from __future__ import annotations

import hashlib
import ipaddress
from typing import Any
from urllib.parse import urljoin, urlsplit

from searx.engines import Engine
from searx.errors import EngineError, EngineParseError
from searx.network.guard import AddressGuard, AddressRefusedError
from searx.origin import DEFAULT_PORTS
from searx.store import Store

TOKEN_PAGES = 8  # pages one token page may name for the runner to ask next (Pexels' scripts)


def _on_site(host: str, page_host: str) -> bool:
    """``host`` is the page's host or a sibling under its parent domain (``www.pexels.com``:
    ``pexels.com`` and its subdomains); an address names only itself."""
    if host == page_host:
        return True
    try:
        ipaddress.ip_address(page_host)
        return False
    except ValueError:
        site = page_host.split(".", 1)[1] if page_host.count(".") >= 2 else page_host
        return host == site or host.endswith("." + site)


def _explicit_port(scheme: str, port: int | None) -> int | None:
    """The port a URL names, None for the scheme's own (``https://x:443/`` names none)."""
    return None if port is None or port == DEFAULT_PORTS.get(scheme) else port


def _public(guard: AddressGuard | None, url: str) -> bool:
    try:
        return guard is not None and bool(guard.check(url))
    except AddressRefusedError:
        return False


def token_pages(page: str, urls: list[str], enable_http: bool, guard: AddressGuard | None = None) -> list[str]:
    """The pages a token page named that the runner asks: resolved against it, on its own site
    (its host, or a host under the same parent domain that ``guard`` lets through: a public address,
    never loopback or the LAN; none without a guard) and on its own port, never a downgrade to
    ``http://`` (nor ``http://`` at all without ``enable_http``), without a user or password, at most
    ``TOKEN_PAGES``."""
    base, out = urlsplit(page), []
    base_host, base_port = base.hostname or "", _explicit_port(base.scheme, base.port)
    for raw in urls:
        try:
            url = urljoin(page, raw.strip())
            parts = urlsplit(url)
            host = parts.hostname or ""
            port = _explicit_port(parts.scheme, parts.port)
        except ValueError:
            continue
        if parts.scheme not in ("http", "https") or (parts.scheme == "http" and (base.scheme == "https" or not enable_http)):
            continue
        if not host or parts.username is not None or parts.password is not None or port != base_port:
            continue
        url = url.split("#", 1)[0]
        if url in out or not _on_site(host, base_host) or (host != base_host and not _public(guard, url)):
            continue
        out.append(url)
        if len(out) == TOKEN_PAGES:
            break
    return out


def no_token_error(errors: list[EngineError], asked: int, named: int) -> EngineError:
    """Why none of the ``asked`` pages (of the ``named``) gave a token: the first bot check or
    block among their errors (it says more), else their first error, else a parsing error."""
    checks = [e for e in errors if e.outcome != "error"]
    return (checks or errors or [EngineParseError(f"no token on the {asked} of {named} pages the token page named")])[0]


class TokenCache:
    """Tokens by engine and scope; scopes (which may hold the query) are hashed into the key."""

    def __init__(self, store: Store, prefix: str = "token:") -> None:
        self._store = store
        self._prefix = prefix

    def key(self, engine: str, scope: str) -> str:
        return f"{self._prefix}{engine}:{hashlib.sha256(scope.encode()).hexdigest()[:32]}"

    def get(self, engine: str, scope: str) -> str | None:
        raw = self._store.get(self.key(engine, scope))
        return raw.decode("utf-8", "replace") if raw else None

    def put(self, engine: str, scope: str, token: str, ttl: float) -> None:
        if token:
            self._store.set(self.key(engine, scope), token.encode(), ttl)

    def drop(self, engine: str, scope: str) -> None:
        self._store.delete(self.key(engine, scope))

    def lookup(self, engine: Engine, query: str, params: dict[str, Any]) -> bool:
        """Put the cached token into ``params``; True when the engine must fetch one first.

        A cached token is handed over even when the request does not require one (Qwant
        sends its last ``datadome`` cookie back when it has one, and never asks for one)."""
        scope = engine.token_scope(query, params)
        params["token_scope"] = scope
        if scope is None:
            return False
        params["token"] = self.get(engine.name, scope)
        return params["token"] is None and engine.token_required(params)

    def keep(self, engine: Engine, params: dict[str, Any], items: list[Any]) -> list[Any]:
        """Cache a fresh token a result page carried (``{"token": ...}``); the other items."""
        rest = []
        for item in items:
            if isinstance(item, dict) and "token" in item:
                if params.get("token_scope") is not None and isinstance(item["token"], str):
                    self.put(engine.name, params["token_scope"], item["token"], engine.token_ttl)
            else:
                rest.append(item)
        return rest

    def forget(self, engine: Engine, params: dict[str, Any]) -> None:
        """A bot check, a block or HTTP 401 answered a request that carried a cached token: fetch a
        new one next time."""
        if params.get("token") and params.get("token_scope") is not None:
            self.drop(engine.name, params["token_scope"])
