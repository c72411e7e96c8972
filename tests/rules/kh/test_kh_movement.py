"""A ship's move as the referee records it (Movement: Speed, Acceleration and Deceleration, Turning;
Evasive Maneuvers; Masking Screen; Navigation Hit; Hull Hits), and a ship leaving the map (Moving Off
The Map): out of the battle wherever a ship is picked, its fighters with it, kept in the battle file."""

from __future__ import annotations

import random
from typing import Any

import pytest

from referee import tables
from referee.errors import RefereeError
from referee.knight_hawks import battle_file
from referee.knight_hawks.attack import Rolled
from referee.knight_hawks.battle import Battle, DockedTurns, Escape, advance
from referee.knight_hawks.combat_phase import Report, hit_in_battle, launch_icms, shoot
from referee.knight_hawks.movement import dock, leave_map, masking_screen, move, navigation, navigation_due
from referee.knight_hawks.ordnance import lay_mines, mines_attack, move_seeker, place_seeker
from referee.knight_hawks.repair import Repair, repair_in_battle
from tests.helpers.kh import moving_fleet

KH = tables.load(prefix="kh")
RNG = random.Random(0)


def changed(battle: Battle, name: str, **values: Any) -> Battle:
    return battle.with_ships([battle.ship(name)._replace(**values)])


# -- Speed; Acceleration and Deceleration ---------------------------------------------------------


def test_the_books_example_speed_5_and_adf_2_moves_3_to_7_hexes() -> None:
    """Acceleration and Deceleration, EXAMPLE: 'If its ADF is 2 ... This turn, the ship can move 3, 4,
    5, 6 or 7 hexes. The player decides he wants the ship to move 6 hexes'."""
    battle = moving_fleet()
    done = move(battle, RNG, "Perdition", 6, 1, 0)
    assert done.battle.ship("Perdition").speed == 6 and done.battle.moved == {"Perdition"}
    assert done.entries[0].text == "the Perdition moves 6 hexes: speed 5 -> 6 (1 ADF point of 2), 0 turns (0 of MR 1)"
    assert done.entries[0].rule == "Knight Hawks Tactical Operations Manual, Basic Game: Movement (Speed; Acceleration and Deceleration)"
    for speed in (3, 4, 5, 7):
        assert move(battle, RNG, "Perdition", speed, abs(speed - 5), 0).battle.ship("Perdition").speed == speed
    with pytest.raises(RefereeError, match=r"had speed 5 and has ADF 2 \(of 2\): it can move 3 to 7 hexes this turn, not 8"):
        move(battle, RNG, "Perdition", 8, 3, 0)


def test_the_adf_points_used_are_the_change_of_speed() -> None:
    with pytest.raises(RefereeError, match="from speed 5 to 6 the Perdition uses 1 ADF point: each hex added to or subtracted from its speed is one .*ADF points used: 1, not 2"):
        move(moving_fleet(), RNG, "Perdition", 6, 2, 0)
    with pytest.raises(RefereeError, match="ADF points used: 0, not 1"):
        move(moving_fleet(), RNG, "Perdition", 5, 1, 0)


def test_stopping_only_from_a_speed_no_more_than_the_adf() -> None:
    """STOPPING: 'only if its speed during the previous turn was equal to or less than its ADF'."""
    with pytest.raises(RefereeError, match="it can move 3 to 7 hexes this turn, not 0; it can stop only from a speed no more than its ADF"):
        move(moving_fleet(), RNG, "Perdition", 0, 5, 0)
    battle = changed(moving_fleet(), "Venomous", speed=3)
    done = move(battle, RNG, "Venomous", 0, 3, 0)
    assert "stops: speed 3 -> 0 (3 ADF points of 3); a ship does not move at all on the turn it stops" in done.entries[0].text


