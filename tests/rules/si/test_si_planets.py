"""Stellar Inferno planetary operations (8) and ground supply (9)."""

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import planets, supply
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno.planets import Planet, Terrain
from tests.helpers.si_counters import f, ship, unit

# Scenario 1: "Alpha Phoenicis II (Air/1g: 3 industrial, 8 settled)", all held by the Defender
APII = Planet("Alpha Phoenicis II", gravity=1, defender=Terrain(3, 8))


def test_planetary_gear_at_least_the_gravity_enters_from_orbit():
    lander = ship("Wilson", f(3, 3, 2, 2, gear=1), hex="J9")
    down = planets.enter_atmosphere(lander, APII, in_orbit=True)
    assert down.atmosphere and sh.defense_rating(down).value == 4  # 3 + gear 1 (8.2.2)
    with pytest.raises(RefereeError, match=r"planetary gear 0; Alpha Phoenicis II's gravity rating is 1: it needs gear 1 or more .*8.1.1"):
        planets.enter_atmosphere(ship("Tigris", f(8, 6, 2, 3), hex="J9"), APII, in_orbit=True)
    with pytest.raises(RefereeError, match="must be in orbit to enter the atmosphere"):
        planets.enter_atmosphere(lander, APII, in_orbit=False)
    assert not planets.leave_atmosphere(down).atmosphere


def test_a_space_defense_unit_never_leaves_the_surface():
    sdu = ship("SDU", f(0, 6, 0, 0, gear=1), sdu=True)
    with pytest.raises(RefereeError, match="unable to leave the surface"):
        planets.leave_atmosphere(sdu)


def test_troops_land_from_the_atmosphere_and_drop_troops_from_orbit_without_gear():
    units = [unit("7th", 4, 4, 2, "Khaldarii"), unit("45th R", 3, 3, 3, "Khaldarii", drop=True)]
    freighter = sh.load(ship("Mef", f(0, 4, 2, 0, cargo=10), side="Khaldarii", code="HF", hex="J9"), units=units, supply=2)
    with pytest.raises(RefereeError, match=r"7th not drop-capable: Mef must enter the atmosphere .*8.3.1-8.3.3"):
        planets.deploy_troops(freighter, ["7th"], in_orbit=True)
    dropped = planets.deploy_troops(freighter, ["45th R"], in_orbit=True)
    assert [u.name for u in dropped.units] == ["45th R"] and "dropped from Mef in orbit" in dropped.how
    with pytest.raises(RefereeError, match="must be in orbit about the planet to drop troops"):
        planets.deploy_troops(freighter, ["45th R"], in_orbit=False)
    landed = planets.deploy_troops(planets.enter_atmosphere(ship("Jrg", f(0, 4, 2, 0, cargo=10, gear=1), hex="J9"), APII, True), [], True)
    assert landed.units == ()


def test_economic_control_is_holding_every_remaining_industrial_and_settled_point():
    assert planets.economic_control(APII)[0] == "defender"
    split = APII.holding("defender", Terrain(0, 8)).holding("invader", Terrain(3, 0))
    assert planets.economic_control(split)[0] is None
    taken = APII.holding("defender", Terrain()).holding("invader", Terrain(2, 1))
    assert planets.economic_control(taken)[0] == "invader"
    assert planets.economic_control(APII.holding("defender", Terrain()))[0] is None


def test_terrain_supply_two_an_industrial_one_a_settled_for_the_defender_one_a_captured_industrial():
    assert planets.terrain_supply(APII, "defender")[0] == 2 * 3 + 8 == 14
    split = APII.holding("defender", Terrain(1, 5)).holding("invader", Terrain(2, 3))
    assert planets.terrain_supply(split, "invader")[0] == 2  # captured settled points supply nothing
    assert planets.terrain_supply(split, "defender")[0] == 7


def test_supply_a_point_a_unit_from_drops_terrain_stockpile_then_ships():
    units = [unit("45th R", 3, 3, 3, "K", drop=True), unit("7th", 4, 4, 2, "K"), unit("409th", 4, 4, 2, "K"), unit("BSDF", 2, 6, 1, "K"), unit("123rd", 4, 4, 2, "K")]
    mef = sh.load(ship("Mef", f(0, 4, 2, 0, cargo=10), side="K", code="HF"), supply=1)
    done = supply.supply(units, terrain=1, stockpile=1, ships=[mef], first_turn_drops=["45th R"])
    assert [s[1].split(" (")[0] for s in done.supplied] == ["its first turn down", "terrain supply", "the stockpile", "Mef's cargo"]
    assert done.out_of_supply == ("123rd",) and done.ships[0].cargo.supply == 0 and done.stockpile == 0
    after = supply.out_of_supply([units[4]], done.out_of_supply)
    assert after[0].lost == 1  # 9.1.4
    with pytest.raises(RefereeError, match="only a drop-capable unit on its first turn down"):
        supply.supply(units, first_turn_drops=["7th"])


def test_a_stockpile_needs_a_landed_ship_and_an_industrial_point():
    lander = sh.load(ship("Jrg", f(0, 4, 2, 0, cargo=10, gear=1), side="K", hex="J9", atmosphere=True), supply=7)
    held = APII.holding("invader", Terrain(1, 0))
    after, points = supply.stockpile(lander, held, "invader", 5)
    assert points == 5 and after.cargo.supply == 2
    with pytest.raises(RefereeError, match="holds no industrial point"):
        supply.stockpile(lander, APII, "invader", 5)
    with pytest.raises(RefereeError, match="must have landed"):
        supply.stockpile(planets.leave_atmosphere(lander), held, "invader", 5)
