"""Special Damage (Starfleet Wars supplement, Special Damage Table): each turn a ship has lost more
than 20% of its original power units (a starfortress: of its LSS's power units) it rolls 00-99 in
secret; most rolls do nothing, some cripple a system until repaired, for some turns, or for good.

Readings (the rules README and the issue): the roll is percentile 00-99; result 86 lasts until
repaired, as the table says (the INVINCIBLE example's "for three turns" is shown as a note);
reductions apply to the calculated factors, not below 0, before a super dreadnought's additional
factors, and the power still counts as spent. An effect rolled in turn T (step 9, after firing)
applies from turn T + 1; "for four turns" means turns T + 1 to T + 4.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.tables import Tables

TABLE = "sfw.special-damage"
SPECIAL_DAMAGE_RULE = "Starfleet Wars supplement, Special Damage Table for Starfleet Wars"
THRESHOLD_RULE = f"{SPECIAL_DAMAGE_RULE}: 'When a ship has lost more than 20% of its power units ... roll'"
EXAMPLE_86 = "The INVINCIBLE example applies 86 'for three turns'; the table says 'until repaired', which is followed (rules README)."


class Outcome(NamedTuple):
    """What a band of the table does: the factors it takes (0: none), for how many turns (0: with
    no end), and whether damage control repairs it (a factor result) or only time ends it;
    ``enforced``: who holds it to the result where the program keeps no ledger of what it stops."""

    name: str
    factors: int = 0
    turns: int = 0
    lasts: str = ""  # how long, in the table's words
    enforced: str = ""


SENSOR_RANGE = 36  # 83-85: "Auxiliary sensors can be used but are limited to 36" range. You may not fire beyond sensor range."
OUTCOMES = {
    "sensors": Outcome(
        "sensors",
        lasts='no end given: auxiliary sensors, 36" range',
        enforced=f'no fire beyond {SENSOR_RANGE}" for the rest of the game: a shot entered with a range over {SENSOR_RANGE}" (--range, as measured on the table) is refused; the referee measures it',
    ),
    "offensive": Outcome("offensive", 2, lasts="until repaired"),
    "launchers": Outcome("launchers", lasts="for the duration of the game"),
    "engines": Outcome("engines", 2, lasts="until repaired"),
    "craft": Outcome(
        "craft",
        turns=4,
        lasts="for four turns",
        enforced="no attack craft launched or recovered {when}: the referee holds its starfighters at the table (the program keeps no ledger of a ship's attack craft aboard: their launch and recovery are the base rulebook's, page 14)",
    ),
    "cids": Outcome(
        "cids",
        2,
        lasts="permanently",
        enforced="its CIDS fire with two die rolls fewer for the rest of the game: the referee takes them off at the table (the Data Table gives a ship's CIDS as a percentage our text does not turn into die rolls)",
    ),
    "dynamo": Outcome("dynamo", turns=2, lasts="for two turns"),
    "shields": Outcome("shields", 2, turns=4, lasts="for four turns"),
    "stardrive": Outcome(
        "stardrive",
        lasts="for good",
        enforced="it can no longer travel faster than light: the referee holds it to the battle area (faster-than-light travel is outside a tactical engagement, which moves by speed factors; its speed factors are not touched)",
    ),
    "reactors": Outcome("reactors", lasts="the ship blows up"),
}
BANDS = (
    (83, 85, "sensors"),
    (86, 86, "offensive"),
    (87, 87, "launchers"),
    (88, 89, "engines"),
    (90, 91, "craft"),
    (92, 93, "cids"),
    (94, 94, "dynamo"),
    (95, 96, "shields"),
    (97, 98, "stardrive"),
    (99, 99, "reactors"),
)
# the damage control column that repairs an effect's factors ("Factor repaired" results restore
# factors lost to special damage: the reading)
REPAIRED_BY = {"offensive": "offensive", "shields": "defensive", "engines": "speed"}


class Effect(NamedTuple):
    """A special damage result in force: rolled in ``turn``; ``turns`` its duration (0: no end),
    ``factors`` the factors it takes now (repairs lower them; CIDS: die rolls lost)."""

    roll: int
    kind: str
    turn: int
    turns: int = 0
    factors: int = 0

    def active(self, turn: int) -> bool:
        """In force in ``turn``: from the turn after it was rolled, to the end of its duration."""
        return turn > self.turn and (self.turns == 0 or turn <= self.turn + self.turns)

    def turns_left(self, turn: int) -> int | None:
        """Turns it still lasts, counting ``turn`` if it is in force then (None: no end)."""
        if self.turns == 0:
            return None
        return self.turn + self.turns - max(turn, self.turn + 1) + 1

    def shown(self, turn: int) -> str:
        kind = OUTCOMES[self.kind]
        left = self.turns_left(turn)
        when = f"{left} turn{'s' if left != 1 else ''} left" if left is not None else kind.lasts
        size = f" -{self.factors}" if self.factors and self.kind != "cids" else (f" ({self.factors} die rolls lost)" if self.kind == "cids" else "")
        start = "" if self.active(turn) else f", from turn {self.turn + 1}"
        return f"{self.kind}{size} ({self.roll}: {when}{start})"


def enforced(effect: Effect) -> str:
    """What a result stops that the referee holds the ship to at the table, and why ("" if none)."""
    words = OUTCOMES[effect.kind].enforced
    if effect.turns:
        last = effect.turn + effect.turns
        words = words.format(when=f"in turns {effect.turn + 1} to {last}" if last > effect.turn + 1 else f"in turn {last}")
    return words


def sensor_range(effects: tuple[Effect, ...], turn: int) -> int | None:
    """The farthest a ship may fire in ``turn`` (None: its main sensors work)."""
    return SENSOR_RANGE if in_force(effects, "sensors", turn) else None


def kind_of(roll: int) -> str:
    """The kind of effect of a roll ("" for 0-82, no additional damage)."""
    for low, high, kind in BANDS:
        if low <= roll <= high:
            return kind
    return ""


def effect(roll: int, turn: int) -> Effect | None:
    """The effect a roll in ``turn`` starts (None: no additional damage)."""
    kind = kind_of(roll)
    if not kind or kind == "reactors":
        return None
    return Effect(roll, kind, turn, OUTCOMES[kind].turns, OUTCOMES[kind].factors)


def result_text(sfw: Tables, roll: int) -> tuple[str, str]:
    """The table's words for a roll, and the band it falls in (``86 falls in 86``)."""
    row, how = sfw.get(TABLE).band(roll)
    return str(row["result"]), how


def over_threshold(lost: int, original: int) -> bool:
    """More than 20% of the original power units lost (INVINCIBLE: 50 of 240 = 20.8% rolls, 44 = 18.3% does not)."""
    return original > 0 and lost * 5 > original


def percent(lost: int, original: int) -> str:
    """``20.8%`` (the book's one decimal)."""
    return f"{lost * 100 / original:.1f}%" if original else "0%"


def reduction(effects: tuple[Effect, ...], kind: str, turn: int) -> int:
    """The factors effects of a kind take from the calculated factors in ``turn``."""
    return sum(e.factors for e in effects if e.kind == kind and e.active(turn))


def in_force(effects: tuple[Effect, ...], kind: str, turn: int) -> bool:
    return any(e.kind == kind and e.active(turn) for e in effects)


def expire(effects: tuple[Effect, ...], turn: int) -> tuple[tuple[Effect, ...], tuple[Effect, ...]]:
    """The effects still in force or yet to start in ``turn``, and those that ended before it."""
    kept = tuple(e for e in effects if e.turns == 0 or turn <= e.turn + e.turns)
    return kept, tuple(e for e in effects if e not in kept)
