"""Ship-to-ship combat (Stellar Inferno 7.1-7.3): the range's effect on each attacking ship, the
defense of the target stack, the odds on Table 3 (open order) or Table 4 (closed order), the die,
and the step losses the defender assigns ship by ship.

Readings:

- Range (7.2.2-7.2.4): the range counts the hexes from the attacker to the target hex, the target
  hex included; 0 in the target's own hex. The attack factor is halved, fractions dropped, once for
  each whole multiple of the range factor in the range (range 5, range factor 2: two multiples,
  a quarter). A range factor of 0 attacks only in its own hex (7.2.3). A modified factor of 0 takes
  no part (7.2.4); an attack none of whose ships has a factor above 0 is refused.
- "Effective range doubled" (8.2.1 atmosphere, 12.1.4 asteroids, 12.10.2 bombardment) doubles the
  hex count before the multiples are counted; range 0 stays 0. Each cause doubles once (an attack
  from an atmosphere into asteroids is read at four times the range); an attack both into and from
  an atmosphere doubles once (8.2.1 names one effect).
- Defense (7.3.1-7.3.4): the ships with the lowest defense ratings combine, at most three (7.3.2).
  7.3.3, "For every two hexes distance from the core, another ship must be below the stack, in
  addition to the ships that combine": the ships needed below are the distance halved and rounded
  up, so at most three combine, and no more than the stack less those needed below; the lowest
  always defends (7.3.4). This is the reading that fits the book's example (four ships three hexes
  out: two below, two combine); halving rounded down would combine three.
- The stack is every non-phasing ship in the target hex, in orbit and in the atmosphere together
  (7.1.2: ships in the same hex are attacked once); a ship in the atmosphere rates its defense with
  its planetary gear (8.2.2) and the attack is "into" the atmosphere, its range doubled, when any of
  the ships combining their defense is in it. Ships carried as cargo neither attack nor defend
  (7.4.1): they are not in the stack.
- 7.1.2 "Ships occupying the same hex can only be attacked once during a turn" is read as once by
  each phasing player: the Invader and the Defender each have a Ship Combat phase (4).
- Step losses (7.3.9-7.3.11): the defender names the ships in the order they take losses; each
  takes losses until it is destroyed before the next is named.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee.errors import RefereeError
from referee.stellar_inferno import odds, optional
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno.odds import Reading
from referee.stellar_inferno.optional import NONE, Rules
from referee.stellar_inferno.ships import Ship
from referee.tables import Tables

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

RANGE_RULE = "Stellar Inferno 7.2.2-7.2.4"
ZERO_RANGE_RULE = "Stellar Inferno 7.2.3"
DEFENSE_RULE = "Stellar Inferno 7.3.1-7.3.4"
ORDER_RULE = "Stellar Inferno 7.1.5, 7.3.6"
ONCE_RULE = "Stellar Inferno 7.1.2"
ONE_HEX_RULE = "Stellar Inferno 7.1.3"
STEPS_RULE = "Stellar Inferno 7.3.8-7.3.11"
ATMOSPHERE_RULE = "Stellar Inferno 8.2.1"
ASTEROID_RULE = "Stellar Inferno 12.1.4"
RINGS_RULE = "Stellar Inferno 12.1.5"
OVERLOAD_STEP_RULE = "Stellar Inferno 12.5.3"
CAPTURED_RULE = "Stellar Inferno 12.13.10"
MAX_COMBINING = 3  # 7.3.2


class ModifiedAttack(NamedTuple):
    """One attacking ship's attack factor after range (7.2.4)."""

    ship: str
    rating: sh.Rating
    range: int
    doubled_by: tuple[str, ...]
    effective_range: int
    range_factor: int
    multiples: int
    factor: int

    def shown(self) -> str:
        doubled = "".join(f", doubled: {why}" for why in self.doubled_by)
        where = f"range {self.range}{doubled}" + (f" = {self.effective_range}" if self.doubled_by else "")
        if self.range_factor == 0 and self.effective_range:
            return f"{self.ship}: attack {self.rating.shown()}, {where}: range factor 0 attacks only in its own hex ({ZERO_RANGE_RULE}): takes no part"
        halves = f", halved {self.multiples} time{'s' if self.multiples != 1 else ''}" if self.multiples else ""
        part = "" if self.factor > 0 else ": takes no part (7.2.4)"
        return f"{self.ship}: attack {self.rating.shown()}, {where}, range factor {self.range_factor}: {self.multiples} whole multiple{'s' if self.multiples != 1 else ''}{halves} = {self.factor}{part} ({RANGE_RULE})"


