"""Issue 12: the Second Sathar War's rule defects. Each test names the rule it holds the program to;
each failed on the code before its fix."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from referee import storage
from referee.errors import RefereeError
from referee.knight_hawks.repair import Repair
from referee.sathar_war import battles, campaign_file, fleets, movement, repairs, report, setup, supply, turn, victory
from referee.sathar_war.battles import Outcome
from referee.sathar_war.campaign import Campaign, Order, Place
from tests.rules.campaign.test_campaign_rules import TABLES, at_step, put, started, war
from tests.files.test_campaign_file import round_trip, run


def sathar_placed(campaign: Campaign) -> Campaign:
    """The Sathar set-up: 15 destroyers at Prenglar, 8 frigates and 7 light cruisers at Fromeltar."""
    campaign = setup.place_sathar(campaign, ["Sathar Destroyer *"], "Prenglar").campaign
    return setup.place_sathar(campaign, ["Sathar Frigate *", "Sathar Light Cruiser *"], "Fromeltar").campaign


# ---------------------------------------------------------------------- part 1: set-up files that would not load


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
    campaign = put(campaign, ["Sathar Assault Carrier 1"], Place("Prenglar Start Circle"))
    with pytest.raises(RefereeError, match="aboard the Sathar Assault Carrier 1 and goes where it goes"):
        repairs.enter_void(campaign, ["Sathar Fighter 1"])
    gone = repairs.enter_void(campaign, ["Sathar Assault Carrier 1"]).campaign
    assert {u.status for u in gone.units if u.roster.carried_by == "Sathar Assault Carrier 1"} == {"void"}
    assert round_trip(gone) == gone


# ---------------------------------------------------------------------- supply from a transit box


def test_supply_from_a_transit_box_crosses_the_systems_at_its_ends_and_may_not_pass_an_enemy_one() -> None:
    """Supply: 'a path can be traced from the ship to a UPF Fortress without passing through a star
    system occupied by a Sathar ship'. A ship between Kizk-Kar and K'aken-Kar reaches either end, but
    only through it: with Sathar ships at Kizk-Kar and K'tsa-Kar, every way to a fortress passes one."""
    campaign = put(war(), ["Sathar Destroyer 1"], Place("Kizk-Kar"))
    campaign = put(campaign, ["Sathar Destroyer 2"], Place("K'tsa-Kar"))
    campaign = put(campaign, ["UPF Light Cruiser 1"], Place("K'aken-Kar - Kizk-Kar", box=6, toward="K'aken-Kar"))
    assert supply.path(campaign, campaign.unit("UPF Light Cruiser 1")) is None
    clear = put(campaign, ["Sathar Destroyer 2"], Place("Zebulon"))  # K'aken-Kar - K'tsa-Kar - White Light is open again
    assert supply.path(clear, clear.unit("UPF Light Cruiser 1")) == [
        "box 3 of 8 from Kizk-Kar to K'aken-Kar (accelerating)", "K'aken-Kar", "K'tsa-Kar", "White Light"]


def test_sathar_supply_from_a_transit_box_may_not_pass_a_upf_system_at_its_end() -> None:
    """Supply: a Sathar path runs to a start circle 'without passing through a star system containing a
    UPF ship or space station': from a Prenglar - Timeon box, Prenglar (Fortress Gollwin) and Timeon
    (Lossend Station) both bar the way."""
    campaign = put(war(), ["Sathar Destroyer 1"], Place("Prenglar - Timeon", box=2, toward="Timeon"))
    assert supply.path(campaign, campaign.unit("Sathar Destroyer 1")) is None
    assert supply.in_supply(campaign, put(campaign, ["Sathar Destroyer 2"], Place("Prenglar Start Circle - Prenglar", box=1, toward="Prenglar")).unit("Sathar Destroyer 2"))


