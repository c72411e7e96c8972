"""The Advanced Damage Table and what its results do, shatter drones and breaking apart, case by case
from an independent reading of the Tactical Operations Manual (each case worked by hand from the
book's text; the sentence is quoted). KH n is the line of knight-hawks-tactical-operations-manual.txt,
SSW n of second-sathar-war.txt. The ships are The Stand's and Close Escort's own."""

from __future__ import annotations

import random
from typing import Any

import pytest

from referee.errors import RefereeError
from referee.knight_hawks.attack import Damage, Rolled, damage
from referee.knight_hawks.battle import Battle, advance
from referee.knight_hawks.combat import Shot, chance_to_hit
from referee.knight_hawks.combat_phase import Report, fire_damage, hit_in_battle, shoot
from referee.knight_hawks.movement import breakup, move, navigation
from referee.knight_hawks.ordnance import shatter_drone
from referee.knight_hawks.roster import Ship, systems
from tests.helpers.kh import KH, make, scenario

RNG = random.Random(0)
HDR = {"LB": "1d10", "LC": "2d10", "PB": "1d10", "EB": "1d10", "DC": "3d10", "T": "4d10", "AR": "2d10+4", "RB": "2d10"}


def ship(name: str, **changes: Any) -> Ship:
    """A ship of The Stand or Close Escort, as its scenario lists it, changed as given."""
    for scene in ("the-stand", "close-escort"):
        found = [s for s in scenario(scene).ships if s.name == name]
        if found:
            return found[0]._replace(**changes)
    raise AssertionError(name)


def hit(target: Ship, weapon: str, table: str, hull: str | None = None, half: bool = False) -> Damage:
    """A hit's damage on the target: the Damage Table d100 as rolled, plus the weapon's DTM."""
    return damage(KH, "advanced", weapon, HDR[weapon], RNG, target, Rolled(damage=table, hull=hull), half=half)


def after(target: Ship, *hits: tuple[str, str, str | None]) -> Ship:
    for weapon, table, hull in hits:
        done = hit(target, weapon, table, hull)
        assert done.after is not None
        target = done.after
    return target


def stand(**ships: dict[str, Any]) -> Battle:
    battle = scenario("the-stand")
    return battle.with_ships([battle.ship(name.replace("_", " "))._replace(**values) for name, values in ships.items()])


# -- D. The Advanced Damage Table ------------------------------------------------------------------


def test_k054_the_worked_example_83_is_a_defense_hit_on_the_icms() -> None:
    """K054. "The attacking player rolls d100 and gets a result of 73. The weapon modifier is added,
    giving a modified result of 83" (KH 652) and the table "81 - 84 Defense hit: ICM; SS; PS; ES; MS"
    (KH 686): Viper's ICM system is destroyed, all 3 left; no hull damage."""
    viper = ship("Viper", defenses=systems(["RH", "MS x2", "ICM x3 of 5"]))
    done = hit(viper, "PB", "73")
    assert done.effect.system == "ICM" and done.hull is None
    assert done.after is not None and done.after.system("ICM").state == "destroyed" and done.after.hull == 50


def test_k055_a_weapon_hit_falls_to_the_next_system_the_ship_has() -> None:
    """K055. "The destroyer does not have a disruptor cannon. The next system listed is a laser cannon.
    The destroyer does have a laser cannon, so the laser cannon is destroyed." (KH 719)"""
    done = hit(ship("Bludgeon"), "LB", "66")
    assert done.after is not None and done.after.system("LC").state == "destroyed"


def test_k056_double_hull_damage_destroys_a_frigate() -> None:
    """K056. "-20 - 10 Hull hit: double normal damage" (KH 671); "the attacker should roll the dice and
    multiply the result by 2." (KH 695) 25 - 20 = 5; 21 x 2 = 42: Shimmer 40 -> destroyed."""
    done = hit(ship("Shimmer"), "T", "25", "21")
    assert done.hull is not None and done.hull.points == 42
    assert done.after is not None and done.after.destroyed


@pytest.mark.parametrize(("table", "hull", "adf"), [("10", 63, 1), ("11", 69, 1), ("45", 69, 1), ("46", 75, 0)])
def test_k057_band_edges(table: str, hull: int, adf: int) -> None:
    """K057. "-20 - 10 Hull hit: double normal damage / 11 - 45 Hull hit: roll normal damage for weapon
    / 46 - 49 Drive hit: lose 1 ADF point" (KH 671-673) A laser battery's 6 on Megasaurus."""
    found = after(ship("Megasaurus"), ("LB", table, "6"))
    assert (found.hull, found.adf) == (hull, adf)


