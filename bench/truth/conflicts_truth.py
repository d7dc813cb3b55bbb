#!/usr/bin/env python3
"""Scores `skillscope check`'s contradiction and duplicate findings against the blind labelled projects (issue 46).

Usage: python3 bench/truth/conflicts_truth.py BINARY [--fixtures DIR] [--split tune|heldout|all] [--misses]

The fixtures (Tests/SkillscopeCLITests/Fixtures/conflicts: p01-… project folders and labels.jsonl) were written by a
helper who never saw the checker nor its output: each label is a pair of rule lines in one project, "contradiction",
"duplicate" or "neither" (a look-alike on the same subject). Projects with an odd number are the tune part, even
ones the held-back part.

For each project `skillscope check DIR --json` is run once. A finding of code `contradiction` or `duplicate-rule`
pairs its file and line with its `related` place. Then, over the labelled pairs:
  found       a labelled contradiction/duplicate pair that some finding pairs (either order, any of the two codes
              for "found"; the code must match for "right kind");
  precision   findings that pair a labelled contradiction/duplicate, over findings that pair any labelled pair
              (labelled "neither" pairs are the false alarms) and findings on unlabelled pairs reported apart;
  recall      labelled contradiction/duplicate pairs found, over all of them."""
import argparse
import json
import os
import subprocess
import sys


def findings(binary, project):
    out = subprocess.run([binary, "check", project, "--json"], capture_output=True, text=True, timeout=120)
    if out.returncode not in (0, 1):
        raise RuntimeError(f"check {project}: exit {out.returncode}: {out.stderr[:300]}")
    pairs = []
    for report in json.loads(out.stdout):
        path = os.path.relpath(report["path"], project)
        for finding in report.get("findings", []):
            if finding.get("code") not in ("contradiction", "duplicate-rule"):
                continue
            for other in finding.get("related", []):
                other_path = os.path.normpath(os.path.join(project, other["path"]))
                pairs.append((finding["code"], (path, finding["line"]), (os.path.relpath(other_path, project), other["line"])))
    return pairs


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--fixtures", default=os.path.join(os.path.dirname(__file__), "../../Tests/SkillscopeCLITests/Fixtures/conflicts"))
    parser.add_argument("--split", default="all", choices=["tune", "heldout", "all"])
    parser.add_argument("--misses", action="store_true")
    args = parser.parse_args()
    labels = [json.loads(line) for line in open(os.path.join(args.fixtures, "labels.jsonl")) if line.strip()]

    def part(project):
        number = int(project[1:3])
        return "tune" if number % 2 == 1 else "heldout"

    labels = [l for l in labels if args.split == "all" or part(l["project"]) == args.split]
    projects = sorted({l["project"] for l in labels})
    found = {}
    for project in projects:
        found[project] = findings(args.binary, os.path.join(args.fixtures, project))
    tp = fp = fn = right_kind = unlabelled = 0
    for label in labels:
        a = (label["a"]["file"], label["a"]["line"])
        b = (label["b"]["file"], label["b"]["line"])
        codes = [code for code, x, y in found[label["project"]] if {x, y} == {a, b}]
        positive = label["relation"] in ("contradiction", "duplicate")
        wanted = "contradiction" if label["relation"] == "contradiction" else "duplicate-rule"
        if positive and codes:
            tp += 1
            right_kind += wanted in codes
        elif positive:
            fn += 1
            if args.misses:
                print(f"miss {label['project']} {label['relation']}: {a} ~ {b}: {label['why']}", file=sys.stderr)
        elif codes:
            fp += 1
            if args.misses:
                print(f"false {label['project']} {codes}: {a} ~ {b}: {label['why']}", file=sys.stderr)
    labelled = {(l["project"], frozenset([(l["a"]["file"], l["a"]["line"]), (l["b"]["file"], l["b"]["line"])])) for l in labels}
    for project, pairs in found.items():
        for code, x, y in pairs:
            if (project, frozenset([x, y])) not in labelled:
                unlabelled += 1
                if args.misses:
                    print(f"unlabelled {project} {code}: {x} ~ {y}", file=sys.stderr)
    result = {
        "split": args.split, "projects": len(projects), "pairs": len(labels),
        "positives": tp + fn, "look_alikes": len(labels) - tp - fn,
        "precision": round(tp / (tp + fp), 3) if tp + fp else None,
        "recall": round(tp / (tp + fn), 3) if tp + fn else None,
        "right_kind": right_kind, "counts": {"tp": tp, "fp": fp, "fn": fn}, "unlabelled_findings": unlabelled,
    }
    print(json.dumps(result))


main()
