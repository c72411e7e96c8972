"""The Individual Ship Maneuver phase's optional rules in play: a ship's maneuver and its hazards
(asteroids 12.1, a grazing orbit 12.2, overloaded engines 12.4), sensor sweeps (12.6) and rams
(12.8). The rules are :mod:`movement`, :mod:`sensors`, :mod:`ramming`; this module takes the
ships from the scenario, applies the results and writes the log. Boarding is declared in this
phase too (:mod:`boarding_phase`).

Readings:

- The map is not in our text: the referee counts a maneuver's hexes, the asteroid hexes entered
  and says when a star's hex is entered; the ship is placed at the hex it reaches (``to``).
- A ship manoeuvres once a turn (6.4.1: "each turn"); not in a turn it loads or unloads cargo or is
  loaded or unloaded (6.5.2-6.5.3), sweeps with its sensors (12.6.3) or boards (12.13.3).
- The dice of a maneuver are rolled in the order of its events: the overloaded engines' d6 (12.4.2),
  the grazing orbit's radiation d6 as the star's hex is entered (12.2.2-12.2.3), then one d6 for
  each asteroid hex entered once the maneuver is completed (12.1.2). A ship destroyed on the way
  rolls no more. Psi agents aboard do not help (12.7.5).
- Invasion of Portborough: "FF units that move out of range of their home CV have their Maneuver
  rating halved": the referee judges the range on the map and says so (``away``); the rating is
  halved, fractions dropped (as 7.2.4 halves), for the maneuver and for a ram's or boarding's
  comparison of maneuver ratings. The home CV is the carrier the FF entered aboard.
- A sensor sweep reveals as many ships as its result; which ones is the owner's to say, as he
  chooses the ships that take losses (7.3.9), and without his word the lowest defense ratings
  first (the order an attack meets them, 7.3.1). The sightings are kept in the scenario.
- 6.4.3 "If a ship leaves the map for any reason, it is considered removed from the game": the map
  and its edges are the referee's; he says when a ship left (``leave``). It leaves by moving, in its
  side's Fleet Movement (1), which moves it by the fleet velocity (none at velocity 0, none once the
  velocity is adjusted, 6.2.4), or by its maneuver in Individual Ship Maneuver (3), which it must be
  able to make this turn. It is then out of the game: no hex, no defense in a stack, no target, no
  attack, no repair. Its cargo goes with it (what a ship carries is where the ship is: ground
  units, supply, mines, packs, the ships aboard, psi agents), removed with it. It is not destroyed:
  it counts as no loss, and none of the three scenarios' victory conditions counts ships, so
  neither side receives anything for it ("unless called for by the scenario": none does).
- A ram is an attack of the maneuver phase: it does not use up the target hex's attack (7.1.2)
  nor the rammer's (7.1.3). A ship rams once a turn. The survivor rams back at its defense as the
  ram left it (12.8.5); a ship captured cannot ram back (12.13.10).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee import dice
from referee.dice import Roll
from referee.errors import RefereeError
from referee.stellar_inferno import movement, optional, ramming, sensors, setup
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno import space_combat as sc
from referee.stellar_inferno.planets import other
from referee.stellar_inferno.scenario import SEQUENCE_RULE, Done, Scenario, Sighting, Star, done, hex_name
from referee.stellar_inferno.ship_phase import destroyed_cargo, own_ship, tech_advantage
from referee.stellar_inferno.turn import refuse_owed
from referee.tables import Tables

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

HOME_RULE = "Stellar Inferno 14.3, the invader's special rule"
ONCE_RULE = "Stellar Inferno 6.4.1"
PSI_HAZARD_RULE = "Stellar Inferno 12.7.5"


def enemy_ship(s: Scenario, name: str) -> sh.Ship:
    """A ship of the side not phasing, on the map and afloat."""
    ship = s.ship(name)
    sh.in_game(ship)
    if s.counter(ship.name).role == s.phasing:
        raise RefereeError(f"{ship.name} is the {s.phasing}'s own ship: the target is the opponent's")
    return ship


def rated(s: Scenario, ship: sh.Ship, away: bool) -> tuple[sh.Ship, str]:
    """The ship as it manoeuvres: an FF out of range of its home CV (scenario 3's special rule) with
    its maneuver rating halved, fractions dropped, and the line that says so."""
    if not away:
        return ship, ""
    counter = s.counter(ship.name)
    if not any("home CV" in rule for rule in s.force(counter.role).special_rules) or ship.code != "FF" or not counter.aboard:
        raise RefereeError(
            f"{ship.name}: a maneuver halved out of range of the home CV is Invasion of Portborough's rule for the invader's FFs that entered aboard a CV ({HOME_RULE}); {ship.name} is not one"
        )
    m = ship.factors.maneuver
    halved = ship._replace(steps=tuple(f._replace(maneuver=f.maneuver // 2) for f in ship.steps))
    return halved, f"{ship.name} is out of range of its home CV, {counter.aboard}: its maneuver {m} is halved to {m // 2} ({HOME_RULE})"


class Pair(NamedTuple):
    """A ship of the phasing side and the enemy ship it rams or boards, and each as it manoeuvres."""

    actor: sh.Ship
    target: sh.Ship
    fast: sh.Ship
    slow: sh.Ship
    lines: tuple[str, ...]


def close_pair(s: Scenario, actor_name: str, target_name: str, away: Sequence[str], what: str) -> Pair:
    """The ship that rams or boards (``what``) and its target; ``away``: scenario 3 FFs among them
    out of range of their home CV, whose maneuver is halved for the comparison."""
    actor = own_ship(s, actor_name, what)
    target = enemy_ship(s, target_name)
    halves = {s.counter(n, "ship").name for n in away}
    if halves - {actor.name, target.name}:
        raise RefereeError(f"{', '.join(sorted(halves - {actor.name, target.name}))}: neither {actor.name} nor its target, {target.name}")
    fast, fast_line = rated(s, actor, actor.name in halves)
    slow, slow_line = rated(s, target, target.name in halves)
    return Pair(actor, target, fast, slow, tuple(line for line in (fast_line, slow_line) if line))


def _star(s: Scenario, name: str) -> Star:
    wanted = name.strip().casefold()
    for star in s.stars:
        if wanted in (star.name.casefold(), star.hex.casefold()):
            return star
    raise RefereeError(f"no star {name!r} in {s.name}; the stars are {', '.join(f'{t.name} ({t.hex}, +{t.rating})' for t in s.stars) or 'none'}")


def _typed(rolled: Sequence[int | str | None], needed: int, what: str) -> None:
    """Dice typed at the table, checked before anything is rolled: no more than the rolls, each a d6."""
    if len(rolled) > needed:
        raise RefereeError(f"{len(rolled)} dice for {needed} roll{'s' if needed != 1 else ''} ({what})")
    for value in rolled:
        if value is not None:
            dice.entered("d6", value)


def _hurt(ship: sh.Ship, steps: int, why: str, rule: str) -> tuple[sh.Ship, str]:
    """A hazard's step losses taken."""
    after = sh.take_steps(ship, min(steps, ship.steps_left))
    said = "destroyed" if after.destroyed else f"now {after.factors.shown()}, {after.steps_left} step{'s' if after.steps_left != 1 else ''} left"
    owed = f"; it must eliminate at least {after.cargo_owed} cargo points ({sh.CARGO_LOSS_RULE}): referee si cargo {ship.name} ..." if after.cargo_owed > ship.cargo_owed else ""
    return after, f"{ship.name} takes {steps} step loss{'es' if steps != 1 else ''} from {why}: {said}{owed} ({rule})"


# -- a ship's maneuver -------------------------------------------------------------------------------


def maneuver(
    s: Scenario,
    name: str,
    hexes: int,
    rng: random.Random,
    rolled: Sequence[int | str | None] = (),
    to: str = "",
    core: int | None = None,
    asteroid_hexes: int = 0,
    star: str = "",
    overload: bool = False,
    away: bool = False,
) -> Done:
    """A ship's individual maneuver of ``hexes`` hexes (6.4), placed at ``to``: its engines
    overloaded (12.4), a grazing orbit of ``star`` (12.2), ``asteroid_hexes`` asteroid hexes entered
    (12.1); ``away``: a scenario 3 FF out of range of its home CV. ``rolled``: the d6s in that order."""
    s.in_phase("maneuver", "individual ship maneuver")
    refuse_owed(s, "a maneuver")
    ship = own_ship(s, name, "maneuvering")
    did = s.did(ship.name)
    if "maneuver" in did:
        raise RefereeError(f"{ship.name} has maneuvered this turn already: a ship maneuvers once a turn, up to its maneuver rating ({ONCE_RULE})")
    if "ram" in did:
        raise RefereeError(f"{ship.name} has rammed this turn: a ram is made where the rammer ends its movement ({ramming.RAMMING_RULE}), so it maneuvers no more this turn")
    moving, halved = rated(s, ship, away)
    allowance = setup.allowance(s, moving, overload)
    if not allowance.hexes:
        raise RefereeError(f"{ship.name} cannot maneuver this turn: {'; '.join(allowance.reasons)}")
    graze = _star(s, star) if star else None
    if graze is not None:
        optional.require(s.rules, "grazing-orbit", "a grazing orbit maneuver")
    if asteroid_hexes:
        optional.require(s.rules, "asteroids", "asteroid collisions")
    reasons = [*allowance.reasons, *([f"+{graze.rating} from a grazing orbit of {graze.name} ({movement.GRAZING_RULE})"] if graze else [])]
    limit = allowance.hexes + (graze.rating if graze else 0)
    if not 1 <= hexes <= limit:
        raise RefereeError(f"{ship.name} maneuvers 1 to {limit} hex{'es' if limit != 1 else ''} ({'; '.join(reasons)}), not {hexes}")
    if not 0 <= asteroid_hexes <= hexes:
        raise RefereeError(f"asteroid hexes entered are 0 to the {hexes} hexes moved, not {asteroid_hexes}")
    _typed(rolled, overload + (graze is not None) + asteroid_hexes, "overloaded engines, then radiation, then a d6 an asteroid hex")
    lines = [line for line in (halved,) if line] + [f"{ship.name} maneuvers {hexes} hex{'es' if hexes != 1 else ''}" + (f" to {hex_name(to)}" if to else "") + f": {'; '.join(reasons)}"]
    if to:
        placed = setup.place(s, [ship.name], to, core)
        s = placed.state
        lines += [f"{e.text} ({e.rule})" for e in placed.entries]
    elif core is not None:
        raise RefereeError("--core is the distance from the core of the hex the ship reaches: give the hex too (--to HEX)")
    taken = s.ship(ship.name)
    queue = list(rolled)
    rolls: list[Roll] = []

    def next_die() -> int | str | None:
        return queue.pop(0) if queue else None

    if overload:
        taken, engines = movement.overload_engines(taken, rng, next_die(), s.rules)
        rolls += engines.rolls
        lines += engines.lines
    if graze is not None:
        _, radiation = movement.grazing_orbit(graze.rating, rng, next_die(), s.rules)
        rolls += radiation.rolls
        lines += radiation.lines
        if radiation.steps:
            taken, line = _hurt(taken, radiation.steps, f"{graze.name}'s radiation", movement.GRAZING_RULE)
            lines.append(line)
    if asteroid_hexes and taken.destroyed:
        lines.append(f"{ship.name} is destroyed before it clears the asteroids: no more dice")
    elif asteroid_hexes:
        field = movement.asteroids(asteroid_hexes, hexes, rng, queue, s.rules)
        rolls += field.rolls
        lines += field.lines
        if field.steps:
            taken, line = _hurt(taken, field.steps, "asteroid collisions", movement.ASTEROID_RULE)
            lines.append(line)
    if ship.psi and (graze is not None or asteroid_hexes):
        lines.append(f"psi specialists have no effect against asteroids or other inorganic hazards ({PSI_HAZARD_RULE})")
    s, lost = destroyed_cargo(s.replaced(taken), [taken])
    s = s.acting("maneuver", ship.name)
    rule = "; ".join(
        r for r, used in ((movement.MANEUVER_RULE, True), (movement.ENGINES_RULE, overload), (movement.GRAZING_RULE, graze is not None), (movement.ASTEROID_RULE, asteroid_hexes > 0)) if used
    )
    return done(s, s.entry("\n  ".join(lines) + lost, rolls, rule))


# -- leaving the map ---------------------------------------------------------------------------------


def leave(s: Scenario, name: str, correction: bool = False) -> Done:
    """A ship that left the map (6.4.3), as the referee sees it on the map: removed from the game
    with its cargo, not destroyed, no victory points for it. It leaves by moving, in its side's Fleet
    Movement (1) or Individual Ship Maneuver (3) phase; the referee's ``correction`` of the record,
    outside those, is allowed and logged as such."""
    counter = s.counter(name, "ship")
    found = s.entered(counter.name)
    if found is not None and found[1]:
        raise RefereeError(f"{counter.name} is aboard {found[1]} as cargo: it leaves the map only with its carrier (referee si leave {found[1]})")
    ship = s.ship(counter.name)
    sh.in_game(ship)
    if not ship.hex:
        raise RefereeError(f"{ship.name} is not on the map: no hex is recorded for it (referee si place {ship.name} --at HEX); a ship leaves the map from a hex ({sh.LEAVE_RULE})")
    if ship.atmosphere:
        raise RefereeError(f"{ship.name} is within a planet's atmosphere in {ship.hex}: it leaves the atmosphere in the Landing Actions phase first (Stellar Inferno 8.1.3: referee si lift)")
    why = "" if correction else _leaving(s, ship)
    if why:
        raise RefereeError(f"{why} ({SEQUENCE_RULE}; {sh.LEAVE_RULE}); if the record is wrong, correct it: referee si leave {ship.name} --correction")
    refuse_owed(s, "a ship leaving the map")

    def removed(x: sh.Ship) -> sh.Ship:
        return x._replace(hex="", core_distance=0, atmosphere=False, left_map=s.turn, cargo=x.cargo._replace(ships=tuple(removed(c) for c in x.cargo.ships)))

    text = f"{ship.name} leaves the map from {ship.hex}: it is removed from the game, not destroyed; neither side receives victory points for it (the scenario's victory counts no ships)"
    if not ship.cargo.empty:
        text += f"\n  its cargo goes with it: {ship.cargo.shown()}"
    agents = [a.name for a in s.agents if a.ship in _names(ship)]
    if agents:
        text += f"\n  with {', '.join(agents)} aboard (12.7)"
    s = s.replaced(removed(ship))
    if correction:
        text = f"the referee corrects the record, not a move ({SEQUENCE_RULE}): {text}"
    elif s.phase == "maneuver" and "maneuver" not in s.did(ship.name):
        s = s.acting("maneuver", ship.name)
    return done(s, s.entry(text, rule=f"{sh.LEAVE_RULE}; {SEQUENCE_RULE}" if correction else sh.LEAVE_RULE))


def _names(ship: sh.Ship) -> list[str]:
    """The ship and the ships it carries, and those they carry."""
    return [ship.name, *(n for carried in ship.cargo.ships for n in _names(carried))]


def _leaving(s: Scenario, ship: sh.Ship) -> str:
    """Why ``ship`` does not leave the map by a move the sequence of play allows now ("" when it does)."""
    role = s.counter(ship.name).role
    if s.outcome:
        return f"the game is over ({s.outcome})"
    if s.phase not in ("fleet-movement", "maneuver") or s.phasing != role:
        return f"{ship.name} is the {role}'s and moves, and so leaves the map, only in the {role}'s Fleet Movement (1) or Individual Ship Maneuver (3) phase; it is now {s.where()}"
    force = s.force(role)
    if s.phase == "fleet-movement":
        if force.adjusted:
            return f"the {role}'s fleet velocity was adjusted this turn: its fleet movement is completed ({movement.VELOCITY_RULE})"
        if not force.velocity:
            return f"the {role}'s fleet velocity is 0: fleet movement moves no ship ({movement.VELOCITY_RULE}); a ship leaves by its maneuver in Individual Ship Maneuver (3)"
        return ""
    did = s.did(ship.name)
    if "maneuver" in did:
        return ""  # its maneuver, recorded, took it off the map
    if "ram" in did:
        return f"{ship.name} has rammed this turn: a ram is made where the rammer ends its movement ({ramming.RAMMING_RULE})"
    allowance = setup.allowance(s, ship)
    return "" if allowance.hexes else f"{ship.name} cannot maneuver this turn: {'; '.join(allowance.reasons)}"


# -- sensor sweeps -----------------------------------------------------------------------------------


def sweep(
    s: Scenario,
    si: Tables,
    sweepers: Sequence[tuple[str, int]],
    target_hex: str,
    rng: random.Random,
    rolled: int | str | None = None,
    reveal: Sequence[str] = (),
) -> Done:
    """A sensor sweep of an enemy stack by ships that do not manoeuvre this turn (12.6), each with
    the range the referee counted; ``reveal``: the owner's order of the ships he reveals."""
    s.in_phase("maneuver", "a sensor sweep")
    optional.require(s.rules, "sensors", "a sensor sweep")
    refuse_owed(s, "a sensor sweep")
    hex_ = hex_name(target_hex, "the swept hex")
    ships = [own_ship(s, n, "sweeping") for n, _ in sweepers]
    moved = [x.name for x in ships if "maneuver" in s.did(x.name)]
    if moved:
        raise RefereeError(f"{', '.join(moved)} maneuvered this turn: a ship sweeping with its sensors cannot perform a maneuver movement this round ({movement.SWEEP_RULE})")
    target = [x for x in s.ships if x.hex == hex_ and not x.gone and s.counter(x.name).role != s.phasing]
    if not target:
        raise RefereeError(f"no {s.side(other(s.phasing))} ship is placed in {hex_}: a sweep examines an opponent's stack ({sensors.SENSORS_RULE})")
    order = [s.counter(n, "ship").name for n in reveal]
    wrong = [n for n in order if n not in {x.name for x in target}]
    if wrong or len(set(order)) != len(order):
        raise RefereeError(f"the ships revealed are the stack's, each once: {', '.join(x.name for x in target)}" + (f"; not {', '.join(wrong)}" if wrong else ""))
    pairs = [sc.Attacker(ship, hexes) for ship, (_, hexes) in zip(ships, sweepers)]
    asteroid = hex_ in s.asteroids and "asteroids" in s.rules
    defense = sc.combined_defense([(x.name, sh.defense_rating(x)) for x in target], target[0].core_distance)
    technology, how = tech_advantage(s, [x.name for x in ships], defense.combining)
    result = sensors.sweep(si, s.side(s.phasing), pairs, target, rng, rolled, technology, asteroid, False, s.rules)
    lowest = [name for name, _ in result.defense.ratings]
    shown = tuple((order + [n for n in lowest if n not in order])[: result.revealed])
    s = s._replace(sightings=(*s.sightings, Sighting(s.turn, s.phasing, hex_, shown, tuple(x.name for x in ships))))
    s = s.acting("sweep", *(x.name for x in ships))
    lines = [f"{s.side(s.phasing)} sensor sweep of {hex_}: {', '.join(x.name for x in ships)}", *result.lines(), *([how] if how else [])]
    by = "in the owner's order" if order else "the lowest defense ratings first (7.3.1)"
    lines.append(f"revealed to the {s.phasing}: {', '.join(shown) or 'none'}" + (f" ({by})" if shown else ""))
    lines.append(f"revealed to the {other(s.phasing)}: {', '.join(x.name for x in ships)}, the sweeping ships; they may not maneuver this turn ({movement.SWEEP_RULE})")
    return done(s, s.entry("\n  ".join(lines), [result.reading.roll], sensors.SENSORS_RULE))


# -- ramming -------------------------------------------------------------------------------------------


def ram(
    s: Scenario,
    si: Tables,
    rammer_name: str,
    target_name: str,
    rng: random.Random,
    rolled: int | str | None = None,
    back_rolled: int | str | None = None,
    away: Sequence[str] = (),
) -> Done:
    """A ram (12.8): a closed order attack on Table 4 at the rammer's defense against the target's,
    and the surviving target's ram back. ``back_rolled``: the ram back's d6; ``away``: scenario 3
    FFs out of range of their home CV (their maneuver halved for the comparison)."""
    s.in_phase("maneuver", "ramming")
    optional.require(s.rules, "ramming", "ramming")
    refuse_owed(s, "a ram")
    pair = close_pair(s, rammer_name, target_name, away, "ramming")
    rammer, target = pair.actor, pair.target
    if "ram" in s.did(rammer.name):
        raise RefereeError(f"{rammer.name} has rammed this turn already: a ship rams once, in its maneuver ({ramming.RAMMING_RULE})")
    _typed([r for r in (rolled, back_rolled) if r is not None], 2, "the ram, then the ram back")
    technology, how = tech_advantage(s, [rammer.name], [target.name])
    first = ramming.ram(si, pair.fast, pair.slow, rng, rolled, technology, False, s.rules)
    lines = [*pair.lines, *first.lines(), *([how] if how else [])]
    hit, said = _hurt(target, first.steps, f"{rammer.name}'s ram", ramming.RAMMING_RULE) if first.steps else (target, "")
    lines += [said] if said else []
    s = s.replaced(hit).acting("ram", rammer.name)
    entries = []
    if hit.destroyed or hit.captured:
        why = "destroyed" if hit.destroyed else f"captured: captured ships are unable to attack ({sc.CAPTURED_RULE})"
        lines.append(f"{target.name} is {why}: no ram back" + ("; the ram back's die is not used" if back_rolled is not None else ""))
        s, lost = destroyed_cargo(s, [hit])
        return done(s, s.entry("\n  ".join(lines) + lost, [first.reading.roll], first.reading.rule))
    entries.append(s.entry("\n  ".join(lines), [first.reading.roll], first.reading.rule))
    technology, how = tech_advantage(s, [target.name], [rammer.name])
    back = ramming.ram(si, hit, s.ship(rammer.name), rng, back_rolled, technology, True, s.rules)
    struck, said = _hurt(s.ship(rammer.name), back.steps, f"{target.name}'s ram back", ramming.BACK_RULE) if back.steps else (s.ship(rammer.name), "")
    s, lost = destroyed_cargo(s.replaced(struck), [struck])
    back_lines = [*back.lines(), *([how] if how else []), *([said] if said else [])]
    entries.append(s.entry("\n  ".join(back_lines) + lost, [back.reading.roll], back.reading.rule))
    return done(s, *entries)