def test_a_ship_that_lost_its_adf_cannot_change_speed_but_can_turn() -> None:
    """Drive Hit: 'A ship that loses its entire ADF can turn, but it cannot accelerate or decelerate'."""
    battle = changed(moving_fleet(), "Perdition", adf=0)
    with pytest.raises(RefereeError, match=r"has ADF 0 \(of 2\): it can move 5 to 5 hexes"):
        move(battle, RNG, "Perdition", 6, 1, 0)
    assert move(battle, RNG, "Perdition", 5, 0, 1).battle.ship("Perdition").speed == 5


# -- Turning ---------------------------------------------------------------------------------------


def test_turns_at_most_the_mr_and_once_in_each_hex_entered() -> None:
    with pytest.raises(RefereeError, match=r"has MR 1 \(of 1\): it can turn at most 1 times in its move, not 2"):
        move(moving_fleet(), RNG, "Perdition", 5, 0, 2)
    battle = changed(moving_fleet(), "Venomous", speed=1)
    with pytest.raises(RefereeError, match="moves 2 hexes: it turns at most once in each hex it enters, so at most 2 times, not 3"):
        move(battle, RNG, "Venomous", 2, 1, 3)
    with pytest.raises(RefereeError, match="a ship at speed 0 all turn rotates to face any hexside without using MR"):
        move(changed(moving_fleet(), "Venomous", speed=0), RNG, "Venomous", 0, 0, 1)
    still = move(changed(moving_fleet(), "Venomous", speed=0), RNG, "Venomous", 0, 0, 0)
    assert "stays at speed 0 and does not move" in still.entries[0].text


# -- who moves, and when ----------------------------------------------------------------------------


def test_only_in_its_own_movement_phase_once_a_half_and_not_docked_carried_or_destroyed() -> None:
    battle = moving_fleet()
    with pytest.raises(RefereeError, match="a ship moves in its own movement phase; the Stiletto is UPF and Sathar is moving"):
        move(battle, RNG, "Stiletto", 3, 0, 0)
    moved = move(battle, RNG, "Perdition", 5, 0, 0).battle
    with pytest.raises(RefereeError, match="the Perdition has moved in this half of turn 1: a ship moves once in its movement phase"):
        move(moved, RNG, "Perdition", 5, 0, 0)
    with pytest.raises(RefereeError, match="the Sathar Fighter A is aboard the Maelstrom: it leaves first"):
        move(battle, RNG, "Sathar Fighter A", 1, 1, 0)
    upf = advance(battle)
    with pytest.raises(RefereeError, match=r"the Fighter A is docked at the Station: it leaves first \(it leaves its station or carrier\), then moves"):
        move(upf, RNG, "Fighter A", 1, 1, 0)
    left = dock(upf, "Fighter A", "").battle
    assert move(left, RNG, "Fighter A", 5, 5, 1).battle.ship("Fighter A").speed == 5
    with pytest.raises(RefereeError, match="the Venomous is destroyed"):
        move(changed(battle, "Venomous", hull=0), RNG, "Venomous", 0, 0, 0)
    with pytest.raises(RefereeError, match="speed must be 0 or more, not -1"):
        move(battle, RNG, "Perdition", -1, 0, 0)


def test_the_moving_side_still_to_move_and_moved_cleared_when_the_half_ends() -> None:
    battle = moving_fleet()
    assert [s.name for s in battle.to_move] == ["Venomous", "Perdition", "Maelstrom"]  # the fighter aboard moves with its carrier
    battle = move(battle, RNG, "Venomous", 3, 3, 0).battle
    assert [s.name for s in battle.to_move] == ["Perdition", "Maelstrom"]
    upf = advance(battle)
    assert upf.moved == frozenset() and [s.name for s in upf.to_move] == ["Z'Gata", "Stiletto"]  # the station is moved along its orbit
    assert move(advance(upf), RNG, "Venomous", 3, 0, 0).battle.ship("Venomous").speed == 3  # its next turn


# -- Evasive Maneuvers ------------------------------------------------------------------------------


