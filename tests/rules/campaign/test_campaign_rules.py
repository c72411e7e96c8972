"""The Second Sathar War rules layer: set-up, the turn sequence, movement and misjumps, militia."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from referee.errors import RefereeError
from referee.resources import campaigns_dir
from referee.sathar_war import battles, campaign_file, fleets, forces, frontier, movement, repairs, setup, supply, turn, victory
from referee.sathar_war.battles import Outcome
from referee.sathar_war.campaign import Campaign, Place
from tests.helpers.campaign import MAP, at_step, contested_prenglar, hurt, move, put, round_trip, started, war
from tests.helpers.tables import TABLES

# ---------------------------------------------------------------------- the orders of battle


def test_a_new_war_has_every_ship_of_the_orders_of_battle() -> None:
    campaign = war()
    by_force: dict[str, int] = {}
    for unit in campaign.units:
        by_force[unit.force] = by_force.get(unit.force, 0) + 1
    assert by_force == {"Station": 19, "Sathar": 67, "Task Force Cassidine": 16, "Task Force Prenglar": 16, "Strike Force NOVA": 16, "Non-Attached": 12, "Militia": 37}
    classes = [u.ship_class for u in campaign.units if u.station]
    assert (classes.count("fortress"), classes.count("fortified station"), classes.count("armed station")) == (4, 4, 11)
    assert sum(1 for u in campaign.units if u.side == "Sathar" and not u.fighter) == 42


def test_sathar_fighters_start_aboard_the_carriers_at_most_eight_each() -> None:
    campaign = war()
    carriers = [u for u in campaign.units if u.side == "Sathar" and u.ship_class == "assault carrier"]
    loads = sorted(len(campaign.aboard(c.name)) for c in carriers)
    assert loads == [6, 6, 6, 7] and all(n <= forces.SATHAR_CARRIER_CAPACITY for n in loads)


def test_names_are_distinct_and_the_same_in_every_new_war() -> None:
    names = [u.name for u in war().units]
    assert len(set(names)) == len(names)
    assert names == [u.name for u in war().units]
    assert "Fortress Gollwin" in names and "TF Prenglar Battleship" in names and "Sathar Heavy Cruiser 8" in names


def test_upf_set_up_follows_the_book() -> None:
    campaign = war()
    assert campaign.unit("TF Prenglar Battleship").place == Place("Prenglar", "Morgaine's World")
    assert campaign.unit("TF Cassidine Battleship").place == Place("Cassidine", "Triad")
    assert campaign.unit("SF NOVA Battleship").status == "off-map"
    militia = campaign.unit("Minotaur Militia Destroyer")
    assert militia.place == Place("Theseus", "Minotaur") and militia.roster.docked_at == "Minotaur Station"
    assert campaign.unit("Gollywog Militia Frigate").roster.docked_at == "Fortress Redoubt"
    assert campaign.unit("TF Cassidine Fighter 1").roster.carried_by == "TF Cassidine Assault Carrier"
    fortress = campaign.unit("Fortress Kdikit").roster
    assert (fortress.hull, fortress.dcr, [s.shown() for s in fortress.weapons]) == (300, 200, ["LB x3", "EB", "PB", "RB x12"])


# ---------------------------------------------------------------------- set-up


def test_the_sathar_must_place_twenty_ships_in_two_circles_no_more_than_half_in_one() -> None:
    campaign = setup.choose_retreat(war(), 1).campaign
    few = setup.place_sathar(campaign, [f"Sathar Destroyer {n}" for n in range(1, 11)], "Prenglar").campaign
    few = setup.place_sathar(few, ["Sathar Frigate *", "Sathar Light Cruiser 1"], "Kizk-Kar").campaign
    with pytest.raises(RefereeError, match="at least 20 ships"):
        turn.advance(few, TABLES)
    lopsided = setup.place_sathar(few, ["Sathar Destroyer 11", "Sathar Destroyer 12"], "Prenglar").campaign
    with pytest.raises(RefereeError, match="no more than half of the 21 .* Prenglar Start Circle holds 12"):
        turn.advance(lopsided, TABLES)
    even = setup.place_sathar(few, ["Sathar Destroyer 11"], "K'tsa-Kar").campaign
    assert turn.advance(even, TABLES).campaign.day == 1


def test_fighters_come_with_their_carrier_and_are_not_counted() -> None:
    campaign = setup.place_sathar(war(), ["Sathar Assault Carrier 1"], "Prenglar").campaign
    aboard = campaign.aboard("Sathar Assault Carrier 1")
    assert len(aboard) == 7 and all(f.place == Place("Prenglar Start Circle") for f in aboard)
    assert "at least 20 ships (not counting fighters) before the first turn; 1 placed" in " ".join(setup.sathar_placement_problems(campaign))
    with pytest.raises(RefereeError, match="aboard a carrier"):
        setup.place_sathar(war(), ["Sathar Fighter 1"], "Prenglar")


def test_the_retreat_condition_is_chosen_before_the_first_turn_and_kept_sealed() -> None:
    with pytest.raises(RefereeError, match="not chosen a retreat condition"):
        turn.advance(setup.place_sathar(setup.place_sathar(war(), ["Sathar Destroyer *"], "Prenglar").campaign, ["Sathar Frigate *", "Sathar Light Cruiser *"], "Fromeltar").campaign, TABLES)
    with pytest.raises(RefereeError, match="1 to 5"):
        setup.choose_retreat(war(), 6)
    chosen = setup.choose_retreat(war(), 4)
    assert chosen.campaign.retreat_condition == 4 and "4" not in chosen.entries[0].text
    with pytest.raises(RefereeError, match="before the first turn"):
        setup.choose_retreat(started(), 2)


def test_on_day_one_ships_in_start_circles_must_move_into_the_red_boxes() -> None:
    campaign = started()
    with pytest.raises(RefereeError, match="must move into the red transit box"):
        turn.advance(campaign, TABLES)
    campaign = movement.move(campaign, TABLES, ["Sathar Destroyer *"], toward="Prenglar").campaign
    campaign = movement.move(campaign, TABLES, ["Sathar Frigate *", "Sathar Light Cruiser *"], toward="Fromeltar").campaign
    assert campaign.unit("Sathar Destroyer 1").place == Place("Prenglar Start Circle - Prenglar", box=1, toward="Prenglar")
    assert turn.advance(campaign, TABLES).campaign.step == "upf-move"


def test_strike_force_nova_is_placed_by_the_table() -> None:
    campaign = started()
    with pytest.raises(RefereeError, match="start of a UPF turn"):
        setup.place_nova(campaign, TABLES, random.Random(0), "4")
    campaign = at_step(campaign, "upf-move")
    placed = setup.place_nova(campaign, TABLES, random.Random(0), "4")
    assert placed.campaign.unit("SF NOVA Battleship").place == Place("Truane's Star", "Pale")
    assert "row 4" in placed.entries[0].rule and "entered" in placed.entries[0].rolls[0]
    assert setup.place_nova(campaign, TABLES, random.Random(0), "10").campaign.unit("SF NOVA Frigate 1").place == Place("K'tsa-Kar", "Kawdl-Kit")
    after_a_move = movement.move(campaign, TABLES, ["Task Force Prenglar"], toward="Cassidine").campaign
    with pytest.raises(RefereeError, match="before any UPF ship moves"):
        setup.place_nova(after_a_move, TABLES, random.Random(0), "4")
    with pytest.raises(RefereeError, match="after the Sathar initial placement"):
        setup.place_nova(war(), TABLES, random.Random(0), "4")
    with pytest.raises(RefereeError, match="1d10"):
        setup.place_nova(campaign, TABLES, random.Random(0), "11")


def test_shatter_drones_are_two_frigates_of_a_side_chosen_before_the_first_turn() -> None:
    with pytest.raises(RefereeError, match="does not use the optional Shatter Drones rule"):
        setup.choose_drones(war(), "Sathar", ["Sathar Frigate 1", "Sathar Frigate 2"])
    campaign = war(shatter_drones=True)
    campaign = setup.choose_drones(campaign, "Sathar", ["Sathar Frigate 1", "Sathar Frigate 2"]).campaign
    campaign = setup.choose_drones(campaign, "UPF", ["Pale Militia Frigate", "TF Prenglar Frigate 1"]).campaign
    assert {u.name for u in campaign.units if u.drone} == {"Sathar Frigate 1", "Sathar Frigate 2", "Pale Militia Frigate", "TF Prenglar Frigate 1"}
    with pytest.raises(RefereeError, match="not a UPF frigate"):
        setup.choose_drones(campaign, "UPF", ["TF Prenglar Destroyer 1", "TF Prenglar Frigate 2"])


# ---------------------------------------------------------------------- movement


def test_a_fleet_moves_one_box_a_day_and_jumps_in_the_middle_of_the_route() -> None:
    campaign = at_step(war(), "upf-move")
    route = MAP.between("Prenglar", "Cassidine")  # 7 light-years: 8 boxes (inferred), jump box 5 heading to Cassidine
    assert (route.boxes, route.jump_box("Cassidine")) == (8, 5)
    with pytest.raises(RefereeError, match="say where to: one of Cassidine, Dixon's Star, Athor, Gruna Garu, Timeon$"):
        move(campaign, ["Task Force Prenglar"])  # in a system, a fleet needs a destination
    campaign = move(campaign, ["Task Force Prenglar"], toward="Cassidine")
    places = [campaign.unit("TF Prenglar Battleship").place]
    for _ in range(8):
        campaign = move(campaign, ["Task Force Prenglar"])
        places.append(campaign.unit("TF Prenglar Battleship").place)
    assert [p.box for p in places] == [1, 2, 3, 4, 5, 6, 7, 8, 0]
    assert [p.jumped for p in places[:6]] == [False, False, False, False, True, True]
    assert places[-1] == Place("Cassidine")  # two planets: the referee may name one
    assert campaign.unit("UPF Fighter 1").place == places[-1]  # aboard TF Prenglar's carrier


def test_a_ship_can_coast_turn_back_before_its_jump_but_not_after() -> None:
    campaign = move(at_step(war(), "upf-move"), ["UPF Destroyer 1"], toward="Cassidine")
    campaign = move(campaign, ["UPF Destroyer 1"])
    back = move(campaign, ["UPF Destroyer 1"], toward="Prenglar")
    assert back.unit("UPF Destroyer 1").place == Place("Prenglar - Cassidine", box=1, toward="Prenglar", turned=True)
    home = move(back, ["UPF Destroyer 1"])
    assert home.unit("UPF Destroyer 1").place == Place("Prenglar")
    for _ in range(3):
        campaign = move(campaign, ["UPF Destroyer 1"])
    assert campaign.unit("UPF Destroyer 1").place.jumped
    with pytest.raises(RefereeError, match="have jumped .* cannot turn back"):
        move(campaign, ["UPF Destroyer 1"], toward="Prenglar")


def test_risk_jumps_keep_their_rate_stop_at_the_jump_box_and_may_decelerate_slower() -> None:
    ships = ["TF Prenglar Battleship", "TF Prenglar Destroyer 1"]
    campaign = move(at_step(war(), "upf-move"), ships, toward="Cassidine", rate=2)
    assert campaign.unit(ships[0]).place.box == 2
    with pytest.raises(RefereeError, match="keep the rate they set out at"):
        move(campaign, ships, rate=1)
    campaign = move(campaign, ships)
    campaign = move(campaign, ships, roll="12")  # box 5 is the jump box: the ships stop there, one box moved
    assert campaign.unit(ships[0]).place == Place("Prenglar - Cassidine", box=5, toward="Cassidine", rate=2, jumped=True)
    assert "jump safely: 12 <= 95%" in campaign.log[-1].text
    slower = move(campaign, ships, rate=1)
    assert slower.unit(ships[0]).place.box == 6
    with pytest.raises(RefereeError, match="rate they jumped at"):
        move(campaign, ships, rate=3)
    campaign = move(move(campaign, ships), ships)  # boxes 6-7, then 8 and the starburst: it stops on entering
    assert campaign.unit(ships[0]).place == Place("Cassidine")


def test_ships_moving_without_their_fleet_leave_it() -> None:
    campaign = move(at_step(war(), "upf-move"), ["TF Prenglar Battleship"], toward="Cassidine")
    assert campaign.unit("TF Prenglar Battleship").fleet == "" and campaign.unit("TF Prenglar Frigate 1").fleet == "Task Force Prenglar"
    assert "leave their fleet" in campaign.log[-2].text  # (before the move's line, which says where they are bound)
    from referee.sathar_war import campaign_file

    assert campaign_file.from_dict(campaign_file.to_dict(campaign), TABLES) == campaign


def test_risk_jump_limits() -> None:
    campaign = at_step(war(), "upf-move")
    with pytest.raises(RefereeError, match="ADF 3 or more: TF Prenglar Battleship \\(ADF 2\\)"):
        move(campaign, ["TF Prenglar Battleship"], toward="Cassidine", rate=3)
    with pytest.raises(RefereeError, match="no ship can move more than three"):
        move(campaign, ["TF Prenglar Frigate 1"], toward="Cassidine", rate=4)
    hurt = campaign.unit("TF Prenglar Frigate 1")
    campaign = campaign.with_units([hurt._replace(roster=hurt.roster._replace(hull=30))])
    with pytest.raises(RefereeError, match="unrepaired hull damage may never move more than one"):
        move(campaign, ["TF Prenglar Frigate 1"], toward="Cassidine", rate=2)
    sathar = at_step(started(), "sathar-move")
    with pytest.raises(RefereeError, match="one box a day until they reach a system"):
        move(sathar, ["Sathar Destroyer 1"], toward="Prenglar", rate=2, side="Sathar")
    with pytest.raises(RefereeError, match="cannot enter the Sathar start circles"):
        move(campaign, ["TF Prenglar Frigate 2"], toward="Prenglar Start Circle")


def test_each_side_moves_in_its_own_step_once_a_day() -> None:
    campaign = started()
    with pytest.raises(RefereeError, match="UPF ships move in step 'upf-move'"):
        movement.move(campaign, TABLES, ["TF Prenglar Battleship"], toward="Cassidine")
    campaign = at_step(campaign, "upf-move")
    campaign = movement.move(campaign, TABLES, ["TF Prenglar Battleship"], toward="Cassidine").campaign
    with pytest.raises(RefereeError, match="moved today already"):
        movement.move(campaign, TABLES, ["TF Prenglar Battleship"])
    with pytest.raises(RefereeError, match="stations stay in orbit"):
        movement.move(campaign, TABLES, ["Fortress Gollwin"], toward="Cassidine")
    with pytest.raises(RefereeError, match="no star system or start circle called 'Nowhere'"):
        movement.move(campaign, TABLES, ["TF Prenglar Frigate 1"], toward="Nowhere")


def interlocked_group() -> tuple[Campaign, list[str]]:
    """The book's example: one UPF battleship, three destroyers and two militia ships at Fromeltar,
    moving two transit boxes a day toward Dramune, two days from the jump box (box 5 of 8)."""
    ships = ["TF Prenglar Battleship", "TF Prenglar Destroyer 1", "TF Prenglar Destroyer 2", "UPF Destroyer 1", "Terledrom Militia Frigate", "Terledrom Militia Assault Scout 1"]
    campaign = put(war(), ships, Place("Fromeltar", "Terledrom"))
    campaign = move(at_step(campaign, "upf-move", 1), ships, toward="Dramune", rate=2)
    return move(campaign, ships), ships


def test_interlocked_computers_the_books_example_95_or_less_and_the_whole_group_arrives() -> None:
    campaign, ships = interlocked_group()
    safe = move(campaign, ships, roll="95")
    assert all(safe.unit(n).active and safe.unit(n).place.jumped for n in ships)
    assert "95 <= 95% with the TF Prenglar Battleship's astrogator (UPF Battleship, level 6)" in safe.log[-1].text
    lost = move(campaign, ships, roll="96")
    assert all(lost.unit(n).status == "misjumped" for n in ships)
    assert {loss.name for loss in lost.losses} == set(ships) and all(loss.how == "misjump" for loss in lost.losses)


def test_groups_roll_separately_each_at_its_best_astrogator() -> None:
    campaign, ships = interlocked_group()
    rolls = {"TF Prenglar Battleship": "93", "Terledrom Militia Frigate": "71"}
    after = movement.move(at_step(campaign, "upf-move"), TABLES, ships, groups=[ships[:4]], rng=random.Random(0), rolled=rolls)
    # the battleship's group is safe at 95; the militia ships roll alone on the militia row (70): one of them
    # was given 71 (misjump), the other rolls the virtual dice
    assert after.campaign.unit("TF Prenglar Destroyer 2").active
    assert after.campaign.unit("Terledrom Militia Frigate").status == "misjumped"
    assert [e.rule.split(",")[1].strip() for e in after.entries[1:]] == ["row UPF Battleship", "row Frontier Militia", "row Frontier Militia"]
    with pytest.raises(RefereeError, match="two rolls given for one interlocked group"):
        movement.move(at_step(campaign, "upf-move"), TABLES, ships, rolled={"TF Prenglar Battleship": "1", "UPF Destroyer 1": "2"})


def test_militia_stay_near_home_and_head_home_when_the_sathar_emerge_there() -> None:
    campaign = at_step(war(), "upf-move", 2)
    scout = ["Terledrom Militia Assault Scout 1"]
    assert move(campaign, scout, toward="Dramune").unit(scout[0]).place.toward == "Dramune"
    away = put(campaign, scout, Place("Dramune", "Inner Reach"))
    with pytest.raises(RefereeError, match="only to a system next to its home system Fromeltar"):
        move(away, scout, toward="Cassidine")
    assert move(away, scout, toward="Fromeltar").unit(scout[0]).place.toward == "Fromeltar"
    threat = put(campaign, ["Sathar Destroyer 1"], Place("Fromeltar Start Circle"))
    with pytest.raises(RefereeError, match="must head home to Fromeltar"):
        move(threat, scout, toward="Dramune")
    assert movement.threatened(threat, "Fromeltar") and not movement.threatened(threat, "Dramune")
    ruined = [threat.unit(n)._replace(status="destroyed", place=None) for n in ("Terledrom Station", "Groth Station")]
    deputized = threat.with_units(ruined)
    assert movement.deputized(deputized, deputized.unit(scout[0]))
    assert move(deputized, scout, toward="Kizk-Kar").unit(scout[0]).place.toward == "Kizk-Kar"


# ---------------------------------------------------------------------- supply and rearming


def test_upf_supply_runs_through_transit_boxes_and_into_contested_systems_but_not_through_them() -> None:
    campaign = put(war(), ["UPF Destroyer 1"], Place("Cassidine", "Triad"))
    assert supply.path(campaign, campaign.unit("UPF Destroyer 1")) == ["Cassidine", "Prenglar"]  # Fortress Gollwin
    occupied = put(campaign, ["Sathar Destroyer 1"], Place("Prenglar"))  # Prenglar contested: it can end a path
    assert supply.path(occupied, occupied.unit("UPF Destroyer 1")) == ["Cassidine", "Prenglar"]
    cut = put(put(campaign, ["Sathar Destroyer 1"], Place("Dramune")), ["Sathar Destroyer 2"], Place("Madderly's Star", "Kdikit"))
    lone = put(cut, ["UPF Destroyer 2"], Place("Fromeltar", "Terledrom"))
    # Fromeltar's ways out: Dramune (Sathar), or Kizk-Kar - K'aken-Kar - K'tsa-Kar - White Light (Fortress Redoubt)
    assert supply.path(lone, lone.unit("UPF Destroyer 2")) == ["Fromeltar", "Kizk-Kar", "K'aken-Kar", "K'tsa-Kar", "White Light"]
    boxed = put(lone, ["Sathar Destroyer 3"], Place("Kizk-Kar"))
    assert supply.path(boxed, boxed.unit("UPF Destroyer 2")) is None
    in_box = put(boxed, ["Sathar Destroyer 4"], Place("Prenglar - Cassidine", box=3, toward="Cassidine"))
    assert supply.in_supply(in_box, in_box.unit("UPF Destroyer 1"))  # Sathar in a transit box do not cut the path


def test_sathar_supply_runs_to_a_start_circle_around_upf_systems() -> None:
    campaign = put(war(), ["Sathar Destroyer 1"], Place("Dixon's Star"))
    # Prenglar and Truane's Star both hold UPF stations: no way to a circle
    assert supply.path(campaign, campaign.unit("Sathar Destroyer 1")) is None
    in_red = put(campaign, ["Sathar Destroyer 2"], Place("Prenglar Start Circle - Prenglar", box=2, toward="Prenglar"))
    assert supply.path(in_red, in_red.unit("Sathar Destroyer 2")) == ["box 2 of 5 from Prenglar Start Circle to Prenglar (decelerating)", "Prenglar Start Circle"]


def test_ships_rearm_after_a_whole_day_at_a_planet_in_supply() -> None:
    campaign = at_step(war(), "upf-attacks", 3)
    frigate = campaign.unit("TF Prenglar Frigate 1")
    spent = frigate.roster.with_system(frigate.roster.system("T")._replace(count=0))
    campaign = campaign.with_units([frigate._replace(roster=spent)])
    rearmed, lines = supply.rearm(campaign)
    assert rearmed.unit("TF Prenglar Frigate 1").roster.system("T").count == 2
    assert "T 0 -> 2" in lines[0].text
    moved, _ = supply.rearm(campaign.with_units([campaign.unit(frigate.name)._replace(moved=True)]))
    assert moved.unit(frigate.name).roster.system("T").count == 0
    cut = put(campaign, ["Sathar Destroyer 1"], Place("Prenglar"))  # its own system occupied ... but the fortress is there
    assert supply.rearm(cut)[0].unit(frigate.name).roster.system("T").count == 2


def spend_rockets(campaign: Campaign, *names: str) -> Campaign:
    units = [campaign.unit(name) for name in names]
    return campaign.with_units([u._replace(roster=u.roster.with_system(u.roster.system("AR")._replace(count=0))) for u in units])


def test_each_fighter_rearms_twice_out_of_supply_then_its_carrier_must_be_resupplied() -> None:
    """Supply: "Fighters can be rearmed from their assault carrier or station twice while out of supply,
    but the carrier or station must be resupplied before the fighters can rearm a third time": twice for
    each fighter, not two fighters in all."""
    campaign = put(war(), ["TF Cassidine Assault Carrier"], Place("Cassidine - Dramune", box=2, toward="Dramune"))
    campaign = put(campaign, ["Sathar Destroyer 1"], Place("Cassidine"))
    campaign = put(campaign, ["Sathar Destroyer 2"], Place("Dramune"))
    fighters = [u.name for u in campaign.units if u.roster.carried_by == "TF Cassidine Assault Carrier"]
    assert len(fighters) >= 3
    for day in range(3):
        campaign, lines = supply.rearm(spend_rockets(campaign, *fighters))
        texts = {name: next(line.text for line in lines if f"the {name} " in line.text) for name in fighters}
        for name in fighters:
            assert ("cannot rearm" in texts[name]) == (day == 2), texts[name]
            assert campaign.unit(name).roster.system("AR").count == (0 if day == 2 else 3)
        assert campaign.unit(fighters[0]).rearms == min(day + 1, 2)
    assert texts[fighters[0]] == f"the {fighters[0]} cannot rearm: it has rearmed twice since the TF Cassidine Assault Carrier was last resupplied (it is not at a planet)"
    assert campaign.unit("TF Cassidine Assault Carrier").rearms == 0


def test_a_fighters_count_begins_again_once_its_carrier_is_resupplied_and_the_log_says_why_it_was_not() -> None:
    campaign = at_step(war(), "upf-attacks", 3)
    carrier = campaign.unit("TF Prenglar Assault Carrier")
    fighter = next(u.name for u in campaign.units if u.roster.carried_by == carrier.name)
    moved = campaign.with_units([carrier._replace(moved=True)])  # in supply, but it moved: its stock is not renewed
    rearmed, lines = supply.rearm(spend_rockets(moved, fighter))
    assert supply.in_supply(moved, carrier)
    text = next(line.text for line in lines if f"the {fighter} " in line.text)
    assert text == f"the {fighter} rearms from the {carrier.name}, not resupplied today (it moved today): 1 of 2 before the {carrier.name} must be resupplied"
    assert "out of supply" not in text and rearmed.unit(fighter).rearms == 1
    resupplied, lines = supply.rearm(spend_rockets(rearmed.with_units([rearmed.unit(carrier.name)._replace(moved=False)]), fighter))
    assert resupplied.unit(fighter).rearms == 0 and f"the {fighter} rearms from the {carrier.name} (resupplied today)" in [line.text for line in lines]
    idle, _ = supply.rearm(rearmed.with_units([rearmed.unit(carrier.name)._replace(moved=False)]))  # nothing spent: the count still begins again
    assert idle.unit(fighter).rearms == 0


# ---------------------------------------------------------------------- repairs


def test_a_repair_queue_shares_the_centres_hull_points_over_several_days() -> None:
    campaign = at_step(war(), "upf-attacks", 2)
    campaign = hurt(campaign, "TF Cassidine Battleship", 60)  # 60 to repair
    campaign = hurt(campaign, "TF Cassidine Frigate 1", 30, adf=2)  # 10 hull and the drives
    campaign = fleets.dock(campaign, ["TF Cassidine Battleship"]).campaign
    campaign = fleets.dock(campaign, ["TF Cassidine Frigate 1"]).campaign
    triad = repairs.centre(campaign, "Triad")
    assert (triad.capacity, [u.name for u in triad.queue]) == (40, ["TF Cassidine Battleship", "TF Cassidine Frigate 1"])
    assert repairs.days_to_finish(triad) == {"TF Cassidine Battleship": 2, "TF Cassidine Frigate 1": 2}
    day1, _ = repairs.repair_day(campaign)  # 40 to the battleship; the frigate repairs its drives instead
    assert day1.unit("TF Cassidine Battleship").roster.hull == 100 and day1.unit("TF Cassidine Frigate 1").roster.adf == 4
    day2, _ = repairs.repair_day(day1)
    assert day2.unit("TF Cassidine Battleship").roster.hull == 120 and day2.unit("TF Cassidine Frigate 1").roster.hull == 40
    ordered = repairs.order(campaign, "TF Cassidine Frigate 1", hull=10).campaign
    with pytest.raises(RefereeError, match="repairs 40 hull points a day; 10 are ordered"):
        repairs.order(ordered, "TF Cassidine Battleship", hull=31)
    after, _ = repairs.repair_day(ordered)  # only what was ordered: 10 to the frigate, nothing to the battleship
    assert (after.unit("TF Cassidine Frigate 1").roster.hull, after.unit("TF Cassidine Battleship").roster.hull) == (40, 60)
    drives = repairs.order(ordered, "TF Cassidine Frigate 1", system="adf").campaign  # replaces its hull order
    after, _ = repairs.repair_day(drives)
    assert (after.unit("TF Cassidine Frigate 1").roster.hull, after.unit("TF Cassidine Frigate 1").roster.adf) == (30, 4)
    with pytest.raises(RefereeError, match="no damage to mr"):
        repairs.order(campaign, "TF Cassidine Frigate 1", system="mr")
    for hull, system in ((0, ""), (10, "adf")):
        with pytest.raises(RefereeError, match="order hull points or one system for the day: one of the two"):
            repairs.order(campaign, "TF Cassidine Frigate 1", hull=hull, system=system)
    closed = put(campaign, ["Sathar Destroyer 1"], Place("Cassidine"))
    assert repairs.centre(closed, "Triad").owner == ""


def test_only_a_damaged_sathar_ship_enters_the_void_until_the_sathar_retreat() -> None:
    """Sathar Repair: "To return to a Sathar base, the damaged ship must travel to a Sathar Start Circle
    and enter the Void." An undamaged ship is refused (spent ammunition is not damage); a ship with a
    system damaged enters; once the Sathar are forced to retreat, every ship does (Conditions for
    Victory: "retreat all ships ... to the nearest start circle and enter the Void")."""
    campaign = put(at_step(started(), "sathar-move", 4), ["Sathar Destroyer 1", "Sathar Frigate 1"], Place("Prenglar Start Circle"))
    spent = campaign.unit("Sathar Destroyer 1")
    campaign = campaign.with_units([spent._replace(roster=spent.roster.with_system(spent.roster.system("T")._replace(count=0)))])
    with pytest.raises(RefereeError, match=r"the Sathar Destroyer 1 is undamaged: \"the damaged ship must travel"):
        repairs.enter_void(campaign, ["Sathar Destroyer 1"])
    with pytest.raises(RefereeError, match="Sathar Frigate 1 is undamaged"):
        repairs.enter_void(hurt(campaign, "Sathar Destroyer 1", 45), ["Sathar Destroyer 1", "Sathar Frigate 1"])
    drives = hurt(campaign, "Sathar Frigate 1", 40, adf=2)  # its hull whole, its drives hit
    assert repairs.enter_void(drives, ["Sathar Frigate 1"]).campaign.unit("Sathar Frigate 1").status == "void"
    retreat = campaign._replace(outcome="retreat condition 2 is met (the Sathar have lost five heavy cruisers); UPF victory")
    assert repairs.enter_void(retreat, ["Sathar Destroyer 1"]).campaign.unit("Sathar Destroyer 1").status == "void"


def test_sathar_repair_in_the_void_six_days_and_at_captured_centres_at_half_capacity() -> None:
    campaign = at_step(started(), "sathar-move", 4)
    campaign = hurt(campaign, "Sathar Destroyer 1", 10)
    campaign = repairs.enter_void(campaign, ["Sathar Destroyer 1"]).campaign
    assert campaign.unit("Sathar Destroyer 1").returns == 10
    for day in range(4, 10):
        campaign = at_step(campaign, "upf-attacks", day)
        campaign = turn.advance(campaign, TABLES).campaign
        assert campaign.unit("Sathar Destroyer 1").active == (campaign.day == 10)
    back = campaign.unit("Sathar Destroyer 1")
    assert back.roster.hull == 50 and back.place == Place("Prenglar Start Circle")
    ruined = war()
    ruined = ruined.with_units([ruined.unit(n)._replace(status="destroyed", place=None) for n in ("Hentz Station",)])
    ruined = ruined.with_units([u._replace(status="destroyed", place=None) for u in ruined.units if u.home == "Hentz" and u.militia])
    ruined = hurt(put(ruined, ["Sathar Heavy Cruiser 1"], Place("Araks", "Hentz")), "Sathar Heavy Cruiser 1", 40)
    hentz = repairs.centre(ruined, "Hentz")
    assert (hentz.owner, hentz.capacity, [u.name for u in hentz.queue]) == ("Sathar", 10, ["Sathar Heavy Cruiser 1"])
    assert repairs.days_to_finish(hentz) == {"Sathar Heavy Cruiser 1": 4}


def test_a_failed_hull_repair_in_space_leaves_the_hull_to_a_station() -> None:
    campaign = battles.declare(contested_prenglar(), TABLES, "Prenglar", "Gran Quivera").campaign
    campaign = battles.record(campaign, "UPF Destroyer 1", Outcome(hull=20)).campaign  # repairs in space follow a battle
    from referee.knight_hawks.repair import Repair

    failed = repairs.repair_in_space(campaign, "UPF Destroyer 1", [Repair("hull", 40)], random.Random(0), ["55"])
    assert failed.campaign.unit("UPF Destroyer 1").hull_station_only
    with pytest.raises(RefereeError, match="only a space station can repair its hull"):
        repairs.repair_in_space(failed.campaign, "UPF Destroyer 1", [Repair("hull", 40)], random.Random(0), ["5"])
    with pytest.raises(RefereeError, match="no further repairs can be attempted in space .*; it is repaired docked at a construction centre$"):
        repairs.repair_in_space(failed.campaign, "UPF Destroyer 1", [Repair("adf", 40)], random.Random(0), ["5"], override="a second turn")
    fixed = repairs.repair_in_space(campaign, "UPF Destroyer 1", [Repair("hull", 40)], random.Random(0), ["5"], ["7"])
    assert fixed.campaign.unit("UPF Destroyer 1").roster.hull == 27


def test_a_station_damaged_in_battle_makes_its_repair_turn_and_a_failed_hull_repair_leaves_its_hull_as_it_is(tmp_path: Path) -> None:
    """Repair: "Ships that have been damaged in battle can repair that damage normally using their DCR"
    (a station has its DCR: Knight Hawks, Space Station "DCR half its HP"). Next offers the station's
    repair turn, the app's Space form lists it, and the command line makes it. "If any hull damage
    repair attempt fails after the battle, no further repairs can be attempted; the ship's hull can be
    repaired only at a space station": a station cannot dock at one (a reading), so its hull stays."""
    from referee.knight_hawks.repair import Repair
    from referee.sathar_war import report
    from referee.tui.campaign.picks import repairs_in_space
    from tests.helpers.cli import run

    campaign = battles.declare(contested_prenglar(), TABLES, "Prenglar", "Gran Quivera").campaign
    station = campaign.unit("Gran Quivera Station")
    campaign = battles.record(campaign, station.name, Outcome(hull=station.roster.hull_start - 30)).campaign
    assert any(step == "repair-space" and "Gran Quivera Station" in text for text, step in report.next_steps(campaign))
    assert repairs_in_space(campaign, campaign.unit(station.name))
    failed = repairs.repair_in_space(campaign, station.name, [Repair("hull", 40)], random.Random(0), ["55"])
    assert failed.entries[-1].text == (
        "the Gran Quivera Station's hull repair failed: no further hull repairs can be attempted, and a station is not repaired at a construction centre (ships dock there), so its hull stays as it is"
    )
    war = tmp_path / "war.toml"
    campaign_file.save(war, failed.campaign, TABLES)
    code, _, said = run("campaign", "repairs", "space", station.name, "--repair", "hull=40", "--roll", "5", "--override", "again", "-c", str(war))
    assert code == 2 and "a hull repair of the Gran Quivera Station failed after the battle; no further hull repairs can be attempted, and a station is not repaired" in said
    campaign_file.save(war, campaign, TABLES)
    code, out, _ = run("campaign", "repairs", "space", station.name, "--repair", "hull=40", "--roll", "5", "--hull-roll", "7", "-c", str(war))
    assert code == 0 and campaign_file.read(war, TABLES).unit(station.name).roster.hull == station.roster.hull_start - 23, out


