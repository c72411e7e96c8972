"""Log: every action and roll of the file played (a campaign, a battle, an engagement) with its dice receipts and rule,
searchable; undo (Ctrl+Z) and redo (Ctrl+Y) revert or repeat whole actions, their rolls' consequences with them. A secret
line (an engagement's special damage) is shown, and searched, sealed until the referee unseals them."""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Input, Static

from referee import kinds
from referee.errors import RefereeError
from referee.names import spelled
from referee.tui.pages.base import Page
from referee.tui.rows import Rows
from referee.tui.text import lines


class LogPage(Page):
    TITLE = "Log"
    NAME = "log"
    SHOWS = frozenset()
    HELP = "every action and roll with its receipt and rule; search; undo and redo"
    BINDINGS = [Binding("slash", "find", "Search")]

    def body(self) -> Iterable[Widget]:
        with Vertical():
            yield Input(placeholder="search the log (words)", id="search")
            yield Rows(*kinds.rules(self.referee.kind.name).COLUMNS, "What happened", id="log")
            yield Static(id="entry", classes="panel")

    def home(self) -> Widget:
        return self.query_one("#log", Rows)

    def draw(self) -> None:
        words = self.query_one("#search", Input).value.casefold().split()
        rows = []
        kind = self.referee.kind
        cells = kinds.rules(kind.name).when
        try:
            logged = list(self.state.log)  # (a campaign's: read from its log file the first time)
        except RefereeError as error:
            self.query_one("#log", Rows).show([])
            self.query_one("#entry", Static).update(f"the log cannot be shown: {error}")
            return
        for number, entry in enumerate(logged):
            entry = kind.shown(entry)
            seen = f"{spelled(entry.text)} {' '.join(entry.rolls)} {entry.rule}".casefold()  # (a ship named in a run found by its own number)
            if all(w in seen for w in words):
                rows.append((str(number), (*cells(entry), entry.text)))
        table = self.query_one("#log", Rows)
        table.show(rows)
        if rows:
            table.point(rows[-1][0])
            self.show_entry(table.key)
        else:
            self.query_one("#entry", Static).update("nothing found" if words else "the log is empty")

    def on_input_changed(self, event: Input.Changed) -> None:
        self.draw()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#log", Rows).focus()

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        self.show_entry(event.key)

    def show_entry(self, key: str) -> None:
        entry = self.referee.kind.shown(self.state.log[int(key)])
        shown = [entry.text, *(f"dice: {r}" for r in entry.rolls)]
        if entry.rule:
            shown.append(f"[{entry.rule}]")
        self.query_one("#entry", Static).update(lines(shown))

    def action_find(self) -> None:
        self.query_one("#search", Input).focus()
