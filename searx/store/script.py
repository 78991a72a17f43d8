"""An atomic change of a few store keys, written twice: Lua for Valkey, Python for memory.

Valkey runs ``lua`` as one script (one round trip, atomic across instances);
the memory store runs ``apply`` under its lock. Both get the same keys and the
same string arguments and must decide alike (tests run each script on both).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

# apply(current values of the keys, args) -> new values: bytes to store (without
# expiry), None to delete; returning a current value object unchanged leaves that key alone
Apply = Callable[[list[bytes | None], Sequence[str]], list[bytes | None]]


@dataclass(frozen=True)
class Script:
    """One named update: ``lua`` sees KEYS and ARGV, ``apply`` the same values in Python."""

    name: str
    lua: str
    apply: Apply
