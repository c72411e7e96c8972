"""What the shell asks of a campaign of the Second Sathar War (``referee.tui.kinds.Kind``), and what its
screens keep between actions: the retreat condition shown, a battle's results as typed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from referee.dice import Roll

if TYPE_CHECKING:
    from referee.journal import Result
    from referee.sathar_war.campaign import Fight
    from referee.tui.forms import Action
    from referee.tui.kinds import Found
    from referee.tui.pages.base import Page


class CampaignKind:
    """The Second Sathar War campaign."""

    name = "campaign"
    asks_later_rolls = True

    def __init__(self) -> None:
        self.retreat_shown = False  # the Sathar's secret retreat condition shown on the Campaign screen (the referee chose to reveal it)
        self.typed_results: dict[Fight, dict[str, dict[str, str]]] = {}  # a battle's results table as typed, until entered

    def pages(self) -> Sequence[type[Page]]:
        from referee.tui.campaign.pages import PAGES

        return list(PAGES.values())

    def where(self, state: Any) -> str:
        return f"day {state.day} · {state.step}"

    def shown(self, entry: Any) -> Any:
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
        from referee.tui.campaign.actions import CAMPAIGN

        return CAMPAIGN[0]

    def left(self) -> None:
        pass

    def another_file(self) -> None:
        self.retreat_shown = False
