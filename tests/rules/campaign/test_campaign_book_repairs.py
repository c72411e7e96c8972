"""The Second Sathar War's repairs - in space with a ship's DCR, at construction centres, and the Sathar's at
captured ones - case by case as a reader of the campaign book worked them by hand (cases C105-C122, C156 and
C157). Each test names its case and quotes the sentence it rests on; the outcome asserted is the book's, or
the program's reading where the readings of docs/sathar-war.md decide it (said so)."""

from __future__ import annotations

import random

import pytest

from referee.errors import RefereeError
from referee.knight_hawks.repair import Repair, repair_turn
from referee.sathar_war import battles, fleets, repairs, supply, turn, victory
from referee.sathar_war.battles import Outcome
from referee.sathar_war.campaign import Campaign, Place
from tests.helpers.campaign import MAP, at_step, hurt, put, started, war
from tests.helpers.tables import TABLES


def gone(campaign: Campaign, *names: str) -> Campaign:
    return victory.lose(campaign, list(campaign.named(names)), "combat")


def after_battle(ship: str, outcome: Outcome, rules: str = "advanced", where: Place = Place("Cassidine", "Triad"), day: int = 14) -> Campaign:
    """The ship in today's battle at ``where`` (a Sathar attack on a UPF ship, the UPF's on a Sathar one), its
    outcome entered."""
    sathar = ship.startswith("Sathar")
    campaign = put(put(started(), [ship], where), ["TF Prenglar Destroyer 1" if sathar else "Sathar Destroyer 9"], where)
    campaign = at_step(campaign, "upf-attacks" if sathar else "sathar-attacks", day)
    campaign = battles.declare(campaign, TABLES, where.where, where.planet, rules=rules).campaign
    return battles.record(campaign, ship, outcome).campaign


def space(campaign: Campaign, ship: str, allot: list[tuple[str, int]], rolls: list[str], hull: list[str] = (), override: str = "") -> Campaign:  # type: ignore[assignment]
    return repairs.repair_in_space(campaign, ship, [Repair(t, p) for t, p in allot], random.Random(0), rolls, list(hull), override).campaign


def test_c105_repairs_in_space_after_a_basic_battle_until_a_hull_roll_fails() -> None:
    """C105. "Ships that have been damaged in battle can repair that damage normally using their DCR. If the
    battle was fought using the Basic Rules, repairs cannot be made until after the battle. If any hull damage
    repair attempt fails after the battle, no further repairs can be attempted; the ship's hull can be repaired
    only at a space station." A frigate (40 hull, DCR 70) at 15 after a Basic battle: 34 (1d10 6) -> 21. The
    reader goes on with more attempts; the program allows one repair turn after each battle (docs/sathar-war.md, Readings:
    "Repairs in space", overridable): a second is refused unless the referee sets the reading aside; then 55
    (9) -> 30, and 81 fails: the hull waits for a station."""
    campaign = after_battle("TF Cassidine Frigate 1", Outcome(hull=15), rules="basic")
    campaign = space(campaign, "TF Cassidine Frigate 1", [("hull", 70)], ["34"], ["6"])
    assert campaign.unit("TF Cassidine Frigate 1").roster.hull == 21
    with pytest.raises(RefereeError, match="one repair turn of the ship's DCR after each battle"):
        space(campaign, "TF Cassidine Frigate 1", [("hull", 70)], ["55"], ["9"])
    campaign = space(campaign, "TF Cassidine Frigate 1", [("hull", 70)], ["55"], ["9"], override="the table repairs until a roll fails")
    campaign = space(campaign, "TF Cassidine Frigate 1", [("hull", 70)], ["81"], override="the table repairs until a roll fails")
    frigate = campaign.unit("TF Cassidine Frigate 1")
    assert frigate.roster.hull == 30 and frigate.hull_station_only


def test_c106_a_roll_of_90_or_more_always_fails() -> None:
    """C106. Knight Hawks: "A damage repair roll of 90 to 00 always is unsuccessful"; SSW as C105. A battleship
    (DCR 200) with 30 hull damage puts all 200 on the hull and rolls 92: failed, after the battle, so the hull
    waits for a station."""
    campaign = after_battle("TF Cassidine Battleship", Outcome(hull=90))
    campaign = space(campaign, "TF Cassidine Battleship", [("hull", 200)], ["92"])
    assert campaign.unit("TF Cassidine Battleship").roster.hull == 90 and campaign.unit("TF Cassidine Battleship").hull_station_only


