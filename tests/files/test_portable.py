"""The commands on a system without Linux's and macOS's own names (as on Windows): nothing lost.

One subprocess hides, before anything imports them, the POSIX-only modules (``fcntl``, ``termios``,
``resource``, ``pwd``, ``grp``) and takes the POSIX-only names out of ``os`` (``O_NOFOLLOW``,
``O_NONBLOCK``, ``O_CLOEXEC``, ``O_DIRECTORY``, ``pread``, ``pwrite``, ``fchmod``, ``geteuid`` ...);
``os.link`` no longer says it can leave a symlink unfollowed; and, as Windows does, a file open in
the program can be neither renamed over, renamed nor removed (the test's own check of the open
descriptors, which Linux does not make). Then it runs the main commands in-process - a roll, a
table lookup, a war made, placed, advanced, moved, undone and redone, a Knight Hawks battle, a
Starfleet Wars engagement and a Stellar Inferno scenario made, changed and read back - and checks
the guarantees of the files: a save and a reload give the state saved, the backup is the save
before, a save waits for a program reading the file a moment (Windows cannot rename over it
meanwhile), a command waits for another's lock and then refuses, a save refuses a file changed behind
it, what a killed program leaves (its lock file, its temporary files) is taken back once stale,
and a save killed at any moment leaves the file and its backup whole.

Before referee.portable and referee.locks the first import failed: ``import fcntl``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import referee

HIDDEN_MODULES = ("fcntl", "termios", "resource", "pwd", "grp")
HIDDEN_NAMES = (
    *("O_NOFOLLOW", "O_NONBLOCK", "O_CLOEXEC", "O_DIRECTORY", "O_NOCTTY", "O_SYNC", "O_DSYNC"),
    *("pread", "pwrite", "preadv", "pwritev", "fchmod", "fchown", "lchown", "lockf", "posix_fadvise", "fdatasync", "sync"),
    *("geteuid", "getuid", "getegid", "getgid", "getgroups", "mkfifo", "mknod"),
)

# Put first in every process the test runs: the system without the POSIX-only names.
WITHOUT_POSIX = f"""
import errno, os, sys
sys.modules.update(dict.fromkeys({HIDDEN_MODULES!r}))  # "import fcntl" fails as on Windows
for name in {HIDDEN_NAMES!r}:
    if hasattr(os, name):
        delattr(os, name)
os.supports_follow_symlinks.discard(os.link)

def _open_here():
    found = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            info = os.fstat(int(fd))
        except OSError:
            continue
        found.add((info.st_dev, info.st_ino))
    return found

def _as_windows(call):
    def refusing(*names, **options):
        here = _open_here()
        for name in names[:2]:
            try:
                info = os.lstat(name)
            except (OSError, TypeError, ValueError):
                continue
            if (info.st_dev, info.st_ino) in here:
                raise PermissionError(errno.EACCES, "open in this program: Windows renames and removes no open file", str(name))
        return call(*names, **options)
    return refusing

for name in ("replace", "rename", "unlink", "remove"):
    setattr(os, name, _as_windows(getattr(os, name)))
"""

KILLED = """
import sys
from pathlib import Path
from referee import storage
path, texts = Path(sys.argv[1]), [Path(name).read_text() for name in sys.argv[2:]]
print("saving", flush=True)
turn = 0
while True:
    turn += 1
    storage.write_text(path, texts[turn % 2])
"""

DRIVER = """
import json, random, signal, subprocess, threading, time
from pathlib import Path
from typer.testing import CliRunner
from referee import locks, portable, storage, tables
from referee.cli import app
from referee.journal import Journal
from referee.resources import campaigns_dir
from referee.sathar_war import campaign_file, fleets, setup

assert not locks.ON_THE_FILE and not portable.NO_LINK and not portable.NO_WAIT and not hasattr(os, "pread")
runner = CliRunner()
TABLES = tables.load()
folder = Path.cwd()


def ok(*args):
    result = runner.invoke(app, list(args), catch_exceptions=False)
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return result.stdout


def refused(says, *args):
    result = runner.invoke(app, list(args), catch_exceptions=False)
    assert result.exit_code == 2 and result.stderr.count("\\n") == 1 and says in result.stderr, (args, result.exit_code, result.stdout, result.stderr)


def clean():
    # nothing of ours left beside the files once the commands are done: no lock file, no temporary file
    left = sorted(p.name for p in folder.iterdir() if p.name.startswith("."))
    assert left == [], left


# the quick readings
assert ok("roll", "2d10").startswith("2d10: ")
assert "Defense hit" in ok("table", "lookup", "kh.damage", "83")

