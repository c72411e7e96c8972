"""Planets (Stellar Inferno 8, 9.2): operating in a planetary atmosphere, landing and dropping
troops, economic terrain and economic control.

A planet has a gravity rating (a ship needs planetary gear at least equal to it, 8.1.1), an
atmosphere or none (12.10.2 speaks of "a planet with an atmosphere"), and Industrial, Settled and
Native terrain points (9.2.1). The Defender holds its economic terrain at the start (every
scenario's Control line); the Invader holds what it captures.

Readings:

- The scenarios give gravity as "1g" and "sub-g" (Mars); the rating of a sub-g world is not given
  and is the scenario file's to set.
- "In orbit" (8.1.2: in the planet's hex at the beginning of the turn and during the phase) is the
  referee's to say: the caller passes it.
- Native terrain provides no supply (9.2.3), counts for no control and is never surrendered (11.4.4
  takes Industrial, then Settled), so it is a figure of the planet, held by neither side.
- Economic control (9.2.2): a side controls the planet when it holds every remaining Industrial and
  Settled point; with none remaining, neither side does.
- Settled terrain captured by the Invader supplies nothing: 9.2.3's supply is the Defender's, and
  9.2.4 gives the Invader a point only for each captured Industrial point.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from referee.errors import RefereeError
from referee.stellar_inferno.checked import checked
from referee.stellar_inferno.ground_units import GroundUnit
from referee.stellar_inferno.ships import Ship, in_game, unload

Role = Literal["invader", "defender"]
ROLES: tuple[Role, Role] = ("invader", "defender")
GEAR_RULE = "Stellar Inferno 8.1.1"
ORBIT_RULE = "Stellar Inferno 8.1.2-8.1.3"
DEPLOY_RULE = "Stellar Inferno 8.3.1-8.3.3"
CONTROL_RULE = "Stellar Inferno 9.2.2"
SUPPLY_RULE = "Stellar Inferno 9.2.3-9.2.4"
SDU_RULE = "Stellar Inferno 12.14.1"


def other(role: Role) -> Role:
    return "defender" if role == "invader" else "invader"


@checked
class Terrain(NamedTuple):
    """Economic terrain points (9.2.1)."""

    industrial: int = 0
    settled: int = 0

    def check(self) -> None:
        if self.industrial < 0 or self.settled < 0:
            raise RefereeError(f"terrain points are 0 or more, not {self.industrial} industrial, {self.settled} settled")

    @property
    def total(self) -> int:
        return self.industrial + self.settled

    def shown(self) -> str:
        return f"{self.industrial} industrial, {self.settled} settled"


@checked
class Planet(NamedTuple):
    """A planet, and the economic terrain each side holds there."""

    name: str
    gravity: int
    atmosphere: bool = True
    defender: Terrain = Terrain()
    invader: Terrain = Terrain()
    native: int = 0

    def check(self) -> None:
        if self.gravity < 0 or self.native < 0:
            raise RefereeError(f"{self.name}: gravity and native terrain are 0 or more")

    def held(self, role: Role) -> Terrain:
        return self.defender if role == "defender" else self.invader

    def holding(self, role: Role, terrain: Terrain) -> Planet:
        return self._replace(defender=terrain) if role == "defender" else self._replace(invader=terrain)

    def shown(self) -> str:
        air = "atmosphere" if self.atmosphere else "no atmosphere"
        return f"{self.name} (gravity {self.gravity}, {air}): defender {self.defender.shown()}; invader {self.invader.shown()}; {self.native} native"


def economic_control(planet: Planet) -> tuple[Role | None, str]:
    """Who has economic control (9.2.2): the side holding every remaining Industrial and Settled point."""
    d, i = planet.defender.total, planet.invader.total
    if d and not i:
        return "defender", f"the defender holds all {d} remaining industrial and settled points ({CONTROL_RULE})"
    if i and not d:
        return "invader", f"the invader holds all {i} remaining industrial and settled points ({CONTROL_RULE})"
    if not d and not i:
        return None, f"no industrial or settled points remain: no one has economic control ({CONTROL_RULE})"
    return None, f"the defender holds {d}, the invader {i}: no one has economic control ({CONTROL_RULE})"


def terrain_supply(planet: Planet, role: Role) -> tuple[int, str]:
    """The ground supply points a side's terrain provides a turn (9.2.3-9.2.4): the Defender 2 an
    Industrial point and 1 a Settled point; the Invader 1 a captured Industrial point."""
    held = planet.held(role)
    if role == "defender":
        points = 2 * held.industrial + held.settled
        return points, f"2 x {held.industrial} industrial + {held.settled} settled = {points} ({SUPPLY_RULE})"
    return held.industrial, f"{held.industrial} captured industrial, 1 each = {held.industrial} ({SUPPLY_RULE})"


def can_operate(ship: Ship, planet: Planet) -> bool:
    """Planetary gear at least the planet's gravity rating (8.1.1)."""
    return ship.factors.planetary_gear >= planet.gravity


def enter_atmosphere(ship: Ship, planet: Planet, in_orbit: bool) -> Ship:
    """A ship in orbit enters the atmosphere in the Landing Actions phase (8.1.1-8.1.3)."""
    in_game(ship)
    if not planet.atmosphere:
        raise RefereeError(f"{planet.name} has no atmosphere to enter")
    if ship.atmosphere:
        raise RefereeError(f"{ship.name} is in {planet.name}'s atmosphere already")
    if not can_operate(ship, planet):
        raise RefereeError(f"{ship.name} has planetary gear {ship.factors.planetary_gear}; {planet.name}'s gravity rating is {planet.gravity}: it needs gear {planet.gravity} or more ({GEAR_RULE})")
    if not in_orbit:
        raise RefereeError(f"{ship.name} must be in orbit to enter the atmosphere: in {planet.name}'s hex at the beginning of the turn and now ({ORBIT_RULE})")
    return ship._replace(atmosphere=True)


def leave_atmosphere(ship: Ship) -> Ship:
    """A ship leaves the atmosphere in the Landing Actions phase, onto the planet marker (8.1.3);
    a space defense unit never leaves the surface (12.14.1)."""
    if not ship.atmosphere:
        raise RefereeError(f"{ship.name} is not in a planetary atmosphere")
    if ship.sdu:
        raise RefereeError(f"{ship.name} is a space defense unit: it is unable to leave the surface of a planet ({SDU_RULE})")
    return ship._replace(atmosphere=False)


class Deployed(NamedTuple):
    """A ship after its troops went down, and the units now on the surface."""

    ship: Ship
    units: tuple[GroundUnit, ...]
    how: str


def deploy_troops(ship: Ship, units: Sequence[str], in_orbit: bool) -> Deployed:
    """Ground units put on the surface (8.3): from a ship in the atmosphere; drop-capable units also
    from a ship in orbit, with or without planetary gear (8.3.2-8.3.3)."""
    off = unload(ship, units=units)
    if ship.atmosphere:
        how = f"landed from {ship.name} in the atmosphere ({DEPLOY_RULE})"
    else:
        walkers = [u.name for u in off.cargo.units if not u.drop]
        if walkers:
            raise RefereeError(f"{', '.join(walkers)} not drop-capable: {ship.name} must enter the atmosphere to deploy them ({DEPLOY_RULE})")
        if not in_orbit:
            raise RefereeError(f"{ship.name} must be in orbit about the planet to drop troops: in its hex at the beginning of the turn and now ({DEPLOY_RULE}, {ORBIT_RULE})")
        how = f"dropped from {ship.name} in orbit ({DEPLOY_RULE})"
    return Deployed(off.ship, off.cargo.units, how)
