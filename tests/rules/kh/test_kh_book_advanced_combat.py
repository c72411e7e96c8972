"""Advanced Game combat, mines and seekers, case by case from an independent reading of the Tactical
Operations Manual (each case worked by hand from the book's text; the sentence is quoted). KH n is
the line of knight-hawks-tactical-operations-manual.txt. The ships are the Advanced scenarios' own
(Close Escort, The Stand) where the case names them.

Not tested here, being the referee's at the map: which way a seeker steers (toward the closest ship,
never a station: K047, K049) and which ship in a hex is the largest (K048); the referee moves the
seeker's counter and names the ship it attacks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from referee.errors import RefereeError
from referee.knight_hawks.attack import Rolled
from referee.knight_hawks.battle import Battle, advance
from referee.knight_hawks.combat import Shot, chance_to_hit
from referee.knight_hawks.combat_phase import Report, shoot
from referee.knight_hawks.movement import masking_screen, screen
from referee.knight_hawks.ordnance import lay_mines, mines_attack, move_seeker, place_seeker, seeker_attack
from tests.helpers.kh import KH, changed, make, scenario

RNG = random.Random(0)


def escort(**ships: dict[str, Any]) -> Battle:
    """Close Escort, the Sathar moving (side A rolled for them)."""
    return changed(scenario("close-escort"), **ships)


def stand(**ships: dict[str, Any]) -> Battle:
    """The Stand, the Sathar moving; the Sathar fighters launched."""
    battle = scenario("the-stand")
    launched = {s.name.replace(" ", "_"): {"carried_by": ""} for s in battle.ships if s.carried_by}
    return changed(battle, **launched, **ships)


def fire(battle: Battle, firer: str, weapon: str, target: str, report: Report, rolled: Rolled) -> Any:
    return shoot(battle, KH, RNG, firer, weapon, target, report, rolled)


# -- C. The Advanced Game Combat Table -------------------------------------------------------------


def test_k032_laser_cannon_at_an_undefended_freighter() -> None:
    """K032. "Laser Cannon 75% 60% 60% 45% ..." (KH 635); "The accuracy of RD weapons is reduced by 5%
    x the range to the target." (KH 309) None 75 - 15 = 60; a 60 hits; Damage Table 30, a hull hit of
    4 + 8: Megasaurus 75 -> 63."""
    done = fire(escort(), "Nemesis", "LC", "Megasaurus", Report(range=3), Rolled("60", "30", "12"))
    assert done.attack.chance.defense == "none" and done.attack.chance.total == 60
    assert done.battle.ship("Megasaurus").hull == 63


def test_k033_gunnery_skill_uses_the_shaded_figure() -> None:
    """K033. "the first is used in the Advanced Game, and the shaded number is used with characters who
    have gunnery skills (see Skills in the Campaign Book)." (KH 629) Shaded RH 40 - 10 = 30 (no skill
    bonus: the Campaign Book's skills are not here); plain 50 - 10 = 40."""
    assert chance_to_hit(Shot("advanced", "LB", ("RH",), range=2, gunnery=True), KH).total == 30
    assert chance_to_hit(Shot("advanced", "LB", ("RH",), range=2), KH).total == 40


def test_k034_laser_battery_at_a_masked_carrier_half_damage() -> None:
    """K034. "Laser Battery ... 20%* 10%*" (KH 636); "* Weapon causes half damage (rounded up) on Hull
    hits." (KH 646) 20 - 5 = 15; a 12 hits; Damage Table 40, 9 -> 5: Maelstrom 75 -> 70."""
    battle = advance(stand(Maelstrom={"masking_screen_up": True}))
    done = fire(battle, "Shimmer", "LB", "Maelstrom", Report(range=1), Rolled("12", "40", "9"))
    assert done.attack.chance.total == 15
    assert done.battle.ship("Maelstrom").hull == 70


