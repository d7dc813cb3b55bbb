#!/usr/bin/env python3
"""MCP conformance client for the `skillscope` server: named checks, each a MUST of the MCP spec (revision 2026-07-28,
its Streamable HTTP transport, the legacy initialize era) or of the Skills extension (io.modelcontextprotocol/skills).

Usage:
  mcp_conformance.py --binary BIN --db DB --token TOKEN --transport stdio|http [--url URL] [--token-name conf] [--every]

  stdio: each check spawns `BIN mcp --db DB` (the token in env SKILLSCOPE_TOKEN) and writes JSON-RPC lines to it.
  http:  checks POST to URL (http://127.0.0.1:PORT/mcp) with `Authorization: Bearer TOKEN`; without --url the
         script starts `BIN serve --port 0 --db DB` itself and stops it at the end.

Runs under the official Python SDK's 2.x line (bench/.venv: the SDK drives a 2026-07-28 session and a legacy one)
and its 1.x line (bench/.venv-mcp1: the SDK drives only the legacy initialize handshake). What an SDK hides (headers,
HTTP statuses, exact error codes, batches, notifications, version errors) is sent as raw JSON-RPC, the same way in
both venvs. Prints ONE JSON object on stdout and exits 1 if any check failed:
  {"sdk": "<mcp version or 'raw'>", "transport": ..., "passed": [names], "failed": [{"name", "why"}],
   "skipped": [{"name", "why"}], "notes": {name: what was seen}}
The registry_write checks file review reports into DB (the token must be allowed to write).
"""
import argparse, asyncio, base64, hashlib, http.client, importlib, json, os, queue, re, socket, subprocess, sys
import threading, time, warnings
from urllib.parse import urlparse

def optional(module):
    try:
        return importlib.import_module(module)
    except ImportError:
        return None

jsonschema, yaml = optional("jsonschema"), optional("yaml")
try:
    from importlib.metadata import version as _dist_version
    SDK = _dist_version("mcp")
except Exception:  # no SDK: the raw checks still run
    SDK = "raw"

NEW, LEGACY = "2026-07-28", "2025-11-25"
PV, CAPS, INFO = ("io.modelcontextprotocol/protocolVersion", "io.modelcontextprotocol/clientCapabilities",
                  "io.modelcontextprotocol/clientInfo")
SERVER_INFO, SKILLS_EXT, LEFT_OUT = "io.modelcontextprotocol/serverInfo", "io.modelcontextprotocol/skills", "dev.skillscope/leftOut"
NAME_METHODS = {"tools/call": "name", "prompts/get": "name", "resources/read": "uri"}
CLIENT = {"name": "skillscope-conformance", "version": "1.0"}
SAMPLE = "---\nname: conf-check\ndescription: A conformance sample skill. Use when testing.\n---\n# Conf\n\n" \
         "- Always run the test suite before committing.\n- Never push to main directly.\n"
BIG = "".join(f"- Rule {n} does something.\n" for n in range(12000))  # ~330 KB for the cancellation checks
SEARCH_X = {"name": "registry_search", "arguments": {"query": "x", "limit": 1}}
NOTIF, AUTO = object(), object()
SEEN_RESULTS, SEEN_ERRORS, STDOUT_LINES = [], [], []  # 2026-07-28 results and error codes; every stdio line
_ids = iter(range(1, 10 ** 9))

class Fail(AssertionError): pass
class Skip(Exception): pass

def need(ok, why):
    if not ok:
        raise Fail(why)

def short(value, n=300):
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
    return text if len(text) <= n else text[:n] + "…"

def each(items, fn):
    """fn on every item; fails once, naming each item that failed (one bad case hides no other). Returns the count."""
    bad = []
    for item in items:
        try:
            fn(item)
        except Fail as e:
            bad.append(str(e))
    need(not bad, " | ".join(bad[:6]) + (f" (+{len(bad) - 6} more)" if len(bad) > 6 else ""))
    return len(items)

def parse_body(text, content_type=""):
    if content_type.startswith("text/event-stream"):  # the last response in the stream
        datas = ["\n".join(l[5:].lstrip() for l in ev.splitlines() if l.startswith("data:")) for ev in re.split(r"\r?\n\r?\n", text)]
        msgs = [parse_body(d) for d in datas if d]
        return next((m for m in reversed(msgs) if isinstance(m, dict) and ("result" in m or "error" in m)), None)
    try:
        return json.loads(text) if text else None
    except ValueError:
        return None

class Reply:
    def __init__(self, status, headers, text):
        self.status, self.headers, self.text = status, {k.lower(): v for k, v in headers.items()}, text
        self.msg = parse_body(text, self.headers.get("content-type", ""))

    def __repr__(self):
        return f"HTTP {self.status} {short(self.text)}" if self.status is not None else short(self.text or "<no line>")

class Peer:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

class Http(Peer):
    kind = "http"
    def __init__(self, url, token):
        u = urlparse(url)
        self.host, self.port, self.path, self.token = u.hostname, u.port or 80, u.path or "/", token

    def close(self):
        pass

    def request(self, verb, body=None, headers=None, raw=None, timeout=30, auth=True):
        h = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
             **({"Authorization": "Bearer " + self.token} if self.token and auth else {})}
        for key, value in (headers or {}).items():  # header names are case-insensitive; None removes one
            h = {k: v for k, v in h.items() if k.lower() != key.lower()} | ({key: value} if value is not None else {})
        conn = http.client.HTTPConnection(self.host, self.port, timeout=timeout)  # keeps header case as written
        try:
            conn.request(verb, self.path, raw if raw is not None else (json.dumps(body).encode() if body is not None else None), h)
            resp = conn.getresponse()
            return Reply(resp.status, dict(resp.getheaders()), resp.read().decode("utf-8", "replace"))
        finally:
            conn.close()

    def post(self, body, headers=None, raw=None, timeout=30, auth=True):
        return self.request("POST", body, headers, raw, timeout, auth)

