"""The Planets screen's actions: ground units entered from their counters, the Landing Actions
(entering and leaving an atmosphere, troops put down, supply stockpiled), Ground Supply, Ground
Combat with the losses each side takes, and the bombardment of a planet's terrain. Each field
picks from what the rules allow now; each step calls into ``referee.stellar_inferno`` (no Textual
here), as the Fleets screen's actions do (:mod:`referee.tui.si.actions`).
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.stellar_inferno import deployment as dp
from referee.stellar_inferno import ground_combat as gc
from referee.stellar_inferno import ground_phase, matchups, planets, setup, ship_phase
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno.planets import Role, other
from referee.stellar_inferno.scenario import Scenario, World
from referee.tables import Tables
from referee.tui.forms import Action, Field, FieldError, Values, needed, number, text
from referee.tui.si.actions import KEY, NEXT, Step, keyed, label, listed, no_dice, range_fields, ranges, role_of

# ---------------------------------------------------------------------- lists to pick from

Choices = list[tuple[str, str]]


def _mine(s: Scenario) -> list[sh.Ship]:
    """The phasing side's ships on the map, arrived and not destroyed."""
    return [x for x in s.ships if x.hex and not x.gone and role_of(s, x.name) == s.phasing and (s.counter(x.name).arrives or 0) <= s.turn]


def _worlds_at(s: Scenario, hex_: str) -> list[World]:
    return [w for w in s.worlds if w.hex == hex_]


def _picked_ship(s: Scenario, values: Values) -> sh.Ship | None:
    name = text(values, "ship")
    found = s.entered(name) if name else None
    return found[0] if found else None


def worlds(s: Scenario, values: Values) -> Choices:
    """The planets; those in the picked ship's hex only, once a ship is picked."""
    ship = _picked_ship(s, values)
    found = _worlds_at(s, ship.hex) if ship is not None else list(s.worlds)
    return [(f"{w.name} ({w.hex})", w.name) for w in found]


def landers(s: Scenario, values: Values) -> Choices:
    """The phasing side's ships in a planet's hex, not in its atmosphere (8.1.2)."""
    return [(label(s, x), x.name) for x in _mine(s) if not x.atmosphere and _worlds_at(s, x.hex)]


def in_atmosphere(s: Scenario, values: Values) -> Choices:
    return [(label(s, x), x.name) for x in _mine(s) if x.atmosphere]


def troop_carriers(s: Scenario, values: Values) -> Choices:
    """The phasing side's ships at a planet carrying ground units (8.3)."""
    return [(f"{label(s, x)}; aboard {', '.join(u.name for u in x.cargo.units)}", x.name) for x in _mine(s) if x.cargo.units and _worlds_at(s, x.hex)]


def aboard(s: Scenario, values: Values) -> Choices:
    ship = _picked_ship(s, values)
    return [] if ship is None else [(f"{u.name} ({u.factors.shown()}{', drop' if u.drop else ''})", u.name) for u in ship.cargo.units]


def supply_carriers(s: Scenario, values: Values) -> Choices:
    """The phasing side's ships landed (in an atmosphere) with supply aboard (9.3.4)."""
    return [(f"{label(s, x)}; {x.cargo.supply} supply aboard", x.name) for x in _mine(s) if x.cargo.supply and x.atmosphere]


def to_supply(s: Scenario, values: Values) -> Choices:
    """The planets where the phasing side has ground units not yet supplied this phase (9.1.3)."""
    found = []
    for world in s.worlds:
        units = [t.unit.name for t in s.troops if t.planet == world.name and not t.unit.destroyed and role_of(s, t.unit.name) == s.phasing]
        if units and world.name not in s.supplied:
            found.append((f"{world.name}: {', '.join(units)}; stockpile {world.stockpile(s.phasing)}", world.name))
    return found


def supply_order(s: Scenario, values: Values) -> Choices:
    planet = text(values, "planet")
    return [(f"{t.unit.name} ({t.unit.factors.shown()})", t.unit.name) for t in s.troops if t.planet == planet and not t.unit.destroyed and role_of(s, t.unit.name) == s.phasing]


def contested(s: Scenario, values: Values) -> Choices:
    """The planets with ground units or surface ships of both sides."""
    found = []
    for world in s.worlds:
        sides = {role_of(s, t.unit.name) for t in s.troops if t.planet == world.name and not t.unit.destroyed}
        sides |= {role_of(s, x.name) for x in s.ships if x.atmosphere and x.hex == world.hex and not x.gone}
        if len(sides) == 2:
            found.append((f"{world.name} ({world.hex})", world.name))
    return found


