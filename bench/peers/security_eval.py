#!/usr/bin/env python3
"""Scores Skillscope's security scan against our labelled fixtures, and counts verdicts over a corpus.

Usage:
  security_eval.py BINARY FIXTURES_DIR [--cisco SKILL_SCANNER]   precision and recall on the labelled fixtures
  security_eval.py BINARY --corpus CORPUS_DIR     share of corpus files per verdict, and every `fail` listed

Fixtures: FIXTURES_DIR/labels.json (see its README.md), or, when FIXTURES_DIR has none, the labels.json of each of
its subfolders together (a set written in parts). A fixture is flagged when its verdict is not `pass`; precision and
recall are over files (flagged vs labelled harmful), over `fail` verdicts, and per category (category reported vs
category labelled).

With --cisco, cisco-ai-skill-scanner's `skill-scanner` scores the same fixtures in the same run (`scan-all`, default
balanced policy, static analyzers): each fixture is staged as a skill folder (a single file becomes its SKILL.md,
a folder is copied whole), and it is flagged when the scanner calls it unsafe.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile


def check(binary, paths):
    """Runs `skillscope check --json` over paths (in batches) and returns {path: report}."""
    reports = {}
    for start in range(0, len(paths), 200):
        batch = paths[start:start + 200]
        done = subprocess.run([binary, "check", "--json", *batch], capture_output=True, text=True)
        if done.returncode not in (0, 1):
            sys.exit(f"check failed ({done.returncode}): {done.stderr}")
        for report in json.loads(done.stdout):
            reports[report["path"]] = report
    return reports


def ratio(numerator, denominator):
    return numerator / denominator if denominator else float("nan")


def load_labels(folder):
    """The fixtures' labels, their paths made relative to folder: its labels.json, or its subfolders' together."""
    own = os.path.join(folder, "labels.json")
    if os.path.exists(own):
        return json.load(open(own))
    labels = []
    for part in sorted(os.listdir(folder)):
        file = os.path.join(folder, part, "labels.json")
        if os.path.isfile(file):
            for label in json.load(open(file)):
                labels.append({**label, "path": os.path.join(part, label["path"])})
    if not labels:
        sys.exit(f"{folder}: no labels.json in it or in its subfolders")
    return labels


def score(name, labels, flagged_ids):
    """Prints flagged precision and recall for one scanner's set of flagged fixture ids."""
    tp = sum(l["id"] in flagged_ids and l["expect"] != "pass" for l in labels)
    fp = sum(l["id"] in flagged_ids and l["expect"] == "pass" for l in labels)
    fn = sum(l["id"] not in flagged_ids and l["expect"] != "pass" for l in labels)
    print(f"{name}: flagged vs harmful: precision {ratio(tp, tp + fp):.3f} recall {ratio(tp, tp + fn):.3f}"
          f"  (tp {tp}, fp {fp}, fn {fn}, tn {len(labels) - tp - fp - fn})")


def cisco(scanner, folder, labels):
    """Runs cisco's skill-scanner over the fixtures staged as skill folders; returns the ids it calls unsafe."""
    with tempfile.TemporaryDirectory() as stage:
        for label in labels:
            source = os.path.join(folder, label["path"])
            target = os.path.join(stage, label["id"])
            if os.path.isdir(source):
                shutil.copytree(source, target)
            else:
                os.makedirs(target)
                shutil.copyfile(source, os.path.join(target, "SKILL.md"))
        done = subprocess.run([scanner, "scan-all", stage, "--format", "json"], capture_output=True, text=True)
        if not done.stdout.strip():
            sys.exit(f"skill-scanner failed ({done.returncode}): {done.stderr[-2000:]}")
        results = json.loads(done.stdout)["results"]
    by_name = {os.path.basename(r["skill_path"].rstrip("/")): r for r in results}
    missing = [l["id"] for l in labels if l["id"] not in by_name]
    if missing:
        print(f"cisco skill-scanner: no result for {len(missing)} fixtures ({', '.join(missing[:5])}); counted safe")
    unsafe = {name for name, r in by_name.items() if not r["is_safe"]}
    medium = {name for name, r in by_name.items()
              if any(f["severity"] in ("MEDIUM", "HIGH", "CRITICAL") for f in r["findings"])}
    return unsafe, medium