def test_contested_systems_and_attack_declarations() -> None:
    campaign = contested_prenglar()
    [place] = battles.contested(campaign)
    assert place.system == "Prenglar" and len(place.sathar) == 3 and "Fortress Gollwin" in [u.name for u in place.upf]
    with pytest.raises(RefereeError, match="two planets: name the one attacked, Gran Quivera or Morgaine's World"):
        battles.declare(campaign, TABLES, "Prenglar")
    declared = battles.declare(campaign, TABLES, "Prenglar", "Gran Quivera")
    [fight] = declared.campaign.fights
    assert "Gran Quivera Station" in fight.ships and "Fortress Gollwin" not in fight.ships  # only the attacked planet's station
    assert "TF Prenglar Battleship" in fight.ships and fight.rules.startswith("Basic Rules (More than 14 ships): 31 ships in battle") and fight.game == "basic"
    with pytest.raises(RefereeError, match="only one planet can be attacked by a ship per day"):
        battles.declare(declared.campaign, TABLES, "Prenglar", "Morgaine's World")
    upf_turn = at_step(declared.campaign, "upf-attacks", 5)
    upf_turn = upf_turn._replace(units=tuple(u._replace(attacked="Gran Quivera") if u.name.startswith("Sathar Destroyer") and u.active else u for u in upf_turn.units))
    with pytest.raises(RefereeError, match="may not attack Sathar ships that have already attacked"):
        battles.declare(upf_turn, TABLES, "Prenglar", "Gran Quivera")


