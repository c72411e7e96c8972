"""Whose eyes a printed page is for: a side's copy holds its own secrets and none of its
opponent's; the table's copy (no side) holds none, sealed as the screens seal them; the referee's
copy (``secrets``) holds them all.

What a side, or the table, may see is not decided here: each kind's rules say it in one function,
its view (``kind.view``: :func:`referee.sathar_war.sides.view`, :func:`referee.knight_hawks.sides.view`,
:func:`referee.starfleet_wars.sides.view`, :func:`referee.stellar_inferno.sides.view`), which the
players' view reads too. :func:`seen` asks it for a copy; the referee's copy reads the file whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from referee import kinds, strict
from referee.logged import PUBLIC, Read

if TYPE_CHECKING:
    from referee.sathar_war.campaign import Campaign, Unit
    from referee.sathar_war.sides import Counter


class Eyes(NamedTuple):
    """Whose copy: a side's (``side``), the referee's (``secrets``), or the table's (neither)."""

    side: str = ""
    secrets: bool = False

    def shown(self) -> str:
        """The copy's name, for the document's head."""
        if self.side:
            return f"the {self.side} player's copy: its own secrets, none of its opponent's"
        if self.secrets:
            return "the referee's copy: every secret shown"
        return "the table's copy: secrets sealed"

    @property
    def reader(self) -> str:
        """Who reads the copy, as the rules' views name him: a side, or the table (``public``)."""
        return self.side or PUBLIC


def eyes(side: str | None, secrets: bool, sides: Sequence[str], where: str) -> Eyes:
    """The copy asked for, the side checked against the file's sides (any case)."""
    if side is None:
        return Eyes("", secrets)
    return Eyes(strict.pick(side, sides, "side", where), secrets)


def seen(state: Any, eyes: Eyes) -> Any:
    """What this copy may show of the file, as its kind's rules say (None: the referee's copy, all)."""
    return None if eyes.secrets else kinds.rules(kinds.of_state(state).name).view(state, eyes.reader)


def lines(state: Any, eyes: Eyes) -> tuple[Read, ...]:
    """Every line of the file's log as this copy reads it (the referee's: each whole)."""
    view = seen(state, eyes)
    return tuple(Read(e) for e in state.log) if view is None else tuple(view.lines)


def sealed_text(owner: str) -> str:
    whose = f"{owner}'s eyes only" if owner else "the referee's eyes only"
    return f"a sealed line: {whose} (the referee's copy, --secrets, prints it)"


class Copy(NamedTuple):
    """What a copy of a campaign's forms (its rosters, its Fleet Deployment Sheet) shows, as the
    campaign's view says (:func:`referee.sathar_war.sides.view`); the referee's copy: all."""

    side: str  # the side whose own secrets it shows ("": none, or, the referee's, all)
    names: frozenset[str] | None  # the ships and stations it shows (None: every one)
    retreat_shown: bool
    lost: tuple[Counter, ...]  # the ships and stations lost, as the copy's reader knows it

    @classmethod
    def of(cls, campaign: Campaign, eyes: Eyes) -> Copy:
        from referee.sathar_war.sides import GONE, Counter

        view = seen(campaign, eyes)
        if view is None:
            lost = tuple(Counter(u.name, u.side, u.ship_class, f"{u.status} on day {u.lost}") for u in campaign.units if u.status in GONE)
            return cls("", None, bool(campaign.retreat_condition), lost)
        names = frozenset(r["name"] for r in view.own) | frozenset(c.name for c in view.seen)
        return cls(view.side, names, view.retreat_shown, view.lost)

    def shows(self, unit: Unit) -> bool:
        """Whether the copy shows the ship or station (the opponent's off the map: not)."""
        return self.names is None or unit.name in self.names

    def whole(self, unit: Unit) -> bool:
        """Whether the copy shows what the unit's own player alone knows of it (a shatter drone)."""
        return self.names is None or unit.side == self.side
