#!/usr/bin/env python3
"""What one analysis costs the web server (issue 25): POST /api/v1/analyze with a CLAUDE.md of one-line rules of
1 KB, 100 KB and 1 MiB, each on a fresh `skillscope serve` over REGISTRY, twice (the first call builds the kind
leaders' index, the second finds it built): wall time, the answer's size, and the server's peak resident memory
above what it held before the call (VmHWM − VmRSS). Then 4 concurrent 1 MiB analyses while one client reads a
file page again and again: the analyses' statuses and the file page's p50/p99.

  bench/analyze_cost.py BINARY REGISTRY [SIZES]   (REGISTRY ingested and grouped; SIZES: a comma-separated subset
                                                  of 1KB,100KB,1MiB,concurrent; all by default)
Prints one JSON object per measurement.
"""
import json
import random
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

binary, registry = sys.argv[1], sys.argv[2]
wanted = set((sys.argv[3] if len(sys.argv) > 3 else "1KB,100KB,1MiB,concurrent").split(","))
words = ("check run keep write read test build deploy review commit branch format lint document name cache log "
         "error request response module package service query index schema config secret token user admin "
         "before after always never only each every first last new old small large local remote").split()


def text_of(size, seed):
    rng = random.Random(seed)
    lines, total = ["# Project rules", ""], 20
    n = 0
    while total < size:
        n += 1
        line = f"- {rng.choice(words).capitalize()} " + " ".join(rng.choice(words) for _ in range(8)) + f" {n}."
        lines.append(line)
        total += len(line) + 1
    return "\n".join(lines) + "\n"


def start():
    server = subprocess.Popen([binary, "serve", "--port", "0", "--db", registry], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    banner = server.stdout.readline()
    port = int(re.search(r":(\d+)/", banner).group(1))
    return server, f"http://127.0.0.1:{port}"


def status(server, field):
    for line in open(f"/proc/{server.pid}/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1]) // 1024
    return 0


def reset_peak(server):
    """Starts VmHWM again from the current resident size (Linux: 5 to clear_refs)."""
    with open(f"/proc/{server.pid}/clear_refs", "w") as out:
        out.write("5")


class AnonSampler:
    """The largest anonymous resident memory (RssAnon: the heap, not the registry's mapped pages, which the page
    cache shares) seen every 5 ms while a call runs."""

    def __init__(self, server):
        self.server, self.peak, self.done = server, status(server, "RssAnon"), threading.Event()
        self.thread = threading.Thread(target=self.run)
        self.thread.start()

    def run(self):
        while not self.done.is_set():
            self.peak = max(self.peak, status(self.server, "RssAnon"))
            time.sleep(0.005)

    def stop(self):
        self.done.set()
        self.thread.join()
        return self.peak


def post(base, text):
    body = json.dumps({"text": text, "kind": "claude"}).encode()
    request = urllib.request.Request(base + "/api/v1/analyze", body, {"Content-Type": "application/json"})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=600) as response:
            data = response.read()
            code = response.status
    except urllib.error.HTTPError as error:
        data, code = error.read(), error.code
    return code, time.monotonic() - started, data


def get(base, path):
    started = time.monotonic()
    try:
        with urllib.request.urlopen(base + path, timeout=60) as response:
            response.read()
            code = response.status
    except urllib.error.HTTPError as error:
        code = error.code
    return code, time.monotonic() - started


for label, size in (("1 KB", 1024), ("100 KB", 100 * 1024), ("1 MiB", 1024 * 1024 - 4096)):
    if label.replace(" ", "") not in wanted:
        continue
    text = text_of(size, size)
    server, base = start()
    try:
        get(base, "/")
        get(base, "/files/1")
        for call in ("first", "second"):
            before, anon_before = status(server, "VmRSS"), status(server, "RssAnon")
            reset_peak(server)
            sampler = AnonSampler(server)
            code, seconds, data = post(base, text)
            anon_peak = sampler.stop()
            rules = json.loads(data).get("rulesShown", {}).get("total") if code == 200 else None
            print(json.dumps({"text": label, "bytes": len(text.encode()), "rules": rules or text.count("\n- "),
                              "call": call, "status": code, "seconds": round(seconds, 2),
                              "answer_bytes": len(data), "rss_mb_before": before,
                              "peak_above_mb": status(server, "VmHWM") - before, "anon_mb_before": anon_before,
                              "anon_peak_above_mb": anon_peak - anon_before,
                              "anon_mb_after": status(server, "RssAnon"),
                              "file_mb_after": status(server, "RssFile")}), flush=True)
    finally:
        server.terminate()
        server.wait()

# Four 1 MiB analyses at once, and the file page meanwhile.
if "concurrent" not in wanted:
    sys.exit(0)
text = text_of(1024 * 1024 - 4096, 7)
server, base = start()
try:
    get(base, "/files/1")
    post(base, text_of(100 * 1024, 1))  # the registry's kinds, loaded once
    baseline = status(server, "VmRSS")
    reset_peak(server)
    results, latencies, done = [], [], threading.Event()

    def analyze():
        code, seconds, data = post(base, text)
        results.append((code, round(seconds, 2)))

    def page():
        while not done.is_set():
            code, seconds = get(base, "/files/1?rules=0")
            latencies.append((code, seconds))

    reader = threading.Thread(target=page)
    reader.start()
    workers = [threading.Thread(target=analyze) for _ in range(4)]
    started = time.monotonic()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    done.set()
    reader.join()
    times = sorted(seconds for _, seconds in latencies)
    pick = lambda q: round(times[min(len(times) - 1, int(q * len(times)))] * 1000, 1) if times else None
    print(json.dumps({"concurrent": 4, "text": "1 MiB", "analyses": results,
                      "seconds": round(time.monotonic() - started, 2),
                      "file_page_requests": len(latencies), "file_page_statuses": sorted({c for c, _ in latencies}),
                      "file_page_p50_ms": pick(0.5), "file_page_p99_ms": pick(0.99),
                      "rss_mb_before": baseline, "peak_above_mb": status(server, "VmHWM") - baseline,
                      "anon_mb_after": status(server, "RssAnon"), "file_mb_after": status(server, "RssFile")}),
          flush=True)
finally:
    server.terminate()
    server.wait()
