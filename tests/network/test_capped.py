"""The one capped body reader: a declared length over the cap, a body that grows past it, a deadline."""

from __future__ import annotations

import pytest

from searx.network.capped import BodyTooLarge, CappedBody, DeadlineExceeded


@pytest.mark.parametrize("declared", ["11", " 11 ", 11, "99999999999999999999"])
def test_a_declared_length_over_the_cap_is_refused_before_reading(declared):
    with pytest.raises(BodyTooLarge) as caught:
        CappedBody(10).check_declared(declared)
    assert caught.value.cap == 10


@pytest.mark.parametrize("declared", [None, "", "-1", "ten", "1e9", "10"])
def test_an_unreadable_or_fitting_declared_length_is_no_refusal(declared):
    CappedBody(10).check_declared(declared)


def test_the_first_byte_past_the_cap_stops_the_read():
    body = CappedBody(10)
    body.add(b"12345")
    body.add(b"67890")
    assert body.room == 0 and body.value() == b"1234567890"
    with pytest.raises(BodyTooLarge):
        body.add(b"x")


def test_a_chunk_after_the_deadline_stops_the_read():
    now = [0.0]
    body = CappedBody(100, end=1.0, clock=lambda: now[0])
    body.add(b"in time")
    now[0] = 1.5
    with pytest.raises(DeadlineExceeded):
        body.add(b"late")
    assert body.value() == b"in time"
