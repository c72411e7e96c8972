"""Boarding in play (Stellar Inferno 12.13, optional): declared in the Individual Ship Maneuver
phase, fought in the boarder's Ground Combat phase as ground combat, each side then taking its
losses on its ship and the ground units aboard; a ship whose losses reach its remaining steps is
captured. The rules are :mod:`boarding` and :mod:`ground_combat`; this module takes the ships from
the scenario, applies the results and writes the log.

Readings:

- A boarding is declared for its turn and fought once, in the boarder's side's Ground Combat phase
  of that turn (12.13.4), while both ships are afloat in one hex; it is not carried to a later turn.
  A ship that has manoeuvred this turn cannot board, and one that has declared cannot manoeuvre
  (12.13.3); a captured ship cannot board (12.13.10: unable to attack).
- Each side takes its losses as in ground combat (11.3.1-11.3.2, the ship counting as a ground
  unit, 12.13.5): steps on its ship and on the ground units aboard; no terrain is surrendered in
  space. Losses that reach a ship's remaining steps capture it (12.13.9): it changes sides at its
  lowest step with what it carries (the units and ships aboard, their counters with them), fights
  on at its captor's technology, and cannot attack for the rest of the scenario (12.13.10); the
  psi agents aboard are taken with it and no longer serve.
- Withdrawal (12.13.7-12.13.8) has no procedure in the book: it is the referee's to judge.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from referee.errors import RefereeError
from referee.stellar_inferno import boarding as bd
from referee.stellar_inferno import ground_combat as gc
from referee.stellar_inferno import ground_units as gu
from referee.stellar_inferno import optional
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno.maneuver_phase import close_pair
from referee.stellar_inferno.planets import Role, other
from referee.stellar_inferno.scenario import Absorbed, Boarding, Done, GroundLosses, Scenario, done
from referee.stellar_inferno.ship_phase import cargo_lost, own_ship, tech_advantage
from referee.stellar_inferno.turn import refuse_owed
from referee.tables import Tables

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

PHASE_RULE = "Stellar Inferno 12.13.4-12.13.8"


def declare(s: Scenario, boarder_name: str, target_name: str, away: Sequence[str] = ()) -> Done:
    """The phasing player declares that a ship boards an enemy ship in its hex (12.13.1-12.13.3);
    ``away``: scenario 3 FFs out of range of their home CV (their maneuver halved)."""
    s.in_phase("maneuver", "declaring a boarding")
    optional.require(s.rules, "boarding", "a boarding attack")
    refuse_owed(s, "a boarding")
    pair = close_pair(s, boarder_name, target_name, away, "boarding")
    boarder, target = pair.actor, pair.target
    if boarder.captured:
        raise RefereeError(f"{boarder.name} was captured: captured ships are unable to attack (Stellar Inferno 12.13.10)")
    if "maneuver" in s.did(boarder.name):
        raise RefereeError(f"{boarder.name} maneuvered this turn: a ship attempting to board is unable to perform Individual Ship Maneuver during the same turn ({bd.BOARDING_RULE})")
    if any(b.boarder == boarder.name for b in s.boardings):
        raise RefereeError(f"{boarder.name} has declared a boarding this turn already")
    bd.check(pair.fast, pair.slow, s.rules)
    s = s._replace(boardings=(*s.boardings, Boarding(boarder.name, target.name))).acting("board", boarder.name)
    declared = (
        f"{boarder.name} (maneuver {pair.fast.factors.maneuver}) declares a boarding of {target.name} (maneuver {pair.slow.factors.maneuver}) in {boarder.hex}: it may not maneuver this turn; "
        f"the boarding combat is fought in the {s.phasing}'s Ground Combat phase (referee si boarding {boarder.name}; {bd.BOARDING_RULE}, 12.13.4)"
    )
    lines = [*pair.lines, declared]
    return done(s, s.entry("\n  ".join(lines), rule=bd.BOARDING_RULE))


def fight(s: Scenario, si: Tables, boarder_name: str, rng: random.Random, rolled: int | str | None = None) -> Done:
    """The boarding combat (12.13.4-12.13.7): the ships' attack, defense and maneuver as ground
    unit ratings, with the ground units aboard both, on Table 5; the losses each side must take."""
    s.in_phase("ground-combat", "a boarding combat")
    optional.require(s.rules, "boarding", "a boarding combat")
    refuse_owed(s, "a boarding combat")
    boarder = own_ship(s, boarder_name, "a boarding combat")
    boarding = next((b for b in s.boardings if b.boarder == boarder.name), None)
    if boarding is None:
        raise RefereeError(f"{boarder.name} declared no boarding this turn: a boarding is declared in the Individual Ship Maneuver phase ({bd.BOARDING_RULE}; referee si board)")
    if boarding.fought:
        raise RefereeError(f"{boarder.name}'s boarding of {boarding.target} was fought this turn already ({PHASE_RULE})")
    target = s.ship(boarding.target)
    if target.gone or boarder.hex != target.hex or s.counter(target.name).role == s.phasing:
        why = (
            "destroyed"
            if target.destroyed
            else f"removed from the game: it left the map on turn {target.left_map} ({sh.LEAVE_RULE})"
            if target.left_map
            else "the phasing side's now"
            if s.counter(target.name).role == s.phasing
            else f"in {target.hex or 'no hex'}, not {boarder.hex}"
        )
        raise RefereeError(f"the boarding of {target.name} cannot be fought: {target.name} is {why}")
    mine, theirs = bd.fighters(boarder, False), bd.fighters(target, True)
    technology, how = tech_advantage(s, [f.name for f in mine], [f.name for f in theirs])
    result = gc.attack(si, mine, theirs, rng, rolled, technology, s.rules)
    s = s._replace(boardings=tuple(b._replace(fought=True) if b is boarding else b for b in s.boardings))
    lines = [
        f"{s.side(s.phasing)} boarding of {target.name} by {boarder.name}: {', '.join(f.name for f in mine)} against {', '.join(f.name for f in theirs)} ({bd.RATINGS_RULE})",
        *result.lines(),
        *([how] if how else []),
    ]
    if result.attacker_losses or result.defender_losses:
        owed = GroundLosses(
            "",
            s.phasing,
            tuple(f.name for f in mine),
            tuple(f.name for f in theirs),
            result.attacker_losses,
            result.defender_losses,
            Absorbed() if not result.attacker_losses else None,
            Absorbed() if not result.defender_losses else None,
            boarding=target.name,
        )
        s = s._replace(ground_losses=owed)
        lines.append(
            f"each side takes its losses on its ship and the units aboard, the {other(s.phasing)} first: referee si absorb defender|invader --steps NAME=N; a ship losing its remaining steps is captured ({bd.CAPTURE_RULE})"
        )
    return done(s, s.entry("\n  ".join(lines), [result.reading.roll], result.reading.rule))


def _standing(s: Scenario, name: str, target: str) -> gc.Fighter | None:
    """A fighter of the boarding as it stands now (None once eliminated, or gone from the ship)."""
    found = s.entered(name)
    if found is not None:
        ship = found[0]
        return None if ship.gone else bd.fighters(ship, ship.name == target)[0]
    where = s.unit_where(name)
    if where is None or not where[2] or where[0].destroyed:
        return None
    return gc.unit_fighter(where[0])


def absorb(s: Scenario, role: Role, steps: Mapping[str, int], surrender: int = 0) -> Done:
    """One side takes the losses of the boarding combat (11.3, 12.13.5): steps on its ship and the
    units aboard; its ship is captured when they reach its remaining steps (12.13.9-12.13.10)."""
    owed = s.ground_losses
    if owed is None or not owed.boarding:
        raise RefereeError("no boarding losses are owed: a boarding combat's losses are taken after it (referee si boarding)")
    if surrender:
        raise RefereeError(f"no terrain is surrendered in a boarding combat: it is fought in space, aboard {owed.boarding} ({bd.RATINGS_RULE})")
    if owed.taken(role) is not None:
        raise RefereeError(f"the {role} has taken its losses from this boarding already")
    given = {s.counter(n).name: k for n, k in steps.items()}
    fighters = [f for f in (_standing(s, n, owed.boarding) for n in owed.names(role)) if f is not None]
    taken = gc.absorb(owed.losses(role), fighters, given)
    lines = [f"the {role} ({s.side(role)}) takes {owed.losses(role)} loss{'es' if owed.losses(role) != 1 else ''} in the boarding of {owed.boarding}:", *taken.lines()]
    for name, k in taken.steps:
        if k and s.counter(name).kind == "unit":
            s, line = _unit_hit(s, name, k)
            lines += [line] if line else []
    for name, k in taken.steps:
        if k and s.counter(name).kind == "ship":
            boarded = bd.ship_losses(s.ship(name), k, s.side(other(role)))
            lines.append(boarded.line)
            s = _captured(s, boarded.ship, other(role)) if boarded.captured else s.replaced(boarded.ship)
    done_ = Absorbed(taken.steps)
    owed = owed._replace(attacker_done=done_) if role == owed.phasing else owed._replace(defender_done=done_)
    finished = owed.attacker_done is not None and owed.defender_done is not None
    s = s._replace(ground_losses=None if finished else owed)
    return done(s, s.entry("\n  ".join(lines), rule=f"{gc.LOSSES_RULE}; {bd.CAPTURE_RULE}"))


def _unit_hit(s: Scenario, name: str, steps: int) -> tuple[Scenario, str]:
    """A ground unit aboard a ship loses steps; eliminated, it leaves the ship's cargo."""
    where = s.unit_where(name)
    assert where is not None and where[2]
    unit, _, carrier_name = where
    carrier = s.ship(carrier_name)
    after = gu.take_steps(unit, steps)
    if not after.destroyed:
        cargo = carrier.cargo._replace(units=tuple(after if u.name == name else u for u in carrier.cargo.units))
        return s.replaced(carrier._replace(cargo=cargo)), ""
    off = sh.unload(carrier, units=[name])
    return cargo_lost(s.replaced(off.ship), off.cargo), f"{name} is eliminated"


def _captured(s: Scenario, ship: sh.Ship, captor: Role) -> Scenario:
    """A captured ship, with what it carries, goes over to the captor: the counters' side, the
    ships' and units' sides; its psi agents no longer serve."""
    side = s.side(captor)
    names: set[str] = set()

    def over(x: sh.Ship) -> sh.Ship:
        names.add(x.name)
        names.update(u.name for u in x.cargo.units)
        units = tuple(u._replace(side=side) for u in x.cargo.units)
        return x._replace(side=side, cargo=x.cargo._replace(units=units, ships=tuple(over(c) for c in x.cargo.ships)))

    taken = over(ship)
    counters = tuple(c._replace(role=captor, nation="") if c.name in names else c for c in s.counters)
    s = s.replaced(taken)._replace(counters=counters)
    return s.with_agents(a for a in s.agents if a.ship not in names)
