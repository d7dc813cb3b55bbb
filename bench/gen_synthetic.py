#!/usr/bin/env python3
"""Seeded synthetic corpus generator for Skillscope's scale benchmarks.

Usage: gen_synthetic.py SOURCE_CORPUS OUT_DIR --files 350000 --seed 42 [--workers 2] [--force]

Writes OUT_DIR in the corpus layout of SOURCE_CORPUS (files/<owner>/<repo>/<path>, manifest.jsonl,
repos.jsonl). Each output file is made from a source file picked with random.Random(seed):
  * about 20% are word-for-word copies (the source bytes unchanged);
  * the rest are edited: ~1-5% of words replaced from a small vocabulary, some paragraphs dropped,
    as many paragraphs (give or take one) inserted from another random source file. The front
    matter block is kept as it is, and fenced code blocks are moved or dropped whole.
The k-th pick of a source file goes to the k-th renamed copy of its repository (e.g.
`<owner>-fork<k>/<repo>`, `synth<k>-<owner>/<repo>-copy`), at the same path, so renamed
repositories look like forks holding a subset of the source repository's files. Files are picked
uniformly, so the bytes-per-file distribution follows the source.

Deterministic: every file's edits come from its own RNG keyed by (seed, draw index), so the output is
byte-identical whatever the number of workers. A run that finishes writes OUT_DIR/.complete; a later
run with the same seed, count and source finds it and returns at once.
"""
import argparse
import datetime as dt
import hashlib
import json
import multiprocessing as mp
import os
import random
import re
import shutil
import sys
import time

VOCAB = (
    "always never prefer ensure module function component request handler config output review "
    "commit branch feature screen state layout database schema query fixture error warning project "
    "service client server cache token message format style naming comment document section example "
    "pattern action update create delete validate deploy build release package version install script "
    "command option value field record table index view model report parser helper target default "
    "runtime session context"
).split()

EXACT_COPY_SHARE = 0.20
WORD_RE = re.compile(r"([A-Za-z]{3,})")
PARA_SPLIT_RE = re.compile(r"(?:\r?\n)(?:[ \t]*\r?\n)+")
FENCE_RE = re.compile(r"^[ ]{0,3}(`{3,}|~{3,})", re.M)

# Filled in the parent before the pool forks; workers read it copy-on-write.
SOURCES = []  # list of dicts: bytes, text (or None), nl, front (str), units (list[str]), kind, path, repo


# ---------------------------------------------------------------- source preparation

def split_units(body):
    """Blank-line separated paragraphs, with fenced code blocks kept whole."""
    raw = [p for p in PARA_SPLIT_RE.split(body) if p.strip()]
    units, open_unit = [], None
    for p in raw:
        fences = len(FENCE_RE.findall(p))
        if open_unit is not None:
            open_unit.append(p)
            if fences % 2 == 1:
                units.append("\n\n".join(open_unit))
                open_unit = None
        elif fences % 2 == 1:
            open_unit = [p]
        else:
            units.append(p)
    if open_unit is not None:
        units.append("\n\n".join(open_unit))
    return units


def split_front(text):
    """(front block including both --- lines and the newline after, body)"""
    if not text.startswith("---"):
        return "", text
    m = re.match(r"---[ \t]*\r?\n(?:.*?\r?\n)??---[ \t]*(?:\r?\n|$)", text, re.S)
    if not m:
        return "", text
    return m.group(0), text[m.end():]


def prepare_source(data):
    if b"\x00" in data:
        return None  # binary: always copied as is
    text = data.decode("utf-8", errors="surrogateescape")
    nl = "\r\n" if "\r\n" in text else "\n"
    front, body = split_front(text)
    units = split_units(body)
    if nl == "\r\n":
        units = [u.replace("\r\n", "\n") for u in units]
    return text, nl, front, units


