"""Ships (Stellar Inferno 5-7): factors by step, steps lost, position, cargo, and the ratings a ship
fights with.

A ship counter gives the factors of its full step and of each reduced step (5.1.1, 12.9.5); a ship is
destroyed when it has lost all its steps. Cargo (5.2) holds ground units and supply points (one
cargo point each, 5.2.2), ships (5.2.3), stealth mines (12.3.1) and bombardment packs (12.11.1).

Readings:

- 5.2.3 "Every 10 points of ship cost being transported requires a single point of cargo
  capacity": a carried ship needs its point cost divided by 10, rounded up (a 25-point frigate
  takes 3 points); its point cost is the 12.9.3 formula's unless the scenario gives one, halved at
  each reduced step, fractions dropped (12.9.5), which is why reducing a carried ship by a step
  lowers what it needs (7.4.3).
- Mines and bombardment packs take one cargo point a point (the book gives no other rate).
- 7.4.2 read as written: a carrier that loses a step eliminates cargo points "at least equal to the
  reduction in capacity" (all its cargo if it carries less), even when what remains would fit; a
  carrier destroyed loses all its cargo with it.
- The defense a ship fights with is its counter's defense at its current step, plus its planetary
  gear in a planetary atmosphere (8.2.2), plus its psi agent's rating no more than doubling the
  counter's rating (12.7.2-12.7.3). The attack is the counter's attack, doubled when overloading
  weapons (12.5.2), plus the psi rating up to the counter's attack. Damage recovery (7.5.2) rolls
  against the counter's defense at the current step.
- A crippled ship (7.5.3) fights on; it may make no further repair attempts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from referee.errors import RefereeError
from referee.stellar_inferno import design, optional
from referee.stellar_inferno.checked import checked
from referee.stellar_inferno.factors import Factors
from referee.stellar_inferno.ground_units import GroundUnit
from referee.stellar_inferno.optional import NONE, Rules

CARGO_RULE = "Stellar Inferno 5.2.2-5.2.3"
CARGO_LOSS_RULE = "Stellar Inferno 7.4.2-7.4.3"
ATMOSPHERE_DEFENSE_RULE = "Stellar Inferno 8.2.2"
PSI_RULE = "Stellar Inferno 12.7.2-12.7.4"
OVERLOAD_RULE = "Stellar Inferno 12.5.2"
SDU_RULE = "Stellar Inferno 12.14.1-12.14.2"
LOAD_RULE = "Stellar Inferno 6.5.1-6.5.3"
LEAVE_RULE = "Stellar Inferno 6.4.3"


class Cargo(NamedTuple):
    """What a ship carries (5.2)."""

    units: tuple[GroundUnit, ...] = ()
    supply: int = 0
    ships: tuple[Ship, ...] = ()
    mines: int = 0  # stealth mine points (12.3.1)
    packs: int = 0  # bombardment pack points (12.11.1)

    @property
    def empty(self) -> bool:
        return not (self.units or self.supply or self.ships or self.mines or self.packs)

    def points(self) -> int:
        """Cargo points used: 1 a ground unit and a supply point (5.2.2), a ship's cost / 10 rounded
        up (5.2.3), 1 a mine or pack point."""
        return len(self.units) + self.supply + sum(cargo_points(s) for s in self.ships) + self.mines + self.packs

    def shown(self) -> str:
        parts = [u.name for u in self.units]
        parts += [f"{self.supply} supply"] if self.supply else []
        parts += [f"{s.name} ({cargo_points(s)})" for s in self.ships]
        parts += [f"{self.mines} mine points"] if self.mines else []
        parts += [f"{self.packs} bombardment pack points"] if self.packs else []
        return ", ".join(parts) or "nothing"


@checked
class Ship(NamedTuple):
    """A ship and its state. ``steps``: the factors of the full step, then of each reduced step."""

    name: str
    side: str
    code: str  # the category on the counter: DD, CA, HF ...
    steps: tuple[Factors, ...]
    cost: int  # point cost at full strength (12.9.3, or the scenario's)
    lost: int = 0  # steps lost
    lost_this_round: int = 0  # steps lost this turn, still to recover (7.5.1)
    crippled: bool = False  # a 6 on a recovery roll (7.5.3)
    hex: str = ""  # where it is on the combat map, as the referee names it
    core_distance: int = 0  # hexes from the core row (7.3.2-7.3.3)
    atmosphere: bool = False  # within a planetary atmosphere, under the planet marker (8.1.3)
    cargo: Cargo = Cargo()
    cargo_owed: int = 0  # cargo points to eliminate after a step loss (7.4.2)
    psi: int = 0  # the highest psi agent's rating aboard (12.7.4)
    sdu: bool = False  # a space defense unit (12.14)
    engines_wrecked: bool = False  # overloaded engines failed (12.4.2)
    captured: bool = False  # captured by boarding: may not attack (12.13.10)
    left_map: int = 0  # the turn it left the map, removed from the game (6.4.3); 0: it has not

    def check(self) -> None:
        if not self.name.strip():
            raise RefereeError("a ship needs a name")
        if not self.steps:
            raise RefereeError(f"{self.name} needs the factors of at least one step (5.1.1)")
        if not 0 <= self.lost <= len(self.steps):
            raise RefereeError(f"{self.name} has {len(self.steps)} step(s): it cannot have lost {self.lost}")
        if self.core_distance < 0:
            raise RefereeError(f"{self.name}: a distance from the core is 0 or more, not {self.core_distance}")

    @property
    def destroyed(self) -> bool:
        return self.lost >= len(self.steps)

    @property
    def gone(self) -> bool:
        """Out of the game: destroyed, or removed from it by leaving the map (6.4.3). Only
        ``destroyed`` is a loss: a ship that left the map is not destroyed."""
        return self.destroyed or self.left_map > 0

    @property
    def steps_left(self) -> int:
        return len(self.steps) - self.lost

    @property
    def factors(self) -> Factors:
        """The current step's factors (the last step's once destroyed, for display)."""
        return self.steps[min(self.lost, len(self.steps) - 1)]

    @property
    def point_cost(self) -> int:
        """The point cost at the current step: halved at each reduced step, fractions dropped (12.9.5)."""
        return self.cost >> min(self.lost, len(self.steps) - 1)

    def shown(self) -> str:
        state = (
            "destroyed" if self.destroyed else f"left the map on turn {self.left_map}, removed from the game" if self.left_map else f"{self.factors.shown()}, {self.steps_left}/{len(self.steps)} steps"
        )
        marks = [m for m, on in (("crippled", self.crippled), ("in the atmosphere", self.atmosphere), ("captured", self.captured), ("SDU", self.sdu)) if on]
        where = f" in {self.hex} ({self.core_distance} from the core)" if self.hex else ""
        extra = f" [{', '.join(marks)}]" if marks else ""
        return f"{self.name} ({self.code}){where}: {state}{extra}"


def new_ship(
    name: str,
    side: str,
    code: str,
    steps: Sequence[Factors],
    rules: Rules = NONE,
    cost: int | None = None,
    sdu: bool = False,
    psi: int = 0,
) -> Ship:
    """A ship from its counter; its cost by the 12.9.3 formula unless given. A space defense unit
    (12.14) needs maneuver and attack 0 and planetary gear 1 or more at every step."""
    steps = tuple(steps)
    if not steps:
        raise RefereeError(f"{name} needs the factors of at least one step (5.1.1)")
    if sdu:
        optional.require(rules, "space-defense-units", f"{name} as a space defense unit")
        for step in steps:
            if step.maneuver or step.attack or step.planetary_gear < 1:
                raise RefereeError(f"{name}: a space defense unit has maneuver and combat ratings of zero and planetary gear 1 or more ({SDU_RULE}), not {step.shown()}")
    if psi:
        optional.require(rules, "psi-specialists", f"a psi agent aboard {name}")
    if psi < 0:
        raise RefereeError(f"a psi rating is 0 or more, not {psi}")
    full = design.cost(steps[0]).total if cost is None else cost
    if full < 0:
        raise RefereeError(f"a ship's point cost is 0 or more, not {full}")
    return Ship(name, side, code, steps, full, sdu=sdu, psi=psi, atmosphere=sdu)


def cargo_points(ship: Ship) -> int:
    """The cargo points a carried ship needs: its point cost / 10, rounded up (5.2.3 reading)."""
    return math.ceil(ship.point_cost / 10)


class Rating(NamedTuple):
    """A rating a ship fights with, and what made it."""

    value: int
    parts: tuple[str, ...]

    def shown(self) -> str:
        return f"{self.value} ({' '.join(self.parts)})" if len(self.parts) > 1 else str(self.value)


def defense_rating(ship: Ship) -> Rating:
    """The counter's defense, + planetary gear in an atmosphere (8.2.2), + psi up to double (12.7)."""
    f = ship.factors
    value, parts = f.defense, [f"defense {f.defense}"]
    if ship.atmosphere and f.planetary_gear:
        value += f.planetary_gear
        parts.append(f"+{f.planetary_gear} planetary gear in the atmosphere ({ATMOSPHERE_DEFENSE_RULE})")
    return _with_psi(ship, f.defense, value, parts)


