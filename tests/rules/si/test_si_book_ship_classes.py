"""Stellar Inferno's ship classes as the independent reader worked them from the book
(docs/readings/stellar-inferno-cases.md): Table 1's codes, categories and minimum costs, Table 2's
speciality ships and their restrictions, and ship design (12.9.x): the cost formula and reduced
steps. Each test names its case and quotes the book's sentence; the outcome asserted is the reader's."""

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import design, setup
from referee.stellar_inferno.scenario import class_figures
from tests.helpers.si import bundled
from tests.helpers.si_counters import ALL, SI, f


def test_i112_the_cost_formula_a_destroyer_costing_36():
    """I112 [12.9.3]: "Cost = M * (A + D + C + P) + R * A". M 2, A 6, D 6, C 0, P 0, R 2:
    2 x 12 + 2 x 6 = 36, a Destroyer (DD 35 <= 36 < CL 45)."""
    assert design.cost(f(6, 6, 2, 2)).total == 36
    assert design.category(SI, 36).code == "DD"


def test_i113_maneuver_zero_counts_as_one_an_orbital_base():
    """I113 [12.9.3]: "M = Maneuver (use 1 if Maneuver is zero)"; Table 2 "OB Orbital Base 25 5+
    Cargo, 0 Maneuver". M 0, A 4, D 8, C 5, R 2: 1 x 17 + 2 x 4 = 25, meets OB. By Table 1 alone 25
    is a Frigate - the program gives Table 1's category and checks the speciality beside it (the
    reader's A16: which label wins is not said; both are what the reader found)."""
    base = f(4, 8, 0, 2, cargo=5)
    assert design.cost(base).total == 25
    assert design.category(SI, 25).code == "FF"
    ob = design.speciality(SI, "OB", base, 25)
    assert ob.unmet == () and ob.cost_reached


def test_i114_range_for_attack_zero_changes_nothing_a_freighter_costing_16():
    """I114 [12.9.3]: "R = Range (equal to Maneuver if Attack is zero)". M 2, A 0, D 2, C 5, P 1:
    2 x 8 + R x 0 = 16 whatever R is; 16 >= 15 with 5+ cargo and 1+ gear: Table 2 FR."""
    for r in (0, 2, 5):
        assert design.cost(f(0, 2, 2, r, cargo=5, gear=1)).total == 16
    fr = design.speciality(SI, "FR", f(0, 2, 2, 0, cargo=5, gear=1), 16)
    assert fr.unmet == () and fr.cost_reached


@pytest.mark.parametrize(("total", "code"), [(47, "CL"), (44, "DD"), (50, "CA"), (99, "BC"), (250, "FO"), (400, "MF")])
def test_i115_the_category_is_the_highest_minimum_at_or_below_the_cost(total, code):
    """I115 [12.9.1][12.9.2]: "The ship category is determined by the total point cost." "Table 1
    shows the minimum point total for various combat ship categories.\""""
    assert design.category(SI, total).code == code


def test_i115_a_cost_of_0_is_below_the_yacht_no_category():
    """I115 [12.9.2]: 0 is below Y (1): no category."""
    with pytest.raises(RefereeError):
        design.category(SI, 0)
    with pytest.raises(RefereeError, match="reaches no category"):
        design.design(SI, [f()], ALL)


def test_i116_a_carrier_design_matching_scenario_3():
    """I116 [12.9.4]: "CV Carrier 85 15+ Cargo, 3+ Maneuver"; Scenario 3 "Cargo: CV=20". M 3, A 2,
    D 4, C 20, P 1, R 2: 3 x 27 + 2 x 2 = 85, a CV."""
    cv = f(2, 4, 3, 2, cargo=20, gear=1)
    assert design.cost(cv).total == 85
    met = design.speciality(SI, "CV", cv, 85)
    assert met.unmet == () and met.cost_reached