def test_an_evader_turns_in_every_hex_until_its_mr_is_used_up_and_moves_at_least_its_mr() -> None:
    """Evasive Maneuvers: 'it must turn in every hex it enters during its next move, until its MR is used
    up. The ship must move a number of hexes equal to or greater than its MR on its next turn'."""
    upf = advance(changed(moving_fleet(), "Stiletto", must_turn=True))  # assault scout: ADF 5, MR 4, speed 3
    with pytest.raises(RefereeError, match="it must move at least 4 hexes .*'it cannot evade by staying in its hex and rotating'"):
        move(upf, RNG, "Stiletto", 3, 0, 3)
    with pytest.raises(RefereeError, match="'must turn in every hex it enters during its next move, until its MR is used up' .*MR points used \\(turns\\): 4, not 1"):
        move(upf, RNG, "Stiletto", 6, 3, 1)
    done = move(upf, RNG, "Stiletto", 6, 3, 4)
    assert not done.battle.ship("Stiletto").must_turn
    assert "it evaded: it turned in every hex until its MR was used up (4 turns)" in done.entries[0].text
    assert "Evasive Maneuvers" in done.entries[0].rule


# -- Masking Screen -----------------------------------------------------------------------------------


def test_a_masking_screen_lasts_while_the_ship_flies_straight_at_its_speed() -> None:
    """Masking Screen: 'This screen counter stays on top of the ship as long as the ship travels in a
    straight line at its current speed'."""
    battle = masking_screen(changed(moving_fleet(), "Venomous", speed=4), "Venomous", True).battle
    straight = move(battle, RNG, "Venomous", 4, 0, 0)
    assert straight.battle.ship("Venomous").masking_screen_up and "masking screen" not in straight.entries[0].text
    faster = move(battle, RNG, "Venomous", 5, 1, 0)
    assert not faster.battle.ship("Venomous").masking_screen_up
    assert "its masking screen is gone: it lasts only while the ship flies straight at its speed (changed speed)" in faster.entries[0].text
    assert faster.entries[0].rule.endswith("Defenses: Masking Screen")
    turned = move(battle, RNG, "Venomous", 4, 0, 1)
    assert not turned.battle.ship("Venomous").masking_screen_up and "(turned)" in turned.entries[0].text


# -- Navigation Hit -------------------------------------------------------------------------------------


def test_a_ship_with_a_navigation_hit_rolls_before_it_moves_unless_it_stops() -> None:
    """Navigation Hit: "The player controlling the ship must roll 1d10 before the ship moves. If the
    result is 1-5, the ship must turn to the left ... A stopped ship can ignore a navigation hit." """
    battle = changed(moving_fleet(), "Venomous", damaged=frozenset({"navigation"}), speed=3)
    assert navigation_due(battle, battle.ship("Venomous"))
    with pytest.raises(RefereeError, match=r"the Venomous has a navigation hit: roll 1d10 for the way it turns before it moves \(the navigation roll\)"):
        move(battle, RNG, "Venomous", 3, 0, 3)
    rolled = navigation(battle, KH, RNG, "Venomous", "3").battle
    assert not navigation_due(rolled, rolled.ship("Venomous"))
    done = move(rolled, RNG, "Venomous", 3, 0, 3)
    assert "its navigation roll came before it moved: must turn left in each hex" in done.entries[0].text
    assert "Navigation Hit" in done.entries[0].rule
    stopped = move(battle, RNG, "Venomous", 0, 3, 0)
    assert "it has a navigation hit, which a stopped ship can ignore" in stopped.entries[0].text


# -- Hull Hits: breaking apart ---------------------------------------------------------------------------


