#!/usr/bin/env bash
# Installs the servers the cluster and its tests run, where missing:
# Debian's postgresql, nginx and nats-server. None is started as a service of the
# machine's (a policy-rc.d that says no while installing, unless the
# machine has its own): scripts/postgres.sh and scripts/cluster.sh start
# their own. Used by scripts/setup.sh and scripts/cluster.sh; a second run
# installs nothing.
set -euo pipefail
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
missing=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v nats-server >/dev/null || missing+=(nats-server)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "==> installing ${missing[*]}"
as_root apt-get update -qq
made_policy=
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' | as_root tee /usr/sbin/policy-rc.d >/dev/null
  as_root chmod +x /usr/sbin/policy-rc.d
  made_policy=1
fi
as_root apt-get install -y -qq "${missing[@]}"
if [ -n "$made_policy" ]; then as_root rm -f /usr/sbin/policy-rc.d; fi
