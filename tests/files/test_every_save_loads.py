"""Every save is read back as a load reads it before the atomic replace: a state that would not
load is the action's error (the command line: one line, exit 2; the app: in the form), and the file
stays byte for byte as it was - for campaigns and battles, from every path that saves."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static
from typer.testing import CliRunner

from referee import storage
from referee.cli import app
from referee.errors import RefereeError
from referee.journal import Journal
from referee.knight_hawks import battle_file
from referee.sathar_war import campaign_file, setup
from referee.sathar_war.campaign import Campaign, Done, Place, Unit, done
from referee.tui.app import RefereeApp
from referee.tui.dialogs import FormDialog
from tests.helpers.campaign import saved, war
from tests.helpers.tables import TABLES

runner = CliRunner()
CANNOT = "this would save a campaign file that cannot be opened again"


def fighter_left_behind(campaign: Campaign) -> Campaign:
    """The state the set-up placement once saved: a fighter aboard a carrier, placed somewhere else."""
    fighter = campaign.unit("UPF Fighter 1")
    return campaign.with_units([fighter._replace(place=Place("Truane's Star", "Pale"))])


def broken_retreat(campaign: Campaign, condition: int) -> Done:
    """A rule with a defect: it chooses the condition and leaves a fighter behind its carrier."""
    chosen = fighter_left_behind(campaign)._replace(retreat_condition=condition)
    return done(chosen, chosen.entry("the Sathar player has written down a retreat condition (sealed)"))


def forgetting_moved(writing: Callable[[Unit], dict[str, Any]]) -> Callable[[Unit], dict[str, Any]]:
    """A unit's tables written without its ``moved`` mark: a fault of the writing, not of the rules."""

    def forgetful(unit: Unit) -> dict[str, Any]:
        data = writing(unit)
        data.pop("moved", None)
        return data

    return forgetful


def test_the_writer_refuses_a_campaign_that_would_not_load_naming_the_unit() -> None:
    with pytest.raises(RefereeError) as refused:
        campaign_file.text(fighter_left_behind(war()), TABLES)
    assert str(refused.value) == (f"{CANNOT}: unit 'UPF Fighter 1': it is carried by TF Prenglar Assault Carrier but not in the same place; nothing was saved")


def test_the_writer_refuses_a_part_that_would_read_back_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    """A unit written without a field it has (a fault of the writing, not of the rules) is caught too."""
    campaign = war()
    writer = campaign_file.Writer(TABLES)
    writer.text(campaign)  # every part checked and kept
    hurt = campaign.unit("UPF Destroyer 2")
    changed = campaign.with_units([hurt._replace(moved=True)])
    monkeypatch.setattr(campaign_file, "unit_dict", forgetting_moved(campaign_file.unit_dict))
    with pytest.raises(RefereeError, match="would not read back as the state it saves"):
        writer.text(changed)
    assert writer.text(campaign)  # the parts kept from the last good save still serve


def test_the_journal_refuses_a_state_that_would_not_load_and_changes_nothing(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", war())
    journal = Journal.open(path, TABLES)
    before, start = journal.state, path.read_bytes()
    with pytest.raises(RefereeError, match=CANNOT):
        journal.apply(broken_retreat(before, 2), "Retreat")
    assert journal.state is before and not journal.past and path.read_bytes() == start
    journal.apply(setup.choose_retreat(before, 2), "Retreat")  # the next good action saves as ever
    assert campaign_file.read(path, TABLES).retreat_condition == 2


def test_a_command_whose_rule_leaves_a_bad_state_exits_2_and_leaves_file_and_backup_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = saved(tmp_path / "war.toml", war())
    saved(tmp_path / "war.toml", war())  # a second save: there is a .bak to keep too
    start, backup = path.read_bytes(), path.with_name("war.toml.bak").read_bytes()
    monkeypatch.setattr(setup, "choose_retreat", broken_retreat)
    result = runner.invoke(app, ["campaign", "retreat", "3", "-c", str(path)], catch_exceptions=False)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"referee: error: {CANNOT}: unit 'UPF Fighter 1'") and result.stderr.count("\n") == 1
    assert path.read_bytes() == start and path.with_name("war.toml.bak").read_bytes() == backup
    assert sorted(p.name for p in tmp_path.iterdir()) == ["war.toml", "war.toml.bak"]


def test_the_set_up_placement_of_a_fighter_aboard_a_carrier_saves_a_file_that_loads(tmp_path: Path) -> None:
    """Found at the table: this placement was accepted and every later command refused the file.
    Now the fighter is based at the planet's station, and the file loads."""
    path = saved(tmp_path / "war.toml", war())
    result = runner.invoke(app, ["campaign", "place", "UPF Fighter 1", "--at", "Hentz", "-c", str(path)], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    assert runner.invoke(app, ["campaign", "status", "-c", str(path)], catch_exceptions=False).exit_code == 0
    fighter = campaign_file.read(path, TABLES).unit("UPF Fighter 1")
    assert fighter.roster.carried_by == "Hentz Station" and fighter.place == Place("Araks", "Hentz")


def test_the_app_shows_a_refused_save_in_the_form_and_keeps_it_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = saved(tmp_path / "war.toml", war())
    start = path.read_bytes()
    monkeypatch.setattr(setup, "choose_retreat", broken_retreat)

    async def main() -> None:
        referee = RefereeApp(Journal.open(path, TABLES))
        async with referee.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await retreat(referee, pilot)

    async def retreat(referee: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("1", "t")
        await pilot.pause()
        await pilot.press("enter", "4", "enter")  # the list of the five conditions: open it, find 4, take it
        await pilot.pause()
        assert isinstance(referee.screen, FormDialog) and referee.screen.typed()["condition"] == "4"
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert isinstance(referee.screen, FormDialog)
        said = str(referee.screen.query_one("#error-form", Static).content)
        assert said.startswith(f"{CANNOT}: unit 'UPF Fighter 1'")
        assert referee.journal.state.retreat_condition == 0 and not referee.journal.past

    asyncio.run(main())
    assert path.read_bytes() == start


def test_a_battle_that_would_not_load_is_not_saved(tmp_path: Path) -> None:
    from referee.knight_hawks.battle import Battle

    path = tmp_path / "battle.toml"
    kh = TABLES
    ship = war().unit("UPF Destroyer 2").roster
    good = Battle(name="t", game="advanced", sides=("UPF", "Sathar"), ships=(ship,), moving="UPF")
    storage.write_text(path, battle_file.text(good, kh))
    start = path.read_bytes()
    with pytest.raises(RefereeError, match=r"this would save a battle file that cannot be opened again: moving must be one of the sides \['UPF', 'Sathar'\], not ''; nothing was saved"):
        storage.write_text(path, battle_file.text(good._replace(moving=""), kh))
    assert path.read_bytes() == start


def test_a_part_opened_from_the_file_is_read_back_unless_it_is_written_as_it_was_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first save after opening skips reading back only the parts that would be written as the
    very tables they were read from; any other is read back, as every part of a later save is."""
    campaign = war()
    hurt = campaign.unit("UPF Destroyer 2")
    path = saved(tmp_path / "war.toml", campaign.with_units([hurt._replace(moved=True)]))
    journal = Journal.open(path, TABLES)
    start = path.read_bytes()
    monkeypatch.setattr(campaign_file, "unit_dict", forgetting_moved(campaign_file.unit_dict))
    with pytest.raises(RefereeError, match="would not read back as the state it saves"):
        journal.apply(setup.choose_retreat(journal.state, 2), "Retreat")
    assert path.read_bytes() == start
