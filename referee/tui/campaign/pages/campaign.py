"""Campaign: the Time Record Track, the step and the next action, alerts, the victory tally, and
the sealed retreat condition."""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from referee.sathar_war import report
from referee.sathar_war.campaign import Campaign
from referee.sathar_war.turn import REPLACEMENT_DAYS
from referee.sathar_war.victory import TENDAY
from referee.tui.campaign import actions
from referee.tui.campaign.pages.war import WarPage
from referee.tui.dialogs import ConfirmDialog
from referee.tui.pages.base import action_keys
from referee.tui.text import Part, bold, line, lines

KEYS = {  # where in the app each kind of thing left to do is done (report.next_steps)
    "place-upf": "2 Forces, p",
    "place-sathar": "2 Forces, p",
    "retreat": "t",
    "drones": "w",
    "nova": "n",
    "move": "2 Forces or 3 Map, m",
    "continue": "c",
    "replace": "2 Forces, r",
    "declare": "5 Battles, d",
    "result": "5 Battles, o or i",
    "repair-space": "4 Repairs, s",
    "advance": "a",
}


def track(campaign: Campaign) -> Content:
    """The ten boxes of the current tenday, the Day marker on today, what is scheduled under each."""
    tenday, today = campaign.tenday
    first = tenday + 1
    cells: list[Part] = []
    marks = []
    for day in range(first, first + TENDAY):
        box = f"{day - tenday:>2}"
        cells += [(box, "reverse") if day - tenday == today and campaign.day else box, "|"]
        due = []
        if any(u.status == "void" and u.returns == day for u in campaign.units):
            due.append("V")
        if campaign.replacements and day % REPLACEMENT_DAYS == 0:
            due.append("R")
        if day % TENDAY == 0:
            due.append("T")
        marks.append(f"{''.join(due):>2}")
    return line(f"Tenday {tenday:<3} |", *cells, f"  V Void returns, R replacements\n           |{'|'.join(marks)}|  T tenday end (retreat 4, 5)")


class CampaignPage(WarPage):
    TITLE = "Campaign"
    NAME = "campaign"
    SHOWS = frozenset()
    HELP = "the time track, the step and the next action, alerts, the victory tally"
    ACTIONS = (*actions.CAMPAIGN, actions.CONTINUE)
    BINDINGS = action_keys(ACTIONS, Binding("s", "secret", "Secret"))

    def body(self) -> Iterable[Widget]:
        with VerticalScroll():
            yield Static(id="track", classes="panel")
            yield Static(id="step", classes="panel")
            with Horizontal(id="lower"):
                yield Static(id="alerts", classes="panel")
                yield Static(id="tally", classes="panel")

    def home(self) -> Widget:
        return self.query_one(VerticalScroll)

    def draw(self) -> None:
        campaign = self.campaign
        found = report.status(campaign, self.kind.retreat_shown)
        self.query_one("#track", Static).update(lines([bold("Time Record Track"), track(campaign), *found["track"]]))
        todo = [f"{what} ({KEYS[how]})" for what, how in report.next_steps(campaign)] or [f"The war is over: {campaign.outcome}"]
        self.query_one("#step", Static).update(line(bold("Next"), ": " + "; ".join(todo)))
        alerts = found["alerts"] or ["none"]
        self.query_one("#alerts", Static).update(lines([bold("Alerts"), *(f"• {a}" for a in alerts)]))
        tally = [f"{k.replace('_', ' ')}: {v}" for k, v in found["tally"].items()]
        secret = line(bold("Secret"), ": " + found["retreat_condition"].replace("status --secrets", "s"))
        now = [f"now: {progress}" for progress in found["retreat_progress"]]
        self.query_one("#tally", Static).update(lines([bold("Victory tally"), *tally, "", secret, *now]))

    def action_secret(self) -> None:
        """Seal the retreat condition at once; reveal it only once asked (anyone at the table may be looking)."""
        if self.kind.retreat_shown:
            self.show_secret(False)
            return
        text = line("The Sathar player's secret retreat condition will be shown on this screen, to anyone looking at it. Turn the screen away from the UPF player first.")
        self.referee.push_screen(ConfirmDialog("Reveal the retreat condition?", text), lambda yes: self.show_secret(True) if yes else None)

    def show_secret(self, shown: bool) -> None:
        self.kind.retreat_shown = shown
        self.redraw()
        self.referee.tell("the retreat condition is shown: seal it again with s" if shown else "the retreat condition is sealed")
