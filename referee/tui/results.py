"""A battle's results in one table, for a battle fought on the table: a row for each ship that may
have fought, prefilled from its roster; the cell under the cursor is edited in the line below the
table (Enter, or just start typing); Ctrl+A enters every row as one action (battles.record_all),
undone as one. Esc leaves the table; what was typed is kept for this battle until it is entered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Input, Label, Static

from referee.errors import RefereeError
from referee.sathar_war import battles
from referee.sathar_war.campaign import Campaign, Fight, Unit
from referee.tui.actions import FieldError, Values, no_dice, number, outcome
from referee.tui.dialogs import RELOAD, Dialog, failed, say
from referee.tui.text import bold, line

if TYPE_CHECKING:
    from referee.tui.actions import Step


class Column(NamedTuple):
    key: str  # the field's name, as tui.actions.outcome reads it
    label: str
    hint: str
    advanced: bool = False  # only in a battle fought with the Advanced Rules (the Damage Table)


COLUMNS = (
    Column("hull", "Hull", "hull points left"),
    Column("adf", "ADF", "ADF left", True),
    Column("mr", "MR", "MR left", True),
    Column("dcr", "DCR", "DCR left", True),
    Column("lost", "Lost", "weapons or defenses destroyed: LB, T, ES ...", True),
    Column("damaged", "Damaged", "combat-control, navigation, electrical-fire ...", True),
    Column("spent", "Spent", "ammunition spent: T=2, ICM=3"),
    Column("destroyed", "Destroyed", "y or n (space turns it)"),
    Column("escaped", "Escaped toward", "the system whose route it broke off onto"),
)
DRONE = Column("detonated", "Drone set off", "y or n (space turns it)")
FLAGS = ("destroyed", "detonated")


def columns(fight: Fight, units: list[Unit]) -> list[Column]:
    shown = [c for c in COLUMNS if fight.game == "advanced" or not c.advanced]
    return [*shown, DRONE] if any(u.drone for u in units) else shown


def start_values(unit: Unit) -> dict[str, str]:
    """A row as the roster stands: the four figures, nothing lost, spent, destroyed or escaped."""
    ship = unit.roster
    return {"hull": str(ship.hull), "adf": str(ship.adf), "mr": str(ship.mr), "dcr": str(ship.dcr), "destroyed": "n", "detonated": "n"}


def changed(unit: Unit, row: dict[str, str]) -> Values:
    """The cells that differ from the roster (a figure typed as it stands is no change)."""
    start = start_values(unit)
    return {key: value for key, value in row.items() if value.strip() != start.get(key, "")}


def outcomes(campaign: Campaign, rows: dict[str, dict[str, str]]) -> dict[str, battles.Outcome]:
    """Each ship's outcome from its row (a wrong cell names its ship)."""
    found = {}
    for name, row in rows.items():
        try:
            found[name] = outcome(changed(campaign.unit(name), row))
        except FieldError as error:
            raise RefereeError(f"the {name}: {error}") from None
    return found


def build(campaign: Campaign, rows: dict[str, dict[str, str]], fight: Fight) -> Step:
    """The table's rows entered as the results of its battle (a ship may be in two of the day's)."""
    results = outcomes(campaign, rows)
    return no_dice(lambda: battles.record_all(campaign, results, fight))


def check_cell(unit: Unit, key: str, value: str) -> str:
    """A cell typed: a figure within the roster's range, a flag y or n; the rest is checked when
    the table is entered (a system the ship lacks, ammunition it has not got)."""
    ship = unit.roster
    limits = {"hull": ship.hull_start, "adf": ship.adf_start, "mr": ship.mr_start, "dcr": ship.dcr_start}
    value = value.strip()
    if key in limits:
        number({key: value}, key, 0, limits[key])
        return value or str(getattr(ship, key))
    if key in FLAGS:
        if value.lower() not in ("y", "n", "yes", "no", ""):
            raise FieldError(key, f"y or n, not {value!r}")
        return "y" if value.lower() in ("y", "yes") else "n"
    return value


