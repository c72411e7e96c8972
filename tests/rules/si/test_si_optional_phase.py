"""The optional rules played on a scenario: a maneuver and its hazards (asteroids, a grazing orbit,
overloaded engines, Portborough's frigates away from their carrier), sensor sweeps, rams, boarding,
stealth mines, psi agents, bombardment packs; each worked by hand from the book's tables, each
refused when its optional rule is not played, and a refusal changes nothing."""

from __future__ import annotations

import random

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import boarding_phase, ground_phase, mines_phase, optional_phase, scenario_file, setup, ship_phase, turn
from referee.stellar_inferno import maneuver_phase as mp
from referee.stellar_inferno.scenario import Scenario, Sighting
from tests.helpers.si import SI, at, bundled, phoenix

RNG = random.Random(0)
APII = "Alpha Phoenicis II"


def text(done: object) -> str:
    return "\n".join(e.text for e in done.entries)  # type: ignore[attr-defined]


def refused(call: object, match: str) -> None:
    with pytest.raises(RefereeError, match=match):
        call()  # type: ignore[operator]


# -- a maneuver and its hazards ----------------------------------------------------------------------


def test_a_maneuver_moves_the_ship_once_a_turn_up_to_its_rating_and_no_cargo_is_handled_after() -> None:
    s = at(phoenix(), "maneuver")
    done = mp.maneuver(s, "Phalth", 2, RNG, to="6/J8", core=2)
    assert text(done).splitlines() == ["Phalth maneuvers 2 hexes to 6/J8: maneuver 2 (Stellar Inferno 6.4.1)", "  Phalth in 6/J8, 2 hexes from the core (Stellar Inferno 7.3.2-7.3.3)"]
    after = done.state
    assert (after.ship("Phalth").hex, after.ship("Phalth").core_distance, after.did("Phalth")) == ("6/J8", 2, ("maneuver",))
    refused(lambda: mp.maneuver(after, "Phalth", 1, RNG), "Phalth has maneuvered this turn already: a ship maneuvers once a turn")
    refused(lambda: mp.maneuver(s, "Phalth", 3, RNG), r"Phalth maneuvers 1 to 2 hexes \(maneuver 2 \(Stellar Inferno 6.4.1\)\), not 3")
    refused(lambda: mp.maneuver(s, "Dublin", 1, RNG), "Dublin is the defender's")
    refused(lambda: ship_phase.load_ship(at(after, "maneuver"), "Leyf", ["Phalth"]), "Phalth performed a maneuver this turn: ships loading or unloading cargo")
    refused(lambda: mp.maneuver(phoenix(), "Phalth", 1, RNG), r"individual ship maneuver is done in the Individual Ship Maneuver phase \(3\)")


def test_a_ship_handling_cargo_does_not_maneuver() -> None:
    s = setup.enter_ship(phoenix(), SI, "Dart", ["A1 D1 M4 R1"], "F", "invader").state
    s = setup.place(s, ["Dart"], "6/J7").state
    s = ship_phase.load_ship(at(s, "maneuver"), "Leyf", ["Dart"]).state  # cost 4 * 2 + 1 = 9: one cargo point
    refused(lambda: mp.maneuver(s, "Leyf", 1, RNG), r"Leyf cannot maneuver this turn: it loads or unloads cargo this turn \(Stellar Inferno 6.5.2-6.5.3\)")


def test_overloaded_engines_add_one_and_on_a_2_fail_for_the_rest_of_the_battle() -> None:
    s = at(phoenix(), "maneuver")
    held = mp.maneuver(s, "Phalth", 3, RNG, [3], overload=True)
    assert "Phalth overloads its engines: 3: the engines hold (Stellar Inferno 12.4.1-12.4.2)" in text(held) and not held.state.ship("Phalth").engines_wrecked
    failed = mp.maneuver(s, "Phalth", 3, RNG, [2], overload=True)
    assert "2 or less, the engines are damaged: no more maneuver movement this battle" in text(failed) and failed.state.ship("Phalth").engines_wrecked
    refused(lambda: mp.maneuver(s, "Phalth", 4, RNG, [3], overload=True), "maneuvers 1 to 3 hexes")
    later = at(at(failed.state, "fleet-movement"), "maneuver")
    refused(lambda: mp.maneuver(later, "Phalth", 1, RNG), "cannot maneuver this turn: its overloaded engines are damaged")
    refused(lambda: mp.maneuver(at(phoenix([]), "maneuver"), "Phalth", 3, RNG, [3], overload=True), "optional rule 12.4 Overloading Engines, not in play")


