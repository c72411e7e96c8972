"""Everything the referee does to a Stellar Inferno scenario from the app: each action's fields
(ships, hexes, units and planets picked from lists of what the rules allow now), how the values
become a call into the rules (``referee.stellar_inferno``), and the line under the fields. No
Textual here.

A step is ``step(rng, rolled) -> Stepped`` as for the other kinds (``referee.tui.forms``): the
rules' ``Done`` with each log line keyed for the dice dialog. An attack's d6 is typed under the
line's key; a recovery's two dice an attempt each under a key of its own (:func:`recovery_keys`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from referee.stellar_inferno import maneuver_phase, setup, ship_phase, turn
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno.planets import other
from referee.stellar_inferno.scenario import Done, Scenario
from referee.tables import Tables
from referee.tui.forms import Action, Field, FieldError, Line, Values, keyed_lines, later_roll, needed, number, text


class Stepped(NamedTuple):
    state: Scenario
    entries: tuple[Line, ...]


Step = Callable[[random.Random, Mapping[str, str]], Stepped]
NONE = "none"
KEY = ""  # (one roll a line: no key beside it in the dice dialog)


def keyed(done: Done, key: str = KEY) -> Stepped:
    return Stepped(done.state, keyed_lines(done.entries, key))


def no_dice(make: Callable[[], Done]) -> Step:
    return lambda rng, rolled: keyed(make())


# ---------------------------------------------------------------------- lists to pick from


def role_of(s: Scenario, name: str) -> str:
    return s.counter(name).role


def label(s: Scenario, ship: sh.Ship) -> str:
    where = f" in {ship.hex}" if ship.hex else ""
    return f"{ship.name} ({ship.code}, {role_of(s, ship.name)}){where}: {ship.factors.shown()}, {ship.steps_left}/{len(ship.steps)}"


def to_enter(s: Scenario, values: Values) -> list[tuple[str, str]]:
    """The ship counters whose factors are not entered, the phasing side's first."""
    entered = {ship.name for ship, _ in s.all_ships()}
    waiting = sorted((c for c in s.counters if c.kind == "ship" and c.name not in entered), key=lambda c: c.role != s.phasing)
    return [(f"{c.shown()}, {c.role}" + (f", arrives turn {c.arrives}" if c.arrives else ""), c.name) for c in waiting]


def on_map(s: Scenario, values: Values) -> list[tuple[str, str]]:
    """The ships that can be placed: entered, not carried, not destroyed nor gone off the map (6.4.3)."""
    return [(label(s, x), x.name) for x in s.ships if not x.gone]


def leaving(s: Scenario, values: Values) -> list[tuple[str, str]]:
    """The ships that can leave the map: in a hex, out of any atmosphere, the phasing side's first (6.4.3)."""
    found = [x for x in s.ships if x.hex and not x.gone and not x.atmosphere]
    return [(label(s, x), x.name) for x in sorted(found, key=lambda x: role_of(s, x.name) != s.phasing)]


def hexes(s: Scenario, values: Values) -> list[tuple[str, str]]:
    """The hexes with ships in them, and the planets' hexes (suggested; a new hex may be typed)."""
    found = sorted({x.hex for x in s.ships if x.hex and not x.gone} | {w.hex for w in s.worlds})
    return [(h, h) for h in found]


def targets(s: Scenario, values: Values) -> list[tuple[str, str]]:
    """The hexes holding ships of the side not phasing."""
    enemy = other(s.phasing)
    found: dict[str, list[str]] = {}
    for x in s.ships:
        if x.hex and not x.gone and role_of(s, x.name) == enemy:
            found.setdefault(x.hex, []).append(x.name)
    return [(f"{h}: {', '.join(names)}", h) for h, names in sorted(found.items())]


def attackers(s: Scenario, values: Values) -> list[tuple[str, str]]:
    """The phasing side's ships placed on the map, able to attack."""
    return [(label(s, x), x.name) for x in s.ships if x.hex and not x.gone and not x.captured and role_of(s, x.name) == s.phasing and x.factors.attack > 0]


