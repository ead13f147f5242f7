"""What Benchmarks/Scripts/sync.sh's scripts share: the board binary, the throwaway server, and a
person made on it. Each script is run as SCRIPT BOARD_BINARY WORK_FOLDER ADMIN_URL."""
import os, subprocess, sys

board, work, admin = sys.argv[1], sys.argv[2], sys.argv[3]
env = dict(os.environ, BOARD_NOW="2026-11-21T10:00", BOARD_TZ="Europe/Paris", XDG_CONFIG_HOME="/nonexistent")


def run(*args, **kw):
    return subprocess.run([board, *args], env=kw.get("env", env), check=True, capture_output=True, text=True).stdout


def person(name):
    url = run("server", "add-user", name, "--server", admin, "--password", "pw").strip().splitlines()[-1]
    return dict(env, BOARD_SYNC_URL=url)