def fighters(s: Scenario, values: Values, role: Role) -> Choices:
    """The ground units (and surface ships) of a side on the planet picked (10.2.1); none where the
    planet's units are deployed in matchups (the attack is then by matchup)."""
    planet = text(values, "planet")
    if not planet or s.deployed(s.world(planet).name) is not None:
        return []
    world = s.world(planet)
    found = [
        (f"{t.unit.name} ({t.unit.factors.shown()}, {t.unit.steps_left}/{len(t.unit.steps)})", t.unit.name)
        for t in s.troops
        if t.planet == world.name and not t.unit.destroyed and role_of(s, t.unit.name) == role
    ]
    found += [(label(s, x), x.name) for x in s.ships if x.atmosphere and not x.gone and role_of(s, x.name) == role and world.hex == x.hex]
    return found


def undeployed(s: Scenario, values: Values) -> Choices:
    """The planets with both sides on them and no deployment made this phase (10.1)."""
    return [(label_, name) for label_, name in contested(s, values) if s.deployed(name) is None]


def deploying(s: Scenario, values: Values) -> Choices:
    """The planets whose deployment is under way, with whose move it is."""
    return [(f"{d.planet}: {d.deployment.waiting_for()}", d.planet) for d in s.deployments if d.deployment.stage != "done"]


def _deployment(s: Scenario, values: Values) -> dp.Deployment | None:
    planet = text(values, "planet")
    found = s.deployed(s.world(planet).name) if planet else None
    return found.deployment if found is not None else None


def to_commit(s: Scenario, values: Values) -> Choices:
    """The units (or, at the ships' stage, the surface ships) the side to act has still to deploy,
    and, where the rules let it, nothing more (10.1.4, 10.2.3)."""
    d = _deployment(s, values)
    if d is None or d.stage == "done":
        return []
    side = d.side(d.to_act)
    names = side.ships if d.stage == "ships" else side.units
    found = [(f"{n}, the {d.to_act}'s", n) for n in names]
    return found + ([(f"nothing more: the {d.to_act}'s rest to the reserve", DECLINE)] if d.stage != "units" else [])


def matchup_numbers(s: Scenario, values: Values) -> Choices:
    """The matchups a unit or ship may join: none while units open and match matchups (10.1.2)."""
    d = _deployment(s, values)
    if d is None or d.stage in ("units", "done") or text(values, "name") == DECLINE:
        return []
    return [(f"{n}. {m.shown()}", str(n)) for n, m in enumerate(d.matchups, 1)]


def to_attack(s: Scenario, values: Values) -> Choices:
    """The matchups of the planet's deployment the phasing side has not attacked in this phase."""
    planet = text(values, "planet")
    deployed = s.deployed(s.world(planet).name) if planet else None
    if deployed is None:
        return []
    return [(f"{n}. {m.shown()}", str(n)) for n, m in enumerate(deployed.deployment.matchups, 1) if (s.phasing, n) not in deployed.attacked]


def owing(s: Scenario, values: Values) -> Choices:
    """The sides owing the last ground attack's losses, the non-phasing one first (11.3.1)."""
    owed = s.ground_losses
    if owed is None:
        return []
    roles: list[Role] = [other(owed.phasing), owed.phasing]
    return [(f"the {r} ({s.side(r)}): {owed.losses(r)} loss{'es' if owed.losses(r) != 1 else ''}", r) for r in roles if owed.taken(r) is None]


def bombarded(s: Scenario, values: Values) -> Choices:
    """The planets where the other side holds economic terrain (12.10)."""
    role = other(s.phasing)
    return [(f"{w.name} ({w.hex}): {w.planet.held(role).shown()}", w.name) for w in s.worlds if w.planet.held(role).total]


def units_to_enter(s: Scenario, values: Values) -> Choices:
    """The ground unit counters the scenario lists whose factors are not entered."""
    entered = {u.name for u, _, _ in s.all_units()}
    return [(f"{c.name}, {c.role}" + (f", aboard {c.aboard}" if c.aboard else ""), c.name) for c in s.counters if c.kind == "unit" and c.name not in entered]


def sides(s: Scenario, values: Values) -> Choices:
    return [(f"{r} ({s.side(r)})", r) for r in ("invader", "defender")]


