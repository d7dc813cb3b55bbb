#!/usr/bin/env python3
"""Scores Skillscope's rules and ratings against the blind four-class labels (issue 43).

Usage: python3 bench/truth/rule_classes.py BINARY REGISTRY [--labels FILE ...] [--split tune|heldout|all]
                                           [--misses N] [--json]

The labels (Tests/SkillscopeCoreTests/Fixtures/truth/rule-classes-*.jsonl) were written by helpers who never saw
the rater nor its output: for each file a span of lines, every item in it (a list item, paragraph or table row,
start..end) classed "common" (common practice: most files on the subject would say it), "choice" (the author's),
"project" (tied to this project) or "not-rule" (navigation, facts, bad examples, reference rows...). Items marked
doubtful are left out of every figure.

For each file `skillscope rules REPO/PATH --db REGISTRY --json` is read once (the registry must have ingested the
corpus the labels were written from, and been grouped). Then:
  start line        labelled rules (common, choice, project) with an extracted rule starting on their first line;
  not-a-rule        labelled not-rule items on whose lines an extracted rule starts (reported as rules): share;
  common            rated common (measured or ≈) against "common", over labelled rules found: precision, recall;
  very specific     rated very-specific against "project", over labelled rules found: precision, recall.
--misses N prints up to N misses of each kind on stderr, for the tune split only (the held-back part is scored,
never read for tuning)."""
import argparse
import glob
import json
import os
import subprocess
import sys


def run(binary, args):
    out = subprocess.run([binary, *args], capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: exit {out.returncode}: {out.stderr.strip()[:300]}")
    return json.loads(out.stdout)


def ratio(a, b):
    return round(a / b, 3) if b else None


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    fixtures = os.path.join(here, "..", "..", "Tests", "SkillscopeCoreTests", "Fixtures", "truth")
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("registry")
    parser.add_argument("--labels", nargs="*", default=sorted(glob.glob(os.path.join(fixtures, "rule-classes-*.jsonl"))))
    parser.add_argument("--split", default="heldout", choices=["tune", "heldout", "all"])
    parser.add_argument("--misses", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    files = []
    for path in options.labels:
        with open(path, encoding="utf-8") as handle:
            files += [json.loads(line) for line in handle if line.strip()]
    files = [entry for entry in files if options.split == "all" or entry["split"] == options.split]
    t = dict(files=0, rules=0, found=0, notrule=0, notrule_reported=0, c_tp=0, c_fp=0, c_fn=0, vs_tp=0, vs_fp=0,
             vs_fn=0, doubtful=0)
    ratings = {}
    misses = dict(missed=[], notrule=[], c_fp=[], c_fn=[], vs_fp=[], vs_fn=[])
    for entry in files:
        view = run(options.binary, ["rules", entry["file"], "--db", options.registry, "--json"])
        starts = {rule["line"]: rule for rule in view["rules"]}
        t["files"] += 1
        for item in entry["items"]:
            if item.get("doubtful"):
                t["doubtful"] += 1
                continue
            label = item["class"]
            where = f"{entry['file']}:{item['start']}"
            if label == "not-rule":
                t["notrule"] += 1
                inside = [starts[line] for line in range(item["start"], item["end"] + 1) if line in starts]
                if inside:
                    t["notrule_reported"] += 1
                    misses["notrule"].append(f"{where}: {inside[0]['text'][:110]} | {item.get('why', '')}")
                continue
            t["rules"] += 1
            rule = starts.get(item["start"])
            if rule is None:
                misses["missed"].append(f"{where}: {item.get('why', '')}")
                continue
            t["found"] += 1
            rating = rule["rating"]
            ratings[rating] = ratings.get(rating, 0) + 1
            line = f"{where}: [{rating}] {rule.get('evidence', '')} | label {label}: {item.get('why', '')} | {rule['text'][:90]}"
            common = rating == "common"
            if common and label == "common":
                t["c_tp"] += 1
            elif common:
                t["c_fp"] += 1
                misses["c_fp"].append(line)
            elif label == "common":
                t["c_fn"] += 1
                misses["c_fn"].append(line)
            specific = rating == "very-specific"
            if specific and label == "project":
                t["vs_tp"] += 1
            elif specific:
                t["vs_fp"] += 1
                misses["vs_fp"].append(line)
            elif label == "project":
                t["vs_fn"] += 1
                misses["vs_fn"].append(line)
    result = dict(
        split=options.split, files=t["files"], labelled_rules=t["rules"], doubtful_left_out=t["doubtful"],
        start_line=ratio(t["found"], t["rules"]),
        not_rule_reported=ratio(t["notrule_reported"], t["notrule"]), not_rule_items=t["notrule"],
        common_precision=ratio(t["c_tp"], t["c_tp"] + t["c_fp"]), common_recall=ratio(t["c_tp"], t["c_tp"] + t["c_fn"]),
        common_counts=dict(tp=t["c_tp"], fp=t["c_fp"], fn=t["c_fn"]),
        very_specific_precision=ratio(t["vs_tp"], t["vs_tp"] + t["vs_fp"]),
        very_specific_recall=ratio(t["vs_tp"], t["vs_tp"] + t["vs_fn"]),
        very_specific_counts=dict(tp=t["vs_tp"], fp=t["vs_fp"], fn=t["vs_fn"]), ratings_of_found=ratings)
    print(json.dumps(result, indent=None if options.json else 2, ensure_ascii=False))
    if options.misses and options.split == "tune":
        for kind, lines in misses.items():
            print(f"== {kind} ({len(lines)})", file=sys.stderr)
            for line in lines[: options.misses]:
                print("  " + line, file=sys.stderr)


if __name__ == "__main__":
    main()
