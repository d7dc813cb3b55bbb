#!/usr/bin/env python3
import pathlib
import sys

import yaml

problems = 0
for path in sorted(pathlib.Path(sys.argv[1]).rglob("*.yaml")):
    for doc in yaml.safe_load_all(path.read_text()):
        if not doc or doc.get("kind") not in {"Deployment", "StatefulSet", "DaemonSet"}:
            continue
        for c in doc["spec"]["template"]["spec"].get("containers", []):
            limits = (c.get("resources") or {}).get("limits") or {}
            missing = {"cpu", "memory"} - limits.keys()
            if missing:
                problems += 1
                print(f"{path}: {doc['metadata']['name']}/{c['name']} missing {', '.join(sorted(missing))}")
sys.exit(1 if problems else 0)
