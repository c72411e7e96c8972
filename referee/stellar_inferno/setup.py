"""Setting up and keeping a scenario's counters: a scenario started from its bundled file (the
optional rules agreed added, [12]), a ship's or ground unit's factors entered once from its counter
(or a ship designed by point cost, 12.9), and the hexes of the ships as the referee reads them off
the combat map with their distance from the core (7.3.3; the map is not in our text).

Readings:

- The scenario's Planetary Gear and Cargo lines give those ratings by class: a ship entered without
  a C or P figure takes its class's figure from its side's line, 0 for a class the line does not name.
- Scenario 2's "all two-step terran units (except MO 1, OB 4, CR 50, and all DD's) begin at the
  reduced step": a Terran ship or ground unit (not an Eldar one) entered with exactly two steps
  begins with one lost; the counters the rule exempts are marked in the scenario file.
- A hex's distance from the core is the referee's to give once: a ship placed in a hex where other
  ships are takes theirs; a distance given for a hex is given to every ship there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from referee import strict
from referee.errors import RefereeError
from referee.stellar_inferno import design, movement, optional
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno.ground_units import GroundUnit
from referee.stellar_inferno.scenario import (
    SEQUENCE_RULE,
    SETUP_RULE,
    Agent,
    Counter,
    Done,
    Scenario,
    Troop,
    check_arrives,
    check_entering,
    check_entering_aboard,
    check_unit_entering,
    class_figures,
    done,
    hex_name,
)
from referee.stellar_inferno.scenario_file import read_factors, read_unit_factors
from referee.tables import Tables

COUNTER_RULE = "Stellar Inferno 5.1.1"
CORE_RULE = "Stellar Inferno 7.3.2-7.3.3"
REDUCED_RULE = "Stellar Inferno 14.2, the defender's special rule"
ARRIVAL_RULE = "Stellar Inferno 6.3.1-6.3.2"
ADJUST_RULE = "Stellar Inferno 6.2.4"
MOVE_PHASES = ("fleet-movement", "reinforcements", "maneuver")
PLACE_PHASES = "ships are set up on turn 1, arrive in Reinforcements Arrive (2) and move in Fleet Movement (1) and Individual Ship Maneuver (3)"


def start(scenario: Scenario, add: Iterable[str] = (), drop: Iterable[str] = ()) -> Done:
    """The scenario at turn 1 with the optional rules the players agreed to add or leave out ([12])."""
    added, dropped = optional.in_play(add), optional.in_play(drop)
    both = added & dropped
    if both:
        raise RefereeError(f"{', '.join(sorted(both))}: both added and left out; name each rule once")
    rules = (scenario.rules | added) - dropped
    scenario = scenario._replace(rules=rules)
    s = scenario
    tech = ", ".join(f"{a.nation} {a.value:+d}" for a in s.technology) or "none"
    if s.technology and "technology-advantage" not in rules:
        tech += " (not played: the optional rule 12.12 is left out)"
    lines = [
        f"{s.name} (scenario {s.number}): {s.invader.name} (invader) against {s.defender.name} (defender), {s.turns} turns",
        f"optional rules in force: {', '.join(optional.title(r) for r in sorted(rules)) or 'none'}; technology advantage: {tech}",
        f"victory: {s.victory.text}",
        f"set-up: the defender places the units available at the start at its deploy locations ({s.defender.deploy}), then the invader ({s.invader.deploy}); enter each counter's factors from the counter as it comes into play (referee si ship, si unit)",
    ]
    entry = s.entry("\n  ".join(lines), rule=s.source or SETUP_RULE)
    return done(scenario, entry)


# -- ships -----------------------------------------------------------------------------------------


def enter_ship(
    s: Scenario,
    si: Tables,
    name: str,
    steps: Sequence[str],
    code: str = "",
    side: str = "",
    nation: str = "",
    cost: int | None = None,
    designed: bool = False,
    speciality: str = "",
    sdu: bool = False,
    psi: int = 0,
    arrives: int | None = None,
    aboard: str = "",
    supply: int = 0,
) -> Done:
    """A ship's factors entered from its counter (or designed, 12.9): its counter's if the scenario
    names it, else a new counter of ``code`` for ``side``. Its listed cargo (units entered, supply)
    goes aboard, and ``supply`` points more; ``aboard``: it is itself carried by a ship on the map
    (scenario 3's frigates)."""
    counter = _counter(s, name, "ship", code, side, nation)
    if not s.has_counter(name):
        _check_code(si, counter.code)
    aboard = s.counter(aboard, "ship").name if aboard else ""
    if s.entered(counter.name) is not None:
        raise RefereeError(f"{counter.name}'s factors are entered already ({_ship_line(s, counter.name)}); referee undo takes an entry back")
    if not steps:
        raise RefereeError(f"give {counter.name}'s factors, a --step for its full step and one for each reduced step: --step 'A4 D5 M3 R5' (C and P from the scenario's lines)")
    force = s.force(counter.role)
    defaults = {"cargo": class_figures(force.cargo, "cargo").get(counter.code, 0), "planetary_gear": class_figures(force.gear, "gear").get(counter.code, 0)}
    factors = [read_factors(text, f"{counter.name} step {n}", defaults) for n, text in enumerate(steps, 1)]
    lines: list[str] = []
    if designed:
        made = design.design(si, factors, s.rules, speciality, counter.code)
        lines += [f"designed: {line}" for line in made.lines()]
        cost = made.cost.total if cost is None else cost
    elif speciality:
        raise RefereeError("--speciality checks a design against Table 2: give it with --design")
    ship = sh.new_ship(counter.name, s.side(counter.role), counter.code, factors, s.rules, cost, sdu, psi)
    lines.insert(
        0,
        f"{ship.name} ({counter.code}{' ' + counter.number if counter.number else ''}, {s.side(counter.role)}{', ' + counter.nation if counter.nation else ''}) entered: "
        + "; ".join(f.shown() for f in ship.steps),
    )
    taken = [(letter, key) for letter, key in (("C", "cargo"), ("P", "planetary_gear")) if any(letter not in text.upper() for text in steps)]
    if taken:
        line = {"C": ("Cargo", force.cargo), "P": ("Planetary Gear", force.gear)}
        lines.append(
            "; ".join(
                f"{letter}{defaults[key]} from the scenario's {line[letter][0]} line ({line[letter][1]})"
                if counter.code in class_figures(line[letter][1], key)
                else f"{letter}0: the scenario's {line[letter][0]} line ({line[letter][1] or 'none'}) names no {counter.code}"
                for letter, key in taken
            )
        )
    if not designed:
        lines.append(f"point cost {ship.cost}" + (" (given)" if cost is not None else f" by the formula, {design.cost(ship.steps[0]).formula} ({design.COST_RULE})"))
    if _starts_reduced(counter, len(ship.steps)):
        ship = ship._replace(lost=1)
        lines.append(f"begins at its reduced step, {ship.factors.shown()}: all two-step Terran units but MO 1, OB 4, CR 50 and the DDs, and no repairs ({REDUCED_RULE})")
    counter = counter._replace(arrives=counter.arrives if arrives is None else arrives, aboard=aboard or counter.aboard)
    s = _with_counter(s, counter)
    if aboard:
        check_entering_aboard(s, counter, s.counter(aboard, "ship"))
    ship, loaded = _load_listed(s, ship, counter, supply)
    if loaded:
        lines.append(f"aboard: {ship.cargo.shown()} (Stellar Inferno 5.2)")
        s = s._replace(troops=tuple(t for t in s.troops if t.unit.name not in {u.name for u in ship.cargo.units}))
    if aboard:
        carrier = s.ship(aboard)
        if carrier.side != ship.side:
            raise RefereeError(f"{carrier.name} is not {ship.side}'s: a ship carries its own side's ships")
        s = s.replaced(sh.load(carrier, ships=[ship]))
        lines.append(f"carried aboard {carrier.name}: {sh.cargo_points(ship)} cargo points of its {carrier.factors.cargo} ({sh.CARGO_RULE})")
    else:
        s = s._replace(ships=s.ships + (ship,))
    if psi:
        agent = Agent(f"{ship.name}'s psi agent", counter.role, psi, ship.name)
        if any(a.name.casefold() == agent.name.casefold() for a in s.agents):
            raise RefereeError(f"a psi agent is called {agent.name!r} already: name the agent aboard instead (referee si agent NAME --aboard {ship.name} --psi {psi})")
        s = s.with_agents((*s.agents, agent))
        lines.append(f"{agent.name} aboard, psi rating {psi} (Stellar Inferno 12.7)")
    if counter.arrives is not None:
        lines.append(f"arrives {'at the start' if counter.arrives == 0 else f'on turn {counter.arrives}'}")
    return done(s, s.entry("\n  ".join(lines), rule=f"{COUNTER_RULE}; {design.COST_RULE}"))


def _counter(s: Scenario, name: str, kind: str, code: str, side: str, nation: str) -> Counter:
    """The scenario's counter named, or a new one (``code`` and ``side`` needed)."""
    strict.name(name, "the name")
    if s.has_counter(name):
        counter = s.counter(name)
        if counter.kind != kind:
            raise RefereeError(f"{counter.name} is a {'ship' if counter.kind == 'ship' else 'ground unit'} of the scenario, not a {'ship' if kind == 'ship' else 'ground unit'}")
        if code and code.strip().upper() != counter.code:
            raise RefereeError(f"{counter.shown()} is a {counter.code} in the scenario, not a {code.strip().upper()}")
        if side and s.role(side) != counter.role:
            raise RefereeError(f"{counter.name} is the {counter.role}'s ({s.side(counter.role)}) in the scenario")
        if nation and nation.strip() != (counter.nation or s.side(counter.role)):
            raise RefereeError(f"{counter.name} is {counter.nation or s.side(counter.role)} in the scenario")
        return counter
    starting = [c.name for c in s.counters if c.name.casefold().startswith(name.strip().casefold())]
    if not side:
        hint = f" (did you mean {', '.join(starting)}?)" if starting else ""
        raise RefereeError(f"{name.strip()!r} is not a counter of {s.name}{hint}: to add one, give its side (--side invader or defender)" + (" and its class (--code CA)" if kind == "ship" else ""))
    role = s.role(side)
    if kind == "ship":
        code = code.strip().upper()
        if not code:
            raise RefereeError(f"{name.strip()!r} is not a counter of {s.name}: give its class as on the counter (--code CA; Table 1 and 2 codes)")
    nation = nation.strip()
    if nation.casefold() == s.side(role).casefold():
        nation = ""
    counter = Counter(name.strip(), role, "ship" if kind == "ship" else "unit", code if kind == "ship" else "", nation=nation)
    return counter._replace(reduced=_new_reduced(s, counter))


def _check_code(si: Tables, code: str) -> None:
    """A new ship's class is a code of Table 1 (combat ships) or Table 2 (speciality ships): its counter
    shows one of them (12.9.1-12.9.4)."""
    known = [str(row["code"]) for table in (design.CATEGORIES, design.SPECIALITIES) for row in si.get(table).rows]
    if code not in known:
        raise RefereeError(f"{code!r} is not a ship class of Table 1 or Table 2; give one of {', '.join(known)} ({design.CATEGORY_RULE}; {design.SPECIALITY_RULE})")


def _new_reduced(s: Scenario, counter: Counter) -> bool:
    """Scenario 2's rule for a counter the referee adds: a Terran (not Eldar) unit other than a DD."""
    return s.number == 2 and counter.role == "defender" and not counter.nation and counter.code != "DD"


def _starts_reduced(counter: Counter, steps: int) -> bool:
    """Scenario 2's rule applies to two-step units only."""
    return counter.reduced and steps == 2


def _with_counter(s: Scenario, counter: Counter) -> Scenario:
    """The counter added or replaced; a ship's arrival is that of the counters listed aboard it."""
    check_arrives(s, counter)
    if not s.has_counter(counter.name):
        return s._replace(counters=s.counters + (counter,))
    aboard = counter.kind == "ship" and counter.arrives is not None
    return s._replace(counters=tuple(counter if c.name == counter.name else c._replace(arrives=counter.arrives) if aboard and c.aboard == counter.name else c for c in s.counters))


def _load_listed(s: Scenario, ship: sh.Ship, counter: Counter, supply: int) -> tuple[sh.Ship, bool]:
    """The cargo the scenario lists for the ship (its supply, the units listed aboard it whose
    factors are entered, waiting off the map), and ``supply`` points more."""
    units = [t.unit for t in s.troops if not t.planet and not t.unit.destroyed and s.counter(t.unit.name).aboard == counter.name]
    if supply < 0:
        raise RefereeError(f"supply points aboard are 0 or more, not {supply}")
    if not units and not counter.supply and not supply:
        return ship, False
    return sh.load(ship, units=units, supply=counter.supply + supply), True


def _ship_line(s: Scenario, name: str) -> str:
    found = s.entered(name)
    assert found is not None
    return found[0].shown() + (f", aboard {found[1]}" if found[1] else "")


# -- ground units ------------------------------------------------------------------------------------


def enter_unit(
    s: Scenario,
    name: str,
    steps: Sequence[str],
    side: str = "",
    nation: str = "",
    drop: bool = False,
    arrives: int | None = None,
    planet: str = "",
    aboard: str = "",
) -> Done:
    """A ground unit's factors entered from its counter, attack-defense-maneuver a step: on a
    planet's surface (a defender's at the start), aboard a ship on the map, or waiting for the ship
    the scenario lists it aboard."""
    counter = _counter(s, name, "unit", "", side, nation)
    if s.unit_where(counter.name) is not None:
        raise RefereeError(f"{counter.name}'s factors are entered already; referee undo takes an entry back")
    if not steps:
        raise RefereeError(f"give {counter.name}'s factors, a --step for each step, full strength first: --step 4-3-2")
    if planet and aboard:
        raise RefereeError("a ground unit is on a planet or aboard a ship, not both")
    if aboard:
        carrier_counter = s.counter(aboard, "ship")
        if carrier_counter.role != counter.role:
            raise RefereeError(f"{carrier_counter.name} is the {carrier_counter.role}'s: a ship carries its own side's units")
        aboard = carrier_counter.name
    unit = GroundUnit(counter.name, s.side(counter.role), tuple(read_unit_factors(t, f"{counter.name} step {n}") for n, t in enumerate(steps, 1)), drop=drop)
    lines = [f"{unit.name} ({s.side(counter.role)} ground unit{', drop-capable' if drop else ''}) entered: " + ", ".join(f.shown() for f in unit.steps)]
    if _starts_reduced(counter, len(unit.steps)):
        unit = unit._replace(lost=1)
        lines.append(f"begins at its reduced step, {unit.factors.shown()} ({REDUCED_RULE})")
    listed = counter.aboard
    counter = counter._replace(arrives=counter.arrives if arrives is None else arrives, aboard=aboard or counter.aboard)
    s = _with_counter(s, counter)
    check_unit_entering(s, counter, listed, planet, counter.aboard)
    carrier = s.entered(counter.aboard) if counter.aboard and not planet else None
    if planet:
        world = s.world(planet)
        s = s.with_troops(Troop(unit, world.name, s.turn))
        lines.append(f"on {world.name}'s surface")
    elif carrier is not None:
        if carrier[1]:
            raise RefereeError(f"{carrier[0].name} is itself aboard {carrier[1]}: load {unit.name} when it is unloaded")
        s = s.replaced(sh.load(carrier[0], units=[unit]))
        lines.append(f"aboard {carrier[0].name} ({sh.CARGO_RULE})")
    else:
        s = s.with_troops(Troop(unit))
        lines.append(f"waiting for {counter.aboard}, whose factors are not entered yet" if counter.aboard else "off the map (si deploy or si unit --on PLANET puts a unit down)")
    if counter.arrives is not None:
        lines.append(f"arrives {'at the start' if counter.arrives == 0 else f'on turn {counter.arrives}'}")
    return done(s, s.entry("\n  ".join(lines), rule="Stellar Inferno [3], 10-11"))


# -- the map -------------------------------------------------------------------------------------------


def place(s: Scenario, names: Sequence[str], where: str, core: int | None = None, correction: bool = False) -> Done:
    """Ships set in a hex as the referee reads them off the map, with the hex's distance from the
    core (given once a hex: taken from the ships there, given to all of them). A ship comes onto the
    map at the set-up (turn 1, Fleet Movement) or in its side's Reinforcements Arrive phase (6.3.1),
    and moves in its side's Fleet Movement or Individual Ship Maneuver phase ([4], 6.2, 6.4); the
    referee's ``correction`` of the record, outside those, is allowed and logged as such."""
    if not names:
        raise RefereeError("name the ships to place")
    hex_ = hex_name(where)
    moving = [s.ship(n) for n in names]
    if len({m.name for m in moving}) != len(moving):
        raise RefereeError("a ship is named twice")
    for ship in moving:
        if ship.left_map:
            raise RefereeError(f"{ship.name} left the map on turn {ship.left_map}: it is removed from the game and does not come back ({sh.LEAVE_RULE}); referee undo takes a record back")
        check_entering(s, ship, hex_, [m.name for m in moving], correction)
        if ship.atmosphere and ship.hex and ship.hex != hex_:
            raise RefereeError(f"{ship.name} is within a planet's atmosphere in {ship.hex}: it leaves the atmosphere in the Landing Actions phase first (Stellar Inferno 8.1.3: referee si lift)")
    there = [x for x in s.ships if x.hex == hex_ and not x.gone and x.name not in {m.name for m in moving}]
    if core is None:
        known = {x.core_distance for x in there}
        if not known:
            raise RefereeError(f"no ship is in {hex_} yet: give its distance from the core, --core N (the hexes from the core row, {CORE_RULE})")
        core = known.pop()
    elif core < 0:
        raise RefereeError(f"a distance from the core is 0 or more hexes, not {core}")
    changed = [x for x in there if x.core_distance != core]
    if not correction:
        refused = [why for why in (_placing(s, m, hex_, core) for m in moving) if why]
        if changed and s.phase not in MOVE_PHASES:
            refused.append(f"{hex_}'s distance from the core is {changed[0].core_distance}: the map does not change outside the movement phases")
        if s.outcome:
            refused.append(f"the game is over ({s.outcome})")
        if refused:
            raise RefereeError(f"{'; '.join(refused)} ({SEQUENCE_RULE}: {PLACE_PHASES}); if the record is wrong, correct it: referee si place ... --correction")
    s = put(s, moving, there, hex_, core, moved=not correction)
    text = f"{', '.join(m.name for m in moving)} in {hex_}, {core} hex{'es' if core != 1 else ''} from the core"
    text += f" (and so {', '.join(x.name for x in changed)} there)" if changed else ""
    if correction:
        text = f"the referee corrects the map record, not a move ({SEQUENCE_RULE}): {text}"
    return done(s, s.entry(text, rule=f"{CORE_RULE}; {SEQUENCE_RULE}" if correction else CORE_RULE))


def put(s: Scenario, moving: Sequence[sh.Ship], there: Sequence[sh.Ship], hex_: str, core: int, moved: bool = True) -> Scenario:
    """The ships set in ``hex_`` at ``core`` hexes from the core, those already there rated with them;
    a ship that comes into the hex (``moved``: not the referee's correction of the record, nor the
    set-up) has moved this turn (8.1.2's orbit)."""
    came = [m.name for m in moving if moved and (m.hex and m.hex != hex_ or not m.hex and not s.at_start)]
    s = s.replaced(*(x._replace(hex=hex_, core_distance=core) for x in [*moving, *there]))
    return s.acting("moved", *came) if came else s


def _placing(s: Scenario, ship: sh.Ship, hex_: str, core: int) -> str:
    """Why placing ``ship`` in ``hex_`` is not the record of a move the sequence of play allows now
    ("" when it is)."""
    counter = s.counter(ship.name)
    if not ship.hex:
        return ""  # its entry: check_entering
    if ship.hex == hex_ and ship.core_distance == core:
        return ""
    if s.phase not in MOVE_PHASES or s.phasing != counter.role:
        return f"{ship.name} is the {counter.role}'s and moves only in the {counter.role}'s Fleet Movement (1) or Individual Ship Maneuver (3) phase; it is now {s.where()}"
    if s.phase == "fleet-movement" and s.force(counter.role).adjusted:
        return f"the {counter.role}'s fleet velocity was adjusted this turn: its fleet movement is completed ({ADJUST_RULE}: 'Once a player has completed fleet movement, the fleet velocity can be adjusted')"
    if s.phase == "reinforcements" and counter.arrives != s.turn:
        return f"{ship.name} moves in the Fleet Movement (1) or Individual Ship Maneuver (3) phase, not in Reinforcements Arrive (only the ships arriving are placed then, {ARRIVAL_RULE})"
    if s.phase == "maneuver" and ship.hex != hex_:
        did = s.did(ship.name)
        if "ram" in did:
            return f"{ship.name} has rammed this turn: it ends its movement in the target's hex (Stellar Inferno 12.8.2)"
        can = allowance(s, ship)
        if "maneuver" not in did and not can.hexes:
            return f"{ship.name} cannot maneuver this turn: {'; '.join(can.reasons)}"
    return ""


def allowance(s: Scenario, ship: sh.Ship, overload: bool = False) -> movement.Allowance:
    """The ship's maneuver this turn after what it did (6.5.2-6.5.3, 12.6.3, 12.13.3)."""
    did = s.did(ship.name)
    return movement.maneuver_allowance(
        ship,
        handling_cargo=bool({"load", "unload"} & set(did)),
        carried="carried" in did,
        sweeping="sweep" in did,
        boarding="board" in did,
        overloading=overload,
        rules=s.rules,
    )


def arrival(s: Scenario, name: str, turn: int) -> Done:
    """The turn a counter arrives (0: at the start), as the book's Turn Units pictures show it."""
    counter = s.counter(name)
    if not 0 <= turn <= s.turns:
        raise RefereeError(f"a counter arrives at the start (0) or on a turn from 1 to {s.turns}, not {turn}")
    s = _with_counter(s, counter._replace(arrives=turn))
    with_it = [c.name for c in s.counters if c.aboard == counter.name and counter.kind == "ship"]
    said = f" with {', '.join(with_it)} aboard" if with_it else ""
    return done(s, s.entry(f"{counter.shown()} arrives {'at the start' if turn == 0 else f'on turn {turn}'}{said}", rule=ARRIVAL_RULE))