def test_a_grazing_orbit_of_a_plus_1_star_gives_a_hex_more_and_radiation_at_or_under_1() -> None:
    s = at(phoenix(), "maneuver")
    burnt = mp.maneuver(s, "Phalth", 3, RNG, [1], to="6/K8", core=0, star="Alpha Phoenicis")
    assert "+1 from a grazing orbit of Alpha Phoenicis (Stellar Inferno 12.2.1-12.2.3)" in text(burnt)
    assert "+1 star: 1 more maneuver; radiation 1 <= 1: a step loss" in text(burnt) and burnt.state.ship("Phalth").factors.shown() == "A4 C0 D4 M2 P0 R5"
    safe = mp.maneuver(s, "Phalth", 3, RNG, [2], star="6/K8")
    assert "radiation 2 > 1: no damage" in text(safe) and safe.state.ship("Phalth").lost == 0
    refused(lambda: mp.maneuver(s, "Phalth", 4, RNG, star="Alpha Phoenicis"), "maneuvers 1 to 3 hexes")
    refused(lambda: mp.maneuver(s, "Phalth", 1, RNG, star="Sol"), r"no star 'Sol' in Phoenix Command; the stars are Alpha Phoenicis \(6/K8, \+1\)")
    refused(lambda: mp.maneuver(at(phoenix([]), "maneuver"), "Phalth", 3, RNG, star="Alpha Phoenicis"), "optional rule 12.2 Grazing Orbit Maneuver, not in play")


def test_asteroids_a_d6_a_hex_entered_a_step_when_under_the_hexes_moved_and_dice_in_the_order_of_events() -> None:
    s = at(phoenix(), "maneuver")
    hit = mp.maneuver(s, "Leyf", 3, RNG, [2, 3], asteroid_hexes=2)
    assert "asteroid hex 1: 2 < 3 hexes moved: a step loss" in text(hit) and "asteroid hex 2: 3 >= 3 hexes moved: no damage" in text(hit)
    assert hit.state.ship("Leyf").lost == 1
    # engines (4: hold), radiation (3 > 1), then the asteroid hex (4 < 5 hexes): one step
    everything = mp.maneuver(s, "Leyf", 5, RNG, [4, 3, 4], overload=True, star="Alpha Phoenicis", asteroid_hexes=1)
    assert [r.split(" for ")[1] for r in everything.entries[0].rolls] == ["Leyf overloads its engines", "grazing orbit radiation, +1 star", "asteroid hex 1"]
    assert "asteroid hex 1: 4 < 5 hexes moved: a step loss" in text(everything) and everything.state.ship("Leyf").lost == 1
    refused(lambda: mp.maneuver(s, "Leyf", 2, RNG, [1, 1, 1], asteroid_hexes=1), r"3 dice for 1 roll")
    refused(lambda: mp.maneuver(s, "Leyf", 2, RNG, [7], asteroid_hexes=1), "7 cannot be rolled on 1d6")
    refused(lambda: mp.maneuver(s, "Leyf", 2, RNG, asteroid_hexes=3), "asteroid hexes entered are 0 to the 2 hexes moved")
    refused(lambda: mp.maneuver(at(phoenix([]), "maneuver"), "Leyf", 2, RNG, asteroid_hexes=1), "optional rule 12.1 Asteroids, not in play")


def test_a_ship_destroyed_by_radiation_rolls_no_asteroid_dice_and_psi_does_not_help() -> None:
    s = setup.enter_ship(phoenix(), SI, "Gnat", ["A1 D1 M2 R1"], "SC", "invader").state
    s = setup.place(s, ["Gnat"], "6/J7").state
    s = optional_phase.assign_agent(s, "Vel", "Gnat", 2).state
    done = mp.maneuver(at(s, "maneuver"), "Gnat", 3, RNG, [1], star="Alpha Phoenicis", asteroid_hexes=1)
    assert "Gnat takes 1 step loss from Alpha Phoenicis's radiation: destroyed" in text(done)
    assert "destroyed before it clears the asteroids: no more dice" in text(done) and len(done.entries[0].rolls) == 1
    assert "psi specialists have no effect against asteroids or other inorganic hazards (Stellar Inferno 12.7.5)" in text(done)


