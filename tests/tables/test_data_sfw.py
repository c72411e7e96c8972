"""Spot-value tests for tables/starfleet-wars.toml (Starfleet Wars supplement).

Spot values are checked against the rule text in shared/rules/starfleet-wars-supplement.txt,
read as shared/rules/README.md directs (squares for power units, d%00 for the "two
twenty-sided die", result 86 "until repaired", the garbled Data Table left "unknown").
Every value is looked up through the engine; the shape the loader enforces is tested in
tests/tables/test_tables.py.
"""

import pytest

from referee.errors import RefereeError
from tests.helpers.data_tables import Book

SFW = Book("sfw", "starfleet-wars.toml")
table, rows, row, cell, band = SFW.table, SFW.rows, SFW.row, SFW.cell, SFW.band

BOOK = "Starfleet Wars supplement (Superior Models)"
UNKNOWN = "unknown"

EXPECTED_TABLES = [
    "starfortress-modules",
    "starbombers",
    "saps",
    "special-damage",
    "damage-control-1",
    "damage-control-2",
    "starships",
    "power-costs",
    "power-factors",
    "ship-types",
    "starfighters",
    "captacs",
]

PERCENTILE_TABLES = ["special-damage", "damage-control-2"]


def cites_readme(notes):
    return any("shared/rules/README.md" in n for n in notes)


def power_costs():
    """Factor -> power units, from sfw.power-costs."""
    return {r["factor"]: r["pu"] for r in rows("power-costs")}


# --------------------------------------------------------------------------- shape


def test_header_and_tables_present():
    SFW.check_file("Starfleet Wars", BOOK, EXPECTED_TABLES)


@pytest.mark.parametrize("name", SFW.names())
def test_table_shape(name):
    SFW.check_table(name, lookups=("key", "band"))


@pytest.mark.parametrize("name", [n for n in SFW.names() if table(n).lookup == "band"])
def test_band_tables_refuse_numbers_off_the_table(name):
    t = table(name)
    assert t.below == "refuse"
    # power: "There is no maximum limit to the number of factors that can be generated for the shields"
    assert t.above == ("squares" if name == "power-factors" else "refuse")


@pytest.mark.parametrize("name", PERCENTILE_TABLES)
def test_percentile_tables_cover_00_to_99(name):
    t = table(name)
    assert t.lookup == "band"
    assert t.roll == "d%00"
    covered = [n for r in t.rows for n in range(r["low"], r["high"] + 1)]
    assert covered == list(range(0, 100))
    # the reading of "roll two twenty-sided die" is recorded, citing the rules README
    assert cites_readme(t.notes)
    assert any("twenty-sided" in n and "00-99" in n for n in t.notes)


@pytest.mark.parametrize("name", ["special-damage", "damage-control-2", "starships", "power-costs"])
def test_damaged_readings_cite_the_rules_readme(name):
    assert cites_readme(table(name).notes)


def test_unknown_is_spelled_exactly():
    for name in SFW.names():
        for r in rows(name):
            for k, v in r.items():
                if isinstance(v, str) and v.strip().lower() in ("unknown", "?", "n/a", "unreadable"):
                    assert v == UNKNOWN, (name, k, v)


# --------------------------------------------------------------------------- special damage


def test_special_damage_bands_as_printed():
    assert [(r["low"], r["high"]) for r in rows("special-damage")] == [
        (0, 82),
        (83, 85),
        (86, 86),
        (87, 87),
        (88, 89),
        (90, 91),
        (92, 93),
        (94, 94),
        (95, 96),
        (97, 98),
        (99, 99),
    ]


def test_special_damage_86_until_repaired_not_three_turns():
    result = band("special-damage", 86)["result"]
    assert result == "Reduce calculated Offensive Factors by two factors until repaired."
    assert "three turns" not in result
    notes = " ".join(table("special-damage").notes)
    assert "for three turns" in notes and "INVINCIBLE" in notes


