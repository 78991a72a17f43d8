"""The hostnames rules: SearXNG's ``replace``, ``remove``, ``high_priority`` and ``low_priority``
regular expressions, read once at start-up and applied to result hosts.

A rule list is given inline or as the name of a YAML file next to settings.yml
(a mapping for ``replace``, a list for the others). A pattern that does not
compile, a file that cannot be read and a pattern that backtracks without end
stop start-up naming the key.

Regular-expression bombs: a pattern only ever sees a host name (at most 253
characters; a longer host is no host and its result is dropped); every match
runs under the ``regex`` engine's timeout (``TIMEOUT``; a match that runs out counts
as no match and is logged); at start-up every pattern is tried on long host-like
probes and one that runs out there is refused. Cost: a rule runs only on a host
holding its required literal (``facebook.com`` of ``(.*\\.)?facebook\\.com$``), and
each host's decision is kept (``MEMO`` hosts), so a search costs a few dict lookups.
"""

from __future__ import annotations

import functools
import hashlib
import logging
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import regex
import yaml

from searx.errors import SettingsError

log = logging.getLogger("searx.plugins.hostnames")

KINDS = ("replace", "remove", "high_priority", "low_priority")
MAX_HOST = 253
TIMEOUT = 0.05  # seconds one match may take
MEMO = 8192  # hosts whose decision is kept
_PROBE_CHARS = "a0.-"
PROBES = tuple(c * 250 + tail for c in _PROBE_CHARS for tail in ("", "!", "-", ".")) + ("a." * 125 + "!",)
_HOST_CHARS = regex.compile(r"[\w.-]+")
_QUANTIFIERS = ("?", "*", "+", "{")
# escapes that stand for a class or a position; any other letter or digit after \ ends the search
_CLASS_ESCAPES = frozenset("dwsbDWSBAZz")
# verbose or fuzzy patterns, version-1 syntax, other escapes: no literal is sure
_GIVE_UP = regex.compile(r"\(\?\^?[a-zA-Z]*[xV]|\{e|\\[^dwsbDWSBAZz\W]")


@dataclass(frozen=True)
class Decision:
    """What the rules make of one host."""

    remove: bool = False
    host: str | None = None  # the replacement, when a replace rule matched
    priority: str = ""  # high, low or ""


def _class_end(pattern: str, i: int) -> int:
    """The index of the ``]`` closing the character class opened at ``i``; -1 when the class holds
    a ``[`` (a POSIX class such as ``[[:alpha:]]``, a nested set): where it ends is not sure."""
    j = i + 1
    if pattern[j:j + 1] == "^":
        j += 1
    if pattern[j:j + 1] == "]":
        j += 1
    while j < len(pattern) and pattern[j] != "]":
        if pattern[j] == "[":
            return -1
        j += 2 if pattern[j] == "\\" else 1
    return j


def required_literal(pattern: str) -> str:
    """A text every match contains (lower-cased), or "" when none is sure.

    Conservative: only characters at the top level that no quantifier makes optional;
    nothing for a top-level alternation, escapes other than classes, verbose or fuzzy patterns.
    """
    if _GIVE_UP.search(pattern):
        return ""
    runs, run, depth, i = [], "", 0, 0
    while i < len(pattern):
        ch, literal = pattern[i], None
        if ch == "\\" and i + 1 < len(pattern):
            i += 1
            literal = None if pattern[i] in _CLASS_ESCAPES else pattern[i]
        elif ch == "[":
            i = _class_end(pattern, i)
            if i < 0:
                return ""
        elif ch == "{":
            i = pattern.find("}", i) if "}" in pattern[i:] else len(pattern)
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            return ""
        elif ch not in ".^$?*+" and depth == 0:
            literal = ch
        if literal is not None and depth == 0 and pattern[i + 1:i + 2] not in _QUANTIFIERS:
            run += literal
        else:
            runs.append(run)
            run = ""
        i += 1
    runs.append(run)
    return max(runs, key=len).lower()


_REFERENCE = regex.compile(r"\\(?:g<([^>]*)>|([1-9]\d?)|(.?))", regex.DOTALL)


def _check_references(key: str, pattern: regex.Pattern[str], replacement: str) -> None:
    """Refuse a replacement naming a group the pattern lacks (``\\2``, ``\\g<name>``): the engine
    would say so only on the first host that matches, and that host would keep its name."""
    for found in _REFERENCE.finditer(replacement):
        name, number, other = found.groups()
        ref = name if name is not None else number
        if ref is None:
            if not other:
                raise SettingsError(f"{key}: the replacement ends with a lone backslash")
            continue
        known = (ref.isdigit() and int(ref) <= pattern.groups) or ref in pattern.groupindex
        if not known:
            raise SettingsError(f"{key}: the replacement names group {ref!r}, which the pattern does not have")