class Stdio(Peer):
    kind = "stdio"
    def __init__(self, binary, db, token):
        env = {k: v for k, v in os.environ.items() if k != "SKILLSCOPE_TOKEN"} | ({"SKILLSCOPE_TOKEN": token} if token else {})
        self.proc = subprocess.Popen([binary, "mcp", "--db", db], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, env=env)
        self.lines, self.stray = queue.Queue(), []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            STDOUT_LINES.append(line.decode("utf-8", "replace").rstrip("\n"))
            self.lines.put(STDOUT_LINES[-1])

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(5)
        except Exception:
            self.proc.kill()

    def send(self, body=None, raw=None):
        self.proc.stdin.write((raw if raw is not None else json.dumps(body).encode()) + b"\n")
        self.proc.stdin.flush()

    def next(self, timeout):  # the next stdout line, or None after timeout or once the server has exited
        deadline = time.time() + timeout
        while True:
            try:
                return self.lines.get(timeout=max(min(0.2, deadline - time.time()), 0.01))
            except queue.Empty:
                if time.time() >= deadline or (self.proc.poll() is not None and self.lines.empty()):
                    return None

    def post(self, body, headers=None, raw=None, timeout=30, auth=True):
        """Writes one line and returns the reply to it, matched by id (id null for a batch or an unparsable line);
        other lines go to self.stray. After a notification it waits 1 s for any line."""
        self.send(body, raw)
        if isinstance(body, dict) and "id" not in body:
            return Reply(None, {}, self.next(1.0) or "")
        want, deadline = body.get("id") if isinstance(body, dict) else None, time.time() + timeout
        while (line := self.next(deadline - time.time())) is not None:
            msg = parse_body(line)
            if not isinstance(msg, dict) or msg.get("id") == want:
                return Reply(None, {}, line)
            self.stray.append(line)
        return Reply(None, {}, "")

def b64_sentinel(value):
    return "=?base64?" + base64.b64encode(value.encode()).decode() + "?="

def header_value(value):  # header-safe as is, anything else in the Base64 sentinel form
    safe = all(32 <= ord(c) < 127 for c in value) and value == value.strip() and not re.fullmatch(r"=\?base64\?.*\?=", value)
    return value if safe else b64_sentinel(value)

def rpc(t, method, params=None, *, id=AUTO, version=NEW, caps=True, headers=None, timeout=30, auth=True):
    """One JSON-RPC message, with the 2026-07-28 `_meta` and HTTP headers unless version is None (legacy era)."""
    p = dict(params or {})
    if version is not None:
        p["_meta"] = {PV: version, INFO: CLIENT, **({CAPS: {}} if caps else {}), **p.get("_meta", {})}
    body = {"jsonrpc": "2.0", "method": method, **({"params": p} if p else {})}
    if id is not NOTIF:
        body["id"] = next(_ids) if id is AUTO else id
    h = {"Mcp-Method": method, **({"MCP-Protocol-Version": version} if version else {})}
    if method in NAME_METHODS and isinstance(p.get(NAME_METHODS[method]), str):
        h["Mcp-Name"] = header_value(p[NAME_METHODS[method]])
    r = t.post(body, {**h, **(headers or {})}, timeout=timeout, auth=auth)
    if version == NEW and isinstance(r.msg, dict):
        if isinstance(r.msg.get("result"), dict):
            SEEN_RESULTS.append((method, r.msg["result"]))
        if isinstance(r.msg.get("error"), dict):
            SEEN_ERRORS.append((method, r.msg["error"].get("code")))
    return r

def result(r, what=""):
    need(isinstance(r.msg, dict) and isinstance(r.msg.get("result"), dict), f"{what} wanted a result, got {r!r}")
    return r.msg["result"]

def error(t, r, code, status=None, what=""):
    ok = isinstance(r.msg, dict) and isinstance(r.msg.get("error"), dict) and r.msg["error"].get("code") == code
    need(ok, f"{what} wanted error {code}, got {r!r}")
    need(t.kind != "http" or status is None or r.status == status, f"{what} wanted HTTP {status}, got {r!r}")
    return r.msg["error"]

def cache_hints(res, what):
    need(isinstance(res.get("ttlMs"), int) and res["ttlMs"] >= 0, f"{what}: ttlMs missing or not an integer ≥ 0")
    need(res.get("cacheScope") in ("public", "private"), f"{what}: cacheScope {res.get('cacheScope')!r}")

def tool(t, name, args, auth=True):
    return result(rpc(t, "tools/call", {"name": name, "arguments": args}, auth=auth), f"tools/call {name}")

def text_blocks(res):
    return [c for c in res.get("content", []) if isinstance(c, dict) and c.get("type") == "text"]

def walk_skills(t, limit=10000):
    pages, cursor = [], None
    while len(pages) < limit:
        pages.append(result(rpc(t, "skills/list", {"cursor": cursor} if cursor else {}), "skills/list"))
        if not (cursor := pages[-1].get("nextCursor")):
            return pages
    raise Fail(f"skills/list did not end within {limit} pages")

def a_file(t):  # a registry file (a skill when one is found) from registry_search: id, repository, path
    hits = (tool(t, "registry_search", {"query": "review", "limit": 10}).get("structuredContent") or {}).get("hits")
    need(hits, "registry_search found nothing for 'review'")
    return next((h for h in hits if h.get("skillURI")), hits[0])

def read_bytes(t, uri):
    contents = result(rpc(t, "resources/read", {"uri": uri}), f"resources/read {uri}").get("contents") or []
    need(contents and contents[0].get("uri") == uri, f"resources/read {uri}: contents[0].uri is not the URI read")
    return contents[0]["text"].encode() if "text" in contents[0] else base64.b64decode(contents[0].get("blob", ""))

MAKERS = {"discover": lambda t: result(rpc(t, "server/discover"), "server/discover"),
          "tools": lambda t: {x["name"]: x for x in result(rpc(t, "tools/list"), "tools/list")["tools"]},
          "skills": walk_skills, "file": a_file}