def test_c107_a_failure_during_an_advanced_battle_does_not_end_repairs() -> None:
    """C107. "If any hull damage repair attempt fails after the battle, no further repairs can be attempted": a
    Sathar heavy cruiser's hull repair failing in a repair turn during the battle (91) does not stop the next
    (40, 1d10 7: 25 damage -> 18); taken back into the campaign, it may still make its repair turn after the
    battle."""
    campaign = after_battle("Sathar Heavy Cruiser 1", Outcome(), where=Place("Cassidine", "Triad"))
    battle = battles.battle_for(campaign, "Cassidine")
    cruiser = battle.ship("Sathar Heavy Cruiser 1")._replace(hull=55)
    cruiser, _ = repair_turn(cruiser, [Repair("hull", 120)], random.Random(0), ["91"])
    cruiser, _ = repair_turn(cruiser, [Repair("hull", 120)], random.Random(0), ["40"], ["7"])
    back = battles.from_battle(campaign, battle.with_ships([cruiser])).campaign
    assert back.unit("Sathar Heavy Cruiser 1").roster.hull == 62 and not back.unit("Sathar Heavy Cruiser 1").hull_station_only
    assert space(back, "Sathar Heavy Cruiser 1", [("hull", 120)], ["10"], ["5"]).unit("Sathar Heavy Cruiser 1").roster.hull == 67


def test_c108_a_99_leaves_that_system_to_a_station() -> None:
    """C108. "If a system other than the hull cannot be repaired in space (because a 99 or Oo was rolled), the
    ship must return to a space station to repair this system, also." A destroyer that lost 1 ADF and its
    torpedoes: 40 on the drive rolls 99, 35 on the torpedoes rolls 20: the torpedoes are back, the drive waits
    for a station (ADF 2), and the hull may still be repaired in space."""
    campaign = after_battle("TF Prenglar Destroyer 1", Outcome(hull=40, adf=2, lost_systems=("T",)))
    campaign = space(campaign, "TF Prenglar Destroyer 1", [("adf", 40), ("T", 35)], ["99", "20"])
    destroyer = campaign.unit("TF Prenglar Destroyer 1")
    assert destroyer.roster.system("T").state == "working" and destroyer.roster.adf == 2  # type: ignore[union-attr]
    assert "adf" in destroyer.roster.airdock_only and not destroyer.hull_station_only
    again = space(campaign, "TF Prenglar Destroyer 1", [("hull", 75)], ["30"], ["4"], override="a second repair turn")
    assert again.unit("TF Prenglar Destroyer 1").roster.hull == 44


def test_c109_one_adf_point_a_successful_repair() -> None:
    """C109. Knight Hawks: "only 1 ADF or MR point is restored per repair ... players can allocate more than one
    block of DCR points". A Sathar light cruiser (DCR 100) that lost all 3 ADF splits 33, 33, 33: rolls 12, 40,
    29 give back 2 points: ADF 2, and with no hull damage it may risk-jump two boxes a day."""
    campaign = after_battle("Sathar Light Cruiser 1", Outcome(adf=0), where=Place("Cassidine", "Triad"))
    campaign = space(campaign, "Sathar Light Cruiser 1", [("adf", 33)] * 3, ["12", "40", "29"])
    assert campaign.unit("Sathar Light Cruiser 1").roster.adf == 2


def pale_battle() -> Campaign:
    return after_battle("Fortress Pale", Outcome(hull=240), where=Place("Truane's Star", "Pale"), day=18)


def test_c110_a_station_repairs_with_its_dcr_after_the_battle() -> None:
    """C110. "Ships that have been damaged in battle can repair that damage normally using their DCR", and the
    book gives every station a DCR: Fortress Pale (300 hull, DCR 200), 60 damage after an Advanced battle,
    rolls 45 (1d10 7): 53 damage left."""
    campaign = space(pale_battle(), "Fortress Pale", [("hull", 200)], ["45"], ["7"])
    assert campaign.unit("Fortress Pale").roster.hull == 247


