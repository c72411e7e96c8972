"""Bombardment (Stellar Inferno 12.10 strategic, 12.11 tactical; optional).

Strategic bombardment (12.10): ships attack economic terrain with their regular weapons; each
Industrial or Settled point defends at 10, and attacks on a planet with an atmosphere have their
effective range doubled (12.10.2). A step loss turns an Industrial point into a Settled one
(12.10.3) and destroys a Settled one (12.10.4).

Tactical bombardment (12.11): bombardment packs, carried as cargo, are deployed in the Landing
Actions phase from a ship in orbit (12.11.1-12.11.2) as temporary ground units of attack and
defense 1 a cargo point (12.11.3); the non-phasing units cannot withdraw from a combat with packs
in it (12.11.4, :func:`ground_combat.attack`); the packs are spent at the end of the turn (12.11.5).

Readings:

- A bombardment attack is against one terrain point, defense 10: the text gives no combining of
  terrain defenses. It is an attack "in the standard manner": range, Table 3 or 4 by the attackers'
  hexes, technology advantage.
- The step losses fall on the bombarded side's terrain as that side chooses (as 7.3.9 lets the
  non-phasing player choose for ships): each step on an Industrial point makes it Settled, each on a
  Settled point destroys it; losses beyond the terrain there are lost, and only then: no loss falls
  on nothing while an Industrial point remains to take it.
- A bombarding ship has made its one attack of the phase (7.1.3); the planet's hex can still be
  attacked by ships (7.1.2 concerns ships).
- "In orbit above the planet" (12.11.2): in orbit (8.1.2) and not within the atmosphere.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee.errors import RefereeError
from referee.stellar_inferno import ground_units as gu
from referee.stellar_inferno import odds, optional
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno.ground_units import GroundUnit
from referee.stellar_inferno.odds import Reading
from referee.stellar_inferno.optional import NONE, Rules
from referee.stellar_inferno.planets import Planet, Terrain
from referee.stellar_inferno.ships import Ship
from referee.stellar_inferno.space_combat import Attacker, ModifiedAttack, ShipCombat, attack_factors
from referee.tables import Tables

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

STRATEGIC_RULE = "Stellar Inferno 12.10.1-12.10.2"
TERRAIN_RULE = "Stellar Inferno 12.10.3-12.10.4"
PACKS_RULE = "Stellar Inferno 12.11.1-12.11.3"
TERRAIN_DEFENSE = 10  # 12.10.2


class Bombardment(NamedTuple):
    """A strategic bombardment: the modified attack factors, the reading against 10, the step losses."""

    planet: str
    attackers: tuple[ModifiedAttack, ...]
    attack: int
    reading: Reading
    steps: int
    phase: ShipCombat

    def lines(self) -> tuple[str, ...]:
        return (
            *(a.shown() for a in self.attackers),
            f"attack {self.attack} against a terrain point's defense {TERRAIN_DEFENSE} ({STRATEGIC_RULE})",
            *self.reading.lines(),
            f"{self.steps} step loss{'es' if self.steps != 1 else ''} to {self.planet}'s economic terrain ({TERRAIN_RULE})",
        )


def bombard(
    si: Tables,
    phase: ShipCombat,
    attackers: Sequence[Attacker],
    planet: Planet,
    planet_hex: str,
    rng: random.Random,
    rolled: int | str | None = None,
    technology: int = 0,
    rules: Rules = NONE,
) -> Bombardment:
    """Strategic bombardment of a planet's economic terrain (12.10)."""
    optional.require(rules, "strategic-bombardment", "strategic bombardment")
    factors = attack_factors(attackers, phase.side, planet_hex, planet.atmosphere, False, False, rules)
    taking_part = [a.ship for a, f in zip(attackers, factors) if f.factor > 0]
    after = phase.record_ships([s.name for s in taking_part])
    total = sum(f.factor for f in factors)
    closed = len({s.hex for s in taking_part}) == 1
    table = odds.CLOSED_ORDER if closed else odds.OPEN_ORDER
    reading = odds.read(
        si, table, total, TERRAIN_DEFENSE, odds.technology(technology, rules), rng, rolled, f"strategic bombardment of {planet.name}", f"{STRATEGIC_RULE}, {'Table 4' if closed else 'Table 3'}"
    )
    assert isinstance(reading.cell, int)
    return Bombardment(planet.name, factors, total, reading, reading.cell, after)


def terrain_losses(held: Terrain, steps: int, on_industrial: int) -> tuple[Terrain, str]:
    """Bombardment step losses on terrain (12.10.3-12.10.4), ``on_industrial`` of them on Industrial
    points (each made Settled), the rest on Settled points (each destroyed)."""
    if not 0 <= on_industrial <= min(steps, held.industrial):
        raise RefereeError(f"{on_industrial} of {steps} step losses cannot fall on {held.industrial} industrial points ({TERRAIN_RULE})")
    settled = held.settled + on_industrial
    destroyed = min(settled, steps - on_industrial)
    after = Terrain(held.industrial - on_industrial, settled - destroyed)
    wasted = steps - on_industrial - destroyed
    if wasted and after.industrial:
        raise RefereeError(
            f"{steps} step losses on {held.shown()}: with {on_industrial} on industrial points, {wasted} would fall on nothing while {after.industrial} industrial points remain; losses are lost only when no terrain is left: put all {held.industrial} on industrial ({TERRAIN_RULE})"
        )
    said = f"{on_industrial} industrial made settled, {destroyed} settled destroyed" + (f", {wasted} with nothing left to hit" if wasted else "")
    return after, f"{said}: {held.shown()} becomes {after.shown()} ({TERRAIN_RULE})"


def deploy_packs(ship: Ship, name: str, points: int, in_orbit: bool, rules: Rules = NONE) -> tuple[Ship, GroundUnit]:
    """Bombardment packs deployed from a ship in orbit above the planet (12.11.2) as a ground unit of
    attack and defense ``points`` (12.11.3)."""
    optional.require(rules, "tactical-bombardment", "bombardment packs")
    if ship.atmosphere or not in_orbit:
        raise RefereeError(f"bombardment packs are deployed only from a ship in orbit above the planet; {ship.name} is {'in the atmosphere' if ship.atmosphere else 'not in orbit'} ({PACKS_RULE})")
    after = sh.unload(ship, packs=points).ship
    return after, gu.bombardment_pack(name, ship.side, points)
