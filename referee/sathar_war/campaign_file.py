"""A campaign as plain data, the shape of a campaign file (campaigns/README.md), and back.

Reading is strict: an unknown key, a value of the wrong kind, a place not on the campaign's map or
a fleet whose ships are in two places is refused, naming the unit and key at fault.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from referee import strict
from referee.errors import RefereeError
from referee.knight_hawks.roster_file import ship_dict, ship_from_dict
from referee.sathar_war import frontier as frontier_file
from referee.sathar_war.campaign import FORCES, SIDES, STATUSES, STEPS, Allowance, Campaign, Entry, Fight, Loss, Order, Place, Unit
from referee.sathar_war.forces import carrier_capacity
from referee.tables import Tables

T = TypeVar("T")

FORMAT = "referee second sathar war campaign"
VERSION = 1
CAMPAIGN_KEYS = {
    "format", "version", "day", "step", "replacements", "shatter_drones", "retreat_condition", "retreat_revealed",
    "outcome", "map", "units", "orders", "allowances", "losses", "fights", "log",
}
UNIT_KEYS = {
    "force", "status", "place", "home", "fleet", "moved", "fought", "attacked", "drone", "hull_station_only",
    "rearms", "docked_since", "placed", "lost", "returns", "circle",
}
HOWS = ("combat", "misjump", "stranded", "detonated")
PLACE_KEYS = {"where", "planet", "box", "toward", "rate", "jumped", "turned"}


def from_dict(data: dict[str, Any], tables: Tables) -> Campaign:
    """The campaign a file describes; anything malformed is refused, saying what and where."""
    where = "campaign file"
    data = strict.keys(data, CAMPAIGN_KEYS, where)
    strict.header(data, FORMAT, VERSION, where, "a Second Sathar War campaign file")
    step = strict.get(data, "step", str, where)
    if step not in STEPS:
        raise RefereeError(f"{where}: step must be one of {', '.join(STEPS)}, not {step!r}")
    frontier = frontier_file.from_dict(strict.get(data, "map", dict, where))
    campaign = Campaign(
        frontier=frontier,
        units=strict.items(data, "units", lambda item, at: _unit(item, at, tables)),
        day=strict.get(data, "day", int, where),
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
        log=strict.items(data, "log", _entry),
    )
    return check(campaign)


def check(campaign: Campaign) -> Campaign:
    """Refuse a campaign whose parts do not fit together (each message names the unit and what is wrong)."""
    where = "campaign file"
    if campaign.day < 0 or (campaign.day == 0) != (campaign.step == "setup"):
        raise RefereeError(f"{where}: day {campaign.day} and step {campaign.step} do not go together (day 0 is the set-up; the war begins on day 1)")
    if not 0 <= campaign.retreat_condition <= 5:
        raise RefereeError(f"{where}: retreat_condition must be 1 to 5 (0: not chosen yet), not {campaign.retreat_condition}")
    if not campaign.units:
        raise RefereeError(f"{where}: no units ([[units]] tables)")
    names = [u.name for u in campaign.units]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise RefereeError(f"{where}: {', '.join(twice)} listed twice; every ship needs its own name")
    by_name = {u.name: u for u in campaign.units}
    for unit in campaign.units:
        _check_place(campaign, unit)
        base = unit.roster.carried_by
        if base:
            carrier = by_name.get(base)
            if carrier is None or not (carrier.station or carrier_capacity(carrier)):
                raise RefereeError(f"unit {unit.name!r}: carried_by {base!r} is not a carrier or station of the campaign")
            if unit.active and carrier.active and unit.place != carrier.place:
                raise RefereeError(f"unit {unit.name!r}: it is carried by {base} but not in the same place")
        if unit.roster.docked_at and not (unit.roster.docked_at in by_name and by_name[unit.roster.docked_at].station):
            raise RefereeError(f"unit {unit.name!r}: docked_at {unit.roster.docked_at!r} is not a station of the campaign")
        if unit.force not in FORCES:
            raise RefereeError(f"unit {unit.name!r}: force must be one of {', '.join(FORCES)}, not {unit.force!r}")
        if unit.roster.side not in SIDES:
            raise RefereeError(f"unit {unit.name!r}: side must be Sathar or UPF, not {unit.roster.side!r}")
    for fleet in campaign.fleets():
        places = {u.place for u in campaign.units if u.fleet == fleet and u.active}
        if len(places) > 1:
            raise RefereeError(f"fleet {fleet!r}: its ships are in {len(places)} different places; a fleet moves together")
    for order in campaign.orders:
        if order.ship not in by_name:
            raise RefereeError(f"{where}: a repair order names {order.ship!r}, which is not a unit of the campaign")
        if order.hull < 0 or (order.hull > 0) == bool(order.system):
            raise RefereeError(f"{where}: the repair order for {order.ship!r} must give hull points above 0 or one system, not hull {order.hull} and system {order.system!r}")
    for fight in campaign.fights:
        unknown = [n for n in fight.ships if n not in by_name]
        if unknown:
            raise RefereeError(f"{where}: the battle at {fight.planet!r} names {', '.join(unknown)}, not units of the campaign")
    for allowance in campaign.allowances:
        if allowance.station not in by_name:
            raise RefereeError(f"{where}: a replacement allowance names {allowance.station!r}, which is not a station of the campaign")
    return campaign


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
    roster = ship_from_dict({k: v for k, v in item.items() if k not in UNIT_KEYS}, where, "advanced", tables)
    table = strict.keys({k: v for k, v in item.items() if k in UNIT_KEYS}, UNIT_KEYS, where)
    where = f"unit {roster.name!r}"
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
        attacked=strict.get(table, "attacked", str, where, ""),
        drone=strict.get(table, "drone", bool, where, False),
        hull_station_only=strict.get(table, "hull_station_only", bool, where, False),
        rearms=strict.get(table, "rearms", int, where, 0),
        docked_since=strict.get(table, "docked_since", int, where, 0),
        placed=strict.get(table, "placed", int, where, -1),
        lost=strict.get(table, "lost", int, where, 0),
        returns=strict.get(table, "returns", int, where, 0),
        circle=strict.get(table, "circle", str, where, ""),
    )


def _place(item: object, where: str) -> Place:
    where = f"{where}: place"
    table = strict.keys(item, PLACE_KEYS, where)
    place = Place(
        strict.get(table, "where", str, where), strict.get(table, "planet", str, where, ""),
        strict.get(table, "box", int, where, 0), strict.get(table, "toward", str, where, ""),
        strict.get(table, "rate", int, where, 1), strict.get(table, "jumped", bool, where, False),
        strict.get(table, "turned", bool, where, False),
    )
    if place.box < 0:
        raise RefereeError(f"{where}: box cannot be negative")
    return place


def _order(item: object, where: str) -> Order:
    table = strict.keys(item, {"ship", "hull", "system"}, where)
    return Order(strict.get(table, "ship", str, where), strict.get(table, "hull", int, where, 0), strict.get(table, "system", str, where, ""))


def _allowance(item: object, where: str) -> Allowance:
    table = strict.keys(item, {"station", "size", "count", "until", "used"}, where)
    size = strict.get(table, "size", str, where)
    if size not in ("large", "small"):
        raise RefereeError(f"{where}: size must be large (frigate or larger) or small (assault scouts and fighters), not {size!r}")
    return Allowance(
        strict.get(table, "station", str, where), size, strict.get(table, "count", int, where),  # type: ignore[arg-type]
        strict.get(table, "until", int, where), strict.words(table, "used", where),
    )


def _loss(item: object, where: str) -> Loss:
    table = strict.keys(item, {"day", "name", "side", "kind", "how", "militia", "station"}, where)
    how = strict.get(table, "how", str, where)
    if how not in HOWS:
        raise RefereeError(f"{where}: how must be one of {', '.join(HOWS)}, not {how!r}")
    return Loss(
        strict.get(table, "day", int, where), strict.get(table, "name", str, where), strict.get(table, "side", str, where),
        strict.get(table, "kind", str, where), how, strict.get(table, "militia", bool, where, False),  # type: ignore[arg-type]
        strict.get(table, "station", bool, where, False),
    )


def _fight(item: object, where: str) -> Fight:
    table = strict.keys(item, {"system", "planet", "attacker", "ships", "rules"}, where)
    return Fight(
        strict.get(table, "system", str, where), strict.get(table, "planet", str, where), strict.get(table, "attacker", str, where),
        strict.words(table, "ships", where), strict.get(table, "rules", str, where, ""),
    )


def _entry(item: object, where: str) -> Entry:
    table = strict.keys(item, {"day", "step", "text", "rolls", "rule"}, where)
    return Entry(
        strict.get(table, "day", int, where), strict.get(table, "step", str, where), strict.get(table, "text", str, where),
        strict.words(table, "rolls", where), strict.get(table, "rule", str, where, ""),
    )


def to_dict(campaign: Campaign) -> dict[str, Any]:
    """The campaign as a campaign file's tables (read back by :func:`from_dict` to the same campaign)."""
    return {**_head(campaign), "units": [unit_dict(u) for u in campaign.units], "log": [entry_dict(e) for e in campaign.log]}


