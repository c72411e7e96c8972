"""Journeys kept from day to day: a move to a place further than a day's move is a standing order;
``movement.carry_on`` moves every journey of the side moving on one day, by the same rules as a
move ordered that day (Strategic Movement), and ``movement.stop`` ends one.

Figures worked by hand on the default map (campaigns/frontier-map.toml), as in
test_sathar_war_journeys.py: Prenglar - Cassidine has 8 transit boxes (the jump toward Cassidine in
box 5), Cassidine - Dramune 5 (the jump toward Dramune in box 2, numbered from Dramune). At one box
a day Prenglar to Cassidine takes 9 days (8 boxes, then the system) and Cassidine to Dramune 6:
Prenglar to Dramune, 15.
"""

from __future__ import annotations

import random

import pytest

from referee.errors import RefereeError
from referee.sathar_war import campaign_file, fleets, movement, repairs
from referee.sathar_war.campaign import Campaign, Place
from referee.sathar_war.victory import lose
from tests.helpers.campaign import at_step, hurt, move, put, started
from tests.helpers.tables import TABLES

FRIGATE = "TF Prenglar Frigate 1"


def upf_day(campaign: Campaign) -> Campaign:
    """The next UPF move: the day's marks cleared, every journey carried on."""
    return movement.carry_on(at_step(campaign, "upf-move"), TABLES, random.Random(0)).campaign


def bound_for_dramune() -> Campaign:
    """The frigate ordered from Prenglar to Dramune, to stop at Outer Reach: its first day moved."""
    return move(started(), [FRIGATE], toward="Dramune", planet="Outer Reach")


def test_a_move_further_than_a_day_keeps_the_journey_as_a_standing_order() -> None:
    frigate = bound_for_dramune().unit(FRIGATE)
    assert frigate.place == Place("Prenglar - Cassidine", box=1, toward="Cassidine")
    assert (frigate.bound, frigate.bound_rate, frigate.bound_planet) == ("Dramune", 1, "Outer Reach")


def test_the_journey_goes_on_day_after_day_by_cassidine_and_stops_at_the_planet_named() -> None:
    campaign = bound_for_dramune()
    for _ in range(8):  # days 2-9: boxes 2-8, then Cassidine
        campaign = upf_day(campaign)
    frigate = campaign.unit(FRIGATE)
    assert frigate.place is not None and frigate.place.where == "Cassidine" and frigate.bound == "Dramune"
    assert "arriving; bound for Dramune: 6 more days at 1 box a day" in campaign.log[-1].text
    for _ in range(6):  # days 10-15: the five boxes, then Dramune
        campaign = upf_day(campaign)
    frigate = campaign.unit(FRIGATE)
    assert frigate.place == Place("Dramune", "Outer Reach") and frigate.bound == ""
    with pytest.raises(RefereeError, match="no UPF ship keeps a journey"):
        upf_day(campaign)


def test_a_move_without_a_way_named_goes_on_with_the_journey_kept() -> None:
    """At Cassidine on the way to Dramune, `campaign move FRIGATE` alone takes the next leg."""
    campaign = bound_for_dramune()
    for _ in range(8):
        campaign = upf_day(campaign)
    campaign = move(campaign, [FRIGATE])
    assert campaign.unit(FRIGATE).place == Place("Dramune - Cassidine", box=5, toward="Dramune")


def test_a_new_move_changes_the_journey_and_stop_ends_it_coasting_in_its_box() -> None:
    campaign = move(bound_for_dramune(), [FRIGATE], toward="Cassidine")
    frigate = campaign.unit(FRIGATE)
    assert (frigate.bound, frigate.bound_planet) == ("Cassidine", "")
    done = movement.stop(campaign, [FRIGATE])
    assert done.campaign.unit(FRIGATE).bound == ""
    assert done.entries[0].text == f"{FRIGATE} stops its journey to Cassidine: it stays in box 2 of 8 from Prenglar to Cassidine (accelerating), coasting at its speed until a move is ordered"
    assert "coast" in done.entries[0].rule
    with pytest.raises(RefereeError, match="keeps no journey"):
        movement.stop(done.campaign, [FRIGATE])


