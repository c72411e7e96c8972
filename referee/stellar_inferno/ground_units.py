"""Ground combat units (Stellar Inferno 3, 9-11): attack, defense and maneuver for each step, the
steps lost, whether the unit is drop-capable (8.3.2), and bombardment packs (12.11.3).

Readings:

- The book's ground unit counter (Figure 4) is a picture not in the text: a unit is given its
  attack, defense and maneuver for each of its steps, full strength first, as the scenario's
  counters show them.
- A bombardment pack is a temporary ground unit of attack and defense 1 per point of cargo
  (12.11.3) with no maneuver rating given: it is left out of the maneuver comparison (11.1.4) and
  of the lowest maneuver rating that limits surrendered terrain (11.4.3).
"""

from __future__ import annotations

from typing import NamedTuple

from referee.errors import RefereeError
from referee.stellar_inferno.checked import checked

PACK_RULE = "Stellar Inferno 12.11.3"


@checked
class UnitFactors(NamedTuple):
    """One step of a ground unit: attack, defense, maneuver, each zero or more."""

    attack: int
    defense: int
    maneuver: int

    def check(self) -> None:
        for name in ("attack", "defense", "maneuver"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise RefereeError(f"a ground unit's {name} must be a whole number, zero or more, not {value!r}")

    def shown(self) -> str:
        return f"{self.attack}-{self.defense}-{self.maneuver}"


@checked
class GroundUnit(NamedTuple):
    """A ground unit and its state."""

    name: str
    side: str
    steps: tuple[UnitFactors, ...]
    lost: int = 0
    drop: bool = False  # drop-capable: deployed from orbit (8.3.2), in supply its first turn down (9.3.2)
    pack: bool = False  # a bombardment pack (12.11.3)

    def check(self) -> None:
        if not self.name.strip():
            raise RefereeError("a ground unit needs a name")
        if not self.steps:
            raise RefereeError(f"{self.name} needs the factors of at least one step")
        if not 0 <= self.lost <= len(self.steps):
            raise RefereeError(f"{self.name} has {len(self.steps)} step(s): it cannot have lost {self.lost}")

    @property
    def destroyed(self) -> bool:
        return self.lost >= len(self.steps)

    @property
    def steps_left(self) -> int:
        return len(self.steps) - self.lost

    @property
    def factors(self) -> UnitFactors:
        """The current step's factors (the last step's once eliminated, for display)."""
        return self.steps[min(self.lost, len(self.steps) - 1)]

    def shown(self) -> str:
        state = "eliminated" if self.destroyed else f"{self.factors.shown()}, {self.steps_left}/{len(self.steps)} steps"
        kind = " (bombardment pack)" if self.pack else " (drop)" if self.drop else ""
        return f"{self.name}{kind}: {state}"


def take_steps(unit: GroundUnit, steps: int) -> GroundUnit:
    """The unit after losing ``steps`` steps (eliminated when none is left)."""
    if steps < 0:
        raise RefereeError(f"step losses are 0 or more, not {steps}")
    if unit.destroyed and steps:
        raise RefereeError(f"{unit.name} is eliminated already")
    return unit._replace(lost=min(len(unit.steps), unit.lost + steps))


def bombardment_pack(name: str, side: str, points: int) -> GroundUnit:
    """A deployed bombardment pack of ``points`` cargo points: attack and defense 1 a point (12.11.3)."""
    if points < 1:
        raise RefereeError(f"a bombardment pack is 1 or more cargo points, not {points} ({PACK_RULE})")
    return GroundUnit(name, side, (UnitFactors(points, points, 0),), pack=True)
