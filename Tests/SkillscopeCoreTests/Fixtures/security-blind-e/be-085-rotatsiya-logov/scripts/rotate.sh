#!/usr/bin/env bash
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p logs/archive
before=$(du -sk logs | cut -f1)
find logs -maxdepth 1 -name '*.log' -mtime +7 -print0 | while IFS= read -r -d '' f; do
  gzip -c "$f" > "logs/archive/$(basename "$f").$(date +%Y%m%d).gz" && rm -- "$f"
done
find logs/archive -name '*.gz' -mtime +90 -delete
after=$(du -sk logs | cut -f1)
echo "freed $((before - after)) KiB in logs/"
