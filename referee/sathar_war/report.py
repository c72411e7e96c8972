"""What the referee asks to see, as plain data (the command line prints it, ``--json`` dumps it,
the app will show it): status and alerts, forces, a roster, supply, repair queues, battles."""

from __future__ import annotations

from typing import Any

from referee.errors import RefereeError
from referee.knight_hawks.repair import damaged_targets
from referee.sathar_war import battles as battle_rules
from referee.sathar_war import repairs as repair_rules
from referee.sathar_war import supply as supply_rules
from referee.sathar_war.campaign import STEP_TEXT, Campaign, Unit
from referee.sathar_war.movement import deputized, threatened
from referee.sathar_war.turn import status_lines
from referee.sathar_war.victory import CONDITIONS, tally
from referee.tables import Tables

SUPPLY = supply_rules.SUPPLY
REPAIRS = repair_rules.REPAIR
COMBAT = battle_rules.COMBAT
NEXT = {
    "setup": "UPF: place non-attached ships (campaign place SHIPS --at PLANET); Sathar: place 20+ ships in two or more circles (campaign place SHIPS --circle C) and choose a retreat condition (campaign retreat N); then campaign advance",
    "sathar-move": "place Sathar reinforcements (campaign place), move Sathar ships (campaign move), then campaign advance",
    "upf-move": "place Strike Force NOVA if wanted (campaign nova) before any UPF move, move UPF ships (campaign move), then campaign advance",
    "sathar-attacks": "declare Sathar attacks (campaign battle declare SYSTEM), enter each result (campaign battle result / import), then campaign advance",
    "upf-attacks": "declare UPF attacks, enter each result, then campaign advance: the end of the day",
}


def status(campaign: Campaign, secrets: bool = False) -> dict[str, Any]:
    condition = campaign.retreat_condition
    if not condition:
        sealed = "no retreat condition chosen yet"
    elif secrets or campaign.retreat_revealed:
        sealed = f"retreat condition {condition}: {CONDITIONS[condition]}"
    else:
        sealed = "retreat condition: sealed (status --secrets shows it)"
    return {
        "day": campaign.day, "tenday": campaign.tenday[0], "day_marker": campaign.tenday[1], "step": campaign.step,
        "track": status_lines(campaign), "next": NEXT[campaign.step] if not campaign.outcome else "the war is over",
        "alerts": alerts(campaign), "tally": tally(campaign), "retreat_condition": sealed, "outcome": campaign.outcome,
    }


def alerts(campaign: Campaign) -> list[str]:
    found: list[str] = []
    for place in battle_rules.contested(campaign):
        found.append(f"contested: {place.system} ({len(place.sathar)} Sathar, {len(place.upf)} UPF)")
    ships = [u for u in campaign.units if u.active and not u.station and not u.fighter]
    out = [name for name, found in supply_rules.paths(campaign, ships).items() if found is None]
    if out:
        found.append(f"out of supply: {len(out)} ships ({', '.join(out[:6])}{' ...' if len(out) > 6 else ''})")
    stranded = [u.name for u in campaign.units if u.active and u.fighter and not u.roster.carried_by]
    if stranded:
        found.append(f"fighters not aboard a carrier or station, destroyed at the end of the day: {', '.join(stranded)}")
    for unit in campaign.units:
        if unit.active and unit.militia and not deputized(campaign, unit):
            home = campaign.frontier.planet(unit.home)[0].name
            if unit.system(campaign.frontier) != home and threatened(campaign, home):
                found.append(f"the {unit.name} must return home to {home}: Sathar ships have emerged there")
    for centre in repair_rules.centres(campaign):
        for name, days in repair_rules.days_to_finish(centre).items():
            if days == 1:
                found.append(f"repairs finish today: {name} at {centre.name}")
    for allowance in campaign.allowances:
        if len(allowance.used) < allowance.count:
            found.append(f"UPF replacement owed at the {allowance.station} until day {allowance.until}: {allowance.count - len(allowance.used)} ({allowance.size})")
    if campaign.outcome:
        found.append(f"the war is decided: {campaign.outcome}")
    return found


def forces(campaign: Campaign, side: str | None = None, fleet: str | None = None, at: str | None = None, kind: str | None = None, state: str | None = None) -> list[dict[str, Any]]:
    rows = []
    supplied = supply_rules.paths(campaign, campaign.units)
    for unit in campaign.units:
        row = unit_row(campaign, unit, supplied[unit.name] is not None)
        if side and unit.side.casefold() != side.strip().casefold():
            continue
        if fleet and unit.fleet.casefold() != fleet.strip().casefold():
            continue
        if at and at.strip().casefold() not in (unit.place.where.casefold() if unit.place else "", unit.system(campaign.frontier).casefold()):
            continue
        if kind and unit.kind != kind.strip().lower():
            continue
        if state and not _in_state(row, unit, state.strip().lower()):
            continue
        rows.append(row)
    if side and side.strip().casefold() not in ("sathar", "upf"):
        raise RefereeError(f"the side is Sathar or UPF, not {side!r}")
    return rows


