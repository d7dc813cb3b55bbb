#!/usr/bin/env python3
"""datasketch peer for Skillscope's versions benchmark: MinHash LSH and LSH Ensemble vs the exact truth.

Usage: versions_peer.py CORPUS_DIR TRUTH_JSONL [--num-perm 128] [--thresholds 0.1,0.05,0.02]
                        [--containment 0.1] [--num-part 16]

CORPUS_DIR has manifest.jsonl and files/<repo>/<path>. TRUTH_JSONL has one line per sampled query file F:
{"repo", "path", "edited": [[repo, path], ...]}, the files G of other repositories with
floor(100*|P(G)&P(F)|/|P(G)|) >= 10 that are not word-for-word copies (see make_truth.py).

Each file's phrase set (phrase_ref.py: the spec's words and five-word phrases) gets a MinHash
(num_perm permutations, datasketch's default scheme and SHA-1 based hash); a file with no words has no
phrase, no sketch, and is neither indexed nor ever a candidate. Then one JSON line per method on stdout:

- datasketch-minhashlsh (one line per --thresholds value): MinHashLSH over all sketches; the candidates
  for F are MinHashLSH.query(F's sketch). Jaccard is not the spec's measure: G 10% contained in a much
  longer F has a tiny Jaccard, so "truth_jaccard_ge_threshold" gives the share of truth pairs whose
  exact Jaccard reaches the threshold (about the best recall that threshold can give).
- datasketch-lshensemble-direct: MinHashLSHEnsemble(threshold=--containment) over all sketches with
  their set sizes, queried with F. The ensemble returns sets X with |F&X|/|F| >= t, i.e. F's containment
  in X, which is the wrong direction for the spec (|G&F|/|G|). Reported as is: what a plain use of the
  ensemble gives. "truth_f_in_g_ge_threshold" is the share of truth pairs whose |F&G|/|F| reaches t.
- datasketch-lshensemble-inverted: the right direction. The same index is queried once with every
  file G, giving the X with |G&X|/|G| >= t; G is then filed as a candidate of each such X. The
  candidates of F are the files filed under F. All those queries are build work (invert_s, in
  build_s); a query is then the lookup of F's list (query_p50_ms), and invert_query_p50_ms is the
  time of one ensemble query.

Common fields: files (manifest rows), sketched (files with at least one phrase), build_s = MinHash
creation (minhash_s) + index (index_s) [+ invert_s]; tokenize_s (read + words + phrases, not in build_s)
is reported aside. queries = truth lines; query_p50/p99_ms over the queries whose F has a sketch, from
the precomputed sketch to the candidate list of other repositories. recall = truth pairs (F, G) whose G
is among F's candidates / all truth pairs; candidates_per_query = mean count of F's candidates in other
repositories (word-for-word copies included, F itself excluded). Each method runs in its own process,
which loads the sketches from a cache; its peak_rss_mb is that process's peak, and sketch_peak_rss_mb
the peak of the process that read the corpus and made the sketches.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

import numpy as np
from datasketch import LeanMinHash, MinHash, MinHashLSH, MinHashLSHEnsemble

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phrase_ref import file_words, load_manifest, phrases  # noqa: E402


def peak_rss_mb():
    # VmHWM is this process image's own peak; ru_maxrss would carry the parent's peak across fork+exec
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def pct(values, q):
    if not values:
        return None
    return round(float(np.percentile(np.asarray(values), q)), 4)


def load_truth(path, pos):
    queries = []  # (F index, [G indices])
    for line in open(path, encoding="utf-8"):
        if not line.strip():
            continue
        t = json.loads(line)
        queries.append((pos[(t["repo"], t["path"])], [pos[(r, p)] for r, p in t["edited"]]))
    return queries


# ---------------------------------------------------------------- driver: read, sketch, fan out


def sketch(args, rows, queries, cache):
    needed = set()
    for f, gs in queries:
        needed.add(f)
        needed.update(gs)
    template = MinHash(num_perm=args.num_perm)
    hv = np.zeros((len(rows), args.num_perm), dtype=template.hashvalues.dtype)
    sizes = np.zeros(len(rows), dtype=np.int64)
    kept = {}
    tok_s = mh_s = 0.0
    for i, r in enumerate(rows):
        t0 = time.perf_counter()
        ps = phrases(file_words(args.corpus, r))
        t1 = time.perf_counter()
        if ps:
            m = template.copy()
            m.update_batch([p.encode("utf-8") for p in ps])
            hv[i] = m.hashvalues
        t2 = time.perf_counter()
        tok_s += t1 - t0
        mh_s += t2 - t1
        sizes[i] = len(ps)
        if i in needed:
            kept[i] = ps
    # exact figures of the truth pairs, for the ceilings
    jac, f_in_g = [], []
    for f, gs in queries:
        for g in gs:
            c = len(kept[f] & kept[g])
            jac.append(c / (len(kept[f]) + len(kept[g]) - c))
            f_in_g.append(c / len(kept[f]))
    np.savez(cache, hashvalues=hv, sizes=sizes, jaccard=np.asarray(jac), f_in_g=np.asarray(f_in_g),
             seed=template.seed)
    with open(cache + ".json", "w") as fh:
        json.dump({"scheme": template.scheme, "seed": int(template.seed)}, fh)
    return {"tokenize_s": round(tok_s, 3), "minhash_s": round(mh_s, 3), "sketch_peak_rss_mb": peak_rss_mb()}


def driver(args):
    rows = load_manifest(args.corpus)
    pos = {(r["repo"], r["path"]): i for i, r in enumerate(rows)}
    queries = load_truth(args.truth, pos)
    methods = ["lsh:%s" % t for t in args.thresholds.split(",") if t] + ["ens-direct", "ens-inverted"]
    with tempfile.TemporaryDirectory(prefix="versions-peer-") as tmp:
        cache = os.path.join(tmp, "sketches.npz")
        common = sketch(args, rows, queries, cache)
        for m in methods:
            cmd = [sys.executable, os.path.abspath(__file__), args.corpus, args.truth,
                   "--num-perm", str(args.num_perm), "--containment", str(args.containment),
                   "--num-part", str(args.num_part), "--method", m, "--cache", cache]
            out = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True).stdout
            res = json.loads(out.strip().splitlines()[-1])
            res["build_s"] = round(common["minhash_s"] + res.pop("_index_build_s"), 3)
            res.update(common)
            print(json.dumps(res), flush=True)


# ---------------------------------------------------------------- one method in its own process


def run_method(args):
    rows = load_manifest(args.corpus)
    pos = {(r["repo"], r["path"]): i for i, r in enumerate(rows)}
    repo = [r["repo"] for r in rows]
    queries = load_truth(args.truth, pos)
    data = np.load(args.cache)
    meta = json.load(open(args.cache + ".json"))
    hv, sizes = data["hashvalues"], data["sizes"]
    sketched = [i for i in range(len(rows)) if sizes[i] > 0]
    mh = {i: LeanMinHash(seed=meta["seed"], hashvalues=hv[i], scheme=meta["scheme"]) for i in sketched}
    res = {"num_perm": args.num_perm, "files": len(rows), "sketched": len(sketched)}

    t0 = time.perf_counter()
    extra_build = 0.0
    if args.method.startswith("lsh:"):
        thr = float(args.method[4:])
        index = MinHashLSH(threshold=thr, num_perm=args.num_perm)
        with index.insertion_session() as s:
            for i in sketched:
                s.insert(i, mh[i], check_duplication=False)
        index_s = time.perf_counter() - t0
        lookup = index.query
        res = {"tool": "datasketch-minhashlsh", "threshold": thr, **res, "lsh_bands": index.b,
               "lsh_rows": index.r,
               "truth_jaccard_ge_threshold": round(float(np.mean(data["jaccard"] >= thr)), 4)
               if len(data["jaccard"]) else None}
    else:
        index = MinHashLSHEnsemble(threshold=args.containment, num_perm=args.num_perm, num_part=args.num_part)
        index.index((i, mh[i], int(sizes[i])) for i in sketched)
        index_s = time.perf_counter() - t0
        if args.method == "ens-direct":
            def lookup(m, i):
                return list(index.query(m, int(sizes[i])))
            res = {"tool": "datasketch-lshensemble-direct", "threshold": args.containment, **res,
                   "num_part": args.num_part,
                   "truth_f_in_g_ge_threshold": round(float(np.mean(data["f_in_g"] >= args.containment)), 4)
                   if len(data["f_in_g"]) else None}
        else:
            filed = {}
            per = []
            t1 = time.perf_counter()
            for g in sketched:
                q0 = time.perf_counter()
                xs = list(index.query(mh[g], int(sizes[g])))
                per.append((time.perf_counter() - q0) * 1000)
                for x in xs:
                    filed.setdefault(x, []).append(g)
            extra_build = time.perf_counter() - t1

            def lookup(m, i):
                return filed.get(i, ())
            res = {"tool": "datasketch-lshensemble-inverted", "threshold": args.containment, **res,
                   "num_part": args.num_part, "invert_s": round(extra_build, 3),
                   "invert_query_p50_ms": pct(per, 50), "invert_query_p99_ms": pct(per, 99)}

    times, found, total, ncand = [], 0, 0, 0
    lsh_mode = args.method.startswith("lsh:")
    for f, gs in queries:
        total += len(gs)
        if sizes[f] == 0:
            continue  # no phrase: no sketch, no candidate (and no truth pair either)
        m = mh[f]
        q0 = time.perf_counter()
        raw = lookup(m) if lsh_mode else lookup(m, f)
        cand = {g for g in raw if g != f and repo[g] != repo[f]}
        times.append((time.perf_counter() - q0) * 1000)
        ncand += len(cand)
        found += sum(1 for g in gs if g in cand)
    res.update({
        "_index_build_s": index_s + extra_build, "index_s": round(index_s, 3),
        "queries": len(queries), "queries_timed": len(times), "truth_pairs": total,
        "query_p50_ms": pct(times, 50), "query_p99_ms": pct(times, 99),
        "recall": round(found / total, 4) if total else None,
        "candidates_per_query": round(ncand / len(queries), 2) if queries else None,
        "peak_rss_mb": peak_rss_mb(),
    })
    print(json.dumps(res))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("truth")
    ap.add_argument("--num-perm", type=int, default=128)
    ap.add_argument("--thresholds", default="0.1,0.05,0.02", help="Jaccard thresholds for MinHashLSH")
    ap.add_argument("--containment", type=float, default=0.1, help="LSH Ensemble containment threshold")
    ap.add_argument("--num-part", type=int, default=16)
    ap.add_argument("--method", help=argparse.SUPPRESS)
    ap.add_argument("--cache", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.method:
        run_method(args)
    else:
        driver(args)


if __name__ == "__main__":
    main()