def test_k058_double_damage_doubles_the_assault_rockets_plus_four() -> None:
    """K058. KH 695: "roll the dice and multiply the result by 2": (3 + 4 + 4) x 2 = 22 (the result of
    2d10+4, doubled); the fighter is destroyed."""
    done = hit(ship("Sathar Fighter A", carried_by=""), "AR", "15", "11")
    assert done.hull is not None and done.hull.points == 22
    assert done.after is not None and done.after.destroyed


@pytest.mark.parametrize(("name", "table", "adf"), [("Viper", "41", 1), ("Shimmer", "42", 2), ("Rapier", "40", 2)])
def test_k059_half_the_adf_rounded_up_is_lost(name: str, table: str, adf: int) -> None:
    """K059. "50 - 52 Drive hit: lose 1/2 total ADF (round up)" (KH 674); "If it loses one-half of its
    ADF, its ADF is reduced to 1 (one-half of 3, rounded down)." (KH 709) ADF 3 -> 1, 4 -> 2, 5 -> 2."""
    assert after(ship(name), ("EB", table, None)).adf == adf


def test_k060_a_half_adf_hit_after_drive_damage_takes_half_the_original() -> None:
    """K060. "If a ship has taken some drive damage, and receives a "1/2 ADF" hit, it loses a number of
    ADF points equal to one-half of its original ADF." (KH 709) Viper at ADF 2 of 3 loses 2: 0."""
    assert after(ship("Viper", adf=2), ("LB", "51", None)).adf == 0


def test_k061_a_drive_hit_with_no_adf_left_is_a_normal_hull_hit() -> None:
    """K061. "if a hit is scored on a ship's system that has already been destroyed by damage (a drive
    hit on a ship with no ADF left, for example), that hit is treated as a hull hit." (KH 739) 53: ADF
    0; then 48: the laser cannon's 5 + 7, Viper 50 -> 38."""
    viper = after(ship("Viper", speed=4), ("LC", "53", None))
    assert (viper.adf, viper.speed) == (0, 4)
    done = hit(viper, "LC", "48", "12")
    assert done.effect.kind == "hull" and done.after is not None and done.after.hull == 38


def test_k062_drive_damage_is_cumulative_then_hull_hits() -> None:
    """K062. "If the ship had only 1 or 2 ADF points to begin with, then its ADF is brought to 0 and all
    further drive hits are treated as hull hits." (KH 737) Carrion: 2 -> 1 -> 0, then a hull hit of 8."""
    carrion = after(ship("Carrion"), ("LB", "46", None), ("LB", "47", None))
    assert carrion.adf == 0
    assert after(carrion, ("LB", "49", "8")).hull == 72


def test_k063_steering_hits_and_a_drifting_ship() -> None:
    """K063. "54 - 58 Steering hit: lose 1 MR point / 59 - 60 Steering hit: lose entire MR" (KH 676-677);
    "A ship that loses all of both its ADF and MR will drift." (KH 715) Bludgeon: MR 3 -> 2 -> 0, ADF
    0, then a steering hit is a hull hit of 4: 50 -> 46. It drifts on at speed 4, straight."""
    bludgeon = after(ship("Bludgeon", speed=4), ("LB", "56", None))
    assert bludgeon.mr == 2
    bludgeon = after(bludgeon, ("LB", "60", None), ("LB", "53", None))
    assert (bludgeon.mr, bludgeon.adf) == (0, 0)
    bludgeon = after(bludgeon, ("LB", "55", "4"))
    assert bludgeon.hull == 46
    battle = stand().with_ships([bludgeon])
    with pytest.raises(RefereeError, match="it can move 4 to 4 hexes"):
        move(battle, RNG, "Bludgeon", 5, 1, 0)
    with pytest.raises(RefereeError, match="it can turn at most 0 times"):
        move(battle, RNG, "Bludgeon", 4, 0, 1)
    assert move(battle, RNG, "Bludgeon", 4, 0, 0).battle.ship("Bludgeon").speed == 4