def placements(s: Scenario, values: Values) -> Choices:
    """Where a unit entered goes: off the map (or aboard the ship its counter lists), on a planet,
    or aboard a ship of its side (its side from the counter or the side picked)."""
    name, side = text(values, "unit"), text(values, "side")
    counter = s.counter(name) if name and s.has_counter(name) else None
    role = counter.role if counter is not None else side
    found = [(f"aboard {counter.aboard}, as the scenario lists it" if counter is not None and counter.aboard else "off the map, until deployed", OFF)]
    found += [(f"on {w.name}'s surface ({w.hex})", f"on {w.name}") for w in s.worlds]
    found += [(f"aboard {label(s, x)}", f"aboard {x.name}") for x, _ in s.all_ships() if not x.gone and (not role or role_of(s, x.name) == role)]
    return found


OFF = "as listed"
DECLINE = "-"


# ---------------------------------------------------------------------- the builders


def _enter_unit(v: Values, s: Scenario, t: Tables) -> Step:
    name = needed(v, "unit", "the unit whose counter is entered (a new name: its side too)")
    steps = [text(v, f) for f in ("step1", "step2", "step3") if text(v, f)]
    if not steps:
        raise FieldError("step1", "its full step's factors from the counter, attack-defense-maneuver: 4-3-2")
    drop = text(v, "drop")
    if drop not in ("", "no", "yes"):
        raise FieldError("drop", f"yes or no, not {drop!r}")
    where = text(v, "where")
    planet = where.removeprefix("on ") if where.startswith("on ") else ""
    ship = where.removeprefix("aboard ") if where.startswith("aboard ") else ""
    return no_dice(lambda: setup.enter_unit(s, name, steps, text(v, "side"), "", drop == "yes", None, planet, ship))


def _enter_unit_preview(v: Values, s: Scenario, t: Tables) -> str:
    name = text(v, "unit")
    if not name:
        return ""
    if not s.has_counter(name):
        return f"{name}: a new unit: give its side"
    counter = s.counter(name)
    return f"{counter.name}, {s.side(counter.role)} ({counter.role})" + (f": listed aboard {counter.aboard}" if counter.aboard else "")


def _land(v: Values, s: Scenario, t: Tables) -> Step:
    name, planet = needed(v, "ship", "the ship entering the atmosphere"), needed(v, "planet", "the planet")
    return no_dice(lambda: ground_phase.land(s, name, planet))


def _lift(v: Values, s: Scenario, t: Tables) -> Step:
    name = needed(v, "ship", "the ship leaving the atmosphere")
    return no_dice(lambda: ground_phase.lift(s, name))


def _deploy(v: Values, s: Scenario, t: Tables) -> Step:
    name = needed(v, "ship", "the ship carrying the units")
    units = listed(v, "units", "the units put down (space marks one)")
    planet = needed(v, "planet", "the planet")
    return no_dice(lambda: ground_phase.deploy(s, name, units, planet))


def _deploy_preview(v: Values, s: Scenario, t: Tables) -> str:
    ship = _picked_ship(s, v)
    if ship is None:
        return ""
    how = "landed from the atmosphere" if ship.atmosphere else "dropped from orbit: drop-capable units only"
    return f"{ship.name} in {ship.hex}: {how} (8.3)"


def _stockpile(v: Values, s: Scenario, t: Tables) -> Step:
    name, planet = needed(v, "ship", "the ship offloading supply"), needed(v, "planet", "the planet")
    points = number(v, "points", 1)
    if points is None:
        raise FieldError("points", "the supply points offloaded, 1 or more")
    return no_dice(lambda: ground_phase.stockpile(s, name, planet, points))


def _supply(v: Values, s: Scenario, t: Tables) -> Step:
    planet = needed(v, "planet", "the planet whose units are supplied")
    order = [n.strip() for n in text(v, "order").split(",") if n.strip()]
    return no_dice(lambda: ground_phase.supply(s, planet, order))


def _supply_preview(v: Values, s: Scenario, t: Tables) -> str:
    """The points each source gives against the units to supply (9.1.3, 9.2.3, 9.3)."""
    planet = text(v, "planet")
    if not planet:
        return ""
    world = s.world(planet)
    units = supply_order(s, v)
    terrain, _ = planets.terrain_supply(world.planet, s.phasing)
    ships = sum(x.cargo.supply for x in _mine(s) if x.hex == world.hex)
    return (
        f"{len(units)} unit{'s' if len(units) != 1 else ''} to supply: terrain {terrain}, stockpile {world.stockpile(s.phasing)}, "
        f"ships' supply {ships} (a drop unit's first turn down is free, 9.3.2); each unit without loses a step (9.1.4)"
    )


