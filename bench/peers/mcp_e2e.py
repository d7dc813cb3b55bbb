#!/usr/bin/env python3
"""Drives the real `skillscope` MCP server with the official MCP Python SDK (PyPI `mcp` 2.x) as the client.

Usage:
  mcp_e2e.py scenario --mode auto|legacy (--stdio BINARY --db DB | --url URL) --token TOKEN  (stdio: passed as SKILLSCOPE_TOKEN)
      Lists the tools, calls each tool, files a report and reads it back through registry_read, lists and gets
      a skill through the Skills extension and reads it as a resource (checking its sha256 digest), and checks
      that an unknown tool is refused. Prints one JSON line of what it saw; exits 0 only when every check held.
  mcp_e2e.py soak-stdio --stdio BINARY --db DB --calls N [--mode auto]
      N tool calls over one stdio connection; prints one JSON line (calls, errors, seconds, p50/p99 ms, the
      server's RSS at the start, middle and end).
  mcp_e2e.py soak-http --url URL --pid PID --clients C --seconds S [--mode auto]
      C concurrent clients calling tools for S seconds; the same JSON line.
  mcp_e2e.py load-http --url URL --pid PID [--clients 20] [--calls 50] [--analyze-every 6] [--mode auto]
      C clients, each making N calls, every sixth an analysis of a 300-rule text (the rest searches and reads):
      light and heavy latencies apart, errors (exceptions, and tool errors of light calls; an analysis refused
      as busy is counted apart), and the server's RssAnon sampled every 0.2 s. With --analyze-clients H the first H
      clients make only analyses and the others only light calls.
"""
import argparse, asyncio, hashlib, json, os, sys, time
from typing import Any

from mcp import Client, StdioServerParameters
import mcp_types as types
from pydantic import TypeAdapter

from mcp_load_plan import percentile, planned_call, rss_kb, run_load
from typing import Literal

try:
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client
except ImportError:  # pragma: no cover
    streamable_http_client = None


class SkillsList(types.Request[types.PaginatedRequestParams | None, Literal["skills/list"]]):
    method: Literal["skills/list"] = "skills/list"
    params: types.PaginatedRequestParams | None = None


class SkillsGetParams(types.RequestParams):
    uri: str


class SkillsGet(types.Request[SkillsGetParams, Literal["skills/get"]]):
    method: Literal["skills/get"] = "skills/get"
    params: SkillsGetParams


ANY = TypeAdapter(dict[str, Any])
TOOLS = ["registry_search", "registry_read", "registry_analyze", "registry_write", "registry_install_plan"]
PASTED = """---
name: e2e-check
description: Check that the MCP end-to-end test runs. Use when testing.
---
# E2E

- Always run the test suite before committing.
- Never push to main directly.
"""


def target(a, token):
    if a.url:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return streamable_http_client(a.url, http_client=create_mcp_http_client(headers=headers))
    # The token goes in the environment, never on the command line (ps shows that to every user).
    return StdioServerParameters(command=a.stdio, args=["mcp", "--db", a.db],
                                 env={"SKILLSCOPE_TOKEN": token} if token else None)


class Checks:
    def __init__(self):
        self.failed = []

    def expect(self, ok, what):
        if not ok:
            self.failed.append(what)
        return ok


