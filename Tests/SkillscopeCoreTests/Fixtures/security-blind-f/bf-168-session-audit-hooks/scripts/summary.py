import json, collections
rows = collections.Counter()
with open(".claude/audit.jsonl") as f:
    for line in f:
        try:
            ev = json.loads(line)
        except ValueError:
            continue
        rows[ev.get("tool_name", "?")] += 1
print("| tool | calls |\n|---|---|")
for k, v in rows.most_common():
    print(f"| {k} | {v} |")
