"""Everything the referee can do to a Starfleet Wars engagement from the app: each action's fields
(ships, fortresses, modules, weapons and classes picked from lists of what the rules allow now:
:mod:`referee.starfleet_wars.choices`), how the values become a call into the rules, and the line
under an allocation's fields (its cost and what is left, or why it is refused). No Textual here.

A step is ``step(rng, rolled) -> Stepped`` as for the other kinds (``referee.tui.forms``): the
rules' ``Done`` with each log line keyed for the dice dialog (a special damage or damage control
roll, d%00, is typed under its key). Special damage is sealed on the screen (:func:`shown`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple

from referee.errors import RefereeError
from referee.starfleet_wars import choices, combat, fortress_phase, turn
from referee.starfleet_wars import damage_control as dc
from referee.starfleet_wars import fortress as fo
from referee.starfleet_wars import ships as sh
from referee.starfleet_wars.engagement import Done, Engagement, Entry, sealed
from referee.starfleet_wars.power import Allocation, why_not
from referee.starfleet_wars.ships import Ship
from referee.tables import Tables
from referee.tui.forms import Action, Choices, Field, FieldError, Line, Values, keyed_lines, needed, number, text
from referee.tui.sfw import cards


class Stepped(NamedTuple):
    """A step's result: the engagement after it and its log lines, keyed."""

    state: Engagement
    entries: tuple[Line, ...]


Step = Callable[[random.Random, Mapping[str, str]], Stepped]


def keyed(done: Done, key: str = "") -> Stepped:
    return Stepped(done.state, keyed_lines(done.entries, key))


def shown(entry: Entry | Line, secrets: bool) -> Entry | Line:
    """A log line as the screen shows it: a secret one sealed (:func:`sealed`: that a roll was
    made, not what it did) unless the referee unsealed them."""
    if secrets or not entry.secret:
        return entry
    closed = sealed(entry if isinstance(entry, Entry) else Entry(entry.turn, entry.text, entry.rolls, entry.rule, entry.secret), "u unseals it")
    said = closed.text
    if isinstance(entry, Line):
        return entry._replace(text=said, rolls=closed.rolls)
    return closed._replace(text=said)


def no_dice(make: Callable[[], Done]) -> Step:
    return lambda rng, rolled: keyed(make())


# ---------------------------------------------------------------------- lists to pick from


def label(ship: Ship) -> str:
    return f"{ship.name} ({ship.side} {ship.ship_class})"