def test_c111_a_station_whose_hull_repair_failed_keeps_its_damage_even_beside_a_construction_centre() -> None:
    """C111, the program's reading (docs/sathar-war.md, Readings: Repairs in space). "If any hull damage repair attempt fails after the
    battle, no further repairs can be attempted; the ship's hull can be repaired only at a space station"; the
    centres repair ships: "These repairs can be divided among as many ships as the UPF player has at that
    station." The reader had Pale's centre repair Fortress Pale (to 250 in two days); a station is not docked at
    a centre, so its failed hull stays at 240, and the log says why."""
    done = repairs.repair_in_space(pale_battle(), "Fortress Pale", [Repair("hull", 200)], random.Random(0), ["93"])
    assert done.entries[-1].text.endswith("a station is not repaired at a construction centre (ships dock there), so its hull stays as it is")
    campaign = done.campaign
    assert campaign.unit("Fortress Pale").hull_station_only
    campaign = campaign.with_units([u._replace(status="destroyed", place=None) for u in campaign.units if u.side == "Sathar" and u.active])
    campaign = turn.advance(turn.advance(campaign, TABLES).campaign, TABLES).campaign
    assert campaign.unit("Fortress Pale").roster.hull == 240


def test_c111_a_station_without_a_construction_centre_keeps_its_damage() -> None:
    """C111. As above: Kawdl-Kit (armed, 80 hull, DCR 75) fails its hull roll (80 > 75) and has no construction
    centre at K'tsa-Kar: its 30 damage stays."""
    campaign = after_battle("Kawdl-Kit Station", Outcome(hull=50), where=Place("K'tsa-Kar", "Kawdl-Kit"), day=18)
    campaign = space(campaign, "Kawdl-Kit Station", [("hull", 75)], ["80"])
    campaign = campaign.with_units([u._replace(status="destroyed", place=None) for u in campaign.units if u.side == "Sathar" and u.active])
    for _ in range(3):
        campaign = turn.advance(at_step(campaign, "upf-attacks", campaign.day), TABLES).campaign
    assert campaign.unit("Kawdl-Kit Station").roster.hull == 50 and not any(c.system == "K'tsa-Kar" for c in repairs.centres(campaign))


def test_c112_a_failed_hull_roll_stops_every_repair_in_space() -> None:
    """C112. "If any hull damage repair attempt fails after the battle, no further repairs can be attempted": a
    Sathar destroyer with 15 hull damage, its laser cannon and electron beam lost, splits DCR 40 hull / 35 LC:
    hull 55 fails, LC 30 succeeds (rolled in the same turn, it stands). No further repair of any kind in space:
    not its electron beam, even with the one-turn reading set aside."""
    campaign = after_battle("Sathar Destroyer 1", Outcome(hull=35, lost_systems=("LC", "EB")), where=Place("Cassidine", "Triad"))
    campaign = space(campaign, "Sathar Destroyer 1", [("hull", 40), ("LC", 35)], ["55", "30"])
    destroyer = campaign.unit("Sathar Destroyer 1")
    assert destroyer.roster.system("LC").state == "working" and destroyer.hull_station_only  # type: ignore[union-attr]
    with pytest.raises(RefereeError, match="no further repairs can be attempted"):
        space(campaign, "Sathar Destroyer 1", [("EB", 75)], ["10"], override="another repair turn")


def test_c113_the_repair_capacity_table() -> None:
    """C113. "Araks/Hentz 20 / Cassidine/Rupert's Hole 10 / Cassidine/Triad 40 / Dramune/Outer Reach 10 /
    Fromeltar/Terledrom 20 / Prenglar/Gran Quivera 40 / Theseus/Minotaur 20 / Truane's Star/Pale 10 / White
    Light/Gollywog 10": nine centres, none elsewhere."""
    found = {f"{s.name}/{p.name}": p.scc for s in MAP.systems for p in s.planets if p.scc}
    assert found == {
        "Araks/Hentz": 20,
        "Cassidine/Rupert's Hole": 10,
        "Cassidine/Triad": 40,
        "Dramune/Outer Reach": 10,
        "Fromeltar/Terledrom": 20,
        "Prenglar/Gran Quivera": 40,
        "Theseus/Minotaur": 20,
        "Truane's Star/Pale": 10,
        "White Light/Gollywog": 10,
    }


def docked(campaign: Campaign, names: list[str]) -> Campaign:
    return fleets.dock(campaign, names).campaign


