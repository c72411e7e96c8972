"""A scenario's ships in play: carried ships launched and taken aboard (6.5), attacks in the Ship
Combat phase (7.1-7.3; strategic bombardment, 12.10, and scenario 2's comets), the step losses
assigned ship by ship (7.3.9-7.3.11) and the cargo they cost (7.4.2-7.4.3), and damage recovery
(7.5). The rules are :mod:`space_combat`, :mod:`recovery`, :mod:`bombardment`; this module takes
the ships from the scenario, applies the results to it and writes the log.

Readings:

- The target of an attack is every non-phasing ship the referee has placed in the target hex (not
  those carried as cargo, 7.4.1); a ship whose factors are not entered is not counted: enter it
  before it fights. Its distance from the core is the hex's.
- The defender assigns the step losses after the roll (7.3.9); when there is no choice (one ship,
  or losses enough to destroy them all) they are taken at once, and so are they when the order was
  given with the attack (``losses_to``).
- A ship destroyed loses its cargo with it: the units aboard are eliminated and the ships aboard
  destroyed (7.4.2 read: "a carrier destroyed loses all its cargo").
- Scenario 2's "points of surface bombardment" are step losses inflicted on economic terrain: a
  strategic bombardment's result (12.10.3-12.10.4) counts what the table gives, a comet 50.
- The asteroid hexes the scenario lists double the range into them (12.1.4) when Asteroids is played.
- Stealth mines (12.3): a hex holding enemy mines and enemy ships is attacked as a stack of ships,
  the mines escorted; the losses left once every ship there is destroyed eliminate mine points, one
  a step (12.3.8). A hex holding enemy mines alone is attacked at defense 1 (12.3.9), each step loss
  eliminating a mine point (read as 12.3.8's rate), the technology the attackers' against the
  mines' side.
- What a ship did this turn is kept (its attack, bombardment, cargo handled): a ship loading or
  unloading, or loaded or unloaded, may not have manoeuvred this turn (6.5.2-6.5.3).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.errors import RefereeError
from referee.stellar_inferno import bombardment as bb
from referee.stellar_inferno import planets, recovery
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno import space_combat as sc
from referee.stellar_inferno.planets import Role, Terrain, other
from referee.stellar_inferno.scenario import SEQUENCE_RULE, Done, Scenario, ShipLosses, TerrainLosses, Troop, World, done
from referee.stellar_inferno.turn import refuse_owed
from referee.tables import Tables

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

COMET_RULE = "Stellar Inferno 14.2, the invader's special rule"
MINES_RULE = "Stellar Inferno 12.3.7-12.3.9"
COMET_POINTS = 50
LOAD_RULE = "Stellar Inferno 6.5.1-6.5.3"


def own_ship(s: Scenario, name: str, what: str) -> sh.Ship:
    """A ship of the phasing side on the map, not destroyed, arrived."""
    ship = s.ship(name)
    counter = s.counter(ship.name)
    sh.in_game(ship)
    if counter.role != s.phasing:
        raise RefereeError(f"{ship.name} is the {counter.role}'s ({s.side(counter.role)}); it is the {s.phasing}'s part of the phase: {what} is the phasing player's (Stellar Inferno [4])")
    if counter.arrives is not None and counter.arrives > s.turn:
        raise RefereeError(f"{ship.name} arrives on turn {counter.arrives}; it is turn {s.turn}: it is not on the map and cannot act (Stellar Inferno [4], 6.3.1)")
    if counter.arrives and not ship.hex:
        raise RefereeError(
            f"{ship.name} is not on the map yet: a reinforcement is placed in its side's Reinforcements Arrive phase (referee si place {ship.name} --at HEX) before it acts (Stellar Inferno [4], 6.3.1)"
        )
    return ship


# -- cargo ships: launched and taken aboard -------------------------------------------------------


def unload_ship(s: Scenario, carrier_name: str, names: Sequence[str]) -> Done:
    """Ships carried as cargo unloaded into the carrier's hex, in the Individual Ship Maneuver
    phase; neither may maneuver this turn (6.5.1-6.5.3)."""
    s.in_phase("maneuver", "unloading cargo")
    carrier = own_ship(s, carrier_name, "unloading cargo")
    wanted = [s.counter(n, "ship").name for n in names]
    _not_manoeuvred(s, [carrier.name, *wanted], "unloading cargo")
    off = sh.unload(carrier, ships=wanted)
    world = next((w for w in s.worlds if w.hex == carrier.hex), None) if carrier.atmosphere else None
    grounded = [x.name for x in off.cargo.ships if world is not None and not planets.can_operate(x, world.planet)]
    if world is not None and grounded:
        raise RefereeError(
            f"{carrier.name} is in {world.name}'s atmosphere (gravity {world.planet.gravity}): {', '.join(grounded)} lack the planetary gear to operate there ({planets.GEAR_RULE}); leave the atmosphere first"
        )
    launched = tuple(x._replace(hex=carrier.hex, core_distance=carrier.core_distance, atmosphere=carrier.atmosphere) for x in off.cargo.ships)
    s = s.replaced(off.ship)
    s = s._replace(ships=s.ships + launched).acting("unload", carrier.name).acting("carried", *wanted)
    if s.moved(carrier.name):  # aboard, they came into the hex with it this turn: not in orbit yet (8.1.2)
        s = s.acting("moved", *wanted)
    where = f" into {carrier.hex}" if carrier.hex else ""
    return done(s, s.entry(f"{', '.join(wanted)} unloaded from {carrier.name}{where}; neither may maneuver this turn ({LOAD_RULE})", rule=LOAD_RULE))


def load_ship(s: Scenario, carrier_name: str, names: Sequence[str]) -> Done:
    """Ships of its side in its hex taken aboard as cargo (5.2.3, 6.5.1)."""
    s.in_phase("maneuver", "loading cargo")
    carrier = own_ship(s, carrier_name, "loading cargo")
    carried = [own_ship(s, n, "loading cargo") for n in names]
    _not_manoeuvred(s, [carrier.name, *(x.name for x in carried)], "loading cargo")
    away = [x.name for x in carried if x.hex != carrier.hex or not x.hex]
    if away:
        raise RefereeError(f"{', '.join(away)} not in {carrier.name}'s hex ({carrier.hex or 'not placed'}): referee si place")
    loaded = sh.load(carrier, ships=[x._replace(hex="", core_distance=0, atmosphere=False) for x in carried])
    s = s._replace(ships=tuple(loaded if x.name == carrier.name else x for x in s.ships if x.name not in {c.name for c in carried}))
    s = s.acting("load", carrier.name).acting("carried", *(x.name for x in carried))
    return done(
        s,
        s.entry(
            f"{', '.join(x.name for x in carried)} loaded aboard {carrier.name} ({loaded.cargo.points()} of {loaded.factors.cargo} cargo points); neither may maneuver this turn ({LOAD_RULE})",
            rule=sh.CARGO_RULE,
        ),
    )


def _not_manoeuvred(s: Scenario, names: Sequence[str], what: str) -> None:
    """Ships handling cargo or handled as cargo do not manoeuvre in the turn (6.5.2-6.5.3)."""
    moved = [n for n in names if "maneuver" in s.did(n)]
    if moved:
        raise RefereeError(
            f"{', '.join(moved)} performed a maneuver this turn: ships loading or unloading cargo, or loaded or unloaded as cargo, are unable to maneuver during the turn ({LOAD_RULE}); {what} is refused"
        )


# -- ship combat ----------------------------------------------------------------------------------


def attack(
    s: Scenario,
    si: Tables,
    attackers: Sequence[tuple[str, int]],
    target_hex: str,
    rng: random.Random,
    rolled: int | str | None = None,
    overload: Sequence[str] = (),
    asteroids: bool = False,
    rings: bool = False,
    losses_to: Sequence[str] = (),
) -> Done:
    """One attack on a hex (7.1-7.3): ``attackers`` each with the range the referee counted."""
    from referee.stellar_inferno.scenario import hex_name

    s.in_phase("ship-combat", "a ship attack")
    refuse_owed(s, "a new attack")
    hex_ = hex_name(target_hex, "the target hex")
    named = [s.counter(n, "ship").name for n in (*(a for a, _ in attackers), *overload)]
    if len(set(named[: len(attackers)])) != len(attackers):
        raise RefereeError("an attacking ship is named twice")
    unknown = [n for n in named[len(attackers) :] if n not in named[: len(attackers)]]
    if unknown:
        raise RefereeError(f"--overload {', '.join(unknown)}: not among the attacking ships")
    ships = [own_ship(s, n, "attacking") for n, _ in attackers]
    target = [x for x in s.ships if x.hex == hex_ and not x.gone and s.counter(x.name).role != s.phasing]
    mines = s.minefield(s.side(other(s.phasing)), hex_)
    if not target and mines is None:
        where = ", ".join(sorted({x.hex for x in s.ships if x.hex and not x.gone and s.counter(x.name).role != s.phasing})) or "none placed"
        raise RefereeError(f"no {s.side(other(s.phasing))} ship is placed in {hex_} (theirs are in: {where}); place the target ships: referee si place SHIP --at {hex_}")
    phase = s.combat if s.combat is not None else sc.ShipCombat(s.side(s.phasing), s.turn)
    asteroid = asteroids or (hex_ in s.asteroids and "asteroids" in s.rules)
    pairs = [sc.Attacker(ship, rng_, ship.name in named[len(attackers) :]) for ship, (_, rng_) in zip(ships, attackers)]
    if target:
        defense = sc.combined_defense([(x.name, sh.defense_rating(x)) for x in target], target[0].core_distance)
        into = any(x.atmosphere for x in target if x.name in defense.combining)
        taking = [f.ship for f in sc.attack_factors(pairs, phase.side, hex_, into, asteroid, rings, s.rules) if f.factor > 0]
        technology, how = tech_advantage(s, taking, defense.combining)
        escorted = f"{mines.points} mine points escorted here: they cannot be attacked until every escorting ship is destroyed ({MINES_RULE})" if mines else ""
    else:
        taking = [f.ship for f in sc.attack_factors(pairs, phase.side, hex_, False, asteroid, rings, s.rules) if f.factor > 0]
        technology, how = side_technology(s, taking, other(s.phasing), "mines")
        escorted = ""
    points = mines.points if mines is not None and not target else 0
    result = sc.attack(si, phase, pairs, target, rng, rolled, technology, asteroid, rings, points, hex_, rules=s.rules)
    lines = [f"{phase.side} attack {hex_}: {', '.join(n for n, _ in attackers)}" + ("" if target else f" against {points} unescorted mine points"), *result.lines()]
    lines += [line for line in (how, escorted) if line]
    s = s._replace(combat=result.phase).acting("attack", *result.phase.fired[len(phase.fired) :])
    if mines is not None and not target:
        gone = min(result.steps, mines.points)
        s = s.with_minefield(mines.side, hex_, mines.points - gone)
        lines.append(f"{gone} mine point{'s' if gone != 1 else ''} eliminated, a point a step loss; {mines.points - gone} left in {hex_} ({MINES_RULE})")
    entries = [s.entry("\n  ".join(lines), [result.reading.roll], result.reading.rule)]
    if result.overloaded:
        taken = [sh.take_steps(s.ship(n), 1) for n in result.overloaded]
        s, lost = destroyed_cargo(s.replaced(*taken), taken)
        entries.append(s.entry("; ".join(f"{x.name} takes a step for overloading its weapons: {'destroyed' if x.destroyed else x.factors.shown()}" for x in taken) + lost, rule=sc.OVERLOAD_STEP_RULE))
    if result.steps and target:
        s = s._replace(ship_losses=ShipLosses(hex_, result.steps, tuple(x.name for x in target), other(s.phasing)))
        stack = [s.ship(n) for n in s.ship_losses.ships] if s.ship_losses else []
        if losses_to or len(stack) == 1 or result.steps >= sum(x.steps_left for x in stack):
            order = list(losses_to) or [x.name for x in stack]
            after = assign(s.logged(*entries), order)
            return Done(after.state, (*entries, *after.entries))
        entries.append(
            s.entry(
                f"the {other(s.phasing)} assigns the {result.steps} step loss{'es' if result.steps != 1 else ''} ship by ship: referee si assign SHIP [SHIP ...] (of {', '.join(x.name for x in stack)})",
                rule=sc.STEPS_RULE,
            )
        )
    return done(s, *entries)


def tech_advantage(s: Scenario, attackers: Sequence[str], defenders: Sequence[str]) -> tuple[int, str]:
    """The attack's technology advantage, when the optional rule is played (12.12)."""
    if "technology-advantage" not in s.rules:
        return 0, ""
    return s.advantage(attackers, defenders)


