"""Placing ships (Sathar Set-Up; UPF Set-Up; Sathar Reinforcements): non-attached fighters based at
their station, a ship placed elsewhere undocked, Strike Force NOVA's ships off the map until it comes,
fleets' names, a fighter's carrier into the Void; the Sathar reinforcements and how many of them one
start circle takes, the referee's override of that reading, the ships back from the Void. Each test
names the rule it holds the program to."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from referee.errors import RefereeError
from referee.sathar_war import campaign_file, fleets, repairs, setup, turn
from referee.sathar_war.campaign import Place
from tests.helpers.campaign import at_step, few_left_and_five_placed, hurt, put, round_trip, sathar_placed, started, war
from tests.helpers.cli import run
from tests.helpers.tables import TABLES

# ---------------------------------------------------------------------- the set-up: files that load after it


def test_a_non_attached_fighter_placed_at_a_planet_is_based_at_its_station() -> None:
    """UPF Spacefleet Order of Battle: 'The non-attached fighters can be placed with any of the task
    forces, or based at any station in the Frontier.' It leaves TF Prenglar's carrier."""
    placed = setup.place_upf(war(), ["UPF Fighter 1"], "Hentz")
    fighter = round_trip(placed.campaign).unit("UPF Fighter 1")
    assert fighter.place == Place("Araks", "Hentz") and fighter.roster.carried_by == "Hentz Station"
    assert placed.entries[0].text == "UPF Fighter 1 based at the Hentz Station (Hentz, Araks)"
    with pytest.raises(RefereeError, match="Laco has no station"):
        setup.place_upf(war(), ["UPF Fighter 1"], "Laco")


def test_a_non_attached_fighter_placed_from_the_shell_leaves_a_file_that_loads(tmp_path: Path) -> None:
    path = tmp_path / "w.toml"
    assert run("campaign", "new", str(path))[0] == 0
    assert run("campaign", "place", "UPF Fighter 1", "--at", "Hentz", "-c", str(path))[0] == 0
    code, out, err = run("campaign", "status", "-c", str(path))
    assert code == 0, err


def test_a_ship_placed_elsewhere_at_set_up_is_no_longer_docked_where_it_was() -> None:
    docked = fleets.dock(war(), ["UPF Destroyer 1"]).campaign
    moved = setup.place_upf(docked, ["UPF Destroyer 1"], "Hentz").campaign.unit("UPF Destroyer 1")
    assert moved.roster.docked_at == "" and moved.docked_since == 0


def test_non_attached_ships_assigned_to_nova_at_set_up_wait_off_the_map_and_come_with_it() -> None:
    """UPF Set-Up: 'Strike Force NOVA and any non-attached ships assigned to it are placed off the map
    until later.'"""
    joined = fleets.join(war(), "Strike Force NOVA", ["UPF Destroyer 1"])
    destroyer = joined.campaign.unit("UPF Destroyer 1")
    assert destroyer.status == "off-map" and destroyer.place is None and destroyer.fleet == "Strike Force NOVA"
    assert "off the map" in joined.entries[0].text
    placed = setup.place_nova(sathar_placed(joined.campaign), TABLES, random.Random(0), "4").campaign
    assert round_trip(placed).unit("UPF Destroyer 1").place == Place("Truane's Star", "Pale") == placed.unit("SF NOVA Battleship").place
    back = setup.place_upf(joined.campaign, ["UPF Destroyer 1"], "Hentz").campaign.unit("UPF Destroyer 1")
    assert back.active and back.fleet == "" and back.place == Place("Araks", "Hentz")  # the UPF player changed his mind


def test_only_non_attached_ships_join_nova_off_the_map_and_only_at_set_up() -> None:
    with pytest.raises(RefereeError, match="only non-attached ships are assigned to Strike Force NOVA"):
        fleets.join(war(), "Strike Force NOVA", ["TF Prenglar Frigate 1"])
    with pytest.raises(RefereeError, match="Strike Force NOVA is off the map"):
        fleets.join(started(), "strike force nova", ["UPF Destroyer 1"])


def test_nova_joined_and_placed_from_the_shell_leaves_a_file_that_loads(tmp_path: Path) -> None:
    path = str(tmp_path / "w.toml")
    assert run("campaign", "new", path)[0] == 0
    assert run("campaign", "fleet", "join", "Strike Force NOVA", "UPF Destroyer 1", "-c", path)[0] == 0
    assert run("campaign", "place", "Sathar Destroyer *", "--circle", "Prenglar", "-c", path)[0] == 0
    assert run("campaign", "place", "Sathar Frigate *", "Sathar Light Cruiser *", "--circle", "Fromeltar", "-c", path)[0] == 0
    code, out, _ = run("campaign", "nova", "--roll", "4", "-c", path)
    assert code == 0 and "Strike Force NOVA (11 ships and 6 fighters) placed at Pale" in out
    code, out, err = run("campaign", "forces", "--fleet", "Strike Force NOVA", "-c", path)
    assert code == 0, err
    assert "UPF Destroyer 1 [Strike Force NOVA]: destroyer, active at Pale (Truane's Star)" in out
    campaign = campaign_file.read(Path(path), TABLES)
    assert {u.place for u in campaign.units if u.fleet == "Strike Force NOVA"} == {Place("Truane's Star", "Pale")}


