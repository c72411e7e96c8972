"""A Stellar Inferno scenario's screens: Fleets (every ship by hex with its factors and steps, the
card of the one under the cursor, the planets, the phase and what it asks, the victory tally,
every ship's step from the keyboard) and Planets (each planet's terrain and the ground units on it
and aboard ships; the landing actions, ground supply and ground combat). Dice & Tables and the Log
are the app's own."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from referee.stellar_inferno.scenario import Scenario
from referee.tui.pages.base import Page, action_keys
from referee.tui.pages.dice import DicePage
from referee.tui.pages.log import LogPage
from referee.tui.rows import Rows
from referee.tui.si import actions, cards, ground, optional, planet_cards
from referee.tui.text import Part, lines, put


class ScenarioPage(Page):
    """A screen of a scenario: what the phase asks on top, a list of rows (``ROWS``, keyed by name)
    and the card of the row under the cursor beside it."""

    ROWS: ClassVar[str] = ""  # the list's id
    LABELS: ClassVar[tuple[str, ...]] = ()

    @property
    def scenario(self) -> Scenario:
        state = self.referee.journal.state
        assert isinstance(state, Scenario)
        return state

    def body(self) -> Iterable[Widget]:
        yield Static(id="next", classes="panel")
        with Horizontal():
            yield Rows(*self.LABELS, id=self.ROWS)
            with VerticalScroll(classes="side narrow"):
                yield Static(id="card")

    def home(self) -> Widget:
        return self.query_one(f"#{self.ROWS}", Rows)

    def draw(self) -> None:
        s = self.scenario
        put(self.query_one("#next", Static), lines(cards.next_steps(s)))
        found = self.rows(s)
        self.query_one(f"#{self.ROWS}", Rows).show([(key, cells) for key, cells, _ in found], self.selected(), dim=frozenset(key for key, _, grey in found if grey))
        self.show_card()

    def show_card(self) -> None:
        name = self.query_one(f"#{self.ROWS}", Rows).key
        put(self.query_one("#card", Static), lines(self.card(self.scenario, name or "")))

    def point_at(self, name: str) -> None:
        self.query_one(f"#{self.ROWS}", Rows).point(name)

    def rows(self, s: Scenario) -> list[tuple[str, tuple[str, ...], bool]]:
        """(key, cells, greyed) for each row."""
        raise NotImplementedError

    def selected(self) -> str:
        raise NotImplementedError

    def card(self, s: Scenario, name: str) -> list[Part]:
        raise NotImplementedError


class FleetsPage(ScenarioPage):
    TITLE = "Fleets"
    NAME = "fleets"
    HELP = "every ship by hex with its factors and steps, the planets, the phase and what it asks, the victory tally; every step of the turn"
    ACTIONS = (*actions.FLEETS, *optional.FLEETS)
    BINDINGS = action_keys(ACTIONS)
    ROWS = "roster"
    LABELS = cards.LABELS

    def rows(self, s: Scenario) -> list[tuple[str, tuple[str, ...], bool]]:
        found = [(ship.name, cards.ship_row(s, ship, carrier), ship.gone) for ship, carrier in cards.order(s)]
        return found + [(c.name, cards.counter_row(s, c), True) for c in cards.not_entered(s)]

    def selected(self) -> str:
        return self.referee.ship

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        self.referee.ship = event.key
        self.show_card()

    def card(self, s: Scenario, name: str) -> list[Part]:
        return cards.card(s, name)


class PlanetsPage(ScenarioPage):
    TITLE = "Planets"
    NAME = "planets"
    HELP = "each planet with its terrain, control and stockpiles, the ground units on it and aboard ships; the landing actions, ground supply and ground combat"
    ACTIONS = (*ground.PLANETS, *optional.PLANETS)
    BINDINGS = action_keys(ACTIONS)
    ROWS = "worlds"
    LABELS = planet_cards.LABELS

    def rows(self, s: Scenario) -> list[tuple[str, tuple[str, ...], bool]]:
        return list(planet_cards.rows(s))

    def selected(self) -> str:
        return self.referee.system

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        self.referee.system = event.key
        self.show_card()

    def card(self, s: Scenario, name: str) -> list[Part]:
        return planet_cards.card(s, name)


PAGES: Sequence[type[Page]] = (FleetsPage, PlanetsPage, DicePage, LogPage)
