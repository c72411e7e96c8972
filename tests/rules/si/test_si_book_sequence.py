"""Stellar Inferno's sequence of play ([4]) as the independent reader worked it from the book
(docs/readings/stellar-inferno-cases.md): the nine phases in their order, the Invader's part of each
phase before the Defender's, and actions refused outside their phase. Each test names its case and
quotes the book's sentence; the outcome asserted is the reader's."""

import random

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import ground_phase, maneuver_phase, setup, ship_phase, turn
from referee.stellar_inferno.scenario import PHASES
from tests.helpers.si import SI, at, phoenix

RNG = random.Random(5)


def test_i001_the_nine_phases_and_their_order():
    """I001 [4]: "1. Fleet Movement 2. Reinforcements Arrive 3. Individual Ship Maneuver 4. Ship
    Combat 5. Landing Actions 6. Ground Supply 7. Ground Combat 8. Ship Damage Recovery 9. Check
    Victory Conditions"."""
    assert [title for _, title in PHASES] == [
        "Fleet Movement",
        "Reinforcements Arrive",
        "Individual Ship Maneuver",
        "Ship Combat",
        "Landing Actions",
        "Ground Supply",
        "Ground Combat",
        "Ship Damage Recovery",
        "Check Victory Conditions",
    ]


def test_i001_a_reinforcement_is_placed_in_phase_2_not_in_fleet_movement():
    """I001 [4][6.3.1]: HF Mef, due on turn 3, "makes no fleet movement on turn 3. It is placed in
    phase 2." Placing it in the Fleet Movement phase is refused; in the Khaldarii's Reinforcements
    Arrive phase it is placed."""
    s = setup.enter_ship(phoenix(), SI, "Muhr Muhr", ["A0 D4 M2 R0"]).state
    s = at(s._replace(turn=3), "fleet-movement")
    with pytest.raises(RefereeError, match=r"placed in the invader's part of that turn's Reinforcements Arrive phase \(2\) .*it is turn 3 of 16, Fleet Movement \(1\)"):
        setup.place(s, ["Muhr Muhr"], "6/A1", 3)
    s = turn.next_phase(s).state
    with pytest.raises(RefereeError, match=r"Reinforcements Arrive phase \(2\) .*it is turn 3 of 16, Fleet Movement \(1\), Terran"):  # the Terran half of phase 1
        setup.place(s, ["Muhr Muhr"], "6/A1", 3)
    placed = setup.place(at(s, "reinforcements"), ["Muhr Muhr"], "6/A1", 3)
    assert placed.state.ship("Muhr Muhr").hex == "6/A1" and placed.state.moved("Muhr Muhr")


def test_i001_a_ship_on_the_map_is_not_moved_in_ship_combat_but_the_referee_may_correct_the_record():
    """I001 [4]: "The sequence is completed a phase at a time": ships move in Fleet Movement (1) and
    Individual Ship Maneuver (3). Setting Dublin in another hex, or re-rating its hex's distance from
    the core, in Ship Combat is refused; the referee's correction is allowed and logged as such."""
    s = at(phoenix(), "ship-combat", "defender")
    for where, core in (("6/J8", 1), ("6/J9", 3)):
        with pytest.raises(RefereeError, match=r"Fleet Movement \(1\) or Individual Ship Maneuver \(3\)|does not change outside the movement phases"):
            setup.place(s, ["Dublin"], where, core)
    fixed = setup.place(s, ["Dublin"], "6/J9", 3, correction=True)
    assert fixed.state.ship("Tigris").core_distance == 3 and "the referee corrects the map record, not a move" in fixed.entries[0].text
    assert not fixed.state.moved("Dublin")
    moved = setup.place(at(phoenix(), "maneuver", "defender"), ["Dublin"], "6/J8", 1)
    assert moved.state.ship("Dublin").hex == "6/J8" and moved.state.moved("Dublin")


def test_i002_the_invader_completes_each_phase_then_the_defender():
    """I002 [4]: "with the Invading player completing all their actions for a phase, followed by the
    Defending player." Every phase is the Khaldarii's (Invader) and then the TDF's, in the order of [4]."""
    s = phoenix()
    assert (s.turn, s.phase, s.phasing, s.side("invader")) == (1, "fleet-movement", "invader", "Khaldarii")
    seen = []
    for _ in range(18):
        seen.append((s.phase, s.phasing))
        s = turn.next_phase(s).state
    assert seen == [(key, role) for key, _ in PHASES for role in ("invader", "defender")]
    assert (s.turn, s.phase, s.phasing) == (2, "fleet-movement", "invader")


def test_i003_no_return_fire_in_the_opponents_half():
    """I003 [4]: "The player currently executing their actions for the phase is referred to as the
    phasing player." While the Khaldarii are phasing, the TDF cannot attack; it attacks in its own half."""
    s = at(phoenix(), "ship-combat", "invader")
    with pytest.raises(RefereeError, match="phasing"):
        ship_phase.attack(s, SI, [("Dublin", 2)], "6/J7", RNG, 3)