def test_outcomes_entered_ship_by_ship_update_rosters_losses_and_escapes() -> None:
    campaign = battles.declare(contested_prenglar(), TABLES, "Prenglar", "Gran Quivera", rules="advanced").campaign
    hit = battles.record(campaign, "TF Prenglar Frigate 1", Outcome(hull=12, lost_systems=("LC",), damaged=("navigation",), spent={"T": 1, "ICM": 2}))
    frigate = hit.campaign.unit("TF Prenglar Frigate 1").roster
    assert (frigate.hull, frigate.system("LC").state, frigate.system("T").count, frigate.system("ICM").count) == (12, "destroyed", 1, 2)
    assert "navigation" in frigate.damaged
    gone = battles.record(hit.campaign, "Sathar Destroyer 1", Outcome(destroyed=True))
    assert gone.campaign.unit("Sathar Destroyer 1").status == "destroyed" and gone.campaign.losses[-1].how == "combat"
    station = battles.record(gone.campaign, "Gran Quivera Station", Outcome(hull=0))
    assert victory.tally(station.campaign)["stations_destroyed"] == 1
    fled = battles.record(station.campaign, "Sathar Destroyer 2", Outcome(hull=20, escaped="Cassidine"))
    assert fled.campaign.unit("Sathar Destroyer 2").place == Place("Prenglar - Cassidine", box=1, toward="Cassidine")
    with pytest.raises(RefereeError, match="has 2 ICM left"):
        battles.record(hit.campaign, "TF Prenglar Frigate 1", Outcome(spent={"ICM": 3}))
    with pytest.raises(RefereeError, match="in no battle declared today"):
        battles.record(campaign, "TF Cassidine Battleship", Outcome(hull=1))


