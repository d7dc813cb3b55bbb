#!/usr/bin/env python3
"""Xapian (Debian's 1.4.22, through python3-xapian) on a Skillscope registry's search texts, beside FTS5, in one
run: the probe that decides issue 29's engine before any Swift is written against it.

Usage: /usr/bin/python3 bench/xapian_probe.py REGISTRY.sqlite XAPIAN_DIR [--runs 5] [--limit 20]
(Debian's interpreter, after `apt-get install python3-xapian`: the binding is not on PyPI.)

1. Builds a Xapian database in XAPIAN_DIR from the registry's files (name, description, rules, body),
   English-stemmed, each field weighted as FTS5's bm25(10, 5, 3, 1) weighs it: the field's words are indexed with a
   within-document frequency of 10, 5, 3 and 1 (skipped when XAPIAN_DIR already holds the same number of documents).
2. Runs skillscope-bench's 44 engine queries (every word required, as `skillscope search` asks; an OR query when
   nothing matches all), once to warm up and then --runs times timed, for the top --limit with
   `get_mset(0, limit)` and Xapian's estimated match count; and the same queries on FTS5 in the same process
   (`ORDER BY rank LIMIT`, the count up to 1,001), so both are timed on one machine state.
Prints one JSON line per engine: p50, p99 and max in ms, the index size, the build time.
"""
import json
import os
import re
import sqlite3
import statistics
import sys
import time

import xapian

HERE = os.path.dirname(os.path.abspath(__file__))


def queries():
    source = open(os.path.join(HERE, "Sources", "skillscope-bench", "EnginesScenario.swift")).read()
    block = source[source.index("static let queries = ["):]
    block = block[:block.index("]")]
    return re.findall(r'"([^"]+)"', block)


def build(registry, folder):
    db = xapian.WritableDatabase(folder, xapian.DB_CREATE_OR_OPEN)
    connection = sqlite3.connect(f"file:{registry}?mode=ro", uri=True)
    # The registry's `files_search_text` view drops the rule lines from the body through a function of
    # skillscope's own; here the body is indexed whole, so rule words count once more than in FTS5.
    want = connection.execute("SELECT count(*) FROM files WHERE status = 'indexed'").fetchone()[0]
    if db.get_doccount() == want:
        return 0.0
    start = time.perf_counter()
    generator = xapian.TermGenerator()
    generator.set_stemmer(xapian.Stem("english"))
    rows = connection.execute(
        "SELECT id, name, description, rules_text, body FROM files WHERE status = 'indexed'")
    for count, (rowid, name, description, rules, body) in enumerate(rows, 1):
        document = xapian.Document()
        generator.set_document(document)
        for text, weight in ((name, 10), (description, 5), (rules, 3), (body, 1)):
            if text:
                generator.index_text(text, weight)
                generator.increase_termpos()
        document.set_data(str(rowid))
        db.replace_document(rowid, document)
        if count % 50_000 == 0:
            db.commit()
            print(f"indexed {count}", file=sys.stderr)
    db.commit()
    return time.perf_counter() - start


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    registry, folder = args[0], args[1]
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 5
    limit = int(args[args.index("--limit") + 1]) if "--limit" in args else 20
    built = build(registry, folder)
    db = xapian.Database(folder)
    parser = xapian.QueryParser()
    parser.set_stemmer(xapian.Stem("english"))
    parser.set_stemming_strategy(xapian.QueryParser.STEM_SOME)
    parser.set_database(db)
    enquire = xapian.Enquire(db)
    texts = queries()

    def xapian_search(text):
        for operator in (xapian.Query.OP_AND, xapian.Query.OP_OR):
            parser.set_default_op(operator)
            enquire.set_query(parser.parse_query(text))
            mset = enquire.get_mset(0, limit)
            if mset.get_matches_estimated() > 0:
                return mset.get_matches_estimated()
        return 0

    connection = sqlite3.connect(f"file:{registry}?mode=ro", uri=True)

    def fts_search(text):
        words = re.findall(r"\w+", text.lower())
        for joiner in (" ", " OR "):
            match = joiner.join(f'"{w}"' for w in words)
            count = connection.execute(
                "SELECT count(*) FROM (SELECT rowid FROM files_fts WHERE files_fts MATCH ? ORDER BY rowid LIMIT 1001)",
                (match,)).fetchone()[0]
            if count:
                connection.execute(
                    "SELECT rowid FROM files_fts WHERE files_fts MATCH ? ORDER BY rank LIMIT ?", (match, limit)).fetchall()
                return count
        return 0

    for name, search in (("xapian", xapian_search), ("fts5", fts_search)):
        for text in texts:
            search(text)
        times, totals = [], 0
        for run in range(runs):
            for text in texts:
                start = time.perf_counter()
                found = search(text)
                times.append((time.perf_counter() - start) * 1000)
                if run == 0:
                    totals += found
        size = sum(os.path.getsize(os.path.join(folder, f)) for f in os.listdir(folder)) if name == "xapian" else \
            os.path.getsize(registry)
        print(json.dumps({
            "engine": name, "documents": db.get_doccount(), "searches": len(times),
            "p50_ms": round(statistics.median(times), 2), "p99_ms": round(percentile(times, 0.99), 2),
            "max_ms": round(max(times), 2), "checksum_totals": totals, "size_mb": size // 1_000_000,
            "build_s": round(built, 1) if name == "xapian" else None}))


if __name__ == "__main__":
    main()
