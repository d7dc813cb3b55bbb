#!/usr/bin/env bash
# Times `skillscope sync` and `status --check` on a project of 1,000 packages (issue 46): a root AGENTS.md and one
# nested AGENTS.md a package, synced for claude, cursor and gemini (3,003 files written by the first sync).
#
# Usage: bench/sync_scale.sh [SKILLSCOPE_BINARY…] [--packages N] [--runs N] [--floor]
# Each binary runs in the same round, one after the other, on a fresh copy of the project; prints one line a step
# and binary (wall and CPU seconds). Works in a scratch folder only.
#   --floor        also write, in each round and on a fresh copy made the same way, the very files the first sync
#                  writes with nothing else (bench/fsync_floor.py --project: durable in one batch, and one a file)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
binaries=()
packages=1000
runs=3
floor=0
while (($#)); do
    case "$1" in
    --packages) packages=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --floor) floor=1; shift ;;
    *) binaries+=("$1"); shift ;;
    esac
done
((${#binaries[@]})) || binaries=("$root/.build/release/skillscope")
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

python3 - "$scratch/template" "$packages" <<'PY'
import os, sys
root, count = sys.argv[1], int(sys.argv[2])
os.makedirs(root)
rules = lambda name: "".join(f"- {name}: rule {n}, keep it short and name the file it is about.\n" for n in range(6))
open(os.path.join(root, "AGENTS.md"), "w").write("# Monorepo rules\n\n" + rules("root"))
for index in range(count):
    folder = os.path.join(root, "packages", f"p{index:04d}")
    os.makedirs(folder)
    open(os.path.join(folder, "AGENTS.md"), "w").write(f"# Package p{index:04d}\n\n" + rules(f"p{index:04d}"))
    open(os.path.join(folder, "index.ts"), "w").write("export {}\n")
PY
git -C "$scratch/template" init -q && git -C "$scratch/template" add -A && git -C "$scratch/template" -c user.name=b -c user.email=b@b commit -qm init

timed() {  # label binary args…: prints "label wall cpu exit"
    local label=$1 bin=$2 status=0; shift 2
    /usr/bin/time -o "$scratch/time" -f "%e %U %S" "$bin" "$@" >/dev/null 2>"$scratch/stderr" || status=$?
    read -r wall user sys < <(tail -1 "$scratch/time") || true
    printf '%s wall %s cpu %s exit %s\n' "$label" "$wall" "$(python3 -c "print(round($user + $sys, 2))")" "$status"
}

fresh() {  # prints the path of a fresh copy of the project, made after the last one is deleted
    local project="$scratch/p"
    rm -rf "$project" && cp -a "$scratch/template" "$project"
    echo "$project"
}

for ((run = 1; run <= runs; run++)); do
    for bin in "${binaries[@]}"; do
        project="$(fresh)"
        name="$(basename "$(dirname "$(dirname "$bin")")")/$(basename "$(dirname "$bin")")"
        timed "run$run $name sync-first" "$bin" sync --project "$project" --agent claude,cursor,gemini
        timed "run$run $name sync-again" "$bin" sync --project "$project" --agent claude,cursor,gemini
        timed "run$run $name status-check" "$bin" status --check --project "$project" --agent claude,cursor,gemini
        echo "run$run $name files $(find "$project" -name CLAUDE.md -o -name GEMINI.md -o -name '*.mdc' | wc -l) load $(cut -d' ' -f1-3 /proc/loadavg)"
    done
    if ((floor)); then
        for mode in batched per-file; do
            project="$(fresh)"
            echo "run$run floor $(python3 "$here/fsync_floor.py" --project "$project" --mode "$mode") load $(cut -d' ' -f1-3 /proc/loadavg)"
        done
    fi
done