def test_ships_in_different_places_bound_for_one_place_each_go_their_own_way() -> None:
    """The frigate at Prenglar and the TF Cassidine ships at Cassidine, both to Dramune: the frigate
    leaves by Prenglar - Cassidine, the Cassidine ships by Cassidine - Dramune, each keeping the journey."""
    campaign = at_step(started(), "upf-move")
    cassidine = [u.name for u in campaign.units if u.active and u.place == Place("Cassidine", u.place.planet if u.place else "") and u.side == "UPF" and not u.station and not u.roster.carried_by][:2]
    assert len(cassidine) == 2
    done = movement.move(campaign, TABLES, [FRIGATE, *cassidine], toward="Dramune")
    after = done.campaign
    assert after.unit(FRIGATE).place == Place("Prenglar - Cassidine", box=1, toward="Cassidine")
    assert {after.unit(n).place for n in cassidine} == {Place("Dramune - Cassidine", box=5, toward="Dramune")}
    assert {after.unit(n).bound for n in (FRIGATE, *cassidine)} == {"Dramune"}
    texts = [e.text for e in done.entries]
    assert any("bound for Dramune by Cassidine: 14 more days" in t for t in texts), texts


def test_a_group_that_may_not_go_on_keeps_its_journey_and_the_log_says_why() -> None:
    """Risk-jumping at two boxes a day, the frigate's hull is damaged: it may not go on at 2 (Risk-Jump
    Limits); another ship's journey goes on the same day."""
    campaign = move(started(), [FRIGATE], toward="Dramune", rate=2)
    campaign = move(campaign, ["TF Prenglar Frigate 2"], toward="Cassidine")
    hurt = campaign.unit(FRIGATE)
    campaign = campaign.with_units([hurt._replace(roster=hurt.roster._replace(hull=hurt.roster.hull - 1))])
    done = movement.carry_on(at_step(campaign, "upf-move"), TABLES)
    texts = [e.text for e in done.entries]
    assert any(t.startswith(f"{FRIGATE} keeps its journey to Dramune but does not go on today: a ship with unrepaired hull damage") for t in texts), texts
    assert texts[-1] == "the UPF journeys: 1 of 2 go on; 1 does not go on today (the Log says why)"  # (the message line's: several journeys)
    assert done.campaign.unit(FRIGATE).place == hurt.place and done.campaign.unit(FRIGATE).bound == "Dramune"
    assert done.campaign.unit("TF Prenglar Frigate 2").place == Place("Prenglar - Cassidine", box=2, toward="Cassidine")


def test_a_risk_jump_on_the_way_rolls_its_misjump_typed_under_a_ship_of_the_group() -> None:
    """Two boxes a day from Prenglar: boxes 2, 4, then box 5 is the jump box (the day's move stops
    there): the d100 is rolled then, 95 or less safe for a UPF ship at two boxes a day (ssw.misjump)."""
    campaign = move(started(), [FRIGATE], toward="Dramune", rate=2)
    campaign = upf_day(campaign)
    assert campaign.unit(FRIGATE).place == Place("Prenglar - Cassidine", box=4, toward="Cassidine", rate=2)
    with pytest.raises(RefereeError, match="rolls given for Sathar Destroyer 1"):
        movement.carry_on(at_step(campaign, "upf-move"), TABLES, rolled={"Sathar Destroyer 1": "12"})
    done = movement.carry_on(at_step(campaign, "upf-move"), TABLES, rolled={FRIGATE: "96"})
    assert done.campaign.unit(FRIGATE).status == "misjumped" and "MISJUMP: 96 >" in done.entries[-1].text


