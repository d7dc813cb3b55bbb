#!/usr/bin/env python3
"""Tiny dependency-free Markdown linter for the docs/ folder."""
import argparse
import os
import re
import sys
from pathlib import Path

LINK_RE = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
HEADING_RE = re.compile(r"^(#{1,6})\s")


def lint_file(path: Path, max_line: int, fix: bool):
    problems = []
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    in_code = False
    last_level = 0
    fixed = []
    for n, line in enumerate(lines, 1):
        if line.startswith("```"):
            in_code = not in_code
        if line != line.rstrip():
            problems.append((n, "MD009", "trailing whitespace"))
            line = line.rstrip() if fix else line
        fixed.append(line)
        if in_code or line.lstrip().startswith("|"):
            continue
        if len(line) > max_line and not LINK_RE.search(line):
            problems.append((n, "MD013", f"line is {len(line)} characters (max {max_line})"))
        m = HEADING_RE.match(line)
        if m:
            level = len(m.group(1))
            if last_level and level > last_level + 1:
                problems.append((n, "MD001", f"heading jumps from h{last_level} to h{level}"))
            last_level = level
        for target in LINK_RE.findall(line):
            if "://" in target or target.startswith("mailto:"):
                continue
            if not (path.parent / target).exists():
                problems.append((n, "MD051", f"relative link to missing file: {target}"))
    if fix and fixed != lines:
        path.write_text("\n".join(fixed), encoding="utf-8")
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", type=Path)
    ap.add_argument("--max-line", type=int, default=int(os.environ.get("MDLINT_MAX_LINE", "100")))
    ap.add_argument("--fix", action="store_true")
    args = ap.parse_args()

    total = 0
    for path in sorted(args.root.rglob("*.md")):
        for n, code, msg in lint_file(path, args.max_line, args.fix):
            print(f"{path}:{n}: {code} {msg}")
            total += 1
    print(f"{total} problem(s)", file=sys.stderr)
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
