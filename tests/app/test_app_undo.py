"""Undo in the app outlives it (issue: "Undo history survives quitting and works from the command
line"): act, quit, open the file again, Ctrl+Z takes the action back; a command's action is undone
in the app and the app's by ``referee undo``, one history of the file; the line above the keys says
which ships the action touched, in one line."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from typer.testing import CliRunner

from referee.cli import app as command_line
from referee.tui.app import RefereeApp
from referee.tui.dialogs import ChangedDialog
from tests.helpers.app import drive, fill_in, text
from tests.helpers.campaign import bundled, load, saved, war_day_two

runner = CliRunner()


def test_an_action_is_undone_after_the_app_is_quit_and_opened_again(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", war_day_two())
    start = path.read_bytes()

    async def act(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "m")
        await fill_in(app, pilot, names="Sathar Destroyer *", toward="Prenglar")
        assert app.journal.state.unit("Sathar Destroyer 1").place.where == "Prenglar"

    drive(path, act)
    moved = path.read_bytes()
    assert moved != start

    async def undo(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+z")
        await pilot.pause()
        said = text(app, "#said")
        assert said == "undone: Move - Sathar Destroyer 1-15 (to Prenglar)", said
        assert path.read_bytes() == start and app.journal.state == load(path)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert text(app, "#said") == "nothing to undo" and path.read_bytes() == start

    drive(path, undo)

    async def redo(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert text(app, "#said") == "redone: Move - Sathar Destroyer 1-15 (to Prenglar)"
        assert path.read_bytes() == moved

    drive(path, redo)


def test_a_commands_action_is_undone_in_the_app_and_the_apps_by_the_command(tmp_path: Path) -> None:
    path = bundled(tmp_path / "war.toml")
    start = path.read_bytes()
    done = runner.invoke(command_line, ["campaign", "place", "Sathar Destroyer *", "--circle", "Prenglar", "-c", str(path)])
    assert done.exit_code == 0, done.stderr
    placed = path.read_bytes()

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "j")
        await fill_in(app, pilot, fleet="Alpha", names="UPF Assault Scout 2, UPF Assault Scout 3")
        joined = path.read_bytes()
        # a command run while the app is open: the app shows it, reads it again, and undoes it
        done = runner.invoke(command_line, ["campaign", "retreat", "2", "-c", str(path)])
        assert done.exit_code == 0, done.stderr
        await pilot.pause(0.8)
        assert isinstance(app.screen, ChangedDialog)
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert text(app, "#said") == "undone: campaign retreat - the sealed retreat condition" and path.read_bytes() == joined
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert text(app, "#said") == "undone: Join - UPF Assault Scout 2-3 (into Alpha)" and path.read_bytes() == placed
        await pilot.press("ctrl+y")
        await pilot.pause()

    drive(path, scenario)
    done = runner.invoke(command_line, ["undo", str(path)])  # the app's Join, redone in it, undone from the shell
    assert done.exit_code == 0 and done.stdout.splitlines()[0] == "undone: Join - UPF Assault Scout 2-3 (into Alpha)"
    done = runner.invoke(command_line, ["undo", str(path)])
    assert done.stdout.splitlines()[0] == "undone: campaign place - Sathar Destroyer 1-15 (to Prenglar Start Circle)"
    assert path.read_bytes() == start


def test_the_app_says_which_ships_in_the_message_lines_two_lines_summing_up_the_rest_only_past_them(tmp_path: Path) -> None:
    path = bundled(tmp_path / "war.toml")

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "p")
        await fill_in(app, pilot, names="Sathar Frigate *, Sathar Destroyer *, Sathar Light Cruiser *", circle="Prenglar Start Circle")
        await pilot.press("ctrl+z")
        await pilot.pause()
        said = text(app, "#said")
        assert said == "undone: Place - Sathar Frigate 1-8, Sathar Destroyer 1-15, Sathar Light Cruiser 1-7 (to Prenglar Start Circle)", said
        assert app.query_one("#said").region.height == 2 and len(said) <= 2 * 78

    drive(path, scenario)


def test_a_file_edited_by_hand_since_is_told_on_the_line_and_nothing_changes(tmp_path: Path) -> None:
    path = bundled(tmp_path / "war.toml")
    runner.invoke(command_line, ["campaign", "retreat", "2", "-c", str(path)])
    path.write_text(path.read_text() + "# a note by hand\n")
    edited = path.read_bytes()

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert text(app, "#said").startswith("the undo history does not match war.toml, which was changed outside the referee")
        assert app.query_one("#said").has_class("warning") and path.read_bytes() == edited

    drive(path, scenario)
