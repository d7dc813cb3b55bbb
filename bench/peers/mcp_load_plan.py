"""What both MCP load clients share (bench/mcp_load.sh): the calls each client makes, the analysed text, how the
server's CPU and memory are read, and the JSON line each prints, so the SDK's clients and the light client load
the server with the same calls and are reported alike.

Only the standard library: the light client runs without the SDK.
"""
import asyncio, json, os, time

ANALYZED = "# Team rules\n\n" + "\n".join(
    f"- {verb} the {thing} {when}, item {n}." for n, (verb, thing, when) in enumerate(
        (v, t, w) for v in ["Always check", "Never skip", "Review", "Run", "Update", "Document"]
        for t in ["build log", "migration", "test suite", "changelog", "lint report", "API schema", "release notes",
                  "dependency list", "error budget", "staging deploy"]
        for w in ["before merging", "after each release", "when a test fails", "every morning", "before tagging"]))


def analyzed_text(copies):
    """The 300-rule text `copies` times over, each copy's items numbered apart (1: about 20 KB, 10: 182 KB)."""
    return "\n".join(ANALYZED.replace(", item ", f", part {c} item ") for c in range(copies))


def planned_call(k, n, ids, a, analyzed):
    """Client k's call n: (tool name, arguments). Every `a.analyze_every`th is an analysis, shifted by k so that
    the clients' analyses do not all arrive together; with `a.analyze_clients` H the first H clients make only
    analyses and the others only light calls."""
    if k < a.analyze_clients or (not a.analyze_clients and a.analyze_every and (n + k) % a.analyze_every == 0):
        return "registry_analyze", {"text": analyzed, "path": "CLAUDE.md"}
    return [("registry_search", {"query": "review tests", "limit": 5}),
            ("registry_read", {"id": ids[(n * 7 + k) % len(ids)]}),
            ("registry_search", {"query": "swiftui state", "kinds": ["skill"]})][n % 3]


def cpu_seconds(pid):
    """The CPU time (user + system) a process has used so far, from /proc/PID/stat; None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def rss_kb(pid):
    """The server's resident memory in KB: all of it (VmRSS), its own heap (RssAnon), and the pages of files it
    maps (RssFile: the registry and its indexes, which the page cache shares with every process)."""
    found = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                field = line.split(":")[0]
                if field in ("VmRSS", "RssAnon", "RssFile"):
                    found[field] = int(line.split()[1])
    except OSError:
        return None
    return found


def percentile(values, q):
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))] * 1000, 2) if values else None


def report(client, a, light, heavy, errors, refused, analyzed, elapsed, rss, client_cpu, server_cpu, **extra):
    """The JSON line of one load run: latencies of light calls and analyses apart, errors, refusals, RssAnon, and
    CPU in all and per call (milliseconds) for the clients and the server."""
    anon = [r["RssAnon"] for r in rss if r]
    calls = len(light) + len(heavy)
    per_call = (lambda s: round(s * 1000 / calls, 2) if s is not None and calls else None)
    return {
        "client": client, "clients": a.clients, "callsPerClient": a.calls, "calls": calls,
        "errors": len(errors), "firstErrors": errors[:3],
        "analysesRefusedBusy": len(refused), "analyzeBytes": len(analyzed.encode()), "seconds": round(elapsed, 2),
        "light": {"calls": len(light), "p50ms": percentile(light, 0.5), "p99ms": percentile(light, 0.99),
                  "maxms": percentile(light, 1.0)},
        "analyze": {"calls": len(heavy), "p50ms": percentile(heavy, 0.5), "p99ms": percentile(heavy, 0.99)},
        "rssAnonKB": {"first": anon[0] if anon else None, "max": max(anon) if anon else None,
                      "last": anon[-1] if anon else None},
        # Where the 2 cores went: the clients (one Python process, one event loop) and the server.
        "cpuSeconds": {"clients": round(client_cpu, 2),
                       "server": round(server_cpu, 2) if server_cpu is not None else None},
        "cpuMsPerCall": {"clients": per_call(client_cpu), "server": per_call(server_cpu)},
        **extra}


class Tally:
    """What the calls of one load run gave: light and heavy latencies apart, errors, and analyses refused busy."""

    def __init__(self):
        self.light, self.heavy, self.errors, self.refused = [], [], [], []

    def record(self, name, started, is_error=False, text="", exception=None):
        """One call of tool `name` started at `started` (perf_counter): a tool error, an exception, or a result."""
        if exception is not None:
            self.errors.append(f"{name}: {exception!r}"[:160])
        elif is_error and name == "registry_analyze" and "busy" in text:
            self.refused.append(text[:120])
        elif is_error:
            self.errors.append(f"{name}: {text[:120]}")
        (self.heavy if name == "registry_analyze" else self.light).append(time.perf_counter() - started)


async def run_load(client, a, worker, **extra):
    """Runs `worker(k, tally, analyzed)` for each of `a.clients` clients at once while sampling the server's RssAnon
    every 0.2 s; prints the run's JSON line (``report``) and returns 0, or 1 when any call failed."""
    tally, rss = Tally(), []
    done = asyncio.Event()
    analyzed = analyzed_text(a.analyze_copies)

    async def sampler():
        while not done.is_set():
            rss.append(rss_kb(a.pid))
            await asyncio.sleep(0.2)

    sampling = asyncio.create_task(sampler())
    start = time.perf_counter()
    server_cpu, client_cpu = cpu_seconds(a.pid), time.process_time()
    results = await asyncio.gather(*(worker(k, tally, analyzed) for k in range(a.clients)), return_exceptions=True)
    elapsed = time.perf_counter() - start
    server_cpu_end, client_cpu = cpu_seconds(a.pid), time.process_time() - client_cpu
    server_cpu = None if server_cpu is None or server_cpu_end is None else server_cpu_end - server_cpu
    done.set()
    await sampling
    rss.append(rss_kb(a.pid))
    tally.errors += [repr(r)[:160] for r in results if isinstance(r, BaseException)]
    print(json.dumps(report(client, a, tally.light, tally.heavy, tally.errors, tally.refused, analyzed, elapsed, rss,
                            client_cpu, server_cpu, **extra)))
    return 0 if not tally.errors else 1
