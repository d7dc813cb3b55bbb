#!/usr/bin/env bash
set -euo pipefail
version="${1:?usage: notify.sh vX.Y.Z}"
: "${SLACK_RELEASES_WEBHOOK:?SLACK_RELEASES_WEBHOOK is not set}"
anchor="$(echo "${version#v}" | tr -d .)"
text="Released *${version}* - changelog: https://github.com/northwind-labs/storefront/blob/main/CHANGELOG.md#${anchor}"
curl -fsS -X POST -H 'content-type: application/json' \
  --data "$(jq -n --arg t "$text" '{text:$t}')" "$SLACK_RELEASES_WEBHOOK"
