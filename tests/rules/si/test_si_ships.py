"""Stellar Inferno ships: factors, steps, point cost by step, cargo (5.2, 6.5, 7.4)."""

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno.factors import Factors
from tests.helpers.si_counters import f, ship, unit


def heavy_freighter(name: str = "Muhr Muhr") -> sh.Ship:
    """Scenario 1's Khaldarii heavy freighter: cargo 10 (Markers, Invader: Cargo HF=10), a reduced step of cargo 5."""
    return ship(name, f(0, 4, 2, 0, cargo=10, gear=1), f(0, 2, 2, 0, cargo=5, gear=1), side="Khaldarii", code="HF")


def test_a_rating_is_zero_or_more():
    with pytest.raises(RefereeError, match=r"defense must be a whole number, zero or more, not -1 \(Stellar Inferno 5.1.1"):
        Factors(defense=-1)
    assert f(4, 5, 3, 5, cargo=2, gear=1).shown() == "A4 C2 D5 M3 P1 R5"


def test_steps_and_the_point_cost_halved_at_each_reduced_step():
    cruiser = ship("Tigris", f(8, 6, 2, 3), f(4, 3, 2, 3), code="CA")
    assert cruiser.cost == 2 * (8 + 6) + 3 * 8 == 52  # 12.9.3
    reduced = sh.take_steps(cruiser, 1)
    assert reduced.factors == f(4, 3, 2, 3) and reduced.point_cost == 26 and reduced.steps_left == 1
    assert sh.take_steps(reduced, 1).destroyed
    with pytest.raises(RefereeError, match="destroyed already"):
        sh.take_steps(sh.take_steps(reduced, 1), 1)


@pytest.mark.parametrize(("freighter", "units"), [("HF Mef", ["7th", "409th", "BSDF"]), ("HF Jrg", ["123rd", "45th R", "200th R"])])
def test_the_cargo_check_three_units_and_7_supply_fill_cargo_10(freighter, units):
    """Scenario 1: 'Transported on HF Mef: 7th, 409th, BSDF, 7 Supply. Transported on HF Jrg: 123rd,
    45th R, 200th R, 7 Supply', on heavy freighters of cargo 10 (Cargo: HF=10)."""
    loaded = sh.load(heavy_freighter(freighter), units=[unit(name, 4, 4, 2, "Khaldarii") for name in units], supply=7)
    assert loaded.cargo.points() == 3 + 7 == 10
    with pytest.raises(RefereeError, match=rf"{freighter} has cargo 10: .* would take 11 points \(Stellar Inferno 5.2.2-5.2.3\)"):
        sh.load(loaded, supply=1)


def test_a_carried_ship_takes_a_point_a_10_of_its_cost_rounded_up_less_when_reduced():
    fighter = ship("Cougar", f(2, 2, 3, 1), code="F", cost=10)
    frigate = ship("Inchon", f(3, 4, 3, 2), f(1, 2, 3, 2), code="FF", cost=25)
    assert sh.cargo_points(fighter) == 1 and sh.cargo_points(frigate) == 3
    assert sh.cargo_points(sh.take_steps(frigate, 1)) == 2  # 25 // 2 = 12: two points
    carrier = ship("Carrier", f(2, 6, 3, 2, cargo=4), side="Terran", code="CV")
    assert sh.load(carrier, ships=[fighter, frigate]).cargo.points() == 4
    with pytest.raises(RefereeError, match="cannot carry"):
        sh.load(carrier, ships=[carrier])


def test_a_carrier_losing_a_step_eliminates_at_least_the_capacity_lost():
    mef = sh.load(heavy_freighter(), units=[unit("7th", 4, 4, 2, "Khaldarii"), unit("409th", 4, 4, 2, "Khaldarii")], supply=5)
    hit = sh.take_steps(mef, 1)
    assert hit.cargo_owed == 5  # cargo 10 to 5: five points, though 7 would fit in 5 only after losing 2
    with pytest.raises(RefereeError, match=r"must eliminate at least 5 cargo points .*7.4.2-7.4.3.*that frees 4"):
        sh.eliminate_cargo(hit, supply=4)
    kept = sh.eliminate_cargo(hit, units=["7th"], supply=4)
    assert kept.cargo_owed == 0 and kept.cargo.points() == 2 and [u.name for u in kept.cargo.units] == ["409th"]


def test_a_carrier_with_less_aboard_than_the_capacity_lost_loses_it_all():
    light = sh.take_steps(sh.load(heavy_freighter(), supply=3), 1)
    assert light.cargo_owed == 3
    with pytest.raises(RefereeError, match="owes no cargo"):
        sh.eliminate_cargo(sh.eliminate_cargo(light, supply=3), supply=0)


def test_a_carried_ship_reduced_a_step_counts_toward_the_cargo_owed():
    frigate = ship("Inchon", f(3, 4, 3, 2), f(1, 2, 3, 2), code="FF", cost=25)
    carrier = ship("Carrier", f(2, 6, 3, 2, cargo=4), f(1, 3, 3, 2, cargo=3), code="CV")
    hit = sh.take_steps(sh.load(carrier, ships=[frigate], supply=1), 1)
    assert hit.cargo_owed == 1
    after = sh.eliminate_cargo(hit, reduce=["Inchon"])  # 3 points to 2 (7.4.3)
    assert after.cargo.ships[0].lost == 1 and after.cargo.points() == 3


def test_a_destroyed_carrier_owes_nothing_its_cargo_is_lost_with_it():
    wreck = sh.take_steps(sh.load(heavy_freighter(), supply=10), 2)
    assert wreck.destroyed and wreck.cargo_owed == 0


def test_unloading_refuses_what_is_not_aboard():
    mef = sh.load(heavy_freighter(), units=[unit("7th", 4, 4, 2, "Khaldarii")], supply=2)
    off = sh.unload(mef, units=["7th"], supply=1)
    assert off.cargo.units[0].name == "7th" and off.ship.cargo.points() == 1
    with pytest.raises(RefereeError, match="409th: not aboard"):
        sh.unload(mef, units=["409th"])
    with pytest.raises(RefereeError, match="carries 2 supply points, not 3"):
        sh.unload(mef, supply=3)


def test_the_ratings_a_ship_fights_with():
    lander = ship("Lander", f(3, 4, 2, 2, gear=2), atmosphere=True, psi=6)
    defense = sh.defense_rating(lander)
    assert defense.value == 4 + 2 + 4  # + gear in the atmosphere (8.2.2), + psi no more than doubling 4 (12.7.3)
    attack = sh.attack_rating(lander, overload=True)
    assert attack.value == 6 + 3  # doubled (12.5.2), + psi up to the counter's 3
    assert "psi" in defense.shown() and "overloading" in attack.shown()


def test_a_space_defense_unit_has_no_maneuver_nor_attack_and_needs_gear():
    sdu = ship("SDU 1", f(0, 6, 0, 0, gear=1), code="SDU", sdu=True)
    assert sdu.sdu and sdu.atmosphere
    with pytest.raises(RefereeError, match="maneuver and combat ratings of zero"):
        ship("Bad", f(2, 6, 0, 0, gear=1), sdu=True)
    with pytest.raises(RefereeError, match="12.14 Space Defense Unit, not in play"):
        sh.new_ship("SDU", "T", "SDU", [f(0, 6, 0, 0, gear=1)], sdu=True)
