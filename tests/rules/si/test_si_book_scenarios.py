"""Stellar Inferno's scenarios [14] as the independent reader worked them from the book
(docs/readings/stellar-inferno-cases.md, I134-I155): each scenario's set-up and entry (when and
where each side's units come in, what enters aboard what), its markers, map and victory. Each test
names its case and quotes the book's sentence; the outcome asserted is the reader's, or the
program's reading where the map is the referee's (the map is not in our text)."""

from __future__ import annotations

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import movement, planets, setup, ship_phase, turn
from referee.stellar_inferno.planets import Terrain
from referee.stellar_inferno.scenario import Scenario, class_figures
from tests.helpers.si import SI, at, bundled

APII = "Alpha Phoenicis II"


def started(stem: str, rules: tuple[str, ...] = ()) -> Scenario:
    return setup.start(bundled(stem), rules).state


def entered(s: Scenario, *names: str, arrives: int | None = None, **where: str) -> Scenario:
    """Ships entered from made-up counters of D 4 (the counters' figures are not in our text)."""
    for name in names:
        s = setup.enter_ship(s, SI, name, ["A4 D4 M3 R2"], arrives=arrives, **where).state
    return s


def refused(match: str, call, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RefereeError, match=match):
        call(*args, **kwargs)


def with_terrain(s: Scenario, planet: str, invader: Terrain, defender: Terrain) -> Scenario:
    world = s.world(planet)
    return s.with_world(world._replace(planet=world.planet._replace(invader=invader, defender=defender)))


# -- [14] the set-up's order ---------------------------------------------------------------------------


def test_i134_the_defender_places_its_start_units_first_then_the_invader():
    """I134 [14]: "After placing the markers on the game maps, the defender first places all units
    available at the start of the scenario at the deploy locations. The invader then follows suit."
    Portborough: the Bhalaeth placing first is refused; once the Terrans' Start units are placed the
    Bhalaeth place theirs; a Terran Start unit placed after the Bhalaeth began is refused."""
    s = entered(started("invasion-of-portborough"), "Gibraltar", "Kent", arrives=0)
    s = setup.enter_ship(s, SI, "Hive-1", ["A3 D6 M3 R3"], code="CV", side="invader", arrives=0).state
    refused("the defender first places all units available at the start, then the invader .*place Gibraltar, Kent first", setup.place, s, ["Hive-1"], "1/B4", 3)
    s = setup.place(s, ["Gibraltar"], "5/K5", 2).state
    refused("place Kent first", setup.place, s, ["Hive-1"], "1/B4", 3)
    s = setup.place(s, ["Kent"], "5/K5").state
    s = setup.place(s, ["Hive-1"], "1/B4", 3).state
    assert s.ship("Hive-1").hex == "1/B4"
    s = entered(s, "Santa Cruz", arrives=0)
    refused("the invader has begun placing its units: the defender places all its units available at the start first", setup.place, s, ["Santa Cruz"], "5/K5")


def test_i134_start_units_are_placed_at_set_up_not_later():
    """I134 [14]: "The game then proceeds" once both sides have placed: a unit available at the start
    is placed before turn 1's Fleet Movement, not in a later phase."""
    s = entered(started("invasion-of-portborough"), "Gibraltar", arrives=0)
    refused("placed at set-up, before turn 1's Fleet Movement", setup.place, at(s, "maneuver", "defender"), ["Gibraltar"], "5/K5", 2)


# -- [14.1] Phoenix Command ------------------------------------------------------------------------


def test_i135_phoenix_command_defender_ships_start_near_apii_as_the_referee_places_them():
    """I135 [14.1]: "Deploy: ships within 1 hex of APII, ground units on APII". Dublin in J9 and
    Tigris beside it are placed; "within 1 hex" is read off the printed map, which is not in our
    text: the program places what the referee places and the set-up line says the deploy locations
    (the reader's (c), Wilson two hexes out, is the referee's to refuse at the map)."""
    s = started("phoenix-command")
    assert "the defender places the units available at the start at its deploy locations (ships within 1 hex of APII, ground units on APII)" in setup.start(bundled("phoenix-command")).entries[0].text
    s = entered(s, "Dublin", "Tigris", arrives=0)
    s = setup.place(s, ["Dublin"], "6/J9", 1).state
    s = setup.place(s, ["Tigris"], "6/J10", 1).state
    assert (s.ship("Dublin").hex, s.ship("Tigris").hex) == ("6/J9", "6/J10")


