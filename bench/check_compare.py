#!/usr/bin/env python3
"""`skillscope check` beside the peers people run in CI, on the same files, in one run (issue 30).

Usage: check_compare.py SKILLSCOPE CORPUS_FILES_DIR [--venv bench/.venv-checks] [--runs 3] [--samples 4]
                        [--cisco] [--time-only]

Runs, on CORPUS_FILES_DIR:
  - agnix 0.59.3 (`agnix --format json DIR`) and `skillscope check --format json DIR`, --runs rounds after one
    warm-up round, the two alternating within each round so both see the same state of a shared machine, for the
    time (each round's wall and CPU seconds, the medians and their ratio); with --time-only, nothing more;
  - `skillscope check --format json --complete-tree DIR` once, so that its broken links can be set against agnix's
    REF-002 (a corpus that keeps only instruction files makes most links look broken: the default run counts them
    in a note instead);
  - with --cisco, cisco-ai-skill-scanner 2.3.2 (`skill-scanner scan-all DIR --recursive --format json`, default
    policy), whose unsafe skills are set against Skillscope's verdicts on the same SKILL.md files.
Prints findings per family for each tool, agreement where both check the same thing (files, or file and line for
links), and a few disagreements of each side with the line they point at, to be read.
The peers come from `bench/peers/setup.sh --checks` (bench/peers/requirements-checks.txt).
"""
import argparse
import collections
import json
import os
import re
import statistics
import subprocess
import sys
import time

# Pairs of rules that check the same thing: agnix's rule ids, Skillscope's finding codes (spec or project codes, or
# security/CATEGORY), and whether to compare by (file, line) or by file.
PAIRS = [
    ("broken Markdown links", ["REF-002"], ["broken-link", "missing-reference"], "line"),
    ("CLAUDE.md imports not found", ["REF-001"], ["import-missing"], "file"),
    ("AGENTS.md names a missing file", ["CDX-AG-005"], ["missing-file", "broken-link"], "file"),
    ("AGENTS.md over Codex's 32 KiB", ["CDX-AG-009"], ["instruction-budget"], "file"),
    ("skill name format", ["AS-004"], ["name-format"], "file"),
    ("skill name equals its folder", ["AS-017"], ["name-folder"], "file"),
    ("description length", ["AS-008"], ["description-length"], "file"),
    ("body over 500 lines", ["AS-012"], ["body-length"], "file"),
    ("metadata not a string map", ["AS-016"], ["metadata-type"], "file"),
    ("references more than one level deep", ["AS-013"], ["deep-reference"], "file"),
    ("fields outside the Agent Skills spec", ["XP-SK-001", "CC-SK-017"], ["unexpected-field", "client-extension"],
     "file"),
    ("unrestricted Bash in allowed-tools", ["CC-SK-007"], ["security/broad-tools"], "file"),
]


def family(rule):
    """agnix's rule family: the id without its number (`CC-SK-034` → `CC-SK`)."""
    return re.sub(r"-\d+$", "", rule)


def timed(command, runs):
    """Runs command `runs` times; returns (stdout of the last run, median wall seconds, median CPU seconds, and
    the list of (wall, CPU) of each run)."""
    walls, cpus, out = [], [], ""
    for _ in range(runs):
        before = os.times()
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True)
        walls.append(time.perf_counter() - start)
        after = os.times()
        cpus.append((after.children_user - before.children_user) + (after.children_system - before.children_system))
        if done.returncode not in (0, 1):
            sys.exit(f"{command[0]} failed ({done.returncode}): {done.stderr[-2000:]}")
        out = done.stdout
    return out, statistics.median(walls), statistics.median(cpus), list(zip(walls, cpus))


def alternating(commands, runs):
    """One warm-up round, then `runs` rounds each running every command once in turn; returns, per command, what
    ``timed`` returns over the counted rounds."""
    for command in commands:
        timed(command, 1)
    results = [("", [], []) for _ in commands]
    for _ in range(runs):
        for index, command in enumerate(commands):
            out, wall, cpu, _ = timed(command, 1)
            results[index] = (out, results[index][1] + [wall], results[index][2] + [cpu])
    return [(out, statistics.median(walls), statistics.median(cpus), list(zip(walls, cpus)))
            for out, walls, cpus in results]


