"""utils/llm.sh: a portable build that pip's wheel cache cannot replace, and a crash reported as a crash.

The script runs against a stand-in venv whose ``python`` and ``pip`` record what they are asked, so no
llama.cpp is built here; the real server runs in ``make test`` (tests/summary/test_real_llm.py).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests import real_llm

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "utils" / "llm.sh"

FAKE_PYTHON = r"""#!/usr/bin/env bash
# stands in for the venv's python: the checks llm.sh runs, and a llama.cpp server that crashes
here=$(dirname "$0")
if [[ $1 == -c ]]; then
    case $2 in
        *cache_tag*) echo cpython-311 ;;
        *"import llama_cpp.server"*) [[ -f $here/llama-installed ]]; exit ;;
        *"sys.exit(importlib"*) exit 0 ;;
        *) echo "$here/model.gguf" ;;
    esac
elif [[ $1 == -m && $2 == llama_cpp.server ]]; then
    echo "llama_model_loader: loaded meta data"
    echo "the last words before the crash"
    kill -SEGV $$
else
    exit 1  # the readiness probe: nothing answers
fi
"""

FAKE_PIP = r"""#!/usr/bin/env bash
# stands in for the venv's pip: records its arguments and CMAKE_ARGS, "builds" a wheel
here=$(dirname "$0")
echo "CMAKE_ARGS=${CMAKE_ARGS:-} :: $*" >>"$here/pip.log"
if [[ $1 == wheel ]]; then
    while [[ $# -gt 0 ]]; do [[ $1 == -w ]] && { touch "$2/llama_cpp_python-0.3.36-cp311-cp311-linux_x86_64.whl"; }; shift; done
else
    touch "$here/llama-installed"
fi
"""


@pytest.fixture
def venv(tmp_path: Path) -> Path:
    bin_dir = tmp_path / "venv" / "bin"
    bin_dir.mkdir(parents=True)
    for name, text in (("python", FAKE_PYTHON), ("pip", FAKE_PIP)):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    (bin_dir / "model.gguf").write_text("")
    return tmp_path / "venv"


def _run(venv: Path, state: Path, command: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != "CMAKE_ARGS"} | env
    return subprocess.run(["bash", str(SCRIPT), command, str(venv), "18089", str(state)],
                          capture_output=True, text=True, timeout=60, env=environment)  # fmt: skip


def _pip_calls(venv: Path) -> list[str]:
    log = venv / "bin" / "pip.log"
    return log.read_text().splitlines() if log.exists() else []


def test_the_build_is_portable_and_bypasses_the_wheel_cache(venv: Path, tmp_path: Path) -> None:
    done = _run(venv, tmp_path / "state", "install", CMAKE_ARGS="-DGGML_NATIVE=ON -DGGML_AVX512=ON")
    assert done.returncode == 0, done.stderr
    wheel_call = next(c for c in _pip_calls(venv) if ":: wheel " in c)
    flags = wheel_call.split(" :: ")[0].removeprefix("CMAKE_ARGS=").split()
    # the caller's flags are kept, but the portable one comes last and so wins in CMake
    assert flags.index("-DGGML_NATIVE=OFF") > flags.index("-DGGML_NATIVE=ON")
    assert "--no-cache-dir" in wheel_call.split() and "--no-binary" in wheel_call.split()
    assert any("--force-reinstall" in c and "--no-deps" in c for c in _pip_calls(venv))


def test_a_build_with_the_same_flags_is_reused_and_other_flags_rebuild(venv: Path, tmp_path: Path) -> None:
    state = tmp_path / "state"
    assert _run(venv, state, "install").returncode == 0
    builds = sum(":: wheel " in c for c in _pip_calls(venv))
    assert _run(venv, state, "install").returncode == 0
    assert sum(":: wheel " in c for c in _pip_calls(venv)) == builds == 1
    assert _run(venv, state, "install", CMAKE_ARGS="-DGGML_BLAS=ON").returncode == 0
    assert sum(":: wheel " in c for c in _pip_calls(venv)) == 2


def test_a_crashing_server_is_reported_with_its_status_and_log(venv: Path, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    state = tmp_path / "state"
    started = _run(venv, state, "start")
    assert started.returncode == 1
    assert "exited with status 139 (signal SIGSEGV)" in started.stderr
    assert "the last words before the crash" in started.stderr
    # and the tests say the same instead of "connection refused"
    monkeypatch.setenv("SEARX_TEST_LLM_URL", "http://127.0.0.1:18089/v1")
    monkeypatch.setenv("SEARX_TEST_LLM_DIR", str(state))
    report = real_llm.death_report()
    assert report and "exit status 139 (SIGSEGV)" in report and "the last words before the crash" in report


def test_real_llm_tests_name_the_dead_server(pytester: pytest.Pytester, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    (tmp_path / "llm-18089.log").write_text("ggml: segmentation fault in the matmul\n")
    monkeypatch.setenv("SEARX_TEST_LLM_URL", "http://127.0.0.1:18089/v1")
    monkeypatch.setenv("SEARX_TEST_LLM_DIR", str(tmp_path))
    pytester.makeini("[pytest]\nmarkers =\n    real_llm: real LLM\n")
    exit_file = tmp_path / "llm-18089.exit"
    pytester.makepyfile(f"""
import pathlib, pytest

@pytest.mark.real_llm
def test_dies_during_the_test():
    pathlib.Path({str(exit_file)!r}).write_text("139")
    raise ConnectionRefusedError("connection refused")

@pytest.mark.real_llm
def test_after_the_death():
    pass
""")
    result = pytester.runpytest("-p", "tests.real_llm")
    # the failing test gets the report in front of "connection refused"; the next one stops before it starts
    result.assert_outcomes(failed=1, errors=1)
    result.stdout.fnmatch_lines(["*died: exit status 139 (SIGSEGV)*", "*segmentation fault in the matmul*"])
    assert "ConnectionRefusedError" in result.stdout.str()
