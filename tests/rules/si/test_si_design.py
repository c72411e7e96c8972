"""Stellar Inferno ship design (12.9): the cost formula, Table 1's category, Table 2's specialities,
reduced steps."""

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import design
from referee.stellar_inferno.optional import NONE
from tests.helpers.si_counters import ALL, SI, f


def test_a_ship_costing_47_is_a_light_cruiser():
    cost = design.cost(f(4, 5, 3, 5))
    assert cost.total == 47 and cost.formula == "3 * (4 + 5 + 0 + 0) + 5 * 4 = 47"
    category = design.category(SI, 47)
    assert (category.code, category.name, category.minimum) == ("CL", "Light Cruiser", 45)
    assert "the highest row at or below it is CL" in category.how


@pytest.mark.parametrize(("total", "code"), [(1, "Y"), (40, "DD"), (44, "DD"), (45, "CL"), (50, "CA"), (399, "FO"), (400, "MF"), (1000, "MF")])
def test_the_category_is_the_highest_minimum_the_cost_reaches(total, code):
    assert design.category(SI, total).code == code


def test_a_cost_below_the_yacht_reaches_no_category():
    with pytest.raises(RefereeError, match="below the first row"):
        design.category(SI, 0)
    with pytest.raises(RefereeError, match="reaches no category"):
        design.design(SI, [f()], ALL)


def test_maneuver_zero_counts_as_one_an_orbital_base():
    cost = design.cost(f(0, 5, 0, 0, cargo=5))
    assert cost.total == 1 * (0 + 5 + 5 + 0) == 10 and cost.notes == ("maneuver 0: M is 1",)
    base = design.speciality(SI, "OB", f(0, 5, 0, 0, cargo=5), cost.total)
    assert base.unmet == () and not base.cost_reached and base.table_cost == 25


def test_attack_zero_replaces_range_by_maneuver_which_changes_nothing_a_heavy_freighter():
    cost = design.cost(f(0, 4, 2, 7, cargo=10, gear=1))
    assert cost.total == 2 * (0 + 4 + 10 + 1) == 30
    assert cost.formula.endswith("+ 2 * 0 = 30") and "R * A is 0 either way" in cost.notes[0]
    assert design.category(SI, 30).code == "DE"
    freighter = design.speciality(SI, "HF", f(0, 4, 2, 7, cargo=10, gear=1), 30)
    assert freighter.unmet == () and freighter.cost_reached


def test_speciality_restrictions_as_printed():
    sweeper = design.speciality(SI, "Mine Sweeper", f(2, 3, 2, 2), 20)
    assert sweeper.unmet == ("4+ Defense (has 3)", "1- Range (has 2)")
    monitor = design.speciality(SI, "MO", f(6, 6, 1, 3), 30)
    assert monitor.unmet == ("0 Maneuver (has 1)",)


def test_a_design_with_a_reduced_step_at_half_the_points():
    done = design.design(SI, [f(4, 5, 3, 5), f(2, 2, 3, 5)], ALL, "")
    assert done.step_points == (47, 23) and done.category.code == "CL"
    assert any("point rating by step: 47, 23" in line for line in done.lines())


@pytest.mark.parametrize(
    ("full", "reduced", "problem"),
    [
        (f(4, 3, 3, 5), f(2, 2, 3, 5), "only a step with defense 4 or more can have a reduced step"),
        (f(4, 5, 3, 5), f(4, 2, 3, 5), "attack must drop by at least one"),
        (f(4, 5, 3, 5), f(2, 5, 3, 5), "defense must drop by at least one"),
        (f(4, 4, 3, 5), f(2, 0, 3, 5), "defense can never be reduced below one"),
        (f(4, 5, 3, 5), f(2, 2, 3, 6), "range rose"),
    ],
)
def test_reduced_steps_follow_12_9_5_to_12_9_7(full, reduced, problem):
    with pytest.raises(RefereeError, match=problem):
        design.design(SI, [full, reduced], ALL)


def test_an_unarmed_ship_keeps_attack_zero_at_its_reduced_step():
    assert design.design(SI, [f(0, 4, 2, 0, cargo=10), f(0, 2, 2, 0, cargo=5)], ALL).step_points == (2 * (4 + 10), 14)


def test_designing_is_the_optional_rule():
    with pytest.raises(RefereeError, match="12.9 Ship Design, not in play"):
        design.design(SI, [f(4, 5, 3, 5)], NONE)
