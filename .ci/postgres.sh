#!/usr/bin/env bash
# Start a throwaway PostgreSQL on 127.0.0.1 for the storage tests (tests/store) and print the line
# that points them at it.  Installs Debian's postgresql when it is missing (needs root, as in CI).
#
#   eval "$(bash .ci/postgres.sh)"          # exports KADO_TEST_POSTGRES_DSN
#   .venv/bin/pip install -q -e '.[test,postgres]'
#   .venv/bin/python -m pytest -q tests/store
#   bash .ci/postgres.sh stop               # when done
#
# Everything lives in $KADO_PG_DIR (default /tmp/kado-pg); the server listens on 127.0.0.1 only,
# port $KADO_PG_PORT (default 54329), trust auth for the local user "kado".  Running it again
# while the server is up just prints the line again.
set -euo pipefail
PORT=${KADO_PG_PORT:-54329}
DIR=${KADO_PG_DIR:-/tmp/kado-pg}
DSN="postgresql://kado@127.0.0.1:${PORT}/kado_test"

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
BIN=$(find_bin)
if [ -z "$BIN" ] || [ ! -x "$BIN/pg_ctl" ]; then
    echo "installing Debian's postgresql..." >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
    BIN=$(find_bin)
fi

# initdb and the server refuse to run as root: use the postgres account the package created.
as_pg() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ "${1:-start}" = stop ]; then
    as_pg "$BIN/pg_ctl" -D "$DIR/data" -m fast stop >&2 || true
    exit 0
fi

mkdir -p "$DIR"
if [ "$(id -u)" = 0 ]; then chown postgres "$DIR"; fi
if [ ! -f "$DIR/data/PG_VERSION" ]; then
    as_pg "$BIN/initdb" -D "$DIR/data" -U kado --auth=trust -E UTF8 >&2
fi
if ! as_pg "$BIN/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1; then
    as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
        -o "-p ${PORT} -k ${DIR} -c listen_addresses=127.0.0.1" start >&2
fi
if ! as_pg "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U kado -d postgres -tAc \
        "SELECT 1 FROM pg_database WHERE datname='kado_test'" | grep -q 1; then
    as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U kado kado_test >&2
fi
echo "export KADO_TEST_POSTGRES_DSN=${DSN}"
