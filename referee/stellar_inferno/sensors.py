"""Sensor sweeps (Stellar Inferno 12.6, optional), in the maneuver phase.

A player sees only the top ship of an enemy stack (6.1.3, 12.6.1). Ships within their range factor
of a hex may sweep it instead of manoeuvring (12.6.2-12.6.3): their range ratings are the sensor
attack factor, and the sweep is an attack "in the standard manner" (12.6.4): range halving, the
stack's combined defense, Table 3 or 4, technology advantage. The step losses it would inflict are
the number of ships revealed; no damage is done (12.6.5). The sweeping ships are revealed (12.6.6).

Reading: a sweep is not an attack of the Ship Combat phase, so it does not use up the hex's attack
(7.1.2) nor the sweepers' (7.1.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee.errors import RefereeError
from referee.stellar_inferno import odds, optional
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno.odds import Reading
from referee.stellar_inferno.optional import NONE, Rules
from referee.stellar_inferno.ships import Ship
from referee.stellar_inferno.space_combat import Attacker, Defense, ModifiedAttack, attack_factors, combined_defense, target_stack
from referee.tables import Tables

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

SENSORS_RULE = "Stellar Inferno 12.6.2-12.6.6"


class Sweep(NamedTuple):
    """A sensor sweep: the sensor factors, the defense, the reading, and how many ships are revealed."""

    sweepers: tuple[ModifiedAttack, ...]
    attack: int
    defense: Defense
    reading: Reading
    revealed: int

    def lines(self) -> tuple[str, ...]:
        return (
            *(s.shown() for s in self.sweepers),
            f"sensor attack {self.attack} against defense {self.defense.shown()}",
            *self.reading.lines(),
            f"{self.revealed} ship{'s' if self.revealed != 1 else ''} of the stack revealed, no damage; the sweeping ships are revealed ({SENSORS_RULE})",
        )


def sweep(
    si: Tables,
    side: str,
    sweepers: Sequence[Attacker],
    target: Sequence[Ship],
    rng: random.Random,
    rolled: int | str | None = None,
    technology: int = 0,
    asteroids: bool = False,
    rings: bool = False,
    rules: Rules = NONE,
) -> Sweep:
    """A sensor sweep of an enemy stack (12.6): each sweeper within its range factor of the hex."""
    optional.require(rules, "sensors", "a sensor sweep")
    target_hex, distance = target_stack(target, side)
    far = [f"{a.ship.name} (range {a.range}, range factor {a.ship.factors.range})" for a in sweepers if a.range > a.ship.factors.range]
    if far:
        raise RefereeError(f"the target hex must be within the sweeping ship's range factor ({SENSORS_RULE}): {', '.join(far)}")
    if any(a.overload for a in sweepers):
        raise RefereeError("a sensor sweep uses the range rating: weapons are not overloaded for it")
    defense = combined_defense([(s.name, sh.defense_rating(s)) for s in target], distance)
    into_atmosphere = any(s.atmosphere for s in target if s.name in defense.combining)
    factors = attack_factors(sweepers, side, target_hex, into_atmosphere, asteroids, rings, rules, sensor=True)
    total = sum(f.factor for f in factors)
    closed = len({a.ship.hex for a, f in zip(sweepers, factors) if f.factor > 0}) == 1
    table = odds.CLOSED_ORDER if closed else odds.OPEN_ORDER
    reading = odds.read(si, table, total, defense.total, odds.technology(technology, rules), rng, rolled, f"sensor sweep of {target_hex}", f"{SENSORS_RULE}, {'Table 4' if closed else 'Table 3'}")
    assert isinstance(reading.cell, int)
    return Sweep(factors, total, defense, reading, min(reading.cell, len(target)))
