"""The tools under utils/ import one another without a circle (the benchmarks share utils/bench_kit.py)."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def utils_graph(root: Path) -> dict[str, set[str]]:
    """Each module of ``root``/utils and the modules of utils it imports (lazy imports in functions too)."""
    known = {".".join(p.relative_to(root).with_suffix("").parts).removesuffix(".__init__"): p
             for p in (root / "utils").rglob("*.py")}  # fmt: skip
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                targets = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            else:
                continue
            deps |= {t for t in targets if t in known and t != name and t != "utils"}
        graph[name] = deps
    return graph


def test_the_checker_finds_a_circle(tmp_path: Path) -> None:
    (tmp_path / "utils").mkdir()
    (tmp_path / "utils" / "a.py").write_text("from utils.b import x\n")
    (tmp_path / "utils" / "b.py").write_text("def f():\n    from utils import a\n")
    graph = utils_graph(tmp_path)
    assert graph == {"utils.a": {"utils.b"}, "utils.b": {"utils.a"}}
    with pytest.raises(CycleError):
        TopologicalSorter(graph).prepare()


def test_no_import_circles_in_utils() -> None:
    try:
        TopologicalSorter(utils_graph(ROOT)).prepare()
    except CycleError as exc:
        raise AssertionError(f"an import circle in utils/: {' -> '.join(exc.args[1])}") from None