def _ground(v: Values, s: Scenario, t: Tables) -> Step:
    planet = needed(v, "planet", "the planet of the matchup")
    if s.deployed(s.world(planet).name) is not None:
        matchup = number(v, "matchup", 1)
        if matchup is None:
            raise FieldError("matchup", f"the matchup attacked: the units on {planet} are deployed in matchups this phase")
        return lambda rng, rolled: keyed(ground_phase.ground_attack(s, t, planet, (), (), rng, rolled.get(KEY), matchup))
    mine = listed(v, "attackers", "the attacking units (space marks one)")
    theirs = listed(v, "defenders", "the defending units (space marks one)")
    return lambda rng, rolled: keyed(ground_phase.ground_attack(s, t, planet, mine, theirs, rng, rolled.get(KEY)))


def _begin(v: Values, s: Scenario, t: Tables) -> Step:
    planet = needed(v, "planet", "the planet whose units are deployed")
    return no_dice(lambda: matchups.begin(s, planet))


def _match(v: Values, s: Scenario, t: Tables) -> Step:
    planet = needed(v, "planet", "the planet of the deployment")
    name = needed(v, "name", "the unit or ship deployed, or nothing more")
    if name == DECLINE:
        return no_dice(lambda: matchups.decline(s, planet))
    matchup = number(v, "matchup", 1)
    return no_dice(lambda: matchups.commit(s, planet, name, matchup))


def _match_preview(v: Values, s: Scenario, t: Tables) -> str:
    d = _deployment(s, v)
    if d is None:
        return ""
    said = "; ".join(f"{n}. {m.shown()}" for n, m in enumerate(d.matchups, 1)) or "no matchup yet"
    return f"{said} · {d.waiting_for()}"


def _fighter(s: Scenario, name: str) -> gc.Fighter:
    found = s.entered(name)
    return gc.ship_fighter(found[0]) if found is not None else gc.unit_fighter(s.troop(name).unit)


def _ground_preview(v: Values, s: Scenario, t: Tables) -> str:
    """The totals and the odds the attack will read (11.1.2), as the units are marked (or the
    matchup picked)."""
    mine = [n.strip() for n in text(v, "attackers").split(",") if n.strip()]
    theirs = [n.strip() for n in text(v, "defenders").split(",") if n.strip()]
    planet, matchup = text(v, "planet"), text(v, "matchup")
    deployed = s.deployed(s.world(planet).name) if planet else None
    if deployed is not None and matchup.isdigit() and 1 <= int(matchup) <= len(deployed.deployment.matchups):
        m = deployed.deployment.matchups[int(matchup) - 1]
        mine = [n for n in (*m.side(s.phasing).units, *m.side(s.phasing).ships) if not _gone(s, n)]
        theirs = [n for n in (*m.side(other(s.phasing)).units, *m.side(other(s.phasing)).ships) if not _gone(s, n)]
    if not mine:
        return ""
    attack = sum(_fighter(s, n).attack for n in mine)
    said = f"attack {attack}"
    if theirs:
        defense = sum(_fighter(s, n).defense for n in theirs)
        said += f" against defense {defense}" + (f": odds {attack // defense}-1 (11.1.2, fractions dropped)" if defense else "")
        moved = gc.maneuver_modifier([_fighter(s, n) for n in mine], [_fighter(s, n) for n in theirs], s.rules)
        said += f"; the attackers all outmanoeuvre the defenders: {moved[0].value:+d} on the die (11.1.4{' as printed' if moved[0].value > 0 else ' read'})" if moved else ""
    return said


def _side(v: Values) -> Role | None:
    found = text(v, "side")
    return "invader" if found == "invader" else "defender" if found == "defender" else None


def _absorb_more(v: Values, s: Scenario, t: Tables) -> tuple[str, tuple[Field, ...]]:
    """The second form of the losses: the steps each unit (or surface ship) of the matchup loses."""
    owed, role = s.ground_losses, _side(v)
    if owed is None or role is None:
        return "", ()
    names = [n for n in owed.names(role) if not _gone(s, n)]
    surrender = number(v, "surrender", 0) or 0
    help = f"the {role}'s {owed.losses(role)} loss{'es' if owed.losses(role) != 1 else ''} on {owed.planet}: {surrender} taken as terrain, the rest as steps"
    only = f"={max(0, owed.losses(role) - surrender)}" if len(names) == 1 else ""  # (no choice: prefilled)
    return help, tuple(Field(f"steps{n}", name[:24], "steps lost (blank: 0)", only) for n, name in enumerate(names, 1))