def test_a_battle_goes_to_the_knight_hawks_engine_and_comes_back() -> None:
    campaign = battles.declare(contested_prenglar(), TABLES, "Prenglar", "Gran Quivera").campaign
    fight = battles.battle_for(campaign, "Prenglar")
    assert fight.sides == ("Sathar", "UPF") and {s.name for s in fight.ships} == set(campaign.fights[0].ships)
    assert next(s for s in fight.ships if s.name == "UPF Fighter 1").carried_by == "TF Prenglar Assault Carrier"
    fought = fight.with_ships([fight.ship("Sathar Destroyer 3")._replace(hull=0), fight.ship("TF Prenglar Battleship")._replace(hull=70)])
    back = battles.from_battle(campaign, fought).campaign
    assert back.unit("Sathar Destroyer 3").status == "destroyed" and back.unit("TF Prenglar Battleship").roster.hull == 70
    assert back.unit("TF Prenglar Battleship").fought


# ---------------------------------------------------------------------- replacements and victory


def test_replacements_every_twenty_days() -> None:
    campaign = at_step(started(), "upf-attacks", 20)
    campaign = victory.lose(campaign, [campaign.unit("Sathar Destroyer 1"), campaign.unit("Sathar Destroyer 2")], "combat")
    campaign = victory.lose(campaign, [campaign.unit("TF Prenglar Frigate 1"), campaign.unit("TF Prenglar Assault Scout 1"), campaign.unit("Pale Militia Frigate")], "combat")
    done = turn.advance(campaign, TABLES, random.Random(0), {"Sathar Destroyer 1": "35", "Sathar Destroyer 2": "36"})
    after = done.campaign
    assert after.unit("Sathar Destroyer 1").status == "off-map" and after.unit("Sathar Destroyer 2").status == "removed"
    assert any("35" in r for e in done.entries for r in e.rolls)
    owed = {(a.station, a.size, a.count) for a in after.allowances}
    assert ("Fortress Gollwin", "large", 1) in owed and ("Minotaur Station", "small", 2) in owed
    back = turn.replace_upf(after, TABLES, "TF Prenglar Frigate 1", "Fortress Gollwin").campaign
    assert back.unit("TF Prenglar Frigate 1").place == Place("Prenglar", "Morgaine's World") and back.unit("TF Prenglar Frigate 1").roster.hull == 40
    with pytest.raises(RefereeError, match="no replacement is owed at the Fortress Gollwin"):
        turn.replace_upf(back, TABLES, "TF Prenglar Assault Scout 1", "Fortress Gollwin")
    with pytest.raises(RefereeError, match="replaces two assault scouts, two fighters"):
        turn.replace_upf(after, TABLES, "TF Prenglar Frigate 1", "Minotaur Station")
    with pytest.raises(RefereeError, match="militia ships may not be replaced"):
        turn.replace_upf(after, TABLES, "Pale Militia Frigate", "Fortress Pale")
    with pytest.raises(RefereeError, match="replacements, due at the end of day 40"):
        turn.advance(at_step(after, "upf-attacks", 21), TABLES, random.Random(0), {"Sathar Destroyer 3": "1"})
    # a ship lost on day 21 is not one the replacements of the start of day 21 bring back (the load
    # check refused every save of it: issue 13's review)
    today = victory.lose(at_step(after, "upf-attacks", 21), [after.unit("TF Prenglar Frigate 2")], "combat")
    with pytest.raises(RefereeError, match="the TF Prenglar Frigate 2 was destroyed today; replacements are placed on the map at the start of the turn"):
        turn.replace_upf(today, TABLES, "TF Prenglar Frigate 2", "Fortress Gollwin")
    back = turn.replace_upf(today, TABLES, "TF Prenglar Frigate 1", "Fortress Gollwin").campaign
    assert campaign_file.from_dict(tomllib.loads(campaign_file.text(back, TABLES)), TABLES) == back


