"""A pure server-sent events decoder: bytes in, events out.

Follows the WHATWG rules: lines end in CR, LF or CRLF (a CR at the end of one
chunk and an LF at the start of the next are one line end), ``:`` starts a
comment, several ``data:`` lines join with newlines, a blank line dispatches.
Input may be split at any byte, even inside a UTF-8 sequence.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass


@dataclass(frozen=True)
class SSEEvent:
    data: str
    event: str = "message"
    id: str = ""


@dataclass(frozen=True)
class SSEComment:
    """A comment line (``: ping``); it keeps a connection alive but carries no data."""

    text: str


class SSEDecoder:
    """Feed chunks with ``feed``; call ``close`` at the end of the stream."""

    def __init__(self) -> None:
        self._text = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._buffer = ""
        self._skip_lf = False  # the last chunk ended in CR: a leading LF belongs to it
        self._data: list[str] = []
        self._event = ""
        self._id = ""

    def feed(self, chunk: bytes) -> list[SSEEvent | SSEComment]:
        return self._lines(self._text.decode(chunk))

    def close(self) -> list[SSEEvent | SSEComment]:
        """Flush; an event not followed by a blank line is dropped, as the spec says."""
        out = self._lines(self._text.decode(b"", final=True))
        if self._buffer:
            out += self._line(self._buffer)
            self._buffer = ""
        return out

    def _lines(self, text: str) -> list[SSEEvent | SSEComment]:
        if self._skip_lf and text:
            if text[0] == "\n":
                text = text[1:]
            self._skip_lf = False
        out: list[SSEEvent | SSEComment] = []
        buffer = self._buffer + text
        start = 0
        length = len(buffer)
        while start < length:
            cr, lf = buffer.find("\r", start), buffer.find("\n", start)
            if cr < 0 and lf < 0:
                break
            end = lf if cr < 0 else cr if lf < 0 else min(cr, lf)
            out += self._line(buffer[start:end])
            if buffer[end] == "\r":
                if end + 1 < length:
                    start = end + 2 if buffer[end + 1] == "\n" else end + 1
                else:  # CR at the very end: an LF may follow in the next chunk
                    self._skip_lf = True
                    start = end + 1
            else:
                start = end + 1
        self._buffer = buffer[start:]
        return out

    def _line(self, line: str) -> list[SSEEvent | SSEComment]:
        if not line:
            return self._dispatch()
        if line[0] == ":":
            return [SSEComment(line[1:].lstrip(" "))]
        name, colon, value = line.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        if name == "data":
            self._data.append(value)
        elif name == "event":
            self._event = value
        elif name == "id" and "\0" not in value:
            self._id = value
        # "retry" and unknown fields are ignored: we never reconnect
        return []

    def _dispatch(self) -> list[SSEEvent | SSEComment]:
        if not self._data or self._data == [""]:  # the spec skips empty data
            self._data, self._event = [], ""
            return []
        event = SSEEvent(data="\n".join(self._data), event=self._event or "message", id=self._id)
        self._data, self._event = [], ""
        return [event]
