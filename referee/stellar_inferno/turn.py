"""The turn of a scenario ([4]): nine phases, each completed by the Invader and then by the
Defender; at the end of the ninth the turn marker advances. ``next`` refuses while step losses or
cargo an attack gave are still to be taken (7.1.4: an attack is completed before the next step).

What each phase brings is said as it begins: the fleet's movement and velocity (6.2), the
reinforcements due (6.3; the counters the referee said arrive, and the scenario's Turn Units rows),
the victory tally (the scenario's condition, counted). A round ends with the turn: steps lost
during it can no longer be recovered (7.5.1).

Readings:

- The victory condition is checked in each Check Victory Conditions phase: scenario 2's is met as
  soon as the Khaldarii have performed 200 points of surface bombardment; scenarios 1 and 3 are
  judged when the final turn has been completed. A condition not met is the other side's victory;
  scenario 1's "controls the most economic points" counts each side's Industrial and Settled
  points on the planet (economic control, 9.2.2, is all of them), and equal points are a draw.
"""

from __future__ import annotations

from referee.errors import RefereeError
from referee.stellar_inferno import movement
from referee.stellar_inferno.planets import Role, other
from referee.stellar_inferno.scenario import PHASE_KEYS, SEQUENCE_RULE, Done, Entry, Scenario, done

FLEET_RULE = "Stellar Inferno 6.2.1-6.2.4"
ARRIVAL_RULE = "Stellar Inferno 6.3.1-6.3.2"
ROUND_RULE = "Stellar Inferno 7.5.1"
PACKS_RULE = "Stellar Inferno 12.11.5"
VICTORY_RULE = "Stellar Inferno [14], the scenario's Victory"


def owed(s: Scenario) -> list[str]:
    """What must be done before the game moves on."""
    found = []
    if s.ship_losses is not None:
        o = s.ship_losses
        found.append(f"{o.steps} step loss{'es' if o.steps != 1 else ''} to the ships in {o.hex}, assigned by the {o.role} ({', '.join(o.ships)}): referee si assign SHIP ...")
    if s.terrain_losses is not None:
        t = s.terrain_losses
        found.append(f"{t.steps} step loss{'es' if t.steps != 1 else ''} to {t.planet}'s economic terrain, taken by the {t.role}: referee si assign --industrial N")
    if s.ground_losses is not None:
        g = s.ground_losses
        for role in (other(g.phasing), g.phasing):
            if g.taken(role) is None:
                found.append(f"the {role}'s {g.losses(role)} ground loss{'es' if g.losses(role) != 1 else ''} {g.where()} ({', '.join(g.names(role))}): referee si absorb {role} ...")
    for ship, _ in s.all_ships():
        if ship.cargo_owed:
            found.append(f"{ship.name} must eliminate {ship.cargo_owed} cargo point{'s' if ship.cargo_owed != 1 else ''} (7.4.2; aboard: {ship.cargo.shown()}): referee si cargo {ship.name} ...")
    return found


def refuse_owed(s: Scenario, what: str) -> None:
    waiting = owed(s)
    if waiting:
        raise RefereeError(f"{what} waits: first {'; '.join(waiting)} (Stellar Inferno 7.1.4)")


def next_phase(s: Scenario) -> Done:
    """The Defender's part of the phase after the Invader's; then the next phase, or the next turn
    after Check Victory Conditions; after the final turn the verdict."""
    if s.outcome:
        raise RefereeError(f"the game is over: {s.outcome}")
    refuse_owed(s, "the next phase")
    entries: list[Entry] = []
    if s.phase == "supply":
        s, entries = _supply_the_rest(s)
    if s.phasing == "invader":
        s = s._replace(phasing="defender", combat=None, supplied=())
    elif s.phase != "victory":
        s = s._replace(phase=PHASE_KEYS[PHASE_KEYS.index(s.phase) + 1], phasing="invader", combat=None, supplied=(), deployments=())
    elif s.turn == s.turns:
        verdict = judge(s, final=True)
        s = s._replace(outcome=verdict)
        return done(s, s.entry(f"the final turn is completed: {verdict}", rule=VICTORY_RULE))
    else:
        ships = tuple(x._replace(lost_this_round=0) if x.lost_this_round else x for x in s.ships)
        packs = [t for t in s.troops if t.unit.pack and not t.unit.destroyed]
        if packs:
            s = s.with_troops(*(t._replace(unit=t.unit._replace(lost=len(t.unit.steps))) for t in packs))
            entries.append(s.entry(f"the turn is completed: the bombardment packs deployed are expended and removed from the game: {', '.join(t.unit.name for t in packs)}", rule=PACKS_RULE))
        s = s._replace(turn=s.turn + 1, phase=PHASE_KEYS[0], phasing="invader", ships=ships, combat=None, supplied=(), acts=(), boardings=())
        s = s.with_force(s.invader._replace(adjusted=False)).with_force(s.defender._replace(adjusted=False))
        entries.append(s.entry(f"turn {s.turn} of {s.turns} begins: the turn marker advances; steps lost last turn can no longer be recovered ({ROUND_RULE})", rule=SEQUENCE_RULE))
    entries.append(s.entry(f"{s.phase_title}: the {s.phasing}, {s.side(s.phasing)}{_begins(s)}", rule=_rule(s)))
    if s.phase == "victory" and s.phasing == "invader":
        verdict = judge(s, final=False)
        if verdict:
            s = s._replace(outcome=verdict)
            entries.append(s.entry(f"the game is over: {verdict}", rule=VICTORY_RULE))
    return done(s, *entries)


