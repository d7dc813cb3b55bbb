#!/usr/bin/env bash
# Creates bench/.venv with the Python peers' pinned requirements.
# Idempotent: when the venv already holds exactly these requirements it returns at once.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bench="$(dirname "$here")"
venv="$bench/.venv"
req="$here/requirements.txt"
stamp="$venv/.requirements.sha256"
want="$(sha256sum "$req" | cut -d' ' -f1)"

if [[ -x "$venv/bin/python" && -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
    exit 0
fi
if [[ ! -x "$venv/bin/python" ]]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$req"
"$venv/bin/python" -c 'import markdown_it, yaml, datasketch, skills_ref, mcp'
echo "$want" > "$stamp"
echo "bench/.venv ready: $("$venv/bin/python" -m pip freeze --disable-pip-version-check | tr '\n' ' ')"
