#!/usr/bin/env bash
# Runs the ingest benchmark: Skillscope (release) and the Python peer on the same files, in one run.
#   bench/run.sh [corpus|synthetic|all]     (default: all)
# Results are JSON lines on stdout; bench/RESULTS.md records them.
set -euo pipefail
cd "$(dirname "$0")"
what="${1:-all}"
CORPUS="${SKILLSCOPE_CORPUS:-$(cd .. && pwd)/../shared/corpus}"
SYNTH="${SKILLSCOPE_SYNTH:-/work/synth350k}"
SAMPLE="${SKILLSCOPE_PEER_SAMPLE:-35000}"

bash peers/setup.sh >/dev/null
swift build -c release --product skillscope-bench 2>&1 | tail -1 >&2
BIN="$(swift build -c release --show-bin-path)/skillscope-bench"
PY=.venv/bin/python

if [[ "$what" == corpus || "$what" == all ]]; then
    [[ -f "$CORPUS/manifest.jsonl" ]] || { echo "no corpus at $CORPUS" >&2; exit 66; }
    "$BIN" ingest "$CORPUS" --label ingest_shared_corpus
    "$PY" peers/parse_peer.py "$CORPUS"
fi
if [[ "$what" == synthetic || "$what" == all ]]; then
    python3 gen_synthetic.py "$CORPUS" "$SYNTH" --files 350000 --seed 42 >&2
    "$BIN" ingest "$SYNTH" --label ingest_350k
    # The peer parses a seeded sample of the same files (the whole set takes it about 15 minutes).
    "$PY" peers/parse_peer.py "$SYNTH" --limit "$SAMPLE" --sample-seed 7
fi