def test_the_books_destroyer_breaks_apart_or_holds_as_it_moves() -> None:
    """Hull Hits, EXAMPLE: a destroyer of 50 hull points with 32 damage accelerates by its ADF 3 and
    turns one hexside: (32 - 25) x (3 + 1) = 28%; 'The player rolls d100 and gets a 29 - the destroyer
    makes its move successfully! If the player had rolled 28 or less, the ship would have been destroyed.'"""
    battle = changed(moving_fleet(), "Venomous", hull=18, speed=2)
    held = move(battle, RNG, "Venomous", 5, 3, 1, "29")
    assert [e.text for e in held.entries] == [
        "the Venomous moves 5 hexes: speed 2 -> 5 (3 ADF points of 3), 1 turn (1 of MR 3)",
        "the Venomous: (32 - 25) x 4 ADF and MR points = 28%; 29 > 28: holds together",
    ]
    assert held.entries[1].rolls == ("d100: entered at the table = 29 (entered) for Venomous breaking apart",)
    assert held.battle.ship("Venomous").speed == 5 and not held.battle.ship("Venomous").destroyed
    gone = move(battle, RNG, "Venomous", 5, 3, 1, "28")
    assert gone.battle.ship("Venomous").destroyed and "28 <= 28: breaks apart - destroyed" in gone.entries[1].text
    assert gone.battle.loss("Venomous") is not None


def test_no_breaking_apart_roll_where_none_is_due() -> None:
    straight = changed(moving_fleet(), "Venomous", hull=18, speed=4)
    assert len(move(straight, RNG, "Venomous", 4, 0, 0).entries) == 1  # no ADF or MR used: no roll
    with pytest.raises(RefereeError, match="no roll for breaking apart on this move: the ship used no ADF or MR points .*; no roll is made"):
        move(straight, RNG, "Venomous", 4, 0, 0, "50")
    with pytest.raises(RefereeError, match="has 10 damage, not more than half of its 50 hull points"):
        move(changed(moving_fleet(), "Venomous", hull=40), RNG, "Venomous", 3, 3, 0, "50")
    basic = changed(moving_fleet("basic"), "Venomous", hull=10)
    assert len(move(basic, RNG, "Venomous", 3, 3, 0).entries) == 1
    with pytest.raises(RefereeError, match="breaking apart is an Advanced Game rule"):
        move(basic, RNG, "Venomous", 3, 3, 0, "50")
    campaign = changed(moving_fleet(damage_table=False), "Venomous", hull=10)
    with pytest.raises(RefereeError, match="the campaign's Basic Rules ignore"):
        move(campaign, RNG, "Venomous", 3, 3, 0, "50")


# -- Moving Off The Map --------------------------------------------------------------------------------


def test_a_ship_that_leaves_the_map_is_out_of_the_battle() -> None:
    """Basic Game, Moving Off The Map: 'Ships that leave the map are considered lost and are taken out of the game'."""
    battle = move(moving_fleet("basic"), RNG, "Venomous", 3, 3, 0).battle
    done = leave_map(battle, "Venomous")
    gone = done.battle
    assert gone.escapes == (Escape("Venomous", 1, ""),) and not gone.ship("Venomous").destroyed
    assert done.entries[0].text == "the Venomous flies off the map: it is lost to this battle and taken out of the game"
    assert done.entries[0].rule == "Knight Hawks Tactical Operations Manual, Basic Game: Movement, Moving Off The Map"
    assert [s.name for s in gone.afloat("Sathar")] == ["Perdition"]
    left = "the Venomous left the map in turn 1: it"
    with pytest.raises(RefereeError, match=f"{left} cannot be fired at"):
        shoot(advance(gone), KH, RNG, "Z'Gata", "LB", "Venomous", Report(range=1))
    with pytest.raises(RefereeError, match=f"{left} cannot fire"):
        shoot(gone, KH, RNG, "Venomous", "LB", "Z'Gata", Report(range=1))
    with pytest.raises(RefereeError, match=f"{left} takes no hits"):
        hit_in_battle(gone, KH, RNG, "Venomous", "laser battery", "1d10")
    with pytest.raises(RefereeError, match=f"{left} is out of the battle"):
        move(gone, RNG, "Venomous", 3, 0, 0)
    with pytest.raises(RefereeError, match=f"{left} is out of the battle"):
        leave_map(gone, "Venomous")
    with pytest.raises(RefereeError, match=f"{left} launches no ICMs"):
        launch_icms(gone, gone.ship("Venomous"), [("Venomous", 1)])
    assert battle_file.from_dict(battle_file.to_dict(gone), KH) == gone


