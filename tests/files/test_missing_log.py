"""A campaign file copied without its log beside it opens: the state whole, the missing log said
once (status, the players' view, the app); the first change asks the referee (the app: yes or no;
a command: a prompt at a terminal, else ``--without-log``), then the war plays on with a log from
here, the loss its first line and said no more; undo across the gap puts back the state before it,
its log missing again, and never reads the new log's lines as the old one's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.pilot import Pilot

from referee.cli import files
from referee.journal import Journal, LogMissing
from referee.sathar_war import campaign_file, log_file, setup
from referee.tui.app import RefereeApp
from referee.tui.dialogs import ConfirmDialog, FormDialog
from referee.tui.view.app import open_view
from tests.helpers.app import drive
from tests.helpers.cli import run
from tests.helpers.tables import TABLES

PLACE = ("campaign", "place", "Sathar Frigate *", "--circle", "Fromeltar")


@pytest.fixture
def copied(tmp_path: Path) -> Path:
    """A war of three log lines, its campaign file copied alone to another folder."""
    war = tmp_path / "home" / "war.toml"
    war.parent.mkdir()
    assert run("campaign", "new", str(war))[0] == 0
    assert run("campaign", "place", "Sathar Destroyer *", "--circle", "Prenglar", "-c", str(war))[0] == 0
    assert run("campaign", "retreat", "3", "-c", str(war))[0] == 0
    assert (tmp_path / "home" / "war.toml.log").exists()
    copy = tmp_path / "laptop" / "war.toml"
    copy.parent.mkdir()
    shutil.copy(war, copy)
    return copy


def log_texts(path: Path) -> list[str]:
    return [e.text for e in campaign_file.read(path, TABLES).log]


def test_it_opens_whole_and_the_reading_commands_say_the_missing_log_once(copied: Path, tmp_path: Path) -> None:
    journal = Journal.open(copied, TABLES)
    original = Journal.open(tmp_path / "home" / "war.toml", TABLES).state
    assert journal.state.units == original.units and journal.state.retreat_condition == 3 and len(journal.state.log) == 0
    assert journal.missing_log() == "war.toml.log, the log of war.toml (3 lines), is missing"
    code, out, err = run("campaign", "status", "-c", str(copied))
    assert code == 0 and out == run("campaign", "status", "-c", str(tmp_path / "home" / "war.toml"))[1]
    assert err.splitlines() == ["referee: note: war.toml.log, the log of war.toml (3 lines), is missing: read without its old log; a change asks first, then goes on with a log from here"]
    code, out, err = run("campaign", "log", "-c", str(copied))
    assert code == 0 and out == "" and err.count("is missing") == 1
    assert not (copied.parent / "war.toml.log").exists()  # (reading writes nothing)


def test_the_players_view_says_it(copied: Path) -> None:
    view = open_view(copied, "UPF")
    assert view.missing == "war.toml.log, the log of war.toml (3 lines), is missing"


def test_a_change_without_a_terminal_is_refused_naming_the_option_that_says_yes(copied: Path) -> None:
    before = copied.read_bytes()
    code, out, err = run(*PLACE, "-c", str(copied))
    assert code == 2 and out == "" and len(err.splitlines()) == 1, err
    assert "war.toml.log, the log of war.toml (3 lines), is missing: give --without-log to go on with a log from here" in err
    assert copied.read_bytes() == before and not (copied.parent / "war.toml.log").exists()
    with pytest.raises(LogMissing, match=r"\(3 lines\), is missing"):
        journal = Journal.open(copied, TABLES)
        journal.apply(setup.choose_retreat(journal.state, 2), "Retreat")
    assert copied.read_bytes() == before


def test_with_the_option_the_war_plays_on_with_a_log_from_here_and_the_loss_is_said_no_more(copied: Path) -> None:
    code, out, err = run(*PLACE, "-c", str(copied), "--without-log")
    assert code == 0 and "8 Sathar ships placed" in out, err
    lines = log_texts(copied)
    assert lines[0] == "the log before this line (3 lines) is lost: war.toml.log was missing when the war went on; the log goes on from here"
    assert lines[1].startswith("8 Sathar ships placed") and len(lines) == 2
    assert b"\nlost = 3\n" in (copied.parent / "war.toml.log").read_bytes()
    code, out, err = run("campaign", "status", "-c", str(copied))
    assert code == 0 and err == ""
    assert run("campaign", "advance", "-c", str(copied))[2].count("is missing") == 0  # (asks nothing more)


@pytest.mark.parametrize(("answer", "goes_on"), [("y\n", True), ("n\n", False), ("\n", False)])
def test_at_a_terminal_the_referee_is_asked(copied: Path, monkeypatch: pytest.MonkeyPatch, answer: str, goes_on: bool) -> None:
    monkeypatch.setattr(files, "at_a_terminal", lambda: True)
    before = copied.read_bytes()
    from typer.testing import CliRunner

    from referee.cli import app

    result = CliRunner().invoke(app, [*PLACE, "-c", str(copied)], input=answer)
    assert "Go on without the old log (its lines stay lost)? [y/N]" in result.stderr
    if goes_on:
        assert result.exit_code == 0 and log_texts(copied)[0].startswith("the log before this line (3 lines) is lost")
    else:
        assert result.exit_code == 2 and "nothing was changed" in result.stderr and copied.read_bytes() == before


def test_undo_across_the_gap_puts_back_the_state_before_its_log_missing_again(copied: Path) -> None:
    before = copied.read_bytes()
    assert run(*PLACE, "-c", str(copied), "--without-log")[0] == 0
    for ships in ("Sathar Light Cruiser *", "Sathar Assault Carrier *"):  # the new log grows past where the old one's lines ended
        assert run("campaign", "place", ships, "--circle", "Kizk-Kar", "-c", str(copied))[0] == 0
    assert (copied.parent / "war.toml.log").stat().st_size > max(end for _, end in campaign_file.read(copied.parent.parent / "home" / "war.toml", TABLES).log.kept.spans)  # type: ignore[union-attr]
    for _ in range(3):
        code, out, err = run("undo", str(copied))
        assert code == 0, err
    assert copied.read_bytes() == before
    journal = Journal.open(copied, TABLES)
    assert journal.missing_log() == "war.toml.log, the log of war.toml (3 lines), is missing" and list(journal.state.log) == []
    assert run("undo", str(copied))[2].startswith("referee: error: nothing to undo")
    assert run("redo", str(copied))[0] == 0
    assert log_texts(copied)[0].startswith("the log before this line (3 lines) is lost")
    assert run("undo", str(copied))[0] == 0
    assert run(*PLACE, "-c", str(copied))[0] == 2  # going on again after the undo asks again
    assert run(*PLACE, "-c", str(copied), "--without-log")[0] == 0
    assert log_texts(copied)[0].startswith("the log before this line (3 lines) is lost") and len(log_texts(copied)) == 2


def test_a_short_log_is_still_refused(copied: Path, tmp_path: Path) -> None:
    shutil.copy(tmp_path / "home" / "war.toml.log", copied.parent / "war.toml.log")
    (copied.parent / "war.toml.log").write_bytes((copied.parent / "war.toml.log").read_bytes()[:200])
    code, out, err = run("campaign", "status", "-c", str(copied))
    assert code == 2 and "holds 200 bytes where its 3 lines reach byte" in err and "move war.toml.log away" in err


def test_the_app_says_it_at_open_and_asks_at_the_first_change(copied: Path) -> None:
    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        said = str(app.query_one("#said").content)  # type: ignore[attr-defined]
        assert "war.toml.log, the log of war.toml (3 lines), is missing: opened without" in said
        await pilot.press("n")  # a change: Strike Force NOVA placed
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog) and app.screen.title_text == "Go on without the old log?"
        await pilot.press("escape")
        await pilot.pause()
        assert "nothing was changed" in str(app.query_one("#said").content) and len(app.journal.state.log) == 0  # type: ignore[attr-defined]
        await pilot.press("n")  # a change: Strike Force NOVA placed
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("ctrl+r", "enter")
        await pilot.pause()
        assert [e.text for e in app.journal.state.log][0].startswith("the log before this line (3 lines) is lost")
        assert app.journal.missing_log() == ""
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "is missing again: the next change asks" in str(app.query_one("#said").content)  # type: ignore[attr-defined]

    drive(copied, play)
    assert log_file.missing(campaign_file.read(copied, TABLES)) is not None  # (undone: the state before, its log missing)


def test_a_form_filled_wrongly_says_so_in_the_form_before_the_question(copied: Path) -> None:
    """The question comes once the action is whole: a form's mistake (no start circle) is said in
    the form, as ever, not after the referee said yes (where it could not be shown)."""

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "p", "space", "ctrl+a")  # the Place form, a ship marked, no circle or planet
        await pilot.pause()
        assert isinstance(app.screen, FormDialog), app.screen
        assert "a start circle for Sathar ships, or a planet" in str(app.screen.query_one("#error-circle").content)  # type: ignore[attr-defined]
        assert len(app.journal.state.log) == 0 and app.journal.missing_log()

    drive(copied, play)
