"""What a tool call returns, before it becomes the protocol's ``CallToolResult`` (pure)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ToolOutput:
    """The text a model reads, the same facts as data, and whether the call failed."""

    text: str
    structured: dict[str, Any] | None = field(default=None)
    is_error: bool = False


def refusal(message: str, **structured: Any) -> ToolOutput:
    """A tool error (``isError: true``) the model can read and act on."""
    return ToolOutput(message, {"error": message, **structured} if structured else None, is_error=True)
