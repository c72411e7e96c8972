"""The table engine: loading and checking the TOML files, and the three kinds of lookup."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee import tables
from referee.errors import RefereeError

ALL = tables.load()
SYSTEMS = {"kh", "ssw", "sfw", "si"}


def look(name: str, *keys: str, variant: str = "") -> tables.Lookup:
    return ALL.get(name).look_up(list(keys), variant)


def test_every_rule_system_has_its_file_and_every_table_cites_a_source() -> None:
    assert {n.split(".")[0] for n in ALL.names()} == SYSTEMS
    for name in ALL.names():
        table = ALL.get(name)
        assert table.title and table.source, name
        assert table.rows, name


def test_loading_one_prefix_reads_only_that_file() -> None:
    only = tables.load(prefix="si")
    assert {n.split(".")[0] for n in only.names()} == {"si"}


def test_loading_several_prefixes_reads_only_their_files_whole() -> None:
    two = tables.load(prefix=("kh", "ssw"))
    assert {n.split(".")[0] for n in two.names()} == {"kh", "ssw"}
    assert two.names() == [n for n in ALL.names() if n.startswith(("kh.", "ssw."))]


def test_a_campaign_looks_up_only_the_tables_of_the_systems_its_commands_load() -> None:
    """``referee campaign`` loads the tables of ``SYSTEMS`` only: every table its rules (the war's,
    and the Knight Hawks rules a war uses) and its commands name is one of those."""
    from referee.cli.campaign import SYSTEMS

    top = Path(__file__).parents[2] / "referee"
    named: set[str] = set()
    for source in [*(top / "sathar_war").glob("*.py"), *(top / "knight_hawks").glob("*.py"), top / "cli" / "campaign.py", top / "cli" / "battles.py"]:
        named |= set(re.findall(r"[\"'](kh|ssw|sfw|si)\.[a-z][a-z0-9-]*", source.read_text(encoding="utf-8")))
    assert named and named <= set(SYSTEMS), named - set(SYSTEMS)


# -- band lookups: the Advanced Damage Table ------------------------------------------------------


def test_damage_table_at_83_is_a_defense_hit_not_the_misprinted_example() -> None:
    found = look("kh.damage", "83")
    assert found.row["result"] == "Defense hit: ICM; SS; PS; ES; MS"
    assert found.row["systems"] == ["ICM", "SS", "PS", "ES", "MS"]
    assert "83 falls in band 81 to 84" in found.citation()
    assert "Advanced Game Damage Table" in found.citation()


@pytest.mark.parametrize(
    ("roll", "low", "high"),
    [("-20", -20, 10), ("10", -20, 10), ("11", 11, 45), ("45", 11, 45), ("66", 65, 66), ("120", 117, 120)],
)
def test_damage_table_band_edges(roll: str, low: int, high: int) -> None:
    found = look("kh.damage", roll)
    assert (found.row["low"], found.row["high"]) == (low, high)


def test_damage_table_refuses_rolls_it_cannot_have() -> None:
    with pytest.raises(RefereeError, match="no band for 121; it runs from -20 to 120"):
        look("kh.damage", "121")
    with pytest.raises(RefereeError, match="whole number"):
        look("kh.damage", "eighty")


def test_a_d10_face_of_0_reads_as_10_on_a_1d10_table() -> None:
    ten = look("ssw.nova-placement", "10")
    zero = look("ssw.nova-placement", "0")
    assert zero.row == ten.row
    assert zero.reading.startswith("0 on a d10 reads as 10")
    with pytest.raises(RefereeError, match="runs from 1 to 10"):
        look("ssw.nova-placement", "11")


def test_band_lookup_of_one_column() -> None:
    assert look("kh.damage", "66", "result").value == "Weapon hit: DC; LC; AR; T; LB"


# -- key lookups with two keys and variants: the Advanced Combat Table ------------------------------


def test_laser_cannon_against_reflective_hull_plain_and_gunnery() -> None:
    plain = look("kh.combat-advanced", "laser cannon", "reflective hull")
    assert plain.value == 60
    assert "plain" in plain.reading
    assert look("kh.combat-advanced", "LC", "RH", "gunnery").value == 45
    assert look("kh.combat-advanced", "lc", "rh", variant="gunnery").value == 45


def test_single_figure_cells_serve_both_readings() -> None:
    assert look("kh.combat-advanced", "seeker missile", "stasis screen").value == 90
    assert look("kh.combat-advanced", "seeker missile", "stasis screen", "gunnery").value == 90


def test_key_lookup_mistakes_name_the_valid_choices() -> None:
    with pytest.raises(RefereeError, match="no row 'phaser'; choose from laser cannon, laser battery"):
        look("kh.combat-advanced", "phaser")
    with pytest.raises(RefereeError, match="no column 'shields'; choose from weapon, none, reflective-hull"):
        look("kh.combat-advanced", "LC", "shields")
    with pytest.raises(RefereeError, match="no variant 'expert'; choose from plain, gunnery"):
        look("kh.combat-advanced", "LC", "RH", "expert")


def test_basic_combat_table_laser_battery_against_reflective_hull_is_50() -> None:
    """The Basic Game example: a laser battery fires at a reflective hull, 50% to hit."""
    assert look("kh.combat-basic", "laser battery", "reflective hull").value == 50


# -- odds lookups: Stellar Inferno -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("attack", "defense", "row"),
    [
        (7, 4, "3:2"),  # rules README: 7 against 4 reads 3:2, not 1:1
        (3, 2, "3:2"),
        (2, 1, "2:1"),
        (5, 2, "2:1"),
        (3, 1, "3:1"),
        (1, 1, "1:1"),
        (2, 3, "1:2"),
        (1, 2, "1:2"),
        (1, 3, "1:3"),
        (1, 5, "1:3"),  # below 1:3 reads 1:3
        (9, 1, "9:1"),
        (25, 2, "9:1"),  # above 9:1 reads 9:1
        (17, 2, "8:1"),
    ],
)
def test_odds_row_is_the_highest_at_or_below_the_ratio(attack: int, defense: int, row: str) -> None:
    chosen, _ = ALL.get("si.open-order").odds_row(attack, defense)
    assert chosen["odds"] == row


@pytest.mark.parametrize("name", ["si.open-order", "si.closed-order"])
@pytest.mark.parametrize("attack", [0, -2])
def test_a_ship_attack_of_0_or_less_is_not_made(name: str, attack: int) -> None:
    """7.2.4: a ship whose modified attack factor is 0 or less cannot take part in the attack."""
    with pytest.raises(RefereeError, match=r"7\.2\.4"):
        ALL.get(name).odds_row(attack, 5)
    with pytest.raises(RefereeError, match=r"7\.2\.4"):
        look(name, f"{attack}:5", "3")


def test_a_ground_attack_of_0_reads_the_first_row() -> None:
    """Ground combat (11.1-11.2) has no rule like 7.2.4: 0 against 5 is below 1:3 and reads it."""
    chosen, how = ALL.get("si.ground-combat").odds_row(0, 5)
    assert chosen["odds"] == "1:3" and "read as 1:3" in how
    with pytest.raises(RefereeError, match="attack of 0 or more"):
        look("si.ground-combat", "-1:5", "3")


def test_open_order_at_3_to_2_with_a_4() -> None:
    found = look("si.open-order", "3:2", "4")
    assert found.value == 1
    assert "3:2 reads row 3:2; die 4" in found.reading


def test_closed_order_and_ground_combat_cells() -> None:
    assert look("si.closed-order", "9:1", "0").value == 8
    assert look("si.ground-combat", "1:3", "0").value == "1/1"
    assert look("si.ground-combat", "5:1", "7").value == "1/1"


def test_die_beyond_the_columns_reads_the_end_columns() -> None:
    low = look("si.open-order", "9:1", "-3")
    assert low.value == 6 and "reads the column '0 or less'" in low.reading
    high = look("si.open-order", "9:1", "12")
    assert high.value == 3 and "reads the column '7 or more'" in high.reading


def test_odds_beyond_the_rows_say_the_footnote_was_applied() -> None:
    assert "below 1:3: read as 1:3" in look("si.open-order", "1:4", "1").reading
    assert "above 9:1: read as 9:1" in look("si.open-order", "10:1", "1").reading


@pytest.mark.parametrize(
    ("keys", "says"),
    [
        (["3-2", "4"], "not odds"),
        (["1.5:1", "4"], "whole factors"),
        (["3:0", "4"], "more than 0"),
        (["3:-2", "4"], "more than 0"),
        (["3:2", "four"], "whole number"),
        (["3:2", "4", "5"], "odds and a die"),
    ],
)
def test_odds_mistakes(keys: list[str], says: str) -> None:
    with pytest.raises(RefereeError, match=says):
        look("si.open-order", *keys)


# -- table names -------------------------------------------------------------------------------------


def test_unknown_table_names_list_the_closest() -> None:
    with pytest.raises(RefereeError, match="no table called 'kh.damag'; did you mean kh.damage"):
        ALL.get("kh.damag")
    with pytest.raises(RefereeError, match="referee table list"):
        ALL.get("zzzz")


def test_a_bare_name_finds_the_only_table_with_it() -> None:
    assert ALL.get("open-order").name == "si.open-order"


# -- refusing malformed files --------------------------------------------------------------------------

GOOD = """
prefix = "t"
[tables.bands]
title = "T"
source = "S"
lookup = "band"
columns = [{ key = "low", label = "L" }, { key = "high", label = "H" }, { key = "result", label = "R" }]
rows = [{ low = 1, high = 5, result = "a" }, { low = 6, high = 10, result = "b" }]
"""


def load_text(tmp_path: Path, text: str) -> tables.Tables:
    (tmp_path / "t.toml").write_text(text, encoding="utf-8")
    return tables.load(tmp_path)


def test_a_good_file_loads(tmp_path: Path) -> None:
    assert load_text(tmp_path, GOOD).get("t.bands").band(7)[0]["result"] == "b"


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (("high = 5, result", "high = 4, result"), "band 6-10 does not follow the band ending at 4"),
        ((', result = "b" }', " }"), "row 2 (6): missing result"),
        (('result = "b" }', 'result = "b", colour = "red" }'), "unknown column(s) colour"),
        (('lookup = "band"', 'lookup = "dice"'), "lookup must be 'key', 'band' or 'odds'"),
        (('title = "T"', 'title = "T"\nsubtitle = "x"'), "unknown field(s) subtitle"),
        (('source = "S"\n', ""), "required field 'source' is missing"),
        (('prefix = "t"', ""), "needs prefix"),
        (("rows = [", "rows = [[["), "cannot read the table file"),
    ],
)
def test_malformed_files_are_refused_naming_the_place(tmp_path: Path, change: tuple[str, str], says: str) -> None:
    with pytest.raises(RefereeError) as refused:
        load_text(tmp_path, GOOD.replace(*change))
    assert says in str(refused.value)


def test_duplicate_keys_are_refused(tmp_path: Path) -> None:
    text = """
