#!/usr/bin/env python3
import json, sys

report = json.load(sys.stdin)
rows = []
for suite in report.get("testResults", []):
    for t in suite.get("assertionResults", []):
        if t["status"] == "failed":
            rows.append((suite["name"], t["fullName"]))
for path, name in sorted(rows):
    print(f"{path}\t{name}")
print(f"{len(rows)} failing")