def test_k064_a_weapon_hit_on_a_fighter_takes_its_rockets() -> None:
    """K064. "61 - 62 Weapon hit: LC; LB; PB; EB; AR; RB" (KH 678): 71 - 10 = 61, the fighter's assault
    rocket system is destroyed, both rockets left; no hull damage."""
    done = hit(ship("Sathar Fighter A", carried_by="", weapons=systems(["AR x2 of 3"])), "AR", "71")
    assert done.hull is None and done.after is not None and done.after.system("AR").state == "destroyed"


def test_k065_a_weapon_hit_on_an_unarmed_ship_is_a_hull_hit() -> None:
    """K065. "If the ship has none of the listed systems, then treat this result as a hull hit." (KH 717)
    64 on Megasaurus: none of PB, EB, LB, RB, T, AR: 5 + 5, 75 -> 65."""
    done = hit(ship("Megasaurus"), "LC", "64", "10")
    assert done.effect.kind == "hull" and done.after is not None and done.after.hull == 65


def test_k066_an_empty_system_is_still_hit_and_one_battery_of_two_goes() -> None:
    """K066. "If an LTD system with no ammunition left is hit, the system is still destroyed." (KH 717);
    "If a torpedo, assault rocket or other LTD weapon is damaged, the entire system is shut down, not
    just one torpedo or rocket." (KH 735) (a) the empty torpedoes destroyed; (b) one laser battery of
    two (the battleship example's "a laser battery", KH 763); (c) the torpedoes, not the rockets."""
    empty = hit(ship("Zz' Nakk'T", weapons=systems(["LC", "RB x4", "LB", "T x0 of 2"])), "LB", "67")
    assert empty.effect.system == "T" and empty.after is not None and empty.after.system("T").state == "destroyed"
    layer = hit(ship("Z'Rak't Zoz"), "LB", "61")
    assert layer.after is not None and layer.after.system("LB").count == 1 and layer.after.system("LB").state == "working"
    shimmer = hit(ship("Shimmer", weapons=systems(["LC", "RB x3 of 4", "LB", "T x2"])), "LB", "68")
    assert shimmer.after is not None and shimmer.after.system("T").state == "destroyed" and shimmer.after.system("RB").count == 3


def test_k067_a_power_short_circuit_stops_the_screen_and_the_icms() -> None:
    """K067. "Power Short Circuit. All active defenses on the damaged ship stop working. This includes
    ICMs and electron, stasis and proton screens" (KH 721) The electron screen is off: an electron beam
    at 2 hexes 60 - 10 = 50 (not 15), a 45 hits; no ICMs may be launched; repaired, they fire again."""
    battle = scenario("close-escort")
    battle = battle.with_ships([battle.ship("Courageous")._replace(active_screen="ES")])
    battle = hit_in_battle(battle, KH, RNG, "Courageous", "laser battery", "1d10", Rolled(damage="72")).battle
    courageous = battle.ship("Courageous")
    assert courageous.active_screen == "" and "power-short-circuit" in courageous.damaged
    beam = shoot(battle, KH, RNG, "Faminewind", "EB", "Courageous", Report(range=2), Rolled("45", "20", "3"))
    assert beam.attack is not None and beam.attack.chance.total == 50 and beam.attack.outcome.hit
    with pytest.raises(RefereeError, match="power short circuit"):
        shoot(battle, KH, RNG, "Faminewind", "T", "Courageous", Report(range=2, icms=(("Courageous", 1),)), Rolled("50"))
    assert courageous.system("ICM").count == 8
    mended = battle.with_ships([courageous._replace(damaged=frozenset())])
    torpedo = shoot(mended, KH, RNG, "Faminewind", "T", "Courageous", Report(range=2, icms=(("Courageous", 1),)), Rolled("99"))
    assert torpedo.battle.ship("Courageous").system("ICM").count == 7


def test_k068_destroyed_defenses_are_passed_over_then_a_hull_hit() -> None:
    """K068. "75 - 77 Defense hit: PS; ES; SS; MS; ICM" (KH 684); "Defense hits are handled the same as
    weapon system hits" (KH 723). Read: a system already destroyed is passed over as one the ship never
    had (KH 717, 739). Shimmer: 76 the masking screens, 79 the ICMs, 77 nothing left: a hull hit."""
    shimmer = after(ship("Shimmer"), ("LB", "76", None))
    assert shimmer.system("MS").state == "destroyed" and shimmer.system("ICM").state == "working"
    shimmer = after(shimmer, ("LB", "79", None))
    assert shimmer.system("ICM").state == "destroyed"
    done = hit(shimmer, "LB", "77", "6")
    assert done.effect.kind == "hull" and done.after is not None and done.after.hull == 34