def test_i135_phoenix_command_defender_ground_units_start_on_apii_not_aboard_a_ship():
    """I135 [14.1] (d), (e): "ground units on APII": a Start ground unit on APII is placed; one
    aboard a ship in space is refused."""
    s = entered(started("phoenix-command"), "C Port 83", arrives=0)
    s = setup.enter_unit(s, "Colonists", ["2-3-1"], side="defender", arrives=0, planet=APII).state
    assert s.troop("Colonists").planet == APII
    refused("the Terran's ground units start on Alpha Phoenicis II .*not aboard C Port 83", setup.enter_unit, s, "Militia", ["1-2-1"], side="defender", arrives=0, aboard="C Port 83")
    refused("not off the map", setup.enter_unit, s, "Militia", ["1-2-1"], side="defender", arrives=0)


def test_i136_phoenix_command_the_khaldarii_have_no_start_units():
    """I136 [14.1]: "Invader Deploy: none Enter: left map edge": no Khaldarii unit is on the map at
    set-up; their Turn Units rows are turns 1 to 4."""
    s = started("phoenix-command")
    refused(r"Phalth cannot arrive at the start: the Khaldarii's Turn Units rows are 1, 2, 3, 4 \(Deploy: none\)", setup.arrival, s, "Phalth", 0)
    refused("cannot arrive at the start", setup.enter_ship, s, SI, "Phalth", ["A8 D7 M2 R5"], arrives=0)


def test_i136_phoenix_command_invaders_enter_in_their_turns_reinforcements_phase():
    """I136 [14.1], 6.3.1: each group is placed in phase 2 of its turn: a turn-1 ship placed in
    Fleet Movement, or a turn-2 ship on turn 1, is refused; in turn 1's Reinforcements it is placed."""
    s = entered(started("phoenix-command"), "Phalth", arrives=1)
    s = entered(s, "Leyf", arrives=2)
    refused("Phalth arrives on turn 1, placed in the invader's part of that turn's Reinforcements Arrive phase", setup.place, s, ["Phalth"], "6/A5", 1)
    s = at(s, "reinforcements")
    refused("Leyf arrives on turn 2", setup.place, s, ["Leyf"], "6/A5", 1)
    s = setup.place(s, ["Phalth"], "6/A5", 1).state
    assert s.ship("Phalth").hex == "6/A5"


def test_i137_phoenix_command_the_two_hfs_enter_with_their_listed_cargo_and_no_room_for_more():
    """I137 [14.1]: "Transported on HF Mef: 7th, 409th, BSDF, 7 Supply. Transported on HF Jrg:
    123rd, 45th R, 200th R, 7 Supply". Muhr Muhr carries its three units and 7 supply (10 points);
    they arrive on turn 3 (the reader's reading of the listing, A23); more aboard is refused."""
    s = started("phoenix-command")
    assert [(c.name, c.aboard, c.arrives) for c in s.counters if c.kind == "unit"][:3] == [("7th", "Muhr Muhr", 3), ("409th", "Muhr Muhr", 3), ("BSDF", "Muhr Muhr", 3)]
    for unit, step in (("7th", "4-3-2"), ("409th", "3-3-2"), ("BSDF", "2-4-1")):
        s = setup.enter_unit(s, unit, [step]).state
    hf = setup.enter_ship(s, SI, "Muhr Muhr", ["A0 D4 M2 R0"]).state.ship("Muhr Muhr")
    assert hf.factors.cargo == 10 and hf.cargo.points() == 10 and hf.cargo.supply == 7
    refused("cargo", setup.enter_ship, s, SI, "Muhr Muhr", ["A0 D4 M2 R0"], supply=1)


def test_i137_phoenix_command_a_listed_unit_enters_aboard_its_hf_not_on_the_planet():
    """I137 [14.1]: "Transported on HF Mef: 7th, 409th, BSDF, 7 Supply": the 7th enters aboard Muhr
    Muhr; put straight on Alpha Phoenicis II, or aboard Bigeon, it is refused (before, --on put a
    turn-3 unit on the planet at the start). A unit arriving later is not on a planet before its turn."""
    s = started("phoenix-command")
    refused("7th enters the game aboard Muhr Muhr, as the scenario lists it .*not on Alpha Phoenicis II", setup.enter_unit, s, "7th", ["4-3-2"], planet=APII)
    refused("not aboard Bigeon", setup.enter_unit, s, "7th", ["4-3-2"], aboard="Bigeon")
    refused("Marines arrives on turn 5; it is turn 1 .*not on Alpha Phoenicis II before then", setup.enter_unit, s, "Marines", ["2-2-2"], side="defender", arrives=5, planet=APII)