def end_of(campaign: Campaign) -> Campaign:
    """The end of the day (what the ships did today kept), and the next day."""
    return turn.advance(campaign._replace(step="upf-attacks"), TABLES).campaign


def hull(campaign: Campaign, name: str) -> int:
    return campaign.unit(name).roster.hull


def test_c114_a_centres_capacity_shared_from_the_first_full_day_docked() -> None:
    """C114. "Each SCC can repair a certain number of hull points per day. ... These repairs can be divided among
    as many ships as the UPF player has at that station"; "To be repaired, a ship must spend a full day docked
    at the station." TF Cassidine arrives at Triad on day 20 with battleship 30, heavy cruiser 20 and frigate 10
    down: nothing on day 20; day 21, 40 points (battleship 30, heavy cruiser 10); day 22 the rest."""
    ships = ["TF Cassidine Battleship", "TF Cassidine Heavy Cruiser", "TF Cassidine Frigate 1"]
    campaign = at_step(war(), "upf-move", 20)
    campaign = hurt(hurt(hurt(campaign, ships[0], 90), ships[1], 60), ships[2], 30)
    campaign = docked(campaign.with_units([u._replace(moved=True) for u in campaign.named(ships)]), ships)  # arrived today
    with pytest.raises(RefereeError, match="docked after moving today"):
        repairs.order(campaign, ships[0], hull=30)
    campaign = end_of(campaign)
    assert [hull(campaign, n) for n in ships] == [90, 60, 30]
    campaign = repairs.order(repairs.order(campaign, ships[0], hull=30).campaign, ships[1], hull=10).campaign
    with pytest.raises(RefereeError, match="repairs 40 hull points a day; 40 are ordered"):
        repairs.order(campaign, ships[2], hull=10)
    campaign = end_of(campaign)
    assert [hull(campaign, n) for n in ships] == [120, 70, 30]
    campaign = end_of(campaign)
    assert [hull(campaign, n) for n in ships] == [120, 80, 40]


def test_c115_one_system_a_day_and_no_hull_that_day() -> None:
    """C115. "One system can be repaired per day. The repaired system is completely restored. No other system
    repairs or hull repairs can be performed that day." A light cruiser at Gran Quivera with 3 ADF lost, its
    torpedoes lost and 8 hull points down takes three days (hull, drive, torpedoes); hull and drive on one day
    is refused; the 32 points it leaves on day 31 go to another ship."""
    campaign = put(at_step(war(), "upf-move", 31), ["TF Prenglar Light Cruiser 1", "TF Prenglar Destroyer 1"], Place("Prenglar", "Gran Quivera"))
    cruiser = campaign.unit("TF Prenglar Light Cruiser 1")
    campaign = campaign.with_units([cruiser._replace(roster=cruiser.roster._replace(hull=62, adf=0).with_system(cruiser.roster.system("T")._replace(state="destroyed")))])
    campaign = docked(hurt(campaign, "TF Prenglar Destroyer 1", 10), ["TF Prenglar Light Cruiser 1", "TF Prenglar Destroyer 1"])
    with pytest.raises(RefereeError, match="hull points or one system for the day: one of the two"):
        repairs.order(campaign, "TF Prenglar Light Cruiser 1", hull=8, system="adf")
    campaign = repairs.order(repairs.order(campaign, "TF Prenglar Light Cruiser 1", hull=8).campaign, "TF Prenglar Destroyer 1", hull=32).campaign
    campaign = end_of(campaign)
    assert (hull(campaign, "TF Prenglar Light Cruiser 1"), hull(campaign, "TF Prenglar Destroyer 1")) == (70, 42)
    campaign = end_of(repairs.order(campaign, "TF Prenglar Light Cruiser 1", system="adf").campaign)
    assert campaign.unit("TF Prenglar Light Cruiser 1").roster.adf == 3
    campaign = end_of(repairs.order(campaign, "TF Prenglar Light Cruiser 1", system="T").campaign)
    assert campaign.unit("TF Prenglar Light Cruiser 1").roster.system("T").state == "working"  # type: ignore[union-attr]


