#!/usr/bin/env python3
"""What a server holds to answer versions at scale (issue 25): `skillscope serve` over REGISTRY, then
`GET /api/v1/files/ID/versions`: the first answer after start, the wait until the server has built what it keeps
for versions (its CPU falls quiet), then QUERIES answers over ids spread across the registry, p50 / p99 / max, and
the server's memory: VmRSS, RssAnon (its own heap) and RssFile (mapped files, which the page cache shares).

  bench/versions_server.py BINARY REGISTRY [QUERIES] [SEED]
Prints one JSON object.
"""
import json
import random
import re
import sqlite3
import subprocess
import sys
import time
import urllib.request

binary, registry = sys.argv[1], sys.argv[2]
queries = int(sys.argv[3]) if len(sys.argv) > 3 else 500
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 25)


def memory(pid):
    found = {}
    for line in open(f"/proc/{pid}/status"):
        field = line.split(":")[0]
        if field in ("VmRSS", "RssAnon", "RssFile", "VmHWM"):
            found[field + "MB"] = int(line.split()[1]) // 1024
    return found


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100.0


def get(base, path):
    started = time.monotonic()
    with urllib.request.urlopen(base + path, timeout=600) as response:
        body = response.read()
    return time.monotonic() - started, response.status, body


started = time.monotonic()
server = subprocess.Popen([binary, "serve", "--port", "0", "--db", registry], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True)
banner = server.stdout.readline()
port = int(re.search(r":(\d+)/", banner).group(1))
base = f"http://127.0.0.1:{port}"
try:
    with sqlite3.connect(f"file:{registry}?mode=ro", uri=True) as db:
        files = db.execute("SELECT max(id) FROM files").fetchone()[0]
    first_id = 1828 if files > 1828 else 1
    seconds, status, body = get(base, f"/api/v1/files/{first_id}/versions")
    result = {"registry": registry, "files": files, "first_answer_s": round(seconds, 3),
              "since_start_s": round(time.monotonic() - started, 2), "first_status": status,
              "memory_after_first": memory(server.pid)}
    # Until what versions keep is built: the server's CPU quiet for 3 s in a row.
    wait_started, quiet = time.monotonic(), 0
    last = cpu_seconds(server.pid)
    while quiet < 3 and time.monotonic() - wait_started < 900:
        time.sleep(1)
        now = cpu_seconds(server.pid)
        quiet = quiet + 1 if now - last < 0.05 else 0
        last = now
    result["built_after_s"] = round(time.monotonic() - wait_started - 3, 1)
    result["memory_built"] = memory(server.pid)
    times, statuses = [], {}
    for _ in range(queries):
        seconds, status, _ = get(base, f"/api/v1/files/{rng.randint(1, files)}/versions")
        times.append(seconds)
        statuses[status] = statuses.get(status, 0) + 1
    times.sort()
    pick = lambda q: round(times[min(len(times) - 1, int(q * len(times)))] * 1000, 2)
    result.update({"queries": queries, "statuses": statuses, "p50_ms": pick(0.5), "p99_ms": pick(0.99),
                   "max_ms": round(times[-1] * 1000, 2), "memory_after_queries": memory(server.pid)})
    print(json.dumps(result))
finally:
    server.terminate()
    server.wait()
