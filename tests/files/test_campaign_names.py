"""A file named as the app saved it is found from any folder: a relative name the current folder
does not hold is looked for in the folder the app saves to (``REFEREE_HOME``), by every command
that takes a file and by the app's open; when neither holds it, the refusal names both folders."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee import places, saves, tables
from referee.errors import RefereeError
from referee.journal import Journal
from referee.resources import campaigns_dir
from referee.tui.view.app import open_view
from tests.helpers.cli import run


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The app's folder holding war-1.toml (as the app saves a new war), and the current folder elsewhere."""
    folder = tmp_path / "home"
    monkeypatch.setenv("REFEREE_HOME", str(folder))
    assert saves.new_war() == folder / "war-1.toml"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    return folder


def test_every_command_that_takes_a_file_finds_the_apps_war_from_another_folder(home: Path) -> None:
    code, out, err = run("campaign", "place", "Sathar Destroyer *", "--circle", "Prenglar", "-c", "war-1.toml")
    assert code == 0, err
    assert "[log_file]" in (home / "war-1.toml").read_text(encoding="utf-8") and not Path("war-1.toml").exists()
    code, out, err = run("campaign", "status", "-c", "war-1.toml")
    assert code == 0 and out.startswith("track"), err
    assert run("campaign", "log", "-c", "war-1.toml")[1].count("Sathar Destroyer") >= 1
    code, out, err = run("undo", "war-1.toml", "--list")
    assert code == 0 and "1 action to undo" in out, err
    code, out, err = run("undo", "war-1.toml")
    assert code == 0 and out.startswith("undone: campaign place"), err
    assert run("redo", "war-1.toml")[0] == 0
    code, out, err = run("campaign", "status", env={"REFEREE_CAMPAIGN": "war-1.toml"})
    assert code == 0, err


def test_the_players_view_and_the_apps_open_find_it(home: Path) -> None:
    assert open_view(Path("war-1.toml"), "UPF").path == home / "war-1.toml"
    assert Journal.open(Path("war-1.toml"), tables.load()).path == home / "war-1.toml"


def test_a_file_in_the_current_folder_comes_first(home: Path) -> None:
    shutil.copy(campaigns_dir() / "second-sathar-war.toml", "war-1.toml")
    assert places.found(Path("war-1.toml")) == Path("war-1.toml")
    assert run("campaign", "place", "Sathar Destroyer *", "--circle", "Prenglar", "-c", "war-1.toml")[0] == 0
    assert "[log_file]" in Path("war-1.toml").read_text(encoding="utf-8")
    assert "[log_file]" not in (home / "war-1.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "args",
    [
        ("campaign", "status", "-c", "war-9.toml"),
        ("campaign", "advance", "-c", "war-9.toml"),
        ("undo", "war-9.toml"),
        ("undo", "war-9.toml", "--list"),
        ("view", "war-9.toml", "--side", "UPF"),
        ("kh", "ships", "-b", "war-9.toml"),
        ("si", "status", "-s", "war-9.toml"),
    ],
)
def test_a_name_neither_folder_holds_is_refused_naming_both(home: Path, args: tuple[str, ...]) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, (code, out, err)
    assert f"war-9.toml in this folder ({Path.cwd()}) nor in the folder the app saves to ({home}; REFEREE_HOME moves it)" in err, err


def test_a_path_with_a_folder_is_looked_for_under_the_apps_folder_too(home: Path) -> None:
    (home / "old").mkdir()
    shutil.copy(home / "war-1.toml", home / "old" / "war-1.toml")
    assert places.found(Path("old/war-1.toml")) == home / "old" / "war-1.toml"
    with pytest.raises(RefereeError, match="no campaign file at old/war-2.toml in this folder"):
        places.found(Path("old/war-2.toml"), "campaign")
    assert places.found(Path("/nowhere/war-1.toml")) == Path("/nowhere/war-1.toml")  # (absolute: as given, refused where it is read)


def test_the_apps_open_finds_a_war_by_its_name_from_a_battle(home: Path) -> None:
    """Ctrl+O, a path typed: war-1.toml, as the app saved it, opened from another folder in place
    of a battle (the battle's pages leave without a fault)."""
    from textual.pilot import Pilot
    from textual.widgets import Input

    from referee.tui.app import RefereeApp
    from tests.helpers.app import drive

    assert run("kh", "start", "the-stand", "stand.toml")[0] == 0

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+o")
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        app.screen.query_one("#path", Input).value = "war-1.toml"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.journal.path == home / "war-1.toml" and app.journal.kind == "campaign"

    drive(Path("stand.toml"), play, still_running=True)
