"""What the app's shell asks of each kind of file it plays: its pages in the order of their keys,
what the bar says of the state, what the palette finds, how a log line is shown, and a line for
its log (a roll made on the Dice screen). The shell (app.py), the dice dialog, Dice & Tables, the
Log, undo, redo and the autosave are the same for every kind.

A kind is a rule system's file: a campaign of the Second Sathar War, a Knight Hawks battle, a
Starfleet Wars engagement, a Stellar Inferno scenario. Its pages are imported only when
a file of that kind is opened.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from referee import kinds
from referee.dice import Roll

if TYPE_CHECKING:
    from referee.journal import Result
    from referee.tui.actions import Action
    from referee.tui.pages.base import Page

Found = tuple[str, str, str, str]  # (what: ship, fortress, system or table; its name; the page that shows it; the selection it sets: ship or system)


class Kind(Protocol):
    name: str

    @property
    def log_labels(self) -> tuple[str, str]:
        """The Log's first two columns (the kind's, :mod:`referee.kinds`: as on paper)."""
        ...

    # the dice dialog asks at once for the later rolls of a log line that the trial's virtual dice
    # called for (a successful repair's 1d10); False: only each line's first roll, the rest once
    # the rolls typed call for them (a volley: which shots hit, and so which damage rolls come,
    # would differ each time the dialog opened)
    asks_later_rolls: bool

    def pages(self) -> Sequence[type[Page]]:
        """The pages, in the order of their keys 1, 2, ...; the first is shown on opening."""
        ...

    def where(self, state: Any) -> str:
        """The bar's line after the page's title: the day or the turn, and the step."""
        ...

    def log_cells(self, entry: Any) -> tuple[str, str]: ...

    def shown(self, entry: Any, secrets: bool) -> Any:
        """A log line as the screen may show it: a secret one sealed unless the referee unsealed them."""
        ...

    def note(self, state: Any, text: str, rolls: Iterable[Roll], rule: str) -> Result:
        """A line for the log (a roll on the Dice screen), as an action's result."""
        ...

    def findable(self, state: Any) -> Iterable[Found]:
        """What the palette finds by name (the tables are added by the shell)."""
        ...

    def exists(self, state: Any, name: str) -> bool:
        """Whether a ship of that name is still there to be marked."""
        ...

    def advance(self) -> Action | None:
        """The action of the key a on every screen: the file's next step (None: a means nothing here)."""
        ...


class CampaignKind:
    """The Second Sathar War campaign."""

    name = "campaign"
    asks_later_rolls = True

    def pages(self) -> Sequence[type[Page]]:
        from referee.tui.pages import PAGES

        return list(PAGES.values())

    def where(self, state: Any) -> str:
        return f"day {state.day} · {state.step}"

    def log_cells(self, entry: Any) -> tuple[str, str]:
        return kinds.rules(self.name).when(entry)

    @property
    def log_labels(self) -> tuple[str, str]:
        return kinds.rules(self.name).COLUMNS

    def shown(self, entry: Any, secrets: bool) -> Any:
        return entry

    def note(self, state: Any, text: str, rolls: Iterable[Roll], rule: str) -> Result:
        from referee.sathar_war.campaign import done

        return done(state, state.entry(text, list(rolls), rule))

    def findable(self, state: Any) -> Iterable[Found]:
        for unit in state.units:
            yield "ship", unit.name, "forces", "ship"
        for system in state.frontier.systems:
            yield "system", system.name, "map", "system"

    def exists(self, state: Any, name: str) -> bool:
        return any(u.name == name for u in state.units)

    def advance(self) -> Action | None:
        from referee.tui.actions import CAMPAIGN

        return CAMPAIGN[0]