def test_docking_leaving_the_map_and_the_void_end_a_journey() -> None:
    campaign = bound_for_dramune()
    assert lose(campaign, [campaign.unit(FRIGATE)], "combat").unit(FRIGATE).bound == ""
    sathar = move(started(), ["Sathar Destroyer 1"], side="Sathar", toward="Dramune")
    assert sathar.unit("Sathar Destroyer 1").bound == "Dramune"
    back = hurt(put(sathar, ["Sathar Destroyer 1"], Place("Prenglar Start Circle")), "Sathar Destroyer 1", 40)
    assert repairs.enter_void(at_step(back, "sathar-move"), ["Sathar Destroyer 1"]).campaign.unit("Sathar Destroyer 1").bound == ""
    at_dramune = put(campaign, [FRIGATE], Place("Dramune", "Outer Reach"))
    assert fleets.dock(at_step(at_dramune, "upf-move"), [FRIGATE]).campaign.unit(FRIGATE).bound == ""


def test_carrying_on_is_for_the_side_moving_now() -> None:
    campaign = bound_for_dramune()
    with pytest.raises(RefereeError, match="journeys go on in a movement step"):
        movement.carry_on(at_step(campaign, "sathar-attacks"), TABLES)
    with pytest.raises(RefereeError, match="no Sathar ship keeps a journey"):
        movement.carry_on(at_step(campaign, "sathar-move"), TABLES)


def test_the_journey_is_kept_in_the_file_and_a_wrong_one_is_refused() -> None:
    campaign = bound_for_dramune()
    again = campaign_file.from_dict(campaign_file.to_dict(campaign), TABLES)
    assert again.unit(FRIGATE)[:] == campaign.unit(FRIGATE)[:]
    data = campaign_file.to_dict(campaign)
    mine = next(u for u in data["units"] if u["name"] == FRIGATE)
    assert (mine["bound"], mine["bound_planet"]) == ("Dramune", "Outer Reach") and "bound_rate" not in mine  # (1: the default, left out)
    for change, wrong in (
        ({"bound": "Nowhere"}, "bound 'Nowhere' is not a system or start circle of the map"),
        ({"bound_planet": "Triad"}, "bound_planet 'Triad' is not a planet of Dramune"),
        ({"bound_rate": 4}, "bound_rate"),
        ({"bound": "", "bound_planet": "Outer Reach"}, "give bound"),
    ):
        bad = campaign_file.to_dict(campaign)
        next(u for u in bad["units"] if u["name"] == FRIGATE).update(change)
        with pytest.raises(RefereeError, match=wrong):
            campaign_file.from_dict(bad, TABLES)


def test_toward_the_system_they_are_in_is_a_move_to_its_other_planet() -> None:
    campaign = move(started(), [FRIGATE], toward="Prenglar", planet="Gran Quivera")
    assert campaign.unit(FRIGATE).place == Place("Prenglar", "Gran Quivera")
    with pytest.raises(RefereeError, match="is in Prenglar already: name the planet"):
        move(started(), [FRIGATE], toward="Prenglar")


def test_a_journey_from_a_transit_box_goes_the_way_its_log_line_promised() -> None:
    """A frigate bound for Dramune in box 7 of Prenglar - Cassidine, heading for Prenglar (not yet
    jumped): the way of fewest days turns back to Cassidine (2 days) and on by Dramune - Cassidine
    (6): 8 days. Each day's line says so, and the journey takes those 8 days."""
    campaign = at_step(started(), "upf-move")
    frigate = campaign.unit(FRIGATE)
    campaign = campaign.with_units([frigate._replace(fleet="", place=Place("Prenglar - Cassidine", box=7, toward="Prenglar"), bound="Dramune")])
    assert movement.journeys(campaign, "UPF", campaign.unit(FRIGATE).place, 1)["Dramune"].days == 8
    done = movement.carry_on(campaign, TABLES)
    assert done.campaign.unit(FRIGATE).place == Place("Prenglar - Cassidine", box=8, toward="Cassidine", turned=True)
    assert "bound for Dramune by Cassidine: 7 more days" in done.entries[-1].text
    campaign, days = done.campaign, 1
    while campaign.unit(FRIGATE).bound:
        campaign, days = upf_day(campaign), days + 1
    assert days == 8 and campaign.unit(FRIGATE).place is not None and campaign.unit(FRIGATE).place.where == "Dramune"


