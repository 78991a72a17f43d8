#!/usr/bin/env bash
# Start or stop a throw-away Valkey (or Redis) server on 127.0.0.1: no persistence,
# daemonized with a pid file; "start" returns once the server answers PING.
# usage: utils/valkey.sh start|stop|ping PORT DIR
set -euo pipefail

usage() { echo "usage: $0 start|stop|ping PORT DIR" >&2; exit 2; }
[[ $# -eq 3 ]] || usage
cmd=$1 port=$2 dir=$3
[[ $port =~ ^[0-9]+$ ]] || usage
pidfile="$dir/valkey-$port.pid"
logfile="$dir/valkey-$port.log"

# PING over bash's /dev/tcp, so no client binary is needed; "-LOADING" is not ready.
ping_server() {
    local reply=""
    exec 3<>"/dev/tcp/127.0.0.1/$port" || return 1
    printf 'PING\r\n' >&3
    read -r -t 1 reply <&3 || true
    exec 3>&- 3<&-
    [[ $reply == "+PONG"* ]]
}

# A zombie counts as stopped: in containers whose init reaps late it lingers.
alive() {
    kill -0 "$1" 2>/dev/null || return 1
    ! grep -qs '^State:[[:space:]]*Z' "/proc/$1/status"
}

running_pid() {
    local pid
    [[ -f $pidfile ]] || return 1
    pid=$(<"$pidfile")
    [[ -n $pid ]] && alive "$pid" && echo "$pid"
}

start() {
    local server i
    server=$(command -v valkey-server || command -v redis-server || true)
    if [[ -z $server ]]; then
        echo "valkey.sh: neither valkey-server nor redis-server is installed (apt-get install valkey-server or redis-server)" >&2
        exit 1
    fi
    if ping_server 2>/dev/null; then
        echo "valkey.sh: something already answers on 127.0.0.1:$port" >&2
        exit 1
    fi
    mkdir -p "$dir"
    rm -f "$pidfile"
    "$server" --port "$port" --bind 127.0.0.1 --protected-mode yes \
        --save '' --appendonly no --dir "$dir" \
        --daemonize yes --pidfile "$pidfile" --logfile "$logfile"
    for i in $(seq 100); do
        if ping_server 2>/dev/null && running_pid >/dev/null; then
            echo "valkey.sh: $(basename "$server") pid $(running_pid) on 127.0.0.1:$port"
            return 0
        fi
        sleep 0.1
    done
    echo "valkey.sh: the server did not answer PING on 127.0.0.1:$port within 10 s; log:" >&2
    tail -n 20 "$logfile" >&2 || true
    stop || true
    exit 1
}

stop() {
    local pid i
    pid=$(running_pid) || { rm -f "$pidfile"; return 0; }
    kill "$pid"
    for i in $(seq 100); do
        alive "$pid" || { rm -f "$pidfile"; return 0; }
        sleep 0.1
    done
    echo "valkey.sh: pid $pid did not stop within 10 s" >&2
    exit 1
}

case $cmd in
    start) start ;;
    stop) stop ;;
    ping) ping_server 2>/dev/null ;;
    *) usage ;;
esac
