"""Keys as a referee types them, and rolls against a table's chances: a key or column of several
words is one (``Frontier Militia 2``, quoted or not); the Misjump Probability Table is rolled on
with the column of the jump (a d100 at or under the safe-jump figure: The Second Sathar War,
Accelerated Movement); a mistake names what would be right."""

from __future__ import annotations

import pytest

from referee import tables
from referee.errors import RefereeError
from referee.tables import words

ALL = tables.load()
MISJUMP = ALL.get("ssw.misjump")


# -- what was typed, word by word --------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed, split",
    [
        ("Frontier Militia 2", ["Frontier", "Militia", "2"]),
        ('"Frontier Militia" 2', ["Frontier Militia", "2"]),
        ("'Frontier Militia' rj2", ["Frontier Militia", "rj2"]),
        ("Z'Gata LC", ["Z'Gata", "LC"]),  # a quote inside a name is part of it
        ('roll "Sathar Warship" 3 +10', ["roll", "Sathar Warship", "3", "+10"]),
        ('"UPF Battleship 2', ["UPF Battleship 2"]),  # a quote left open runs to the end
        ('"" 2', ["2"]),
        ("   ", []),
    ],
)
def test_words_in_quotes_are_one(typed: str, split: list[str]) -> None:
    assert words(typed) == split


# -- a key of several words ----------------------------------------------------------------------------


def test_a_key_of_two_words_is_one_key_typed_as_words_or_as_one() -> None:
    whole = MISJUMP.look_up(["Frontier", "Militia"])
    assert whole.row["ship_type"] == "Frontier Militia" and whole.column is None
    assert MISJUMP.look_up(["Frontier Militia"]).row == whole.row
    assert MISJUMP.look_up(words('"Frontier Militia"')).row == whole.row


@pytest.mark.parametrize(
    "keys, value",
    [
        (["Frontier", "Militia", "2"], 70),
        (["Frontier Militia", "2"], 70),
        (["frontier", "militia", "rj3"], 50),
        (["Militia", "RJ", "3"], 50),  # a column of two words too (the counter's name)
        (["UPF", "Ship", "(except", "battleship)", "3"], 70),
        (["Sathar", "Warship", "astrogator", "level"], 4),
    ],
)
def test_a_row_of_several_words_and_then_its_column(keys: list[str], value: int) -> None:
    assert MISJUMP.look_up(keys).value == value


def test_two_keys_a_row_and_a_column_still_read_one_cell() -> None:
    assert ALL.get("kh.combat-advanced").look_up(["LC", "RH"]).value == 60
    assert ALL.get("kh.combat-advanced").look_up(["laser", "cannon", "reflective", "hull", "gunnery"]).value == 45
    assert ALL.get("kh.combat-advanced").look_up(["seeker missile", "stasis screen"]).value == 90
    assert ALL.get("kh.combat-basic").look_up(["laser", "battery", "reflective", "hull"]).value == 50


def test_a_column_given_apart_after_a_row_of_several_words() -> None:
    assert MISJUMP.look_up(["Frontier", "Militia"], column="2").value == 70
    with pytest.raises(RefereeError, match="takes a ship_type"):
        MISJUMP.look_up(["Frontier", "Militia", "3"], column="2")


def test_numbers_still_read_their_rows_before_a_column_of_several_words() -> None:
    control = ALL.get("sfw.damage-control-2")
    assert control.look_up(["97", "power", "units"]).value == control.look_up(["97", "power_units"]).value
    assert control.look_up(["50", "turn", "reduction"]).reading.startswith("50 falls in band")
    costs = ALL.get("si.minimum-ship-costs")
    assert costs.look_up(["40", "cost"]).value == 35  # the highest row at or below 40: DD
    assert ALL.get("ssw.risk-jump").look_up(["2", "counter"]).value == "RJ 2"


def test_a_wrong_key_of_several_words_names_the_rows() -> None:
    with pytest.raises(RefereeError) as error:
        MISJUMP.look_up(["Frontier", "Milita", "2"])
    assert str(error.value) == (
        "ssw.misjump has no row 'Frontier Milita 2', nor one named by its first words; choose from UPF Battleship, UPF Ship (except battleship), Sathar Warship, Frontier Militia"
    )
    with pytest.raises(RefereeError, match="no row 'Frontier'; choose from UPF Battleship"):
        MISJUMP.look_up(["Frontier"])


