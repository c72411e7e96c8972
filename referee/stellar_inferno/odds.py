"""Reading Tables 3, 4 and 5 (Stellar Inferno 7.3.5-7.3.7, 11.1.2, 11.2.1) and the die modifiers
that move the roll along their columns (technology advantage, 12.12.2-12.12.3).

Readings (the rules README, Stellar Inferno):

- The odds are the exact ratio of attack to defense, compared with each row: the highest row at or
  below it is read (7 against 4 reads 3:2). 7.3.5's "drop any fractions" cannot mean truncating the
  ratio (the 1:2 and 3:2 rows would be unreachable); fractions are dropped from the halved attack
  factors (7.2.4). Odds below 1:3 read 1:3, above 9:1 read 9:1 (the tables' footnote).
- The tables have eight die columns, 0 or less, 1-6, 7 or more: a modified die beyond them reads
  the end column.
- Technology advantage: the caller gives the attacking side's advantage over the defending side
  (negative when the defender is the more advanced). 12.12.2 subtracts it when the more advanced
  side attacks and 12.12.3 adds it when the less advanced side attacks, so the die always moves by
  minus the attacker's advantage. On all three tables a lower die is better for the attacker.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee import dice
from referee.dice import Roll
from referee.stellar_inferno import optional
from referee.stellar_inferno.optional import Rules
from referee.tables import Tables

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

OPEN_ORDER = "si.open-order"
CLOSED_ORDER = "si.closed-order"
GROUND_COMBAT = "si.ground-combat"
ODDS_RULE = "Stellar Inferno 7.3.5-7.3.7"
ADVANCED_RULE = "Stellar Inferno 12.12.2"
LESS_ADVANCED_RULE = "Stellar Inferno 12.12.3"


class Modifier(NamedTuple):
    """A change to the combat die, why, and the rule that gives it."""

    value: int
    why: str
    rule: str

    def shown(self) -> str:
        return f"{self.value:+d} {self.why} ({self.rule})"


class Reading(NamedTuple):
    """A die read on Table 3, 4 or 5 at the odds of an attack: the row, the roll, the modifiers,
    the column the modified die reads and the table's cell there."""

    table: str
    title: str
    attack: int
    defense: int
    odds: str
    how: str
    roll: Roll
    modifiers: tuple[Modifier, ...]
    die: int
    column: str
    cell: str | int
    rule: str

    def lines(self) -> tuple[str, ...]:
        """Each modifier with its reason and rule, then the citation."""
        return (*(f"modifier {m.shown()}" for m in self.modifiers), self.citation())

    def citation(self) -> str:
        """``Open Order Ship Combat Results (Stellar Inferno 7.3.6-7.3.7): 7:4 reads row 3:2; die 4 -2 = 2, column 2: 1``."""
        moved = "".join(f" {m.value:+d}" for m in self.modifiers)
        die = f"die {self.roll.total}{moved} = {self.die}" if self.modifiers else f"die {self.die}"
        return f"{self.title} ({self.rule}): {self.how}; {die}, column {self.column!r}: {self.cell}"


def technology(advantage: int, rules: Rules) -> tuple[Modifier, ...]:
    """The die modifier for the attacking side's technology advantage (12.12.2-12.12.3): minus
    the advantage when the more advanced side attacks, plus it when the less advanced side does.
    None without an advantage; refused unless the optional rule is in play."""
    if advantage == 0:
        return ()
    optional.require(rules, "technology-advantage", f"a technology advantage of {advantage:+d}")
    if advantage > 0:
        return (Modifier(-advantage, f"technology advantage {advantage}: the more advanced side attacks", ADVANCED_RULE),)
    return (Modifier(-advantage, f"technology advantage {-advantage}: the less advanced side attacks", LESS_ADVANCED_RULE),)


def read(
    tables: Tables,
    table: str,
    attack: int,
    defense: int,
    modifiers: Sequence[Modifier],
    rng: random.Random,
    rolled: int | str | None,
    purpose: str,
    rule: str,
) -> Reading:
    """Find the odds row (refused before any die is rolled if the odds cannot be read), roll the
    d6 (or take the one rolled at the table), move it by the modifiers and read the cell."""
    chosen = tables.get(table)
    row, how = chosen.odds_row(attack, defense)
    roll = dice.take("d6", rng, rolled, purpose)
    die = roll.total + sum(m.value for m in modifiers)
    column, _ = chosen.die_column(die)
    cell = row[column.key]
    assert isinstance(cell, (int, str))
    return Reading(table, chosen.title, attack, defense, str(row["odds"]), how, roll, tuple(modifiers), die, column.label, cell, rule)
