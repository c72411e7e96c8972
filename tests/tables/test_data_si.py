"""Checks the Stellar Inferno tables (tables/stellar-inferno.toml) against the book.

Every expected figure below is copied from Stellar Inferno v1.4, [15] Tables, or from the
rules paragraphs named beside it. Every value is looked up through the engine; the shape the
loader enforces is tested in tests/tables/test_tables.py.
"""

import re

import pytest

from referee.errors import RefereeError
from tests.helpers.data_tables import Book

SI = Book("si", "stellar-inferno.toml")
table, rows, row, column_keys = SI.table, SI.rows, SI.row, SI.column_keys

ODDS_TABLES = ["open-order", "closed-order", "ground-combat"]
ODDS_KEYS = ["1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1", "9:1"]
DIE_KEYS = [str(i) for i in range(8)]


def odds_row(name, attack, defense):
    """Highest row at or below the exact ratio, clamped to 1:3 .. 9:1 (7.3.7, 11.2.1, footnote)."""
    return table(name).odds_row(attack, defense)[0]


def cell(name, odds, die):
    """The cell for odds and a die; a die beyond the end columns reads them."""
    return table(name).look_up([odds, str(die)]).value


# ---------------------------------------------------------------- shape


def test_header_and_required_tables_present():
    required = ["minimum-ship-costs", "speciality-ship-costs", *ODDS_TABLES]
    SI.check_file("Stellar Inferno", "Stellar Inferno v1.4", required)


@pytest.mark.parametrize("name", SI.names())
def test_table_shape(name):
    SI.check_table(name, lookups=("key", "band", "odds"))


@pytest.mark.parametrize("name", ODDS_TABLES)
def test_odds_table_shape(name):
    t = table(name)
    assert t.lookup == "odds"
    assert t.roll == "d6"
    assert t.die_columns == (0, 1, 2, 3, 4, 5, 6, 7)
    assert column_keys(name) == ["odds", *DIE_KEYS]
    labels = [c.label for c in t.columns[1:]]
    assert labels == ["0 or less", "1", "2", "3", "4", "5", "6", "7 or more"]
    assert [r["odds"] for r in t.rows] == ODDS_KEYS
    notes = " ".join(t.notes)
    for text in ("1:3", "9:1", "12.12", "0 or less"):
        assert text in notes


@pytest.mark.parametrize("name", ["open-order", "closed-order"])
def test_ship_results_are_step_counts_and_monotonic(name):
    ship_rows = rows(name)
    for r in ship_rows:
        values = [r[k] for k in DIE_KEYS]
        assert all(isinstance(v, int) for v in values)
        assert values == sorted(values, reverse=True)  # higher die, fewer losses
    for k in DIE_KEYS:
        column = [r[k] for r in ship_rows]
        assert column == sorted(column)  # better odds, more losses


def test_ground_cells_are_defender_slash_attacker():
    for r in rows("ground-combat"):
        for k in DIE_KEYS:
            assert re.fullmatch(r"\d/\d", r[k])
    notes = " ".join(table("ground-combat").notes)
    assert "11.2.2" in notes and "11.2.3" in notes and "11.1.4" in notes


def test_ground_rows_shift_one_column():
    ground = rows("ground-combat")
    for lower, higher in zip(ground, ground[1:]):
        assert [lower[k] for k in DIE_KEYS[:-1]] == [higher[k] for k in DIE_KEYS[1:]]


# ---------------------------------------------------------------- full rows


@pytest.mark.parametrize(
    "name, odds, expected",
    [
        ("open-order", "1:3", [1, 0, 0, 0, 0, 0, 0, 0]),
        ("open-order", "3:2", [2, 1, 1, 1, 1, 0, 0, 0]),
        ("open-order", "9:1", [6, 5, 5, 4, 4, 3, 3, 3]),
        ("closed-order", "1:3", [1, 0, 0, 0, 0, 0, 0, 0]),
        ("closed-order", "3:2", [2, 2, 1, 1, 0, 0, 0, 0]),
        ("closed-order", "9:1", [8, 7, 6, 5, 4, 4, 3, 3]),
        ("ground-combat", "1:3", ["1/1", "0/0", "0/1", "0/1", "0/2", "0/3", "0/4", "0/5"]),
        ("ground-combat", "9:1", ["8/1", "7/0", "6/1", "5/0", "4/0", "4/1", "3/0", "3/1"]),
    ],
)
def test_whole_rows(name, odds, expected):
    assert [row(name, odds)[k] for k in DIE_KEYS] == expected


