"""Ground combat (Stellar Inferno 11): odds from the matchup's total attack over total defense,
Table 5, step losses, and surrendering terrain instead of steps.

The phasing player may attack in any matchup (11.1.1): his units' total attack over the
non-phasing units' total defense (11.1.2); ships in a matchup fight with their planetary gear
(11.1.3), a space defense unit defends with its full defense (12.14.3), a bombardment pack with 1 a
cargo point (12.11.3). The d6 is read on Table 5 at the highest row at or below the ratio (11.2.1):
the number before the slash is the defender's (non-phasing) step losses (11.2.3), after it the
attacker's (phasing) (11.2.2).

Readings:

- Table 5 reads "non-phasing / phasing" losses (11.2.2-11.2.3).
- 11.1.4 gives "+1 ... to the dice roll" to units that "perform better" when all of them outmanoeuvre
  every opposing unit. On Table 5 a higher die is worse for the attacker (a 1:1 attack loses
  nothing on a 1 and 0/3 on a 7), and 12.12.2 subtracts the advantage for the favoured side; so the
  faster side's bonus is applied as -1, and the text's "+1" is shown with it. A referee who wants
  the printed reading plays ``printed-maneuver-bonus`` for the scenario (chosen as the optional
  rules are, ``si new --rule``): the die then gets +1. The result says which reading produced it.
  It applies only when
  the faster side is the one attacking (the phasing player). Only units with a maneuver rating
  count: ground units, and ships in a boarding combat (12.13.5); ships added to a matchup (10.2)
  and bombardment packs do not.
- Attack points of 0 read 1:3 (the tables' footnote); ship combat's 7.2.4 has no counterpart here.
  A defense of 0 gives no odds and is refused.
- Step losses (11.3): at least one point taken by a ground unit (11.3.2); ships may take the rest
  (11.3.3); terrain surrendered instead, at most the lowest maneuver rating among the side's ground
  units in the matchup (11.4.3), Industrial first, then Settled (11.4.4). When no terrain can be
  surrendered the units take the losses (11.4.5). When every unit and ship is eliminated, losses
  left over are not taken.
- Withdrawal is mentioned (12.11.4, 12.13.7-12.13.8, 12.14.4) but no paragraph says how units
  withdraw: each fighter says whether it may, and the rest is the referee's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee.errors import RefereeError
from referee.stellar_inferno import odds, optional
from referee.stellar_inferno.ground_units import GroundUnit
from referee.stellar_inferno.odds import Modifier, Reading
from referee.stellar_inferno.optional import NONE, Rules
from referee.stellar_inferno.planets import Planet, Role, Terrain, other
from referee.stellar_inferno.ships import Ship, in_game
from referee.tables import Tables

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

ODDS_RULE = "Stellar Inferno 11.1.2-11.1.3, 11.2.1"
TABLE_RULE = "Stellar Inferno 11.2.1-11.2.3, Table 5"
MANEUVER_RULE = "Stellar Inferno 11.1.4"
SHIP_RULE = "Stellar Inferno 11.1.3"
LOSSES_RULE = "Stellar Inferno 11.3.1-11.3.3"
SURRENDER_RULE = "Stellar Inferno 11.4.1-11.4.6"
PACK_RULE = "Stellar Inferno 12.11.4"
SDU_RULE = "Stellar Inferno 12.14.3-12.14.4"
MANEUVER_TEXT = "11.1.4 says '+1 is added to the dice roll'; on Table 5 a higher die is worse for the attacker, so the faster side's bonus is read as -1"
PRINTED_TEXT = "11.1.4 as printed, '+1 is added to the dice roll', the reading chosen for this scenario (printed-maneuver-bonus): on Table 5 it costs the faster side"


def maneuver_bonus(rules: Rules = NONE) -> tuple[int, str]:
    """The faster attacker's die modifier (11.1.4) and the reading that gives it: -1 (the program's,
    "perform better"), or +1 as printed when the scenario plays ``printed-maneuver-bonus``."""
    return (1, PRINTED_TEXT) if "printed-maneuver-bonus" in rules else (-1, MANEUVER_TEXT)


class Fighter(NamedTuple):
    """A unit or ship as ground combat rates it."""

    name: str
    attack: int
    defense: int
    maneuver: int | None  # None: not in the maneuver comparison (11.1.4) nor the surrender limit (11.4.3)
    steps: int  # steps it can still lose
    ground_unit: bool  # a ground unit (11.3.2); False for a ship
    may_withdraw: bool = True
    pack: bool = False
    rating: str = ""

    def shown(self) -> str:
        return f"{self.name}: attack {self.attack}, defense {self.defense}" + (f", maneuver {self.maneuver}" if self.maneuver is not None else "") + (f" ({self.rating})" if self.rating else "")


def unit_fighter(unit: GroundUnit) -> Fighter:
    """A ground unit at its current step; a bombardment pack has no maneuver rating (12.11.3)."""
    if unit.destroyed:
        raise RefereeError(f"{unit.name} is eliminated")
    f = unit.factors
    rating = "bombardment pack, 1 a cargo point (12.11.3)" if unit.pack else ""
    return Fighter(unit.name, f.attack, f.defense, None if unit.pack else f.maneuver, unit.steps_left, True, pack=unit.pack, rating=rating)


def ship_fighter(ship: Ship) -> Fighter:
    """A surface ship added to a matchup: its planetary gear for attack and defense (11.1.3); a space
    defense unit defends with its full defense and may not withdraw (12.14.3-12.14.4)."""
    in_game(ship)
    if not ship.atmosphere:
        raise RefereeError(f"{ship.name} is not a surface ship: only ships under the planet marker join a matchup (10.2.1)")
    gear = ship.factors.planetary_gear
    if ship.sdu:
        return Fighter(ship.name, gear, ship.factors.defense, None, ship.steps_left, False, False, rating=f"SDU: planetary gear {gear} to attack, full defense {ship.factors.defense} ({SDU_RULE})")
    return Fighter(ship.name, gear, gear, None, ship.steps_left, False, rating=f"planetary gear {gear} ({SHIP_RULE})")


def maneuver_modifier(attackers: Sequence[Fighter], defenders: Sequence[Fighter], rules: Rules = NONE) -> tuple[Modifier, ...]:
    """-1 (+1 as printed, :func:`maneuver_bonus`) when every attacking unit rated for maneuver
    outmanoeuvres every defending one (11.1.4)."""
    mine = [f.maneuver for f in attackers if f.maneuver is not None]
    theirs = [f.maneuver for f in defenders if f.maneuver is not None]
    if mine and theirs and min(mine) > max(theirs):
        value, reading = maneuver_bonus(rules)
        return (Modifier(value, f"the attacking units all outmanoeuvre the defenders ({min(mine)} against at most {max(theirs)}): {reading}", MANEUVER_RULE),)
    return ()


class GroundAttack(NamedTuple):
    """One ground attack: the totals, the reading of Table 5, and the losses on each side."""

    attackers: tuple[Fighter, ...]
    defenders: tuple[Fighter, ...]
    attack: int
    defense: int
    reading: Reading
    defender_losses: int
    attacker_losses: int
    no_withdrawal: tuple[str, ...]

    def lines(self) -> tuple[str, ...]:
        shown = [f"attack {' + '.join(str(f.attack) for f in self.attackers)} = {self.attack} against defense {' + '.join(str(f.defense) for f in self.defenders)} = {self.defense} ({ODDS_RULE})"]
        shown += [f.shown() for f in (*self.attackers, *self.defenders) if f.rating]
        shown += [
            *self.reading.lines(),
            f"defender (non-phasing) loses {self.defender_losses} step{'s' if self.defender_losses != 1 else ''}, attacker (phasing) loses {self.attacker_losses} ({TABLE_RULE})",
        ]
        shown += [f"{name} may not withdraw" for name in self.no_withdrawal]
        return tuple(shown)


def attack(
    si: Tables,
    attackers: Sequence[Fighter],
    defenders: Sequence[Fighter],
    rng: random.Random,
    rolled: int | str | None = None,
    technology: int = 0,
    rules: Rules = NONE,
) -> GroundAttack:
    """One ground attack in a matchup (11.1-11.2): total attack over total defense on Table 5, the d6
    moved by the manoeuvre modifier (11.1.4 reading) and technology advantage (12.12)."""
    if not attackers or not defenders:
        raise RefereeError("a ground attack needs units on both sides of the matchup (11.1.1)")
    names = [f.name for f in (*attackers, *defenders)]
    if len(set(names)) != len(names):
        raise RefereeError("a unit is named twice in the matchup")
    if any(f.pack for f in (*attackers, *defenders)):
        optional.require(rules, "tactical-bombardment", "a bombardment pack")
    total_attack, total_defense = sum(f.attack for f in attackers), sum(f.defense for f in defenders)
    modifiers = (*maneuver_modifier(attackers, defenders, rules), *odds.technology(technology, rules))
    reading = odds.read(si, odds.GROUND_COMBAT, total_attack, total_defense, modifiers, rng, rolled, "ground attack", TABLE_RULE)
    defender_losses, attacker_losses = (int(n) for n in str(reading.cell).split("/"))
    packs = any(f.pack for f in (*attackers, *defenders))
    stuck = tuple(f"{f.name}" + (f" (a bombardment pack is in the combat, {PACK_RULE})" if packs else f" ({f.rating})") for f in defenders if packs or not f.may_withdraw)
    return GroundAttack(tuple(attackers), tuple(defenders), total_attack, total_defense, reading, defender_losses, attacker_losses, stuck)


def surrendered(held: Terrain, points: int) -> Terrain:
    """The terrain ``points`` surrender takes: Industrial first, then Settled (11.4.4)."""
    if not 0 <= points <= held.total:
        raise RefereeError(f"{points} terrain points cannot be surrendered: {held.shown()} held ({SURRENDER_RULE})")
    industrial = min(points, held.industrial)
    return Terrain(industrial, points - industrial)


def lowest_maneuver(fighters: Sequence[Fighter]) -> int:
    """The lowest maneuver rating among a side's ground units in the matchup (11.4.3); 0 without one."""
    ratings = [f.maneuver for f in fighters if f.ground_unit and f.maneuver is not None]
    return min(ratings) if ratings else 0


