"""Forces: every fleet, ship and station of both sides, filterable; the roster of the ship under
the cursor in the shape of the book's ship roster form; fleets formed, split, merged; rosters
edited by hand."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Input, Static

from referee.errors import RefereeError
from referee.sathar_war import report, supply
from referee.tui.campaign import actions, picks
from referee.tui.campaign.pages.war import WarPage
from referee.tui.dialogs import say
from referee.tui.pages.base import action_keys
from referee.tui.rows import Rows
from referee.tui.text import Part, bold, line, lines

FILTERS = ("side", "fleet", "at", "type", "state")
FILTER_HINT = "/ filter: words, side:upf at:X type:Y state:Z"


def read_filter(text: str) -> tuple[dict[str, str], list[str]]:
    """``side:upf at:prenglar destroyer`` -> the report's filters and the plain words."""
    chosen: dict[str, str] = {}
    words: list[str] = []
    for token in text.split():
        key, colon, value = token.partition(":")
        if not colon:
            words.append(token.casefold())
        elif key.lower() in FILTERS and value:
            chosen["kind" if key.lower() == "type" else key.lower()] = value.replace("_", " ")
        else:
            raise RefereeError(f"{token!r}: filters are {', '.join(f + ':VALUE' for f in FILTERS)} (use _ for a space)")
    return chosen, words


SPARE = ("Hull", "Fleet", "Class", "Planet")  # the roster beside the list shows them: left out of a narrow list, whose name and place wrap


def fleet_short(fleet: str) -> str:
    """A fleet's name as the book shortens it (TF Prenglar, as the ships are named)."""
    for long, short in (("Task Force ", "TF "), ("Strike Force ", "SF ")):
        if fleet.startswith(long):
            return short + fleet[len(long) :]
    return fleet


def roster_form(found: dict[str, Any], path: list[str] | None) -> Content:
    """The ship roster form: name and class, the four figures, weapons and defenses with ammunition."""
    rows: list[Part] = [
        bold(found["name"]),
        f"{found['class']}, {found['side']}; {found['force']}",
        f"fleet {found['fleet']}; {found['status']}",
        f"at {found['place']}",
        "",
        f"HULL {found['hull']}",
        f"ADF  {found['adf']}",
        f"MR   {found['mr']}",
        f"DCR  {found['dcr']}",
        "",
        bold("Weapons"),
        *(f"  {w}" for w in found["weapons"] or ["none"]),
        bold("Defenses"),
        *(f"  {d}" for d in found["defenses"] or ["none"]),
        line(bold("Damaged"), f": {', '.join(found['damaged']) or 'none'}"),
    ]
    if found["station_only"]:
        rows.append(f"repair at a station only: {', '.join(found['station_only'])}")
    if found["aboard"]:
        rows.append(f"aboard: {', '.join(found['aboard'])}")
    if found["carried_by"] != "-":
        rows.append(f"carried by {found['carried_by']}")
    if found["docked_at"] != "-":
        rows.append(f"docked at {found['docked_at']}")
    if found["journey"] != "-":
        rows.append(line(bold("Bound for"), f" {found['journey']} (c goes on, s stops)"))
    if path is not None:
        rows += ["", line(bold("Supply"), ": " + (" -> ".join(path) if path else "OUT OF SUPPLY (no path)"))]
    return lines(rows)


class ForcesPage(WarPage):
    TITLE = "Forces"
    NAME = "forces"
    SHOWS = frozenset({"ship"})
    HELP = "every ship and fleet, filterable; the roster of the ship under the cursor"
    ACTIONS = actions.FORCES
    BINDINGS = action_keys(
        ACTIONS, Binding("space", "mark", "Mark"), Binding("u", "unmark", "Unmark all", show=False), Binding("escape", "back", "Unmark all", show=False), Binding("slash", "find", "Filter")
    )

    def body(self) -> Iterable[Widget]:
        with Horizontal():
            with Vertical(id="list"):
                yield Input(placeholder=FILTER_HINT, id="filter")
                yield Static("", id="filter-error", classes="error")
                yield Rows("", "Name", "Hull", "Where", "Fleet", "Class", "Planet", id="ships", wrap=True, spare=SPARE)
            with VerticalScroll(id="roster", classes="side narrow"):
                yield Static(id="form")

    def home(self) -> Widget:
        return self.query_one("#ships", Rows)

    def draw(self) -> None:
        text = self.query_one("#filter", Input).value
        error = self.query_one("#filter-error", Static)
        try:
            chosen, words = read_filter(text)
            rows = report.forces(self.campaign, **chosen)
        except RefereeError as problem:
            say(error, str(problem))
            return
        say(error, "")
        marked = set(self.referee.marked)
        campaign = self.campaign
        units = {u.name: u for u in campaign.units}  # (Campaign.unit checks a name against every ship: 183 times a draw)
        shown = []
        for row in rows:
            seen = f"{row['name']} {row['fleet']} {row['class']} {row['place']}".casefold()
            if all(w in seen for w in words):
                unit = units[row["name"]]
                cells = (
                    "*" if row["name"] in marked else "",
                    row["name"],
                    f"{row['hull']}/{row['hull_points']}",
                    picks.where(campaign, unit, planet=False),
                    fleet_short(unit.fleet),
                    row["class"],
                    unit.place.planet if unit.place is not None else "",
                )
                shown.append((row["name"], cells))
        self.query_one("#ships", Rows).show(shown, self.referee.ship)
        self.show_roster()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.draw()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#ships", Rows).focus()

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        self.referee.ship = event.key
        self.show_roster()

    def show_roster(self) -> None:
        form = self.query_one("#form", Static)
        try:
            unit = self.campaign.unit(self.referee.ship)
        except RefereeError:
            form.update("no ship chosen")
            return
        path = supply.path(self.campaign, unit) if unit.active and not unit.station else None
        form.update(roster_form(report.roster(self.campaign, unit.name), path))

    def action_mark(self) -> None:
        """Mark the ship under the cursor (or unmark it), and go down to the next."""
        name = self.referee.ship
        if not name:
            return
        marked = self.referee.marked
        if name in marked:
            marked.remove(name)
        else:
            marked.append(name)
        self.draw()
        self.query_one("#ships", Rows).action_move(1)
        self.referee.tell(self.marks_text())

    def marks_text(self) -> str:
        marked = self.referee.marked
        return f"marked ({len(marked)}): {', '.join(marked)} - the next action takes them; u or Esc unmarks all" if marked else "nothing marked"

    def action_unmark(self) -> None:
        if self.referee.marked:
            self.referee.marked.clear()
            self.draw()
            self.referee.tell("nothing marked")

    def action_back(self) -> None:
        """Esc: from the filter, back to the list; in the list, unmark all."""
        ships = self.query_one("#ships", Rows)
        if ships.has_focus:
            self.action_unmark()
        else:
            ships.focus()

    def action_find(self) -> None:
        self.query_one("#filter", Input).focus()

    def point_at(self, name: str) -> None:
        table = self.query_one("#ships", Rows)
        if not table.point(name):
            self.query_one("#filter", Input).value = ""
            self.draw()
            table.point(name)
        table.focus()
