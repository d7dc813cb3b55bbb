#!/usr/bin/env bash
# MCP under load over Streamable HTTP (issue 47): C clients x N calls, every sixth an analysis of a 300-rule text,
# the rest searches and reads, against `skillscope serve` at its defaults. Prints one JSON line per load client:
# light-call p50/p99/max, analyses' p50/p99, errors, analyses refused as busy, the server's RssAnon (first sample,
# highest, last), and CPU seconds in all and per call for the clients and the server. Figures go in
# bench/RESULTS.md.
#
# Usage: bench/mcp_load.sh SKILLSCOPE_BINARY REGISTRY [CLIENTS] [CALLS] [MODE] [COPIES]
# COPIES makes the analyzed text that many times the 300-rule one (default 1, about 20 KB).
# LOAD_CLIENT picks who loads the server: `sdk` (the official MCP Python SDK, `peers/mcp_e2e.py load-http`, whose
#   clients cost 7-10 ms of CPU a call), `light` (`peers/mcp_light_load.py`: the same protocol and calls on raw
#   asyncio streams, well under 1 ms a call), or `both` (the default): one after the other, each against a server
#   of its own started fresh, so neither inherits the other's warm caches.
# ANALYZE_EVERY=N makes every Nth call an analysis (default 6; 0: none, the light calls' floor).
# ANALYZE_CLIENTS=H makes the first H clients analyze only and the rest make light calls only (default 0: mixed).
# With ACCESS_LOG=FILE the server's access log (one line a request, with its time in the handler) is kept there
#   (with LOAD_CLIENT=both, FILE.sdk and FILE.light).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="${1:?binary}"
db="${2:?registry}"
clients="${3:-20}"
calls="${4:-50}"
mode="${5:-auto}"
copies="${6:-1}"
load_client="${LOAD_CLIENT:-both}"
python="$here/.venv/bin/python"
scratch="$(mktemp -d)"
server=""
trap '[[ -n "$server" ]] && kill "$server" 2>/dev/null; rm -rf "$scratch"' EXIT

# Starts a fresh server, runs one load client against it, stops the server. $1: sdk or light.
run() {
    local kind="$1" status=0
    : >"$scratch/serve.out"
    "$bin" serve --db "$db" --port 0 >"$scratch/serve.out" 2>"$scratch/serve.err" &
    server=$!
    for _ in $(seq 100); do [[ -s "$scratch/serve.out" ]] && break; sleep 0.1; done
    local url
    url="$(awk '{print $NF}' "$scratch/serve.out")mcp"
    # The server warms its caches on a thread of its own as it starts: let it finish, as a deployed server has.
    sleep 10
    local common=(--url "$url" --pid "$server" --clients "$clients" --calls "$calls" --analyze-copies "$copies"
        --analyze-every "${ANALYZE_EVERY:-6}" --analyze-clients "${ANALYZE_CLIENTS:-0}")
    if [[ "$kind" == sdk ]]; then
        "$python" "$here/peers/mcp_e2e.py" load-http --mode "$mode" "${common[@]}" 2>/dev/null || status=$?
    else
        "$python" "$here/peers/mcp_light_load.py" "${common[@]}" || status=$?
    fi
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    server=""
    # Kept even when a call failed: a server that died leaves its last lines there.
    if [[ -n "${ACCESS_LOG:-}" ]]; then
        if [[ "$load_client" == both ]]; then cp "$scratch/serve.err" "$ACCESS_LOG.$kind"; else cp "$scratch/serve.err" "$ACCESS_LOG"; fi
    fi
    return "$status"
}

status=0
case "$load_client" in
    sdk | light) run "$load_client" || status=$? ;;
    both) run sdk || status=$?; run light || status=$? ;;
    *) echo "LOAD_CLIENT must be sdk, light or both" >&2; exit 64 ;;
esac
exit "$status"
