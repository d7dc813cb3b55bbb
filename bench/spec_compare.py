#!/usr/bin/env python3
"""`skillscope check`'s spec verdicts beside the Agent Skills reference validator on every skill of a corpus (issue 46).

Usage: spec_compare.py SKILLSCOPE CORPUS_FILES_DIR   (run with a Python that has skills-ref installed:
       `python -m venv V && V/bin/pip install skills-ref==0.1.1 && V/bin/python bench/spec_compare.py …`)

For each folder holding a SKILL.md: the reference's `skills_ref.validate(folder)` (valid when it returns no error)
and `skillscope check FOLDER --format json` (valid when SKILL.md has no spec finding of severity error; the security
scan and the project checks, which the reference does not do, are left out). Prints how many verdicts agree and
each kind of disagreement with its count; writes every row to spec_compare.json in the current folder.
"""
import collections
import json
import subprocess
import sys
from pathlib import Path

from skills_ref import validate

PROJECT_CODES = {"broken-link", "missing-file", "import-missing", "import-cycle", "import-depth",
                 "instruction-budget", "duplicate-rule", "contradiction"}


def ours(binary: str, folder: Path) -> list[str]:
    run = subprocess.run([binary, "check", str(folder), "--format", "json"], capture_output=True, text=True)
    try:
        reports = json.loads(run.stdout)
    except json.JSONDecodeError:
        return [f"no JSON (exit {run.returncode})"]
    return sorted({finding["code"] for report in reports if report["path"].endswith("SKILL.md")
                   for finding in report["findings"]
                   if finding["severity"] == "error" and finding["code"] not in PROJECT_CODES})


def main() -> None:
    binary, corpus = sys.argv[1], Path(sys.argv[2])
    rows = []
    for skill in sorted(corpus.rglob("SKILL.md")):
        try:
            reference = validate(skill.parent)
        except Exception as error:  # the reference raising is a verdict too
            reference = [f"raised {type(error).__name__}"]
        rows.append({"folder": str(skill.parent.relative_to(corpus)), "reference": reference,
                     "ours": ours(binary, skill.parent)})
    Path("spec_compare.json").write_text(json.dumps(rows, ensure_ascii=False, indent=1))
    agree = sum((not row["reference"]) == (not row["ours"]) for row in rows)
    print(f"{len(rows)} skills; verdicts agree on {agree}")
    kinds = collections.Counter()
    for row in rows:
        if (not row["reference"]) == (not row["ours"]):
            continue
        reference = "valid" if not row["reference"] else row["reference"][0].split(".")[0][:80]
        kinds[(reference, "valid" if not row["ours"] else ",".join(row["ours"]))] += 1
    for (reference, found), count in kinds.most_common():
        print(f"{count:5}  reference: {reference}  |  skillscope: {found}")


if __name__ == "__main__":
    main()