def portborough() -> Scenario:
    """Invasion of Portborough: the CV Hive in 5/K5 with the FF Stinger aboard, Foxbat (a Terran FF) there."""
    s = setup.start(bundled("invasion-of-portborough"), ["ramming", "boarding"]).state
    s = setup.enter_ship(s, SI, "Hive", ["A2 D6 M3 R2"], "CV", "invader").state
    s = setup.place(s, ["Hive"], "5/K5", 0).state
    s = setup.enter_ship(s, SI, "Stinger", ["A3 D3 M4 R2"], "FF", "invader", aboard="Hive").state
    s = setup.enter_ship(s, SI, "Foxbat", ["A3 D3 M3 R2"]).state
    s = setup.place(s, ["Foxbat"], "5/K5").state
    s = ship_phase.unload_ship(at(s, "maneuver"), "Hive", ["Stinger"]).state
    return at(at(s, "fleet-movement"), "maneuver")


def test_portboroughs_frigates_out_of_range_of_their_carrier_have_their_maneuver_halved() -> None:
    s = portborough()
    done = mp.maneuver(s, "Stinger", 2, RNG, away=True)
    assert text(done).splitlines()[0] == "Stinger is out of range of its home CV, Hive: its maneuver 4 is halved to 2 (Stellar Inferno 14.3, the invader's special rule)"
    refused(lambda: mp.maneuver(s, "Stinger", 3, RNG, away=True), "maneuvers 1 to 2 hexes")
    assert "halved" not in text(mp.maneuver(s, "Stinger", 4, RNG))
    # away, Stinger (4 halved to 2) is no faster than Foxbat (3): no ram
    refused(lambda: mp.ram(s, SI, "Stinger", "Foxbat", RNG, 1, away=["Stinger"]), r"Stinger \(maneuver 2\) needs a higher maneuver rating than Foxbat \(3\)")
    assert "Stinger rams Foxbat" in text(mp.ram(s, SI, "Stinger", "Foxbat", RNG, 6, 6))
    defender = at(s, "maneuver", "defender")
    refused(lambda: mp.maneuver(defender, "Foxbat", 1, RNG, away=True), "Foxbat is not one")
    refused(lambda: mp.maneuver(s, "Hive", 1, RNG, away=True), "Hive is not one")


# -- sensor sweeps ---------------------------------------------------------------------------------------


def test_a_sweep_reveals_as_many_ships_as_its_steps_the_lowest_defense_first_or_the_owners_choice() -> None:
    s = at(phoenix(), "maneuver")
    # Leyf's range rating 3 at 2 hexes, range factor 3: no multiple, 3; Dublin 6 and Tigris 5 a hex from
    # the core: one below, one combines: Tigris 5; 3:5 reads 1:2 on Table 4, a 1 reads 1
    done = mp.sweep(s, SI, [("Leyf", 2)], "6/J9", RNG, 1)
    assert "sensor attack 3 against defense 2 ships 1 hex from the core: 1 must be below the stack, 1 combines: Tigris 5 = 5" in text(done)
    assert "3:5 reads row 1:2; die 1, column '1': 1" in text(done) and "revealed to the invader: Tigris (the lowest defense ratings first (7.3.1))" in text(done)
    assert done.state.sightings == (Sighting(1, "invader", "6/J9", ("Tigris",), ("Leyf",)),) and done.state.did("Leyf") == ("sweep",)
    assert done.state.ship("Tigris") == s.ship("Tigris")  # no damage
    chosen = mp.sweep(s, SI, [("Leyf", 2)], "6/J9", RNG, 1, reveal=["Dublin"])
    assert chosen.state.sightings[0].revealed == ("Dublin",) and "(in the owner's order)" in text(chosen)
    assert mp.sweep(s, SI, [("Leyf", 2)], "6/J9", RNG, 3).state.sightings[0].revealed == ()
    refused(lambda: mp.maneuver(done.state, "Leyf", 1, RNG), "it performs a sensor sweep")
    moved = mp.maneuver(s, "Phalth", 1, RNG).state
    refused(lambda: mp.sweep(moved, SI, [("Phalth", 2)], "6/J9", RNG, 1), "Phalth maneuvered this turn: a ship sweeping with its sensors cannot perform a maneuver movement")
    refused(lambda: mp.sweep(s, SI, [("Leyf", 4)], "6/J9", RNG, 1), r"within the sweeping ship's range factor .*Leyf \(range 4, range factor 3\)")
    refused(lambda: mp.sweep(s, SI, [("Leyf", 2)], "6/J9", RNG, 1, reveal=["Phalth"]), "the ships revealed are the stack's")
    # the sweep is not the hex's attack of the turn (7.1.2)
    combat = at(done.state, "ship-combat")
    assert ship_phase.attack(combat, SI, [("Leyf", 2)], "6/J9", RNG, 6).state.combat.hexes == ("6/J9",)  # type: ignore[union-attr]
    refused(lambda: mp.sweep(at(phoenix([]), "maneuver"), SI, [("Leyf", 2)], "6/J9", RNG, 1), "optional rule 12.6 Sensors, not in play")


