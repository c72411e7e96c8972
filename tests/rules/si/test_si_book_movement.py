"""Stellar Inferno's movement ([6]) as the independent reader worked it from the book
(docs/readings/stellar-inferno-cases.md, I014-I023). Each test names its case and quotes the book's
sentence; the outcome asserted is the reader's, or what the program does where the map is the
referee's (the hexes counted, the edges and the axis are on the printed map)."""

import random

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import maneuver_phase, movement, report, scenario_file, setup, ship_phase, sides, turn
from referee.stellar_inferno.scenario import Scenario
from referee.tui.si import actions, cards
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
    s = at(s._replace(turn=3), "reinforcements")
    assert "placed in a hex adjacent to the left map edge (6.3.1); arrival cannot be delayed (6.3.2)" in s.log[-1].text
    assert setup.place(s, ["Muhr Muhr"], "6/A1", 3).state.ship("Muhr Muhr").hex == "6/A1"
    late = s._replace(turn=4)
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


LEAVES = "[6.4.3] If a ship leaves the map for any reason, it is considered removed from the game"


def _with_worurk() -> Scenario:
    """Phoenix Command with the Khaldarii FF Worurk (A2 D2 M3) set up with Phalth and Leyf in 6/J7."""
    s = setup.enter_ship(phoenix(), SI, "Worurk", ["A2 D2 M3 R2"]).state
    return setup.place(s, ["Worurk"], "6/J7").state


def test_i022_a_ship_leaving_the_map_is_removed_from_the_game_without_victory_points():
    """I022 [6.4.3]: "If a ship leaves the map for any reason, it is considered removed from the game.
    However, neither the Invading player nor the Defender receive any victory points for ships which
    leave in this manner, unless called for by the scenario." Khaldarii velocity +2; Worurk, a hex from
    the Terran edge, is carried off by fleet movement on turn 2 (the edge is the referee's, on the
    map): removed from the game, not destroyed, the tally and the verdict as before; the status, the
    app's Fleets list and the players' view (the log, read by the Terran) say it left the map; it
    does not come back."""
    s = at(turn.next_phase(at(_with_worurk(), "victory", "defender")).state, "fleet-movement")
    assert (s.turn, s.invader.velocity) == (2, 2)
    left = maneuver_phase.leave(s, "Worurk")
    worurk = left.state.ship("Worurk")
    assert (worurk.left_map, worurk.gone, worurk.destroyed, worurk.hex) == (2, True, False, "")
    assert left.entries[0].text == ("Worurk leaves the map from 6/J7: it is removed from the game, not destroyed; neither side receives victory points for it (the scenario's victory counts no ships)")
    assert left.entries[0].rule == "Stellar Inferno 6.4.3"
    assert [x.name for x in left.state.ships if x.hex == "6/J7"] == ["Phalth", "Leyf"]
    assert turn.tally(left.state) == turn.tally(s) and turn.judge(left.state, final=True) == turn.judge(s, final=True)
    assert "  Worurk (FF 7241): left the map on turn 2, removed from the game" in report.lines(left.state)
    assert cards.status(left.state, worurk, "") == "left the map"
    seen = sides.view(left.state, "Terran").lines[-1]
    assert not seen.sealed and seen.line.text.startswith("Worurk leaves the map from 6/J7")
    with pytest.raises(RefereeError, match=r"Worurk left the map on turn 2: it is removed from the game \(Stellar Inferno 6.4.3\)"):
        maneuver_phase.leave(left.state, "Worurk")
    with pytest.raises(RefereeError, match=r"Worurk left the map on turn 2: it is removed from the game and does not come back"):
        setup.place(left.state, ["Worurk"], "6/J7", correction=True)