def _supply_the_rest(s: Scenario) -> tuple[Scenario, list[Entry]]:
    """The phasing side's ground supply on each planet the referee did not trace, traced as its part
    of the Ground Supply phase ends: "Each ground unit requires a point of supply at the beginning
    of combat, or it is considered to be out of supply" (9.1.3), and loses a step (9.1.4)."""
    from referee.stellar_inferno import ground_phase  # (ground_phase takes the turn's refusals from here)

    entries: list[Entry] = []
    for world in s.worlds:
        mine = [t for t in s.troops if t.planet == world.name and not t.unit.destroyed and not t.unit.pack and s.counter(t.unit.name).role == s.phasing]
        if mine and world.name not in s.supplied:
            traced = ground_phase.supply(s, world.name)
            s = traced.state._replace(log=s.log)  # (its lines are logged with the phase's, below)
            entries += [e._replace(text=f"not traced by the referee, traced as the {s.phasing}'s Ground Supply ends (9.1.3): {e.text}") for e in traced.entries]
    return s, entries


def _rule(s: Scenario) -> str:
    return {"fleet-movement": FLEET_RULE, "reinforcements": ARRIVAL_RULE, "victory": VICTORY_RULE}.get(s.phase, SEQUENCE_RULE)


def _begins(s: Scenario) -> str:
    """What the phase brings, said as it begins."""
    force = s.force(s.phasing)
    if s.phase == "fleet-movement":
        return (
            f": every ship not in orbit moves {force.velocity:+d} hexes parallel to the central axis, positive toward the defender "
            f"(ships in a planet's or star's hex are in orbit and need not); then the velocity may be adjusted by one (referee si velocity N)"
        )
    if s.phase == "reinforcements":
        return _arrivals(s, s.phasing)
    if s.phase == "victory" and s.phasing == "invader":
        return ": " + "; ".join(tally(s))
    return ""


def _arrivals(s: Scenario, role: Role) -> str:
    rows, counters = s.arriving(role, s.turn)
    if not rows and not counters:
        return ": no reinforcements are due this turn"
    parts = [f"Turn Units {row.when()}: {row.text}" for row in rows]
    if counters:
        parts.append("arriving: " + ", ".join(c.shown() for c in counters))
    return f": {'; '.join(parts)}; placed in a hex adjacent to the {s.force(role).enter} (6.3.1); arrival cannot be delayed (6.3.2)"


def velocity(s: Scenario, new: int) -> Done:
    """The phasing fleet's velocity adjusted by one at most once its fleet movement is done (6.2.4)."""
    s.in_phase("fleet-movement", "adjusting the fleet velocity")
    force = s.force(s.phasing)
    if force.adjusted:
        raise RefereeError(f"the {s.phasing}'s fleet velocity was adjusted this turn already ({FLEET_RULE}); referee undo takes it back")
    movement.change_velocity(force.velocity, new)
    s = s.with_force(force._replace(velocity=new, adjusted=True))
    return done(s, s.entry(f"the {force.name} fleet velocity is now {new:+d} (was {force.velocity:+d})", rule=movement.VELOCITY_RULE))


# -- victory -------------------------------------------------------------------------------------------


def tally(s: Scenario) -> list[str]:
    """What the victory condition counts, as it stands."""
    v = s.victory
    worlds = [s.world(name) for name in v.planets]
    if v.counts == "economic-points":
        return [f"{w.name}: {s.defender.name} {w.planet.defender.total} economic points, {s.invader.name} {w.planet.invader.total}; {s.control(w)}" for w in worlds]
    if v.counts == "bombardment":
        done_ = sum(w.bombarded for w in worlds)
        each = ", ".join(f"{w.name} {w.bombarded}" for w in worlds)
        return [f"{s.invader.name} surface bombardment: {done_} of {v.points} points ({each})"]
    lines = []
    for w in worlds:
        held, total = w.planet.invader.industrial, w.planet.invader.industrial + w.planet.defender.industrial
        lines.append(f"{w.name}: {s.invader.name} hold {held} of the {total} industrial points remaining ({'a majority' if held * 2 > total else 'no majority'})")
    return lines


def judge(s: Scenario, final: bool) -> str:
    """The verdict if the game is decided ("" if not yet): at the end (``final``), or scenario 2's
    200 points as soon as they are reached."""
    v = s.victory
    worlds = [s.world(name) for name in v.planets]
    invader, defender = s.invader.name, s.defender.name
    if v.counts == "bombardment":
        points = sum(w.bombarded for w in worlds)
        if points >= v.points:
            return f"{invader} (invader) win: {points} points of surface bombardment performed, {v.points} needed"
        return f"{defender} (defender) win: {invader} performed {points} points of surface bombardment of the {v.points} needed" if final else ""
    if not final:
        return ""
    if v.counts == "economic-points":
        held = {r: sum(w.planet.held(r).total for w in worlds) for r in ("invader", "defender")}
        if held["invader"] == held["defender"]:
            return f"a draw: each side controls {held['invader']} economic points"
        winner: Role = "invader" if held["invader"] > held["defender"] else "defender"
        return f"{s.side(winner)} ({winner}) win, controlling {held[winner]} economic points against {held[other(winner)]}"
    held_i = sum(w.planet.invader.industrial for w in worlds)
    total = held_i + sum(w.planet.defender.industrial for w in worlds)
    if held_i * 2 > total:
        return f"{invader} (invader) win, controlling {held_i} of the {total} industrial points remaining"
    return f"{defender} (defender) win: {invader} control {held_i} of the {total} industrial points remaining, no majority"
