"""What the log lines and the actions' results of the four kinds have in common. Every line has its
text, the dice that decided it and the rule (:class:`Line`: what the journal, the Log and the paper
read of it). The kinds played turn by turn without a moving side - a Starfleet Wars engagement's
and a Stellar Inferno scenario's - share a line's turn, text, dice, rule and whose secret it is
(:class:`TurnLine`), and an action's result, the state after it and the lines it added
(:class:`Done`, what a journal keeps: :class:`referee.journal.Result`).

Every kind's lines and results are NamedTuples (a command loads no attrs): a campaign's of its
own, and a Knight Hawks battle's lines name the side that moves before the text (its files'
order); all are Lines, and their results give a ``state`` and ``entries``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

S = TypeVar("S")
E = TypeVar("E")


class Line(Protocol):
    """A log line of any kind: what happened, the dice that decided it, the rule."""

    @property
    def text(self) -> str: ...

    @property
    def rolls(self) -> tuple[str, ...]: ...

    @property
    def rule(self) -> str: ...


class TurnLineLike(Line, Protocol):
    """A line of a kind played turn by turn: a :class:`TurnLine`, or a line with its fields and more
    (a Stellar Inferno scenario's names its phase and side too)."""

    @property
    def secret(self) -> str: ...


class TurnLine(NamedTuple):
    """A log line: the turn, the text, its dice, the rule; ``secret``: the side whose eyes alone may see it."""

    turn: int
    text: str
    rolls: tuple[str, ...] = ()
    rule: str = ""
    secret: str = ""

    @property
    def day(self) -> int:
        return self.turn


PUBLIC = "public"  # the reader who is no side: the table, what the map shows everyone


class Read(NamedTuple):
    """A log line as one reader (a side, or the table: ``public``) may read it: ``line``, whole or
    with the part he may not read left out; or, ``sealed``, a line he may not read at all, that
    ``owner``'s eyes alone read ("" : the referee's alone). Each kind's view (its rules package's
    ``kind.view``) reads every line of its log so, and every output shows what it read."""

    line: Any
    sealed: bool = False
    owner: str = ""


def readable(lines: Iterable[Read]) -> tuple[Any, ...]:
    """The lines a reader reads (whole or in part), the sealed left out."""
    return tuple(r.line for r in lines if not r.sealed)


def turn_lines(log: Iterable[TurnLineLike], who: str) -> tuple[Read, ...]:
    """A turn's log as ``who`` reads it, where each line says whose eyes alone may see it (``secret``:
    a Starfleet Wars engagement's, a Stellar Inferno scenario's)."""
    return tuple(Read(e) if not e.secret or e.secret == who else Read(e, True, e.secret) for e in log)


class Done(NamedTuple, Generic[S, E]):
    """A step: the state after it, and the log lines it added (what a journal keeps)."""

    state: S
    entries: tuple[E, ...]
