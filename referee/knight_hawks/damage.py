"""Knight Hawks damage: hull damage dice, the Advanced Damage Table, and breaking apart.

- Hull damage: the weapon's dice (Combat Table, Hull Damage / HDR); an asterisked cell means half
  damage on hull hits, rounded up (Combat Table footnote and Masking Screen; the Basic footnote's
  "round fractions down" is overruled by both games' text: tables/knight-hawks.toml notes).
  "Double normal damage" doubles the damage this target takes from the weapon, so a halved hit is
  halved first, then doubled (a reading: the book does not say which comes first).
- Advanced Damage Table: d100 + the weapon's Damage Table Modifier (what the result does to a
  ship's roster is in referee.knight_hawks.effects).
- Breaking apart: when a ship beyond half its hull points accelerates, decelerates or turns, the
  chance is (damage - half the original hull points, rounded down) x the ADF and MR points used
  (Hull Hits).
"""

from __future__ import annotations

from typing import NamedTuple

from referee.dice import Roll
from referee.errors import RefereeError
from referee.tables import Lookup, Row, Tables


class HullDamage(NamedTuple):
    """Hull points a hit takes off, from its dice roll, and how they were reckoned."""

    points: int
    roll: Roll
    reading: str


def hull_damage(roll: Roll, half: bool, double: bool = False) -> HullDamage:
    """The hull points a hit does: halved (rounded up) where the table stars it, doubled on 01-10."""
    points, how = roll.total, f"{roll.expression} rolled {roll.total}"
    if half:
        points = -(-points // 2)
        how += f", halved (rounded up) to {points}"
    if double:
        points *= 2
        how += f", doubled to {points}"
    return HullDamage(points, roll, how)


def is_half(weapon: Row, defense: str) -> bool:
    """The Combat Table's asterisk: half damage on hull hits against this defense."""
    return bool(weapon["half_damage"]) and weapon["half_damage_vs"] == defense


def damage_result(kh: Tables, weapon: str, roll: Roll, extra: int = 0) -> tuple[Lookup, int]:
    """The Advanced Damage Table row for a d100 damage roll plus the weapon's DTM (and ``extra``)."""
    dtm = kh.get("kh.damage-modifiers").row(weapon)["dtm"]
    if not isinstance(dtm, int):
        raise RefereeError(f"the {weapon} has no Damage Table Modifier")
    modified = roll.total + dtm + extra
    return kh.get("kh.damage").look_up([str(modified)]), dtm


class Breakup(NamedTuple):
    chance: int
    reading: str


def breakup_chance(original_hull: int, damage: int, points_used: int) -> Breakup:
    """Hull Hits: (damage - half original hull, rounded down) x ADF and MR points used."""
    if original_hull <= 0 or damage < 0 or points_used < 0:
        raise RefereeError("hull points must be above 0, damage and ADF/MR points used 0 or more")
    half = original_hull // 2
    if damage <= half:
        return Breakup(0, f"{damage} damage is not more than half of {original_hull} hull points: no chance of breaking apart")
    chance = (damage - half) * points_used
    return Breakup(chance, f"({damage} - {half}) x {points_used} ADF and MR points = {chance}%")
