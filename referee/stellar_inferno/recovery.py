"""Damage recovery (Stellar Inferno 7.5), in the Ship Damage Recovery phase.

A ship that suffered step losses this round and was not destroyed may try to repair them (7.5.1):
two six-sided dice at or under its current defense rating repair one step lost this round (7.5.2);
a six on either die fails, and cripples the ship for the scenario: no further attempt (7.5.3).

Readings:

- One 2d6 attempt for each step lost this round, each repairing one step on a success (7.5.2 says
  "one step loss ... is repaired" by a roll, 7.5.1 "some or all of the damage").
- A 6 on either die cripples the ship even when the total is at or under the defense: "the repair
  automatically fails". The ship's remaining attempts are not rolled.
- The "current defense rating" is the counter's defense at the ship's step when each die pair is
  rolled, so a step repaired raises the rating for the next attempt. It does not include the
  atmosphere's planetary gear or a psi agent, which are combat ratings.
- The dice are rolled, or entered as rolled at the table, a die at a time, so a 6 shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee import dice
from referee.dice import Roll
from referee.errors import RefereeError
from referee.stellar_inferno.ships import Ship, in_game

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

RECOVERY_RULE = "Stellar Inferno 7.5.1-7.5.3"
DOCK_RULE = "Stellar Inferno 7.5.4"


class Attempt(NamedTuple):
    """One 2d6 repair attempt."""

    first: Roll
    second: Roll
    defense: int
    repaired: bool
    crippled: bool

    @property
    def total(self) -> int:
        return self.first.total + self.second.total

    def shown(self) -> str:
        dice_shown = f"{self.first.total} + {self.second.total} = {self.total}"
        if self.crippled:
            return f"{dice_shown}: a six: the repair fails and the ship is crippled for the scenario (7.5.3)"
        if self.repaired:
            return f"{dice_shown} <= defense {self.defense}: one step repaired (7.5.2)"
        return f"{dice_shown} > defense {self.defense}: not repaired (7.5.2)"


class Recovery(NamedTuple):
    """A ship's recovery: the ship after, and each attempt."""

    ship: Ship
    attempts: tuple[Attempt, ...]

    @property
    def repaired(self) -> int:
        return sum(a.repaired for a in self.attempts)

    def lines(self) -> tuple[str, ...]:
        shown = [f"{self.ship.name}: {a.shown()}" for a in self.attempts]
        shown.append(f"{self.ship.name}: {self.repaired} step{'s' if self.repaired != 1 else ''} repaired ({RECOVERY_RULE})")
        if self.ship.crippled:
            shown.append(f"{self.ship.name} is crippled: if it survives it must put into dock for repairs ({DOCK_RULE})")
        return tuple(shown)


Pair = tuple[int | str | None, int | str | None]


def recover(ship: Ship, rng: random.Random, rolled: Sequence[Pair] = ()) -> Recovery:
    """A ship's repair attempts this round: one 2d6 a step lost this round, at or under its current
    defense repairs a step, a 6 on either die cripples it and ends its attempts (7.5.1-7.5.3).
    ``rolled``: the dice rolled at the table, a pair an attempt (None: roll it); each checked first."""
    if ship.destroyed:
        raise RefereeError(f"{ship.name} is destroyed: only a ship that was not destroyed may repair ({RECOVERY_RULE})")
    in_game(ship)
    if ship.crippled:
        raise RefereeError(f"{ship.name} is crippled: no further repair attempts can be made on it ({RECOVERY_RULE})")
    if ship.lost_this_round < 1:
        raise RefereeError(f"{ship.name} suffered no step losses this round: nothing to repair ({RECOVERY_RULE})")
    if len(rolled) > ship.lost_this_round:
        raise RefereeError(f"{len(rolled)} pairs of dice for {ship.lost_this_round} attempt(s): one 2d6 a step lost this round")
    for pair in rolled:
        for die in pair:
            if die is not None:
                dice.entered("d6", die)
    attempts: list[Attempt] = []
    for number in range(ship.lost_this_round):
        entered: Pair = rolled[number] if number < len(rolled) else (None, None)
        purpose = f"damage recovery of {ship.name}, attempt {number + 1}"
        first, second = dice.take("d6", rng, entered[0], purpose), dice.take("d6", rng, entered[1], purpose)
        defense = ship.factors.defense
        if 6 in (first.total, second.total):
            attempts.append(Attempt(first, second, defense, False, True))
            ship = ship._replace(crippled=True)
            break
        repaired = first.total + second.total <= defense
        attempts.append(Attempt(first, second, defense, repaired, False))
        if repaired:
            ship = ship._replace(lost=ship.lost - 1)
    return Recovery(ship._replace(lost_this_round=0), tuple(attempts))