class Ctx:
    def __init__(self, a, url):
        self.a, self.url, self.transport, self.cache = a, url, a.transport, {}
        self.port = urlparse(url).port if url else None

    def peer(self, token=AUTO):
        token = self.a.token if token is AUTO else token
        return Http(self.url, token) if self.transport == "http" else Stdio(self.a.binary, self.a.db, token)

    def get(self, key):  # shared look-ups, each made once on its own connection
        if key not in self.cache:
            with self.peer() as t:
                self.cache[key] = MAKERS[key](t)
        return self.cache[key]

    def entries(self):
        return [s for p in self.get("skills") for s in p.get("skills", [])]

CHECKS = []

def check(name, only=None):
    return lambda f: CHECKS.append((name, only, f)) or f

# ---------------------------------------------------------------- 2026-07-28 basics
@check("discover/result")
def _(ctx):
    with ctx.peer() as t:
        res = result(rpc(t, "server/discover"), "server/discover")
    need(NEW in res.get("supportedVersions", []), f"supportedVersions {res.get('supportedVersions')}")
    caps = res.get("capabilities") or {}
    need("tools" in caps, "capabilities lack tools although tools are served")
    need("resources" in caps, "capabilities lack resources (the Skills extension requires it)")
    need(SKILLS_EXT in (caps.get("extensions") or {}), f"capabilities.extensions lack {SKILLS_EXT}")
    info = (res.get("_meta") or {}).get(SERVER_INFO)
    need(isinstance(info, dict) and info.get("name") and info.get("version"), f"_meta serverInfo {info!r}")
    need(res.get("resultType") == "complete", f"resultType {res.get('resultType')!r}")
    cache_hints(res, "server/discover")

@check("results/resultType-and-cache-hints")
def _(ctx):
    uri = ctx.entries()[0]["uri"]
    calls = [("tools/list", {}, True), ("resources/list", {}, True), ("skills/list", {}, True),
             ("resources/read", {"uri": uri}, True), ("skills/get", {"uri": uri}, True),
             ("resources/templates/list", {}, False), ("tools/call", SEARCH_X, False)]
    def one(call):
        res = result(rpc(t, call[0], call[1]), call[0])
        need(res.get("resultType") in ("complete", "input_required"), f"{call[0]}: resultType {res.get('resultType')!r}")
        if call[2]:
            cache_hints(res, call[0])
    with ctx.peer() as t:
        each(calls, one)

@check("jsonrpc/batch-rejected-32600")
def _(ctx):
    batch = [{"jsonrpc": "2.0", "id": next(_ids), "method": m, "params": {"_meta": {PV: NEW, CAPS: {}}}}
             for m in ("server/discover", "tools/list")]
    with ctx.peer() as t:
        r = t.post(batch, {"MCP-Protocol-Version": NEW, "Mcp-Method": "server/discover"})
        need(isinstance(r.msg, dict), f"a batch must get one error object, got {r!r}")
        error(t, r, -32600, what="batch:")
        extra = t.next(0.7) if t.kind == "stdio" else None
        need(extra is None, f"a second line answered the batch: {short(extra or '')}")

@check("jsonrpc/parse-error-32700")
def _(ctx):
    with ctx.peer() as t:
        error(t, t.post(None, {"MCP-Protocol-Version": NEW, "Mcp-Method": "tools/list"}, raw=b"{not json"), -32700)

@check("jsonrpc/notification-no-response")
def _(ctx):
    def one(case):
        method, params = case
        if t.kind == "http":
            r = rpc(t, method, params, id=NOTIF)
            return need(r.status == 202 and r.text == "", f"{method}: wanted 202 with no body, got {r!r}")
        t.send({"jsonrpc": "2.0", "method": method, "params": {**params, "_meta": {PV: NEW, CAPS: {}}}})
        probe = next(_ids)  # the next line must answer this request, not the notification
        t.send({"jsonrpc": "2.0", "id": probe, "method": "server/discover", "params": {"_meta": {PV: NEW, CAPS: {}}}})
        line = t.next(30)
        need(line and (parse_body(line) or {}).get("id") == probe, f"{method} was answered: {short(line or '<none>')}")
    with ctx.peer() as t:
        each([("notifications/cancelled", {"requestId": 424242}), ("notifications/conformance", {})], one)

@check("version/unsupported-in-meta-32022")
def _(ctx):
    with ctx.peer() as t:
        data = error(t, rpc(t, "tools/list", version="1900-01-01"), -32022, 400).get("data") or {}
    need(isinstance(data.get("supported"), list) and NEW in data["supported"], f"data.supported {data.get('supported')!r}")
    need(data.get("requested") == "1900-01-01", f"data.requested {data.get('requested')!r}")

@check("version/unsupported-header-only-32022", only="http")
def _(ctx):
    with ctx.peer() as t:  # the version only in MCP-Protocol-Version, none in _meta
        r = t.post({"jsonrpc": "2.0", "id": next(_ids), "method": "tools/list", "params": {}},
                   {"MCP-Protocol-Version": "1900-01-01", "Mcp-Method": "tools/list"})
        data = error(t, r, -32022, 400, "header 1900-01-01, no _meta version:").get("data") or {}
    need(isinstance(data.get("supported"), list) and data.get("requested") == "1900-01-01", f"data {short(data)}")

# ---------------------------------------------------------------- error answers: one check per name, every case tried
def hdr(**h):
    return {"headers": {k.replace("_", "-"): v for k, v in h.items()}}