def _in_state(row: dict[str, Any], unit: Unit, state: str) -> bool:
    if state == "damaged":
        return unit.active and bool(unit.roster.hull < unit.roster.hull_start)
    if state in ("out-of-supply", "in-supply"):
        return unit.active and (row["supply"] == "in supply") == (state == "in-supply")
    return unit.status == state


def unit_row(campaign: Campaign, unit: Unit, in_supply: bool | None = None) -> dict[str, Any]:
    ship = unit.roster
    if in_supply is None:
        in_supply = supply_rules.in_supply(campaign, unit)
    supplied = "-" if not unit.active or unit.station else ("in supply" if in_supply else "OUT OF SUPPLY")
    return {
        "name": unit.name, "side": unit.side, "class": unit.kind, "force": unit.force, "fleet": unit.fleet, "status": unit.status,
        "place": unit.place.shown(campaign.frontier) if unit.place else unit.status, "carried_by": ship.carried_by, "docked_at": ship.docked_at,
        "hull": ship.hull, "hull_points": ship.hull_start, "supply": supplied, "drone": unit.drone,
    }


def roster(campaign: Campaign, name: str) -> dict[str, Any]:
    """The book's ship roster form for one ship."""
    unit = campaign.unit(name)
    ship = unit.roster
    return {
        "name": unit.name, "class": unit.kind, "side": unit.side, "force": unit.force, "fleet": unit.fleet or "-", "status": unit.status,
        "place": unit.place.shown(campaign.frontier) if unit.place else unit.status,
        "hull": f"{ship.hull} of {ship.hull_start}", "adf": f"{ship.adf} of {ship.adf_start}", "mr": f"{ship.mr} of {ship.mr_start}",
        "dcr": f"{ship.dcr} of {ship.dcr_start}", "weapons": [s.shown() for s in ship.weapons], "defenses": [s.shown() for s in ship.defenses],
        "damaged": sorted(ship.damaged), "station_only": sorted(ship.airdock_only) + (["hull"] if unit.hull_station_only else []),
        "aboard": [f.name for f in campaign.aboard(unit.name)], "carried_by": ship.carried_by or "-", "docked_at": ship.docked_at or "-",
    }


def supply(campaign: Campaign, name: str | None = None, side: str | None = None) -> list[dict[str, Any]]:
    units = [campaign.unit(name)] if name else [u for u in campaign.units if u.active and not u.station and not u.roster.carried_by]
    if side:
        units = [u for u in units if u.side.casefold() == side.strip().casefold()]
    rows = []
    supplied = supply_rules.paths(campaign, units)
    for unit in units:
        path = supplied[unit.name]
        rows.append({"name": unit.name, "side": unit.side, "in_supply": path is not None, "path": path or []})
    return rows


def repairs(campaign: Campaign) -> dict[str, Any]:
    centres = []
    for centre in repair_rules.centres(campaign):
        days = repair_rules.days_to_finish(centre)
        today = repair_rules.plan(centre, campaign.orders)
        queue = []
        for unit in centre.queue:
            work = today.get(unit.name)
            if work is None:
                doing = "nothing" if repair_rules.works_today(unit) else repair_rules.LATE
            else:
                doing = f"system {work.system}" if work.system else f"{work.hull} hull points"
            queue.append({
                "name": unit.name, "hull": f"{unit.roster.hull} of {unit.roster.hull_start}",
                "systems": [t for t in damaged_targets(unit.roster) if t != "hull"], "days": days[unit.name], "today": doing,
            })
        centres.append({"centre": centre.name, "owner": centre.owner, "capacity": centre.capacity, "queue": queue})
    void = [{"name": u.name, "returns": u.returns, "circle": u.circle} for u in campaign.units if u.status == "void"]
    return {"centres": centres, "void": void}


def battles(campaign: Campaign, tables: Tables) -> dict[str, Any]:
    contested = []
    for place in battle_rules.contested(campaign):
        count = len(place.sathar) + len(place.upf)
        contested.append({
            "system": place.system, "planets": list(place.planets), "sathar": [u.name for u in place.sathar], "upf": [u.name for u in place.upf],
            "attacked_today": [u.name for u in place.sathar if u.attacked], "rules": battle_rules.suggested_rules(tables, count),
        })
    declared = [{"system": f.system, "planet": f.planet, "attacker": f.attacker, "ships": list(f.ships), "rules": f.rules} for f in campaign.fights]
    return {"step": campaign.step, "step_text": STEP_TEXT[campaign.step], "contested": contested, "declared": declared}
