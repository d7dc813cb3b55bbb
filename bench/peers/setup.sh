#!/usr/bin/env bash
# Creates bench/.venv with the Python peers' pinned requirements, and bench/.venv-mcp1 with the MCP SDK 1.x line
# (requirements-mcp1.txt) for the conformance client. With --checks, also bench/.venv-checks with the linters and
# scanners `skillscope check` is compared with (requirements-checks.txt, for bench/check_compare.py); the tests do
# not need them.
# Idempotent: a venv that already holds exactly its requirements (its stamp matches) is left as it is.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bench="$(dirname "$here")"

# make_venv VENV REQUIREMENTS CHECK: installs REQUIREMENTS into VENV unless its stamp says they are there, then runs
# the Python CHECK in it and writes the stamp.
make_venv() {
    local venv="$1" req="$2" check="$3"
    local stamp="$venv/.requirements.sha256" want
    want="$(sha256sum "$req" | cut -d' ' -f1)"
    if [[ -x "$venv/bin/python" && -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
        return 0
    fi
    if [[ ! -x "$venv/bin/python" ]]; then
        python3 -m venv "$venv"
    fi
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$req"
    "$venv/bin/python" -c "$check"
    echo "$want" > "$stamp"
    echo "$(basename "$venv") ready: $("$venv/bin/python" -m pip freeze --disable-pip-version-check | tr '\n' ' ')"
}

make_venv "$bench/.venv" "$here/requirements.txt" 'import markdown_it, yaml, datasketch, skills_ref, mcp, jsonschema, pydantic_sarif'
# The MCP SDK's 1.x line, for bench/peers/mcp_conformance.py (Tests/SkillscopeMCPTests/ConformanceTests.swift).
make_venv "$bench/.venv-mcp1" "$here/requirements-mcp1.txt" \
    'import mcp, jsonschema, yaml; from importlib.metadata import version; assert version("mcp").startswith("1.")'
if [[ "${1:-}" == "--checks" ]]; then
    make_venv "$bench/.venv-checks" "$here/requirements-checks.txt" \
        'import shutil, sys, os; bin = os.path.dirname(sys.executable); assert all(os.path.exists(os.path.join(bin, t)) for t in ("agnix", "skill-scanner"))'
fi