ERROR_CASES = [  # name, transport, [(label, method, params, rpc options, code, HTTP status)]
    ("meta/missing-clientCapabilities-32602", None,
     [("_meta without clientCapabilities", "tools/list", {}, {"caps": False}, -32602, 400)]),
    ("jsonrpc/unknown-method-32601", None, [("unknown method", "conformance/no-such-method", {}, {}, -32601, 404)]),
    ("jsonrpc/null-id-32600", None, [("id null", "tools/list", {}, {"id": None}, -32600, None)]),
    ("tools/unknown-tool-32602", None,
     [("unknown tool", "tools/call", {"name": "no_such_tool_conf", "arguments": {}}, {}, -32602, None)]),
    ("tools/malformed-call-32602", None,
     [("arguments not an object", "tools/call", {"name": "registry_search", "arguments": "oops"}, {}, -32602, None),
      ("no name", "tools/call", {"arguments": {}}, {}, -32602, None)]),
    ("resources/read-unknown-32602", None,
     [(u, "resources/read", {"uri": u}, {}, -32602, None) for u in ("skill://conf/none/nothing/SKILL.md", "file:///etc/passwd")]),
    ("skills/get-unknown-32602", None,
     [("unknown skill", "skills/get", {"uri": "skill://conf/none/nothing/SKILL.md"}, {}, -32602, None)]),
    ("http/header-mismatch-32020", "http", [
        ("MCP-Protocol-Version 2025-11-25, _meta 2026-07-28", "tools/list", {}, hdr(MCP_Protocol_Version=LEGACY), -32020, 400),
        ("Mcp-Method resources/list for tools/list", "tools/list", {}, hdr(Mcp_Method="resources/list"), -32020, 400),
        ("Mcp-Name registry_read for registry_search", "tools/call", SEARCH_X, hdr(Mcp_Name="registry_read"), -32020, 400),
        ("Mcp-Name another URI", "resources/read", {"uri": "skill://a/b/c/SKILL.md"}, hdr(Mcp_Name="skill://a/b/d/SKILL.md"), -32020, 400),
        ("base64 Mcp-Name registry_read", "tools/call", SEARCH_X, hdr(Mcp_Name=b64_sentinel("registry_read")), -32020, 400)]),
    ("http/missing-required-header-32020", "http", [
        ("no MCP-Protocol-Version", "tools/list", {}, hdr(MCP_Protocol_Version=None), -32020, 400),
        ("no Mcp-Method", "tools/list", {}, hdr(Mcp_Method=None), -32020, 400),
        ("no Mcp-Name on tools/call", "tools/call", SEARCH_X, hdr(Mcp_Name=None), -32020, 400),
        ("no Mcp-Name on resources/read", "resources/read", {"uri": "skill://a/b/c/SKILL.md"}, hdr(Mcp_Name=None), -32020, 400)]),
]

def error_check(cases):
    def run(ctx):
        with ctx.peer() as t:
            each(cases, lambda c: error(t, rpc(t, c[1], c[2], **c[3]), c[4], c[5], c[0] + ":"))
    return run

for _name, _only, _cases in ERROR_CASES:
    check(_name, _only)(error_check(_cases))

# ---------------------------------------------------------------- tools
@check("tools/list-deterministic")
def _(ctx):
    with ctx.peer() as t:
        one, two = (result(rpc(t, "tools/list"))["tools"] for _ in range(2))
    with ctx.peer() as t:  # stdio: a second connection, where the list MUST NOT differ either
        three = result(rpc(t, "tools/list"))["tools"]
    need(one == two, "two tools/list calls differ")
    need(one == three, "tools/list differs between connections")

@check("tools/names-valid-unique")
def _(ctx):
    with ctx.peer() as t:
        names = [x["name"] for x in result(rpc(t, "tools/list"))["tools"]]
    need(not [n for n in names if not re.fullmatch(r"[A-Za-z0-9_.\-]{1,128}", n)], f"invalid tool names in {names}")
    need(len(names) == len(set(names)), f"duplicate tool names {names}")

@check("tools/schemas-are-json-schema")
def _(ctx):
    need(jsonschema is not None, "jsonschema is not installed")
    def one(item):
        name, x = item
        need(isinstance(x.get("inputSchema"), dict) and x["inputSchema"].get("type") == "object",
             f"{name}: inputSchema {short(x.get('inputSchema') or 'null')}")
        for key in [k for k in ("inputSchema", "outputSchema") if k in x]:
            try:
                jsonschema.validators.validator_for(x[key], default=jsonschema.Draft202012Validator).check_schema(x[key])
            except jsonschema.SchemaError as e:
                raise Fail(f"{name}.{key} is not a valid JSON Schema: {e.message}")
    each(list(ctx.get("tools").items()), one)

def conforms(name, res, tools):
    need(not res.get("isError"), f"{name} failed: {short(text_blocks(res))}")
    need(text_blocks(res), f"{name}: no text content block")
    if schema := tools[name].get("outputSchema"):
        need("structuredContent" in res, f"{name} has an outputSchema but gave no structuredContent")
        try:
            jsonschema.validate(res["structuredContent"], schema, cls=jsonschema.Draft202012Validator)
        except jsonschema.ValidationError as e:
            raise Fail(f"{name}: structuredContent breaks its outputSchema at {list(e.absolute_path)}: {e.message}")

@check("tools/structuredContent-matches-outputSchema")
def _(ctx):
    need(jsonschema is not None, "jsonschema is not installed")
    tools, f = ctx.get("tools"), ctx.get("file")
    calls = [("registry_search", {"query": "review", "limit": 5}), ("registry_read", {"id": f["id"]}),
             ("registry_read", {"id": f["id"], "detail": True, "includeText": True}),
             ("registry_analyze", {"text": SAMPLE, "path": "conf-check/SKILL.md"}),
             ("registry_install_plan", {"source": f"{f['repository']}/{f['path']}", "agents": ["claude"]})]
    calls = [c for c in calls if c[0] in tools]
    with ctx.peer() as t:
        each(calls, lambda c: conforms(c[0], tool(t, c[0], c[1]), tools))
    return f"called {', '.join(sorted({c[0] for c in calls}))}; registry_write in registry_write/outcomes"

@check("tools/execution-error-is-result")
def _(ctx):
    with ctx.peer() as t:
        res = tool(t, "registry_read", {"id": 999999999})
        need(res.get("isError") is True and text_blocks(res), f"registry_read 999999999: {short(res)}")
        res = tool(t, "registry_search", {"query": 5})
        need(res.get("isError") is True, f"an argument of the wrong type is an input error (isError): {short(res)}")

