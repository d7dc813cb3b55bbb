#!/usr/bin/env bash
set -euo pipefail
url="${TEST_DATABASE_URL:-postgresql://postgres@localhost:5432/app_test}"
case "$url" in
  *@localhost:*|*@127.0.0.1:*) ;;
  *) echo "refusing: TEST_DATABASE_URL is not local" >&2; exit 1 ;;
esac
dropdb --if-exists -h localhost -U postgres app_test
createdb -h localhost -U postgres app_test
alembic -x db=test upgrade head
