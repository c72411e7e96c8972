"""Standing orders and the Move, Replace and Dock forms in the app, driven as a referee drives them:
c goes on with every journey of the side moving; Move opens on the journey kept and takes ships in
different places; a form opens with this action's values only, and its lists offer only what the
rules allow now (the rates a ship may go at, the stations that take a replacement); a ship moves to
the other planet of its system; k on Repairs docks a ship at the construction centre its line names.

The war is tests/helpers/campaign.py's day two (Sathar move): the UPF Destroyer 1 damaged at Outer Reach,
the TF Cassidine Battleship risk-jumping toward Dramune, the rest of TF Prenglar at Morgaine's World
(Prenglar; Gran Quivera, its other planet, has the construction centre)."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from referee.sathar_war import movement, victory
from referee.sathar_war.campaign import Allowance, Campaign, Place
from referee.tui.app import RefereeApp
from referee.tui.choice import Choice
from referee.tui.dialogs import ConfirmDialog, FormDialog
from tests.helpers.app import TABLES, drive, fill_in, text
from tests.helpers.campaign import saved, war_day_two

FRIGATE = "TF Prenglar Frigate 2"  # at Morgaine's World, Prenglar, in TF Prenglar


def upf_move(campaign: Campaign | None = None) -> Campaign:
    return (campaign or war_day_two())._replace(step="upf-move")


def bound_for_dramune() -> Campaign:
    """The frigate on its first day to Dramune (by Cassidine), to stop at Outer Reach; the next day's UPF move."""
    campaign = movement.move(upf_move(), TABLES, [FRIGATE], "Dramune", planet="Outer Reach").campaign
    return campaign.with_units([u._replace(moved=False) for u in campaign.units if u.moved])


async def open_move(app: RefereeApp, pilot: Pilot[None], *marked: str) -> FormDialog:
    """The Forces screen, the ships marked (space on each), then m."""
    await pilot.press("2")
    await pilot.pause()
    app.marked[:] = list(marked)
    await pilot.press("m")
    await pilot.pause()
    form = app.screen
    assert isinstance(form, FormDialog) and form.title_text == "Move", form
    return form


