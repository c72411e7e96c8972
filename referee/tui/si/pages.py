"""A Stellar Inferno scenario's screens: Fleets (every ship by hex with its factors and steps, the
card of the one under the cursor, the planets, the phase and what it asks, the victory tally,
every ship's step from the keyboard) and Planets (each planet's terrain and the ground units on it
and aboard ships; the landing actions, ground supply and ground combat). Dice & Tables and the Log
are the app's own."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from referee.stellar_inferno.scenario import Scenario
from referee.tui.pages.base import Page, action_keys
from referee.tui.pages.dice import DicePage
from referee.tui.pages.log import LogPage
from referee.tui.rows import Rows
from referee.tui.si import actions, cards, ground, optional, planet_cards
from referee.tui.text import lines, put


class FleetsPage(Page):
    TITLE = "Fleets"
    NAME = "fleets"
    HELP = "every ship by hex with its factors and steps, the planets, the phase and what it asks, the victory tally; every step of the turn"
    ACTIONS = (*actions.FLEETS, *optional.FLEETS)
    BINDINGS = action_keys(ACTIONS)

    @property
    def scenario(self) -> Scenario:
        state = self.referee.journal.state
        assert isinstance(state, Scenario)
        return state

    def body(self) -> Iterable[Widget]:
        yield Static(id="next", classes="panel")
        with Horizontal():
            yield Rows(*cards.LABELS, id="roster")
            with VerticalScroll(classes="side narrow"):
                yield Static(id="card")

    def home(self) -> Widget:
        return self.query_one("#roster", Rows)

    def draw(self) -> None:
        s = self.scenario
        put(self.query_one("#next", Static), lines(cards.next_steps(s)))
        rows = [(ship.name, cards.ship_row(s, ship, carrier)) for ship, carrier in cards.order(s)]
        gone = {ship.name for ship, _ in cards.order(s) if ship.destroyed}
        waiting = cards.not_entered(s)
        rows += [(c.name, cards.counter_row(s, c)) for c in waiting]
        gone |= {c.name for c in waiting}
        self.query_one("#roster", Rows).show(rows, self.referee.ship, dim=frozenset(gone))
        self.show_card()

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        self.referee.ship = event.key
        self.show_card()

    def show_card(self) -> None:
        name = self.query_one("#roster", Rows).key
        put(self.query_one("#card", Static), lines(cards.card(self.scenario, name or "")))

    def point_at(self, name: str) -> None:
        self.query_one("#roster", Rows).point(name)


class PlanetsPage(Page):
    TITLE = "Planets"
    NAME = "planets"
    HELP = "each planet with its terrain, control and stockpiles, the ground units on it and aboard ships; the landing actions, ground supply and ground combat"
    ACTIONS = (*ground.PLANETS, *optional.PLANETS)
    BINDINGS = action_keys(ACTIONS)

    @property
    def scenario(self) -> Scenario:
        state = self.referee.journal.state
        assert isinstance(state, Scenario)
        return state

    def body(self) -> Iterable[Widget]:
        yield Static(id="next", classes="panel")
        with Horizontal():
            yield Rows(*planet_cards.LABELS, id="worlds")
            with VerticalScroll(classes="side narrow"):
                yield Static(id="card")

    def home(self) -> Widget:
        return self.query_one("#worlds", Rows)

    def draw(self) -> None:
        s = self.scenario
        put(self.query_one("#next", Static), lines(cards.next_steps(s)))
        found = list(planet_cards.rows(s))
        self.query_one("#worlds", Rows).show([(key, cells) for key, cells, _ in found], self.referee.system, dim=frozenset(key for key, _, grey in found if grey))
        self.show_card()

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        self.referee.system = event.key
        self.show_card()

    def show_card(self) -> None:
        name = self.query_one("#worlds", Rows).key
        put(self.query_one("#card", Static), lines(planet_cards.card(self.scenario, name or "")))

    def point_at(self, name: str) -> None:
        self.query_one("#worlds", Rows).point(name)


PAGES: Sequence[type[Page]] = (FleetsPage, PlanetsPage, DicePage, LogPage)