def test_k035_proton_beam_against_a_proton_screen() -> None:
    """K035. "Proton Screen. ... It is effective in blocking proton and disruptor beams" (KH 615);
    "Proton Beam Battery 60% 50% 60% 50% 25%* 15%* ..." (KH 637) 25 - 20 = 5; a 5 hits; 30 + 10 = 40,
    a hull hit of 10 -> 5: Carrion 80 -> 75."""
    battle = make(
        "advanced",
        {"name": "Carrion", "class": "heavy cruiser", "side": "Sathar", "active_screen": "PS"},
        {"name": "Courageous", "class": "light cruiser", "side": "UPF"},
    )
    done = fire(battle, "Courageous", "PB", "Carrion", Report(range=4), Rolled("5", "30", "0"))
    assert done.attack.chance.total == 5 and done.attack.chance.defense == "proton-screen"
    assert done.battle.ship("Carrion").hull == 75


def test_k036_an_attracting_screen_is_used_instead_of_the_most_effective() -> None:
    """K036. "Since some defenses actually attract a weapon type, the percentage chance to hit is
    calculated against the defense that is attracting it, not the defense that is most effective
    against it." (KH 621) The electron screen attracts proton beams: 70 - 10 = 60; 58 hits; 45 + 10 =
    55, a steering hit: Courageous MR 2 -> 1."""
    done = fire(escort(Courageous={"active_screen": "ES"}), "Faminewind", "PB", "Courageous", Report(range=2), Rolled("58", "45"))
    assert done.attack.chance.defense == "electron-screen" and done.attack.chance.total == 60
    assert done.battle.ship("Courageous").mr == 1


def test_k037_electron_beam_against_electron_and_proton_screens() -> None:
    """K037. "Electron Beam Battery 60% 50% 60% 50% 70% 60% 25%* 15%* 40% 30% 50% 40%" (KH 638) (a) the
    electron screen: 25 - 5 = 20; a 20 hits; 12 + 10 = 22, 9 -> 5: Courageous 70 -> 65. (b) the proton
    screen attracts: 70 - 5 = 65; a 64 hits."""
    done = fire(escort(Courageous={"active_screen": "ES"}), "Faminewind", "EB", "Courageous", Report(range=1), Rolled("20", "12", "9"))
    assert done.attack.chance.total == 20
    assert done.battle.ship("Courageous").hull == 65
    attracted = chance_to_hit(Shot("advanced", "EB", ("RH", "PS"), range=1), KH)
    assert attracted.defense == "proton-screen" and attracted.total == 65


@pytest.mark.parametrize(("reach", "roll", "hit"), [(11, "4", True), (12, "6", False), (12, "5", True)])
def test_k038_electron_beam_reaches_12_hexes(reach: int, roll: str, hit: bool) -> None:
    """K038. "Electron Beam Battery - RD / RA 12 / DTM +10 / HDR 1d10" (KH 593); the restrictions table's
    "RD 10" (KH 45) is an OCR slip (rules README). 11 hexes: 5%, a 4 hits; 12 hexes: 0%, a 6 misses
    and a 5 hits; 13 hexes is out of range."""
    done = fire(stand(), "Viper", "EB", "Shimmer", Report(range=reach), Rolled(roll, "30", "5"))
    assert done.attack.chance.total == 60 - 5 * reach
    assert done.attack.outcome.hit is hit
    with pytest.raises(RefereeError, match="beyond the electron beam battery's range of 12"):
        fire(stand(), "Viper", "EB", "Shimmer", Report(range=13), Rolled(roll))


def test_k039_disruptor_cannon_head_on_against_a_stasis_screen() -> None:
    """K039. "Disruptor Cannon 60% 45% 60% 45% 50% 35% 50% 35% 40% 25% 50% 35%" (KH 639); "Disruptor Beam
    Cannon - RD / FF / RA9 / DTM+20 / HDR 3d10." (KH 595) The stasis screen, most effective and not
    attracting: 40 + 10 - 15 = 35; a 33 hits; 88 + 20 = 108, a Damage Control hit: DCR 100 -> 50."""
    done = fire(escort(Courageous={"active_screen": "SS"}), "Faminewind", "DC", "Courageous", Report(range=3, head_on=True), Rolled("33", "88"))
    assert done.attack.chance.defense == "stasis-screen" and done.attack.chance.total == 35
    courageous = done.battle.ship("Courageous")
    assert courageous.dcr == 50 and courageous.hull == 70