def test_the_fighters_aboard_a_carrier_leave_with_it_and_a_ship_that_left_is_refused_everywhere() -> None:
    battle = moving_fleet()
    done = leave_map(battle, "Maelstrom")
    gone = done.battle
    assert gone.escapes == (Escape("Maelstrom", 1), Escape("Sathar Fighter A", 1))
    assert "aboard it: Sathar Fighter A, which leave with it" in done.entries[0].text
    assert "Advanced Game Movement: Moving Off The Map" in done.entries[0].rule
    with pytest.raises(RefereeError, match="the Sathar Fighter A left the map in turn 1: it is out of the battle"):
        dock(gone, "Sathar Fighter A", "")
    mined = lay_mines(battle, "1207", side="UPF").battle
    gone = leave_map(mined, "Maelstrom").battle
    with pytest.raises(RefereeError, match="the Maelstrom left the map in turn 1: it entered no mined hex"):
        mines_attack(gone, KH, RNG, "1207", ["Maelstrom"])
    seeking = leave_map(place_seeker(battle, "0909", side="UPF").battle, "Maelstrom").battle
    with pytest.raises(RefereeError, match="cannot be attacked by a seeker"):
        move_seeker(advance(seeking), KH, RNG, "0909", "0910", at="Maelstrom")
    repairing = advance(advance(advance(advance(advance(advance(changed(gone, "Maelstrom", hull=50)))))))
    assert repairing.step == "repair"
    with pytest.raises(RefereeError, match="makes no repairs in this battle"):
        repair_in_battle(repairing, RNG, "Maelstrom", [Repair("hull", 50)])
    with pytest.raises(RefereeError, match="the Maelstrom left the map"):
        shoot(gone, KH, RNG, "Maelstrom", "LB", "Z'Gata", Report(range=1))


def test_what_cannot_leave_the_map() -> None:
    battle = moving_fleet()
    with pytest.raises(RefereeError, match="a ship flies off the map in its own movement phase; the Z'Gata is UPF and Sathar is moving"):
        leave_map(battle, "Z'Gata")
    with pytest.raises(RefereeError, match=r"aboard the Maelstrom: it leaves the map with its carrier \(the Maelstrom leaves\)"):
        leave_map(battle, "Sathar Fighter A")
    upf = advance(battle)
    with pytest.raises(RefereeError, match="the Station is a space station: it stays in its orbit"):
        leave_map(upf, "Station")
    with pytest.raises(RefereeError, match="docked at the Station: it leaves the station first"):
        leave_map(upf, "Fighter A")
    stopped = move(changed(upf, "Stiletto", speed=3), RNG, "Stiletto", 0, 3, 0).battle
    with pytest.raises(RefereeError, match="the Stiletto stopped on this move: 'A ship does not move at all on the turn it stops'"):
        leave_map(stopped, "Stiletto")
    with pytest.raises(RefereeError, match="only in a campaign battle does a ship escape toward an adjacent star system"):
        leave_map(upf, "Stiletto", toward="Cassidine")


# -- the battle file ------------------------------------------------------------------------------------