def test_c116_sathar_in_the_system_stop_the_centre() -> None:
    """C116. "UPF ships can be repaired at any spaceship construction center in a system that contains no Sathar
    ships": a heavy cruiser docked at Terledrom with 35 damage is repaired 20 on day 40, nothing on day 41 with
    a Sathar fleet in Fromeltar, the last 15 once it has gone."""
    campaign = docked(hurt(put(at_step(war(), "upf-move", 40), ["TF Cassidine Heavy Cruiser"], Place("Fromeltar", "Terledrom")), "TF Cassidine Heavy Cruiser", 45), ["TF Cassidine Heavy Cruiser"])
    campaign = end_of(campaign)
    assert hull(campaign, "TF Cassidine Heavy Cruiser") == 65
    occupied = end_of(put(campaign, ["Sathar Destroyer 1"], Place("Fromeltar")))
    assert hull(occupied, "TF Cassidine Heavy Cruiser") == 65
    freed = end_of(occupied.with_units([occupied.unit("Sathar Destroyer 1")._replace(status="destroyed", place=None)]))
    assert hull(freed, "TF Cassidine Heavy Cruiser") == 80


def test_c117_sathar_on_the_red_path_do_not_stop_the_centre() -> None:
    """C117. As C116, with "The start circle leading to Prenglar ... is actually inside the Prenglar system": the
    reader takes "system" as the starburst on the map; so does the program. A destroyer docked at Gran Quivera
    with 20 damage is repaired on day 3 with Sathar ships in red box 3 of the Prenglar path."""
    campaign = docked(hurt(put(at_step(started(), "upf-move", 3), ["UPF Destroyer 1"], Place("Prenglar", "Gran Quivera")), "UPF Destroyer 1", 30), ["UPF Destroyer 1"])
    campaign = put(campaign, ["Sathar Destroyer 1"], Place("Prenglar Start Circle - Prenglar", box=3, toward="Prenglar"))
    assert hull(end_of(campaign), "UPF Destroyer 1") == 50


def test_c118_the_centre_works_through_its_station() -> None:
    """C118. "To be repaired, a ship must spend a full day docked at the station": with Gran Quivera's station
    destroyed there is no station to dock at (Fortress Gollwin at Morgaine's World is no construction centre)."""
    campaign = gone(put(at_step(war(), "upf-move", 35), ["TF Prenglar Frigate 1"], Place("Prenglar", "Gran Quivera")), "Gran Quivera Station")
    with pytest.raises(RefereeError, match="no station on the map at Gran Quivera"):
        fleets.dock(hurt(campaign, "TF Prenglar Frigate 1", 30), ["TF Prenglar Frigate 1"])
    assert "Morgaine's World" not in {c.planet.name for c in repairs.centres(campaign)}


def test_c119_militia_are_repaired_at_their_centre() -> None:
    """C119. "UPF ships can be repaired at any spaceship construction center": the Hentz militia frigate, 12
    down, docked at Hentz (20 a day), is repaired in one full day."""
    campaign = hurt(at_step(war(), "upf-move", 12), "Hentz Militia Frigate", 28)
    assert campaign.unit("Hentz Militia Frigate").roster.docked_at == "Hentz Station"
    assert hull(end_of(campaign), "Hentz Militia Frigate") == 40


def cassidine_taken(day: int = 26) -> Campaign:
    campaign = gone(at_step(started(), "upf-move", 25), "Triad Station", "Rupert's Hole Station")._replace(day=day)  # (fallen on day 25)
    campaign = put(campaign, ["Task Force Cassidine"], Place("Prenglar", "Gran Quivera"))
    campaign = hurt(put(campaign, ["Sathar Heavy Cruiser 1"], Place("Cassidine", "Triad")), "Sathar Heavy Cruiser 1", 25)
    return hurt(put(campaign, ["Sathar Destroyer 1"], Place("Cassidine", "Rupert's Hole")), "Sathar Destroyer 1", 42)


def test_c120_a_centre_is_captured_when_every_station_is_gone_and_no_upf_ship_is_there() -> None:
    """C120. "An SCC is considered captured when all space stations in its system have been destroyed and no UPF
    or Militia ships are in the system": (a) Cassidine's stations gone, no UPF ship: both centres are the
    Sathar's; (b) a UPF assault scout in Cassidine: not captured."""
    campaign = cassidine_taken()
    assert {repairs.centre(campaign, n).owner for n in ("Triad", "Rupert's Hole")} == {"Sathar"}
    scout = put(campaign, ["TF Prenglar Assault Scout 1"], Place("Cassidine", "Triad"))
    assert {repairs.centre(scout, n).owner for n in ("Triad", "Rupert's Hole")} == {""}


