"""The random answerer: ``random int``, ``float``, ``string``, ``uuid``, ``sha256``, ``color`` (SearXNG's)."""

from __future__ import annotations

import hashlib
import secrets
import string
import uuid
from collections.abc import Callable

from searx.plugins import N_, SearchContext
from searx.plugins.answerers import Answerer

_LETTERS = string.ascii_lowercase + string.digits + string.ascii_uppercase
_INT_MAX = 2**31


def _characters() -> str:
    return "".join(secrets.choice(_LETTERS) for _ in range(8 + secrets.randbelow(25)))  # 8 to 32


# the values are drawn from the system's secure source: a "random string" may become a password
KINDS: dict[str, Callable[[], str]] = {
    "string": _characters,
    "int": lambda: str(secrets.randbelow(2 * _INT_MAX + 1) - _INT_MAX),
    "float": lambda: str(secrets.randbits(53) / 2**53),
    "sha256": lambda: hashlib.sha256(_characters().encode()).hexdigest(),
    "uuid": lambda: str(uuid.uuid4()),
    "color": lambda: f"#{secrets.randbits(24):06X}",
}


class RandomAnswerer(Answerer):
    id = "random"
    name = N_("Random values")
    description = N_('"random int", "random uuid" ... (int, float, string, uuid, sha256, color).')
    keywords = ("random",)

    def answer(self, ctx: SearchContext, words: list[str]) -> str | None:
        if len(words) != 2 or words[1].lower() not in KINDS:
            return None
        return KINDS[words[1].lower()]()