def test_i138_phoenix_command_gear_and_cargo_by_class():
    """I138 [14.1]: Invader "Planetary Gear: DD=1, FF=1, CO=2, HF=1, FF=1 Cargo: HF=10"; Defender
    "Planetary Gear: F=1, FF=1 Cargo: OB=5". A class the line does not name has 0."""
    s = started("phoenix-command")
    assert class_figures(s.invader.gear, "gear") == {"DD": 1, "FF": 1, "CO": 2, "HF": 1}
    assert class_figures(s.invader.cargo, "cargo") == {"HF": 10}
    s = entered(s, "Phalth", "Mindor", "C Port 83", "Inchon")
    got = {n: (s.ship(n).factors.planetary_gear, s.ship(n).factors.cargo) for n in ("Phalth", "Mindor", "C Port 83", "Inchon")}
    assert got == {"Phalth": (0, 0), "Mindor": (2, 0), "C Port 83": (0, 5), "Inchon": (1, 0)}
    apii = s.world(APII).planet
    assert not planets.can_operate(s.ship("Phalth"), apii) and planets.can_operate(s.ship("Inchon"), apii)


def test_i139_phoenix_command_defender_reinforcements_on_the_listed_turns_only():
    """I139 [14.1]: Defender "Turn Units Start 3 5 8 9 10": a unit entering on turn 4 is refused."""
    s = started("phoenix-command")
    refused("Dublin cannot arrive on turn 4: the Terran's Turn Units rows are start, 3, 5, 8, 9, 10", setup.arrival, s, "Dublin", 4)
    assert setup.arrival(s, "Dublin", 5).state.counter("Dublin").arrives == 5


def test_i139_phoenix_command_a_reinforcement_cannot_be_delayed():
    """I139 [14.1], 6.3.2 "Reinforcement arrival cannot be delayed": turn 3's unit placed on turn 4
    is refused; in the defender's part of turn 3's Reinforcements it is placed."""
    s = entered(started("phoenix-command"), "Dublin", arrives=3)
    for _ in range(2):
        s = at(turn.next_phase(at(s, "victory", "defender")).state, "fleet-movement")
    assert s.turn == 3
    refused("Dublin arrives on turn 3, placed in the defender's part", setup.place, at(s, "reinforcements"), ["Dublin"], "6/N9", 1)
    placed = setup.place(at(s, "reinforcements", "defender"), ["Dublin"], "6/N9", 1).state
    assert placed.ship("Dublin").hex == "6/N9"
    late = at(turn.next_phase(at(s, "victory", "defender")).state, "reinforcements", "defender")
    refused("its arrival cannot be delayed", setup.place, late, ["Dublin"], "6/N9", 1)


def test_the_referee_corrects_a_record_of_entry_out_of_its_phase_but_not_a_start_unit_out_of_its_place():
    """[4], 6.3.2 and [14]: a reinforcement the record missed (Dublin, due on turn 3, found on the
    map on turn 4) is the referee's to correct: refused as a move, naming the rule and the
    correction; set by --correction, logged as a correction and not a move. The correction sets
    when, never where a scenario forbids: a Start ship set beside Earth or Mars is refused still
    (the program's reading, docs/stellar-inferno.md § Readings)."""
    s = entered(started("phoenix-command"), "Dublin", arrives=3)
    late = at(s._replace(turn=4), "reinforcements", "defender")
    refused(r"its arrival cannot be delayed \(6.3.2\).*if the record is wrong, the referee corrects it: referee si place \.\.\. --correction", setup.place, late, ["Dublin"], "6/N9", 1)
    fixed = setup.place(late, ["Dublin"], "6/N9", 1, correction=True)
    assert fixed.state.ship("Dublin").hex == "6/N9" and not fixed.state.moved("Dublin")
    assert "the referee corrects the map record, not a move" in fixed.entries[0].text
    terra = at(entered(started("raid-on-terra"), "Langley", arrives=0), "ship-combat")
    refused(r"Langley is available at the start: .*placed at set-up", setup.place, terra, ["Langley"], "8/K6", 1)
    refused(r"Langley starts at the Terran's deploy locations \(Earth or Mars\): .*not 8/K5", setup.place, terra, ["Langley"], "8/K5", 1, correction=True)
    assert setup.place(terra, ["Langley"], "8/K6", 1, correction=True).state.ship("Langley").hex == "8/K6"


