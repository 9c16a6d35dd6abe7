#!/usr/bin/env bash
# The server's store measured with each backend (figures in benches/README.md, "The store"):
# save latency with 200 players saving at once, 1,000 idle players with keys, and the frames of
# other sessions while the store is slowed by 2 s a query.
#
#   benches/store_bench.sh            # everything (about 5 minutes once built)
#   benches/store_bench.sh latency    # only the save latency
#   benches/store_bench.sh capacity   # only the 1,000 idle players
#   benches/store_bench.sh slow       # only the slowed store
#
# A private PostgreSQL is made in a temporary folder (initdb and pg_ctl from Debian's
# postgresql package, as the `postgres` user when run as root) and removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
bin=/usr/lib/postgresql/15/bin

# One build for both examples: with `-p sokoshot-store` alone, Cargo resolves the crates'
# features for that package only and builds many of them again.
cargo build --quiet --bin sokoshot --example store_bench --example save_latency

dir=$(mktemp -d /tmp/sokoshot-store-bench.XXXXXX)
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
as_pg "$bin/initdb" -D "$dir/data" -A trust -U postgres --no-sync >/dev/null
as_pg "$bin/pg_ctl" start -w -D "$dir/data" -l "$dir/log" \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300" >/dev/null
trap 'as_pg "$bin/pg_ctl" stop -m immediate -D "$dir/data" >/dev/null; rm -rf "$dir"' EXIT
pg="postgres://postgres@127.0.0.1:$port/postgres"

if [ "$what" = all ] || [ "$what" = latency ]; then
    for store in "sqlite:$dir/latency.sqlite" "$pg"; do
        echo "== save latency, ${store%%:*}: 200 players at once, then 200 saving every 50 ms"
        target/debug/examples/save_latency "$store" 200 1 0
        target/debug/examples/save_latency "$store" 200 20 50
    done
fi
if [ "$what" = all ] || [ "$what" = capacity ]; then
    echo "== 1,000 idle players, SQLite"
    target/debug/examples/store_bench capacity sqlite
    echo "== 1,000 idle players, PostgreSQL"
    target/debug/examples/store_bench capacity "$pg"
fi
if [ "$what" = all ] || [ "$what" = slow ]; then
    echo "== frames while the store is slowed, PostgreSQL"
    target/debug/examples/store_bench slow "$pg"
fi
