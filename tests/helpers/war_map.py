"""The Frontier Deployment Map as the campaign book reads it, for the war checker (war_check.py):
a day's move measured in transit boxes, the jump box it passed or entered, and supply paths.

Written from the book's text and the map data alone (no rule function of referee.sathar_war), so
that the checker can hold the program's movement and supply to the book.
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

from referee.knight_hawks.roster import Ship
from referee.sathar_war.campaign import Campaign, Place, Unit
from referee.sathar_war.frontier import Frontier, Route


class Step(NamedTuple):
    """A day's move from one place to another: the boxes entered (the system arrived in counts as
    one), whether it went through a system on the way, and the jump box it entered or passed."""

    boxes: int
    through_system: bool = False
    entered_jump: bool = False  # its last box is the jump box pointing its way
    passed_jump: bool = False  # it went on beyond that jump box the same day
    route: Route | None = None


def _boxes_to(route: Route, start: int, end: int, toward: str) -> list[int]:
    """The boxes entered going from box ``start`` (0 or N + 1: the system at that end) to ``end``."""
    step = 1 if toward == route.ends[1] else -1
    return list(range(start + step, end + step, step))


def _start_box(route: Route, system: str) -> int:
    """The system itself as a box number: before box 1, or after box N."""
    return 0 if system == route.ends[0] else route.boxes + 1


def day_move(frontier: Frontier, before: Place, after: Place) -> Step | None:
    """The move from ``before`` to ``after`` along the routes (None: no route joins them in a day)."""
    if not before.on_route and not after.on_route:
        return Step(0) if before.where == after.where else None
    if before.on_route and after.on_route and before.where != after.where:
        first, second = frontier.route(before.where), frontier.route(after.where)
        shared = set(first.ends) & set(second.ends)
        if not shared:
            return None
        system = shared.pop()
        boxes = len(_boxes_to(first, before.box, _start_box(first, system), system)) + len(_boxes_to(second, _start_box(second, system), after.box, after.toward))
        return Step(boxes, through_system=True, route=second)
    route = frontier.route(after.where if after.on_route else before.where)
    if not before.on_route:
        if before.where not in route.ends:
            return None
        start, end, toward = _start_box(route, before.where), after.box, after.toward
    elif not after.on_route:
        if after.where not in route.ends:
            return None
        start, end, toward = before.box, _start_box(route, after.where), after.where
    else:
        start, end = before.box, after.box
        toward = route.ends[1] if end > start else route.ends[0]
    entered = _boxes_to(route, start, end, toward)
    if not entered and start != end:
        return None
    jumping = not route.red and not (before.on_route and (before.jumped or before.turned)) and not after.turned
    jump = route.jump_box(toward) if jumping else 0
    return Step(len(entered), entered_jump=bool(jump) and entered[-1:] == [jump], passed_jump=bool(jump) and jump in entered[:-1], route=route)


def turned_back(before: Place, after: Place) -> bool:
    """On a route, heading back toward the star it left ('it must decelerate back toward the star')."""
    if not before.on_route:
        return False
    return before.turned or after.turned or (after.on_route and after.toward != before.toward)


def on_red_path(frontier: Frontier, place: Place) -> bool:
    """In a start circle or on its light red boxes."""
    if place.on_route:
        return frontier.route(place.where).red
    return not frontier.is_system(place.where)


def damaged(ship: Ship) -> bool:
    """Hull points lost, a drive or DCR down, a system destroyed or damaged: damage to repair (spent
    ammunition is not damage)."""
    down = ship.hull < ship.hull_start or ship.adf < ship.adf_start or ship.mr < ship.mr_start or ship.dcr < ship.dcr_start
    return down or bool(ship.damaged) or any(s.state != "working" for s in (*ship.weapons, *ship.defenses))


def systems_restored(before: Ship, after: Ship) -> int:
    """How many systems (drives, DCR, weapons, defenses, damaged systems) a repair restored."""
    drives = {name for name, a, b in (("adf", before.adf, after.adf), ("mr", before.mr, after.mr), ("dcr", before.dcr, after.dcr)) if b > a}
    lines = sum(1 for a, b in zip((*before.weapons, *before.defenses), (*after.weapons, *after.defenses)) if a.state != "working" and b.state == "working")
    mended = before.damaged - after.damaged
    if "damage-control" in mended:
        drives.discard("dcr")  # a Damage Control hit halved the DCR: one system, its DCR restored with it
    return len(drives) + lines + len(mended)


def rearmed(before: Ship, after: Ship) -> bool:
    """Expended torpedoes, rockets, mines, seekers, screens or ICMs given back."""
    return any(b.limited and b.count > a.count for a, b in zip((*before.weapons, *before.defenses), (*after.weapons, *after.defenses)))


def spent(ship: Ship) -> bool:
    return any(s.limited and s.state == "working" and s.count < s.start for s in (*ship.weapons, *ship.defenses))


# ---------------------------------------------------------------------- supply


def in_supply(campaign: Campaign, unit: Unit) -> bool:
    """Supply: 'A UPF ship is in supply if a path can be traced from the ship to a UPF Fortress without
    passing through a star system occupied by a Sathar ship. The path may pass through transit boxes
    containing Sathar ships, but not star system boxes. Supply may be traced into star system boxes
    that contain both UPF and Sathar ships, but not through those systems.' 'A Sathar ship is in
    supply if a path can be traced from the Sathar ship to any Sathar Start Circle, without passing
    through a star system containing a UPF ship or space station.' (The project's reading: the
    system a ship is in starts its path; from a transit box the path runs to either end of its
    route, and passes through that system.)"""
    place = unit.place
    if not unit.active or place is None:
        return False
    frontier = campaign.frontier
    held = {u.place.where for u in campaign.units if u.active and u.side != unit.side and u.place is not None and not u.place.on_route and frontier.is_system(u.place.where)}
    if unit.side == "UPF":
        goals = {u.place.where for u in campaign.units if u.fortress and u.active and u.place is not None}
    else:
        goals = {c.name for c in frontier.circles}
    own = "" if place.on_route else place.where
    starts = list(frontier.route(place.where).ends) if place.on_route else [place.where]
    seen = set(starts)
    waiting = deque(starts)
    while waiting:
        here = waiting.popleft()
        if here in goals:
            return True
        if here in held and here != own:
            continue  # into it, not through it
        for route in frontier.all_routes():
            if here in route.ends and route.other(here) not in seen:
                seen.add(route.other(here))
                waiting.append(route.other(here))
    return False
