"""How a scenario stands, as lines for the terminal and as data for ``--json``: the turn and the
phase, the sides, the planets and their terrain, the ships and ground units (those whose factors
are not entered yet listed by name and class), what is owed, the victory tally, what comes next."""

from __future__ import annotations

from typing import Any

from referee.stellar_inferno import optional
from referee.stellar_inferno.planets import ROLES, Role
from referee.stellar_inferno.scenario import PHASE_KEYS, Counter, Scenario
from referee.stellar_inferno.ships import Ship
from referee.stellar_inferno.turn import owed, tally


def lines(s: Scenario) -> list[str]:
    out = [f"{s.name} (scenario {s.number}): {s.where()}"]
    if s.outcome:
        out.append(f"the game is over: {s.outcome}")
    tech = ", ".join(f"{a.nation} {a.value:+d}" for a in s.technology) or "none"
    out.append(f"optional rules: {', '.join(optional.title(r) for r in sorted(s.rules)) or 'none'}; technology advantage: {tech}")
    for role in ROLES:
        f = s.force(role)
        out.append(f"{f.name} ({role}): fleet velocity {f.velocity:+d}; deploy {f.deploy}; enter {f.enter}; control {f.control}")
    for world in s.worlds:
        p = world.planet
        piles = ", ".join(f"{s.side(r)} stockpile {world.stockpile(r)}" for r in ROLES if world.stockpile(r))
        extra = f"; {piles}" if piles else ""
        extra += f"; bombarded {world.bombarded} points" if world.bombarded else ""
        out.append(f"{p.name} ({world.hex}, {world.surface or ('atmosphere' if p.atmosphere else 'no atmosphere')}, gravity {p.gravity}): {s.defender.name} {p.defender.shown()}; {s.invader.name} {p.invader.shown()}{extra}; {s.control(world)}")
    marks = [f"{t.name} ({t.hex}, +{t.rating} star)" for t in s.stars] + ([f"asteroids in {', '.join(s.asteroids)}"] if s.asteroids else [])
    if marks:
        out.append("map: " + "; ".join(marks))
    for role in ROLES:
        out += _side(s, role)
    out += [f"owed: {line}" for line in owed(s)]
    out.append(f"victory: {s.victory.text}")
    out += [f"  {line}" for line in tally(s)]
    if not s.outcome:
        out.append(f"next: {_next(s)}")
    return out


def _side(s: Scenario, role: Role) -> list[str]:
    out = [f"{s.side(role)} ({role}):"]
    counters = [c for c in s.counters if c.role == role]
    waiting: list[str] = []
    for counter in counters:
        shown = _counter_line(s, counter)
        if shown:
            out.append(f"  {shown}")
        else:
            waiting.append(counter.shown() + (f" arrives {_when(counter.arrives)}" if counter.arrives is not None else ""))
    if waiting:
        out.append(f"  not entered yet ({len(waiting)}): {', '.join(waiting)}")
    if len(out) == 1:
        out.append("  no counters yet (referee si ship NAME --code CA --side " + role + " --step ...)")
    return out


def _when(turn: int | None) -> str:
    return "at the start" if turn == 0 else f"on turn {turn}"


def _counter_line(s: Scenario, counter: Counter) -> str:
    """A counter entered, as it stands ("" if not entered)."""
    if counter.kind == "ship":
        found = s.entered(counter.name)
        if found is None:
            return ""
        ship, carrier = found
        line = ship.shown().replace(f"{ship.name} ({ship.code})", counter.shown(), 1)
        line += f", aboard {carrier}" if carrier else ("" if ship.hex or ship.destroyed else ", not placed")
        line += f"; cargo {ship.cargo.shown()} ({ship.cargo.points()}/{ship.factors.cargo})" if not ship.cargo.empty else ""
        line += f"; lost {ship.lost_this_round} this turn" if ship.lost_this_round and not ship.destroyed else ""
    else:
        where = s.unit_where(counter.name)
        if where is None:
            return ""
        unit, planet, aboard = where
        line = unit.shown() + (f" on {planet}" if planet else f", aboard {aboard}" if aboard else ", off the map" if not unit.destroyed else "")
    if counter.nation:
        line += f" [{counter.nation}]"
    if counter.arrives is not None and counter.arrives > s.turn:
        line += f"; arrives on turn {counter.arrives}"
    return line


