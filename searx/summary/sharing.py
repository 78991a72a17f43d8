"""A POST /ai_summary/share body checked against the conversations kept: the conversation to share, or why not."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from searx.summary.conversation import Conversation, Conversations, valid_id
from searx.summary.gates import Refusal


def share_request(body: bytes | Mapping[str, Any], conversations: Conversations) -> tuple[str, Conversation] | Refusal:
    """(its id, the conversation); ``bad_request`` unless the body is exactly ``{"conversation": id}``; ``bad_conversation`` for an
    unknown or expired one; ``forbidden`` for one a user's own server answered (text a user's server
    wrote is not published under this instance's name)."""
    try:
        wanted = msgspec.json.decode(body) if isinstance(body, bytes) else body
    except msgspec.DecodeError:
        return Refusal("bad_request")
    if not isinstance(wanted, Mapping) or set(wanted) != {"conversation"} or not valid_id(wanted["conversation"]):
        return Refusal("bad_request")
    kept = conversations.load(wanted["conversation"])
    if kept is None:
        return Refusal("bad_conversation")
    if kept.user_server:
        return Refusal("forbidden")
    return wanted["conversation"], kept
