"""A save killed at any moment (kill -9) leaves the campaign file and its backup loadable.

A child process saves a campaign over and over (two states, alternately, through the real save,
storage.write_text); the test kills it at a random moment, then opens the file and ``FILE.bak``
with the real loaders: each must be whole - one of the two states - every time. The same file is
used by every child, so the kills' leftovers pile up as they would on a real disk; the next save
removes those of our naming once they are stale. ``make test`` kills 50 times; REFEREE_LONG=1
kills 500 times (REFEREE_LONG=N, N over 50: N times) and prints the counts.

Before issue 13 the backup was truncated and then copied into: about one kill in twelve left it
empty or cut; and the temporary files a kill left were never removed."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import referee
from referee import storage, tables
from referee.resources import campaigns_dir
from referee.sathar_war import campaign_file, setup

LONG = os.environ.get("REFEREE_LONG", "")
KILLS = (int(LONG) if LONG.isdigit() and int(LONG) > 50 else 500) if LONG else 50
TABLES = tables.load()

CHILD = """
import sys
from pathlib import Path
from referee import storage
path, texts = Path(sys.argv[1]), [Path(name).read_text() for name in sys.argv[2:]]
storage.write_text(path, texts[0])
print("saving", flush=True)
turn = 0
while True:
    turn += 1
    storage.write_text(path, texts[turn % 2])
"""


def test_a_save_killed_at_any_moment_leaves_the_file_and_its_backup_loadable(tmp_path: Path) -> None:
    start = campaign_file.read(campaigns_dir() / "second-sathar-war.toml", TABLES)
    states = [start, setup.choose_retreat(start, 3).campaign]
    texts = [campaign_file.text(state, TABLES) for state in states]
    sources = []
    for number, text in enumerate(texts):
        sources.append(tmp_path / f"state-{number}.txt")
        sources[-1].write_text(text)
    folder = tmp_path / "saves"
    folder.mkdir()
    path, bak = folder / "war.toml", folder / "war.toml.bak"
    loaded: dict[bytes, object] = {}  # the loader is deterministic: each content is read once

    def load(file: Path) -> object:
        data = file.read_bytes()
        if data not in loaded:
            loaded[data] = campaign_file.read(file, TABLES)
        return loaded[data]

    dice = random.Random(13)
    quick = {**os.environ, "PYTHONPATH": str(Path(referee.__file__).parent.parent)}  # python -S starts in a tenth of the time
    backups = leftovers_seen = 0
    for kill in range(KILLS):
        child = subprocess.Popen([sys.executable, "-S", "-c", CHILD, str(path), *map(str, sources)], stdout=subprocess.PIPE, text=True, env=quick)
        assert child.stdout is not None and child.stdout.readline() == "saving\n"
        time.sleep(dice.uniform(0, 0.03))
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
        assert load(path) in states, f"kill {kill}: the file is not a whole save"
        if bak.exists():
            backups += 1
            assert load(bak) in states, f"kill {kill}: the backup is not a whole save ({bak.stat().st_size} bytes)"
        leftovers_seen = max(leftovers_seen, len(list(folder.glob(".*.tmp"))))
    left = list(folder.glob(".*.tmp"))
    for leftover in left:  # stale now
        os.utime(leftover, (time.time() - 3600,) * 2)
    storage.write_text(path, texts[0])
    assert sorted(p.name for p in folder.iterdir()) == ["war.toml", "war.toml.bak"], "the next save removes a kill's leftovers"
    assert load(path) == states[0] and load(bak) in states
    if LONG:
        print(f"\n{KILLS} kills: the file and its backup loaded every time (backup there {backups} times); temporary files left by kills: {len(left)} at the end, removed by the next save")