def _gone(s: Scenario, name: str) -> bool:
    found = s.entered(name)
    if found is not None:
        return found[0].gone
    unit = s.unit_where(name)
    return unit is None or unit[0].destroyed


def _absorb(v: Values, s: Scenario, t: Tables) -> Step:
    owed = s.ground_losses
    if owed is None:
        raise FieldError("side", "no ground losses are owed: a ground attack's losses are taken after it (k)")
    role = _side(v)
    if role is None:
        raise FieldError("side", f"the side taking its losses: invader or defender, not {text(v, 'side')!r}")
    surrender = number(v, "surrender", 0)
    names = [n for n in owed.names(role) if not _gone(s, n)]
    steps: dict[str, int] = {}
    for n, name in enumerate(names, 1):
        count = number(v, f"steps{n}", 0)
        if count:
            steps[name] = count
    return no_dice(lambda: ground_phase.absorb(s, role, steps, surrender or 0))


def _absorb_preview(v: Values, s: Scenario, t: Tables) -> str:
    owed, role = s.ground_losses, _side(v)
    if owed is None or role is None:
        return ""
    standing = [_fighter(s, n) for n in owed.names(role) if not _gone(s, n)]
    held = s.world(owed.planet).planet.held(role)
    most = gc.lowest_maneuver(standing) if standing else 0
    return f"{owed.losses(role)} to take; terrain held {held.shown()}: up to {min(most, held.total)} surrendered instead, industrial first (11.4, the lowest maneuver {most})"


def _bombard_names(v: Values) -> list[str]:
    return listed(v, "attackers", "the bombarding ships (space marks one)")


def _bombard_ranges(v: Values, s: Scenario, t: Tables) -> tuple[str, tuple[Field, ...]]:
    planet = needed(v, "planet", "the planet bombarded")
    names = _bombard_names(v)
    help = f"the hexes from each ship to {planet}'s hex, the planet's hex counted (0: in it)"
    return help, tuple(range_fields(names))


def _bombard(v: Values, s: Scenario, t: Tables) -> Step:
    planet, names = needed(v, "planet", "the planet bombarded"), _bombard_names(v)
    pairs = ranges(v, names, planet)
    return lambda rng, rolled: keyed(ship_phase.bombard(s, t, planet, pairs, rng, rolled.get(KEY)))


def _terrain(v: Values, s: Scenario, t: Tables) -> Step:
    owed = s.terrain_losses
    if owed is None:
        raise FieldError("industrial", "no step losses are owed to a planet's terrain")
    on_industrial = number(v, "industrial", 0, owed.steps)
    if on_industrial is None:
        raise FieldError("industrial", f"how many of the {owed.steps} fall on industrial points, 0 to {owed.steps}")
    return no_dice(lambda: ship_phase.take_terrain(s, on_industrial))


def _terrain_preview(v: Values, s: Scenario, t: Tables) -> str:
    owed = s.terrain_losses
    if owed is None:
        return "no step losses are owed to a planet's terrain"
    held = s.world(owed.planet).planet.held(owed.role)
    return f"{owed.steps} on {owed.planet}, the {owed.role}'s {held.shown()}: each on industrial makes it settled, each on settled destroys it (12.10.3-12.10.4)"


def _comet(v: Values, s: Scenario, t: Tables) -> Step:
    planet = needed(v, "planet", "the planet whose hex the comet entered")
    comet = needed(v, "comet", "the comet's marker: Comet 1 (each comet bombards once)")
    return no_dice(lambda: ship_phase.comet(s, planet, comet))


def _step_fields(hint: str) -> tuple[Field, ...]:
    return (Field("step1", "Full step", hint), Field("step2", "Reduced step", "blank: none"), Field("step3", "Reduced step 2", "blank: none"))


PLANET = Field("planet", "Planet", "", "system", choices=worlds)
PHASING_UNITS = Field("attackers", "Attackers", "space marks one", choices=lambda s, v: fighters(s, v, s.phasing), many=True)
OTHER_UNITS = Field("defenders", "Defenders", "space marks one", choices=lambda s, v: fighters(s, v, other(s.phasing)), many=True)