def test_i140_phoenix_command_the_most_economic_points_wins():
    """I140 [14.1]: "the player who controls the most economic points on Alpha Phoenicis II after the
    final turn has been completed is the winner". (a) 5 against 6: the Terrans; (b) 6 against 5:
    the Khaldarii; equal, a draw (the reader's reading, A24)."""
    s = started("phoenix-command")
    assert "Terran (defender) win, controlling 6 economic points against 5" in turn.judge(with_terrain(s, APII, Terrain(3, 2), Terrain(0, 6)), final=True)
    assert "Khaldarii (invader) win, controlling 6" in turn.judge(with_terrain(s, APII, Terrain(3, 3), Terrain(0, 5)), final=True)
    assert "a draw" in turn.judge(with_terrain(s, APII, Terrain(3, 2), Terrain(0, 5)), final=True)


def test_i141_phoenix_command_the_star_hex_is_orbit_and_no_planet():
    """I141 [14.1]: "Map 6, K8 = Alpha Phoenicis (+1 Star)"; 6.2.3: ships in a star hex need not
    fleet-move; it is not a planet, so there is no landing there."""
    s = started("phoenix-command")
    assert [(t.name, t.hex, t.rating) for t in s.stars] == [("Alpha Phoenicis", "6/K8", 1)]
    assert movement.fleet_move(2, in_orbit=True)[0] == 0
    refused("Alpha Phoenicis", s.world, "Alpha Phoenicis")


# -- [14.2] Raid on Terra --------------------------------------------------------------------------


def test_i142_raid_on_terra_terran_start_ships_go_in_earths_or_mars_hex():
    """I142 [14.2]: Defender "Deploy: Earth or Mars": a Start ship goes in Earth's hex (8/K6) or
    Mars's (7/J8), not beside them."""
    s = entered(started("raid-on-terra"), "Langley", "Clark", arrives=0)
    refused(r"Langley starts at the Terran's deploy locations \(Earth or Mars\): Earth in 8/K6 or Mars in 7/J8, not 8/K5", setup.place, s, ["Langley"], "8/K5", 1)
    s = setup.place(s, ["Langley"], "8/K6", 1).state
    s = setup.place(s, ["Clark"], "7/J8", 1).state
    assert (s.ship("Langley").hex, s.ship("Clark").hex) == ("8/K6", "7/J8")


def test_i142_raid_on_terra_terran_start_ground_units_on_earth_or_mars():
    """I142 [14.2]: "Deploy: Earth or Mars" holds the Terran ground units at the start too."""
    s = started("raid-on-terra")
    assert setup.enter_unit(s, "Home Guard", ["2-3-1"], side="defender", arrives=0, planet="Mars").state.troop("Home Guard").planet == "Mars"
    refused("start on Earth or Mars", setup.enter_unit, s, "Home Guard", ["2-3-1"], side="defender", arrives=0)


def test_i142_raid_on_terra_turn_2_terrans_enter_in_turn_2():
    """I142 [14.2]: "Enter: within 1 hex of Earth or Mars"; "Turn Units Start 6x 2": turn 2's units
    come in turn 2's Reinforcements phase (the hexes within 1 of the planets are the referee's on the
    map) and on no other turn."""
    s = entered(started("raid-on-terra"), "Sierra", arrives=2)
    refused("Sierra cannot arrive on turn 3", setup.arrival, s, "Sierra", 3)
    refused("Sierra arrives on turn 2", setup.place, s, ["Sierra"], "8/K7", 1)
    s = at(turn.next_phase(at(s, "victory", "defender")).state, "reinforcements", "defender")
    assert setup.place(s, ["Sierra"], "8/K7", 1).state.ship("Sierra").hex == "8/K7"


def test_i143_raid_on_terra_the_2_5_row_is_a_window_of_turns():
    """I143 [14.2]: Invader "Turn Units 1 2-5": a unit of the "2-5" row enters on a turn from 2 to 5;
    turn 6 is refused, and so is the start (Deploy: none)."""
    s = started("raid-on-terra")
    assert setup.arrival(s, "Laj", 4).state.counter("Laj").arrives == 4
    refused("Laj cannot arrive on turn 6: the Khaldarii's Turn Units rows are 1, 2, 3, 4, 5", setup.arrival, s, "Laj", 6)
    refused("cannot arrive at the start", setup.arrival, s, "Laj", 0)


