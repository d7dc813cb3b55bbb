#!/usr/bin/env bash
# MCP under load over Streamable HTTP (issue 47): C clients x N calls, every sixth an analysis of a 300-rule text,
# the rest searches and reads, against `skillscope serve` (its default 4 threads and heavy queue). Prints the
# JSON line of `bench/peers/mcp_e2e.py load-http`: light-call p50/p99/max, analyses' p50/p99, errors, analyses
# refused as busy, and the server's RssAnon (first sample, highest, last). Figures go in bench/RESULTS.md.
#
# Usage: bench/mcp_load.sh SKILLSCOPE_BINARY REGISTRY [CLIENTS] [CALLS] [MODE] [COPIES]
# COPIES makes the analyzed text that many times the 300-rule one (default 1, about 20 KB).
# ANALYZE_EVERY=N makes every Nth call an analysis (default 6; 0: none, the light calls' floor).
# ANALYZE_CLIENTS=H makes the first H clients analyze only and the rest make light calls only (default 0: mixed).
# With ACCESS_LOG=FILE the server's access log (one line a request, with its time in the handler) is kept there.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="${1:?binary}"
db="${2:?registry}"
clients="${3:-20}"
calls="${4:-50}"
mode="${5:-auto}"
copies="${6:-1}"
python="$here/.venv/bin/python"
scratch="$(mktemp -d)"
server=""
trap '[[ -n "$server" ]] && kill "$server" 2>/dev/null; rm -rf "$scratch"' EXIT
"$bin" serve --db "$db" --port 0 >"$scratch/serve.out" 2>"$scratch/serve.err" &
server=$!
for _ in $(seq 100); do [[ -s "$scratch/serve.out" ]] && break; sleep 0.1; done
url="$(awk '{print $NF}' "$scratch/serve.out")mcp"
# The server warms its caches on a thread of its own as it starts: let it finish, as a deployed server has.
sleep 10
status=0
"$python" "$here/peers/mcp_e2e.py" load-http --url "$url" --pid "$server" --clients "$clients" --calls "$calls" \
    --mode "$mode" --analyze-copies "$copies" --analyze-every "${ANALYZE_EVERY:-6}" \
    --analyze-clients "${ANALYZE_CLIENTS:-0}" 2>/dev/null || status=$?
# Kept even when a call failed: a server that died leaves its last lines there.
if [[ -n "${ACCESS_LOG:-}" ]]; then cp "$scratch/serve.err" "$ACCESS_LOG"; fi
exit "$status"
