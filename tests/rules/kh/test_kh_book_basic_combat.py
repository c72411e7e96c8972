"""Basic Game combat, case by case from an independent reading of the Tactical Operations Manual
(each case worked by hand from the book's text; the sentence is quoted). KH n is the line of
knight-hawks-tactical-operations-manual.txt. The ships are the Basic scenarios' own (Surprise Attack!,
The Battle of Fortress Kdikit), as kh start reads them.

Not tested here, being the referee's at the map: K022 (a) and (c), whether a target is in the
forward arc and whether the moving ship's last hex was in it; K031, whether every shortest path
passes through a planet's hex. The referee reports what the map shows (head-on, the range)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from referee import dice
from referee.errors import RefereeError
from referee.knight_hawks.attack import Rolled, attack
from referee.knight_hawks.battle import Battle, advance
from referee.knight_hawks.combat import Chance, Part, Shot, chance_to_hit, resolve
from referee.knight_hawks.combat_phase import Report, hit_in_battle, shoot
from referee.knight_hawks.movement import masking_screen, move
from tests.helpers.kh import KH, changed, make, scenario

RNG = random.Random(0)


def surprise(**ships: dict[str, Any]) -> Battle:
    """Surprise Attack!, the Sathar moving; Z'Gata and Stiletto undocked unless said."""
    battle = scenario("surprise-attack")
    return changed(battle, ZGata={"docked_at": ""}, Stiletto={"docked_at": ""}, **ships)


def kdikit(**ships: dict[str, Any]) -> Battle:
    return changed(scenario("fortress-kdikit"), **ships)


def fire(battle: Battle, firer: str, weapon: str, target: str, report: Report, rolled: Rolled) -> Any:
    return shoot(battle, KH, RNG, firer, weapon, target, report, rolled)


def chance(**shot: Any) -> int:
    return chance_to_hit(Shot(**shot), KH).total


# -- B. Basic Game combat --------------------------------------------------------------------------


def test_k005_laser_battery_against_a_reflective_hull() -> None:
    """K005. "A laser battery is being fired at a ship that has a reflective hull. According to the
    Combat Table, the laser battery has a 50% chance to hit its target. The attacking player rolls
    d100 and the result is 26." (KH 247) Range 0 (the same hex, no diffusion); 7 damage: 50 -> 43."""
    done = fire(surprise(), "Z'Gata", "LB", "Venomous", Report(range=0), Rolled("26", hull="7"))
    assert done.attack.chance.total == 50 and done.attack.outcome.hit
    assert done.battle.ship("Venomous").hull == 43


def test_k006_laser_battery_against_a_masking_screen() -> None:
    """K006. "If the ship had a masking screen, the laser battery would have had only a 10% chance to
    hit, and a roll of 26 would have missed." (KH 247)"""
    done = fire(surprise(Venomous={"masking_screen_up": True}), "Z'Gata", "LB", "Venomous", Report(range=0), Rolled("26", hull="7"))
    assert done.attack.chance.total == 10 and not done.attack.outcome.hit
    assert done.battle.ship("Venomous").hull == 50


@pytest.mark.parametrize(("roll", "hull"), [("50", 30), ("51", 40)])
def test_k007_laser_cannon_head_on_at_four_hexes(roll: str, hull: int) -> None:
    """K007. "The target ship has a reflective hull, so the attacker's base chance to hit is 60%. The
    attacker is making a head-on shot, increasing the chance to 70%. This is reduced by (4 x 5% =) 20%
    because of the range." (KH 259) 50 hits for 7 + 3; 51 misses."""
    done = fire(surprise(), "Venomous", "LC", "Z'Gata", Report(range=4, head_on=True), Rolled(roll, hull="10"))
    assert done.attack.chance.total == 50
    assert done.battle.ship("Z'Gata").hull == hull


def test_k008_torpedo_against_two_icms() -> None:
    """K008. "The torpedo normally has a 70% chance to hit, but each of the ICMs lowers this by 10%.
    The torpedo's final chance to hit is (70 - 20 =) 50%." (KH 335); "Whenever one is used, it must be
    checked off" (KH 337). 3 + 8 + 10 + 5 = 26: Z'Gata 40 -> 14."""
    done = fire(surprise(), "Perdition", "T", "Z'Gata", Report(range=3, icms=(("Z'Gata", 2),)), Rolled("50", hull="26"))
    assert done.attack.chance.total == 50 and done.attack.outcome.hit
    assert done.battle.ship("Z'Gata").hull == 14
    assert done.battle.ship("Perdition").system("T").count == 1
    assert done.battle.ship("Z'Gata").system("ICM").count == 2


