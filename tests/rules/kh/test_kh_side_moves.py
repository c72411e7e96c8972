"""A side's ships in one step: the starting speeds before the game starts, each ship's move as its
counter moved with the ADF and MR points worked out (Movement: Speed; Acceleration and
Deceleration; Turning), checked as a single ship's are."""

from __future__ import annotations

import random

import pytest

from referee.errors import RefereeError
from referee.knight_hawks.movement import START_SPEED_RULE, counter_moved, move, points_used, starting_speeds
from tests.helpers.kh import moving_fleet

RNG = random.Random(0)


def test_a_sides_starting_speeds_are_one_step_logged_a_line_a_side() -> None:
    battle = moving_fleet()
    done = starting_speeds(battle, {"Venomous": 3, "Perdition": 5, "Z'Gata": 4, "Stiletto": 6})
    after = done.battle
    assert [after.ship(n).speed for n in ("Venomous", "Perdition", "Z'Gata", "Stiletto")] == [3, 5, 4, 6]
    assert [e.text for e in done.entries] == [
        "starting speeds, Sathar: the Venomous 3 (was 0)",  # the Perdition keeps its 5: not named
        "starting speeds, UPF: the Z'Gata 4 (was 0), the Stiletto 6 (was 3)",
    ]
    assert all(e.rule == START_SPEED_RULE for e in done.entries) and after.log[-2:] == done.entries


def test_starting_speeds_refuse_a_docked_ship_nothing_changed_and_a_game_begun() -> None:
    battle = moving_fleet()
    with pytest.raises(RefereeError, match="the Fighter A is docked with the Station: it has no speed of its own to set"):
        starting_speeds(battle, {"Z'Gata": 4, "Fighter A": 2})
    with pytest.raises(RefereeError, match="every ship is at the speed it had"):
        starting_speeds(battle, {"Perdition": 5})
    begun = move(battle, RNG, "Venomous", 2, 2, 0).battle
    with pytest.raises(RefereeError, match=r"a starting speed is set before the game starts .*changes speed by its move \(its move\)"):
        starting_speeds(begun, {"Perdition": 4})


def test_a_move_as_the_counter_moved_works_out_its_adf_and_mr_points() -> None:
    """The heavy cruiser Perdition, speed 5, ADF 2, MR 1: to speed 7 with a turn uses 2 ADF points and
    1 MR point; to speed 3, 2 ADF points; to 8, more than its ADF allows."""
    battle = moving_fleet()
    perdition = battle.ship("Perdition")
    assert points_used(perdition, 7, 1) == (2, 1) and points_used(perdition, 3, 0) == (2, 0)
    done = counter_moved(battle, RNG, "Perdition", 7, 1)
    assert done.entries[0].text == "the Perdition moves 7 hexes: speed 5 -> 7 (2 ADF points of 2), 1 turn (1 of MR 1)"
    assert done.battle.ship("Perdition").speed == 7 and "Perdition" in done.battle.moved
    with pytest.raises(RefereeError, match="it can move 3 to 7 hexes this turn, not 8"):
        counter_moved(battle, RNG, "Perdition", 8, 0)
    with pytest.raises(RefereeError, match="it can turn at most 1 times"):
        counter_moved(battle, RNG, "Perdition", 5, 2)
