"""Keep ``<think>…</think>`` blocks out of the answer, however the tags are split."""

from __future__ import annotations

OPEN, CLOSE = "<think>", "</think>"


class ThinkFilter:
    """Feed content deltas; get back the part that is answer (thinking is dropped)."""

    def __init__(self) -> None:
        self._pending = ""  # a possible partial tag at the end of the last delta
        self._inside = False
        self.thought = False  # any thinking seen at all

    def feed(self, text: str) -> str:
        text = self._pending + text
        self._pending = ""
        out: list[str] = []
        while text:
            tag = CLOSE if self._inside else OPEN
            at = text.find(tag)
            if at >= 0:
                if not self._inside:
                    out.append(text[:at])
                self.thought = True
                self._inside = not self._inside
                text = text[at + len(tag) :]
                continue
            keep = _partial_suffix(text, tag)
            if not self._inside:
                out.append(text[: len(text) - keep])
            self._pending = text[len(text) - keep :] if keep else ""
            break
        return "".join(out)

    def close(self) -> str:
        """The held-back tail (a partial tag that never completed) when outside a block."""
        tail, self._pending = self._pending, ""
        return "" if self._inside else tail


def _partial_suffix(text: str, tag: str) -> int:
    """Length of the longest suffix of ``text`` that is a proper prefix of ``tag``."""
    for size in range(min(len(tag) - 1, len(text)), 0, -1):
        if tag.startswith(text[-size:]):
            return size
    return 0
