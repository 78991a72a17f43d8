"""The summary docs name every setting, NDJSON event key and error code (a test fails otherwise)."""

from __future__ import annotations

from pathlib import Path

import msgspec

from searx.settings_sections import AISummary
from searx.summary import ndjson
from searx.summary.review import SupportMark
from tests.summary.wire_lines import SUPPORT_STATES, samples

DOCS = Path(__file__).resolve().parents[2] / "docs"
ADMIN = (DOCS / "admin" / "ai_summary.md").read_text(encoding="utf-8")
PROTOCOL = (DOCS / "dev" / "ai_summary_protocol.md").read_text(encoding="utf-8")


def test_every_setting_is_in_the_admin_doc() -> None:
    missing = [f.name for f in msgspec.structs.fields(AISummary) if f"`{f.name}`" not in ADMIN]
    assert not missing


def test_every_error_code_is_in_both_docs() -> None:
    for text in (ADMIN, PROTOCOL):
        assert not [code for code in ndjson.ERRORS if f"`{code}`" not in text]


def test_every_event_key_is_in_the_protocol_doc() -> None:
    nested = {"search", "conversation"}  # lines whose one key holds an object of keys of its own
    events = [event for _, event in samples()]
    lines = [ndjson.encode(event) for event in events]
    keys = set()
    for line in lines:
        decoded = msgspec.json.decode(line)
        keys |= set(decoded)
        for key in nested & set(decoded):
            keys |= set(decoded[key])
    keys |= {f.name for f in msgspec.structs.fields(SupportMark)}
    keys |= {"evidence", "signature", "mode", "fresh", "query", "lang", "exp", "title", "url", "snippet", "n"}
    keys |= {"related", "conversation", "question", "turn", "search", "rewritten", "id", "max_turns", "share",
             "expires"}  # the evidence's suggestions, the follow-up and share requests and their answers
    assert not [k for k in sorted(keys) if f"`{k}" not in PROTOCOL and f'"{k}"' not in PROTOCOL]


def test_every_support_state_is_in_the_protocol_doc() -> None:
    assert not [s for s in SUPPORT_STATES if f"`{s}`" not in PROTOCOL]


def test_every_reading_state_is_in_the_protocol_doc() -> None:
    from searx.summary.reading import STATES

    assert not [s for s in STATES if f"`{s}`" not in PROTOCOL]