def test_i144_raid_on_terra_comets_bombard_planets_50_points_each_and_four_win():
    """I144 [14.2]: "the comets perform 50 points of surface bombardment by entering a planet hex";
    "Victory: the Khaldarii must perform 200 points of surface bombardment on Earth or Mars." Sol is
    a star, not a planet: no comet bombards it. Four comets (the invader's markers, entering Earth's hex
    in the Khaldarii's Fleet Movement) make 200: the Khaldarii win."""
    s = started("raid-on-terra")
    refused("Sol", ship_phase.comet, s, "Sol", "Comet 1")
    for n in range(1, 5):
        s = ship_phase.comet(s, "Earth", f"Comet {n}").state
        if s.terrain_losses is not None:
            s = ship_phase.take_terrain(s, s.terrain_losses.steps).state
    assert s.world("Earth").bombarded == 200
    assert "Khaldarii (invader) win: 200 points of surface bombardment performed, 200 needed" in turn.judge(s, final=False)


def test_i145_raid_on_terra_two_step_terrans_start_reduced_but_the_exceptions():
    """I145 [14.2]: "all two-step terran units (except MO 1, OB 4, CR 50, and all DD's) begin at the
    reduced step." Oregon and Intrepid start reduced; Cleveland, Langley, Terra Prime, New Kennedy
    and the Eldar Cross Winds start full."""
    s = started("raid-on-terra")
    for name in ("Oregon", "Intrepid", "Cleveland", "Langley", "Terra Prime", "New Kennedy", "Cross Winds"):
        s = setup.enter_ship(s, SI, name, ["A6 D6 M2 R3", "A3 D3 M2 R3"]).state
    assert {n: s.ship(n).lost for n in ("Oregon", "Intrepid", "Cleveland", "Langley", "Terra Prime", "New Kennedy", "Cross Winds")} == {
        "Oregon": 1,
        "Intrepid": 1,
        "Cleveland": 0,
        "Langley": 0,
        "Terra Prime": 0,
        "New Kennedy": 0,
        "Cross Winds": 0,
    }
    assert s.ship("Oregon").lost_this_round == 0  # not lost this round: Damage Recovery never repairs it (7.5.1)


def test_i146_raid_on_terra_the_khaldarii_carry_nothing():
    """I146 [14.2]: Invader "Planetary Gear: DD=1, CO=2 Cargo: none": no Khaldarii ship carries
    troops or supply; the DDs and the CO may enter Earth's atmosphere, the Bs may not."""
    s = started("raid-on-terra")
    s = entered(s, "Zonal", "Shalkrien")
    assert s.ship("Zonal").factors.cargo == 0 and s.ship("Shalkrien").factors.planetary_gear == 0
    refused("cargo", setup.enter_unit, s, "Boarders", ["2-2-2"], side="invader", aboard="Zonal")
    earth = s.world("Earth").planet
    assert planets.can_operate(s.ship("Zonal"), earth) and not planets.can_operate(s.ship("Shalkrien"), earth)


def test_i147_raid_on_terra_mars_sub_g_is_gravity_0():
    """I147 [14.2]: "Mars (Toxic/sub-g ...)": read as gravity 0, so a B without gear may enter its
    atmosphere (the reader's first reading, A26)."""
    s = entered(started("raid-on-terra"), "Shalkrien")
    mars = s.world("Mars").planet
    assert (mars.gravity, mars.atmosphere) == (0, True) and planets.can_operate(s.ship("Shalkrien"), mars)


def test_i148_raid_on_terra_asteroids_from_j11_around_sol():
    """I148 [14.2]: "Starting at J11 on map 8, alternate hexes at a 4-hex radius from Sol are
    Asteroids." The ring's other hexes are on the map, not in our text: 8/J11 is listed, the others
    the referee's (--asteroids); Asteroids (12.1) is played."""
    s = started("raid-on-terra")
    assert s.asteroids == ("8/J11",) and "asteroids" in s.rules


# -- [14.3] Invasion of Portborough ----------------------------------------------------------------