# ---------------------------------------------------------------- spot cells


@pytest.mark.parametrize(
    "name, odds, die, expected",
    [
        ("open-order", "3:2", 4, 1),
        ("open-order", "1:2", 1, 1),
        ("open-order", "2:1", 5, 1),
        ("open-order", "2:1", 6, 0),
        ("open-order", "4:1", 3, 2),
        ("open-order", "6:1", 0, 4),
        ("open-order", "7:1", 3, 3),
        ("open-order", "8:1", 7, 2),
        ("closed-order", "1:1", 0, 2),
        ("closed-order", "3:2", 4, 0),
        ("closed-order", "3:1", 1, 3),
        ("closed-order", "4:1", 6, 1),
        ("closed-order", "5:1", 7, 1),
        ("closed-order", "8:1", 2, 5),
        ("ground-combat", "1:2", 0, "1/0"),
        ("ground-combat", "1:1", 3, "0/0"),
        ("ground-combat", "3:2", 4, "0/0"),
        ("ground-combat", "2:1", 0, "3/1"),
        ("ground-combat", "3:1", 6, "0/0"),
        ("ground-combat", "5:1", 3, "3/1"),
        ("ground-combat", "6:1", 7, "1/0"),
        ("ground-combat", "8:1", 1, "6/1"),
    ],
)
def test_spot_cells(name, odds, die, expected):
    assert cell(name, odds, die) == expected


def test_modified_die_clamps_to_end_columns():
    assert cell("open-order", "9:1", -2) == 6
    assert cell("closed-order", "9:1", 9) == 3
    assert cell("ground-combat", "1:3", 8) == "0/5"


# ---------------------------------------------------------------- odds reading


@pytest.mark.parametrize(
    "attack, defense, expected",
    [
        (7, 4, "3:2"),  # rules README: exact ratio, not truncated (7.3.5 vs 7.2.4)
        (1, 2, "1:2"),
        (2, 3, "1:2"),
        (3, 2, "3:2"),
        (5, 2, "2:1"),
        (29, 10, "2:1"),
        (3, 1, "3:1"),
        (1, 4, "1:3"),  # footnote: below 1:3 reads 1:3
        (1, 10, "1:3"),
        (10, 1, "9:1"),  # footnote: above 9:1 reads 9:1
        (40, 3, "9:1"),
    ],
)
@pytest.mark.parametrize("name", ODDS_TABLES)
def test_odds_row_reading(name, attack, defense, expected):
    assert odds_row(name, attack, defense)["odds"] == expected


def test_seven_against_four_open_order_die_four():
    r = odds_row("open-order", 7, 4)
    assert r["odds"] == "3:2" and r["4"] == 1


# ---------------------------------------------------------------- tables 1 and 2


def test_minimum_ship_costs():
    t = table("minimum-ship-costs")
    assert t.lookup == "key"
    assert column_keys("minimum-ship-costs") == ["code", "category", "cost"]
    assert len(t.rows) == 18
    assert [r["code"] for r in t.rows][:3] == ["Y", "SC", "F"]
    assert t.rows[-1]["code"] == "MF"
    costs = [r["cost"] for r in t.rows]
    assert costs == sorted(costs)


@pytest.mark.parametrize(
    "key, category, cost",
    [
        ("Y", "Yacht", 1),
        ("F", "Fighter", 10),
        ("DE", "Destroyer Escort", 30),
        ("DD", "Destroyer", 35),
        ("CL", "Light Cruiser", 45),
        ("CA", "Cruiser", 50),
        ("CR", "Heavy Cruiser", 55),
        ("ML", "Mauler", 75),
        ("dreadnaught", "Dreadnaught", 80),
        ("BB", "Battleship", 100),
        ("FO", "Fortress", 200),
        ("war moon", "War Moon", 400),
    ],
)
def test_minimum_ship_cost_values(key, category, cost):
    r = row("minimum-ship-costs", key)
    assert r["category"] == category and r["cost"] == cost