class ResultsDialog(Dialog):
    """The table of one battle's results."""

    BINDINGS = [
        Binding("escape", "leave", "Leave"), Binding("ctrl+a", "enter_all", "Enter them all", priority=True),
        Binding("space", "turn", "Turn y/n", show=False), RELOAD,
    ]

    def __init__(self, fight: Fight, units: list[Unit], rows: dict[str, dict[str, str]]) -> None:
        """``rows``: what was typed for this battle so far, kept by the app (filled in here)."""
        super().__init__()
        self.fight = fight
        self.units = {u.name: u for u in units}
        self.columns = columns(fight, units)
        for unit in units:
            rows.setdefault(unit.name, start_values(unit))
        for gone in [name for name in rows if name not in self.units]:
            del rows[gone]  # destroyed or gone since: no longer a row
        self.rows = rows
        self.editing: tuple[str, str] | None = None  # (ship, column key) being edited below

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog results"):
            yield Static(line(bold(f"Results: the {self.fight.attacker} attack at {self.fight.planet} ({self.fight.system})"),
                              f", fought with the {self.fight.game} rules: each ship as it stands after the battle"), classes="title")
            yield DataTable(id="table", cursor_type="cell", zebra_stripes=True, fixed_columns=1)  # (the ship's name stays in view)
            yield Label("", id="what")
            yield Input(id="cell", placeholder="Enter or a key on a cell edits it", select_on_focus=False)  # (a key typed on the table begins the value)
            yield Static("", id="error-cell", classes="error")
            yield Label("Enter or type: edit   space: y/n   Ctrl+A: enter all   Esc: leave", classes="keys")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column("Ship", key="ship")
        for column in self.columns:
            table.add_column(column.label, key=column.key)
        for name, row in self.rows.items():
            table.add_row(Text(name), *(Text(row.get(c.key, "")) for c in self.columns), key=name)
        table.focus()
        table.move_cursor(column=1)  # on the first figure: the hull
        self.show_cell()

    def cell(self) -> tuple[str, Column] | None:
        table = self.query_one(DataTable)
        coordinate = table.cursor_coordinate
        if not self.rows or coordinate.column == 0:
            return None
        name = list(self.rows)[coordinate.row]
        return name, self.columns[coordinate.column - 1]

    def show_cell(self) -> None:
        found = self.cell()
        what = self.query_one("#what", Label)
        if found is None:
            what.update("the ship: move right to its figures")
            return
        name, column = found
        what.update(Text(f"{column.label} of the {name}: {column.hint}", no_wrap=True, overflow="ellipsis"))

    def on_data_table_cell_highlighted(self, event: DataTable.CellHighlighted) -> None:
        self.show_cell()

    def on_data_table_cell_selected(self, event: DataTable.CellSelected) -> None:
        self.edit()

    def on_key(self, event: events.Key) -> None:
        """A key typed on the table starts editing the cell with it."""
        if self.query_one(DataTable).has_focus and event.character and event.character.isprintable() and event.character != " ":
            event.stop()
            self.edit(event.character)

    def edit(self, typed: str | None = None) -> None:
        found = self.cell()
        if found is None:
            return
        name, column = found
        self.editing = (name, column.key)
        entry = self.query_one("#cell", Input)
        entry.value = typed if typed is not None else self.rows[name].get(column.key, "")
        entry.cursor_position = len(entry.value)
        entry.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.editing is None:
            return
        name, key = self.editing
        error = self.query_one("#error-cell", Static)
        try:
            value = check_cell(self.units[name], key, event.value)
        except FieldError as problem:
            say(error, f"the {name}: {problem}")
            return
        say(error, "")
        self.put(name, key, value)
        self.editing = None
        event.input.value = ""
        table = self.query_one(DataTable)
        table.focus()
        table.action_cursor_down()

    def put(self, name: str, key: str, value: str) -> None:
        self.rows[name][key] = value
        self.query_one(DataTable).update_cell(name, key, Text(value))

    def action_turn(self) -> None:
        found = self.cell()
        if found is not None and found[1].key in FLAGS and self.query_one(DataTable).has_focus:
            name, column = found
            self.put(name, column.key, "n" if self.rows[name].get(column.key) == "y" else "y")

    def action_leave(self) -> None:
        if self.editing is not None:
            self.editing = None
            self.query_one("#cell", Input).value = ""
            self.query_one(DataTable).focus()
            return
        self.dismiss(None)

    def action_enter_all(self) -> None:
        error = self.query_one("#error-cell", Static)
        try:
            rows = {name: dict(row) for name, row in self.rows.items()}
            campaign = self.referee.journal.campaign
            self.referee.start("Results", lambda: build(self.referee.journal.campaign, rows, self.fight))
        except RefereeError as problem:
            say(error, str(problem))
            return
        except Exception as problem:  # noqa: BLE001 - a fault of the program: the campaign is unchanged, the app goes on
            say(error, failed(problem))
            return
        if self.referee.journal.campaign is not campaign:
            self.referee.typed_results.pop(self.fight, None)
            self.dismiss(None)
