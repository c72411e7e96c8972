"""The Starfleet Wars supplement's ships as the book's cases set them up: an engagement of Terrans
and Aquarians, ships added with the Data Table's figures (the referee's for its unknown cells), damage
taken earlier, the turn moved on with each special damage roll owed made first."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from referee import tables
from referee.errors import RefereeError
from referee.starfleet_wars import turn
from referee.starfleet_wars.engagement import Engagement

SFW = tables.load(prefix="sfw")
RNG = random.Random(7)
# the referee's figures for the Data Table's unknown cells (the cases' own, or any that serve)
VALUES = {
    "VICTORY": {"launchers": 2, "reloads": 30},
    "INVINCIBLE": {"max_off": 14, "max_def": 14, "launchers": 2, "reloads": 10},
    "PIRAHNA": {"max_off": 4, "max_def": 4, "launchers": 2, "reloads": 6},
    "CONSTELLATION": {"max_off": 8, "max_def": 8, "launchers": 2, "reloads": 8},
    "FORMIDABLE": {"max_off": 7, "max_def": 7, "launchers": 2, "reloads": 8},
    "RANGER": {"max_off": 5, "max_def": 5, "launchers": 1, "reloads": 6},
    "SWIFTSURE": {"max_off": 4, "max_def": 4, "launchers": 1, "reloads": 4},
    "HAVOC": {"max_off": 1, "max_def": 1, "launchers": 0, "reloads": 0},
    "BUZZARD": {"reloads": 9},
    "WAHOO": {"reloads": 9},
    "SNARL": {"reloads": 9},
}


def battle(*ships: tuple[str, str, str]) -> Engagement:
    """An engagement of ``(name, side, class)`` ships."""
    engagement = Engagement("book", ("Terran", "Aquarian"))
    for name, side, ship_class in ships:
        engagement = turn.add(engagement, SFW, name, side, ship_class, VALUES.get(ship_class, {})).state
    return engagement


def damaged(engagement: Engagement, name: str, lost: int, **more: object) -> Engagement:
    """A ship as an earlier turn left it: ``lost`` power units lost (its peak too), and ``more`` of its state."""
    ship = engagement.ship(name)
    return engagement.replaced(ship._replace(lost=lost, peak=max(ship.peak, lost), **more))


def next_turn(engagement: Engagement, roll: int = 0) -> Engagement:
    """The next turn, each special damage roll owed made first (``roll``; 00: no additional damage)."""
    for ship in engagement.ships:
        while turn.owes_special(engagement.ship(ship.name)):
            engagement = turn.special_damage(engagement, SFW, ship.name, RNG, roll).state
    return turn.next_turn(engagement).state


def refused(match: str, step: Callable[[], object]) -> None:
    with pytest.raises(RefereeError, match=match):
        step()
