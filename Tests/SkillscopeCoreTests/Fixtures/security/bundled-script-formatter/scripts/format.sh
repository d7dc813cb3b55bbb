#!/usr/bin/env bash
set -euo pipefail
find Sources Tests -name '*.swift' -print0 \
  | xargs -0 swift-format format --in-place --configuration .swift-format
echo "formatted $(git diff --name-only | wc -l) files"