# -- ramming ---------------------------------------------------------------------------------------------


def test_a_ram_at_the_rammers_defense_and_the_survivor_rams_back_at_its_own_as_the_ram_left_it() -> None:
    s = at(setup.place(phoenix(), ["Phalth"], "6/J9").state, "maneuver", "defender")
    # Dublin's defense 6 against Phalth's 7: 1:2 on Table 4, a 1 reads 1; Phalth, reduced to D4,
    # rams back: 4 against 6, 1:2, a 1 reads 1
    done = mp.ram(s, SI, "Dublin", "Phalth", RNG, 1, 1)
    first, back = (e.text for e in done.entries)
    assert first.startswith("Dublin rams Phalth: its defense 6 as attack against defense 7 (Stellar Inferno 12.8.2-12.8.4)")
    assert "6:7 reads row 1:2; die 1, column '1': 1" in first and "Phalth takes 1 step loss from Dublin's ram: now A4 C0 D4 M2 P0 R5" in first
    assert back.startswith("Phalth rams back Dublin: its defense 4 as attack against defense 6 (Stellar Inferno 12.8.5-12.8.6)") and "4:6 reads row 1:2; die 1" in back
    assert (done.state.ship("Phalth").lost, done.state.ship("Dublin").lost, done.state.did("Dublin")) == (1, 1, ("ram",))
    # unhurt, Phalth rams back at 7 against 6: 1:1, a 2 reads 1
    missed = mp.ram(s, SI, "Dublin", "Phalth", RNG, 3, 2)
    assert "6:7 reads row 1:2; die 3, column '3': 0" in text(missed) and "7:6 reads row 1:1; die 2, column '2': 1" in text(missed)
    refused(lambda: mp.ram(done.state, SI, "Dublin", "Phalth", RNG, 1), "Dublin has rammed this turn already")
    refused(lambda: mp.ram(at(phoenix(), "maneuver"), SI, "Phalth", "Dublin", RNG, 1), r"Phalth must be in Dublin's hex to ram it \(Stellar Inferno 12.8.2-12.8.4\)")
    invader = at(setup.place(phoenix(), ["Phalth"], "6/J9").state, "maneuver")
    refused(lambda: mp.ram(invader, SI, "Phalth", "Dublin", RNG, 1), r"Phalth \(maneuver 2\) needs a higher maneuver rating than Dublin \(3\) to ram")
    refused(lambda: mp.ram(s, SI, "Dublin", "Tigris", RNG, 1), "Tigris is the defender's own ship")
    refused(lambda: mp.ram(s, SI, "Dublin", "Phalth", RNG, 1, 9), "9 cannot be rolled on 1d6")
    refused(lambda: mp.ram(at(setup.place(phoenix([]), ["Phalth"], "6/J9").state, "maneuver", "defender"), SI, "Dublin", "Phalth", RNG, 1), "optional rule 12.8 Ramming, not in play")


def test_a_target_destroyed_by_the_ram_does_not_ram_back() -> None:
    s = setup.enter_ship(phoenix(), SI, "Gnat", ["A1 D1 M1 R1"], "SC", "invader").state
    s = at(setup.place(s, ["Gnat"], "6/J9").state, "maneuver", "defender")
    done = mp.ram(s, SI, "Dublin", "Gnat", RNG, 1, 4)  # 6:1 on Table 4, a 1 reads 4
    assert "6:1 reads row 6:1; die 1, column '1': 4" in text(done) and "Gnat is destroyed: no ram back; the ram back's die is not used" in text(done)
    assert len(done.entries) == 1 and done.state.ship("Gnat").destroyed and done.state.ship("Dublin").lost == 0