def assign(s: Scenario, order: Sequence[str]) -> Done:
    """The non-phasing player's assignment of the step losses owed, ship by ship (7.3.9-7.3.11)."""
    owed = s.ship_losses
    if owed is None:
        raise RefereeError("no step losses are owed to ships: an attack's result is assigned after it")
    names = [s.counter(n, "ship").name for n in order]
    stack = [s.ship(n) for n in owed.ships]
    mines = s.minefield(s.side(owed.role), owed.hex)
    losses = sc.assign_steps(stack, owed.steps, names, mines.points if mines else 0)
    s, lost = destroyed_cargo(s.replaced(*losses.ships)._replace(ship_losses=None), [x for x in losses.ships if x.name in losses.destroyed])
    if mines is not None and losses.mines_lost:
        s = s.with_minefield(mines.side, owed.hex, mines.points - losses.mines_lost)
    lines = list(losses.lines())
    lines += [f"{losses.unsatisfied} step loss{'es' if losses.unsatisfied != 1 else ''} left over: every ship in {owed.hex} is destroyed"] if losses.unsatisfied else []
    for ship in losses.ships:
        if ship.cargo_owed:
            lines.append(
                f"{ship.name} must eliminate at least {ship.cargo_owed} cargo point{'s' if ship.cargo_owed != 1 else ''} (aboard: {ship.cargo.shown()}; {sh.CARGO_LOSS_RULE}): referee si cargo {ship.name} ..."
            )
    return done(s, s.entry("\n  ".join(lines) + lost, rule=sc.STEPS_RULE))


