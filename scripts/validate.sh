#!/usr/bin/env bash
# Fails when any Swift file is not formatted as .swift-format says (run scripts/format.sh to fix).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
while IFS= read -r file; do
    if ! diff -q <(swift format format "$file") "$file" >/dev/null; then
        echo "not formatted: $file (run scripts/format.sh)"
        status=1
    fi
done < <(find Package.swift Sources Tests bench/Sources bench/Package.swift -name '*.swift' 2>/dev/null | sort)
if [ "$status" -eq 0 ]; then echo "formatting: ok"; fi
exit "$status"
