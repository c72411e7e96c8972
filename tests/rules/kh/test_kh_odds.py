"""The odds before any roll (referee.knight_hawks.odds), checked against exhaustive enumeration.

Every die face is enumerated and the engine's own functions resolve each: attack.attack with
entered rolls, combat.resolve, damage.hull_damage, damage.damage_result, effects.apply,
movement.breakup. The exact fractions must equal the counts. The engine is slow enough (about half
a millisecond an attack) that a shot's 100 x 100 x hull faces are enumerated in two products, the
to-hit d100 and the damage dice (Damage Table d100 x hull faces): the dice are rolled apart, so
every combination is counted as the product of the two counts.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from referee import dice, storage
from referee.errors import RefereeError
from referee.knight_hawks import battle_file
from referee.knight_hawks.attack import Rolled, attack
from referee.knight_hawks.battle import Battle
from referee.knight_hawks.combat import Shot, chance_to_hit, resolve
from referee.knight_hawks.combat_phase import defenses_in_use
from referee.knight_hawks.damage import damage_result, hull_damage
from referee.knight_hawks.effects import Effect, apply
from referee.knight_hawks.movement import breakup
from referee.knight_hawks.odds import breakup_odds, chance_text, damage_table_odds, dice_distribution, hit_odds, hull_odds, shot_odds, volley_odds
from referee.knight_hawks.roster import Ship
from referee.resources import campaigns_dir
from tests.helpers.kh import KH, fleet

RNG = random.Random(0)


def the_stand() -> Battle:
    return battle_file.from_dict(storage.read(campaigns_dir() / "kh-the-stand.toml", "scenario"), KH, start=True)


def hull_points_of(shot: Shot, target: Ship, damage_table: bool = True) -> Counter[int]:
    """The hull points the target loses, counted over every to-hit d100, Damage Table d100 and hull face."""
    faces = range(1, 11) if str(chance_to_hit(shot, KH).weapon["hull_damage"]) == "1d10" else None
    assert faces is not None, "enumerated for 1d10 weapons"
    hits = sum(attack(shot, KH, RNG, target, Rolled(str(t), "50", "5"), damage_table).outcome.hit for t in range(1, 101))
    tables = range(1, 101) if shot.game == "advanced" and damage_table else [50]
    after_a_hit: Counter[int] = Counter()
    for table, hull in itertools.product(tables, faces):
        done = attack(shot, KH, RNG, target, Rolled("1", str(table), str(hull)), damage_table)
        assert done.hit is not None and done.after is not None
        after_a_hit[target.hull - done.after.hull] += 1
    total: Counter[int] = Counter({points: hits * n for points, n in after_a_hit.items()})
    total[0] += (100 - hits) * sum(after_a_hit.values())
    return total


def as_fractions(counts: Counter[int]) -> dict[int, Fraction]:
    ways = sum(counts.values())
    return {points: Fraction(n, ways) for points, n in sorted(counts.items()) if n}


# -- the chance to hit -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shot", "expected"),
    [
        (Shot("advanced", "LB", ("RH",), range=2), Fraction(40, 100)),  # 50 - 10 range diffusion
        (Shot("advanced", "LB", ("MS",), range=9), Fraction(5, 100)),  # 20 - 45: only 01-05 hits
        (Shot("advanced", "PB", ("RH", "ES"), range=1), Fraction(65, 100)),  # the electron screen attracts it: 70 - 5
        (Shot("basic", "T", ("RH",), range=2, icms=2), Fraction(50, 100)),  # 70 - 2 x 10
    ],
)
def test_the_chance_to_hit_counts_every_d100_the_engine_reads_as_a_hit(shot: Shot, expected: Fraction) -> None:
    odds = hit_odds(shot, KH)
    chance = chance_to_hit(shot, KH)
    hits = sum(resolve(chance, dice.entered("d100", face)).hit for face in range(1, 101))
    assert odds.hit == Fraction(hits, 100) == expected
    assert odds.chance == chance and odds.chance.parts[0].change == chance.parts[0].change
    assert "Automatic Hits and Misses" in odds.rule and "Combat Table" in odds.rule


def test_a_shot_the_rules_forbid_is_refused_as_the_engine_refuses_it() -> None:
    with pytest.raises(RefereeError, match="beyond"):
        hit_odds(Shot("advanced", "LB", ("RH",), range=10), KH)


# -- hull damage -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("expression", "half", "double"), [("2d10", True, False), ("2d10+4", False, True), ("1d10", True, True), ("4d10", False, False)])
def test_hull_damage_counts_every_face_of_the_hull_dice(expression: str, half: bool, double: bool) -> None:
    number = int(expression.split("d")[0])
    plus = int(expression.split("+")[1]) if "+" in expression else 0
    counts: Counter[int] = Counter()
    for faces in itertools.product(range(1, 11), repeat=number):
        counts[hull_damage(dice.entered(expression, sum(faces) + plus), half, double).points] += 1
    assert hull_odds(expression, half, double).points == as_fractions(counts)


def test_dice_distribution_of_d100_and_a_modifier() -> None:
    assert dice_distribution("d100") == {face: Fraction(1, 100) for face in range(1, 101)}
    spread = dice_distribution("2d10+4")
    assert min(spread) == 6 and max(spread) == 24 and spread[15] == Fraction(10, 100) and sum(spread.values()) == 1


# -- the Damage Table ------------------------------------------------------------------------------


@pytest.mark.parametrize("weapon", ["laser battery", "proton beam battery", "disruptor beam cannon", "torpedo"])
def test_each_damage_table_row_has_the_share_of_the_d100_the_engine_reads_there(weapon: str) -> None:
    counts = Counter(int(str(damage_result(KH, weapon, dice.entered("d100", face))[0].row["low"])) for face in range(1, 101))
    rows = damage_table_odds(KH, weapon, False, "1d10")
    assert {int(str(r.row["low"])): r.chance for r in rows} == {low: Fraction(n, 100) for low, n in counts.items()}
    assert sum(r.chance for r in rows) == 1


def test_damage_table_rows_read_against_the_target_as_the_engine_does() -> None:
    """A weapon hit on a ship with none of the systems listed is a hull hit; a hull hit names its dice."""
    zoz = the_stand().ship("Z'Rak't Zoz")  # M x20, S x4, LB x2: no LC, PB, EB, AR, RB; no DC, T
    shot = Shot("advanced", "LB", defenses_in_use(the_stand(), zoz), range=1)
    rows = {int(str(r.row["low"])): r for r in shot_odds(shot, KH, zoz).rows}
    for face in range(1, 101):
        done = attack(shot, KH, RNG, zoz, Rolled("1", str(face), "4"))
        assert done.hit is not None and done.hit.found is not None
        row = rows[int(str(done.hit.found.row["low"]))]
        assert row.effect.kind == done.hit.effect.kind and row.effect.system == done.hit.effect.system
        assert (row.hull is not None) == (done.hit.hull is not None)
    assert rows[65].effect.kind == "weapon" and rows[65].effect.system == "LB"  # DC; LC; AR; T; LB: its LB
    assert rows[61].effect.kind == "weapon" and rows[61].effect.system == "LB"
    assert rows[75].effect.kind == "defense" and rows[75].effect.system == "ICM"
    assert rows[-20].hull is not None and rows[-20].hull.double and rows[-20].chance == Fraction(10, 100)
    assert "Advanced Game Damage Table" in rows[11].citation and "d100 11-45" in rows[11].citation


# -- one shot, whole -------------------------------------------------------------------------------


def test_an_advanced_shot_loses_the_hull_points_the_engine_takes_off_on_every_roll() -> None:
    battle = fleet()
    target = battle.ship("Z'Gata")
    shot = Shot("advanced", "LB", defenses_in_use(battle, target), range=2)
    odds = shot_odds(shot, KH, target)
    assert odds.damage == as_fractions(hull_points_of(shot, target))
    assert odds.damage[0] == Fraction(60, 100) + Fraction(40, 100) * Fraction(55, 100)  # a miss, or one of 46-00 (not a hull hit on a frigate)
    assert odds.to_hit.hit == Fraction(40, 100) and sum(odds.damage.values()) == 1


@pytest.mark.parametrize("game", ["basic", "campaign"])
def test_where_every_hit_is_a_hull_hit_the_shot_counts_every_roll(game: str) -> None:
    battle = fleet("basic") if game == "basic" else fleet(damage_table=False)
    target = battle.ship("Stiletto")
    target = target._replace(masking_screen_up=True)  # the laser battery's half damage
    shot = Shot(battle.game, "LB", defenses_in_use(battle, target), range=1)
    odds = shot_odds(shot, KH, target, battle.damage_table)
    assert odds.rows == () and odds.hull.half
    assert odds.damage == as_fractions(hull_points_of(shot, target, battle.damage_table))
    assert odds.damage[5] == odds.to_hit.hit * Fraction(2, 10)  # 9 or 10 halved, rounded up


# -- a volley --------------------------------------------------------------------------------------


def volley_by_enumeration(shots: list[Shot], target: Ship, damage_table: bool = True) -> Counter[int]:
    """Each shot's outcomes counted by the engine; every pair of them applied to the roster in turn."""
    each = [hull_points_of(shot, target, damage_table) for shot in shots]
    lost: Counter[int] = Counter()
    for (first, m), (second, n) in itertools.product(each[0].items(), each[1].items()):
        after, _ = apply(target, Effect("hull"), first)
        after, _ = apply(after, Effect("hull"), second)
        lost[target.hull - after.hull] += m * n
    return lost


