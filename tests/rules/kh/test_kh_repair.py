"""Repair turns (Advanced Game, Repairs), with the manual's battleship example."""

from __future__ import annotations

import random

import pytest

from referee import tables
from referee.errors import RefereeError
from referee.knight_hawks.effects import Effect, apply
from referee.knight_hawks.repair import Repair, repair_turn
from referee.knight_hawks.roster import Ship, build
from tests.helpers.tables import TABLES

KH = tables.load(prefix="kh")
RNG = random.Random(0)


def ship(cls: str) -> Ship:
    return build(KH.get("kh.ships-advanced").row(cls), cls, "UPF", "advanced")


def damaged(target: Ship, *effects: Effect, hull: int = 0) -> Ship:
    for effect in effects:
        target, _ = apply(target, effect, hull)
    return target


def pounded_battleship() -> Ship:
    """Lost its entire ADF (2), its torpedo system, a laser battery, its combat control, and burns."""
    return damaged(
        ship("battleship"),
        Effect("drive-all"),
        Effect("weapon", "T"),
        Effect("weapon", "LB"),
        Effect("combat-control"),
        Effect("electrical-fire"),
    )


def test_example_battleship_repair_turn() -> None:
    """50 DCR on the fire, 50 on the torpedos, 50 on each lost ADF point: 89, 24, 62, 30."""
    before = pounded_battleship()
    assert (before.adf, before.system("T").state, before.system("LB").count) == (0, "destroyed", 2)  # type: ignore[union-attr]
    repairs = [Repair("fire", 50), Repair("T", 50), Repair("adf", 50), Repair("adf", 50)]
    after, attempts = repair_turn(before, repairs, RNG, rolled=["89", "24", "62", "30"])
    assert [a.success for a in attempts] == [False, True, False, True]
    assert "electrical-fire" in after.damaged  # 89 > 50: the fire continues to burn
    assert after.system("T").state == "working"  # type: ignore[union-attr]  # torpedos can be launched again
    assert after.adf == 1  # one of the two ADF repairs succeeded
    assert "combat-control" in after.damaged and after.system("LB").count == 2  # type: ignore[union-attr]  # not repaired


def test_90_to_00_always_fails_and_99_or_00_needs_an_airdock() -> None:
    hurt = damaged(ship("frigate"), Effect("navigation"), Effect("steering-all"))
    after, attempts = repair_turn(hurt, [Repair("navigation", 70)], RNG, rolled=["90"])
    assert not attempts[0].success and "always fails" in attempts[0].reading
    after, attempts = repair_turn(hurt, [Repair("mr", 30), Repair("mr", 30)], RNG, rolled=["00", "10"])
    assert attempts[0].airdock_only and attempts[1].roll is None and not attempts[1].success
    assert after.mr == 0 and "mr" in after.airdock_only
    with pytest.raises(RefereeError, match="only a station airdock"):
        repair_turn(after, [Repair("mr", 10)], RNG)


def test_hull_repair_restores_1d10_up_to_the_original() -> None:
    hurt = damaged(ship("frigate"), Effect("hull"), hull=12)
    after, attempts = repair_turn(hurt, [Repair("hull", 60)], RNG, rolled=["59"], hull_rolled=["7"])
    assert attempts[0].hull_roll is not None and after.hull == 35
    nearly = damaged(ship("frigate"), Effect("hull"), hull=3)
    assert repair_turn(nearly, [Repair("hull", 60)], RNG, rolled=["5"], hull_rolled=["9"])[0].hull == 40


def test_put_out_fire_keeps_its_damage_and_damage_control_restores_dcr() -> None:
    burning = damaged(ship("destroyer"), Effect("disastrous-fire"))
    assert (burning.dcr, burning.adf, burning.mr) == (38, 0, 0)
    assert {"disastrous-fire", "damage-control", "combat-control"} <= burning.damaged
    out, _ = repair_turn(burning, [Repair("disastrous fire", 20), Repair("damage control", 18)], RNG, rolled=["20", "18"])
    assert "disastrous-fire" not in out.damaged and out.adf == 0 and "combat-control" in out.damaged
    assert out.dcr == 75


def test_a_destroyed_laser_of_several_comes_back_one_at_a_time() -> None:
    cruiser = damaged(ship("heavy cruiser"), Effect("weapon", "LB"), Effect("weapon", "LB"))
    assert cruiser.system("LB").state == "destroyed"  # type: ignore[union-attr]
    once, _ = repair_turn(cruiser, [Repair("LB", 60)], RNG, rolled=["1"])
    assert once.system("LB").state == "working" and once.system("LB").count == 1  # type: ignore[union-attr]
    twice, _ = repair_turn(once, [Repair("LB", 60)], RNG, rolled=["1"])
    assert twice.system("LB").count == 2  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("repairs", "says"),
    [
        ([Repair("fire", 150), Repair("T", 60)], "210 DCR points allotted; the battleship has 200"),
        ([Repair("hull", 10)], "no damage to hull"),
        ([Repair("adf", 10), Repair("adf", 10), Repair("adf", 10)], "3 blocks on ADF, but only 2 points are lost"),
        ([Repair("T", 10), Repair("T", 10)], "one repair at a time on T"),
        ([Repair("PB", 0)], "at least 1 DCR point"),
        ([Repair("MS", 10)], "has no MS"),
    ],
)
def test_impossible_allotments_are_refused(repairs: list[Repair], says: str) -> None:
    with pytest.raises(RefereeError, match=says):
        repair_turn(pounded_battleship(), repairs, RNG)


def test_repairs_never_raise_anything_past_its_start() -> None:
    rng = random.Random(7)
    target = ship("destroyer")._replace(hull=10, adf=0, mr=0)
    for _ in range(50):
        lost = {"hull": target.hull < 50, "adf": target.adf < 3, "mr": target.mr < 3}
        repairs = [Repair(name, 25) for name, short in lost.items() if short and name not in target.airdock_only]
        if repairs:
            target, _ = repair_turn(target, repairs, rng)
        assert target.hull <= 50 and target.adf <= 3 and target.mr <= 3


def test_a_hull_roll_for_a_hull_repair_that_fails_is_still_checked() -> None:
    from referee.knight_hawks.repair import Repair, repair_turn
    from referee.knight_hawks.roster import build

    hurt = build(TABLES.get("kh.ships-advanced").row("frigate"), "F", "UPF", "advanced")._replace(hull=20)

    with pytest.raises(RefereeError, match="11 cannot be rolled on 1d10"):
        repair_turn(hurt, [Repair("hull", 10)], random.Random(1), ["95"], ["11"])  # 95 fails: the hull roll is not needed
