"""Stellar Inferno's movement ([6]) as the independent reader worked it from the book
(docs/readings/stellar-inferno-cases.md, I014-I023). Each test names its case and quotes the book's
sentence; the outcome asserted is the reader's, or what the program does where the map is the
referee's (the hexes counted, the edges and the axis are on the printed map)."""

import random

import attrs
import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import maneuver_phase, movement, setup, ship_phase, turn
from tests.helpers.si import SI, at, phoenix

RNG = random.Random(3)


def test_i014_no_stacking_limit_even_in_an_enemy_hex():
    """I014 [6.1.1]: "There is no limit to the number of ships that can occupy or pass through a hex".
    All four ships of both sides in 6/J9 at once: allowed."""
    s = at(phoenix(), "maneuver")
    s = setup.place(s, ["Phalth", "Leyf"], "6/J9").state
    assert {x.name for x in s.ships if x.hex == "6/J9"} == {"Dublin", "Tigris", "Phalth", "Leyf"}


def test_i016_fleet_movement_moves_every_ship_by_the_velocity_along_the_axis():
    """I016 [6.2.2]: "advance every ship marker a number of hexes on the combat map in parallel with
    the central axis. The number of hexes moved is equal to the fleet velocity rating". The Khaldarii
    (+2) move 2; the phase says so as it begins (the hexes are the referee's, on the map)."""
    assert movement.fleet_move(2, False)[0] == 2
    s = turn.next_phase(at(phoenix(), "victory", "defender")).state
    assert "every ship not in orbit moves +2 hexes parallel to the central axis, positive toward the defender" in s.log[-1].text


def test_i017_velocity_zero_moves_nothing_and_negative_moves_back():
    """I017 [6.2.2]: "with positive values being toward the defender". +0: no ship moves; -1: one hex
    away from the defender."""
    assert movement.fleet_move(0, False)[0] == 0
    assert movement.fleet_move(-1, False) == (-1, "-1 hexes parallel to the central axis (Stellar Inferno 6.2.2-6.2.4)")


def test_i018_a_ship_in_a_planet_or_star_hex_need_not_fleet_move():
    """I018 [6.2.3]: "Ships that occupy a hex containing a planet or star marker are considered in
    orbit, and are not required to perform fleet movement." In orbit: 0 hexes, and why."""
    assert movement.fleet_move(2, True) == (0, "in orbit: not required to perform fleet movement (Stellar Inferno 6.2.3)")


def test_i019_the_velocity_changes_by_one_after_the_move_and_the_move_is_then_done():
    """I019 [6.2.4]: "Once a player has completed fleet movement, the fleet velocity can be adjusted by
    one in either direction." (b) +2 to +4 is refused; (c) +2 to +1 is allowed, and once adjusted the
    fleet movement is completed: (a) moving the fleet after the adjustment is refused."""
    s = at(phoenix(), "fleet-movement")
    with pytest.raises(RefereeError, match="adjusted by one, to 1, 2 or 3, not 4"):
        turn.velocity(s, 4)
    slowed = turn.velocity(s, 1).state
    assert slowed.invader.velocity == 1
    with pytest.raises(RefereeError, match="its fleet movement is completed"):
        setup.place(slowed, ["Phalth"], "6/J9")
    assert setup.place(s, ["Phalth"], "6/J9").state.ship("Phalth").hex == "6/J9"


def test_i020_reinforcements_are_placed_in_phase_2_and_not_delayed():
    """I020 [6.3.1][6.3.2]: "When ships arrive during the reinforcement phase, they are placed in a
    hex adjacent to the designated map edge ... ship arrival can not be delayed." The phase names the
    edge (the hex is the referee's, on the map); a ship due on turn 3 placed on turn 4 is refused."""
    s = setup.enter_ship(phoenix(), SI, "Muhr Muhr", ["A0 D4 M2 R0"]).state
    s = at(attrs.evolve(s, turn=3), "reinforcements")
    assert "placed in a hex adjacent to the left map edge (6.3.1); arrival cannot be delayed (6.3.2)" in s.log[-1].text
    assert setup.place(s, ["Muhr Muhr"], "6/A1", 3).state.ship("Muhr Muhr").hex == "6/A1"
    late = attrs.evolve(s, turn=4)
    with pytest.raises(RefereeError, match=r"Muhr Muhr arrives on turn 3, .*: its arrival cannot be delayed \(6.3.2\); it is turn 4"):
        setup.place(late, ["Muhr Muhr"], "6/A1", 3)


def test_i021_a_maneuver_of_up_to_the_maneuver_rating():
    """I021 [6.4.1]: "The maneuver rating determines the number of hexes in any direction that an
    individual ship can maneuver each turn." Dublin (M 3): 3 hexes allowed, 4 refused (the path's
    contiguity is the referee's, on the map)."""
    s = at(phoenix(), "maneuver", "defender")
    with pytest.raises(RefereeError, match="maneuvers 1 to 3 hexes"):
        maneuver_phase.maneuver(s, "Dublin", 4, RNG, to="6/J5", core=1)
    moved = maneuver_phase.maneuver(s, "Dublin", 3, RNG, to="6/J6", core=1).state
    assert moved.ship("Dublin").hex == "6/J6"
    with pytest.raises(RefereeError, match="maneuvered this turn already"):
        maneuver_phase.maneuver(moved, "Dublin", 1, RNG)


def test_i023_loading_or_being_loaded_costs_the_turn_s_maneuver():
    """I023 [6.5.2][6.5.3]: "Ships loading or unloading cargo are unable to perform a maneuver during
    the current turn. Ships loaded or unloaded as cargo are unable to perform a maneuver". Leyf (C6)
    takes the fighter Gnat aboard: neither maneuvers; next turn Leyf unloads it, and neither
    maneuvers again; Gnat may still attack in Ship Combat."""
    s = setup.enter_ship(phoenix(), SI, "Gnat", ["A2 D2 M4 R1"], code="F", side="invader", cost=10).state
    s = setup.place(s, ["Gnat"], "6/J7").state
    s = ship_phase.load_ship(at(s, "maneuver"), "Leyf", ["Gnat"]).state
    with pytest.raises(RefereeError, match="it loads or unloads cargo this turn"):
        maneuver_phase.maneuver(s, "Leyf", 1, RNG)
    s = at(turn.next_phase(at(s, "victory", "defender")).state, "maneuver")
    s = ship_phase.unload_ship(s, "Leyf", ["Gnat"]).state
    for name, why in (("Leyf", "it loads or unloads cargo this turn"), ("Gnat", "it is loaded or unloaded as cargo this turn")):
        with pytest.raises(RefereeError, match=why):
            maneuver_phase.maneuver(s, name, 1, RNG)
    fired = ship_phase.attack(at(s, "ship-combat"), SI, [("Gnat", 1)], "6/J9", RNG, 6)
    assert "Gnat" in fired.entries[0].text