def test_a_sathar_replacement_is_placed_during_the_next_turn_or_removed_at_its_end() -> None:
    """Sathar Replacements: "If the result of the roll is 35 or less, that ship can be brought back into
    the game through an SSC during the next turn." Rolled back at the end of day 20, the Sathar Destroyer
    1 may be placed on day 21 (Next says so); not placed, it is removed at the end of day 21, its loss
    kept. Placed on day 21, it is in the war again."""
    from referee.sathar_war import report

    campaign = at_step(started(), "upf-attacks", 20)
    campaign = victory.lose(campaign, [campaign.unit("Sathar Destroyer 1")], "combat")
    after = turn.advance(campaign, TABLES, random.Random(0), {"Sathar Destroyer 1": "12"}).campaign
    assert (after.unit("Sathar Destroyer 1").status, after.unit("Sathar Destroyer 1").returns, after.step) == ("off-map", 21, "sathar-move")
    assert ("Sathar: place the replacements today or lose them at the day's end: Sathar Destroyer 1", "place-sathar") in report.next_steps(after)
    assert round_trip(after) == after
    lapsed = turn.advance(at_step(after, "upf-attacks", 21), TABLES, random.Random(0))
    destroyer = lapsed.campaign.unit("Sathar Destroyer 1")
    assert (destroyer.status, destroyer.lost, destroyer.returns) == ("removed", 20, 0)
    assert "removed from the game: Sathar Destroyer 1" in " ".join(e.text for e in lapsed.entries)
    assert round_trip(lapsed.campaign) == lapsed.campaign
    placed = setup.place_sathar(after, ["Sathar Destroyer 1"], "Kizk-Kar").campaign
    assert placed.unit("Sathar Destroyer 1").active and placed.unit("Sathar Destroyer 1").returns == 0
    kept = turn.advance(at_step(placed, "upf-attacks", 21), TABLES, random.Random(0)).campaign
    assert kept.unit("Sathar Destroyer 1").active