def test_supply_into_a_contested_fortress_system_from_a_box_next_to_it() -> None:
    """'Supply may be traced into star system boxes that contain both UPF and Sathar ships, but not
    through those systems': from a Prenglar - Cassidine box, into contested Prenglar, where Fortress Gollwin is."""
    campaign = put(war(), ["Sathar Destroyer 1"], Place("Prenglar"))
    campaign = put(campaign, ["Sathar Destroyer 2"], Place("Cassidine"))
    campaign = put(campaign, ["UPF Destroyer 1"], Place("Prenglar - Cassidine", box=6, toward="Cassidine"))
    assert supply.path(campaign, campaign.unit("UPF Destroyer 1"))[1:] == ["Prenglar"]


# ---------------------------------------------------------------------- the red boxes


def test_sathar_in_the_red_boxes_are_decelerating_into_the_system() -> None:
    """Sathar Start Circles: 'The boxes leading to Prenglar represent the number of days the Sathar
    ships need to slow down enough to attack the stations and ships based there.'"""
    campaign = movement.move(started(), TABLES, ["Sathar Destroyer *"], toward="Prenglar")
    assert "to box 1 of 5 from Prenglar Start Circle to Prenglar (decelerating)" in campaign.entries[0].text
    outbound = Place("Prenglar Start Circle - Prenglar", box=2, toward="Prenglar Start Circle")
    assert outbound.shown(campaign.campaign.frontier) == "box 4 of 5 from Prenglar to Prenglar Start Circle (accelerating)"
    assert Place("Prenglar - Cassidine", box=2, toward="Cassidine").shown(campaign.campaign.frontier).endswith("(accelerating)")


# ---------------------------------------------------------------------- rearming


def spend(campaign: Campaign, name: str, code: str = "T") -> Campaign:
    unit = campaign.unit(name)
    return campaign.with_units([unit._replace(roster=unit.roster.with_system(unit.roster.system(code)._replace(count=0)))])


def at_gran_quivera() -> Campaign:
    """Day 5: three Sathar destroyers at Gran Quivera, Task Force Prenglar at Morgaine's World."""
    campaign = put(started(), ["Sathar Destroyer 1", "Sathar Destroyer 2", "Sathar Destroyer 3"], Place("Prenglar", "Gran Quivera"))
    return at_step(campaign, "upf-attacks", 5)


def test_ships_that_attacked_today_do_not_rearm_tonight() -> None:
    """Rearming: 'The ship may not move or attack during that day.' Both are at a planet of a system in
    supply and did not move; no result was entered for either."""
    campaign = spend(spend(at_gran_quivera(), "TF Prenglar Frigate 1"), "Sathar Destroyer 1")
    sathar = battles.declare(at_step(campaign, "sathar-attacks", 5), TABLES, "Prenglar", "Gran Quivera", ["Sathar Destroyer 1"]).campaign
    rearmed, lines = supply.rearm(sathar)
    assert rearmed.unit("Sathar Destroyer 1").roster.system("T").count == 0
    assert "the Sathar Destroyer 1 does not rearm: it attacked today (T 0 of 2)" in [line.text for line in lines]
    upf = battles.declare(campaign, TABLES, "Prenglar", "Gran Quivera", ["TF Prenglar Frigate 1"]).campaign
    rearmed, lines = supply.rearm(upf)
    assert rearmed.unit("TF Prenglar Frigate 1").roster.system("T").count == 0
    assert "the TF Prenglar Frigate 1 does not rearm: it attacked today (T 0 of 2)" in [line.text for line in lines]
    assert rearmed.unit("Sathar Destroyer 1").roster.system("T").count == 2  # attacked, but did not fight back: nothing entered for it
    quiet, _ = supply.rearm(campaign)
    assert quiet.unit("TF Prenglar Frigate 1").roster.system("T").count == 2