def losing(s: Scenario, values: Values, before: Sequence[str]) -> list[tuple[str, str]]:
    owed = s.ship_losses
    if owed is None:
        return []
    taken = {text(values, f) for f in before}
    if before and (NONE in taken or not all(taken)):
        return []
    left = [(label(s, s.ship(n)), n) for n in owed.ships if n not in taken and not s.ship(n).gone]
    return [("none: the ships above take them all", NONE), *left] if before and left else left


def order_field(number_: int) -> Field:
    before = [f"loss{n}" for n in range(1, number_)]
    return Field(f"loss{number_}", "First" if number_ == 1 else "Then", "the defender's choice" if number_ == 1 else "blank: none more", choices=lambda s, v: losing(s, v, before))


def recovering(s: Scenario, values: Values) -> list[tuple[str, str]]:
    """The phasing side's ships owing recovery rolls: steps lost this turn, not crippled."""
    return [
        (f"{x.name}: {x.lost_this_round} attempt{'s' if x.lost_this_round > 1 else ''}, defense {x.factors.defense}", x.name)
        for x in s.ships
        if x.lost_this_round and not x.gone and not x.crippled and role_of(s, x.name) == s.phasing
    ]


def carriers(s: Scenario, values: Values) -> list[tuple[str, str]]:
    """The phasing side's ships on the map with a cargo rating (5.2)."""
    return [(f"{label(s, x)}; cargo {x.cargo.points()} of {x.factors.cargo}", x.name) for x in s.ships if x.hex and not x.gone and x.factors.cargo and role_of(s, x.name) == s.phasing]


def boarding(s: Scenario, values: Values) -> list[tuple[str, str]]:
    """The phasing side's ships in the carrier's hex that it could take aboard."""
    found = s.entered(text(values, "ship")) if text(values, "ship") else None
    if found is None:
        return []
    carrier = found[0]
    return [(label(s, x), x.name) for x in s.ships if x.hex == carrier.hex and x.name != carrier.name and not x.gone and role_of(s, x.name) == s.phasing]


def carrying(s: Scenario, values: Values) -> list[tuple[str, str]]:
    return [(f"{label(s, x)}; aboard {', '.join(c.name for c in x.cargo.ships)}", x.name) for x in s.ships if x.cargo.ships and not x.gone and role_of(s, x.name) == s.phasing]


def carried(s: Scenario, values: Values) -> list[tuple[str, str]]:
    found = s.entered(text(values, "ship")) if text(values, "ship") else None
    return [] if found is None else [(label(s, x), x.name) for x in found[0].cargo.ships]


def owing_cargo(s: Scenario, values: Values) -> list[tuple[str, str]]:
    """The ships owing cargo eliminated after a step loss (7.4.2)."""
    return [(f"{x.name}: {x.cargo_owed} cargo point{'s' if x.cargo_owed != 1 else ''} owed; aboard {x.cargo.shown()}", x.name) for x, _ in s.all_ships() if x.cargo_owed and not x.gone]


def cargo_units(s: Scenario, values: Values) -> list[tuple[str, str]]:
    found = s.entered(text(values, "ship")) if text(values, "ship") else None
    return [] if found is None else [(u.name, u.name) for u in found[0].cargo.units]


# ---------------------------------------------------------------------- the builders


def _enter(v: Values, s: Scenario, t: Tables) -> Step:
    name = needed(v, "ship", "the ship whose counter is entered")
    steps = [text(v, f) for f in ("step1", "step2", "step3") if text(v, f)]
    if not steps:
        raise FieldError("step1", "its full step's factors from the counter: A4 D5 M3 R5 (C and P: the scenario's lines by class unless given)")
    return no_dice(lambda: setup.enter_ship(s, t, name, steps))


def _enter_preview(v: Values, s: Scenario, t: Tables) -> str:
    name = text(v, "ship")
    if not name:
        return ""
    counter = s.counter(name, "ship")
    force = s.force(counter.role)
    return f"{counter.shown()}, {s.side(counter.role)}: cargo line {force.cargo or 'none'}; planetary gear {force.gear or 'none'}"


def _place(v: Values, s: Scenario, t: Tables) -> Step:
    names = [n.strip() for n in needed(v, "ships", "the ships to place (space marks one)").split(",") if n.strip()]
    where = needed(v, "hex", "their hex: J9, or 6/J9 with the map's number")
    core = number(v, "core", 0)
    return no_dice(lambda: setup.place(s, names, where, core, yes(v, "correction")))