def destroyed_cargo(s: Scenario, ships: Sequence[sh.Ship]) -> tuple[Scenario, str]:
    """The cargo of the ships destroyed, lost with them: units eliminated, ships destroyed."""
    said = []
    for ship in ships:
        if not ship.destroyed or ship.cargo.empty:
            continue
        said.append(f"{ship.name}'s cargo is lost with it: {ship.cargo.shown()}")
        s = cargo_lost(s.replaced(ship._replace(cargo=sh.Cargo())), ship.cargo)
    return s, "".join(f"\n  {line} ({sh.CARGO_LOSS_RULE})" for line in said)


def cargo_lost(s: Scenario, cargo: sh.Cargo) -> Scenario:
    """Units eliminated and ships destroyed off a ship's cargo, kept (off the map) as lost."""
    gone_units = tuple(Troop(u._replace(lost=len(u.steps))) for u in cargo.units)
    gone_ships: list[sh.Ship] = []
    for carried in cargo.ships:
        gone_ships.append(carried._replace(lost=len(carried.steps), cargo=sh.Cargo(), cargo_owed=0))
        inner = cargo_lost(s._replace(ships=(), troops=()), carried.cargo)  # what was aboard the ship aboard
        gone_units += inner.troops
        gone_ships += inner.ships
    return s._replace(ships=s.ships + tuple(gone_ships), troops=s.troops + gone_units)


