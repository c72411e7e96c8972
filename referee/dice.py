"""Dice expressions, virtual and entered rolls, and roll receipts.

The readings of the four rule systems:

- ``dS``: one die numbered 1..S. On a ten-sided die the face 0 reads as 10 (Knight Hawks,
  "Dice"; every d10 roll in the four books).
- ``d100``: percentile dice, two d10 read as tens and ones; "00" reads as 100 (Knight Hawks,
  "Dice": the percentile dice reading table). Range 1-100.
- ``d%00``: the Starfleet Wars reading: two 0-9 (twenty-sided, numbered twice) dice read as
  tens and ones, 00-99 (Special Damage and Damage Control tables; see tables/README.md).
  Range 0-99.
- Stellar Inferno rolls one six-sided die (``d6``) and two (``2d6``).

An expression is a sum of terms: ``2d10+4``, ``3d10+5``, ``d100``, ``2d6-1``, ``1d10 + 1d6``.
At most 100 dice in one roll. Every roll, virtual or entered at the table, yields a :class:`Roll`
receipt: the expression, each die, the modifier, the total, where it came from and what it was
for.

Values are frozen ``NamedTuple``s, not attrs classes: ``referee roll`` is on the quick path, where
importing attrs and building its classes cost about 15 ms a command (see docs/speed.md).
"""

# No postponed annotations here (from __future__ import annotations): typing.NamedTuple compiles each
# field's annotation given as text, about 10 µs a field, and every campaign command builds these
# classes (issue 21). An annotation naming what is defined further down is quoted.
import re
from typing import TYPE_CHECKING, Literal, NamedTuple

from referee.errors import RefereeError

if TYPE_CHECKING:
    import random  # (the caller's dice: random is imported where a command or the app rolls)

MAX_DICE = 100
MAX_SIDES = 1000
MAX_MODIFIER = 10_000

PERCENTILE = "d100"
ZERO_PERCENTILE = "d%00"
EXAMPLES = "2d10+4, d100, d%00, 3d10+5, 2d6, d6"

Source = Literal["virtual", "entered"]

# compiled when first used (re keeps them): a command that rolls nothing does not compile them
_TERM = r"([+-])([^+-]+)"
# ASCII digits only: "²" or "٣" pass str.isdigit (or \d), and int() refuses the first
_DICE = r"([0-9]*)d(%00|[0-9]*)"
_NUMBER = r"[0-9]+"
_RESULT = r"[+-]?[0-9]{1,7}"


class Dice(NamedTuple):
    """``number`` dice of one kind: ``sides`` for plain dice, or a percentile reading."""

    number: int
    sides: int
    reading: Literal["plain", "d100", "d%00"] = "plain"
    sign: int = 1

    @property
    def lowest(self) -> int:
        one = {"plain": 1, "d100": 1, "d%00": 0}[self.reading]
        return self.number * one

    @property
    def highest(self) -> int:
        one = {"plain": self.sides, "d100": 100, "d%00": 99}[self.reading]
        return self.number * one

    @property
    def name(self) -> str:
        die = {"plain": f"d{self.sides}", "d100": PERCENTILE, "d%00": ZERO_PERCENTILE}[self.reading]
        return f"{self.number}{die}"


class Expression(NamedTuple):
    """A parsed dice expression: terms of dice plus a constant modifier."""

    text: str
    dice: tuple[Dice, ...]
    modifier: int

    @property
    def lowest(self) -> int:
        return sum(d.lowest if d.sign > 0 else -d.highest for d in self.dice) + self.modifier

    @property
    def highest(self) -> int:
        return sum(d.highest if d.sign > 0 else -d.lowest for d in self.dice) + self.modifier


class Die(NamedTuple):
    """One die as rolled: the faces shown (two digits for percentile dice) and its reading."""

    kind: str
    faces: tuple[int, ...]
    value: int

    def shown(self) -> str:
        if len(self.faces) != 2:
            return str(self.value)
        digits = f"{self.faces[0]}{self.faces[1]}"
        return digits if int(digits) == self.value else f"{digits}={self.value}"


class Roll(NamedTuple):
    """The receipt of one roll: what was rolled, each die, the modifier and the total.

    ``dice`` is empty for an entered roll: the referee gave the total rolled at the table.
    """

    expression: str
    dice: tuple[Die, ...]
    modifier: int
    total: int
    source: Source
    purpose: str = ""

    def describe(self) -> str:
        """One line: ``2d10+4: 7 10 +4 = 21 (virtual)``."""
        if self.source == "entered":
            shown = "entered at the table"
        else:
            shown = " ".join(d.shown() for d in self.dice)
            if self.modifier:
                shown += f" {self.modifier:+d}"
        line = f"{self.expression}: {shown} = {self.total} ({self.source})"
        return f"{line} for {self.purpose}" if self.purpose else line

    def to_dict(self) -> dict[str, object]:
        """Plain data with stable keys, for ``--json`` and the campaign log."""
        return {
            "expression": self.expression,
            "dice": [{"die": d.kind, "faces": list(d.faces), "value": d.value} for d in self.dice],
            "modifier": self.modifier,
            "total": self.total,
            "source": self.source,
            "for": self.purpose,
        }


