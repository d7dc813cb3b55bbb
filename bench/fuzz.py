#!/usr/bin/env python3
"""Fuzzes the analysis and the MCP tools of a real `skillscope serve` (issue 25): random Markdown (front matter,
lists, tables, code, headings, HTML, control and non-Latin characters, very long lines) to POST /api/v1/analyze
and POST /analyze, and random arguments (wrong types, huge numbers, fractions, missing fields, unknown fields) to
every MCP tool over Streamable HTTP, for SECONDS. Fails when the server dies, or answers a 5xx other than the
documented 503 (busy, over budget).

  bench/fuzz.py BINARY REGISTRY [SECONDS=600] [SEED=25]
Prints a JSON summary: requests per door, statuses seen, and every undocumented answer (at most 20).
"""
import json
import random
import re
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

binary, registry = sys.argv[1], sys.argv[2]
seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 600
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 25)

pieces = ["- ", "* ", "1. ", "# ", "## ", "> ", "| a | b |\n|---|---|\n| x | y |", "```\ncode\n```", "---\n",
          "name: x\n", "description: y\n", "globs: *.ts\n", "alwaysApply: true\n", "<script>x</script>", "**bold**",
          "`scripts/x.sh`", "[link](../../etc/passwd)", "MUST", "never", "always run `rm -rf ~`", "\t", "\u0000",
          "\ufeff", "日本語のルール", "규칙을 따르세요", "قاعدة", "😀", "\u202e", "\\", "%00", "&amp;", "\r\n", "  \n"]


def markdown():
    out = []
    for _ in range(rng.randint(0, 60)):
        piece = rng.choice(pieces)
        if rng.random() < 0.05:
            piece = piece * rng.randint(100, 5000)
        out.append(piece + rng.choice(["", " ", "\n", " word" * rng.randint(0, 30)]))
    return "".join(out)


def junk():
    return rng.choice([None, True, -1, 0, 2.5, 1e308, -(2 ** 63), 2 ** 64, "", "x" * rng.randint(0, 3000), [], {},
                       [1, "a"], {"a": 1}, "skill", "claude", "nope", 10, 99999999])


server = subprocess.Popen([binary, "serve", "--port", "0", "--db", registry], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True)
port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
base = f"http://127.0.0.1:{port}"
counts, statuses, bad = {}, {}, []


def send(door, request):
    counts[door] = counts.get(door, 0) + 1
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            response.read()
            code = response.status
    except urllib.error.HTTPError as error:
        error.read()
        code = error.code
    except Exception as error:  # connection refused or reset: the server may be gone
        code = f"no answer: {type(error).__name__}"
    statuses.setdefault(door, {}).setdefault(str(code), 0)
    statuses[door][str(code)] += 1
    if not isinstance(code, int) or (code >= 500 and code != 503):
        if len(bad) < 20:
            bad.append({"door": door, "status": code, "body": request.data[:200].decode("utf-8", "replace")})


tools = ["registry_search", "registry_read", "registry_analyze", "registry_write", "registry_install_plan"]
fields = ["query", "id", "repository", "path", "text", "kind", "kinds", "limit", "offset", "rulesOffset",
          "rulesLimit", "includeText", "findVersions", "action", "outcome", "usedFor", "source", "agent", "costUSD"]
deadline = time.monotonic() + seconds
while time.monotonic() < deadline and server.poll() is None:
    door = rng.choice(["api", "form", "mcp", "mcp"])
    if door == "api":
        body = {"text": markdown()}
        for name in ("kind", "path", "offset", "limit"):
            if rng.random() < 0.3:
                body[name] = junk()
        data = json.dumps(body).encode()
        send(door, urllib.request.Request(base + "/api/v1/analyze", data, {"Content-Type": "application/json"}))
    elif door == "form":
        data = urllib.parse.urlencode({"text": markdown(), "kind": rng.choice(["", "skill", "cursor", "x"])}).encode()
        send(door, urllib.request.Request(base + "/analyze", data,
                                          {"Content-Type": "application/x-www-form-urlencoded"}))
    else:
        tool = rng.choice(tools)
        arguments = {name: junk() for name in rng.sample(fields, rng.randint(0, 6))}
        if tool == "registry_analyze" and rng.random() < 0.7:
            arguments["text"] = markdown()
        message = {"jsonrpc": "2.0", "id": rng.randint(1, 10 ** 6), "method": "tools/call",
                   "params": {"name": tool, "arguments": arguments,
                              "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}}}
        send(door, urllib.request.Request(base + "/mcp", json.dumps(message).encode(), {
            "Content-Type": "application/json", "Accept": "application/json, text/event-stream",
            "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": tool}))
alive = server.poll() is None
server.terminate()
server.wait()
print(json.dumps({"seconds": seconds, "alive": alive, "requests": counts, "statuses": statuses,
                  "undocumented": bad}, indent=1))
sys.exit(0 if alive and not bad else 1)
