"""Ground supply (Stellar Inferno 9), in the Ground Supply phase.

Each ground unit on a planet needs a supply point at the beginning of combat or is out of supply
(9.1.3); a unit out of supply loses a step before combat (9.1.4). Supply comes from the side's
terrain (9.2.3-9.2.4), from a stockpile landed where the side holds an Industrial point (9.3.4), and
from supply carried as cargo by ships in orbit or in the atmosphere, with or without planetary
gear (9.3.1, 9.3.3). A drop-capable unit is in supply on its first turn down (9.3.2).

Readings:

- Terrain supply is a turn's (9.2.4: "per turn"); the text does not say it can be saved, so it is
  spent first and what is left over is not kept. A stockpile (9.3.4) is kept.
- Sources are spent in this order: a drop unit's first turn, terrain, the stockpile, then the ships'
  cargo in the order given. The owner orders the units: when supply runs short, the last ones go
  without.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from referee.errors import RefereeError
from referee.stellar_inferno import ground_units as gu
from referee.stellar_inferno.ground_units import GroundUnit
from referee.stellar_inferno.planets import Planet, Role
from referee.stellar_inferno.ships import Ship

SUPPLY_RULE = "Stellar Inferno 9.1.3"
OUT_RULE = "Stellar Inferno 9.1.4"
DROP_RULE = "Stellar Inferno 9.3.2"
SHIP_RULE = "Stellar Inferno 9.3.1, 9.3.3"
STOCKPILE_RULE = "Stellar Inferno 9.3.4"


class Supplied(NamedTuple):
    """Who is in supply and where each point came from; the ships and stockpile after."""

    supplied: tuple[tuple[str, str], ...]  # unit, source
    out_of_supply: tuple[str, ...]
    ships: tuple[Ship, ...]
    stockpile: int
    terrain_left: int

    def lines(self) -> tuple[str, ...]:
        shown = [f"{unit}: supplied by {source}" for unit, source in self.supplied]
        shown += [f"{unit}: out of supply, loses a step before combat ({OUT_RULE})" for unit in self.out_of_supply]
        return tuple(shown)


def supply(
    units: Sequence[GroundUnit],
    terrain: int = 0,
    stockpile: int = 0,
    ships: Sequence[Ship] = (),
    first_turn_drops: Sequence[str] = (),
) -> Supplied:
    """A point of supply for each unit, in the owner's order (9.1.3): ``terrain`` the turn's terrain
    supply (9.2.3-9.2.4), ``stockpile`` the stockpile landed (9.3.4), ``ships`` the ships in orbit or
    in the atmosphere whose supply cargo may be spent (9.3.3), ``first_turn_drops`` drop units on
    their first turn down (9.3.2)."""
    if terrain < 0 or stockpile < 0:
        raise RefereeError("terrain supply and the stockpile are 0 or more")
    names = [u.name for u in units]
    if len(set(names)) != len(names):
        raise RefereeError("a unit is named twice")
    drops = {u.name for u in units if u.drop}
    wrong = [n for n in first_turn_drops if n not in drops]
    if wrong:
        raise RefereeError(f"{', '.join(wrong)}: only a drop-capable unit on its first turn down is in supply without a point ({DROP_RULE})")
    carriers = list(ships)
    supplied: list[tuple[str, str]] = []
    out: list[str] = []
    for unit in units:
        if unit.destroyed:
            raise RefereeError(f"{unit.name} is eliminated")
        if unit.name in first_turn_drops:
            supplied.append((unit.name, f"its first turn down ({DROP_RULE})"))
        elif terrain:
            terrain -= 1
            supplied.append((unit.name, "terrain supply (9.2.3-9.2.4)"))
        elif stockpile:
            stockpile -= 1
            supplied.append((unit.name, f"the stockpile ({STOCKPILE_RULE})"))
        else:
            index = next((i for i, s in enumerate(carriers) if s.cargo.supply), None)
            if index is None:
                out.append(unit.name)
                continue
            ship = carriers[index]
            carriers[index] = ship._replace(cargo=ship.cargo._replace(supply=ship.cargo.supply - 1))
            supplied.append((unit.name, f"{ship.name}'s cargo ({SHIP_RULE})"))
    return Supplied(tuple(supplied), tuple(out), tuple(carriers), stockpile, terrain)


def out_of_supply(units: Sequence[GroundUnit], out: Sequence[str]) -> tuple[GroundUnit, ...]:
    """Each unit out of supply loses a single step before combat (9.1.4)."""
    return tuple(gu.take_steps(u, 1) if u.name in out else u for u in units)


def stockpile(ship: Ship, planet: Planet, role: Role, points: int) -> tuple[Ship, int]:
    """A landed ship offloads supply cargo to the stockpile in the Landing Actions phase, where its
    side holds at least one Industrial point (9.3.4). Returns the ship and the points stockpiled."""
    if not ship.atmosphere:
        raise RefereeError(f"{ship.name} must have landed (be in the atmosphere) to stockpile its supply ({STOCKPILE_RULE})")
    if planet.held(role).industrial < 1:
        raise RefereeError(f"the {role} holds no industrial point on {planet.name}: supply can be stockpiled only with one or more ({STOCKPILE_RULE})")
    if not 1 <= points <= ship.cargo.supply:
        raise RefereeError(f"{ship.name} carries {ship.cargo.supply} supply points; stockpile 1 to {ship.cargo.supply}, not {points}")
    return ship._replace(cargo=ship.cargo._replace(supply=ship.cargo.supply - points)), points
