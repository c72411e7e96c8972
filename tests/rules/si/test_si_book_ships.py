"""Stellar Inferno's ships, their factors and cargo ([5]) as the independent reader worked them from
the book (docs/readings/stellar-inferno-cases.md, I009-I013). Each test names its case and quotes
the book's sentence; the outcome asserted is the reader's, or the program's recorded reading."""

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import ships, space_combat
from referee.stellar_inferno.scenario_file import read_factors
from tests.helpers.si_counters import f, ship, unit


def test_i009_factors_are_zero_or_more_and_a_negative_one_is_refused():
    """I009 [5.1.1]: "Each factor is given a rating of zero or more". A 0 D3 M2 R0 P0 C4 is a ship;
    M -1 is refused. With R 0 it attacks only in its own hex (7.2.3)."""
    zeros = read_factors("A0 C4 D3 M2 P0 R0", "the counter")
    assert (zeros.attack, zeros.range, zeros.cargo) == (0, 0, 4)
    with pytest.raises(RefereeError, match="zero or more"):
        f(0, 3, -1)
    assert space_combat.modified_attack(4, 0, 1) == (1, 0, 0) and space_combat.modified_attack(4, 0, 0)[2] == 4


def test_i010_a_ship_without_cargo_capacity_carries_nothing():
    """I010 [5.2.1]: "Ships with a non-zero cargo capacity can store ground units, supplies, and
    even small ships". Loading the 123rd aboard the CA Leyf (cargo 0) is refused."""
    leyf = ship("Leyf", f(4, 5, 3, 3), side="Khaldarii", code="CA")
    with pytest.raises(RefereeError, match="cargo 0"):
        ships.load(leyf, units=[unit("123rd", 4, 3, 2, side="Khaldarii")])


def test_i011_a_point_a_ground_unit_or_supply_point_and_the_hf_mef_full():
    """I011 [5.2.2]: "Each ground unit or supply point transported requires a single point of cargo
    capacity." HF Mef (cargo 10) with the 7th, 409th, BSDF and 7 supply is full; one more is refused."""
    mef = ship("Mef", f(0, 4, 2, 0, cargo=10), side="Khaldarii", code="HF")
    troops = [unit(n, 2, 2, 2, side="Khaldarii") for n in ("7th", "409th", "BSDF")]
    full = ships.load(mef, units=troops, supply=7)
    assert full.cargo.points() == 10
    with pytest.raises(RefereeError, match="would take 11 points"):
        ships.load(full, supply=1)


def test_i012_four_ten_point_fighters_need_four_points_of_the_port_s_five():
    """I012 [5.2.3]: "Every 10 points of ship cost being transported requires a single point of cargo
    capacity." C Port 83 (cargo 5) carries four 10-point fighters in 4 points, five in 5, not six."""
    port = ship("C Port 83", f(0, 5, 0, 0, cargo=5), code="OB")
    fighters = [ship(f"F 4/{n}", f(1, 1, 4, 1), code="F", cost=10) for n in range(1, 7)]
    assert ships.cargo_points(fighters[0]) == 1
    assert ships.load(port, ships=fighters[:4]).cargo.points() == 4
    assert ships.load(port, ships=fighters[:5]).cargo.points() == 5
    with pytest.raises(RefereeError, match="would take 6 points"):
        ships.load(port, ships=fighters)


def test_i013_a_27_point_frigate_needs_3_cargo_points_a_part_ten_counted():
    """I013 [5.2.3] (a reading, A31): "Every 10 points of ship cost" does not say how a part of ten is
    carried. The program counts it as a point (27 -> 3), so a CV of cargo 20 carries 6 such frigates,
    not 7 (the reader's other reading gives 2 points and 10 frigates)."""
    cv = ship("Hive", f(2, 6, 3, 2, cargo=20), side="Bhalaeth", code="CV")
    frigates = [ship(f"FF {n}", f(2, 2, 5, 2), side="Bhalaeth", code="FF", cost=27) for n in range(7)]
    assert ships.cargo_points(frigates[0]) == 3
    assert ships.load(cv, ships=frigates[:6]).cargo.points() == 18
    with pytest.raises(RefereeError, match="would take 21 points"):
        ships.load(cv, ships=frigates)