def _place_preview(v: Values, s: Scenario, t: Tables) -> str:
    where = text(v, "hex").upper()
    if not where:
        return ""
    there = [x for x in s.ships if x.hex.upper() == where and not x.gone]
    core = text(v, "core")
    if not there:
        return f"{where}: no ship there yet, {core} from the core" if core else f"{where}: no ship there yet: give its distance from the core (7.3.2-7.3.3)"
    return f"{where}: {', '.join(x.name for x in there)}, {there[0].core_distance} from the core (blank keeps it)"


def _leave(v: Values, s: Scenario, t: Tables) -> Step:
    name = needed(v, "ship", "the ship that left the map")
    return no_dice(lambda: maneuver_phase.leave(s, name, yes(v, "correction")))


def _attack_names(v: Values) -> list[str]:
    return [n.strip() for n in needed(v, "attackers", "the attacking ships (space marks one)").split(",") if n.strip()]


def _attack_ranges(v: Values, s: Scenario, t: Tables) -> tuple[str, tuple[Field, ...]]:
    """The second form of an attack: the range each attacker counts to the target hex."""
    needed(v, "hex", "the target hex")
    names = _attack_names(v)
    help = f"the hexes from each ship to {text(v, 'hex')}, the target's hex counted (0: in it), as counted on the map"
    fields = range_fields(names)
    if "overloading-weapons" in s.rules:
        fields.append(Field("overload", "Overloading weapons", "space marks one (each takes a step, 12.5)", choices=lambda s_, v_: [(n, n) for n in names], many=True))
    if "asteroids" in s.rules:
        listed = text(v, "hex").upper() in {h.upper() for h in s.asteroids}
        fields.append(Field("asteroids", "Into asteroids", "yes: the scenario lists the hex" if listed else "yes or no (blank: no)", choices=yes_no))
        fields.append(Field("rings", "Across rings", "yes or no (blank: no)", choices=yes_no))
    return help, tuple(fields)


def yes_no(s: Scenario, values: Values) -> list[tuple[str, str]]:
    return [("no", "no"), ("yes", "yes")]


def listed(v: Values, field: str, what: str) -> list[str]:
    """The names a field of many holds, at least one."""
    return [n.strip() for n in needed(v, field, what).split(",") if n.strip()]


def range_fields(names: Sequence[str]) -> list[Field]:
    """A second form's fields: each ship's range to the target, as counted on the map."""
    return [Field(f"range{n}", f"Range {name}"[:24], "hexes (0: the same hex)") for n, name in enumerate(names, 1)]


def ranges(v: Values, names: Sequence[str], where: str) -> list[tuple[str, int]]:
    """Each ship with the range typed for it (:func:`range_fields`)."""
    pairs = []
    for n, name in enumerate(names, 1):
        counted = number(v, f"range{n}", 0, 99)
        if counted is None:
            raise FieldError(f"range{n}", f"{name}'s range to {where}: the hexes counted, 0 in the same hex")
        pairs.append((name, counted))
    return pairs


def yes(v: Values, field: str) -> bool:
    value = text(v, field)
    if value not in ("", "no", "yes"):
        raise FieldError(field, f"yes or no, not {value!r}")
    return value == "yes"


def _attack(v: Values, s: Scenario, t: Tables) -> Step:
    where, names = needed(v, "hex", "the target hex"), _attack_names(v)
    pairs = ranges(v, names, where)
    overload = [n.strip() for n in text(v, "overload").split(",") if n.strip()]
    asteroids, rings = yes(v, "asteroids"), yes(v, "rings")
    return lambda rng, rolled: keyed(ship_phase.attack(s, t, pairs, where, rng, rolled.get(KEY), overload, asteroids, rings))


def _attack_preview(v: Values, s: Scenario, t: Tables) -> str:
    where = text(v, "hex")
    if not where:
        return ""
    stack = [x for x in s.ships if x.hex == where and not x.gone and role_of(s, x.name) != s.phasing]
    said = f"{where}, {stack[0].core_distance if stack else 0} from the core: " + ", ".join(f"{x.name} D{sh.defense_rating(x).value}" for x in stack)
    names = [n.strip() for n in text(v, "attackers").split(",") if n.strip()]
    if names:
        said += " · against " + ", ".join(f"{n} A{sh.attack_rating(s.ship(n)).value} R{s.ship(n).factors.range}" for n in names)
    return said