@check("capabilities/declared-match-behaviour")
def _(ctx):
    caps = ctx.get("discover")["capabilities"]
    with ctx.peer() as t:
        for cap, method in (("tools", "tools/list"), ("resources", "resources/list"),
                            ("resources", "resources/templates/list"), ("prompts", "prompts/list")):
            if cap in caps:
                result(rpc(t, method), f"{cap} declared, yet {method}:")
        wants = any((caps.get(k) or {}).get("listChanged") for k in ("tools", "resources", "prompts")) or \
            bool((caps.get("resources") or {}).get("subscribe"))
        r = rpc(t, "subscriptions/listen", {"notifications": {"toolsListChanged": True}}, timeout=5)
        code = (r.msg.get("error") or {}).get("code") if isinstance(r.msg, dict) else None
        need(not wants or code != -32601, "listChanged or subscribe declared, yet subscriptions/listen is not served")
    return f"listChanged/subscribe declared: {wants}; subscriptions/listen -> {code or 'served'}"

# ---------------------------------------------------------------- Skills extension
def entry_ok(s):
    fm, uri, res = s.get("frontmatter") or {}, s["uri"], s.get("resources")
    need(uri.endswith("/SKILL.md") and uri.split("/")[-2] == fm.get("name"), f"{uri}: last segment vs name {fm.get('name')!r}")
    need(isinstance(fm.get("description"), str) and fm["description"], f"{uri}: frontmatter has no description")
    need(res == "dynamic" or isinstance(res, list), f"{uri}: resources {short(res)}")
    listed = [r["uri"] for r in res] if isinstance(res, list) else [uri]
    need(uri in listed and len(listed) == len(set(listed)), f"{uri}: resources must list SKILL.md, each file once")
    for r in res if isinstance(res, list) else []:
        need(r["uri"].startswith(uri[: -len("SKILL.md")]), f"{uri}: {r['uri']} is outside the skill")
        need(re.fullmatch(r"sha256:[0-9a-f]{64}", r.get("digest", "")), f"{r['uri']}: digest {r.get('digest')!r}")
        need(isinstance(r.get("size"), int) and r["size"] >= 0, f"{r['uri']}: size {r.get('size')!r}")

EVERY = False  # --every: the read-back, front-matter and skills/get checks walk every listed skill, not a sample

def cap(n):
    return None if EVERY else n

@check("skills/list-walk")
def _(ctx):
    pages, entries = ctx.get("skills"), ctx.entries()
    need(entries, "skills/list is empty")
    for p in pages:
        need(p.get("resultType") == "complete", "a skills/list page lacks resultType complete")
        cache_hints(p, "skills/list")
    uris = [s["uri"] for s in entries]
    need(len(uris) == len(set(uris)), "a skill URI is listed twice")
    sizes = [len(p.get("skills", [])) for p in pages]
    need(len(set(sizes[:-1])) <= 1, f"page sizes {sizes}: all but the last must be equal")
    each(entries, entry_ok)
    return f"{len(entries)} skills on {len(pages)} page(s), sizes {sizes}"

@check("skills/resources-read-back")
def _(ctx):
    def one(r):
        data = read_bytes(t, r["uri"])
        need(len(data) == r["size"], f"{r['uri']}: read {len(data)} bytes, the entry says {r['size']}")
        need("sha256:" + hashlib.sha256(data).hexdigest() == r["digest"], f"{r['uri']}: digest differs from the entry")
    with ctx.peer() as t:
        return f"{each([r for s in ctx.entries() if isinstance(s.get('resources'), list) for r in s['resources']][:cap(3000)], one)} files read"

@check("skills/frontmatter-verbatim")
def _(ctx):
    if yaml is None:
        raise Skip("PyYAML is not installed")
    def one(s):
        m = re.match(r"\A---\r?\n(.*?)\r?\n---\r?\n?", read_bytes(t, s["uri"]).decode("utf-8"), re.S)
        need(m, f"{s['uri']}: SKILL.md has no front matter")
        parsed = json.loads(json.dumps(yaml.safe_load(m.group(1)), default=str))
        need(parsed == s["frontmatter"], f"{s['uri']}: frontmatter {short(s['frontmatter'])} != SKILL.md's {short(parsed)}")
    with ctx.peer() as t:
        each(ctx.entries()[:cap(500)], one)

@check("skills/get-listed")
def _(ctx):
    def one(s):
        res = result(rpc(t, "skills/get", {"uri": s["uri"]}), f"skills/get {s['uri']}")
        need(res.get("resultType") == "complete", f"skills/get {s['uri']}: resultType {res.get('resultType')!r}")
        cache_hints(res, "skills/get")
        need(res.get("skill") == s, f"skills/get {s['uri']} differs from its listing entry")
    with ctx.peer() as t:
        each(ctx.entries()[:cap(200)], one)

@check("skills/limits-512-files-16MiB")
def _(ctx):
    def one(s):
        need(len(s["resources"]) <= 512, f"{s['uri']}: {len(s['resources'])} files")
        need(sum(r["size"] for r in s["resources"]) <= 16 * 1024 * 1024, f"{s['uri']}: over 16 MiB")
    each([s for s in ctx.entries() if isinstance(s.get("resources"), list)], one)

@check("skills/leftOut-meta")
def _(ctx):
    uris = {s["uri"] for s in ctx.entries()}
    def one(e):
        need(isinstance(e, dict) and all(isinstance(e.get(k), str) and e[k] for k in ("repository", "path", "reason")),
             f"leftOut entry {short(e)} lacks repository, path or reason")
        need(f"skill://{e['repository']}/{e['path']}" not in uris, f"{e['path']} is both listed and left out")
    return f"{each([e for p in ctx.get('skills') for e in ((p.get('_meta') or {}).get(LEFT_OUT) or [])], one)} left out"

@check("skills/directory-read-gated")
def _(ctx):
    settings = (ctx.get("discover")["capabilities"].get("extensions") or {}).get(SKILLS_EXT) or {}
    with ctx.peer() as t:
        r = rpc(t, "resources/directory/read", {"uri": ctx.entries()[0]["uri"][: -len("/SKILL.md")]})
        if settings.get("directoryRead") is True:
            need(isinstance(result(r, "directoryRead declared:").get("resources"), list), "no resources list")
            return "directoryRead declared and served"
        error(t, r, -32601, 404, "directoryRead not declared, so resources/directory/read:")
    return "directoryRead not declared; the method is not found"