# a war: made, placed, advanced, a ship moved, undone and redone, read back
war = folder / "war.toml"
assert f"saved {war};" in ok("campaign", "new", str(war))
ok("campaign", "place", "Sathar Destroyer *", "--circle", "Prenglar", "-c", str(war))
ok("campaign", "place", "Sathar Frigate *", "Sathar Light Cruiser *", "--circle", "Fromeltar", "-c", str(war))
ok("campaign", "retreat", "3", "-c", str(war))
before_advance = war.read_bytes()
assert ok("campaign", "advance", "-c", str(war)).startswith("day 1 ")
assert (folder / "war.toml.bak").read_bytes() == before_advance, "the backup is the save before"
assert "day 1 of the war" in ok("campaign", "status", "-c", str(war))
before_move = war.read_bytes()
assert "Sathar Destroyer 1 move from Prenglar Start Circle" in ok("campaign", "move", "Sathar Destroyer 1", "--toward", "Zebulon", "-c", str(war))
moved = war.read_bytes()
assert ok("undo", str(war)).startswith("undone: campaign move - Sathar Destroyer 1")
assert war.read_bytes() == before_move
assert ok("redo", str(war)).startswith("redone: campaign move") and war.read_bytes() == moved
assert "Sathar Destroyer 1 move from Prenglar" in ok("campaign", "log", "-c", str(war))
clean()

# a save and a reload, through the app's journal
journal = Journal.open(war, TABLES)
journal.apply(fleets.join(journal.state, "Beta", ["UPF Assault Scout 3"]), "Join")
assert campaign_file.read(war, TABLES) == journal.state and Journal.open(war, TABLES).state == journal.state
clean()

# a Knight Hawks battle: started, an attack, read back
battle = folder / "battle.toml"
ok("kh", "start", "the-stand", str(battle))
ok("kh", "attack", "LB", "--from", "Viper", "--at", "Shimmer", "-r", "3", "--roll", "20", "--damage-roll", "25", "--hull-roll", "7", "-b", str(battle))
shimmer = json.loads(ok("kh", "ships", "Shimmer", "--json", "-b", str(battle)))["ships"][0]
assert (shimmer["hull"], shimmer["hull_points"]) == (33, 40), shimmer
assert ok("undo", str(battle)).startswith("undone: kh attack")

# a Starfleet Wars engagement: made, a ship added and allocated, read back
engagement = folder / "engagement.toml"
ok("sfw", "new", str(engagement), "--side", "Terran", "--side", "Aquarian")
ok("sfw", "add", "VICTORY", "--class", "VICTORY", "--side", "Terran", "--value", "launchers=2", "--value", "reloads=30", "-e", str(engagement))
ok("sfw", "allocate", "victory", "--speed", "3", "--of", "18", "--df", "12", "-e", str(engagement))
ship = json.loads(ok("sfw", "ships", "VICTORY", "--json", "-e", str(engagement)))["ships"][0]
assert ship["allocation"] == {"speed": 3, "offensive": 18, "defensive": 12}, ship

# a Stellar Inferno scenario: made, a ship entered, read back
scenario = folder / "phoenix.toml"
ok("si", "new", str(scenario), "--scenario", "1")
ok("si", "ship", "Dublin", "--step", "A6 D6 M3 R4", "--step", "A3 D3 M3 R4", "--at", "6/J9", "--core", "1", "-s", str(scenario))
assert "Dublin" in ok("si", "status", "-s", str(scenario))
clean()

# a symlink planted as a war's log file is not written through (here without O_NOFOLLOW)
(folder / "linked").mkdir()
linked, victim = folder / "linked" / "war.toml", folder / "linked" / "victim.txt"
ok("campaign", "new", str(linked))
victim.write_text("keep me")
(folder / "linked" / "war.toml.log").symlink_to(victim)
made = linked.read_bytes()
refused("(it is a symbolic link); nothing was saved", "campaign", "place", "Sathar Destroyer *", "--circle", "Prenglar", "-c", str(linked))
assert victim.read_text() == "keep me" and linked.read_bytes() == made

# a program reading the file for a moment as it is saved (the players' view): the save waits for it
reader_open, reader_done = threading.Event(), threading.Event()

def read_slowly():
    with war.open("rb"):
        reader_open.set()
        time.sleep(0.3)
    reader_done.set()

