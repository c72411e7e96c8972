"""The undo history through kills and two writers: a program killed at any moment (kill -9) -
mid-save, mid-history-write - leaves a file that loads and a history that matches it, from which
undo and redo work; two programs acting on one file at once leave one history holding every
action of both, in order.

A child process acts on a campaign through the journal over and over (an action, an undo or a
redo, chosen at random; each writes the history, then the file); the test kills it at a random
moment, then loads the file, reads the history, finds the file's place in it, and undoes and
redoes one action there with a new journal, as the app opened again would. ``make test`` kills 30
times; REFEREE_LONG=1 kills 300 times (REFEREE_LONG=N, N over 30: N times) and prints the counts."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import referee
from referee import history, tables
from referee.journal import Journal
from referee.resources import campaigns_dir
from referee.sathar_war import campaign_file
from tests.helpers.two_writers import ACTIONS, LOOP

LONG = os.environ.get("REFEREE_LONG", "")
KILLS = (int(LONG) if LONG.isdigit() and int(LONG) > 30 else 300) if LONG else 30
TABLES = tables.load()

CHILD = """
import random, sys
from pathlib import Path
from referee import tables
from referee.journal import Journal
from referee.sathar_war import fleets
path, dice = Path(sys.argv[1]), random.Random(int(sys.argv[2]))
journal = Journal.open(path, tables.load())
print("acting", flush=True)
while True:
    roll = dice.random()
    if roll < 0.25 and journal.past:
        journal.undo()
    elif roll < 0.4 and journal.future:
        journal.redo()
    else:
        campaign, ship = journal.state, "UPF Assault Scout " + dice.choice("23")
        step = fleets.detach(campaign, [ship]) if campaign.unit(ship).fleet == "Alpha" else fleets.join(campaign, "Alpha", [ship])
        journal.apply(step, "toggle " + ship)
"""


def test_a_kill_at_any_moment_leaves_a_file_that_loads_and_a_history_that_matches_it(tmp_path: Path) -> None:
    path = tmp_path / "war.toml"
    start = (campaigns_dir() / "second-sathar-war.toml").read_bytes()
    path.write_bytes(start)
    dice = random.Random(29)
    env = {**os.environ, "PYTHONPATH": str(Path(referee.__file__).parent.parent)}
    behind = hot = 0
    for kill in range(KILLS):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), str(kill)], stdout=subprocess.PIPE, text=True, env=env)
        assert child.stdout is not None and child.stdout.readline() == "acting\n"
        time.sleep(dice.uniform(0, 0.06))
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
        hot += history.beside(path).with_name("war.toml.history-journal").exists()
        data = path.read_bytes()
        campaign_file.read(path, TABLES)  # the file loads
        line = history.History(history.beside(path)).line()  # the history reads (a kill's rollback journal undone)
        here = line.position(history.digest(data))
        if here is None and not line.actions and data == start:
            continue  # killed before its first action was kept: no history yet, and the file as it began
        assert here is not None, f"kill {kill}: the file is no state of its history"
        behind += here < len(line.actions)
        journal = Journal.open(path, TABLES)
        if journal.past:
            journal.undo()
            assert path.read_bytes() == history.History(history.beside(path)).text(line.states[here - 1])
            campaign_file.read(path, TABLES)
            journal.redo()
            assert path.read_bytes() == data
        journal.history.close()
    if LONG:
        print(f"\n{KILLS} kills: the file loaded and matched its history every time; left standing before the line's last action {behind} times; a kill's rollback journal left {hot} times")


def test_two_programs_acting_at_once_leave_one_history_with_every_action(tmp_path: Path) -> None:
    """The command loops of test_two_writers (each takes the file's lock from its load to its save):
    every action reported done is in the history, in the order of the file's log, and undoing them
    all gives back the file they started from."""
    war = tmp_path / "war.toml"
    war.write_bytes((campaigns_dir() / "second-sathar-war.toml").read_bytes())
    start = war.read_bytes()
    children = []
    for number, (ship, fleet) in enumerate([("UPF Assault Scout 2", "Alpha"), ("UPF Assault Scout 3", "Beta")]):
        out = tmp_path / f"loop-{number}.json"
        child = subprocess.Popen([sys.executable, "-c", LOOP, str(war), ship, fleet, str(ACTIONS), str(out)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
        children.append((child, out))
    for child, _ in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    for child, out in children:
        assert child.wait(timeout=600) == 0
        assert json.loads(out.read_text())["refused"] == []
    journal = Journal.open(war, TABLES)
    assert len(journal.past) == 2 * ACTIONS and not journal.future
    logged = [e.text for e in journal.state.log if e.text.startswith("UPF Assault Scout ")]
    kept = [(a.what, json.loads(a.touched)["groups"][0]["names"][0][0]) for a in journal.past]
    assert kept == [("campaign fleet detach" if " leaves " in text else "campaign fleet join", " ".join(text.split(" ")[:4])) for text in logged]
    for _ in range(2 * ACTIONS):
        journal.undo()
    assert war.read_bytes() == start
