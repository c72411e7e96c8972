"""Stellar Inferno damage recovery (7.5): 2d6 at or under the current defense repairs a step lost
this round, one attempt a step; a 6 on either die cripples the ship and ends its attempts."""

import random

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno.recovery import recover
from tests.helpers.si_counters import f, ship


def battered():
    """Three steps, defense 8, 5, 3; two lost this round: at defense 3."""
    return sh.take_steps(ship("Dublin", f(9, 8, 2, 4), f(6, 5, 2, 4), f(3, 3, 2, 4), code="BC"), 2)


def test_one_attempt_a_step_each_at_the_defense_of_the_moment():
    done = recover(battered(), random.Random(0), [(1, 2), (2, 4)])
    assert [a.defense for a in done.attempts] == [3, 5]  # 3 <= 3 repairs: the ship is back at defense 5
    assert [a.repaired for a in done.attempts] == [True, False]  # 6 > 5
    assert done.ship.lost == 1 and done.ship.lost_this_round == 0 and not done.ship.crippled
    assert "1 + 2 = 3 <= defense 3: one step repaired (7.5.2)" in done.lines()[0]


def test_a_six_cripples_even_on_a_good_total_and_ends_the_attempts():
    ship_ = sh.take_steps(ship("Tigris", f(8, 9, 2, 3), f(4, 8, 2, 3), f(2, 2, 2, 3), code="CA"), 2)
    done = recover(ship_, random.Random(0), [(6, 1)])  # 7 <= 8, but a six
    assert len(done.attempts) == 1 and done.attempts[0].crippled and not done.attempts[0].repaired
    assert done.ship.crippled and done.ship.lost == 2
    assert any("must put into dock" in line for line in done.lines())
    with pytest.raises(RefereeError, match="crippled: no further repair attempts"):
        recover(done.ship._replace(lost_this_round=1), random.Random(0))  # hit again next round


def test_only_a_ship_that_lost_steps_this_round_and_survived_tries():
    with pytest.raises(RefereeError, match="suffered no step losses this round"):
        recover(ship("Whole", f(4, 4, 2, 3)), random.Random(0))
    wreck = sh.take_steps(ship("Wreck", f(4, 4, 2, 3)), 1)
    with pytest.raises(RefereeError, match="destroyed: only a ship that was not destroyed"):
        recover(wreck, random.Random(0))


def test_dice_entered_are_checked_before_anything_is_rolled():
    with pytest.raises(RefereeError, match="enter a result from 1 to 6"):
        recover(battered(), random.Random(0), [(1, 2), (7, 1)])
    with pytest.raises(RefereeError, match="3 pairs of dice for 2 attempt"):
        recover(battered(), random.Random(0), [(1, 1), (1, 1), (1, 1)])


def test_rolled_by_the_program_each_attempt_rolls_two_d6():
    done = recover(battered(), random.Random(5))
    for attempt in done.attempts:
        assert attempt.first.expression == "1d6" and attempt.second.expression == "1d6"
        assert attempt.crippled == (6 in (attempt.first.total, attempt.second.total))
        assert attempt.repaired == (not attempt.crippled and attempt.total <= attempt.defense)
    assert done.ship.lost == 2 - done.repaired
