"""Stellar Inferno's planetary operations and ground supply ([8]-[9]) as the independent reader
worked them from the book (docs/readings/stellar-inferno-cases.md, I056-I070). Each test names its
case and quotes the book's sentence; the outcome asserted is the reader's."""

import random

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import ground_phase, maneuver_phase, planets, setup, ship_phase, turn
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno import space_combat as sc
from referee.stellar_inferno import supply as sp
from referee.stellar_inferno.planets import Planet, Terrain
from referee.stellar_inferno.scenario import Scenario
from tests.helpers.si import SI, at, phoenix
from tests.helpers.si_counters import f, ship, unit

RNG = random.Random(11)
APII = "Alpha Phoenicis II"
APII_START = Planet(APII, 1, True, defender=Terrain(3, 8))


def qas() -> Scenario:
    """Phoenix Command with the Khaldarii DD Mus Ke Qas (P1) set up in 6/J7, two hexes from APII (6/J9)."""
    s = setup.enter_ship(phoenix(), SI, "Mus Ke Qas", ["A4 D3 M3 P1 R3"], code="DD", side="invader").state
    return setup.place(s, ["Mus Ke Qas"], "6/J7").state


def next_turn(s: Scenario, phase: str, role: str = "invader") -> Scenario:
    return at(turn.next_phase(at(s, "victory", "defender")).state, phase, role)


def test_i056_planetary_gear_at_least_the_gravity():
    """I056 [8.1.1]: "Ships with a Planetary Gear rating greater than or equal to a planet's gravity
    rating are capable of operating within the planetary atmosphere." Gear 1 and 2 enter APII
    (1g); the CA Leyf, gear 0, is refused."""
    for gear in (1, 2):
        assert planets.enter_atmosphere(ship("DD", f(4, 3, 3, 3, gear=gear)), APII_START, True).atmosphere
    with pytest.raises(RefereeError, match="planetary gear 0; Alpha Phoenicis II's gravity rating is 1"):
        planets.enter_atmosphere(ship("Leyf", f(4, 5, 3, 3)), APII_START, True)


def test_i057_a_ship_that_came_into_the_planet_hex_this_turn_is_not_in_orbit():
    """I057 [8.1.2]: "A ship is considered to be in orbit if it occupied the same hex as the planet at
    the beginning of the current turn, and during the planetary operations phase." Mus Ke Qas
    maneuvers into 6/J9 on turn 1: it may not enter the atmosphere on turn 1; staying there, it may
    on turn 2."""
    s = maneuver_phase.maneuver(at(qas(), "maneuver"), "Mus Ke Qas", 2, RNG, to="6/J9", core=1).state
    with pytest.raises(RefereeError, match="in Alpha Phoenicis II's hex at the beginning of the turn and now"):
        ground_phase.land(at(s, "landing"), "Mus Ke Qas", APII)
    landed = ground_phase.land(next_turn(s, "landing"), "Mus Ke Qas", APII).state
    assert landed.ship("Mus Ke Qas").atmosphere


def test_i058_under_the_planet_marker_and_back_on_top():
    """I058 [8.1.3]: "Place all ships that enter a planetary atmosphere underneath the planet marker.
    Ships that leave a planetary atmosphere are then placed on top of the planet marker." Both only in
    the Landing Actions phase; the ship stays in the planet's hex."""
    s = setup.enter_ship(phoenix(), SI, "Hop Nierd", ["A4 D3 M3 P1 R3"], code="DD", side="invader").state
    s = at(setup.place(s, ["Hop Nierd"], "6/J9").state, "landing")
    under = ground_phase.land(s, "Hop Nierd", APII)
    assert "enters Alpha Phoenicis II's atmosphere, under the planet marker" in under.entries[0].text
    on_top = ground_phase.lift(under.state, "Hop Nierd")
    assert not on_top.state.ship("Hop Nierd").atmosphere and on_top.state.ship("Hop Nierd").hex == "6/J9"
    with pytest.raises(RefereeError, match="Landing Actions"):
        ground_phase.lift(at(under.state, "supply"), "Hop Nierd")


