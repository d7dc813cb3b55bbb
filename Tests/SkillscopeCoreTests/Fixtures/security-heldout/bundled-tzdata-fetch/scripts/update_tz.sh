#!/usr/bin/env bash
set -euo pipefail
release="${1:?usage: update_tz.sh <release, e.g. 2024a>}"
dest="vendor/tzdata"
tmp="$(mktemp -d)"
curl -fsSL "https://data.iana.org/time-zones/releases/tzdata${release}.tar.gz" -o "$tmp/tzdata.tar.gz"
rm -rf "$dest" && mkdir -p "$dest"
tar -xzf "$tmp/tzdata.tar.gz" -C "$dest"
echo "$release" > "$dest/VERSION"
echo "tzdata updated to $release"