class BattleKind:
    """A Knight Hawks battle: a scenario, or a battle fought from a campaign."""

    name = "battle"
    asks_later_rolls = False

    def pages(self) -> Sequence[type[Page]]:
        from referee.tui.battle.pages import PAGES

        return PAGES

    def where(self, state: Any) -> str:
        from referee.tui.battle.cards import phase

        return phase(state)

    def log_cells(self, entry: Any) -> tuple[str, str]:
        return kinds.rules(self.name).when(entry)

    @property
    def log_labels(self) -> tuple[str, str]:
        return kinds.rules(self.name).COLUMNS

    def shown(self, entry: Any, secrets: bool) -> Any:
        return entry

    def note(self, state: Any, text: str, rolls: Iterable[Roll], rule: str) -> Result:
        from referee.knight_hawks.combat_phase import noted

        return noted(state, text, list(rolls), rule)

    def findable(self, state: Any) -> Iterable[Found]:
        for ship in state.ships:
            yield "ship", ship.name, "ships", "ship"

    def exists(self, state: Any, name: str) -> bool:
        return any(s.name == name and not s.destroyed for s in state.ships)

    def advance(self) -> Action | None:
        return None  # (a battle's next half is n on its Ships screen; a is Announce on its Fire screen)


class EngagementKind:
    """A Starfleet Wars engagement: ships and starfortresses, turn by turn."""

    name = "engagement"
    asks_later_rolls = True

    def pages(self) -> Sequence[type[Page]]:
        from referee.tui.sfw.pages import PAGES

        return PAGES

    def where(self, state: Any) -> str:
        from referee.tui.sfw.cards import where

        return where(state)

    def log_cells(self, entry: Any) -> tuple[str, str]:
        return kinds.rules(self.name).when(entry)

    @property
    def log_labels(self) -> tuple[str, str]:
        return kinds.rules(self.name).COLUMNS

    def shown(self, entry: Any, secrets: bool) -> Any:
        from referee.tui.sfw.actions import shown

        return shown(entry, secrets)

    def note(self, state: Any, text: str, rolls: Iterable[Roll], rule: str) -> Result:
        from referee.starfleet_wars.engagement import done
        from referee.tui.sfw.actions import keyed

        return keyed(done(state, state.entry(text, list(rolls), rule)), "")

    def findable(self, state: Any) -> Iterable[Found]:
        for ship in state.ships:
            yield "ship", ship.name, "ships", "ship"
        for fortress in state.fortresses:
            yield "fortress", fortress.name, "ships", "ship"

    def exists(self, state: Any, name: str) -> bool:
        return any(u.name == name and not u.destroyed for u in (*state.ships, *state.fortresses))

    def advance(self) -> Action | None:
        from referee.tui.sfw.actions import NEXT

        return NEXT


class ScenarioKind:
    """A Stellar Inferno scenario: fleets on a hex map, nine phases a turn, each side in turn."""

    name = "scenario"
    asks_later_rolls = True

    def pages(self) -> Sequence[type[Page]]:
        from referee.tui.si.pages import PAGES

        return PAGES

    def where(self, state: Any) -> str:
        from referee.tui.si.cards import where

        return where(state)

    def log_cells(self, entry: Any) -> tuple[str, str]:
        return kinds.rules(self.name).when(entry)

    @property
    def log_labels(self) -> tuple[str, str]:
        return kinds.rules(self.name).COLUMNS

    def shown(self, entry: Any, secrets: bool) -> Any:
        return entry

    def note(self, state: Any, text: str, rolls: Iterable[Roll], rule: str) -> Result:
        from referee.stellar_inferno.scenario import done
        from referee.tui.si.actions import keyed

        return keyed(done(state, state.entry(text, list(rolls), rule)))

    def findable(self, state: Any) -> Iterable[Found]:
        for counter in state.counters:
            if counter.kind == "ship":
                yield "ship", counter.name, "fleets", "ship"
        for world in state.worlds:
            yield "planet", world.name, "planets", "system"
        for counter in state.counters:
            if counter.kind == "unit":
                yield "ground unit", counter.name, "planets", "system"

    def exists(self, state: Any, name: str) -> bool:
        found = state.entered(name)
        return found is not None and not found[0].destroyed

    def advance(self) -> Action | None:
        from referee.tui.si.actions import NEXT

        return NEXT


KINDS: Mapping[str, Kind] = kinds.Parts()  # each kind's, by its name (the registry's: referee.kinds)