def test_k069_a_defense_hit_on_a_ship_with_only_a_reflective_hull() -> None:
    """K069. KH 717, 739: 90 - 10 = 80, Defense hit MS; ICM; SS; PS; ES: Rapier has none (the reflective
    hull is not listed), a hull hit of 3 + 2: 15 -> 10."""
    done = hit(ship("Rapier"), "RB", "90", "5")
    assert done.effect.kind == "hull" and done.after is not None and done.after.hull == 10


def test_k070_combat_control_hits_are_not_cumulative() -> None:
    """K070. "Combat control system and damage control hits are not cumulative. After one of these
    systems has been hit, any more hits on that system are considered hull hits." (KH 739) 85: -10%;
    91: a hull hit of 7, Viper 50 -> 43, still -10% and not -20%."""
    viper = after(ship("Viper"), ("LB", "85", None))
    assert "combat-control" in viper.damaged
    viper = after(viper, ("LB", "91", "7"))
    assert viper.hull == 43
    battle = stand().with_ships([viper])
    done = shoot(battle, KH, RNG, "Viper", "LB", "Shimmer", Report(range=2), Rolled("99"))
    assert done.attack is not None and done.attack.chance.total == 50 - 10 - 10


def test_k071_a_navigation_hit_turns_right_on_7_and_0_and_a_stopped_ship_ignores_it() -> None:
    """K071. "The player controlling the ship must roll 1d10 before the ship moves. If the result is
    1-5, the ship must turn to the left ... If the result is 6-10, the ship must turn to the right."
    ... "A stopped ship can ignore a navigation hit." (KH 727)"""
    battle = advance(stand(Shimmer={"damaged": frozenset({"navigation"}), "speed": 5}))
    for roll in ("7", "0"):
        done = navigation(battle, KH, RNG, "Shimmer", roll)
        assert "must turn right in each hex it enters until its MR is used up" in done.entries[0].text
    assert "must turn left" in navigation(battle, KH, RNG, "Shimmer", "5").entries[0].text
    with pytest.raises(RefereeError, match="navigation hit: roll 1d10"):
        move(battle, RNG, "Shimmer", 5, 0, 3)
    stopped = battle.with_ships([battle.ship("Shimmer")._replace(speed=0)])
    assert move(stopped, RNG, "Shimmer", 0, 0, 0).battle.ship("Shimmer").speed == 0


def test_k072_an_electrical_fire_rolls_at_plus_20_once_a_game_turn_with_1d10_hull_damage() -> None:
    """K072. "98 - 105 Electrical Fire: roll additional damage at +20 each turn" (KH 689); "The player
    must make another damage roll for this ship with a +20 modifier at the start of his opponent's
    combat step every turn, until the fire is put out. If a fire causes hull damage, it will cause 1d10
    points of damage." (KH 729) 90 + 10 = 100: a fire. Then 20 + 20 = 40, a hull hit of 1d10 = 8; 55 +
    20 = 75, the masking screens; 86 + 20 = 106, DCR 75 -> 38. Read: once a game turn, at the start of
    the opponent's combat step."""
    viper = after(ship("Viper"), ("PB", "90", None))
    assert "electrical-fire" in viper.damaged
    burnt = damage(KH, "advanced", "fire", "1d10", RNG, viper, Rolled(damage="20", hull="8"))
    assert burnt.after is not None and burnt.after.hull == 42
    screens = damage(KH, "advanced", "fire", "1d10", RNG, viper, Rolled(damage="55"))
    assert screens.after is not None and screens.after.system("MS").state == "destroyed"
    control = damage(KH, "advanced", "fire", "1d10", RNG, viper, Rolled(damage="86"))
    assert control.after is not None and control.after.dcr == 38
    battle = stand().with_ships([viper])
    assert [s.name for s in battle.burning] == []  # the Sathar half: Viper's own combat step
    upf = advance(battle)
    assert [s.name for s in upf.burning] == ["Viper"]  # the UPF's combat step: its opponent's
    rolled = fire_damage(upf, KH, RNG, {"Viper": Rolled(damage="20", hull="8")}).battle
    assert rolled.ship("Viper").hull == 42
    assert advance(rolled).burning == ()  # not again in the Sathar half of turn 2