def test_k009_assault_rocket_head_on_against_icms() -> None:
    """K009. "Assault Rocket 60% 60% -5%/ICM 2d10 +4" (KH 345); "If a forward-firing weapon is used
    against a target in the center row of the three-hex firing area, the attacker can add 10% to his
    chance to hit." (KH 253) 60 + 10 - 10 = 60; 6 + 9 + 4 = 19: Perdition 80 -> 61."""
    battle = advance(surprise())  # the UPF's half: Stiletto's own combat phase
    done = fire(battle, "Stiletto", "AR", "Perdition", Report(range=3, head_on=True, icms=(("Perdition", 2),)), Rolled("60", hull="19"))
    assert done.attack.chance.total == 60 and done.attack.outcome.hit
    assert done.battle.ship("Perdition").hull == 61
    assert done.battle.ship("Stiletto").system("AR").count == 3
    assert done.battle.ship("Perdition").system("ICM").count == 0


def test_k010_rocket_battery_ignores_a_masking_screen_and_is_crossed_off_on_a_miss() -> None:
    """K010. "Rocket Battery 40% 40% -3%/ICM 2d10" (KH 346): 40 - 6 = 34; a 35 misses, and the rocket
    battery and both ICMs are still crossed off."""
    battle = kdikit(Allison_May={"masking_screen_up": True})
    done = fire(battle, "Stinger", "RB", "Allison May", Report(range=2, icms=(("Allison May", 2),)), Rolled("35"))
    assert done.attack.chance.total == 34 and not done.attack.outcome.hit
    assert done.battle.ship("Stinger").system("RB").count == 3
    assert done.battle.ship("Allison May").system("ICM").count == 0


def test_k011_half_damage_rounds_up() -> None:
    """K011. "If a ship is hit by a laser while inside a masking screen, the amount of damage that is
    rolled is divided in half (fractions are rounded up)." (KH 325) over the footnote's "round
    fractions down" (KH 348), as the rules README reads it: 15 -> 8, Driadia 40 -> 32."""
    done = fire(kdikit(Driadia={"masking_screen_up": True}), "Vicious", "LC", "Driadia", Report(range=2), Rolled("8", hull="15"))
    assert done.attack.chance.total == 10 and done.attack.outcome.hit
    assert done.battle.ship("Driadia").hull == 32


def test_k012_a_laser_fired_out_of_a_masking_screen() -> None:
    """K012. "If a ship surrounded by a masking screen fires its lasers, resolve the attack as if the
    defending ship is masked." (KH 327) 10 - 5 = 5%; a 4 hits for 7 -> 4: Allison May 50 -> 46."""
    done = fire(kdikit(Vicious={"masking_screen_up": True}), "Vicious", "LB", "Allison May", Report(range=1), Rolled("4", hull="7"))
    assert done.attack.chance.total == 5 and done.attack.chance.defense == "masking-screen"
    assert done.battle.ship("Allison May").hull == 46


def test_k013_a_masking_screen_does_not_stop_or_halve_a_torpedo() -> None:
    """K013. "Torpedo 70% 70% -10%/ICM 4d10" (KH 344): 70%, and 1 + 2 + 3 + 4 = 10 in full."""
    battle = advance(surprise(Venomous={"masking_screen_up": True}))
    done = fire(battle, "Z'Gata", "T", "Venomous", Report(range=4), Rolled("69", hull="10"))
    assert done.attack.chance.total == 70 and done.attack.outcome.hit
    assert done.battle.ship("Venomous").hull == 40


def test_k014_an_assault_scout_destroyed_at_zero_or_less() -> None:
    """K014. "The defending player subtracts 11 from his ship's 15 hull points, leaving it with 4 hull
    points. ... This damage reduces the ship's hull points to 0 or less, so the ship is destroyed and
    the player removes it from the map." (KH 285)"""
    first = fire(kdikit(), "Stinger", "RB", "Razor", Report(range=1), Rolled("10", hull="11")).battle
    assert first.ship("Razor").hull == 4
    later = advance(advance(first))  # the next turn, the Sathar half
    second = fire(later, "Vicious", "LB", "Razor", Report(range=1), Rolled("10", hull="6")).battle
    assert second.ship("Razor").destroyed
    assert second.loss("Razor") is not None


