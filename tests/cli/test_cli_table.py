"""``referee table lookup|roll`` and ``referee roll`` as a referee types them: negative dice, odds
tables rolled without odds, Stellar Inferno attacks of 0, the declared column of Damage Control
Table #2, power beyond the printed factors, and a cost's ship category (issue 12, part 5)."""

from __future__ import annotations

import json

import pytest

from tests.helpers.cli import run


def refused(*args: str) -> str:
    """The one line a refusal prints; nothing on stdout, exit code 2."""
    code, out, err = run(*args)
    assert code == 2, (out, err)
    assert out == ""
    assert err.startswith("referee: error: ") and err.count("\n") == 1, err
    return err


# -- a negative number is a value, not an option --------------------------------------------------


def test_a_die_moved_below_1_reads_the_0_or_less_column() -> None:
    """Tables 3-5 have a '0 or less' column: a die moved below 1 (technology advantage, 12.12.2)."""
    code, out, err = run("table", "lookup", "si.open-order", "3:2", "-1")
    assert code == 0, err
    assert out.splitlines()[0] == "result: 2"
    assert "die -1 reads the column '0 or less'" in out
    data = json.loads(run("table", "lookup", "si.ground-combat", "2:1", "-2", "--json")[1])
    assert (data["column"], data["value"]) == ("0", "3/1")


def test_a_negative_modified_roll_is_looked_up_on_the_damage_table() -> None:
    code, out, err = run("table", "lookup", "kh.damage", "-5")
    assert code == 0, err
    assert "Type of Damage: Hull hit: double normal damage" in out and "-5 falls in band -20 to 10" in out


def test_a_negative_term_of_a_dice_expression_is_part_of_it() -> None:
    code, out, err = run("roll", "d6", "-1", "--rolled", "0")
    assert code == 0, err
    assert out.startswith("1d6-1: entered at the table = 0 (entered)")


def test_negative_odds_reach_the_rule_not_the_option_parser() -> None:
    assert "7.2.4" in refused("table", "lookup", "si.closed-order", "-1:3", "4")


def test_real_options_still_work_beside_negative_numbers_and_unknown_ones_are_refused() -> None:
    data = json.loads(run("table", "lookup", "si.open-order", "3:2", "-1", "--json")[1])
    assert data["value"] == 2
    code, out, _ = run("table", "roll", "kh.damage", "--modifier", "-10", "--rolled", "5")
    assert code == 0 and "modified: 5 -10 = -5" in out
    assert "No such option '--jsn'" in refused("table", "lookup", "kh.damage", "83", "--jsn")
    assert "No such option '-x'" in refused("table", "lookup", "si.open-order", "3:2", "-x")
    assert "No such option '--sede'" in refused("roll", "d6", "--sede", "3")
    assert "No such option '--rolld'" in refused("table", "roll", "kh.damage", "--rolld", "3")


# -- an odds table is rolled at the odds ------------------------------------------------------------


@pytest.mark.parametrize("extra", [(), ("--rolled", "5"), ("--seed", "3", "--json")])
def test_rolling_an_odds_table_without_odds_asks_for_them(extra: tuple[str, ...]) -> None:
    err = refused("table", "roll", "si.closed-order", *extra)
    assert "give the odds, e.g. 3:2" in err
    assert "is not odds" not in err


def test_rolling_an_odds_table_takes_the_odds_only() -> None:
    assert "give only the odds" in refused("table", "roll", "si.open-order", "3:2", "4")


# -- Stellar Inferno 7.2.4: an attack of 0 or less is not made --------------------------------------


@pytest.mark.parametrize("table", ["si.open-order", "si.closed-order"])
def test_a_ship_attack_of_0_is_refused_citing_7_2_4(table: str) -> None:
    err = refused("table", "lookup", table, "0:5", "3")
    assert "7.2.4" in err and "0:5" in err
    assert "7.2.4" in refused("table", "roll", table, "0:2", "--rolled", "3")


def test_a_ground_attack_of_0_reads_1_to_3_as_the_footnote_says() -> None:
    """7.2.4 is a rule of ship combat; ground combat (11.1-11.2) has no such rule."""
    code, out, _ = run("table", "lookup", "si.ground-combat", "0:5", "1")
    assert code == 0 and out.splitlines()[0] == "result: 0/0"


