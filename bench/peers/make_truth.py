#!/usr/bin/env python3
"""Exact ground truth for the versions benchmark (small corpora only: holds every phrase in memory).

Usage: make_truth.py CORPUS_DIR OUT.jsonl [--sample 1000] [--seed 1]

CORPUS_DIR has manifest.jsonl and files/<repo>/<path>. Samples query files F with
random.Random(seed).sample over the manifest's row indices, and writes one line per F, in manifest order:
  {"repo": ..., "path": ..., "edited": [[repo, path], ...]}
where "edited" lists every file G in another repository whose N% same on F's page,
floor(100*|P(G)&P(F)|/|P(G)|), is at least 10 and whose word sequence differs from F's, sorted by
(repo, path). Counts come from an inverted index phrase -> files, as in shared/tools/phrases.py.
"""
import argparse
import collections
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phrase_ref import file_words, load_manifest, phrases  # noqa: E402

MIN_PERCENT = 10


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("out")
    ap.add_argument("--sample", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()

    t0 = time.perf_counter()
    rows = load_manifest(a.corpus)
    ws = [file_words(a.corpus, r) for r in rows]
    ps = [phrases(w) for w in ws]
    index = collections.defaultdict(list)
    for i, p in enumerate(ps):
        for ph in p:
            index[ph].append(i)

    n = len(rows)
    chosen = sorted(random.Random(a.seed).sample(range(n), min(a.sample, n)))
    pairs = 0
    with open(a.out, "w", encoding="utf-8") as out:
        for i in chosen:
            f = rows[i]
            counts = collections.Counter()
            for ph in ps[i]:
                for j in index[ph]:
                    if j != i:
                        counts[j] += 1
            edited = []
            for j, c in counts.items():
                g = rows[j]
                if g["repo"] == f["repo"]:
                    continue
                if (100 * c) // len(ps[j]) >= MIN_PERCENT and ws[j] != ws[i]:
                    edited.append([g["repo"], g["path"]])
            edited.sort()
            pairs += len(edited)
            out.write(json.dumps({"repo": f["repo"], "path": f["path"], "edited": edited}, ensure_ascii=False) + "\n")
    print(json.dumps({"files": n, "distinct_phrases": len(index), "queries": len(chosen),
                      "truth_pairs": pairs,
                      "seconds": round(time.perf_counter() - t0, 2)}), file=sys.stderr)


if __name__ == "__main__":
    main()