def test_k040_a_stasis_screen_attracts_a_torpedo() -> None:
    """K040. "However, the electrical pulse of a stasis screen allows missiles and rockets to home in
    with increased accuracy." (KH 619) 75 - 20 = 55; a 56 misses; Courageous's ICMs 8 -> 6, the
    attacker's torpedoes one fewer."""
    battle = escort(Courageous={"active_screen": "SS"})
    done = fire(battle, "Faminewind", "T", "Courageous", Report(range=4, icms=(("Courageous", 2),)), Rolled("56"))
    assert done.attack.chance.defense == "stasis-screen" and done.attack.chance.total == 55
    assert not done.attack.outcome.hit
    assert done.battle.ship("Courageous").system("ICM").count == 6
    assert done.battle.ship("Faminewind").system("T").count == 3


def test_k041_torpedo_against_a_reflective_hull_is_50_in_the_advanced_game() -> None:
    """K041. "The Advanced Game Combat Table is used the same as the Basic Game Combat Table." (KH 627)
    50 - 10 = 40; a 40 hits; 65 - 20 = 45, a hull hit of 7 + 7 + 1 + 10: Bludgeon 50 -> 25."""
    battle = advance(stand())
    done = fire(battle, "Shimmer", "T", "Bludgeon", Report(range=2, icms=(("Bludgeon", 1),)), Rolled("40", "65", "25"))
    assert done.attack.chance.total == 40
    assert done.battle.ship("Bludgeon").hull == 25


def test_k042_assault_rocket_at_a_masked_carrier() -> None:
    """K042. "Assault Rocket 60% 50% ... -5/ICM 2d10+4" (KH 641) 60 + 10 - 10 = 60, no diffusion; a 61
    misses; the fighter's rockets 3 -> 2, Maelstrom's ICMs 10 -> 8."""
    battle = advance(stand(Maelstrom={"masking_screen_up": True}, UPF_Fighter_A={"docked_at": ""}))
    done = fire(battle, "UPF Fighter A", "AR", "Maelstrom", Report(range=2, head_on=True, icms=(("Maelstrom", 2),)), Rolled("61"))
    assert done.attack.chance.total == 60 and not done.attack.outcome.hit
    assert done.battle.ship("UPF Fighter A").system("AR").count == 2
    assert done.battle.ship("Maelstrom").system("ICM").count == 8


def test_k043_rocket_battery_against_five_icms() -> None:
    """K043. "Rocket Battery 40% 30% ... -3/ICM 2d10" (KH 642) 40 - 15 = 25; a 25 hits; 40 - 10 = 30,
    a hull hit of 5 + 10: Carrion 80 -> 65, its ICMs 8 -> 3."""
    battle = advance(stand())
    done = fire(battle, "Shimmer", "RB", "Carrion", Report(range=3, icms=(("Carrion", 5),)), Rolled("25", "40", "15"))
    assert done.attack.chance.total == 25
    assert done.battle.ship("Carrion").hull == 65 and done.battle.ship("Carrion").system("ICM").count == 3


def test_k044_another_ships_icms_protect_a_freighter() -> None:
    """K044. "For example, an ore carrier in a hex with two destroyers may be attacked with torpedos or
    assault rockets. The two destroyers could launch ICMs against the missiles that were aimed at the
    ore carrier." (KH 587) None 50 - 30 = 20; a 19 hits; 50 - 20 = 30, 3 + 4 + 5 + 6: 75 -> 57."""
    battle = make(
        "advanced",
        {"name": "Nemesis", "class": "destroyer", "side": "Sathar"},
        {"name": "Megasaurus", "class": "freighter", "side": "UPF"},
        {"name": "Allison May", "class": "destroyer", "side": "UPF"},
    )
    done = fire(battle, "Nemesis", "T", "Megasaurus", Report(range=2, icms=(("Allison May", 3),)), Rolled("19", "50", "18"))
    assert done.attack.chance.defense == "none" and done.attack.chance.total == 20
    assert done.battle.ship("Megasaurus").hull == 57
    assert done.battle.ship("Allison May").system("ICM").count == 2


