"""The Second Sathar War's special combat rules, breaking off, and fighters and carriers, case by case as a
reader of the campaign book worked them by hand (cases C070-C088 and C158). Each test names its case and
quotes the sentence it rests on; the outcome asserted is the book's, or the program's reading where the
readings of docs/sathar-war.md decide it (said so)."""

from __future__ import annotations

import pytest

from referee.errors import RefereeError
from referee.knight_hawks import combat_phase
from referee.sathar_war import battles, fleets, movement, setup, supply, turn, victory
from referee.sathar_war.battles import Outcome
from referee.sathar_war.campaign import Campaign, Place
from tests.helpers.campaign import at_step, move, put, started, war
from tests.helpers.tables import TABLES

FLEET_1 = [f"Sathar Destroyer {n}" for n in range(1, 9)] + ["Sathar Heavy Cruiser 1", "Sathar Heavy Cruiser 2"]
FLEET_2 = [f"Sathar Destroyer {n}" for n in range(9, 13)]
FLEET_3 = [f"Sathar Destroyer {n}" for n in range(13, 16)]


def fleet(campaign: Campaign, name: str, ships: list[str]) -> Campaign:
    return fleets.join(campaign, name, ships).campaign


def in_prenglar() -> Campaign:
    campaign = put(started(), FLEET_1, Place("Prenglar"))
    return at_step(fleet(campaign, "Sathar Attack Fleet 1", FLEET_1), "sathar-attacks", 6)


def test_c070_a_planet_is_named_and_a_fleet_attacks_one_planet_a_day() -> None:
    """C070. "If there are two planets in a system that is being attacked, one of the planets must be announced
    as the target. Only one planet can be attacked by a specific ship or fleet per day." (a) "Fleet #1 attacks
    Prenglar": refused; (b) Gran Quivera, then Morgaine's World the same day: the second is refused."""
    campaign = in_prenglar()
    with pytest.raises(RefereeError, match="two planets: name the one attacked"):
        battles.declare(campaign, TABLES, "Prenglar", names=["Sathar Attack Fleet 1"])
    first = battles.declare(campaign, TABLES, "Prenglar", "Gran Quivera", names=["Sathar Attack Fleet 1"]).campaign
    with pytest.raises(RefereeError, match="only one planet can be attacked by a ship per day"):
        battles.declare(first, TABLES, "Prenglar", "Morgaine's World", names=["Sathar Attack Fleet 1"])


def in_cassidine() -> Campaign:
    campaign = put(started(), FLEET_1 + FLEET_2 + FLEET_3, Place("Cassidine"))
    campaign = fleet(fleet(fleet(campaign, "Sathar Attack Fleet 1", FLEET_1), "Sathar Attack Fleet 2", FLEET_2), "Sathar Fleet 3", FLEET_3)
    return at_step(campaign, "sathar-attacks", 9)


def test_c071_two_fleets_two_planets_the_same_day_but_a_ship_only_once() -> None:
    """C071. "Only one planet can be attacked by a specific ship or fleet per day": Fleet #1 on Triad and Fleet #2
    on Rupert's Hole, the same day, are allowed; a ship of Fleet #1 moved into Fleet #2 to attack again is not."""
    campaign = battles.declare(in_cassidine(), TABLES, "Cassidine", "Triad", names=["Sathar Attack Fleet 1"]).campaign
    campaign = battles.declare(campaign, TABLES, "Cassidine", "Rupert's Hole", names=["Sathar Attack Fleet 2"]).campaign
    assert [(f.planet, f.attacker) for f in campaign.fights] == [("Triad", "Sathar"), ("Rupert's Hole", "Sathar")]
    switched = fleets.join(campaign, "Sathar Attack Fleet 2", ["Sathar Destroyer 1"]).campaign
    with pytest.raises(RefereeError, match="Sathar Destroyer 1 attacked another planet today"):
        battles.declare(switched, TABLES, "Cassidine", "Rupert's Hole", names=["Sathar Attack Fleet 2"])


