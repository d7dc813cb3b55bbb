#!/usr/bin/env bash
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
unit_dir="$HOME/.config/systemd/user"
mkdir -p "$unit_dir"
sed "s#@REPO@#$repo#g" "$repo/scripts/docs-preview.service" > "$unit_dir/docs-preview.service"
systemctl --user daemon-reload
systemctl --user enable --now docs-preview.service
echo "docs preview running on http://127.0.0.1:8000 (remove with: systemctl --user disable --now docs-preview)"
