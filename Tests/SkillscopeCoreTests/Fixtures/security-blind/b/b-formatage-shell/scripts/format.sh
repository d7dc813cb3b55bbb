#!/usr/bin/env bash
# Formate les scripts shell suivis par git avec shfmt, puis lance shellcheck.
set -euo pipefail

MODE="write"
if [[ "${1:-}" == "--check" ]]; then
  MODE="check"
fi

need() {
  if ! command -v "$1" >/dev/null 2>&1; then
    echo "outil manquant : $1" >&2
    echo "installation suggérée : $2" >&2
    exit 2
  fi
}

need shfmt "go install mvdan.cc/sh/v3/cmd/shfmt@latest  (ou: brew install shfmt)"
need shellcheck "apt-get install shellcheck  (ou: brew install shellcheck)"

mapfile -t FILES < <(git ls-files '*.sh')
if [[ ${#FILES[@]} -eq 0 ]]; then
  echo "aucun script shell trouvé"
  exit 0
fi

if [[ "$MODE" == "check" ]]; then
  shfmt -i 2 -ci -d "${FILES[@]}"
else
  shfmt -i 2 -ci -l -w "${FILES[@]}"
fi

shellcheck --severity=warning "${FILES[@]}"
echo "${#FILES[@]} fichier(s) vérifié(s)"