def test_a_wrong_column_after_a_row_of_several_words_names_the_columns() -> None:
    with pytest.raises(RefereeError, match="ssw.misjump has no column '4'; choose from ship_type, rj2, rj3, astrogator_level"):
        MISJUMP.look_up(["Frontier", "Militia", "4"])


def test_the_key_help_says_which_columns_there_are() -> None:
    assert MISJUMP.key_help() == "a ship_type and optionally a column (rj2, rj3 or astrogator_level)"
    assert ALL.get("sfw.damage-control-2").key_help() == "a number from 0 to 99, then the column (offensive, defensive, speed, power_units or turn_reduction)"
    assert ALL.get("kh.damage").key_help() == "a number from -20 to 120, then optionally a column (result, effect or systems)"
    assert ALL.get("si.open-order").key_help() == "odds as attack:defense (e.g. 3:2 or 7:4) and a die"


# -- the chances a d100 is rolled against -------------------------------------------------------------


def test_the_chances_of_every_table() -> None:
    """Only chances are rolled against: the Misjump table's safe jumps, not its astrogator levels;
    the Combat Tables' defenses, not their ICM modifiers; nothing on the Damage Table Modifiers (a
    modifier) or Reading Percentile Dice (dice as read)."""
    found = {name: [c.key for c in ALL.get(name).chances()] for name in ALL.names() if ALL.get(name).chances()}
    defenses = ["none", "reflective-hull", "proton-screen", "electron-screen", "stasis-screen", "masking-screen"]
    assert found == {
        "kh.combat-advanced": defenses,
        "kh.combat-basic": ["reflective-hull", "masking-screen"],
        "ssw.misjump": ["rj2", "rj3"],
    }


def test_rolling_on_a_column_reads_the_d100_against_every_row() -> None:
    """A d100 of 80 at two boxes a day: safe for UPF and Sathar ships (95, 90, 90), a misjump for
    Frontier Militia (70)."""
    purpose, read = MISJUMP.roll_for(["2"])
    assert purpose == f"Misjump Probability Table, {MISJUMP.column('rj2').label}"
    result = read(80)
    assert result.said == "80"
    assert [(f.table.row_key(f.row), f.value, f.outcome) for f in result.found] == [
        ("UPF Battleship", 95, "success"),
        ("UPF Ship (except battleship)", 90, "success"),
        ("Sathar Warship", 90, "success"),
        ("Frontier Militia", 70, "failure"),
    ]
    assert result.found[3].against() == "Frontier Militia: chance 70, failure"
    assert result.citation().endswith(": Safe jump % at 2 transit boxes/day (d100 at or under = safe), every row")


@pytest.mark.parametrize("rolled", range(1, 101))
def test_every_d100_on_every_column_matches_the_table_row(rolled: int) -> None:
    """The rule: 'roll a number equal to or less than the safe jump probability found on the table'."""
    for column in ("rj2", "rj3"):
        found = MISJUMP.roll_for([column])[1](rolled).found
        assert [f.outcome for f in found] == ["success" if rolled <= int(str(row[column])) else "failure" for row in MISJUMP.rows]


def test_the_books_example_a_battleship_astrogator_at_two_boxes_a_day() -> None:
    """Interlocked Computers: 'If the player rolls 95 or less on d100, the entire group reaches its
    destination safely.'"""
    purpose, read = MISJUMP.roll_for(["UPF", "Battleship", "2"])
    assert purpose == f"Misjump Probability Table, {MISJUMP.column('rj2').label}"
    safe, lost = read(95).found, read(96).found
    assert len(safe) == 1 and safe[0].outcome == "success" and lost[0].outcome == "failure"
    assert safe[0].reading == f"row 'UPF Battleship', {MISJUMP.column('rj2').label}: chance 95; 95 is at or under it: success"
    assert lost[0].citation().endswith("chance 95; 96 is above it: failure")


def test_a_column_given_apart_and_a_row_of_two_words_roll_for_that_row() -> None:
    found = MISJUMP.roll_for(["Frontier", "Militia"], column="3")[1](50).found
    assert [(f.row["ship_type"], f.value, f.outcome) for f in found] == [("Frontier Militia", 50, "success")]