def modified_attack(attack: int, range_factor: int, hexes: int, doublings: int = 0) -> tuple[int, int, int]:
    """(effective range, whole multiples of the range factor, modified attack factor) (7.2.2-7.2.4):
    the range doubled ``doublings`` times, then the attack halved, fractions dropped, once a whole
    multiple. A range factor of 0 gives 0 beyond its own hex (7.2.3)."""
    if attack < 0 or range_factor < 0 or hexes < 0 or doublings < 0:
        raise RefereeError(f"attack, range factor, range and doublings are 0 or more, not {attack}, {range_factor}, {hexes}, {doublings}")
    effective = hexes * 2**doublings
    if range_factor == 0:
        return effective, 0, attack if effective == 0 else 0
    multiples = effective // range_factor
    return effective, multiples, attack >> multiples


def combining(stack: int, core_distance: int) -> tuple[int, int]:
    """(ships needed below the stack, ships whose defense combines) (7.3.2-7.3.4): the distance from
    the core halved and rounded up must stay below; at most three combine; the lowest always defends."""
    if stack < 1 or core_distance < 0:
        raise RefereeError(f"a stack of 1 or more ships at 0 or more hexes from the core, not {stack} at {core_distance}")
    below = math.ceil(core_distance / 2)
    return below, max(1, min(MAX_COMBINING, stack - below))


class Defense(NamedTuple):
    """The defense of a stack: each ship's rating, lowest first, and those that combine."""

    ratings: tuple[tuple[str, sh.Rating], ...]
    combining: tuple[str, ...]
    total: int
    core_distance: int
    below: int
    rule: str = DEFENSE_RULE

    def shown(self) -> str:
        used = " + ".join(f"{name} {rating.value}" for name, rating in self.ratings[: len(self.combining)])
        if len(self.ratings) == 1 and self.ratings[0][0].startswith("unescorted mines"):
            return f"{self.ratings[0][0]}: defense 1 (12.3.9)"
        return (
            f"{len(self.ratings)} ship{'s' if len(self.ratings) != 1 else ''} {self.core_distance} hex{'es' if self.core_distance != 1 else ''} from the core: "
            f"{self.below} must be below the stack, {len(self.combining)} combine{'s' if len(self.combining) == 1 else ''}: {used} = {self.total} ({self.rule})"
        )


def combined_defense(stack: Sequence[tuple[str, sh.Rating]], core_distance: int) -> Defense:
    """The lowest-rated ships of the stack combined (7.3.1-7.3.4); ties in the order given."""
    ordered = tuple(sorted(stack, key=lambda pair: pair[1].value))
    below, count = combining(len(ordered), core_distance)
    chosen = ordered[:count]
    return Defense(ordered, tuple(name for name, _ in chosen), sum(r.value for _, r in chosen), core_distance, below)


