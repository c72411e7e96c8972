"""What one side of a Starfleet Wars engagement may know, and what the table may (``public``).

The supplement's secrets are its special damage: "the results of special damage are kept secret
from the opponent" (a ship's or fortress's roll, what it did, when it ends, and the factors it fights
with while it lasts). The engine writes each such log line with the side whose eyes alone may see
it (``secret``) and keeps each ship's and fortress's special damage on it (``effects``). A side reads
its own in full; of the opponents', that a line was written (sealed) and nothing of their effects.
Everything else is fought in the open. The printed log reads the engagement through :func:`view`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, TypeVar

from referee import strict
from referee.logged import PUBLIC, Read, readable, turn_lines
from referee.starfleet_wars.engagement import Engagement

if TYPE_CHECKING:
    from referee.starfleet_wars.fortress import Fortress
    from referee.starfleet_wars.ships import Ship

U = TypeVar("U", "Ship", "Fortress")


class EngagementView(NamedTuple):
    """What one side (or the table: ``public``) may see: the engagement with only its own special
    damage and the lines it reads (``engagement``), and every line as it reads it (``lines``)."""

    side: str
    engagement: Engagement
    lines: tuple[Read, ...]


def unseen(unit: U) -> U:
    """A ship or fortress as its opponent (or the table) may know it: without its special damage and
    what damage control did to its factors ("do not let your opponent know ... the damage it causes")."""
    return unit._replace(effects=(), offensive_lost=False, defensive_lost=False)


def view(engagement: Engagement, side: str) -> EngagementView:
    """What ``side`` (a side of the engagement, any case, or ``public``) may see of it."""
    who = strict.pick(side, (*engagement.sides, PUBLIC), "side", engagement.name)
    lines = turn_lines(engagement.log, who)
    sealed = engagement._replace(
        ships=tuple(s if s.side == who else unseen(s) for s in engagement.ships),
        fortresses=tuple(f if f.side == who else unseen(f) for f in engagement.fortresses),
        log=readable(lines),
    )
    return EngagementView(who, sealed, lines)