def test_a_new_fleet_cannot_take_the_name_of_a_fleet_off_the_map() -> None:
    """The same hole another way: a fleet formed on the map under an off-map fleet's name."""
    with pytest.raises(RefereeError, match="only non-attached ships"):
        fleets.join(war(), "strike force nova", ["TF Prenglar Frigate 1", "TF Prenglar Frigate 2"])


def test_a_fighter_aboard_a_carrier_does_not_enter_the_void_without_it() -> None:
    """Found looking for siblings: a Sathar fighter sent into the Void alone left its carrier, which
    then carried it back onto the map while it was in the Void (a file that would not load)."""
    campaign = at_step(started(), "sathar-move", 2)
    campaign = hurt(put(campaign, ["Sathar Assault Carrier 1"], Place("Prenglar Start Circle")), "Sathar Assault Carrier 1", 70)
    with pytest.raises(RefereeError, match="aboard the Sathar Assault Carrier 1 and goes where it goes"):
        repairs.enter_void(campaign, ["Sathar Fighter 1"])
    gone = repairs.enter_void(campaign, ["Sathar Assault Carrier 1"]).campaign
    assert {u.status for u in gone.units if u.roster.carried_by == "Sathar Assault Carrier 1"} == {"void"}
    assert round_trip(gone) == gone


# ---------------------------------------------------------------------- Sathar reinforcements


def test_a_lone_sathar_reinforcement_can_be_placed() -> None:
    """Sathar Set-Up: 'On any turn, however, no more than half of the Sathar ships placed on the map may
    start in one start circle.' Read: of the Sathar ships on the map, no more than half start the turn in
    one circle. One heavy cruiser placed on day 5 beside the 30 ships already on the map is 1 of 31."""
    campaign = at_step(started(), "sathar-move", 5)
    campaign = campaign.with_units([u._replace(place=Place("Prenglar"), placed=0) for u in campaign.units if u.side == "Sathar" and u.active])
    placed = setup.place_sathar(campaign, ["Sathar Heavy Cruiser 1"], "Kizk-Kar").campaign
    assert setup.sathar_placement_problems(placed) == []
    assert turn.advance(placed, TABLES).campaign.step == "upf-move"


def test_reinforcements_may_not_be_more_than_half_of_the_sathar_on_the_map_in_one_circle() -> None:
    with pytest.raises(RefereeError, match="no more than half of the 9 Sathar ships on the map may start in one start circle: Kizk-Kar Start Circle holds 5"):
        turn.advance(few_left_and_five_placed(), TABLES)


def test_the_referee_may_override_the_placement_reading_with_a_logged_note() -> None:
    note = "we read it as the ships placed in the whole war"
    done = turn.advance(few_left_and_five_placed(), TABLES, override=note)
    assert done.campaign.step == "upf-move"
    assert done.entries[0].text == f"the referee overrides a reading (of the Sathar ships on the map, no more than half start a turn in one start circle): {note}"
    assert "Sathar Set-Up" in done.entries[0].rule
    with pytest.raises(RefereeError, match="nothing to override"):
        turn.advance(at_step(started(), "upf-move", 5), TABLES, override=note)
    with pytest.raises(RefereeError, match="at least 20 ships"):  # the book's own words are not a reading
        turn.advance(setup.choose_retreat(war(), 1).campaign, TABLES, override=note)


def test_ships_back_from_the_void_start_the_day_in_their_circle() -> None:
    campaign = few_left_and_five_placed()
    back = campaign.with_units([campaign.unit("Sathar Heavy Cruiser 5")._replace(status="void", place=None, returns=6, placed=-1)])
    back = at_step(back, "upf-attacks", 5)._replace(day=5)
    after = turn.advance(back, TABLES).campaign  # day 6: it comes back to the Kizk-Kar circle
    assert after.unit("Sathar Heavy Cruiser 5").placed == 6
    assert "back from the Void, completely repaired, in a start circle: Sathar Heavy Cruiser 5 (Kizk-Kar Start Circle)" in [e.text for e in after.log]


def test_a_sathar_ship_placed_in_this_step_may_be_placed_again_elsewhere() -> None:
    """At set-up the Sathar player may take back a counter set down in a start circle and put it in
    another (found by a seeded walk: 26 ships placed in one circle left no way out of the set-up)."""
    campaign = setup.place_sathar(war(), ["Sathar Destroyer *", "Sathar Frigate *", "Sathar Light Cruiser *"], "Prenglar").campaign
    with pytest.raises(RefereeError, match="no more than half"):
        turn.advance(setup.choose_retreat(campaign, 3).campaign, TABLES)
    again = setup.place_sathar(campaign, ["Sathar Frigate *", "Sathar Light Cruiser *"], "Fromeltar")
    frigate = again.campaign.unit("Sathar Frigate 1")
    assert frigate.place == Place("Fromeltar Start Circle") and frigate.circle == "Fromeltar Start Circle"
    day_one = turn.advance(setup.choose_retreat(again.campaign, 3).campaign, TABLES).campaign
    assert day_one.step == "sathar-move"
    with pytest.raises(RefereeError, match="only Sathar ships off the map can be placed"):
        setup.place_sathar(day_one, ["Sathar Frigate 1"], "Prenglar")  # placed at set-up, not today