def test_a_chance_is_rolled_against_as_printed() -> None:
    """What modifies a chance to hit (range, ICMs, automatic hits and misses) is the attack's rule
    (kh attack), not the table's: a modifier is refused; the chance printed is read."""
    with pytest.raises(RefereeError, match=r"kh.combat-advanced: a chance is rolled against as the table prints it, without a modifier \(not -20\)"):
        ALL.get("kh.combat-advanced").roll_for(["LC", "RH"], modifier=-20)
    purpose, read = ALL.get("kh.combat-advanced").roll_for(["LC", "RH", "gunnery"])
    assert purpose == "Advanced Game Combat Table, Reflective Hull, gunnery"
    (found,) = read(45).found
    assert (found.value, found.outcome) == (45, "success")
    assert found.reading == "row 'LC', Reflective Hull, gunnery: chance 45; 45 is at or under it: success"
    assert read(46).found[0].outcome == "failure"


def test_every_chance_printed_agrees_with_the_automatic_hits_and_misses() -> None:
    """Knight Hawks: a d100 of 5 or less always hits, 96 or more always misses: a chance printed
    between them reads the same, so a roll on the table as printed needs no such rule."""
    for name in ("kh.combat-basic", "kh.combat-advanced"):
        table = ALL.get(name)
        for column in table.chances():
            for row in table.rows:
                cell = row[column.key]
                for chance in cell if isinstance(cell, list) else [cell]:
                    assert 5 < int(str(chance)) < 96, (name, row, column)


@pytest.mark.parametrize(
    "keys, message",
    [
        ([], "ssw.misjump: a d100 is rolled against the chance in one column: give rj2 or rj3 (after a ship_type to roll for that row alone)"),
        (["Sathar", "Warship"], "ssw.misjump: give the column to roll against after the ship_type: rj2 or rj3"),
        (["astrogator_level"], "ssw.misjump: Astrogator level (footnote) is no chance to roll against; choose rj2 or rj3"),
        (["4"], "ssw.misjump: '4' names no column to roll against (rj2 or rj3), nor a ship_type and a column"),
        (["Sathar", "Warship", "4"], "ssw.misjump has no column '4'; choose from ship_type, rj2, rj3, astrogator_level"),
    ],
)
def test_a_roll_that_could_not_be_read_is_refused_before_any_die_naming_the_columns(keys: list[str], message: str) -> None:
    with pytest.raises(RefereeError) as error:
        MISJUMP.roll_for(keys)
    assert str(error.value) == message


def test_a_wrong_variant_is_refused_before_any_die() -> None:
    with pytest.raises(RefereeError, match="no variant 'expert'; choose from plain, gunnery"):
        ALL.get("kh.combat-advanced").roll_for(["RH", "expert"])


@pytest.mark.parametrize("name", ["kh.damage-modifiers", "kh.percentile-dice", "kh.ships-advanced", "ssw.which-rules"])
def test_a_table_with_no_chance_or_no_dice_is_not_rolled_on(name: str) -> None:
    with pytest.raises(RefereeError, match=f"{name} is not rolled on; look it up by key: "):
        ALL.get(name).roll_for([])


def test_the_roll_help_of_each_kind_of_table() -> None:
    assert MISJUMP.roll_help() == "roll: roll [SHIP_TYPE] rj2|rj3, a d100 at or under the chance succeeds; without a SHIP_TYPE, for every row"
    assert ALL.get("kh.damage").roll_help() == "roll: roll [+N], a d100 (+N added to it)"
    assert ALL.get("sfw.damage-control-2").roll_help() == "roll: roll offensive|defensive|speed|power_units|turn_reduction [+N], a d%00 (+N added to it)"
    assert ALL.get("si.open-order").roll_help() == "roll: roll ODDS (e.g. roll 3:2), a d6 choosing the column"
    assert ALL.get("kh.damage-modifiers").roll_help() == "" and ALL.get("ssw.stations").roll_help() == ""


def test_a_band_roll_reads_a_column_of_several_words() -> None:
    purpose, read = ALL.get("sfw.damage-control-2").roll_for(["turn", "reduction"], modifier=5)
    assert purpose == "Damage Control Table #2, Turn Reduction"
    result = read(90)
    assert result.said == "90 +5 = 95" and result.found[0].column is not None and result.found[0].column.key == "turn_reduction"
