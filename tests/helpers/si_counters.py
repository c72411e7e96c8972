"""Counters for the Stellar Inferno tests: ships and ground units built from their factors."""

from __future__ import annotations

from referee import tables
from referee.stellar_inferno import optional
from referee.stellar_inferno.factors import Factors
from referee.stellar_inferno.ground_units import GroundUnit, UnitFactors
from referee.stellar_inferno.ships import Ship, new_ship

SI = tables.load(prefix="si")
ALL = optional.in_play(optional.OPTIONAL) - {"printed-maneuver-bonus"}  # every optional rule of [12]; 11.1.4 read as the program reads it


def f(attack: int = 0, defense: int = 0, maneuver: int = 0, range: int = 0, cargo: int = 0, gear: int = 0) -> Factors:
    return Factors(attack=attack, cargo=cargo, defense=defense, maneuver=maneuver, planetary_gear=gear, range=range)


def ship(name: str, *steps: Factors, side: str = "Terran", code: str = "DD", hex: str = "K8", distance: int = 0, **changes: object) -> Ship:
    """A ship in a hex, at a distance from the core, with its steps (full first)."""
    built = new_ship(name, side, code, steps or (f(4, 4, 2, 3),), rules=ALL, cost=changes.pop("cost", None), sdu=bool(changes.pop("sdu", False)))  # type: ignore[arg-type]
    return built._replace(hex=hex, core_distance=distance, **changes)


def unit(name: str, attack: int, defense: int, maneuver: int, side: str = "Terran", steps: int = 1, drop: bool = False) -> GroundUnit:
    """A ground unit of ``steps`` steps, each a point weaker in attack and defense."""
    return GroundUnit(name, side, tuple(UnitFactors(max(0, attack - i), max(0, defense - i), maneuver) for i in range(steps)), drop=drop)
