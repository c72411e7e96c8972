"""The Dice & Tables screen from the keyboard, as a referee plays it at 80x24: after a look-up or a
roll the keys are the screen's again (the arrows move the list of tables, ``e``, ``/``, ``1``-``7``
do what the key line says), Esc leaves a box, a key of two words is one key, the Misjump
Probability Table is rolled on with the column of the jump, and an error goes with what it was
about. The command line reads the same keys the same way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static
from typer.testing import CliRunner

from referee.cli import app as command_line
from referee.tui.app import RefereeApp
from referee.tui.dialogs import DiceDialog, OutcomeDialog
from referee.tui.keys import KeyLine
from referee.tui.rows import Rows
from tests.helpers.app import TABLES, drive
from tests.helpers.app import seen as shows
from tests.helpers.app_kh import scenario as battle_of
from tests.helpers.campaign import bundled, load
from tests.helpers.snapshots import compare, settled

MISJUMP = TABLES.get("ssw.misjump")


def keys_line(app: RefereeApp) -> str:
    return str(app.screen.query_one(KeyLine).visual)


def focused(app: RefereeApp) -> str:
    return app.screen.focused.id if app.screen.focused is not None and app.screen.focused.id else repr(app.screen.focused)


async def to_table(app: RefereeApp, pilot: Pilot[None], name: str) -> None:
    """The Dice screen, on table ``name`` (as the palette goes to it)."""
    app.go_to("dice", table=name)
    await pilot.pause()
    assert app.screen.query_one("#tables", Rows).key == name


async def type_in(app: RefereeApp, pilot: Pilot[None], key: str, box: str, text: str) -> None:
    """Into a box by its key (``e`` or ``/``), the text typed, and Enter."""
    await pilot.press(key)
    await pilot.pause()
    assert focused(app) == box
    app.screen.query_one(f"#{box}", Input).value = text
    await pilot.press("enter")
    await pilot.pause()


async def roll(app: RefereeApp, pilot: Pilot[None], rolled: str) -> str:
    """The dice dialog open: the result rolled at the table typed, Enter, and Enter applies the
    outcome shown; what the outcome said."""
    assert isinstance(app.screen, DiceDialog), app.screen
    app.screen.query_one("#roll-0", Input).value = rolled
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, OutcomeDialog), app.screen
    said = str(app.screen.query_one("#outcome", Static).visual)
    await pilot.press("enter")
    await pilot.pause()
    assert not isinstance(app.screen, (DiceDialog, OutcomeDialog))
    return said


# -- the keys after a look-up and after a roll ------------------------------------------------------


def test_after_a_look_up_the_keys_are_the_screens_again(tmp_path: Path) -> None:
    path = bundled(tmp_path / "war.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await to_table(app, pilot, "ssw.misjump")
        await type_in(app, pilot, "slash", "lookup", "Frontier Militia 2")
        assert "Misjump Probability Table: 70" in shows(app, "#found")
        assert focused(app) == "tables"  # not the look-up box: the keys below work
        assert "/ Look up" in keys_line(app) and "e Roll dice" in keys_line(app)
        assert app.screen.query_one("#rows", Rows).key == "3"  # the row read, under the cursor in the rows
        await pilot.press("down")  # the arrows move in the list of tables
        await pilot.pause()
        assert app.screen.query_one("#tables", Rows).key == "ssw.nova-placement"
        await pilot.press("up", "e")
        await pilot.pause()
        assert focused(app) == "expression"
        assert "/ Look up" not in keys_line(app) and "esc Back to the tables" in keys_line(app)  # in a box, / is typed
        await pilot.press("escape")  # Esc leaves the box
        await pilot.pause()
        assert focused(app) == "tables" and "esc" not in keys_line(app)
        await pilot.press("slash", "escape", "1")  # into the look-up box and out, then to the Campaign screen
        await pilot.pause()
        assert app.query_one("#pages").current == "campaign"
        assert app.screen.query_one("#lookup", Input).value == "Frontier Militia 2"  # Esc kept what was typed

    drive(path, play)


def test_after_a_roll_on_a_table_the_keys_are_the_screens_again_and_the_outcome_is_shown(tmp_path: Path) -> None:
    path = bundled(tmp_path / "war.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await to_table(app, pilot, "ssw.nova-placement")
        await type_in(app, pilot, "slash", "lookup", "roll")
        await roll(app, pilot, "9")
        assert focused(app) == "tables"
        found = shows(app, "#found")
        assert found.startswith("Strike Force NOVA Placement: rolled 9: ") and "Gollywog" in found and "dice: 1d10: entered at the table = 9" in found
        await pilot.press("down")
        await pilot.pause()
        assert app.screen.query_one("#tables", Rows).key == "ssw.repair-capacity"
        assert shows(app, "#found").startswith("Repair Capacity")  # another table: its own text, not the roll

    drive(path, play)


def test_after_a_free_roll_the_keys_are_the_screens_again(tmp_path: Path) -> None:
    path = bundled(tmp_path / "war.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("6")
        await pilot.pause()
        await type_in(app, pilot, "e", "expression", "2d10+4")
        await roll(app, pilot, "17")
        assert focused(app) == "tables"
        await pilot.press("7")
        await pilot.pause()
        assert app.query_one("#pages").current == "log"

    drive(path, play)
    assert load(path).log[-1].text == "rolled 2d10+4: 17"


def test_a_roll_cancelled_gives_the_keys_back_too(tmp_path: Path) -> None:
    path = bundled(tmp_path / "war.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("6")
        await pilot.pause()
        await type_in(app, pilot, "e", "expression", "d100")
        assert isinstance(app.screen, DiceDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, DiceDialog) and focused(app) == "tables"

    drive(path, play)


def test_a_mistake_keeps_the_keys_in_the_box_to_mend_it(tmp_path: Path) -> None:
    path = bundled(tmp_path / "war.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await to_table(app, pilot, "ssw.misjump")
        await type_in(app, pilot, "slash", "lookup", "Frontier Milita 2")
        assert focused(app) == "lookup"
        assert shows(app, "#error-lookup") == (
            "ssw.misjump has no row 'Frontier Milita 2', nor one named by its first words; choose from UPF Battleship, UPF Ship (except battleship), Sathar Warship, Frontier Militia"
        )
        await pilot.press("escape")
        await pilot.pause()
        assert focused(app) == "tables" and shows(app, "#error-lookup")  # Esc leaves the box; the text and its error stay

    drive(path, play)


def test_r_reads_the_tables_rows_and_another_table_starts_at_its_first_row_and_column(tmp_path: Path) -> None:
    """A wide table's columns are read with the arrows in its rows (r); Esc goes back to the list."""
    path = bundled(tmp_path / "war.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await to_table(app, pilot, "kh.combat-advanced")
        assert "r Table rows" in keys_line(app)
        await pilot.press("r")
        await pilot.pause()
        rows = app.screen.query_one("#rows", Rows)
        assert focused(app) == "rows" and "esc Back to the tables" in keys_line(app) and "r Table rows" not in keys_line(app)
        await pilot.press("down", "down", *["right"] * 30)
        await pilot.pause()
        assert rows.key == "2" and rows.scroll_offset.x > 0
        await pilot.press("escape")
        await pilot.pause()
        assert focused(app) == "tables"
        await pilot.press("down")
        await pilot.pause()
        assert app.screen.query_one("#tables", Rows).key == "kh.combat-basic"
        assert rows.key == "0" and rows.scroll_offset.x == 0 and rows.scroll_offset.y == 0

    drive(path, play)


# -- keys of two words, and what a wrong key says ---------------------------------------------------


@pytest.mark.parametrize("typed", ["Frontier Militia", '"Frontier Militia"', "militia"])
def test_a_key_of_two_words_is_one_key(tmp_path: Path, typed: str) -> None:
    path = bundled(tmp_path / "war.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await to_table(app, pilot, "ssw.misjump")
        await type_in(app, pilot, "slash", "lookup", typed)
        assert not shows(app, "#error-lookup")
        assert shows(app, "#found").startswith("Misjump Probability Table: Ship Type: Frontier Militia; ")

    drive(path, play)


# -- rolling on the Misjump Probability Table ---------------------------------------------------------


@pytest.mark.parametrize("typed, rolled", [("roll 2", "80"), ("roll rj3", "70"), ("roll 3", "71"), ("roll RJ 2", "100")])
def test_a_roll_on_the_misjump_table_with_its_column_reads_every_row(tmp_path: Path, typed: str, rolled: str) -> None:
    """Safe at or under each row's figure, a misjump above it, as the rule says; logged with its die."""
    path = bundled(tmp_path / "war.toml")
    column = MISJUMP.column(typed.split(maxsplit=1)[1])

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await to_table(app, pilot, "ssw.misjump")
        await type_in(app, pilot, "slash", "lookup", typed)
        said = await roll(app, pilot, rolled)
        assert f"rolled {rolled}" in said

    drive(path, play)
    entry = load(path).log[-1]
    die = int(rolled)
    outcomes = [f"{row['ship_type']}: chance {row[column.key]}, {'success' if die <= int(str(row[column.key])) else 'failure'}" for row in MISJUMP.rows]
    assert entry.text == f"Misjump Probability Table, {column.label}: rolled {rolled}: " + "; ".join(outcomes)
    assert entry.rolls == (f"d100: entered at the table = {rolled} (entered) for Misjump Probability Table, {column.label}",)
    assert entry.rule.startswith("Misjump Probability Table (Knight Hawks Campaign Book: The Second Sathar War") and entry.rule.endswith(f"{column.label}, every row")


@pytest.mark.parametrize("rolled, outcome", [("70", "success"), ("71", "failure")])
def test_a_roll_for_one_ship_type_shows_its_target_and_outcome(tmp_path: Path, rolled: str, outcome: str) -> None:
    path = bundled(tmp_path / "war.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await to_table(app, pilot, "ssw.misjump")
        await type_in(app, pilot, "slash", "lookup", "roll Sathar Warship 3")
        await roll(app, pilot, rolled)
        assert f"Sathar Warship: chance 70, {outcome}" in shows(app, "#found")

    drive(path, play)
    entry = load(path).log[-1]
    assert entry.text.endswith(f"rolled {rolled}: Sathar Warship: chance 70, {outcome}")
    assert entry.rule.endswith(f"row 'Sathar Warship', {MISJUMP.column('rj3').label}: chance 70; {rolled} is {'at or under' if outcome == 'success' else 'above'} it: {outcome}")


def test_a_roll_without_its_column_says_which_columns_there_are(tmp_path: Path) -> None:
    path = bundled(tmp_path / "war.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await to_table(app, pilot, "ssw.misjump")
        assert "roll [SHIP_TYPE] rj2|rj3" in shows(app, "#found")
        await type_in(app, pilot, "slash", "lookup", "roll")
        assert not isinstance(app.screen, DiceDialog)
        assert "give rj2 or rj3" in shows(app, "#error-lookup")

    drive(path, play)


# -- an old error goes ---------------------------------------------------------------------------------


def test_an_error_goes_with_its_table_or_its_text(tmp_path: Path) -> None:
    path = bundled(tmp_path / "war.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await to_table(app, pilot, "ssw.misjump")
        await type_in(app, pilot, "slash", "lookup", "Frontier")
        error = app.screen.query_one("#error-lookup", Static)
        assert error.display and "no row 'Frontier'" in shows(app, "#error-lookup")
        await pilot.press("escape", "down")  # another table: the error was about the one left
        await pilot.pause()
        assert not error.display and not shows(app, "#error-lookup")
        await type_in(app, pilot, "slash", "lookup", "Frontier")
        assert error.display
        await pilot.press("backspace")  # the text it was about is changed
        await pilot.pause()
        assert not error.display
        await pilot.press("escape")
        await type_in(app, pilot, "e", "expression", "2d")
        assert app.screen.query_one("#error-expression", Static).display
        app.screen.query_one("#expression", Input).value = ""
        await pilot.pause()
        assert not app.screen.query_one("#error-expression", Static).display

    drive(path, play)


# -- in a battle (key 3), and at 160x50 -------------------------------------------------------------------


def test_the_dice_screen_of_a_battle_at_160x50(tmp_path: Path) -> None:
    path = battle_of(tmp_path / "stand.toml", "the-stand")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("3")
        await pilot.pause()
        await to_table(app, pilot, "kh.combat-advanced")
        await type_in(app, pilot, "slash", "lookup", "laser cannon reflective hull gunnery")
        assert "Advanced Game Combat Table: 45" in shows(app, "#found") and focused(app) == "tables"
        await type_in(app, pilot, "slash", "lookup", "roll LC RH")
        said = await roll(app, pilot, "61")
        assert "laser cannon: chance 60, failure" in said
        assert focused(app) == "tables"
        await pilot.press("4")
        await pilot.pause()
        assert app.query_one("#pages").current == "log"

    drive(path, play, size=(160, 50))


# -- the command line agrees -----------------------------------------------------------------------------


def cli(*args: str) -> str:
    result = CliRunner().invoke(command_line, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    return result.stdout


LOOKUPS = [
    ("ssw.misjump", "Frontier Militia 2", ("Frontier", "Militia", "2")),
    ("ssw.misjump", '"Sathar Warship" rj3', ("Sathar Warship", "rj3")),
    ("kh.combat-advanced", "laser cannon reflective hull gunnery", ("laser cannon", "reflective hull", "gunnery")),
    ("sfw.damage-control-2", "97 power units", ("97", "power", "units")),
    ("si.open-order", "7:4 4", ("7:4", "4")),
]
ROLLS = [
    ("ssw.misjump", "roll 2", ("2",), "80"),
    ("ssw.misjump", "roll Frontier Militia 3", ("Frontier", "Militia", "3"), "50"),
    ("kh.damage", "roll +10", ("--modifier", "10"), "73"),
    ("sfw.damage-control-2", "roll turn reduction", ("turn reduction",), "95"),
]


def test_the_command_line_reads_the_same_keys_as_the_app(tmp_path: Path) -> None:
    """The same row, cell and source for a look-up; the same outcome, source and die for a roll."""
    path = bundled(tmp_path / "war.toml")
    seen: list[str] = []

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("6")
        await pilot.pause()
        for name, typed, _ in LOOKUPS:
            await to_table(app, pilot, name)
            await type_in(app, pilot, "slash", "lookup", typed)
            seen.append(shows(app, "#found"))
        for name, typed, _, rolled in ROLLS:
            await to_table(app, pilot, name)
            await type_in(app, pilot, "slash", "lookup", typed)
            await roll(app, pilot, rolled)

    drive(path, play)
    for (name, _, keys), found in zip(LOOKUPS, seen):
        printed = cli("table", "lookup", name, *keys)
        data = json.loads(cli("table", "lookup", name, *keys, "--json"))
        source = printed.splitlines()[-1]
        assert found.endswith(source), (found, printed)
        assert found.startswith(f"{data['title']}: ") and str(data["value"] if data["column"] else "") in found
    log = load(path).log[-len(ROLLS) :]
    for (name, _, keys, rolled), entry in zip(ROLLS, log):
        printed = cli("table", "roll", name, *keys, "--rolled", rolled).splitlines()
        assert printed[0] == entry.rolls[0]  # the same die, for the same purpose
        assert printed[-1] == f"source: {entry.rule}"
        for outcome in printed[1:-1]:
            if not outcome.startswith("modified: "):
                assert outcome.split(": ", 1)[1] in entry.text


# -- how it looks ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_the_misjump_table_and_a_roll_on_it_as_seen(tmp_path: Path, size: tuple[int, int]) -> None:
    """How to look up and roll on it first (seen at 80x24), then the roll's outcome in its place."""
    path = bundled(tmp_path / "war.toml")
    name = f"dice-misjump-{size[0]}x{size[1]}"

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await to_table(app, pilot, "ssw.misjump")
        compare(name, await settled(app, pilot))
        await type_in(app, pilot, "slash", "lookup", "roll 2")
        await roll(app, pilot, "80")
        compare(f"{name}-rolled", await settled(app, pilot))

    drive(path, play, size)


def test_a_roll_on_the_misjump_table_from_the_command_line() -> None:
    data = json.loads(cli("table", "roll", "ssw.misjump", "Frontier", "Militia", "--column", "2", "--rolled", "71", "--json"))
    assert list(data) == ["roll", "lookups"]
    (found,) = data["lookups"]
    assert (found["row"]["ship_type"], found["column"], found["value"], found["outcome"]) == ("Frontier Militia", "rj2", 70, "failure")
    every = json.loads(cli("table", "roll", "ssw.misjump", "3", "--rolled", "90", "--json"))["lookups"]
    assert [(f["row"]["ship_type"], f["outcome"]) for f in every] == [
        ("UPF Battleship", "success"),
        ("UPF Ship (except battleship)", "failure"),
        ("Sathar Warship", "failure"),
        ("Frontier Militia", "failure"),
    ]
    refused = CliRunner().invoke(command_line, ["table", "roll", "ssw.misjump", "2", "--modifier", "10"])
    assert refused.exit_code == 2 and refused.stdout == ""
    assert refused.stderr == "referee: error: ssw.misjump: a chance is rolled against as the table prints it, without a modifier (not +10)\n"