def test_c072_the_upf_does_not_attack_sathar_ships_that_attacked_today() -> None:
    """C072. "The UPF player may not attack Sathar ships that have already attacked UPF or militia ships."
    After Fleets #1 and #2 attacked, the UPF attack in Cassidine takes in Fleet #3 only; with only Fleet #1
    there it is refused; the next day Fleet #1 may be attacked."""
    campaign = battles.declare(in_cassidine(), TABLES, "Cassidine", "Triad", names=["Sathar Attack Fleet 1"]).campaign
    campaign = battles.declare(campaign, TABLES, "Cassidine", "Rupert's Hole", names=["Sathar Attack Fleet 2"]).campaign
    upf = battles.declare(campaign._replace(step="upf-attacks"), TABLES, "Cassidine", "Triad").campaign.fights[-1]
    assert set(FLEET_3) <= set(upf.ships) and not set(FLEET_1 + FLEET_2) & set(upf.ships)
    alone = campaign.with_units([u._replace(status="destroyed", place=None) for u in campaign.named(FLEET_2 + FLEET_3)])
    with pytest.raises(RefereeError, match="may not attack Sathar ships that have already attacked"):
        battles.declare(alone._replace(step="upf-attacks"), TABLES, "Cassidine", "Triad")
    tomorrow = at_step(turn.advance(alone._replace(step="upf-attacks"), TABLES).campaign, "upf-attacks", 10)
    assert set(FLEET_1) <= set(battles.declare(tomorrow, TABLES, "Cassidine", "Triad").campaign.fights[0].ships)


def test_c073_the_attacker_moves_first() -> None:
    """C073. "Whichever player declared the attack is the attacker, and moves first in that combat": the UPF's
    attack on Fleet #3 at Cassidine goes to the battle with the UPF as the side moving first."""
    campaign = battles.declare(in_cassidine()._replace(step="upf-attacks"), TABLES, "Cassidine", "Triad").campaign
    battle = battles.battle_for(campaign, "Cassidine")
    assert battle.sides[0] == "UPF" and battle.moving == "UPF" and "The attacker moves first" in battle.situation


def test_c074_ships_at_both_planets_of_a_system_gather_for_the_battle() -> None:
    """C074. "If either side's ships are based at two planets in a single star system, all of the ships may
    gather for the battle." The Sathar attack Morgaine's World: the two destroyers at Gran Quivera may fight;
    the Gran Quivera station, in orbit round the other planet, does not."""
    campaign = put(in_prenglar(), ["UPF Destroyer 1", "UPF Destroyer 2"], Place("Prenglar", "Gran Quivera"))
    fight = battles.declare(campaign, TABLES, "Prenglar", "Morgaine's World").campaign.fights[0]
    assert {"UPF Destroyer 1", "UPF Destroyer 2", "TF Prenglar Battleship", "Fortress Gollwin"} <= set(fight.ships)
    assert "Gran Quivera Station" not in fight.ships


def test_c076_a_station_alone_can_be_attacked() -> None:
    """C076. "In order to win, the Sathar must destroy UPF space stations and orbital fortresses": a Sathar fleet
    in Timeon, where only Lossend's station is, may attack it."""
    campaign = put(at_step(started(), "sathar-attacks", 12), FLEET_2, Place("Timeon"))
    fight = battles.declare(campaign, TABLES, "Timeon").campaign.fights[0]
    assert fight.planet == "Lossend" and "Lossend Station" in fight.ships