def test_a_journey_ordered_again_without_a_rate_keeps_its_rate_and_says_it_true() -> None:
    """Bound for Dramune at two boxes a day, at Cassidine; the move ordered again toward Dramune with
    no rate goes on at 2 (the journey's), as its line says: boxes 5 and 4 of Dramune - Cassidine
    (numbered from Dramune), then 3 and 2 (the jump box stops the day), then 1 and Dramune: 2 more days."""
    campaign = move(started(), [FRIGATE], toward="Dramune", rate=2)
    while campaign.unit(FRIGATE).place.on_route:  # type: ignore[union-attr]
        campaign = movement.carry_on(at_step(campaign, "upf-move"), TABLES, rolled={FRIGATE: "10"}).campaign
    done = movement.move(at_step(campaign, "upf-move"), TABLES, [FRIGATE], "Dramune")
    assert done.campaign.unit(FRIGATE).place == Place("Dramune - Cassidine", box=4, toward="Dramune", rate=2)
    assert "bound for Dramune: 2 more days at 2 boxes a day" in done.entries[-1].text


def test_breaking_off_and_joining_a_fleet_end_a_journey_kept() -> None:
    from referee.sathar_war import battles

    campaign = bound_for_dramune()
    campaign = put(campaign, [FRIGATE], Place("Cassidine", "Triad"))._replace(step="sathar-attacks")
    joined = fleets.join(campaign, "Task Force Cassidine", [FRIGATE])
    assert joined.campaign.unit(FRIGATE).bound == "" and "(the journey they kept ends: the fleet keeps none)" in joined.entries[-1].text
    sathar = put(campaign, ["Sathar Destroyer 1"], Place("Cassidine", "Triad"))
    fight = battles.declare(sathar, TABLES, "Cassidine", "Triad", (), "").campaign
    escaped = battles.record(fight, FRIGATE, battles.Outcome(escaped="Prenglar"))
    assert escaped.campaign.unit(FRIGATE).bound == "" and escaped.campaign.unit(FRIGATE).place.on_route  # type: ignore[union-attr]


def test_a_militia_ship_takes_no_journey_beyond_the_systems_next_to_its_home() -> None:
    campaign = at_step(started(), "upf-move")
    militia = next(u for u in campaign.units if u.militia and u.active and u.place is not None and u.place.where == "White Light")
    with pytest.raises(RefereeError, match="may go only to a system next to its home system White Light.*not on to K'aken-Kar"):
        movement.move(campaign, TABLES, [militia.name], "K'aken-Kar")


def test_the_rates_offered_follow_the_way_chosen() -> None:
    """Risk-jumping at 2 in box 2 toward Cassidine: on toward Cassidine, 2 only (the rate set out at,
    until the jump); back to Prenglar, 1 only (turning back decelerates at one box a day)."""
    campaign = move(started(), [FRIGATE], toward="Cassidine", rate=2)
    campaign = at_step(campaign, "upf-move")
    frigate = [campaign.unit(FRIGATE)]
    assert movement.rates(campaign, frigate, "Cassidine") == [2]
    assert movement.rates(campaign, frigate, "Prenglar") == [1]


def test_a_risk_jump_before_its_jump_box_is_not_stopped_to_coast() -> None:
    campaign = move(started(), [FRIGATE], toward="Dramune", rate=2)
    with pytest.raises(RefereeError, match="risk-jumping toward the jump box and may not coast"):
        movement.stop(at_step(campaign, "upf-move"), [FRIGATE])
