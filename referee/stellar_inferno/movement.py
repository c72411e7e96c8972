"""Movement (Stellar Inferno 6) and the hazards of manoeuvre (optional 12.1, 12.2, 12.4).

Fleet movement moves every ship the fleet velocity in hexes along the axis, positive toward the
Defender; ships in orbit (a planet's or star's hex) need not move; the velocity then changes by one
at most (6.2). A ship manoeuvres up to its maneuver rating in hexes (6.4.1), not at all in a turn
it loads or unloads cargo or is loaded or unloaded as cargo (6.5.2-6.5.3), sweeps with its sensors
(12.6.3) or boards (12.13.3).

Readings:

- Asteroids (12.1.2): one d6 for each asteroid hex entered, a step loss when the roll is less than
  the total hexes moved in the manoeuvre (as printed: the whole manoeuvre, not the asteroid hexes).
- Overloaded engines (12.4): the manoeuvre is made at +1; the d6 is rolled for it, and on 2 or less
  the engines are damaged: no maneuver movement for the rest of the battle ("no longer able").
- A space defense unit and a ship with maneuver 0 never manoeuvre; the book does not say whether
  they take part in fleet movement, so :func:`fleet_move` leaves that to the caller.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee import dice
from referee.dice import Roll
from referee.errors import RefereeError
from referee.stellar_inferno import optional
from referee.stellar_inferno.optional import NONE, Rules
from referee.stellar_inferno.ships import Ship, in_game

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

VELOCITY_RULE = "Stellar Inferno 6.2.2-6.2.4"
MANEUVER_RULE = "Stellar Inferno 6.4.1"
CARGO_RULE = "Stellar Inferno 6.5.2-6.5.3"
ASTEROID_RULE = "Stellar Inferno 12.1.2-12.1.3"
GRAZING_RULE = "Stellar Inferno 12.2.1-12.2.3"
ENGINES_RULE = "Stellar Inferno 12.4.1-12.4.2"
SWEEP_RULE = "Stellar Inferno 12.6.3"
BOARDING_RULE = "Stellar Inferno 12.13.3"


def change_velocity(velocity: int, new: int) -> int:
    """The fleet velocity after fleet movement: changed by one in either direction at most (6.2.4)."""
    if abs(new - velocity) > 1:
        raise RefereeError(f"the fleet velocity is {velocity}: after fleet movement it can be adjusted by one, to {velocity - 1}, {velocity} or {velocity + 1}, not {new} ({VELOCITY_RULE})")
    return new


def fleet_move(velocity: int, in_orbit: bool) -> tuple[int, str]:
    """Hexes a ship moves in fleet movement along the axis, toward the Defender when positive (6.2.2);
    a ship in orbit need not move (6.2.3)."""
    if in_orbit:
        return 0, "in orbit: not required to perform fleet movement (Stellar Inferno 6.2.3)"
    return velocity, f"{velocity:+d} hexes parallel to the central axis ({VELOCITY_RULE})"


class Allowance(NamedTuple):
    """The hexes a ship may manoeuvre this turn, and why."""

    hexes: int
    reasons: tuple[str, ...]


def maneuver_allowance(
    ship: Ship,
    handling_cargo: bool = False,
    carried: bool = False,
    sweeping: bool = False,
    boarding: bool = False,
    overloading: bool = False,
    rules: Rules = NONE,
) -> Allowance:
    """The hexes of individual ship maneuver this turn (6.4.1): none when handling cargo (6.5.2),
    carried (6.5.3), sweeping with sensors (12.6.3), boarding (12.13.3), engines wrecked (12.4.2);
    +1 when overloading the engines (12.4.1)."""
    in_game(ship)
    if overloading:
        optional.require(rules, "overloading-engines", f"{ship.name} overloading its engines")
    stops = [
        (handling_cargo, f"it loads or unloads cargo this turn ({CARGO_RULE})"),
        (carried, f"it is loaded or unloaded as cargo this turn ({CARGO_RULE})"),
        (sweeping, f"it performs a sensor sweep ({SWEEP_RULE})"),
        (boarding, f"it attempts to board ({BOARDING_RULE})"),
        (ship.engines_wrecked, f"its overloaded engines are damaged ({ENGINES_RULE})"),
    ]
    why = tuple(reason for stopped, reason in stops if stopped)
    if why:
        return Allowance(0, why)
    hexes = ship.factors.maneuver
    if overloading:
        return Allowance(hexes + 1, (f"maneuver {hexes} ({MANEUVER_RULE})", f"+1 for overloaded engines ({ENGINES_RULE})"))
    return Allowance(hexes, (f"maneuver {hexes} ({MANEUVER_RULE})",))


class Hazard(NamedTuple):
    """A hazard's rolls and the step losses they cause."""

    rolls: tuple[Roll, ...]
    steps: int
    lines: tuple[str, ...]