# ---------------------------------------------------------------- Streamable HTTP
@check("http/base64-mcp-name-decoded", only="http")
def _(ctx):
    with ctx.peer() as t:
        res = result(rpc(t, "tools/call", SEARCH_X, **hdr(Mcp_Name=b64_sentinel("registry_search"))), "base64 Mcp-Name:")
    need(not res.get("isError"), f"the call with a base64 Mcp-Name failed: {short(res)}")

@check("http/response-content-type", only="http")
def _(ctx):
    def one(method):
        ct = rpc(t, method).headers.get("content-type", "")
        need(ct.startswith(("application/json", "text/event-stream")), f"{method}: Content-Type {ct!r}")
    with ctx.peer() as t:
        each(["server/discover", "tools/list", "conformance/none"], one)

@check("http/no-session-id-new-era", only="http")
def _(ctx):
    def one(c):
        r = rpc(t, c[0], c[1], id=c[2])
        need("mcp-session-id" not in r.headers, f"{c[0]}: Mcp-Session-Id {r.headers.get('mcp-session-id')} in a 2026-07-28 response")
    with ctx.peer() as t:
        each([("server/discover", {}, AUTO), ("tools/list", {}, AUTO), ("conformance/none", {}, AUTO),
              ("resources/read", {"uri": "skill://none/x/y/SKILL.md"}, AUTO), ("tools/call", SEARCH_X, AUTO),
              ("notifications/conformance", {}, NOTIF)], one)

@check("http/refused-initialize-no-session-id", only="http")
def _(ctx):
    with ctx.peer() as t:
        r = rpc(t, "initialize", {"protocolVersion": LEGACY, "capabilities": {}, "clientInfo": CLIENT})
    need("mcp-session-id" not in r.headers,
         f"initialize with 2026-07-28 _meta was refused yet got Mcp-Session-Id {r.headers.get('mcp-session-id')}: {r!r}")

def legacy_init(t, version):
    return rpc(t, "initialize", {"protocolVersion": version, "capabilities": {}, "clientInfo": CLIENT}, version=None)

@check("http/legacy-session", only="http")
def _(ctx):
    with ctx.peer() as t:
        r = legacy_init(t, LEGACY)
        need(result(r, "initialize").get("protocolVersion") == LEGACY, f"initialize: {r!r}")
        need(sid := r.headers.get("mcp-session-id"), "legacy initialize returned no Mcp-Session-Id")
        h = {"Mcp-Session-Id": sid, "MCP-Protocol-Version": LEGACY}
        need((r := rpc(t, "notifications/initialized", id=NOTIF, version=None, headers=h)).status == 202, f"notifications/initialized: {r!r}")
        need(result(rpc(t, "tools/list", version=None, headers=h)).get("tools"), "tools/list in the session gave no tools")
        if (d := t.request("DELETE", headers={"Mcp-Session-Id": sid})).status == 405:
            return "initialize, initialized, tools/list; DELETE not allowed (405)"
        need(200 <= d.status < 300, f"DELETE of the session: {d!r}")
        need((r := rpc(t, "tools/list", version=None, headers=h)).status == 404, f"a request in a deleted session must get 404: {r!r}")
    return "initialize, initialized, tools/list, DELETE, then 404"

@check("http/unknown-session-404", only="http")
def _(ctx):
    with ctx.peer() as t:
        r = rpc(t, "tools/list", version=None, **hdr(Mcp_Session_Id="conf-no-such-session", MCP_Protocol_Version=LEGACY))
    need(r.status == 404, f"unknown Mcp-Session-Id: {r!r}")

@check("http/origin-foreign-403", only="http")
def _(ctx):
    with ctx.peer() as t:
        need((r := rpc(t, "server/discover", **hdr(Origin="http://evil.example"))).status == 403, f"Origin http://evil.example: {r!r}")

@check("http/origin-localhost-allowed", only="http")
def _(ctx):
    with ctx.peer() as t:
        each([f"http://localhost:{ctx.port}", f"http://127.0.0.1:{ctx.port}"],
             lambda o: result(rpc(t, "server/discover", **hdr(Origin=o)), f"Origin {o}:"))

# ---------------------------------------------------------------- legacy era
@check("legacy/initialize-2025-06-18")
def _(ctx):
    with ctx.peer() as t:
        res = result(r := legacy_init(t, "2025-06-18"), "initialize")
        need(res.get("protocolVersion") == "2025-06-18", f"negotiated {res.get('protocolVersion')}")
        need(isinstance(res.get("capabilities"), dict) and (res.get("serverInfo") or {}).get("name"), "no capabilities or serverInfo")
        h = {"Mcp-Session-Id": r.headers.get("mcp-session-id") or "", "MCP-Protocol-Version": "2025-06-18"}
        rpc(t, "notifications/initialized", id=NOTIF, version=None, headers=h)
        need(result(rpc(t, "tools/list", version=None, headers=h)).get("tools"), "tools/list after initialize gave no tools")

@check("legacy/initialize-unknown-version-gets-latest")
def _(ctx):
    legacy = sorted(v for v in ctx.get("discover").get("supportedVersions", []) if v < NEW) or [LEGACY]
    with ctx.peer() as t:
        got = result(legacy_init(t, "1999-01-01"), "initialize").get("protocolVersion")
    need(got == legacy[-1], f"initialize 1999-01-01 negotiated {got}, wanted the latest legacy version {legacy[-1]}")

@check("legacy/initialize-in-new-era-refused")
def _(ctx):
    with ctx.peer() as t:
        r = rpc(t, "initialize", {"protocolVersion": LEGACY, "capabilities": {}, "clientInfo": CLIENT})
    need(isinstance(r.msg, dict) and "error" in r.msg and "result" not in r.msg, f"initialize with _meta: {r!r}")
    return f"refused with {r.msg['error'].get('code')}" + (f", HTTP {r.status}" if r.status else "")

# ---------------------------------------------------------------- registry_write
def report(t, ctx, **args):
    return tool(t, "registry_write", {"action": "report", "id": ctx.get("file")["id"], **args})