# -- boarding ---------------------------------------------------------------------------------------------


def boarded() -> Scenario:
    """Leyf, with the Marines (6-3-3) aboard, has declared the boarding of Tigris in 6/J9."""
    s = setup.enter_unit(phoenix(), "Marines", ["6-3-3"], "invader", aboard="Leyf").state
    s = at(setup.place(s, ["Leyf"], "6/J9").state, "maneuver")
    return boarding_phase.declare(s, "Leyf", "Tigris").state


def test_a_boarding_is_declared_by_a_faster_ship_in_the_hex_which_then_does_not_maneuver() -> None:
    s = boarded()
    assert s.boardings[0].boarder == "Leyf" and "Leyf (maneuver 3) declares a boarding of Tigris (maneuver 2) in 6/J9" in s.log[-1].text
    refused(lambda: mp.maneuver(s, "Leyf", 1, RNG), "it attempts to board")
    refused(lambda: boarding_phase.declare(s, "Leyf", "Dublin"), "Leyf has declared a boarding this turn already")
    before = at(setup.place(phoenix(), ["Leyf"], "6/J9").state, "maneuver")
    refused(lambda: boarding_phase.declare(before, "Leyf", "Dublin"), r"Leyf \(maneuver 3\) needs a higher maneuver rating than Dublin \(3\) to board")
    moved = mp.maneuver(before, "Leyf", 1, RNG).state
    refused(lambda: boarding_phase.declare(moved, "Leyf", "Tigris"), "Leyf maneuvered this turn: a ship attempting to board")
    refused(lambda: boarding_phase.declare(at(setup.place(phoenix([]), ["Leyf"], "6/J9").state, "maneuver"), "Leyf", "Tigris"), "optional rule 12.13 Boarding Attack, not in play")


def test_a_boarding_fought_as_ground_combat_captures_the_ship_whose_losses_reach_its_steps() -> None:
    s = at(boarded(), "ground-combat")
    # Leyf 4 and the Marines 6 against Tigris 5: 2:1 on Table 5; all of them outmanoeuvre Tigris
    # (3 against 2): -1; a 1 reads the '0 or less' column: 3/1
    done = boarding_phase.fight(s, SI, "Leyf", RNG, 1)
    assert "attack 4 + 6 = 10 against defense 5 = 5" in text(done) and "10:5 reads row 2:1; die 1 -1 = 0, column '0 or less': 3/1" in text(done)
    s = done.state
    assert s.ground_losses is not None and s.ground_losses.boarding == "Tigris" and "in the boarding of Tigris" in turn.owed(s)[0]
    refused(lambda: ground_phase.absorb(s, "defender", {"Tigris": 2}, 1), "no terrain is surrendered in a boarding combat")
    taken = ground_phase.absorb(s, "defender", {"Tigris": 2})
    assert "Tigris takes 2 step losses, at least its 2 remaining: captured by Khaldarii at its lowest step" in text(taken)
    s = taken.state
    tigris = s.ship("Tigris")
    assert (tigris.side, tigris.captured, tigris.lost, s.counter("Tigris").role) == ("Khaldarii", True, 1, "invader")
    assert ground_phase.absorb(s, "invader", {"Leyf": 1}).state.ship("Leyf").lost == 1  # the ship is a ground unit here (12.13.5)
    s = ground_phase.absorb(s, "invader", {"Marines": 1}).state
    assert s.ground_losses is None and s.unit_where("Marines")[0].destroyed and not s.ship("Leyf").cargo.units  # type: ignore[index]
    refused(lambda: boarding_phase.fight(s, SI, "Leyf", RNG, 1), "fought this turn already")
    refused(lambda: boarding_phase.fight(at(setup.place(phoenix(), ["Leyf"], "6/J9").state, "ground-combat"), SI, "Leyf", RNG, 1), "Leyf declared no boarding this turn")
    refused(lambda: ship_phase.attack(at(at(s, "fleet-movement"), "ship-combat"), SI, [("Tigris", 0)], "6/J9", RNG, 1), "Tigris was captured: captured ships are unable to attack")
    assert at(s, "fleet-movement").boardings == ()


# -- stealth mines ---------------------------------------------------------------------------------------


def mined() -> Scenario:
    """Leyf carries 4 mine points from the start and lays them in 6/J7 in the Landing Actions phase."""
    s = optional_phase.stow(phoenix(), "Leyf", mines=4).state
    s = mines_phase.lay(at(s, "landing"), "Leyf", 3).state
    return mines_phase.lay(s, "Leyf", 1).state


