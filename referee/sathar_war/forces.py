"""The orders of battle as rosters: a new war, every ship and station at its starting place.

Every ship gets the Advanced Game statistics of its class (Orders of Battle: 'Each ship should be
outfitted with the weapons, defenses, DCR and movement capabilities recommended in the Basic or
Advanced Game rules'); fortresses and stations get the book's figures for their type. Names are
made from the force, the class and a number, so they are distinct and the same in every new war.
"""

from __future__ import annotations

from typing import Any

from referee.errors import RefereeError
from referee.knight_hawks.roster import Ship, build
from referee.sathar_war.campaign import BOOK, Campaign, Place, Unit
from referee.sathar_war.frontier import Frontier
from referee.tables import Tables

SATHAR_CARRIER_CAPACITY = 8  # Sathar Order of Battle: 'Each assault carrier has a capacity of eight fighters'
UPF_CARRIER_CAPACITY = 10  # Advanced Game Ship Statistics: 'fighter (x10)'
SHORT = {"Task Force Prenglar": "TF Prenglar", "Task Force Cassidine": "TF Cassidine", "Strike Force NOVA": "SF NOVA", "Non-Attached Ships": "UPF"}
START = {"Task Force Prenglar": ("Prenglar", "Morgaine's World"), "Task Force Cassidine": ("Cassidine", "Triad")}
NON_ATTACHED = ("Prenglar", "Gran Quivera")  # a reading: the book lets the UPF player place them anywhere


def station_name(station: str, station_type: str) -> str:
    return f"Fortress {station}" if station_type == "fortress" else f"{station} Station"


def carrier_capacity(unit: Unit) -> int:
    if unit.ship_class != "assault carrier":
        return 0
    return SATHAR_CARRIER_CAPACITY if unit.side == "Sathar" else UPF_CARRIER_CAPACITY


def ship(tables: Tables, ship_class: str, name: str, side: str) -> Ship:
    """A full-strength Advanced Game roster of a ship class."""
    return build(tables.get("kh.ships-advanced").row(ship_class), name, side, "advanced")


def station(tables: Tables, name: str, station_type: str) -> Ship:
    row = tables.get("ssw.station-types").row(station_type)
    stats: dict[str, Any] = {
        "ship": station_type,
        "hull_points": row["hp"],
        "adf": row["adf"],
        "mr": row["mr"],
        "dcr": row["dcr"],
        "weapons": row["weapons"],
        "defenses": row["defenses"],
    }
    return build(stats, name, "UPF", "advanced")


def fresh(tables: Tables, unit: Unit) -> Ship:
    """The unit's roster as new (completely repaired, fully armed); its name and base are kept."""
    made = station(tables, unit.name, unit.ship_class) if unit.station else ship(tables, unit.ship_class, unit.name, unit.roster.side)
    return made._replace(carried_by=unit.roster.carried_by, docked_at=unit.roster.docked_at)


def _numbered(prefix: str, ship_class: str, count: int) -> list[str]:
    title = ship_class.title()
    return [f"{prefix} {title}" if count == 1 else f"{prefix} {title} {n}" for n in range(1, count + 1)]


def new_war(tables: Tables, frontier: Frontier, replacements: bool = True, shatter_drones: bool = False) -> Campaign:
    """The start of the war: UPF and militia at their stations, Sathar and Strike Force NOVA off the map."""
    units: list[Unit] = []
    stations: dict[str, Unit] = {}
    for system in frontier.systems:
        for planet in system.planets:
            if planet.station:
                name = station_name(planet.station, planet.station_type)
                unit = Unit(station(tables, name, planet.station_type), "Station", place=Place(system.name, planet.name), home=planet.name)
                stations[planet.name] = unit
                units.append(unit)
    units += _sathar(tables)
    units += _spacefleet(tables, frontier)
    units += _militia(tables, frontier, stations)
    names = [u.name for u in units]
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise RefereeError(f"the map and orders of battle give two units the name {', '.join(twice)}")
    campaign = Campaign(frontier, tuple(units), replacements=replacements, shatter_drones=shatter_drones)
    rule = f"{BOOK}, Orders of Battle; Setting Up the Game"
    options = f"replacements {'on' if replacements else 'off'}, shatter drones {'on' if shatter_drones else 'off'}"
    counts = {side: sum(1 for u in units if u.side == side and not u.station) for side in ("Sathar", "UPF")}
    text = (
        f"the war is set up on {frontier.name}: {counts['Sathar']} Sathar ships (off the map until placed), {counts['UPF']} UPF and militia ships, {len(stations)} stations and fortresses; {options}"
    )
    return campaign.logged(campaign.entry(text, rule=rule))


def _sathar(tables: Tables) -> list[Unit]:
    rows = tables.get("ssw.sathar-fleet").rows
    units = [Unit(ship(tables, str(row["ship_type"]), name, "Sathar"), "Sathar", status="off-map") for row in rows for name in _numbered("Sathar", str(row["ship_type"]), int(str(row["number"])))]
    carriers = [u for u in units if u.ship_class == "assault carrier"]
    fighters = [u for u in units if u.fighter]
    aboard = [f._replace(roster=f.roster._replace(carried_by=carriers[n % len(carriers)].name)) for n, f in enumerate(fighters)]
    by_name = {u.name: u for u in aboard}
    return [by_name.get(u.name, u) for u in units]


def _spacefleet(tables: Tables, frontier: Frontier) -> list[Unit]:
    units: list[Unit] = []
    for row in tables.get("ssw.upf-spacefleet").rows:
        formation = str(row["formation"])
        force = "Non-Attached" if formation == "Non-Attached Ships" else formation
        prefix = SHORT[formation]
        for name in _numbered(prefix, str(row["ship_type"]), int(str(row["number"]))):
            if formation == "Strike Force NOVA":
                units.append(Unit(ship(tables, str(row["ship_type"]), name, "UPF"), force, status="off-map", fleet=formation))
                continue
            system, planet = START.get(formation, NON_ATTACHED)
            frontier.planet(planet)
            fleet = formation if formation in START else ""
            units.append(Unit(ship(tables, str(row["ship_type"]), name, "UPF"), force, place=Place(system, planet), fleet=fleet))
    carriers = {u.force: u for u in units if u.ship_class == "assault carrier"}
    carriers["Non-Attached"] = carriers["Task Force Prenglar"]  # a reading: TF Prenglar's carrier has no fighters of its own
    placed = []
    for unit in units:
        if unit.fighter:
            carrier = carriers[unit.force]
            unit = unit._replace(roster=unit.roster._replace(carried_by=carrier.name), fleet="", place=carrier.place, status=carrier.status)
        placed.append(unit)
    return placed


def _militia(tables: Tables, frontier: Frontier, stations: dict[str, Unit]) -> list[Unit]:
    units: list[Unit] = []
    columns = (("assault_scouts", "assault scout"), ("frigates", "frigate"), ("destroyers", "destroyer"))
    for row in tables.get("ssw.militia").rows:
        planet = str(row["planet"])
        system, _ = frontier.planet(planet)
        base = stations.get(planet)
        if base is None:
            raise RefereeError(f"{planet}'s militia (ssw.militia) are based at its station, and the map gives {planet} no station")
        for column, ship_class in columns:
            for name in _numbered(f"{planet} Militia", ship_class, int(str(row[column]))):
                roster = ship(tables, ship_class, name, "UPF")._replace(docked_at=base.name)
                units.append(Unit(roster, "Militia", place=Place(system.name, planet), home=planet))
    return units