def fixtures(binary, folder, scanner=None):
    labels = load_labels(folder)
    paths = []
    for label in labels:
        path = os.path.join(folder, label["path"])
        paths.append(os.path.join(path, "SKILL.md") if os.path.isdir(path) else path)
    reports = check(binary, paths)
    tp = fp = fn = tn = 0
    fail_tp = fail_fp = fail_fn = 0
    exact = 0
    per_category = {}
    mismatches = []
    for label, path in zip(labels, paths):
        report = reports[path]
        verdict = report["security"]["verdict"]
        found = {finding["category"] for finding in report["security"]["findings"]}
        flagged = verdict != "pass"
        harmful = label["expect"] != "pass"
        tp += flagged and harmful
        fp += flagged and not harmful
        fn += harmful and not flagged
        tn += not flagged and not harmful
        fail_tp += verdict == "fail" and label["expect"] == "fail"
        fail_fp += verdict == "fail" and label["expect"] != "fail"
        fail_fn += label["expect"] == "fail" and verdict != "fail"
        exact += verdict == label["expect"]
        for category in set(label["categories"]) | found:
            counts = per_category.setdefault(category, [0, 0, 0])
            if category in found and category in label["categories"]:
                counts[0] += 1
            elif category in found:
                counts[1] += 1
            else:
                counts[2] += 1
        if verdict != label["expect"] or found != set(label["categories"]):
            mismatches.append(
                f"  {label['id']}: expected {label['expect']} {sorted(label['categories'])}, got {verdict} {sorted(found)}")
    print(f"fixtures: {len(labels)} ({sum(l['expect'] != 'pass' for l in labels)} harmful)")
    print(f"flagged (warn or fail) vs harmful: precision {ratio(tp, tp + fp):.3f} recall {ratio(tp, tp + fn):.3f}"
          f"  (tp {tp}, fp {fp}, fn {fn}, tn {tn})")
    print(f"fail vs labelled fail: precision {ratio(fail_tp, fail_tp + fail_fp):.3f} "
          f"recall {ratio(fail_tp, fail_tp + fail_fn):.3f}")
    print(f"exact verdict: {exact}/{len(labels)}")
    print("per category (precision, recall):")
    for category, (hit, extra, missed) in sorted(per_category.items()):
        print(f"  {category:18} {ratio(hit, hit + extra):.3f} {ratio(hit, hit + missed):.3f}"
              f"  (hit {hit}, extra {extra}, missed {missed})")
    languages = sorted({l.get("language", "?") for l in labels})
    print(f"languages: {', '.join(languages)}")
    score("skillscope check", labels, {l["id"] for l, p in zip(labels, paths)
                                       if reports[p]["security"]["verdict"] != "pass"})
    if scanner:
        unsafe, medium = cisco(scanner, folder, labels)
        score("cisco skill-scanner (unsafe)", labels, unsafe)
        score("cisco skill-scanner (any MEDIUM or worse)", labels, medium)
    if mismatches:
        print("differences:")
        print("\n".join(mismatches))


def corpus(binary, root):
    paths = []
    for line in open(os.path.join(root, "manifest.jsonl")):
        record = json.loads(line)
        paths.append(os.path.join(root, "files", record["repo"], record["path"]))
    reports = check(binary, paths)
    counts = {"pass": 0, "warn": 0, "fail": 0}
    categories = {}
    for path in paths:
        report = reports[path]
        counts[report["security"]["verdict"]] += 1
        for category in {f["category"] for f in report["security"]["findings"]}:
            categories[category] = categories.get(category, 0) + 1
    total = len(paths)
    print(f"corpus files: {total}")
    for verdict, count in counts.items():
        print(f"  {verdict}: {count} ({100 * count / total:.2f}%)")
    print("files per category: " + ", ".join(f"{k} {v}" for k, v in sorted(categories.items())))
    print("fail:")
    for path in paths:
        report = reports[path]
        if report["security"]["verdict"] != "fail":
            continue
        relative = os.path.relpath(path, os.path.join(root, "files"))
        for finding in report["security"]["findings"]:
            if finding["level"] == "fail":
                print(f"  {relative}:{finding['line']} [{finding['category']}] {finding['evidence'][:110]}")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[2] == "--corpus":
        corpus(sys.argv[1], sys.argv[3])
    elif len(sys.argv) == 3:
        fixtures(sys.argv[1], sys.argv[2])
    elif len(sys.argv) == 5 and sys.argv[3] == "--cisco":
        fixtures(sys.argv[1], sys.argv[2], sys.argv[4])
    else:
        sys.exit(__doc__)