@pytest.mark.parametrize(
    "cost, code",
    [(1, "Y"), (4, "Y"), (5, "SC"), (34, "DE"), (35, "DD"), (40, "DD"), (44, "DD"), (45, "CL"), (74, "CS"), (99, "BC"), (100, "BB"), (399, "FO"), (400, "MF"), (5000, "MF")],
)
def test_a_cost_reads_the_category_at_or_below_it(cost, code):
    # 12.9.1: "The ship category is determined by the total point cost"; 12.9.2: Table 1 shows
    # the minimum point total for each category.
    found = table("minimum-ship-costs").look_up([str(cost)])
    assert found.row["code"] == code
    assert "at or below" in found.reading


@pytest.mark.parametrize("cost", [0, -3])
def test_a_cost_below_a_yacht_has_no_category(cost):
    with pytest.raises(RefereeError, match=f"cost {cost} is below the first row"):
        table("minimum-ship-costs").look_up([str(cost)])


def test_table_1_reading_is_in_the_notes():
    notes = " ".join(table("minimum-ship-costs").notes)
    assert "at or below" in notes and "12.9.1" in notes and "12.9.2" in notes


@pytest.mark.parametrize("name", ["open-order", "closed-order"])
def test_ship_tables_refuse_an_attack_of_0_citing_7_2_4(name):
    with pytest.raises(RefereeError, match=r"7\.2\.4"):
        cell(name, "0:4", 3)
    assert "7.2.4" in " ".join(table(name).notes)


def test_speciality_ship_costs_shape():
    t = table("speciality-ship-costs")
    assert t.lookup == "key"
    assert column_keys("speciality-ship-costs") == ["code", "category", "cost", "restriction"]
    assert [r["code"] for r in t.rows] == [
        "FR",
        "HF",
        "AF",
        "CVL",
        "CV",
        "PS",
        "MB",
        "LR",
        "SP",
        "MS",
        "OB",
        "MO",
    ]


@pytest.mark.parametrize(
    "key, cost, restriction",
    [
        ("FR", 15, "5+ Cargo, 1+ Planetary Gear"),
        ("heavy freighter", 20, "10+ Cargo"),
        ("AF", 15, "5+ Cargo, 1+ Attack"),
        ("CVL", 65, "10+ Cargo, 3+ Maneuver"),
        ("Carrier", 85, "15+ Cargo, 3+ Maneuver"),
        ("PS", 10, "2+ Planetary Gear"),
        ("MB", 30, "1- Range"),
        ("SP", 20, "8+ Range"),
        ("mine sweeper", 20, "4+ Defense, 1- Range"),
        ("OB", 25, "5+ Cargo, 0 Maneuver"),
        ("MO", 40, "0 Maneuver"),
    ],
)
def test_speciality_ship_cost_values(key, cost, restriction):
    r = row("speciality-ship-costs", key)
    assert r["cost"] == cost and r["restriction"] == restriction


# ---------------------------------------------------------------- gathered from the text


def test_scenarios():
    assert row("scenarios", "1")["technology-advantage"] == "None"
    assert row("scenarios", "Raid on Terra")["technology-advantage"] == "Eldar +2"
    assert row("scenarios", "Portborough")["technology-advantage"] == "Terran +1"
    assert [r["turns"] for r in rows("scenarios")] == [16, 10, 12]
    assert [r["invader-fleet-movement"] for r in rows("scenarios")] == [2, 2, 1]


def test_die_modifiers_and_checks():
    assert row("die-modifiers", "ground-manoeuvre")["die"] == "+1"
    assert row("die-modifiers", "technology-advantage-advanced")["paragraph"] == "12.12.2"
    assert row("die-checks", "damage-recovery")["dice"] == "2d6"
    assert row("die-checks", "overload-engines")["condition"] == "Roll of 2 or less"
