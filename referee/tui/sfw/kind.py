"""What the shell asks of a Starfleet Wars engagement (``referee.tui.kinds.Kind``), and what its
screens keep between actions: the special damage unsealed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from referee.dice import Roll

if TYPE_CHECKING:
    from referee.journal import Result
    from referee.tui.forms import Action
    from referee.tui.kinds import Found
    from referee.tui.pages.base import Page


class EngagementKind:
    """A Starfleet Wars engagement: ships and starfortresses, turn by turn."""

    name = "engagement"
    asks_later_rolls = True

    def __init__(self) -> None:
        self.unsealed = False  # the special damage shown on the cards and in the log (the referee chose to unseal it)

    def pages(self) -> Sequence[type[Page]]:
        from referee.tui.sfw.pages import PAGES

        return PAGES

    def where(self, state: Any) -> str:
        from referee.tui.sfw.cards import where

        return where(state)

    def shown(self, entry: Any) -> Any:
        from referee.tui.sfw.actions import shown

        return shown(entry, self.unsealed)

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

    def left(self) -> None:
        pass

    def another_file(self) -> None:
        self.unsealed = False