def attack_rating(ship: Ship, overload: bool = False) -> Rating:
    """The counter's attack, doubled when overloading weapons (12.5.2), + psi up to double (12.7)."""
    f = ship.factors
    value, parts = f.attack, [f"attack {f.attack}"]
    if overload:
        value *= 2
        parts.append(f"doubled by overloading weapons ({OVERLOAD_RULE})")
    return _with_psi(ship, f.attack, value, parts)


def _with_psi(ship: Ship, counter: int, value: int, parts: list[str]) -> Rating:
    """A psi agent's rating added, never more than doubling the counter's rating (12.7.2-12.7.3)."""
    bonus = min(ship.psi, counter)
    if bonus:
        value += bonus
        parts.append(f"+{bonus} psi ({PSI_RULE})")
    return Rating(value, tuple(parts))


def in_game(ship: Ship) -> None:
    """Refuse a ship out of the game: destroyed, or gone off the map (6.4.3)."""
    if ship.destroyed:
        raise RefereeError(f"{ship.name} is destroyed")
    if ship.left_map:
        raise RefereeError(f"{ship.name} left the map on turn {ship.left_map}: it is removed from the game ({LEAVE_RULE})")


def close_quarters(actor: Ship, target: Ship, verb: str, rule: str, faster: bool = True) -> None:
    """Refuse a ram (12.8.2) or a boarding (12.13.2) unless the two ships are afloat, enemies, in one
    hex, and (``faster``) the actor has the higher maneuver rating."""
    for ship in (actor, target):
        in_game(ship)
    if actor.side == target.side:
        raise RefereeError(f"{actor.name} and {target.name} are on the same side")
    if not actor.hex or actor.hex != target.hex:
        raise RefereeError(f"{actor.name} must be in {target.name}'s hex to {verb} it ({rule})")
    if faster and actor.factors.maneuver <= target.factors.maneuver:
        raise RefereeError(f"{actor.name} (maneuver {actor.factors.maneuver}) needs a higher maneuver rating than {target.name} ({target.factors.maneuver}) to {verb} ({rule})")


