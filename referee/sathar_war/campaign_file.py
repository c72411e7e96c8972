"""A campaign as plain data, the shape of a campaign file (campaigns/README.md), and back.

Reading is strict: an unknown key, a value of the wrong kind, a place not on the campaign's map or
a fleet whose ships are in two places is refused, naming the unit and key at fault.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from referee import kinds, storage, strict
from referee.errors import RefereeError
from referee.knight_hawks.roster import Ship
from referee.knight_hawks.roster_file import ship_dict, ship_from_dict
from referee.sathar_war import frontier as frontier_file
from referee.sathar_war import log_file
from referee.sathar_war.campaign import FORCES, SIDES, STATUSES, VOID_DAYS, Allowance, Campaign, Entry, Fight, Kept, Log, Loss, Order, Place, Unit
from referee.sathar_war.forces import carrier_capacity
from referee.sathar_war.frontier import Frontier
from referee.sathar_war.supply import FIGHTER_REARMS
from referee.tables import Tables

T = TypeVar("T")

FORMAT = kinds.CAMPAIGN.format
VERSION = 2  # 2: the log kept in a file beside the campaign file ([log_file]); 1 (still read): the log in the file
VERSIONS = (1, 2)
CAMPAIGN_KEYS = {
    "format",
    "version",
    "day",
    "step",
    "replacements",
    "shatter_drones",
    "retreat_condition",
    "retreat_revealed",
    "outcome",
    "map",
    "units",
    "orders",
    "allowances",
    "losses",
    "fights",
    "log",
    "log_file",
}
UNIT_KEYS = {
    "force",
    "status",
    "place",
    "home",
    "fleet",
    "moved",
    "fought",
    "repair_turns",
    "attacked",
    "drone",
    "hull_station_only",
    "rearms",
    "docked_since",
    "placed",
    "lost",
    "returns",
    "circle",
    "bound",
    "bound_rate",
    "bound_planet",
}
HOWS = ("combat", "misjump", "stranded", "detonated")
LOST = {"destroyed": ("combat", "stranded"), "misjumped": ("misjump",), "detonated": ("detonated",), "removed": ("combat",)}  # a lost unit's status: its loss
REPLACED = ("combat", "stranded")  # a ship back in the war after these: a replacement (Replacements)
PLACE_KEYS = {"where", "planet", "box", "toward", "rate", "jumped", "turned"}


def from_dict(data: dict[str, Any], tables: Tables, log: Path | None = None) -> Campaign:
    """The campaign a file describes; anything malformed is refused, saying what and where. ``log``:
    the log file beside it (:mod:`log_file`), for a file that keeps its log there."""
    head = _head_from_dict(_header(data), frontier_file.from_dict(strict.get(data, "map", dict, "campaign file")))
    units = _rearms_of_fighters(strict.items(data, "units", lambda item, at: _unit(item, at, tables)))
    return check(head._replace(units=units, log=Log(strict.items(data, "log", log_file.entry_from_dict), _kept(data, log))))


def _rearms_of_fighters(units: tuple[Unit, ...]) -> tuple[Unit, ...]:
    """Each fighter counts its own rearms out of supply (Supply: "Fighters can be rearmed ... twice");
    a file written before kept one count on the carrier or station, which each fighter based on it
    now takes as its own (it has rearmed at most that often), the base keeping none."""
    counts = {u.name: u.rearms for u in units if u.rearms and not u.fighter}
    if not counts:
        return units
    found = []
    for unit in units:
        if unit.name in counts:
            unit = unit._replace(rearms=0)
        elif unit.fighter and unit.roster.carried_by in counts:
            unit = unit._replace(rearms=max(unit.rearms, counts[unit.roster.carried_by]))
        found.append(unit)
    return tuple(found)


def read(path: Path, tables: Tables) -> Campaign:
    """The campaign in the file at ``path``, its log beside it (a load as the journal's, for one look)."""
    return from_dict(storage.read(path, "campaign"), tables, log_file.beside(storage.target(path)))


def _header(data: dict[str, Any]) -> dict[str, Any]:
    """The file's keys all known, and its format and version this program's."""
    strict.keys(data, CAMPAIGN_KEYS, "campaign file")
    version = data.get("version")
    if data.get("format") == FORMAT and (not isinstance(version, int) or isinstance(version, bool) or version not in VERSIONS):
        raise RefereeError(f"campaign file: version {version!r} is not one this program reads (it reads {' and '.join(map(str, VERSIONS))})")
    strict.header(data, FORMAT, version if isinstance(version, int) else VERSION, "campaign file", "a Second Sathar War campaign file")
    if version == 1 and "log_file" in data:
        raise RefereeError("campaign file: log_file is of version 2: a file of version 1 keeps its log in itself ([[log]] tables)")
    return data


def _kept(data: dict[str, Any], log: Path | None) -> Kept | None:
    """The log lines kept in the log file beside the campaign file, as its [log_file] table says."""
    if "log_file" not in data:
        return None
    where = "campaign file: [log_file]"
    table = strict.keys(data["log_file"], {"lines", "bytes"}, where)
    count = strict.get(table, "lines", int, where, low=0, high=10**7)
    spans = table.get("bytes", [])
    shown = "bytes must be a list of spans [start, end] of the log file, each after the one before"
    if not isinstance(spans, list) or not all(isinstance(x, list) and len(x) == 2 and all(type(n) is int for n in x) for x in spans):
        raise RefereeError(f"{where}: {shown}, not {str(spans)[:80]}")
    edges = [n for span in spans for n in span]
    if edges != sorted(set(edges)) or (edges and (edges[0] < 0 or edges[-1] > storage.READ_LIMIT)) or bool(count) != bool(spans):
        raise RefereeError(f"{where}: {shown}, within {storage.READ_LIMIT} bytes (and some for lines above 0), not {str(spans)[:80]}")
    if log is None:
        raise RefereeError("this campaign keeps its log in a file beside it: open the campaign file itself")
    return log_file.kept(log, count, tuple((start, end) for start, end in spans)) if count else None


def _head_from_dict(data: dict[str, Any], frontier: Frontier) -> Campaign:
    """All of the campaign but its map (given), units and log (left empty)."""
    where = "campaign file"
    step = log_file.step(strict.get(data, "step", str, where), where)
    return Campaign(
        frontier=frontier,
        units=(),
        day=strict.get(data, "day", int, where, low=0),
        step=step,
        replacements=strict.get(data, "replacements", bool, where, True),
        shatter_drones=strict.get(data, "shatter_drones", bool, where, False),
        retreat_condition=strict.get(data, "retreat_condition", int, where, 0),
        retreat_revealed=strict.get(data, "retreat_revealed", bool, where, False),
        outcome=strict.get(data, "outcome", str, where, ""),
        orders=strict.items(data, "orders", _order),
        allowances=strict.items(data, "allowances", _allowance),
        losses=strict.items(data, "losses", _loss),
        fights=strict.items(data, "fights", _fight),
    )


def check(campaign: Campaign) -> Campaign:
    """Refuse a campaign whose parts do not fit together (each message names the unit and what is wrong)."""
    where = "campaign file"
    if campaign.day < 0 or (campaign.day == 0) != (campaign.step == "setup"):
        raise RefereeError(f"{where}: day {campaign.day} and step {campaign.step} do not go together (day 0 is the set-up; the war begins on day 1)")
    if not 0 <= campaign.retreat_condition <= 5:
        raise RefereeError(f"{where}: retreat_condition must be 1 to 5 (0: not chosen yet), not {campaign.retreat_condition}")
    if not campaign.units:
        raise RefereeError(f"{where}: no units ([[units]] tables)")
    by_name = {u.name: u for u in campaign.units}
    if len(by_name) < len(campaign.units):
        twice = sorted(name for name, count in Counter(u.name for u in campaign.units).items() if count > 1)
        raise RefereeError(f"{where}: {', '.join(twice)} listed twice; every ship needs its own name")
    known = (_planets(campaign.frontier), {c.name for c in campaign.frontier.circles})
    fleets: dict[str, set[Place | None]] = {}  # each fleet's places (campaign.fleets(), in one pass)
    for unit in campaign.units:
        _check_place(campaign, unit)
        _check_unit(campaign, unit, by_name, known)
        if unit.fleet and unit.active:
            fleets.setdefault(unit.fleet, set()).add(unit.place)
    for fleet, places in sorted(fleets.items()):
        if len(places) > 1:
            raise RefereeError(f"fleet {fleet!r}: its ships are in {len(places)} different places; a fleet moves together")
    _check_fleets(campaign, by_name)
    for order in campaign.orders:
        if order.ship not in by_name:
            raise RefereeError(f"{where}: a repair order names {order.ship!r}, which is not a unit of the campaign")
        if order.hull < 0 or (order.hull > 0) == bool(order.system):
            raise RefereeError(f"{where}: the repair order for {order.ship!r} must give hull points above 0 or one system, not hull {order.hull} and system {order.system!r}")
    for fight in campaign.fights:
        _check_fight(campaign, fight, by_name)
    for allowance in campaign.allowances:
        station = by_name.get(allowance.station)
        if station is None or station.ship_class not in ("fortress", "fortified station") or not station.station:
            raise RefereeError(f"{where}: a replacement allowance names {allowance.station!r}, which is not a fortress or fortified station of the campaign")
        if not campaign.day <= allowance.until <= campaign.day + 1:
            raise RefereeError(
                f"{where}: the replacement allowance at {allowance.station!r} lasts until day {allowance.until}: an allowance is owed for the day "
                f"after the replacements roll, and gone at that day's end (give day {campaign.day} or {campaign.day + 1})"
            )
        strange = [n for n in allowance.used if n not in by_name or by_name[n].side != "UPF"]
        if strange or len(allowance.used) > allowance.count:
            raise RefereeError(f"{where}: the replacement allowance at {allowance.station} lists {', '.join(allowance.used)} as used: give at most {allowance.count} UPF ships of the campaign")
    _check_losses(campaign, by_name)
    for number, entry in enumerate(campaign.log.added, len(campaign.log) - len(campaign.log.added) + 1):  # (the kept lines were checked when saved)
        if entry.day > campaign.day:
            raise RefereeError(f"log #{number}: day {entry.day} is after today (day {campaign.day}); a log line is dated 0 (the set-up) to today")
    return campaign


def _check_unit(campaign: Campaign, unit: Unit, by_name: dict[str, Unit], known: tuple[set[str], set[str]]) -> None:
    """One unit's references (base, station, planet, circle) and days, against the rest of the campaign."""
    where = f"unit {unit.name!r}"
    frontier = campaign.frontier
    if unit.force not in FORCES:
        raise RefereeError(f"{where}: force must be one of {', '.join(FORCES)}, not {unit.force!r}")
    if unit.roster.side not in SIDES:
        raise RefereeError(f"{where}: side must be Sathar or UPF, not {unit.roster.side!r}")
    if (unit.force == "Sathar") != (unit.side == "Sathar"):
        raise RefereeError(f"{where}: force {unit.force} and side {unit.roster.side} do not go together (the Sathar force is the Sathar side's)")
    if unit.rearms > FIGHTER_REARMS:
        raise RefereeError(f"{where}: rearms is {unit.rearms}; a fighter rearms at most {FIGHTER_REARMS} times before its carrier or station is resupplied (give 0 to {FIGHTER_REARMS})")
    base = unit.roster.carried_by
    if base:
        carrier = by_name.get(base)
        if carrier is None or not (carrier.station or carrier_capacity(carrier)) or carrier is unit:
            raise RefereeError(f"{where}: carried_by {base!r} is not a carrier or station of the campaign")
        if not unit.fighter or carrier.side != unit.side:
            raise RefereeError(f"{where}: only fighters are carried, by their own side's carriers and stations; this {unit.ship_class} ({unit.side}) is carried by the {carrier.name} ({carrier.side})")
        if unit.active and carrier.active and unit.place != carrier.place:
            raise RefereeError(f"{where}: it is carried by {base} but not in the same place")
    docked = unit.roster.docked_at
    if docked:
        station = by_name.get(docked)
        if station is None or not station.station or station is unit:
            raise RefereeError(f"{where}: docked_at {docked!r} is not a station of the campaign")
        place = unit.place
        if not (unit.active and station.active and place is not None and station.place is not None) or station.side != unit.side:
            raise RefereeError(f"{where}: docked at the {docked}, but a ship docks only on the map, at an active station of its own side ({unit.status}, the station {station.status})")
        if place.where != station.place.where or place.planet != station.home:
            raise RefereeError(
                f"{where}: docked at the {docked}, which orbits {station.home} ({station.place.where}), but it is at {place.shown(frontier)}; a ship docks at the station of its own planet"
            )
    if unit.station and not unit.home:
        raise RefereeError(f"{where}: a station needs home, the planet it orbits")
    for key, value in (("home", unit.home), ("attacked", unit.attacked)):
        if value and value not in known[0]:
            raise RefereeError(f"{where}: {key} {value!r} is not a planet of the map")
    if unit.station and unit.place is not None and (unit.place.on_route or unit.place.planet != unit.home):
        raise RefereeError(f"{where}: a station stays in orbit of its planet {unit.home}, not at {unit.place.shown(frontier)}")
    if unit.circle and unit.circle not in known[1]:
        raise RefereeError(f"{where}: circle {unit.circle!r} is not a start circle of the map; the circles are {', '.join(c.name for c in frontier.circles)}")
    if unit.drone and unit.ship_class != "frigate":
        raise RefereeError(f"{where}: drone: only frigates are chosen as shatter drones (Shatter Drones), not a {unit.ship_class}")
    if unit.bound or unit.bound_planet or unit.bound_rate != 1:
        _check_bound(campaign, unit, where)
    today = campaign.day
    for key, day in (("docked_since", unit.docked_since), ("placed", unit.placed), ("lost", unit.lost)):
        if day > today:
            raise RefereeError(f"{where}: {key} day {day} is after today (day {today})")
    if unit.status == "void":
        if not today < unit.returns <= today + VOID_DAYS:
            raise RefereeError(f"{where}: returns day {unit.returns}: a ship in the Void returns {VOID_DAYS} days after it entered, after today (day {today}) and by day {today + VOID_DAYS}")
    elif unit.returns and unit.status == "off-map" and unit.side == "Sathar":
        if not today <= unit.returns <= today + 1:
            raise RefereeError(f"{where}: returns day {unit.returns}: a Sathar replacement is placed during the turn after its roll, today (day {today}) or tomorrow")
    elif unit.returns:
        raise RefereeError(f"{where}: returns day {unit.returns}, but it is not in the Void nor a Sathar replacement off the map (status {unit.status}); leave returns out")
    if (unit.status in LOST) != (unit.lost > 0):
        raise RefereeError(f"{where}: lost day {unit.lost} and status {unit.status} do not go together (a destroyed, misjumped, detonated or removed unit has the day it was lost; no other has one)")


def _check_bound(campaign: Campaign, unit: Unit, where: str) -> None:
    """A standing journey: a ship on the map, not a station nor carried, bound for a system or start
    circle of the map (and a planet of that system, if one is named)."""
    frontier = campaign.frontier
    if not unit.bound:
        raise RefereeError(f"{where}: bound_rate and bound_planet belong to a journey: give bound, the system or start circle it is bound for, or leave them out")
    if not unit.active or unit.station or unit.roster.carried_by:
        raise RefereeError(f"{where}: bound {unit.bound!r}: only a ship on the map, not a station nor one carried aboard, keeps a journey (it is {unit.status})")
    if not frontier.is_system(unit.bound) and unit.bound not in {c.name for c in frontier.circles}:
        raise RefereeError(f"{where}: bound {unit.bound!r} is not a system or start circle of the map")
    planets = {p.name for p in frontier.system(unit.bound).planets} if frontier.is_system(unit.bound) else set()
    if unit.bound_planet and unit.bound_planet not in planets:
        raise RefereeError(f"{where}: bound_planet {unit.bound_planet!r} is not a planet of {unit.bound}")
    assert unit.place is not None
    if unit.place.where == unit.bound and not unit.place.on_route:
        raise RefereeError(f"{where}: bound {unit.bound!r}: it is there; a journey goes to another place")
    if unit.side == "UPF" and not frontier.is_system(unit.bound):
        raise RefereeError(f"{where}: bound {unit.bound!r}: UPF ships never enter a start circle's red path (The Frontier Deployment Map: Sathar Start Circles)")


def _check_fleets(campaign: Campaign, by_name: dict[str, Unit]) -> None:
    """A fleet's ships are of one side, its name one spelling and no ship's (Fleet Deployment Sheet;
    fleets are found by name in any case, as ships are)."""
    spelled: dict[str, tuple[str, str]] = {}
    ships = {name.casefold() for name in by_name}
    for unit in campaign.units:
        if not unit.fleet:
            continue
        folded = unit.fleet.casefold()
        if folded in ships or unit.fleet != unit.fleet.strip():
            raise RefereeError(f"unit {unit.name!r}: fleet {unit.fleet!r} must be a name of its own: not a ship's, no spaces around it")
        first = spelled.setdefault(folded, (unit.fleet, unit.side))
        if first != (unit.fleet, unit.side):
            raise RefereeError(f"unit {unit.name!r}: fleet {unit.fleet!r} ({unit.side}) is the {first[1]} fleet {first[0]!r}: a fleet is one side's, with one name")


def _check_fight(campaign: Campaign, fight: Fight, by_name: dict[str, Unit]) -> None:
    where = f"campaign file: the battle at {fight.planet!r}"
    unknown = [n for n in fight.ships if n not in by_name]
    if unknown:
        raise RefereeError(f"{where} names {', '.join(unknown)}, not units of the campaign")
    if not campaign.frontier.is_system(fight.system):
        raise RefereeError(f"{where}: system {fight.system!r} is not a star system of the map")
    if fight.planet not in (p.name for p in campaign.frontier.system(fight.system).planets):
        raise RefereeError(f"{where}: {fight.planet!r} is not a planet of {fight.system}")
    if fight.attacker not in SIDES:
        raise RefereeError(f"{where}: attacker must be Sathar or UPF, not {fight.attacker!r}")


def _check_losses(campaign: Campaign, by_name: dict[str, Unit]) -> None:
    """Each loss dated from day 1 to today, of a unit of the campaign as it is; each lost unit with its loss."""
    latest: dict[str, Loss] = {}
    for number, loss in enumerate(campaign.losses, 1):
        if loss.day > campaign.day:
            raise RefereeError(f"{_where(number, loss)}: day {loss.day} is after today (day {campaign.day}); a loss is dated from day 1 to today")
        unit = by_name.get(loss.name)
        if unit is None:
            raise RefereeError(f"{_where(number, loss)}: not a unit of the campaign")
        if loss.side != unit.side or loss.ship_class != unit.ship_class or loss.militia != unit.militia or loss.station != unit.station:
            raise RefereeError(
                f"{_where(number, loss)}: side {loss.side}, kind {loss.ship_class}, militia {str(loss.militia).lower()} and station {str(loss.station).lower()} must be the unit's: "
                f"{unit.side}, {unit.ship_class}, {str(unit.militia).lower()} and {str(unit.station).lower()}"
            )
        if unit.status not in LOST and not _replaced(campaign, unit, loss):
            raise RefereeError(
                f"{_where(number, loss)}: the {unit.name} is {unit.status}, but lost ({loss.how}) on day {loss.day}; only a ship destroyed in combat comes back, "
                "as a replacement: a Sathar one placed again after it, a UPF one (not militia) from the next day (Replacements)"
            )
        before = latest.get(unit.name)
        if before is not None and loss.day < before.day:
            raise RefereeError(f"{_where(number, loss)}: day {loss.day} is before the loss listed above it (day {before.day}); losses are listed in the order they happened")
        latest[unit.name] = loss
    for unit in campaign.units:
        if unit.status in LOST:
            last = latest.get(unit.name)
            if last is None or last.day != unit.lost or last.how not in LOST[unit.status]:
                raise RefereeError(f"unit {unit.name!r}: it is {unit.status} (lost on day {unit.lost}), but losses has no {' or '.join(LOST[unit.status])} loss of it on that day")


def _where(number: int, loss: Loss) -> str:
    """A loss as a refusal names it (made only for one: a war at its end checks 137 losses a load)."""
    return f"losses #{number} ({loss.name!r})"


def _replaced(campaign: Campaign, unit: Unit, loss: Loss) -> bool:
    """Whether the unit, not lost now, may have come back after this loss as a replacement
    (Replacements): a Sathar ship destroyed in combat, rolled back at the end of a 20th day and
    placed in a start circle again later (or waiting off the map); a UPF ship, not militia nor a
    station, destroyed, brought back at a fortress or fortified station the day after the roll."""
    if loss.how not in REPLACED or unit.militia or unit.station:
        return False
    if unit.side == "Sathar":
        return loss.how == "combat" and (unit.status == "off-map" or unit.placed > loss.day)
    return loss.day < campaign.day


def _planets(frontier: Frontier) -> set[str]:
    return {p.name for s in frontier.systems for p in s.planets}


def _check_place(campaign: Campaign, unit: Unit) -> None:
    where = f"unit {unit.name!r}"
    place = unit.place
    if unit.active != (place is not None):
        raise RefereeError(f"{where}: an active unit needs a place, and only an active one has one (status {unit.status})")
    if place is None:
        return
    frontier = campaign.frontier
    try:
        if place.on_route:
            route = frontier.route(place.where)
            if place.box > route.boxes or place.toward not in route.ends:
                raise RefereeError(f"box {place.box} toward {place.toward!r}: route {route.name} has boxes 1 to {route.boxes} and ends {' and '.join(route.ends)}")
            if not 1 <= place.rate <= 3:
                raise RefereeError(f"rate must be 1, 2 or 3 boxes a day, not {place.rate}")
        elif frontier.is_system(place.where):
            if place.planet and place.planet not in (p.name for p in frontier.system(place.where).planets):
                raise RefereeError(f"{place.planet!r} is not a planet of {place.where}")
        else:
            frontier.circle(place.where)
    except RefereeError as error:
        raise RefereeError(f"{where}: place: {error}") from None


def _unit(item: object, where: str, tables: Tables) -> Unit:
    if not isinstance(item, dict):
        raise RefereeError(f"{where} must be a table, not {item!r}")
    where = f"{where} ({item.get('name')!r})" if isinstance(item.get("name"), str) else where
    ship: dict[str, Any] = {}  # the keys of its roster
    own: dict[str, Any] = {}  # the unit's own
    for key, value in item.items():
        (own if key in UNIT_KEYS else ship)[key] = value
    roster = ship_from_dict(ship, where, "advanced", tables)
    unit = _plain_unit(roster, own)
    if unit is None:
        unit = _unit_key_by_key(roster, own)
    return unit


# What each key of a unit table beyond its ship's holds, as _unit_key_by_key reads it (strict.fits)
UNIT_KEY_TYPES: dict[str, type] = {
    "force": str,
    "status": str,
    "place": dict,
    "home": str,
    "fleet": str,
    "moved": bool,
    "fought": bool,
    "repair_turns": int,
    "attacked": str,
    "drone": bool,
    "hull_station_only": bool,
    "rearms": int,
    "docked_since": int,
    "placed": int,
    "lost": int,
    "returns": int,
    "circle": str,
    "bound": str,
    "bound_rate": int,
    "bound_planet": str,
}
PLACE_KEY_TYPES: dict[str, type] = {"where": str, "planet": str, "box": int, "toward": str, "rate": int, "jumped": bool, "turned": bool}
_DAYS_AND_COUNTS = ("repair_turns", "rearms", "docked_since", "lost", "returns")  # 0 or more (placed: -1, not yet, or more)


def _plain_unit(roster: Ship, table: dict[str, Any]) -> Unit | None:
    """A unit's own keys as a save writes them, read at once: they are the unit's fields, and one
    left out is the field's default, as it is for the reading key by key; None for a table that
    reading might refuse, which it then reads, or refuses in its own words and order (half its
    time; tests/files/test_quick_read.py tries both on changed units)."""
    if not strict.fits(table, UNIT_KEY_TYPES) or "force" not in table or table.get("status", "active") not in STATUSES:
        return None
    for key in _DAYS_AND_COUNTS:
        if table.get(key, 0) < 0:
            return None
    if table.get("placed", -1) < -1 or not 1 <= table.get("bound_rate", 1) <= 3:
        return None
    place = table.get("place")
    if place is not None:
        place = _plain_place(place)
        if place is None:
            return None
    return Unit(roster, **{**table, "place": place})


def _plain_place(table: dict[str, Any]) -> Place | None:
    """A place as a save writes it, built at once (its keys are the place's fields); None for one
    :func:`_place` might refuse."""
    if not strict.fits(table, PLACE_KEY_TYPES) or "where" not in table:
        return None
    place = Place(**table)
    if place.box < 0 or not 1 <= place.rate <= 3:
        return None
    return place


def _unit_key_by_key(roster: Ship, item: dict[str, Any]) -> Unit:
    """A unit's own keys, beyond its ship's, read one by one: any refusal names the unit and key."""
    where = f"unit {roster.name!r}"
    table = strict.keys(item, UNIT_KEYS, where)
    status = strict.get(table, "status", str, where, "active")
    if status not in STATUSES:
        raise RefereeError(f"{where}: status must be one of {', '.join(STATUSES)}, not {status!r}")
    place = table.get("place")
    return Unit(
        roster=roster,
        force=strict.get(table, "force", str, where),
        status=status,  # type: ignore[arg-type]
        place=None if place is None else _place(place, where),
        home=strict.get(table, "home", str, where, ""),
        fleet=strict.get(table, "fleet", str, where, ""),
        moved=strict.get(table, "moved", bool, where, False),
        fought=strict.get(table, "fought", bool, where, False),
        repair_turns=strict.get(table, "repair_turns", int, where, 0, low=0),
        attacked=strict.get(table, "attacked", str, where, ""),
        drone=strict.get(table, "drone", bool, where, False),
        hull_station_only=strict.get(table, "hull_station_only", bool, where, False),
        rearms=strict.get(table, "rearms", int, where, 0, low=0),
        docked_since=strict.get(table, "docked_since", int, where, 0, low=0),
        placed=strict.get(table, "placed", int, where, -1, low=-1),
        lost=strict.get(table, "lost", int, where, 0, low=0),
        returns=strict.get(table, "returns", int, where, 0, low=0),
        circle=strict.get(table, "circle", str, where, ""),
        bound=strict.get(table, "bound", str, where, ""),
        bound_rate=strict.get(table, "bound_rate", int, where, 1, low=1, high=3),
        bound_planet=strict.get(table, "bound_planet", str, where, ""),
    )


def _place(item: object, where: str) -> Place:
    where = f"{where}: place"
    table = strict.keys(item, PLACE_KEYS, where)
    place = Place(
        strict.get(table, "where", str, where),
        strict.get(table, "planet", str, where, ""),
        strict.get(table, "box", int, where, 0),
        strict.get(table, "toward", str, where, ""),
        strict.get(table, "rate", int, where, 1),
        strict.get(table, "jumped", bool, where, False),
        strict.get(table, "turned", bool, where, False),
    )
    if place.box < 0:
        raise RefereeError(f"{where}: box cannot be negative")
    if not 1 <= place.rate <= 3:
        raise RefereeError(f"{where}: rate must be 1, 2 or 3 boxes a day, not {place.rate}")
    return place


def _order(item: object, where: str) -> Order:
    table = strict.keys(item, {"ship", "hull", "system"}, where)
    return Order(strict.get(table, "ship", str, where), strict.get(table, "hull", int, where, 0, low=0), strict.get(table, "system", str, where, ""))


def _allowance(item: object, where: str) -> Allowance:
    table = strict.keys(item, {"station", "size", "count", "until", "used"}, where)
    size = strict.get(table, "size", str, where)
    if size not in ("large", "small"):
        raise RefereeError(f"{where}: size must be large (frigate or larger) or small (assault scouts and fighters), not {size!r}")
    return Allowance(
        strict.get(table, "station", str, where),
        size,  # type: ignore[arg-type]
        strict.get(table, "count", int, where, low=1, high=2),
        strict.get(table, "until", int, where, low=1),
        strict.words(table, "used", where),
    )


def _loss(item: object, where: str) -> Loss:
    """A loss: one line (``day 5, combat: Zikit Station (UPF armed station, militia, station)``), as
    version 2 writes it, or a table of its keys, as version 1 did."""
    if isinstance(item, str):
        found = _LOSS.fullmatch(item)
        if found is None:
            raise RefereeError(f"{where}: {item[:80]!r} is not a loss; write it as 'day 5, combat: Zikit Station (UPF armed station, militia, station)' (how: {', '.join(HOWS)})")
        day, how, name, side, kind, militia, station = found.groups()
        return Loss(int(day), name, side, kind, how, bool(militia), bool(station))  # type: ignore[arg-type]
    table = strict.keys(item, {"day", "name", "side", "kind", "how", "militia", "station"}, where)
    how = strict.get(table, "how", str, where)
    if how not in HOWS:
        raise RefereeError(f"{where}: how must be one of {', '.join(HOWS)}, not {how!r}")
    return Loss(
        strict.get(table, "day", int, where, low=1),
        strict.get(table, "name", str, where),
        strict.get(table, "side", str, where),
        strict.get(table, "kind", str, where),
        how,  # type: ignore[arg-type]
        strict.get(table, "militia", bool, where, False),
        strict.get(table, "station", bool, where, False),
    )


# (the kind, with no comma nor parenthesis in it, ends at the first: a greedy match reads the lines a
# lazy one did, in half the time)
_LOSS = re.compile(rf"day ([1-9][0-9]{{0,5}}), ({'|'.join(HOWS)}): (.+) \((Sathar|UPF) ([^(),]+)(, militia)?(, station)?\)")


def loss_line(loss: Loss) -> str:
    """A loss as version 2 writes it: one line, read back by :func:`_loss`."""
    return f"day {loss.day}, {loss.how}: {loss.name} ({loss.side} {loss.ship_class}{', militia' if loss.militia else ''}{', station' if loss.station else ''})"


def _fight(item: object, where: str) -> Fight:
    table = strict.keys(item, {"system", "planet", "attacker", "ships", "rules", "game", "entered"}, where)
    rules = strict.get(table, "rules", str, where, "")
    game = strict.get(table, "game", str, where, "basic" if rules.startswith("Basic") else "advanced")  # files before the choice: the suggestion
    if game not in ("basic", "advanced"):
        raise RefereeError(f"{where}: game must be basic or advanced (the rules the battle is fought with), not {game!r}")
    return Fight(
        strict.get(table, "system", str, where),
        strict.get(table, "planet", str, where),
        strict.get(table, "attacker", str, where),
        strict.words(table, "ships", where),
        rules,
        game,
        strict.get(table, "entered", bool, where, False),
    )


def to_dict(campaign: Campaign) -> dict[str, Any]:
    """The campaign as a campaign file's tables (read back by :func:`from_dict` to the same campaign)."""
    return {**_head(campaign), "map": frontier_file.to_dict(campaign.frontier), "units": [unit_dict(u) for u in campaign.units], "log": [log_file.entry_dict(e) for e in campaign.log]}


def _head(campaign: Campaign) -> dict[str, Any]:
    """All of the campaign file but its map, units and log."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "day": campaign.day,
        "step": campaign.step,
        "replacements": campaign.replacements,
        "shatter_drones": campaign.shatter_drones,
        "retreat_condition": campaign.retreat_condition,
        "retreat_revealed": campaign.retreat_revealed,
        "outcome": campaign.outcome,
        "orders": [o._asdict() for o in campaign.orders],
        "allowances": [{**a._asdict(), "used": list(a.used)} for a in campaign.allowances],
        "losses": [loss_line(loss) for loss in campaign.losses],
        "fights": [{**f._asdict(), "ships": list(f.ships)} for f in campaign.fights],
    }


def save(path: Path, campaign: Campaign, tables: Tables, backup: bool = True) -> None:
    """Save the campaign at ``path`` as the journal saves it - its new log lines appended to the log
    file beside it first, then the file, atomically - but for one save, with no undo history."""
    real = storage.target(path)
    writer = Writer(tables, log_file.beside(real))
    text = writer.text(campaign)
    with storage.locked(real, doing="save"):
        appending = writer.beside()
        assert appending is not None
        appending.write()
        storage.write_text(real, text, backup=backup)


def text(campaign: Campaign, tables: Tables) -> str:
    """The campaign file's text, checked as a load checks it, its log in it (a one-off save of a new
    campaign, which has no log file beside it yet: its first save moves the log there)."""
    return Writer(tables).text(campaign)


Made = tuple[object, str, dict[str, Any]]  # a part of the file (a unit, a log line, the map, the losses), its checked text, and the tables that text parses to


class Writer:
    """A campaign file's text, checked, for the save after every action, and the log lines that go
    beside it (``log``: the log file, :mod:`log_file`; None: the log is written in the text).

    Every part of the text is read back as a load reads it and must give the same unit, log line,
    map or head, and the whole campaign must pass :func:`check`, before anything is written: a state
    that would not load is the action's error, never a file (storage.read_back_tables). Units are frozen,
    and a campaign's states share those that did not change, so each one's checked text is kept
    and made again only for a new one: a save costs what changed, not the whole war. Only the new
    log lines are written, appended to the log file (:meth:`beside`).

    The text's tables, as a load would parse them, come with it (:meth:`parsed`: each part's are
    known from its reading back), and the texts of its parts: kept by the journal in the cache,
    a command that opens the file next neither parses it nor, at its first save, writes again the
    parts it did not change (:meth:`read` takes them back)."""

    def __init__(self, tables: Tables, log: Path | None = None) -> None:
        self.tables = tables
        self.log = log
        self._made: dict[int, Made] = {}  # id -> the part, from the last save (or the file read, its parts given)
        self._before: dict[int, Made] = {}  # the same from the save before it: undo and redo go back to those
        self._read: dict[int, tuple[object, dict[str, Any]]] = {}  # id -> (a part, the tables it was read from), until the first save
        self._appending: log_file.Appending | None = None
        self._parsed: tuple[dict[str, Any], dict[str, Any]] | None = None

    def read(self, data: dict[str, Any], parts: object = None, source: bytes = b"") -> Campaign:
        """The campaign a file's tables describe (:func:`from_dict`). ``parts``: the texts of the
        map, the losses and each unit in the file, as :meth:`parsed` gave them when it was saved,
        if known: taken if they are the file's own (``source``, its bytes), a part unchanged is
        written as it was at the next save, neither made nor read back again. Otherwise a part that
        would be written as the very tables it was read from needs no reading back at the first
        save: reading those tables gave it. (A full check of a 60 KB war costs more than the rest
        of the save.) What earlier saves made is kept: an undo may go back to it."""
        campaign = from_dict(data, self.tables, self.log)
        units = data.get("units", [])
        found: list[tuple[object, dict[str, Any]]] = [(campaign.frontier, {"map": data["map"]}), (campaign.losses, {"losses": data.get("losses", [])})]
        found += [(u, {"units": [d]}) for u, d in zip(campaign.units, units)]
        texts = _texts_of(parts, len(units), source) if self.log is not None and "log" not in data else None
        if texts is not None:
            self._made |= {id(part): (part, text, tables) for (part, tables), text in zip(found, texts)}
            found = []
        self._read = {id(part): (part, tables) for part, tables in found}
        self._read |= {id(e): (e, {"log": [d]}) for e, d in zip(campaign.log.added, data.get("log", []))}
        return campaign

    def text(self, campaign: Campaign) -> str:
        last, before, self._made, self._appending, self._parsed = self._made, self._before, {}, None, None
        at = log_file.end(self.log, len(campaign.log)) if self.log is not None else 0  # (a log file that cannot be written is not the state's fault)
        try:
            check(campaign)
            known = {**before, **last}

            def line(entry: Entry) -> Made:
                return self._part(entry, lambda e: {"log": [log_file.entry_dict(e)]}, lambda d: log_file.entry_from_dict(d["log"][0], "log"), known)

            head = _head(campaign)
            if self.log is not None:
                appending = self._appending = log_file.appending(self.log, campaign.log, lambda e: line(e)[1], at)
                head["log_file"] = {"lines": appending.count, "bytes": [list(span) for span in appending.spans]}
            head |= {key: [] for key, parts in (("units", campaign.units), ("log", campaign.log)) if not parts and (key == "units" or self.log is None)}
            del head["losses"]  # a part of its own, below: the losses ledger grows all war long and seldom changes
            keys = log_file.dumps({k: v for k, v in head.items() if not isinstance(v, (list, dict))})
            tables = log_file.dumps({k: v for k, v in head.items() if isinstance(v, (list, dict))})
            head_tables = storage.read_back_tables(keys + tables, lambda data: _head_from_dict(_header(data), campaign.frontier), campaign._replace(units=(), log=Log(), losses=()))
            losses = self._part(campaign.losses, lambda ls: {"losses": [loss_line(x) for x in ls]}, lambda d: strict.items(d, "losses", _loss), known)
            chart = self._part(campaign.frontier, lambda f: {"map": frontier_file.to_dict(f)}, lambda d: frontier_file.from_dict(d["map"]), known)
            units = [self._part(u, lambda u: {"units": [unit_dict(u)]}, lambda d: _unit(d["units"][0], "units", self.tables), known) for u in campaign.units]
            log = [line(e) for e in campaign.log] if self.log is None else []
        except RefereeError as error:
            self._made, self._appending = last, None
            raise storage.refused("campaign", error) from None
        self._read, self._before = {}, last
        parsed = head_tables | losses[2] | chart[2]
        if units:
            parsed["units"] = [u[2]["units"][0] for u in units]
        if log:
            parsed["log"] = [e[2]["log"][0] for e in log]
        self._parsed = (parsed, {"map": chart[1], "losses": losses[1], "units": [u[1] for u in units]})
        return "\n".join([keys + losses[1] + tables, chart[1], *(u[1] for u in units), *(e[1] for e in log)])  # (the losses a key of the file's own, before its tables)

    def beside(self) -> log_file.Appending | None:
        """What the save of the text made last writes beside the campaign file first: its new log
        lines (None: its log is in the text)."""
        return self._appending

    def parsed(self) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The text made last as a load parses it - its tables, known part by part without parsing
        it whole - and the texts of its parts, for :meth:`read` (None: no text was made)."""
        return self._parsed

    def _part(self, item: T, as_dict: Callable[[T], dict[str, Any]], read: Callable[[dict[str, Any]], T], saved: dict[int, Made]) -> Made:
        """One part's checked text and tables: those saved last time or the time before, if the same part was saved then."""
        known = saved.get(id(item))
        if known is None or known[0] is not item:
            tables = as_dict(item)
            text = log_file.dumps(tables)
            read_from = self._read.get(id(item))
            if read_from is None or read_from[0] is not item or read_from[1] != tables:
                tables = storage.read_back_tables(text, read, item)
            else:
                tables = read_from[1]
            known = (item, text, tables)
        self._made[id(item)] = known
        return known


