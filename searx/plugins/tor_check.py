"""The tor_check plugin (off by default): ``tor-check`` answers whether the client's address is a Tor exit.

The exit list (``tor_check.exit_list_url``, the Tor Project's by default) is read
through the engine network, so ``outgoing.proxies`` and ``verify`` apply, and kept
in the store for ``tor_check.cache_ttl`` seconds: a search downloads it at most once
per TTL, across every instance sharing the store (a lock key stops a second
download while one runs). A failed download is tried again after ``RETRY`` seconds
at the earliest (or the TTL, when shorter). The store's keys name the URL (its digest), so
a changed URL never serves the old list. Answers and log lines name the list's address
without its user, password, query or fragment: they may hold a mirror's token.
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import re
import threading
from collections.abc import Callable
from urllib.parse import urlsplit, urlunsplit

from searx.errors import SettingsError
from searx.plugins import DEFAULT_SETTINGS, N_, AnswerPlugin, PluginConfig, Resources, SearchContext
from searx.results.links import safe_url
from searx.settings import Settings
from searx.settings_sections import TorCheck
from searx.store.base import Store

log = logging.getLogger("searx.plugins.tor_check")

KEYWORDS = frozenset({"tor-check", "tor_check", "torcheck", "tor", "tor check"})  # SearXNG's
RETRY = 300.0
_EXIT = re.compile(rb"^ExitAddress\s+(\S+)", re.MULTILINE)

USING = N_("You are using Tor: %(address)s is a Tor exit node.")
NOT_USING = N_("You are not using Tor: %(address)s is not a Tor exit node.")
UNKNOWN = N_("The list of Tor exit nodes could not be read from %(url)s; try again later.")


def parse(body: bytes) -> frozenset[str]:
    """The exit addresses of a list in the Tor Project's format (``ExitAddress 1.2.3.4 ...`` lines)."""
    found = set()
    for raw in _EXIT.findall(body):
        try:
            found.add(ipaddress.ip_address(raw.decode("ascii")).compressed)
        except (UnicodeDecodeError, ValueError):
            continue
    return frozenset(found)


def shown(url: str) -> str:
    """``url`` as answers and logs may name it: scheme, host, port and path only."""
    parts = urlsplit(url)
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


class TorCheckPlugin(AnswerPlugin):
    id = "tor_check"
    name = N_("Tor check")
    description = N_('"tor-check": tell whether your address is a Tor exit node.')
    default_on = False

    def __init__(self, settings: Settings = DEFAULT_SETTINGS, config: PluginConfig | None = None) -> None:
        super().__init__(settings, config)
        self.conf: TorCheck = settings.tor_check
        self.resources: Resources | None = None
        tag = hashlib.sha256(self.conf.exit_list_url.encode()).hexdigest()[:16]
        self.key, self.lock_key, self.failed_key = (f"tor_check:{name}:{tag}" for name in ("exits", "downloading",
                                                                                           "failed"))  # fmt: skip
        self._parsed: tuple[str, frozenset[str]] = ("", frozenset())
        self._lock = threading.Lock()

    @classmethod
    def check(cls, settings: Settings) -> None:
        conf = settings.tor_check
        if not safe_url(conf.exit_list_url):
            raise SettingsError("tor_check.exit_list_url: give the http(s) URL of the exit-node list")
        if conf.cache_ttl <= 0 or conf.timeout <= 0:
            raise SettingsError("tor_check: cache_ttl and timeout must be greater than 0")

    def start(self, resources: Resources) -> None:
        self.resources = resources

    def _download(self, store: Store, get: Callable[[str, float], bytes]) -> bytes | None:
        conf = self.conf
        if store.get(self.failed_key) is not None or not store.add(self.lock_key, b"1", conf.timeout + 1):
            return None  # failed a moment ago, or another search is downloading it
        try:
            found = parse(get(conf.exit_list_url, conf.timeout))
            if not found:
                raise ValueError("no ExitAddress lines")
        except Exception as exc:  # noqa: BLE001 - the answer says the list is unknown
            log.warning("tor_check: the exit list could not be read from %s: %s", shown(conf.exit_list_url), exc)
            store.set(self.failed_key, b"1", min(RETRY, conf.cache_ttl))
            return None
        finally:
            store.delete(self.lock_key)
        raw = "\n".join(sorted(found)).encode("ascii")
        store.set(self.key, raw, conf.cache_ttl)
        return raw

    def exits(self) -> frozenset[str] | None:
        """The exit addresses (from the store, else downloaded); None when they cannot be had now."""
        if self.resources is None:
            return None
        store = self.resources.store
        raw = store.get(self.key)
        if raw is None:
            raw = self._download(store, self.resources.get)
        if raw is None:
            return None
        digest = hashlib.sha256(raw).hexdigest()
        with self._lock:
            if self._parsed[0] != digest:  # parsed once per list, not once per check
                self._parsed = (digest, frozenset(raw.decode("ascii").split("\n")))
            return self._parsed[1]

    def answer(self, ctx: SearchContext) -> str | None:
        if " ".join(ctx.query.lower().split()) not in KEYWORDS or not ctx.client_ip:
            return None
        try:
            address = ipaddress.ip_address(ctx.client_ip).compressed
        except ValueError:
            return None
        exits = self.exits()
        if exits is None:
            return ctx.gettext(UNKNOWN) % {"url": shown(self.conf.exit_list_url)}
        return ctx.gettext(USING if address in exits else NOT_USING) % {"address": address}
