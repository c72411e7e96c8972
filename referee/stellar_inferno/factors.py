"""A ship's factors (Stellar Inferno 5.1.1): attack, cargo capacity, defense, maneuver, planetary
gear and range, each "a rating of zero or more". A ship counter lists them for its full step and for
each reduced step; :class:`Factors` is one step's ratings.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.errors import RefereeError
from referee.stellar_inferno.checked import checked

FACTORS_RULE = "Stellar Inferno 5.1.1"
NAMES = ("attack", "cargo", "defense", "maneuver", "planetary_gear", "range")
LETTERS = {"attack": "A", "cargo": "C", "defense": "D", "maneuver": "M", "planetary_gear": "P", "range": "R"}


@checked
class Factors(NamedTuple):
    """One step's ratings, each zero or more (5.1.1)."""

    attack: int = 0
    cargo: int = 0
    defense: int = 0
    maneuver: int = 0
    planetary_gear: int = 0
    range: int = 0

    def check(self) -> None:
        for name in NAMES:
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise RefereeError(f"{name.replace('_', ' ')} must be a whole number, zero or more, not {value!r} ({FACTORS_RULE}: 'a rating of zero or more')")

    def shown(self) -> str:
        """``A4 C0 D5 M3 P1 R5``: the factors in the order 5.1.1 lists them."""
        return " ".join(f"{LETTERS[name]}{getattr(self, name)}" for name in NAMES)