def test_i059_an_attack_into_an_atmosphere_from_the_next_hex_doubles_the_range():
    """I059 [8.2.1]: "All attacks made into or from a planetary atmosphere have their effective range
    doubled." Mt. Fiji (A 8, R 2) at range 1: effective range 2, one multiple, 8 -> 4 (8 without)."""
    assert sc.modified_attack(8, 2, 1, doublings=1) == (2, 1, 4)
    assert sc.modified_attack(8, 2, 1) == (1, 0, 8)


def test_i060_from_orbit_into_the_atmosphere_of_the_same_hex_range_zero_stays_zero():
    """I060 [8.2.1] (the reader's reading, A9): range 0 doubled is 0: Wilson (A 6, R 2) on top of the
    marker attacks the ships under it at 6."""
    assert sc.modified_attack(6, 2, 0, doublings=1) == (0, 0, 6)


def test_i061_planetary_gear_adds_to_defense_in_an_atmosphere():
    """I061 [8.2.2]: "Ships operating in a planetary atmosphere add their planetary gear rating to
    their defense factor." Hop Nierd D3 P1, Mindor D2 P2, Mef D2 P1 in a core hex: 4 + 4 + 3 = 11."""
    stack = [ship(n, f(4, d, 3, 3, gear=p), atmosphere=True) for n, d, p in (("Hop Nierd", 3, 1), ("Mindor", 2, 2), ("Mef", 2, 1))]
    defense = sc.combined_defense([(x.name, sh.defense_rating(x)) for x in stack], 0)
    assert defense.total == 11 and len(defense.combining) == 3


def test_i062_a_ground_unit_that_cannot_drop_is_landed_from_the_atmosphere():
    """I062 [8.3.1]: "If a ship is carrying a combat unit, the ship must normally enter the atmosphere
    to deploy the troops." HF Mef in orbit cannot put the 7th down; in the atmosphere it can."""
    mef = sh.load(ship("Mef", f(0, 4, 2, 0, cargo=10, gear=1), side="Khaldarii", code="HF"), units=[unit("7th", 4, 3, 2, side="Khaldarii")])
    with pytest.raises(RefereeError, match="not drop-capable: Mef must enter the atmosphere"):
        planets.deploy_troops(mef, ["7th"], True)
    assert "landed from Mef in the atmosphere" in planets.deploy_troops(mef._replace(atmosphere=True), ["7th"], True).how


def test_i063_drop_troops_from_orbit_even_without_gear_but_only_from_orbit():
    """I063 [8.3.2][8.3.3]: "Drop-capable troops can be deployed from space, even from a ship that
    lacks a Planetary Gear rating. To drop such troops, the transporting ship must be in orbit about the
    planet." (a) Leyf (P0) in APII's hex since the turn began: dropped; (b) Leyf come into the hex this
    turn: refused; (c) two hexes away: refused."""
    s = setup.enter_unit(phoenix(), "Raiders", ["3-2-3"], "invader", drop=True, aboard="Leyf").state
    with pytest.raises(RefereeError, match="must be in orbit about the planet to drop troops"):
        ground_phase.deploy(at(s, "landing"), "Leyf", ["Raiders"], APII)  # (c) in 6/J7
    moved = maneuver_phase.maneuver(at(s, "maneuver"), "Leyf", 2, RNG, to="6/J9", core=1).state
    with pytest.raises(RefereeError, match="in its hex at the beginning of the turn and now"):
        ground_phase.deploy(at(moved, "landing"), "Leyf", ["Raiders"], APII)  # (b)
    dropped = ground_phase.deploy(next_turn(moved, "landing"), "Leyf", ["Raiders"], APII)  # (a)
    assert "Raiders dropped on Alpha Phoenicis II from Leyf in orbit" in dropped.entries[0].text and dropped.state.troop("Raiders").planet == APII


