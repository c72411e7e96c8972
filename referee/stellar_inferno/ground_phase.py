"""A scenario's planets in play: ships entering and leaving a planet's atmosphere and putting their
troops down, supply stockpiled (Landing Actions, 8, 9.3.4), ground supply (9), and ground attacks
with the losses each side takes and the terrain it surrenders (Ground Combat, 11). The rules are
:mod:`planets`, :mod:`supply`, :mod:`ground_combat`; this module takes the units and ships from
the scenario, applies the results and writes the log.

Readings:

- "In orbit" (8.1.2) to enter the atmosphere or drop troops (8.3.3): in the planet's hex as the
  referee placed it, and not come into it this turn (placed there by fleet movement, arrival or
  maneuver since the turn began). A ship that left and came back in the same turn is, by the
  words, in orbit; the program counts it as come in. Supplying from orbit (9.3.3) and stockpiling
  need only the planet's hex (6.2.3: "Ships that occupy a hex containing a planet ... are
  considered in orbit").
- The matchups (10) are deployed on the scenario (:mod:`matchups`) and attacked by number, each
  once a phase by each phasing player; where no deployment is made they are laid out on the table
  and the referee names the units and surface ships of each side in the matchup attacked. A
  surface ship is one in the planet's atmosphere (10.2.1).
- Bombardment packs need no supply: they are ground units "for purposes of ground combat" (12.11.3).
- The step losses of a ground attack are taken by each side, the non-phasing player first (11.3.1,
  refused the other way round), with the terrain it surrenders; the terrain changes hands once both
  have (11.4.6). 11.4.2's "The phasing player is always the first to declare how much terrain will
  be surrendered" is the players' declaration at the table: the phasing player says his surrender
  before the non-phasing player's losses are entered, and it is entered with his own losses; the
  terrain moves only once both are in, so the order of entry changes nothing.
- Scenario 3: "No Bhalaeth 6-2-2 ground unit can surrender terrain unless the Bhalaeth 1-5-5 ground
  unit is deployed on the surface": a side whose matchup holds a unit of full strength 6-2-2 may
  surrender terrain only while a unit of full strength 1-5-5 of its side is on the planet.
- Ground supply is taken once a phase for each side and planet (9.2.4: terrain supply is a turn's).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from referee.errors import RefereeError
from referee.stellar_inferno import boarding_phase, planets
from referee.stellar_inferno import ground_combat as gc
from referee.stellar_inferno import ground_units as gu
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno import supply as sp
from referee.stellar_inferno.planets import Role, other
from referee.stellar_inferno.scenario import Absorbed, Done, GroundLosses, Scenario, Troop, World, done
from referee.stellar_inferno.ship_phase import own_ship, tech_advantage
from referee.stellar_inferno.turn import refuse_owed
from referee.tables import Tables

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

SURRENDER_SPECIAL_RULE = "Stellar Inferno 14.3, the invader's special rule"
DEPLOYED_RULE = "Stellar Inferno 10.1-10.2, 11.1.1"


def _orbiting(ship: sh.Ship, world: World) -> bool:
    return bool(ship.hex) and ship.hex == world.hex


def _in_orbit(s: Scenario, ship: sh.Ship, world: World) -> bool:
    """In the planet's hex at the beginning of the turn and now (8.1.2)."""
    return _orbiting(ship, world) and not s.moved(ship.name)


# -- Landing Actions ----------------------------------------------------------------------------------


def land(s: Scenario, name: str, planet: str) -> Done:
    """A ship in orbit enters a planet's atmosphere (8.1.1-8.1.3)."""
    s.in_phase("landing", "entering an atmosphere")
    ship, world = own_ship(s, name, "landing"), s.world(planet)
    after = planets.enter_atmosphere(ship, world.planet, _in_orbit(s, ship, world))
    s = s.replaced(after).acting("land", ship.name)
    return done(
        s,
        s.entry(
            f"{ship.name} enters {world.name}'s atmosphere, under the planet marker: its defense +{after.factors.planetary_gear} planetary gear, attacks into or from it at double range (8.2)",
            rule=planets.ORBIT_RULE,
        ),
    )


def lift(s: Scenario, name: str) -> Done:
    """A ship leaves the atmosphere, onto the planet marker (8.1.3)."""
    s.in_phase("landing", "leaving an atmosphere")
    ship = own_ship(s, name, "leaving the atmosphere")
    s = s.replaced(planets.leave_atmosphere(ship)).acting("lift", ship.name)
    return done(s, s.entry(f"{ship.name} leaves the atmosphere, on top of the planet marker in {ship.hex}", rule=planets.ORBIT_RULE))


