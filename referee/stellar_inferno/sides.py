"""What one side of a Stellar Inferno scenario may know, and what the table may (``public``).

A log line may name the side whose eyes alone may see it (``secret``): that side reads it, the
opponent and the table read that a line was written (sealed). The program writes no such line yet:
the scenario's hidden things (which ships carry stealth mines, 12.3.1; the ships under the top one
of a stack, 6.1.3 and 12.6) are kept at the table, the referee recording only what a sensor sweep
revealed to whom (a public line). The printed log reads the scenario through :func:`view`.
"""

from __future__ import annotations

from typing import NamedTuple

from referee import strict
from referee.logged import PUBLIC, Read, readable, turn_lines
from referee.stellar_inferno.scenario import Scenario


class ScenarioView(NamedTuple):
    """What one side (or the table: ``public``) may see: the scenario with the lines it reads, and
    every line as it reads it."""

    side: str
    scenario: Scenario
    lines: tuple[Read, ...]


def view(scenario: Scenario, side: str) -> ScenarioView:
    """What ``side`` (the invader's or the defender's name, any case, or ``public``) may see of it."""
    who = strict.pick(side, (scenario.invader.name, scenario.defender.name, PUBLIC), "side", scenario.name)
    lines = turn_lines(scenario.log, who)
    return ScenarioView(who, scenario._replace(log=readable(lines)), lines)
