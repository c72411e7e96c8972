"""Supply and rearming.

A UPF ship is in supply if a path runs from it to a UPF fortress without passing through a star
system occupied by a Sathar ship (transit boxes with Sathar ships are fine; a system holding both
sides can end the path but not be a stop on it). A Sathar ship is in supply if a path runs to any
start circle without passing through a system holding a UPF ship or station. The system a ship is
in is where its path starts, never a stop on it (a reading: the book speaks only of passing through).
A ship in a transit box has no system of its own: its path runs to one end of its route and through
that system, which must not hold the enemy.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from referee.knight_hawks.roster import System
from referee.sathar_war.campaign import BOOK, SIDES, Campaign, Entry, Side, Unit

SUPPLY_RULE = f"{BOOK}, Supply"
REARMING_RULE = f"{SUPPLY_RULE}: Rearming"
FIGHTER_REARMS = 2  # 'twice while out of supply'


def path(campaign: Campaign, unit: Unit) -> list[str] | None:
    """The places a supply path passes, from the ship to a fortress (UPF) or start circle (Sathar);
    None when there is none (or the unit is off the map)."""
    return _path(campaign, unit, *_ends(campaign, unit.side))


def paths(campaign: Campaign, units: Iterable[Unit]) -> dict[str, list[str] | None]:
    """Many ships' supply paths, by name (the goals and the blocked systems found once a side)."""
    ends = {side: _ends(campaign, side) for side in SIDES}
    return {u.name: _path(campaign, u, *ends[u.side]) for u in units}


def _ends(campaign: Campaign, side: Side) -> tuple[set[str], set[str]]:
    """Where a side's supply paths may end, and the systems they may not pass through."""
    frontier = campaign.frontier
    if side == "UPF":
        goals = {u.place.where for u in campaign.units if u.fortress and u.active and u.place}
    else:
        goals = {c.name for c in frontier.circles}
    blocked = {u.system(frontier) for u in campaign.units if u.side != side and u.active} - {""}
    return goals, blocked


def _path(campaign: Campaign, unit: Unit, goals: set[str], blocked: set[str]) -> list[str] | None:
    """The shortest path from the ship: from a system, out of it; from a transit box, to either end of
    its route, which is a system the path crosses like any other (into an enemy one only to end there)."""
    if not unit.active or unit.place is None:
        return None
    frontier = campaign.frontier
    place = unit.place
    own = "" if place.on_route else place.where  # the ship's own system starts the path, never a stop on it
    starts = list(frontier.route(place.where).ends) if place.on_route else [place.where]
    first = [place.shown(frontier)] if place.on_route else []
    came_from: dict[str, str | None] = {s: None for s in starts}
    queue = deque(starts)
    while queue:
        here = queue.popleft()
        if here in goals:
            return first + _back(came_from, here)
        if here in blocked and here != own:
            continue  # into a contested or enemy system, never through it
        for there in frontier.neighbours(here):
            if there not in came_from:
                came_from[there] = here
                queue.append(there)
    return None


def _back(came_from: dict[str, str | None], end: str) -> list[str]:
    steps: list[str] = []
    at: str | None = end
    while at is not None:
        steps.append(at)
        at = came_from[at]
    return steps[::-1]


def in_supply(campaign: Campaign, unit: Unit) -> bool:
    return path(campaign, unit) is not None


def _kept_from_rearming(campaign: Campaign, unit: Unit) -> str:
    """Why a ship does not rearm tonight ('': it does). Rearming: 'the ship must spend one complete day
    at a planet in a star system that is in supply. The ship may not move or attack during that day.
    If the ship is attacked and fights back, it is not rearmed.' A ship attacked fights back when a
    result is entered for it (a reading: the referee enters one for each ship that took part)."""
    if unit.moved:
        return "it moved today"
    battle = _in_battle(campaign, unit)
    if battle:
        return battle
    if unit.place is None or not unit.place.planet:
        return "it is not at a planet"
    if not in_supply(campaign, unit):
        return "its system is out of supply"
    return ""