def test_mines_are_carried_from_the_start_and_laid_in_the_ships_hex() -> None:
    s = mined()
    assert [(m.side, m.hex, m.points) for m in s.minefields] == [("Khaldarii", "6/J7", 4)] and s.ship("Leyf").cargo.mines == 0
    assert "Khaldarii mines there 4" in s.log[-1].text
    refused(lambda: optional_phase.stow(turn.next_phase(phoenix()).state, "Leyf", mines=1), "which ships carry mines is determined prior to the start of the scenario")
    refused(lambda: optional_phase.stow(phoenix(), "Leyf", mines=7), "Leyf has cargo 6")
    refused(lambda: optional_phase.stow(phoenix([]), "Leyf", mines=1), "optional rule 12.3 Stealth Mines, not in play")
    refused(lambda: mines_phase.lay(s, "Leyf", 1), "Leyf carries 0 mine points")


def test_mines_strike_on_a_1_the_fastest_ship_first_and_move_with_their_fleet() -> None:
    s = at(mined(), "fleet-movement")
    # Dublin (maneuver 3) is struck before Tigris (2); the points that strike are gone
    done = mines_phase.strike(s, "6/J7", "6/J9", RNG, [1, 3, 1, 6])
    assert "mine point 1: 1: strikes Dublin (maneuver 3), a step loss" in text(done) and "mine point 3: 1: strikes Tigris (maneuver 2), a step loss" in text(done)
    s = done.state
    assert (s.ship("Dublin").lost, s.ship("Tigris").lost, s.minefield("Khaldarii", "6/J7").points) == (1, 1, 2)  # type: ignore[union-attr]
    s = mines_phase.move(s, "6/J7", "6/J9").state
    assert [(m.hex, m.points) for m in s.minefields] == [("6/J9", 2)]
    refused(lambda: mines_phase.strike(s, "6/J7", "6/J9", RNG), r"the invader \(Khaldarii\) has no mines in 6/J7; its minefields: 6/J9 \(2\)")
    refused(lambda: mines_phase.strike(s, "6/J9", "6/J7", RNG), "have made this turn's fleet movement")
    # unescorted, they defend at 1: Dublin (attack 3 now) at range 0, 3:1 on Table 4, a 1 reads 3: both points gone
    combat = at(s, "ship-combat", "defender")
    done = ship_phase.attack(combat, SI, [("Dublin", 0)], "6/J9", RNG, 1)
    assert "against 2 unescorted mine points" in text(done) and "unescorted mines: defense 1 (12.3.9)" in text(done) and "3:1 reads row 3:1; die 1, column '1': 3" in text(done)
    assert "2 mine points eliminated, a point a step loss; 0 left in 6/J9" in text(done) and done.state.minefields == ()


def test_escorted_mines_are_attacked_only_once_their_escorts_are_destroyed() -> None:
    s = setup.place(mined(), ["Phalth"], "6/J8", 2, correction=True).state
    s = s.replaced(s.ship("Leyf")._replace(lost=1))
    s = at(at(s, "fleet-movement"), "ship-combat", "defender")
    # a 6 reads 1: the escort's last step, nothing left over for the mines
    alone = ship_phase.attack(s, SI, [("Dublin", 2), ("Tigris", 2)], "6/J7", RNG, 6)
    assert "4 mine points escorted here: they cannot be attacked until every escorting ship is destroyed" in text(alone)
    assert "Leyf takes 1 step and is destroyed" in text(alone) and "eliminated" not in text(alone) and alone.state.minefield("Khaldarii", "6/J7").points == 4  # type: ignore[union-attr]
    # Dublin 6 and Tigris 4 at 2 hexes, no multiple: 10 against Leyf's reduced 2: 5:1 on Table 4, a 1
    # reads 4: Leyf's last step, and the 3 left over eliminate mine points, one a step (12.3.8)
    done = ship_phase.attack(s, SI, [("Dublin", 2), ("Tigris", 2)], "6/J7", RNG, 1)
    assert "10:2 reads row 5:1; die 1, column '1': 4" in text(done)
    assert "Leyf takes 1 step and is destroyed" in text(done) and "3 mine points eliminated (Stellar Inferno 12.3.8)" in text(done)
    assert done.state.minefield("Khaldarii", "6/J7").points == 1  # type: ignore[union-attr]
    refused(lambda: mines_phase.move(at(phoenix([]), "fleet-movement"), "6/J7", "6/J8"), "optional rule 12.3 Stealth Mines, not in play")


