"""A Knight Hawks battle as a kind of file (:mod:`referee.kinds`): its state, its Writer, its
log's columns, its sides, what an action touched, the documents it prints and its players' view."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from referee import kinds, storage
from referee.knight_hawks.battle import Battle, Entry
from referee.tables import Tables
from referee.touched import battle as changes

if TYPE_CHECKING:
    from referee.journal import Journal, Writer

STATE = Battle
COLUMNS = ("Turn", "Side")
PAPERS = ("battle-report", "rosters", "log")

__all__ = ["COLUMNS", "PAPERS", "STATE", "battle_of", "changes", "described", "paper", "sides", "view", "when", "writer"]


def battle_of(journal: Journal) -> Battle:
    """The battle a journal plays; RefereeError if its file is of another kind."""
    return cast(Battle, journal.state_of(kinds.BATTLE))


def writer(tables: Tables, target: Path | None = None) -> Writer:
    from referee.knight_hawks import battle_file

    return storage.Alone(lambda data: battle_file.from_dict(data, tables), lambda battle: battle_file.written(battle, tables))


def when(entry: Entry) -> tuple[str, str]:
    return str(entry.turn), entry.side


def sides(battle: Battle) -> tuple[str, ...]:
    return tuple(battle.sides)


def view(battle: Battle, side: str) -> Any:
    from referee.knight_hawks.sides import view

    return view(battle, side)


def paper(what: str, battle: Battle, eyes: Any, title: str) -> Any:
    """The after-action report or the rosters."""
    if what == "rosters":
        from referee.paper.rosters import battle_rosters

        return battle_rosters(battle, eyes, title)
    from referee.paper.battle_report import report_paper

    return report_paper(battle, eyes, title)


def described(battle: Battle) -> str:
    return battle.name
