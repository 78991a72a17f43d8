"""User preferences: definitions, cookie parsing, one-request overrides, sharing.

Preferences live in cookies under SearXNG's names. A request parameter of the
same name overrides a preference for that request only. Secret preferences
(an API key) never go into the shareable URL or a page; the user's own LLM
server and model never go into the shareable URL either (a link must not
redirect someone's summaries).
"""

from __future__ import annotations

import base64
import re
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode

from searx.errors import BadRequest
from searx.settings import printable_ascii
from searx.settings_sections import SUMMARY_MODES

# A share token holds a few hundred bytes; these bounds refuse a compressed bomb
# before it is inflated (a 65 kB token once inflated to 48 MiB).
MAX_TOKEN = 8192
MAX_TOKEN_DATA = 16384
# a search language: auto, all, or a language code with an optional region (en, en-US)
LANGUAGE = re.compile(r"(auto|all|[a-z]{2,3}(-[A-Za-z]{2})?)")
# default categories: comma-separated names (the form sends one checkbox per tab)
CATEGORIES = re.compile(r"[a-z0-9_ &.-]{1,40}(,[a-z0-9_ &.-]{1,40}){0,31}")
# the page styles: auto follows the browser's light or dark setting
STYLES = ("auto", "light", "dark", "black")


@dataclass(frozen=True)
class Pref:
    """One preference: its default, the values it may take, and who may see it."""

    name: str
    default: str
    choices: tuple[str, ...] = ()
    secret: bool = False
    max_len: int = 2048
    shared: bool = True  # may travel in a share link (secret ones never do)
    printable: bool = False  # printable ASCII only (goes into an HTTP header)
    pattern: re.Pattern[str] | None = None  # the whole value must match

    def check(self, value: str) -> str | None:
        """The value as stored, or None when it is not allowed."""
        value = value.strip()
        if len(value) > self.max_len or (self.choices and value not in self.choices):
            return None
        if self.printable and not printable_ascii(value):
            return None
        if self.pattern is not None and not self.pattern.fullmatch(value):
            return None
        return value


def definitions(settings: object, autocomplete: Iterable[str]) -> dict[str, Pref]:
    """All preferences with defaults taken from the settings; ``autocomplete``: the names of the
    instance's autocomplete backends (``searx.autocomplete.backends.NAMES``), handed in by the
    services builder so that the preference model stays below the packages that use it."""
    s = settings  # searx.settings.Settings
    prefs = [
        Pref("categories", "general", max_len=400, pattern=CATEGORIES),
        Pref("language", s.search.default_lang or "auto", max_len=10, pattern=LANGUAGE),  # type: ignore[attr-defined]
        Pref("locale", s.ui.default_locale or ""),  # type: ignore[attr-defined]
        Pref("safesearch", str(s.search.safe_search), ("0", "1", "2")),  # type: ignore[attr-defined]
        Pref("theme", s.ui.default_theme or "simple", ("simple",)),  # type: ignore[attr-defined]
        Pref("results_on_new_tab", "1" if s.ui.results_on_new_tab else "0", ("0", "1")),  # type: ignore[attr-defined]
        Pref("method", (s.server.method or "GET").upper(), ("GET", "POST")),  # type: ignore[attr-defined]
        Pref("enabled_engines", ""),
        Pref("disabled_engines", ""),
        Pref("enabled_plugins", ""),
        Pref("disabled_plugins", ""),
        Pref("image_proxy", "1" if s.server.image_proxy else "0", ("0", "1")),  # type: ignore[attr-defined]
        Pref("load_images", "1", ("0", "1")),
        Pref("autocomplete", s.search.autocomplete or "", ("", *autocomplete)),  # type: ignore[attr-defined]
        Pref("ai_summary_mode", s.ai_summary.default_mode, SUMMARY_MODES),  # type: ignore[attr-defined]
        *display(s),
        Pref("ai_summary_server", "", shared=False),
        Pref("ai_summary_model", "", max_len=200, shared=False),
        Pref("ai_summary_api_key", "", secret=True, max_len=500, shared=False, printable=True),
        # oa_doi_rewrite's resolver: one of doi_resolvers (SearXNG's name)
        Pref("doi_resolver", s.default_doi_resolver or next(iter(s.doi_resolvers), ""),  # type: ignore[attr-defined]
             tuple(s.doi_resolvers) or ("",)),  # type: ignore[attr-defined]
    ]
    return {p.name: p for p in prefs}