def _in_battle(campaign: Campaign, unit: Unit) -> str:
    """How it took part in a battle today ('': it did not)."""
    if any(fight.attacker == unit.side and unit.name in fight.ships for fight in campaign.fights):
        return "it attacked today"
    if unit.fought:
        return "it was attacked and fought back today, a result was entered for it"
    return ""


def rearm(campaign: Campaign) -> tuple[Campaign, list[Entry]]:
    """End of day: every ship that spent the day at a planet of a supplied system without moving,
    attacking or fighting back gets back all expended torpedoes, rockets, mines, seekers, masking
    screens and ICMs. Fighters that did not fight rearm from their carrier or station: each fighter
    at most twice while its base goes unresupplied, and again once the base is resupplied (a reading:
    a base is resupplied on a day it could rearm itself; on any other day its stock is not
    renewed, whether it moved, fought or stands out of supply, and the log says which)."""
    changed: dict[str, Unit] = {}
    entries: list[Entry] = []
    for unit in campaign.units:
        if not unit.active or unit.fighter:
            continue
        why = _kept_from_rearming(campaign, unit)
        if why:
            if _spent(unit):
                entries.append(campaign.entry(f"the {unit.name} does not rearm: {why} ({_left(unit)})", rule=REARMING_RULE))
            continue
        restocked = _restocked(unit)
        if restocked is not None:
            changed[unit.name] = restocked
            entries.append(campaign.entry(f"the {unit.name} rearms at {unit.place.planet} (in supply): {_spent(unit)}", rule=REARMING_RULE))  # type: ignore[union-attr]
    campaign = campaign.with_units(changed.values())
    renewed: dict[str, str] = {}  # each base: why its stock was not renewed today ('': it was resupplied)
    fighters: list[Unit] = []
    for fighter in campaign.units:
        base = fighter.roster.carried_by
        if not fighter.active or not fighter.fighter or not base:
            continue
        if base not in renewed:
            renewed[base] = _kept_from_rearming(campaign, campaign.unit(base))
        unsupplied = renewed[base]
        after = fighter._replace(rearms=0) if fighter.rearms and not unsupplied else fighter  # its base resupplied: the count begins again
        restocked = _restocked(after)
        took_part = _in_battle(campaign, fighter)
        text = ""
        if restocked is None:
            pass
        elif took_part:
            text = f"the {fighter.name} does not rearm: {took_part} ({_left(fighter)})"
        elif not unsupplied:
            after, text = restocked, f"the {fighter.name} rearms from the {base} (resupplied today)"
        elif after.rearms < FIGHTER_REARMS:
            after = restocked._replace(rearms=after.rearms + 1)
            text = f"the {fighter.name} rearms from the {base}, not resupplied today ({unsupplied}): {after.rearms} of {FIGHTER_REARMS} before the {base} must be resupplied"
        else:
            text = f"the {fighter.name} cannot rearm: it has rearmed twice since the {base} was last resupplied ({unsupplied})"
        if after != fighter:
            fighters.append(after)
        if text:
            entries.append(campaign.entry(text, rule=REARMING_RULE))
    campaign = campaign.with_units(fighters)
    return campaign, entries


def _restocked(unit: Unit) -> Unit | None:
    """The unit with every working limited system back to its start (None: nothing was spent)."""
    ship = unit.roster
    spent = _spending(unit)
    if not spent:
        return None
    for line in spent:
        ship = ship.with_system(line._replace(count=line.start))
    return unit._replace(roster=ship)


def _spending(unit: Unit) -> list[System]:
    """Its working limited systems with some expended."""
    ship = unit.roster
    return [s for s in (*ship.weapons, *ship.defenses) if s.limited and s.state == "working" and s.count < s.start]


def _spent(unit: Unit) -> str:
    return ", ".join(f"{s.code} {s.count} -> {s.start}" for s in _spending(unit))


def _left(unit: Unit) -> str:
    return ", ".join(f"{s.code} {s.count} of {s.start}" for s in _spending(unit))