# -- psi agents ------------------------------------------------------------------------------------------


def test_the_highest_psi_agent_aboard_adds_his_rating_to_attack_and_defense_never_more_than_doubling() -> None:
    s = optional_phase.assign_agent(phoenix(), "Zor", "Phalth", 3).state
    assert s.ship("Phalth").psi == 3 and "attack 11 (attack 8 +3 psi" in s.log[-1].text and "defense 10 (defense 7 +3 psi" in s.log[-1].text
    s = optional_phase.assign_agent(s, "Kell", "Phalth", 5).state
    assert s.ship("Phalth").psi == 5
    s = setup.enter_ship(s, SI, "Gnat", ["A1 D1 M1 R1"], "SC", "invader", psi=9).state
    assert [a.name for a in s.agents] == ["Zor", "Kell", "Gnat's psi agent"] and "attack 2 (attack 1 +1 psi" in optional_phase._psi_line(s.ship("Gnat"))
    combat = at(s, "ship-combat")
    assert "Phalth: attack 13 (attack 8 +5 psi (Stellar Inferno 12.7.2-12.7.4))" in text(ship_phase.attack(combat, SI, [("Phalth", 2)], "6/J9", RNG, 6))
    refused(lambda: optional_phase.assign_agent(s, "zor", "Leyf", 2), "a psi agent is called 'zor' already")
    refused(lambda: optional_phase.assign_agent(s, "Ix", "Leyf", 10), "a psi rating is from 1 to 9, not 10")
    refused(lambda: optional_phase.assign_agent(phoenix([]), "Zor", "Phalth", 3), "optional rule 12.7 Psi Specialists, not in play")


def test_an_agent_transfers_between_ships_in_one_hex_that_did_nothing_but_fleet_movement() -> None:
    s = optional_phase.assign_agent(phoenix(), "Zor", "Phalth", 3).state
    s = optional_phase.assign_agent(s, "Kell", "Phalth", 5).state
    landing = at(s, "landing")
    done = optional_phase.transfer_agent(landing, "Kell", "Leyf")
    assert "Kell (psi 5) transfers from Phalth to Leyf in 6/J7" in text(done)
    after = done.state
    assert (after.ship("Phalth").psi, after.ship("Leyf").psi, after.agent("kell").ship) == (3, 5, "Leyf")
    refused(
        lambda: optional_phase.transfer_agent(after, "Zor", "Leyf"),
        r"Phalth \(psi transfer\); Leyf \(psi transfer\): a psi agent transfers only between ships that have performed no action other than fleet movement",
    )
    fought = ship_phase.attack(at(s, "ship-combat"), SI, [("Leyf", 2)], "6/J9", RNG, 6).state
    refused(lambda: optional_phase.transfer_agent(at(fought, "landing"), "Kell", "Leyf"), r"Leyf \(attack\)")
    refused(lambda: optional_phase.transfer_agent(at(setup.place(s, ["Leyf"], "6/J8", 1).state, "landing"), "Kell", "Leyf"), "a psi agent transfers between two ships in the same hex")
    refused(lambda: optional_phase.transfer_agent(at(s, "landing", "defender"), "Kell", "Leyf"), "Kell is the invader's")
    refused(lambda: optional_phase.transfer_agent(s, "Kell", "Leyf"), r"a psi agent's transfer is done in the Landing Actions phase \(5\)")


def test_a_file_from_before_the_agents_were_named_gives_each_ship_with_psi_its_agent() -> None:
    s = optional_phase.assign_agent(phoenix(), "Zor", "Phalth", 3).state
    data = scenario_file.to_dict(s)
    del data["agents"]
    old = scenario_file.from_dict(data)
    assert [(a.name, a.role, a.rating, a.ship) for a in old.agents] == [("Phalth's psi agent", "invader", 3, "Phalth")] and old.ship("Phalth").psi == 3
    data = scenario_file.to_dict(s)
    data["agents"] = []
    refused(lambda: scenario_file.from_dict(data), r"Phalth: psi 3 is not the rating of the highest psi agent aboard \(0")


# -- bombardment packs -----------------------------------------------------------------------------------