def deploy(s: Scenario, ship_name: str, units: Sequence[str], planet: str) -> Done:
    """Ground units put on the surface: landed from a ship in the atmosphere, or dropped from orbit (8.3)."""
    s.in_phase("landing", "deploying troops")
    ship, world = own_ship(s, ship_name, "deploying troops"), s.world(planet)
    if ship.atmosphere and not _orbiting(ship, world):
        raise RefereeError(f"{ship.name} is in the atmosphere of the planet in {ship.hex}, not {world.name}'s ({world.hex})")
    names = [s.counter(n, "unit").name for n in units]
    down = planets.deploy_troops(ship, names, _in_orbit(s, ship, world))
    s = s.replaced(down.ship).with_troops(*(Troop(u, world.name, s.turn) for u in down.units)).acting("deploy", ship.name)
    return done(s, s.entry(f"{', '.join(names)} {down.how.replace(' from ', f' on {world.name} from ', 1)}", rule=planets.DEPLOY_RULE))


def stockpile(s: Scenario, ship_name: str, planet: str, points: int) -> Done:
    """A landed ship offloads supply to its side's stockpile on the planet (9.3.4)."""
    s.in_phase("landing", "stockpiling supply")
    ship, world = own_ship(s, ship_name, "stockpiling"), s.world(planet)
    if not _orbiting(ship, world):
        raise RefereeError(f"{ship.name} is in {ship.hex or 'no hex'}, not at {world.name} ({world.hex})")
    after, stocked = sp.stockpile(ship, world.planet, s.phasing, points)
    world = world.stocked(s.phasing, world.stockpile(s.phasing) + stocked)
    s = s.replaced(after).with_world(world).acting("stockpile", ship.name)
    return done(s, s.entry(f"{ship.name} stockpiles {stocked} supply on {world.name}: the {s.phasing}'s stockpile there is {world.stockpile(s.phasing)}", rule=sp.STOCKPILE_RULE))


# -- Ground Supply ---------------------------------------------------------------------------------------


def supply(s: Scenario, planet: str, order: Sequence[str] = ()) -> Done:
    """A point of supply for each of the phasing side's units on the planet (9.1.3): its first turn
    down for a drop unit, the terrain's supply, the stockpile, the cargo of its ships in orbit or in
    the atmosphere; a unit without loses a step (9.1.4). ``order``: the owner's order of the units."""
    s.in_phase("supply", "ground supply")
    refuse_owed(s, "ground supply")
    world = s.world(planet)
    if world.name in s.supplied:
        raise RefereeError(f"the {s.phasing}'s units on {world.name} were supplied this phase already (9.1.3)")
    mine = [t for t in s.troops if t.planet == world.name and not t.unit.destroyed and not t.unit.pack and s.counter(t.unit.name).role == s.phasing]
    if not mine:
        raise RefereeError(f"the {s.phasing} ({s.side(s.phasing)}) has no ground unit on {world.name}")
    by_name = {t.unit.name: t for t in mine}
    named = [s.counter(n, "unit").name for n in order]
    wrong = [n for n in named if n not in by_name]
    if wrong:
        raise RefereeError(f"{', '.join(wrong)}: not the {s.phasing}'s units on {world.name} ({', '.join(by_name)})")
    ordered = [by_name[n] for n in dict.fromkeys([*named, *by_name])]
    terrain, how = planets.terrain_supply(world.planet, s.phasing)
    carriers = [x for x in s.ships if _orbiting(x, world) and not x.gone and s.counter(x.name).role == s.phasing]
    drops = [t.unit.name for t in ordered if t.unit.drop and t.down == s.turn]
    result = sp.supply([t.unit for t in ordered], terrain, world.stockpile(s.phasing), carriers, drops)
    hungry = sp.out_of_supply([t.unit for t in ordered], result.out_of_supply)
    troops = [by_name[u.name]._replace(unit=u) for u in hungry]
    s = s.replaced(*result.ships).with_troops(*troops).with_world(world.stocked(s.phasing, result.stockpile))
    s = s._replace(supplied=(*s.supplied, world.name))
    lines = [f"ground supply on {world.name}, the {s.phasing}: terrain {how}; stockpile {world.stockpile(s.phasing)}; ships' supply {sum(x.cargo.supply for x in carriers)}", *result.lines()]
    lines += [f"{t.unit.name} is eliminated" for t in troops if t.unit.destroyed]
    return done(s, s.entry("\n  ".join(lines), rule=sp.SUPPLY_RULE))


# -- Ground Combat --------------------------------------------------------------------------------------