def test_k015_five_or_less_hits_whatever_the_chance_within_range() -> None:
    """K015. "If a target is within a weapon's maximum range, a d100 roll of 5 or less always will hit
    the target, even if the attack's chance to hit was modified to 0" (KH 271). 10 - 45 = -35%: a 3
    hits for 5 -> 3; a 6 misses."""
    shot = Shot("basic", "LB", ("RH", "MS"), range=9)
    assert chance_to_hit(shot, KH).total == -35
    hit = attack(shot, KH, RNG, rolled=Rolled("3", hull="5"))
    assert hit.outcome.hit and hit.hit is not None and hit.hit.hull is not None and hit.hit.hull.points == 3
    assert not attack(shot, KH, RNG, rolled=Rolled("6")).outcome.hit


def test_k016_96_or_more_always_misses_and_no_automatic_hit_out_of_range() -> None:
    """K016. "a d100 roll of 96 or more will always miss, even if the attack's chance to hit was
    modified above 100%." (KH 271); "Range: # - The weapon can be used only against targets within
    the listed range of hexes." (KH 313)"""
    mines = chance_to_hit(Shot("advanced", "mines", ("SS",)), KH)
    assert mines.total == 80 and not resolve(mines, dice.entered("d100", 96)).hit
    above = Chance(mines.weapon, mines.defense, (Part(110, "a chance above 100", ""),))
    assert not resolve(above, dice.entered("d100", 96)).hit and resolve(above, dice.entered("d100", 95)).hit
    with pytest.raises(RefereeError, match="beyond the laser battery's range of 9"):
        attack(Shot("basic", "LB", ("RH",), range=10), KH, RNG, rolled=Rolled("2"))


def test_k017_evasion_against_a_torpedo_then_the_evasive_turns() -> None:
    """K017. "The MR of the evading ship is then multiplied by 5% and the result is subtracted from the
    torpedo's percentage chance to hit." (KH 261) "If the evading ship is not destroyed by the
    torpedo, it must turn in every hex it enters during its next move, until its MR is used up."
    (KH 263) Dauntless (MR 4): 50%, 45 hits for 12 (15 -> 3). A fighter (MR 5): 45%, 46 misses, and it
    must still turn."""
    battle = kdikit(UPF_Fighter_A={"docked_at": ""})
    scout = fire(battle, "Vicious", "T", "Dauntless", Report(range=2, evading=True), Rolled("45", hull="12"))
    assert scout.attack.chance.total == 50
    assert scout.battle.ship("Dauntless").hull == 3 and scout.battle.ship("Dauntless").must_turn
    fighter = fire(scout.battle, "Doomfist", "T", "UPF Fighter A", Report(range=2, evading=True), Rolled("46"))
    assert fighter.attack.chance.total == 45 and not fighter.attack.outcome.hit
    assert fighter.battle.ship("UPF Fighter A").must_turn
    upf = advance(fighter.battle)
    with pytest.raises(RefereeError, match="must move at least 4 hexes"):
        move(upf, RNG, "Dauntless", 3, 3, 3)
    with pytest.raises(RefereeError, match="until its MR is used up"):
        move(upf, RNG, "Dauntless", 4, 4, 3)
    assert not move(upf, RNG, "Dauntless", 4, 4, 4).battle.ship("Dauntless").must_turn


def test_k018_evasion_only_against_torpedoes_and_only_by_small_craft() -> None:
    """K018. "these types of ships can try to dodge torpedos that have been launched at them." (KH 261)
    An assault rocket at an evading fighter: no evasion, 60%, and 55 hits; a destroyer cannot evade."""
    with pytest.raises(RefereeError, match="only against torpedos"):
        chance_to_hit(Shot("basic", "AR", ("RH",), range=2, evading_mr=5), KH)
    assert resolve(chance_to_hit(Shot("basic", "AR", ("RH",), range=2), KH), dice.entered("d100", 55)).hit
    with pytest.raises(RefereeError, match="only fighters and assault scouts take evasive action"):
        fire(kdikit(), "Vicious", "T", "Allison May", Report(range=2, evading=True), Rolled("50"))