def test_bombardment_packs_go_down_from_orbit_fight_as_a_ground_unit_need_no_supply_and_are_spent_with_the_turn() -> None:
    s = optional_phase.stow(phoenix(), "Leyf", packs=2).state
    s = setup.enter_unit(s, "Colonists", ["1-2-1"], "defender", planet=APII).state
    s = setup.place(s, ["Leyf"], "6/J9").state
    landing = at(s, "landing")
    done = optional_phase.deploy_packs(landing, "Leyf", APII, 2)
    assert "Leyf deploys 2 bombardment pack points on Alpha Phoenicis II from orbit: Leyf pack, a temporary ground unit of attack 2 and defense 2" in text(done)
    s = done.state
    assert s.troop("Leyf pack").unit.pack and s.troop("Leyf pack").planet == APII and s.ship("Leyf").cargo.packs == 0
    refused(lambda: ground_phase.supply(at(s, "supply"), APII), r"the invader \(Khaldarii\) has no ground unit on Alpha Phoenicis II")
    # 2 against 2: 1:1 on Table 5; a pack has no maneuver rating, no modifier; a 1 reads 1/0
    fought = ground_phase.ground_attack(at(s, "ground-combat"), SI, APII, ["Leyf pack"], ["Colonists"], RNG, 1)
    assert "2:2 reads row 1:1; die 1, column '1': 1/0" in text(fought) and "Colonists (a bombardment pack is in the combat, Stellar Inferno 12.11.4) may not withdraw" in text(fought)
    spent = at(ground_phase.absorb(fought.state, "defender", {"Colonists": 1}).state, "fleet-movement")
    assert spent.troop("Leyf pack").unit.destroyed and "the bombardment packs deployed are expended and removed from the game: Leyf pack" in spent.log[-3].text
    landed = landing._replace(ships=tuple(x._replace(atmosphere=True) if x.name == "Leyf" else x for x in landing.ships))
    refused(lambda: optional_phase.deploy_packs(landed, "Leyf", APII, 1), "deployed only from a ship in orbit above the planet; Leyf is in the atmosphere")
    refused(lambda: optional_phase.deploy_packs(at(setup.place(s, ["Leyf"], "6/J8", 1, correction=True).state, "landing"), "Leyf", APII, 1), "Leyf is not in orbit|carries 0 bombardment pack points")
    refused(lambda: optional_phase.stow(phoenix([]), "Leyf", packs=1), "optional rule 12.11 Tactical Bombardment, not in play")


# -- every new step refused when its rule is not played, changing nothing ---------------------------------


@pytest.mark.parametrize(
    ("phase", "role", "call", "rule"),
    [
        ("maneuver", "invader", lambda s: mp.sweep(s, SI, [("Leyf", 2)], "6/J9", RNG, 1), "12.6 Sensors"),
        ("maneuver", "defender", lambda s: mp.ram(s, SI, "Dublin", "Phalth", RNG, 1), "12.8 Ramming"),
        ("maneuver", "defender", lambda s: boarding_phase.declare(s, "Dublin", "Phalth"), "12.13 Boarding Attack"),
        ("ground-combat", "invader", lambda s: boarding_phase.fight(s, SI, "Leyf", RNG, 1), "12.13 Boarding Attack"),
        ("landing", "invader", lambda s: mines_phase.lay(s, "Leyf", 1), "12.3 Stealth Mines"),
        ("fleet-movement", "invader", lambda s: mines_phase.strike(s, "6/J7", "6/J9", RNG), "12.3 Stealth Mines"),
        ("landing", "invader", lambda s: optional_phase.transfer_agent(s, "Zor", "Leyf"), "12.7 Psi Specialists"),
        ("landing", "invader", lambda s: optional_phase.deploy_packs(s, "Leyf", APII, 1), "12.11 Tactical Bombardment"),
        ("maneuver", "invader", lambda s: mp.maneuver(s, "Leyf", 1, RNG, overload=True), "12.4 Overloading Engines"),
    ],
)
def test_each_step_is_refused_when_its_optional_rule_is_not_played(phase: str, role: str, call: object, rule: str) -> None:
    s = at(setup.place(phoenix([]), ["Phalth"], "6/J9").state, phase, role)
    before = scenario_file.text(s)
    with pytest.raises(RefereeError, match=f"is the optional rule {rule}, not in play in this game"):
        call(s)  # type: ignore[operator]
    assert scenario_file.text(s) == before
