#!/usr/bin/env bash
set -euo pipefail
: "${RESTIC_REPOSITORY:?RESTIC_REPOSITORY fehlt}"
: "${RESTIC_PASSWORD_COMMAND:?RESTIC_PASSWORD_COMMAND fehlt}"

SOURCES=("${BACKUP_SOURCES[@]:-$HOME/Dokumente $HOME/Projekte}")

restic backup ${SOURCES[@]} \
  --exclude-caches \
  --exclude '**/node_modules' --exclude '**/.venv' --exclude '**/target' \
  --tag auto

restic forget --keep-daily 7 --keep-weekly 4 --keep-monthly 12 --prune
restic check --read-data-subset=5%
restic snapshots --latest 3