@pytest.mark.parametrize(
    ("sathar", "upf", "where", "rules"),
    [
        (["Sathar Heavy Cruiser 1", "Sathar Destroyer 1"], ["TF Prenglar Frigate 1", "TF Prenglar Assault Scout 1"], Place("K'tsa-Kar", "Kawdl-Kit"), "Advanced Rules; average NPC skills"),
        ([f"Sathar Destroyer {n}" for n in range(1, 7)] + ["Sathar Heavy Cruiser 1", "Sathar Heavy Cruiser 2"], [], Place("Dramune"), "Advanced Rules; no skill modifiers"),
        ([f"Sathar Destroyer {n}" for n in range(1, 7)] + ["Sathar Heavy Cruiser 1", "Sathar Heavy Cruiser 2"], ["Outer Reach"], Place("Dramune"), "Basic Rules"),
        (["Sathar Destroyer 1"], [], Place("Timeon"), "Advanced Rules; average NPC skills"),
    ],
)
def test_c077_the_which_rules_chart(sathar: list[str], upf: list[str], where: Place, rules: str) -> None:
    """C077. "2 to 4 Advanced Rules; average NPC skills / 5 to 14 Advanced Rules; no skill modifiers / More than
    14 Basic Rules". The reader counts stations as ships; the program does not (docs/sathar-war.md, Readings: "Ships in
    battle"): the outcomes agree. Heavy cruiser and destroyer against frigate and assault scout: 4, Advanced,
    average NPC skills. Eight Sathar against the Inner Reach militia (5; the reader's 14 with the station, the
    program's 13): Advanced, no skill modifiers. The Outer Reach militia (4) gathering too: Basic. A lone
    destroyer against Lossend (the reader's 2; the program's 1, read as the first row): Advanced, average."""
    campaign = put(at_step(started(), "sathar-attacks", 13), sathar, where)
    if upf and upf[0] != "Outer Reach":
        campaign = put(campaign, upf, where)
    if not upf and where.where == "Dramune":
        campaign = victory.lose(campaign, [u for u in campaign.units if u.militia and u.home == "Outer Reach"], "combat")
    planet = "Inner Reach" if where.where == "Dramune" else ""
    fight = battles.declare(campaign, TABLES, where.where, planet).campaign.fights[0]
    assert fight.rules.startswith(rules)


def test_c078_the_players_may_choose_other_rules() -> None:
    """C078. "If a majority of the players agree to use rules other than those suggested, feel free to ignore
    this chart": a battle of more than 14 ships, Basic by the chart, fought with the Advanced Rules."""
    campaign = put(at_step(started(), "sathar-attacks", 13), FLEET_1 + FLEET_2, Place("Prenglar"))
    fight = battles.declare(campaign, TABLES, "Prenglar", "Morgaine's World", rules="advanced").campaign.fights[0]
    assert fight.rules.startswith("Basic Rules") and fight.game == "advanced"


def test_c079_a_basic_battle_uses_the_advanced_ships_and_combat_table_but_no_damage_table() -> None:
    """C079. "If the Basic Rules are used, all weapons and ships introduced in the Advanced Game are still used,
    as is the Advanced Game Combat Table. ... The Advanced Game Damage Table and the repair rule are ignored,
    however." The battle goes to the Advanced Game engine without its damage table; a Damage Table result
    (ADF lost) is refused, hull damage only."""
    campaign = battles.declare(in_prenglar(), TABLES, "Prenglar", "Gran Quivera", rules="basic").campaign
    battle = battles.battle_for(campaign, "Prenglar")
    assert battle.game == "advanced" and not battle.damage_table
    with pytest.raises(RefereeError, match="loses hull points only, not ADF"):
        battles.record(campaign, "TF Prenglar Frigate 1", Outcome(hull=20, adf=2))
    assert battles.record(campaign, "TF Prenglar Frigate 1", Outcome(hull=20)).campaign.unit("TF Prenglar Frigate 1").roster.hull == 20


def triad_battle() -> Campaign:
    campaign = put(started(), FLEET_1, Place("Cassidine"))
    return battles.declare(at_step(campaign, "sathar-attacks", 14), TABLES, "Cassidine", "Triad").campaign


