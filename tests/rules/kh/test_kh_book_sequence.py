"""The dice and the Sequence of Play, case by case from an independent reading of the Tactical
Operations Manual (each case worked by hand from the book's text; the sentence is quoted). KH n is
the line of knight-hawks-tactical-operations-manual.txt in the project's rule texts."""

from __future__ import annotations

import random

import pytest

from referee import dice
from referee.errors import RefereeError
from referee.knight_hawks.attack import Rolled
from referee.knight_hawks.battle import Battle, advance
from referee.knight_hawks.combat import Shot, chance_to_hit, resolve
from referee.knight_hawks.combat_phase import Report, fire_damage, shoot
from referee.knight_hawks.movement import masking_screen, move, screen
from referee.knight_hawks.ordnance import move_seeker, place_seeker
from referee.knight_hawks.repair import Repair, read_roll, repair_in_battle
from tests.helpers.kh import KH, make

RNG = random.Random(0)


def duel(game: str = "basic", **battle: object) -> Battle:
    """A Sathar destroyer and a UPF frigate; the Sathar are Player A."""
    return make(
        game,
        {"name": "Venomous", "class": "destroyer", "side": "Sathar", "speed": 4},
        {"name": "Z'Gata", "class": "frigate", "side": "UPF", "speed": 3},
        **battle,
    )


def halves(battle: Battle, count: int) -> Battle:
    for _ in range(count):
        battle = advance(battle)
    return battle


# -- A. Dice -------------------------------------------------------------------------------------


def test_k001_two_d10_a_zero_reads_ten() -> None:
    """K001. "If the rules tell you to roll two ten-sided dice (abbreviated 2d10), roll both dice and
    add the results to get a number from 2 to 20. A zero is read as a 10. For example, if the rolls
    were 0 and 4, the result would be (10 + 4 =) 14." (KH 126) A laser cannon's 0 and 4 on a Basic
    destroyer: 14 damage, 50 -> 36."""
    assert (dice.parse("2d10").lowest, dice.parse("2d10").highest) == (2, 20)
    assert dice.entered("1d10", "0").total == 10
    done = shoot(duel(), KH, RNG, "Z'Gata", "LC", "Venomous", Report(range=1), Rolled("10", hull="14"))
    assert done.battle.ship("Venomous").hull == 36


@pytest.mark.parametrize(("dark", "light", "result"), [(5, 3, 53), (6, 0, 60), (0, 6, 6), (0, 0, 100)])
def test_k002_percentile_dice_00_is_100(dark: int, light: int, result: int) -> None:
    """K002. "read the darkcolored die as the first (tens) digit and the light-colored die as the
    second (ones) digit" and the table "5 3 53 / 6 0 60 / 0 6 6 / 0 0 100" (KH 128-134)."""
    assert dice.percentile("d100", dark, light).value == result
    assert KH.get("kh.percentile-dice").look_up([f"{dark}-{light}"]).row["result"] == result


def test_k002_00_always_misses_and_leaves_a_repair_to_an_airdock() -> None:
    """K002. "00" is 100: an automatic miss (K016) and an automatic repair failure that needs an
    airdock (K086)."""
    hundred = dice.entered("d100", "00")
    assert hundred.total == 100
    assert not resolve(chance_to_hit(Shot("basic", "T", ("RH",), range=1), KH), hundred).hit
    success, reading = read_roll(hundred.total, 100)
    assert not success and "only a station airdock" in reading


# -- A. Order of play ----------------------------------------------------------------------------


def test_k003_basic_turn_is_side_a_then_side_b_and_has_no_repair_turn() -> None:
    """K003. "During each side's turn, players do the following things in order" (KH 144-161): the
    Sathar (Player A) move and fight, then the UPF; the Basic game has no repair turn."""
    battle = duel()
    assert (battle.turn, battle.moving) == (1, "Sathar")
    battle = advance(battle)
    assert (battle.turn, battle.moving) == (1, "UPF")
    battle = halves(battle, 4)  # to turn 3, UPF's half, then past it
    assert (battle.turn, battle.moving) == (3, "UPF")
    battle = advance(battle)
    assert (battle.turn, battle.moving, battle.step) == (4, "Sathar", "turn")


def test_k003_defensive_fire_comes_before_offensive_fire() -> None:
    """K003. "The non-moving player (player B, in this case) announces which of his ships will shoot
    at moving ships ... The nonmoving player then resolves all of these attacks ... The moving player
    (player A, in this case) announces which of his ships will shoot" (KH 158-161): the UPF's
    defensive fire comes first; once the Sathar have fired offensively, the UPF may fire no more this
    half."""
    battle = duel()
    battle = shoot(battle, KH, RNG, "Z'Gata", "LB", "Venomous", Report(range=2), Rolled("99")).battle  # defensive fire
    battle = shoot(battle, KH, RNG, "Venomous", "LB", "Z'Gata", Report(range=2), Rolled("99")).battle  # offensive fire
    with pytest.raises(RefereeError, match="defensive fire"):
        shoot(battle, KH, RNG, "Z'Gata", "LC", "Venomous", Report(range=2), Rolled("99"))