class ShipCombat(NamedTuple):
    """One phasing player's Ship Combat phase: the hexes attacked and the ships that attacked."""

    side: str
    turn: int = 1
    hexes: tuple[str, ...] = ()
    fired: tuple[str, ...] = ()

    def check(self, target_hex: str, attackers: Sequence[str]) -> None:
        """Refuse a second attack on a hex (7.1.2) or a ship attacking a second hex (7.1.3)."""
        if target_hex and target_hex in self.hexes:
            raise RefereeError(f"{target_hex} has been attacked by {self.side} this turn already: ships in the same hex are attacked once a turn ({ONCE_RULE})")
        again = [name for name in attackers if name in self.fired]
        if again:
            raise RefereeError(f"{', '.join(again)} attacked already this phase: each ship attacks a single hex ({ONE_HEX_RULE})")

    def record_ships(self, attackers: Sequence[str]) -> ShipCombat:
        """Ships that attacked something other than a stack of ships (a bombardment, 12.10)."""
        self.check("", attackers)
        return self._replace(fired=(*self.fired, *attackers))

    def record(self, target_hex: str, attackers: Sequence[str]) -> ShipCombat:
        self.check(target_hex, attackers)
        return self._replace(hexes=(*self.hexes, target_hex), fired=(*self.fired, *attackers))


class Attacker(NamedTuple):
    """An attacking ship, the range the referee counted to the target hex (7.2.2), and whether it
    overloads its weapons (12.5)."""

    ship: Ship
    range: int
    overload: bool = False


class ShipAttack(NamedTuple):
    """One attack: the order and table, each ship's modified factor, the defense, the reading, the
    step losses the defending ships must take (7.3.8), and the ships that take a step for overloading."""

    order: str
    attackers: tuple[ModifiedAttack, ...]
    attack: int
    defense: Defense
    reading: Reading
    steps: int
    overloaded: tuple[str, ...]
    phase: ShipCombat

    def lines(self) -> tuple[str, ...]:
        shown = [f"{self.order} ({ORDER_RULE})", *(a.shown() for a in self.attackers)]
        shown += [f"attack {self.attack} against defense {self.defense.shown()}", *self.reading.lines()]
        shown += [f"{self.steps} step loss{'es' if self.steps != 1 else ''} to the defending ships ({STEPS_RULE})"]
        shown += [f"{name} takes a step for overloading its weapons ({OVERLOAD_STEP_RULE})" for name in self.overloaded]
        return tuple(shown)


def target_stack(target: Sequence[Ship], side: str) -> tuple[str, int]:
    """The target hex and its distance from the core, refusing a target that is not one enemy stack."""
    if not target:
        raise RefereeError("name the ships in the target hex")
    hexes = {s.hex for s in target}
    if len(hexes) != 1 or "" in hexes:
        raise RefereeError(f"the target is the ships in one hex: {', '.join(s.name + ' in ' + (s.hex or 'no hex') for s in target)}")
    for ship in target:
        if ship.side == side:
            raise RefereeError(f"{ship.name} is {side}'s own ship")
        sh.in_game(ship)
    if len({s.core_distance for s in target}) != 1:
        raise RefereeError(f"the ships in {target[0].hex} disagree on its distance from the core: {', '.join(f'{s.name} {s.core_distance}' for s in target)}")
    if len({s.name for s in target}) != len(target):
        raise RefereeError("a target ship is named twice")
    return target[0].hex, target[0].core_distance


def range_doublings(attacker: Ship, into_atmosphere: bool, asteroids: bool, rings: bool) -> tuple[str, ...]:
    """Why an attacker's effective range is doubled: the atmosphere (8.2.1), asteroids (12.1.4), a
    planet's rings, ignored by ships within its atmosphere (12.1.5)."""
    why = []
    if into_atmosphere or attacker.atmosphere:
        why.append(f"{'into' if into_atmosphere else 'from'} a planetary atmosphere ({ATMOSPHERE_RULE})")
    if asteroids:
        why.append(f"into an asteroid hex ({ASTEROID_RULE})")
    if rings and not into_atmosphere:
        why.append(f"into a ringed planet's hex ({RINGS_RULE})")
    return tuple(why)