def test_i117_speciality_restrictions_not_met():
    """I117 [Table 2]: "HF Heavy FR 20 10+ Cargo", "MB Missile Boat 30 1- Range", "LR Long Range SC
    15 3+ Maneuver". (a) M 1, D 4, C 9: cost 13, not HF (9 < 10, 13 < 20), a Fighter by cost.
    (b) An MB with R 2, cost 32: not MB. (c) An LR with M 2, cost 16: not LR."""
    a = f(0, 4, 1, 0, cargo=9)
    assert design.cost(a).total == 13
    hf = design.speciality(SI, "HF", a, 13)
    assert hf.unmet and not hf.cost_reached
    assert design.category(SI, 13).code == "F"
    b = f(4, 8, 2, 2)
    assert design.cost(b).total == 32
    assert design.speciality(SI, "MB", b, 32).unmet == ("1- Range (has 2)",)
    c = f(0, 8, 2, 0)
    assert design.cost(c).total == 16
    assert design.speciality(SI, "LR", c, 16).unmet == ("3+ Maneuver (has 2)",)


def test_i118_the_reduced_step_halves_a_and_d_to_half_the_points():
    """I118 [12.9.5]: "If the ship's defense rating is at least 4, it can have a reduced step. At the
    reduced step, the point rating is half the total, with fractions rounded down. Usually this is done
    by halving the A and D ratings". The DD of I112 (36) reduced to A 3, D 3: 18."""
    reduced = f(3, 3, 2, 2)
    assert design.reduced_step_problems(f(6, 6, 2, 2), reduced) == ()
    assert design.cost(reduced).total == 18
    assert design.design(SI, [f(6, 6, 2, 2), reduced], ALL).step_points == (36, 18)


def test_i119_halving_a_and_d_need_not_hit_half_exactly():
    """I119 [12.9.5]: "the point rating is half the total". M 3, A 5, D 4, P 1, R 2 costs 40; the
    usual halving (A 2, D 2) costs 19, but the reduced step is worth half of 40: 20."""
    full, reduced = f(5, 4, 3, 2, gear=1), f(2, 2, 3, 2, gear=1)
    assert design.cost(full).total == 40 and design.category(SI, 40).code == "DD"
    assert design.cost(reduced).total == 19
    assert design.design(SI, [full, reduced], ALL).step_points == (40, 20)


@pytest.mark.parametrize(
    ("case", "before", "after", "problem"),
    [
        ("a", f(4, 3, 2, 2), f(2, 2, 2, 2), "defense 4 or more"),
        ("b", f(4, 6, 2, 2), f(4, 3, 2, 2), "attack must drop"),
        ("c", f(4, 4, 2, 2), f(2, 0, 2, 2), "never be reduced below one"),
        ("d", f(4, 6, 2, 2), f(2, 3, 3, 2), "maneuver rose"),
    ],
)
def test_i120_step_rules_refused(case, before, after, problem):
    """I120 [12.9.5]-[12.9.7]: "The A and D ratings must always be reduced by at least one point per
    step, but the D rating can never be reduced below one." "No point ratings can be increased as the
    result of a step loss." (a) D 3 with a reduced step, (b) A 4 -> 4, (c) D 4 -> 0, (d) M 2 -> 3: all refused."""
    assert any(problem in p for p in design.reduced_step_problems(before, after))
    with pytest.raises(RefereeError):
        design.design(SI, [before, after], ALL)


@pytest.mark.parametrize(
    ("code", "name", "minimum"),
    [("BB", "Battleship", 100), ("B", "Dreadnaught", 80), ("ML", "Mauler", 75), ("CR", "Heavy Cruiser", 55), ("CS", "Strike Cruiser", 60), ("F", "Fighter", 10), ("SL", "Sloop", 15)],
)
def test_i156_table_1_codes_categories_and_minimum_costs(code, name, minimum):
    """I156 [Table 1]: the registers' Phalth (BB), Tierelks (B), Gurhd A (ML), Coeyr de Leon (CR),
    Mus Ke Urld (CS), Finest Hour (F), Weirlk (SL): their categories and minimum costs."""
    row = design.category(SI, minimum)
    assert (row.code, row.name, row.minimum) == (code, name, minimum)


