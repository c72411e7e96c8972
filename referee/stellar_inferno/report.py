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
        out.append(
            f"{p.name} ({world.hex}, {world.surface or ('atmosphere' if p.atmosphere else 'no atmosphere')}, gravity {p.gravity}): {s.defender.name} {p.defender.shown()}; {s.invader.name} {p.invader.shown()}{extra}; {s.control(world)}"
        )
    marks = [f"{t.name} ({t.hex}, +{t.rating} star)" for t in s.stars] + ([f"asteroids in {', '.join(s.asteroids)}"] if s.asteroids else [])
    if marks:
        out.append("map: " + "; ".join(marks))
    for role in ROLES:
        out += _side(s, role)
    out += optional_lines(s)
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


def optional_lines(s: Scenario) -> list[str]:
    """The optional rules' state: psi agents, minefields, this turn's sightings and boardings, the
    ground deployments of this phase, and what ships did this turn."""
    out = []
    if s.agents:
        out.append("psi agents: " + "; ".join(f"{a.name} ({s.side(a.role)}, psi {a.rating}) aboard {a.ship}" for a in s.agents))
    if s.minefields:
        out.append("stealth mines: " + "; ".join(f"{m.side} {m.points} points in {m.hex}" for m in s.minefields))
    for sighting in (x for x in s.sightings if x.turn == s.turn):
        out.append(f"sensor sweep of {sighting.hex} by {', '.join(sighting.sweepers)}: revealed to the {sighting.role} {', '.join(sighting.revealed) or 'none'}")
    for boarding in s.boardings:
        out.append(
            f"boarding: {boarding.boarder} boards {boarding.target}" + (" (fought)" if boarding.fought else " (fought in the Ground Combat phase: referee si boarding " + boarding.boarder + ")")
        )
    for deployed in s.deployments:
        d = deployed.deployment
        out.append(f"deployment on {deployed.planet}: {d.waiting_for()}")
        for n, m in enumerate(d.matchups, 1):
            attacked = [role for role, k in deployed.attacked if k == n]
            out.append(f"  matchup {n}: {m.shown()}" + (f" (attacked by the {' and the '.join(attacked)})" if attacked else ""))
        out += [f"  {role} reserve: {', '.join(d.reserve(role))}" for role in ROLES if d.reserve(role)]
    done: dict[str, list[str]] = {}
    for act in s.acts:
        done.setdefault(act.ship, []).append(act.what)
    if done:
        out.append("this turn: " + "; ".join(f"{name} {', '.join(dict.fromkeys(what))}" for name, what in done.items()))
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
        line += f", aboard {carrier}" if carrier else ("" if ship.hex or ship.gone else ", not placed")
        line += f"; cargo {ship.cargo.shown()} ({ship.cargo.points()}/{ship.factors.cargo})" if not ship.cargo.empty else ""
        line += f"; lost {ship.lost_this_round} this turn" if ship.lost_this_round and not ship.gone else ""
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
        "maneuver": "move ships on the map (referee si place, or si maneuver with its hazards), load or unload cargo ships (si load, si unload); si sweep, si ram, si board with their optional rules; then referee si next",
        "ship-combat": "referee si attack SHIP=RANGE ... --at HEX (or si bombard); then referee si next",
        "landing": "referee si land, si lift, si deploy, si stockpile (si lay, si packs, si transfer with their optional rules); then referee si next",
        "supply": "referee si supply PLANET for each planet with the side's units; then referee si next",
        "ground-combat": "referee si deployment PLANET and si match, then si ground PLANET --matchup N (or --attacker ... --defender ...); si boarding SHIP; then referee si next",
        "recovery": "referee si recover SHIP for each ship that lost steps this turn; then referee si next",
        "victory": "referee si next",
    }
    hurt = [x.name for x in s.ships if x.lost_this_round and not x.gone and not x.crippled and s.counter(x.name).role == s.phasing]
    if s.phase == "recovery" and hurt:
        return f"referee si recover SHIP for {', '.join(hurt)} (steps lost this turn); then referee si next"
    return hints[s.phase]


def as_data(s: Scenario) -> dict[str, Any]:
    """The scenario for scripts: stable keys."""
    return {
        "name": s.name,
        "number": s.number,
        "turn": s.turn,
        "turns": s.turns,
        "phase": s.phase,
        "phase_number": PHASE_KEYS.index(s.phase) + 1,
        "phasing": s.phasing,
        "outcome": s.outcome,
        "rules": sorted(s.rules),
        "technology": [{"nation": a.nation, "value": a.value} for a in s.technology],
        "sides": {r: {"name": s.side(r), "velocity": s.force(r).velocity} for r in ROLES},
        "planets": [
            {
                "name": w.name,
                "hex": w.hex,
                "defender": {"industrial": w.planet.defender.industrial, "settled": w.planet.defender.settled},
                "invader": {"industrial": w.planet.invader.industrial, "settled": w.planet.invader.settled},
                "bombarded": w.bombarded,
                "stockpiles": dict(zip(ROLES, w.stockpiles)),
            }
            for w in s.worlds
        ],
        "counters": [_counter_data(s, c) for c in s.counters],
        "owed": owed(s),
        "tally": tally(s),
        "agents": [{"name": a.name, "role": a.role, "psi": a.rating, "ship": a.ship} for a in s.agents],
        "minefields": [{"side": m.side, "hex": m.hex, "points": m.points} for m in s.minefields],
        "sightings": [{"turn": x.turn, "role": x.role, "hex": x.hex, "revealed": list(x.revealed), "sweepers": list(x.sweepers)} for x in s.sightings],
        "boardings": [{"boarder": b.boarder, "target": b.target, "fought": b.fought} for b in s.boardings],
        "deployments": [
            {
                "planet": d.planet,
                "waiting_for": d.deployment.waiting_for(),
                "matchups": [{"invader": list(m.invader.units + m.invader.ships), "defender": list(m.defender.units + m.defender.ships)} for m in d.deployment.matchups],
                "attacked": [{"side": role, "matchup": n} for role, n in d.attacked],
            }
            for d in s.deployments
        ],
        "acts": [{"ship": a.ship, "what": a.what} for a in s.acts],
    }


def _counter_data(s: Scenario, counter: Counter) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": counter.name,
        "kind": counter.kind,
        "role": counter.role,
        "code": counter.code,
        "number": counter.number,
        "nation": counter.nation or s.side(counter.role),
        "arrives": counter.arrives,
    }
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
        "steps": [f.shown() for f in ship.steps],
        "lost": ship.lost,
        "destroyed": ship.destroyed,
        "left_map": ship.left_map,
        "factors": ship.factors.shown(),
        "cost": ship.cost,
        "hex": ship.hex,
        "core_distance": ship.core_distance,
        "atmosphere": ship.atmosphere,
        "crippled": ship.crippled,
        "lost_this_round": ship.lost_this_round,
        "cargo": ship.cargo.shown(),
        "cargo_points": ship.cargo.points(),
        "cargo_owed": ship.cargo_owed,
    }
