#!/usr/bin/env python3
"""A reader's audit of the ratings (issue 43): what a person sees, drawn at random, not a score.

Usage: python3 bench/truth/rating_audit.py BINARY REGISTRY [--corpus ../shared/corpus] [--files 150] [--rules 60]
                                           [--seed 43]

Draws FILES files of the corpus manifest with a seeded random, reads `skillscope rules REPO/PATH --db REGISTRY
--json` for each, and prints:
  - the rating distribution over all their rules (common measured / ≈ common / distinctive / very specific) and how
    many files hold at least one common rule;
  - RULES rules drawn from them (seeded), each with its file and line, rating and evidence, for a person to read and
    mark what a senior engineer would laugh at.
The registry must have ingested the corpus and been grouped."""
import argparse
import collections
import json
import os
import random
import subprocess


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("registry")
    parser.add_argument("--corpus", default=os.path.join(here, "..", "..", "..", "shared", "corpus"))
    parser.add_argument("--files", type=int, default=150)
    parser.add_argument("--rules", type=int, default=60)
    parser.add_argument("--seed", type=int, default=43)
    options = parser.parse_args()
    with open(os.path.join(options.corpus, "manifest.jsonl"), encoding="utf-8") as manifest:
        entries = [json.loads(line) for line in manifest if line.strip()]
    chooser = random.Random(options.seed)
    picked = chooser.sample(entries, min(options.files, len(entries)))
    counts = collections.Counter()
    files_with_common = 0
    rules = []
    for entry in picked:
        name = f"{entry['repo']}/{entry['path']}"
        out = subprocess.run([options.binary, "rules", name, "--db", options.registry, "--json"], capture_output=True,
                             text=True, timeout=300)
        if out.returncode != 0:
            counts["(file not rated)"] += 1
            continue
        view = json.loads(out.stdout)
        has_common = False
        for rule in view["rules"]:
            rating = rule["rating"]
            if rating == "common":
                rating = "≈ common" if rule.get("isEstimate") else "common (measured)"
                has_common = True
            counts[rating] += 1
            rules.append((name, rule["line"], rating, rule.get("evidence", ""), rule["text"]))
        files_with_common += has_common
    total = sum(count for key, count in counts.items() if not key.startswith("("))
    print(f"{len(picked)} files (seed {options.seed}), {total} rules; {files_with_common} files hold a common rule")
    for key, count in sorted(counts.items()):
        print(f"  {key}: {count}" + (f" ({100 * count / total:.1f}%)" if total and not key.startswith("(") else ""))
    print(f"\n{options.rules} rules drawn for a reader:")
    for name, line, rating, evidence, text in chooser.sample(rules, min(options.rules, len(rules))):
        print(f"- {name}:{line} [{rating}] {text[:160]}\n    evidence: {evidence}")


if __name__ == "__main__":
    main()
