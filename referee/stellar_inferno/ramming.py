"""Ramming (Stellar Inferno 12.8, optional), declared in the individual ship maneuver phase.

A ship with a higher maneuver rating than its target, ending its movement in the target's hex
(12.8.2), makes a closed order attack (Table 4) with its defense rating as its attack factor
(12.8.3); the target takes the step losses (12.8.4) and, if it survives, rams back the same way
(12.8.5-12.8.6).

Readings: the ram is against the one vessel named, so the target's own defense rating defends (no
stack combination, 7.3.2); both ratings are the ones ships fight with (the atmosphere's planetary
gear and psi included, as for any attack); technology advantage applies, as to any ship attack
(12.12.2). A captured ship cannot ram (12.13.10: unable to attack).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from referee.errors import RefereeError
from referee.stellar_inferno import odds, optional
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno.odds import Reading
from referee.stellar_inferno.optional import NONE, Rules
from referee.stellar_inferno.ships import Ship
from referee.tables import Tables

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

RAMMING_RULE = "Stellar Inferno 12.8.2-12.8.4"
BACK_RULE = "Stellar Inferno 12.8.5-12.8.6"


class Ram(NamedTuple):
    """A ram: the rammer's defense as attack, the target's defense, the reading, the step losses."""

    rammer: str
    target: str
    attack: sh.Rating
    defense: sh.Rating
    reading: Reading
    steps: int
    back: bool

    def lines(self) -> tuple[str, ...]:
        what = "rams back" if self.back else "rams"
        return (
            f"{self.rammer} {what} {self.target}: its defense {self.attack.shown()} as attack against defense {self.defense.shown()} ({BACK_RULE if self.back else RAMMING_RULE})",
            *self.reading.lines(),
            f"{self.target} takes {self.steps} step loss{'es' if self.steps != 1 else ''}" + ("; if it survives, it rams back (12.8.5)" if not self.back else ""),
        )


def ram(
    si: Tables,
    rammer: Ship,
    target: Ship,
    rng: random.Random,
    rolled: int | str | None = None,
    technology: int = 0,
    back: bool = False,
    rules: Rules = NONE,
) -> Ram:
    """A ramming attack on Table 4 (12.8.3); ``back``: the surviving target ramming its attacker (12.8.5)."""
    optional.require(rules, "ramming", "ramming")
    if rammer.captured:
        raise RefereeError(f"{rammer.name} was captured: captured ships are unable to attack (Stellar Inferno 12.13.10)")
    sh.close_quarters(rammer, target, "ram", RAMMING_RULE, faster=not back)
    attack, defense = sh.defense_rating(rammer), sh.defense_rating(target)
    reading = odds.read(
        si, odds.CLOSED_ORDER, attack.value, defense.value, odds.technology(technology, rules), rng, rolled, f"{rammer.name} rams {target.name}", f"{BACK_RULE if back else RAMMING_RULE}, Table 4"
    )
    assert isinstance(reading.cell, int)
    return Ram(rammer.name, target.name, attack, defense, reading, reading.cell, back)
