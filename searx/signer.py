"""Signatures made with the instance secret: one key per purpose, compared in constant time.

Every purpose has a key of its own, an HMAC-SHA256 of its name under
``server.secret_key``, so a signature made for one purpose never verifies for
another (an image link's ``h`` is no favicon link's, nor an evidence
signature). A signature is lowercase hex, cut to the purpose's length.
Instances that share the secret accept each other's signatures.
"""

from __future__ import annotations

import hmac
from functools import lru_cache

# the purposes: each name is the key's derivation input, so changing one invalidates what it signed
EVIDENCE = "searx-ai ai_summary evidence v1"  # the summary placeholder's evidence
IMAGE_PROXY = "searx image proxy"  # /image_proxy links, with their expiry
FAVICON = "searx favicon proxy"  # /favicon_proxy links
MCP_SESSION = "searx-ai mcp session"  # MCP session ids
CLIENT_MARKER = "searx-ai client marker"  # a client's pseudonym (no signature to check: a stable name)
SHARE_LINK = "searx-ai share link"  # a shared answer's id, derived from its conversation's (which it hides)
PURPOSES = (EVIDENCE, IMAGE_PROXY, FAVICON, MCP_SESSION, CLIENT_MARKER, SHARE_LINK)
MAX_EXPIRES_DIGITS = 12


class Signer:
    """Signs and checks messages of one purpose; ``digits``: how many hex digits a signature has."""

    __slots__ = ("_key", "digits")

    def __init__(self, secret: str | bytes, purpose: str, *, digits: int = 64) -> None:
        if not 16 <= digits <= 64:
            raise ValueError("a signature has 16 to 64 hex digits")
        raw = secret.encode() if isinstance(secret, str) else secret
        self._key = hmac.digest(raw, purpose.encode(), "sha256")
        self.digits = digits

    def mac(self, message: str | bytes) -> bytes:
        """The whole HMAC-SHA256 of ``message``: 32 bytes, for an id written in another alphabet."""
        return hmac.digest(self._key, message.encode() if isinstance(message, str) else message, "sha256")

    def sign(self, message: str | bytes) -> str:
        return self.mac(message).hex()[: self.digits]

    def valid(self, message: str | bytes, signature: object) -> bool:
        """Whether ``signature`` is this purpose's signature of ``message`` (exact, in constant time)."""
        if not isinstance(signature, str) or len(signature) != self.digits:
            return False
        return hmac.compare_digest(self.sign(message).encode(), signature.encode("utf-8", "surrogatepass"))

    def sign_until(self, expires: int, message: str) -> str:
        """A signature of ``message`` that holds until ``expires`` (Unix seconds), which it covers."""
        return self.sign(f"{expires}\n{message}")

    def valid_until(self, expires: str, message: str, signature: object, now: float) -> bool:
        """Whether ``signature`` signs ``message`` until ``expires`` (as it came, digits) and that is not past."""
        if not (expires.isascii() and expires.isdigit() and len(expires) <= MAX_EXPIRES_DIGITS) or int(expires) < now:
            return False
        return self.valid(f"{int(expires)}\n{message}", signature)


@lru_cache(maxsize=16)
def signer(secret: str | bytes, purpose: str, digits: int = 64) -> Signer:
    """The signer of ``purpose`` under ``secret``, its key derived once (a page signs a link per result)."""
    return Signer(secret, purpose, digits=digits)
