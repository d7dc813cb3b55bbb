#!/usr/bin/env bash
set -euo pipefail
if [[ -n "${CI:-}" ]]; then
  echo "CI detected: npm ci"
  npm ci --no-audit --no-fund
else
  echo "local: npm install"
  npm install --no-fund
fi