class Absorbed(NamedTuple):
    """How a side takes its step losses: steps by unit or ship, terrain surrendered, losses left over
    (every unit and ship eliminated)."""

    steps: tuple[tuple[str, int], ...]
    surrendered: Terrain
    left_over: int

    def lines(self) -> tuple[str, ...]:
        shown = [f"{name} loses {n} step{'s' if n != 1 else ''} ({LOSSES_RULE})" for name, n in self.steps if n]
        shown += [f"surrenders {self.surrendered.shown()} ({SURRENDER_RULE})"] if self.surrendered.total else []
        shown += [f"{self.left_over} loss{'es' if self.left_over != 1 else ''} not taken: every unit is eliminated"] if self.left_over else []
        return tuple(shown)


def absorb(losses: int, fighters: Sequence[Fighter], steps: Mapping[str, int], held: Terrain = Terrain(), surrender: int = 0) -> Absorbed:
    """Check and record how a side takes ``losses`` (11.3-11.4): ``steps`` by unit or ship name,
    ``surrender`` terrain points (at most the lowest maneuver rating of its ground units, 11.4.3),
    taken from ``held`` Industrial first (11.4.4). At least one loss on a ground unit (11.3.2)."""
    by_name = {f.name: f for f in fighters}
    unknown = [n for n in steps if n not in by_name]
    if unknown:
        raise RefereeError(f"{', '.join(unknown)} not in this side of the matchup; choose from {', '.join(by_name)}")
    for name, n in steps.items():
        if not 0 <= n <= by_name[name].steps:
            raise RefereeError(f"{name} has {by_name[name].steps} step(s) to lose, not {n}")
    if surrender:
        limit = lowest_maneuver(fighters)
        if surrender > limit:
            raise RefereeError(f"at most {limit} terrain points can be surrendered: the lowest maneuver rating of the side's ground units in the matchup ({SURRENDER_RULE})")
    given = surrendered(held, surrender)
    taken = sum(steps.values())
    everything = sum(f.steps for f in fighters)
    if taken + surrender > losses:
        raise RefereeError(f"{taken} step(s) and {surrender} terrain point(s) take more than the {losses} losses")
    if taken + surrender < losses and taken < everything:
        raise RefereeError(f"{losses} losses: {taken} step(s) and {surrender} terrain point(s) leave {losses - taken - surrender} to take ({LOSSES_RULE})")
    on_units = sum(n for name, n in steps.items() if by_name[name].ground_unit)
    units_left = sum(f.steps for f in fighters if f.ground_unit)
    if losses and units_left and on_units < 1:
        raise RefereeError(f"at least one point of the step losses must be absorbed by a ground unit ({LOSSES_RULE})")
    return Absorbed(tuple(steps.items()), given, losses - taken - surrender)


def exchange(planet: Planet, phasing: Role, phasing_surrender: Terrain, non_phasing_surrender: Terrain) -> Planet:
    """Surrendered terrain changes hands (11.4.6): each side's surrender goes to the other; equal
    surrenders of the same types leave the planet as it was."""
    given = {phasing: phasing_surrender, other(phasing): non_phasing_surrender}
    for role, terrain in given.items():
        held = planet.held(role)
        if terrain.industrial > held.industrial or terrain.settled > held.settled:
            raise RefereeError(f"the {role} holds {held.shown()} on {planet.name}: it cannot surrender {terrain.shown()}")
    moved = planet
    for role in given:
        held, out, back = planet.held(role), given[role], given[other(role)]
        moved = moved.holding(role, Terrain(held.industrial - out.industrial + back.industrial, held.settled - out.settled + back.settled))
    return moved