def test_a_ship_attacked_that_fights_back_does_not_rearm() -> None:
    """Rearming: 'If the ship is attacked and fights back, it is not rearmed.' A result entered for a
    defender is its part in the battle."""
    campaign = spend(at_gran_quivera(), "TF Prenglar Frigate 1")
    campaign = battles.declare(at_step(campaign, "sathar-attacks", 5), TABLES, "Prenglar", "Gran Quivera").campaign
    fought = battles.record(campaign, "TF Prenglar Frigate 1", Outcome(spent={"ICM": 1})).campaign
    rearmed, lines = supply.rearm(fought)
    assert rearmed.unit("TF Prenglar Frigate 1").roster.system("T").count == 0
    assert any(line.text.startswith("the TF Prenglar Frigate 1 does not rearm: it was attacked and fought back") for line in lines)


def test_rearming_says_why_a_ship_with_weapons_spent_does_not_rearm() -> None:
    campaign = spend(at_gran_quivera(), "UPF Destroyer 1")
    away = put(campaign, ["UPF Destroyer 1"], Place("Cassidine"))
    assert "the UPF Destroyer 1 does not rearm: it is not at a planet (T 0 of 2)" in [line.text for line in supply.rearm(away)[1]]
    moved = campaign.with_units([campaign.unit("UPF Destroyer 1")._replace(moved=True)])
    assert "the UPF Destroyer 1 does not rearm: it moved today (T 0 of 2)" in [line.text for line in supply.rearm(moved)[1]]


# ---------------------------------------------------------------------- fighters


def test_a_launched_fighter_cannot_move_into_a_transit_box() -> None:
    """Breaking Off Combat: fighters 'cannot enter a transit box unless they are being carried aboard an
    assault carrier.' Within the system it may go to the other planet."""
    campaign = fleets.launch(at_step(war(), "upf-move", 2), ["UPF Fighter 1"]).campaign
    with pytest.raises(RefereeError, match="UPF Fighter 1 cannot enter a transit box unless carried aboard an assault carrier"):
        movement.move(campaign, TABLES, ["UPF Fighter 1"], toward="Cassidine")
    assert movement.move(campaign, TABLES, ["UPF Fighter 1"], planet="Gran Quivera").campaign.unit("UPF Fighter 1").place == Place("Prenglar", "Gran Quivera")
    carried = movement.move(at_step(war(), "upf-move", 2), TABLES, ["TF Prenglar Assault Carrier"], toward="Cassidine").campaign
    assert carried.unit("UPF Fighter 1").place == carried.unit("TF Prenglar Assault Carrier").place


def test_a_fighter_loose_in_a_start_circle_cannot_take_the_red_boxes() -> None:
    """A Sathar fighter replaced (Replacements: off the map, its carrier gone) and placed alone."""
    campaign = at_step(started(), "sathar-move", 2)
    fighter = campaign.unit("Sathar Fighter 1")
    campaign = campaign.with_units([fighter._replace(status="off-map", place=None, roster=fighter.roster._replace(carried_by=""))])
    campaign = setup.place_sathar(campaign, ["Sathar Fighter 1"], "Kizk-Kar").campaign
    with pytest.raises(RefereeError, match="cannot enter a transit box"):
        movement.move(campaign, TABLES, ["Sathar Fighter 1"], toward="Kizk-Kar")


# ---------------------------------------------------------------------- the status


def hurt(campaign: Campaign, name: str, hull: int) -> Campaign:
    unit = campaign.unit(name)
    return campaign.with_units([unit._replace(roster=unit.roster._replace(hull=hull))])


def arrived_and_docked() -> Campaign:
    """Day 3 at Triad: the battleship docked days ago (20 hull points to repair); a destroyer (10 to
    repair) moved in today and docked. Triad repairs 40 a day: enough for both."""
    campaign = hurt(hurt(at_step(war(), "upf-move", 3), "TF Cassidine Battleship", 100), "UPF Destroyer 1", 40)
    campaign = (fleets.dock(campaign, ["TF Cassidine Battleship"]).campaign)._replace(day=3)
    campaign = put(campaign, ["UPF Destroyer 1"], Place("Cassidine", "Triad"))
    campaign = campaign.with_units([campaign.unit("UPF Destroyer 1")._replace(moved=True)])
    return fleets.dock(campaign, ["UPF Destroyer 1"]).campaign


