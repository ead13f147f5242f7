# Sourced by the benchmarks that run beside taskwarrior: a temporary folder ($work, removed on
# exit), Board's fixed clock and no user config, and a taskwarrior of its own in $work/td.
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export BOARD_NOW=2026-11-21T10:00 BOARD_TZ=Europe/Paris XDG_CONFIG_HOME=/nonexistent
printf 'data.location=%s/td\nconfirmation=off\nverbose=nothing\nhooks=off\nrecurrence=off\ngc=off\n' "$work" > "$work/taskrc"
export TASKRC="$work/taskrc"
