"""Names given by the referee: a ship or fleet named with the pattern characters * ? [ is found by
its own name; the patterns still find the rest; a name that names nothing is answered with the
closest few, not every name of the war. Names said by the referee's program: a list of ships says
their numbers run together ("Sathar Destroyer 1-6"), and the log's search still finds each one."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from referee import names
from referee.cli import app
from referee.errors import RefereeError
from referee.sathar_war import fleets, report
from referee.tui.app import RefereeApp
from referee.tui.rows import Rows
from tests.helpers.app import drive
from tests.helpers.campaign import load as war_of
from tests.helpers.campaign import move, saved, started, war
from tests.helpers.cli import runner


def test_a_fleet_or_ship_named_like_a_pattern_is_found_by_its_name() -> None:
    campaign = war()
    frigate = campaign.unit("UPF Assault Scout 1")
    renamed = frigate._replace(roster=frigate.roster._replace(name="[red"))
    campaign = campaign._replace(units=tuple(renamed if u is frigate else u for u in campaign.units))
    assert [u.name for u in campaign.named(["[red"])] == ["[red"]
    joined = fleets.join(campaign, "[/]", ["[red"]).campaign
    assert [u.name for u in joined.named(["[/]"])] == ["[red"]
    assert len(joined.named(["UPF Assault Scout [2-3]"])) == 2  # a pattern still matches


# ---------------------------------------------------------------------- lists of names, said short


def test_names_that_differ_by_their_number_run_together_and_say_exactly_which() -> None:
    fleet = ["Sathar Destroyer 3", "Sathar Destroyer 1", "Sathar Frigate 2", "Sathar Destroyer 2", "Sathar Destroyer 5", "Triad Station"]
    assert names.listed(fleet) == "Sathar Destroyer 1-3, 5, Sathar Frigate 2 and Triad Station"  # 4 is not among them
    assert names.runs(fleet) == [("Sathar Destroyer 1-3, 5", 4), ("Sathar Frigate 2", 1), ("Triad Station", 1)]
    assert names.listed(["TF Prenglar Frigate 1"]) == "TF Prenglar Frigate 1" and names.listed([]) == ""
    assert names.spelled("Sathar Destroyer 1-4 move") == "Sathar Destroyer 1-4 (1 2 3 4) move"  # for a search by one ship's name


def test_a_move_and_next_name_their_ships_run_together() -> None:
    """The log line of a move and, on day one, Next's ships that must leave the start circles."""
    campaign = started()
    assert any("must move into the red transit box: Sathar Frigate 1-8, Sathar Destroyer 1-15 and Sathar Light Cruiser 1-7 (" in what for what, _ in report.next_steps(campaign))
    moved = move(campaign, ["Sathar Destroyer *"], side="Sathar", toward="Prenglar")
    assert moved.log[-1].text.startswith("Sathar Destroyer 1-15 move from Prenglar Start Circle to ")


def test_the_log_search_finds_a_ship_named_in_a_run(tmp_path: Path) -> None:
    """The set-up placed the 15 Sathar destroyers in one line: "Sathar Destroyer 1-15"; a search for
    the Sathar Destroyer 7 finds it."""
    path = saved(tmp_path / "war.toml", started())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("7", "slash")
        for key in "destroyer 7":
            await pilot.press("space" if key == " " else key)
        await pilot.pause()
        found = [cells[-1] for _, cells in app.screen.query_one("LogPage Rows", Rows).rows]
        assert found == ["15 Sathar ships placed in the Prenglar Start Circle: Sathar Destroyer 1-15"]

    drive(path, scenario)


def test_a_name_that_names_nothing_gets_the_closest_few_or_where_they_are_all_listed(tmp_path: Path) -> None:
    """Not every name of the war (183 ships, 4,365 characters): the three closest, or, none close,
    the command that lists them all; one line, exit code 2."""
    war = saved(tmp_path / "war.toml", started())
    close = runner.invoke(app, ["campaign", "move", "Sathar Frigat", "--toward", "Prenglar", "-c", str(war)], catch_exceptions=False)
    assert close.exit_code == 2 and close.stdout == ""
    assert close.stderr.startswith("referee: error: no ship called 'Sathar Frigat'; did you mean Sathar Frigate ") and close.stderr.count("\n") == 1
    assert "(referee campaign forces lists every ship)" in close.stderr and len(close.stderr) < 200
    far = runner.invoke(app, ["campaign", "fleet", "join", "Red", "Zorg", "-c", str(war)], catch_exceptions=False)
    assert (far.exit_code, far.stderr) == (2, "referee: error: no ship called 'Zorg'; none of the 183 ships is named like it (referee campaign forces lists every ship)\n")
    few = runner.invoke(app, ["campaign", "move", "Sathar Destroyer 1", "--toward", "Zorgland", "-c", str(war)], catch_exceptions=False)
    assert few.exit_code == 2 and "no star system or start circle called 'Zorgland'" in few.stderr and "lists every" not in few.stderr  # (the map's few: as before)
    with pytest.raises(RefereeError, match=r"^no ship called 'Zorg'; none of the 183 ships is named like it$"):
        war_of(war).unit("Zorg")  # (the app shows it as it is: no command to point to)