def test_special_damage_spot_results():
    assert band("special-damage", 0)["result"] == "No additional damage"
    assert band("special-damage", 82)["result"] == "No additional damage"
    assert band("special-damage", 84)["result"].startswith("Main sensors damaged.")
    assert '36" range' in band("special-damage", 84)["result"]
    assert band("special-damage", 95)["result"] == ("Shields buckle. Subtract two factors from calculated Defensive Factors for four turns.")
    assert band("special-damage", 99)["result"] == "Reactors go critical! Starship blows up."


def test_invincible_special_damage_example():
    # 50 of 240 PU lost = 20.8%: over the 20% threshold, so she rolls; 86 then costs two OF.
    pu = cell("starships", "INVINCIBLE", "power_units")
    assert pu == 240
    assert round(50 / pu * 100, 1) == 20.8
    assert round(44 / pu * 100, 1) == 18.3  # after repairing 6 PU: no more rolls
    costs = power_costs()
    assert costs[11] == 121 and costs[9] == 81  # 121 PU for 11 factors, reduced to 9 (normally 81)


# --------------------------------------------------------------------------- damage control


def test_damage_control_1_values():
    assert [cell("damage-control-1", t, "dct") for t in ("SGD", "GD", "GAC", "GB", "SC", "SD")] == [4, 3, 3, 2, 1, 1]
    assert [cell("damage-control-1", t, "pu_per_dct") for t in ("SGD", "GD", "GAC", "GB", "SC", "SD")] == [80, 60, 30, 30, 30, 15]
    assert [cell("damage-control-1", t, "max_repair") for t in ("SGD", "GD", "GAC", "GB", "SC", "SD")] == [40, 20, 15, 10, 5, 3]
    fortress = row("damage-control-1", "Starfortress")
    assert fortress["dct"] == "1 DCT per LSS"
    assert fortress["pu_per_dct"] == "70 PU on an LSS"
    assert fortress["max_repair"] == "No Maximum"
    for small in ("SB", "SAPS", "GTP", "SF"):
        assert row("damage-control-1", small)["dct"] == 0


def test_damage_control_1_invincible_example():
    # INVINCIBLE (a GD) loses one DCT at 90 PU of damage and a second after 30 more.
    assert cell("starships", "INVINCIBLE", "type") == "GD"
    per = cell("damage-control-1", "GD", "pu_per_dct")
    assert 90 // per == 1 and (90 + 30) // per == 2


def test_damage_control_2_printed_bands():
    expected = {
        "offensive": {
            87: "No Effect",
            88: "One Factor repaired",
            94: "One Factor repaired",
            95: "Two Factors repaired",
            98: "Two Factors repaired",
            99: "Laser Dynamo explodes! All offensive factors lost permanently.",
        },
        "defensive": {
            84: "No effect",
            85: "One Factor repaired",
            93: "One Factor repaired",
            94: "Two Factors repaired",
            97: "Two Factors repaired",
            98: "Field Generators short out! Lose all defensive factors permanently.",
        },
        "speed": {85: "No effect", 86: "One factor repaired", 90: "One factor repaired", 91: "Two factors repaired", 96: "Two factors repaired", 97: "Reactors go critical! Starship explodes!"},
        "power_units": {
            78: "No effect",
            79: "Two power units repaired",
            89: "Two power units repaired",
            90: "Three power units repaired",
            95: "Four power units repaired",
            99: "Six power units repaired",
        },
        "turn_reduction": {88: "No effect", 89: "Damage duration reduced by one turn", 97: "Damage duration reduced by one turn", 98: "Damage Duration reduced by two turns"},
    }
    for column, cells in expected.items():
        for roll, text in cells.items():
            assert band("damage-control-2", roll)[column] == text, (column, roll)
    assert band("damage-control-2", 0)["offensive"] == "No Effect"
    assert band("damage-control-2", 99)["defensive"].startswith("Field Generators short out!")


PRINTED_DCT2_BANDS = {  # Damage Control Table #2 as printed: each type of damage has its own bands
    "offensive": [(0, 87), (88, 94), (95, 98), (99, 99)],
    "defensive": [(0, 84), (85, 93), (94, 97), (98, 99)],
    "speed": [(0, 85), (86, 90), (91, 96), (97, 99)],
    "power_units": [(0, 78), (79, 89), (90, 94), (95, 98), (99, 99)],
    "turn_reduction": [(0, 88), (89, 97), (98, 99)],
}