def test_k003_masking_screens_are_announced_before_the_ships_move() -> None:
    """K003. "Player A announces which of his ships are using masking screens ... Player A moves each
    of his ships" (KH 148-152): a screen is announced at the start of the movement, not once the
    side's ships have moved or combat has begun."""
    battle = duel()
    masked = masking_screen(battle, "Venomous", True).battle
    assert masked.ship("Venomous").masking_screen_up
    moved = move(battle, RNG, "Venomous", 4, 0, 0).battle
    with pytest.raises(RefereeError, match="start of the movement phase"):
        masking_screen(moved, "Venomous", True)
    fired = shoot(battle, KH, RNG, "Z'Gata", "LB", "Venomous", Report(range=2), Rolled("99")).battle
    with pytest.raises(RefereeError, match="start of the movement phase"):
        masking_screen(fired, "Venomous", True)


def test_k004_advanced_repair_turns_follow_turns_3_6_9_only() -> None:
    """K004. "Repair Turn (after every 3 turns)" (KH 543); "A special repair turn takes place after
    every three turns of play." (KH 749) After both halves of turns 3 and 6; none after 1, 2, 4, 5."""
    battle = duel("advanced")
    steps = []
    for _ in range(14):
        battle = advance(battle)
        steps.append((battle.turn, battle.moving, battle.step))
    repairs = [(turn, step) for turn, _, step in steps if step == "repair"]
    assert repairs == [(3, "repair"), (6, "repair")]
    assert steps[5] == (3, "UPF", "repair") and steps[6] == (4, "Sathar", "turn")


def test_k004_fire_damage_is_rolled_before_defensive_fire() -> None:
    """K004. "2. Combat Phase - roll for fire damage - defensive fire - offensive fire" (KH 533-536):
    a burning UPF ship rolls its fire damage before any shot of the Sathar combat phase."""
    battle = duel("advanced")
    battle = battle.with_ships([battle.ship("Z'Gata")._replace(damaged=frozenset({"electrical-fire"}))])
    with pytest.raises(RefereeError, match="roll the fire damage"):
        shoot(battle, KH, RNG, "Z'Gata", "LB", "Venomous", Report(range=2), Rolled("99"))
    rolled = fire_damage(battle, KH, RNG, {"Z'Gata": Rolled(damage="10", hull="3")}).battle
    shoot(rolled, KH, RNG, "Z'Gata", "LB", "Venomous", Report(range=2), Rolled("99"))


def test_k004_screens_and_seekers_come_before_the_ships_move() -> None:
    """K004. "1. Movement Phase - activate screens - activate and move seekers - move ships in orbit -
    move other ships" (KH 528-532); "The player that placed a seeker can activate it at the beginning
    of his movement phase on any turn." (KH 601)"""
    battle = make(
        "advanced",
        {"name": "Carrion", "class": "heavy cruiser", "side": "Sathar", "speed": 2},
        {"name": "Viper", "class": "destroyer", "side": "Sathar", "speed": 3},
        {"name": "Shimmer", "class": "frigate", "side": "UPF", "speed": 3},
    )
    battle = place_seeker(battle, "0909", side="Sathar").battle
    assert screen(battle, "Carrion", "PS").battle.ship("Carrion").active_screen == "PS"
    moved = move(battle, RNG, "Viper", 3, 0, 0).battle
    with pytest.raises(RefereeError, match="start of the movement phase"):
        screen(moved, "Carrion", "PS")
    with pytest.raises(RefereeError, match="start of the movement phase"):
        move_seeker(moved, KH, RNG, "0909", "0911")
    assert move_seeker(battle, KH, RNG, "0909", "0911").battle.seekers[0].active


def test_k089_no_repairs_after_turn_4_and_none_in_a_basic_battle() -> None:
    """K089. "A special repair turn takes place after every three turns of play." (KH 749) After
    turn 4 a repair is refused; a Basic battle has no repair turn at all."""
    battle = duel("advanced")
    battle = battle.with_ships([battle.ship("Z'Gata")._replace(hull=30)])
    after_four = halves(battle, 9)  # turns 1-3, the repair turn, turn 4: now turn 5
    assert (after_four.turn, after_four.step) == (5, "turn")
    with pytest.raises(RefereeError, match="repair turn after every third game turn"):
        repair_in_battle(after_four, RNG, "Z'Gata", [Repair("hull", 40)], ["5"], ["5"])
    basic = halves(duel(), 6)
    assert basic.step == "turn" and basic.turn == 4
    with pytest.raises(RefereeError, match="repair turns belong to the Advanced Game"):
        repair_in_battle(basic, RNG, "Z'Gata", [Repair("hull", 40)])
