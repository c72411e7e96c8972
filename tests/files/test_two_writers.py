"""Two programs saving one file (issue 13): nothing either of them reported done is lost.

Two command loops on one campaign take turns (the file's lock is held from each command's load to
its save): every action that reported success is in the file's log. The app's journal holds no
lock while it waits; before each save it checks the file is still what it read or wrote last, and
if another program has saved it since, it refuses (ChangedOnDisk) and changes nothing: the app is
told at once (``changed_on_disk``, cheap enough to ask every second) and can reload.

Before issue 13 two loops lost about one action in five, each reported done; and an app's next
save overwrote a command's change every time, silently."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import storage, tables
from referee.cli import app
from referee.cli.battles import take as kh_take
from referee.errors import RefereeError
from referee.journal import Journal
from referee.knight_hawks.combat_phase import Done as BattleDone
from referee.sathar_war import fleets, setup
from tests.helpers.campaign import bundled_war, load
from tests.helpers.two_writers import ACTIONS, LONG, LOOP

TABLES = tables.load()
runner = CliRunner()


@pytest.fixture
def war(tmp_path: Path) -> Path:
    return bundled_war(tmp_path)


def test_two_command_loops_on_one_file_lose_no_action(war: Path, tmp_path: Path) -> None:
    loops = [("UPF Assault Scout 2", "Alpha"), ("UPF Assault Scout 3", "Beta")]
    children = []
    for number, (ship, fleet) in enumerate(loops):
        out = tmp_path / f"loop-{number}.json"
        child = subprocess.Popen([sys.executable, "-c", LOOP, str(war), ship, fleet, str(ACTIONS), str(out)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
        children.append((child, out, ship))
    for child, _, _ in children:  # both at once
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    for child, _, _ in children:
        assert child.wait(timeout=600) == 0
    log = [entry.text for entry in load(war).log]
    reported = 0
    for _, out, ship in children:
        result = json.loads(out.read_text())
        assert result["refused"] == [], result["refused"]  # a lost join makes the next detach fail
        in_log = [text for text in log if text.startswith(ship + " ")]
        assert len(in_log) == len(result["done"]) == ACTIONS, (len(in_log), len(result["done"]))
        reported += len(result["done"])
    assert reported == 2 * ACTIONS
    if LONG:
        print(f"\ntwo loops of {ACTIONS} actions on one file: {reported} reported done, {reported} in the log, 0 lost")


def test_a_command_waits_for_the_lock_a_bounded_time_then_says_so(war: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = war.read_bytes()
    monkeypatch.setattr(storage, "LOCK_WAIT", 0.2)
    with HeldElsewhere(war):
        result = runner.invoke(app, ["campaign", "retreat", "2", "-c", str(war)])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "is being saved by another program (still locked after 0.2 s); nothing was changed" in result.stderr
    assert war.read_bytes() == before


class HeldElsewhere:
    """The file's lock, held by another thread (as another program would hold it)."""

    def __init__(self, path: Path) -> None:
        self.path, self.taken, self.release = path, threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self._hold)

    def _hold(self) -> None:
        with storage.locked(self.path):
            self.taken.set()
            self.release.wait(timeout=60)

    def __enter__(self) -> None:
        self.thread.start()
        assert self.taken.wait(timeout=60)

    def __exit__(self, *_: object) -> None:
        self.release.set()
        self.thread.join(timeout=60)


def test_a_battle_step_holds_the_lock_from_load_to_save(tmp_path: Path) -> None:
    path = tmp_path / "battle.toml"
    assert runner.invoke(app, ["kh", "start", "the-stand", str(path)]).exit_code == 0
    tried: list[str] = []

    def step(battle: object, kh: object) -> BattleDone:
        def other() -> None:
            try:
                with storage.locked(path, wait=0):
                    tried.append("got the lock")
            except RefereeError as error:
                tried.append(str(error))

        thread = threading.Thread(target=other)
        thread.start()
        thread.join(timeout=60)
        return BattleDone(None, battle, ())  # type: ignore[arg-type]

    kh_take(path, step)
    assert len(tried) == 1 and "is being saved by another program" in tried[0]


def test_a_save_under_the_lock_refuses_a_file_changed_behind_it(war: Path) -> None:
    """A writer that takes no lock (an editor, an older referee) changed the file between a
    command's load and its save: the save refuses, and their change stays."""
    with storage.locked(war):
        storage.read(war, "campaign")
        war.write_text(war.read_text() + "\n# edited by hand\n")
        theirs = war.read_bytes()
        with pytest.raises(storage.ChangedOnDisk, match="war.toml was changed by another program since it was read here; nothing was saved"):
            storage.write_text(war, "a = 1\n")
    assert war.read_bytes() == theirs


