#!/usr/bin/env python3
"""Agreement between `skillscope check` and the Agent Skills reference validator (PyPI skills-ref).

Usage: spec_agreement.py CORPUS_DIR SKILLSCOPE_BINARY

Every folder of CORPUS_DIR holding a SKILL.md is validated by skills_ref.validate (the library behind
`agentskills validate`) and by `skillscope check FOLDER... --json` (one run). A folder is invalid for
Skillscope when any finding is an error. Prints one JSON line with the agreement counts, then the
disagreements grouped by the reference's first message kind and Skillscope's error codes.
"""
import collections, json, os, re, subprocess, sys
from pathlib import Path
from skills_ref import validate

corpus, binary = sys.argv[1], sys.argv[2]
folders = sorted({
    os.path.normpath(os.path.join(corpus, "files", row["repo"], os.path.dirname(row["path"])))
    for row in map(json.loads, open(os.path.join(corpus, "manifest.jsonl")))
    if os.path.basename(row["path"]) in ("SKILL.md", "skill.md")
})

reference = {}
for folder in folders:
    try:
        reference[folder] = validate(Path(folder))
    except Exception as error:  # the validator raising counts as an error message
        reference[folder] = [f"{type(error).__name__}: {error}"]

run = subprocess.run([binary, "check", *folders, "--json"], capture_output=True, text=True)
ours = {}
for report in json.loads(run.stdout):
    folder = os.path.normpath(os.path.dirname(report["path"]))
    ours[folder] = sorted({f["code"] for f in report["findings"] if f["severity"] == "error"})

def kind(message):
    message = re.sub(r"'[^']*'", "'…'", message.splitlines()[0])
    return re.sub(r"\d+", "N", message)[:90]

counts = collections.Counter()
reasons = collections.Counter()
for folder in folders:
    ref_invalid, our_invalid = bool(reference[folder]), bool(ours.get(folder))
    counts[(ref_invalid, our_invalid)] += 1
    if ref_invalid != our_invalid:
        ref = kind(reference[folder][0]) if reference[folder] else "valid"
        reasons[(ref, ",".join(ours.get(folder, [])) or "valid")] += 1

summary = {
    "folders": len(folders), "both_valid": counts[(False, False)], "both_invalid": counts[(True, True)],
    "reference_only_invalid": counts[(True, False)], "skillscope_only_invalid": counts[(False, True)],
    "agreement": round((counts[(False, False)] + counts[(True, True)]) / max(1, len(folders)), 4),
}
print(json.dumps(summary))
for (ref, our), n in reasons.most_common():
    print(f"{n:5d}  reference: {ref}  |  skillscope: {our}")
