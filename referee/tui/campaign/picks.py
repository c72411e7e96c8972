"""The lists a campaign form picks from: the ships and fleets an action allows, the places and
planets, each narrowed to what the rules allow now, and by the choices made above it in the form.

Each list asks the rules layer's own test of the action (``movement.why_not_move``,
``fleets.may_dock`` ...), so a list never offers what the action would refuse for that ship; the
action still checks everything when it runs (ships together, a carrier's room ...). No Textual here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache

from referee.errors import RefereeError
from referee.sathar_war import battles, fleets, movement, repairs, setup, turn
from referee.sathar_war.campaign import Campaign, Unit

Values = Mapping[str, str]  # the form's values chosen so far
Pairs = list[tuple[str, str]]  # (label, value)
Allowed = Callable[[Campaign, Unit], bool]


def where(campaign: Campaign, unit: Unit, planet: bool = True) -> str:
    """Where a ship is, short: a system (with its planet), a start circle, a box of a route with the
    way it heads ("box 3: Prenglar -> Cassidine"; a start circle's red path: "red box 2 ->
    Prenglar"), or its status."""
    place = unit.place
    if place is None or not unit.active:
        return unit.status
    if place.on_route:
        route = campaign.frontier.route(place.where)
        number = place.box if place.toward == route.ends[1] else route.boxes + 1 - place.box
        if route.red:
            return f"red box {number} -> {place.toward}"
        return f"box {number}: {route.other(place.toward)} -> {place.toward}"  # (the box first: cut short, it still reads as in transit)
    return f"{place.where}, {place.planet}" if place.planet and planet else place.where


def ship_label(campaign: Campaign, unit: Unit) -> str:
    """A ship as a list shows it: its name (and class, where the name does not say it), where it is, its fleet."""
    kind = "" if unit.ship_class.casefold() in unit.name.casefold() else f" ({unit.ship_class})"
    fleet = f" [{unit.fleet}]" if unit.fleet else ""
    return f"{unit.name}{kind} · {where(campaign, unit)}{fleet}"


def units(campaign: Campaign, allowed: Allowed, with_fleets: bool = True) -> Pairs:
    """The fleets whose every ship is allowed (first: a fleet's name takes all its ships), then each
    ship allowed."""
    ships = [u for u in campaign.units if allowed(campaign, u)]
    found: Pairs = []
    if with_fleets:
        names = {u.name for u in ships}
        for fleet in campaign.fleets():
            members = campaign.fleet(fleet)
            if members and all(m.name in names for m in members):
                found.append((f"{fleet} (fleet of {len(members)}) · {where(campaign, members[0])}", fleet))
    return found + [(ship_label(campaign, u), u.name) for u in ships]


def chosen_units(campaign: Campaign, values: Values, field: str = "names") -> tuple[Unit, ...]:
    """The ships named in a field above (fleets by name; nothing if none or unknown)."""
    names = [n.strip() for n in values.get(field, "").split(",") if n.strip()]
    try:
        return campaign.named(names) if names else ()
    except RefereeError:
        return ()


def each(allowed: Allowed, with_fleets: bool = True) -> Callable[[Campaign, Values], Pairs]:
    return lambda campaign, values: units(campaign, allowed, with_fleets)


# ---------------------------------------------------------------------- ships an action allows


def movable(campaign: Campaign, unit: Unit) -> bool:
    return not movement.why_not_move(campaign, unit)


def bound(campaign: Campaign, unit: Unit) -> bool:
    """A ship keeping a journey (its standing order)."""
    return unit.active and bool(unit.bound)


def placeable(campaign: Campaign, unit: Unit) -> bool:
    return not setup.why_not_place_sathar(campaign, unit) or not setup.why_not_place_upf(campaign, unit)


def in_fleet_ship(campaign: Campaign, unit: Unit) -> bool:
    return not fleets.why_not_in_fleet(unit)


def in_a_fleet(campaign: Campaign, unit: Unit) -> bool:
    return in_fleet_ship(campaign, unit) and bool(unit.fleet)


def dockable(campaign: Campaign, unit: Unit) -> bool:
    return fleets.may_dock(campaign, unit)


def dockable_there(campaign: Campaign, values: Values) -> Pairs:
    """The ships that may dock at the station of the planet where the ship chosen (marked, or under
    the cursor) is: those there, not every ship of the Frontier at a station; none chosen, or not at
    such a planet: every ship that may dock."""
    chosen = chosen_units(campaign, values)
    place = chosen[0].place if chosen else None
    if place is None or not place.planet or fleets.station_to_dock(campaign, chosen[0]) is None:
        return units(campaign, dockable)
    return units(campaign, lambda c, u: dockable(c, u) and u.place is not None and (u.place.where, u.place.planet) == (place.where, place.planet))


def fighter_out(campaign: Campaign, unit: Unit) -> bool:
    return unit.fighter and unit.active and not unit.roster.carried_by


def launchable(campaign: Campaign, unit: Unit) -> bool:
    return unit.fighter and not fleets.why_not_launch(campaign, unit)


def voidable(campaign: Campaign, unit: Unit) -> bool:
    return not unit.fighter and not repairs.why_not_void(campaign, unit)


def replaceable(campaign: Campaign, unit: Unit) -> bool:
    return not turn.why_not_replace(campaign, unit)


def queued(campaign: Campaign, unit: Unit) -> bool:
    return any(unit in c.queue for c in repairs.centres(campaign))


def to_dock_for_repair(campaign: Campaign, unit: Unit) -> bool:
    """A damaged ship on the map, not docked, in a system with a construction centre open to its side."""
    return unit.active and not unit.station and not unit.roster.docked_at and repairs.needs_repair(unit) and bool(_centres_at(campaign, unit))


def _centres_at(campaign: Campaign, unit: Unit) -> list[repairs.Centre]:
    here = unit.system(campaign.frontier)
    return [c for c in repairs.centres(campaign) if here and c.system == here and c.owner == unit.side]


def repairs_in_space(campaign: Campaign, unit: Unit) -> bool:
    """A ship or station on the map that needs repair: those with a repair turn left after today's
    battle, and any other (the form's override sets aside the one-turn-a-battle reading, logged)."""
    return unit.active and repairs.needs_repair(unit)


def any_unit(campaign: Campaign, unit: Unit) -> bool:
    return True


# ---------------------------------------------------------------------- lists narrowed by the form


def bases(campaign: Campaign, values: Values) -> Pairs:
    """Assault carriers and stations on the map, with the fighters chosen above if any."""
    fighters = chosen_units(campaign, values)
    found = [u for u in campaign.units if fleets.is_base(u) and all(not fleets.why_not_land(campaign, f, u) for f in fighters)]
    return [(ship_label(campaign, u), u.name) for u in found]


def drones(campaign: Campaign, values: Values) -> Pairs:
    side = values.get("side", "")
    return [(ship_label(campaign, u), u.name) for u in campaign.units if side and setup.may_be_drone(u, side)]


def sides(campaign: Campaign, values: Values) -> Pairs:
    return [("Sathar", "Sathar"), ("UPF", "UPF")]


def circles(campaign: Campaign, values: Values) -> Pairs:
    return [(f"{c.name} (into {c.system})", c.name) for c in campaign.frontier.circles]


def planets(campaign: Campaign, values: Values) -> Pairs:
    return [(f"{p.name} ({s.name})", p.name) for s in campaign.frontier.systems for p in s.planets]


def systems(campaign: Campaign, values: Values) -> Pairs:
    return [(s.name, s.name) for s in campaign.frontier.systems]


def destinations(campaign: Campaign, values: Values) -> Pairs:
    """Every place the ships chosen above can be ordered to, the nearest first, each with its way
    and days (the days at one box a day, or at the rate they go); ships in different places: the
    places all of them reach, each group its own way, with the fewest and most days."""
    chosen = chosen_units(campaign, values)
    places = list(dict.fromkeys(u.place for u in chosen if u.place is not None))
    if not places:
        return []
    side = chosen[0].side
    every = [movement.journeys(campaign, side, place, place.rate or 1) for place in places]
    if len(every) == 1:
        here = places[0]
        planets = campaign.frontier.system(here.where).planets if not here.on_route and campaign.frontier.is_system(here.where) else ()
        stay = [(f"{here.where}: here, to its other planet (Planet below)", here.where)] if len(planets) > 1 else []
        return stay + [(way.shown(pace=False), name) for name, way in sorted(every[0].items(), key=lambda item: (item[1].days, item[0]))]
    found = []
    for name in set(every[0]).intersection(*every[1:]):
        days = [ways[name].days for ways in every]
        found.append((max(days), f"{name}: {min(days)}-{max(days)} days, {len(places)} groups each its own way", name))
    return [(label, name) for _, label, name in sorted(found)]


def _journey(campaign: Campaign, values: Values) -> Unit | None:
    """The first ship chosen above, when every ship chosen keeps the same journey."""
    chosen = chosen_units(campaign, values)
    if chosen and chosen[0].bound and all((u.bound, u.bound_rate, u.bound_planet) == (chosen[0].bound, chosen[0].bound_rate, chosen[0].bound_planet) for u in chosen):
        return chosen[0]
    return None


def bound_for(campaign: Campaign, values: Values) -> str:
    """Toward, as the form opens: where the ships chosen are bound, if they keep one journey."""
    unit = _journey(campaign, values)
    return unit.bound if unit else ""


def bound_rate(campaign: Campaign, values: Values) -> str:
    unit = _journey(campaign, values)
    return str(unit.bound_rate) if unit and unit.bound == values.get("toward") and unit.bound_rate > 1 else ""


def bound_planet(campaign: Campaign, values: Values) -> str:
    unit = _journey(campaign, values)
    return unit.bound_planet if unit and unit.bound == values.get("toward") else ""


def stop_planets(campaign: Campaign, values: Values) -> Pairs:
    """The planets of the system the ships are bound for (Toward), where it has two; Toward the
    system they are in: its other planet. No Toward, none (a form takes the only choice of a list:
    a planet offered with no way chosen would send the ships there unasked)."""
    toward = values.get("toward", "")
    if not toward or not campaign.frontier.is_system(toward):
        return []
    chosen = chosen_units(campaign, values)
    planets = campaign.frontier.system(toward).planets
    if chosen and chosen[0].system(campaign.frontier) == toward:  # (to another planet of the system they are in)
        at = chosen[0].place.planet if chosen[0].place is not None else ""
        return [(p.name, p.name) for p in planets if p.name != at] if len(planets) > 1 else []
    return [(p.name, p.name) for p in planets] if len(planets) > 1 else []


RATES = {1: "1 box a day", 2: "2 boxes a day: a risk jump", 3: "3 boxes a day: a risk jump"}


def rates(campaign: Campaign, values: Values) -> Pairs:
    """The boxes a day every ship chosen above may go at now toward the place chosen (movement.rates:
    ADF, hull damage, red paths, the rate set out at, a turn back)."""
    allowed = {1, 2, 3}
    together: dict[object, list[Unit]] = {}
    for unit in chosen_units(campaign, values):
        together.setdefault(unit.place, []).append(unit)
    for units_there in together.values():
        allowed &= set(movement.rates(campaign, units_there, values.get("toward", "")))
    return [(RATES[rate], str(rate)) for rate in sorted(allowed)]


def centres_here(campaign: Campaign, values: Values) -> Pairs:
    """The construction centres open to the ship chosen above in its system, with their stations."""
    chosen = chosen_units(campaign, values, "ship")
    return [(f"{c.name} ({c.planet.station}, {c.capacity} hull points a day)", c.name) for c in _centres_at(campaign, chosen[0])] if chosen else []


def centre_here(campaign: Campaign, values: Values) -> str:
    found = centres_here(campaign, values)
    return found[0][1] if found else ""


def owed_stations(campaign: Campaign, values: Values) -> Pairs:
    """The stations owing a replacement today that takes the ship chosen above (its size)."""
    chosen = chosen_units(campaign, values, "ship")
    owed = [a for a in turn.owed_today(campaign) if all(turn.takes(a, u) for u in chosen)]
    return [(f"{a.station} ({a.count - len(a.used)} {a.size} owed, until day {a.until})", a.station) for a in owed]


def contested(campaign: Campaign, values: Values) -> Pairs:
    return [(f"{c.system} ({len(c.sathar)} Sathar, {len(c.upf)} UPF)", c.system) for c in battles.contested(campaign)]


def fought(campaign: Campaign, values: Values) -> Pairs:
    """The systems of today's declared battles."""
    return [(f"{f.system}: {f.attacker} attack at {f.planet}", f.system) for f in campaign.fights]


def battle_planets(campaign: Campaign, values: Values) -> Pairs:
    system = values.get("system", "")
    if not system or not campaign.frontier.is_system(system):
        return []
    return [(p.name, p.name) for p in campaign.frontier.system(system).planets]


def attackers(campaign: Campaign, values: Values) -> Pairs:
    """The ships of the side whose attack step it is, in the system chosen above."""
    side = battles.ATTACKER.get(campaign.step)
    here = next((c for c in battles.contested(campaign) if c.system == values.get("system")), None)
    if side is None or here is None:
        return []
    mine = here.sathar if side == "Sathar" else here.upf
    return [(ship_label(campaign, u), u.name) for u in mine if not u.station]


def game_rules(campaign: Campaign, values: Values) -> Pairs:
    return [("Advanced Rules", "advanced"), ("Basic Rules", "basic")]


def retreat_conditions(campaign: Campaign, values: Values) -> Pairs:
    """The five Sathar Retreat Conditions, as the table words them."""
    return [(f"{row['condition']}: {row['text']}", str(row["condition"])) for row in _retreat_rows()]


@cache
def _retreat_rows() -> tuple[Mapping[str, object], ...]:
    from referee import tables

    return tuple(tables.load().get("ssw.retreat-conditions").rows)