def test_i156_a_bb_costing_92_is_a_battlecruiser_by_cost():
    """I156 [Table 1]: "A counter shown as "BB" whose factors cost 92 by 12.9.3 would be
    inconsistent (92 is a BC).\""""
    assert design.category(SI, 92).code == "BC"


@pytest.mark.parametrize("code", ["DN", "CVE", "WM", "BSDF"])
def test_i157_a_code_not_in_the_tables_is_not_a_ship(code):
    """I157 [Table 1][Table 2]: "DN" (the table calls a Dreadnaught "B"), "CVE", "WM" (a War Moon is
    "MF") and "BSDF" (a Khaldarii ground unit) are not ship classes: a new ship of that code is refused."""
    s = bundled("phoenix-command")
    with pytest.raises(RefereeError, match="not a ship class of Table 1 or Table 2"):
        setup.enter_ship(s, SI, "Newcomer", ["A4 D4 M2 R2"], code=code, side="Khaldarii")


def test_i157_sdu_is_no_table_class_only_the_12_14_unit():
    """I157 [12.14]: "SDU" has no table entry: valid only as the 12.14 unit when that rule is in use,
    never as a Table class."""
    s = bundled("phoenix-command")
    with pytest.raises(RefereeError, match="not a ship class"):
        setup.enter_ship(s, SI, "Newcomer", ["A4 D4 M2 R2"], code="SDU", side="Khaldarii")


@pytest.mark.parametrize(
    ("stem", "role", "code", "factors"),
    [
        ("phoenix-command", "invader", "HF", f(0, 4, 2, 0, cargo=10, gear=1)),
        ("phoenix-command", "defender", "OB", f(2, 6, 0, 2, cargo=5)),
        ("raid-on-terra", "defender", "OB", f(2, 6, 0, 2, cargo=5)),
        ("invasion-of-portborough", "invader", "AF", f(1, 4, 2, 2, cargo=9, gear=1)),
        ("invasion-of-portborough", "invader", "CV", f(2, 4, 3, 2, cargo=20, gear=1)),
        ("invasion-of-portborough", "defender", "FR", f(0, 2, 2, 0, cargo=5, gear=1)),
        ("invasion-of-portborough", "defender", "MO", f(6, 8, 0, 2, cargo=2)),
    ],
)
def test_i158_the_scenarios_cargo_and_gear_fit_table_2(stem, role, code, factors):
    """I158 [Table 2]: HF cargo 10 >= 10; OB cargo 5 >= 5 (and M 0); AF cargo 9 >= 5 (A >= 1 from
    the counter); CV cargo 20 >= 15 (M >= 3); FR cargo 5 and gear 1; MO M 0: all consistent. The
    scenario's class figures are read from its Cargo and Planetary Gear lines; A, D, M, R are assumed."""
    force = bundled(stem).force(role)
    cargo, gear = class_figures(force.cargo, "cargo"), class_figures(force.gear, "gear")
    assert cargo.get(code, 0) == factors.cargo and gear.get(code, 0) == factors.planetary_gear
    assert design.speciality(SI, code, factors, design.cost(factors).total).unmet == ()


def test_i159_a_freighter_below_its_table_2_cost():
    """I159 [Table 2]: "FR Freighter 15 5+ Cargo, 1+ Planetary Gear". M 1, D 2, C 5, P 1 costs 8 < 15:
    not an FR despite its cargo and gear; by cost a Scout (5 <= 8 < 10). With M 2: 16, an FR."""
    slow = f(0, 2, 1, 0, cargo=5, gear=1)
    assert design.cost(slow).total == 8
    fr = design.speciality(SI, "FR", slow, 8)
    assert fr.unmet == () and not fr.cost_reached
    assert design.category(SI, 8).code == "SC"
    assert design.speciality(SI, "FR", f(0, 2, 2, 0, cargo=5, gear=1), 16).cost_reached