async def scenario(a):
    seen: dict[str, Any] = {"mode": a.mode, "transport": "http" if a.url else "stdio"}
    c = Checks()
    async with Client(target(a, a.token), mode=a.mode, read_timeout_seconds=30) as client:
        seen["protocolVersion"] = client.protocol_version
        want = "2026-07-28" if a.mode == "auto" else "2025-11-25"
        c.expect(client.protocol_version == want, f"negotiated {client.protocol_version}, wanted {want}")
        caps = client.server_capabilities.model_dump(exclude_none=True, by_alias=True)
        c.expect("tools" in caps and "resources" in caps, "capabilities lack tools or resources")
        tools = (await client.list_tools()).tools
        seen["tools"] = [t.name for t in tools]
        c.expect(seen["tools"] == TOOLS, f"tools {seen['tools']}")
        c.expect(all(t.output_schema for t in tools), "a tool has no outputSchema")
        write = next(t for t in tools if t.name == "registry_write")
        c.expect(write.annotations and write.annotations.read_only_hint is False, "registry_write claims read-only")

        async def call(name, args):
            r = await client.call_tool(name, args)
            c.expect(not r.is_error, f"{name} failed: {r.content[0].text if r.content else ''}")
            return r.structured_content or {}

        found = await call("registry_search", {"query": "review", "kinds": ["skill"], "limit": 5})
        hits = found.get("hits", [])
        c.expect(len(hits) > 0, "registry_search found nothing")
        skill = next((h for h in hits if h.get("skillURI")), hits[0] if hits else {})
        file_id = skill.get("id", 1)
        seen["searchHits"] = len(hits)
        read = await call("registry_read", {"id": file_id, "includeText": False})
        c.expect(len(read.get("rules", [])) > 0, "registry_read gave no rules")
        before = read.get("reviews", {}).get("count", 0)
        analyzed = await call("registry_analyze", {"text": PASTED, "path": "e2e-check/SKILL.md"})
        analyzed_text = await client.call_tool("registry_analyze", {"text": PASTED, "path": "e2e-check/SKILL.md"})
        block = analyzed_text.content[0].text if analyzed_text.content else ""
        c.expect("Always run the test suite before committing." in block and "L7 [" in block,
                 "registry_analyze's text block lacks the rules")
        c.expect(analyzed.get("file", {}).get("kind") == "skill" and len(analyzed.get("rules", [])) == 2,
                 "registry_analyze")
        plan = await call(
            "registry_install_plan", {"source": f"{skill.get('repository')}/{skill.get('path')}", "agents": ["claude"]})
        c.expect(len(plan.get("plan", {}).get("skills", [])) == 1, "registry_install_plan gave no skill")
        seen["installCommand"] = plan.get("command")
        report = await call("registry_write", {
            "action": "report", "id": file_id, "outcome": "worked", "usedFor": f"e2e {a.mode} {seen['transport']}",
            "agent": "e2e-agent", "costUSD": 0.01, "latencyMs": 1500})
        seen["report"] = {k: report.get(k) for k in ("reviewID", "replaced", "reviewer")}
        back = await call("registry_read", {"id": file_id, "includeText": False})
        reviews = back.get("reviews", {})
        c.expect(reviews.get("count", 0) >= max(before, 1), "the report is not in registry_read's reviews")
        # One reviewer rule on both transports: the token's name, then the agent's own.
        c.expect(report.get("reviewer") == "e2e (e2e-agent)", f"reviewer {report.get('reviewer')!r}")
        c.expect(any(r.get("reviewer") == "e2e (e2e-agent)" for r in reviews.get("recent", [])), "report not listed")
        c.expect(reviews.get("agents", {}).get("count", 0) >= 1, "reviews.agents does not count the report")
        seen["agentReviews"] = reviews.get("agents")
        try:
            await client.call_tool("no_such_tool", {})
            c.expect(False, "an unknown tool was not refused")
        except Exception as error:  # MCPError with -32602
            seen["unknownTool"] = str(error)[:80]

        listed = await client.session.send_request(SkillsList(), ANY)
        skills = listed.get("skills", [])
        c.expect(len(skills) > 0, "skills/list is empty")
        uri = skill.get("skillURI") or (skills[0]["uri"] if skills else "")
        got = (await client.session.send_request(SkillsGet(params=SkillsGetParams(uri=uri)), ANY)).get("skill", {})
        c.expect(got.get("uri") == uri and got.get("frontmatter", {}).get("name") == uri.split("/")[-2], "skills/get")
        # "dynamic": the SKILL.md names files the registry does not hold; its own file is read all the same.
        listed_files = got.get("resources", [])
        entry = next((r for r in listed_files if r["uri"] == uri), None) if isinstance(listed_files, list) else {}
        contents = (await client.read_resource(uri)).contents
        text = contents[0].text if contents else ""
        digest = "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()
        c.expect(entry == {} and text or entry is not None and entry.get("digest") == digest
                 and entry.get("size") == len(text.encode()), "digest")
        seen["skills"] = len(skills)
        seen["skillURI"] = uri
    seen["failed"] = c.failed
    print(json.dumps(seen, sort_keys=True))
    return 0 if not c.failed else 1


def child_pid(db):
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                cmd = open(f"/proc/{entry}/cmdline", "rb").read().split(b"\0")
            except OSError:
                continue
            if len(cmd) > 2 and cmd[0].endswith(b"skillscope") and cmd[1] == b"mcp" and db.encode() in cmd:
                return int(entry)


async def one_call(client, n, ids, times, errors):
    name, args = [
        ("registry_search", {"query": "review tests", "limit": 5}),
        ("registry_read", {"id": ids[n % len(ids)], "includeText": False}),
        ("registry_search", {"query": "swiftui state", "kinds": ["skill"]}),
        ("registry_analyze", {"text": PASTED, "findVersions": False}),
    ][n % 4]
    start = time.perf_counter()
    try:
        r = await client.call_tool(name, args)
        if r.is_error:
            errors.append(name)
    except Exception as error:
        errors.append(f"{name}: {error}")
    times.append(time.perf_counter() - start)


