#!/usr/bin/env bash
# MCP soak: 10,000 tool calls over one stdio connection, then 64 concurrent Streamable HTTP clients for 60 s, both
# driven by the official MCP Python SDK (bench/peers/mcp_e2e.py) against a registry of the bundled examples.
# Prints one JSON line per run (calls, errors, calls/s, p50/p99 ms, the server's RSS in KB over the run) and exits
# non-zero when any call failed. Figures are recorded in bench/RESULTS.md.
#
# Usage: bench/mcp_soak.sh [SKILLSCOPE_BINARY] [CALLS] [CLIENTS] [SECONDS] [MODE]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
bin="${1:-$root/.build/release/skillscope}"
[[ -x "$bin" ]] || bin="$root/.build/debug/skillscope"
[[ -x "$bin" ]] || { echo "no skillscope binary; run swift build" >&2; exit 69; }
calls="${2:-10000}"
clients="${3:-64}"
seconds="${4:-60}"
mode="${5:-auto}"
"$here/peers/setup.sh" >/dev/null
python="$here/.venv/bin/python"
scratch="$(mktemp -d)"
server=""
trap '[[ -n "$server" ]] && kill "$server" 2>/dev/null; rm -rf "$scratch"' EXIT
db="$scratch/registry.sqlite"
"$bin" ingest "$root/examples" --db "$db" >/dev/null 2>&1
echo "binary: $bin" >&2
status=0
"$python" "$here/peers/mcp_e2e.py" soak-stdio --stdio "$bin" --db "$db" --calls "$calls" --mode "$mode" 2>/dev/null || status=1
"$bin" serve --db "$db" --port 0 --threads 8 >"$scratch/serve.out" 2>/dev/null &
server=$!
for _ in $(seq 50); do [[ -s "$scratch/serve.out" ]] && break; sleep 0.1; done
url="$(awk '{print $NF}' "$scratch/serve.out")mcp"
"$python" "$here/peers/mcp_e2e.py" soak-http --url "$url" --pid "$server" --clients "$clients" --seconds "$seconds" \
    --mode "$mode" 2>/dev/null || status=1
exit $status