def test_c080_ships_breaking_off_go_to_a_transit_box_next_to_the_system() -> None:
    """C080. "When the fleeing ships are beyond the range of the pursuers' weapons, they have escaped and are
    placed in a transit box adjacent to the star system. The victorious ships are placed in the system box
    where the battle was fought. The ships resume normal movement on the following turn." TF Cassidine's
    battleship and frigates escape toward Prenglar (the UPF's choice of way): in the first box out of
    Cassidine; the Sathar stay; in a box they do not rearm that night."""
    campaign = triad_battle()
    for ship in ("TF Cassidine Battleship", "TF Cassidine Frigate 1", "TF Cassidine Frigate 2"):
        campaign = battles.record(campaign, ship, Outcome(spent={"ICM": 1}, escaped="Prenglar")).campaign
    assert campaign.unit("TF Cassidine Battleship").place == Place("Prenglar - Cassidine", box=8, toward="Prenglar")
    assert campaign.unit("Sathar Destroyer 1").place == Place("Cassidine")
    _, lines = supply.rearm(campaign)
    assert any("TF Cassidine Frigate 1 does not rearm" in e.text for e in lines)
    with pytest.raises(RefereeError, match="UPF ships move in step 'upf-move'"):
        movement.move(at_step(campaign, "upf-attacks", 14), TABLES, ["TF Cassidine Battleship"])


def test_c081_a_damaged_ship_that_broke_off_crawls() -> None:
    """C081. "A ship with unrepaired hull damage may never move more than one transit box per turn": the
    battleship, 40 hull points down in its box, may not risk-jump onward; it may turn back into Cassidine at
    one box a day."""
    campaign = battles.record(triad_battle(), "TF Cassidine Battleship", Outcome(hull=80, escaped="Prenglar")).campaign
    campaign = at_step(campaign, "upf-move", 15)
    with pytest.raises(RefereeError, match="keep the rate they set out at"):  # (placed in the box, it goes at one box a day)
        move(campaign, ["TF Cassidine Battleship"], toward="Prenglar", rate=2)
    refit = put(campaign, ["TF Cassidine Battleship"], Place("Cassidine", "Triad"))
    with pytest.raises(RefereeError, match="unrepaired hull damage may never move more than one transit box"):
        move(refit, ["TF Cassidine Battleship"], toward="Prenglar", rate=2)
    assert move(campaign, ["TF Cassidine Battleship"], toward="Cassidine").unit("TF Cassidine Battleship").place.where == "Cassidine"  # type: ignore[union-attr]


def test_c082_ships_docked_at_a_station_destroyed_take_half_its_hull_points() -> None:
    """C082. "Combat is resolved using either the Basic or Advanced Boardgame rules"; the Knight Hawks manual:
    "If a station is destroyed while ships are docked at it, each docked ship takes points of damage equal to
    one-half of the station's original hull points." The Inner Reach station (80) falls with its militia
    docked: 40 each; the scouts (15) and the frigate (40) are destroyed, the destroyer (50) left with 10; the
    campaign takes the battle back so."""
    sathar = [f"Sathar Destroyer {n}" for n in range(1, 7)]
    campaign = put(at_step(started(), "sathar-attacks", 12), sathar, Place("Dramune"))
    campaign = victory.lose(campaign, [u for u in campaign.units if u.militia and u.home == "Outer Reach"], "combat")
    campaign = battles.declare(campaign, TABLES, "Dramune", "Inner Reach", rules="advanced").campaign
    battle = battles.battle_for(campaign, "Dramune")
    battle = battle.with_ships([battle.ship("Inner Reach Station")._replace(hull=0)])
    battle, _ = combat_phase.settle(battle, ["Inner Reach Station"])
    back = battles.from_battle(campaign, battle).campaign
    assert [back.unit(f"Inner Reach Militia Assault Scout {n}").status for n in (1, 2, 3)] == ["destroyed"] * 3
    assert back.unit("Inner Reach Militia Frigate").status == "destroyed"
    assert back.unit("Inner Reach Militia Destroyer").roster.hull == 10


# ---------------------------------------------------------------------- fighters and carriers


