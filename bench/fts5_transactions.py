#!/usr/bin/env python3
"""FTS5 alone: CPU-seconds to index a corpus's texts in write transactions of different sizes.

    python3 bench/fts5_transactions.py CORPUS_DIR [--files N] [--sizes 512,2048,4096,8192] [--seed S]
                                       [--tokenizer 'porter unicode61 remove_diacritics 2']

Takes N files of CORPUS_DIR/files (a seeded sample), and for each transaction size indexes their texts into a
fresh FTS5 table shaped like the registry's search index (its tokenizer unless --tokenizer names another, WAL,
synchronous=NORMAL, hashsize 64 MiB), committing every SIZE files. Prints one JSON line a size: the process CPU
seconds the inserts took and the database's size. Python's sqlite3 links the system's SQLite, the library the
registry uses on this machine.
"""
import argparse, json, os, random, sqlite3, tempfile, time

parser = argparse.ArgumentParser()
parser.add_argument("corpus")
parser.add_argument("--files", type=int, default=20000)
parser.add_argument("--sizes", default="512,2048,4096,8192")
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--tokenizer", default="porter unicode61 remove_diacritics 2")
args = parser.parse_args()

paths = []
for folder, _, names in os.walk(os.path.join(args.corpus, "files")):
    paths.extend(os.path.join(folder, name) for name in names)
paths.sort()
random.Random(args.seed).shuffle(paths)
texts = [open(path, "rb").read().decode("utf-8", "replace") for path in paths[: args.files]]

with tempfile.TemporaryDirectory() as scratch:
    for size in (int(s) for s in args.sizes.split(",")):
        path = os.path.join(scratch, f"fts{size}.sqlite")
        db = sqlite3.connect(path, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute(f"CREATE VIRTUAL TABLE f USING fts5(body, tokenize='{args.tokenizer}')")
        db.execute("INSERT INTO f(f, rank) VALUES('hashsize', 67108864)")
        start = time.process_time()
        for first in range(0, len(texts), size):
            db.execute("BEGIN")
            db.executemany("INSERT INTO f(body) VALUES (?)", [(t,) for t in texts[first : first + size]])
            db.execute("COMMIT")
        cpu = time.process_time() - start
        db.close()
        print(json.dumps({
            "scenario": "fts5-transactions", "files": len(texts), "megabytes": round(sum(len(t.encode()) for t in texts) / 1e6, 1),
            "files_per_transaction": size, "tokenizer": args.tokenizer, "cpu_s": round(cpu, 2), "db_mb": os.path.getsize(path) // 1_000_000,
            "sqlite": sqlite3.sqlite_version,
        }), flush=True)