def _assign(v: Values, s: Scenario, t: Tables) -> Step:
    order = [text(v, f"loss{n}") for n in range(1, 5) if text(v, f"loss{n}") not in ("", NONE)]
    if not order:
        raise FieldError("loss1", "the first ship to take the losses")
    return no_dice(lambda: ship_phase.assign(s, order))


def _assign_preview(v: Values, s: Scenario, t: Tables) -> str:
    owed = s.ship_losses
    if owed is None:
        return "no step losses are owed to ships"
    return f"{owed.steps} step loss{'es' if owed.steps != 1 else ''} in {owed.hex}, the {owed.role}'s: each ship named takes them until it is destroyed (7.3.9-7.3.11)"


def recovery_keys(ship: sh.Ship) -> list[tuple[str, str]]:
    """The dice dialog's keys of each attempt's two dice: the line's first roll, then each later
    one by what it is for (the rules name both dice of an attempt alike: "first die" and "second
    die" are added)."""
    found = []
    for attempt in range(1, ship.lost_this_round + 1):
        purpose = f"damage recovery of {ship.name}, attempt {attempt}"
        first = KEY if attempt == 1 else later_roll(KEY, f"{purpose}, first die")
        found.append((first, later_roll(KEY, f"{purpose}, second die")))
    return found


def _named_dice(line: Line) -> Line:
    said = tuple(f"{r}, {'first' if n % 2 == 0 else 'second'} die" for n, r in enumerate(line.rolls))
    return line._replace(rolls=said)


def _recover(v: Values, s: Scenario, t: Tables) -> Step:
    name = needed(v, "ship", "the ship recovering")
    keys = recovery_keys(s.ship(name))

    def step(rng: random.Random, rolled: Mapping[str, str]) -> Stepped:
        pairs = []
        for first, second in keys:
            if first not in rolled and second not in rolled:
                break
            pairs.append((rolled.get(first), rolled.get(second)))
        made = keyed(ship_phase.recover(s, name, rng, pairs))
        return made._replace(entries=tuple(_named_dice(e) if e.rolls else e for e in made.entries))

    return step


def _next(v: Values, s: Scenario, t: Tables) -> Step:
    return no_dice(lambda: turn.next_phase(s))


def _velocity(v: Values, s: Scenario, t: Tables) -> Step:
    value = text(v, "velocity")
    try:
        new = int(value)
    except ValueError:
        raise FieldError("velocity", f"a whole number, one more or less than {s.force(s.phasing).velocity:+d}, not {value!r}") from None
    return no_dice(lambda: turn.velocity(s, new))


def _load(v: Values, s: Scenario, t: Tables) -> Step:
    carrier, names = needed(v, "ship", "the carrier"), listed(v, "ships", "the ships taken aboard (space marks one)")
    return no_dice(lambda: ship_phase.load_ship(s, carrier, names))


def _unload(v: Values, s: Scenario, t: Tables) -> Step:
    carrier, names = needed(v, "ship", "the carrier"), listed(v, "ships", "the ships unloaded (space marks one)")
    return no_dice(lambda: ship_phase.unload_ship(s, carrier, names))


def _cargo(v: Values, s: Scenario, t: Tables) -> Step:
    name = needed(v, "ship", "the ship whose cargo is eliminated")
    units = [n.strip() for n in text(v, "units").split(",") if n.strip()]
    lost = [n.strip() for n in text(v, "ships").split(",") if n.strip()]
    reduce = [n.strip() for n in text(v, "reduce").split(",") if n.strip()]
    supply = number(v, "supply", 0) or 0
    return no_dice(lambda: ship_phase.eliminate_cargo(s, name, units, supply, lost, reduce))


def _cargo_preview(v: Values, s: Scenario, t: Tables) -> str:
    found = s.entered(text(v, "ship")) if text(v, "ship") else None
    if found is None:
        return ""
    ship = found[0]
    return f"{ship.name} owes {ship.cargo_owed} cargo point{'s' if ship.cargo_owed != 1 else ''}: a unit or a supply point is 1, a ship its cost / 10; or a ship aboard reduced a step (7.4.2-7.4.3)"


