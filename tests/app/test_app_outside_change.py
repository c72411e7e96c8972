"""Issue 13, two writers: the app open on a file that another program saves (a ``referee
campaign`` command, a second app). The app notices within a second and offers to read the file
again; until it does, it saves nothing (nothing of the other program's is overwritten); the
action it was taking stays in its form or dice dialog and runs on the file read."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from referee.journal import Journal
from referee.tui import forms
from referee.tui.app import RefereeApp
from referee.tui.dialogs import ChangedDialog, DiceDialog, FormDialog, OutcomeDialog
from referee.tui.kinds import ui
from tests.helpers.app import TABLES, drive, fill_in, text
from tests.helpers.campaign import load, saved, war_day_two


def outside_roll(path: Path, what: str) -> bytes:
    """Another program saves the file: a roll on the Dice screen of a second journal on it."""
    other = Journal.open(path, TABLES)
    step = forms.free_roll(ui("campaign"), other.state, "1d10", what)
    other.apply(step(random.Random(7), {}), what)
    return path.read_bytes()


def test_an_outside_save_is_shown_within_a_second_and_nothing_is_saved_over_it(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", war_day_two())

    async def roll(app: RefereeApp, pilot: Pilot[None], expression: str, rolled: str) -> None:
        """A roll on the Dice screen, the result rolled at the table typed, applied."""
        app.action_show("dice")
        await pilot.pause()
        field = app.query_one("#expression", Input)
        field.value = expression
        field.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DiceDialog)
        app.screen.query_one("#roll-0", Input).value = rolled
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")  # apply
        await pilot.pause()

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await roll(app, pilot, "1d6", "4")  # an action of ours, to undo
        await pilot.pause(0.6)  # a look at the file: our own save is no change
        assert not isinstance(app.screen, ChangedDialog)
        theirs = outside_roll(path, "the other program's roll")
        await pilot.pause(1.0)
        assert isinstance(app.screen, ChangedDialog)
        said = app.query_one("#said", Static)
        assert "war.toml was changed by another program" in str(said.content) and said.region.height == 2  # shown, in red, on the two lines of messages
        await pilot.press("escape")  # not now
        await pilot.pause()
        # undo, and a roll on the Dice screen: each refused, the file as the other program left it
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "changed by another program" in str(app.query_one("#said", Static).content)
        await roll(app, pilot, "2d10", "13")  # applied: refused
        assert isinstance(app.screen, OutcomeDialog)
        assert "not applied, nothing changed" in text(app, "#outcome") and "changed by another program" in text(app, "#outcome")
        assert path.read_bytes() == theirs
        # read it again (Ctrl+L), then apply: the outcome shown was of the state before, so the
        # action runs again on the file read, with the roll typed
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert "read again from war.toml" in str(app.query_one("#said", Static).content)
        assert isinstance(app.screen, OutcomeDialog)
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert isinstance(app.screen, DiceDialog)
        assert "the file was read again" in text(app, "#error-ask")
        assert app.screen.query_one("#roll-0", Input).value == "13"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, (DiceDialog, OutcomeDialog))

    drive(path, scenario)
    texts = [entry.text for entry in load(path).log]
    assert texts[-3] == "rolled 1d6: 4" and texts[-2].startswith("rolled 1d10: ") and texts[-1] == "rolled 2d10: 13", texts[-4:]


def test_a_form_refused_over_an_outside_save_keeps_its_values_and_runs_on_the_file_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The other program saves between two looks at the file (here the app looks only every
    minute): the save is refused, and the app looks at once."""
    monkeypatch.setattr("referee.tui.app.WATCH", 60.0)
    path = saved(tmp_path / "war.toml", war_day_two())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        app.go_to("forces", ship="UPF Destroyer 1")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        outside_roll(path, "the other program's roll")
        await fill_in(app, pilot, hull="20", adf="2")
        # the save is refused; the app looks at the file at once and offers to read it again
        assert isinstance(app.screen, ChangedDialog)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)
        assert "changed by another program" in text(app, "#error-form")
        assert app.screen.query_one("#field-hull", Input).value == "20"
        await pilot.press("ctrl+a")  # (the focus is on the list of ships, where Enter opens it)
        await pilot.pause()
        assert not isinstance(app.screen, FormDialog)
        await pilot.press("ctrl+z")  # the edit is undone, on the file read
        await pilot.pause()
        assert "the other program's roll" not in str(app.query_one("#said", Static).content)
        await pilot.press("ctrl+z")  # then the other program's roll: one undo history of the file, whoever changed it
        await pilot.pause()
        assert str(app.query_one("#said", Static).content).startswith("undone: the other program's roll")
        await pilot.press("ctrl+y")
        await pilot.pause()

    drive(path, scenario)
    texts = [entry.text for entry in load(path).log]
    assert texts[-1].startswith("rolled 1d10:"), texts[-3:]  # the edit undone, the other program's roll undone and redone


def test_a_file_that_no_longer_opens_is_not_read_and_nothing_is_saved_over_it(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", war_day_two())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        path.write_text("day = 'a hand edit gone wrong'\n")
        await pilot.pause(1.0)
        assert isinstance(app.screen, ChangedDialog)
        await pilot.press("ctrl+l")  # as r: the dialog goes
        await pilot.pause()
        assert not isinstance(app.screen, ChangedDialog)
        said = str(app.query_one("#said", Static).content)
        assert "the campaign here is unchanged" in said and "war.toml" in said
        assert app.journal.state.day == 2
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert path.read_text() == "day = 'a hand edit gone wrong'\n"

    drive(path, scenario)