@pytest.mark.parametrize("column", PRINTED_DCT2_BANDS)
def test_damage_control_2_reads_the_declared_column_in_its_printed_bands(column):
    # "Locate your die roll under the column containing the type damage you wished to repair"
    t = table("damage-control-2")
    for low, high in PRINTED_DCT2_BANDS[column]:
        for roll in range(low, high + 1):
            found = t.look_up([f"{roll:02d}"], column=column)
            assert found.column.key == column
            assert f"falls in band {low} to {high}," in found.reading, (column, roll, found.reading)


def test_damage_control_2_is_read_in_one_column():
    with pytest.raises(RefereeError, match="offensive, defensive, speed, power_units or turn_reduction"):
        table("damage-control-2").look_up(["90"])
    assert "DCT" in table("damage-control-2").choose_column


# --------------------------------------------------------------------------- starships


def test_victory_example():
    v = row("starships", "VICTORY")
    assert v["type"] == "SGD"
    assert v["power_units"] == 480
    assert v["addl_off"] == 7 and v["addl_def"] == 7
    costs = power_costs()
    used = costs[3] + costs[18] + costs[12]
    assert (costs[3], costs[18], costs[12], used) == (9, 324, 144, 477)
    assert used <= v["power_units"]
    assert 18 + v["addl_off"] == 25
    assert 12 + v["addl_def"] == 19  # "boosted from 12 to 9 (12 + 7 = 19)" reads 19
    assert v["max_off"] >= 18 and v["max_def"] >= 12


def test_pirahna_example():
    p = row("starships", "Piranha")
    assert p["class"] == "PIRAHNA"
    assert p["type"] == "SD"
    assert p["power_units"] == 30  # the OCR's '58' is overruled by the example: 20 damage leaves 10
    costs = power_costs()
    assert costs[2] + costs[2] + costs[1] == 9 <= p["power_units"] - 20


def test_starship_spot_values():
    assert cell("starships", "MANTIS", "class") == "NEW MANTIS"
    assert cell("starships", "NEW MANTIS", "power_units") == 235
    assert cell("starships", "CONDOR", "power_units") == 257
    assert (cell("starships", "INVINCIBLE", "cids"), cell("starships", "INVINCIBLE", "cids_bracket")) == (76, 24)
    assert cell("starships", "STINGRAY", "type") == "GAC"
    assert cell("starships", "BEHEMOTH", "type") == "GAC"
    assert cell("starships", "BEHEMOTH", "power_units") == 130
    assert cell("starships", "KUACH", "type") == "GB"
    assert cell("starships", "SAMURAI", "order_no") == "TS-10"
    assert cell("starships", "SAMURAI", "power_units") == 38
    assert cell("starships", "SWIFTSURE", "particle_weapon") == "Neutron Torpedoes"
    assert cell("starships", "SEA HORSE", "particle_weapon") == "Radon Bomb Catapult"


def test_transports_group_matches_fleet_transports():
    # the transports group at the foot of the Data Table: order no., PU, CIDS %
    group = {"ES-25": (20, 10), "AS-45": (21, 13), "TS-07": (21, 12), "WS-67": (19, 10), "CS-86": (19, 9)}
    gtps = [r for r in rows("starships") if r["type"] == "GTP"]
    assert sorted(r["class"] for r in gtps) == ["CUB", "HAVOC", "LOCUST", "SEA HORSE", "TURKEY"]
    for r in gtps:
        assert group[r["order_no"]] == (r["power_units"], r["cids"])
        assert r["cids_bracket"] == 2


def test_cids_bracket_is_about_a_tenth_of_power_units():
    for r in rows("starships"):
        if r["type"] != "SGD" and isinstance(r["power_units"], int) and isinstance(r["cids_bracket"], int):
            assert abs(r["cids_bracket"] - r["power_units"] / 10) <= 1, r["class"]


