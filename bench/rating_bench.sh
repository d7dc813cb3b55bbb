#!/usr/bin/env bash
# Rule grouping and rating (issue 4), release build, in one run:
#   - `skillscope group --evaluate` of each embedder on the labelled rule pairs (precision, recall, F1, time);
#   - grouping of the shared corpus registry with the lexical and the static embedder (wall time, peak RSS);
#   - `skillscope analyze` latency for one file (10 runs, each a fresh process, on the grouped registry);
#   - with SKILLSCOPE_BENCH_350K=REGISTRY, grouping of a 350,000-file registry with the static embedder.
# Needs the model (`skillscope model install`, or SKILLSCOPE_MODEL=DIR) with its static table
# (`skillscope model distill`). Usage: bench/rating_bench.sh [REGISTRY_OF_THE_SHARED_CORPUS]
set -euo pipefail
cd "$(dirname "$0")/.."
CORPUS="${SKILLSCOPE_CORPUS:-$(pwd)/../shared/corpus}"
WORK="$(mktemp -d /tmp/skillscope-rating-XXXX)"
trap 'rm -rf "$WORK"' EXIT
swift build -c release --product skillscope 2>&1 | tail -1 >&2
BIN="$(pwd)/.build/release/skillscope"
PAIRS=Tests/SkillscopeEmbeddingsTests/Fixtures/rule-pairs.jsonl

echo "== labelled pairs"
for embedder in lexical static minilm; do
    "$BIN" group --evaluate "$PAIRS" --embedder "$embedder" | grep -E "pairs|best|tuned|no threshold"
done

REGISTRY="${1:-}"
if [[ -z "$REGISTRY" ]]; then
    REGISTRY="$WORK/corpus.sqlite"
    "$BIN" ingest "$CORPUS" --db "$REGISTRY" >/dev/null
fi
peak() { /usr/bin/time -f "%e s wall, %M kB peak RSS" "$@"; }
echo "== grouping the shared corpus"
for embedder in lexical static; do
    cp "$REGISTRY" "$WORK/$embedder.sqlite"
    peak "$BIN" group --embedder "$embedder" --db "$WORK/$embedder.sqlite" 2>&1 | grep -v "^group:"
done

echo "== analyze latency (static grouping; one CLAUDE.md of the corpus, 10 fresh processes)"
FILE="$(find "$CORPUS/files" -name CLAUDE.md -size +2k | sort | head -1)"
echo "$FILE: $(grep -c '' "$FILE") lines"
for run in $(seq 1 10); do
    /usr/bin/time -f "%e" "$BIN" analyze "$FILE" --db "$WORK/static.sqlite" --json 2>&1 >/dev/null | tail -1
done | sort -n | awk '{ a[NR] = $1 } END { printf "analyze: median %.2f s, min %.2f s, max %.2f s\n", a[int((NR + 1) / 2)], a[1], a[NR] }'

if [[ -n "${SKILLSCOPE_BENCH_350K:-}" ]]; then
    echo "== grouping 350,000 files (static)"
    peak "$BIN" group --embedder static --db "$SKILLSCOPE_BENCH_350K" 2>&1 | grep -v "^group:"
fi