def test_k019_one_torpedo_and_one_rocket_battery_a_turn() -> None:
    """K019. "A ship with more than one torpedo, assault rocket or rocket battery can fire each only once
    per turn. For example, a ship with four torpedos and two rocket batteries can fire only one torpedo
    and one rocket battery per turn." (KH 267) The second of each is refused, not crossed off; the
    laser cannon and laser battery fire too."""
    battle = make("basic", {"name": "Stinger", "class": "frigate", "side": "UPF"}, {"name": "Vicious", "class": "destroyer", "side": "Sathar"}, moving="UPF")
    battle = fire(battle, "Stinger", "T", "Vicious", Report(range=2), Rolled("99")).battle
    battle = fire(battle, "Stinger", "RB", "Vicious", Report(range=2), Rolled("99")).battle
    for weapon in ("T", "RB"):
        with pytest.raises(RefereeError, match="fired once a turn"):
            fire(battle, "Stinger", weapon, "Vicious", Report(range=2), Rolled("99"))
    assert (battle.ship("Stinger").system("T").count, battle.ship("Stinger").system("RB").count) == (1, 3)
    battle = fire(battle, "Stinger", "LC", "Vicious", Report(range=2), Rolled("99")).battle
    fire(battle, "Stinger", "LB", "Vicious", Report(range=2), Rolled("99"))


def test_k020_torpedoes_and_assault_rockets_never_in_defensive_fire() -> None:
    """K020. "Laser cannons, laser batteries and rocket batteries can be fired defensively at the start
    of the moving player's combat phase. Torpedos and assault rockets cannot be launched at this time"
    (KH 277)"""
    battle = surprise()
    for firer, weapon in (("Stiletto", "AR"), ("Z'Gata", "T")):
        with pytest.raises(RefereeError, match="Moving Player Only"):
            fire(battle, firer, weapon, "Venomous", Report(range=1), Rolled("50"))
    fire(battle, "Stiletto", "LB", "Venomous", Report(range=1), Rolled("50", hull="5"))


@pytest.mark.parametrize(
    ("weapon", "reach", "head_on", "expected"),
    [("RB", 4, False, None), ("RB", 3, False, 40), ("T", 5, False, None), ("LC", 10, True, 20), ("LB", 9, False, 5)],
)
def test_k021_weapon_ranges(weapon: str, reach: int, head_on: bool, expected: int | None) -> None:
    """K021. "Torpedo MPO, LTD 4 / Assault Rocket MPO, LTD FF 4 / Rocket Battery LTD 3" and "Laser
    Cannon FF, RD 10 / Laser Battery RD 9" (KH 350-355)"""
    shot = Shot("basic", weapon, ("RH",), range=reach, head_on=head_on)
    if expected is None:
        with pytest.raises(RefereeError, match="beyond"):
            chance_to_hit(shot, KH)
    else:
        assert chance_to_hit(shot, KH).total == expected


def test_k022_entering_the_targets_hex_is_head_on() -> None:
    """K022 (b). "If a ship with a forward-firing weapon enters the same hex its target is in, the
    attacking ship automatically gets the head-on bonus." (KH 255) Range 0: 60 + 10 = 70; 68 hits. (The
    arcs of (a) and (c) are the referee's, at the map: the referee reports head-on.)"""
    battle = advance(kdikit())
    done = fire(battle, "Driadia", "LC", "Vicious", Report(range=0, head_on=True), Rolled("68", hull="10"))
    assert done.attack.chance.total == 70 and done.attack.outcome.hit