def eliminate_cargo(
    s: Scenario,
    name: str,
    units: Sequence[str] = (),
    supply: int = 0,
    ships: Sequence[str] = (),
    reduce: Sequence[str] = (),
    mines: int = 0,
    packs: int = 0,
) -> Done:
    """The owner eliminates the cargo a step loss cost (7.4.2), or reduces a ship carried (7.4.3):
    ground units, supply, ships, mine and bombardment pack points."""
    ship = s.ship(name)
    unit_names = [s.counter(n, "unit").name for n in units]
    ship_names = [s.counter(n, "ship").name for n in ships]
    reduced = [s.counter(n, "ship").name for n in reduce]
    after = sh.eliminate_cargo(ship, unit_names, supply, ship_names, reduced, mines, packs)
    off = sh.Cargo(tuple(u for u in ship.cargo.units if u.name in unit_names), supply, tuple(x for x in ship.cargo.ships if x.name in ship_names), mines, packs)
    s = cargo_lost(s.replaced(after), off)
    parts = [p for p in (off.shown() if not off.empty else "", ", ".join(f"{n} reduced a step" for n in reduced)) if p]
    return done(s, s.entry(f"{ship.name} eliminates {'; '.join(parts)}: aboard now {after.cargo.shown()} ({after.cargo.points()} of {after.factors.cargo} cargo points)", rule=sh.CARGO_LOSS_RULE))