def _fighter(s: Scenario, name: str, role: Role, world: World) -> gc.Fighter:
    """A ground unit of ``role`` on the planet, or a surface ship of ``role`` in its atmosphere."""
    counter = s.counter(name)
    if counter.role != role:
        raise RefereeError(f"{counter.name} is the {counter.role}'s ({s.side(counter.role)}), not the {role}'s")
    if counter.kind == "ship":
        ship = s.ship(counter.name)
        if not (ship.atmosphere and _orbiting(ship, world)):
            raise RefereeError(f"{ship.name} is not a surface ship of {world.name}: only ships in its atmosphere join a matchup (10.2.1)")
        return gc.ship_fighter(ship)
    troop = s.troop(counter.name)
    if troop.planet != world.name:
        raise RefereeError(f"{troop.unit.name} is not on {world.name}'s surface" + (f" (it is on {troop.planet})" if troop.planet else ""))
    return gc.unit_fighter(troop.unit)


def ground_attack(
    s: Scenario,
    si: Tables,
    planet: str,
    attackers: Sequence[str],
    defenders: Sequence[str],
    rng: random.Random,
    rolled: int | str | None = None,
    matchup: int | None = None,
) -> Done:
    """The phasing side attacks in a matchup (11.1-11.2): its units' and surface ships' attack over
    the defenders' defense on Table 5; the losses each side must then take. With a deployment made
    on the planet (:mod:`matchups`), the attack is by ``matchup`` number, once a phase each."""
    s.in_phase("ground-combat", "a ground attack")
    refuse_owed(s, "a new ground attack")
    world = s.world(planet)
    deployed = s.deployed(world.name)
    said = ""
    if matchup is not None:
        if attackers or defenders:
            raise RefereeError("give the matchup's number, or the units and ships in it by name; not both")
        attackers, defenders = _matchup(s, world, matchup)
        said = f" in matchup {matchup}"
    elif deployed is not None:
        raise RefereeError(
            f"the units on {world.name} are deployed in matchups this phase: attack by matchup, 1 to {len(deployed.deployment.matchups)} (referee si ground {world.name} --matchup N; {DEPLOYED_RULE})"
        )
    mine = [_fighter(s, n, s.phasing, world) for n in attackers]
    theirs = [_fighter(s, n, other(s.phasing), world) for n in defenders]
    technology, how = tech_advantage(s, [f.name for f in mine], [f.name for f in theirs])
    result = gc.attack(si, mine, theirs, rng, rolled, technology, s.rules)
    if deployed is not None and matchup is not None:
        s = s.with_deployed(deployed._replace(attacked=(*deployed.attacked, (s.phasing, matchup))))
    lines = [f"{s.side(s.phasing)} attack on {world.name}{said}: {', '.join(f.name for f in mine)} against {', '.join(f.name for f in theirs)}", *result.lines(), *([how] if how else [])]
    owed = GroundLosses(
        world.name,
        s.phasing,
        tuple(f.name for f in mine),
        tuple(f.name for f in theirs),
        result.attacker_losses,
        result.defender_losses,
        Absorbed() if not result.attacker_losses else None,
        Absorbed() if not result.defender_losses else None,
    )
    if result.attacker_losses or result.defender_losses:
        lines.append(f"each side takes its losses, the {other(s.phasing)} first: referee si absorb defender|invader --steps NAME=N [--surrender N] ({gc.LOSSES_RULE}, {gc.SURRENDER_RULE})")
        s = s._replace(ground_losses=owed)
    return done(s, s.entry("\n  ".join(lines), [result.reading.roll], result.reading.rule))


def _matchup(s: Scenario, world: World, number: int) -> tuple[list[str], list[str]]:
    """The phasing side's units and ships standing in a matchup of the planet's deployment, and the
    other side's: refused before the deployment is complete, a second time in a phase, and once one
    side of the matchup is eliminated (11.2.4)."""
    deployed = s.deployed(world.name)
    if deployed is None:
        raise RefereeError(f"no deployment on {world.name} this phase: the units are deployed first (referee si deployment {world.name}; {DEPLOYED_RULE})")
    d = deployed.deployment
    if d.stage != "done":
        raise RefereeError(f"the deployment on {world.name} is not complete: {d.waiting_for()}")
    if not 1 <= number <= len(d.matchups):
        raise RefereeError(f"{world.name} has matchups 1 to {len(d.matchups)}, not {number}" if d.matchups else f"{world.name} has no matchup: no units faced each other")
    if (s.phasing, number) in deployed.attacked:
        raise RefereeError(f"the {s.phasing} has attacked in matchup {number} on {world.name} this phase already: the phasing player may attack in each matchup once (Stellar Inferno 11.1.1)")
    m = d.matchups[number - 1]
    sides = {role: [n for n in (*m.side(role).units, *m.side(role).ships) if not _gone(s, n)] for role in (s.phasing, other(s.phasing))}
    over = [role for role, names in sides.items() if not names]
    if over:
        raise RefereeError(f"matchup {number} on {world.name} is over: every unit of the {over[0]} in it is eliminated, and the survivors are in the reserve (Stellar Inferno 11.2.4)")
    return sides[s.phasing], sides[other(s.phasing)]


