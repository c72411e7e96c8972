"""The undo history kept beside the file (issue: "Undo history survives quitting and works from the
command line"): it outlives the journal that wrote it, holds every writer's actions as one line,
is bounded, tells a file changed outside it, survives a damaged history file, and says which ships
each action touched, found by comparing the states."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from referee import history, storage, tables, touched
from referee.errors import RefereeError
from referee.journal import Journal
from referee.knight_hawks import battle_file
from referee.knight_hawks.movement import move
from referee.resources import campaigns_dir
from referee.sathar_war import fleets, setup
from tests.helpers.campaign import bundled_war, load

TABLES = tables.load()


def three_actions(path: Path) -> list[bytes]:
    """Place the Sathar destroyers, choose the retreat condition, form a UPF fleet: the file's text
    before and after each."""
    journal = Journal.open(path, TABLES)
    texts = [path.read_bytes()]
    journal.apply(setup.place_sathar(journal.state, ["Sathar Destroyer *"], "Prenglar"), "Place")
    texts.append(path.read_bytes())
    journal.apply(setup.choose_retreat(journal.state, 3), "Retreat")
    texts.append(path.read_bytes())
    journal.apply(fleets.join(journal.state, "Alpha", ["UPF Assault Scout 2", "UPF Assault Scout 3"]), "Join")
    texts.append(path.read_bytes())
    journal.history.close()
    return texts


def test_undo_and_redo_outlive_the_journal_that_took_the_actions(tmp_path: Path) -> None:
    path = bundled_war(tmp_path)
    texts = three_actions(path)
    assert history.beside(path).exists()
    again = Journal.open(path, TABLES)  # as the app opened again after quitting
    assert [a.what for a in again.past] == ["Place", "Retreat", "Join"] and not again.future
    assert again.undo().what == "Join" and path.read_bytes() == texts[2]
    assert again.undo().what == "Retreat" and path.read_bytes() == texts[1]
    assert again.state == load(path) and again.state.retreat_condition == 0
    assert again.undo().what == "Place" and path.read_bytes() == texts[0]
    with pytest.raises(RefereeError, match="^nothing to undo$"):
        again.undo()
    assert path.read_bytes() == texts[0]
    third = Journal.open(path, TABLES)
    assert [a.what for a in third.future] == ["Place", "Retreat", "Join"]
    assert third.redo().what == "Place" and path.read_bytes() == texts[1]
    assert third.redo().what == "Retreat" and third.redo().what == "Join" and path.read_bytes() == texts[3]
    with pytest.raises(RefereeError, match="^nothing to redo$"):
        third.redo()


def test_a_new_action_after_an_undo_drops_what_was_undone(tmp_path: Path) -> None:
    path = bundled_war(tmp_path)
    three_actions(path)
    journal = Journal.open(path, TABLES)
    journal.undo()
    journal.undo()
    journal.apply(setup.choose_retreat(journal.state, 5), "Retreat 5")
    assert [a.what for a in journal.past] == ["Place", "Retreat 5"] and not journal.future
    journal.apply(fleets.join(journal.state, "Beta", ["UPF Assault Scout 2"]), "Join Beta")
    db = sqlite3.connect(history.beside(path))
    assert db.execute("SELECT what FROM actions ORDER BY number").fetchall() == [("Place",), ("Retreat 5",), ("Join Beta",)]  # the undone ones removed, with their states
    assert db.execute("SELECT count(*) FROM states").fetchone() == (4,)


def test_a_save_that_fails_leaves_the_history_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = bundled_war(tmp_path)
    texts = three_actions(path)
    journal = Journal.open(path, TABLES)
    journal.undo()

    def full_disk(*args: object, **kwargs: object) -> None:
        raise RefereeError(f"cannot save {path}: No space left on device; the last save is untouched")

    monkeypatch.setattr(storage, "write_text", full_disk)
    with pytest.raises(RefereeError, match="No space left"):
        journal.apply(setup.choose_retreat(journal.state, 5), "Retreat 5")
    monkeypatch.undo()
    assert path.read_bytes() == texts[2]
    assert [a.what for a in journal.past] == ["Place", "Retreat"] and [a.what for a in journal.future] == ["Join"]  # the redo kept
    assert journal.redo().what == "Join" and path.read_bytes() == texts[3]


def test_the_history_keeps_the_last_actions_within_its_bounds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = bundled_war(tmp_path)
    monkeypatch.setattr(history, "LIMIT", 5)
    journal = Journal.open(path, TABLES)
    texts = [path.read_bytes()]
    for number in range(8):
        ship = f"UPF Assault Scout {2 + number % 2}"
        step = fleets.join(journal.state, "Alpha", [ship]) if journal.state.unit(ship).fleet != "Alpha" else fleets.detach(journal.state, [ship])
        journal.apply(step, f"action {number}")
        texts.append(path.read_bytes())
    assert [a.what for a in journal.past] == [f"action {n}" for n in range(3, 8)]
    for back in range(1, 6):
        journal.undo()
        assert path.read_bytes() == texts[8 - back]
    with pytest.raises(RefereeError, match="^nothing to undo$"):
        journal.undo()
    assert path.read_bytes() == texts[3]
    held = sqlite3.connect(history.beside(path)).execute("SELECT count(*) FROM actions").fetchone()
    assert held == (6,)  # those five, and the one before them, left by the last action for the next to remove

    monkeypatch.setattr(history, "LIMIT_BYTES", 1)  # less than one state: the last action is kept all the same
    journal.apply(setup.choose_retreat(journal.state, 2), "Retreat")
    assert [a.what for a in journal.past] == ["Retreat"]
    assert journal.undo().what == "Retreat" and path.read_bytes() == texts[3]


def test_a_file_changed_outside_the_history_is_told_and_nothing_changes(tmp_path: Path) -> None:
    path = bundled_war(tmp_path)
    three_actions(path)
    edited = path.read_bytes() + b"# a note by hand\n"
    path.write_bytes(edited)
    journal = Journal.open(path, TABLES)
    with pytest.raises(history.NotMatching, match="the undo history does not match war.toml, which was changed outside the referee since it was written"):
        journal.undo()
    with pytest.raises(history.NotMatching):
        journal.redo()
    assert path.read_bytes() == edited and not journal.past and not journal.future
    journal.apply(setup.choose_retreat(journal.state, 5), "Retreat 5")  # the next action starts the history afresh
    assert [a.what for a in journal.past] == ["Retreat 5"]
    assert journal.undo().what == "Retreat 5" and path.read_bytes() == edited


def test_a_damaged_history_is_told_in_one_line_and_the_next_action_sets_it_aside(tmp_path: Path) -> None:
    path = bundled_war(tmp_path)
    texts = three_actions(path)
    kept = history.beside(path)
    kept.write_bytes(b"not a database, whatever it was")
    journal = Journal.open(path, TABLES)
    with pytest.raises(history.Unreadable, match="cannot read the undo history war.toml.history: file is not a database; nothing was changed"):
        journal.undo()
    assert path.read_bytes() == texts[3]
    journal.apply(setup.choose_retreat(journal.state, 5), "Retreat 5")  # saved all the same; the damaged one kept aside
    assert load(path).retreat_condition == 5 and not journal.trouble
    assert kept.with_name("war.toml.history.unreadable").read_bytes() == b"not a database, whatever it was"
    assert journal.undo().what == "Retreat 5" and path.read_bytes() == texts[3]


def test_a_state_altered_in_the_history_is_refused_not_saved(tmp_path: Path) -> None:
    path = bundled_war(tmp_path)
    texts = three_actions(path)
    db = sqlite3.connect(history.beside(path))
    with db:
        db.execute("UPDATE states SET text = ? WHERE hash = ?", (__import__("zlib").compress(b"day = 'forged'\n"), history.digest(texts[2])))
    db.close()
    journal = Journal.open(path, TABLES)
    with pytest.raises(history.Unreadable, match="war.toml.history is damaged .a state does not match its hash.; nothing was changed"):
        journal.undo()
    assert path.read_bytes() == texts[3]


def test_a_history_of_another_program_or_a_newer_one_is_refused(tmp_path: Path) -> None:
    path = bundled_war(tmp_path)
    three_actions(path)
    db = sqlite3.connect(history.beside(path))
    with db:
        db.execute("UPDATE about SET value = '2' WHERE key = 'version'")
    db.close()
    with pytest.raises(history.Unreadable, match="written by a newer version of the program .version 2; this one reads 1."):
        Journal.open(path, TABLES).undo()
    journal = Journal.open(path, TABLES)
    journal.apply(setup.choose_retreat(journal.state, 5), "Retreat 5")  # saved; a newer program's history is not set aside
    assert load(path).retreat_condition == 5 and "newer version" in journal.trouble
    assert not history.beside(path).with_name("war.toml.history.unreadable").exists()


# ---------------------------------------------------------------------- what an action touched


def test_what_an_action_touched_is_found_by_comparing_the_states(tmp_path: Path) -> None:
    start = load(bundled_war(tmp_path))
    placed = setup.place_sathar(start, ["Sathar Destroyer *"], "Prenglar").campaign
    assert touched.said("Place", touched.between(start, placed)) == "Place - Sathar Destroyer 1-15 (to Prenglar Start Circle)"
    joined = fleets.join(placed, "Alpha", ["UPF Assault Scout 2", "UPF Assault Scout 3"]).campaign
    assert touched.said("Join", touched.between(placed, joined)) == "Join - UPF Assault Scout 2-3 (into Alpha)"
    secret = setup.choose_retreat(joined, 4).campaign
    assert touched.said("Retreat", touched.between(joined, secret)) == "Retreat - the sealed retreat condition"  # named, never shown
    both = setup.place_sathar(start, ["Sathar Destroyer *", "Sathar Frigate *"], "Prenglar").campaign
    change = touched.between(start, both)
    assert touched.said("Place", change) == "Place - Sathar Frigate 1-8, Sathar Destroyer 1-15 (to Prenglar Start Circle)"
    # summed up to fit a line: the first name and how many more, else cut
    assert touched.said("Place", change, 70) == "Place - Sathar Frigate 1-8 and 15 more (to Prenglar Start Circle)"
    assert touched.said("Place", change, 50) == "Place - Sathar Frigate 1-8, Sathar Destroyer 1-..."


def test_a_fleet_moved_whole_is_named_as_one_and_a_long_summary_counts_the_rest() -> None:
    import random

    from referee.sathar_war import movement
    from tests.helpers.campaign import war_day_two

    day = war_day_two()._replace(step="upf-move")
    moved = movement.move(day, TABLES, ["Task Force Prenglar"], "Cassidine", None, "", [], random.Random(1), {}).campaign
    assert len([u for u in day.units if u.fleet == "Task Force Prenglar"]) == 16
    change = touched.between(day, moved)
    assert touched.said("Move", change) == "Move - Task Force Prenglar (16 ships), UPF Fighter 1-4 (to box 1 of 8 from Prenglar to Cassidine)"  # the fighters aboard its carrier
    setup_day = load(campaigns_dir() / "second-sathar-war.toml")
    two = setup.place_sathar(setup.place_sathar(setup_day, ["Sathar Light Cruiser *"], "Prenglar").campaign, ["Sathar Heavy Cruiser 1"], "Kizk-Kar").campaign
    change = touched.between(setup_day, two)
    assert touched.said("Place", change) == "Place - Sathar Light Cruiser 1-7 (to Prenglar Start Circle); Sathar Heavy Cruiser 1 (to Kizk-Kar Start Circle)"
    assert touched.said("Place", change, 78) == "Place - Sathar Light Cruiser 1-7 (to Prenglar Start Circle); and 1 more ship"


def test_a_battle_step_says_which_ships_it_touched(tmp_path: Path) -> None:
    start = battle_file.from_dict(storage.read(campaigns_dir() / "kh-the-stand.toml", "scenario"), TABLES, start=True)
    sathar = [s.name for s in start.ships if s.side == "Sathar" and s.adf][0]
    done = move(start, __import__("random").Random(1), sathar, 2, 2, 0, None)
    assert touched.said("kh move", touched.between(start, done.battle)) == f"kh move - {sathar} (speed 2, moved)"


def test_a_history_removed_while_a_journal_is_open_is_started_again_not_written_unseen(tmp_path: Path) -> None:
    path = bundled_war(tmp_path)
    journal = Journal.open(path, TABLES)
    journal.apply(setup.choose_retreat(journal.state, 2), "Retreat")
    history.beside(path).unlink()  # by hand, while the app is open
    assert not journal.past
    journal.apply(fleets.join(journal.state, "Alpha", ["UPF Assault Scout 2"]), "Join")
    assert history.beside(path).exists() and [a.what for a in Journal.open(path, TABLES).past] == ["Join"]


def test_a_new_history_is_as_private_as_its_file(tmp_path: Path) -> None:
    path = bundled_war(tmp_path)
    path.chmod(0o600)  # the referee keeps the war (and its sealed retreat condition) to himself
    journal = Journal.open(path, TABLES)
    journal.apply(setup.choose_retreat(journal.state, 2), "Retreat")
    assert history.beside(path).stat().st_mode & 0o777 == 0o600
