"""What the shell asks of a Stellar Inferno scenario (``referee.tui.kinds.Kind``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from referee.dice import Roll

if TYPE_CHECKING:
    from referee.journal import Result
    from referee.tui.forms import Action
    from referee.tui.kinds import Found
    from referee.tui.pages.base import Page


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

    def shown(self, entry: Any) -> Any:
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
        return found is not None and not found[0].gone

    def advance(self) -> Action | None:
        from referee.tui.si.actions import NEXT

        return NEXT

    def left(self) -> None:
        pass

    def another_file(self) -> None:
        pass
