"""A table filled in as a spreadsheet is: a battle's results (the campaign's Battles screen), a
battle's starting speeds and a side's moves (the battle's Ships screen).

The keys are a spreadsheet's (LibreOffice Calc's and Excel's):

- typing on a cell replaces its value; the value typed shows in the cell as it is typed;
- Enter keeps it and goes down (after Tab, down to the column the row was begun in), Tab keeps it
  and goes right (Shift+Tab left), an arrow keeps it and goes that way;
- F2 edits the value the cell has (Backspace takes off the last character);
- Esc drops what was typed in the cell (with nothing typed, leaves the table);
- Delete empties a cell; space turns a y/n cell; Ctrl+A enters the whole table.

Every key stays with the table, in the order typed: the value being typed is kept here, not in a
box that the focus must reach first, so a value typed in one burst lands in the cell it was begun
in. A wrong value is refused under the table (naming its row) and stays in its cell, to mend.
Columns worked out from a row (a move's ADF and MR points) are shown beside what was typed, for the
referee to check; they cannot be typed in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import DataTable, Label, Static

from referee.errors import RefereeError
from referee.tui.dialogs import RELOAD, Dialog, failed, needs, say
from referee.tui.forms import AnyStep, FieldError

KEYS = "Enter: keep ↓  Tab: keep →  F2: edit  Esc: drop  Ctrl+A: enter all"  # (typing replaces a cell: the line above says so)
MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1), "pageup": (-10, 0), "pagedown": (10, 0), "home": (-(10**6), 0), "end": (10**6, 0)}


class Column(NamedTuple):
    key: str  # the value's name, as the action reads it
    label: str
    hint: str
    typed: bool = True  # False: worked out from the row, shown for the referee to check
    flag: bool = False  # y or n: space turns it


class SheetDialog(Dialog[None]):
    """A table of rows (a ship each) to fill in; :meth:`enter_all` takes it as one action."""

    # (not priority keys: a priority key runs as it arrives, before the keys typed ahead of it reach the table)
    BINDINGS = [Binding("escape", "leave", "Leave"), Binding("ctrl+a", "enter_all", "Enter them all"), RELOAD]
    KEY_LINE = KEYS

    def __init__(self, title: Content, columns: Sequence[Column], rows: dict[str, dict[str, str]]) -> None:
        """``rows``: each row's values by column key (filled in here as they are typed)."""
        super().__init__()
        self.title_text = title
        self.columns = list(columns)
        self.rows = rows
        self.editing: tuple[str, str] | None = None  # (row, column key) being typed in
        self.typed_value = ""  # what is typed there so far
        self.tab_from: int | None = None  # the column a row was begun in, before Tab moved right (Enter goes down to it)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog results"):
            yield Static(self.title_text, classes="title")
            yield DataTable(id="table", cursor_type="cell", zebra_stripes=True, fixed_columns=1)  # (the ship's name stays in view)
            yield Label("", id="what")
            yield Static("", id="note")  # (what the row under the cursor comes to: wrapped, as long as it is)
            yield Static("", id="error-cell", classes="error")
            yield Label(self.KEY_LINE, classes="keys")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column("Ship", key="ship")
        for column in self.columns:
            table.add_column(column.label, key=column.key)
        for name in self.rows:
            self.rows[name].update(self.worked_out(name))
            table.add_row(Text(name), *(self.shown(name, c) for c in self.columns), key=name)
        table.focus()
        first = next((n for n, c in enumerate(self.columns, 1) if c.typed), 1)
        table.move_cursor(row=self.first_row(), column=first)
        self.show_cell()

    # ------------------------------------------------------------------ what the subclasses say

    def first_row(self) -> int:
        """The row the cursor starts on."""
        return 0

    def check(self, name: str, key: str, value: str) -> str:
        """A cell typed, checked (a FieldError says why not) and as it is kept."""
        return value.strip()

    def worked_out(self, name: str) -> dict[str, str]:
        """The row's columns that are worked out from what was typed."""
        return {}

    def row_note(self, name: str) -> str:
        """What the row comes to, or what is wrong with it, shown under the table on that row ("": nothing)."""
        return ""

    def action(self) -> tuple[str, Callable[[], AnyStep]]:
        """Ctrl+A: the whole table as one action: its title and how to make its step on the file's
        state as it is (a refusal raises: shown under the table)."""
        raise NotImplementedError

    def applied(self) -> None:
        """The table's action was applied."""

    # ------------------------------------------------------------------ the cell under the cursor

    def cell(self) -> tuple[str, Column] | None:
        coordinate = self.query_one(DataTable).cursor_coordinate
        if not self.rows or coordinate.column == 0:
            return None
        return list(self.rows)[coordinate.row], self.columns[coordinate.column - 1]

    def shown(self, name: str, column: Column) -> Text:
        if self.editing == (name, column.key):
            return Text(f"{self.typed_value}▏", style="reverse")
        return Text(self.rows[name].get(column.key, ""), style="" if column.typed else "italic")

    def show_cell(self) -> None:
        found = self.cell()
        what = self.query_one("#what", Label)
        note = self.query_one("#note", Static)
        if found is None:
            what.update("the ship: move right to its figures")
            say(note, "")
            return
        name, column = found
        if self.editing is not None:
            said = f"{column.label} of the {name}: {self.typed_value}▏ (Enter keeps it, Esc drops it)"
        else:
            said = f"{column.label} of the {name}: {column.hint}"
        what.update(Text(said, no_wrap=True, overflow="ellipsis"))
        say(note, self.row_note(name))

    def redraw_row(self, name: str) -> None:
        self.rows[name].update(self.worked_out(name))
        table = self.query_one(DataTable)
        for column in self.columns:
            table.update_cell(name, column.key, self.shown(name, column), update_width=True)

    def on_data_table_cell_highlighted(self, event: DataTable.CellHighlighted) -> None:
        self.show_cell()

    # ------------------------------------------------------------------ keys

    def on_key(self, event: events.Key) -> None:
        """Every key typed on the table, in the order typed: into the cell, or a spreadsheet's move."""
        if not self.query_one(DataTable).has_focus:
            return
        key, character = event.key, event.character
        if self.editing is not None:
            handled = self.while_typing(key, character)
        else:
            handled = self.on_the_table(key, character)
        if handled:
            event.stop()
            event.prevent_default()

    def while_typing(self, key: str, character: str | None) -> bool:
        if key == "backspace":
            self.typed_value = self.typed_value[:-1]
            self.show_typed()
        elif key in ("enter", "tab", "shift+tab", *MOVES):
            if self.keep():
                self.move(key)
        elif key == "escape":
            self.drop()
        elif character and character.isprintable():
            self.typed_value += character
            self.show_typed()
        else:
            return False
        return True

    def on_the_table(self, key: str, character: str | None) -> bool:
        found = self.cell()
        if key in ("enter", "tab", "shift+tab", *MOVES):
            self.move(key)  # (here, not by the table's own keys: those would run after the keys typed next)
            return True
        if found is None:
            return False
        name, column = found
        if key == "f2":
            self.begin(name, column, self.rows[name].get(column.key, ""))
        elif key == "delete":
            self.begin(name, column, "")
            self.keep()
        elif key == "backspace":
            self.begin(name, column, "")
        elif key == "space" and column.flag:
            self.put(name, column.key, "n" if self.rows[name].get(column.key) == "y" else "y")
        elif character and character.isprintable() and character != " ":
            self.begin(name, column, character)
        else:
            return False
        return True

    def begin(self, name: str, column: Column, value: str) -> None:
        error = self.query_one("#error-cell", Static)
        if not column.typed:
            say(error, f"{column.label} is worked out from the row: {column.hint}")
            return
        say(error, "")
        self.editing = (name, column.key)
        self.typed_value = value
        self.show_typed()

    def show_typed(self) -> None:
        if self.editing is not None:
            name, key = self.editing
            self.query_one(DataTable).update_cell(name, key, self.shown(name, self.column(key)), update_width=True)
        self.show_cell()

    def column(self, key: str) -> Column:
        return next(c for c in self.columns if c.key == key)

    def keep(self) -> bool:
        """The value typed into its cell, if right (else the reason under the table, and it stays)."""
        assert self.editing is not None
        name, key = self.editing
        error = self.query_one("#error-cell", Static)
        try:
            value = self.check(name, key, self.typed_value)
        except FieldError as problem:
            say(error, f"the {name}: {problem}")
            return False
        say(error, "")
        self.editing = None
        self.put(name, key, value)
        return True

    def drop(self) -> None:
        assert self.editing is not None
        name, key = self.editing
        self.editing = None
        say(self.query_one("#error-cell", Static), "")
        self.query_one(DataTable).update_cell(name, key, self.shown(name, self.column(key)))
        self.show_cell()

    def put(self, name: str, key: str, value: str) -> None:
        self.rows[name][key] = value
        self.redraw_row(name)
        self.show_cell()

    def move(self, key: str) -> None:
        """Enter: down (to the column the row was begun in, after Tab); Tab: right to the next
        column typed in (Shift+Tab: left); an arrow: that way."""
        table = self.query_one(DataTable)
        row, column = table.cursor_coordinate
        if key in ("tab", "shift+tab"):
            if self.tab_from is None:
                self.tab_from = column
            step = 1 if key == "tab" else -1
            typed = [n for n, c in enumerate(self.columns, 1) if c.typed and (n - column) * step > 0]
            column = (min(typed) if step > 0 else max(typed)) if typed else column
        elif key == "enter":
            row, column = min(row + 1, len(self.rows) - 1), column if self.tab_from is None else self.tab_from
            self.tab_from = None
        else:
            by_row, by_column = MOVES[key]
            row, column = max(0, min(row + by_row, len(self.rows) - 1)), max(0, min(column + by_column, len(self.columns)))
            self.tab_from = None
        table.move_cursor(row=row, column=column)  # (the view follows it)
        self.show_cell()

    # ------------------------------------------------------------------ leaving, entering

    def action_leave(self) -> None:
        if self.editing is not None:
            self.drop()
            return
        self.dismiss(None)

    def action_enter_all(self) -> None:
        """The table as one action: refused under the table, or applied and the table gone; an action
        that rolls asks its dice in the table's place."""
        if self.editing is not None and not self.keep():
            return
        error = self.query_one("#error-cell", Static)
        try:
            title, make = self.action()
            if not needs(make()(random.Random(), {})):
                self.referee.start(title, make, then=self.applied)
                self.dismiss(None)
                return
        except RefereeError as problem:
            say(error, str(problem))
            return
        except Exception as problem:  # noqa: BLE001 - a fault of the program: the file is unchanged, the app goes on
            say(error, failed(problem))
            return
        self.dismiss(None)
        try:
            self.referee.start(title, make, then=self.applied)
        except Exception as problem:  # noqa: BLE001 - refused after all (the file read again meanwhile): said on the message line
            self.referee.tell(str(problem) if isinstance(problem, RefereeError) else failed(problem), "warning")