def _next(s: Scenario) -> str:
    waiting = owed(s)
    if waiting:
        return waiting[0]
    hints = {
        "fleet-movement": "move the fleet on the map; referee si velocity N to adjust it; then referee si next",
        "reinforcements": "place the arrivals on the map (referee si place); then referee si next",
        "maneuver": "move ships on the map (referee si place), load or unload cargo ships (si load, si unload); then referee si next",
        "ship-combat": "referee si attack SHIP=RANGE ... --at HEX (or si bombard); then referee si next",
        "landing": "referee si land, si lift, si deploy, si stockpile; then referee si next",
        "supply": "referee si supply PLANET for each planet with the side's units; then referee si next",
        "ground-combat": "referee si ground PLANET --attacker ... --defender ...; then referee si next",
        "recovery": "referee si recover SHIP for each ship that lost steps this turn; then referee si next",
        "victory": "referee si next",
    }
    hurt = [x.name for x in s.ships if x.lost_this_round and not x.destroyed and not x.crippled and s.counter(x.name).role == s.phasing]
    if s.phase == "recovery" and hurt:
        return f"referee si recover SHIP for {', '.join(hurt)} (steps lost this turn); then referee si next"
    return hints[s.phase]


def as_data(s: Scenario) -> dict[str, Any]:
    """The scenario for scripts: stable keys."""
    return {
        "name": s.name, "number": s.number, "turn": s.turn, "turns": s.turns, "phase": s.phase, "phase_number": PHASE_KEYS.index(s.phase) + 1,
        "phasing": s.phasing, "outcome": s.outcome, "rules": sorted(s.rules),
        "technology": [{"nation": a.nation, "value": a.value} for a in s.technology],
        "sides": {r: {"name": s.side(r), "velocity": s.force(r).velocity} for r in ROLES},
        "planets": [
            {"name": w.name, "hex": w.hex, "defender": {"industrial": w.planet.defender.industrial, "settled": w.planet.defender.settled},
             "invader": {"industrial": w.planet.invader.industrial, "settled": w.planet.invader.settled}, "bombarded": w.bombarded,
             "stockpiles": dict(zip(ROLES, w.stockpiles))}
            for w in s.worlds
        ],
        "counters": [_counter_data(s, c) for c in s.counters],
        "owed": owed(s),
        "tally": tally(s),
    }


def _counter_data(s: Scenario, counter: Counter) -> dict[str, Any]:
    data: dict[str, Any] = {"name": counter.name, "kind": counter.kind, "role": counter.role, "code": counter.code, "number": counter.number, "nation": counter.nation or s.side(counter.role), "arrives": counter.arrives}
    if counter.kind == "ship":
        found = s.entered(counter.name)
        data["entered"] = found is not None
        if found is not None:
            data.update(_ship_data(found[0]), aboard=found[1])
    else:
        where = s.unit_where(counter.name)
        data["entered"] = where is not None
        if where is not None:
            unit, planet, aboard = where
            data.update(steps=[f.shown() for f in unit.steps], lost=unit.lost, destroyed=unit.destroyed, drop=unit.drop, planet=planet, aboard=aboard)
    return data


def _ship_data(ship: Ship) -> dict[str, Any]:
    return {
        "steps": [f.shown() for f in ship.steps], "lost": ship.lost, "destroyed": ship.destroyed, "factors": ship.factors.shown(), "cost": ship.cost,
        "hex": ship.hex, "core_distance": ship.core_distance, "atmosphere": ship.atmosphere, "crippled": ship.crippled,
        "lost_this_round": ship.lost_this_round, "cargo": ship.cargo.shown(), "cargo_points": ship.cargo.points(), "cargo_owed": ship.cargo_owed,
    }