def test_a_ship_that_docked_after_moving_today_is_repaired_from_tomorrow_and_the_status_says_so() -> None:
    """UPF Repairs: 'To be repaired, a ship must spend a full day docked at the station.' Tonight's work
    goes to the ships that can be repaired; the destroyer is done tomorrow, not today."""
    campaign = arrived_and_docked()
    triad = repairs.centre(campaign, "Triad")
    assert repairs.days_to_finish(triad) == {"TF Cassidine Battleship": 1, "UPF Destroyer 1": 2}
    assert not [a for a in report.alerts(campaign) if "UPF Destroyer 1" in a]
    assert "repairs finish today: TF Cassidine Battleship at Cassidine/Triad" in report.alerts(campaign)
    assert repairs.plan(triad, ()) == {"TF Cassidine Battleship": Order("TF Cassidine Battleship", hull=20)}
    after, lines = repairs.repair_day(campaign)
    assert (after.unit("TF Cassidine Battleship").roster.hull, after.unit("UPF Destroyer 1").roster.hull) == (120, 40)
    with pytest.raises(RefereeError, match="the UPF Destroyer 1 docked after moving today; a ship must spend a full day docked"):
        repairs.order(campaign, "UPF Destroyer 1", hull=10)
    queue = report.repairs(campaign)["centres"]
    shown = next(c for c in queue if c["centre"] == "Cassidine/Triad")["queue"]
    assert [s["today"] for s in shown] == ["20 hull points", "nothing: it docked after moving today (a full day docked is needed)"]


def next_lines(campaign: Campaign, tmp_path: Path) -> list[str]:
    """The status's 'next' lines, as the shell prints them."""
    path = tmp_path / "next.toml"
    storage.write_text(path, campaign_file.text(campaign, TABLES))
    code, out, err = run("campaign", "status", "-c", str(path))
    assert code == 0, err
    return [line[8:] for line in out.splitlines() if line.startswith("next ")]


def test_the_next_line_at_set_up_follows_what_remains(tmp_path: Path) -> None:
    shown = next_lines(war(), tmp_path)
    assert shown == [
        "UPF: place non-attached ships first, if wanted (campaign place SHIPS --at PLANET)",
        "the Sathar must place at least 20 ships (not counting fighters) before the first turn; 0 placed (campaign place SHIPS --circle C)",
        "the Sathar player has not chosen a retreat condition (campaign retreat N)",
    ]
    placed = sathar_placed(war())
    assert next_lines(placed, tmp_path) == [
        "the Sathar player has not chosen a retreat condition (campaign retreat N)",
        "UPF: place Strike Force NOVA now if wanted, or at the start of a later UPF move (campaign nova)",
    ]
    ready = setup.choose_retreat(placed, 2).campaign
    assert next_lines(ready, tmp_path)[-1] == "advance to day 1 (campaign advance)"


def test_the_next_line_stops_offering_nova_once_it_is_placed_or_the_upf_has_moved(tmp_path: Path) -> None:
    campaign = at_step(started(), "upf-move")
    assert "UPF: place Strike Force NOVA if wanted, before any UPF ship moves (campaign nova)" in next_lines(campaign, tmp_path)
    placed = setup.place_nova(campaign, TABLES, random.Random(0), "4").campaign
    assert not [line for line in next_lines(placed, tmp_path) if "NOVA" in line]
    moved = movement.move(campaign, TABLES, ["Task Force Prenglar"], toward="Cassidine").campaign
    assert not [line for line in next_lines(moved, tmp_path) if "NOVA" in line]


