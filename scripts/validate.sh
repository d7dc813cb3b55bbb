#!/usr/bin/env bash
# Fails when any Swift file is not formatted as .swift-format says (run scripts/format.sh to fix), when
# `swift format lint` warns about any (its rules: .swift-format), or when unsafe code leaves the wrappers
# (scripts/unsafe-check.sh).
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
lint="$(swift format lint -r Package.swift Sources Tests bench/Sources bench/Package.swift 2>&1 || true)"
if grep -q "warning:\|error:" <<<"$lint"; then
    grep "warning:\|error:" <<<"$lint"
    status=1
else
    echo "lint: ok"
fi
scripts/unsafe-check.sh || status=1
exit "$status"