threading.Thread(target=read_slowly, daemon=True).start()
assert reader_open.wait(60)
ok("campaign", "fleet", "join", "Delta", "UPF Assault Scout 1", "-c", str(war))
assert reader_done.is_set() and "UPF Assault Scout 1 [Delta]" in ok("campaign", "forces", "--fleet", "Delta", "-c", str(war))
clean()

# two writers: a command waits for another program's lock a bounded time, then refuses, the file unchanged
storage.LOCK_WAIT = 0.3
taken, release = threading.Event(), threading.Event()

def hold():
    with storage.locked(war):
        taken.set()
        release.wait(60)

holder = threading.Thread(target=hold, daemon=True)
holder.start()
assert taken.wait(60)
assert (folder / ".war.toml.lock").exists()
held = war.read_bytes()
refused("is being saved by another program (still locked after 0.3 s); nothing was changed", "campaign", "fleet", "join", "Epsilon", "UPF Assault Scout 1", "-c", str(war))
assert war.read_bytes() == held
release.set()
holder.join(60)
clean()

# ... and a save refuses a file another program changed since it was read, keeping their change
mine = Journal.open(war, TABLES)
ok("campaign", "fleet", "join", "Alpha", "UPF Assault Scout 2", "-c", str(war))
theirs = war.read_bytes()
try:
    mine.apply(fleets.join(mine.state, "Gamma", ["UPF Assault Scout 3"]), "Join")
    raise AssertionError("saved over another program's change")
except storage.ChangedOnDisk:
    pass
assert war.read_bytes() == theirs

# a killed program's lock file: waited for while fresh, taken back once stale
lock = folder / ".war.toml.lock"
lock.write_text("12345\\n")
refused("is being saved by another program", "campaign", "fleet", "detach", "UPF Assault Scout 2", "-c", str(war))
os.utime(lock, (time.time() - 3600,) * 2)
ok("campaign", "fleet", "detach", "UPF Assault Scout 2", "-c", str(war))
assert not lock.exists()

# a killed save's temporary files: the next save removes the stale ones of our naming, and only those
stale, fresh = folder / ".war.toml.abcd_123.tmp", folder / ".war.toml.zzzzzzzz.tmp"
for made, age in ((stale, 3600), (fresh, 0)):
    made.write_text("left by a kill\\n")
    os.utime(made, (time.time() - age,) * 2)
ok("campaign", "fleet", "join", "Alpha", "UPF Assault Scout 2", "-c", str(war))
assert not stale.exists() and fresh.exists()
fresh.unlink()

# a save killed at any moment leaves the file and its backup whole
start = campaign_file.read(campaigns_dir() / "second-sathar-war.toml", TABLES)
states = [start, setup.choose_retreat(start, 3).campaign]
sources = []
for number, state in enumerate(states):
    sources.append(folder / f"state-{number}.txt")
    sources[-1].write_text(campaign_file.text(state, TABLES))
saves = folder / "saves"
saves.mkdir()
path, bak = saves / "war.toml", saves / "war.toml.bak"
storage.write_text(path, sources[0].read_text())
dice = random.Random(13)
for kill in range(KILLS):
    child = subprocess.Popen([sys.executable, "-c", WITHOUT_POSIX + KILLED, str(path), *map(str, sources)], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline() == "saving\\n"
    time.sleep(dice.uniform(0, 0.05))
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=60)
    assert campaign_file.read(path, TABLES) in states, f"kill {kill}: the file is not a whole save"
    assert not bak.exists() or campaign_file.read(bak, TABLES) in states, f"kill {kill}: the backup is not a whole save"
    for left in saves.glob(".*"):  # (a lock file the kill left: as if it were stale already)
        os.utime(left, (time.time() - 3600,) * 2)
storage.write_text(path, sources[1].read_text())
assert sorted(p.name for p in saves.iterdir()) == ["war.toml", "war.toml.bak"], sorted(p.name for p in saves.iterdir())
print("all passed")
"""


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="the test finds the program's open files in /proc/self/fd (Linux)")
def test_the_commands_keep_every_guarantee_without_the_posix_only_names(tmp_path: Path) -> None:
    script = WITHOUT_POSIX + f"KILLS = 6\nKILLED = {KILLED!r}\nWITHOUT_POSIX = {WITHOUT_POSIX!r}\n" + DRIVER
    home = {"REFEREE_HOME": str(tmp_path / "home"), "REFEREE_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(Path(referee.__file__).parent.parent)}
    work = tmp_path / "work"
    work.mkdir()
    done = subprocess.run([sys.executable, "-c", script], cwd=work, env={**os.environ, **home}, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stdout.endswith("all passed\n"), done.stderr[-3000:]
