"""Imports point down: no module of ``searx`` reaches itself again through its imports, none climbs a
layer of the module table in docs/dev/architecture.md, and folded into packages they make no loop and
follow the package table there.

Every import counts, also those inside functions (a lazy import is still a
dependency). ``from package import name`` depends on the package's
``__init__`` (it is run and read) and also on ``package.name`` when that is a
module; ``from package.module import name`` depends on that module alone.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "searx"
ARCHITECTURE = ROOT / "docs" / "dev" / "architecture.md"


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    is_package = path.name == "__init__.py"
    deps: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")
                anchor = anchor[: len(anchor) - node.level + (1 if is_package else 0)]
                base = ".".join(anchor + ([base] if base else []))
            targets = [base] + [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known]
        else:
            continue
        for target in targets:
            if target.split(".")[0] == "searx":
                resolved = _resolve(target, known)
                if resolved and resolved != module:
                    deps.add(resolved)
    return deps


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for dep in sorted(graph.get(node, ())):
            if dep not in index:
                visit(dep)
                low[node] = min(low[node], low[dep])
            elif dep in on_stack:
                low[node] = min(low[node], index[dep])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, known) for name, path in known.items()}


def table(text: str, first: str) -> list[list[str]]:
    """The body rows of the Markdown table whose header starts with ``| first |``, cells without backticks."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first} |"))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip().strip("`") for cell in line.strip().strip("|").split("|")])
    return rows


def layer_rules(text: str) -> dict[str, set[str]]:
    """Each layer and the layers it may import from (the layer table)."""
    return {row[0]: {name.strip() for name in row[1].split(",")} for row in table(text, "layer")}


def module_layers(text: str) -> dict[str, str]:
    """Each row of the module table: a path (or a folder's ``*.py``) and its layer."""
    return {row[0]: row[1] for row in table(text, "module")}


def layer_of(path: str, rows: dict[str, str]) -> str | None:
    """A module's own row, else its folder's ``*.py`` row."""
    return rows.get(path, rows.get(path.rpartition("/")[0] + "/*.py"))


def climbs(deps: dict[str, set[str]], paths: dict[str, str], rows: dict[str, str],
           rules: dict[str, set[str]]) -> list[str]:
    """``a (layer) -> b (layer)`` for each import of a module from a layer its own may not import."""
    found = []
    for module, targets in sorted(deps.items()):
        mine = layer_of(paths[module], rows)
        for target in sorted(targets):
            theirs = layer_of(paths[target], rows)
            if mine and theirs and theirs not in rules[mine]:
                found.append(f"{module} ({mine}) -> {target} ({theirs})")
    return found


def _paths(known: dict[str, Path]) -> dict[str, str]:
    return {name: path.relative_to(ROOT).as_posix() for name, path in known.items()}


def test_the_layer_checker_finds_a_climb():
    doc = "\n".join([
        "| layer | imports from | what |", "|---|---|---|", "| low | low | x |", "| high | low, high | y |", "",
        "| module | layer | job |", "|---|---|---|", "| `searx/a.py` | low | x |", "| `searx/p/*.py` | high | y |",
    ])  # fmt: skip
    rules, rows = layer_rules(doc), module_layers(doc)
    assert rules == {"low": {"low"}, "high": {"low", "high"}}
    paths = {"searx.a": "searx/a.py", "searx.p.b": "searx/p/b.py", "searx.p.q.c": "searx/p/q/c.py"}
    assert layer_of("searx/p/b.py", rows) == "high" and layer_of("searx/p/q/c.py", rows) is None
    assert climbs({"searx.a": {"searx.p.b"}, "searx.p.b": {"searx.a"}}, paths, rows, rules) == [
        "searx.a (low) -> searx.p.b (high)"]


def test_every_module_has_a_row_and_every_row_a_module():
    rows = module_layers(ARCHITECTURE.read_text(encoding="utf-8"))
    rules = layer_rules(ARCHITECTURE.read_text(encoding="utf-8"))
    paths = sorted(_paths(modules()).values())
    missing = [path for path in paths if layer_of(path, rows) is None]
    assert not missing, f"modules without a row in docs/dev/architecture.md: {missing}"
    stale = [row for row in rows if not any(row == path or layer_of(path, {row: ""}) == "" for path in paths)]
    assert not stale, f"rows of docs/dev/architecture.md that name no module: {stale}"
    unknown = sorted({layer for layer in rows.values() if layer not in rules})
    assert not unknown, f"layers the layer table does not define: {unknown}"


def test_no_import_climbs_a_layer():
    text = ARCHITECTURE.read_text(encoding="utf-8")
    known = modules()
    found = climbs(graph(), _paths(known), module_layers(text), layer_rules(text))
    assert not found, "imports that climb a layer: " + "; ".join(found)


def test_the_checker_finds_a_circle(tmp_path):
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    (tmp_path / "pkg").mkdir()
    init, child = tmp_path / "pkg" / "__init__.py", tmp_path / "pkg" / "child.py"
    init.write_text("def f():\n    from searx.pkg.child import g\n")
    child.write_text("from searx.pkg import helper\nfrom . import other\n")
    known = {"searx.pkg": init, "searx.pkg.child": child, "searx.pkg.other": Path()}
    assert imports_of("searx.pkg", init, known) == {"searx.pkg.child"}
    assert imports_of("searx.pkg.child", child, known) == {"searx.pkg", "searx.pkg.other"}


