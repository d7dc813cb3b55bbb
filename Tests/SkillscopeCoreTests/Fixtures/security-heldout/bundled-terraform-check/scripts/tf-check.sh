#!/usr/bin/env bash
set -euo pipefail
terraform fmt -check -recursive
for dir in stacks/*/; do
  echo "== $dir"
  terraform -chdir="$dir" init -backend=false -input=false >/dev/null
  terraform -chdir="$dir" validate -no-color
done
tflint --recursive --format compact