def absorb(s: Scenario, role: Role, steps: Mapping[str, int], surrender: int = 0) -> Done:
    """One side takes the losses of the last ground attack: steps by unit or ship, terrain
    surrendered instead (11.3-11.4); once both have, the terrain changes hands (11.4.6). A
    boarding's losses are taken as :func:`boarding_phase.absorb` says."""
    owed = s.ground_losses
    if owed is None:
        raise RefereeError("no ground losses are owed: a ground attack's losses are taken after it (referee si ground)")
    if owed.boarding:
        return boarding_phase.absorb(s, role, steps, surrender)
    if owed.taken(role) is not None:
        raise RefereeError(f"the {role} has taken its losses from this attack already")
    if role == owed.phasing and owed.taken(other(role)) is None:
        raise RefereeError(
            f"the {other(role)} (non-phasing) decides first which of its defending units absorb the step losses, before the {role} ({gc.LOSSES_RULE}: 11.3.1): referee si absorb {other(role)} ..."
        )
    world = s.world(owed.planet)
    given = {s.counter(n).name: k for n, k in steps.items()}
    fighters = [f for f in (_standing(s, n, world) for n in owed.names(role)) if f is not None]
    if surrender:
        _may_surrender(s, role, owed.names(role), world)
    taken = gc.absorb(owed.losses(role), fighters, given, world.planet.held(role), surrender)
    s = _take_ground_steps(s, dict(taken.steps))
    done_ = Absorbed(taken.steps, taken.surrendered)
    owed = owed._replace(attacker_done=done_) if role == owed.phasing else owed._replace(defender_done=done_)
    lines = [f"the {role} ({s.side(role)}) takes {owed.losses(role)} loss{'es' if owed.losses(role) != 1 else ''} on {world.name}:", *taken.lines()]
    lines += [f"{n} is eliminated" if s.counter(n).kind == "unit" else f"{n} is destroyed" for n, k in taken.steps if k and _gone(s, n)]
    if owed.attacker_done is not None and owed.defender_done is not None:
        phasing_out, other_out = owed.attacker_done.surrendered, owed.defender_done.surrendered
        if phasing_out.total or other_out.total:
            after = gc.exchange(world.planet, owed.phasing, phasing_out, other_out)
            world = world._replace(planet=after)
            s = s.with_world(world)
            lines.append(f"terrain changes hands ({gc.SURRENDER_RULE}): {world.planet.shown()}; {s.control(world)}")
        s = s._replace(ground_losses=None)
    else:
        s = s._replace(ground_losses=owed)
    return done(s, s.entry("\n  ".join(lines), rule=f"{gc.LOSSES_RULE}; {gc.SURRENDER_RULE}"))


def _standing(s: Scenario, name: str, world: World) -> gc.Fighter | None:
    """A fighter of the matchup as it stands now (None once eliminated)."""
    if s.counter(name).kind == "ship":
        ship = s.ship(name)
        return None if ship.gone else gc.ship_fighter(ship)
    unit = s.troop(name).unit
    return None if unit.destroyed else gc.unit_fighter(unit)


def _gone(s: Scenario, name: str) -> bool:
    if s.counter(name).kind == "ship":
        return s.ship(name).destroyed
    return s.troop(name).unit.destroyed


def _take_ground_steps(s: Scenario, steps: Mapping[str, int]) -> Scenario:
    for name, count in steps.items():
        if not count:
            continue
        if s.counter(name).kind == "ship":
            s = s.replaced(sh.take_steps(s.ship(name), count))
        else:
            troop = s.troop(name)
            s = s.with_troops(troop._replace(unit=gu.take_steps(troop.unit, count)))
    return s


def _may_surrender(s: Scenario, role: Role, names: Sequence[str], world: World) -> None:
    """Scenario 3's rule: a 6-2-2 Bhalaeth unit surrenders terrain only with the 1-5-5 on the surface."""
    if s.number != 3 or role != "invader":
        return
    full = {n: s.troop(n).unit.steps[0].shown() for n in names if s.counter(n).kind == "unit"}
    if "6-2-2" not in full.values():
        return
    escort = [t.unit.name for t in s.troops if t.planet == world.name and not t.unit.destroyed and t.unit.side == s.side(role) and t.unit.steps[0].shown() == "1-5-5"]
    if not escort:
        raise RefereeError(f"no Bhalaeth 6-2-2 ground unit can surrender terrain unless the Bhalaeth 1-5-5 ground unit is deployed on the surface ({SURRENDER_SPECIAL_RULE}): none is on {world.name}")