def ends_the_game(s: Scenario) -> str:
    """The last n of the final turn gives the verdict: asked first."""
    return "Give the verdict?" if s.phase == "victory" and s.phasing == "defender" and s.turn == s.turns and not s.outcome else ""


NEXT = Action("n", "Next", "the next phase: the defender's part after the invader's, the next turn after Check Victory Conditions (refused while losses are owed)", (), _next, ask=ends_the_game)

SHIP = Field("ship", "Ship", "", "ship")
CORRECTION = Field("correction", "Correction", "yes: the referee corrects the record, not a move (blank: no)", choices=yes_no)

FLEETS: Sequence[Action] = (
    Action(
        "e",
        "Enter ship",
        "a ship's factors from its counter: the full step, then each reduced step (C and P from the scenario's lines by class unless given)",
        (
            SHIP._replace(choices=to_enter),
            Field("step1", "Full step", "A4 D5 M3 R5"),
            Field("step2", "Reduced step", "blank: none"),
            Field("step3", "Reduced step 2", "blank: none"),
        ),
        _enter,
        preview=_enter_preview,
    ),
    Action(
        "l",
        "Place",
        "ships set in a hex as the map shows them, with the hex's distance from the core (needed once a hex): set up on turn 1, arrived in phase 2, moved in phases 1 and 3",
        (
            Field("ships", "Ships", "space marks one", choices=on_map, many=True),
            Field("hex", "Hex", "J9, or 6/J9", suggest=hexes),
            Field("core", "From the core", "hexes (blank: as the ships there)"),
            CORRECTION,
        ),
        _place,
        preview=_place_preview,
    ),
    Action(
        "d",
        "Leave map",
        "a ship that left the map: removed from the game with its cargo, not destroyed, no victory points (6.4.3); in its side's phases 1 and 3",
        (
            SHIP._replace(choices=leaving),
            CORRECTION,
        ),
        _leave,
        shown=False,
    ),
    Action(
        "t",
        "Attack",
        "a ship attack on a hex: the attackers marked, each one's range asked next, the d6 on Table 3 (open order) or 4 (closed)",
        (
            Field("hex", "Target hex", "", choices=targets),
            Field("attackers", "Attackers", "space marks one", choices=attackers, many=True),
        ),
        _attack,
        preview=_attack_preview,
        more=_attack_ranges,
    ),
    Action(
        "g",
        "Assign losses",
        "the step losses owed to a stack, ship by ship in the defender's order, each until destroyed",
        (
            order_field(1),
            order_field(2),
            order_field(3),
            order_field(4),
        ),
        _assign,
        preview=_assign_preview,
    ),
    Action("r", "Recover", "a ship's damage recovery: a 2d6 for each step lost this turn, at or under its defense repairs one, a 6 cripples it", (SHIP._replace(choices=recovering),), _recover),
    NEXT,
    Action("v", "Velocity", "the phasing fleet's velocity adjusted by one after its fleet movement", (Field("velocity", "Velocity", "one more or less, +3"),), _velocity),
    Action(
        "w",
        "Load",
        "ships of the phasing side taken aboard a carrier in their hex as cargo (Individual Ship Maneuver)",
        (
            SHIP._replace(choices=carriers),
            Field("ships", "Ships", "space marks one", choices=boarding, many=True),
        ),
        _load,
    ),
    Action(
        "u",
        "Unload",
        "ships carried as cargo unloaded into the carrier's hex (Individual Ship Maneuver)",
        (
            SHIP._replace(choices=carrying),
            Field("ships", "Ships", "space marks one", choices=carried, many=True),
        ),
        _unload,
    ),
    Action(
        "x",
        "Cargo lost",
        "the cargo a step loss costs, eliminated by its owner: units, supply, ships aboard, or a ship aboard reduced",
        (
            SHIP._replace(choices=owing_cargo),
            Field("supply", "Supply points", "blank: 0"),
            Field("units", "Units", "space marks one", choices=cargo_units, many=True),
            Field("ships", "Ships aboard lost", "space marks one", choices=carried, many=True),
            Field("reduce", "Ships reduced", "space marks one", choices=carried, many=True),
        ),
        _cargo,
        preview=_cargo_preview,
    ),
)