def test_c083_fighters_left_without_a_base_die_at_the_days_end() -> None:
    """C083. "Fighters can break off combat, but they cannot enter a transit box unless they are being carried
    aboard an assault carrier. Fighters not aboard a carrier or station when the "Day" marker is advanced are
    destroyed automatically." Four UPF fighters based at Kawdl-Kit, launched, survive its destruction: they
    cannot flee to a transit box, and die at the end of the day."""
    loose = ["UPF Fighter 1", "UPF Fighter 2", "UPF Fighter 3", "UPF Fighter 4"]
    campaign = put(started(), ["Sathar Destroyer 1", "Sathar Destroyer 2"], Place("K'tsa-Kar"))
    campaign = put(campaign, loose, Place("K'tsa-Kar", "Kawdl-Kit"))
    campaign = campaign.with_units([u._replace(roster=u.roster._replace(carried_by="Kawdl-Kit Station")) for u in campaign.named(loose)])
    campaign = fleets.launch(campaign, loose).campaign
    campaign = battles.declare(at_step(campaign, "sathar-attacks", 15), TABLES, "K'tsa-Kar").campaign
    campaign = battles.record(campaign, "Kawdl-Kit Station", Outcome(destroyed=True)).campaign
    with pytest.raises(RefereeError, match="fighters cannot enter a transit box unless they are being carried"):
        battles.record(campaign, "UPF Fighter 1", Outcome(escaped="White Light"))
    after = turn.advance(turn.advance(campaign, TABLES).campaign, TABLES).campaign
    assert {after.unit(n).status for n in loose} == {"destroyed"} and {(loss.name, loss.how) for loss in after.losses if loss.name in loose} == {(n, "stranded") for n in loose}


def sathar_carrier_battle() -> Campaign:
    """Day 16: Sathar Assault Carrier 1 (with 7 fighters never launched) at Dramune, the UPF attacking."""
    campaign = put(started(), ["Sathar Assault Carrier 1", "Sathar Destroyer 1"], Place("Dramune"))
    campaign = put(campaign, ["TF Prenglar Battleship"], Place("Dramune", "Inner Reach"))
    return battles.declare(at_step(campaign, "upf-attacks", 16), TABLES, "Dramune", "Inner Reach").campaign


def test_c084_fighters_aboard_a_carrier_destroyed_are_lost_with_it() -> None:
    """C084. The book is silent; the fighters aboard a destroyed carrier that were never launched die with it (by
    the Knight Hawks station rule too, half the carrier's 75 hull points against 8). The carrier and its
    fighters are all lost."""
    campaign = sathar_carrier_battle()
    aboard = [f.name for f in campaign.aboard("Sathar Assault Carrier 1")]
    campaign = battles.record(campaign, "Sathar Assault Carrier 1", Outcome(destroyed=True)).campaign
    assert {campaign.unit(n).status for n in aboard} == {"destroyed"}
    assert len([loss for loss in campaign.losses if loss.side == "Sathar"]) == 1 + len(aboard)


def test_c084_the_results_table_loses_the_fighters_aboard_with_their_carrier() -> None:
    """C084. The same battle entered all at once in the results table, every ship of it listed, the fighters
    aboard with nothing of their own to enter: the carrier destroyed takes them with it, whatever order the
    table gives, and no line calls them unchanged."""
    campaign = sathar_carrier_battle()
    aboard = [f.name for f in campaign.aboard("Sathar Assault Carrier 1")]
    for outcomes in (
        {"Sathar Assault Carrier 1": Outcome(destroyed=True), **dict.fromkeys(aboard, Outcome())},
        {**dict.fromkeys(aboard, Outcome()), "Sathar Assault Carrier 1": Outcome(destroyed=True)},
    ):
        done = battles.record_all(campaign, outcomes)
        assert {done.campaign.unit(n).status for n in aboard} == {"destroyed"}
        assert not any("unchanged" in e.text and aboard[0] in e.text for e in done.entries)