def test_the_next_line_in_an_attack_step_names_the_contested_systems_and_the_battles_to_enter(tmp_path: Path) -> None:
    campaign = at_gran_quivera()
    campaign = at_step(campaign, "sathar-attacks", 5)
    assert next_lines(campaign, tmp_path) == [
        "Sathar: declare attacks if wanted, in Prenglar (campaign battle declare SYSTEM)",
        "advance to the UPF attacks (campaign advance)",
    ]
    declared = battles.declare(campaign, TABLES, "Prenglar", "Gran Quivera").campaign
    ships = declared.fights[0].ships
    assert next_lines(declared, tmp_path)[0] == (
        f"enter the results of the Sathar attack at Gran Quivera (Prenglar): {len(ships)} of {len(ships)} ships not entered yet "
        "(campaign battle result SHIP, or battle import FILE)"
    )
    one = battles.record(declared, ships[0], battles.Outcome()).campaign
    assert next_lines(one, tmp_path)[0].startswith(f"enter the results of the Sathar attack at Gran Quivera (Prenglar): {len(ships) - 1} of {len(ships)}")
    for name in ships[1:]:
        one = battles.record(one, name, battles.Outcome()).campaign
    assert not any(line.startswith("enter the results") for line in next_lines(one, tmp_path))  # every ship entered: the line goes


# ---------------------------------------------------------------------- the victory tally and the retreat conditions


def losses(campaign: Campaign, how: str, *names: str) -> Campaign:
    return victory.lose(campaign, [campaign.unit(n) for n in names], how)


def test_each_retreat_condition_shows_its_own_progress_figure() -> None:
    """Sathar Retreat Conditions: 1 two assault carriers; 2 five heavy cruisers; 3 40 ships, fighters
    included; 4 a tenday without two stations or fortresses destroyed; 5 at the end of a tenday more
    Sathar ships lost in combat than UPF, fighters and militia not counted."""
    campaign = at_step(started(), "upf-move", 13)
    campaign = losses(campaign, "combat", "Sathar Assault Carrier 1", "Sathar Heavy Cruiser 1", "Sathar Destroyer 1", "TF Prenglar Frigate 1")
    campaign = losses(campaign, "misjump", "Sathar Destroyer 2", "Pale Militia Assault Scout 1")
    campaign = losses(campaign, "stranded", "UPF Fighter 2")
    campaign = losses(campaign, "combat", "Hentz Station")
    assert [victory.progress(campaign, n) for n in range(1, 6)] == [
        "Sathar assault carriers lost: 1 of 2",
        "Sathar heavy cruisers lost: 1 of 5",
        "Sathar ships lost, fighters included: 11 of 40",  # the carrier's 7 fighters went with it, and a destroyer misjumped
        "stations and fortresses destroyed this tenday (days 11-20): 1 of 2; checked at the end of day 20",
        "ships lost in combat, fighters and militia not counted: Sathar 3, UPF 1; met at the end of day 20 if the Sathar have lost more",
    ]
    assert victory.tally(campaign) == {"stations_destroyed": 1, "fortresses_destroyed": 0, "fortresses_left": 4, "sathar_lost": 11, "upf_lost": 3}


def test_status_with_secrets_follows_the_sealed_condition(tmp_path: Path) -> None:
    campaign = at_step(started(retreat=5), "upf-move", 3)
    campaign = losses(campaign, "misjump", "Pale Militia Assault Scout 1")
    campaign = losses(campaign, "stranded", "UPF Fighter 2")
    campaign = losses(campaign, "combat", "Sathar Destroyer 1")
    found = report.status(campaign, secrets=True)
    assert found["retreat_progress"] == ["ships lost in combat, fighters and militia not counted: Sathar 1, UPF 0; met at the end of day 10 if the Sathar have lost more"]
    assert report.status(campaign)["retreat_progress"] == []  # sealed
    path = tmp_path / "w.toml"
    storage.write_text(path, campaign_file.text(campaign, TABLES))
    code, out, _ = run("campaign", "status", "--secrets", "-c", str(path))
    assert code == 0 and "secret  now: ships lost in combat, fighters and militia not counted: Sathar 1, UPF 0" in out
    assert "tally   stations destroyed 0, fortresses destroyed 0, fortresses left 4, sathar lost 1, upf lost 2" in out
    code, out, _ = run("campaign", "status", "-c", str(path))
    assert "Sathar 1, UPF 0" not in out