def ships_where(test: Callable[[Engagement, Ship], bool]) -> Callable[[Engagement, Values], list[tuple[str, str]]]:
    def found(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
        return [(label(s), s.name) for s in engagement.ships if test(engagement, s)]

    return found


@lru_cache(maxsize=1)
def sfw_tables() -> Tables:
    """The Starfleet Wars tables, for the lists (read once)."""
    from referee import tables

    return tables.load(prefix="sfw")


def class_choice(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    return choices.classes(sfw_tables())


def side_choice(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    return [(side, side) for side in engagement.sides]


def allocating(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    """The ships with power to divide, then the fortresses (Starfleet Wars, not knocked out)."""
    if not choices.open_for(engagement, "allocation"):
        return []  # the firing phase began: allocation waits for the next turn
    found = [(f"{label(s)}, {s.available} PU" + (" (allocated)" if s.allocation is not None else ""), s.name) for s in engagement.ships if choices.allocates(s)]
    found += [(f"{f.name} ({f.side} starfortress), {fo.power(f)} PU" + (" (allocated)" if f.allocation.cost else ""), f.name) for f in engagement.fortresses if choices.fortress_allocates(f)]
    return found


def hit_targets(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    if not choices.open_for(engagement, "firing"):
        return []
    return [(label(s) + ("" if s.craft else f", {s.available} PU"), s.name) for s in engagement.ships if not s.destroyed]


def weapon_choice(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    target = next((s for s in engagement.ships if s.name == values.get("target")), None)
    if target is None:
        return []
    return [(choices.WEAPON_WORDS[w], w) for w in choices.weapons_at(target)]


def fortresses(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    return [(f"{f.name} ({f.side}{', MAATAC' if f.game == 'maatac' else ''})", f.name) for f in engagement.fortresses if not f.destroyed]


def sfw_fortresses(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    return [(f"{f.name} ({f.side})", f.name) for f in engagement.fortresses if not f.destroyed and f.game == "starfleet-wars"]


def _fortress(engagement: Engagement, values: Values) -> fo.Fortress | None:
    """The fortress named in a form (a CapTac's target, or its Fortress field)."""
    name = values.get("fortress") or values.get("target")
    return next((f for f in engagement.fortresses if f.name == name), None)


ANY_TYPE = "any"
NONE = "none"


def aimed_choice(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    fortress = _fortress(engagement, values)
    if fortress is None or fortress.game != "starfleet-wars":
        return []
    kinds = [k for k in fo.MODULE_KINDS if fortress.standing(k)]
    return [("no type: no penalty, the defender allocates to any module", ANY_TYPE)] + [(f"the {k} modules (+{fo.AIMED_PENALTY} to the attacker's rolls)", k) for k in kinds]


def module_choice(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    """The modules that may take the hit: standing ones (MAATAC: not hull-down behind another), of
    the type aimed at while one stands."""
    fortress = _fortress(engagement, values)
    if fortress is None:
        return []
    if fortress.game != "starfleet-wars":
        return [(name, name) for name in fo.targets(fortress)]
    return [(f"{m.name} (can take {m.left} PU)", m.name) for m in fortress.standing()]


def second_module(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    fortress = _fortress(engagement, values)
    if fortress is None or fortress.game != "starfleet-wars":
        return []
    others = [(f"{m.name} (can take {m.left} PU)", m.name) for m in fortress.standing() if m.name != values.get("module")]
    return [("none: the first takes it all", NONE), *others] if others else []  # (an only choice would be taken by itself)


def fortress_weapons(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    fortress = _fortress(engagement, values)
    if fortress is None or fortress.game != "starfleet-wars":
        return []
    return [(choices.WEAPON_WORDS[w], w) for w in ("offensive", "particle", "captac", "other")]


def maatac_fortresses(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    return [(f"{f.name} ({f.side})", f.name) for f in engagement.fortresses if not f.destroyed and f.game == "maatac"]


def captac_modules(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    """A CapTac's hit on a fortress: the modules its defender may give the 40 PU."""
    target = values.get("target", "")
    if not engagement.is_fortress(target):
        return []
    return module_choice(engagement, {**values, "fortress": target})


def mad_onto(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    name = values.get("ship", "")
    return [(module, module) for module in choices.mad_modules(engagement, name)] if name else []


def laser_targets(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    firer = next((s for s in engagement.ships if s.name == values.get("ship")), None)
    if firer is None:
        return []
    return [(label(s), s.name) for s in engagement.ships if choices.laser_target(firer, s)]


def owing(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    """The ships and fortresses that owe a special damage roll now."""
    units = [s.name for s in engagement.ships] + [f.name for f in engagement.fortresses]
    return [(name, name) for name in units if choices.owes_special(engagement, name)]


def teams_ready(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    sfw = sfw_tables()
    units = [s.name for s in engagement.ships] + [f.name for f in engagement.fortresses]
    found = []
    for name in units:
        ready = choices.teams_ready(engagement, sfw, name)
        if ready:
            found.append((f"{name}: {ready} team{'s' if ready > 1 else ''} to try", name))
    return found


COLUMN_WORDS = {
    "offensive": "offensive factors (lost to special damage)",
    "defensive": "defensive factors (lost to special damage)",
    "speed": "speed (factors lost to special damage)",
    "power_units": "power units",
    "turn_reduction": "turn reduction (damage of limited duration)",
}


def column_choice(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    return [(COLUMN_WORDS[c], c) for c in dc.COLUMNS] if values.get("unit") else []


def effect_choice(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    name = values.get("unit", "")
    if values.get("column") != "turn_reduction" or not name:
        return []
    return [(kind, kind) for kind in choices.timed_effects(engagement, name)]


def damaged_modules(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    name = values.get("unit", "")
    if values.get("column") != "power_units" or not engagement.is_fortress(name):
        return []
    fortress = engagement.fortress(name)
    return [(f"{m.name} ({m.damage} PU of damage)", m.name) for m in fortress.standing() if m.damage]


def towing_ships(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    """Ships towing CapTacs, then fortresses holding them in their beam (until the firing phase is over)."""
    if not choices.open_for(engagement, "firing"):
        return []
    found = [(f"{label(s)}, towing {s.captacs}", s.name) for s in engagement.ships if choices.towing(s)]
    return found + [(f"{f.name} ({f.side} starfortress), holding {f.captacs}", f.name) for f in engagement.fortresses if choices.fortress_holding(engagement, f)]


def towers(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    """Starships whose tractor beam has room, then fortresses whose beam has (until the firing phase is over)."""
    if not choices.open_for(engagement, "firing"):
        return []
    found = [(f"{label(s)}" + (f", towing {s.captacs}" if s.captacs else ""), s.name) for s in engagement.ships if choices.tows(s)]
    return found + [(f"{f.name} ({f.side} starfortress)" + (f", holding {f.captacs}" if f.captacs else ""), f.name) for f in engagement.fortresses if choices.fortress_holds(engagement, f)]


def captac_firers(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    """Ships that may fire a CapTac (in tow or drifting), then fortresses holding one, in the firing phase."""
    if not choices.open_for(engagement, "firing"):
        return []
    found = [(label(s), s.name) for s in engagement.ships if not s.destroyed and not s.craft]
    return found + [(f"{f.name} ({f.side} starfortress), holding {f.captacs}", f.name) for f in engagement.fortresses if choices.fortress_holding(engagement, f) and choices.in_action(f)]


def _side(engagement: Engagement, name: str) -> str:
    if engagement.is_fortress(name):
        return engagement.fortress(name).side
    return next((s.side for s in engagement.ships if s.name == name), "")


def launchers_now(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    """Ships that may launch particle weapons now, then fortresses with a module that may."""
    found = [(label(s), s.name) for s in engagement.ships if choices.launches(engagement, s)]
    return found + [(f"{f.name} ({f.side} starfortress)", f.name) for f in engagement.fortresses if choices.launching_modules(engagement, sfw_tables(), f)]


def launch_modules(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    fortress = _fortress(engagement, {"fortress": values.get("ship", "")})
    if fortress is None:
        return []
    found = []
    for name in choices.launching_modules(engagement, sfw_tables(), fortress):
        module = fortress.module(name)
        launchers, reloads = fo.particle_figures(sfw_tables(), module.kind)
        found.append((f"{name}: {launchers - module.launched} more this turn, {reloads - module.fired} of {reloads} left", name))
    return found


def module_lists(allowed: Callable[[Engagement, fo.Fortress], list[str]], said: Callable[[fo.Fortress, str], str]) -> tuple[Choices, Choices]:
    """The fortresses with a module ``allowed`` now, and (the fortress picked) those modules, each with what ``said`` adds."""

    def fortresses(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
        return [(f"{f.name} ({f.side})", f.name) for f in engagement.fortresses if allowed(engagement, f)]

    def modules(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
        fortress = _fortress(engagement, values)
        return [] if fortress is None else [(f"{name}: {said(fortress, name)}", name) for name in allowed(engagement, fortress)]

    return fortresses, modules


CRAFT_LISTS = module_lists(choices.craft_modules, lambda f, name: f"{f.module(name).attack_craft - f.module(name).craft_out} aboard")
ASSAULT_LISTS = module_lists(choices.assaulted_modules, lambda f, name: f"{fo.MOST_ASSAULTING - fo.assaulting(f, name)} more this turn, {fo.cids_rolls(f, name)} CIDS die rolls")


def shoot_modules(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    """A CapTac destroyed in a fortress's beam: the modules its defender may give the 25 PU."""
    where, _, which = values.get("captac", "").partition(":")
    return module_choice(engagement, {"fortress": which}) if where == "fortress" else []


def shoot_second(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    where, _, which = values.get("captac", "").partition(":")
    return second_module(engagement, {**values, "fortress": which}) if where == "fortress" else []


def captac_sources(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    """A CapTac the firing ship may fire: one of its own in tow, or its side's drifting ones."""
    if engagement.is_fortress(values.get("ship", "")):
        fortress = engagement.fortress(values.get("ship", ""))
        return [(f"held in its tractor beam ({fortress.captacs})", "tow")] if fortress.captacs else []
    ship = next((s for s in engagement.ships if s.name == values.get("ship")), None)
    if ship is None:
        return []
    found = [(f"in tow ({ship.captacs})", "tow")] if ship.captacs else []
    found += [(f"drifting #{n}: {d.count} ({d.where})", str(n)) for n, d in enumerate(engagement.drifting, 1) if d.side == ship.side]
    return found


def captac_targets(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    side = _side(engagement, values.get("ship", ""))
    if not side:
        return []
    found = [(label(s), s.name) for s in engagement.ships if not s.destroyed and s.side != side]
    return found + [(f"{f.name} ({f.side} starfortress)", f.name) for f in engagement.fortresses if not f.destroyed and f.side != side]


def captacs_to_shoot(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    if not choices.open_for(engagement, "firing"):
        return []
    found = [(f"towed by {s.name} ({s.captacs}): 25 PU to it", f"tow:{s.name}") for s in engagement.ships if choices.towing(s) and not s.captacs_launched]
    found += [(f"held by {f.name} ({f.captacs}): 25 PU to its modules", f"fortress:{f.name}") for f in engagement.fortresses if choices.fortress_holding(engagement, f) and not f.captacs_launched]
    return found + [(f"drifting #{n}: {d.count} of {d.side}'s ({d.where})", f"drift:{n}") for n, d in enumerate(engagement.drifting, 1)]


def loaners(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    fortress = _fortress(engagement, values)
    if fortress is None or not choices.open_for(engagement, "allocation"):
        return []
    return [(f"{name} ({fo.unloaned(fortress, name)} rolls of its own left)", name) for name in choices.loaners(fortress)]


def loaned_to(engagement: Engagement, values: Values) -> list[tuple[str, str]]:
    fortress = _fortress(engagement, values)
    lender = values.get("lender", "")
    if fortress is None or not lender:
        return []
    return [(f"{name} ({fo.cids_rolls(fortress, name)} CIDS rolls now)", name) for name in choices.next_to(fortress, lender)]


YES_NO = [("yes: a hit", "y"), ("no: a miss", "n")]
GAMES = [("Starfleet Wars", "starfleet-wars"), ("MAATAC (a fortress on a planet)", "maatac")]


# ---------------------------------------------------------------------- the actions

UNIT = Field("unit", "Ship or fortress", "", "ship")
CELL_WORDS = {
    "type": ("Type", "SGD, GD, GAC, GB, SC, SD or GTP"),
    "power_units": ("Power units", "the class's PU"),
    "max_off": ("Max. Off. Factor", "whole number"),
    "max_def": ("Max. Def. Factor", "whole number"),
    "addl_off": ("Add'l. Off. Factor", "a super dreadnought's (blank if not an SGD)"),
    "addl_def": ("Add'l. Def. Factor", "a super dreadnought's (blank if not an SGD)"),
    "launchers": ("Launchers", "particle weapons launched a turn"),
    "reloads": ("Reloads", "particle weapons carried"),
}


def _join_names(v: Values, e: Engagement, t: Tables) -> tuple[str, str, str]:
    ship_class, side = needed(v, "ship_class", "the ship's class"), needed(v, "side", "its side")
    try:
        name = choices.class_name(t, ship_class)
    except RefereeError as error:
        raise FieldError("ship_class", str(error)) from None
    typed = text(v, "name")
    if typed and typed.casefold() in e.names():
        raise FieldError("name", f"{typed!r} is taken in {e.name}: give the ship another name (blank: {choices.free_name(e, name)})")
    return name, side, typed or choices.free_name(e, name)


def _join_cells(v: Values, e: Engagement, t: Tables) -> tuple[str, tuple[Field, ...]]:
    """The second form of Join: the class's Data Table cells the rules need, unknown and not yet
    entered for the class (none: no second form)."""
    ship_class, _, _ = _join_names(v, e, t)
    cells = choices.cells_to_ask(e, t, ship_class)
    help = f"{ship_class}: the Data Table leaves these unknown; type each from your book (kept for every {ship_class} of this engagement)"
    return help, tuple(Field(key, *CELL_WORDS[key]) for key in cells)


def _join(v: Values, e: Engagement, t: Tables) -> Step:
    ship_class, side, name = _join_names(v, e, t)
    values: dict[str, int | str] = {}
    for key in choices.cells_to_ask(e, t, ship_class):
        typed = text(v, key)
        if typed:
            try:
                values[key] = sh.figure(key, typed)
            except RefereeError as error:
                raise FieldError(key, str(error)) from None
    for key in choices.cells_to_ask(e, t, ship_class, values):
        raise FieldError(key, f"the Data Table leaves {ship_class}'s {CELL_WORDS[key][0]} unknown: type it from your book")
    return no_dice(lambda: turn.add(e, t, name, side, ship_class, values))


def _join_preview(v: Values, e: Engagement, t: Tables) -> str:
    """What the class brings: its figures from the tables, the cells to be asked next."""
    if not text(v, "ship_class"):
        return "pick the class: its figures come from the Data Table (or the Starbomber, SAPS tables)"
    ship_class = choices.class_name(t, text(v, "ship_class"))
    name = text(v, "name") or choices.free_name(e, ship_class)
    cells = choices.cells_to_ask(e, t, ship_class)
    if cells:
        return f"{name}: the Data Table leaves {', '.join(CELL_WORDS[c][0] for c in cells)} unknown: asked next, kept for every {ship_class}"
    kept = e.values_for(ship_class)
    said = f"; entered before: {', '.join(f'{k} {v}' for k, v in kept.items())}" if kept else ""
    return f"{name} joins with its class's figures{said}"


def _allocation(v: Values) -> Allocation:
    return Allocation(number(v, "speed", 0, default=0) or 0, number(v, "offensive", 0, default=0) or 0, number(v, "defensive", 0, default=0) or 0)


def _allocate(v: Values, e: Engagement, t: Tables) -> Step:
    name = needed(v, "unit", "the ship or fortress")
    given = _allocation(v)
    if e.is_fortress(name):
        if given.speed:
            raise FieldError("speed", f"a starfortress has tactical speed {fo.TACTICAL_SPEED}: it spends no power on movement (leave speed blank)")
        if text(v, "tractor"):
            raise FieldError("tractor", "a starfortress's tractor beam takes its PU when it holds CapTacs (t: Tow): leave this blank")
        reload = number(v, "reload", 0, default=0) or 0
        return no_dice(lambda: fortress_phase.allocate(turn.fortress_at(e, name, "allocation"), name, given.offensive, given.defensive, reload))
    tractor, reload = number(v, "tractor", 0), number(v, "reload", 0, default=0) or 0
    return no_dice(lambda: turn.allocate(e, name, given, tractor, reload))


def _allocate_preview(v: Values, e: Engagement, t: Tables) -> str:
    """The cost of the factors typed and what is left, or why the rules refuse them (one line)."""
    name = text(v, "unit")
    if not name:
        return "pick the ship or fortress: each factor costs its square in PU"
    given = _allocation(v)
    if e.is_fortress(name):
        fortress = e.fortress(name)
        head = f"{fortress.name}: {fo.power(fortress)} PU, OF up to {fo.max_offensive(fortress)}"
        if given.speed:
            return f"{head}; refused: a starfortress spends no power on movement (speed blank)"
        reload = number(v, "reload", 0, default=0) or 0
        try:
            fo.allocate(fortress, given.offensive, given.defensive, reload)
        except RefereeError as error:
            return f"{head}; refused: {str(error).removeprefix(f'{fortress.name}: ')}"
        spent = f" + reloading {reload} PU ({', '.join(fo.reloadable(fortress))})" if reload else ""
        return f"{head}: {cards.fortress_allocation(given)}{spent}, {fo.power(fortress) - given.cost - reload - fo.beam(fortress)} left"
    ship = e.ship(name)
    most = ship.max_speed()
    head = f"{ship.name}: {ship.available} PU, max OF {ship.max_off}, DF {ship.max_def}" + (f", speed {most}" if most is not None else "")
    extra = (number(v, "tractor", 0, default=0) or 0) + (number(v, "reload", 0, default=0) or 0)
    why = why_not(given, ship.available - extra, ship.max_off, ship.max_def, most)
    if why:
        return f"{head}; refused: {why}"
    return f"{head}: {given.shown()}" + (f" + {extra} PU tractor beam and reloading" if extra else "") + f", {ship.available - given.cost - extra} left"


def _hit(v: Values, e: Engagement, t: Tables) -> Step:
    target, by = needed(v, "target", "the ship hit"), needed(v, "by", "the weapon")
    hits = number(v, "hits", 1, default=1) or 1
    pu = number(v, "pu", 1, default=0) or 0
    if by in ("offensive", "other") and not pu and not e.ship(target).craft:
        raise FieldError("pu", "the power units the hits cost, from the Firing Table (Table #2 of Starfleet Wars)")
    return no_dice(lambda: combat.hit(e, t, target, by, hits, pu))


def _hit_preview(v: Values, e: Engagement, t: Tables) -> str:
    name = text(v, "target")
    if not name:
        return "pick the ship hit, then the weapon"
    ship = e.ship(name)
    if ship.craft:
        return f"{ship.name}: " + ("one hit shoots it down" if ship.type == "SF" else f"{ship.hits} of 4 light laser or CIDS hits; one of OF or particle weapons destroys it")
    hits = number(v, "hits", 1, default=1) or 1
    by = text(v, "by")
    cost = {"particle": 10 * hits, "captac": 40 * hits}.get(by, number(v, "pu", 1, default=0) or 0)
    return f"{ship.name}: {ship.available} of {ship.power_units} PU left" + (f"; {cost} PU lost leaves {max(0, ship.available - cost)}" if cost else "")


def _modules(v: Values, e: Engagement, t: Tables) -> Step:
    name, module = needed(v, "fortress", "the fortress hit"), needed(v, "module", "the module the defender gives the damage")
    fortress = e.fortress(name)
    if fortress.game != "starfleet-wars":
        return no_dice(lambda: fortress_phase.hit(turn.fortress_at(e, name, "firing"), t, name, [(module, 1)]))
    by, hits = text(v, "by") or "offensive", number(v, "hits", 1, default=1) or 1
    each = FORTRESS_HIT.get(by)
    given = shares(v, hits * each if each else None)
    aimed = text(v, "aimed")
    return no_dice(lambda: fortress_phase.hit(turn.fortress_at(e, name, "firing"), t, name, given, None if aimed in ("", ANY_TYPE) else aimed, by, hits))


FORTRESS_HIT = {"particle": 10, "captac": 40}  # PU a hit, allocated exactly among the modules (the rest: from the Firing Table)


def shares(v: Values, whole: int | None) -> list[tuple[str, int]]:
    """The defender's allocation of a hit among one module or two: the first takes what is typed,
    or (a particle or CapTac hit, ``whole`` PU) what the second does not."""
    module, second = needed(v, "module", "the module the defender gives the damage"), text(v, "module2").replace(NONE, "")
    more = number(v, "pu2", 1) if second else None
    if second and more is None:
        raise FieldError("pu2", "the PU the defender gives the second module")
    pu = number(v, "pu", 1, default=None if whole is None else whole - (more or 0))
    if pu is None or pu < 1:
        raise FieldError("pu", "the PU of the hit the defender gives this module")
    return [(module, pu)] + ([(second, more)] if second and more else [])


def _mad(v: Values, e: Engagement, t: Tables) -> Step:
    name, module = needed(v, "ship", "the MAD"), needed(v, "module", "the module it moves onto")
    return no_dice(lambda: fortress_phase.place_mad(e, t, name, module))


def _garrison(v: Values, e: Engagement, t: Tables) -> Step:
    name, module = needed(v, "fortress", "the MAATAC fortress"), needed(v, "module", "the module")
    units = number(v, "units", 0, fo.MOST_UNITS)
    if units is None:
        raise FieldError("units", f"the units it holds, 0 to {fo.MOST_UNITS}")
    return no_dice(lambda: fortress_phase.garrison(e, name, module, units))


RANGE = Field("range", "Range", 'inches to the farthest target, as measured (blank: not checked; light lasers reach 12", damaged sensors 36")')


def _launch(v: Values, e: Engagement, t: Tables) -> Step:
    name, count = needed(v, "ship", "the ship or fortress launching"), number(v, "count", 1)
    if count is None:
        raise FieldError("count", "how many particle weapons it launches now")
    if e.is_fortress(name):
        module = needed(v, "module", "the module launching")
        return no_dice(lambda: fortress_phase.launch(e, t, name, module, count))
    return no_dice(lambda: combat.launch(e, name, count, number(v, "range", 0)))


def craft_action(key: str, name: str, help: str, lists: tuple[Choices, Choices], hint: str, rules: Callable[[Engagement, str, str, int], Done]) -> Action:
    """A form of a fortress, one of its modules and a number of attack craft (launched from it, or assaulting it)."""

    def build(v: Values, e: Engagement, t: Tables) -> Step:
        fortress, module, count = needed(v, "fortress", "the fortress"), needed(v, "module", "the module"), number(v, "count", 1)
        if count is None:
            raise FieldError("count", f"how many attack craft: {hint}")
        return no_dice(lambda: rules(e, fortress, module, count))

    fields = (Field("fortress", "Fortress", "", "ship", lists[0]), Field("module", "Module", choices=lists[1]), Field("count", "Attack craft", hint))
    return Action(key, name, help, fields, build, shown=False)


def _mobility_lost(v: Values, e: Engagement, t: Tables) -> Step:
    name = needed(v, "ship", "the MAD hit")
    return no_dice(lambda: fortress_phase.mobility_lost(e, name))


def _launch_preview(v: Values, e: Engagement, t: Tables) -> str:
    name = text(v, "ship")
    if not name:
        return ""
    if e.is_fortress(name):
        return f"{name}: pick the module; the hits then: m (10 PU a particle weapon hit)"
    ship = e.ship(name)
    return f"{ship.name}: {ship.launchers - ship.launched} more this turn ({ship.launchers} a turn), {ship.reloads} on board"


def _lasers(v: Values, e: Engagement, t: Tables) -> Step:
    name = needed(v, "ship", "the starbomber or SAPS firing")
    targets = [n.strip() for n in needed(v, "targets", "the targets (space marks one)").split(",") if n.strip()]
    each = number(v, "each", 1, default=1) or 1
    return no_dice(lambda: combat.lasers(e, name, [n for n in targets for _ in range(each)], number(v, "range", 0)))


def _lasers_preview(v: Values, e: Engagement, t: Tables) -> str:
    name = text(v, "ship")
    if not name:
        return ""
    ship = e.ship(name)
    return f'{ship.name}: {ship.light_lasers - ship.lasers_fired} of its {ship.light_lasers} light laser factors left this turn, each at a craft within 12"'


SPECIAL_KEY = ""  # (one roll: no key beside it in the dice dialog)
REPAIR_KEY = ""


def _special(v: Values, e: Engagement, t: Tables) -> Step:
    name = needed(v, "unit", "the ship or fortress that rolls")
    if e.is_fortress(name):
        return lambda rng, rolled: keyed(fortress_phase.special_damage(turn.fortress_at(e, name, "special damage"), t, name, rng, rolled.get(SPECIAL_KEY)), SPECIAL_KEY)
    return lambda rng, rolled: keyed(turn.special_damage(e, t, name, rng, rolled.get(SPECIAL_KEY)), SPECIAL_KEY)


def _repair(v: Values, e: Engagement, t: Tables) -> Step:
    name, column = needed(v, "unit", "the ship or fortress"), needed(v, "column", "what the team tries to repair")
    effect, module = text(v, "effect"), text(v, "module")
    warning = choices.why_no_help(e, t, name, column, module)
    if warning and text(v, "anyway").lower() not in ("y", "yes"):
        raise FieldError("anyway", f"{warning}: this roll can only go wrong; y rolls anyway")
    if e.is_fortress(name):
        return lambda rng, rolled: keyed(fortress_phase.damage_control(turn.fortress_at(e, name, "repair"), t, name, column, rng, rolled.get(REPAIR_KEY), effect, module), REPAIR_KEY)
    return lambda rng, rolled: keyed(turn.damage_control(e, t, name, column, rng, rolled.get(REPAIR_KEY), effect), REPAIR_KEY)


def _next(v: Values, e: Engagement, t: Tables) -> Step:
    return no_dice(lambda: turn.next_turn(e))


def _tow(v: Values, e: Engagement, t: Tables) -> Step:
    name, count = needed(v, "ship", "the ship towing"), number(v, "count", 1, 2, default=1) or 1
    if e.is_fortress(name):
        return no_dice(lambda: fortress_phase.hold(e, name, count, number(v, "beam_pu", 0)))
    if text(v, "beam_pu"):
        raise FieldError("beam_pu", "a ship's tractor beam takes its PU in its allocation (p: Tractor): leave this blank")
    return no_dice(lambda: combat.tow(e, name, count))


def _release(v: Values, e: Engagement, t: Tables) -> Step:
    name = needed(v, "ship", "the ship releasing")
    count = number(v, "count", 1, default=1) or 1
    if e.is_fortress(name):
        return no_dice(lambda: fortress_phase.release(e, name, count, text(v, "where")))
    return no_dice(lambda: combat.release(e, name, count, text(v, "where")))


def _captac(v: Values, e: Engagement, t: Tables) -> Step:
    firer, source, target = needed(v, "ship", "the ship firing"), needed(v, "source", "the CapTac"), needed(v, "target", "the target")
    hit = needed(v, "hit", "whether the Firing Table gave a hit") == "y"
    distance = number(v, "range", 0, combat.CAPTAC_RANGE)
    if distance is None:
        raise FieldError("range", f"the range in inches ({combat.CAPTAC_RANGE} at most)")
    drift = 0 if source == "tow" else int(source)
    activation = number(v, "activation", 0, combat.CAPTAC_ACTIVATION, default=0) or 0
    given = shares(v, FORTRESS_HIT["captac"]) if hit and e.is_fortress(target) else []
    if e.is_fortress(firer):
        return no_dice(lambda: fortress_phase.fire_captac(e, t, firer, target, hit, distance, given))
    return no_dice(lambda: combat.fire_captac(e, t, firer, target, hit, distance, drift, activation, given))


def _shoot_down(v: Values, e: Engagement, t: Tables) -> Step:
    where, _, which = needed(v, "captac", "the CapTac destroyed").partition(":")
    if where == "tow":
        return no_dice(lambda: combat.shoot_down(e, t, towed_by=which))
    if where == "fortress":
        given = shares(v, combat.captac_figure(t, "destroyed_in_tow_pu"))
        return no_dice(lambda: fortress_phase.shoot_down(e, t, which, given))
    return no_dice(lambda: combat.shoot_down(e, t, drift=int(which)))


def shares_fields(pu: int, first: Choices, second: Choices, hint: str) -> tuple[Field, ...]:
    """The defender's allocation of a CapTac's ``pu`` among one fortress module or two (:func:`shares`)."""
    return (
        Field("module", "Fortress module", hint, choices=first),
        Field("pu", "PU", f"blank: all {pu}"),
        Field("module2", "And module", "blank: none", choices=second),
        Field("pu2", "PU", f"the rest of the {pu}"),
    )


IN_BEAM = 25  # the CapTac table's destroyed_in_tow_pu, as the form's hint says it (the rules read the table)


def pairs_of(v: Values, field: str) -> list[tuple[str, str]]:
    """``WP 1=LSS 1, WP 2=LSS 2`` -> [("WP 1", "LSS 1"), ("WP 2", "LSS 2")]."""
    found = []
    for part in text(v, field).split(","):
        if not part.strip():
            continue
        a, sign, b = part.partition("=")
        if not sign or not a.strip() or not b.strip():
            raise FieldError(field, f"MODULE=MODULE, comma-separated (WP 1=LSS 1, WP 2=LSS 2), not {part.strip()!r}")
        found.append((a.strip(), b.strip()))
    return found


def _build(v: Values, e: Engagement, t: Tables) -> Step:
    name, side = needed(v, "name", "the fortress's name"), needed(v, "side", "its side")
    kinds = [k.strip() for k in needed(v, "modules", "its modules in order: LSS,LSS,WP ...").split(",") if k.strip()]
    adjacent, behind = pairs_of(v, "adjacent"), pairs_of(v, "behind")
    mads = number(v, "mads", 0, 20, default=0) or 0
    maatac = text(v, "game") == "maatac"
    return no_dice(lambda: fortress_phase.build(e, t, name, side, kinds, adjacent, mads, maatac, behind))


def _loan(v: Values, e: Engagement, t: Tables) -> Step:
    name, lender, to = needed(v, "fortress", "the fortress"), needed(v, "lender", "the module loaning"), needed(v, "to", "the adjacent module")
    rolls = number(v, "rolls", 1, fo.CIDS_ROLLS)
    if rolls is None:
        raise FieldError("rolls", f"how many of its {fo.CIDS_ROLLS} CIDS die rolls")
    return no_dice(lambda: fortress_phase.loan(e, name, lender, to, rolls))


NEXT = Action("n", "Next", "the next turn: this turn's allocations, launches, laser shots and damage control attempts cleared (refused while a special damage roll is owed)", (), _next)

SHIPS: Sequence[Action] = (
    Action(
        "j",
        "Join",
        "a ship joins: its class from the Data Table, the Starbomber or SAPS table (or a starfighter), its side and name; the class's unknown cells the rules need are asked next, once a class",
        (
            Field("ship_class", "Class", "the Data Table, starbombers, SAPS, SF", choices=class_choice),
            Field("side", "Side", choices=side_choice),
            Field("name", "Name", "blank: the class's name, numbered if taken"),
        ),
        _join,
        preview=_join_preview,
        more=_join_cells,
    ),
    Action(
        "p",
        "Allocate",
        "divide a ship's power units among speed, offensive and defensive factors for this turn (a fortress: OF and DF), each factor costing its square",
        (
            UNIT._replace(choices=allocating),
            Field("speed", "Speed", "factors (blank: 0; a fortress, a MAD: none)"),
            Field("offensive", "OF", "offensive factors (blank: 0)"),
            Field("defensive", "DF", "defensive factors (blank: 0)"),
            Field("tractor", "Tractor", "PU its tractor beam uses while towing CapTacs (the base rulebook's; 0 if none)"),
            Field("reload", "Reload", "PU spent reloading particle weapons (the base rulebook's; blank: 0)"),
        ),
        _allocate,
        preview=_allocate_preview,
    ),
    Action(
        "h",
        "Hit",
        "hits the Firing Table gave a ship: power units lost (particle weapons 10 PU a hit, a CapTac 40 and a special damage roll), or a craft's hits",
        (
            Field("target", "Target", "", "ship", hit_targets),
            Field("by", "Weapon", choices=weapon_choice),
            Field("hits", "Hits", "how many (blank: 1)"),
            Field("pu", "PU lost", "offensive factors, other: from the Firing Table"),
        ),
        _hit,
        preview=_hit_preview,
    ),
    Action(
        "m",
        "Module hit",
        "a hit on a starfortress: the defender allocates its PU among the modules (of the type aimed at, if any); MAATAC: a penetration destroys the module",
        (
            Field("fortress", "Fortress", "", "ship", fortresses),
            Field("by", "Weapon", choices=fortress_weapons),
            Field("hits", "Hits", "how many (blank: 1)"),
            Field("aimed", "Aimed at", "the type the attacker named", choices=aimed_choice),
            Field("module", "Module", "the defender's choice", choices=module_choice),
            Field("pu", "PU", "its share (particle, CapTac: blank, all)"),
            Field("module2", "And module", "blank: none", choices=second_module),
            Field("pu2", "PU", "the rest of the hit"),
        ),
        _modules,
    ),
    Action(
        "l",
        "Launch",
        "particle weapons launched by a ship or a fortress's module: at most the launchers a turn, spending reloads",
        (
            Field("ship", "Ship or fortress", "", "ship", launchers_now),
            Field("count", "Particle weapons", "launched now"),
            Field("module", "Module", "a fortress's", choices=launch_modules),
            RANGE,
        ),
        _launch,
        preview=_launch_preview,
    ),
    Action(
        "f",
        "Lasers",
        "a starbomber's or SAPS' light laser shots, one a factor a turn, at starfighters, transports, starbombers and SAPS (then enter each hit: h)",
        (
            Field("ship", "Ship", "", "ship", ships_where(lambda e, s: choices.fires_lasers(s) and choices.open_for(e, "firing"))),
            Field("targets", "Targets", "space marks one", choices=laser_targets, many=True),
            Field("each", "Shots at each", "blank: 1"),
            RANGE,
        ),
        _lasers,
        preview=_lasers_preview,
    ),
    Action(
        "s",
        "Special damage",
        "a special damage roll, d%00, for a ship more than 20% damaged (each turn) or hit by a CapTac, a fortress past 20% of its LSS's power; sealed",
        (UNIT._replace(choices=owing),),
        _special,
    ),
    Action(
        "r",
        "Damage control",
        "one damage control team's attempt, d%00 on Table #2 in the column declared (the repair phase)",
        (
            UNIT._replace(choices=teams_ready),
            Field("column", "Repair", "the damage declared", choices=column_choice),
            Field("effect", "Timed damage", "a turn reduction, among several", choices=effect_choice),
            Field("module", "Module", "a fortress's power units", choices=damaged_modules),
            Field("anyway", "Roll anyway", "y: where it cannot help"),
        ),
        _repair,
    ),
    NEXT,
    Action(
        "t",
        "Tow",
        "CapTacs taken in tow by a starship's tractor beam (speed 2 at most while towing), or held around a starfortress by its beam: two at most",
        (
            Field("ship", "Ship or fortress", "", "ship", towers),
            Field("count", "CapTacs", "1 or 2 (blank: 1)"),
            Field("beam_pu", "Beam PU", "a fortress: PU its beam takes a turn (the base rulebook's; blank: as before)"),
        ),
        _tow,
        shown=False,
    ),
    Action(
        "c",
        "Fire CapTac",
        "a CapTac fired within 18 inches, from tow or drifting (activated within 30 inches): a hit is 40 PU and a special damage roll",
        (
            Field("ship", "Firing ship or fortress", "", "ship", captac_firers),
            Field("source", "CapTac", "in tow, or drifting", choices=captac_sources),
            Field("target", "Target", choices=captac_targets),
            Field("hit", "Hit", "the Firing Table at speed 5", choices=lambda e, v: YES_NO),
            Field("range", "Range", "inches (18 at most)"),
            Field("activation", "Activated from", "inches, a drifting CapTac (30 at most)"),
            *shares_fields(FORTRESS_HIT["captac"], captac_modules, second_module, "a fortress hit: the defender's choice"),
        ),
        _captac,
        shown=False,
    ),
    Action(
        "o",
        "MAD",
        "a fortress's MAD moves onto a module: anywhere the first time, then only to an adjacent module",
        (
            Field("ship", "MAD", "", "ship", ships_where(choices.mad_moves)),
            Field("module", "Onto", choices=mad_onto),
        ),
        _mad,
        shown=False,
    ),
    Action(
        "g",
        "Garrison",
        "a MAATAC fortress's module garrisoned: Infantry units and RAATACs, at most 5 in one module",
        (
            Field("fortress", "Fortress", "", "ship", lambda e, v: maatac_fortresses(e, v) if choices.open_for(e, "movement") else []),
            Field("module", "Module", choices=module_choice),
            Field("units", "Units", "0 to 5 (IUs and RAATACs)"),
        ),
        _garrison,
        shown=False,
    ),
    Action(
        "v",
        "Release",
        "CapTacs let go to drift: any friendly ship within 30 inches may activate them later",
        (
            Field("ship", "Ship or fortress", "", "ship", towing_ships),
            Field("count", "CapTacs", "blank: 1"),
            Field("where", "Where", "blank: released by the ship this turn"),
        ),
        _release,
        shown=False,
    ),
    Action(
        "x",
        "Shoot down",
        "a CapTac destroyed by one CIDS or light laser hit: in tow, 25 PU to the ship towing it; in a fortress's beam, 25 PU its defender allocates among its modules",
        (
            Field("captac", "CapTac", choices=captacs_to_shoot),
            *shares_fields(IN_BEAM, shoot_modules, shoot_second, "the defender's choice"),
        ),
        _shoot_down,
        shown=False,
    ),
    Action(
        "b",
        "Fortress",
        "build a starfortress from modules: power from its LSS alone, OF capped by its weapons modules, each MAD a ship of its own",
        (
            Field("name", "Name", "the fortress's name"),
            Field("side", "Side", choices=side_choice),
            Field("modules", "Modules", "in order: LSS,LSS,LSS,WP,WP,SAWS (WP, LSS, CM, MAWS, SAWS)"),
            Field("adjacent", "Adjacent", "WP 1=LSS 1, WP 2=LSS 2 (CIDS loans)"),
            Field("mads", "MADs", "blank: 0"),
            Field("game", "Game", "", choices=lambda e, v: GAMES),
            Field("behind", "Hull-down (MAATAC)", "LSS 1=WP 1: the first behind the second"),
        ),
        _build,
        shown=False,
    ),
    craft_action(
        "e",
        "Attack craft",
        "a fortress module's attack craft launched (WP 4, LSS 2, CM 2 aboard): each joins the fight as a starfighter",
        CRAFT_LISTS,
        "launched now",
        fortress_phase.launch_craft,
    ),
    craft_action(
        "k",
        "Assault",
        f"attack craft assault a fortress's module: no more than {fo.MOST_ASSAULTING} on one module in a turn",
        ASSAULT_LISTS,
        f"assaulting it now ({fo.MOST_ASSAULTING} a module a turn at most)",
        fortress_phase.assault,
    ),
    Action(
        "d",
        "Mobility lost",
        "MAATAC: a fortress's MAD hit and lost its mobility factor; it may not move under any circumstances",
        (Field("ship", "MAD", "", "ship", ships_where(choices.immobilised)),),
        _mobility_lost,
        shown=False,
    ),
    Action(
        "i",
        "CIDS loan",
        "a weapons module loans CIDS die rolls to an adjacent module for this turn (10 at most on one module)",
        (
            Field("fortress", "Fortress", "", "ship", lambda e, v: sfw_fortresses(e, v) if choices.open_for(e, "allocation") else []),
            Field("lender", "Lender", choices=loaners),
            Field("to", "To", choices=loaned_to),
            Field("rolls", "Die rolls", "how many"),
        ),
        _loan,
        shown=False,
    ),
)
