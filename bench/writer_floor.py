#!/usr/bin/env python3
"""The SQLite writer's floor: CPU-seconds to write a kept registry's rows again, with nothing else to do.

    python3 bench/writer_floor.py REGISTRY [--batch 4096] [--limit N] [--parts all|search|rows] [--cache-mib 256]
                                  [--detail full|column|none] [--checkpoint inline|apart]

Reads every file of REGISTRY (a registry a Skillscope ingest kept, e.g. `skillscope-bench ingest … --keep DIR`)
and writes the same rows into a fresh database shaped like it (its tables and indexes, 16 KiB pages, WAL,
synchronous=NORMAL, a page cache of 256 MiB as the registry's writer has, the search index's tokenizer and 64 MiB
hash), committing every BATCH files as the ingest does.
Only the time inside the writes is counted (`time.process_time` around each batch's statements and commit, the
reads from REGISTRY left out), so the figure is what SQLite itself needs for these bytes: no parsing, no encoding,
no Swift. Parts: `rows` writes the files, phrase sets, fingerprints and listings without the search index;
`search` only the search index; `all` both, as an ingest does. `--detail` sets the search index's FTS5 detail (the registry keeps `full`: word
positions, which bm25 needs to rank without reading the texts again). `--checkpoint apart` copies the WAL into the
database after each batch outside the counted time, as the registry's checkpointer thread does; `inline` (the
default) leaves it to SQLite's automatic checkpoints inside the commits, and counts them.

The search index gets each file's name, description and rules text, and as its body the whole body (rules
included) with the rules field empty: about the words the registry indexes (it indexes the body without the
rules' lines, and the rules as their plain text), as Python has no `skillscope_search_body`. Prints one JSON line.
Python's sqlite3 links the system's SQLite, the library the registry uses on this machine.
"""
import argparse, json, os, sqlite3, tempfile, time

parser = argparse.ArgumentParser()
parser.add_argument("registry")
parser.add_argument("--batch", type=int, default=4096)
parser.add_argument("--limit", type=int, default=0)
parser.add_argument("--parts", choices=["all", "search", "rows"], default="all")
parser.add_argument("--cache-mib", type=int, default=256)
parser.add_argument("--detail", choices=["full", "column", "none"], default="full")
parser.add_argument("--checkpoint", choices=["inline", "apart"], default="inline")
args = parser.parse_args()

source_path = os.path.join(args.registry, "registry.sqlite") if os.path.isdir(args.registry) else args.registry
source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)
tables = ["repositories", "files", "file_phrase_sets", "file_fingerprints", "listings", "meta"]
schema = [
    sql for (name, sql) in source.execute(
        "SELECT name, sql FROM sqlite_schema WHERE type IN ('table', 'index') AND sql IS NOT NULL"
        " AND (name IN ({0}) OR tbl_name IN ({0}))".format(",".join("?" * len(tables))), tables + tables)
]
file_columns = [row[1] for row in source.execute("PRAGMA table_info(files)")]
columns = ", ".join(file_columns)
marks = ", ".join("?" * len(file_columns))
name_at, description_at = file_columns.index("name"), file_columns.index("description")
body_at, status_at = file_columns.index("body"), file_columns.index("status")

with tempfile.TemporaryDirectory(dir=os.environ.get("TMPDIR", "/tmp")) as scratch:
    path = os.path.join(scratch, "floor.sqlite")
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA page_size=16384")
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute(f"PRAGMA cache_size={-1024 * args.cache_mib}")
    if args.checkpoint == "apart":
        db.execute("PRAGMA wal_autocheckpoint=0")
    for sql in schema:
        db.execute(sql)
    db.execute(
        "CREATE VIRTUAL TABLE files_fts USING fts5(name, description, rules_text, body, content='',"
        f" tokenize='porter unicode61 remove_diacritics 2', detail={args.detail})")
    db.execute("INSERT INTO files_fts(files_fts, rank) VALUES('hashsize', 67108864)")
    db.executemany(f"INSERT INTO repositories SELECT * FROM (VALUES ({', '.join('?' * 10)}))",
                   source.execute("SELECT * FROM repositories"))
    cpu = 0.0
    files = 0
    last = 0
    rows_wanted = args.parts in ("all", "rows")
    search_wanted = args.parts in ("all", "search")
    while True:
        batch = source.execute(
            f"SELECT {columns} FROM files WHERE id > ? ORDER BY id LIMIT ?", (last, args.batch)).fetchall()
        if args.limit:
            batch = batch[: max(0, args.limit - files)]
        if not batch:
            break
        first, last = batch[0][0], batch[-1][0]
        phrases = source.execute("SELECT * FROM file_phrase_sets WHERE file_id BETWEEN ? AND ?", (first, last)).fetchall()
        prints = source.execute("SELECT * FROM file_fingerprints WHERE file_id BETWEEN ? AND ?", (first, last)).fetchall()
        listings = source.execute("SELECT * FROM listings WHERE file_id BETWEEN ? AND ?", (first, last)).fetchall()
        start = time.process_time()
        db.execute("BEGIN")
        if rows_wanted:
            db.executemany(f"INSERT INTO files ({columns}) VALUES ({marks})", batch)
            db.executemany("INSERT INTO file_phrase_sets VALUES (?, ?)", phrases)
            db.executemany("INSERT INTO file_fingerprints VALUES (?, ?)", prints)
            db.executemany("INSERT INTO listings VALUES (?, ?)", listings)
        if search_wanted:
            db.executemany(
                "INSERT INTO files_fts (rowid, name, description, rules_text, body) VALUES (?, ?, ?, '', ?)",
                [(row[0], row[name_at], row[description_at], row[body_at]) for row in batch
                 if row[status_at] == "indexed"])
        db.execute("COMMIT")
        cpu += time.process_time() - start
        files += len(batch)
        if args.checkpoint == "apart":
            db.execute("PRAGMA wal_checkpoint(PASSIVE)")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = os.path.getsize(path)
    db.close()
    print(json.dumps({
        "scenario": "writer-floor", "registry": args.registry, "parts": args.parts, "files": files,
        "files_per_transaction": args.batch, "cache_mib": args.cache_mib, "detail": args.detail, "checkpoint": args.checkpoint, "cpu_s": round(cpu, 2),
        "cpu_ms_per_file": round(1000 * cpu / max(files, 1), 3), "db_mb": size // 1_000_000,
        "sqlite": sqlite3.sqlite_version,
    }), flush=True)