prefix = "t"
[tables.keys]
title = "T"
source = "S"
lookup = "key"
columns = [{ key = "ship", label = "Ship" }]
rows = [{ ship = "Frigate", aliases = ["FF"] }, { ship = "ff" }]
"""
    with pytest.raises(RefereeError, match="key 'ff' names two rows"):
        load_text(tmp_path, text)


def test_odds_rows_must_ascend(tmp_path: Path) -> None:
    text = """
prefix = "t"
[tables.odds]
title = "T"
source = "S"
lookup = "odds"
die_columns = [1, 2]
columns = [{ key = "odds", label = "Odds" }, { key = "1", label = "1" }, { key = "2", label = "2" }]
rows = [{ odds = "2:1", 1 = 1, 2 = 0 }, { odds = "1:1", 1 = 0, 2 = 0 }]
"""
    with pytest.raises(RefereeError, match="odds rows must ascend"):
        load_text(tmp_path, text)


SQUARES = """
prefix = "t"
[tables.factors]
title = "T"
source = "S"
lookup = "band"
above = "squares"
columns = [{ key = "low", label = "L" }, { key = "high", label = "H" }, { key = "factor", label = "F" }]
rows = [{ low = 0, high = 0, factor = 0 }, { low = 1, high = 3, factor = 1 }, { low = 4, high = 8, factor = 2 }]
"""


def test_bands_of_squares_go_on_by_the_rule_beyond_the_last_row(tmp_path: Path) -> None:
    factors = load_text(tmp_path, SQUARES).get("t.factors")
    assert factors.band(8)[0]["factor"] == 2
    row, how = factors.band(9)
    assert row == {"low": 9, "high": 15, "factor": 3}
    assert "9 is above the printed bands" in how and "band 9 to 15" in how
    assert factors.band(10_000)[0]["factor"] == 100
    with pytest.raises(RefereeError, match="no band for -1; it runs from 0 up"):
        factors.band(-1)


def test_bands_of_squares_must_follow_the_rule(tmp_path: Path) -> None:
    with pytest.raises(RefereeError, match=r"band 4-9 \(factor 2\) is not the band of 2 squared"):
        load_text(tmp_path, SQUARES.replace("high = 8", "high = 9"))
    with pytest.raises(RefereeError, match="above = 'squares' is for band tables of three columns .* and key tables of two"):
        load_text(tmp_path, SQUARES.replace('lookup = "band"', 'lookup = "key"'))


COSTS = """
prefix = "t"
[tables.costs]
title = "T"
source = "S"
lookup = "key"
above = "squares"
columns = [{ key = "factor", label = "Factor" }, { key = "pu", label = "Cost" }]
rows = [{ factor = 0, pu = 0 }, { factor = 1, pu = 1 }, { factor = 2, pu = 4 }]
"""


def test_factors_go_on_by_the_rule_of_squares_beyond_the_last_row(tmp_path: Path) -> None:
    costs = load_text(tmp_path, COSTS).get("t.costs")
    printed = costs.look_up(["2", "cost"])
    assert (printed.row, printed.value, printed.reading) == ({"factor": 2, "pu": 4}, 4, "row '2', Cost")
    beyond = costs.look_up(["3", "cost"])
    assert (beyond.row, beyond.value) == ({"factor": 3, "pu": 9}, 9)
    assert beyond.reading == "3 is above the printed rows (0 to 2): by their rule of squares, 3 x 3 = 9, Cost"
    assert costs.look_up([" +100 "]).row == {"factor": 100, "pu": 10_000}
    assert costs.look_up(["0"]).row == {"factor": 0, "pu": 0}
    assert costs.key_help() == "a factor from 0 up and optionally a column (pu)"


@pytest.mark.parametrize(
    "key, message",
    [
        ("-1", "t.costs has no factor -1; it runs from 0 up"),
        ("- 2", "t.costs has no row '- 2'; choose a number from 0 up"),
        ("three", "t.costs has no row 'three'; choose a number from 0 up"),
        ("1.5", "t.costs has no row '1.5'; choose a number from 0 up"),
        ("1234567", "t.costs: the factor must be a whole number of at most 6 digits, not '1234567'"),
    ],
)
def test_a_factor_below_the_first_row_or_not_a_number_is_refused(tmp_path: Path, key: str, message: str) -> None:
    costs = load_text(tmp_path, COSTS).get("t.costs")
    with pytest.raises(RefereeError) as error:
        costs.look_up([key])
    assert str(error.value) == message


def test_the_first_row_sets_the_lowest_factor(tmp_path: Path) -> None:
    costs = load_text(tmp_path, COSTS.replace("{ factor = 0, pu = 0 }, ", "")).get("t.costs")
    assert costs.look_up(["1"]).row == {"factor": 1, "pu": 1}
    with pytest.raises(RefereeError, match="no factor 0; it runs from 1 up"):
        costs.look_up(["0"])


@pytest.mark.parametrize(
    "change, message",
    [
        (("pu = 4", "pu = 5"), r"row 2: a factor must be a whole number and its square the other column"),
        (("factor = 2", 'factor = "2"'), r"row '2': a factor must be a whole number"),
        (("{ factor = 1, pu = 1 }, ", ""), r"row 2: the factors must run from 0 up without a gap"),
        (("{ factor = 0, pu = 0 }, { factor = 1, pu = 1 }", "{ factor = 1, pu = 1 }, { factor = 0, pu = 0 }"), r"row 0: the factors must run from 1 up"),
    ],
)
def test_factors_and_squares_must_follow_the_rule(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    with pytest.raises(RefereeError, match=message):
        load_text(tmp_path, COSTS.replace(*change))


def test_a_key_table_of_squares_has_two_columns(tmp_path: Path) -> None:
    columns, rows = COSTS.split("columns = ")[1].split("\nrows = ")
    three = COSTS.replace(columns, columns.replace("]", ', { key = "x", label = "X" }]')).replace(rows, rows.replace(" }", ", x = 0 }"))
    with pytest.raises(RefereeError, match="and key tables of two"):
        load_text(tmp_path, three)


@pytest.mark.parametrize("edge", ['above = "clamp"', 'below = "clamp"'])
def test_a_key_table_takes_no_band_edges(tmp_path: Path, edge: str) -> None:
    with pytest.raises(RefereeError, match="below and above are for band tables"):
        load_text(tmp_path, COSTS.replace('above = "squares"', edge))


def test_a_typed_minus_sign_before_a_number_is_kept() -> None:
    assert tables.normal("-1") != tables.normal("1") and tables.normal(" - 1") == "-1"
    assert tables.normal("laser-cannon") == tables.normal("Laser Cannon") == "lasercannon"
    assert tables.normal("-x") == "x"


CHOSEN = """
prefix = "t"
[tables.repairs]
title = "T"
source = "S"
lookup = "band"
choose_column = "the repair declared"
columns = [{ key = "low", label = "L" }, { key = "high", label = "H" }, { key = "hull", label = "Hull" }, { key = "drive", label = "Drive" }]
rows = [{ low = 1, high = 3, hull = "none", drive = "none" }, { low = 4, high = 5, hull = "none", drive = "one" }, { low = 6, high = 6, hull = "two", drive = "one" }]
"""


def test_a_table_read_in_one_chosen_column(tmp_path: Path) -> None:
    repairs = load_text(tmp_path, CHOSEN).get("t.repairs")
    found = repairs.look_up(["2"], column="hull")
    assert found.value == "none" and "2 falls in band 1 to 5, Hull" in found.reading  # that column's own band
    assert repairs.look_up(["5", "drive"]).reading.startswith("5 falls in band 4 to 6")
    with pytest.raises(RefereeError, match="read in one column, the repair declared: choose hull or drive"):
        repairs.look_up(["2"])
    with pytest.raises(RefereeError, match="takes"):
        repairs.look_up(["2", "drive"], column="hull")


ASCENDING = """
prefix = "t"
[tables.costs]
title = "T"
source = "S"
lookup = "key"
at_or_below = "cost"
columns = [{ key = "code", label = "Code" }, { key = "cost", label = "Cost" }]
rows = [{ code = "A", cost = 5 }, { code = "B", cost = 10 }]
"""


def test_a_number_reads_the_highest_row_at_or_below_it(tmp_path: Path) -> None:
    costs = load_text(tmp_path, ASCENDING).get("t.costs")
    assert costs.look_up(["9"]).row["code"] == "A"
    assert costs.look_up(["10"]).row["code"] == "B"
    assert costs.look_up(["B"]).row["cost"] == 10  # the key still finds its row
    with pytest.raises(RefereeError, match="cost 4 is below the first row"):
        costs.look_up(["4"])
    with pytest.raises(RefereeError, match="at_or_below column 'cost' must hold whole numbers in ascending order"):
        load_text(tmp_path, ASCENDING.replace("cost = 10", "cost = 5"))