def test_starship_unknown_cells():
    ships = rows("starships")
    for name in ("MORNING STAR", "WEB", "HELLCAT"):
        r = row("starships", name)
        for k, v in r.items():
            if k not in ("fleet", "class", "particle_weapon", "aliases"):
                assert v == UNKNOWN, (name, k)
    # columns no fleet row could be read for, outside the one-row groups and the VICTORY example
    for k in ("no_in_class", "attack_craft", "launchers", "reloads", "max_off", "max_def"):
        known = sorted(r["class"] for r in ships if r[k] != UNKNOWN)
        assert set(known) <= {"SAMURAI", "KUACH", "VICTORY"}, (k, known)
    assert cell("starships", "SWARM", "cids") == UNKNOWN
    assert cell("starships", "EAGLE", "cids") == UNKNOWN
    assert cell("starships", "LEVIATHAN", "type") == UNKNOWN
    # every cell is a number, "-" or text; unknown cells never hide a number
    for r in ships:
        for k, v in r.items():
            if isinstance(v, str) and k in ("power_units", "max_off", "max_def", "cids", "cids_bracket"):
                assert v == UNKNOWN or (k in ("max_off", "max_def") and v == "-"), (r["class"], k, v)


def test_additional_factors_only_for_sgds():
    for r in rows("starships"):
        for k in ("addl_off", "addl_def"):
            if r[k] not in (UNKNOWN, "-"):
                assert r["type"] == "SGD", r["class"]
            if r["type"] not in (UNKNOWN, "SGD"):
                assert r[k] == "-", (r["class"], k)


# --------------------------------------------------------------------------- power units


def test_power_costs_are_squares():
    costs = rows("power-costs")
    assert [r["factor"] for r in costs] == list(range(len(costs)))
    assert len(costs) >= 21
    for r in costs:
        assert r["pu"] == r["factor"] ** 2
    assert cell("power-costs", "20", "pu") == 400


def cost(factor):
    """What ``referee table lookup sfw.power-costs FACTOR pu`` reads, and how."""
    found = table("power-costs").look_up([str(factor), "pu"])
    return found.value, found.reading


def test_power_costs_go_on_by_the_rule_beyond_the_printed_rows():
    # "There is no maximum limit to the number of factors that can be generated for the shields"
    assert table("power-costs").above == "squares"
    assert rows("power-costs")[-1] == {"factor": 40, "pu": 1600}
    assert cost(40) == (1600, "row '40', Power units (factor squared)")
    value, reading = cost(41)  # 17 LSS = 1700 PU: 41 factors (sfw.power-factors) cost 1681
    assert value == 1681 == band("power-factors", 1700)["factor"] ** 2
    assert reading.startswith("41 is above the printed rows (0 to 40): by their rule of squares, 41 x 41 = 1681")
    assert cost(100)[0] == 10_000
    assert cost(0) == (0, "row '0', Power units (factor squared)")
    with pytest.raises(RefereeError, match="no factor -1; it runs from 0 up"):
        cost(-1)


@pytest.mark.parametrize("lss", [3, 16, 17, 18, 25, 100])
def test_the_factors_a_fortress_can_power_cost_no_more_than_its_power(lss):
    power = lss * 100  # "Each LSS produces 100 power units"
    factor = band("power-factors", power)["factor"]
    assert cost(factor)[0] <= power < cost(factor + 1)[0]


def test_mad_example():
    mad = row("starfortress-modules", "MAD")
    assert (mad["sfw_power_units"], mad["sfw_max_off"], mad["sfw_max_def"]) == (30, 3, 5)
    costs = power_costs()
    assert costs[5] + costs[2] == 29 <= mad["sfw_power_units"]
    assert costs[5] + costs[3] == 34 > mad["sfw_power_units"]


def test_power_factors_reverse_lookup():
    assert band("power-factors", 300)["factor"] == 17  # 3 LSS "enough power for 17 factors"
    assert band("power-factors", 104)["factor"] == 10  # "A defensive factor of 10 could be used"
    assert band("power-factors", 0)["factor"] == 0
    assert band("power-factors", 480)["factor"] == 21
    with pytest.raises(RefereeError):
        band("power-factors", -1)


