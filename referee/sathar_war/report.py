"""What the referee asks to see, as plain data (the command line prints it, ``--json`` dumps it,
the app will show it): status and alerts, forces, a roster, supply, repair queues, battles."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.errors import RefereeError
from referee.knight_hawks.repair import damaged_targets
from referee.names import listed
from referee.sathar_war import battles as battle_rules
from referee.sathar_war import repairs as repair_rules
from referee.sathar_war import supply as supply_rules
from referee.sathar_war.campaign import STEP_TEXT, Campaign, Side, Unit
from referee.sathar_war.movement import deputized, journeys, standing, threatened
from referee.sathar_war.turn import status_lines, unfinished
from referee.sathar_war.victory import CONDITIONS, progress, tally
from referee.tables import Tables

SUPPLY_RULE = supply_rules.SUPPLY_RULE
REPAIRS = repair_rules.REPAIR_RULE
COMBAT_RULE = battle_rules.COMBAT_RULE
HOW = {  # the command that does each kind of thing left to do
    "place-upf": "campaign place SHIPS --at PLANET",
    "place-sathar": "campaign place SHIPS --circle C",
    "retreat": "campaign retreat N",
    "drones": "campaign drones SIDE FRIGATE FRIGATE",
    "nova": "campaign nova",
    "move": "campaign move SHIPS --toward SYSTEM",
    "replace": "campaign replace SHIP --at STATION",
    "declare": "campaign battle declare SYSTEM",
    "result": "campaign battle result SHIP, or battle import FILE",
    "repair-space": "campaign repairs space SHIP --repair hull=N",
    "advance": "campaign advance",
    "continue": "campaign continue",
}
AFTER = {
    "setup": "advance to day 1",
    "sathar-move": "advance to the UPF move",
    "upf-move": "advance to the Sathar attacks",
    "sathar-attacks": "advance to the UPF attacks",
    "upf-attacks": "advance: the end of the day (fighters, rearming, repairs, replacements) and the next day",
}


Todo = tuple[str, str]  # what is left to do, and the kind of action that does it (a key of HOW)


def next_steps(campaign: Campaign) -> list[Todo]:
    """What is left to do in this step, in the order it is done: what may be done now and what the
    rules require (the step cannot end without it), then advancing once nothing required remains."""
    if campaign.outcome:
        return []
    required = unfinished(campaign)
    steps = STEP_TODO[campaign.step](campaign, required)
    return steps + ([] if required else [(AFTER[campaign.step], "advance")])


def _setting_up(campaign: Campaign, required: list[Todo]) -> list[Todo]:
    """UPF Set-Up before any Sathar ship is placed; Strike Force NOVA after the Sathar initial placement."""
    if not any(u.side == "Sathar" and u.active for u in campaign.units):
        return [("UPF: place non-attached ships first, if wanted", "place-upf"), *required]
    nova = [("UPF: place Strike Force NOVA now if wanted, or at the start of a later UPF move", "nova")] if _nova_waits(campaign) else []
    return [*required, *nova]


def _moving(campaign: Campaign, required: list[Todo]) -> list[Todo]:
    """Steps 1 and 2: reinforcements (Sathar ships off the map; Strike Force NOVA before any UPF ship
    moves; UPF replacements owed), militia called home, then the moves."""
    side: Side = "Sathar" if campaign.step == "sathar-move" else "UPF"
    todo: list[Todo] = []
    if side == "Sathar":
        waiting = [u for u in campaign.side("Sathar") if u.status == "off-map" and not u.roster.carried_by]
        due = [u.name for u in waiting if u.returns]
        if due:
            todo.append((f"Sathar: place the replacements today or lose them at the day's end: {listed(due)}", "place-sathar"))
        if waiting:
            todo.append((f"Sathar: place reinforcements in start circles if wanted ({len(waiting)} ships off the map)", "place-sathar"))
    else:
        if _nova_waits(campaign) and not any(u.moved for u in campaign.side("UPF")):
            todo.append(("UPF: place Strike Force NOVA if wanted, before any UPF ship moves", "nova"))
        owed = [a.station for a in campaign.allowances if len(a.used) < a.count]
        if owed:
            todo.append((f"UPF: bring back the replacements owed at {', '.join(owed)}", "replace"))
        todo += [(f"the {name} must head home to {home}: Sathar ships have emerged there", "move") for name, home in _militia_called_home(campaign)]
    todo += required
    going = [k for k in standing(campaign, side) if not k.why_not]
    if going:
        ships = sum(len(k.units) for k in going)
        todo.append((f"{side}: go on with {len(going)} journey{'s' if len(going) > 1 else ''} kept ({ships} ship{'s' if ships > 1 else ''})", "continue"))
    still = [u for u in campaign.side(side) if u.active and not u.station and not u.moved and not u.roster.carried_by and not u.bound]
    if still:
        todo.append((f"{side}: move ships ({len(still)} have not moved today{' and keep no journey' if going else ''})", "move"))
    return todo


def _attacking(campaign: Campaign, required: list[Todo]) -> list[Todo]:
    """Steps 3 and 4: attacks where Sathar ships have not attacked today (a Sathar ship attacks one
    planet a day; the UPF may not attack Sathar ships that attacked: Declaring Combat), then results."""
    side = "Sathar" if campaign.step == "sathar-attacks" else "UPF"
    todo: list[Todo] = []
    open_to_attack = [c.system for c in battle_rules.contested(campaign) if any(not u.attacked for u in c.sathar)]
    if open_to_attack:
        todo.append((f"{side}: declare attacks if wanted, in {', '.join(open_to_attack)}", "declare"))
    for fight in campaign.fights:
        waiting = [u for u in campaign.named(fight.ships) if u.active and not u.fought] if fight.attacker == side and not fight.entered else []
        if waiting:
            todo.append((f"enter the results of the {side} attack at {fight.planet} ({fight.system}): {len(waiting)} of {len(fight.ships)} ships not entered yet", "result"))
    damaged = [u.name for u in campaign.units if repair_rules.may_repair_in_space(campaign, u)]
    if damaged:
        todo.append((f"repairs in space after the battle, if wanted: {listed(damaged)}", "repair-space"))
    return [*todo, *required]


STEP_TODO: dict[str, Callable[[Campaign, list[Todo]], list[Todo]]] = {
    "setup": _setting_up,
    "sathar-move": _moving,
    "upf-move": _moving,
    "sathar-attacks": _attacking,
    "upf-attacks": _attacking,
}


def _nova_waits(campaign: Campaign) -> bool:
    return any(u.force == "Strike Force NOVA" and u.status == "off-map" for u in campaign.units)


def _militia_called_home(campaign: Campaign) -> list[tuple[str, str]]:
    """Militia ships away from a home system where Sathar ships have emerged (Militia Ships), with their home."""
    called = []
    for unit in campaign.units:
        if unit.active and unit.militia and not deputized(campaign, unit):
            home = campaign.frontier.planet(unit.home)[0].name
            if unit.system(campaign.frontier) != home and threatened(campaign, home):
                called.append((unit.name, home))
    return called


def status(campaign: Campaign, secrets: bool = False) -> dict[str, Any]:
    condition = campaign.retreat_condition
    shown = bool(condition) and (secrets or campaign.retreat_revealed)
    if not condition:
        sealed = "no retreat condition chosen yet"
    elif shown:
        sealed = f"retreat condition {condition}: {CONDITIONS[condition]}"
    else:
        sealed = "retreat condition: sealed (status --secrets shows it)"
    return {
        "day": campaign.day,
        "tenday": campaign.tenday[0],
        "day_marker": campaign.tenday[1],
        "step": campaign.step,
        "track": status_lines(campaign),
        "next": [f"{what} ({HOW[how]})" for what, how in next_steps(campaign)] or ["the war is over"],
        "alerts": alerts(campaign),
        "tally": tally(campaign),
        "retreat_condition": sealed,
        "retreat_progress": [progress(campaign, condition)] if shown else [],
        "outcome": campaign.outcome,
    }


def alerts(campaign: Campaign) -> list[str]:
    found: list[str] = []
    for place in battle_rules.contested(campaign):
        found.append(f"contested: {place.system} ({len(place.sathar)} Sathar, {len(place.upf)} UPF)")
    ships = [u for u in campaign.units if u.active and not u.station and not u.fighter]
    out = [name for name, found in supply_rules.paths(campaign, ships).items() if found is None]
    if out:
        found.append(f"out of supply: {len(out)} ship{'s' if len(out) != 1 else ''} ({listed(out)})")
    stranded = [u.name for u in campaign.units if u.active and u.fighter and not u.roster.carried_by]
    if stranded:
        found.append(f"fighters not aboard a carrier or station, destroyed at the end of the day: {listed(stranded)}")
    for name, home in _militia_called_home(campaign):
        found.append(f"the {name} must return home to {home}: Sathar ships have emerged there")
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
        if kind and unit.ship_class != kind.strip().lower():
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
        "name": unit.name,
        "side": unit.side,
        "class": unit.ship_class,
        "force": unit.force,
        "fleet": unit.fleet,
        "status": unit.status,
        "place": unit.place.shown(campaign.frontier) if unit.place else unit.status,
        "carried_by": ship.carried_by,
        "docked_at": ship.docked_at,
        "hull": ship.hull,
        "hull_points": ship.hull_start,
        "supply": supplied,
        "drone": unit.drone,
    }


def roster(campaign: Campaign, name: str) -> dict[str, Any]:
    """The book's ship roster form for one ship."""
    unit = campaign.unit(name)
    ship = unit.roster
    return {
        "name": unit.name,
        "class": unit.ship_class,
        "side": unit.side,
        "force": unit.force,
        "fleet": unit.fleet or "-",
        "status": unit.status,
        "place": unit.place.shown(campaign.frontier) if unit.place else unit.status,
        "hull": f"{ship.hull} of {ship.hull_start}",
        "adf": f"{ship.adf} of {ship.adf_start}",
        "mr": f"{ship.mr} of {ship.mr_start}",
        "dcr": f"{ship.dcr} of {ship.dcr_start}",
        "weapons": [s.shown() for s in ship.weapons],
        "defenses": [s.shown() for s in ship.defenses],
        "damaged": sorted(ship.damaged),
        "station_only": sorted(ship.airdock_only) + (["hull"] if unit.hull_station_only else []),
        "aboard": [f.name for f in campaign.aboard(unit.name)],
        "carried_by": ship.carried_by or "-",
        "docked_at": ship.docked_at or "-",
        "journey": journey(campaign, unit),
    }


