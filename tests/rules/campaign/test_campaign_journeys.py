"""Moves to any place on the map: the ships follow the way of fewest days, one day at a time, and
the log says the way and the days to arrive (Strategic Movement: Transit Boxes, Risk Jumping).

Figures worked by hand on the default map (campaigns/frontier-map.toml): Prenglar - Cassidine has 8
transit boxes, the jump toward Cassidine in box 5 and toward Prenglar in box 4; Dramune - Cassidine
has 5, the jump toward Cassidine in box 4 and toward Dramune in box 2 (numbered from Dramune).
At one box a day a route of N boxes takes N + 1 days (N boxes, then the system). At two boxes a
day, entering the jump box ends that day's move: Prenglar to Cassidine is 2, 2, 1 (box 5, the jump),
2, 2 boxes: 5 days; Cassidine to Dramune is 2, 2 (box 2, the jump), 2: 3 days.
"""

from __future__ import annotations

import pytest

from referee.errors import RefereeError
from referee.sathar_war import movement
from referee.sathar_war.campaign import Place
from tests.helpers.campaign import at_step, move, put, started
from tests.helpers.tables import TABLES


def test_the_way_to_dramune_from_prenglar_goes_by_cassidine_in_15_days_or_8_risk_jumping() -> None:
    campaign = started()
    at_one = movement.journeys(campaign, "UPF", Place("Prenglar"), 1)["Dramune"]
    assert at_one == movement.Journey(("Cassidine", "Dramune"), 9 + 6, 1)
    assert at_one.shown() == "Dramune by Cassidine: 15 days at 1 box a day"
    assert movement.journeys(campaign, "UPF", Place("Prenglar"), 2)["Dramune"].days == 5 + 3


def test_a_move_toward_a_far_system_takes_the_first_route_of_the_way_and_says_the_days_left() -> None:
    campaign = move(started(), ["TF Prenglar Frigate 1"], toward="Dramune")
    frigate = campaign.unit("TF Prenglar Frigate 1")
    assert frigate.place == Place("Prenglar - Cassidine", box=1, toward="Cassidine")
    assert "bound for Dramune by Cassidine: 14 more days at 1 box a day" in campaign.log[-1].text  # 8 on this route + 6 (the line before: it leaves its fleet)


def test_ships_before_their_jump_turn_back_when_that_is_the_shorter_way() -> None:
    """A frigate in box 2 of Prenglar - Cassidine, accelerating toward Cassidine (its jump is in box
    5), ordered to Timeon (next to Prenglar): back to Prenglar is 2 days at one box a day (box 1,
    then Prenglar); on to Cassidine and round would be far longer. It turns back."""
    campaign = put(at_step(started(), "upf-move"), ["TF Prenglar Frigate 1"], Place("Prenglar - Cassidine", box=2, toward="Cassidine"))
    way = movement.journeys(campaign, "UPF", Place("Prenglar - Cassidine", box=2, toward="Cassidine"), 1)["Timeon"]
    assert way.stops == ("Prenglar", "Timeon")
    campaign = move(campaign, ["TF Prenglar Frigate 1"], toward="Timeon")
    assert campaign.unit("TF Prenglar Frigate 1").place == Place("Prenglar - Cassidine", box=1, toward="Prenglar", turned=True)


def test_ships_that_jumped_go_on_to_the_end_ahead_first() -> None:
    """Jumped in box 5 toward Cassidine, bound for Prenglar's neighbour Timeon: the only way is on to
    Cassidine (no turning back after the jump), then the long way round or back."""
    place = Place("Prenglar - Cassidine", box=5, toward="Cassidine", jumped=True)
    way = movement.journeys(at_step(started(), "upf-move"), "UPF", place, 1)["Timeon"]
    assert way.stops[0] == "Cassidine"


def test_upf_ships_never_plan_through_a_red_path_and_a_place_out_of_reach_is_refused() -> None:
    campaign = started()
    assert "Fromeltar Start Circle" not in movement.journeys(campaign, "UPF", Place("Prenglar"), 1)
    assert movement.journeys(campaign, "Sathar", Place("Prenglar"), 1)["Fromeltar Start Circle"].stops[-2:] == ("Fromeltar", "Fromeltar Start Circle")
    with pytest.raises(RefereeError, match="cannot reach Fromeltar Start Circle"):
        movement.move(at_step(campaign, "upf-move"), TABLES, ["TF Prenglar Frigate 1"], toward="Fromeltar Start Circle")


def test_a_red_path_is_one_box_a_day_and_says_so_before_the_rates_of_a_jump() -> None:
    """Sathar destroyers in the Prenglar start circle's red boxes: a risk jump is refused by the red
    path's rule (there is no jump box on it), not by the rule of a jump's rates."""
    campaign = put(started(), ["Sathar Destroyer 1"], Place("Prenglar Start Circle - Prenglar", box=2, toward="Prenglar"))
    with pytest.raises(RefereeError, match="move one box a day until they reach a system"):
        move(campaign, ["Sathar Destroyer 1"], toward="Prenglar", rate=3, side="Sathar")


def test_a_damaged_ship_far_from_a_centre_is_told_the_nearest_open_one_and_its_days() -> None:
    """A damaged UPF frigate at Athor: Araks/Hentz (Athor - Araks, 9 boxes: 10 days at one box a day)
    is nearer than Prenglar/Gran Quivera (Prenglar - Athor, 12 boxes: 13 days). With Sathar ships
    in Araks its centre is closed: Prenglar is the nearest open one."""
    from referee.sathar_war import repairs

    campaign = put(started(), ["TF Prenglar Frigate 1"], Place("Athor"))
    frigate = campaign.unit("TF Prenglar Frigate 1")
    found = repairs.nearest_centre(campaign, frigate)
    assert found is not None and (found[0].name, found[1]) == ("Araks/Hentz", 10)
    closed = put(campaign, ["Sathar Destroyer 1"], Place("Araks"))
    found = repairs.nearest_centre(closed, closed.unit("TF Prenglar Frigate 1"))
    assert found is not None and (found[0].name, found[1]) == ("Prenglar/Gran Quivera", 13)


def test_a_whole_fleet_moving_is_named_by_its_fleet_in_the_log() -> None:
    campaign = started()
    size = len(campaign.fleet("Task Force Prenglar"))
    moved = move(campaign, ["Task Force Prenglar"], toward="Cassidine")
    assert moved.log[-1].text.startswith(f"Task Force Prenglar ({size} ships) move from Morgaine's World (Prenglar) to box 1 of 8 from Prenglar to Cassidine")
    one = move(campaign, ["TF Prenglar Frigate 1", "TF Prenglar Frigate 2"], toward="Cassidine")
    assert any(e.text.startswith("TF Prenglar Frigate 1-2 move from") for e in one.log[-3:])  # (their numbers run together: referee.names)
