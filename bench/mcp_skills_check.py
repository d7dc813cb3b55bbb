#!/usr/bin/env python3
"""Every skill the MCP server lists on REGISTRY, checked over Streamable HTTP (issue 27): skills/list paged to its end,
each URI unique, each entry's last path segment its name, and every listed file read back with resources/read, its
sha256 digest and size compared with the entry's.

  bench/mcp_skills_check.py BINARY REGISTRY
Prints one JSON object.
"""
import json, re, subprocess, sys, hashlib, urllib.request
binary, db = sys.argv[1], sys.argv[2]
server = subprocess.Popen([binary, "serve", "--port", "0", "--db", db], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
def rpc(method, params, name=None):
    params = dict(params); params["_meta"] = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": method}
    if name: headers["Mcp-Name"] = name
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).encode()
    with urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/mcp", body, headers)) as r:
        return json.loads(r.read())
uris, entries, cursor, pages, sizes = [], [], None, 0, []
while True:
    res = rpc("skills/list", {"cursor": cursor} if cursor else {})["result"]
    pages += 1; sizes.append(len(res["skills"]))
    entries += res["skills"]; uris += [s["uri"] for s in res["skills"]]
    cursor = res.get("nextCursor")
    if not cursor: break
bad_digest, not_found, checked = 0, 0, 0
for entry in entries:
    for resource in entry["resources"]:
        out = rpc("resources/read", {"uri": resource["uri"]}, resource["uri"])
        if "error" in out: not_found += 1; continue
        text = out["result"]["contents"][0].get("text", "")
        data = text.encode()
        checked += 1
        if "sha256:" + hashlib.sha256(data).hexdigest() != resource["digest"] or len(data) != resource["size"]: bad_digest += 1
last_ok = sum(1 for e in entries if e["uri"].split("/")[-2] == e["frontmatter"].get("name"))
server.terminate(); server.wait()
print(json.dumps({"skills": len(uris), "unique": len(set(uris)), "pages": pages, "page_sizes_min_max_except_last": [min(sizes[:-1] or [0]), max(sizes)], "resources_read": checked, "digest_or_size_mismatch": bad_digest, "not_found": not_found, "last_segment_is_name": last_ok}))