def test_k073_a_second_fire_is_a_hull_hit_of_1d10() -> None:
    """K073. "Also, a ship can have only one fire at a time, so a result that would cause a second fire
    is treated as hull damage." (KH 739) 80 + 20 = 100 on a burning Viper: a hull hit of 1d10 = 6."""
    viper = ship("Viper", damaged=frozenset({"electrical-fire"}))
    done = damage(KH, "advanced", "fire", "1d10", RNG, viper, Rolled(damage="80", hull="6"))
    assert done.effect.kind == "hull" and done.after is not None and done.after.hull == 44


def test_k074_a_damage_control_hit_halves_the_dcr_once() -> None:
    """K074. "Damage Control Hit. The ship's DCR is cut in half (round fractions up)." (KH 731); KH 739.
    90 + 20 = 110: DCR 75 -> 38; later 92 + 20 = 112: a hull hit of 4 + 5 + 6, 50 -> 35."""
    bludgeon = after(ship("Bludgeon"), ("DC", "90", None))
    assert bludgeon.dcr == 38
    bludgeon = after(bludgeon, ("DC", "92", "15"))
    assert (bludgeon.dcr, bludgeon.hull) == (38, 35)


def test_k075_a_disastrous_fire() -> None:
    """K075. "117 - 120 Disastrous Fire: DCR cut in half; lose entire ADF and MR; -10% on all attacks;
    roll additional damage at +20 each turn" (KH 691) 99 + 20 = 119: DCR 38, ADF 0, MR 0 (drifting at
    speed 3), -10% on its attacks, and a fire."""
    bludgeon = after(ship("Bludgeon", speed=3), ("DC", "99", None))
    assert (bludgeon.dcr, bludgeon.adf, bludgeon.mr, bludgeon.speed) == (38, 0, 0, 3)
    assert "disastrous-fire" in bludgeon.damaged
    battle = stand().with_ships([bludgeon])
    done = shoot(battle, KH, RNG, "Bludgeon", "LB", "Shimmer", Report(range=2), Rolled("99"))
    assert done.attack is not None and done.attack.chance.total == 50 - 10 - 10
    assert [s.name for s in advance(battle).burning] == ["Bludgeon"]


def test_k075_a_disastrous_fire_on_a_burning_ship_is_a_hull_hit() -> None:
    """K075, ambiguity 15. "a ship can have only one fire at a time, so a result that would cause a
    second fire is treated as hull damage." (KH 739) The reader adds only the parts of a disastrous
    fire not yet in effect; the program's reading: the result would cause a second fire, so it is
    treated as hull damage, whole (docs/knight-hawks.md § Readings)."""
    burning = ship("Bludgeon", damaged=frozenset({"electrical-fire"}))
    done = hit(burning, "DC", "99", "12")
    assert done.effect.kind == "hull" and done.after is not None
    assert (done.after.hull, done.after.dcr, done.after.adf, done.after.mr) == (38, 75, 3, 3)


def test_k076_a_shatter_drone_in_an_advanced_battle() -> None:
    """K076. "When the drone detonates, the explosion inflicts one torpedo hit on every other ship in the
    drone's hex. No attack roll is needed. Every ship in the hex, whether enemy or friendly, must roll
    on the Damage Table with a -20 modifier (Advanced Rules). A shatter drone has a hull damage rating
    of 5d10" (SSW 372) Viper: 28 - 20 = 8, double: 15 x 2 = 30, 50 -> 20. Rapier: 80 - 20 = 60, its
    MR 4 -> 0. The drone is gone, not a ship destroyed."""
    battle = advance(stand())
    rolled = {"Viper": Rolled(damage="28", hull="15"), "Rapier": Rolled(damage="80")}
    done = shatter_drone(battle, KH, RNG, "Zz' Nakk'T", ["Viper", "Rapier"], rolled)
    assert done.battle.ship("Viper").hull == 20
    assert done.battle.ship("Rapier").mr == 0 and done.battle.ship("Rapier").hull == 15
    assert "Zz' Nakk'T" not in {s.name for s in done.battle.ships} and done.battle.losses == ()


