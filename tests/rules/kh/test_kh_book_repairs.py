"""The Advanced Game's repair turn, case by case from an independent reading of the Tactical Operations
Manual (each case worked by hand from the book's text; the sentence is quoted). KH n is the line of
knight-hawks-tactical-operations-manual.txt. The repair turn's timing (K089) is in
test_kh_book_sequence.py."""

from __future__ import annotations

import random
from typing import Any

import pytest

from referee.errors import RefereeError
from referee.knight_hawks.battle import Battle, advance
from referee.knight_hawks.repair import Repair, repair_in_battle, repair_turn
from referee.knight_hawks.roster import Ship, build, systems
from tests.helpers.kh import KH, make

RNG = random.Random(0)


def advanced(ship_class: str, name: str, **changes: Any) -> Ship:
    return build(KH.get("kh.ships-advanced").row(ship_class), name, "UPF", "advanced")._replace(**changes)


def repaired(ship: Ship, repairs: list[tuple[str, int]], rolls: list[str], hull: list[str] | None = None) -> Ship:
    after, _ = repair_turn(ship, [Repair(t, p) for t, p in repairs], RNG, rolls, hull or [])
    return after


def test_k082_the_battleship_example() -> None:
    """K082. "puts 50 DCR points on the fire, 50 on the torpedos and 50 on each of the ADF points lost.
    The fire repair roll is 89, which is higher than 50, so the fire continues to burn. The torpedo
    repair roll is 24, so torpedos can be launched again. The ADF repair rolls are 62 (unsuccessful) and
    30 (successful), so the ship regains 1 ADF." (KH 763-765) The lost laser battery and the combat
    control hit stay: no DCR is left for them."""
    battleship = advanced(
        "battleship",
        "Valiant",
        adf=0,
        damaged=frozenset({"electrical-fire", "combat-control"}),
        weapons=systems(["DC", "LB x2 of 3", "EB x2", "PB", "RB x10", "T x8 destroyed", "S x4"]),
    )
    after, attempts = repair_turn(battleship, [Repair("fire", 50), Repair("T", 50), Repair("adf", 50), Repair("adf", 50)], RNG, ["89", "24", "62", "30"])
    assert [a.success for a in attempts] == [False, True, False, True]
    assert "electrical-fire" in after.damaged and "combat-control" in after.damaged
    assert after.system("T").state == "working" and after.system("T").count == 8
    assert after.adf == 1
    assert after.system("LB").count == 2
    with pytest.raises(RefereeError, match="201 DCR points allotted; the Valiant has 200"):
        repair_turn(after, [Repair("fire", 150), Repair("LB", 50), Repair("combat-control", 1)], RNG)


def test_k083_no_more_than_the_dcr_and_all_of_it_again_next_repair_turn() -> None:
    """K083. "All of a ship's DCR points can be allocated during each repair turn. The number of points
    assigned to a specific repair equals the percentage chance that that repair will succeed." (KH 751)
    Shimmer (DCR 70): 40 + 40 refused; 40 + 30 accepted; the next repair turn has all 70 again."""
    battle = make("advanced", {"name": "Viper", "class": "destroyer", "side": "Sathar"}, {"name": "Shimmer", "class": "frigate", "side": "UPF", "hull": 20, "mr_now": 1})
    battle = halves(battle, 6)
    assert battle.step == "repair"
    with pytest.raises(RefereeError, match="80 DCR points allotted; the Shimmer has 70"):
        repair_in_battle(battle, RNG, "Shimmer", [Repair("hull", 40), Repair("mr", 40)], ["95", "95"])
    first = repair_in_battle(battle, RNG, "Shimmer", [Repair("hull", 40), Repair("mr", 30)], ["95", "95"]).battle
    assert first.ship("Shimmer").dcr == 70
    later = halves(first, 7)
    assert (later.step, later.turn) == ("repair", 6)
    again = repair_in_battle(later, RNG, "Shimmer", [Repair("hull", 40), Repair("mr", 30)], ["10", "10"], ["5"]).battle
    assert (again.ship("Shimmer").hull, again.ship("Shimmer").mr) == (25, 2)


