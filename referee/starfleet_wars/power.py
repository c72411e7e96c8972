"""Power allocation (Starfleet Wars, page 5 of the rulebook, as this supplement's examples use it):
each turn a ship divides the power units it has left among speed, offensive and defensive factors,
every factor costing its square in power units (the rules README's reading: VICTORY's speed 3 = 9,
OF 18 = 324, DF 12 = 144; the MAD's DF 5 + OF 2 = 29, DF 5 + OF 3 = 34; the Pirahna's speed 2 +
OF 2 + DF 1 = 9 of 10). Never more than the power units left, never above the class's maximum
offensive and defensive factors.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from referee.errors import RefereeError

POWER_RULE = (
    "Starfleet Wars supplement, Super Galactic Dreadnoughts ('Using the available power units calculate your factors for offense, defense and speed'); every factor costs its square (rules README)"
)


def cost(factor: int) -> int:
    """The power units a factor costs: its square (sfw.power-costs)."""
    if factor < 0:
        raise RefereeError(f"a factor is 0 or more, not {factor}")
    return factor * factor


def most_factors(power_units: int) -> int:
    """The most factors a number of power units buys (sfw.power-factors): 300 PU buy 17."""
    return math.isqrt(max(0, power_units))


class Allocation(NamedTuple):
    """One turn's division of power: speed, offensive and defensive factors as calculated."""

    speed: int = 0
    offensive: int = 0
    defensive: int = 0

    @property
    def cost(self) -> int:
        return cost(self.speed) + cost(self.offensive) + cost(self.defensive)

    def shown(self, speed: bool = True) -> str:
        """``speed 3 (9) + OF 18 (324) + DF 12 (144) = 477 PU`` (``speed`` False: a starfortress's, OF and DF only)"""
        parts = [f"speed {self.speed} ({cost(self.speed)})"] if speed else []
        parts += [f"OF {self.offensive} ({cost(self.offensive)})", f"DF {self.defensive} ({cost(self.defensive)})"]
        return " + ".join(parts) + f" = {self.cost} PU"


def why_not(allocation: Allocation, available: int, max_off: int, max_def: int, max_speed: int | None = None) -> str:
    """Why an allocation is refused ("" when it is allowed): more than the power units left, or a
    factor above its maximum."""
    for what, value in (("speed", allocation.speed), ("OF", allocation.offensive), ("DF", allocation.defensive)):
        if value < 0:
            return f"{what} must be 0 or more, not {value}"
    if max_speed is not None and allocation.speed > max_speed:
        return f"speed {allocation.speed} is above the most allowed, {max_speed}"
    if allocation.offensive > max_off:
        return f"OF {allocation.offensive} is above the maximum offensive factor, {max_off}"
    if allocation.defensive > max_def:
        return f"DF {allocation.defensive} is above the maximum defensive factor, {max_def}"
    if allocation.cost > available:
        return f"{allocation.shown()} is more than the {available} PU available"
    return ""