def take_steps(ship: Ship, steps: int) -> Ship:
    """The ship after ``steps`` step losses: counted for this round's recovery (7.5.1); cargo owed
    for the capacity lost (7.4.2); a destroyed ship's cargo is lost with it."""
    if steps < 0:
        raise RefereeError(f"step losses are 0 or more, not {steps}")
    if not steps:
        return ship
    if ship.destroyed:
        raise RefereeError(f"{ship.name} is destroyed already")
    in_game(ship)
    lost = min(len(ship.steps), ship.lost + steps)
    after = ship._replace(lost=lost, lost_this_round=ship.lost_this_round + lost - ship.lost)
    if after.destroyed:
        return after._replace(cargo_owed=0)
    reduction = ship.factors.cargo - after.factors.cargo
    owed = min(ship.cargo_owed + max(0, reduction), ship.cargo.points())
    return after._replace(cargo_owed=owed)


def load(
    ship: Ship,
    units: Sequence[GroundUnit] = (),
    supply: int = 0,
    ships: Sequence[Ship] = (),
    mines: int = 0,
    packs: int = 0,
) -> Ship:
    """Cargo loaded aboard (during the Individual Ship Maneuver phase, 6.5.1), refused beyond the
    ship's cargo capacity (5.2.2-5.2.3)."""
    in_game(ship)
    if min(supply, mines, packs) < 0:
        raise RefereeError("supply, mine and pack points loaded are 0 or more")
    for carried in ships:
        if carried.name == ship.name or carried.gone or carried.side != ship.side:
            raise RefereeError(f"{ship.name} cannot carry {carried.name}: a ship carries its own side's ships still afloat, not itself")
    taken = {u.name for u in ship.cargo.units} | {s.name for s in ship.cargo.ships}
    again = [n for n in [*(u.name for u in units), *(s.name for s in ships)] if n in taken]
    if again:
        raise RefereeError(f"{', '.join(again)} already aboard {ship.name}")
    cargo = Cargo(ship.cargo.units + tuple(units), ship.cargo.supply + supply, ship.cargo.ships + tuple(ships), ship.cargo.mines + mines, ship.cargo.packs + packs)
    if cargo.points() > ship.factors.cargo:
        raise RefereeError(f"{ship.name} has cargo {ship.factors.cargo}: {cargo.shown()} would take {cargo.points()} points ({CARGO_RULE})")
    return ship._replace(cargo=cargo)


