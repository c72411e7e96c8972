"""A Starfleet Wars engagement as a kind of file (:mod:`referee.kinds`): its state, its Writer, its
log's columns (the second: whose eyes alone may see a sealed line), its sides, what an action
touched, and the one document it prints, its log; what each side, and the table, may see of it
(its view: the printed log reads it). The players have no view of it on screen yet."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee import storage
from referee.starfleet_wars.engagement import Engagement, Entry
from referee.tables import Tables
from referee.touched import engagement as changes

if TYPE_CHECKING:
    from referee.journal import Writer

STATE = Engagement
COLUMNS = ("Turn", "Sealed")
PAPERS = ("log",)

__all__ = ["COLUMNS", "PAPERS", "STATE", "changes", "described", "paper", "sides", "view", "when", "writer"]


def writer(tables: Tables, target: Path) -> Writer:
    from referee.starfleet_wars import engagement_file

    return storage.Alone(engagement_file.from_dict, engagement_file.written)


def when(entry: Entry) -> tuple[str, str]:
    return str(entry.turn), entry.secret


def sides(engagement: Engagement) -> tuple[str, ...]:
    return tuple(engagement.sides)


def view(engagement: Engagement, side: str) -> Any:
    """What ``side`` (or the table: public) may see of it: its secret lines sealed."""
    from referee.starfleet_wars.sides import view

    return view(engagement, side)


def paper(what: str, engagement: Engagement, eyes: Any, title: str) -> Any:
    raise AssertionError(f"an engagement prints its log alone, not {what} (PAPERS)")


def described(engagement: Engagement) -> str:
    return engagement.name
