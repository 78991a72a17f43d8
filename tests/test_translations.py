"""The catalogs: every string of the code translated in every language, placeholders kept.

Each catalog is compared with a fresh extraction of the code and templates, so a new ``_()``
without its translations fails here (``python -m utils.i18n todo`` lists what to translate).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from utils import i18n

LANGUAGES = {"ar", "de", "es", "fr", "it", "ja", "nl", "pl", "pt_BR", "ru", "uk", "zh_CN"}


@pytest.fixture(scope="module")
def template():
    return i18n.extract()


def test_the_languages_are_shipped():
    assert {i18n.locale_of(po) for po in i18n.catalogs()} >= LANGUAGES


@pytest.mark.parametrize("po", i18n.catalogs(), ids=i18n.locale_of)
def test_catalog_is_complete(template, po):
    assert [str(p) for p in i18n.problems(template, po)] == []


def test_extraction_finds_templates_python_and_plurals(template):
    ids = {m.id for m in template if m.id}
    assert "Skip to content" in ids  # a template
    assert "The AI server cannot be reached." in ids  # client_strings.py (N_)
    assert ("Based on {n} search snippet", "Based on {n} search snippets") in ids  # NP_
    assert ("About %(n)s result", "About %(n)s results") in ids  # ngettext in a template


def _copy(tmp_path: Path, locale: str) -> Path:
    po = tmp_path / locale / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    shutil.copy(i18n.TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po", po)
    return po


def _edit(po: Path, change) -> None:
    catalog = i18n.load(po)
    change(catalog)
    i18n.save(po, catalog)


@pytest.mark.parametrize(("change", "what"), [
    (lambda c: c.delete("Skip to content"), "missing"),
    (lambda c: setattr(c["Skip to content"], "string", ""), "empty"),
    (lambda c: c["Skip to content"].flags.add("fuzzy"), "fuzzy"),
    (lambda c: setattr(c["%(name)s is a privacy-respecting metasearch engine."], "string", "%(nom)s est"),
     "placeholders differ"),
    (lambda c: setattr(c["Based on {n} search snippet"], "string", ("{n} extrait", "extraits")),
     "placeholders differ"),
    (lambda c: setattr(c["Based on {n} search snippet"], "string", ("{n} extrait",)),
     "empty"),  # a missing plural form reads as an empty one
])
def test_the_check_catches(template, tmp_path, change, what):
    po = _copy(tmp_path, "fr")
    _edit(po, change)
    assert what in {p.what for p in i18n.problems(template, po)}


def test_todo_and_fill_round_trip(template, tmp_path, monkeypatch):
    po = _copy(tmp_path, "de")
    monkeypatch.setattr(i18n, "TRANSLATIONS", tmp_path)
    _edit(po, lambda c: c.delete("Skip to content"))
    todo = i18n.todo(["de"])
    assert [m.id for _, m in todo] == ["Skip to content"]
    number = todo[0][0]
    assert i18n.fill("de", [f"{number}\tZum Inhalt springen\n"]) == 1
    assert list(i18n.problems(template, po)) == []
    assert i18n.load(po)["Skip to content"].string == "Zum Inhalt springen"


@pytest.mark.parametrize("path", [*i18n.catalogs(), i18n.POT], ids=lambda p: p.parent.parent.name if p != i18n.POT else "pot")
def test_no_entry_or_header_line_is_there_twice(path: Path) -> None:
    """Catalogs merge as a union of both sides' lines (.gitattributes): a string added on two branches,
    or the header date changed on both, would be there twice; ``python -m utils.i18n update`` tidies it."""
    text = path.read_text(encoding="utf-8")
    blocks = [b for b in text.split("\n\n") if "msgid " in b]
    keys = []
    for block in blocks:  # the key: msgctxt and msgid lines with their continuations, up to msgstr
        lines = [line for line in block.splitlines() if not line.startswith("#")]
        keys.append(tuple(lines[:next(i for i, line in enumerate(lines) if line.startswith("msgstr"))]))
    assert [k for k in set(keys) if keys.count(k) > 1] == []
    assert text.count('"POT-Creation-Date:') == 1