def test_k045_mines_roll_to_hit_at_the_end_of_movement() -> None:
    """K045. "When an enemy ship enters that hex, the mines detonate automatically at the end of all
    movement for that turn." (KH 599); "Mines 60 ... 80 ... -5/ICM 3d10+5" (KH 643). Read: the trigger
    is automatic, the hit is rolled. Stasis 80 - 10 = 70; a 65 hits; 35 - 20 = 15, 4 + 6 + 9 + 5 = 24:
    Carrion 80 -> 56; the hex is clear."""
    battle = lay_mines(stand(Carrion={"active_screen": "SS"}), "1234", side="UPF").battle
    done = mines_attack(battle, KH, RNG, "1234", ["Carrion"], {"Carrion": (("Carrion", 2),)}, {"Carrion": Rolled("65", "35", "24")})
    assert done.attack is None and done.battle.ship("Carrion").hull == 56
    assert "70% to hit" in done.entries[0].text
    assert done.battle.mines == ()


def test_k046_mines_attack_every_enemy_ship_once_then_the_hex_is_clear() -> None:
    """K046. "If several enemy ships enter or pass through a mined hex on the same turn, all of them
    will be attacked by the mines ... After the mines in a hex have exploded, the hex is no longer
    mined." (KH 599) Shimmer, a UPF ship, sets off none; Bludgeon and Viper are attacked at 60%."""
    battle = lay_mines(stand(), "1234", side="UPF").battle
    with pytest.raises(RefereeError, match="the mines attack only enemy ships"):
        mines_attack(battle, KH, RNG, "1234", ["Shimmer"])
    done = mines_attack(battle, KH, RNG, "1234", ["Bludgeon", "Viper"], rolled={"Bludgeon": Rolled("99"), "Viper": Rolled("99")})
    assert [e.text.split(":")[1].strip()[:11] for e in done.entries[:2]] == ["60% to hit,", "60% to hit,"]
    assert done.battle.mines == ()
    assert lay_mines(advance(done.battle), "1234", by="Z'Rak't Zoz").battle.mines[0].hex == "1234"  # a new group may be laid


def test_k047_a_seeker_moves_2_4_6_and_detonates_on_its_move_of_12() -> None:
    """K047. "Immediately after it is activated, the seeker will move two hexes toward the closest ship.
    ... On the next turn, the seeker will move four hexes ... It will continue accelerating at the rate
    of two hexes per turn" (KH 603) "On the turn that a seeker moves 12 hexes, it will automatically
    detonate. If there is no ship within range at that time, the explosion will do no damage." (KH 609)
    Activated in the UPF's movement of turn 2: 2, 4, 6, 8, 10 hexes, then 12 in turn 7, and gone."""
    battle = place_seeker(stand(), "0909", side="UPF").battle
    battle = advance(advance(advance(battle)))  # turn 2, the UPF half
    moves = []
    for turn in range(2, 8):
        assert (battle.turn, battle.moving) == (turn, "UPF")
        battle = move_seeker(battle, KH, RNG, battle.seekers[0].hex, f"09{10 + turn}").battle
        moves.append(battle.seekers[0].moved if battle.seekers else 12)
        battle = advance(advance(battle)) if turn != 3 and turn != 6 else advance(advance(advance(battle)))
    assert moves == [2, 4, 6, 8, 10, 12]
    assert battle.seekers == ()


def test_k048_a_seeker_rolls_to_hit_the_ship_it_detonates_against() -> None:
    """K048. "If the hex contains more than one ship, the seeker will attack the largest." ... "When the
    seeker explodes, the player that placed it rolls one attack on the Damage Table." (KH 607); "Seeker
    Missile 75 ... 90 ... -8/ICM 5d10" (KH 644) Read: a to-hit roll on its row. Viper (the larger, named
    by the referee) fires 2 ICMs: 75 - 16 = 59; a 50 hits; 22 - 20 = 2, double: 20 x 2 = 40: 50 -> 10."""
    battle = advance(place_seeker(stand(), "0909", side="UPF").battle)
    battle = move_seeker(battle, KH, RNG, "0909", "0911").battle  # activated
    battle = advance(battle)  # the Sathar half: Viper enters its hex
    done = seeker_attack(battle, KH, RNG, "0911", "Viper", (("Viper", 2),), Rolled("50", "22", "20"))
    assert done.attack is not None and done.attack.chance.total == 59
    assert done.battle.ship("Viper").hull == 10
    assert done.battle.seekers == ()


