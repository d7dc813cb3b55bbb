#!/usr/bin/env python3
"""Time in the server per request, from `skillscope serve`'s access log (one line a request, ending in `N.Nms`).

Usage: access_times.py LOG [PATH]   (PATH defaults to /mcp; POST requests only)
Prints one JSON line: requests, p50/p90/p99/max ms. With the handler pool (issue 47) the time runs from the
request's headers to its answer being queued, so it includes any wait for a handler thread.
"""
import json, sys


def percentile(values, q):
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


def main():
    path = sys.argv[2] if len(sys.argv) > 2 else "/mcp"
    times = []
    for line in open(sys.argv[1], errors="replace"):
        parts = line.split()
        if len(parts) >= 6 and parts[1] == "POST" and parts[2] == path and parts[-1].endswith("ms"):
            times.append(float(parts[-1][:-2]))
    print(json.dumps({"requests": len(times), "p50ms": percentile(times, 0.5), "p90ms": percentile(times, 0.9),
                      "p99ms": percentile(times, 0.99), "maxms": percentile(times, 1.0)}))


if __name__ == "__main__":
    main()
