"""A side's ships in one table (referee.tui.sheet, filled in as a spreadsheet is: typing replaces a
cell, Enter keeps it and goes down, Tab right, F2 edits, Esc drops), entered as one
action: the starting speeds before the game starts (t), and the moving side's moves (m), each ship
as its counter moved - its speed now and the turns it made - with the ADF and MR points it used
worked out beside them for the referee to check, and whether the rules allow the move."""

from __future__ import annotations

from collections.abc import Callable

from referee.knight_hawks.kind import battle_of
from referee.tui.battle import actions
from referee.tui.battle.actions import Rows
from referee.tui.forms import AnyStep, FieldError
from referee.tui.sheet import Column, SheetDialog
from referee.tui.text import bold, line

SPEED = "hexes a turn, 0 or more"


def whole(key: str, value: str, what: str, blank: str = "") -> str:
    """A cell that takes a whole number of hexes (blank: ``blank``)."""
    value = value.strip()
    if not value:
        return blank
    if not value.isdigit():
        raise FieldError(key, f"{what} is a whole number, 0 or more, not {value!r}")
    return str(int(value))


class ShipsSheet(SheetDialog):
    """A table of ships whose cursor starts on the ship under the Ships screen's cursor."""

    def first_row(self) -> int:
        return list(self.rows).index(self.referee.ship) if self.referee.ship in self.rows else 0


class SpeedsSheet(ShipsSheet):
    """Every ship with a speed of its own, both sides, at the speed the scenario gives it: type each
    ship's speed from the turn before the game starts, as its player chooses (typing replaces a cell,
    Enter keeps it and goes down, Tab right, F2 edits, Esc drops); Ctrl+A sets them all as one action
    (a log line a side)."""

    def __init__(self, rows: Rows) -> None:
        title = line(bold("Starting speeds"), ": each ship's speed from the turn before the game starts, as its player chooses (the scenario's set-up)")
        columns = [Column("side", "Side", "its side", typed=False), Column("adf", "ADF", "its ADF", typed=False), Column("speed", "Speed", SPEED)]
        super().__init__(title, columns, rows)

    def check(self, name: str, key: str, value: str) -> str:
        return whole(key, value, "a speed", blank=str(battle_of(self.referee.journal).ship(name).speed))

    def action(self) -> tuple[str, Callable[[], AnyStep]]:
        rows = {name: dict(row) for name, row in self.rows.items()}
        return "Starting speeds", lambda: actions.in_app_words(actions.speeds(battle_of(self.referee.journal), rows))


class MovesSheet(ShipsSheet):
    """The moving side's moves: a row for each ship still to move, at its speed; type its speed now
    and the turns it made (a blank speed: it moves later), as on a spreadsheet (typing replaces a
    cell, Enter keeps it and goes down, Tab right, F2 edits, Esc drops). The ADF points used (the change of speed)
    and the MR points (the turns) are worked out beside them, with whether the rules allow the move
    (ok; roll: the d100 for breaking apart comes next; no: the line under the table says why). Ctrl+A
    records every move given as one action."""

    def __init__(self, rows: Rows) -> None:
        title = line(bold("Moves"), ": each ship as its counter moved - its speed now and the turns it made; the ADF and MR points used are worked out")
        columns = [
            Column("was", "Was", "its speed last turn", typed=False),
            Column("speed", "Speed", f"its speed now, {SPEED} (blank: it moves later)"),
            Column("turns", "Turns", "the turns it made, one at most in each hex"),
            Column("adf_used", "ADF used", "the change of speed, of its ADF", typed=False),
            Column("mr_used", "MR used", "the turns, of its MR", typed=False),
            Column("check", "Rules", "whether the rules allow the move", typed=False),
        ]
        super().__init__(title, columns, rows)

    def check(self, name: str, key: str, value: str) -> str:
        if key == "speed":
            return whole(key, value, "a speed")
        return whole(key, value, "the turns made", blank="0")

    def worked_out(self, name: str) -> dict[str, str]:
        return actions.worked_out(battle_of(self.referee.journal), name, self.rows[name])[0]

    def row_note(self, name: str) -> str:
        return actions.worked_out(battle_of(self.referee.journal), name, self.rows[name])[1]

    def action(self) -> tuple[str, Callable[[], AnyStep]]:
        chosen = actions.plans(self.rows)
        return "Move", lambda: actions.in_app_words(actions.moves(battle_of(self.referee.journal), chosen))