# ---------------------------------------------------------------------- repairs in space


def after_a_battle() -> Campaign:
    """Day 5: the Sathar attack Gran Quivera; the TF Prenglar Frigate 1 comes out of it with 20 hull
    points of 40 and its drives hit (ADF 2 of 4)."""
    campaign = battles.declare(at_step(at_gran_quivera(), "sathar-attacks", 5), TABLES, "Prenglar", "Gran Quivera", rules="advanced").campaign
    return battles.record(campaign, "TF Prenglar Frigate 1", Outcome(hull=20, adf=2)).campaign


def test_repairs_in_space_are_one_repair_turn_after_each_battle() -> None:
    """Repair: 'Ships that have been damaged in battle can repair that damage normally using their
    DCR'; Knight Hawks Repairs: 'All of a ship's DCR points can be allocated during each repair turn.'
    A reading: one repair turn after each battle the ship fought, on the day of the battle."""
    campaign = after_a_battle()
    offer = ("repairs in space after the battle, if wanted: TF Prenglar Frigate 1", "repair-space")
    assert offer in report.next_steps(campaign)
    first = repairs.repair_in_space(campaign, "TF Prenglar Frigate 1", [Repair("hull", 40), Repair("adf", 30)], random.Random(0), ["5", "95"], ["6"])
    assert offer not in report.next_steps(first.campaign)
    assert first.entries[0].text == "the TF Prenglar Frigate 1 makes its repair turn after the Sathar attack at Gran Quivera (Prenglar): 70 of its 70 DCR points"
    assert first.campaign.unit("TF Prenglar Frigate 1").roster.hull == 26
    with pytest.raises(RefereeError, match="the TF Prenglar Frigate 1 has made its repair turn after today's battle"):
        repairs.repair_in_space(first.campaign, "TF Prenglar Frigate 1", [Repair("adf", 30)], random.Random(0), ["5"])
    two_days_on = at_step(first.campaign, "upf-move", 7)._replace(fights=())
    with pytest.raises(RefereeError, match="the TF Prenglar Frigate 1 fought no battle today"):
        repairs.repair_in_space(two_days_on, "TF Prenglar Frigate 1", [Repair("adf", 30)], random.Random(0), ["5"])
    with pytest.raises(RefereeError, match="fought no battle today"):
        repairs.repair_in_space(hurt(war(), "UPF Destroyer 1", 20), "UPF Destroyer 1", [Repair("hull", 40)], random.Random(0), ["5"])


def test_a_referee_may_override_the_reading_with_a_note_and_it_is_logged() -> None:
    campaign = after_a_battle()
    first = repairs.repair_in_space(campaign, "TF Prenglar Frigate 1", [Repair("adf", 30)], random.Random(0), ["95"]).campaign
    again = repairs.repair_in_space(first, "TF Prenglar Frigate 1", [Repair("adf", 30)], random.Random(0), ["5"], override="our table repairs every repair turn of the battle's hour")
    assert again.entries[0].text == (
        "the referee overrides a reading (one repair turn after each battle the ship fought): our table repairs every repair turn of the battle's hour")
    assert again.campaign.unit("TF Prenglar Frigate 1").roster.adf == 3
    with pytest.raises(RefereeError, match="nothing to override"):
        repairs.repair_in_space(campaign, "TF Prenglar Frigate 1", [Repair("adf", 30)], random.Random(0), ["5"], override="a note")


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


def few_left_and_five_placed() -> Campaign:
    """Day 5: 4 Sathar ships left on the map; 5 heavy cruisers placed in the Kizk-Kar circle, 5 of 9."""
    campaign = at_step(started(), "sathar-move", 5)
    on_map = [u for u in campaign.units if u.side == "Sathar" and u.active]
    campaign = victory.lose(campaign, on_map[4:], "combat")
    return setup.place_sathar(campaign, [f"Sathar Heavy Cruiser {n}" for n in range(1, 6)], "Kizk-Kar").campaign


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