def halves(battle: Battle, count: int) -> Battle:
    for _ in range(count):
        battle = advance(battle)
    return battle


def test_k084_a_hull_repair_restores_1d10_up_to_the_original() -> None:
    """K084. "If the repair is successful, the player rolls 1d10. The result is the number of hull
    points that are restored to the damaged ship." (KH 759) 22 -> 29; 38 + 9 stops at 40 (read: a
    repair restores damage, no more)."""
    assert repaired(advanced("frigate", "Shimmer", hull=22), [("hull", 60)], ["45"], ["7"]).hull == 29
    assert repaired(advanced("frigate", "Zz' Nakk'T", hull=38), [("hull", 60)], ["45"], ["9"]).hull == 40


def test_k085_90_to_00_always_fails_but_may_be_tried_again() -> None:
    """K085. "A damage repair roll of 90 to 00 always is unsuccessful." (KH 761) 100 points on the hull,
    a 92: failed, and the next repair turn may try again."""
    carrier = advanced("assault carrier", "Maelstrom", hull=40)
    after, [attempt] = repair_turn(carrier, [Repair("hull", 100)], RNG, ["92"])
    assert not attempt.success and not attempt.airdock_only and after.hull == 40
    assert repaired(after, [("hull", 100)], ["50"], ["6"]).hull == 46


def test_k086_a_99_leaves_the_system_to_an_airdock() -> None:
    """K086. "If the roll is 99 or 00, the damage is too severe to be repaired in space, and requires the
    facilities of a station airdock. Once a 99 or 00 has been rolled for any system, no further attempts
    can be made to repair that system." (KH 761) Viper's steering (MR 0): no more repairs to it in this
    battle; its ADF and hull are still open."""
    viper = advanced("destroyer", "Viper", mr=0, adf=1, hull=30)
    after, [attempt] = repair_turn(viper, [Repair("mr", 40)], RNG, ["99"])
    assert attempt.airdock_only and "mr" in after.airdock_only
    with pytest.raises(RefereeError, match="mr rolled 99 or 00: only a station airdock can repair it now"):
        repair_turn(after, [Repair("mr", 40)], RNG, ["5"])
    fixed = repaired(after, [("adf", 30), ("hull", 40)], ["5", "5"], ["4"])
    assert (fixed.adf, fixed.hull, fixed.mr) == (2, 34, 0)


def test_k087_one_adf_point_a_repair() -> None:
    """K087. "When drive or steering damage is repaired, only 1 ADF or MR point is restored per repair,
    even if the entire drive or steering system was destroyed with one hit. ... For example, 90 DCR
    points could be split into three blocks of 30 points each" (KH 755) Carrion ADF 0 of 2: 30 + 30,
    rolls 12 and 31: ADF 1."""
    carrion = advanced("heavy cruiser", "Carrion", adf=0, mr=0)
    assert repaired(carrion, [("adf", 30), ("adf", 30)], ["12", "31"]).adf == 1
    assert repaired(carrion, [("adf", 30), ("adf", 30)], ["12", "30"]).adf == 2
    with pytest.raises(RefereeError, match="3 blocks on ADF, but only 2 points are lost"):
        repair_turn(carrion, [Repair("adf", 30)] * 3, RNG)


def test_k088_a_fire_put_out_leaves_its_damage() -> None:
    """K088. "Successfully repairing a fire extinguishes the fire, but does not repair any damage that
    was caused by the fire. Extinguishing a disastrous fire does not repair the ship's DCR, movement or
    combat control systems." (KH 757) Bludgeon after its disastrous fire (K075): 38 on the fire, a 20:
    out; DCR 38, ADF 0, MR 0 and -10% stay, each to be repaired on its own."""
    bludgeon = advanced("destroyer", "Bludgeon", dcr=38, adf=0, mr=0, damaged=frozenset({"disastrous-fire", "damage-control", "combat-control"}))
    after = repaired(bludgeon, [("disastrous-fire", 38)], ["20"])
    assert "disastrous-fire" not in after.damaged
    assert (after.dcr, after.adf, after.mr) == (38, 0, 0)
    assert {"damage-control", "combat-control"} <= after.damaged
    assert repaired(after, [("damage-control", 38)], ["10"]).dcr == 75