def _head(campaign: Campaign) -> dict[str, Any]:
    """All of the campaign file but its units and log."""
    return {
        "format": FORMAT, "version": VERSION, "day": campaign.day, "step": campaign.step,
        "replacements": campaign.replacements, "shatter_drones": campaign.shatter_drones,
        "retreat_condition": campaign.retreat_condition, "retreat_revealed": campaign.retreat_revealed, "outcome": campaign.outcome,
        "map": frontier_file.to_dict(campaign.frontier),
        "orders": [attrs.asdict(o) for o in campaign.orders],
        "allowances": [{**attrs.asdict(a), "used": list(a.used)} for a in campaign.allowances],
        "losses": [attrs.asdict(loss) for loss in campaign.losses],
        "fights": [{**attrs.asdict(f), "ships": list(f.ships)} for f in campaign.fights],
    }


class Writer:
    """A campaign file's text, for the app's save after every action.

    Units and log lines are frozen, and a campaign's states share those that did not change, so
    each one's text is kept and made again only for a new one: a save costs what changed, not the
    whole war (the log grows all campaign long). The text reads back as :func:`to_dict` does."""

    def __init__(self) -> None:
        self._made: dict[int, tuple[object, str]] = {}  # id -> (the unit or line, its text), from the last save

    def text(self, campaign: Campaign) -> str:
        import tomli_w

        last, self._made = self._made, {}
        head = _head(campaign)
        units = [self._part("units", unit, unit_dict, last) for unit in campaign.units]
        log = [self._part("log", entry, entry_dict, last) for entry in campaign.log]
        head |= {key: [] for key, parts in (("units", units), ("log", log)) if not parts}
        parts = units + log
        return "\n".join([tomli_w.dumps(head, multiline_strings=True), *parts])

    def _part(self, key: str, item: T, as_dict: Callable[[T], dict[str, Any]], last: dict[int, tuple[object, str]]) -> str:
        """One unit's or log line's text: the last save's if the same one was saved then."""
        import tomli_w

        known = last.get(id(item))
        if known is None or known[0] is not item:
            known = (item, tomli_w.dumps({key: [as_dict(item)]}, multiline_strings=True))
        self._made[id(item)] = known
        return known[1]


def unit_dict(unit: Unit) -> dict[str, Any]:
    data = ship_dict(unit.roster)
    data["force"] = unit.force
    defaults = Unit(unit.roster, unit.force)
    for field in attrs.fields(Unit):
        if field.name in ("roster", "force", "place"):
            continue
        value = getattr(unit, field.name)
        if value != getattr(defaults, field.name):
            data[field.name] = value
    if unit.place is not None:
        data["place"] = {k: v for k, v in attrs.asdict(unit.place).items() if k == "where" or v != getattr(Place(""), k)}
    return data


def entry_dict(entry: Entry) -> dict[str, Any]:
    """A log line as saved (the key for entering rolls lives only while an action is previewed)."""
    return {"day": entry.day, "step": entry.step, "text": entry.text, "rolls": list(entry.rolls), "rule": entry.rule}