def test_k077_a_shatter_drone_under_the_campaigns_basic_rules() -> None:
    """K077. SSW 372 and "In the Basic Game, all damage was marked off the ship's hull." (KH 573) The
    UPF frigate takes 9 + 9 + 8 + 7 + 6 = 39 (40 -> 1); the Sathar destroyer, a friend, 5 (50 -> 45)."""
    battle = make(
        "advanced",
        {"name": "Drone", "class": "frigate", "side": "Sathar"},
        {"name": "Vicious", "class": "destroyer", "side": "Sathar"},
        {"name": "Driadia", "class": "frigate", "side": "UPF"},
        damage_table=False,
    )
    done = shatter_drone(battle, KH, RNG, "Drone", ["Driadia", "Vicious"], {"Driadia": Rolled(hull="39"), "Vicious": Rolled(hull="5")})
    assert (done.battle.ship("Driadia").hull, done.battle.ship("Vicious").hull) == (1, 45)
    assert done.battle.ship("Driadia").mr == 3


def test_k078_half_damage_only_on_hull_hits_and_halved_before_doubled() -> None:
    """K078, ambiguity 13. "* Weapon causes half damage (rounded up) on Hull hits." (KH 646); "All
    weapons cause the same damage when they hit anything other than the hull." (KH 707) A laser battery
    at masked Shimmer: a 62 destroys its laser cannon in full. On a double hull hit of 7 the reader
    doubles then halves (7); the program halves the roll, rounded up, then doubles (8): the book does
    not say which comes first (docs/knight-hawks.md § Readings)."""
    double = hit(ship("Shimmer"), "LB", "5", "7", half=True)
    assert double.hull is not None and double.hull.points == 8
    weapon = hit(ship("Shimmer"), "LB", "62", half=True)
    assert weapon.hull is None and weapon.after is not None and weapon.after.system("LC").state == "destroyed"


def test_k079_a_ship_at_exactly_0_hull_points_is_destroyed() -> None:
    """K079. "This damage reduces the ship's hull points to 0 or less, so the ship is destroyed" (KH 285)"""
    battle = stand(Rapier={"hull": 4})
    done = hit_in_battle(battle, KH, RNG, "Rapier", "laser battery", "1d10", Rolled(damage="30", hull="4"))
    assert done.battle.ship("Rapier").destroyed and done.battle.loss("Rapier") is not None


@pytest.mark.parametrize(("roll", "destroyed"), [("29", False), ("28", True)])
def test_k080_breaking_apart_the_manuals_destroyer(roll: str, destroyed: bool) -> None:
    """K080. "Subtracting one-half of the destroyer's original hull points from the ship's damage gives
    (32-25=) 7. The ship is using (3+1=) 4 ADF and MR points this turn. The chance the ship will break
    apart is (7x4=) 28%. The player rolls d100 and gets a 29-the destroyer makes its move successfully!"
    (KH 705)"""
    battle = stand(Viper={"hull": 18, "speed": 2})
    done = move(battle, RNG, "Viper", 5, 3, 1, roll)
    assert "(32 - 25) x 4 ADF and MR points = 28%" in done.entries[1].text
    assert done.battle.ship("Viper").destroyed is destroyed


def test_k081_breaking_apart_with_odd_hull_points_and_no_test_at_half_or_less() -> None:
    """K081. "Subtract one-half (rounded down) of the ship's original hull points from the number of
    points of damage the ship has taken." (KH 699); "When more than half of the ship's hull points are
    gone" (KH 697) Rapier (15): 10 damage, 2 turns: (10 - 7) x 2 = 6%, a 7 holds; 7 damage: no test."""
    battle = advance(stand(Rapier={"hull": 5}))
    done = breakup(battle, RNG, "Rapier", 2, "7")
    assert "(10 - 7) x 2 ADF and MR points = 6%" in done.entries[0].text and not done.battle.ship("Rapier").destroyed
    none = breakup(battle.with_ships([battle.ship("Rapier")._replace(hull=8)]), RNG, "Rapier", 2)
    assert "not more than half" in none.entries[0].text


def test_shot_with_a_disastrous_fire_and_a_combat_control_hit_loses_10_once() -> None:
    """K075 with K070: the disastrous fire's -10% is the combat control system's (Repairs: Fires:
    "Extinguishing a disastrous fire does not repair the ship's DCR, movement or combat control
    systems"): -10 once, not -20."""
    found = chance_to_hit(Shot("advanced", "LB", ("RH",), range=2, combat_control_hit=True, disastrous_fire=True), KH)
    assert found.total == 30