# -- bombardment ------------------------------------------------------------------------------------


def bombard(s: Scenario, si: Tables, planet: str, attackers: Sequence[tuple[str, int]], rng: random.Random, rolled: int | str | None = None) -> Done:
    """Strategic bombardment of a planet's economic terrain (12.10), in the Ship Combat phase."""
    s.in_phase("ship-combat", "strategic bombardment")
    refuse_owed(s, "a bombardment")
    world = s.world(planet)
    role = other(s.phasing)
    if not world.planet.held(role).total:
        raise RefereeError(f"the {role} holds no industrial or settled points on {world.name} to bombard")
    ships = [own_ship(s, n, "bombarding") for n, _ in attackers]
    phase = s.combat if s.combat is not None else sc.ShipCombat(s.side(s.phasing), s.turn)
    pairs = [sc.Attacker(ship, r) for ship, (_, r) in zip(ships, attackers)]
    taking = [f.ship for f in sc.attack_factors(pairs, phase.side, world.hex, world.planet.atmosphere, False, False, s.rules) if f.factor > 0]
    technology, how = side_technology(s, taking, role)
    result = bb.bombard(si, phase, pairs, world.planet, world.hex, rng, rolled, technology, s.rules)
    lines = [f"{phase.side} bombard {world.name} ({world.hex}): {', '.join(n for n, _ in attackers)}", *result.lines(), *([how] if how else [])]
    s = s._replace(combat=result.phase).acting("bombard", *taking)
    entries = [s.entry("\n  ".join(lines), [result.reading.roll], result.reading.rule)]
    if not result.steps:
        return done(s, *entries)
    more = _terrain_hit(s.logged(*entries), world, role, result.steps, f"strategic bombardment by {', '.join(taking)}")
    return Done(more.state, (*entries, *more.entries))


def side_technology(s: Scenario, attackers: Sequence[str], role: Role, what: str = "terrain") -> tuple[int, str]:
    """The technology of an attack on what a side holds, not its ships (terrain bombarded, mines
    unescorted): the attackers' against the side's own nation."""
    if "technology-advantage" not in s.rules:
        return 0, ""
    level = min((s.technology_of(s.nation(n)) for n in attackers), default=0)
    side = s.side(role)
    advantage = level - s.technology_of(side)
    return advantage, f"technology: attackers {level}, {side} {what} {s.technology_of(side)} (Stellar Inferno 12.12.1-12.12.3)"


def comet(s: Scenario, planet: str, name: str) -> Done:
    """Scenario 2's comet ``name`` (its marker, as the referee calls it) enters a planet hex: 50
    points of surface bombardment, and it is removed from play. Comets are the invader's markers:
    they enter a hex by moving, in the invader's Fleet Movement or Individual Ship Maneuver phase
    ([4]); a comet removed bombards no more."""
    if not any("comet" in rule for rule in s.invader.special_rules):
        raise RefereeError(f"comets are Raid on Terra's (scenario 2) special rule, not {s.name}'s")
    if s.outcome:
        raise RefereeError(f"the game is over: {s.outcome}")
    comet_ = " ".join(name.split())
    if not comet_:
        raise RefereeError("name the comet's marker (Comet 1, ...): each comet bombards once and is removed from play")
    if s.phasing != "invader" or s.phase not in ("fleet-movement", "maneuver"):
        raise RefereeError(
            f"a comet enters a planet hex by moving, in the invader's Fleet Movement (1) or Individual Ship Maneuver (3) phase; it is now {s.where()} ({SEQUENCE_RULE}; {COMET_RULE}; referee si next)"
        )
    if comet_.casefold() in comets(s):
        raise RefereeError(f"{comet_} has performed its bombardment and was removed from play ({COMET_RULE})")
    refuse_owed(s, "a comet's bombardment")
    return _terrain_hit(s, s.world(planet), "defender", COMET_POINTS, f"{comet_} entering its hex, then removed from play", COMET_RULE)