def lost(campaign: Campaign, pattern: str, how: str = "combat") -> Campaign:
    return victory.lose(campaign, list(campaign.named([pattern])), how)


@pytest.mark.parametrize(
    ("condition", "losses", "met"),
    [
        (1, ["Sathar Assault Carrier 1"], False),
        (1, ["Sathar Assault Carrier 1", "Sathar Assault Carrier 2"], True),
        (2, ["Sathar Heavy Cruiser 1", "Sathar Heavy Cruiser 2", "Sathar Heavy Cruiser 3", "Sathar Heavy Cruiser 4"], False),
        (2, ["Sathar Heavy Cruiser [1-5]"], True),
        (3, ["Sathar Destroyer *", "Sathar Frigate *", "Sathar Fighter 1*"], False),  # 15 + 8 + 11 = 34
        (3, ["Sathar Destroyer *", "Sathar Frigate *", "Sathar Fighter *"], True),  # 48, fighters count
    ],
)
def test_retreat_conditions_on_losses(condition: int, losses: list[str], met: bool) -> None:
    campaign = started()._replace(retreat_condition=condition)
    for pattern in losses:
        campaign = lost(campaign, pattern)
    judged, lines = victory.judge(campaign)
    assert bool(judged.outcome) == met and judged.retreat_revealed == met
    if met:
        assert "UPF victory: the Sathar retreat with 4 fortresses left" in judged.outcome and lines