def test_a_volley_of_two_basic_shots_matches_every_roll_of_both() -> None:
    battle = fleet("basic")
    target = battle.ship("Stiletto")._replace(hull=9)
    shots = [Shot("basic", "LB", ("RH",), range=1), Shot("basic", "LB", ("RH",), range=3)]
    odds = volley_odds(shots, KH, target)
    assert odds.lost == as_fractions(volley_by_enumeration(shots, target))
    assert odds.destroyed == odds.lost[9] and max(odds.lost) == 9
    # 9 or more: one hit of 9 or 10, or two hits adding to 9 or more
    p, q = Fraction(45, 100), Fraction(35, 100)
    two = Fraction(sum(1 for a, b in itertools.product(range(1, 11), repeat=2) if a + b >= 9 and a < 9 and b < 9), 100)
    assert odds.destroyed == p * (1 - q) * Fraction(2, 10) + (1 - p) * q * Fraction(2, 10) + p * q * (1 - Fraction(8, 10) * Fraction(8, 10) + two)


def test_a_volley_of_two_advanced_shots_matches_every_roll_of_both() -> None:
    battle = fleet()
    target = battle.ship("Z'Gata")._replace(hull=12)
    defenses = defenses_in_use(battle, target)
    shots = [Shot("advanced", "LB", defenses, range=0), Shot("advanced", "LB", defenses, range=4, gunnery=True)]
    odds = volley_odds(shots, KH, target)
    assert odds.lost == as_fractions(volley_by_enumeration(shots, target))
    assert 0 < odds.destroyed < Fraction(1, 10)
    assert "Damage Table" in odds.rule and "Ship Damage" in odds.rule and "Z'Gata" in odds.reading