# -- Damage Control Table #2: the column the DCT declared ----------------------------------------------


def test_damage_control_roll_reads_only_the_declared_column() -> None:
    code, out, err = run("table", "roll", "sfw.damage-control-2", "--column", "speed", "--rolled", "90")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("d%00: entered at the table = 90 (entered)")
    assert lines[1] == "Speed: One factor repaired"
    assert "90 falls in band 86 to 90, Speed" in lines[2]  # the band the book prints for Speed
    assert len(lines) == 3
    assert "Offensive" not in out and "Power Units:" not in out


def test_damage_control_roll_json_names_the_column() -> None:
    data = json.loads(run("table", "roll", "sfw.damage-control-2", "--column", "PU", "--seed", "2", "--json")[1])
    assert data["lookup"]["column"] == "power_units"
    assert data["lookup"]["value"] == data["lookup"]["row"]["power_units"]


def test_damage_control_lookup_in_the_declared_column() -> None:
    code, out, _ = run("table", "lookup", "sfw.damage-control-2", "97", "--column", "speed")
    assert code == 0 and out.splitlines()[0] == "Speed: Reactors go critical! Starship explodes!"
    assert run("table", "lookup", "sfw.damage-control-2", "97", "speed")[1] == out


@pytest.mark.parametrize("command", [("roll", "sfw.damage-control-2"), ("lookup", "sfw.damage-control-2", "90")])
def test_damage_control_without_a_column_names_the_columns(command: tuple[str, ...]) -> None:
    err = refused("table", *command)
    assert "offensive, defensive, speed, power_units or turn_reduction" in err


# -- power beyond the printed factors ------------------------------------------------------------------


def test_a_fortress_of_17_lss_has_power_for_41_factors() -> None:
    """17 LSS at 100 PU each (Power Units) = 1700 PU; 41 factors cost 41 x 41 = 1681."""
    code, out, err = run("table", "lookup", "sfw.power-factors", "1700")
    assert code == 0, err
    assert "Most factors: 41" in out
    assert "band 1681 to 1763" in out


def test_the_41_factors_of_a_17_lss_fortress_cost_1681_power_units() -> None:
    """sfw.power-costs prints factors 0 to 40; a factor beyond goes on by the rule of squares."""
    code, out, err = run("table", "lookup", "sfw.power-costs", "41")
    assert code == 0, err
    assert out.splitlines()[:2] == ["Factor: 41", "Power units (factor squared): 1681"]
    assert "41 is above the printed rows (0 to 40): by their rule of squares, 41 x 41 = 1681" in out
    data = json.loads(run("table", "lookup", "sfw.power-costs", "41", "pu", "--json")[1])
    assert (data["row"], data["value"]) == ({"factor": 41, "pu": 1681}, 1681)
    assert "by their rule of squares" in data["reading"]


def test_a_printed_factor_reads_its_row_and_a_negative_one_is_refused() -> None:
    code, out, err = run("table", "lookup", "sfw.power-costs", "40", "pu")
    assert code == 0, err
    assert out.splitlines()[0] == "Power units (factor squared): 1600"
    assert "row '40'" in out and "rule of squares" not in out
    assert run("table", "lookup", "sfw.power-costs", "0", "pu")[1].splitlines()[0] == "Power units (factor squared): 0"
    # '-' is ignored in names (laser-cannon), but -1 is not the factor 1
    assert "sfw.power-costs has no factor -1; it runs from 0 up" in refused("table", "lookup", "sfw.power-costs", "-1")
    assert "a number from 0 up" in refused("table", "lookup", "sfw.power-costs", "forty")


def test_a_negative_number_is_not_the_key_of_its_positive() -> None:
    assert "no row '-1'" in refused("table", "lookup", "si.scenarios", "-1")


# -- Stellar Inferno Table 1: a cost gives its category ------------------------------------------------


def test_a_cost_reads_the_highest_category_at_or_below_it() -> None:
    code, out, err = run("table", "lookup", "si.minimum-ship-costs", "40")
    assert code == 0, err
    assert "Code: DD" in out and "Category: Destroyer" in out
    assert "at or below" in out


def test_a_cost_below_the_first_row_is_refused() -> None:
    assert "below" in refused("table", "lookup", "si.minimum-ship-costs", "0")
