"""The pure rules of /mcp: settings, the Origin rule, tokens, signed sessions."""

from __future__ import annotations

import pytest

from searx.errors import SettingsError
from searx.mcp.access import authorized
from searx.mcp.session import MAX_ENDED, Sessions
from searx.settings import mcp_enabled
from searx.store.memory import MemoryStore
from tests.conftest import make_settings

TOKEN = "0123456789abcdef-token"


def test_enabled_by_default_only_on_a_private_instance():
    assert mcp_enabled(make_settings([]))
    assert not mcp_enabled(make_settings([], server={"public_instance": True}))
    assert mcp_enabled(make_settings([], server={"public_instance": True}, mcp={"enabled": True, "tokens": [TOKEN]}))


@pytest.mark.parametrize(("sections", "key"), [
    ({"server": {"public_instance": True}, "mcp": {"enabled": True}}, "mcp.tokens"),
    ({"mcp": {"tokens": ["short"]}}, "mcp.tokens[0]"),
    ({"mcp": {"tokens": [TOKEN + " "]}}, "mcp.tokens[0]"),
    ({"mcp": {"client_limit": -1}}, "mcp.client_limit"),
    ({"mcp": {"window": 0}}, "mcp.window"),
    ({"mcp": {"session_limit": -1}}, "mcp.session_limit"),
])
def test_bad_mcp_settings_stop_start_up_naming_the_key(sections, key):
    with pytest.raises(SettingsError) as info:
        make_settings([], **sections)
    assert str(info.value).startswith(key + ":")


def test_tokens():
    assert authorized(None, ())
    assert authorized(f"Bearer {TOKEN}", ["another-token-000000", TOKEN])
    assert authorized(f"bearer  {TOKEN} ", [TOKEN])
    assert not authorized(None, [TOKEN]) and not authorized("Bearer ", [TOKEN])
    assert not authorized(f"Bearer {TOKEN}x", [TOKEN]) and not authorized(TOKEN, [TOKEN])


def test_sessions_are_signed_expire_and_end():
    now = [1000.0]
    store = MemoryStore()
    one = Sessions("secret", store, ttl=100, clock=lambda: now[0])
    sid = one.open("2025-11-25")
    assert one.version(sid) == "2025-11-25"
    assert Sessions("secret", MemoryStore(), clock=lambda: now[0]).version(sid) == "2025-11-25"  # another worker
    assert Sessions("other secret", store).version(sid) is None
    forged = sid.replace("2025-11-25", "2025-06-18", 1)
    assert one.version(forged) is None and one.version("garbage") is None and one.version("") is None
    assert one.end(sid) == "ended" and one.version(sid) is None and one.end(sid) == "unknown"
    later = one.open("2025-06-18")
    now[0] += 100
    assert one.version(later) is None


def test_ended_sessions_remembered_are_bounded():
    # every DELETE of a live session writes a marker that lives until the id expires: at most MAX_ENDED at once
    now = [1000.0]
    store = MemoryStore()
    sessions = Sessions("secret", store, clock=lambda: now[0])
    ends = [sessions.end(sessions.open("2025-11-25")) for _ in range(MAX_ENDED + 50)]
    assert ends.count("ended") == MAX_ENDED and ends[-50:] == ["full"] * 50
    assert len(store) <= MAX_ENDED + 1  # the markers and the one window counting them
    now[0] += sessions.ttl  # the first markers expired with their sessions: room again
    assert sessions.end(sessions.open("2025-11-25")) == "ended"