def test_retreat_conditions_at_the_end_of_a_tenday() -> None:
    quiet = at_step(started(), "upf-attacks", 10)._replace(retreat_condition=4)
    assert "retreat condition 4 is met" in turn.advance(quiet, TABLES).campaign.outcome
    busy = lost(lost(quiet, "Minotaur Station"), "Hentz Station")
    assert turn.advance(busy, TABLES).campaign.outcome == ""
    not_yet = at_step(started(), "upf-attacks", 9)._replace(retreat_condition=4)
    assert turn.advance(not_yet, TABLES).campaign.outcome == ""
    trade = quiet._replace(retreat_condition=5)
    trade = lost(lost(trade, "Sathar Destroyer 1"), "Sathar Destroyer 2")
    trade = lost(lost(trade, "TF Prenglar Frigate 1"), "Pale Militia Frigate")  # militia do not count
    assert "retreat condition 5 is met" in turn.advance(trade, TABLES).campaign.outcome
    even = lost(trade, "TF Prenglar Frigate 2")
    assert turn.advance(even, TABLES).campaign.outcome == ""


def test_sathar_victory_and_the_draw() -> None:
    campaign = started()
    stations = sorted((u for u in campaign.units if u.station), key=lambda u: not u.fortress)  # the four fortresses first
    eleven = victory.lose(campaign, stations[:11], "combat")
    assert victory.judge(eleven)[0].outcome == ""
    twelve = victory.lose(eleven, [stations[11]], "combat")
    assert victory.judge(twelve)[0].outcome.startswith("Sathar victory: 12 stations destroyed")
    draw = (lost(lost(lost(campaign, "Fortress Gollwin"), "Fortress Pale"), "Fortress Kdikit"))._replace(retreat_condition=1)
    draw = lost(draw, "Sathar Assault Carrier [12]")
    assert "a draw" in victory.judge(draw)[0].outcome
    drone = lost(campaign._replace(retreat_condition=1), "Sathar Assault Carrier [12]", "detonated")
    assert victory.judge(drone)[0].outcome == ""  # detonated drones do not count


