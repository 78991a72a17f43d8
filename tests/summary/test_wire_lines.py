"""The client's fixture of summary lines is what ``searx/summary/ndjson.py`` writes today.

``client/test/wire.test.ts`` parses every line of it with ``parseEvent`` and checks that nothing the
server sends is dropped or renamed. The fixture is generated here, never written by hand: when the
server's lines change, this test fails until it is written again::

    SEARX_UPDATE_FIXTURES=1 python -m pytest tests/summary/test_wire_lines.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from searx.summary import ndjson
from tests.summary.wire_lines import samples

FIXTURE = Path(__file__).resolve().parents[2] / "client" / "test" / "fixtures" / "summary_lines.ndjson"


def generated() -> str:
    """One JSON object a line: the client's ``kind`` and the exact line the server writes."""
    lines = [json.dumps({"kind": kind, "line": ndjson.encode(event).decode("utf-8")}, ensure_ascii=False)
             for kind, event in samples()]  # fmt: skip
    return "\n".join(lines) + "\n"


def test_the_clients_fixture_holds_every_line_the_server_writes() -> None:
    text = generated()
    if os.environ.get("SEARX_UPDATE_FIXTURES"):
        FIXTURE.parent.mkdir(parents=True, exist_ok=True)
        FIXTURE.write_text(text, encoding="utf-8")
    assert FIXTURE.exists() and FIXTURE.read_text(encoding="utf-8") == text, (
        "the summary lines changed: SEARX_UPDATE_FIXTURES=1 python -m pytest tests/summary/test_wire_lines.py, "
        "then cd client && npx vitest run test/wire.test.ts")


def test_every_line_is_one_json_object_on_one_line() -> None:
    for kind, event in samples():
        line = ndjson.encode(event)
        assert line.endswith(b"\n") and b"\n" not in line[:-1], kind
        assert isinstance(json.loads(line), dict)
