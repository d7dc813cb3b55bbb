#!/usr/bin/env python3
"""Recall of skillscope and cisco's scanner on MaliciousSkillBench's malicious packages (issue 45, part 4).

Usage: msb_eval.py BINARY MIRROR_DIR WORK_DIR [--split train|validation|test] [--cisco SKILL_SCANNER]

MIRROR_DIR is the benchmark's git repository (protectskills/MaliciousSkillBench); WORK_DIR receives its package
archives unpacked. Only the malicious half is on GitHub (the benign texts are on Hugging Face), so this scores
recall alone. The split is the benchmark's own `random_split`; `test` is the held-back half. A package is staged as
a skill folder: its SKILL.md, or its one Markdown file as SKILL.md, with the rest of its files beside it.
"""
import csv, io, os, shutil, subprocess, sys, tarfile, tempfile, json

def main():
    binary, mirror, work = sys.argv[1:4]
    split = sys.argv[sys.argv.index("--split") + 1] if "--split" in sys.argv else "test"
    scanner = sys.argv[sys.argv.index("--cisco") + 1] if "--cisco" in sys.argv else None
    git = lambda path: subprocess.run(["git", "-C", mirror, "show", "HEAD:" + path], capture_output=True).stdout
    manifest = list(csv.DictReader(io.StringIO(git("packages/package_manifest.csv").decode())))
    bench = {r["benchmark_id"]: r for r in csv.DictReader(io.StringIO(git("metadata/benchmark_manifest.csv").decode()))}
    os.makedirs(work, exist_ok=True)
    for archive in sorted({r["package_archive"] for r in manifest}):
        target = os.path.join(work, archive.replace(".tar.gz", ""))
        if os.path.isdir(target):
            continue
        data = git("packages/" + archive)
        try:
            with tarfile.open(fileobj=io.BytesIO(data)) as tar:
                tar.extractall(target, filter="data")
        except tarfile.TarError:
            print(f"{archive}: not in the snapshot (stored outside git), left out")
    stage = tempfile.mkdtemp()
    ids = []
    for row in manifest:
        source = os.path.join(work, row["package_archive"].replace(".tar.gz", ""), row["package_relative_path"])
        if bench[row["benchmark_id"]]["random_split"] != split or not os.path.exists(source):
            continue
        target = os.path.join(stage, row["benchmark_id"])
        if os.path.isdir(source):
            shutil.copytree(source, target, symlinks=False, ignore_dangling_symlinks=True)
        else:
            os.makedirs(target)
            shutil.copyfile(source, os.path.join(target, os.path.basename(source)))
        if not os.path.exists(os.path.join(target, "SKILL.md")):
            markdown = [f for f in os.listdir(target) if f.lower().endswith((".md", ".mdc"))]
            if len(markdown) != 1:
                shutil.rmtree(target)
                continue
            os.rename(os.path.join(target, markdown[0]), os.path.join(target, "SKILL.md"))
        ids.append(row["benchmark_id"])
    paths = [os.path.join(stage, i, "SKILL.md") for i in ids]
    flagged = set()
    for start in range(0, len(paths), 100):
        done = subprocess.run([binary, "check", "--json", *paths[start:start + 100]], capture_output=True, text=True)
        for report in json.loads(done.stdout):
            if report.get("security", {}).get("verdict", "pass") != "pass":
                flagged.add(os.path.basename(os.path.dirname(report["path"])))
    print(f"split {split}: {len(ids)} malicious packages staged")
    print(f"skillscope check: recall {len(flagged) / len(ids):.3f} ({len(flagged)}/{len(ids)})")
    if scanner:
        done = subprocess.run([scanner, "scan-all", stage, "--format", "json"], capture_output=True, text=True)
        results = json.loads(done.stdout)["results"]
        unsafe = {os.path.basename(r["skill_path"].rstrip("/")) for r in results if not r["is_safe"]}
        unsafe &= set(ids)
        print(f"cisco skill-scanner (unsafe): recall {len(unsafe) / len(ids):.3f} ({len(unsafe)}/{len(ids)})")
    shutil.rmtree(stage)

main()
