"""The log on paper: every action and roll with its dice and rule, of a whole file, of one day or
one tenday of a campaign (the Time Record Track's Tenday marker: tenday 10 is days 11 to 20), or
of one turn of a battle, an engagement or a scenario.

Each line is printed as the copy's reader reads it (its kind's view: whole, its private part left
out, or sealed). A side's copy leaves out its opponent's secret lines; the table's copy prints them
sealed (that a line was written, not what it says); the referee's copy prints them whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from referee import kinds
from referee.errors import RefereeError
from referee.paper.document import Lines, Logged, Paper, Part
from referee.paper.sides import Eyes, sealed_text
from referee.paper.sides import lines as read_by

if TYPE_CHECKING:
    from referee.logged import Read


class Span(NamedTuple):
    """Which part of the log: a day or a tenday of a campaign, a turn of the others (None: all)."""

    day: int | None = None
    tenday: int | None = None
    turn: int | None = None

    def shown(self) -> str:
        if self.day is not None:
            return "the set-up (day 0)" if self.day == 0 else f"day {self.day}"
        if self.tenday is not None:
            return f"tenday {self.tenday} (" + ("the set-up and " if self.tenday == 0 else "") + f"days {self.tenday + 1} to {self.tenday + 10})"
        if self.turn is not None:
            return f"turn {self.turn}"
        return "the whole log"


def check(span: Span, kind: str, state: Any) -> Span:
    """The span asked for, refused unless the file has it: a day or tenday of a campaign (up to
    today), a turn of the others (up to the turn now)."""
    if by_day(kind):
        if span.turn is not None:
            raise RefereeError("a campaign's log is printed by day or tenday, not by turn (a battle's, engagement's or scenario's is)")
        if span.day is not None and not 0 <= span.day <= state.day:
            raise RefereeError(f"day {span.day}: the war is on day {state.day}; give a day from 0 (the set-up) to {state.day}")
        if span.tenday is not None:
            now = state.tenday[0]
            if span.tenday % 10 or not 0 <= span.tenday <= now:
                raise RefereeError(f"tenday {span.tenday}: a tenday is the Tenday marker of the Time Record Track, 0, 10, 20 ... (days 11 to 20 are tenday 10), up to {now} on day {state.day}")
    else:
        if span.day is not None or span.tenday is not None:
            raise RefereeError("days and tendays are a campaign's; a battle's, engagement's or scenario's log is printed by turn")
        if span.turn is not None and not 1 <= span.turn <= state.turn:
            raise RefereeError(f"turn {span.turn}: the file is at turn {state.turn}; give a turn from 1 to {state.turn}")
    return span


def within(entry: Any, span: Span) -> bool:
    if span.day is not None:
        return bool(entry.day == span.day)
    if span.tenday is not None:
        first = span.tenday + 1 if span.tenday else 0  # tenday 0 holds the set-up (day 0) too
        return bool(first <= entry.day <= span.tenday + 10)
    if span.turn is not None:
        return bool(entry.turn == span.turn)
    return True


def by_day(kind: str) -> bool:
    """Whether the kind's log is kept by day (a campaign's), not by turn: its first column."""
    return kinds.rules(kind).COLUMNS[0] == "Day"


def when(entry: Any, kind: str) -> tuple[str, str]:
    """The log's first two cells for a line, as the app's Log shows them."""
    return kinds.rules(kind).when(entry)


def lines(reads: Sequence[Read], kind: str, eyes: Eyes) -> tuple[list[Logged], int, int]:
    """The log lines this copy shows, as its reader reads them (:func:`referee.paper.sides.lines`),
    and how many sealed lines were printed sealed (the table's copy) or left out (a side's)."""
    shown: list[Logged] = []
    sealed = dropped = 0
    for read in reads:
        entry = read.line
        if not read.sealed:
            shown.append(Logged(when(entry, kind), entry.text, tuple(entry.rolls), entry.rule))
        elif eyes.side:
            dropped += 1
        else:
            sealed += 1
            shown.append(Logged(when(entry, kind), sealed_text(read.owner), (), entry.rule))
    return shown, sealed, dropped


def log_paper(state: Any, kind: str, eyes: Eyes, title: str, span: Span) -> Paper:
    """The log document of any kind of file."""
    chosen = [r for r in read_by(state, eyes) if within(r.line, span)]
    shown, sealed, dropped = lines(chosen, kind, eyes)
    said = f"{len(shown)} lines of {span.shown()}"
    if sealed:
        said += f"; {sealed} secret, sealed"
    if dropped:
        said += f"; {dropped} of the opponent's secret lines left out"
    parts: list[Part] = [Lines((said + ".",), note=True), *shown]
    if not shown:
        parts.append(Lines(("Nothing was logged in it.",)))
    where = f"Day {state.day}, {state.step}" if by_day(kind) else f"turn {state.turn}"
    return Paper(f"Log: {title}, {span.shown()}", (where, eyes.shown()), tuple(parts), kinds.rules(kind).COLUMNS)