PLANETS: Sequence[Action] = (
    Action(
        "u",
        "Enter unit",
        "a ground unit's factors from its counter, attack-defense-maneuver a step: on a planet, aboard a ship, or off the map",
        (
            Field("unit", "Unit", "a listed counter, or a new name", suggest=units_to_enter),
            Field("side", "Side", "a new unit's", choices=sides),
            *_step_fields("4-3-2"),
            Field("drop", "Drop-capable", "yes or no (blank: no)", choices=lambda s, v: [("no", "no"), ("yes: deployed from orbit (8.3.2)", "yes")]),
            Field("where", "Where", "blank: as listed, or off the map", choices=placements),
        ),
        _enter_unit,
        preview=_enter_unit_preview,
    ),
    Action(
        "d",
        "Land",
        "a ship in a planet's hex enters its atmosphere (Landing Actions): defense + planetary gear, double range",
        (
            Field("ship", "Ship", "", "ship", choices=landers),
            PLANET,
        ),
        _land,
    ),
    Action("f", "Lift", "a ship leaves the atmosphere, onto the planet marker (Landing Actions)", (Field("ship", "Ship", "", "ship", choices=in_atmosphere),), _lift),
    Action(
        "y",
        "Deploy",
        "ground units put on the surface: landed from the atmosphere, or dropped from orbit (Landing Actions)",
        (
            Field("ship", "Ship", "", "ship", choices=troop_carriers),
            Field("units", "Units", "space marks one", choices=aboard, many=True),
            PLANET,
        ),
        _deploy,
        preview=_deploy_preview,
    ),
    Action(
        "s",
        "Stockpile",
        "a landed ship offloads supply to its side's stockpile, where the side holds an industrial point (Landing Actions)",
        (
            Field("ship", "Ship", "", "ship", choices=supply_carriers),
            PLANET,
            Field("points", "Supply points", "1 or more"),
        ),
        _stockpile,
    ),
    Action(
        "p",
        "Supply",
        "ground supply on a planet: a point for each of the phasing side's units, or it loses a step",
        (
            Field("planet", "Planet", "", "system", choices=to_supply),
            Field("order", "Order", "blank: as listed; the last go without", choices=supply_order, many=True),
        ),
        _supply,
        preview=_supply_preview,
    ),
    Action(
        "j",
        "Deployment",
        "the ground deployment on a planet begins: the units on its surface and the ships in its atmosphere, matched in turn, the defender first",
        (Field("planet", "Planet", "", "system", choices=undeployed),),
        _begin,
    ),
    Action(
        "m",
        "Match",
        "a unit (or surface ship) deployed by the side to act: opening a matchup, matching it, or added to one; or nothing more",
        (
            Field("planet", "Planet", "", "system", choices=deploying),
            Field("name", "Unit or ship", "the side to act's", choices=to_commit),
            Field("matchup", "Matchup", "blank: a new one, or the one to match", choices=matchup_numbers),
        ),
        _match,
        preview=_match_preview,
    ),
    Action(
        "k",
        "Ground attack",
        "a ground attack in a matchup: the phasing side's units against the other's, the d6 on Table 5",
        (
            Field("planet", "Planet", "", "system", choices=contested),
            Field("matchup", "Matchup", "where the units are deployed", choices=to_attack),
            PHASING_UNITS,
            OTHER_UNITS,
        ),
        _ground,
        preview=_ground_preview,
    ),
    Action(
        "b",
        "Losses",
        "a side takes the last ground attack's losses: steps from its units, or terrain surrendered (the defender first)",
        (
            Field("side", "Side", "", choices=owing),
            Field("surrender", "Terrain given", "points instead of steps (blank: 0)"),
        ),
        _absorb,
        preview=_absorb_preview,
        more=_absorb_more,
    ),
    Action(
        "o",
        "Bombard",
        "strategic bombardment of a planet's economic terrain in Ship Combat (optional rule 12.10)",
        (
            Field("planet", "Planet", "", "system", choices=bombarded),
            Field("attackers", "Ships", "space marks one", choices=lambda s, v: [(label(s, x), x.name) for x in _mine(s) if x.factors.attack > 0], many=True),
        ),
        _bombard,
        more=_bombard_ranges,
        shown=False,
    ),
    Action(
        "i",
        "Terrain losses",
        "the step losses owed to a planet's terrain: how many fall on industrial points, the rest on settled",
        (Field("industrial", "On industrial", "a number"),),
        _terrain,
        preview=_terrain_preview,
        shown=False,
    ),
    Action(
        "c",
        "Comet",
        "Raid on Terra: a comet entering a planet hex in the invader's movement, 50 points of surface bombardment",
        (PLANET, Field("comet", "Comet", "its marker: Comet 1")),
        _comet,
        shown=False,
    ),
    NEXT,
)