def test_k049_a_seeker_ignores_stations_and_attacks_its_own_sides_ship() -> None:
    """K049. "Seekers will not be attracted to planets, moons, asteroids or space stations." (KH 609); it
    cannot tell friend from foe (KH 605). A Sathar seeker reaches Carrion (stasis screen): 90%; an 88
    hits."""
    battle = place_seeker(stand(Carrion={"active_screen": "SS"}), "0909", by="Carrion").battle
    battle = move_seeker(battle, KH, RNG, "0909", "0911").battle
    with pytest.raises(RefereeError, match="not attracted to space stations"):
        seeker_attack(battle, KH, RNG, "0911", "Ken'Zah Station")
    done = seeker_attack(battle, KH, RNG, "0911", "Carrion", (), Rolled("88", "50"))
    assert done.attack is not None and done.attack.chance.total == 90 and done.attack.outcome.hit


def test_k050_a_combat_control_hit_takes_10_off_every_attack() -> None:
    """K050. "Combat Control System Hit. ... The player must subtract 10% from this ship's chance to hit
    with any weapon." (KH 725) LB: 50 - 10 - 10 = 30, a 31 misses; torpedo: 50 - 10 - 10 = 30, a 30 hits."""
    battle = stand(Bludgeon={"damaged": frozenset({"combat-control"})})
    laser = fire(battle, "Bludgeon", "LB", "Shimmer", Report(range=2), Rolled("31"))
    assert laser.attack.chance.total == 30 and not laser.attack.outcome.hit
    torpedo = fire(laser.battle, "Bludgeon", "T", "Shimmer", Report(range=3, icms=(("Shimmer", 1),)), Rolled("30", "30", "10"))
    assert torpedo.attack.chance.total == 30 and torpedo.attack.outcome.hit


def test_k051_an_advanced_laser_fired_out_of_a_masking_screen() -> None:
    """K051. "All of the rules from the Basic Game are used in the Advanced Game" (KH 520) with KH 327:
    the masking column, 25 + 10 - 10 = 25; a 15 hits; Damage Table 20, 6 + 5 = 11 -> 6 (half)."""
    battle = make(
        "advanced",
        {"name": "Shimmer", "class": "frigate", "side": "UPF", "masking_screen_up": True},
        {"name": "Hauler", "class": "freighter", "side": "Sathar"},
        moving="UPF",
    )
    done = fire(battle, "Shimmer", "LC", "Hauler", Report(range=2, head_on=True), Rolled("15", "20", "11"))
    assert done.attack.chance.defense == "masking-screen" and done.attack.chance.total == 25
    assert done.battle.ship("Hauler").hull == 75 - 6


def test_k052_a_screen_no_better_than_none_does_not_attract() -> None:
    """K052. The NOTE (KH 621) and "the defense that is most effective against the attacking weapon is
    used" (KH 245): LC against a stasis screen is 75, the same as none, so it attracts nothing; RH 60 -
    5 = 55; a 57 misses."""
    done = fire(escort(Courageous={"active_screen": "SS"}), "Faminewind", "LB", "Courageous", Report(range=1), Rolled("99"))
    assert done.attack.chance.defense == "reflective-hull"
    found = chance_to_hit(Shot("advanced", "LC", ("RH", "SS"), range=1), KH)
    assert found.defense == "reflective-hull" and found.total == 55


def test_k053_one_screen_at_a_time() -> None:
    """K053. "No more than one screen can be activated on a ship at one time." (KH 623) The program's
    reading: activating the electron screen switches the proton screen off in the same step (the
    player erases one circle and draws the other); never two at once. A masking screen is not one of
    "the screens" of KH 623 (it is launched, not activated), and may be up beside one."""
    battle = stand(Carrion={"active_screen": "PS"})
    switched = screen(battle, "Carrion", "ES")
    assert switched.battle.ship("Carrion").active_screen == "ES"
    assert "instead of its PS: one screen at a time" in switched.entries[0].text
    station = {"name": "Outpost", "class": "space station", "side": "Sathar", "hull_points": 100, "adf": 0, "mr": 0, "dcr": 50, "weapons": ["LB x2"], "defenses": ["RH", "ES", "MS x2", "ICM x4"]}
    only_stations = make("advanced", station, {"name": "Shimmer", "class": "frigate", "side": "UPF"})
    both = masking_screen(screen(only_stations, "Outpost", "ES").battle, "Outpost", True).battle
    assert both.ship("Outpost").active_screen == "ES" and both.ship("Outpost").masking_screen_up
