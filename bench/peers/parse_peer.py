#!/usr/bin/env python3
"""Python peer for Skillscope's ingest benchmark.

Does work comparable to Skillscope's parse step on every file of a corpus (or a seeded sample):
read the bytes, reject binary (NUL) or oversized (> 1 MiB) files, decode UTF-8 (errors replaced),
split the YAML front matter and load it with PyYAML's safe_load, parse the body with markdown-it-py
(CommonMark + tables) and collect the rules the way Skillscope does: the inline text of each list
item paragraph, of each paragraph outside lists, and of each table body row, with its line number.

Usage: parse_peer.py CORPUS_DIR [--limit N] [--sample-seed S]
Prints one JSON line on stdout.
"""
import argparse
import json
import os
import random
import resource
import sys
import time

import yaml
from markdown_it import MarkdownIt

MAX_BYTES = 1 << 20


def split_front_matter(text):
    """Return (front_matter_text or None, body, body_first_line_offset, unclosed)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    first_nl = text.find("\n")
    first = text if first_nl < 0 else text[:first_nl]
    if first.rstrip(" \t\r") != "---":
        return None, text, 0, False
    lines = text.split("\n")
    for i in range(1, len(lines)):
        if lines[i].rstrip(" \t\r") == "---":
            fm = "\n".join(lines[1:i])
            body = "\n".join(lines[i + 1:])
            return fm, body, i + 1, False
    return None, text, 0, True


def collect_rules(tokens, line_offset, out):
    """Append (line, text) for list-item paragraphs, top-level paragraphs and table body rows."""
    list_depth = 0
    in_tbody = False
    row = None
    row_line = 0
    n = len(tokens)
    i = 0
    while i < n:
        t = tokens[i]
        tt = t.type
        if tt == "bullet_list_open" or tt == "ordered_list_open":
            list_depth += 1
        elif tt == "bullet_list_close" or tt == "ordered_list_close":
            list_depth -= 1
        elif tt == "paragraph_open":
            # paragraph_open, inline, paragraph_close (inside or outside a list item)
            if i + 1 < n and tokens[i + 1].type == "inline":
                content = tokens[i + 1].content.strip()
                if content:
                    line = (t.map[0] if t.map else 0) + 1 + line_offset
                    out.append((line, content, list_depth > 0))
                i += 2
                continue
        elif tt == "tbody_open":
            in_tbody = True
        elif tt == "tbody_close":
            in_tbody = False
        elif in_tbody and tt == "tr_open":
            row = []
            row_line = (t.map[0] if t.map else 0) + 1 + line_offset
        elif in_tbody and tt == "inline" and row is not None:
            row.append(t.content.strip())
        elif in_tbody and tt == "tr_close" and row is not None:
            text = " | ".join(c for c in row if c)
            if text:
                out.append((row_line, text, False))
            row = None
        i += 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("--limit", type=int, default=None, help="parse a seeded random sample of N files")
    ap.add_argument("--sample-seed", type=int, default=0)
    args = ap.parse_args()

    with open(os.path.join(args.corpus, "manifest.jsonl"), encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    if args.limit is not None and args.limit < len(rows):
        rows = random.Random(args.sample_seed).sample(rows, args.limit)
    files_dir = os.path.join(args.corpus, "files")
    paths = [os.path.join(files_dir, r["repo"], r["path"]) for r in rows]

    md = MarkdownIt("commonmark").enable("table")
    rules = []
    n_files = n_bytes = yaml_errors = rejected = 0

    start = time.perf_counter()
    for path in paths:
        with open(path, "rb") as fh:
            data = fh.read()
        n_files += 1
        n_bytes += len(data)
        if len(data) > MAX_BYTES or b"\x00" in data:
            rejected += 1
            continue
        text = data.decode("utf-8", errors="replace")
        fm, body, offset, unclosed = split_front_matter(text)
        if unclosed:
            yaml_errors += 1
        elif fm is not None:
            try:
                meta = yaml.safe_load(fm)
                if meta is not None and not isinstance(meta, dict):
                    yaml_errors += 1
            except yaml.YAMLError:
                yaml_errors += 1
        file_rules = []
        collect_rules(md.parse(body), offset, file_rules)
        rules.append(len(file_rules))
    seconds = time.perf_counter() - start

    peak_rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    result = {
        "tool": "python-markdown-it",
        "files": n_files,
        "bytes": n_bytes,
        "seconds": round(seconds, 3),
        "files_per_s": round(n_files / seconds, 1) if seconds > 0 else None,
        "mb_per_s": round(n_bytes / 1e6 / seconds, 3) if seconds > 0 else None,
        "peak_rss_mb": round(peak_rss_mb, 1),
        "rules": sum(rules),
        "yaml_errors": yaml_errors,
        "rejected": rejected,
    }
    sys.stdout.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
