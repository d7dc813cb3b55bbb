#!/usr/bin/env bash
# The whole test suite, skipping nothing, on a fresh Debian 12 machine as root (what `make test` runs):
#   1. the Debian packages the build and the tests use (scripts/install-deps.sh --tests): PostgreSQL, Chromium
#      and its driver, python3-venv;
#   2. PostgreSQL on loopback for the store tests (scripts/postgres-test-server.sh), unless
#      SKILLSCOPE_TEST_POSTGRES already names a server; stopped again at the end if this script started it;
#   3. bench/.venv with the Python clients the tests drive (the MCP SDK, selenium, schemathesis, skills-ref);
#   4. the embedding model in .build/model (scripts/fetch-model.sh), unless SKILLSCOPE_TEST_MODEL names one;
#   5. a debug build of the tests, and the tests.
# Then it fails if any test was skipped, naming them: a skip here means a step above did not do its job. The one
# exception is ../shared/corpus, real public files that are not part of this repository: the tests that need it
# say so when it is absent, and the script lists them.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { echo "test: $(date -u +%H:%M:%S) $1" >&2; }
export no_proxy="127.0.0.1,localhost${no_proxy:+,$no_proxy}"

step "system packages"
scripts/install-deps.sh --tests
if [ -z "${SKILLSCOPE_TEST_POSTGRES:-}" ]; then
    step "PostgreSQL"
    postgres_env=$(timeout 5m scripts/postgres-test-server.sh start)
    eval "$postgres_env"
    trap 'scripts/postgres-test-server.sh stop' EXIT
fi
step "Python test clients"
timeout 20m bench/peers/setup.sh
if [ -z "${SKILLSCOPE_TEST_MODEL:-}" ]; then
    step "embedding model"
    timeout 10m scripts/fetch-model.sh .build/model
    export SKILLSCOPE_TEST_MODEL="$PWD/.build/model"
fi
step "build"
swift build --build-tests
step "tests"
log=$(mktemp)
status=0
swift test 2>&1 | tee "$log" || status=$?
skipped=$(grep -E '^➜ (Test|Suite) .* skipped' "$log" | grep -v 'shared/corpus is absent' || true)
corpus=$(grep -E '^➜ (Test|Suite) .* skipped: "../shared/corpus is absent"' "$log" || true)
rm -f "$log"
if [ "$status" -ne 0 ]; then
    exit "$status"
fi
if [ -n "$corpus" ]; then
    echo "test: ../shared/corpus is absent; the acceptance runs on it were left out:" >&2
    echo "$corpus" >&2
fi
if [ -n "$skipped" ]; then
    echo "test: these were skipped, and the whole suite must run:" >&2
    echo "$skipped" >&2
    exit 1
fi
step "done: every test ran"
