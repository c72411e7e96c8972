"""The words every kind's forms are made of: an action's fields and how its typed values are
read, the log lines the dice dialogs read, and the rolls of the Dice screen. No Textual here, and
no rule system: each kind's actions (``campaign/actions``, ``battle/actions``, ``sfw/actions``,
``si/actions``) are built of these, and the dialogs show them.

A builder returns a *step*: ``step(rng, rolled) -> Result``. The app calls it once with virtual dice
to learn which rolls it needs (that result is never shown), then again with the referee's choice:
"roll for me" (virtual dice) or the results rolled at the table, keyed by ``Entry.key`` (a log
line's later rolls by :func:`later_roll`). A roll that only some results call for (a successful
hull repair's 1d10) is asked for when the rolls entered call for it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from referee.errors import RefereeError
from referee.tables import Lookup, Table, Tables, shown

if TYPE_CHECKING:
    from referee.journal import Result
    from referee.tui.kinds import Kind

AnyStep = Callable[[random.Random, Mapping[str, str]], "Result"]  # a step of any kind of file
Values = Mapping[str, str]


class FieldError(RefereeError):
    """A typed value that is wrong, shown beside its field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


Choices = Callable[[Any, Values], Sequence[tuple[str, str]]]  # (the file's state, the values chosen above) -> (label, value) pairs


class Field(NamedTuple):
    name: str
    label: str
    hint: str = ""  # the placeholder: what a right value looks like
    fill: str = ""  # prefilled from the selection: "names", "ship", "system", or a fixed value after "="
    choices: Choices | None = None  # a list to pick from instead of a typed value
    many: bool = False  # pick any number from the list (space marks one); the value is their names, comma-separated
    suggest: Choices | None = None  # a typed value, with these values suggested as it is typed (a new one is allowed)
    default: Callable[[Any, Values], str] | None = None  # a list's choice when the form opens with none, from the choices above (the ships' journey)


class Action(NamedTuple):
    key: str  # the key on its screen
    name: str  # as the palette and the footer show it
    help: str
    fields: tuple[Field, ...]
    build: Callable[[Values, Any, Tables], AnyStep]  # (the typed values, the file's state, the tables)
    shown: bool = True  # in the key line (else its key works, and the palette finds it)
    ask: Callable[[Any], str] | None = None  # a question to answer before it runs, in this state ("": none)
    # a line under the fields, made afresh as they are typed (what an allocation costs, and what is left)
    preview: Callable[[Values, Any, Tables], str] | None = None
    # a second form that the first one's values call for ((its help, its fields); no fields: none), its values
    # added to the first's (a class's unknown Data Table cells); an action asking more rolls no dice
    more: Callable[[Values, Any, Tables], tuple[str, tuple[Field, ...]]] | None = None
    # an action whose values are typed in a table of its own (a side's moves), not a form: the dialog made
    # for the file's state (a RefereeError made instead: why not now); ``fields`` and ``build`` unused
    dialog: Callable[[Any], Any] | None = None


class Logged(Protocol):
    """A rules layer's log entry with a turn and a sealed part (an engagement's, a scenario's)."""

    @property
    def turn(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def rolls(self) -> tuple[str, ...]: ...
    @property
    def rule(self) -> str: ...
    @property
    def secret(self) -> str: ...


class Line(NamedTuple):
    """A log line as the dialogs read it: the rules' entry with the key its roll is typed under."""

    turn: int
    text: str
    rolls: tuple[str, ...]
    rule: str
    secret: str
    key: str


def keyed_lines(entries: Sequence[Logged], key: str = "") -> tuple[Line, ...]:
    """Each entry as a :class:`Line` keyed ``key`` (one roll a line: the key "")."""
    return tuple(Line(e.turn, e.text, e.rolls, e.rule, e.secret, key) for e in entries)


def later_roll(key: str, purpose: str) -> str:
    """The key of a log line's second or later roll: the line's key and what the roll is for."""
    return f"{key}: {purpose}"


# ---------------------------------------------------------------------- reading typed values


def names(values: Values, field: str = "names") -> list[str]:
    found = [n.strip() for n in values.get(field, "").split(",") if n.strip()]
    if not found:
        raise FieldError(field, "name at least one ship or fleet (several: comma-separated)")
    return found


def text(values: Values, field: str) -> str:
    return values.get(field, "").strip()


def needed(values: Values, field: str, what: str) -> str:
    found = text(values, field)
    if not found:
        raise FieldError(field, f"give {what}")
    return found


def number(values: Values, field: str, low: int, high: int | None = None, default: int | None = None) -> int | None:
    found = text(values, field)
    if not found:
        return default
    try:
        value = int(found)
    except ValueError:
        raise FieldError(field, f"a whole number, not {found!r}") from None
    if value < low or (high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"{low} or more"
        raise FieldError(field, f"{span}, not {value}")
    return value


def flag(values: Values, field: str) -> bool:
    found = text(values, field).lower()
    if found in ("", "n", "no"):
        return False
    if found in ("y", "yes"):
        return True
    raise FieldError(field, f"y or n, not {found!r}")


def codes(values: Values, field: str) -> tuple[str, ...]:
    return tuple(c.strip() for c in text(values, field).split(",") if c.strip())


def pairs(values: Values, field: str, example: str) -> list[tuple[str, int]]:
    """``T=2, ICM=3`` -> [("T", 2), ("ICM", 3)], in the order typed."""
    found = []
    for part in codes(values, field):
        code, _, count = part.partition("=")
        if not count.strip().isdigit():
            raise FieldError(field, f"CODE=N, comma-separated ({example}), not {part!r}")
        found.append((code.strip(), int(count)))
    return found


def spent(values: Values, field: str) -> dict[str, int]:
    return dict(pairs(values, field, "T=2, ICM=3"))


def groups(values: Values, field: str) -> list[list[str]]:
    return [[n.strip() for n in g.split(",") if n.strip()] for g in text(values, field).split(";") if g.strip()]


# ---------------------------------------------------------------------- the Dice screen's rolls


def free_roll(kind: Kind, state: Any, expression: str, purpose: str) -> AnyStep:
    """A roll the referee asks for on the Dice screen, kept in the log of the file played."""
    from referee import dice

    dice.parse(expression)  # refuse a malformed expression before asking for dice

    def step(rng: random.Random, rolled: Mapping[str, str]) -> Result:
        roll = dice.take(expression, rng, rolled.get(""), purpose or "the referee's roll")
        return kind.note(state, f"rolled {expression}: {roll.total}", [roll], "the referee's roll (Dice screen)")

    return step


def table_roll(kind: Kind, state: Any, table: Table, keys: list[str], modifier: int) -> AnyStep:
    """Roll a table's dice (or take the result rolled at the table), add the modifier, read the row
    (or, against a table's chances, the outcome of the row named or of every row)."""
    from referee import dice

    purpose, read = table.roll_for(keys, "", modifier)  # refused now, before a die is asked for: odds missing, a column to choose

    def step(rng: random.Random, rolled: Mapping[str, str]) -> Result:
        roll = dice.take(table.roll, rng, rolled.get(""), purpose)
        result = read(roll.total)
        found = "; ".join(found_text(f) for f in result.found)
        return kind.note(state, f"{purpose}: rolled {result.said}: {found}", [roll], result.citation())

    return step


def found_text(found: Lookup) -> str:
    """A lookup as the referee reads it: the cell asked for, or the whole row; a chance rolled
    against, with its outcome."""
    if found.outcome:
        return found.against()
    if found.column is not None:
        return shown(found.value)
    return "; ".join(f"{c.label}: {shown(found.row[c.key])}" for c in found.table.columns)
