"""Repairs: every construction centre's queue (ships docked, hull points left, systems awaiting
repair, days to finish at current capacity, today's allocation), captured and closed centres,
and Sathar ships in the Void with their return day."""

from __future__ import annotations

from collections.abc import Iterable

from textual.containers import Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from referee.sathar_war import report
from referee.tui.campaign import actions
from referee.tui.campaign.pages.war import WarPage
from referee.tui.pages.base import action_keys
from referee.tui.rows import Rows
from referee.tui.text import Part, bold, line, lines

OWNER = {"UPF": "open", "Sathar": "captured: the Sathar repair at half capacity", "": "closed"}


class RepairsPage(WarPage):
    TITLE = "Repairs"
    NAME = "repairs"
    SHOWS = frozenset({"ship"})
    HELP = "construction centre queues, today's allocation, the Void"
    ACTIONS = actions.REPAIRS
    BINDINGS = action_keys(ACTIONS)

    def body(self) -> Iterable[Widget]:
        with Vertical():
            yield Rows("Ship", "Centre", "Hull", "Systems", "Days", "Today", id="queue", wrap=True)
            with VerticalScroll(id="centres-frame"):
                yield Static(id="centres", classes="panel")

    def home(self) -> Widget:
        return self.query_one("#queue", Rows)

    def draw(self) -> None:
        found = report.repairs(self.campaign)
        rows = []
        shown: list[Part] = []
        if not any(centre["queue"] for centre in found["centres"]):
            shown.append(line(bold("Docked for repair"), ": none (k docks a ship at the station of a construction centre's planet)"))
        shown.append(line(bold("Construction centres"), " (hull points a day)"))
        for centre in found["centres"]:
            waiting = f", {len(centre['queue'])} docked" if centre["queue"] else ""
            shown.append(f"  {centre['centre']}: {centre['capacity']}, {OWNER[centre['owner']]}{waiting}")
            for ship in centre["queue"]:
                rows.append((ship["name"], (ship["name"], centre["centre"], ship["hull"], ", ".join(ship["systems"]) or "-", ship["days"], ship["today"])))
        shown.append(line(bold("Damaged, not in a repair queue"), "" if found["waiting"] else ": none"))
        for ship in found["waiting"]:  # (in the list too, its centre named: k docks it there)
            if not ship["centre"]:
                go, days = "no construction centre open to it", "-"
            elif ship["days"] == 0:
                go, days = f"{ship['centre']} is in this system: dock it (k)", "here"
            else:
                go, days = f"nearest open centre {ship['centre']}, {ship['days']} day{'s' if ship['days'] != 1 else ''} away at 1 box a day", f"{ship['days']} away"
            shown.append(f"  {ship['name']} (hull {ship['hull']}) at {ship['where']}: {go}")
            rows.append((ship["name"], (ship["name"], ship["centre"] or "-", ship["hull"], "not docked", days, "k docks" if ship["days"] == 0 else "-")))
        shown.append(bold("In the Void"))
        shown += [f"  {s['name']}: returns day {s['returns']} at {s['circle']}" for s in found["void"]] or ["  none"]
        shown.append(f"[{report.REPAIRS}]")
        self.query_one("#queue", Rows).show(rows, self.referee.ship)
        self.query_one("#centres", Static).update(lines(shown))

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        self.referee.ship = event.key
