#!/usr/bin/env python3
"""Scores what Skillscope takes for a rule against the blind four-class labels, without a registry (issue 43).

Usage: python3 bench/truth/rule_extraction.py BINARY [--labels FILE ...] [--split tune|heldout|all] [--misses]
                                              [--corpus DIR]

The two figures of `bench/truth/rule_classes.py` that need no ratings, from `skillscope analyze --kind K FILE...
--json` on the corpus files themselves (one call a kind, so a run takes seconds, not a registry's ingest):
  not-a-rule   labelled not-rule items on whose lines an extracted rule starts (reported as rules): share;
  start line   labelled rules (common, choice, project) with an extracted rule starting on their first line.
Both agree with `rule_classes.py` on a registry ingested with the same binary. Doubtful items are left out. Also
per language. --misses prints every not-rule reported and every rule missed, for the tune split only (the
held-back part is scored, never read)."""
import argparse
import collections
import glob
import json
import os
import subprocess
import sys


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    fixtures = os.path.join(here, "..", "..", "Tests", "SkillscopeCoreTests", "Fixtures", "truth")
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("--labels", nargs="*", default=sorted(glob.glob(os.path.join(fixtures, "rule-classes-*.jsonl"))))
    parser.add_argument("--split", default="heldout", choices=["tune", "heldout", "all"])
    parser.add_argument("--corpus", default=os.path.join(here, "..", "..", "..", "shared", "corpus"))
    parser.add_argument("--misses", action="store_true")
    options = parser.parse_args()
    files = [json.loads(line) for path in options.labels for line in open(path, encoding="utf-8") if line.strip()]
    files = [entry for entry in files if options.split == "all" or entry["split"] == options.split]
    by_kind = collections.defaultdict(list)
    for entry in files:
        by_kind[entry["kind"]].append(entry)
    starts = {}
    for kind, entries in by_kind.items():
        paths = [os.path.join(options.corpus, "files", entry["file"]) for entry in entries]
        out = subprocess.run([options.binary, "analyze", "--kind", kind, *paths, "--json"], capture_output=True,
                             text=True, timeout=600)
        if out.returncode != 0:
            sys.exit(f"analyze --kind {kind}: exit {out.returncode}: {out.stderr.strip()[:300]}")
        for entry, analysed in zip(entries, json.loads(out.stdout)):
            starts[entry["file"]] = {rule["line"]: rule for rule in analysed["rules"]}
    totals = collections.Counter()
    by_language = collections.defaultdict(collections.Counter)
    reported, missed = [], []
    for entry in files:
        rules = starts[entry["file"]]
        language = by_language[entry["lang"]]
        for item in entry["items"]:
            if item.get("doubtful"):
                continue
            where = f"{entry['file']}:{item['start']}"
            if item["class"] == "not-rule":
                inside = [rules[line] for line in range(item["start"], item["end"] + 1) if line in rules]
                totals["not_rule"] += 1
                language["not_rule"] += 1
                if inside:
                    totals["reported"] += 1
                    language["reported"] += 1
                    reported.append(f"{where}: {inside[0]['text'][:120]!r} | {item.get('why', '')}")
                continue
            totals["rules"] += 1
            language["rules"] += 1
            if item["start"] in rules:
                totals["found"] += 1
                language["found"] += 1
            else:
                missed.append(f"{where}-{item['end']} [{item['class']}] {item.get('why', '')}")

    def ratio(a, b):
        return round(a / b, 3) if b else None

    print(json.dumps(dict(
        split=options.split, files=len(files),
        not_rule_reported=ratio(totals["reported"], totals["not_rule"]), not_rule_items=totals["not_rule"],
        start_line=ratio(totals["found"], totals["rules"]), labelled_rules=totals["rules"],
        by_language={name: dict(not_rule_reported=ratio(c["reported"], c["not_rule"]),
                                start_line=ratio(c["found"], c["rules"])) for name, c in sorted(by_language.items())}),
        ensure_ascii=False))
    if options.misses and options.split == "tune":
        print(f"== not-rule reported ({len(reported)})", *reported, f"== rules missed ({len(missed)})", *missed,
              sep="\n", file=sys.stderr)


if __name__ == "__main__":
    main()
