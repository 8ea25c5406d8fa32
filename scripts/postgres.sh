#!/usr/bin/env bash
# A PostgreSQL server of the caller's own, on loopback, with its data in a
# folder the caller names: for the store's tests against Postgres and for
# the cluster. Never the machine's service: the server runs until `stop`.
#
#   scripts/postgres.sh init DIR         initdb DIR/data, if new (a template: see below)
#   scripts/postgres.sh start DIR PORT   init DIR if new, start on 127.0.0.1:PORT,
#                                        print the URL of its `postgres` database
#                                        (its password: DIR/pgpass, below)
#   scripts/postgres.sh stop DIR         stop it (fast shutdown), if it runs
#
# With SET_PG_TEMPLATE naming a folder `init` made, `start` copies its data
# folder instead of running initdb: scripts/test.sh initialises one for the
# whole run, and every cluster of its tests starts from a copy.
#
# No connection is trusted: the superuser `postgres` has a password made at
# init (random, scram-sha-256 for every connection, the socket's too),
# kept in DIR/pgpass (mode 600, a libpq password file, copied with the
# template's data). The URL printed holds no password: a client is given
# the file (PGPASSFILE=DIR/pgpass, which sqlx and psql read) or the
# password (PGPASSWORD). A local user without it is refused.
#
# Postgres refuses to run as root: as root, the server runs as the user
# `postgres` (Debian's package makes it), and DIR is made theirs (the
# folders above it must let them through).
# scripts/setup.sh installs the package.
set -euo pipefail
command=${1:?usage: postgres.sh init DIR | start DIR PORT | stop DIR}
dir=${2:?usage: postgres.sh init DIR | start DIR PORT | stop DIR}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/pg_ctl" ] || { echo "postgres.sh: no PostgreSQL here: run bash scripts/setup.sh" >&2; exit 1; }
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
# Makes $dir/data, unless it is there: a copy of the template's, or initdb.
init_data() {
  mkdir -p "$dir"
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; fi
  [ -f "$dir/data/PG_VERSION" ] && return 0
  if [ -n "${SET_PG_TEMPLATE:-}" ] && [ -f "$SET_PG_TEMPLATE/data/PG_VERSION" ]; then
    # cp -a keeps the owner and the 0700 mode Postgres insists on.
    cp -a "$SET_PG_TEMPLATE/data" "$dir/data"
    (umask 077 && cp "$SET_PG_TEMPLATE/pgpass" "$dir/pgpass")
  else
    local password
    password=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
    # The password for initdb, readable by the server's owner alone, gone after.
    (umask 077 && printf '%s\n' "$password" > "$dir/initdb.password")
    if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir/initdb.password"; fi
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=scram-sha-256 --pwfile="$dir/initdb.password" \
      -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || { rm -f "$dir/initdb.password"; cat "$dir/initdb.log" >&2; exit 1; }
    rm -f "$dir/initdb.password"
    (umask 077 && printf '127.0.0.1:*:*:postgres:%s\nlocalhost:*:*:postgres:%s\n' "$password" "$password" > "$dir/pgpass")
  fi
}
case $command in
  init) init_data ;;
  start)
    port=${3:?usage: postgres.sh start DIR PORT}
    init_data
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1" start >/dev/null \
      || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [ -f "$dir/data/postmaster.pid" ]; then
      as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    fi
    ;;
  *) echo "postgres.sh: init, start or stop" >&2; exit 1 ;;
esac
