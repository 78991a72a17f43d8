"""The SSE decoder on real-world streams, split at every byte boundary."""

from __future__ import annotations

from searx.summary.sse import SSEComment, SSEDecoder, SSEEvent

STREAM = (
    ": ping - 2024-01-01\r\n\r\n"
    'data: {"choices":[{"delta":{"content":"Grüße "}}]}\r\n\r\n'
    "event: note\n"
    "id: 7\n"
    "data: line one\n"
    "data:line two\n"
    "\n"
    "data: é€😀\r"
    "\r"
    "retry: 1000\n"
    "data\n"
    "\n"
    "data: [DONE]\n\n"
    "data: unterminated"
).encode()

EXPECTED = [
    SSEComment("ping - 2024-01-01"),
    SSEEvent('{"choices":[{"delta":{"content":"Grüße "}}]}'),
    SSEEvent("line one\nline two", event="note", id="7"),
    SSEEvent("é€😀", id="7"),
    SSEEvent("[DONE]", id="7"),
]


def _decode(chunks: list[bytes]) -> list[object]:
    decoder = SSEDecoder()
    out: list[object] = []
    for chunk in chunks:
        out += decoder.feed(chunk)
    return out + decoder.close()


def test_whole_stream() -> None:
    assert _decode([STREAM]) == EXPECTED


def test_split_at_every_byte_boundary() -> None:
    for i in range(len(STREAM) + 1):
        assert _decode([STREAM[:i], STREAM[i:]]) == EXPECTED, i


def test_split_in_three_everywhere() -> None:
    for i in range(0, len(STREAM), 3):
        for j in range(i, len(STREAM), 5):
            assert _decode([STREAM[:i], STREAM[i:j], STREAM[j:]]) == EXPECTED, (i, j)


def test_one_byte_at_a_time() -> None:
    assert _decode([bytes([b]) for b in STREAM]) == EXPECTED


def test_crlf_split_between_cr_and_lf_is_one_line_end() -> None:
    # "data: a\r" + "\n\r\n": one line end then a blank line, not two blank lines
    assert _decode([b"data: a\r", b"\n\r\n", b"data: b\r\n\r\n"]) == [SSEEvent("a"), SSEEvent("b")]


def test_empty_data_is_not_dispatched() -> None:
    assert _decode([b"data:\n\ndata: x\n\n"]) == [SSEEvent("x")]


def test_invalid_utf8_is_replaced_not_fatal() -> None:
    assert _decode([b"data: \xff\xfe ok\n\n"]) == [SSEEvent("\ufffd\ufffd ok")]


def test_random_chunking_matches_whole_decoding() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.integers(min_value=0, max_value=len(STREAM)), max_size=12))
    def check(cuts: list[int]) -> None:
        points = sorted(set(cuts))
        chunks = [STREAM[a:b] for a, b in zip([0, *points], [*points, len(STREAM)], strict=True)]
        assert _decode(chunks) == EXPECTED

    check()