def test_i149_portborough_the_bhalaeth_start_and_enter_on_their_rows():
    """I149 [14.3]: Invader "Deploy: Within 3 hexes of left map edge Enter: Left map edge Fleet
    Movement: +1"; "Turn Units Start 2 3 4": a Bhalaeth unit may start or enter on turns 2-4, not 5."""
    s = started("invasion-of-portborough")
    assert s.invader.velocity == 1
    s = setup.enter_ship(s, SI, "Hive-1", ["A3 D6 M3 R3"], code="CV", side="invader", arrives=0).state
    refused("cannot arrive on turn 5: the Bhalaeth's Turn Units rows are start, 2, 3, 4", setup.arrival, s, "Hive-1", 5)


def test_i150_portborough_frigates_enter_aboard_the_carriers_only():
    """I150 [14.3]: "All FF ships enter the game as cargo aboard the CV units." (a) An FF placed on
    the map is refused; (b) aboard a CV it enters; (c) aboard an AF it is refused; once unloaded
    from its CV it is on the map like any ship."""
    s = started("invasion-of-portborough")
    s = setup.enter_ship(s, SI, "Hive-1", ["A3 D6 M3 R3"], code="CV", side="invader").state
    s = setup.enter_ship(s, SI, "Drone", ["A1 D4 M2 R1"], code="AF", side="invader").state
    s = setup.place(s, ["Hive-1", "Drone"], "1/B4", 3).state
    loose = setup.enter_ship(s, SI, "Stinger", ["A3 D3 M4 R2"], code="FF", side="invader").state
    refused("Stinger is of class FF: Bhalaeth FF ships enter the game as cargo aboard the CV units", setup.place, loose, ["Stinger"], "1/B4")
    refused("aboard the CV units, and Drone is of class AF", setup.enter_ship, s, SI, "Stinger", ["A3 D3 M4 R2"], code="FF", side="invader", aboard="Drone")
    s = setup.enter_ship(s, SI, "Stinger", ["A3 D3 M4 R2"], code="FF", side="invader", aboard="Hive-1").state
    assert [x.name for x in s.ship("Hive-1").cargo.ships] == ["Stinger"]
    s = ship_phase.unload_ship(at(s, "maneuver"), "Hive-1", ["Stinger"]).state
    assert s.ship("Stinger").hex == "1/B4"


def test_i150_the_terran_frigates_are_not_bound_to_carriers():
    """I150 [14.3]: the FF rule is the Bhalaeth's special rule: a Terran FF starts on the map."""
    s = entered(started("invasion-of-portborough"), "Foxbat", arrives=0)
    assert setup.place(s, ["Foxbat"], "5/K5", 2).state.ship("Foxbat").hex == "5/K5"


def test_i151_portborough_a_frigate_away_from_its_carrier_has_its_maneuver_halved():
    """I151 [14.3]: "FF units that move out of range of their home CV have their Maneuver rating
    halved." Whether it is out of range is the referee's on the map (--away); M 3 halved is 1."""
    from referee.stellar_inferno import maneuver_phase

    s = started("invasion-of-portborough")
    s = setup.enter_ship(s, SI, "Hive-1", ["A3 D6 M3 R2"], code="CV", side="invader").state
    s = setup.place(s, ["Hive-1"], "1/B4", 3).state
    s = setup.enter_ship(s, SI, "Stinger", ["A3 D3 M3 R2"], code="FF", side="invader", aboard="Hive-1").state
    s = ship_phase.unload_ship(at(s, "maneuver"), "Hive-1", ["Stinger"]).state
    rated, said = maneuver_phase.rated(s, s.ship("Stinger"), away=True)
    assert rated.factors.maneuver == 1 and "halved" in said


def test_i153_portborough_terran_gear_and_cargo_by_class():
    """I153 [14.3]: Defender "Planetary Gear: CO=1, FF=1, FR=1, MB=1, SL=1 Cargo: MO=2, FR=5"."""
    s = started("invasion-of-portborough")
    assert class_figures(s.defender.gear, "gear") == {"CO": 1, "FF": 1, "FR": 1, "MB": 1, "SL": 1}
    assert class_figures(s.defender.cargo, "cargo") == {"MO": 2, "FR": 5}
    s = entered(s, "Gibraltar", "Belami")
    portborough = s.world("Portborough").planet
    assert not planets.can_operate(s.ship("Gibraltar"), portborough) and planets.can_operate(s.ship("Belami"), portborough)
    assert s.ship("Belami").factors.cargo == 5