def test_c085_fighters_out_of_a_carrier_destroyed_land_on_another_or_die() -> None:
    """C085. "Each assault carrier has a capacity of eight fighters"; "Fighters not aboard a carrier or station
    when the "Day" marker is advanced are destroyed automatically." Carrier A's 8 fighters are all out when A
    is destroyed; one is shot down; carrier B (6 aboard) takes 2; the other 5 have no base (the Sathar have no
    stations) and die at the day's end: 7 Sathar losses, the 5 among them for condition 3."""
    campaign = put(started(), ["Sathar Assault Carrier 1", "Sathar Assault Carrier 2"], Place("Dramune"))
    extra = campaign.aboard("Sathar Assault Carrier 3")[0].name
    campaign = put(campaign, [extra], Place("Dramune"))
    campaign = fleets.land(campaign, [extra], "Sathar Assault Carrier 1").campaign
    a_fighters = [f.name for f in campaign.aboard("Sathar Assault Carrier 1")]
    assert (len(a_fighters), len(campaign.aboard("Sathar Assault Carrier 2"))) == (8, 6)
    campaign = put(campaign, ["TF Prenglar Battleship"], Place("Dramune", "Inner Reach"))
    campaign = fleets.launch(at_step(campaign, "upf-attacks", 16), a_fighters).campaign
    campaign = battles.declare(campaign, TABLES, "Dramune", "Inner Reach").campaign
    campaign = battles.record(campaign, "Sathar Assault Carrier 1", Outcome(destroyed=True)).campaign
    campaign = battles.record(campaign, a_fighters[0], Outcome(destroyed=True)).campaign
    campaign = fleets.land(campaign, a_fighters[1:3], "Sathar Assault Carrier 2").campaign
    with pytest.raises(RefereeError, match="carries 8 fighters; 8 are aboard"):
        fleets.land(campaign, a_fighters[3:4], "Sathar Assault Carrier 2")
    after = turn.advance(campaign, TABLES).campaign
    assert [after.unit(n).status for n in a_fighters] == ["destroyed", "active", "active"] + ["destroyed"] * 5
    assert len([loss for loss in after.losses if loss.side == "Sathar"]) == 7
    assert victory.progress(after._replace(retreat_condition=3), 3).startswith("Sathar ships lost, fighters included: 7 of 40")


def test_c086_upf_fighters_land_on_a_station_when_their_carrier_is_lost() -> None:
    """C086. Fighters "based at any station in the Frontier" survive the day's end: TF Prenglar's carrier is
    destroyed at Morgaine's World with its 4 fighters out; they land at Fortress Gollwin and survive, but
    cannot leave Prenglar without a carrier."""
    fighters = ["UPF Fighter 1", "UPF Fighter 2", "UPF Fighter 3", "UPF Fighter 4"]
    campaign = fleets.launch(in_prenglar(), fighters).campaign
    campaign = battles.declare(campaign, TABLES, "Prenglar", "Morgaine's World").campaign
    campaign = battles.record(campaign, "TF Prenglar Assault Carrier", Outcome(destroyed=True)).campaign
    campaign = fleets.land(campaign, fighters, "Fortress Gollwin").campaign
    after = turn.advance(turn.advance(campaign, TABLES).campaign, TABLES).campaign
    assert {after.unit(n).status for n in fighters} == {"active"} and {after.unit(n).roster.carried_by for n in fighters} == {"Fortress Gollwin"}
    with pytest.raises(RefereeError, match="aboard the Fortress Gollwin and moves with it"):
        movement.move(at_step(after, "upf-move", 18), TABLES, fighters, toward="Cassidine")


def test_c087_fighters_never_enter_a_box_alone() -> None:
    """C087. "they cannot enter a transit box unless they are being carried aboard an assault carrier": the
    non-attached fighters based at Fortress Kdikit do not move toward Cassidine."""
    fighters = ["UPF Fighter 1", "UPF Fighter 2", "UPF Fighter 3", "UPF Fighter 4"]
    campaign = at_step(setup.place_upf(war(), fighters, "Kdikit").campaign, "upf-move", 4)
    with pytest.raises(RefereeError, match="aboard the Fortress Kdikit and moves with it"):
        movement.move(campaign, TABLES, fighters, toward="Cassidine")
    launched = fleets.launch(campaign, fighters).campaign
    with pytest.raises(RefereeError, match="cannot enter a transit box unless carried aboard an assault carrier"):
        movement.move(launched, TABLES, fighters, toward="Cassidine")


