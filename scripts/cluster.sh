#!/usr/bin/env bash
# SET as a cluster on this machine: a PostgreSQL of its own, a NATS
# server (the bus the nodes share their lobbies over), several set-server
# nodes on both, and nginx in front routing each room's sockets to one
# node (deploy/nginx.conf.template), all on loopback, with their data in
# one folder. Nothing runs as a service of the machine's, and
# everything it starts it stops.
#
#   bash scripts/cluster.sh          start, print the address to open, and
#                                    stop everything on Ctrl-C
#   bash scripts/cluster.sh up       start and return (the tests' way)
#   bash scripts/cluster.sh down     stop what `up` started
#
# Settings (environment): CLUSTER_DIR (data/cluster), CLUSTER_PORT (8080,
# where nginx listens), NODES (3), SET_SERVER (target/server/set-server),
# DIST (dist), NODE_FLAGS (more flags for every node: the load's limits).
# `up` prints the address, and writes in CLUSTER_DIR the database's URL
# (postgres.url), the bus's (nats.url, nats.pid; its credentials,
# nats.credentials, and configuration, nats.conf) and each node's name,
# port and pid (node-N.port, node-N.pid). It installs what is missing
# (Debian's postgresql, nats-server and nginx) and builds nothing: `bash
# scripts/play.sh` builds the page and the server first. Postgres refuses
# to run as root: as root it runs as the user `postgres`
# (scripts/postgres.sh).
#
#   bash scripts/cluster.sh nats-down | nats-up   stop the bus, or start it
#                                                 again on its port (the
#                                                 tests' way of failing it)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
command=${1:-run}
dir=$(realpath -m "${CLUSTER_DIR:-data/cluster}")
port=${CLUSTER_PORT:-8080}
nodes=${NODES:-3}
server=$(realpath -m "${SET_SERVER:-target/server/set-server}")
dist=$(realpath -m "${DIST:-dist}")

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

down() {
  [ -f "$dir/nginx.pid" ] && kill "$(cat "$dir/nginx.pid")" 2>/dev/null || true
  for pidfile in "$dir"/node-*.pid; do
    [ -f "$pidfile" ] || continue
    kill "$(cat "$pidfile")" 2>/dev/null || true
    rm -f "$pidfile"
  done
  [ -f "$dir/nats.pid" ] && kill "$(cat "$dir/nats.pid")" 2>/dev/null || true
  bash scripts/postgres.sh stop "$dir/postgres"
  rm -f "$dir/nginx.pid" "$dir/nats.pid"
}

# The bus's credentials, made once per cluster: a user and a random
# password, in a file only its owner reads (given to each node with
# --bus-credentials) and in NATS's configuration, which refuses any client
# without them.
nats_credentials() {
  local port=$1 password
  password=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
  (umask 077; printf 'set:%s\n' "$password" > "$dir/nats.credentials")
  (umask 077; cat > "$dir/nats.conf" <<CONF
listen: 127.0.0.1:$port
authorization {
  users = [ { user: "set", password: "$password" } ]
}
CONF
  )
}

# Starts NATS on its configuration's port (again, after a stop: the tests' way).
nats_up() {
  local port=$1
  nats-server -c "$dir/nats.conf" -l "$dir/nats.log" >/dev/null 2>&1 &
  echo $! > "$dir/nats.pid"
  for _ in $(seq 1 50); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "cluster: nats-server did not start (see $dir/nats.log)" >&2
  return 1
}

up() {
  bash scripts/install-servers.sh
  [ -x "$server" ] || { echo "cluster: no $server: run bash scripts/play.sh (or cargo build --profile server -p set-server)" >&2; exit 1; }
  [ -f "$dist/index.html" ] || { echo "cluster: no $dist/index.html: run bash scripts/play.sh" >&2; exit 1; }
  mkdir -p "$dir/nginx-tmp"
  # As root, Postgres runs as the user postgres, who must reach its folder in here.
  [ "$(id -u)" -ne 0 ] || chmod 711 "$dir"
  down
  local pg_port nats_port url upstreams="" origin="http://127.0.0.1:$port"
  nats_port=$(free_port)
  nats_credentials "$nats_port"
  nats_up "$nats_port" || { down; exit 1; }
  echo "nats://127.0.0.1:$nats_port" > "$dir/nats.url"
  pg_port=$(free_port)
  url=$(bash scripts/postgres.sh start "$dir/postgres" "$pg_port")
  # Postgres asks for its password (scripts/postgres.sh): psql and the
  # nodes read it from the cluster's own file.
  export PGPASSFILE="$dir/postgres/pgpass"
  psql "$url" -qtAc "SELECT 1 FROM pg_database WHERE datname = 'set'" | grep -q 1 || psql "$url" -qc "CREATE DATABASE set"
  url="${url%/*}/set"
  echo "$url" > "$dir/postgres.url"
  for n in $(seq 1 "$nodes"); do
    local node_port
    node_port=$(free_port)
    "$server" --addr "127.0.0.1:$node_port" --db "$url" --dist "$dist" --node "node-$n" --bus "$(cat "$dir/nats.url")" \
      --bus-credentials "$dir/nats.credentials" \
      --origin "$origin" --trusted-proxy 127.0.0.1 ${NODE_FLAGS:-} >"$dir/node-$n.out" 2>"$dir/node-$n.log" &
    echo $! > "$dir/node-$n.pid"
    echo "$node_port" > "$dir/node-$n.port"
    upstreams+="        server 127.0.0.1:$node_port max_fails=1 fail_timeout=5s;"$'\n'
  done
  # Each node prints its address once it serves.
  for n in $(seq 1 "$nodes"); do
    for _ in $(seq 1 100); do
      grep -q "serving http://" "$dir/node-$n.out" 2>/dev/null && break
      kill -0 "$(cat "$dir/node-$n.pid")" 2>/dev/null || { cat "$dir/node-$n.log" >&2; down; exit 1; }
      sleep 0.1
    done
  done
  # A node serves before its bus has connected (the client connects in the
  # background): up means every node hears the others.
  for n in $(seq 1 "$nodes"); do
    for _ in $(seq 1 100); do
      curl -s "http://127.0.0.1:$(cat "$dir/node-$n.port")/healthz" | grep -q '"bus":"up"' && break
      sleep 0.1
    done
  done
  sed -e "s|@DIR@|$dir|g" -e "s|@PORT@|$port|g" deploy/nginx.conf.template \
    | awk -v nodes="$upstreams" '{ if ($0 == "@NODES@") printf "%s", nodes; else print }' > "$dir/nginx.conf"
  nginx -e "$dir/nginx-error.log" -c "$dir/nginx.conf" -p "$dir" || { cat "$dir/nginx-error.log" >&2; down; exit 1; }
  echo "$origin/"
}

case $command in
  up) up ;;
  nats-down)
    pid=$(cat "$dir/nats.pid")
    kill "$pid"
    # Gone, and its port free for nats-up.
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    rm -f "$dir/nats.pid"
    ;;
  nats-up) url=$(cat "$dir/nats.url"); nats_up "${url##*:}" ;;
  down) down ;;
  run)
    trap down EXIT
    trap 'exit 130' INT TERM
    address=$(up)
    echo "SET is served by $nodes nodes behind nginx: open $address (Ctrl-C stops everything)"
    while :; do sleep 3600; done
    ;;
  stop) down ;;
  *) echo "cluster.sh: up, down (or stop), nats-down, nats-up, or nothing (run until Ctrl-C)" >&2; exit 1 ;;
esac