# ---------------------------------------------------------------------- the app's journal


def test_the_journal_notices_an_outside_change_and_overwrites_nothing(war: Path) -> None:
    journal = Journal.open(war, TABLES)
    before = journal.state
    assert not journal.changed_on_disk()
    journal.apply(setup.choose_retreat(before, 2), "Retreat")  # its own save is no outside change
    assert not journal.changed_on_disk()
    mine = journal.state
    result = runner.invoke(app, ["campaign", "fleet", "join", "Alpha", "UPF Assault Scout 2", "-c", str(war)])
    assert result.exit_code == 0, result.stderr
    theirs = war.read_bytes()
    assert journal.changed_on_disk()
    with pytest.raises(storage.ChangedOnDisk, match="changed by another program since it was read here; nothing was saved") as refused:
        journal.apply(fleets.join(mine, "Beta", ["UPF Assault Scout 3"]), "Join")
    assert refused.value.path == war
    assert war.read_bytes() == theirs and journal.state is mine and len(journal.past) == 1
    with pytest.raises(storage.ChangedOnDisk):
        journal.undo()  # an undo is a save too
    assert war.read_bytes() == theirs and journal.state is mine


def test_the_journal_reloads_the_outside_change_and_the_action_can_be_taken_again(war: Path) -> None:
    journal = Journal.open(war, TABLES)
    journal.apply(setup.choose_retreat(journal.state, 2), "Retreat")
    assert runner.invoke(app, ["campaign", "fleet", "join", "Alpha", "UPF Assault Scout 2", "-c", str(war)]).exit_code == 0
    with pytest.raises(storage.ChangedOnDisk):
        journal.apply(fleets.join(journal.state, "Beta", ["UPF Assault Scout 3"]), "Join")
    journal.reload()
    assert journal.state == load(war) and not journal.future and not journal.changed_on_disk()
    assert [a.what for a in journal.past] == ["Retreat", "campaign fleet join"]  # one history of the file, whoever changed it
    journal.apply(fleets.join(journal.state, "Beta", ["UPF Assault Scout 3"]), "Join")  # the action again, on the file as it is
    saved = load(war)
    assert saved.retreat_condition == 2 and saved.unit("UPF Assault Scout 2").fleet == "Alpha" and saved.unit("UPF Assault Scout 3").fleet == "Beta"


def test_changed_on_disk_is_a_stat_while_the_file_is_untouched_and_reads_it_when_touched(war: Path) -> None:
    journal = Journal.open(war, TABLES)
    os.utime(war, (1, 1))  # touched, the same bytes: no change
    assert not journal.changed_on_disk()
    assert journal.seen is not None and journal.seen.mtime_ns == 1_000_000_000  # the next ask is a stat again
    journal.apply(setup.choose_retreat(journal.state, 2), "Retreat")
    other = Journal.open(war, TABLES)  # a second app on the same file
    other.apply(fleets.join(other.state, "Beta", ["UPF Assault Scout 3"]), "Join")
    assert journal.changed_on_disk() and not other.changed_on_disk()


def test_a_file_removed_meanwhile_is_written_afresh(war: Path) -> None:
    journal = Journal.open(war, TABLES)
    war.unlink()
    assert not journal.changed_on_disk()
    journal.apply(setup.choose_retreat(journal.state, 2), "Retreat")
    assert load(war).retreat_condition == 2


def test_the_journal_holds_no_lock_while_it_waits(war: Path) -> None:
    journal = Journal.open(war, TABLES)
    journal.apply(setup.choose_retreat(journal.state, 2), "Retreat")
    got: list[bool] = []

    def other() -> None:
        with storage.locked(war, wait=0):
            got.append(True)

    thread = threading.Thread(target=other)
    thread.start()
    thread.join(timeout=60)
    assert got == [True]


def test_a_journal_opened_through_a_symlink_saves_to_its_target(war: Path, tmp_path: Path) -> None:
    link = tmp_path / "link.toml"
    link.symlink_to(war)
    journal = Journal.open(link, TABLES)
    journal.apply(setup.choose_retreat(journal.state, 2), "Retreat")
    assert link.is_symlink() and load(war).retreat_condition == 2 and journal.path == link and journal.target == war
