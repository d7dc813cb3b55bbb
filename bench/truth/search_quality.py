#!/usr/bin/env python3
"""Ranking quality of `skillscope search` on the blind labelled queries (issue 29).

Usage: search_quality.py SKILLSCOPE REGISTRY [--queries bench/truth/search-queries.jsonl] [--split tune|heldout|all]
                         [--corpus ../shared/corpus] [--show]

The queries were written by a helper who never saw the search code nor its results (search-queries.jsonl: each
with its kind — a skill's name, a task, a technology —, its split and its relevant files graded 2 or 1). For each
query, `skillscope search QUERY --json --limit 50 --db REGISTRY` is run and its hits are read in order.

Word-for-word copies count once: hits are collapsed by sha256 (a copy of a file already seen is skipped, so the ten
places are ten different texts), and the labelled files are grouped by sha256 the same way (the corpus manifest
gives each file's sha256). Then, over the first 10 distinct texts:
  precision@10 = texts graded 1 or 2 / 10
  nDCG@10      = DCG of the gains (2, 1, 0) / DCG of the ideal order of the labelled texts (log2 discount)
Printed per query with --show, and as means per kind and overall. Two more figures (issue 44):
  rank 1       = for name queries (ids n01-n30), whether the first distinct text is graded 2 (the named skill or a
                 copy of it)
  recall@10    = for CJK queries, labelled texts among the first 10 / min(10, labelled texts)
"""
import argparse
import collections
import json
import math
import os
import subprocess
import sys


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("skillscope")
    parser.add_argument("registry")
    parser.add_argument("--queries", default=os.path.join(here, "search-queries.jsonl"))
    parser.add_argument("--split", default="all", choices=["tune", "heldout", "all"])
    parser.add_argument("--corpus", default=os.path.join(here, "..", "..", "..", "shared", "corpus"))
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args()

    sha = {}
    with open(os.path.join(args.corpus, "manifest.jsonl")) as manifest:
        for line in manifest:
            record = json.loads(line)
            sha[(record["repo"], record["path"])] = record["sha256"]
    queries = [json.loads(line) for line in open(args.queries) if line.strip()]
    if args.split != "all":
        queries = [q for q in queries if q["split"] == args.split]

    by_kind = collections.defaultdict(list)
    rank_one, recall = [], []
    for query in queries:
        grades = {}
        for item in query["relevant"]:
            text = sha.get((item["repo"], item["path"]), f"{item['repo']}/{item['path']}")
            grades[text] = max(grades.get(text, 0), item["grade"])
        done = subprocess.run(
            [args.skillscope, "search", query["query"], "--json", "--limit", "50", "--db", args.registry],
            capture_output=True, text=True)
        if done.returncode not in (0, 1):
            sys.exit(f"search failed for {query['query']!r} ({done.returncode}): {done.stderr[-1000:]}")
        hits = json.loads(done.stdout)["hits"] if done.stdout.strip() else []
        seen, ranked = set(), []
        for hit in hits:
            text = hit.get("sha256") or sha.get((hit["repository"], hit["path"]), f"{hit['repository']}/{hit['path']}")
            if text in seen:
                continue
            seen.add(text)
            ranked.append((text, hit))
            if len(ranked) == 10:
                break
        gains = [grades.get(text, 0) for text, _ in ranked]
        precision = sum(g > 0 for g in gains) / 10
        dcg = sum(g / math.log2(i + 2) for i, g in enumerate(gains))
        ideal = sorted(grades.values(), reverse=True)[:10]
        idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal))
        ndcg = dcg / idcg if idcg else 0.0
        by_kind[query["kind"]].append((precision, ndcg))
        if query["id"].startswith("n"):
            rank_one.append(bool(gains) and gains[0] == 2)
        if query["kind"] == "cjk":
            recall.append(sum(g > 0 for g in gains) / min(10, len(grades)))
        if args.show:
            print(f"{query['id']} [{query['kind']}] {query['query']!r}: P@10 {precision:.2f} nDCG@10 {ndcg:.3f}  "
                  + " ".join(str(g) for g in gains))
    everything = [m for values in by_kind.values() for m in values]
    print(f"split {args.split}: {len(everything)} queries")
    for kind, values in sorted(by_kind.items()):
        print(f"  {kind:11} P@10 {sum(p for p, _ in values) / len(values):.3f}  "
              f"nDCG@10 {sum(n for _, n in values) / len(values):.3f}  ({len(values)} queries)")
    print(f"  {'all':11} P@10 {sum(p for p, _ in everything) / len(everything):.3f}  "
          f"nDCG@10 {sum(n for _, n in everything) / len(everything):.3f}")
    if rank_one:
        print(f"  name queries with the named skill at rank 1: {sum(rank_one)} of {len(rank_one)} "
              f"({sum(rank_one) / len(rank_one):.3f})")
    if recall:
        print(f"  CJK recall@10 {sum(recall) / len(recall):.3f} ({len(recall)} queries)")


if __name__ == "__main__":
    main()
