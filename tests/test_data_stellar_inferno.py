"""Checks the Stellar Inferno tables (tables/stellar-inferno.toml) against the book.

Every expected figure below is copied from Stellar Inferno v1.4, [15] Tables, or from the
rules paragraphs named beside it.
"""

import re
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

PATH = Path(__file__).resolve().parents[1] / "tables" / "stellar-inferno.toml"
DATA = tomllib.loads(PATH.read_text(encoding="utf-8"))
TABLES = DATA["tables"]

ODDS_TABLES = ["open-order", "closed-order", "ground-combat"]
ODDS_KEYS = ["1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1", "9:1"]
DIE_KEYS = [str(i) for i in range(8)]


def norm(value):
    return re.sub(r"[\s\-_]", "", str(value).lower())


def ratio(odds):
    a, d = odds.split(":")
    return Fraction(int(a), int(d))


def row(table, key):
    t = TABLES[table]
    kc = t.get("key_column", t["columns"][0]["key"])
    for r in t["rows"]:
        if norm(key) in [norm(r[kc])] + [norm(a) for a in r.get("aliases", [])]:
            return r
    raise KeyError(key)


def odds_row(table, attack, defense):
    """Highest row at or below the exact ratio, clamped to 1:3 .. 9:1 (7.3.7, 11.2.1, footnote)."""
    exact = Fraction(attack, defense)
    rows = TABLES[table]["rows"]
    chosen = rows[0]
    for r in rows:
        if ratio(r["odds"]) <= exact:
            chosen = r
    return chosen


def cell(table, odds, die):
    t = TABLES[table]
    cols = t["die_columns"]
    die = min(max(die, cols[0]), cols[-1])
    return row(table, odds)[str(die)]


# ---------------------------------------------------------------- shape


def test_header():
    assert DATA["prefix"] == "si"
    assert DATA["system"] == "Stellar Inferno"
    assert DATA["book"] == "Stellar Inferno v1.4"


def test_required_tables_present():
    for name in ["minimum-ship-costs", "speciality-ship-costs", *ODDS_TABLES]:
        assert name in TABLES


@pytest.mark.parametrize("name", sorted(TABLES))
def test_table_shape(name):
    t = TABLES[name]
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name)
    for field in ("title", "source", "notes", "lookup", "columns", "rows"):
        assert field in t, field
    assert t["source"].startswith("Stellar Inferno v1.4")
    assert isinstance(t["notes"], list) and t["notes"]
    assert t["lookup"] in ("key", "band", "odds")
    keys = [c["key"] for c in t["columns"]]
    assert len(keys) == len(set(keys))
    for c in t["columns"]:
        assert set(c) <= {"key", "label", "aliases"} and c["label"]
    kc = t.get("key_column", keys[0])
    seen = set()
    for r in t["rows"]:
        assert set(r) - {"aliases"} == set(keys), r
        for k in [r[kc], *r.get("aliases", [])]:
            assert norm(k) not in seen, k
            seen.add(norm(k))


@pytest.mark.parametrize("name", ODDS_TABLES)
def test_odds_table_shape(name):
    t = TABLES[name]
    assert t["lookup"] == "odds"
    assert t["roll"] == "d6"
    assert t["die_columns"] == [0, 1, 2, 3, 4, 5, 6, 7]
    assert [c["key"] for c in t["columns"]] == ["odds", *DIE_KEYS]
    labels = [c["label"] for c in t["columns"][1:]]
    assert labels == ["0 or less", "1", "2", "3", "4", "5", "6", "7 or more"]
    assert [r["odds"] for r in t["rows"]] == ODDS_KEYS
    ratios = [ratio(r["odds"]) for r in t["rows"]]
    assert ratios == sorted(ratios) and len(set(ratios)) == len(ratios)
    notes = " ".join(t["notes"])
    for text in ("1:3", "9:1", "12.12", "0 or less"):
        assert text in notes


@pytest.mark.parametrize("name", ["open-order", "closed-order"])
def test_ship_results_are_step_counts_and_monotonic(name):
    rows = TABLES[name]["rows"]
    for r in rows:
        values = [r[k] for k in DIE_KEYS]
        assert all(isinstance(v, int) for v in values)
        assert values == sorted(values, reverse=True)  # higher die, fewer losses
    for k in DIE_KEYS:
        column = [r[k] for r in rows]
        assert column == sorted(column)  # better odds, more losses


