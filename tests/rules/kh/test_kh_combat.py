"""Knight Hawks attacks: the Tactical Operations Manual's worked examples and the combat rules."""

from __future__ import annotations

import random

import pytest

from referee import dice, tables
from referee.errors import RefereeError
from referee.knight_hawks.attack import Rolled, attack
from referee.knight_hawks.combat import Shot, chance_to_hit, resolve
from referee.knight_hawks.damage import breakup_chance, hull_damage
from referee.knight_hawks.roster import build

KH = tables.load(prefix="kh")
RNG = random.Random(0)


def chance(**shot: object) -> int:
    return chance_to_hit(Shot(**shot), KH).total  # type: ignore[arg-type]


# -- the manual's worked examples -----------------------------------------------------------------


def test_example_laser_battery_against_reflective_hull_then_masking_screen() -> None:
    """Combat: LB vs RH is 50%, a 26 hits; against a masking screen 10%, and 26 misses."""
    rh = chance_to_hit(Shot("basic", "laser battery", ("RH",), range=0), KH)
    assert rh.total == 50
    assert resolve(rh, dice.entered("d100", 26)).hit
    ms = chance_to_hit(Shot("basic", "laser battery", ("MS",), range=0), KH)
    assert ms.total == 10
    assert not resolve(ms, dice.entered("d100", 26)).hit


@pytest.mark.parametrize("game", ["basic", "advanced"])
def test_example_laser_cannon_head_on_at_range_4(game: str) -> None:
    """Range Diffusion: 60% against RH, +10 head-on = 70, -20 for 4 hexes = 50."""
    found = chance_to_hit(Shot(game, "LC", ("RH",), range=4, head_on=True), KH)  # type: ignore[arg-type]
    assert [p.change for p in found.parts] == [60, 10, -20]
    assert found.total == 50


def test_example_torpedo_with_two_icms() -> None:
    """Interceptor Missiles: a torpedo's 70% against RH, two ICMs at -10 each: 50%."""
    assert chance(game="basic", weapon="torpedo", defenses=("RH",), range=1, icms=2) == 50


def test_example_assault_scout_hull() -> None:
    """Ship Damage: 15 hull points, a rocket battery hit of 11 leaves 4; a laser battery's 6 destroys it."""
    first = attack(Shot("basic", "RB", ("RH",), range=1), KH, RNG, rolled=Rolled("10", hull="11"))
    assert first.outcome.hit and first.hit is not None and first.hit.hull is not None and first.hit.hull.points == 11
    assert 15 - first.hit.hull.points == 4
    second = attack(Shot("basic", "LB", ("RH",), range=2), KH, RNG, rolled=Rolled("10", hull="6"))
    assert second.hit is not None and second.hit.hull is not None and 4 - second.hit.hull.points <= 0


def test_example_proton_beam_damage_roll_reads_the_table_not_the_misprint() -> None:
    """Damage: a proton beam's 73 + 10 = 83; the table (81-84) is a defense hit, not 'Defensive Control'."""
    done = attack(Shot("advanced", "PB", ("RH",), range=1), KH, RNG, rolled=Rolled("10", damage="73"))
    assert done.hit is not None and done.hit.dtm == 10
    assert done.hit.found is not None and done.hit.found.row["result"] == "Defense hit: ICM; SS; PS; ES; MS"


def test_example_weapon_hit_on_a_destroyer_takes_its_laser_cannon() -> None:
    """Weapon System Hit: 66, DC; LC; AR; T; LB: the destroyer has no DC, so its LC is destroyed."""
    destroyer = build(KH.get("kh.ships-advanced").row("destroyer"), "destroyer", "UPF", "advanced")
    done = attack(Shot("advanced", "LB", ("RH",), range=1), KH, RNG, destroyer, Rolled("10", damage="66"))
    assert done.hit is not None and done.hit.effect.system == "LC"
    assert done.hit.hull is None
    assert done.after is not None and done.after.system("LC").state == "destroyed"  # type: ignore[union-attr]


def test_example_breaking_apart_destroyer() -> None:
    """Hull Hits: 50 hull points, 32 damage, 3 ADF + 1 MR used: (32 - 25) x 4 = 28%; 29 survives."""
    found = breakup_chance(50, 32, 4)
    assert found.chance == 28
    assert dice.entered("d100", 29).total > found.chance


# -- the combat rules ------------------------------------------------------------------------------


def test_most_effective_defense_in_use_counts() -> None:
    assert chance(game="advanced", weapon="LB", defenses=("RH", "MS"), range=0) == 20


@pytest.mark.parametrize(
    ("weapon", "defenses", "expected"),
    [
        ("EB", ("RH", "PS"), 70),  # the proton screen attracts electron beams
        ("PB", ("RH", "ES"), 70),  # the electron screen attracts proton beams
        ("PB", ("RH", "PS"), 25),  # the proton screen blocks proton beams
        ("T", ("RH", "SS"), 75),  # the stasis screen draws missiles in
        ("AR", ("RH", "SS"), 60),  # no better than no defense: not attracted, most effective counts
        ("EB", ("PS", "SS"), 70),  # an attracting screen wins over a blocking one
    ],
)
def test_a_defense_that_attracts_the_weapon_is_used(weapon: str, defenses: tuple[str, ...], expected: int) -> None:
    assert chance(game="advanced", weapon=weapon, defenses=defenses, range=0) == expected