async def soak_stdio(a):
    times, errors, rss = [], [], []
    async with Client(target(a, None), mode=a.mode, read_timeout_seconds=60) as client:
        pid = child_pid(a.db)
        ids = [h["id"] for h in (await client.call_tool("registry_search", {"query": "the", "limit": 50})).structured_content["hits"]]
        start = time.perf_counter()
        for n in range(a.calls):
            if n in (0, a.calls // 2, a.calls - 1):
                rss.append(rss_kb(pid))
            await one_call(client, n, ids, times, errors)
        elapsed = time.perf_counter() - start
    print(json.dumps({"transport": "stdio", "mode": a.mode, "calls": len(times), "errors": len(errors),
                      "firstErrors": errors[:3], "seconds": round(elapsed, 2), "callsPerSecond": round(len(times) / elapsed, 1),
                      "p50ms": percentile(times, 0.5), "p99ms": percentile(times, 0.99), "rssKB": rss}))
    return 0 if not errors else 1


async def soak_http(a):
    times, errors, rss = [], [], []
    deadline = time.perf_counter() + a.seconds

    async def worker(k):
        async with Client(target(a, None), mode=a.mode, read_timeout_seconds=60) as client:
            ids = [h["id"] for h in (await client.call_tool("registry_search", {"query": "the", "limit": 50})).structured_content["hits"]]
            n = k
            while time.perf_counter() < deadline and (a.total is None or len(times) < a.total):
                await one_call(client, n, ids, times, errors)
                n += 1

    async def sampler():
        while time.perf_counter() < deadline and (a.total is None or len(times) < a.total):
            rss.append(rss_kb(a.pid))
            await asyncio.sleep(1)
        rss.append(rss_kb(a.pid))

    start = time.perf_counter()
    results = await asyncio.gather(sampler(), *(worker(k) for k in range(a.clients)), return_exceptions=True)
    failures = [repr(r) for r in results if isinstance(r, BaseException)]
    elapsed = time.perf_counter() - start
    print(json.dumps({"transport": "http", "mode": a.mode, "clients": a.clients, "calls": len(times),
                      "errors": len(errors) + len(failures), "firstErrors": (errors + failures)[:3],
                      "seconds": round(elapsed, 2), "callsPerSecond": round(len(times) / elapsed, 1),
                      "p50ms": percentile(times, 0.5), "p99ms": percentile(times, 0.99), "rssKB": rss}))
    return 0 if not errors and not failures else 1


async def load_http(a):
    async def worker(k, tally, analyzed):
        async with Client(target(a, None), mode=a.mode, read_timeout_seconds=120) as client:
            ids = [h["id"] for h in (await client.call_tool(
                "registry_search", {"query": "test", "limit": 50})).structured_content["hits"]]
            for n in range(a.calls):
                name, args = planned_call(k, n, ids, a, analyzed)
                started = time.perf_counter()
                try:
                    r = await client.call_tool(name, args)
                    tally.record(name, started, r.is_error, r.content[0].text if r.content else "")
                except Exception as error:
                    tally.record(name, started, exception=error)

    return await run_load("sdk", a, worker, transport="http", mode=a.mode)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("command", choices=["scenario", "soak-stdio", "soak-http", "load-http"])
    ap.add_argument("--mode", default="auto")
    ap.add_argument("--stdio")
    ap.add_argument("--db")
    ap.add_argument("--url")
    ap.add_argument("--token")
    ap.add_argument("--calls", type=int, default=10000)
    ap.add_argument("--clients", type=int, default=64)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--pid", type=int)
    ap.add_argument("--total", type=int, help="soak-http: stop after this many calls in all")
    ap.add_argument("--analyze-every", type=int, default=6, help="load-http: every Nth call is an analysis; 0: none")
    ap.add_argument("--analyze-copies", type=int, default=1, help="load-http: the analyzed text, N times over")
    ap.add_argument("--analyze-clients", type=int, default=0,
                    help="load-http: the first N clients make only analyses and the rest only light calls (a probe of "
                         "whether light calls wait behind analyses); 0: every client mixes them (--analyze-every)")
    a = ap.parse_args()
    if a.command == "load-http" and a.calls == 10000:
        a.calls = 50
    run = {"scenario": scenario, "soak-stdio": soak_stdio, "soak-http": soak_http, "load-http": load_http}[a.command]
    return asyncio.run(run(a))


if __name__ == "__main__":
    sys.exit(main())
