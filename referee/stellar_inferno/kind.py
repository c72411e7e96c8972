"""A Stellar Inferno scenario as a kind of file (:mod:`referee.kinds`): its state, its Writer, its
log's columns, its sides (the invader's and the defender's names), what an action touched, and the
one document it prints, its log; what each side, and the table, may see of it (its view: the
printed log reads it). The players have no view of it on screen yet."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee import storage
from referee.stellar_inferno.scenario import TITLES, Entry, Scenario
from referee.tables import Tables
from referee.touched import scenario as changes

if TYPE_CHECKING:
    from referee.journal import Writer

STATE = Scenario
COLUMNS = ("Turn", "Phase")
PAPERS = ("log",)

__all__ = ["COLUMNS", "PAPERS", "STATE", "changes", "described", "paper", "sides", "view", "when", "writer"]


def writer(tables: Tables, target: Path) -> Writer:
    from referee.stellar_inferno import scenario_file

    return storage.Alone(scenario_file.from_dict, scenario_file.written)


def when(entry: Entry) -> tuple[str, str]:
    phase = getattr(entry, "phase", "")
    return str(entry.turn), TITLES.get(phase, phase)


def sides(scenario: Scenario) -> tuple[str, ...]:
    return (scenario.invader.name, scenario.defender.name)


def view(scenario: Scenario, side: str) -> Any:
    """What ``side`` (or the table: public) may see of it: its secret lines sealed."""
    from referee.stellar_inferno.sides import view

    return view(scenario, side)


def paper(what: str, scenario: Scenario, eyes: Any, title: str) -> Any:
    raise AssertionError(f"a scenario prints its log alone, not {what} (PAPERS)")


def described(scenario: Scenario) -> str:
    return scenario.name