def test_ground_cells_are_defender_slash_attacker():
    for r in TABLES["ground-combat"]["rows"]:
        for k in DIE_KEYS:
            assert re.fullmatch(r"\d/\d", r[k])
    notes = " ".join(TABLES["ground-combat"]["notes"])
    assert "11.2.2" in notes and "11.2.3" in notes and "11.1.4" in notes


def test_ground_rows_shift_one_column():
    rows = TABLES["ground-combat"]["rows"]
    for lower, higher in zip(rows, rows[1:]):
        assert [lower[k] for k in DIE_KEYS[:-1]] == [higher[k] for k in DIE_KEYS[1:]]


# ---------------------------------------------------------------- full rows


@pytest.mark.parametrize(
    "table, odds, expected",
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
def test_whole_rows(table, odds, expected):
    assert [row(table, odds)[k] for k in DIE_KEYS] == expected


# ---------------------------------------------------------------- spot cells


@pytest.mark.parametrize(
    "table, odds, die, expected",
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
def test_spot_cells(table, odds, die, expected):
    assert cell(table, odds, die) == expected


def test_modified_die_clamps_to_end_columns():
    assert cell("open-order", "9:1", -2) == 6
    assert cell("closed-order", "9:1", 9) == 3
    assert cell("ground-combat", "1:3", 8) == "0/5"


# ---------------------------------------------------------------- odds reading


@pytest.mark.parametrize(
    "attack, defense, expected",
    [
        (7, 4, "3:2"),   # rules README: exact ratio, not truncated (7.3.5 vs 7.2.4)
        (1, 2, "1:2"),
        (2, 3, "1:2"),
        (3, 2, "3:2"),
        (5, 2, "2:1"),
        (29, 10, "2:1"),
        (3, 1, "3:1"),
        (1, 4, "1:3"),   # footnote: below 1:3 reads 1:3
        (1, 10, "1:3"),
        (10, 1, "9:1"),  # footnote: above 9:1 reads 9:1
        (40, 3, "9:1"),
    ],
)
@pytest.mark.parametrize("table", ODDS_TABLES)
def test_odds_row_reading(table, attack, defense, expected):
    assert odds_row(table, attack, defense)["odds"] == expected


def test_seven_against_four_open_order_die_four():
    r = odds_row("open-order", 7, 4)
    assert r["odds"] == "3:2" and r["4"] == 1


# ---------------------------------------------------------------- tables 1 and 2


def test_minimum_ship_costs():
    t = TABLES["minimum-ship-costs"]
    assert t["lookup"] == "key"
    assert [c["key"] for c in t["columns"]] == ["code", "category", "cost"]
    assert len(t["rows"]) == 18
    assert [r["code"] for r in t["rows"]][:3] == ["Y", "SC", "F"]
    assert t["rows"][-1]["code"] == "MF"
    costs = [r["cost"] for r in t["rows"]]
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


def test_speciality_ship_costs_shape():
    t = TABLES["speciality-ship-costs"]
    assert t["lookup"] == "key"
    assert [c["key"] for c in t["columns"]] == ["code", "category", "cost", "restriction"]
    assert [r["code"] for r in t["rows"]] == [
        "FR", "HF", "AF", "CVL", "CV", "PS", "MB", "LR", "SP", "MS", "OB", "MO",
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
    assert [r["turns"] for r in TABLES["scenarios"]["rows"]] == [16, 10, 12]
    assert [r["invader-fleet-movement"] for r in TABLES["scenarios"]["rows"]] == [2, 2, 1]


def test_die_modifiers_and_checks():
    assert row("die-modifiers", "ground-manoeuvre")["die"] == "+1"
    assert row("die-modifiers", "technology-advantage-advanced")["paragraph"] == "12.12.2"
    assert row("die-checks", "damage-recovery")["dice"] == "2d6"
    assert row("die-checks", "overload-engines")["condition"] == "Roll of 2 or less"
