"""Evidence building, signing and verification (pure)."""

from __future__ import annotations

import pytest

from searx.results.types import MainResult, ResultSet
from searx.summary import evidence
from searx.summary.evidence import EvidenceError

SECRET = b"s3cret"


def _results(n: int) -> ResultSet:
    return ResultSet(results=[MainResult(url=f"https://r{i}.example/", title=f"T{i}", content=f"snippet {i}" if i % 2 else "")
                              for i in range(n)])  # fmt: skip


def test_build_takes_ranked_results_with_snippets() -> None:
    built = evidence.build(_results(12), "q", "en", max_sources=3, exp=100)
    assert [(s.n, s.url) for s in built.sources] == [(1, "https://r1.example/"), (2, "https://r3.example/"),
                                                     (3, "https://r5.example/")]  # fmt: skip
    assert evidence.to_dict(built)["sources"][0] == {"n": 1, "title": "T1", "url": "https://r1.example/",
                                                     "snippet": "snippet 1"}  # fmt: skip


def test_build_bounds_titles_and_snippets() -> None:
    results = ResultSet(results=[MainResult(url="https://x.example/", title="t" * 900, content="s" * 9000)])
    source = evidence.build(results, "q", "en", 5, 1).sources[0]
    assert (len(source.title), len(source.snippet)) == (500, 4000)


def test_sign_and_verify_round_trip_through_json() -> None:
    built = evidence.build(_results(6), "q ü", "de", 5, exp=1000)
    data = evidence.to_dict(built)
    assert evidence.verify(data, evidence.sign(built, SECRET), SECRET, now=999) == built


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: d.update(query="other"), "bad_signature"),
        (lambda d: d["sources"][0].update(snippet="other"), "bad_signature"),
        (lambda d: d["sources"][0].update(n=9), "bad_signature"),
        (lambda d: d["sources"].pop(), "bad_signature"),
        (lambda d: d.update(exp=5000), "bad_signature"),
        (lambda d: d.update(v=2), "bad_request"),
        (lambda d: d.update(exp="1000"), "bad_request"),
        (lambda d: d.update(extra=1), "bad_request"),
        (lambda d: d.pop("lang"), "bad_request"),
    ],
)
def test_any_change_is_refused(change: object, code: str) -> None:
    built = evidence.build(_results(6), "q", "en", 5, exp=1000)
    data = evidence.to_dict(built)
    change(data)  # type: ignore[operator]
    with pytest.raises(EvidenceError) as info:
        evidence.verify(data, evidence.sign(built, SECRET), SECRET, now=0)
    assert info.value.code == code


def test_expiry_and_other_keys() -> None:
    built = evidence.build(_results(2), "q", "en", 5, exp=1000)
    signature = evidence.sign(built, SECRET)
    for now, secret, sig, code in [(1000, SECRET, signature, "expired"), (0, b"other", signature, "bad_signature"),
                                   (0, SECRET, None, "bad_signature"), (0, SECRET, signature.upper(), "bad_signature")]:  # fmt: skip
        with pytest.raises(EvidenceError) as info:
            evidence.verify(evidence.to_dict(built), sig, secret, now=now)
        assert info.value.code == code


def test_digest_is_stable_and_sensitive() -> None:
    a = evidence.build(_results(4), "q", "en", 5, exp=1)
    b = evidence.build(_results(4), "q", "fr", 5, exp=1)
    assert evidence.digest(a) == evidence.digest(evidence.parse(evidence.to_dict(a))) != evidence.digest(b)