def test_k023_shots_aimed_at_a_target_destroyed_are_fired_and_crossed_off() -> None:
    """K023. "If a target is destroyed by the first few shots, any other weapons the player had aimed
    at that target must be fired ... If these wasted shots include torpedo or rocket fire, these
    weapons are fired and must be crossed off the attacking ship's record sheet." (KH 239) Driadia's
    laser cannon destroys the fighter; Admiral Clinton's torpedo and rocket battery are crossed off."""
    battle = advance(kdikit(Sathar_Fighter_A={"carried_by": ""}))
    battle = fire(battle, "Driadia", "LC", "Sathar Fighter A", Report(range=1), Rolled("10", hull="12")).battle
    assert battle.ship("Sathar Fighter A").destroyed
    for firer, weapon in (("Admiral Clinton", "T"), ("Admiral Clinton", "RB"), ("Driadia", "LB")):
        done = fire(battle, firer, weapon, "Sathar Fighter A", Report(range=1), Rolled("10"))
        assert "a wasted shot" in done.entries[0].text
        battle = done.battle
    clinton = battle.ship("Admiral Clinton")
    assert (clinton.system("T").count, clinton.system("RB").count) == (7, 9)


def test_k024_the_most_effective_defense_counts() -> None:
    """K024. "If the target ship has more than one defensive system operating, the defense that is most
    effective against the attacking weapon is used." (KH 245) Doomfist masked: a laser battery at 2
    hexes 10 - 10 = 0%, and 9 misses; a rocket battery 40%, and 39 hits in full."""
    battle = advance(kdikit(Doomfist={"masking_screen_up": True}))
    laser = fire(battle, "Allison May", "LB", "Doomfist", Report(range=2), Rolled("9", hull="9"))
    assert laser.attack.chance.total == 0 and not laser.attack.outcome.hit
    rocket = fire(laser.battle, "Allison May", "RB", "Doomfist", Report(range=2), Rolled("39", hull="15"))
    assert rocket.attack.chance.total == 40 and rocket.battle.ship("Doomfist").hull == 35


def test_k025_basic_icms_defend_only_their_launcher_advanced_the_whole_hex() -> None:
    """K025. "ICMs can defend only the ship that launched them." (KH 337); "In the Advanced Game, ICMs
    can defend any ship in the same hex as the ship that launched them." (KH 587) Advanced: a torpedo
    at Razor with two of Driadia's ICMs: 50 - 20 = 30%; Driadia's ICMs 4 -> 2."""
    with pytest.raises(RefereeError, match="ICMs defend only the ship that launches them"):
        fire(kdikit(), "Vicious", "T", "Razor", Report(range=2, icms=(("Driadia", 2),)), Rolled("50"))
    advanced = make(
        "advanced",
        {"name": "Vicious", "class": "destroyer", "side": "Sathar"},
        {"name": "Razor", "class": "assault scout", "side": "UPF"},
        {"name": "Driadia", "class": "frigate", "side": "UPF"},
    )
    done = fire(advanced, "Vicious", "T", "Razor", Report(range=2, icms=(("Driadia", 2),)), Rolled("99"))
    assert done.attack.chance.total == 30
    assert done.battle.ship("Driadia").system("ICM").count == 2


def test_k026_icms_do_nothing_against_lasers_and_beams() -> None:
    """K026. "Laser Cannon 60% 20%* _ 2d10 / Laser Battery 50% 10%* - 1d10" (KH 342-343); rules README:
    "disruptor cannon and all beam weapons: no ICM effect." Refused, and no ICM spent."""
    battle = kdikit()
    with pytest.raises(RefereeError, match="ICMs have no effect on the laser battery"):
        fire(battle, "Vicious", "LB", "Driadia", Report(range=2, icms=(("Driadia", 2),)), Rolled("50"))
    assert battle.ship("Driadia").system("ICM").count == 2
    with pytest.raises(RefereeError, match="ICMs have no effect on the disruptor cannon"):
        chance_to_hit(Shot("advanced", "DC", ("RH",), range=2, icms=1), KH)


def test_k027_no_icms_or_masking_screens_once_used_up() -> None:
    """K027. "A ship carries a limited number of ICMs. Whenever one is used, it must be checked off"
    (KH 337); "When all of them are used, the ship cannot create any more masking screens." (KH 331)"""
    battle = advance(surprise(Perdition={"defenses": (battle_line("RH"), battle_line("ICM x0 of 2"))}))
    with pytest.raises(RefereeError, match="has 0 ICMs left"):
        fire(battle, "Z'Gata", "T", "Perdition", Report(range=2, icms=(("Perdition", 1),)), Rolled("70"))
    assert fire(battle, "Z'Gata", "T", "Perdition", Report(range=2), Rolled("70", hull="10")).attack.chance.total == 70
    spent = kdikit(Stinger={"defenses": (battle_line("RH"), battle_line("MS x0 of 1"), battle_line("ICM x2"))})
    with pytest.raises(RefereeError, match="no masking screens left"):
        masking_screen(spent, "Stinger", True)


