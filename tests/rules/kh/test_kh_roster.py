"""Rosters and what every Advanced Damage Table band does to them (Explanation of Results)."""

from __future__ import annotations

import random

import pytest

from referee import tables
from referee.errors import RefereeError
from referee.knight_hawks.effects import Effect, apply, effect_on
from referee.knight_hawks.roster import Ship, build, systems

KH = tables.load(prefix="kh")
DAMAGE = KH.get("kh.damage")


def ship(cls: str = "frigate", game: str = "advanced") -> Ship:
    return build(KH.get(f"kh.ships-{game}").row(cls), f"test {cls}", "UPF", game)  # type: ignore[arg-type]


BARE = ship()._replace(adf=0, mr=0, weapons=(), defenses=())


def hit(target: Ship, roll: int, hull_points: int = 5) -> tuple[Ship, Effect, str]:
    effect = effect_on(target, DAMAGE.band(roll)[0])
    after, line = apply(target, effect, hull_points)
    return after, effect, line


def test_a_frigate_roster_from_the_advanced_statistics() -> None:
    frigate = ship()
    assert (frigate.hull, frigate.adf, frigate.mr, frigate.dcr) == (40, 4, 3, 70)
    assert [s.shown() for s in frigate.weapons] == ["LC", "LB", "RB x4", "T x2"]
    assert [s.shown() for s in frigate.defenses] == ["RH", "MS x2", "ICM x4"]
    assert ship("frigate", "basic").adf == 3 and ship("frigate", "basic").dcr == 0  # each game keeps its figures


def test_classes_without_fixed_figures_are_refused() -> None:
    with pytest.raises(RefereeError, match="give this ship's own figures"):
        ship("space station")
    with pytest.raises(RefereeError, match="CODE xN"):
        systems(["laser cannon!"])


@pytest.mark.parametrize(
    ("roll", "kind", "line"),
    [
        (-20, "hull-double", "hull 40 -> 35"),
        (10, "hull-double", "hull 40 -> 35"),
        (11, "hull", "hull 40 -> 35"),
        (45, "hull", "hull 40 -> 35"),
        (46, "drive-1", "ADF 4 -> 3"),
        (50, "drive-half", "ADF 4 -> 2"),
        (53, "drive-all", "ADF 4 -> 0"),
        (54, "steering-1", "MR 3 -> 2"),
        (59, "steering-all", "MR 3 -> 0"),
        (61, "weapon", "LC destroyed"),
        (63, "weapon", "LB destroyed"),
        (65, "weapon", "LC destroyed"),
        (67, "weapon", "T destroyed (2 left unusable)"),
        (69, "weapon", "LB destroyed"),
        (71, "power-short-circuit", "power short circuit"),
        (75, "defense", "MS destroyed (2 left unusable)"),
        (78, "defense", "MS destroyed (2 left unusable)"),
        (81, "defense", "ICM destroyed (4 left unusable)"),
        (85, "combat-control", "combat control hit"),
        (92, "navigation", "navigation hit"),
        (98, "electrical-fire", "electrical fire hit"),
        (106, "damage-control", "DCR 70 -> 35"),
        (117, "disastrous-fire", "DCR 70 -> 35, ADF 4 -> 0, MR 3 -> 0"),
    ],
)
def test_each_band_on_a_frigate_with_the_systems(roll: int, kind: str, line: str) -> None:
    _, effect, said = hit(ship(), roll)
    assert effect.kind == kind
    assert line in said


@pytest.mark.parametrize("roll", [46, 50, 53, 54, 59, 61, 63, 65, 67, 69, 75, 78, 81])
def test_each_band_on_a_ship_without_the_system_is_a_hull_hit(roll: int) -> None:
    after, effect, said = hit(BARE, roll, hull_points=7)
    assert effect.kind == "hull" and effect.why
    assert after.hull == 33 and said == "hull 40 -> 33"


def test_drive_half_loses_half_the_original_adf_rounded_up() -> None:
    """Drive Hit: a ship with 3 ADF that loses one-half is reduced to 1."""
    destroyer = ship("destroyer")
    assert hit(destroyer, 50)[0].adf == 1
    damaged = ship()._replace(adf=3)  # already lost 1 of 4: loses half of the original 4
    assert hit(damaged, 50)[0].adf == 1


def test_non_cumulative_hits_and_second_fires_become_hull_hits() -> None:
    for first, second in [(85, 85), (106, 106), (71, 71), (92, 92), (98, 98), (98, 117), (117, 98)]:
        once, _, _ = hit(ship(), first)
        twice, effect, _ = hit(once, second, hull_points=6)
        assert effect.kind == "hull", (first, second)
        assert twice.hull == 34


def test_a_limited_supply_system_with_nothing_left_is_still_destroyed() -> None:
    frigate = ship()
    empty = frigate.with_system(frigate.system("T")._replace(count=0))  # type: ignore[arg-type]
    after, effect, _ = hit(empty, 67)
    assert effect.system == "T" and after.system("T").state == "destroyed"  # type: ignore[union-attr]


def test_one_of_several_lasers_is_lost_at_a_time() -> None:
    cruiser = ship("heavy cruiser")
    once, _, said = hit(cruiser, 69)
    assert said == "one LB destroyed (1 left)"
    twice, _, said = hit(once, 69)
    assert said == "LB destroyed" and twice.system("LB").state == "destroyed"  # type: ignore[union-attr]
    thrice, effect, _ = hit(twice, 69)
    assert effect.system == "RB"  # next on the list: LB; RB; T; AR; PB; EB; LC


def test_hull_points_stop_at_zero_and_the_ship_is_destroyed() -> None:
    after, _, said = hit(ship(), 20, hull_points=100)
    assert after.hull == 0 and after.destroyed and said.endswith("- destroyed")


def test_no_sequence_of_damage_goes_below_zero() -> None:
    """Property: random Damage Table results never drive hull, ADF, MR, DCR or supplies below
    zero, and a destroyed ship stays destroyed."""
    rng = random.Random(2026)
    for _ in range(300):
        target = ship(rng.choice(["fighter", "assault scout", "frigate", "destroyer", "battleship", "assault carrier"]))
        was_destroyed = False
        for _ in range(40):
            target, _, _ = hit(target, rng.randint(-19, 120), hull_points=rng.randint(1, 40))
            assert min(target.hull, target.adf, target.mr, target.dcr) >= 0
            assert all(s.count >= 0 for s in (*target.weapons, *target.defenses))
            assert not (was_destroyed and not target.destroyed)
            was_destroyed = target.destroyed


def test_a_destroyed_active_screen_is_no_longer_active_nor_active_again_once_repaired() -> None:
    # Found by the random battles (tests/rules/kh/test_kh_property.py): a Defense hit on the screen in
    # use left it "active", so a repair made it a defense in use again without being activated. A
    # screen is activated at the start of the movement phase (Sequence of Play: activate screens).
    from referee.knight_hawks.repair import restore

    cruiser = ship("light cruiser")._replace(active_screen="SS", defenses=systems(["RH", "ES", "SS", "ICM x8"]))
    cruiser = cruiser.with_system(cruiser.system("ICM")._replace(state="destroyed"))  # type: ignore[arg-type]
    after, effect, said = hit(cruiser, 81)  # Defense hit: ICM; SS; PS; ES; MS - the ICMs are gone, so the SS
    assert effect.system == "SS" and after.active_screen == ""
    assert said == "SS destroyed (it was the active screen: no screen is active now)"
    assert restore(after, "SS").active_screen == ""