def test_a_volley_needs_shots_and_a_target_afloat() -> None:
    target = fleet().ship("Z'Gata")
    with pytest.raises(RefereeError, match="at least one shot"):
        volley_odds([], KH, target)
    with pytest.raises(RefereeError, match="already destroyed"):
        volley_odds([Shot("advanced", "LB", ("RH",), range=1)], KH, target._replace(hull=0))


def test_six_shots_with_every_damage_roll_sum_to_one() -> None:
    stand = the_stand()
    target = stand.ship("Shimmer")
    defenses = defenses_in_use(stand, target)
    shots = [Shot("advanced", w, defenses, range=1) for w in ("LC", "LB", "LB", "PB", "EB", "DC")]
    odds = volley_odds(shots, KH, target)
    assert sum(odds.lost.values()) == 1 and len(odds.shots) == 6
    assert odds.destroyed == sum(p for lost, p in odds.lost.items() if lost >= target.hull)


# -- breaking apart --------------------------------------------------------------------------------


@pytest.mark.parametrize(("hull", "points", "expected"), [(10, 3, Fraction(45, 100)), (25, 3, Fraction(0)), (24, 3, Fraction(3, 100)), (2, 6, Fraction(1))])
def test_breaking_apart_counts_every_d100_the_engine_breaks_the_ship_on(hull: int, points: int, expected: Fraction) -> None:
    battle = fleet()
    ship = battle.ship("Venomous")._replace(hull=hull)  # 50 hull points: (damage - 25) x points used; (48 - 25) x 6 = 138% is certain
    battle = battle.with_ships([ship])
    broken = sum(breakup(battle, RNG, "Venomous", points, str(face)).battle.ship("Venomous").destroyed for face in range(1, 101))
    odds = breakup_odds(ship, points)
    assert odds.chance == Fraction(broken, 100) == expected
    assert "Hull Hits" in odds.rule


@pytest.mark.parametrize(
    ("chance", "shown"),
    [
        (Fraction(0), "0 (0.0%)"),
        (Fraction(3, 250), "3/250 (1.2%)"),
        (Fraction(1, 1000), "1/1000 (0.1%)"),
        (Fraction(1929, 15625), "12.3%"),  # a long fraction: the percentage alone
        (Fraction(7, 123457), "under 0.1% (about 1 in 17,600)"),
        (Fraction(193339849, 50000000000000000), "under 0.1% (about 1 in 259,000,000)"),  # five shots at a station's 140 hull
    ],
)
def test_a_chance_reads_as_a_short_fraction_a_percentage_or_one_in_so_many(chance: Fraction, shown: str) -> None:
    assert chance_text(chance) == shown
