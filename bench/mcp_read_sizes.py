#!/usr/bin/env python3
"""The size of registry_read's whole JSON-RPC answer over Streamable HTTP for the median and the largest skill of
REGISTRY, with the defaults and with includeText false (issue 27).

  bench/mcp_read_sizes.py BINARY REGISTRY
"""
import json, re, subprocess, sys, sqlite3, urllib.request
binary, db = sys.argv[1], sys.argv[2]
rows = sqlite3.connect(db).execute("select id, bytes from files where kind='skill' and status='indexed' order by bytes").fetchall()
median, largest = rows[len(rows)//2], rows[-1]
server = subprocess.Popen([binary, "serve", "--port", "0", "--db", db], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
def call(args):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "registry_read", "arguments": args, "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}}}).encode()
    h = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "registry_read"}
    with urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/mcp", body, h)) as r: return r.read()
for label, (fid, size) in (("median", median), ("largest", largest)):
    for args in ({"id": fid}, {"id": fid, "includeText": False}):
        print(label, size, args, len(call(args)))
server.terminate(); server.wait()