# ---------------------------------------------------------------------- a whole day


def test_a_whole_day_of_the_turn_sequence() -> None:
    campaign = started()
    steps = [campaign.step]
    campaign = movement.move(campaign, TABLES, ["Sathar Destroyer *"], toward="Prenglar").campaign
    campaign = movement.move(campaign, TABLES, ["Sathar Frigate *", "Sathar Light Cruiser *"], toward="Fromeltar").campaign
    for _ in range(4):
        campaign = turn.advance(campaign, TABLES).campaign
        steps.append(campaign.step)
        if campaign.step == "upf-move":
            campaign = setup.place_nova(campaign, TABLES, random.Random(0), "9").campaign
            campaign = movement.move(campaign, TABLES, ["Task Force Cassidine"], toward="Dramune").campaign
            campaign = fleets.launch(campaign, ["SF NOVA Fighter 1"]).campaign
    assert steps == ["sathar-move", "upf-move", "sathar-attacks", "upf-attacks", "sathar-move"]
    assert campaign.day == 2 and campaign.tenday == (0, 2)
    assert campaign.unit("SF NOVA Fighter 1").status == "destroyed"  # launched and left out at the day's end
    assert not any(u.moved for u in campaign.units)
    assert campaign.unit("TF Cassidine Fighter 1").place == Place("Dramune - Cassidine", box=5, toward="Dramune")
    eleventh = at_step(campaign, "upf-attacks", 10)
    assert turn.advance(eleventh, TABLES).campaign.tenday == (10, 1)


def test_the_bundled_campaign_is_the_start_of_the_war() -> None:
    from referee.sathar_war import campaign_file

    bundled = campaign_file.read(campaigns_dir() / "second-sathar-war.toml", TABLES)
    assert bundled == war()


def test_the_map_file_round_trips_and_marks_its_inferred_figures() -> None:
    assert frontier.from_dict(frontier.to_dict(MAP)) == MAP
    assert len(MAP.systems) == 18 and len(MAP.routes) == 20 and len(MAP.circles) == 5
    assert all(r.inferred for r in MAP.routes) and all(r.boxes == r.light_years + 1 for r in MAP.routes)
    assert MAP.system("Prenglar").planets[0].scc == 40 and MAP.circle("Truane's Star").boxes == 4