@check("registry_write/outcomes")
def _(ctx):
    def one(outcome):
        res = report(t, ctx, outcome=outcome, usedFor=f"conformance {ctx.transport} {outcome}")
        need(not res.get("isError"), f"outcome {outcome}: {short(text_blocks(res))}")
        if jsonschema is not None:
            conforms("registry_write", res, ctx.get("tools"))
    with ctx.peer() as t:
        each(["worked", "partly", "didnt"], one)
        need(report(t, ctx, outcome="bogus", usedFor="x").get("isError") is True, "outcome 'bogus' was accepted")

@check("registry_write/usedFor-required")
def _(ctx):
    with ctx.peer() as t:
        res = report(t, ctx, outcome="worked")
    need(res.get("isError") is True, f"a report without usedFor was accepted: {short(res)}")
    need(any("usedFor" in c.get("text", "") for c in text_blocks(res)), f"the error does not name usedFor: {short(res)}")

@check("registry_write/reviewer-with-agent")
def _(ctx):
    agent = f"conf-agent-{ctx.transport}"
    with ctx.peer() as t:
        got = (report(t, ctx, outcome="worked", usedFor="conformance reviewer", agent=agent).get("structuredContent") or {}).get("reviewer")
    need(got == f"{ctx.a.token_name} ({agent})", f"reviewer {got!r}, wanted {ctx.a.token_name} ({agent})")

@check("registry_write/needs-token")
def _(ctx):
    args = {"action": "report", "id": ctx.get("file")["id"], "outcome": "worked", "usedFor": "no token"}
    with ctx.peer(token=None) as t:
        r = rpc(t, "tools/call", {"name": "registry_write", "arguments": args}, auth=False)
    refused = isinstance(r.msg, dict) and ("error" in r.msg or (r.msg.get("result") or {}).get("isError") is True)
    need(refused or (r.status or 0) in (401, 403), f"a write without a token was accepted: {r!r}")

# ---------------------------------------------------------------- cancellation
def alive(t):
    result(rpc(t, "server/discover", timeout=20), "server/discover after the cancellation:")
    ping = rpc(t, "ping", timeout=20)
    return "ping " + ("answered" if isinstance(ping.msg, dict) and "result" in ping.msg else f"-> {ping!r}")

def analyze_big(rid):
    return {"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": {
        "name": "registry_analyze", "arguments": {"text": BIG}, "_meta": {PV: NEW, CAPS: {}, INFO: CLIENT}}}

@check("cancellation/stdio-notifications-cancelled", only="stdio")
def _(ctx):
    with ctx.peer() as t:
        t.send(analyze_big(rid := next(_ids)))
        t.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": rid, "reason": "conformance"}})
        note = alive(t)  # replies are matched by id; a line for rid lands in t.stray
        deadline = time.time() + 3
        while time.time() < deadline:
            t.stray += [line] if (line := t.next(0.3)) else []
        late = [l for l in t.stray if (parse_body(l) or {}).get("id") == rid]
    return f"cancelled request: {short(late[0], 120) if late else 'no response'}; server/discover answered; {note}"

