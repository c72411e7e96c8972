"""Repairs: every construction centre's queue (ships docked, hull points left, systems awaiting
repair, days to finish at current capacity, today's allocation), captured and closed centres,
and Sathar ships in the Void with their return day."""

from __future__ import annotations

from collections.abc import Iterable

from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import DataTable, Static

from referee.sathar_war import report
from referee.tui import actions
from referee.tui.pages.base import Page, action_keys, fill

OWNER = {"UPF": "open", "Sathar": "captured: the Sathar repair at half capacity", "": "closed"}


class RepairsPage(Page):
    TITLE = "Repairs"
    NAME = "repairs"
    HELP = "construction centre queues, today's allocation, the Void"
    ACTIONS = actions.REPAIRS
    BINDINGS = action_keys(ACTIONS)

    def body(self) -> Iterable[Widget]:
        with Vertical():
            yield DataTable(id="queue", cursor_type="row", zebra_stripes=True)
            yield Static(id="centres", classes="panel")

    def on_mount(self) -> None:
        self.query_one("#queue", DataTable).add_columns("Ship", "Centre", "Hull", "Systems", "Days", "Today")
        super().on_mount()

    def home(self) -> Widget:
        return self.query_one("#queue", DataTable)

    def draw(self) -> None:
        found = report.repairs(self.campaign)
        rows = []
        lines = ["[b]Construction centres[/b] (hull points a day)"]
        for centre in found["centres"]:
            waiting = f", {len(centre['queue'])} docked" if centre["queue"] else ""
            lines.append(f"  {centre['centre']}: {centre['capacity']}, {OWNER[centre['owner']]}{waiting}")
            for ship in centre["queue"]:
                rows.append((ship["name"], (ship["name"], centre["centre"], ship["hull"], ", ".join(ship["systems"]) or "-", ship["days"], ship["today"])))
        lines.append("[b]In the Void[/b]")
        lines += [f"  {s['name']}: returns day {s['returns']} at {s['circle']}" for s in found["void"]] or ["  none"]
        lines.append(f"[{report.REPAIRS}]")
        fill(self.query_one("#queue", DataTable), rows, self.referee.ship)
        self.query_one("#centres", Static).update("\n".join(lines))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key.value:
            self.referee.ship = event.row_key.value
