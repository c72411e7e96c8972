"""Boarding (Stellar Inferno 12.13, optional).

Declared in the individual ship maneuver phase by a ship in its target's hex with a higher maneuver
rating (12.13.1-12.13.2), which then does not manoeuvre (12.13.3). The combat is fought in the
phasing player's Ground Combat phase like ground combat (12.13.4), the ships' attack, defense and
maneuver serving as ground unit ratings (12.13.5), joined by the ground units aboard both ships
(12.13.6). The target cannot withdraw (12.13.7); if the boarder withdraws any unit, the boarding is
over for the turn (12.13.8). A ship whose ground combat step losses reach its remaining steps is
captured (12.13.9): at its lowest step, unable to attack for the scenario (12.13.10).

Readings: a ship in a boarding combat counts as a ground unit for 11.3.2 (at least one loss on a
ground unit); step losses short of capture reduce the ship; a captured ship changes sides with its
cargo aboard, and its damage this round cannot be recovered (it "must be brought into a friendly
port for repairs").
"""

from __future__ import annotations

from typing import NamedTuple

from referee.errors import RefereeError
from referee.stellar_inferno import optional
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno.ground_combat import Fighter, unit_fighter
from referee.stellar_inferno.optional import NONE, Rules
from referee.stellar_inferno.ships import Ship

BOARDING_RULE = "Stellar Inferno 12.13.1-12.13.3"
RATINGS_RULE = "Stellar Inferno 12.13.5-12.13.7"
CAPTURE_RULE = "Stellar Inferno 12.13.9-12.13.10"


def check(boarder: Ship, target: Ship, rules: Rules = NONE) -> None:
    """Refuse a boarding the rules do not allow (12.13.2)."""
    optional.require(rules, "boarding", "a boarding attack")
    sh.close_quarters(boarder, target, "board", BOARDING_RULE)


def fighters(ship: Ship, target: bool) -> tuple[Fighter, ...]:
    """A ship in a boarding combat as a ground unit of its attack, defense and maneuver (12.13.5),
    with the ground units aboard (12.13.6); the target's may not withdraw (12.13.7)."""
    f = ship.factors
    note = f"ship rated as a ground unit ({RATINGS_RULE})" + ("; the target cannot withdraw" if target else "")
    own = Fighter(ship.name, f.attack, f.defense, f.maneuver, ship.steps_left, True, not target, rating=note)
    aboard = tuple(unit_fighter(u) for u in ship.cargo.units if not u.destroyed)
    if target:
        aboard = tuple(u._replace(may_withdraw=False, rating=f"aboard the target ({RATINGS_RULE})") for u in aboard)
    return (own, *aboard)


class Boarded(NamedTuple):
    ship: Ship
    captured: bool
    line: str


def ship_losses(ship: Ship, steps: int, captor: str) -> Boarded:
    """Ground combat step losses on a ship in a boarding combat: captured when they reach its
    remaining steps (12.13.9), at its lowest step (12.13.10); otherwise it loses them."""
    if steps < 0:
        raise RefereeError(f"step losses are 0 or more, not {steps}")
    if steps >= ship.steps_left:
        taken = ship._replace(side=captor, lost=len(ship.steps) - 1, captured=True, lost_this_round=0)
        return Boarded(
            taken,
            True,
            f"{ship.name} takes {steps} step loss{'es' if steps != 1 else ''}, at least its {ship.steps_left} remaining: captured by {captor} at its lowest step; it cannot attack for the rest of the scenario ({CAPTURE_RULE})",
        )
    return Boarded(sh.take_steps(ship, steps), False, f"{ship.name} loses {steps} step{'s' if steps != 1 else ''} in the boarding combat")
