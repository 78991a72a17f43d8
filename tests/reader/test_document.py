"""Output bounds: max_chars with the truncation marker, line slices with next_line."""

from __future__ import annotations

from searx.reader.document import slice_text

TEXT = "\n".join(f"line {n}" for n in range(1, 11))  # 10 lines of 6-7 chars


def test_whole_text_when_it_fits() -> None:
    part = slice_text(TEXT)
    assert (part.text, part.truncated, part.total_chars) == (TEXT, False, len(TEXT))
    assert (part.start_line, part.end_line, part.total_lines, part.next_line) == (1, 10, 10, None)


def test_line_slice_reports_next_line() -> None:
    part = slice_text(TEXT, start_line=3, max_lines=4)
    assert part.text == "line 3\nline 4\nline 5\nline 6" and not part.truncated
    assert (part.start_line, part.end_line, part.next_line) == (3, 6, 7)
    last = slice_text(TEXT, start_line=9, max_lines=5)
    assert (last.text, last.end_line, last.next_line) == ("line 9\nline 10", 10, None)


def test_cut_text_ends_with_marker_after_at_most_max_chars() -> None:
    part = slice_text(TEXT, max_chars=20)
    body, marker = part.text.rsplit("\n", 1)
    assert body == "line 1\nline 2\nline 3" and len(body) <= 20
    assert part.truncated and marker == f"[truncated, {len(TEXT) - len(body)} chars more]"
    assert (part.end_line, part.next_line) == (3, 4)


def test_one_long_line_is_cut_inside() -> None:
    part = slice_text("x" * 500, max_chars=100)
    assert part.text == "x" * 100 + "\n[truncated, 400 chars more]"
    assert (part.end_line, part.next_line) == (1, None)


def test_start_past_the_end_is_empty() -> None:
    part = slice_text(TEXT, start_line=50)
    assert (part.text, part.end_line, part.total_lines, part.next_line) == ("", 10, 10, None)
