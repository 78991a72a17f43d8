"""``python -m searx.check "query"``: the engine test report on the command line."""

from __future__ import annotations

import argparse
import sys

from searx import settings as settings_mod
from searx.errors import BadRequest, SettingsError
from searx.search.check import run_check, table
from searx.services import build


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m searx.check", description=__doc__)
    parser.add_argument("query")
    parser.add_argument("--engine", action="append", help="only this engine, even a disabled one (repeatable)")
    parser.add_argument("--category", help="only the enabled engines of this category (images, news, videos, ...)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    try:
        settings = settings_mod.load()
    except SettingsError as exc:
        print(f"settings: {exc}", file=sys.stderr)
        return 2
    services = build(settings)
    try:
        rows = run_check(services.runner, args.query, args.engine, args.category)
    except BadRequest as exc:
        print(f"query: {exc}", file=sys.stderr)
        return 2
    finally:
        services.close()
    if args.json:
        import msgspec

        print(msgspec.json.encode(rows).decode())
    else:
        print(table(rows))
    for u in services.unsupported:
        # on stderr: the table (or JSON) on stdout keeps its shape
        print(f"skipped: {u.name}: {u.reason}", file=sys.stderr)
    return 0 if any(r["outcome"] == "ok" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