def attack_factors(
    attackers: Sequence[Attacker],
    side: str,
    target_hex: str,
    into_atmosphere: bool,
    asteroids: bool,
    rings: bool,
    rules: Rules,
    sensor: bool = False,
) -> tuple[ModifiedAttack, ...]:
    """Each attacking ship's modified attack factor, refusing a ship that may not attack; with
    ``sensor``, its sensor attack factor: its range rating, modified by range the same way (12.6.4)."""
    if not attackers:
        raise RefereeError("name the attacking ships")
    if len({a.ship.name for a in attackers}) != len(attackers):
        raise RefereeError("an attacking ship is named twice")
    if asteroids or rings:
        optional.require(rules, "asteroids", "an asteroid field's or rings' effect on range")
    factors = []
    for a in attackers:
        ship = a.ship
        if ship.side != side:
            raise RefereeError(f"{ship.name} cannot attack: it is not {side}'s")
        if ship.gone:
            raise RefereeError(f"{ship.name} cannot attack: " + ("it is destroyed" if ship.destroyed else f"it left the map on turn {ship.left_map}, removed from the game ({sh.LEAVE_RULE})"))
        if ship.captured:
            raise RefereeError(f"{ship.name} was captured: captured ships are unable to attack ({CAPTURED_RULE})")
        if not ship.hex:
            raise RefereeError(f"where is {ship.name}? its hex tells open from closed order ({ORDER_RULE})")
        if a.range < 0:
            raise RefereeError(f"{ship.name}: a range is 0 or more hexes, not {a.range}")
        if (a.range == 0) != (ship.hex == target_hex):
            raise RefereeError(f"{ship.name} is in {ship.hex}, the target in {target_hex}: range 0 is the target's own hex, and only it ({ZERO_RANGE_RULE})")
        if a.overload:
            optional.require(rules, "overloading-weapons", f"{ship.name} overloading its weapons")
        rating = sh.Rating(ship.factors.range, (f"range rating {ship.factors.range} (12.6.4)",)) if sensor else sh.attack_rating(ship, a.overload)
        doubled = range_doublings(ship, into_atmosphere, asteroids, rings)
        effective, multiples, factor = modified_attack(rating.value, ship.factors.range, a.range, len(doubled))
        factors.append(ModifiedAttack(ship.name, rating, a.range, doubled, effective, ship.factors.range, multiples, factor))
    if not any(f.factor > 0 for f in factors):
        raise RefereeError(f"no attack: no ship has a modified attack factor above 0 ({RANGE_RULE}): " + "; ".join(f.shown() for f in factors))
    return tuple(factors)


def attack(
    si: Tables,
    phase: ShipCombat,
    attackers: Sequence[Attacker],
    target: Sequence[Ship],
    rng: random.Random,
    rolled: int | str | None = None,
    technology: int = 0,
    asteroids: bool = False,
    rings: bool = False,
    mines: int = 0,
    mines_hex: str = "",
    rules: Rules = NONE,
) -> ShipAttack:
    """One ship attack (7.1-7.3): modified attack factors by range, the stack's combined defense,
    odds on Table 3 or 4 by whether the attackers share a hex, the d6 moved by technology
    advantage (12.12), and the step losses. ``target`` is the non-phasing ships in the target hex;
    with none, ``mines`` unescorted mine points in ``mines_hex`` are attacked at defense 1 (12.3.9). Refused
    before any die is rolled if the attack may not be made."""
    if mines:
        optional.require(rules, "stealth-mines", "attacking stealth mines")
    if target:
        target_hex, distance = target_stack(target, phase.side)
        defense = combined_defense([(s.name, sh.defense_rating(s)) for s in target], distance)
        into_atmosphere = any(s.atmosphere for s in target if s.name in defense.combining)
    elif mines > 0:
        target_hex = mines_hex
        if not target_hex:
            raise RefereeError("attacking unescorted mines: give the mines' hex")
        defense = Defense((("unescorted mines", sh.Rating(1, ("unescorted mines: defense 1 (12.3.9)",))),), ("unescorted mines",), 1, 0, 0, "Stellar Inferno 12.3.9")
        into_atmosphere = False
    else:
        raise RefereeError("name the ships in the target hex")
    phase.check(target_hex, [a.ship.name for a in attackers])
    factors = attack_factors(attackers, phase.side, target_hex, into_atmosphere, asteroids, rings, rules)
    total = sum(f.factor for f in factors)
    taking_part = [a for a, f in zip(attackers, factors) if f.factor > 0]
    closed = len({a.ship.hex for a in taking_part}) == 1
    table, order = (odds.CLOSED_ORDER, "closed order: the attacking ships share a hex") if closed else (odds.OPEN_ORDER, "open order: the attacking ships are in more than one hex")
    modifiers = odds.technology(technology, rules)
    rule = f"Stellar Inferno 7.3.6-7.3.7, {'Table 4' if closed else 'Table 3'}"
    reading = odds.read(si, table, total, defense.total, modifiers, rng, rolled, f"ship attack on {target_hex}, {order.split(':')[0]}", rule)
    assert isinstance(reading.cell, int)
    overloaded = tuple(a.ship.name for a in taking_part if a.overload)
    return ShipAttack(order, factors, total, defense, reading, reading.cell, overloaded, phase.record(target_hex, [a.ship.name for a in taking_part]))


