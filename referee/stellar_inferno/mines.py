"""Stealth mines (Stellar Inferno 12.3, optional).

Mines travel as cargo (12.3.1) and are laid in the Landing Actions phase in the laying ship's hex
(12.3.2); they never manoeuvre but move with fleet movement (12.3.3). When fleet movement brings
mines into or through a hex holding the opponent's ships, each mine point rolls a d6 and strikes on
a 1, one step loss, the mine point then eliminated (12.3.4-12.3.6). Mines in a hex with friendly
ships are escorted and cannot be attacked until the escorts are destroyed; losses left over then
eliminate mine points, one a step (12.3.8, :func:`space_combat.assign_steps`); unescorted mines
defend at 1 however many points there are (12.3.9, :func:`space_combat.attack`).

Reading: "the ships are attacked in order of decreasing maneuver rating" (12.3.6): the first strike
falls on the fastest ship, the next on the next fastest, and so on round again, passing over a ship
already destroyed; ships of equal maneuver in the order given. A strike with no ship left to hit is
not made and the mine point stays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee import dice
from referee.dice import Roll
from referee.errors import RefereeError
from referee.stellar_inferno import optional
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno.optional import NONE, Rules
from referee.stellar_inferno.ships import Ship

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

LAY_RULE = "Stellar Inferno 12.3.1-12.3.2"
ATTACK_RULE = "Stellar Inferno 12.3.4-12.3.6"


class Minefield(NamedTuple):
    """Mine points of one side in a hex; ``moved``: the turn of its last fleet movement (0: never)."""

    side: str
    hex: str
    points: int
    moved: int = 0


def lay(ship: Ship, points: int, rules: Rules = NONE) -> tuple[Ship, Minefield]:
    """Mines laid from a ship's cargo in its hex, in the Landing Actions phase (12.3.2)."""
    optional.require(rules, "stealth-mines", "laying stealth mines")
    if not 1 <= points <= ship.cargo.mines:
        raise RefereeError(f"{ship.name} carries {ship.cargo.mines} mine points: lay 1 to {ship.cargo.mines}, not {points} ({LAY_RULE})")
    if not ship.hex:
        raise RefereeError(f"where is {ship.name}? mines are placed in the laying ship's hex ({LAY_RULE})")
    after = sh.unload(ship, mines=points).ship
    return after, Minefield(ship.side, ship.hex, points)


class MineAttack(NamedTuple):
    """A minefield's attack: each mine point's roll, the ships struck in turn, the points left."""

    rolls: tuple[Roll, ...]
    struck: tuple[str, ...]
    points_left: int
    lines: tuple[str, ...]


def attack(field: Minefield, ships: Sequence[Ship], rng: random.Random, rolled: Sequence[int | str | None] = (), rules: Rules = NONE) -> MineAttack:
    """A minefield entering or passing through a hex of the opponent's ships in fleet movement
    (12.3.4-12.3.6): a d6 a mine point, a 1 strikes the next ship by decreasing maneuver rating."""
    optional.require(rules, "stealth-mines", "a stealth mine attack")
    if any(s.side == field.side for s in ships):
        raise RefereeError("mines attack only the opponent's ships")
    if len(rolled) > field.points:
        raise RefereeError(f"{len(rolled)} dice for {field.points} mine points: one d6 a point")
    for value in rolled:
        if value is not None:
            dice.entered("d6", value)
    order = sorted((s for s in ships if not s.gone), key=lambda s: -s.factors.maneuver)
    left = {s.name: s.steps_left for s in order}
    rolls, struck, lines = [], [], []
    turn = 0
    for point in range(field.points):
        roll = dice.take("d6", rng, rolled[point] if point < len(rolled) else None, f"mine point {point + 1}")
        rolls.append(roll)
        if roll.total != 1:
            lines.append(f"mine point {point + 1}: {roll.total}: no strike")
            continue
        index = next((i % len(order) for i in range(turn, turn + len(order)) if left[order[i % len(order)].name]), None)
        if index is None:
            lines.append(f"mine point {point + 1}: 1, but no ship is left to strike")
            continue
        target = order[index]
        turn = index + 1
        left[target.name] -= 1
        struck.append(target.name)
        lines.append(f"mine point {point + 1}: 1: strikes {target.name} (maneuver {target.factors.maneuver}), a step loss; the point is eliminated ({ATTACK_RULE})")
    return MineAttack(tuple(rolls), tuple(struck), field.points - len(struck), tuple(lines))
