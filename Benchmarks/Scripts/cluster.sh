# What sync.sh and watchers.sh share, sourced by both: the board binary ($1, else the release build),
# a throwaway PostgreSQL cluster on a free loopback port (stopped and removed at exit) with Board's
# schema in database `board`; people log in as PEOPLE_AUTH says (trust unless given). Sets board,
# here, work, port and admin (the administrator's URL, without the database).
board=$(realpath "${1:-.build/release/board}")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
chown postgres "$work"
runuser -u postgres -- "$bin/initdb" -D "$work/data" -A trust -U postgres --no-sync > /dev/null
printf 'local all all trust\nhost all postgres 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 %s\n' "${PEOPLE_AUTH:-trust}" > "$work/data/pg_hba.conf"
runuser -u postgres -- "$bin/pg_ctl" -D "$work/data" -w -l "$work/log" -o "-p $port -k $work -c listen_addresses=127.0.0.1" start < /dev/null > /dev/null
trap 'runuser -u postgres -- "$bin/pg_ctl" -D "$work/data" -m immediate -w stop < /dev/null > /dev/null; rm -rf "$work"' EXIT
admin="postgres://postgres@127.0.0.1:$port"
psql "$admin/postgres" -q -c 'CREATE DATABASE board'
"$board" server init "$admin/board" > /dev/null