def test_i064_a_unit_without_a_point_of_supply_loses_a_step_before_combat():
    """I064 [9.1.3][9.1.4]: "Each ground unit requires a point of supply at the beginning of combat,
    or it is considered to be out of supply. All units which are out of supply must lose a single step
    prior to combat." One point for the 7th (2 steps) and the 409th (1 step), the 7th first: the 409th
    is out of supply and eliminated."""
    seventh, fourth = unit("7th", 4, 3, 2, steps=2), unit("409th", 5, 2, 2)
    supplied = sp.supply([seventh, fourth], ships=[sh.load(ship("Mef", f(0, 4, 2, 0, cargo=10)), supply=1)])
    assert supplied.out_of_supply == ("409th",)
    after = sp.out_of_supply([seventh, fourth], supplied.out_of_supply)
    assert after[0].lost == 0 and after[1].destroyed


def test_i065_the_defender_s_terrain_supply_on_apii_is_14():
    """I065 [9.2.3]: "For the defender, each point of industrial terrain can provide two ground supply
    points. Each point of settled terrain can provide one". APII, 3 industrial and 8 settled: 14."""
    assert planets.terrain_supply(APII_START, "defender")[0] == 14


def test_i066_captured_industrial_supplies_the_invader_one_a_point():
    """I066 [9.2.4]: "If an industrial terrain point is captured by the invader, it can supply a single
    supply point per turn." Two captured: the Khaldarii 2; the TDF's 1 industrial and 8 settled: 10."""
    planet = Planet(APII, 1, True, defender=Terrain(1, 8), invader=Terrain(2, 0))
    assert planets.terrain_supply(planet, "invader")[0] == 2 and planets.terrain_supply(planet, "defender")[0] == 10


def test_i067_economic_control_is_all_the_industrial_and_settled_points():
    """I067 [9.2.2]: "If one player controls all remaining Industrial and Settled points on a planet,
    then that player has economic control of the planet." APII at the start: the TDF; with one
    industrial point Khaldarii: nobody."""
    assert planets.economic_control(APII_START)[0] == "defender"
    assert planets.economic_control(Planet(APII, 1, True, defender=Terrain(2, 8), invader=Terrain(1, 0)))[0] is None


def test_i068_the_invader_supplied_from_a_ship_in_orbit_without_gear_not_from_two_hexes_away():
    """I068 [9.3.1][9.3.3]: "all the invading player's ground units must be supplied by supply points
    carried as ship cargo ... A ship can either orbit the planet or enter the atmosphere in order to
    supply a ground unit. Ships do not require Planetary Gear". Leyf (P0) with 7 supply in APII's hex
    supplies three units (4 left); from 6/J7 it supplies none. The 7th, 409th and BSDF came on turn 3
    aboard Muhr Muhr, as the scenario lists them, and are on the surface since (Muhr Muhr, gone,
    is not in this test): turn 4."""
    s = phoenix()
    for name in ("7th", "409th", "BSDF"):
        s = setup.enter_unit(s, name, ["2-2-2"]).state  # waiting for Muhr Muhr
        s = s.with_troops(s.troop(name)._replace(planet=APII, down=3))
    s = s.replaced(sh.load(s.ship("Leyf"), supply=6))._replace(turn=4)
    far = ground_phase.supply(at(s, "supply"), APII)
    assert far.state.troop("BSDF").unit.destroyed
    near = at(maneuver_phase.maneuver(at(s, "maneuver"), "Leyf", 2, RNG, to="6/J9", core=1).state, "supply")
    done = ground_phase.supply(near, APII)
    assert "BSDF: supplied by Leyf's cargo" in done.entries[0].text and done.state.ship("Leyf").cargo.supply == 3


def test_i069_a_drop_unit_is_in_supply_on_its_first_turn_down_only():
    """I069 [9.3.2]: "On the first turn that a drop-capable unit is deployed to a planetary surface,
    it is automatically in supply." Dropped on turn 1 with no supply ship: supplied on turn 1; on turn 2
    out of supply, and it loses a step."""
    s = setup.enter_unit(phoenix(), "Raiders", ["3-2-3", "2-1-3"], "invader", drop=True, planet=APII).state
    first = ground_phase.supply(at(s, "supply"), APII)
    assert "Raiders: supplied by its first turn down" in first.entries[0].text
    second = ground_phase.supply(next_turn(first.state, "supply"), APII)
    assert "Raiders: out of supply, loses a step before combat" in second.entries[0].text and second.state.troop("Raiders").unit.lost == 1


