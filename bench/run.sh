#!/usr/bin/env bash
# Runs the benchmarks: Skillscope (release) and its peers on the same files, in one run.
#   bench/run.sh [ingest|versions|spec|security|synthetic|engines|all]     (default: all)
#     ingest     ingest of the shared corpus; the Python parse peer (markdown-it-py + PyYAML) on the same files
#     versions   versions on the shared corpus (1,000 sampled files, exact brute-force truth); datasketch on it
#     synthetic  the 350,000-file synthetic corpus: ingest, versions; the parse peer on a 35,000-file sample
#     spec       `skillscope check` against the Agent Skills reference validator on every corpus skill folder
#     security   the security scan on the labelled fixtures (tuning and held-out sets) and over the corpus
#     engines    ingest of the shared corpus and search p50/p99 on SQLite and PostgreSQL side by side (the server
#                from $SKILLSCOPE_BENCH_POSTGRES, else one started by scripts/postgres-test-server.sh; run as root)
# Results are JSON lines on stdout; bench/RESULTS.md records them with this command.
set -euo pipefail
cd "$(dirname "$0")"
what="${1:-all}"
CORPUS="${SKILLSCOPE_CORPUS:-$(cd .. && pwd)/../shared/corpus}"
SYNTH="${SKILLSCOPE_SYNTH:-/work/synth350k}"
SAMPLE="${SKILLSCOPE_PEER_SAMPLE:-35000}"
DATA="${SKILLSCOPE_BENCH_DATA:-$(pwd)/data}"
mkdir -p "$DATA"

[[ "$what" == engines ]] || bash peers/setup.sh >/dev/null
swift build -c release --product skillscope-bench 2>&1 | tail -1 >&2
BIN="$(swift build -c release --show-bin-path)/skillscope-bench"
PY=.venv/bin/python
[[ -f "$CORPUS/manifest.jsonl" ]] || { echo "no corpus at $CORPUS" >&2; exit 66; }

if [[ "$what" == ingest || "$what" == all ]]; then
    "$BIN" ingest "$CORPUS" --label ingest_shared_corpus
    "$PY" peers/parse_peer.py "$CORPUS"
fi
if [[ "$what" == versions || "$what" == all ]]; then
    "$BIN" versions "$CORPUS" --label versions_shared_corpus --truth-out "$DATA/truth-corpus.jsonl"
    "$PY" peers/versions_peer.py "$CORPUS" "$DATA/truth-corpus.jsonl"
fi
if [[ "$what" == spec || "$what" == all ]]; then
    (cd .. && swift build -c release --product skillscope 2>&1 | tail -1 >&2)
    "$PY" peers/spec_agreement.py "$CORPUS" ../.build/release/skillscope
fi
if [[ "$what" == security || "$what" == all ]]; then
    (cd .. && swift build -c release --product skillscope 2>&1 | tail -1 >&2)
    FIXTURES=../Tests/SkillscopeCoreTests/Fixtures
    echo "== tuning set (the patterns were written against it)"
    python3 peers/security_eval.py ../.build/release/skillscope "$FIXTURES/security"
    echo "== held-out set (written apart from the scanner)"
    python3 peers/security_eval.py ../.build/release/skillscope "$FIXTURES/security-heldout"
    echo "== corpus"
    python3 peers/security_eval.py ../.build/release/skillscope --corpus "$CORPUS"
fi
if [[ "$what" == engines || "$what" == all ]]; then
    url="${SKILLSCOPE_BENCH_POSTGRES:-}"
    if [[ -z "$url" ]]; then
        url="$(../scripts/postgres-test-server.sh start | sed -n 's/^export SKILLSCOPE_TEST_POSTGRES=//p')"
        trap '../scripts/postgres-test-server.sh stop' EXIT
    fi
    schema="bench_$$"
    "$BIN" engines "$CORPUS" --label engines_shared_corpus --postgres "$url" --schema "$schema"
    echo "postgres schema size: $(psql "$url" -tAc "SELECT pg_size_pretty(sum(pg_total_relation_size(c.oid)))
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = '$schema' AND c.relkind = 'r'")" >&2
    PGOPTIONS="-c client_min_messages=warning" psql "$url" -qc "DROP SCHEMA IF EXISTS $schema CASCADE"
fi
if [[ "$what" == synthetic || "$what" == all ]]; then
    python3 gen_synthetic.py "$CORPUS" "$SYNTH" --files 350000 --seed 42 >&2
    "$BIN" ingest "$SYNTH" --label ingest_350k
    # The peer parses a seeded sample of the same files (the whole set takes it about 15 minutes).
    "$PY" peers/parse_peer.py "$SYNTH" --limit "$SAMPLE" --sample-seed 7
    "$BIN" versions "$SYNTH" --label versions_350k --truth-out "$DATA/truth-350k.jsonl"
fi
