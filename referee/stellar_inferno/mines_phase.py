"""Stealth mines in play (Stellar Inferno 12.3, optional): laid from a ship's cargo in the Landing
Actions phase, moved with their side's fleet movement, striking the opponent's ships in the hexes
they enter or pass through. The rules are :mod:`mines`; attacks on mines, escorted or not, are
:func:`ship_phase.attack`'s. This module takes the ships from the scenario, applies the results
and writes the log.

Readings:

- A side's mine points in a hex are one minefield; points laid where the side has some already
  join them. The map is not in our text: the referee moves a minefield as its side's fleet moves
  (in that side's Fleet Movement phase, 12.3.3) and names each hex holding the opponent's ships
  that it enters or passes through, once, for its attack (12.3.4).
- A mine point that strikes is eliminated (12.3.6); the rest stay in the field. Psi agents do not
  help against mines (12.7.5).
- "They can perform fleet movement each turn" (12.3.3): a minefield moves once in its side's Fleet
  Movement phase, and its attacks (12.3.4: "as a result of fleet movement") are made as it moves,
  named before the move is recorded: once it has moved this turn it neither moves nor attacks
  again. Mines laid joining a field that has moved keep its turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.errors import RefereeError
from referee.stellar_inferno import mines, optional
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno.mines import Minefield
from referee.stellar_inferno.planets import other
from referee.stellar_inferno.scenario import Done, Scenario, done, hex_name
from referee.stellar_inferno.ship_phase import destroyed_cargo, own_ship
from referee.stellar_inferno.turn import refuse_owed

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

MOVE_RULE = "Stellar Inferno 12.3.3"


def lay(s: Scenario, ship_name: str, points: int) -> Done:
    """Mine points laid from a ship's cargo in its hex, in the Landing Actions phase (12.3.2)."""
    s.in_phase("landing", "laying stealth mines")
    optional.require(s.rules, "stealth-mines", "laying stealth mines")
    refuse_owed(s, "laying mines")
    ship = own_ship(s, ship_name, "laying mines")
    after, field = mines.lay(ship, points, s.rules)
    had = s.minefield(field.side, field.hex)
    total = field.points + (had.points if had else 0)
    s = s.replaced(after).with_minefield(field.side, field.hex, total).acting("lay mines", ship.name)
    text = (
        f"{ship.name} lays {points} mine point{'s' if points != 1 else ''} in {field.hex}: {s.side(s.phasing)} mines there {total}; "
        f"a mine never manoeuvres but moves with its side's fleet movement ({mines.LAY_RULE}, 12.3.3); aboard now {after.cargo.shown()}"
    )
    return done(s, s.entry(text, rule=mines.LAY_RULE))


def _field(s: Scenario, hex_: str) -> Minefield:
    side = s.side(s.phasing)
    field = s.minefield(side, hex_name(hex_, "the minefield's hex"))
    if field is None:
        theirs = ", ".join(f"{m.hex} ({m.points})" for m in s.minefields if m.side == side) or "none"
        raise RefereeError(f"the {s.phasing} ({side}) has no mines in {hex_name(hex_)}; its minefields: {theirs}")
    return field


def _not_moved(s: Scenario, field: Minefield) -> None:
    """A minefield makes one fleet movement a turn, its attacks made on the way (12.3.3-12.3.4)."""
    if field.moved == s.turn:
        raise RefereeError(
            f"{field.side}'s mines in {field.hex} have made this turn's fleet movement: mines perform fleet movement once each turn, attacking the hexes of the opponent's ships they enter or pass through as they move ({MOVE_RULE}, 12.3.4; referee si strike before si mines)"
        )


def move(s: Scenario, from_hex: str, to_hex: str) -> Done:
    """A minefield moved with its side's fleet movement (12.3.3)."""
    s.in_phase("fleet-movement", "moving stealth mines")
    optional.require(s.rules, "stealth-mines", "moving stealth mines")
    field = _field(s, from_hex)
    to = hex_name(to_hex, "the hex the mines reach")
    if to == field.hex:
        raise RefereeError(f"the mines are in {to} already")
    _not_moved(s, field)
    there = s.minefield(field.side, to)
    s = s.with_minefield(field.side, field.hex, 0).with_minefield(field.side, to, field.points + (there.points if there else 0), s.turn)
    joined = f", joining the {there.points} there" if there else ""
    text = f"{field.side}'s {field.points} mine points move with fleet movement from {field.hex} to {to}{joined}; each hex of the opponent's ships entered or passed through is attacked (referee si strike {field.hex} --at HEX, before the move; {MOVE_RULE}, 12.3.4)"
    return done(s, s.entry(text, rule=MOVE_RULE))


def strike(s: Scenario, from_hex: str, target_hex: str, rng: random.Random, rolled: Sequence[int | str | None] = ()) -> Done:
    """A minefield entering or passing through a hex of the opponent's ships in its fleet movement:
    a d6 a mine point, each 1 a step loss on the next ship by decreasing maneuver (12.3.4-12.3.6)."""
    s.in_phase("fleet-movement", "a stealth mine attack")
    optional.require(s.rules, "stealth-mines", "a stealth mine attack")
    refuse_owed(s, "a mine attack")
    field = _field(s, from_hex)
    _not_moved(s, field)
    hex_ = hex_name(target_hex, "the hex the mines enter or pass through")
    ships = [x for x in s.ships if x.hex == hex_ and not x.gone and s.counter(x.name).role != s.phasing]
    if not ships:
        raise RefereeError(f"no {s.side(other(s.phasing))} ship is placed in {hex_}: mines attack a hex holding an opponent's ship ({mines.ATTACK_RULE})")
    result = mines.attack(field, ships, rng, rolled, s.rules)
    hits = Counter(result.struck)
    hurt = [sh.take_steps(s.ship(name), n) for name, n in hits.items()]
    s, lost = destroyed_cargo(s.replaced(*hurt).with_minefield(field.side, field.hex, result.points_left), hurt)
    lines = [f"{field.side}'s {field.points} mine points in {field.hex} attack {hex_}: {', '.join(x.name for x in ships)}", *result.lines]
    lines += [
        f"{x.name}: {'destroyed' if x.destroyed else f'now {x.factors.shown()}'}" + (f"; it must eliminate at least {x.cargo_owed} cargo points: referee si cargo {x.name} ..." if x.cargo_owed else "")
        for x in hurt
    ]
    lines.append(f"{result.points_left} mine point{'s' if result.points_left != 1 else ''} left in {field.hex}")
    if any(s.ship(name).psi for name in hits):
        lines.append("psi specialists have no effect against mines (Stellar Inferno 12.7.5)")
    return done(s, s.entry("\n  ".join(lines) + lost, result.rolls, mines.ATTACK_RULE))