def load_sources(src_dir):
    rows = []
    with open(os.path.join(src_dir, "manifest.jsonl"), encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                rows.append(json.loads(line))
    repos = {}
    with open(os.path.join(src_dir, "repos.jsonl"), encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                r = json.loads(line)
                repos[r["repo"]] = r
    sources = []
    for r in rows:
        with open(os.path.join(src_dir, "files", r["repo"], r["path"]), "rb") as fh:
            data = fh.read()
        prep = prepare_source(data)
        s = {"repo": r["repo"], "path": r["path"], "kind": r["kind"], "bytes": data,
             "first": r.get("first_commit_at"), "last": r.get("last_commit_at")}
        if prep is None:
            s["text"] = None
        else:
            s["text"], s["nl"], s["front"], s["units"] = prep
        sources.append(s)
    return sources, repos


# ---------------------------------------------------------------- mutation (workers)

def substitute_words(unit, rng, rate):
    parts = WORD_RE.split(unit)
    nwords = len(parts) // 2
    if nwords == 0:
        return unit
    m = int(nwords * rate + rng.random())
    if m <= 0:
        return unit
    for w in rng.sample(range(nwords), min(m, nwords)):
        k = 2 * w + 1
        old = parts[k]
        new = VOCAB[rng.randrange(len(VOCAB))]
        if old[0].isupper():
            new = new.upper() if old.isupper() and len(old) > 1 else new.capitalize()
        parts[k] = new
    return "".join(parts)


def mutate(src, rng):
    units = list(src["units"])
    if not units:
        return src["bytes"]
    rate = rng.uniform(0.01, 0.05)
    drop_p = rng.uniform(0.0, 0.12)
    kept = [u for u in units if rng.random() >= drop_p]
    n_drop = len(units) - len(kept)
    n_ins = max(0, n_drop + rng.choice((-1, 0, 0, 0, 1)))
    if n_ins:
        for _ in range(4):  # a donor that has paragraphs
            donor = SOURCES[rng.randrange(len(SOURCES))]
            if donor["text"] is not None and donor["units"]:
                break
        else:
            donor = None
        if donor is not None:
            for _ in range(n_ins):
                para = donor["units"][rng.randrange(len(donor["units"]))]
                kept.insert(rng.randrange(len(kept) + 1), para)
    kept = [substitute_words(u, rng, rate) for u in kept]
    nl = src["nl"]
    body = "\n\n".join(kept) + "\n"
    if nl != "\n":
        body = body.replace("\n", nl)
    text = src["front"] + (nl if src["front"] else "") + body
    return text.encode("utf-8", errors="surrogateescape")


def make_file(task):
    draw, src_idx, seed = task
    src = SOURCES[src_idx]
    rng = random.Random((seed << 40) + draw)
    if src["text"] is None or rng.random() < EXACT_COPY_SHARE:
        return src["bytes"]
    return mutate(src, rng)


_made_dirs = set()


def work_chunk(args):
    out_files, seed, chunk = args
    results = []
    for draw, src_idx, dest_repo in chunk:
        data = make_file((draw, src_idx, seed))
        path = os.path.join(out_files, dest_repo, SOURCES[src_idx]["path"])
        d = os.path.dirname(path)
        if d not in _made_dirs:
            os.makedirs(d, exist_ok=True)
            _made_dirs.add(d)
        with open(path, "wb") as fh:
            fh.write(data)
        results.append((len(data), hashlib.sha256(data).hexdigest()))
    return results


# ---------------------------------------------------------------- planning (parent)

def rename(owner, name, k):
    style = k % 3
    if style == 0:
        return f"{owner}-fork{k}/{name}"
    if style == 1:
        return f"synth{k}-{owner}/{name}-copy"
    return f"{owner}-mirror{k}/{name}-{k}"


def shift_date(iso, days, seconds):
    if not iso:
        return iso
    t = dt.datetime.fromisoformat(iso) + dt.timedelta(days=days, seconds=seconds)
    return t.isoformat()


def plan(sources, n_files, seed):
    rng = random.Random(seed)
    picks = [rng.randrange(len(sources)) for _ in range(n_files)]
    copies = [0] * len(sources)
    dest_of = {}          # (source repo, k) -> dest repo
    taken = set()
    repo_meta = {}        # dest repo -> dict(shift_days, shift_s, source)
    entries = []
    for draw, s in enumerate(picks):
        k = copies[s]
        copies[s] += 1
        key = (sources[s]["repo"], k)
        dest = dest_of.get(key)
        if dest is None:
            owner, name = sources[s]["repo"].split("/", 1)
            dest = rename(owner, name, k)
            j = 1
            while dest in taken:  # guards against odd source owner names
                j += 1
                dest = rename(owner, name, k) + f"-{j}"
            taken.add(dest)
            dest_of[key] = dest
            repo_meta[dest] = {"source": sources[s]["repo"],
                               "days": rng.randrange(0, 60), "secs": rng.randrange(0, 86400),
                               "stars": int(rng.paretovariate(1.1)) - 1,
                               "sha": hashlib.sha1(f"synthetic:{seed}:{dest}".encode()).hexdigest()}
        entries.append((dest, sources[s]["path"], draw, s))
    entries.sort()
    return entries, repo_meta


def main():
    ap = argparse.ArgumentParser(description="Seeded synthetic corpus generator (corpus layout).")
    ap.add_argument("source")
    ap.add_argument("out")
    ap.add_argument("--files", type=int, required=True)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--force", action="store_true", help="regenerate even when complete")
    args = ap.parse_args()

    out = os.path.abspath(args.out)
    marker_path = os.path.join(out, ".complete")
    src_manifest = os.path.join(args.source, "manifest.jsonl")
    with open(src_manifest, "rb") as fh:
        src_digest = hashlib.sha256(fh.read()).hexdigest()
    want = {"seed": args.seed, "files": args.files, "source_manifest_sha256": src_digest,
            "generator": 1}
    if not args.force and os.path.exists(marker_path) and os.path.exists(os.path.join(out, "manifest.jsonl")):
        try:
            with open(marker_path) as fh:
                have = json.load(fh)
        except (OSError, ValueError):
            have = None
        if have and all(have.get(k) == v for k, v in want.items()):
            print(f"{out}: already complete for seed {args.seed}, {args.files} files; skipping",
                  file=sys.stderr)
            return
    if os.path.exists(out):
        known = {"files", "manifest.jsonl", "repos.jsonl", ".complete", "manifest.jsonl.tmp",
                 "repos.jsonl.tmp"}
        extra = set(os.listdir(out)) - known
        if extra:
            sys.exit(f"{out} holds other things ({sorted(extra)[:5]}); refusing to overwrite it")
        for name in os.listdir(out):
            p = os.path.join(out, name)
            shutil.rmtree(p) if os.path.isdir(p) else os.remove(p)
    os.makedirs(os.path.join(out, "files"), exist_ok=True)

    t0 = time.perf_counter()
    global SOURCES
    SOURCES, src_repos = load_sources(args.source)
    entries, repo_meta = plan(SOURCES, args.files, args.seed)
    t_plan = time.perf_counter()

    out_files = os.path.join(out, "files")
    chunk_size = 400
    chunks = [(out_files, args.seed, [(draw, s, dest) for dest, _p, draw, s in entries[i:i + chunk_size]])
              for i in range(0, len(entries), chunk_size)]

    repo_files, repo_last = {}, {}
    total_bytes = 0
    tmp_manifest = os.path.join(out, "manifest.jsonl.tmp")
    ctx = mp.get_context("fork")
    pool = ctx.Pool(args.workers) if args.workers > 1 else None
    results_iter = pool.imap(work_chunk, chunks) if pool else map(work_chunk, chunks)
    done = 0
    with open(tmp_manifest, "w", encoding="utf-8") as mf:
        for (out_files_, _seed, chunk), results in zip(chunks, results_iter):
            for (draw, s, dest), (nbytes, sha) in zip(chunk, results):
                src = SOURCES[s]
                meta = repo_meta[dest]
                first = shift_date(src["first"], meta["days"], meta["secs"])
                last = shift_date(src["last"], meta["days"], meta["secs"])
                mf.write(json.dumps({"repo": dest, "path": src["path"], "commit": meta["sha"],
                                     "first_commit_at": first, "last_commit_at": last,
                                     "bytes": nbytes, "sha256": sha, "kind": src["kind"]},
                                    ensure_ascii=False) + "\n")
                repo_files[dest] = repo_files.get(dest, 0) + 1
                if last:
                    t = dt.datetime.fromisoformat(last)
                    if dest not in repo_last or t > repo_last[dest][0]:
                        repo_last[dest] = (t, last)
                total_bytes += nbytes
            done += len(chunk)
            if sys.stderr.isatty():
                print(f"\r{done}/{len(entries)} files", end="", file=sys.stderr)
    if pool:
        pool.close()
        pool.join()
    if sys.stderr.isatty():
        print(file=sys.stderr)

    tmp_repos = os.path.join(out, "repos.jsonl.tmp")
    with open(tmp_repos, "w", encoding="utf-8") as rf:
        for dest in sorted(repo_files):
            meta = repo_meta[dest]
            src_repo = src_repos.get(meta["source"], {})
            rf.write(json.dumps({"repo": dest, "commit": meta["sha"],
                                 "default_branch": src_repo.get("default_branch", "main"),
                                 "license": src_repo.get("license"),
                                 "files": repo_files[dest],
                                 "stars": meta["stars"],
                                 "topics": list(src_repo.get("topics", [])),
                                 "pushed_at": repo_last.get(dest, (None, None))[1],
                                 "synthetic_from": meta["source"]},
                                ensure_ascii=False) + "\n")
    os.replace(tmp_manifest, os.path.join(out, "manifest.jsonl"))
    os.replace(tmp_repos, os.path.join(out, "repos.jsonl"))
    elapsed = time.perf_counter() - t0
    with open(marker_path, "w") as fh:
        json.dump(dict(want, bytes=total_bytes, repos=len(repo_files),
                       seconds=round(elapsed, 1)), fh)
        fh.write("\n")
    src_mean = sum(len(s["bytes"]) for s in SOURCES) / max(1, len(SOURCES))
    print(json.dumps({"out": out, "files": len(entries), "repos": len(repo_files), "bytes": total_bytes,
                      "mean_bytes": round(total_bytes / max(1, len(entries)), 1),
                      "source_mean_bytes": round(src_mean, 1),
                      "plan_seconds": round(t_plan - t0, 1), "seconds": round(elapsed, 1)}))


if __name__ == "__main__":
    main()