def skillscope_findings(reports):
    """[(code, file, line)] of Skillscope's JSON reports; security findings as security/CATEGORY."""
    found = []
    for report in reports:
        for finding in report["findings"]:
            found.append((finding["code"], report["path"], finding.get("line") or 0))
        base = os.path.dirname(report["path"])
        for finding in report["security"]["findings"]:
            path = os.path.join(base, finding["file"]) if finding.get("file") else report["path"]
            found.append(("security/" + finding["category"], path, finding["line"]))
    return found


def read_line(path, line, cache={}):
    if path not in cache:
        try:
            cache[path] = open(path, encoding="utf-8", errors="replace").read().split("\n")
        except OSError:
            cache[path] = []
    lines = cache[path]
    return lines[line - 1].strip()[:150] if 0 < line <= len(lines) else ""


def compare(name, agnix, skillscope, by, root, samples):
    key = (lambda f: (f[1], f[2])) if by == "line" else (lambda f: f[1])
    a = {key(f) for f in agnix}
    s = {key(f) for f in skillscope}
    both = a & s
    print(f"| {name} | {', '.join(sorted({f[0] for f in agnix})) or '—'} {len(a)} | "
          f"{', '.join(sorted({f[0] for f in skillscope})) or '—'} {len(s)} | {len(both)} | {len(a - s)} | {len(s - a)} |")
    shown = []
    for side, only in (("agnix only", sorted(a - s)), ("skillscope only", sorted(s - a))):
        for item in only[:samples]:
            path, line = (item if by == "line" else (item, 0))
            text = read_line(path, line) if line else ""
            shown.append(f"    {side}: {os.path.relpath(path, root)}{':' + str(line) if line else ''}  {text}")
    return shown


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("skillscope")
    parser.add_argument("corpus")
    parser.add_argument("--venv", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".venv-checks"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--samples", type=int, default=4)
    parser.add_argument("--cisco", action="store_true")
    parser.add_argument("--time-only", action="store_true")
    args = parser.parse_args()
    root = os.path.abspath(args.corpus).rstrip("/")
    agnix_bin = os.path.join(args.venv, "bin", "agnix")
    if not os.path.exists(agnix_bin):
        sys.exit(f"{agnix_bin} is missing: run bench/peers/setup.sh --checks")

    # One run: the tools alternate, so that the machine's state is shared.
    (agnix_out, agnix_wall, agnix_cpu, agnix_runs), (ours_out, ours_wall, ours_cpu, ours_runs) = alternating(
        [[agnix_bin, "--format", "json", root], [args.skillscope, "check", "--format", "json", root]], args.runs)
    agnix = json.loads(agnix_out)
    ours_reports = json.loads(ours_out)
    print(f"corpus: {root}")
    print(f"agnix: {agnix['files_checked']} files checked; skillscope check: {len(ours_reports)} files checked\n")
    print("| round | agnix wall s | agnix CPU s | skillscope wall s | skillscope CPU s | wall ratio |")
    print("|---|---|---|---|---|---|")
    for number, ((aw, ac), (ow, oc)) in enumerate(zip(agnix_runs, ours_runs), 1):
        print(f"| {number} | {aw:.2f} | {ac:.2f} | {ow:.2f} | {oc:.2f} | {ow / aw:.2f} |")
    print(f"| median | {agnix_wall:.2f} | {agnix_cpu:.2f} | {ours_wall:.2f} | {ours_cpu:.2f} | "
          f"**{ours_wall / agnix_wall:.2f}** |\n")
    if args.time_only:
        return
    complete_out, complete_wall, _, _ = timed(
        [args.skillscope, "check", "--format", "json", "--complete-tree", root], 1)
    agnix_found = [(d["rule"], os.path.abspath(d["file"]), d.get("line") or 0) for d in agnix["diagnostics"]]
    ours = skillscope_findings(ours_reports)
    complete = skillscope_findings(json.loads(complete_out))

    print("| tool | median wall s | median CPU s | wall ratio to agnix |")
    print("|---|---|---|---|")
    print(f"| agnix 0.59.3 `--format json` | {agnix_wall:.2f} | {agnix_cpu:.2f} | 1.00 |")
    print(f"| skillscope check `--format json` | {ours_wall:.2f} | {ours_cpu:.2f} | {ours_wall / agnix_wall:.2f} |")
    print(f"| skillscope check `--complete-tree` (one run) | {complete_wall:.2f} | | {complete_wall / agnix_wall:.2f} |")

    cisco = None
    if args.cisco:
        scanner = os.path.join(args.venv, "bin", "skill-scanner")
        start = time.perf_counter()
        done = subprocess.run([scanner, "scan-all", root, "--recursive", "--format", "json"],
                              capture_output=True, text=True)
        cisco_wall = time.perf_counter() - start
        if not done.stdout.strip():
            sys.exit(f"skill-scanner failed ({done.returncode}): {done.stderr[-2000:]}")
        cisco = json.loads(done.stdout)["results"]
        print(f"| cisco skill-scanner 2.3.2 `scan-all --recursive` ({len(cisco)} skills, one run) | {cisco_wall:.2f} | "
              f"| {cisco_wall / agnix_wall:.2f} |")

    print("\nFindings per family:\n")
    print("| agnix family | findings | | skillscope code | findings (default) | findings (--complete-tree) |")
    print("|---|---|---|---|---|---|")
    families = collections.Counter(family(f[0]) for f in agnix_found).most_common()
    codes = collections.Counter(f[0] for f in ours)
    complete_codes = collections.Counter(f[0] for f in complete)
    ours_rows = sorted(set(codes) | set(complete_codes), key=lambda c: -complete_codes[c])
    for index in range(max(len(families), len(ours_rows))):
        left = families[index] if index < len(families) else ("", "")
        right = ours_rows[index] if index < len(ours_rows) else ""
        print(f"| {left[0]} | {left[1]} | | {right} | {codes.get(right, '') if right else ''} | "
              f"{complete_codes.get(right, '') if right else ''} |")

    print("\nAgreement where both check the same thing (Skillscope with --complete-tree):\n")
    print("| check | agnix | skillscope | both | agnix only | skillscope only |")
    print("|---|---|---|---|---|---|")
    notes = []
    for name, rules, ours_codes, by in PAIRS:
        a = [f for f in agnix_found if f[0] in rules]
        s = [f for f in complete if f[0] in ours_codes]
        shown = compare(name, a, s, by, root, args.samples)
        if shown:
            notes.append(f"  {name}:")
            notes += shown
    if cisco is not None:
        verdicts = {os.path.abspath(r["path"]): r["security"]["verdict"] for r in ours_reports}
        unsafe = {os.path.join(os.path.abspath(r["skill_path"]), "SKILL.md") for r in cisco if not r["is_safe"]}
        scanned = {os.path.join(os.path.abspath(r["skill_path"]), "SKILL.md") for r in cisco}
        flagged = {p for p in scanned if verdicts.get(p, "pass") != "pass"}
        print(f"| security: skills flagged (cisco unsafe / skillscope warn or fail) | cisco {len(unsafe)} | "
              f"skillscope {len(flagged)} | {len(unsafe & flagged)} | {len(unsafe - flagged)} | {len(flagged - unsafe)} |")
        categories = collections.Counter(f["category"] for r in cisco for f in r["findings"]
                                         if f["severity"] in ("MEDIUM", "HIGH", "CRITICAL"))
        print("\ncisco findings of MEDIUM or worse by category: "
              + ", ".join(f"{k} {v}" for k, v in categories.most_common()))
        by_path = {os.path.join(os.path.abspath(r["skill_path"]), "SKILL.md"): r for r in cisco}
        notes.append("  security (skills):")
        for path in sorted(unsafe - flagged)[:args.samples]:
            worst = [f"{f['rule_id']} {f['severity']}" for f in by_path[path]["findings"]
                     if f["severity"] in ("HIGH", "CRITICAL")][:3]
            notes.append(f"    cisco only: {os.path.relpath(path, root)}  {', '.join(worst)}")
        for path in sorted(flagged - unsafe)[:args.samples]:
            notes.append(f"    skillscope only: {os.path.relpath(path, root)}  {verdicts[path]}")
    print("\nDisagreements, to read:")
    print("\n".join(notes))


if __name__ == "__main__":
    main()
