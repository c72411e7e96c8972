"""What the shell asks of a Knight Hawks battle (``referee.tui.kinds.Kind``), and what its screens keep
between actions: the shots announced on the Fire screen, the campaign it was fought from."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from referee.dice import Roll

if TYPE_CHECKING:
    from referee.journal import Journal, Result
    from referee.tui.battle.actions import Announced
    from referee.tui.forms import Action
    from referee.tui.kinds import Found
    from referee.tui.pages.base import Page


class BattleKind:
    """A Knight Hawks battle: a scenario, or a battle fought from a campaign."""

    name = "battle"
    asks_later_rolls = False

    def __init__(self) -> None:
        self.volley: list[Announced] = []  # the shots announced on the Fire screen, not yet rolled (nothing of the file)
        self.below: list[Journal] = []  # the campaign the battle shown was fought from (c closes it back into it)

    def pages(self) -> Sequence[type[Page]]:
        from referee.tui.battle.pages import PAGES

        return PAGES

    def where(self, state: Any) -> str:
        from referee.tui.battle.cards import phase

        return phase(state)

    def shown(self, entry: Any) -> Any:
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

    def left(self) -> None:
        self.volley.clear()

    def another_file(self) -> None:
        self.below.clear()  # (a battle fought from a campaign, opened from the list, is a battle on its own: f on the campaign's Battles screen takes it up to close it)