def _on_off(value: object) -> str:
    return "1" if value else "0"


def display(settings: object) -> list[Pref]:
    """How pages look and behave (SearXNG's names; defaults from ``ui.*`` and ``search.favicon_resolver``).

    The favicon resolver is the instance's choice: a user may only turn it off (or on again).
    """
    ui = settings.ui  # type: ignore[attr-defined]
    resolver = settings.search.favicon_resolver  # type: ignore[attr-defined]
    return [
        Pref("simple_style", ui.theme_args.simple_style, STYLES),
        Pref("center_alignment", _on_off(ui.center_alignment), ("0", "1")),
        Pref("query_in_title", _on_off(ui.query_in_title), ("0", "1")),
        Pref("hotkeys", ui.hotkeys, ("default", "vim")),
        Pref("url_formatting", ui.url_formatting, ("pretty", "full", "host")),
        Pref("favicon_resolver", resolver, tuple(dict.fromkeys(("", resolver)))),
    ]


class Preferences:
    """The preferences of one request: cookie values, then overrides."""

    def __init__(self, defs: Mapping[str, Pref], locked: tuple[str, ...] = ()) -> None:
        self.defs = defs
        self.locked = frozenset(locked)
        self.values: dict[str, str] = {}

    def copy(self) -> Preferences:
        """An independent copy (to override values for one request)."""
        other = Preferences(self.defs, tuple(self.locked))
        other.values = dict(self.values)
        return other

    def load_cookies(self, cookies: Mapping[str, str]) -> Preferences:
        """Take stored values; unknown or invalid cookies are ignored."""
        for name in self.defs:
            if name in cookies and name not in self.locked:
                value = self.defs[name].check(cookies[name])
                if value is not None:
                    self.values[name] = value
        return self

    def update(self, form: Mapping[str, str], *, strict: bool = False) -> list[str]:
        """Apply submitted values. With ``strict`` a bad value raises BadRequest."""
        changed = []
        for name in self.defs:
            if name not in form or name in self.locked:
                continue
            value = self.defs[name].check(form[name])
            if value is None:
                if strict:
                    raise BadRequest(f"invalid value for preference {name!r}")
                continue
            self.values[name] = value
            changed.append(name)
        return changed

    def get(self, name: str) -> str:
        return self.values.get(name, self.defs[name].default)

    def as_dict(self, *, include_secret: bool = False) -> dict[str, str]:
        return {n: self.get(n) for n, p in self.defs.items() if include_secret or not p.secret}

    def csv(self, name: str) -> list[str]:
        return [v for v in self.get(name).split(",") if v]

    def _shared(self, name: str) -> bool:
        pref = self.defs.get(name)
        return pref is not None and pref.shared and not pref.secret

    def share_token(self) -> str:
        """A compact token of the shareable values that differ from the defaults."""
        values = {n: v for n, v in self.values.items() if self._shared(n) and v != self.defs[n].default}
        raw = zlib.compress(urlencode(sorted(values.items())).encode(), 9)
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")

    def load_token(self, token: str) -> list[str]:
        """Apply a share token (preferences that are never shared are ignored)."""
        if len(token) > MAX_TOKEN:
            raise BadRequest("the preferences link is too long")
        inflate = zlib.decompressobj()
        try:
            raw = inflate.decompress(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)), MAX_TOKEN_DATA)
            if inflate.unconsumed_tail or len(inflate.flush(1)):
                raise BadRequest("the preferences link holds too much data")
            if not inflate.eof:
                raise ValueError("truncated")
            pairs = dict(parse_qsl(raw.decode("utf-8")))
        except (ValueError, zlib.error, UnicodeDecodeError) as exc:
            raise BadRequest("the preferences link is damaged") from exc
        return self.update({k: v for k, v in pairs.items() if self._shared(k)})