@check("cancellation/http-stream-close", only="http")
def _(ctx):
    body, u = json.dumps(analyze_big(next(_ids))).encode(), urlparse(ctx.url)
    s = socket.create_connection((u.hostname, ctx.port), timeout=10)
    s.sendall((f"POST {u.path} HTTP/1.1\r\nHost: {u.hostname}:{ctx.port}\r\nContent-Type: application/json\r\n"
               f"Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: {NEW}\r\nMcp-Method: tools/call\r\n"
               f"Mcp-Name: registry_analyze\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body)
    s.close()  # in 2026-07-28 closing the response stream is the cancellation
    with ctx.peer() as t:
        note = alive(t)
        need((r := rpc(t, "notifications/cancelled", {"requestId": 1}, id=NOTIF)).status == 202, f"notifications/cancelled POST: {r!r}")
    return f"server answered after a closed stream; {note}; notifications/cancelled -> 202"

# ---------------------------------------------------------------- the SDK's own sessions
def sdk_target(ctx):
    if ctx.transport == "stdio":
        from mcp import StdioServerParameters
        return StdioServerParameters(command=ctx.a.binary, args=["mcp", "--db", ctx.a.db],
                                     env={"SKILLSCOPE_TOKEN": ctx.a.token} if ctx.a.token else None)
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client
    headers = {"Authorization": f"Bearer {ctx.a.token}"} if ctx.a.token else {}
    return streamable_http_client(ctx.url, http_client=create_mcp_http_client(headers=headers))

async def sdk_walk(ctx, c, skills_list, version, caps, modern):
    """One session of SDK calls on c (a 2.x Client or a 1.x ClientSession: the same method names). The SDK checks each
    result against the negotiated revision (2.x) and structuredContent against the tool's outputSchema (both)."""
    need(version == (NEW if modern else LEGACY), f"the SDK negotiated {version}")
    need("resources" in caps and "tools" in caps, f"capabilities {short(caps)}")
    names = [x.name for x in (await c.list_tools()).tools]
    need(set(names) == set(ctx.get("tools")), f"SDK tools {names}")
    r = await c.call_tool("registry_search", {"query": "review", "limit": 3})
    need(not getattr(r, "is_error", getattr(r, "isError", None)), "registry_search through the SDK failed")
    entry = (await skills_list())["skills"][0]
    data = (await c.read_resource(entry["uri"])).contents[0].text.encode()
    need(any(x["uri"] == entry["uri"] and x["digest"] == "sha256:" + hashlib.sha256(data).hexdigest()
             for x in entry["resources"]), "SKILL.md read through the SDK does not match its digest")
    try:
        await c.call_tool("no_such_tool_conf", {})
    except Exception as e:
        need(getattr(getattr(e, "error", None), "code", None) == -32602 or "-32602" in repr(e), f"an unknown tool raised {e!r}")
    else:
        raise Fail("the SDK call of an unknown tool did not raise")
    if not modern:  # ping is gone from 2026-07-28
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            await c.send_ping()
    return f"{version}: {len(names)} tools; a skill read and verified; unknown tool -32602"

async def sdk2(ctx, mode):
    from typing import Any, Literal
    import mcp_types as types
    from mcp import Client
    from pydantic import TypeAdapter

    class SkillsList(types.Request[types.PaginatedRequestParams | None, Literal["skills/list"]]):
        method: Literal["skills/list"] = "skills/list"
        params: types.PaginatedRequestParams | None = None

    async with Client(sdk_target(ctx), mode=mode, read_timeout_seconds=30) as c:
        return await sdk_walk(ctx, c, lambda: c.session.send_request(SkillsList(), TypeAdapter(dict[str, Any])),
                              c.protocol_version, c.server_capabilities.model_dump(exclude_none=True, by_alias=True), mode == "auto")

async def sdk1(ctx):
    from mcp import ClientSession, types
    from mcp.client.stdio import stdio_client
    from pydantic import BaseModel

    class SkillsList(BaseModel):
        method: str = "skills/list"
        params: dict = {}

    async with (stdio_client(sdk_target(ctx)) if ctx.transport == "stdio" else sdk_target(ctx)) as streams:
        async with ClientSession(streams[0], streams[1]) as s:
            init = await s.initialize()

            async def skills_list():
                return (await s.send_request(SkillsList(), types.Result)).model_dump(by_alias=True)
            return await sdk_walk(ctx, s, skills_list, init.protocolVersion,
                                  init.capabilities.model_dump(exclude_none=True, by_alias=True), False)

def sdk_major():
    if SDK == "raw":
        raise Skip("no MCP SDK installed")
    return int(SDK.split(".")[0])

@check("sdk/modern-session")
def _(ctx):
    if sdk_major() < 2:
        raise Skip(f"SDK {SDK} speaks only the initialize handshake ({LEGACY})")
    return asyncio.run(asyncio.wait_for(sdk2(ctx, "auto"), 60))

@check("sdk/legacy-session")
def _(ctx):
    return asyncio.run(asyncio.wait_for(sdk2(ctx, "legacy") if sdk_major() >= 2 else sdk1(ctx), 60))

# ---------------------------------------------------------------- over everything seen so far (these run last)
@check("stdio/stdout-only-jsonrpc", only="stdio")
def _(ctx):
    def one(line):
        msg = parse_body(line)
        need(isinstance(msg, dict) and msg.get("jsonrpc") == "2.0", f"not a JSON-RPC message on stdout: {short(line)}")
        need(not ("method" in msg and "id" in msg), f"the server sent a request on stdout: {short(line)}")
    need(STDOUT_LINES, "no stdout lines were seen")
    return f"{each(list(STDOUT_LINES), one)} lines"

@check("results/all-have-resultType")
def _(ctx):
    need(SEEN_RESULTS, "no 2026-07-28 result was seen")
    bad = sorted({m for m, res in SEEN_RESULTS if res.get("resultType") not in ("complete", "input_required")})
    need(not bad, f"results without a valid resultType: {bad}")
    return f"{len(SEEN_RESULTS)} results"

@check("errors/codes-in-defined-ranges")
def _(ctx):
    defined = {-32700, -32600, -32601, -32602, -32603, -32020, -32021, -32022}
    bad = sorted({f"{m} {c}" for m, c in SEEN_ERRORS if not isinstance(c, int) or (-32768 <= c <= -32000 and c not in defined)})
    need(not bad, f"codes 2026-07-28 does not define (-32002 is retired): {bad}")
    return f"{len(SEEN_ERRORS)} errors, codes {sorted({c for _, c in SEEN_ERRORS if isinstance(c, int)})}"

# ---------------------------------------------------------------- main
def start_server(binary, db):
    proc = subprocess.Popen([binary, "serve", "--port", "0", "--db", db], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(l) for l in proc.stdout], daemon=True).start()
    try:
        m = re.search(r":(\d+)/", lines.get(timeout=20))
    except queue.Empty:
        m = None
    if not m:
        proc.kill()
        raise SystemExit("the server printed no URL with a port within 20 s")
    return proc, f"http://127.0.0.1:{m.group(1)}/mcp"

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", required=True)
    ap.add_argument("--db", required=True)
    ap.add_argument("--token", default=os.environ.get("SKILLSCOPE_TOKEN"))
    ap.add_argument("--token-name", default="conf", help="the name the token was created with (the reviewer)")
    ap.add_argument("--transport", choices=["stdio", "http"], required=True)
    ap.add_argument("--url", help="http: a running server's /mcp URL (else the script starts one)")
    ap.add_argument("--budget", type=float, default=110, help="seconds; checks not started by then are skipped")
    ap.add_argument("--every", action="store_true",
                    help="read back every listed file, and check every skill's front matter and skills/get")
    a = ap.parse_args()
    global EVERY
    EVERY = a.every
    a.binary, a.db = os.path.abspath(a.binary), os.path.abspath(a.db)
    server, url = (start_server(a.binary, a.db) if a.transport == "http" and not a.url else (None, a.url))
    ctx, out = Ctx(a, url), {"sdk": SDK, "transport": a.transport, "passed": [], "failed": [], "skipped": [], "notes": {}}
    deadline = time.time() + a.budget
    try:
        for name, only, f in CHECKS:
            if (only and only != a.transport) or time.time() > deadline:
                out["skipped"].append({"name": name, "why": f"{only} only" if only and only != a.transport else "time budget spent"})
                continue
            try:
                if note := f(ctx):
                    out["notes"][name] = note
                out["passed"].append(name)
            except Skip as e:
                out["skipped"].append({"name": name, "why": str(e)})
            except Fail as e:
                out["failed"].append({"name": name, "why": str(e)})
            except Exception as e:  # a crash in one check must not stop the others
                out["failed"].append({"name": name, "why": f"{type(e).__name__}: {short(str(e), 400)}"})
    finally:
        if server:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
    print(json.dumps(out))
    return 1 if out["failed"] else 0

if __name__ == "__main__":
    sys.exit(main())
