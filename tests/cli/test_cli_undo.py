"""``referee undo FILE`` and ``referee redo FILE`` as a referee types them: the campaign and battle
commands' actions taken back and again, each saying what it was and which ships it touched;
``--list``; everything that cannot be done one line, exit code 2, and the file unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee import history
from tests.helpers.cli import run


def refused(args: tuple[str, ...], says: str, path: Path) -> None:
    before = path.read_bytes()
    code, out, err = run(*args)
    assert code == 2 and out == "" and err.startswith("referee: error: ") and len(err.strip().splitlines()) == 1, (code, out, err)
    assert says in err, err
    assert path.read_bytes() == before


@pytest.fixture
def war(tmp_path: Path) -> Path:
    path = tmp_path / "war.toml"
    assert run("campaign", "new", str(path))[0] == 0
    assert run("campaign", "place", "Sathar Destroyer *", "--circle", "Prenglar", "-c", str(path))[0] == 0
    assert run("campaign", "fleet", "join", "Alpha", "UPF Assault Scout 2", "UPF Assault Scout 3", "-c", str(path))[0] == 0
    return path


def test_undo_and_redo_take_back_a_commands_action_and_say_what_it_touched(war: Path) -> None:
    placed = war.read_text()
    code, out, err = run("campaign", "retreat", "4", "-c", str(war))
    assert code == 0, err
    chosen = war.read_text()
    code, out, err = run("undo", str(war))
    assert code == 0, err
    assert out.splitlines() == ["undone: campaign retreat - the sealed retreat condition", "war.toml: 2 actions to undo, 1 to redo (the history keeps the last 200)"]
    code, out, err = run("undo", str(war))
    assert out.splitlines()[0] == "undone: campaign fleet join - UPF Assault Scout 2-3 (into Alpha)"
    code, out, err = run("undo", str(war))
    assert out.splitlines()[0] == "undone: campaign place - Sathar Destroyer 1-15 (to Prenglar Start Circle)"
    refused(("undo", str(war)), "referee: error: nothing to undo", war)
    code, out, err = run("redo", str(war))
    assert code == 0 and out.splitlines()[0] == "redone: campaign place - Sathar Destroyer 1-15 (to Prenglar Start Circle)"
    assert run("redo", str(war))[0] == 0 and war.read_text() == placed
    assert run("redo", str(war))[0] == 0 and war.read_text() == chosen
    refused(("redo", str(war)), "referee: error: nothing to redo", war)


def test_the_list_shows_what_can_be_undone_and_redone_and_changes_nothing(war: Path) -> None:
    assert run("undo", str(war))[0] == 0
    before = war.read_bytes()
    code, out, err = run("undo", str(war), "--list")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "war.toml: 1 action to undo, 1 to redo (the history keeps the last 200)"
    assert lines[1].startswith("  redo 1  ") and lines[1].endswith("  campaign fleet join - UPF Assault Scout 2-3 (into Alpha)")
    assert lines[2] == "  --- the file now"
    assert lines[3].startswith("  undo 1  ") and lines[3].endswith("  campaign place - Sathar Destroyer 1-15 (to Prenglar Start Circle)")
    assert war.read_bytes() == before
    code, out, err = run("redo", str(war), "--list", "--json")
    listed = json.loads(out)
    assert [a["what"] for a in listed["undo"]] == ["campaign place"] and [a["what"] for a in listed["redo"]] == ["campaign fleet join"]
    assert listed["undo"][0]["touched"]["groups"] == [{"change": "to Prenglar Start Circle", "names": [["Sathar Destroyer 1-15", 15]]}]
    code, out, err = run("redo", str(war), "--json")
    assert json.loads(out)["redone"]["what"] == "campaign fleet join" and json.loads(out)["undo"] == 2


def test_a_long_summary_is_one_line_and_every_ship_is_named_under_it(tmp_path: Path) -> None:
    path = tmp_path / "war.toml"
    run("campaign", "new", str(path))
    run("campaign", "place", "Sathar Destroyer *", "Sathar Light Cruiser *", "Sathar Frigate *", "--circle", "Prenglar", "-c", str(path))
    code, out, err = run("undo", str(path))
    lines = out.splitlines()
    assert lines[0] == "undone: campaign place - Sathar Frigate 1-8 and 22 more (to Prenglar Start Circle)"
    assert lines[1:] == ["  Sathar Frigate 1-8, Sathar Destroyer 1-15, Sathar Light Cruiser 1-7 (to Prenglar Start Circle)", "war.toml: 0 actions to undo, 1 to redo (the history keeps the last 200)"]
    run("redo", str(path))
    run("campaign", "place", "Sathar Heavy Cruiser 1", "--circle", "Kizk-Kar", "-c", str(path))
    run("campaign", "retreat", "2", "-c", str(path))
    code, out, err = run("undo", str(path))
    assert out.splitlines() == ["undone: campaign retreat - the sealed retreat condition", "war.toml: 2 actions to undo, 1 to redo (the history keeps the last 200)"]


def test_what_cannot_be_undone_is_one_line_exit_2_and_nothing_changes(war: Path, tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.toml"
    run("campaign", "new", str(fresh))
    refused(("undo", str(fresh)), "nothing to undo", fresh)
    assert not history.beside(fresh).exists()  # asking made no history
    refused(("undo", str(tmp_path / "missing.toml")), "no campaign or battle file at", war)
    war.write_text(war.read_text() + "# a note by hand\n")
    refused(("undo", str(war)), "the undo history does not match war.toml, which was changed outside the referee since it was written", war)
    refused(("redo", str(war)), "the undo history does not match war.toml", war)
    refused(("undo", str(war), "--list"), "the undo history does not match war.toml", war)
    history.beside(war).write_bytes(b"\x00" * 100)
    refused(("undo", str(war)), "cannot read the undo history war.toml.history: file is not a database; nothing was changed", war)
    refused(("undo", str(war), "--list"), "cannot read the undo history war.toml.history", war)


def test_a_battle_commands_steps_are_undone_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "stand.toml"
    assert run("kh", "start", "the-stand", str(path))[0] == 0
    started = path.read_bytes()
    code, out, err = run("kh", "move", "Viper", "--speed", "3", "--adf", "3", "-b", str(path))
    assert code == 0, err
    moved = path.read_bytes()
    assert run("kh", "next", "-b", str(path))[0] == 0
    code, out, err = run("undo", str(path))
    assert code == 0 and out.splitlines()[0].startswith("undone: kh next - turn 1, UPF's half"), out
    assert path.read_bytes() == moved
    code, out, err = run("undo", str(path))
    assert out.splitlines()[0] == "undone: kh move - Viper (speed 3, moved)"
    assert path.read_bytes() == started
    refused(("undo", str(path)), "nothing to undo", path)  # a new file's history starts at its first action


def test_undo_imports_nothing_of_the_app(war: Path) -> None:
    from tests.helpers.imports import HEAVY_FOR_LOOKUPS, modules_after, run_cli

    for args in (("undo", str(war)), ("redo", str(war)), ("undo", str(war), "--list")):
        loaded = modules_after(run_cli(*args))
        assert "referee.cli.undo" in loaded and not loaded & set(HEAVY_FOR_LOOKUPS), sorted(loaded & set(HEAVY_FOR_LOOKUPS))
    assert "referee.journal" not in modules_after(run_cli("roll", "2d10+4"))  # nor the history on the quick path


def test_an_action_whose_history_cannot_be_written_is_saved_and_says_so(war: Path) -> None:
    import sqlite3

    db = sqlite3.connect(history.beside(war))
    with db:
        db.execute("UPDATE about SET value = '9' WHERE key = 'version'")  # a newer program's history: not ours to change
    db.close()
    code, out, err = run("campaign", "retreat", "2", "-c", str(war))
    assert code == 0 and "retreat condition" in out
    assert (
        err
        == "referee: note: the undo history could not be kept (the undo history war.toml.history was written by a newer version of the program (version 9; this one reads 1)); it cannot be undone\n"
    )
    refused(("undo", str(war)), "written by a newer version of the program", war)