class Rule:
    """One compiled pattern; ``key`` names it in messages (``hostnames.remove[2]``)."""

    def __init__(self, key: str, pattern: str, replacement: str | None = None) -> None:
        if not isinstance(pattern, str) or not pattern:
            raise SettingsError(f"{key}: expected a regular expression, got {pattern!r}")
        try:
            self.pattern = regex.compile(pattern)
        except (regex.error, ValueError, OverflowError) as exc:
            raise SettingsError(f"{key}: not a valid regular expression: {exc}") from exc
        if replacement is not None and not isinstance(replacement, str):
            raise SettingsError(f"{key}: the replacement must be a host name, got {replacement!r}")
        if replacement:
            _check_references(key, self.pattern, replacement)
        self.key, self.replacement, self.literal = key, replacement, required_literal(pattern)
        for probe in PROBES:
            try:
                self.pattern.search(probe, timeout=TIMEOUT)
            except TimeoutError as exc:
                raise SettingsError(f"{key}: the pattern backtracks without end (over {TIMEOUT * 1000:g} ms on a "
                                    f"{len(probe)}-character host name); write it without nested repeats") from exc

    def search(self, host: str) -> regex.Match[str] | None:
        if self.literal and self.literal not in host:
            return None
        try:
            return self.pattern.search(host, timeout=TIMEOUT)
        except TimeoutError:
            log.warning("%s: ran out of time on a host of %d characters; counted as no match", self.key, len(host))
            return None

    def replace(self, host: str) -> str | None:
        """``host`` with the rule's replacement, or None when the result is no host name."""
        try:
            new = self.pattern.sub(self.replacement or "", host, timeout=TIMEOUT).lower()
        except (TimeoutError, regex.error, IndexError) as exc:
            log.warning("%s: no replacement for a host (%s)", self.key, type(exc).__name__)
            return None
        return new if 0 < len(new) <= MAX_HOST and _HOST_CHARS.fullmatch(new) else None


def _read(base: Path, key: str, name: str) -> Any:
    path = base / name
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SettingsError(f"{key}: cannot read the rules file {path}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise SettingsError(f"{key}: the rules file {path} is not UTF-8 text") from exc
    except yaml.YAMLError as exc:
        raise SettingsError(f"{key}: the rules file {path} is not valid YAML: {exc}") from exc


def _rules(kind: str, value: Any, base: Path) -> Iterator[Rule]:
    key = f"hostnames.{kind}"
    if isinstance(value, str):
        key, value = f"{key} ({value})", _read(base, key, value)
    if value is None:
        return
    if kind == "replace":
        if not isinstance(value, Mapping):
            raise SettingsError(f"{key}: expected a mapping of patterns to host names")
        for pattern, host in value.items():
            yield Rule(f"{key}[{pattern!r}]", pattern, host)
        return
    if not isinstance(value, (list, tuple)):
        raise SettingsError(f"{key}: expected a list of patterns")
    for i, pattern in enumerate(value):
        yield Rule(f"{key}[{i}]", pattern)


class HostRules:
    """The compiled rules; ``decide(host)`` is kept per host, ``digest`` changes with any rule."""

    def __init__(self, rules: Mapping[str, list[Rule]]) -> None:
        self.replace, self.remove = rules.get("replace", []), rules.get("remove", [])
        self.high, self.low = rules.get("high_priority", []), rules.get("low_priority", [])
        canon = [(kind, r.pattern.pattern, r.replacement) for kind in KINDS for r in rules.get(kind, [])]
        self.digest = hashlib.sha256(repr(canon).encode()).hexdigest()[:16]
        self.count = len(canon)
        self.decide = functools.lru_cache(maxsize=MEMO)(self._decide)

    def _decide(self, host: str) -> Decision:
        if any(rule.search(host) for rule in self.remove):
            return Decision(remove=True)
        new = next((rule.replace(host) for rule in self.replace if rule.search(host)), None)
        final = new or host
        priority = "high" if any(r.search(final) for r in self.high) else "low" if any(
            r.search(final) for r in self.low) else ""  # fmt: skip
        return Decision(host=new, priority=priority)

    def url(self, url: str) -> tuple[str | None, str]:
        """(``url`` as the rules have it, or None when its host is removed; the host's priority)."""
        try:
            parts = urlsplit(url)
            host, port = parts.hostname, parts.port
        except ValueError:
            return None, ""  # a host that cannot be read cannot be shown to pass the rules
        if not host:
            return url, ""  # a path of this instance (collections)
        if len(host) > MAX_HOST:
            return None, ""
        found = self.decide(host)
        if found.remove:
            return None, ""
        if found.host is None:
            return url, found.priority
        netloc = f"[{found.host}]" if ":" in found.host else found.host
        userinfo, _, _ = parts.netloc.rpartition("@")
        at = f":{port}" if port else ""
        netloc = f"{userinfo}@{netloc}{at}" if userinfo else f"{netloc}{at}"
        return urlunsplit(parts._replace(netloc=netloc)), found.priority

    def removes(self, url: str) -> bool:
        return self.url(url)[0] is None


def from_settings(settings: Any) -> HostRules | None:
    """The rules of ``settings.hostnames`` (files relative to the settings file), or None without any."""
    conf = getattr(settings, "hostnames", None)
    if conf is None:
        return None
    source = Path(settings.source) if settings.source else None
    base = source.parent if source is not None and source.suffix in (".yml", ".yaml") else Path.cwd()
    rules = {kind: list(_rules(kind, getattr(conf, kind), base)) for kind in KINDS}
    return HostRules(rules) if any(rules.values()) else None
