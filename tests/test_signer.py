"""The one signer: a key per purpose, exact constant-time checks, expiry, and the signatures already handed out."""

from __future__ import annotations

import base64
import hashlib
import hmac
import itertools

import pytest

from searx import signer as signing
from searx.mcp.session import Sessions
from searx.proxy import favicons, images
from searx.settings_sections import AISummary
from searx.signer import PURPOSES, Signer, signer
from searx.store.memory import MemoryStore
from searx.summary import evidence
from searx.summary.conversation import Conversations
from tests.conftest import SECRET


def _old_style(purpose: bytes, message: bytes) -> str:
    """A signature as the instance made it before there was one signer: HMAC(HMAC(secret, purpose), message)."""
    key = hmac.new(SECRET.encode(), purpose, hashlib.sha256).digest()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def test_the_purposes_are_distinct() -> None:
    assert len(set(PURPOSES)) == len(PURPOSES)


@pytest.mark.parametrize(("made", "checked"), list(itertools.permutations(PURPOSES, 2)))
def test_a_signature_for_one_purpose_never_verifies_for_another(made: str, checked: str) -> None:
    message = "https://example.org/cat.png"
    assert not Signer(SECRET, checked).valid(message, Signer(SECRET, made).sign(message))
    assert not Signer(SECRET, checked).valid_until("2000000000", message,
                                                  Signer(SECRET, made).sign_until(2_000_000_000, message), now=0)


def test_another_secret_or_message_does_not_verify() -> None:
    sig = Signer(SECRET, signing.FAVICON).sign("m")
    assert Signer(SECRET, signing.FAVICON).valid("m", sig)
    assert not Signer("another-instance-secret-0123456789", signing.FAVICON).valid("m", sig)
    assert not Signer(SECRET, signing.FAVICON).valid("m2", sig)
    assert Signer(SECRET.encode(), signing.FAVICON).valid("m", sig)  # str or bytes: the same secret


@pytest.mark.parametrize("bad", [None, 12, b"", "", "x" * 64, "Ä" * 64, "\ud800" * 64])
def test_anything_but_the_exact_signature_is_refused(bad: object) -> None:
    assert not Signer(SECRET, signing.EVIDENCE).valid("m", bad)


def test_the_check_is_exact_and_the_length_is_the_purposes() -> None:
    s = Signer(SECRET, signing.MCP_SESSION, digits=32)
    sig = s.sign("body")
    assert len(sig) == 32 and sig == sig.lower()
    assert not s.valid("body", sig.upper()) and not s.valid("body", sig[:-1]) and not s.valid("body", sig + "0")
    with pytest.raises(ValueError):
        Signer(SECRET, signing.FAVICON, digits=8)


@pytest.mark.parametrize(("expires", "now", "ok"), [
    ("2000", 1999.0, True), ("2000", 2000.0, True), ("2000", 2000.5, False), ("0002000", 1999.0, True),
    ("", 0.0, False), ("-1", 0.0, False), ("1e3", 0.0, False), ("²", 0.0, False), ("9" * 13, 0.0, False),
])  # fmt: skip
def test_an_expiry_is_signed_and_checked(expires: str, now: float, ok: bool) -> None:
    s = Signer(SECRET, signing.IMAGE_PROXY)
    sig = s.sign_until(2000, "u")
    assert s.valid_until(expires, "u", sig, now) is ok
    assert not s.valid_until("2001", "u", sig, 0.0)  # another expiry: another signature


def test_the_signer_is_made_once_per_secret_and_purpose() -> None:
    assert signer(SECRET, signing.FAVICON, 32) is signer(SECRET, signing.FAVICON, 32)
    assert signer(SECRET, signing.FAVICON, 32) is not signer(SECRET, signing.IMAGE_PROXY, 32)


def test_links_and_sessions_signed_before_still_verify() -> None:
    """The evidence, image, favicon, session and share-link signatures keep their bytes: pages, sessions
    and links issued before an upgrade stay valid."""
    url = "https://example.org/cat.png"
    assert images.signature(SECRET, url, 2000) == _old_style(b"searx image proxy", b"2000\n" + url.encode())
    assert images.verify(SECRET, url, "2000", _old_style(b"searx image proxy", b"2000\n" + url.encode()), now=0)
    old = _old_style(b"searx favicon proxy", b"duckduckgo\nexample.org")[:32]
    assert favicons.signature(SECRET, "duckduckgo", "example.org") == old
    ev = evidence.Evidence(v=1, query="q", lang="en", exp=10, sources=[])
    assert evidence.sign(ev, SECRET.encode()) == _old_style(b"searx-ai ai_summary evidence v1", evidence.canonical(ev))
    body = "2025-06-18.1000.0123456789abcdef"
    session = f"{body}.{_old_style(b'searx-ai mcp session', body.encode())[:32]}"
    assert Sessions(SECRET, MemoryStore(), clock=lambda: 1001.0).version(session) == "2025-06-18"
    conversations = Conversations(MemoryStore(), AISummary(), SECRET.encode())
    old_share = base64.urlsafe_b64encode(bytes.fromhex(_old_style(b"searx-ai share link", b"c0nv3rs4t10n:2"))[:16])
    assert conversations.share_id("c0nv3rs4t10n", 2) == old_share.decode().rstrip("=")



def test_an_image_link_with_a_digit_that_is_no_ascii_digit_is_refused_not_an_error() -> None:
    url = "https://example.org/cat.png"
    assert not images.verify(SECRET, url, "²", images.signature(SECRET, url, 2), now=0)