class StepLosses(NamedTuple):
    """Step losses taken: the stack after, the steps each ship took, the ships destroyed, the losses
    left when every ship is gone, and the escorted mine points they eliminate (12.3.8)."""

    ships: tuple[Ship, ...]
    taken: tuple[tuple[str, int], ...]
    destroyed: tuple[str, ...]
    unsatisfied: int
    mines_lost: int = 0

    def lines(self) -> tuple[str, ...]:
        shown = [f"{name} takes {steps} step{'s' if steps != 1 else ''}" + (" and is destroyed" if name in self.destroyed else "") + f" ({STEPS_RULE})" for name, steps in self.taken]
        shown += [f"{self.mines_lost} mine point{'s' if self.mines_lost != 1 else ''} eliminated (Stellar Inferno 12.3.8)"] if self.mines_lost else []
        return tuple(shown)


def assign_steps(stack: Sequence[Ship], steps: int, order: Sequence[str], mines: int = 0) -> StepLosses:
    """The defender's assignment of ``steps`` step losses (7.3.9-7.3.11): the ships named take the
    losses in turn, each until it is destroyed, until all are taken or every ship is destroyed;
    losses left then eliminate the escorted mines, a point a step (12.3.8)."""
    if steps < 0:
        raise RefereeError(f"step losses are 0 or more, not {steps}")
    by_name = {s.name: s for s in stack}
    if len(set(order)) != len(order):
        raise RefereeError("a ship is named twice: each ship takes losses until destroyed, then another is chosen (7.3.10)")
    unknown = [n for n in order if n not in by_name]
    if unknown:
        raise RefereeError(f"{', '.join(unknown)} not in the target hex; choose from {', '.join(by_name)} ({STEPS_RULE})")
    left = steps
    taken: list[tuple[str, int]] = []
    destroyed: list[str] = []
    for name in order:
        if left == 0:
            raise RefereeError(f"{name} is named after every loss was taken: name ships only while losses remain ({STEPS_RULE})")
        ship = by_name[name]
        if ship.destroyed:
            raise RefereeError(f"{name} is destroyed already")
        sh.in_game(ship)
        take = min(left, ship.steps_left)
        by_name[name] = sh.take_steps(ship, take)
        taken.append((name, take))
        left -= take
        if by_name[name].destroyed:
            destroyed.append(name)
    standing = [s for s in by_name.values() if not s.gone]
    if left and standing:
        raise RefereeError(f"{left} step loss{'es' if left != 1 else ''} still to take: the non-phasing player chooses another ship ({', '.join(s.name for s in standing)}) ({STEPS_RULE})")
    mines_lost = min(left, mines)
    return StepLosses(tuple(by_name[s.name] for s in stack), tuple(taken), tuple(destroyed), left - mines_lost, mines_lost)
