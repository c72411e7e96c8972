"""A Starfleet Wars engagement's screens: Ships (every ship and starfortress in a roster, the card
of the one under the cursor, what comes next in the turn, every step from the keyboard). Dice &
Tables and the Log are the app's own."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from referee.starfleet_wars.engagement import Engagement
from referee.starfleet_wars.fortress import Fortress
from referee.tui.dialogs import ConfirmDialog
from referee.tui.pages.base import Page, action_keys
from referee.tui.pages.dice import DicePage
from referee.tui.pages.log import LogPage
from referee.tui.rows import Rows
from referee.tui.sfw import actions, cards
from referee.tui.sfw.kind import EngagementKind
from referee.tui.text import line, lines, put


class ShipsPage(Page):
    TITLE = "Ships"
    NAME = "ships"
    HELP = "every ship and starfortress with its power, allocation and factors, weapons, teams and hits; every step of the turn"
    ACTIONS = tuple(actions.SHIPS)
    BINDINGS = action_keys(ACTIONS, Binding("u", "unseal", "Unseal"))

    @property
    def engagement(self) -> Engagement:
        state = self.referee.journal.state
        assert isinstance(state, Engagement)
        return state

    @property
    def kind(self) -> EngagementKind:
        kind = self.referee.kind
        assert isinstance(kind, EngagementKind)
        return kind

    def body(self) -> Iterable[Widget]:
        yield Static(id="next", classes="panel")
        with Horizontal():
            yield Rows(*cards.LABELS, id="roster")
            with VerticalScroll(classes="side card"):
                yield Static(id="card")

    def home(self) -> Widget:
        return self.query_one("#roster", Rows)

    def draw(self) -> None:
        engagement, secrets, sfw = self.engagement, self.kind.unsealed, self.referee.tables
        put(self.query_one("#next", Static), lines(cards.next_steps(engagement)))
        rows = []
        gone = set()
        for unit in cards.order(engagement):
            if isinstance(unit, Fortress):
                rows.append((unit.name, cards.fortress_row(engagement, unit, secrets)))
            else:
                rows.append((unit.name, cards.ship_row(engagement, sfw, unit, secrets)))
            if unit.destroyed:
                gone.add(unit.name)
        self.query_one("#roster", Rows).show(rows, self.referee.ship, dim=frozenset(gone))
        self.show_card()

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        self.referee.ship = event.key
        self.show_card()

    def show_card(self) -> None:
        name = self.query_one("#roster", Rows).key
        put(self.query_one("#card", Static), lines(cards.card(self.engagement, self.referee.tables, name, self.kind.unsealed)))

    def point_at(self, name: str) -> None:
        self.query_one("#roster", Rows).point(name)

    def action_unseal(self) -> None:
        """Seal special damage at once; unseal it only once asked (the opponent may be looking)."""
        if self.kind.unsealed:
            self.show_secrets(False)
            return
        text = line(
            "Every side's special damage - each roll's result, the factors it takes, damage control on it - will be shown on the cards "
            "and in the Log, to anyone looking at the screen, until u seals it again (or the app is closed). Turn the screen away from "
            "the players first."
        )
        self.referee.push_screen(ConfirmDialog("Unseal special damage?", text), lambda yes: self.show_secrets(True) if yes else None)

    def show_secrets(self, shown: bool) -> None:
        self.kind.unsealed = shown
        self.referee.changed()
        self.referee.tell("special damage is unsealed on the cards and in the Log: u seals it again" if shown else "special damage is sealed")


PAGES: Sequence[type[Page]] = (ShipsPage, DicePage, LogPage)
