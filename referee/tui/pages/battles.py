"""Battles: each contested system with its planets, the ships that may fight and the rules their
number suggests; today's declared attacks; each ship's outcome entered here flows into rosters,
losses and the victory tally. A battle can be written out as a Knight Hawks battle file to fight
turn by turn and read back; f fights it here, on the battle screens, and closing it brings every
roster back."""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from referee.errors import RefereeError
from referee.sathar_war import report
from referee.tui import actions
from referee.tui.pages.base import Page, action_keys
from referee.tui.rows import Rows
from referee.tui.text import Part, bold, line, lines


class BattlesPage(Page):
    TITLE = "Battles"
    NAME = "battles"
    SHOWS = frozenset({"system"})
    HELP = "contested systems, declared attacks, outcomes ship by ship"
    ACTIONS = actions.BATTLES
    BINDINGS = action_keys(ACTIONS, Binding("o", "results", "Results"), Binding("f", "fight", "Fight it here"))

    def body(self) -> Iterable[Widget]:
        with Horizontal():
            yield Rows("System", "Sathar", "UPF", "Rules", id="contested")
            with VerticalScroll(classes="side wide"):
                yield Static(id="fight")

    def home(self) -> Widget:
        return self.query_one("#contested", Rows)

    def draw(self) -> None:
        found = report.battles(self.campaign, self.referee.tables)
        self.found = found
        rows = [(p["system"], (p["system"], len(p["sathar"]), len(p["upf"]), p["rules"].split()[0])) for p in found["contested"]]  # Basic or Advanced: the rest beside
        self.query_one("#contested", Rows).show(rows, self.referee.system)
        self.show_fight()

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        self.referee.system = event.key
        self.show_fight()

    def show_fight(self) -> None:
        found = self.found
        said: list[Part] = [line(bold("Step"), f": {found['step_text']}")]
        for place in found["contested"]:
            if place["system"] != self.referee.system:
                continue
            said += [
                line(bold(place["system"]), f": planets {', '.join(place['planets'])}"), f"rules: {place['rules']}",
                f"Sathar ({len(place['sathar'])}): {', '.join(place['sathar'])}", f"UPF ({len(place['upf'])}): {', '.join(place['upf'])}",
            ]
            if place["attacked_today"]:
                said.append(f"attacked today (the UPF may not attack them): {', '.join(place['attacked_today'])}")
        if not found["contested"]:
            said.append("no system holds both sides")
        said.append(bold("Declared today"))
        for fight in found["declared"]:
            said.append(f"{fight['attacker']} attack at {fight['planet']} ({fight['system']}), fought with the {fight['game']} rules: {', '.join(fight['ships'])}; suggested: {fight['rules']}")
        if not found["declared"]:
            said.append("none")
        said.append(f"[{report.COMBAT}]")
        self.query_one("#fight", Static).update(lines(said))

    def action_results(self) -> None:
        """The results of the battle in the system under the cursor, all ships in one table."""
        try:
            self.referee.enter_results(self.referee.system)
        except RefereeError as error:
            self.referee.tell(str(error), "warning")

    def action_fight(self) -> None:
        """Fight the battle declared in the system under the cursor on the battle screens."""
        try:
            self.referee.fight(self.referee.system)
        except RefereeError as error:
            self.referee.tell(str(error), "warning")