def test_no_import_circles_in_searx():
    found = cycles(graph())
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


# --- packages ---------------------------------------------------------------------


def package_of(module: str, known: dict[str, Path]) -> str:
    """The package a module folds into, as the package table names it: ``search/`` for
    ``searx.search.runner``, ``limiter.py`` for a module at the top, ``__init__.py`` for ``searx``."""
    parts = module.split(".")
    if len(parts) == 1:
        return "__init__.py"
    return f"{parts[1]}/" if known[module].name == "__init__.py" or len(parts) > 2 else f"{parts[1]}.py"


def fold(deps: dict[str, set[str]], known: dict[str, Path]) -> dict[str, dict[str, list[str]]]:
    """Each package's uses of other packages, with the module imports behind each use."""
    folded: dict[str, dict[str, list[str]]] = {}
    for module, targets in deps.items():
        mine = package_of(module, known)
        uses = folded.setdefault(mine, {})
        for target in sorted(targets):
            theirs = package_of(target, known)
            if theirs != mine:
                uses.setdefault(theirs, []).append(f"{module} -> {target}")
    return folded


def _rows(spec: str) -> set[int]:
    """``1–3, 5`` as {1, 2, 3, 5}."""
    found: set[int] = set()
    for part in spec.replace("–", "-").split(","):
        low, _, high = part.strip().partition("-")
        found.update(range(int(low), int(high or low) + 1))
    return found


def package_order(text: str) -> tuple[dict[str, int], dict[int, set[int]]]:
    """The package table: each package's row, and the rows each row may use."""
    rows, may_use = {}, {}
    for cells in table(text, "row"):
        number = int(cells[0])
        may_use[number] = _rows(cells[2])
        for name in cells[1].split(","):
            rows[name.strip().strip("`")] = number
    return rows, may_use


def forbidden(folded: dict[str, dict[str, list[str]]], rows: dict[str, int],
              may_use: dict[int, set[int]]) -> list[str]:  # fmt: skip
    """``a (row) -> b (row): the imports`` for each use of a package whose row ``a``'s may not use."""
    found = []
    for package, uses in sorted(folded.items()):
        for target, why in sorted(uses.items()):
            if package in rows and target in rows and rows[target] not in may_use[rows[package]]:
                found.append(f"{package} ({rows[package]}) -> {target} ({rows[target]}): {', '.join(why[:3])}")
    return found


def test_the_package_checker_folds_finds_a_loop_and_a_forbidden_use(tmp_path):
    known = {"searx": tmp_path / "__init__.py", "searx.a": tmp_path / "a" / "__init__.py",
             "searx.a.x": tmp_path / "a" / "x.py", "searx.b": tmp_path / "b.py", "searx.c.y": tmp_path / "c" / "y.py"}
    assert [package_of(m, known) for m in known] == ["__init__.py", "a/", "a/", "b.py", "c/"]
    deps = {"searx.a.x": {"searx.b", "searx.a"}, "searx.b": {"searx.c.y"}, "searx.c.y": {"searx.a.x"}, "searx.a": set()}
    folded = fold(deps, known)
    assert folded["a/"] == {"b.py": ["searx.a.x -> searx.b"]}
    assert cycles({name: set(uses) for name, uses in folded.items()}) == [["a/", "b.py", "c/"]]
    doc = "\n".join(["| row | packages | may use | what |", "|---|---|---|---|", "| 1 | `a/`, `b.py` | 1 | x |",
                     "| 2 | `c/` | 1 | y |", "| 3 | `d/` | 1–2 | z |"])
    rows, may_use = package_order(doc)
    assert rows == {"a/": 1, "b.py": 1, "c/": 2, "d/": 3} and may_use == {1: {1}, 2: {1}, 3: {1, 2}}
    assert forbidden(folded, rows, may_use) == ["b.py (1) -> c/ (2): searx.b -> searx.c.y"]


def test_no_loop_between_packages():
    folded = fold(graph(), modules())
    found = cycles({name: set(uses) for name, uses in folded.items()})
    why = ["; ".join(f"{a} -> {b} ({', '.join(folded[a][b][:3])})" for a in loop for b in loop if b in folded[a])
           for loop in found]
    assert not found, "loops between packages: " + " | ".join(why)


def test_every_package_has_a_row_and_every_row_a_package():
    known = modules()
    packages = {package_of(module, known) for module in known}
    rows, _ = package_order(ARCHITECTURE.read_text(encoding="utf-8"))
    assert not packages - rows.keys(), f"packages without a row in the package table: {sorted(packages - rows.keys())}"
    assert not rows.keys() - packages, f"rows of the package table that name no package: {sorted(rows.keys() - packages)}"


def test_no_package_uses_one_its_row_may_not():
    rows, may_use = package_order(ARCHITECTURE.read_text(encoding="utf-8"))
    found = forbidden(fold(graph(), modules()), rows, may_use)
    assert not found, "uses the package table does not allow: " + "; ".join(found)


def test_the_services_build_without_flask() -> None:
    """``python -m searx.mcp`` (stdio) and ``python -m searx.check`` build an instance's services; Flask
    belongs to the web layer only."""
    code = ("import sys; from searx.services import build; from tests.conftest import make_settings; "
            "build(make_settings([])).close(); sys.exit('flask' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr or "Flask was imported"
