"""Ship design (Stellar Inferno 12.9) rule by rule, where the program held a design to less than the
book: a new design's class is the one its point cost and factors make it."""

from __future__ import annotations

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import design, setup
from tests.helpers.si import SI, bundled
from tests.helpers.si_counters import ALL, f


def designing(code: str, step: str):  # type: ignore[no-untyped-def]
    s = setup.start(bundled("phoenix-command"), ["ship-design"]).state
    return setup.enter_ship(s, SI, "Prototype", [step], code=code, side="invader", designed=True)


def test_12_9_1_a_design_is_the_category_its_cost_reaches():
    """12.9.1: "New ship designs can be created by assigning a point value to each of the ratings. The
    ship category is determined by the total point cost." A6 D6 M2 R2 costs 36, a DD: designed as a
    CA it is refused; as a DD it is entered."""
    with pytest.raises(RefereeError, match=r"a design costing 36 .* is a DD Destroyer .*not a CA: give its class as --code DD"):
        designing("CA", "A6 D6 M2 R2 P0")
    assert designing("DD", "A6 D6 M2 R2 P0").state.ship("Prototype").code == "DD"


def test_12_9_4_a_speciality_design_meets_its_restrictions_and_reaches_its_cost():
    """12.9.4: "Speciality ships have an unusually high or low portion of their total points in one
    category. Table 2 shows some of the speciality ships and their primary factors." A design given a
    Table 2 class must meet its restrictions: an MB with range 2 is refused ("1- Range"); a Freighter
    costing 8 is refused (below the table's 15, I159: a Scout by its cost); costing 16, it is an FR."""
    with pytest.raises(RefereeError, match=r"it is not a MB Missile Boat .*1- Range \(has 2\)"):
        design.design(SI, [f(4, 8, 2, 2)], ALL, code="MB")
    with pytest.raises(RefereeError, match=r"is a SC Scout .*not a FR Freighter .*cost 8 below the table's 15"):
        design.design(SI, [f(0, 2, 1, 0, cargo=5, gear=1)], ALL, code="FR")
    made = design.design(SI, [f(0, 2, 2, 0, cargo=5, gear=1)], ALL, code="FR")
    assert made.speciality is not None and made.speciality.code == "FR" and made.category.code == "SL"


def test_12_9_3_a_design_without_a_class_is_only_costed():
    """12.9.3: the cost formula alone (``si design``) names the category and claims no class."""
    made = design.design(SI, [f(6, 6, 2, 2)], ALL)
    assert (made.cost.total, made.category.code) == (36, "DD")