def test_i004_the_final_turn_ends_the_game_and_the_one_before_does_not():
    """I004 [4]: "At the end of the turn sequence, the turn marker is advanced one box on the
    track." Scenario 1: "Total turns: 16": after turn 15 the marker goes to 16; after turn 16 the game
    ends (there is no turn 17)."""

    s = at(phoenix(), "victory", "defender")._replace(turn=15)
    s = turn.next_phase(s).state
    assert (s.turn, s.phase, s.outcome) == (16, "fleet-movement", "")
    s = at(s, "victory", "defender")._replace(turn=16)
    s = turn.next_phase(s).state
    assert s.outcome
    with pytest.raises(RefereeError, match="over"):
        turn.next_phase(s)


def test_i005_entering_an_atmosphere_in_the_maneuver_phase_is_refused():
    """I005 [8.1.3]: "Ships can either enter or leave a planetary atmosphere during the Landing
    Actions phase." Not in phase 3."""
    s = at(phoenix(), "maneuver", "invader")
    with pytest.raises(RefereeError, match="Landing Actions"):
        ground_phase.land(s, "Phalth", "Alpha Phoenicis II")


def test_i006_loading_cargo_in_ship_combat_is_refused():
    """I006 [6.5.1]: "Cargo can only be loaded or unloaded during the Individual Ship Maneuver phase."
    Loading in phase 4 is refused."""
    s = at(phoenix(), "ship-combat", "defender")
    with pytest.raises(RefereeError, match="Individual Ship Maneuver"):
        ship_phase.load_ship(s, "Dublin", ["Tigris"])


@pytest.mark.parametrize("phase", ["ship-combat", "ground-combat"])
def test_i007_repair_outside_damage_recovery_is_refused(phase):
    """I007 [7.5.1]: "an attempt can be made to repair some or all of the damage during the Damage
    Recovery phase." Repair dice in phase 4 or phase 7 are refused."""
    s = at(phoenix(), phase, "defender")
    with pytest.raises(RefereeError, match="Ship Damage Recovery"):
        ship_phase.recover(s, "Dublin", RNG, [(2, 3)])


def test_i008_ground_supply_is_phase_6_before_ground_combat_and_not_after():
    """I008 [4][9.1.3]: phases "6. Ground Supply 7. Ground Combat"; "Each ground unit requires a point
    of supply at the beginning of combat". Supply cannot be provided once phase 7 has begun."""
    keys = [key for key, _ in PHASES]
    assert keys.index("supply") + 1 == keys.index("ground-combat")
    s = at(phoenix(), "ground-combat", "invader")
    with pytest.raises(RefereeError, match="Ground Supply"):
        ground_phase.supply(s, "Alpha Phoenicis II")


def test_i163_a_sensor_sweep_in_fleet_movement_is_refused():
    """I163 [12.6.2]: "perform a sensor sweep of the hex during the maneuver phase." A sweep in phase 1
    is refused."""
    s = at(phoenix(), "fleet-movement", "defender")
    with pytest.raises(RefereeError, match="Individual Ship Maneuver"):
        maneuver_phase.sweep(s, SI, [("Dublin", 2)], "6/J7", RNG, 3)


def test_a_counter_not_yet_on_the_map_does_not_act():
    """[4][6.3.1][7.4.1]: "When ships arrive during the reinforcement phase, they are placed in a hex
    ... Once on the map, they can be moved normally." A ship due on turn 3 does not attack on turn 1,
    nor on turn 3 before it is placed; a ground unit aboard a ship does not fight on the surface."""
    s = setup.enter_ship(phoenix(), SI, "Muhr Muhr", ["A2 C10 D4 M2 R2"]).state
    s = setup.enter_unit(s, "7th", ["4-3-2"]).state  # aboard Muhr Muhr, as the scenario lists it
    s = setup.enter_unit(s, "Colonists", ["2-3-1"], "defender", planet="Alpha Phoenicis II").state
    with pytest.raises(RefereeError, match="Muhr Muhr arrives on turn 3; it is turn 1"):
        ship_phase.attack(at(s, "ship-combat"), SI, [("Muhr Muhr", 1)], "6/J9", RNG, 1)
    due = at(s._replace(turn=3), "ship-combat")
    with pytest.raises(RefereeError, match="Muhr Muhr is not on the map yet"):
        ship_phase.attack(due, SI, [("Muhr Muhr", 1)], "6/J9", RNG, 1)
    with pytest.raises(RefereeError, match="7th"):
        ground_phase.ground_attack(at(s, "ground-combat"), SI, "Alpha Phoenicis II", ["7th"], ["Colonists"], RNG, 1)