def comets(s: Scenario) -> set[str]:
    """The comets that have bombarded (and left play), as the log names them (any case)."""
    found = (re.search(r"\((.+) entering its hex, then removed from play\)", e.text) for e in s.log if e.rule == COMET_RULE)
    return {m.group(1).casefold() for m in found if m}


def _terrain_hit(s: Scenario, world: World, role: Role, steps: int, how: str, rule: str = bb.TERRAIN_RULE) -> Done:
    """Step losses on the economic terrain ``role`` holds on a planet, counted as surface
    bombardment (scenario 2's victory), and taken by that side: at once when it has no choice (no
    industrial point, or losses enough to destroy it all), else owed (:func:`take_terrain`)."""
    s = s.with_world(world._replace(bombarded=world.bombarded + steps))
    counted = s.entry(f"{world.name} takes {steps} step loss{'es' if steps != 1 else ''} of surface bombardment ({how}); bombardment so far: {world.bombarded + steps} points", rule=rule)
    held = world.planet.held(role)
    if not held.total:
        return done(s, counted)
    s = s._replace(terrain_losses=TerrainLosses(world.name, steps, role))
    choices = _terrain_choices(held, steps)
    if len(choices) == 1:
        after = take_terrain(s.logged(counted), choices[0])
        return Done(after.state, (counted, *after.entries))
    choose = s.entry(
        f"the {role} chooses how many fall on industrial points (each made settled), the rest on settled points (each destroyed): referee si assign --industrial N ({choices[0]} to {choices[-1]})",
        rule=bb.TERRAIN_RULE,
    )
    return done(s, counted, choose)


def _terrain_choices(held: Terrain, steps: int) -> list[int]:
    """The numbers of losses on industrial points the rules allow (:func:`bombardment.terrain_losses`)."""
    allowed = []
    for on_industrial in range(min(steps, held.industrial) + 1):
        try:
            bb.terrain_losses(held, steps, on_industrial)
        except RefereeError:
            continue
        allowed.append(on_industrial)
    return allowed


def take_terrain(s: Scenario, on_industrial: int) -> Done:
    """The side holding the terrain takes the step losses owed: ``on_industrial`` of them on
    Industrial points, the rest on Settled (12.10.3-12.10.4)."""
    owed = s.terrain_losses
    if owed is None:
        raise RefereeError("no step losses are owed to a planet's terrain")
    world = s.world(owed.planet)
    held = world.planet.held(owed.role)
    after, said = bb.terrain_losses(held, owed.steps, on_industrial)
    s = s.with_world(world._replace(planet=world.planet.holding(owed.role, after)))._replace(terrain_losses=None)
    return done(s, s.entry(f"{world.name}, the {owed.role}'s terrain: {said}", rule=bb.TERRAIN_RULE))


# -- damage recovery ---------------------------------------------------------------------------------


def recover(s: Scenario, name: str, rng: random.Random, rolled: Sequence[tuple[int | str | None, int | str | None]] = ()) -> Done:
    """A ship's repair attempts in the Ship Damage Recovery phase, by its own side (7.5)."""
    s.in_phase("recovery", "damage recovery")
    refuse_owed(s, "damage recovery")
    ship = s.ship(name)
    counter = s.counter(ship.name)
    if counter.role != s.phasing:
        raise RefereeError(f"{ship.name} is the {counter.role}'s: it recovers in the {counter.role}'s part of the phase (Stellar Inferno [4]; referee si next)")
    done_ = recovery.recover(ship, rng, rolled)
    s = s.replaced(done_.ship)
    rolls = [r for a in done_.attempts for r in (a.first, a.second)]
    return done(s, s.entry("\n  ".join(done_.lines()), rolls, recovery.RECOVERY_RULE))
