"""The data of a search: which search languages name no language."""

from __future__ import annotations

import pytest

from searx.enginelib.html_parse import locale
from searx.results.search import no_language
from searx.summary.language import base
from searx.summary.prompt import language_instruction


@pytest.mark.parametrize("code", [None, "", "all", "auto", "ALL", " auto "])
def test_all_auto_and_nothing_name_no_language(code: str | None) -> None:
    assert no_language(code or "")
    assert locale(code) == ("", "")
    assert base(code or "") == ""
    assert language_instruction(code or "") == "Answer in the language of the question."


@pytest.mark.parametrize("code", ["en", "de-CH", "pt_BR", "allemand", "autre"])
def test_a_language_code_names_one(code: str) -> None:
    assert not no_language(code)
    assert locale(code)[0] == code.replace("_", "-").split("-")[0].lower()
    assert base(code) == code.replace("_", "-").split("-")[0].lower()