def test_a_ship_that_left_the_map_does_not_defend_in_its_old_stack_nor_is_a_target():
    """[6.4.3] "considered removed from the game": Tigris leaves 6/J9 by its maneuver in the Terran
    Individual Ship Maneuver phase; the Khaldarii attack on 6/J9 meets Dublin alone (D6: with Tigris
    there, the stack put Tigris, D5, first); once Dublin has left too, 6/J9 is no target, for the
    rules nor in the app's list, and a ship that left takes no step loss."""
    s = maneuver_phase.leave(at(phoenix(), "maneuver", "defender"), "Tigris").state
    assert s.did("Tigris") == ("maneuver",)
    combat = at(s, "ship-combat")
    assert actions.targets(combat, {}) == [("6/J9: Dublin", "6/J9")]
    fired = ship_phase.attack(combat, SI, [("Phalth", 2)], "6/J9", RNG, 6).entries[0].text
    assert "attack 8 against defense 1 ship 1 hex from the core: 1 must be below the stack, 1 combines: Dublin 6 = 6" in fired
    both = maneuver_phase.leave(s, "Dublin").state
    combat = at(both, "ship-combat")
    assert actions.targets(combat, {}) == []
    with pytest.raises(RefereeError, match="no Terran ship is placed in 6/J9"):
        ship_phase.attack(combat, SI, [("Phalth", 2)], "6/J9", RNG, 6)
    with pytest.raises(RefereeError, match=r"Tigris left the map on turn 1: it is removed from the game"):
        ship_phase.recover(at(both, "recovery", "defender"), "Tigris", RNG)


def test_a_ship_leaving_the_map_takes_its_cargo_and_counts_as_no_loss():
    """[6.4.3]: Leyf (C6) carrying the fighter Gnat leaves the map in the Khaldarii maneuver: Gnat goes
    with it, removed, neither destroyed; Gnat leaves only with its carrier; the status data and the
    scenario's verdict count no ship destroyed."""
    s = setup.enter_ship(phoenix(), SI, "Gnat", ["A2 D2 M4 R1"], code="F", side="invader", cost=10).state
    s = setup.place(s, ["Gnat"], "6/J7").state
    s = ship_phase.load_ship(at(s, "maneuver"), "Leyf", ["Gnat"]).state
    with pytest.raises(RefereeError, match=r"Gnat is aboard Leyf as cargo: it leaves the map only with its carrier \(referee si leave Leyf\)"):
        maneuver_phase.leave(s, "Gnat")
    with pytest.raises(RefereeError, match="Leyf cannot maneuver this turn: it loads or unloads cargo this turn"):
        maneuver_phase.leave(s, "Leyf")
    s = at(turn.next_phase(at(s, "victory", "defender")).state, "maneuver")
    left = maneuver_phase.leave(s, "Leyf")
    assert "its cargo goes with it: Gnat (1)" in left.entries[0].text
    gone = {x.name: (x.left_map, x.destroyed) for x, _ in left.state.all_ships() if x.name in ("Leyf", "Gnat")}
    assert gone == {"Leyf": (2, False), "Gnat": (2, False)}
    data = {c["name"]: c for c in report.as_data(left.state)["counters"]}
    assert (data["Leyf"]["destroyed"], data["Leyf"]["left_map"], data["Gnat"]["destroyed"]) == (False, 2, False)
    assert turn.judge(left.state, final=True) == turn.judge(s, final=True)


def test_leaving_the_map_is_a_move_of_the_ship_s_side_in_phases_1_and_3():
    """[6.4.3] with [4]: a ship leaves by moving, so in its side's Fleet Movement (not at velocity 0,
    not once the velocity is adjusted, 6.2.4) or Individual Ship Maneuver phase; --correction records
    it outside them, logged as a correction. A ship not on the map, destroyed, or in an atmosphere
    is refused, saying why."""
    s = at(phoenix(), "ship-combat")
    with pytest.raises(
        RefereeError,
        match=r"Phalth is the invader's and moves, and so leaves the map, only in the invader's Fleet Movement \(1\) or Individual Ship Maneuver \(3\) phase; it is now turn 1 of 16, Ship Combat",
    ):
        maneuver_phase.leave(s, "Phalth")
    corrected = maneuver_phase.leave(s, "Phalth", correction=True)
    assert corrected.entries[0].text.startswith("the referee corrects the record, not a move (Stellar Inferno [4] Turn Sequence): Phalth leaves the map from 6/J7")
    turn_2 = at(turn.next_phase(at(phoenix(), "victory", "defender")).state, "fleet-movement")
    with pytest.raises(RefereeError, match="the defender's fleet velocity is 0: fleet movement moves no ship"):
        maneuver_phase.leave(at(turn_2, "fleet-movement", "defender"), "Dublin")
    adjusted = turn.velocity(turn_2, 1).state
    with pytest.raises(RefereeError, match="its fleet movement is completed"):
        maneuver_phase.leave(adjusted, "Phalth")
    s = setup.enter_ship(phoenix(), SI, "Muhr Muhr", ["A0 D4 M2 R0"]).state
    with pytest.raises(RefereeError, match=r"Muhr Muhr is not on the map: no hex is recorded for it"):
        maneuver_phase.leave(at(s, "maneuver"), "Muhr Muhr")
    dead = at(s, "maneuver")
    dead = dead.replaced(dead.ship("Phalth")._replace(lost=2))
    with pytest.raises(RefereeError, match="Phalth is destroyed"):
        maneuver_phase.leave(dead, "Phalth")


