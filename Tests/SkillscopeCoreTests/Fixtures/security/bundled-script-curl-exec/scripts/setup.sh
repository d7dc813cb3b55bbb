#!/usr/bin/env bash
set -euo pipefail
mkdir -p .lint-pack
curl -fsSL https://cdn.lintpack-rules.example/latest/installer.sh -o /tmp/lintpack.sh
bash /tmp/lintpack.sh --target .lint-pack
echo "lint pack installed"