def _texts_of(parts: object, units: int, source: bytes) -> list[str] | None:
    """The texts of the map, the losses and each of ``units`` units, if ``parts`` gives them and they
    are the file's own (``source``: its map and units its end, in order, each unit's text a
    ``[[units]]`` table, its losses in its head); None otherwise."""
    if not isinstance(parts, dict):
        return None
    chart, losses, tables = parts.get("map"), parts.get("losses"), parts.get("units")
    if not isinstance(chart, str) or not isinstance(losses, str) or not isinstance(tables, list) or len(tables) != units:
        return None
    if not all(isinstance(t, str) and t.startswith("[[units]]\n") for t in tables):
        return None
    tail = "\n".join([chart, *tables]).encode("utf-8")
    if not source.endswith(b"\n" + tail) or losses.encode("utf-8") not in source[: len(source) - len(tail)]:
        return None
    return [chart, losses, *tables]


def unit_dict(unit: Unit) -> dict[str, Any]:
    data = ship_dict(unit.roster)
    data["force"] = unit.force
    defaults = Unit(unit.roster, unit.force)
    for field in Unit._fields:
        if field in ("roster", "force", "place"):
            continue
        value = getattr(unit, field)
        if value != getattr(defaults, field):
            data[field] = value
    if unit.place is not None:
        data["place"] = {k: v for k, v in unit.place._asdict().items() if k == "where" or v != getattr(Place(""), k)}
    return data