def parse(text: str) -> Expression:
    """Read a dice expression such as ``2d10+4``; refuse anything else with a plain message."""
    if not text or not text.strip():
        raise RefereeError(f"no dice expression given; write one such as {EXAMPLES}")
    compact = re.sub(r"\s+", "", text).lower()
    if compact[0] not in "+-":
        compact = "+" + compact
    terms = re.findall(_TERM, compact)
    if "".join(sign + body for sign, body in terms) != compact:
        raise RefereeError(f"{text!r} is not a dice expression: a sign must be followed by a term (e.g. {EXAMPLES})")
    dice: list[Dice] = []
    modifier = 0
    for sign, body in terms:
        if re.fullmatch(_NUMBER, body):
            value = _number(body, text, "modifier", MAX_MODIFIER)
            modifier += value if sign == "+" else -value
        else:
            dice.append(_dice(body, text, 1 if sign == "+" else -1))
    if not dice:
        raise RefereeError(f"{text!r} has no dice: write at least one term like 2d10 or d100")
    count = sum(d.number for d in dice)
    if count > MAX_DICE:
        raise RefereeError(f"{text!r} rolls {count} dice; at most {MAX_DICE} dice in one roll")
    return Expression(text=_normal(dice, modifier), dice=tuple(dice), modifier=modifier)


def _dice(body: str, text: str, sign: int) -> Dice:
    match = re.fullmatch(_DICE, body)
    if match is None:
        raise RefereeError(f"{text!r}: cannot read {body!r}; a term is NdS (like 2d10), d100, d%00 or a number ({EXAMPLES})")
    count_text, sides_text = match.groups()
    count = _int(count_text) if count_text else 1
    if count == 0:
        raise RefereeError(f"{text!r}: roll at least one die, not 0 (e.g. 1d10)")
    if count > MAX_DICE:
        raise RefereeError(f"{text!r} rolls {count_text} dice; at most {MAX_DICE} dice in one roll")
    if sides_text == "%00":
        return Dice(count, 10, "d%00", sign)
    if not sides_text:
        raise RefereeError(f"{text!r}: {body!r} needs the number of sides after 'd' (e.g. {count}d10)")
    sides = _number(sides_text, text, "number of sides", MAX_SIDES)
    if sides < 2:
        raise RefereeError(f"{text!r}: a die needs 2 to {MAX_SIDES} sides, not {sides} (e.g. d6, d10, d100)")
    return Dice(count, sides, "d100" if sides == 100 else "plain", sign)


def _number(digits: str, text: str, what: str, limit: int) -> int:
    if _int(digits) > limit:
        raise RefereeError(f"{text!r}: the {what} {digits} is too large; at most {limit}")
    return int(digits)


def _int(digits: str) -> int:
    """The digits' value, or one too large for any limit (Python refuses very long numbers)."""
    return int(digits) if len(digits) <= 7 else 10**7


def _normal(dice: list[Dice], modifier: int) -> str:
    out = ""
    for d in dice:
        name = d.name[1:] if d.number == 1 and d.reading != "plain" else d.name
        out += ("-" if d.sign < 0 else "+") + name
    if modifier:
        out += f"{modifier:+d}"
    return out.lstrip("+")


def roll(expression: Expression | str, rng: "random.Random", purpose: str = "") -> Roll:
    """Roll the expression with the generator given (seed it for repeatable rolls)."""
    expr = parse(expression) if isinstance(expression, str) else expression
    dice: list[Die] = []
    total = expr.modifier
    for group in expr.dice:
        for _ in range(group.number):
            die = _roll_one(group, rng)
            dice.append(die)
            total += group.sign * die.value
    return Roll(expr.text, tuple(dice), expr.modifier, total, "virtual", purpose)


def _roll_one(group: Dice, rng: "random.Random") -> Die:
    if group.reading == "plain":
        value = rng.randint(1, group.sides)
        return Die(f"d{group.sides}", (value,), value)
    tens, ones = rng.randrange(10), rng.randrange(10)
    return percentile(group.reading, tens, ones)


def percentile(reading: str, tens: int, ones: int) -> Die:
    """Read two ten-sided dice as tens and ones: d100 reads 00 as 100, d%00 reads it as 0."""
    value = tens * 10 + ones
    if reading == "d100" and value == 0:
        value = 100
    return Die(reading, (tens, ones), value)


def entered(expression: Expression | str, result: int | str, purpose: str = "") -> Roll:
    """Take the result the referee rolled at the table, refusing one the dice cannot make.

    ``result`` may be typed as the dice show: "00" on d100 is 100 (on d%00 it is 0), and "0" on
    one d10 is 10.
    """
    expr = parse(expression) if isinstance(expression, str) else expression
    total = _entered_total(expr, result)
    if not expr.lowest <= total <= expr.highest:
        raise RefereeError(f"{result} cannot be rolled on {expr.text}: enter a result from {expr.lowest} to {expr.highest}")
    return Roll(expr.text, (), expr.modifier, total, "entered", purpose)


def _entered_total(expr: Expression, result: int | str) -> int:
    if isinstance(result, int):
        return result
    text = result.strip()
    if re.fullmatch(_RESULT, text) is None:
        raise RefereeError(f"{result!r} is not a die result: enter a whole number from {expr.lowest} to {expr.highest}")
    only = expr.dice[0] if len(expr.dice) == 1 and expr.dice[0].number == 1 and expr.modifier == 0 else None
    if only is not None and only.reading == "d100" and text == "00":
        return 100  # Knight Hawks: "00" on percentile dice reads as 100
    if only is not None and only.reading == "plain" and only.sides == 10 and text == "0":
        return 10  # a 0 on a ten-sided die reads as 10
    return int(text)


def take(expression: Expression | str, rng: "random.Random", rolled: int | str | None = None, purpose: str = "") -> Roll:
    """Roll for the referee, or take the result rolled at the table when one is given."""
    if rolled is None:
        return roll(expression, rng, purpose)
    return entered(expression, rolled, purpose)