def test_a_ship_that_left_the_map_is_kept_in_the_file_and_a_bad_record_refused():
    """[6.4.3]: the turn a ship left is kept in the scenario file and read back; a file without it
    (before it) loads with every ship in the game; a hand-edited value out of range, or a ship that
    left the map yet has a hex, is refused naming it."""
    s = maneuver_phase.leave(at(phoenix(), "maneuver", "defender"), "Tigris").state
    data = scenario_file.to_dict(s)
    assert scenario_file.from_dict(data) == s
    assert [x.get("left_map") for x in data["ships"]] == [None, 1, None, None]
    old = scenario_file.to_dict(at(phoenix(), "maneuver"))
    assert not any(x.gone for x in scenario_file.from_dict(old).ships)
    for value, hex_, message in (
        (-1, "", "left_map"),
        (3, "", r"Tigris: left_map is the turn it left the map, 1 to the turn now \(1\), not 3"),
        (1, "6/J9", r"Tigris: a ship that left the map \(left_map = 1\) is neither destroyed nor on the map \(hex = '6/J9'"),
    ):
        bad = scenario_file.to_dict(s)
        bad["ships"][1] = {**bad["ships"][1], "left_map": value, **({"hex": hex_} if hex_ else {})}
        with pytest.raises(RefereeError, match=message):
            scenario_file.from_dict(bad)


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


def test_the_app_s_leave_map_form_lists_the_ships_in_hexes_and_records_the_leaving():
    """[6.4.3] in the app (Fleets, d, no Textual needed): the ships offered are those in a hex, the
    phasing side's first; the form's step is the rules' leave, its correction field too; the Fleets
    row keeps the ship, its factors blanked, marked left the map."""
    form = next(a for a in actions.FLEETS if a.key == "d")
    s = at(phoenix(), "maneuver", "defender")
    assert [name for _, name in actions.leaving(s, {})] == ["Dublin", "Tigris", "Phalth", "Leyf"]
    after = form.build({"ship": "Tigris"}, s, SI)(RNG, {}).state
    assert actions.leaving(after, {})[0][1] == "Dublin" and after.ship("Tigris").left_map == 1
    assert cards.ship_row(after, after.ship("Tigris"), "") == ("Tigris", "Def", "-", "", "2/2", "left the map")
    with pytest.raises(RefereeError, match="only in the invader's Fleet Movement"):
        form.build({"ship": "Phalth"}, s, SI)(RNG, {})
    assert form.build({"ship": "Phalth", "correction": "yes"}, s, SI)(RNG, {}).state.ship("Phalth").left_map == 1


def test_a_ship_that_loaded_cargo_is_not_moved_by_a_place_in_the_maneuver_phase():
    """[6.5.2] "A ship which loads or unloads cargo ... may not perform individual ship maneuver
    during that turn": recording a move of it in the Individual Ship Maneuver phase (si place) is
    refused as si maneuver and si leave refuse it; the referee's correction of the record is not."""
    s = setup.enter_ship(phoenix(), SI, "Tender", ["A2 C10 D4 M2 P1 R2"], code="CV", side="invader").state
    s = setup.enter_ship(s, SI, "Dart", ["A2 D2 M5 P1 R2"], code="FF", side="invader").state
    s = setup.place(s, ["Tender", "Dart"], "6/J7", 2).state
    s = ship_phase.load_ship(at(s, "maneuver"), "Tender", ["Dart"]).state
    with pytest.raises(RefereeError, match="Tender cannot maneuver this turn"):
        setup.place(s, ["Tender"], "6/J8", 1)
    assert setup.place(s, ["Tender"], "6/J8", 1, correction=True).state.ship("Tender").hex == "6/J8"
