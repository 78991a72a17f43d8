"""Every runtime dependency is pinned, transitive ones included: a fresh machine with another pip
or an empty cache installs exactly what was tested."""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
RUNTIME = ("requirements.txt", "requirements-embeddings.txt")
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;#]+)")


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(*files: str) -> dict[str, str]:
    out = {}
    for name in files:
        for line in (ROOT / name).read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if not line or line.startswith(("#", "-r")):
                continue
            match = _PIN.match(line)
            assert match, f"{name}: {line!r} is not pinned with =="
            out[_canonical(match.group(1))] = match.group(2)
    return out


def test_every_runtime_requirement_of_every_pinned_package_is_pinned_too() -> None:
    pinned = pins(*RUNTIME)
    missing = []
    for name in pinned:
        for raw in metadata.requires(name) or []:
            req = Requirement(raw)
            if req.marker is not None and not req.marker.evaluate({"extra": ""}):
                continue  # an optional extra or another platform's dependency
            if _canonical(req.name) not in pinned:
                missing.append(f"{name} needs {req.name}")
    assert missing == []


def test_the_installed_versions_are_the_pinned_ones() -> None:
    wrong = [f"{name}=={version} (installed {metadata.version(name)})"
             for name, version in pins(*RUNTIME).items() if metadata.version(name) != version]
    assert wrong == []