def battle_line(text: str) -> Any:
    from referee.knight_hawks.roster import systems

    return systems([text])[0]


def test_k028_a_masking_screen_lasts_while_the_ship_flies_straight() -> None:
    """K028. "This screen counter stays on top of the ship as long as the ship travels in a straight
    line at its current speed." (KH 329) Vicious at speed 4: masked after a straight move at 4; the
    screen is gone when it turns."""
    battle = kdikit(Vicious={"speed": 4})
    battle = masking_screen(battle, "Vicious", True).battle
    battle = advance(advance(battle))  # the next turn's Sathar half
    straight = move(battle, RNG, "Vicious", 4, 0, 0).battle
    assert straight.ship("Vicious").masking_screen_up
    turned = move(advance(advance(straight)), RNG, "Vicious", 4, 0, 1).battle
    assert not turned.ship("Vicious").masking_screen_up
    shot = fire(advance(turned), "Driadia", "LB", "Vicious", Report(range=1), Rolled("99"))
    assert shot.attack.chance.defense == "reflective-hull"


def test_k029_a_docked_ship_fires_only_its_batteries_and_a_docked_scout_is_not_a_target() -> None:
    """K029. "A docked ship can use its battery weapons to help defend the station. A docked ship cannot
    fire any forward-firing weapons, torpedos or ICMs." (KH 433); "Any docked ship except fighters and
    assault scouts can be attacked by enemy ships." (KH 435)"""
    battle = scenario("surprise-attack")  # Z'Gata and Stiletto docked at Doliin Bay, the Sathar moving
    with pytest.raises(RefereeError, match="docked and cannot fire ICMs"):
        fire(battle, "Venomous", "T", "Z'Gata", Report(range=1, icms=(("Z'Gata", 1),)), Rolled("50"))
    with pytest.raises(RefereeError, match="cannot be attacked"):
        fire(battle, "Venomous", "LB", "Stiletto", Report(range=1), Rolled("50"))
    assert fire(battle, "Venomous", "LB", "Z'Gata", Report(range=1), Rolled("10", hull="5")).battle.ship("Z'Gata").hull == 35
    upf = advance(battle)
    for weapon in ("LC", "T"):
        with pytest.raises(RefereeError, match="docked at the Doliin Bay: a docked ship fires no forward-firing weapons or torpedos"):
            fire(upf, "Z'Gata", weapon, "Venomous", Report(range=1), Rolled("50"))
    fire(upf, "Z'Gata", "LB", "Venomous", Report(range=1), Rolled("50", hull="5"))


def test_k030_a_station_destroyed_with_ships_docked_and_a_docked_ship_destroyed() -> None:
    """K030. "If a station is destroyed while ships are docked at it, each docked ship takes points of
    damage equal to one-half of the station's original hull points. If a ship is destroyed while
    docked, the station takes points of damage equal to one-half of the ship's original hull points."
    (KH 435) Doliin Bay (25): 13 each, rounded up as the book's other halves; Z'Gata 30 -> 17, Stiletto
    15 -> 2. A destroyer (50) destroyed docked at Fortress Kdikit (70): 70 -> 45."""
    battle = changed(scenario("surprise-attack"), ZGata={"hull": 30})
    done = hit_in_battle(battle, KH, RNG, "Doliin Bay", "torpedo", "4d10", Rolled(hull="30"))
    assert done.battle.ship("Doliin Bay").destroyed
    assert (done.battle.ship("Z'Gata").hull, done.battle.ship("Stiletto").hull) == (17, 2)
    fortress = kdikit(Fortress_Kdikit={"hull": 70}, Allison_May={"docked_at": "Fortress Kdikit"})
    done = hit_in_battle(fortress, KH, RNG, "Allison May", "torpedo", "4d10", Rolled(hull="40"))
    done = hit_in_battle(done.battle, KH, RNG, "Allison May", "torpedo", "4d10", Rolled(hull="10"))
    assert done.battle.ship("Allison May").destroyed
    assert done.battle.ship("Fortress Kdikit").hull == 45
