"""Dice & Tables: roll any dice expression, browse every table of the four rule systems, look a
row up, or roll on a table. Every roll asks "roll for me" or "I rolled ..." and is logged.

The keys: ``e`` and ``/`` go into the expression and look-up boxes; Enter there rolls or looks up
and, done, gives the keys back to the list of tables (a mistake keeps them in the box, to mend
it); Esc leaves a box as it is. A mistake's message goes when its table or its text does."""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Input, Static

from referee import dice
from referee.errors import RefereeError
from referee.tables import Lookup, Table, shown, words
from referee.tui import forms
from referee.tui.dialogs import say
from referee.tui.pages.base import Page
from referee.tui.rows import Rows
from referee.tui.text import bold, line, lines

LOOKUP_HINT = "/ KEYS, or: roll [ODDS|COLUMN] [+N]"


class DicePage(Page):
    TITLE = "Dice & Tables"
    TAB = "Dice"
    NAME = "dice"
    SHOWS = frozenset()
    HELP = "roll any expression; browse, look up and roll on every table"
    BINDINGS = [
        Binding("e", "focus('expression')", "Roll dice"),
        Binding("slash", "focus('lookup')", "Look up"),
        Binding("r", "focus_rows", "Table rows"),
        Binding("escape", "leave", "Back to the tables"),
    ]

    def body(self) -> Iterable[Widget]:
        yield Input(placeholder=f"e roll: {dice.EXAMPLES}", id="expression")
        yield Static("", id="error-expression", classes="error")
        with Horizontal():
            yield Rows("Table", id="tables")
            with Vertical(classes="side wide"):
                yield Input(placeholder=LOOKUP_HINT, id="lookup")
                yield Static("", id="error-lookup", classes="error")
                yield Static(id="found")
                yield Rows(id="rows")

    def on_mount(self) -> None:
        self.query_one("#tables", Rows).show([(n, (n,)) for n in self.referee.tables.names()])
        self.table_name = self.referee.tables.names()[0]
        self.drawn = ""  # the table whose rows are shown
        self.rolled = False  # a roll on the table was applied: show its outcome
        super().on_mount()

    def home(self) -> Widget:
        return self.query_one("#tables", Rows)

    def draw(self) -> None:
        """The table's rows and how to use it; after a roll on it, the roll's outcome instead."""
        table = self.referee.tables.get(self.table_name)
        if self.drawn != table.name:  # (a roll applied changes the file, not the table)
            self.drawn = table.name
            rows = self.query_one("#rows", Rows)
            rows.columns(*(c.label for c in table.columns))
            rows.show([(str(n), [shown(row[c.key]) for c in table.columns]) for n, row in enumerate(table.rows)])
            rows.point("0")  # another table: read from its first row and column
            rows.scroll_to(0, 0, animate=False, immediate=True)
        if self.rolled:
            self.rolled = False
            entry = self.state.log[-1]
            self.query_one("#found", Static).update(lines([bold(entry.text), *(f"dice: {r}" for r in entry.rolls), f"source: {entry.rule}"]))
            return
        rolled = table.roll_help()
        said = [f"look up: {table.key_help()}", *([rolled] if rolled else []), f"({table.source})", *table.notes]
        self.query_one("#found", Static).update(line(bold(table.title), "\n", lines(said)))  # how to use it first: seen at 80x24

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        if event.rows.id == "tables" and event.key != self.table_name:
            self.table_name = event.key
            say(self.query_one("#error-lookup", Static), "")  # it was about the table left
            self.draw()

    def on_input_changed(self, event: Input.Changed) -> None:
        say(self.query_one(f"#error-{event.input.id}", Static), "")  # it was about the text changed

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        error = self.query_one(f"#error-{event.input.id}", Static)
        say(error, "")
        try:
            if event.input.id == "expression":
                text = event.value.strip()
                self.referee.start(f"Roll {text}", lambda: forms.free_roll(self.referee.kind, self.state, text, ""))
            else:
                self.look_up(words(event.value))
        except RefereeError as problem:
            say(error, str(problem))
            return
        self.home().focus()  # done: the keys are the screen's again (after the dice dialog, if one opened)

    def look_up(self, typed: list[str]) -> None:
        table = self.referee.tables.get(self.table_name)
        if typed and typed[0].lower() == "roll":
            self.roll_on(table, typed[1:])
            return
        self.show_found(table, table.look_up(typed))

    def roll_on(self, table: Table, typed: list[str]) -> None:
        """``roll [ODDS|ROW|COLUMN] [+N]``: the dice dialog asks the roll; applied, its outcome is shown."""
        modifier = 0
        if typed and typed[-1][:1] in "+-" and typed[-1][1:].isdigit():
            modifier = int(typed.pop())

        def applied() -> None:
            self.rolled = True

        self.referee.start(f"Roll on {table.name}", lambda: forms.table_roll(self.referee.kind, self.state, table, typed, modifier), then=applied)

    def show_found(self, table: Table, found: Lookup) -> None:
        """A look-up's result, and the row it read under the cursor in the table's rows."""
        self.query_one("#found", Static).update(line(bold(table.title), f": {forms.found_text(found)}\nsource: {found.citation()}"))
        if found.row in table.rows:
            self.query_one("#rows", Rows).point(str(table.rows.index(found.row)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """In a box ``e`` and ``/`` are typed into it; in a box or the table's rows, Esc goes back to
        the list of tables: the key line says so."""
        focused = self.screen.focused
        if action == "leave":
            return focused is not self.home()
        if action == "focus_rows":
            return focused is self.home()
        if action == "focus":
            return not isinstance(focused, Input)
        return True

    def action_focus(self, name: str) -> None:
        self.query_one(f"#{name}", Input).focus()

    def action_focus_rows(self) -> None:
        """Into the table's rows: the arrows read them, up and down, left and right (a wide table)."""
        self.query_one("#rows", Rows).focus()

    def action_leave(self) -> None:
        self.home().focus()

    def point_at(self, name: str) -> None:
        self.query_one("#tables", Rows).point(name)