def asteroids(asteroid_hexes: int, hexes_moved: int, rng: random.Random, rolled: Sequence[int | str | None] = (), rules: Rules = NONE) -> Hazard:
    """Asteroid collisions after a manoeuvre (12.1.2): a d6 for each asteroid hex entered, a step loss
    for each roll less than the total hexes moved. Never for fleet movement (12.1.3)."""
    optional.require(rules, "asteroids", "asteroid collisions")
    if not 0 <= asteroid_hexes <= hexes_moved:
        raise RefereeError(f"asteroid hexes entered are 0 to the hexes moved ({hexes_moved}), not {asteroid_hexes}")
    if len(rolled) > asteroid_hexes:
        raise RefereeError(f"{len(rolled)} dice for {asteroid_hexes} asteroid hexes: one d6 a hex")
    for value in rolled:
        if value is not None:
            dice.entered("d6", value)
    rolls = tuple(dice.take("d6", rng, rolled[i] if i < len(rolled) else None, f"asteroid hex {i + 1}") for i in range(asteroid_hexes))
    lines = tuple(
        f"asteroid hex {i + 1}: {r.total} {'<' if r.total < hexes_moved else '>='} {hexes_moved} hexes moved: {'a step loss' if r.total < hexes_moved else 'no damage'} ({ASTEROID_RULE})"
        for i, r in enumerate(rolls)
    )
    return Hazard(rolls, sum(r.total < hexes_moved for r in rolls), lines)


def grazing_orbit(star: int, rng: random.Random, rolled: int | str | None = None, rules: Rules = NONE) -> tuple[int, Hazard]:
    """A gravity-assisted manoeuvre on entering a star's hex (12.2): the star's rating in extra
    maneuver (a +2 star: two more), and a d6 at or under the rating is a step loss to radiation."""
    optional.require(rules, "grazing-orbit", "a grazing orbit maneuver")
    if star < 1:
        raise RefereeError(f"a star's rating is 1 or more, not {star}")
    roll = dice.take("d6", rng, rolled, f"grazing orbit radiation, +{star} star")
    hit = roll.total <= star
    line = f"+{star} star: {star} more maneuver; radiation {roll.total} {'<=' if hit else '>'} {star}: {'a step loss' if hit else 'no damage'} ({GRAZING_RULE})"
    return star, Hazard((roll,), int(hit), (line,))


def overload_engines(ship: Ship, rng: random.Random, rolled: int | str | None = None, rules: Rules = NONE) -> tuple[Ship, Hazard]:
    """Overloaded engines (12.4): +1 maneuver this turn; a d6 of 2 or less damages them, and the ship
    can no longer perform maneuver movement in the battle."""
    optional.require(rules, "overloading-engines", f"{ship.name} overloading its engines")
    if ship.engines_wrecked:
        raise RefereeError(f"{ship.name}'s engines are damaged: it can no longer manoeuvre ({ENGINES_RULE})")
    roll = dice.take("d6", rng, rolled, f"{ship.name} overloads its engines")
    wrecked = roll.total <= 2
    line = (
        f"{ship.name} overloads its engines: {roll.total}: " + ("2 or less, the engines are damaged: no more maneuver movement this battle" if wrecked else "the engines hold") + f" ({ENGINES_RULE})"
    )
    return (ship._replace(engines_wrecked=True) if wrecked else ship), Hazard((roll,), 0, (line,))