@pytest.mark.parametrize("lss, factor", [(16, 40), (17, 41), (18, 42), (25, 50), (100, 100)])
def test_power_factors_of_a_fortress_beyond_the_printed_rows(lss, factor):
    # "Each LSS produces 100 power units"; "There is no maximum limit to the number of factors that
    # can be generated for the shields"; every factor costs its square.
    power = lss * 100
    assert band("power-factors", power)["factor"] == factor
    assert factor**2 <= power < (factor + 1) ** 2


def test_power_factors_edges_beyond_the_printed_rows():
    assert rows("power-factors")[-1]["high"] == 1680
    assert band("power-factors", 1680)["factor"] == 40
    assert band("power-factors", 1681) == {"low": 1681, "high": 1763, "factor": 41}
    assert band("power-factors", 1763)["factor"] == 41
    assert band("power-factors", 1764)["factor"] == 42


# --------------------------------------------------------------------------- fortress and small craft


def test_starfortress_values():
    wp = row("starfortress-modules", "Weapons Pod")
    assert [wp[k] for k in ("sfw_power_units", "sfw_max_off", "sfw_max_def", "sfw_cids", "sfw_attack_craft", "sfw_pw_launchers", "sfw_pw_reloads")] == [60, 6, "*", 100, 4, 6, 18]
    assert cell("starfortress-modules", "LSS", "sfw_power_units") == 100
    assert cell("starfortress-modules", "CM", "sfw_power_units") == 50
    assert cell("starfortress-modules", "SAWS", "sfw_cids") == 10
    # example: 3 LSS, 2 WP and a SAWS: 6+6+2 = 14 OF
    assert 2 * cell("starfortress-modules", "WP", "sfw_max_off") + cell("starfortress-modules", "SAWS", "sfw_max_off") == 14
    assert [cell("starfortress-modules", m, "maatac_armor") for m in ("WP", "LSS", "CM", "MAD", "MAWS", "SAWS")] == list("AABCDE")
    assert [cell("starfortress-modules", m, "maatac_rob") for m in ("WP", "MAWS", "SAWS")] == [24, 10, 8]
    mad = row("starfortress-modules", "MAD")
    assert [mad[k] for k in ("maatac_speed", "maatac_factor", "maatac_heavy", "maatac_medium", "maatac_light")] == [2, 1, 1, 2, 6]


def test_starbombers():
    assert [cell("starbombers", n, "light_laser_factors") for n in ("MARS", "STING", "BUZZARD", "WAHOO", "SNARL")] == [6, 4, 5, 5, 4]
    assert [cell("starbombers", n, "particle_factors") for n in ("SB01", "SB20", "SB40", "SB60", "SB80")] == [4, 4, 5, 4, 6]
    # example of play: a Sting fires 4 + 4 particle weapons, "leaving only two reloads on board"
    assert cell("starbombers", "STING", "reloads") == 4 + 4 + 2
    assert cell("starbombers", "MARS", "reloads") == 8
    for n in ("BUZZARD", "WAHOO", "SNARL"):
        assert cell("starbombers", n, "reloads") == UNKNOWN
    assert all(r["speed"] == 5 for r in rows("starbombers"))


def test_saps():
    assert [cell("saps", n, "light_lasers") for n in ("Dauntless", "Louse", "Sparrow", "Dolphin", "Kitten")] == [10, 11, 10, 9, 8]
    assert cell("saps", "SAPS 20", "name") == "Louse"
    assert all(r["particle_weapons"] == 0 and r["speed"] == 5 for r in rows("saps"))


def test_captac():
    c = row("captacs", "CapTac")
    assert (c["range_inches"], c["firing_speed"], c["hit_damage_pu"], c["destroyed_in_tow_pu"], c["activation_range_inches"]) == (18, 5, 40, 25, 30)


def test_ship_types_and_starfighters():
    assert cell("ship-types", "GAC", "name") == "Galactic Attack Carrier"
    assert cell("ship-types", "SC", "name") == UNKNOWN
    for r in rows("ship-types"):
        if r["dct_row"] != "-":
            row("damage-control-1", r["dct_row"])  # every type finds its Damage Control row
    assert cell("starfighters", "SF-01", "name") == "COMET"
    assert cell("starfighters", "SF-81", "name") == "LEOPARD"
    assert cell("starfighters", "SF-60", "name") == UNKNOWN
