"""Fleets, carriers and stations: the Fleet Deployment Sheet kept by the program.

A fleet is a named group of ships in one place that moves together ('Ships may be freely detached
or added to the various UPF forces ... Task forces may even be disbanded'; the Sathar 'may decide
not to organize his ships into fleets at all'). Fighters ride aboard assault carriers or are based
at stations; ships dock at stations to be repaired.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from referee.errors import RefereeError
from referee.sathar_war.campaign import BOOK, Campaign, Done, Unit, done
from referee.sathar_war.forces import carrier_capacity

SHEET_RULE = f"{BOOK}, Setting Up the Game (Fleet Deployment Sheet); UPF Spacefleet Order of Battle"
FIGHTERS_RULE = f"{BOOK}, Special Combat Rules: Breaking Off Combat (fighters); Sathar Order of Battle (carrier capacity)"
DOCKING_RULE = f"{BOOK}, Repair: UPF Repairs"
OFF_MAP_RULE = f"{BOOK}, Setting Up the Game: UPF Set-Up ('Strike Force NOVA and any non-attached ships assigned to it are placed off the map until later')"


def why_not_in_fleet(unit: Unit) -> str:
    """Why the unit cannot be in a fleet ("": it can): fleets are made of ships on the map, not
    stations, not fighters aboard a carrier or station."""
    if not unit.active or unit.station or unit.roster.carried_by:
        why = unit.status if not unit.active else "a station" if unit.station else f"aboard the {unit.roster.carried_by}"
        return f"the {unit.name} is {why}; fleets are made of ships on the map (fighters aboard move with their carrier)"
    return ""


def _ships(campaign: Campaign, names: Sequence[str]) -> tuple[Unit, ...]:
    units = campaign.named(names)
    for unit in units:
        why = why_not_in_fleet(unit)
        if why:
            raise RefereeError(why)
    if len({u.side for u in units}) > 1:
        raise RefereeError("a fleet is of one side")
    if len({u.place for u in units}) > 1:
        raise RefereeError(f"{', '.join(u.name for u in units)} are not all in one place; a fleet's ships are together")
    return units


def join(campaign: Campaign, fleet: str, names: Sequence[str]) -> Done:
    """Ships join a fleet (formed if new); they leave any fleet they were in. Merging and transferring
    are joins too: name a fleet to bring all its ships. A fleet off the map (Strike Force NOVA before
    it is placed) takes only non-attached ships at set-up, which wait off the map with it."""
    name = fleet.strip()
    if not name:
        raise RefereeError("give the fleet a name")
    units = _ships(campaign, names)
    members = [u for u in campaign.units if u.fleet.casefold() == name.casefold() and u.status in ("active", "off-map")]
    if members:
        name = members[0].fleet
        if not members[0].active:
            return _assign_off_map(campaign, name, units)
        if members[0].place != units[0].place or members[0].side != units[0].side:
            raise RefereeError(f"{name} is at {_where(campaign, members[0])}; ships join a fleet of their side in the same place")
    clash = [u for u in campaign.units if u.name.casefold() == name.casefold()]
    if clash:
        raise RefereeError(f"{clash[0].name} is a ship's name; give the fleet another")
    joined, journey = _journey_of(members, units)
    campaign = campaign.with_units([joined(u)._replace(fleet=name) for u in units])
    verb = "join" if members else "form"
    return done(campaign, campaign.entry(f"{', '.join(u.name for u in units)} {verb} {name} at {_where(campaign, units[0])}{journey}", rule=SHEET_RULE))


def _journey_of(members: Sequence[Unit], units: Sequence[Unit]) -> tuple[Callable[[Unit], Unit], str]:
    """The journey ships joining a fleet keep (a fleet's ships go together): the fleet's own, where
    its ships keep one; else none, where they kept one of their own; and what the log adds of it."""
    if not members:
        return lambda u: u, ""
    first = members[0]
    if all((m.bound, m.bound_rate, m.bound_planet) == (first.bound, first.bound_rate, first.bound_planet) for m in members) and first.bound:
        return lambda u: u._replace(bound=first.bound, bound_rate=first.bound_rate, bound_planet=first.bound_planet), f", and go with it to {first.bound}"
    own = [u for u in units if u.bound]
    return (lambda u: u.stopped()), (" (the journey they kept ends: the fleet keeps none)" if own else "")


def _assign_off_map(campaign: Campaign, fleet: str, units: Sequence[Unit]) -> Done:
    """Non-attached ships assigned at set-up to a fleet that is off the map go off the map with it (UPF Set-Up)."""
    if campaign.step != "setup":
        raise RefereeError(f"{fleet} is off the map; ships join it once it is placed, where it is ({OFF_MAP_RULE})")
    wrong = [u.name for u in units if u.force != "Non-Attached"]
    if wrong:
        raise RefereeError(f"{', '.join(wrong)}: only non-attached ships are assigned to {fleet} at set-up ({OFF_MAP_RULE})")
    gone = [
        u._replace(status="off-map", place=None, fleet=fleet if u in units else "", docked_since=0, roster=u.roster._replace(docked_at=""))
        for u in (*units, *(f for u in units for f in campaign.aboard(u.name)))
    ]
    campaign = campaign.with_units(gone)
    text = f"{', '.join(u.name for u in units)} join {fleet} off the map, to be placed with it"
    return done(campaign, campaign.entry(text, rule=OFF_MAP_RULE))


def detach(campaign: Campaign, names: Sequence[str]) -> Done:
    """Ships leave their fleets (a fleet's name detaches them all: the fleet is disbanded)."""
    units = _ships(campaign, names)
    loose = [u for u in units if not u.fleet]
    if loose:
        raise RefereeError(f"{', '.join(u.name for u in loose)} is in no fleet")
    campaign = campaign.with_units([u._replace(fleet="") for u in units])
    text = "; ".join(f"{u.name} leaves {u.fleet}" for u in units)
    return done(campaign, campaign.entry(text, rule=SHEET_RULE))


def is_base(unit: Unit) -> bool:
    """An assault carrier or a station on the map: fighters land aboard it."""
    return unit.active and (unit.station or bool(carrier_capacity(unit)))


def in_reserve(unit: Unit) -> bool:
    """A Sathar ship off the map, at the Sathar base: fighters there are divided among the carriers there
    as the Sathar player likes ('The fighters can be divided among the carriers however the Sathar player
    desires, within the limits of the carrier's capacities', Sathar Order of Battle)."""
    return unit.side == "Sathar" and unit.status == "off-map"


def why_not_land(campaign: Campaign, fighter: Unit, base: Unit) -> str:
    """Why the fighter may not land aboard the carrier or station ("": it may): a fighter on the map,
    of its side, in the same place; or a Sathar fighter and carrier both off the map (:func:`in_reserve`)."""
    if in_reserve(fighter) and in_reserve(base) and fighter.fighter:
        return ""
    if not fighter.fighter or not fighter.active:
        return f"the {fighter.name} is not a fighter on the map"
    if fighter.side != base.side or fighter.place != base.place:
        return f"the {fighter.name} is not with the {base.name} ({_where(campaign, base)})"
    return ""


def land(campaign: Campaign, names: Sequence[str], base: str) -> Done:
    """Fighters go aboard an assault carrier (Sathar up to 8, UPF up to 10) or are based at a station; off
    the map, a Sathar fighter goes aboard another Sathar carrier off the map."""
    carrier = campaign.unit(base)
    if not is_base(carrier) and not (in_reserve(carrier) and carrier_capacity(carrier)):
        raise RefereeError(f"the {carrier.name} is not an assault carrier or station on the map (nor a Sathar carrier off it)")
    fighters = campaign.named(names)
    for fighter in fighters:
        why = why_not_land(campaign, fighter, carrier)
        if why:
            raise RefereeError(why)
    aboard = [f for f in campaign.aboard(carrier.name) if f not in fighters]
    room = carrier_capacity(carrier)
    if room and len(aboard) + len(fighters) > room:
        raise RefereeError(f"the {carrier.name} carries {room} fighters; {len(aboard)} are aboard ({FIGHTERS_RULE})")
    changed = [f._replace(fleet="", roster=f.roster._replace(carried_by=carrier.name)) for f in fighters]
    campaign = campaign.with_units(changed)
    return done(campaign, campaign.entry(f"{', '.join(f.name for f in fighters)} aboard the {carrier.name}", rule=FIGHTERS_RULE))


def why_not_launch(campaign: Campaign, fighter: Unit) -> str:
    """Why the fighter may not be launched ("": it may): it is aboard, in a star system."""
    if not fighter.roster.carried_by:
        return f"the {fighter.name} is not aboard a carrier or station"
    if fighter.system(campaign.frontier) == "":
        return f"the {fighter.name} is not in a star system; fighters cannot enter a transit box unless carried ({FIGHTERS_RULE})"
    return ""


def launch(campaign: Campaign, names: Sequence[str]) -> Done:
    """Fighters leave their carrier or station, into the system (never into a transit box)."""
    fighters = campaign.named(names)
    for fighter in fighters:
        why = why_not_launch(campaign, fighter)
        if why:
            raise RefereeError(why)
    changed = [f._replace(roster=f.roster._replace(carried_by="")) for f in fighters]
    campaign = campaign.with_units(changed)
    text = f"{', '.join(f.name for f in fighters)} launched; fighters not aboard a carrier or station when the Day marker is advanced are destroyed"
    return done(campaign, campaign.entry(text, rule=FIGHTERS_RULE))


def station_to_dock(campaign: Campaign, unit: Unit) -> Unit | None:
    """The station on the map at the planet the ship is at (None: none)."""
    place = unit.place
    base = campaign.station_at(place.planet) if place is not None and place.planet else None
    return base if base is not None and base.active else None


def may_dock(campaign: Campaign, unit: Unit) -> bool:
    """A ship on the map, not docked yet, at a planet with a station of its side on the map."""
    base = station_to_dock(campaign, unit)
    return not why_not_in_fleet(unit) and not unit.roster.docked_at and base is not None and base.side == unit.side


def dock(campaign: Campaign, names: Sequence[str], station: str = "") -> Done:
    """Ships dock at the station of the planet they are at (for repairs at its construction centre)."""
    units = _ships(campaign, names)
    base = station_to_dock(campaign, units[0])
    if base is None or (station and base.name.casefold() != station.strip().casefold()):
        raise RefereeError(f"there is no station on the map at {_where(campaign, units[0])} to dock at; ships dock at the station of the planet they are at")
    if base.side != units[0].side:
        raise RefereeError(f"the {base.name} is not a station of the {units[0].side}")
    changed = [u.stopped()._replace(roster=u.roster._replace(docked_at=base.name), docked_since=u.docked_since or campaign.day) for u in units]  # (docked, a ship's journey ends)
    campaign = campaign.with_units(changed)
    return done(campaign, campaign.entry(f"{', '.join(u.name for u in units)} dock at the {base.name}", rule=DOCKING_RULE))


def _where(campaign: Campaign, unit: Unit) -> str:
    return unit.place.shown(campaign.frontier) if unit.place else unit.status
