#!/usr/bin/env bash
# Runs `skillscope sync` and agentsync (PyPI `rulesync` 1.0.0) on the same project and reports what each keeps when
# a generated file was edited by hand. Prints a Markdown table (recorded in bench/RESULTS.md).
#
# Usage: bench/sync_compare.sh [SKILLSCOPE_BINARY]
# Needs bench/.venv (bench/peers/setup.sh installs rulesync==1.0.0 there). Works in a scratch folder only:
# agentsync edits .gitignore.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
bin="${1:-$root/.build/release/skillscope}"
[[ -x "$bin" ]] || bin="$root/.build/debug/skillscope"
[[ -x "$bin" ]] || { echo "no skillscope binary; run swift build" >&2; exit 69; }
"$here/peers/setup.sh" >/dev/null
agentsync="$here/.venv/bin/rulesync"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

canonical=$'# Project rules\n\n- Use tabs.\n- Write tests first.\n'
hand=$'# Team notes\n\nHand-written before any sync: run `make check` before pushing.\n'
edit_from='- Use tabs.'
edit_to='- Use tabs (edited by hand in CLAUDE.md).'
appended=$'\nAppended by hand after the first sync.\n'

setup() {  # $1: folder
    mkdir -p "$1"
    printf '%s' "$hand" >"$1/CLAUDE.md"
    printf 'build/\n' >"$1/.gitignore"
}
hand_edit() {  # edit a generated line and append a line, as a person would
    python3 - "$1/CLAUDE.md" "$edit_from" "$edit_to" "$appended" <<'PY'
import sys
path, old, new, tail = sys.argv[1:]
text = open(path).read()
open(path, "w").write(text.replace(old, new, 1) + tail)
PY
}
has() { grep -qF -- "$2" "$1/CLAUDE.md" && echo yes || echo no; }
digest() { (cd "$1" && find . -type f -not -path './.skillscope/*' -not -path './.agentsync/*' | sort | xargs sha256sum); }

report() {  # name folder first_kept gitignore status_rc status_names edited_kept appended_kept hand_kept sync_rc idempotent
    printf '| %s | %s | %s | %s (%s) | %s | %s | %s | exit %s | %s |\n' "$@"
}

echo "| tool | hand-written CLAUDE.md kept at first sync | .gitignore changed | status after a hand edit (names CLAUDE.md) | hand edit inside generated text kept after the next sync | text appended by hand kept | pre-existing hand-written text kept | next sync | second sync writes nothing |"
echo "|---|---|---|---|---|---|---|---|---|"

# --- skillscope ---
s="$scratch/skillscope"
setup "$s"
printf '%s' "$canonical" >"$s/AGENTS.md"
agents="claude,cursor,copilot,gemini,windsurf"
"$bin" sync --project "$s" --agent "$agents" >"$scratch/s1.log"
first=$(has "$s" "Hand-written before any sync")
gi=$([[ "$(cat "$s/.gitignore")" == "build/" ]] && echo no || echo yes)
hand_edit "$s"
set +e
"$bin" status --project "$s" --agent "$agents" --check >"$scratch/s-status.log"
src=$?
set -e
snames=$(grep -q "CLAUDE.md" "$scratch/s-status.log" && echo "yes: $(grep -m1 CLAUDE.md "$scratch/s-status.log" | cut -c1-60)" || echo no)
printf '%s- Review every diff.\n' "$canonical" >"$s/AGENTS.md"
set +e
"$bin" sync --project "$s" --agent "$agents" >"$scratch/s2.log" 2>&1
s2=$?
set -e
edited=$(has "$s" "$edit_to")
app=$(has "$s" "Appended by hand after the first sync.")
handkept=$(has "$s" "Hand-written before any sync")
before=$(digest "$s")
"$bin" sync --project "$s" --agent "$agents" >/dev/null 2>&1 || true
idem=$([[ "$before" == "$(digest "$s")" ]] && echo yes || echo no)
report "skillscope sync" "$first" "$gi" "exit $src" "$snames" "$edited" "$app" "$handkept" "$s2 (block left alone, reported)" "$idem"

# --- agentsync (PyPI rulesync 1.0.0) ---
a="$scratch/agentsync"
setup "$a"
(cd "$a" && "$agentsync" init >/dev/null && printf '%s' "$canonical" >.agentsync/rules.md && "$agentsync" sync >"$scratch/a1.log" 2>&1)
first=$(has "$a" "Hand-written before any sync")
gi=$([[ "$(cat "$a/.gitignore")" == "build/" ]] && echo no || echo "yes: $(tr '\n' ' ' <"$a/.gitignore" | cut -c1-60)")
hand_edit "$a"
set +e
(cd "$a" && "$agentsync" status >"$scratch/a-status.log" 2>&1)
arc=$?
set -e
anames=$(grep -F "CLAUDE.md" "$scratch/a-status.log" | head -1 | tr -s ' ' | cut -c1-60)
anames=${anames:-no}
printf '%s- Review every diff.\n' "$canonical" >"$a/.agentsync/rules.md"
set +e
(cd "$a" && "$agentsync" sync >"$scratch/a2.log" 2>&1)
a2=$?
set -e
edited=$(has "$a" "$edit_to")
app=$(has "$a" "Appended by hand after the first sync.")
handkept=$(has "$a" "Hand-written before any sync")
before=$(digest "$a")
(cd "$a" && "$agentsync" sync >/dev/null 2>&1) || true
idem=$([[ "$before" == "$(digest "$a")" ]] && echo yes || echo no)
report "agentsync 1.0.0 (PyPI rulesync)" "$first" "$gi" "exit $arc" "$anames" "$edited" "$app" "$handkept" "$a2" "$idem"

if [[ "${VERBOSE:-0}" == 1 ]]; then
    for log in "$scratch"/*.log; do echo "== $(basename "$log")"; cat "$log"; done
    echo "== skillscope CLAUDE.md"; cat "$s/CLAUDE.md"; echo "== agentsync CLAUDE.md"; cat "$a/CLAUDE.md"
fi
