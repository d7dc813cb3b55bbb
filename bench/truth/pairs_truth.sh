#!/usr/bin/env bash
# Scores an embedder on the blind labelled rule pairs (Tests/SkillscopeCoreTests/Fixtures/truth/rule-pairs.jsonl),
# each side a span of lines of a file of the corpus: the spans are read from CORPUS (list markers, table pipes and
# emphasis stripped), written as {a, b, same} lines of one split, and scored by `skillscope group --evaluate
# --json`, whose `default` is the threshold `group` itself uses.
#
#   bench/truth/pairs_truth.sh BINARY CORPUS SPLIT [--embedder NAME]
set -euo pipefail
binary=${1:?usage: pairs_truth.sh BINARY CORPUS SPLIT [group options]}
corpus=${2:?}
split=${3:?}
shift 3
here=$(cd "$(dirname "$0")/../.." && pwd)
pairs=$(mktemp)
trap 'rm -f "$pairs"' EXIT
python3 - "$here/Tests/SkillscopeCoreTests/Fixtures/truth/rule-pairs.jsonl" "$corpus" "$split" > "$pairs" <<'PY'
import json, re, sys
labels, corpus, split = sys.argv[1:4]
def text(side):
    lines = open(f"{corpus}/files/{side['file']}", encoding="utf-8", errors="replace").read().split("\n")
    out = []
    for line in lines[side["start"] - 1:side["end"]]:
        line = re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?", "", line)
        line = line.strip().strip("|").replace("|", " — ")
        out.append(re.sub(r"\*\*|__", "", line).strip())
    return " ".join(part for part in out if part)
for line in open(labels, encoding="utf-8"):
    pair = json.loads(line)
    if split != "all" and pair["split"] != split:
        continue
    print(json.dumps({"a": text(pair["a"]), "b": text(pair["b"]), "same": pair["same"]}, ensure_ascii=False))
PY
"$binary" group --evaluate "$pairs" --json "$@"
