#!/usr/bin/env python3
"""A load client for `skillscope serve`'s `/mcp` that costs little CPU a call, to measure the server apart from the
official SDK's own cost (7-10 ms of CPU a call in one asyncio loop, bench/RESULTS.md, issue 47).

Usage:
  mcp_light_load.py --url URL --pid PID [--clients 20] [--calls 50] [--analyze-every 6] [--analyze-copies 1]
                    [--analyze-clients 0]

Each client speaks the same Streamable HTTP MCP the SDK speaks in its legacy era, on one keep-alive connection of
its own: POST `initialize` (protocol 2025-11-25; the answer's `Mcp-Session-Id` is kept), POST
`notifications/initialized` (202), then `tools/call`s carrying `Mcp-Session-Id` and `MCP-Protocol-Version`, with
`Accept: application/json, text/event-stream`. It is raw asyncio streams and the C JSON codec: no httpx, no
pydantic, no schema validation. The calls are the SDK load's (`mcp_load_plan.planned_call`), and so is the JSON
line, with `"client": "light"`. An answer counts as an error when it is not 200 with a JSON-RPC result, or when a
light call's result is a tool error; an analysis refused as busy is counted apart. Exits 1 on any error.
"""
import argparse, asyncio, json, sys, time
from urllib.parse import urlsplit

from mcp_load_plan import planned_call, run_load

PROTOCOL = "2025-11-25"


class Connection:
    """One keep-alive HTTP/1.1 connection to the endpoint; reopened if the server closes it."""

    def __init__(self, url):
        parts = urlsplit(url)
        self.host, self.port, self.path = parts.hostname, parts.port or 80, parts.path or "/"
        self.reader = self.writer = None
        self.headers = {}

    async def post(self, message):
        """Sends `message` (a dict) and returns (status, lower-cased headers, parsed body or None)."""
        body = json.dumps(message, separators=(",", ":")).encode()
        head = "".join(f"{k}: {v}\r\n" for k, v in self.headers.items())
        request = (f"POST {self.path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                   f"Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                   f"Content-Length: {len(body)}\r\n{head}\r\n").encode() + body
        for attempt in (0, 1):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            try:
                self.writer.write(request)
                await self.writer.drain()
                return await self.answer()
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt:
                    raise

    async def answer(self):
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        headers = {}
        for line in lines[1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                headers[name.strip().lower()] = value.strip()
        if headers.get("transfer-encoding", "").lower() == "chunked":
            body = bytearray()
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                body += await self.reader.readexactly(size + 2)
                if size == 0:
                    break
            body = bytes(body[:-2])
        else:
            body = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            self.close()
        if not body:
            return status, headers, None
        if headers.get("content-type", "").startswith("text/event-stream"):
            body = b"".join(line[5:] for line in body.split(b"\n") if line.startswith(b"data:"))
        return status, headers, json.loads(body)

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Client:
    """One MCP client: a connection and a legacy session."""

    def __init__(self, url):
        self.connection = Connection(url)
        self.next_id = 0

    async def start(self):
        status, headers, answer = await self.request("initialize", {
            "protocolVersion": PROTOCOL, "capabilities": {},
            "clientInfo": {"name": "skillscope-light-load", "version": "1"}})
        if status != 200 or "result" not in (answer or {}):
            raise RuntimeError(f"initialize: {status} {answer}")
        self.connection.headers = {"Mcp-Session-Id": headers["mcp-session-id"], "MCP-Protocol-Version": PROTOCOL}
        status, _, _ = await self.connection.post({"jsonrpc": "2.0", "method": "notifications/initialized"})
        if status != 202:
            raise RuntimeError(f"notifications/initialized: {status}")

    async def request(self, method, params):
        self.next_id += 1
        return await self.connection.post({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})

    async def call_tool(self, name, arguments):
        """The tool's result (a dict), or raises with the HTTP status and the JSON-RPC error."""
        status, _, answer = await self.request("tools/call", {"name": name, "arguments": arguments})
        if status != 200 or not answer or "result" not in answer:
            raise RuntimeError(f"{status} {json.dumps(answer)[:120] if answer else ''}")
        return answer["result"]


async def load(a):
    async def worker(k, tally, analyzed):
        client = Client(a.url)
        try:
            await client.start()
            hits = (await client.call_tool("registry_search", {"query": "test", "limit": 50}))["structuredContent"]
            ids = [h["id"] for h in hits["hits"]]
            for n in range(a.calls):
                name, args = planned_call(k, n, ids, a, analyzed)
                started = time.perf_counter()
                try:
                    r = await client.call_tool(name, args)
                    tally.record(name, started, r.get("isError", False), (r.get("content") or [{}])[0].get("text", ""))
                except Exception as error:
                    tally.record(name, started, exception=error)
        finally:
            client.connection.close()

    return await run_load("light", a, worker, transport="http", mode=PROTOCOL)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", required=True)
    ap.add_argument("--pid", type=int, required=True)
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--calls", type=int, default=50)
    ap.add_argument("--analyze-every", type=int, default=6, help="every Nth call is an analysis; 0: none")
    ap.add_argument("--analyze-copies", type=int, default=1, help="the analyzed text, N times over")
    ap.add_argument("--analyze-clients", type=int, default=0,
                    help="the first N clients make only analyses and the rest only light calls; 0: mixed")
    return asyncio.run(load(ap.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
