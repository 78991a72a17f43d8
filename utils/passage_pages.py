"""Rebuild the pages of the labelled passage set from the PyPI source distributions they come from.

    python -m utils.passage_pages [--cache DIR]

Each page is one documentation file of a pinned sdist (``SDISTS``), turned into
plain text roughly as a page reader would extract it from the rendered HTML:
headings without their underlines, roles and directives without their markup,
code blocks kept as text. The result is written to
``tests/summary/fixtures/passages/pages/`` (provenance: its README.md).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "summary" / "fixtures" / "passages"

SDISTS = ("flask==3.1.3", "werkzeug==3.1.9", "click==8.3.1", "jinja2==3.1.6", "pytest==8.4.2")

# page id -> the file inside its sdist (after "<name>-<version>/")
PAGES = {
    "flask-config": "docs/config.rst",
    "flask-quickstart": "docs/quickstart.rst",
    "flask-cli": "docs/cli.rst",
    "flask-errorhandling": "docs/errorhandling.rst",
    "flask-blueprints": "docs/blueprints.rst",
    "flask-views": "docs/views.rst",
    "flask-web-security": "docs/web-security.rst",
    "flask-testing": "docs/testing.rst",
    "flask-reqcontext": "docs/reqcontext.rst",
    "flask-tutorial-tests": "docs/tutorial/tests.rst",
    "flask-tutorial-blog": "docs/tutorial/blog.rst",
    "flask-tutorial-views": "docs/tutorial/views.rst",
    "flask-design": "docs/design.rst",
    "flask-lifecycle": "docs/lifecycle.rst",
    "flask-extensiondev": "docs/extensiondev.rst",
    "pytest-fixtures": "doc/en/how-to/fixtures.rst",
    "pytest-fixtures-reference": "doc/en/reference/fixtures.rst",
    "pytest-monkeypatch": "doc/en/how-to/monkeypatch.rst",
    "pytest-output": "doc/en/how-to/output.rst",
    "pytest-capture-warnings": "doc/en/how-to/capture-warnings.rst",
    "pytest-assert": "doc/en/how-to/assert.rst",
    "pytest-markers": "doc/en/example/markers.rst",
    "pytest-parametrize": "doc/en/example/parametrize.rst",
    "pytest-simple": "doc/en/example/simple.rst",
    "pytest-writing-plugins": "doc/en/how-to/writing_plugins.rst",
    "pytest-hook-functions": "doc/en/how-to/writing_hook_functions.rst",
    "pytest-deprecations": "doc/en/deprecations.rst",
    "jinja2-templates": "docs/templates.rst",
    "jinja2-api": "docs/api.rst",
    "jinja2-extensions": "docs/extensions.rst",
    "click-commands": "docs/commands.rst",
    "click-complex": "docs/complex.rst",
    "click-options": "docs/options.md",
    "werkzeug-tutorial": "docs/tutorial.rst",
    "werkzeug-routing": "docs/routing.rst",
    "werkzeug-serving": "docs/serving.rst",
}

_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+])\1{2,}\s*$")
_ROLE = re.compile(r"[:{][\w:.-]+[:}]`~?([^`<]*?)\s*(?:<[^>]*>)?`")
_LINK = re.compile(r"`([^`<]+?)\s*<[^>]*>`_{1,2}")
_LITERAL = re.compile(r"``([^`]+)``")
_MD_CODE = re.compile(r"`([^`]+)`")
_MD_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_DIRECTIVE = re.compile(r"^(\s*)\.\. ([\w:-]+)::\s*(.*)$")
_NAMED = {"note": "Note:", "warning": "Warning:", "tip": "Tip:", "important": "Important:", "seealso": "See also:",
          "admonition": "", "versionadded": "Added in version", "versionchanged": "Changed in version",
          "deprecated": "Deprecated since version"}  # fmt: skip
_SILENT = {"code-block", "sourcecode", "code", "toctree", "currentmodule", "module", "contents", "include",
           "literalinclude", "image", "figure", "tabs", "tab", "only", "highlight", "click:example", "click:run",
           "autoclass", "automodule", "autofunction", "automethod", "autodata", "autoexception"}  # fmt: skip


def to_text(source: str) -> str:
    """A documentation file (reStructuredText or MyST Markdown) as plain text."""
    out: list[str] = []
    option_block = False
    for line in source.splitlines():
        stripped = line.strip()
        if _UNDERLINE.match(stripped) or stripped.startswith("```") or re.fullmatch(r"\([\w-]+\)=", stripped):
            continue  # a heading's underline, a Markdown fence, a MyST label
        if re.fullmatch(r":[\w-]+: .*", line):
            continue  # a MyST directive's option
        directive = _DIRECTIVE.match(line)
        if directive:
            name, arg = directive.group(2), directive.group(3)
            option_block = True
            if name in _SILENT:
                continue
            label = _NAMED.get(name)
            out.append(directive.group(1) + (f"{label} {arg}".strip() if label is not None else arg))
            continue
        if option_block and re.match(r"^\s+:[\w-]+:", line):
            continue
        option_block = False
        if stripped.startswith(".. ") or stripped == "..":
            continue  # a comment
        line = line.lstrip("#").strip() if line.startswith("#") else line  # a Markdown heading
        line = _LINK.sub(r"\1", line)
        line = _ROLE.sub(lambda m: m.group(1).split(".")[-1] if "~" in m.group(0) else m.group(1), line)
        line = _LITERAL.sub(r"\1", _MD_LINK.sub(r"\1", line))
        line = _MD_CODE.sub(r"\1", line)
        if line.rstrip().endswith("::"):
            line = line.rstrip()[:-1]
        out.append(line.rstrip())
    text = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"


def fetch(cache: Path) -> dict[str, Path]:
    """name -> the unpacked sdist of each of ``SDISTS``."""
    cache.mkdir(parents=True, exist_ok=True)
    roots: dict[str, Path] = {}
    for spec in SDISTS:
        name, version = spec.split("==")
        archive = cache / f"{name}-{version}.tar.gz"
        if not archive.exists():
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                            spec, "-d", str(cache)], check=True)  # fmt: skip
        root = cache / f"{name}-{version}"
        if not root.exists():
            with tarfile.open(archive) as tar:
                tar.extractall(cache, filter="data")
        roots[name] = root
    return roots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", default=str(Path(tempfile.gettempdir()) / "searx-passage-sdists"))
    args = parser.parse_args()
    roots = fetch(Path(args.cache))
    pages = FIXTURE / "pages"
    pages.mkdir(parents=True, exist_ok=True)
    for page, path in PAGES.items():
        text = to_text((roots[page.split("-")[0]] / path).read_text(encoding="utf-8"))
        (pages / f"{page}.txt").write_text(text, encoding="utf-8")
        print(f"{page}: {len(text.encode())} bytes")
    for name, root in roots.items():
        licence = next(p for p in root.iterdir() if p.name.startswith("LICENSE"))
        (FIXTURE / "licenses").mkdir(exist_ok=True)
        (FIXTURE / "licenses" / f"{name}.txt").write_text(licence.read_text(encoding="utf-8"), encoding="utf-8")


if __name__ == "__main__":
    main()
