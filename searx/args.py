"""Arguments from outside (MCP tools, /fetch) checked one by one; a bad one is refused naming it, never clamped (pure)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from searx.errors import SearxError

_HOST = re.compile(r"(?=.{1,253}\Z)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*")
MAX_HOSTS = 20


class ArgumentError(SearxError):
    """A tool argument that cannot be used; the message starts with the argument's name."""

    code = "bad_request"

    def __init__(self, name: str, message: str) -> None:
        super().__init__(f"{name}: {message}")
        self.name = name


def only(args: Mapping[str, Any], known: Iterable[str]) -> None:
    unknown = sorted(set(args) - set(known))
    if unknown:
        raise ArgumentError(unknown[0], f"unknown argument (known: {', '.join(known)})")


def text(args: Mapping[str, Any], name: str, *, max_len: int, required: bool = False) -> str | None:
    value = args.get(name)
    if value is None:
        if required:
            raise ArgumentError(name, "required")
        return None
    if not isinstance(value, str):
        raise ArgumentError(name, "expected a string")
    if required and not value.strip():
        raise ArgumentError(name, "must not be empty")
    if len(value) > max_len:
        raise ArgumentError(name, f"at most {max_len} characters (got {len(value)})")
    return value


def integer(args: Mapping[str, Any], name: str, default: int, low: int, high: int) -> int:
    value = args.get(name)
    if value is None:
        return default
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentError(name, f"expected a whole number from {low} to {high}")
    if not low <= value <= high:
        raise ArgumentError(name, f"must be from {low} to {high} (got {value})")
    return value


def choice(args: Mapping[str, Any], name: str, choices: tuple[str, ...]) -> str | None:
    value = args.get(name)
    if value is None:
        return None
    if value not in choices:
        raise ArgumentError(name, f"must be one of {', '.join(choices)} (got {str(value)[:40]!r})")
    return str(value)


def _host(name: str, value: Any) -> str:
    if not isinstance(value, str) or not _HOST.fullmatch(value.strip().lower().rstrip(".")):
        raise ArgumentError(name, f"expected a host name like example.com (got {str(value)[:80]!r})")
    return value.strip().lower().rstrip(".")


def host(args: Mapping[str, Any], name: str) -> str | None:
    value = args.get(name)
    return None if value is None else _host(name, value)


def hosts(args: Mapping[str, Any], name: str) -> tuple[str, ...]:
    value = args.get(name)
    if value is None:
        return ()
    if not isinstance(value, list):
        raise ArgumentError(name, "expected a list of host names")
    if len(value) > MAX_HOSTS:
        raise ArgumentError(name, f"at most {MAX_HOSTS} host names (got {len(value)})")
    return tuple(dict.fromkeys(_host(name, v) for v in value))


def within(url_host: str, names: Iterable[str]) -> bool:
    """Whether ``url_host`` is one of ``names`` or a subdomain of one."""
    url_host = url_host.lower().rstrip(".")
    return any(url_host == n or url_host.endswith("." + n) for n in names)