def journey(campaign: Campaign, unit: Unit) -> str:
    """The journey the ship keeps, as the log says it ("Dramune by Cassidine: 14 days at 1 box a
    day", and the planet it stops at), or "-"."""
    if not unit.bound or unit.place is None:
        return "-"
    way = journeys(campaign, unit.side, unit.place, unit.bound_rate).get(unit.bound)
    shown = way.shown() if way is not None else f"{unit.bound} (out of reach from here)"
    return shown + (f", to stop at {unit.bound_planet}" if unit.bound_planet else "")


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
            queue.append(
                {
                    "name": unit.name,
                    "hull": f"{unit.roster.hull} of {unit.roster.hull_start}",
                    "systems": [t for t in damaged_targets(unit.roster) if t != "hull"],
                    "days": days[unit.name],
                    "today": doing,
                }
            )
        centres.append({"centre": centre.name, "owner": centre.owner, "capacity": centre.capacity, "queue": queue})
    void = [{"name": u.name, "returns": u.returns, "circle": u.circle} for u in campaign.units if u.status == "void"]
    queued = {u.name for c in repair_rules.centres(campaign) for u in c.queue}
    waiting = []
    for unit in campaign.units:
        if unit.active and not unit.station and unit.name not in queued and repair_rules.needs_repair(unit):
            nearest = repair_rules.nearest_centre(campaign, unit)
            waiting.append(
                {
                    "name": unit.name,
                    "hull": f"{unit.roster.hull} of {unit.roster.hull_start}",
                    "where": unit.place.shown(campaign.frontier) if unit.place else unit.status,
                    "centre": nearest[0].name if nearest else "",
                    "days": nearest[1] if nearest else None,
                }
            )
    return {"centres": centres, "void": void, "waiting": waiting}


def battles(campaign: Campaign, tables: Tables) -> dict[str, Any]:
    contested = []
    for place in battle_rules.contested(campaign):
        contested.append(
            {
                "system": place.system,
                "planets": list(place.planets),
                "sathar": [u.name for u in place.sathar],
                "upf": [u.name for u in place.upf],
                "attacked_today": [u.name for u in place.sathar if u.attacked],
                "rules": battle_rules.suggested_rules(tables, [*place.sathar, *place.upf]),
            }
        )
    declared = [{"system": f.system, "planet": f.planet, "attacker": f.attacker, "ships": list(f.ships), "rules": f.rules, "game": f.game} for f in campaign.fights]
    return {"step": campaign.step, "step_text": STEP_TEXT[campaign.step], "contested": contested, "declared": declared}