@pytest.mark.parametrize(("held", "theirs", "winner"), [(11, 9, "Bhalaeth (invader) win"), (10, 10, "Terran (defender) win"), (9, 7, "Bhalaeth (invader) win")])
def test_i154_portborough_a_majority_of_the_industrial_terrain(held, theirs, winner):
    """I154 [14.3]: "the Bhalaeth control the majority of the Industrial terrain on Portborough at the
    end of the game." (a) 11 of 20 wins; (b) 10 of 20 does not; (c) 9 of the 16 remaining (4 made
    Settled by bombardment) wins - the reading of the remaining points (A29)."""
    s = with_terrain(started("invasion-of-portborough"), "Portborough", Terrain(held, 0), Terrain(theirs, 147))
    assert winner in turn.judge(s, final=True)


def test_i155_portborough_asteroids_are_four_hexes_of_map_3():
    """I155 [14.3]: "Map 3, J8/J7/I7/K8 = Asteroids"; "Markers 4x"."""
    s = started("invasion-of-portborough")
    assert s.asteroids == ("3/J8", "3/J7", "3/I7", "3/K8") and "asteroids" in s.rules


# -- the scenario file ---------------------------------------------------------------------------------


def test_a_scenario_file_without_the_entry_lines_loads_and_a_bad_one_is_refused():
    """The set-up lines a file holds (deploy_in, units_on, enter_aboard) default to none: a file
    written before them loads; a hand-edited bad value is refused naming it."""
    from referee import storage
    from referee.resources import si_scenario_files
    from referee.stellar_inferno import scenario_file

    data = storage.read(si_scenario_files()["raid-on-terra"], "scenario")
    old = {**data, "defender": {k: v for k, v in data["defender"].items() if k not in ("deploy_in", "units_on")}}
    assert scenario_file.from_dict(old).defender.deploy_in == ()
    assert scenario_file.from_dict(data).defender.deploy_in == ("Earth", "Mars")
    with pytest.raises(RefereeError, match="deploy_in and units_on name planets of the scenario .*not 'Venus'"):
        scenario_file.from_dict({**data, "defender": {**data["defender"], "deploy_in": ["Venus"]}})
    with pytest.raises(RefereeError, match="enter_aboard: write each class and the class it enters aboard as CODE=CARRIER"):
        scenario_file.from_dict({**data, "invader": {**data["invader"], "enter_aboard": "FF aboard CV"}})
    s = scenario_file.from_dict(data)
    assert scenario_file.from_dict(scenario_file.to_dict(s)).defender.units_on == ("Earth", "Mars")


def test_i152_portborough_a_6_2_2_surrenders_terrain_only_with_the_1_5_5_on_the_surface():
    """I152 [14.3]: "No Bhalaeth 6-2-2 ground unit can surrender terrain unless the Bhalaeth 1-5-5
    ground unit is deployed on the surface." The Bhalaeth, holding 3 captured Industrial points, take
    2 losses in a matchup of a 6-2-2 alone: (a) with the 1-5-5 still off the surface, surrender is
    refused; (b) with it on Portborough, a point is surrendered with a step."""
    from referee.stellar_inferno import ground_phase
    from referee.stellar_inferno.scenario import Absorbed, GroundLosses

    s = started("invasion-of-portborough")
    s = setup.enter_unit(s, "Brood", ["6-2-2", "3-1-2"], side="invader", planet="Portborough").state
    s = setup.enter_unit(s, "Queen", ["1-5-5"], side="invader").state
    s = setup.enter_unit(s, "Militia", ["2-3-3"], side="defender", planet="Portborough").state
    s = with_terrain(s, "Portborough", Terrain(3, 0), Terrain(17, 147))
    s = s._replace(ground_losses=GroundLosses("Portborough", "defender", ("Militia",), ("Brood",), 0, 2, attacker_done=Absorbed()))
    refused("no Bhalaeth 6-2-2 ground unit can surrender terrain unless the Bhalaeth 1-5-5 ground unit is deployed on the surface", ground_phase.absorb, s, "invader", {"Brood": 1}, 1)
    landed = s.with_troops(s.troop("Queen")._replace(planet="Portborough"))
    after = ground_phase.absorb(landed, "invader", {"Brood": 1}, 1).state
    assert after.world("Portborough").planet.invader == Terrain(2, 0)
