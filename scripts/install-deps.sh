#!/usr/bin/env bash
# Installs the Debian packages Skillscope builds against (and git and python3, which the tests use), when any
# is missing.
# As root it runs apt-get; otherwise it prints the exact command to run.
#
#   scripts/install-deps.sh          what the build needs
#   scripts/install-deps.sh --tests  and what the whole test suite needs: PostgreSQL with the RUM extension the
#                                    deployment searches with, Chromium and its driver, python3-venv and sqlite3
set -euo pipefail
packages=(pkg-config libsqlite3-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libyaml-dev libpcre2-dev libssl-dev libgit2-dev
    libmicrohttpd-dev libpq-dev libarchive-dev libopenblas-dev libjemalloc-dev libxapian-dev git python3 python3-pip)
if [ "${1:-}" = "--tests" ]; then
    packages+=(postgresql postgresql-15-rum sqlite3 python3-venv chromium chromium-driver)
fi
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -eq 0 ]; then
    exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
    echo "installing: ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
else
    echo "missing system packages; run:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 69
fi