def test_supply_not_traced_is_traced_as_the_side_s_ground_supply_ends():
    """[9.1.3][9.1.4]: "Each ground unit requires a point of supply at the beginning of combat, or it is
    considered to be out of supply. All units which are out of supply must lose a single step prior
    to combat." Supply is no choice to skip: a side's units on a planet the referee did not supply in
    its part of the Ground Supply phase are supplied as that part ends (the program's reading, docs/stellar-inferno.md
    § Readings). The Raiders, down on turn 1, have no source on turn 2 and lose a
    step; the Colonists draw on the Terrans' terrain."""
    s = setup.enter_unit(phoenix(), "Raiders", ["3-2-3", "2-1-3"], "invader", drop=True, planet=APII).state
    s = setup.enter_unit(s, "Colonists", ["2-3-1"], "defender", planet=APII).state
    s = next_turn(ground_phase.supply(at(s, "supply"), APII).state, "supply")
    done = turn.next_phase(s)
    assert done.state.troop("Raiders").unit.lost == 1
    assert "not traced by the referee, traced as the invader's Ground Supply ends (9.1.3)" in done.entries[0].text and "Raiders: out of supply, loses a step before combat" in done.entries[0].text
    done = turn.next_phase(done.state)
    assert "Colonists: supplied" in done.entries[0].text and done.state.troop("Colonists").unit.lost == 0
    after = turn.next_phase(ground_phase.supply(s, APII).state)  # traced by the referee: not traced again
    assert after.state.troop("Raiders").unit.lost == 1 and not any("not traced" in e.text for e in after.entries)


def test_i070_stockpiling_needs_an_industrial_point():
    """I070 [9.3.4]: "If a player controls at least one industrial terrain point, then ships that land
    on the surface can offload and stockpile their supply cargo during the Landing Actions phase." The
    Khaldarii with no APII terrain: refused; with one industrial point: 7 stockpiled."""
    mef = sh.load(ship("Mef", f(0, 4, 2, 0, cargo=10, gear=1), side="Khaldarii", code="HF", atmosphere=True), supply=7)
    with pytest.raises(RefereeError, match="the invader holds no industrial point"):
        sp.stockpile(mef, APII_START, "invader", 7)
    held = Planet(APII, 1, True, defender=Terrain(2, 8), invader=Terrain(1, 0))
    assert sp.stockpile(mef, held, "invader", 7)[1] == 7


def test_a_ship_unloaded_from_a_carrier_that_came_in_this_turn_is_not_in_orbit():
    """[8.1.2] "in orbit if it occupied the same hex as the planet at the beginning of the current
    turn": a frigate carried aboard a carrier that came into APII's hex on turn 2, unloaded there
    (6.5.1), came into the hex with it; it may not enter the atmosphere until turn 3."""
    s = setup.enter_ship(phoenix(), SI, "Tender", ["A2 C10 D4 M2 P1 R2"], code="CV", side="invader").state
    s = setup.enter_ship(s, SI, "Dart", ["A2 D2 M5 P1 R2"], code="FF", side="invader", aboard="Tender").state
    s = setup.place(s, ["Tender"], "6/J7").state
    s = setup.place(next_turn(s, "fleet-movement"), ["Tender"], "6/J9").state
    s = ship_phase.unload_ship(at(s, "maneuver"), "Tender", ["Dart"]).state
    with pytest.raises(RefereeError, match="in Alpha Phoenicis II's hex at the beginning of the turn and now"):
        ground_phase.land(at(s, "landing"), "Dart", APII)
    assert ground_phase.land(next_turn(s, "landing"), "Dart", APII).state.ship("Dart").atmosphere