def test_c121_the_sathar_repair_half_the_capacity() -> None:
    """C121. "Sathar can repair only one-half as many hull points per day as the construction center's capacity.
    Other systems can be repaired normally, in one day." A heavy cruiser 55 down at Triad (20 a day): 20, 20,
    15; a destroyer 8 down at Rupert's Hole (5 a day): 5, 3."""
    campaign = hurt(hurt(cassidine_taken(27), "Sathar Heavy Cruiser 1", 25), "Sathar Destroyer 1", 42)
    assert (repairs.centre(campaign, "Triad").capacity, repairs.centre(campaign, "Rupert's Hole").capacity) == (20, 5)
    seen = []
    for _ in range(3):
        campaign = end_of(campaign)
        seen.append((hull(campaign, "Sathar Heavy Cruiser 1"), hull(campaign, "Sathar Destroyer 1")))
    assert seen == [(45, 47), (65, 50), (80, 50)]
    halves = {p.name: p.scc // 2 for s in MAP.systems for p in s.planets if p.scc}
    assert halves == {"Hentz": 10, "Rupert's Hole": 5, "Triad": 20, "Outer Reach": 5, "Terledrom": 10, "Gran Quivera": 20, "Minotaur": 10, "Pale": 5, "Gollywog": 5}


def test_c122_a_upf_ship_in_the_system_takes_the_centre_back() -> None:
    """C122. As C120: a UPF task force entering Cassidine on day 28 stops the Sathar repairs that day; the
    centres are captured again when it leaves."""
    campaign = put(cassidine_taken(28), ["Task Force Cassidine"], Place("Cassidine", "Rupert's Hole"))
    assert hull(end_of(campaign), "Sathar Heavy Cruiser 1") == 25


def test_c156_rearmed_and_repaired_the_same_day() -> None:
    """C156. Rearming ("one complete day at a planet in a star system that is in supply") and repair ("a full
    day docked at the station"): a frigate docked at Minotaur, 10 hull down and its munitions spent, quiet all
    of day 23, is both rearmed and repaired that night."""
    campaign = put(at_step(war(), "upf-move", 23), ["TF Prenglar Frigate 1"], Place("Theseus", "Minotaur"))
    frigate = campaign.unit("TF Prenglar Frigate 1")
    campaign = campaign.with_units([frigate._replace(roster=frigate.roster._replace(hull=30).with_system(frigate.roster.system("T")._replace(count=0)))])
    campaign = end_of(docked(campaign, ["TF Prenglar Frigate 1"]))
    assert hull(campaign, "TF Prenglar Frigate 1") == 40 and campaign.unit("TF Prenglar Frigate 1").roster.system("T").count == 2  # type: ignore[union-attr]
    assert supply.in_supply(campaign, campaign.unit("TF Prenglar Frigate 1"))


def test_c157_a_centre_captured_today_repairs_from_tomorrow() -> None:
    """C157. "An SCC is considered captured when all space stations in its system have been destroyed and no UPF
    or Militia ships are in the system"; "To be repaired, a ship must spend a full day docked at the station."
    On day 25 the Sathar destroy Rupert's Hole, the last Cassidine station (Triad fell on day 24), and a damaged
    destroyer fought in that battle: it has not spent a full day at a captured centre, so nothing that night;
    on day 26, 5 hull points."""
    campaign = gone(at_step(started(), "sathar-attacks", 24), "Triad Station")
    campaign = put(campaign, ["Task Force Cassidine"], Place("Prenglar", "Gran Quivera"))
    campaign = put(campaign, ["Sathar Destroyer 1"], Place("Cassidine", "Rupert's Hole"))._replace(day=25)
    campaign = battles.declare(campaign, TABLES, "Cassidine", "Rupert's Hole").campaign
    campaign = battles.record(campaign, "Sathar Destroyer 1", Outcome(hull=42)).campaign
    campaign = battles.record(campaign, "Rupert's Hole Station", Outcome(destroyed=True)).campaign
    campaign = end_of(campaign)
    assert hull(campaign, "Sathar Destroyer 1") == 42
    assert hull(end_of(campaign), "Sathar Destroyer 1") == 47