def test_gunnery_skill_reads_the_shaded_figure() -> None:
    assert chance(game="advanced", weapon="LC", defenses=("RH",), range=0, gunnery=True) == 45
    assert chance(game="advanced", weapon="S", defenses=("SS",), gunnery=True) == 90


def test_firer_in_a_masking_screen_shoots_lasers_as_if_the_target_were_masked() -> None:
    found = chance_to_hit(Shot("advanced", "LB", ("RH",), range=0, firer_masked=True), KH)
    assert found.total == 20 and found.defense == "masking-screen"
    assert chance(game="advanced", weapon="T", defenses=("RH",), range=1, firer_masked=True) == 50  # not a laser


def test_evasion_combat_control_and_disastrous_fire() -> None:
    assert chance(game="advanced", weapon="T", defenses=("RH",), range=1, evading_mr=4) == 30
    assert chance(game="advanced", weapon="RB", defenses=("RH",), range=1, combat_control_hit=True) == 30
    assert chance(game="advanced", weapon="RB", defenses=("RH",), range=1, disastrous_fire=True) == 30
    # one combat control system: a disastrous fire's -10% is damage to it (Repairs: Fires)
    assert chance(game="advanced", weapon="RB", defenses=("RH",), range=1, combat_control_hit=True, disastrous_fire=True) == 30


@pytest.mark.parametrize(("roll", "hit"), [(1, True), (5, True), (6, False), (95, False), (96, False), (100, False)])
def test_automatic_hits_and_misses_at_zero_chance(roll: int, hit: bool) -> None:
    nothing = chance_to_hit(Shot("advanced", "LB", ("MS",), range=9), KH)
    assert nothing.total == -25
    assert resolve(nothing, dice.entered("d100", roll)).hit is hit


def test_96_or_more_misses_even_above_100() -> None:
    sure = chance_to_hit(Shot("advanced", "S", ("SS",), icms=0), KH)
    assert sure.total == 90
    assert resolve(sure, dice.entered("d100", 90)).hit
    assert not resolve(sure, dice.entered("d100", 96)).hit


@pytest.mark.parametrize(
    ("shot", "says"),
    [
        (Shot("advanced", "LC", ("RH",), range=11), "beyond the laser cannon's range of 10"),
        (Shot("advanced", "EB", ("RH",), range=12), ""),  # electron beam range 12 (rules README)
        (Shot("advanced", "LB", ("RH",)), "give the range"),
        (Shot("advanced", "T", ("RH",)), "01-05 hits only a target within range: give the range"),
        (Shot("advanced", "LB", ("RH",), range=1, head_on=True), "forward-firing"),
        (Shot("advanced", "LC", ("RH",), range=1, icms=2), "ICMs have no effect on the laser cannon"),
        (Shot("advanced", "RB", ("RH",), range=1, evading_mr=3), "only against torpedos"),
        (Shot("basic", "LB", ("RH",), range=1, gunnery=True), "Advanced Game"),
        (Shot("basic", "LB", ("PS",), range=1), "no column 'PS'"),
        (Shot("advanced", "phaser", ("RH",)), "no row 'phaser'"),
    ],
)
def test_forbidden_shots_are_refused_with_the_rule(shot: Shot, says: str) -> None:
    if not says:
        assert chance_to_hit(shot, KH).total == 0  # 60 - 12 x 5
        return
    with pytest.raises(RefereeError, match=says):
        chance_to_hit(shot, KH)


# -- damage ------------------------------------------------------------------------------------------


def test_half_damage_rounds_up_and_double_doubles_after() -> None:
    assert hull_damage(dice.entered("1d10", 7), half=True).points == 4
    assert hull_damage(dice.entered("2d10", 11), half=False, double=True).points == 22
    assert hull_damage(dice.entered("2d10", 11), half=True, double=True).points == 12


def test_laser_hit_through_a_masking_screen_does_half_damage() -> None:
    done = attack(Shot("basic", "LB", ("MS",), range=0), KH, RNG, rolled=Rolled("5", hull="7"))
    assert done.hit is not None and done.hit.hull is not None and done.hit.hull.points == 4


def test_a_weapon_hit_on_a_ship_without_the_listed_systems_is_a_hull_hit() -> None:
    freighter = build({"ship": "ore carrier", "hull_points": 75, "adf": 1, "mr": 1, "dcr": 40, "weapons": [], "defenses": ["RH"]}, "ore carrier", "UPF", "advanced")
    done = attack(Shot("advanced", "LB", ("RH",), range=0), KH, RNG, freighter, Rolled("5", damage="66", hull="6"))
    assert done.hit is not None and done.hit.effect.kind == "hull" and "none of" in done.hit.effect.why
    assert done.hit.hull is not None and done.hit.hull.points == 6
    assert done.after is not None and done.after.hull == 69


def test_no_breakup_until_beyond_half_the_hull() -> None:
    assert breakup_chance(50, 25, 4).chance == 0
    assert breakup_chance(15, 8, 2).chance == 2  # (8 - 7) x 2
    with pytest.raises(RefereeError):
        breakup_chance(0, 1, 1)
