"""Translation catalogs: extract, update, check, and list or fill untranslated entries.

    python -m utils.i18n update            # extract (babel.cfg) into messages.pot, update every catalog
    python -m utils.i18n init LOCALE       # start a catalog for a new language (e.g. sv, zh_CN)
    python -m utils.i18n check             # missing / empty / fuzzy entries, placeholder mismatches
    python -m utils.i18n todo [LOCALE…]    # untranslated entries, numbered: N<TAB>msgid[<TAB>msgid_plural]
    python -m utils.i18n fill LOCALE FILE  # N<TAB>msgstr[<TAB>plural form…] lines -> the catalog

``todo`` and ``fill`` number the entries in extraction order, so run ``fill`` on the same code
as ``todo``. The catalog's plural forms are in its header (``Plural-Forms``); a plural entry
takes that many forms, every one with the source's placeholders.
"""

from __future__ import annotations

import io
import re
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "searx" / "translations"
POT = TRANSLATIONS / "messages.pot"
# N_: a string translated later (searx/webapp/client_strings.py); NP_: its plural pair.
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "NP_": (1, 2)}
PLACEHOLDER = re.compile(r"%\(\w+\)[sdfr]|%[sdfr]|\{\w*\}")


def extract() -> Catalog:
    """A fresh template of every marked string in the code and templates (as ``babel.cfg`` says)."""
    with (ROOT / "babel.cfg").open() as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    catalog = Catalog(project="searx-ai", fuzzy=False)

    def only_searx(path: str) -> bool:
        rel = Path(path).relative_to(ROOT).parts
        return bool(rel) and rel[0] == "searx" and not any(part.startswith((".", "__")) for part in rel)

    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS, directory_filter=only_searx,
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def catalogs() -> list[Path]:
    return sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"))


def locale_of(po: Path) -> str:
    return po.parent.parent.name


def load(po: Path) -> Catalog:
    with po.open("rb") as fh:
        return read_po(fh, locale=locale_of(po))


def save(po: Path, catalog: Catalog) -> None:
    po.parent.mkdir(parents=True, exist_ok=True)
    with po.open("wb") as fh:
        write_po(fh, catalog, ignore_obsolete=True, width=0, include_lineno=False)


def update() -> None:
    """Write messages.pot and bring every catalog to it (new entries empty, no fuzzy guesses)."""
    template = extract()
    TRANSLATIONS.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, template, width=0, include_lineno=False)
    if not POT.is_file() or _undated(POT.read_bytes()) != _undated(out.getvalue()):
        POT.write_bytes(out.getvalue())
    for po in catalogs():
        catalog = load(po)
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        out = io.BytesIO()
        write_po(out, catalog, ignore_obsolete=True, width=0, include_lineno=False)
        if out.getvalue() != po.read_bytes():  # only the catalogs that change (no churn in git)
            po.write_bytes(out.getvalue())


def _undated(pot: bytes) -> bytes:
    return re.sub(rb'"POT-Creation-Date: [^"]*"', b"", pot)


def init(locale: str) -> None:
    po = TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po"
    if po.exists():
        raise SystemExit(f"{po} exists")
    catalog = Catalog(locale=locale, project="searx-ai", creation_date=datetime.now(UTC), fuzzy=False)
    catalog.update(extract(), no_fuzzy_matching=True)
    save(po, catalog)


def _forms(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string or ""]


def _placeholders(text: str) -> Counter[str]:
    return Counter(PLACEHOLDER.findall(text))


@dataclass(frozen=True)
class Problem:
    locale: str
    msgid: str
    what: str

    def __str__(self) -> str:
        return f"{self.locale}: {self.what}: {self.msgid!r}"


def problems(template: Catalog, po: Path) -> Iterable[Problem]:
    """Every source string missing, empty, fuzzy or with other placeholders in the catalog ``po``."""
    locale = locale_of(po)
    catalog = load(po)
    for source in template:
        if not source.id:
            continue
        key = source.id[0] if isinstance(source.id, tuple) else source.id
        found = catalog.get(source.id, context=source.context)
        if found is None:
            yield Problem(locale, key, "missing")
            continue
        if found.fuzzy:
            yield Problem(locale, key, "fuzzy")
        forms = _forms(found)
        if source.pluralizable and len(forms) != catalog.num_plurals:
            yield Problem(locale, key, f"{len(forms)} plural forms instead of {catalog.num_plurals}")
        if not all(form.strip() for form in forms):
            yield Problem(locale, key, "empty")
            continue
        expected = _placeholders(source.id[-1] if isinstance(source.id, tuple) else source.id)
        if any(_placeholders(form) != expected for form in forms):
            yield Problem(locale, key, "placeholders differ")


def todo(locales: list[str]) -> list[tuple[int, Message]]:
    """Numbered source entries that are missing, empty or fuzzy in any of ``locales`` (all if empty)."""
    template = extract()
    pos = [po for po in catalogs() if not locales or locale_of(po) in locales]
    bad = {p.msgid for po in pos for p in problems(template, po)}
    entries = [m for m in template if m.id]
    return [(n, m) for n, m in enumerate(entries, 1) if (m.id[0] if isinstance(m.id, tuple) else m.id) in bad]


def fill(locale: str, lines: Iterable[str]) -> int:
    """Set translations from ``N<TAB>text[<TAB>form…]`` lines (N as numbered by ``todo``)."""
    entries = [m for m in extract() if m.id]
    po = TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po"
    catalog = load(po)
    count = 0
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        number, *forms = line.rstrip("\n").split("\t")
        source = entries[int(number) - 1]
        message = catalog.get(source.id, context=source.context)
        if message is None:
            catalog.add(source.id, context=source.context, locations=source.locations, flags=source.flags)
            message = catalog.get(source.id, context=source.context)
        assert message is not None
        message.string = tuple(forms) if source.pluralizable else forms[0]
        message.flags.discard("fuzzy")
        count += 1
    save(po, catalog)
    return count


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def main(argv: list[str]) -> int:
    command, *args = argv or ["check"]
    if command == "update":
        update()
    elif command == "init":
        init(args[0])
    elif command == "check":
        template = extract()
        found = [p for po in catalogs() for p in problems(template, po)]
        for problem in found:
            print(problem)
        print(f"{len(found)} problems in {len(catalogs())} catalogs", file=sys.stderr)
        return 1 if found else 0
    elif command == "todo":
        for n, message in todo(args):
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            print(n, *(_escape(i) for i in ids), sep="\t")
    elif command == "fill":
        with open(args[1], encoding="utf-8") as fh:
            print(f"{fill(args[0], fh)} entries filled in {args[0]}", file=sys.stderr)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
