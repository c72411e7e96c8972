"""Dice & Tables: roll any dice expression, browse every table of the four rule systems, look a
row up, or roll on a table. Every roll asks "roll for me" or "I rolled ..." and is logged."""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Input, Static

from referee import dice
from referee.errors import RefereeError
from referee.tables import shown
from referee.tui import actions
from referee.tui.dialogs import say
from referee.tui.pages.base import Page
from referee.tui.rows import Rows
from referee.tui.text import bold, line

LOOKUP_HINT = "/ look up: KEYS, or roll [ODDS] [+N]"


class DicePage(Page):
    TITLE = "Dice & Tables"
    TAB = "Dice"
    NAME = "dice"
    HELP = "roll any expression; browse, look up and roll on every table"
    BINDINGS = [Binding("e", "focus('expression')", "Roll dice"), Binding("slash", "focus('lookup')", "Look up")]

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
        super().on_mount()

    def home(self) -> Widget:
        return self.query_one("#tables", Rows)

    def draw(self) -> None:
        table = self.referee.tables.get(self.table_name)
        rows = self.query_one("#rows", Rows)
        rows.columns(*(c.label for c in table.columns))
        rows.show([(str(n), [shown(row[c.key]) for c in table.columns]) for n, row in enumerate(table.rows)])
        roll = f"; roll {table.roll}" if table.roll and table.lookup != "key" else ""
        notes = "\n".join(table.notes)
        self.query_one("#found", Static).update(line(bold(table.title), f" ({table.source}){roll}\nlook up: {table.key_help()}\n{notes}"))

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        if event.rows.id == "tables":
            self.table_name = event.key
            self.draw()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        error = self.query_one(f"#error-{event.input.id}", Static)
        say(error, "")
        try:
            if event.input.id == "expression":
                text = event.value.strip()
                self.referee.start(f"Roll {text}", lambda: actions.free_roll(self.referee.kind, self.state, text, ""))
            else:
                self.look_up(event.value.split())
        except RefereeError as problem:
            say(error, str(problem))

    def look_up(self, words: list[str]) -> None:
        table = self.referee.tables.get(self.table_name)
        if words and words[0].lower() == "roll":
            words = words[1:]
            modifier = 0
            if words and words[-1][:1] in "+-" and words[-1][1:].isdigit():
                modifier = int(words.pop())
            self.referee.start(f"Roll on {table.name}", lambda: actions.table_roll(self.referee.kind, self.state, table, words, modifier))
            return
        found = table.look_up(words)
        self.query_one("#found", Static).update(line(bold(table.title), f": {actions.found_text(found)}\nsource: {found.citation()}"))

    def action_focus(self, name: str) -> None:
        self.query_one(f"#{name}", Input).focus()

    def point_at(self, name: str) -> None:
        self.query_one("#tables", Rows).point(name)
