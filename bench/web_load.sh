#!/usr/bin/env bash
# Load on the web server: the file page and search over a registry of the shared corpus, wrk at 64 connections
# for 30 s each, with the server's resident memory before and after. Each route is loaded twice: one URL again
# and again (after the first request, the server answers from its kept pages), and a spread of URLs picked at
# random per request (500 file pages; 200 searches), where every URL's first visit renders.
#   bench/web_load.sh [CORPUS]      (needs wrk: apt-get install wrk)
# CONNECTIONS (default 64) sets wrk's connections; BIN and REGISTRY reuse a built binary and a registry already
# ingested and grouped from CORPUS (nothing is built, ingested or grouped then; the registry is not changed).
set -euo pipefail
cd "$(dirname "$0")/.."
CORPUS="${1:-$(pwd)/../shared/corpus}"
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 69; }
CONNECTIONS="${CONNECTIONS:-64}"
if [ -z "${BIN:-}" ]; then
    swift build -c release --product skillscope 2>&1 | tail -1 >&2
    BIN=.build/release/skillscope
fi
DATA=$(mktemp -d)
trap 'kill $SERVER 2>/dev/null || true; rm -rf "$DATA"' EXIT
if [ -n "${REGISTRY:-}" ]; then
    DB="$REGISTRY"
else
    DB="$DATA/r.sqlite"
    "$BIN" ingest "$CORPUS" --db "$DB" >/dev/null
    "$BIN" group --db "$DB" >/dev/null 2>&1
fi
"$BIN" serve --port 0 --threads 4 --db "$DB" >"$DATA/out" 2>/dev/null &
SERVER=$!
for _ in $(seq 50); do grep -q serving "$DATA/out" 2>/dev/null && break; sleep 0.1; done
PORT=$(grep -o '[0-9]*/$' "$DATA/out" | tr -d /)
BASE="http://127.0.0.1:$PORT"
ID=$(curl -s "$BASE/api/v1/search?q=swiftui%20observable%20state&limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["hits"][0]["id"])')
rss() { awk '/VmRSS/ {print int($2/1024)}' /proc/$SERVER/status; }
# The server's own memory: readers map the registry file, and VmRSS counts those shared, reclaimable file pages
# once per mapping (four readers), so RssAnon is what the process itself allocated.
anon() { awk '/RssAnon/ {print int($2/1024)}' /proc/$SERVER/status; }
echo "{\"server\":\"skillscope serve --threads 4\",\"connections\":$CONNECTIONS,\"corpus_files\":$(wc -l <"$CORPUS/manifest.jsonl"),\"rss_mb_start\":$(rss),\"anon_mb_start\":$(anon)}"
sqlite3 "$DB" "SELECT '/files/' || id FROM files WHERE status = 'indexed' ORDER BY id % 97, id LIMIT 500" \
    >"$DATA/files.txt"
sqlite3 "$DB" "SELECT DISTINCT '/search?q=' || replace(lower(name), '-', '+') FROM files
    WHERE name IS NOT NULL AND kind = 'skill' ORDER BY id % 89, id LIMIT 200" >"$DATA/searches.txt"
cat >"$DATA/spread.lua" <<'LUA'
local paths = {}
for line in io.lines(os.getenv("SPREAD")) do paths[#paths + 1] = line end
request = function() return wrk.format("GET", paths[math.random(#paths)]) end
LUA
for route in "/files/$ID" "/search?q=swiftui+observable+state" "/api/v1/search?q=testing+pytest&limit=20" \
    "spread:$DATA/files.txt" "spread:$DATA/searches.txt"; do
    if [[ "$route" == spread:* ]]; then
        SPREAD="${route#spread:}" wrk -t2 -c"$CONNECTIONS" -d30s --latency -s "$DATA/spread.lua" "$BASE" >"$DATA/wrk" 2>&1
        route="spread of $(wc -l <"${route#spread:}") $(basename "${route#spread:}" .txt)"
    else
        curl -s -o /dev/null "$BASE$route"  # warm
        wrk -t2 -c"$CONNECTIONS" -d30s --latency "$BASE$route" >"$DATA/wrk" 2>&1
    fi
    python3 - "$route" "$DATA/wrk" "$(rss)" "$(anon)" <<'PY'
import json, re, sys
route, path, rss, anon = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
text = open(path).read()
def ms(value):
    number, unit = re.match(r"([\d.]+)(\w+)", value).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]
p = {k: ms(v) for k, v in re.findall(r"^\s+(50|99)%\s+(\S+)", text, re.M)}
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
socket = re.search(r"Socket errors: (.*)", text)
print(json.dumps({"route": route, "requests_per_s": rps, "p50_ms": p.get("50"), "p99_ms": p.get("99"),
                  "non_2xx": int(errors.group(1)) if errors else 0, "socket_errors": socket.group(1) if socket else "none",
                  "rss_mb_after": rss, "anon_mb_after": anon}))
PY
done
