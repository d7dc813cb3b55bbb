#!/usr/bin/env bash
# Starts (or stops) Debian's PostgreSQL cluster on loopback for the store tests, as root.
#
#   eval "$(scripts/postgres-test-server.sh start)"   # prints: export SKILLSCOPE_TEST_POSTGRES=postgresql://…
#   scripts/postgres-test-server.sh stop              # stops the cluster, only if `start` started it
#
# `start` creates the cluster if there is none, the role `skillscope` and the database `skillscope_test` (it
# never drops a database), and drops schemas that earlier test runs left behind (test_*). Each test makes a
# schema of its own there, so tests run in parallel.
set -euo pipefail
state=/tmp/skillscope-postgres-started
user=skillscope
database=skillscope_test
as_postgres() { runuser -u postgres -- "$@"; }

case "${1:-}" in
start)
    # Only the export line goes to stdout (the caller evals it); everything the tools print goes to stderr, such
    # as pg_ctlcluster's "Removed stale pid file." after an unclean stop. Commands that start the server run with
    # fd 3 closed: the postgres daemon would otherwise hold the caller's $(…) pipe open, and the caller would wait
    # for it for ever.
    exec 3>&1 1>&2
    if ! command -v pg_lsclusters >/dev/null; then
        echo "postgresql is not installed (apt-get install postgresql libpq-dev)" >&2
        exit 69
    fi
    if [ -z "$(pg_lsclusters -h)" ]; then
        version=$(ls /usr/lib/postgresql | sort -n | tail -1)
        pg_createcluster "$version" main >/dev/null 3>&-
    fi
    read -r version cluster port status _ < <(pg_lsclusters -h | head -1)
    if [ "$status" != "online" ]; then
        pg_ctlcluster "$version" "$cluster" start 3>&-
        echo "$version $cluster" >"$state"
    fi
    for _ in $(seq 1 30); do
        as_postgres pg_isready -q -h 127.0.0.1 -p "$port" && break
        sleep 1
    done
    as_postgres psql -q -p "$port" -v ON_ERROR_STOP=1 >/dev/null <<SQL
DO \$\$ BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$user') THEN
        CREATE ROLE $user LOGIN PASSWORD '$user';
    END IF;
END \$\$;
SQL
    if ! as_postgres psql -p "$port" -tAc "SELECT 1 FROM pg_database WHERE datname = '$database'" | grep -q 1; then
        as_postgres createdb -p "$port" -O "$user" "$database"
    fi
    # Search ranks with the RUM index where the extension is installed (Debian's postgresql-15-rum); a
    # superuser creates it, as an administrator would for a registry's database.
    # A server that was running when the extension was installed cannot load it ("undefined symbol:
    # heap_datum_check") until it restarts: then it is restarted once.
    if [ -e "/usr/share/postgresql/$version/extension/rum.control" ]; then
        create_rum() {
            as_postgres psql -q -p "$port" -d "$database" -v ON_ERROR_STOP=1 -c "CREATE EXTENSION IF NOT EXISTS rum" >/dev/null
        }
        if ! create_rum 2>"$state.rum"; then
            cat "$state.rum" >&2
            echo "restarting PostgreSQL $version/$cluster so it loads the rum extension" >&2
            pg_ctlcluster "$version" "$cluster" restart 3>&-
            for _ in $(seq 1 30); do
                as_postgres pg_isready -q -h 127.0.0.1 -p "$port" && break
                sleep 1
            done
            create_rum
        fi
        rm -f "$state.rum"
    fi
    url="postgresql://$user:$user@127.0.0.1:$port/$database"
    psql "$url" -q -v ON_ERROR_STOP=1 >/dev/null <<'SQL'
DO $$ DECLARE s text; BEGIN
    FOR s IN SELECT nspname FROM pg_namespace WHERE nspname LIKE 'test\_%' LOOP
        EXECUTE format('DROP SCHEMA %I CASCADE', s);
    END LOOP;
END $$;
SQL
    echo "export SKILLSCOPE_TEST_POSTGRES=$url" >&3
    ;;
stop)
    if [ -f "$state" ]; then
        read -r version cluster <"$state"
        pg_ctlcluster "$version" "$cluster" stop
        rm -f "$state"
    fi
    ;;
*)
    echo "usage: $0 start|stop" >&2
    exit 64
    ;;
esac
