#!/usr/bin/env bash
set -euo pipefail

DEST="$HOME/sauvegardes/adherents"
NAS="sauvegarde@nas-bureau.local:/volume1/sauvegardes/adherents/"
mkdir -p "$DEST"

fichier="$DEST/adherents-$(date +%F).sql.gz"
pg_dump --no-owner --dbname=adherents | gzip > "$fichier"
echo "sauvegarde locale : $fichier ($(du -h "$fichier" | cut -f1))"

# conserver les 14 plus récentes
ls -1t "$DEST"/adherents-*.sql.gz | tail -n +15 | xargs -r rm --

rsync -av --partial "$fichier" "$NAS"
echo "copie envoyée sur le NAS"