class Unloaded(NamedTuple):
    """A ship after unloading, and what came off it."""

    ship: Ship
    cargo: Cargo


def unload(
    ship: Ship,
    units: Sequence[str] = (),
    supply: int = 0,
    ships: Sequence[str] = (),
    mines: int = 0,
    packs: int = 0,
) -> Unloaded:
    """Cargo taken off a ship, by name (ground units, ships) and by points."""
    off, cargo = _take(ship, units, supply, ships, mines, packs)
    return Unloaded(ship._replace(cargo=cargo), off)


def eliminate_cargo(
    ship: Ship,
    units: Sequence[str] = (),
    supply: int = 0,
    ships: Sequence[str] = (),
    reduce: Sequence[str] = (),
    mines: int = 0,
    packs: int = 0,
) -> Ship:
    """The owner eliminates cargo after a step loss: at least the points owed (7.4.2), counting a
    carried ship reduced by a step (7.4.3) for the points its reduction frees."""
    if not ship.cargo_owed:
        raise RefereeError(f"{ship.name} owes no cargo ({CARGO_LOSS_RULE}); unload cargo instead")
    _, cargo = _take(ship, units, supply, ships, mines, packs)
    kept = list(cargo.ships)
    for name in reduce:
        index = next((i for i, s in enumerate(kept) if s.name == name), None)
        if index is None:
            raise RefereeError(f"{name} is not aboard {ship.name} to be reduced; aboard: {ship.cargo.shown()}")
        if kept[index].steps_left < 2:
            raise RefereeError(f"{name} has no reduced step left ({CARGO_LOSS_RULE}); eliminate it instead")
        kept[index] = kept[index]._replace(lost=kept[index].lost + 1)
    cargo = cargo._replace(ships=tuple(kept))
    freed = ship.cargo.points() - cargo.points()
    if freed < ship.cargo_owed:
        raise RefereeError(f"{ship.name} must eliminate at least {ship.cargo_owed} cargo points ({CARGO_LOSS_RULE}); that frees {freed} (aboard: {ship.cargo.shown()})")
    return ship._replace(cargo=cargo, cargo_owed=0)


def _take(ship: Ship, units: Sequence[str], supply: int, ships: Sequence[str], mines: int, packs: int) -> tuple[Cargo, Cargo]:
    """What comes off, and what stays, refused if it is not aboard."""
    have = ship.cargo
    for what, wanted, aboard in (("supply", supply, have.supply), ("mine", mines, have.mines), ("bombardment pack", packs, have.packs)):
        if not 0 <= wanted <= aboard:
            raise RefereeError(f"{ship.name} carries {aboard} {what} points, not {wanted}")
    missing = [n for n in units if n not in {u.name for u in have.units}] + [n for n in ships if n not in {s.name for s in have.ships}]
    if missing:
        raise RefereeError(f"{', '.join(missing)}: not aboard {ship.name}; aboard: {have.shown()}")
    if len(set(units)) != len(units) or len(set(ships)) != len(ships):
        raise RefereeError(f"a name is given twice: {', '.join([*units, *ships])}")
    off = Cargo(tuple(u for u in have.units if u.name in units), supply, tuple(s for s in have.ships if s.name in ships), mines, packs)
    stays = Cargo(
        tuple(u for u in have.units if u.name not in units),
        have.supply - supply,
        tuple(s for s in have.ships if s.name not in ships),
        have.mines - mines,
        have.packs - packs,
    )
    return off, stays