def test_c088_a_carrier_moves_at_its_own_rate_and_its_fighters_share_its_fate() -> None:
    """C088. "Ships with an ADF of 3 or more can move three transit boxes per day": a Sathar carrier (ADF 2) with
    8 fighters (ADF 5) aboard may not go three boxes a day; at two, a misjump takes the fighters with it."""
    campaign = put(at_step(started(), "sathar-move", 8), ["Sathar Assault Carrier 1"], Place("Fromeltar"))
    with pytest.raises(RefereeError, match=r"ADF 3 or more: Sathar Assault Carrier 1 \(ADF 2\)"):
        move(campaign, ["Sathar Assault Carrier 1"], side="Sathar", toward="Dramune", rate=3)
    aboard = [f.name for f in campaign.aboard("Sathar Assault Carrier 1")]
    campaign = move(campaign, ["Sathar Assault Carrier 1"], side="Sathar", toward="Dramune", rate=2)
    campaign = move(move(campaign, ["Sathar Assault Carrier 1"], side="Sathar"), ["Sathar Assault Carrier 1"], side="Sathar", roll="91")
    assert campaign.unit("Sathar Assault Carrier 1").status == "misjumped" and {campaign.unit(n).status for n in aboard} == {"misjumped"}
    assert len(campaign.losses) == 1 + len(aboard)


def gollywog_battle() -> Campaign:
    campaign = put(started(), ["Task Force Cassidine"], Place("White Light", "Gollywog"))
    campaign = put(campaign, FLEET_2, Place("White Light"))
    return battles.declare(at_step(campaign, "sathar-attacks", 26), TABLES, "White Light").campaign


def test_c158_a_carrier_breaking_off_takes_the_fighters_aboard_and_leaves_the_others() -> None:
    """C158. "Fighters can break off combat, but they cannot enter a transit box unless they are being carried
    aboard an assault carrier. Fighters not aboard a carrier or station when the "Day" marker is advanced are
    destroyed automatically." TF Cassidine's carrier breaks off from Gollywog with 4 fighters aboard and 2
    launched: the 4 go with it to the box; the 2 land at Fortress Redoubt and live; had Redoubt fallen, they
    would die at the day's end."""
    campaign = gollywog_battle()
    fighters = [f.name for f in campaign.aboard("TF Cassidine Assault Carrier")]
    campaign = fleets.launch(campaign, fighters[4:]).campaign
    campaign = battles.record(campaign, "TF Cassidine Assault Carrier", Outcome(escaped="Madderly's Star")).campaign
    box = campaign.unit("TF Cassidine Assault Carrier").place
    assert box is not None and box.on_route and {campaign.unit(n).place for n in fighters[:4]} == {box}
    assert {campaign.unit(n).place.where for n in fighters[4:]} == {"White Light"}  # type: ignore[union-attr]
    landed = fleets.land(campaign, fighters[4:], "Fortress Redoubt").campaign
    after = turn.advance(turn.advance(landed, TABLES).campaign, TABLES).campaign
    assert {after.unit(n).status for n in fighters} == {"active"}
    fallen = battles.record(campaign, "Fortress Redoubt", Outcome(destroyed=True)).campaign
    after = turn.advance(turn.advance(fallen, TABLES).campaign, TABLES).campaign
    assert [after.unit(n).status for n in fighters] == ["active"] * 4 + ["destroyed"] * 2


def test_c085_the_sathar_have_no_station_to_land_on() -> None:
    """C085. The Sathar have no stations: a Sathar fighter cannot be based at a UPF station."""
    campaign = put(started(), ["Sathar Assault Carrier 1"], Place("Dramune", "Inner Reach"))
    fighter = campaign.aboard("Sathar Assault Carrier 1")[0].name
    campaign = fleets.launch(campaign, [fighter]).campaign
    with pytest.raises(RefereeError, match="is not with the Inner Reach Station"):
        fleets.land(campaign, [fighter], "Inner Reach Station")