def test_c_goes_on_with_every_journey_asked_first_with_what_each_does(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", bound_for_dramune())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        assert "UPF: go on with 1 journey kept (1 ship) (c)" in text(app, "#step")
        await pilot.press("c")
        await pilot.pause()
        asked = app.screen
        assert isinstance(asked, ConfirmDialog) and asked.title_text == "Continue: go on with the 1 journey the UPF ships keep?"
        assert f"{FRIGATE} move from box 1 of 8 from Prenglar to Cassidine" in asked.text.plain and "bound for Dramune by Cassidine: 13 more days" in asked.text.plain
        await pilot.press("y")
        await pilot.pause()
        assert app.journal.state.unit(FRIGATE).place == Place("Prenglar - Cassidine", box=2, toward="Cassidine")
        assert "13 more days" in text(app, "#said")

    drive(path, scenario)


def test_move_opens_on_the_journey_kept_and_a_new_place_changes_it(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", bound_for_dramune())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        form = await open_move(app, pilot, FRIGATE)
        assert form.query_one("#field-toward", Choice).value == "Dramune"
        assert form.query_one("#field-planet", Choice).value == "Outer Reach"
        await fill_in(app, pilot, toward="Cassidine", planet="")
        frigate = app.journal.state.unit(FRIGATE)
        assert frigate.place == Place("Prenglar - Cassidine", box=2, toward="Cassidine") and (frigate.bound, frigate.bound_planet) == ("Cassidine", "")

    drive(path, scenario)


def test_move_takes_ships_in_different_places_each_its_own_way(tmp_path: Path) -> None:
    """The frigate at Prenglar and the UPF Destroyer 1 at Dramune, both to Cassidine: Toward offers
    the places both reach with the fewest and most days; each group leaves by its own route."""
    path = saved(tmp_path / "war.toml", upf_move())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        form = await open_move(app, pilot, FRIGATE, "UPF Destroyer 1")
        toward = form.query_one("#field-toward", Choice)
        labels = dict((value, label) for label, value in toward.options)
        assert labels["Cassidine"] == "Cassidine: 6-9 days, 2 groups each its own way", labels
        await fill_in(app, pilot, toward="Cassidine")
        campaign = app.journal.state
        assert campaign.unit(FRIGATE).place == Place("Prenglar - Cassidine", box=1, toward="Cassidine")
        assert campaign.unit("UPF Destroyer 1").place == Place("Dramune - Cassidine", box=1, toward="Cassidine")

    drive(path, scenario)


def test_a_form_opens_with_nothing_left_under_another_screens_cursor(tmp_path: Path) -> None:
    """The Map's cursor on Fromeltar, then Move on the Forces screen: Toward is not Fromeltar."""
    path = saved(tmp_path / "war.toml", upf_move())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("3")
        await pilot.pause()
        app.go_to("map", system="Fromeltar")
        await pilot.pause()
        assert app.system == "Fromeltar"
        form = await open_move(app, pilot, FRIGATE)
        assert form.query_one("#field-toward", Choice).value == ""

    drive(path, scenario)


def test_the_rates_offered_are_those_the_ships_may_go_at(tmp_path: Path) -> None:
    """The frigate (ADF 4) may risk-jump at 2 or 3; with the damaged UPF Destroyer 1 marked too,
    only 1 box a day (Risk-Jump Limits: no ship with unrepaired hull damage moves more than one)."""
    path = saved(tmp_path / "war.toml", upf_move())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        form = await open_move(app, pilot, FRIGATE)
        assert [v for _, v in form.query_one("#field-rate", Choice).options] == ["1", "2", "3"]
        await pilot.press("escape")
        await pilot.pause()
        form = await open_move(app, pilot, FRIGATE, "UPF Destroyer 1")
        assert [v for _, v in form.query_one("#field-rate", Choice).options] == ["1"]

    drive(path, scenario)


def test_a_ship_moves_to_the_other_planet_of_its_system(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", upf_move())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        form = await open_move(app, pilot, FRIGATE)
        toward = form.query_one("#field-toward", Choice)
        assert toward.options[0] == ("Prenglar: here, to its other planet (Planet below)", "Prenglar")
        toward.value = "Prenglar"
        await pilot.pause()
        assert form.query_one("#field-planet", Choice).options == [("Gran Quivera", "Gran Quivera")]
        assert form.query_one("#field-planet", Choice).value == "Gran Quivera"  # (the only choice)
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert app.journal.state.unit(FRIGATE).place == Place("Prenglar", "Gran Quivera")

    drive(path, scenario)


def test_replace_at_lists_only_the_stations_that_take_the_ship(tmp_path: Path) -> None:
    """Fortress Gollwin owes one frigate or larger, Gran Quivera Station two small ships: for the
    TF Prenglar Frigate 1 (destroyed yesterday) only the fortress is offered."""
    campaign = war_day_two()
    campaign = victory.lose(campaign._replace(day=1), [campaign.unit("TF Prenglar Frigate 1")], "combat")._replace(day=2)
    owed = (Allowance("Fortress Gollwin", "large", 1, 2), Allowance("Gran Quivera Station", "small", 2, 2))
    path = saved(tmp_path / "war.toml", campaign._replace(step="upf-move", allowances=owed))

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "r")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        form.query_one("#field-ship", Choice).value = "TF Prenglar Frigate 1"
        await pilot.pause()
        assert [v for _, v in form.query_one("#field-at", Choice).options] == ["Fortress Gollwin"]

        await fill_in(app, pilot, ship="TF Prenglar Frigate 1", at="Fortress Gollwin")
        assert app.journal.state.unit("TF Prenglar Frigate 1").active

    drive(path, scenario)


def test_k_on_repairs_docks_the_ship_at_the_centre_its_line_names(tmp_path: Path) -> None:
    """The frigate, damaged, at Morgaine's World (Fortress Gollwin: no construction centre): its
    line names Prenglar/Gran Quivera; k goes to Gran Quivera (its day's move) and docks there."""
    campaign = upf_move()
    hurt = campaign.unit(FRIGATE)
    campaign = campaign.with_units([hurt._replace(roster=hurt.roster._replace(hull=hurt.roster.hull - 5))])
    path = saved(tmp_path / "war.toml", campaign)

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("4")
        await pilot.pause()
        app.screen.query_one("#queue").point(FRIGATE)
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        assert form.query_one("#field-ship", Choice).value == FRIGATE
        assert form.query_one("#field-centre", Choice).value == "Prenglar/Gran Quivera"
        await pilot.press("ctrl+a")
        await pilot.pause()
        frigate = app.journal.state.unit(FRIGATE)
        assert frigate.place == Place("Prenglar", "Gran Quivera") and frigate.roster.docked_at == "Gran Quivera Station"

    drive(path, scenario)


def test_s_on_forces_stops_a_journey(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", bound_for_dramune())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog) and form.options["names"] == [(f"{FRIGATE} · box 1: Prenglar -> Cassidine", FRIGATE)]
        form.query_one("#find-names", Input).value = FRIGATE
        await pilot.pause()
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert app.journal.state.unit(FRIGATE).bound == ""
        assert "stops its journey to Dramune" in text(app, "#said")

    drive(path, scenario)


def test_a_list_opens_on_its_first_entry_not_on_the_choice_made_before(tmp_path: Path) -> None:
    """Toward is Dramune (the journey kept); Enter opens its list with the cursor on the first entry,
    the nearest place, and Esc leaves Dramune chosen."""
    path = saved(tmp_path / "war.toml", bound_for_dramune())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        form = await open_move(app, pilot, FRIGATE)
        toward = form.query_one("#field-toward", Choice)
        toward.focus()
        await pilot.press("enter")
        await pilot.pause()
        listed = app.screen.query_one("#choice-options")
        assert listed.highlighted == 0 and toward.options[0][1] != "Dramune"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is form and toward.value == "Dramune"

    drive(path, scenario)


def test_dock_lists_the_ships_that_may_dock_where_the_ship_chosen_is(tmp_path: Path) -> None:
    """The frigate under the Forces cursor at Morgaine's World: Dock lists the ships there that may
    dock at Fortress Gollwin, not Task Force Cassidine's at Triad."""
    path = saved(tmp_path / "war.toml", upf_move())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2")
        await pilot.pause()
        app.go_to("forces", ship=FRIGATE)
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        listed = [value for _, value in form.options["names"]]
        campaign = app.journal.state
        ships = [u for u in campaign.named(listed)]  # (a fleet's name: all its ships)
        assert FRIGATE in listed and ships and all(u.place == Place("Prenglar", "Morgaine's World") for u in ships)
        assert not any(u.name.startswith("TF Cassidine") for u in ships)

    drive(path, scenario)


def test_move_with_no_way_chosen_offers_no_planet_and_goes_nowhere_unasked(tmp_path: Path) -> None:
    """In Prenglar (two planets), Move with Toward blank: no planet is chosen for the ships, and
    Ctrl+A is refused, saying where to; nothing moves."""
    path = saved(tmp_path / "war.toml", upf_move())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        form = await open_move(app, pilot, FRIGATE)
        assert form.query_one("#field-toward", Choice).value == "" and form.query_one("#field-planet", Choice).value == ""
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert app.screen is form and "say where to" in text(app, "#error-form")
        assert app.journal.state.unit(FRIGATE).place == Place("Prenglar", "Morgaine's World")

    drive(path, scenario)


def test_turning_back_a_risk_jump_the_form_offers_one_box_a_day(tmp_path: Path) -> None:
    """The TF Cassidine Battleship risk-jumps at 2 toward Dramune, before its jump: Toward Dramune
    offers 2 only; Toward Cassidine (turning back) 1 only, and the move is taken."""
    path = saved(tmp_path / "war.toml", upf_move())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        form = await open_move(app, pilot, "TF Cassidine Battleship")
        toward, rate = form.query_one("#field-toward", Choice), form.query_one("#field-rate", Choice)
        toward.value = "Dramune"
        await pilot.pause()
        assert [v for _, v in rate.options] == ["2"]
        toward.value = "Cassidine"
        await pilot.pause()
        assert [v for _, v in rate.options] == ["1"] and rate.value == "1"
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert app.journal.state.unit("TF Cassidine Battleship").place.turned  # type: ignore[union-attr]

    drive(path, scenario)