def test_a_battle_with_moves_escapes_and_docked_turns_round_trips_through_its_file() -> None:
    battle = moving_fleet()
    battle = move(battle, RNG, "Venomous", 3, 3, 0).battle
    battle = leave_map(battle, "Maelstrom").battle
    battle = advance(advance(battle))  # turn 2: the Fighter A has a complete turn docked at the Station
    battle = move(battle, RNG, "Perdition", 5, 0, 0).battle
    assert battle.docked_turns == (DockedTurns("Fighter A", "Station", 1),) and battle.moved == {"Perdition"}
    battle = advance(battle)
    battle = dock(battle, "Fighter A", "").battle
    battle = dock(battle, "Fighter A", "Station").battle
    assert battle.docked_this_turn == {"Fighter A"}
    data = battle_file.to_dict(battle)
    assert data["escapes"] == [{"ship": "Maelstrom", "turn": 1}, {"ship": "Sathar Fighter A", "turn": 1}]
    assert data["docked_turns"] == [{"ship": "Fighter A", "station": "Station", "turns": 1}]
    assert data["docked_this_turn"] == ["Fighter A"] and "moved" not in data
    assert battle_file.from_dict(data, KH) == battle
    text = battle_file.text(battle, KH)
    assert "escapes = [" in text and "docked_turns = [" in text


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        ({"escapes": [{"ship": "Nobody", "turn": 1}]}, "escapes lists 'Nobody', which is not a ship of this battle listed once"),
        ({"escapes": [{"ship": "Venomous", "turn": 1}, {"ship": "Venomous", "turn": 1}]}, "listed once"),
        ({"escapes": [{"ship": "Venomous", "turn": 3}]}, "leaving the map in turn 3: give a turn from 1 to 2"),
        ({"escapes": [{"ship": "Venomous", "turn": 1, "whither": "x"}]}, "unknown key whither"),
        ({"escapes": [{"ship": "Maelstrom", "turn": 1}]}, "the Sathar Fighter A is aboard the Maelstrom, which left the map: list it in escapes too"),
        ({"escapes": [{"ship": "Sathar Fighter A", "turn": 1}]}, "is docked at or aboard the Maelstrom, which did not"),
        ({"docked_turns": [{"ship": "Fighter A", "station": "Venomous", "turns": 1}]}, "give a ship and a station of this battle"),
        ({"docked_turns": [{"ship": "Fighter A", "station": "Station", "turns": 2}]}, "listed 2 complete game turns docked at the Station: give 1 to the 1 game turns over"),
        ({"docked_turns": [{"ship": "Fighter A", "station": "Station", "turns": 0}]}, "turns must be 1 or more, not 0"),
        ({"moved": ["Z'Gata"]}, "moved lists Z'Gata: the Sathar ships that moved in this half"),
        ({"docked_this_turn": ["Nobody"]}, "docked_this_turn lists Nobody"),
    ],
)
def test_the_file_refuses_moves_escapes_and_docked_turns_that_do_not_fit(extra: dict[str, Any], says: str) -> None:
    data = battle_file.to_dict(moving_fleet(turn=2))
    with pytest.raises(RefereeError, match=says):
        battle_file.from_dict({**data, **extra}, KH)


def test_a_destroyed_ship_that_escaped_is_refused() -> None:
    data = battle_file.to_dict(changed(moving_fleet(turn=2), "Venomous", hull=0))
    with pytest.raises(RefereeError, match="escapes lists the Venomous, which is destroyed"):
        battle_file.from_dict({**data, "escapes": [{"ship": "Venomous", "turn": 1}]}, KH)


def test_a_hit_that_takes_the_last_ship_of_a_side_is_logged_once_for_a_known_scenario_only() -> None:
    """An unknown battle has no verdict here: its victory text is the referee's to judge."""
    battle = moving_fleet("basic")
    done = hit_in_battle(advance(battle), KH, RNG, "Venomous", "torpedo", "4d10", Rolled(None, None, "40"))
    assert not any(e.text.startswith("the battle is over") for e in done.entries)


def test_a_shatter_drone_that_moved_is_gone_from_the_moves_and_the_battle_still_saves() -> None:
    """Found by the random battles: a drone, gone from the battle when it detonates, stayed listed as moved."""
    from referee.knight_hawks.ordnance import shatter_drone

    battle = move(advance(moving_fleet()), RNG, "Z'Gata", 2, 2, 0).battle
    done = shatter_drone(battle, KH, RNG, "Z'Gata", ["Venomous"], {"Venomous": Rolled(None, "40", "10")})
    assert done.battle.moved == frozenset() and "Z'Gata" not in {s.name for s in done.battle.ships}
    assert battle_file.from_dict(battle_file.to_dict(done.battle), KH) == done.battle
