"""The Fleet Deployment Sheet as the campaign stands (The Second Sathar War, Setting Up the Game:
"This sheet should be divided into squares large enough to hold several dozen counters each. The
UPF Fleet Deployment Sheet should have boxes for Task Force Prenglar, Task Force Cassidine and
Strike Force NOVA. The Sathar sheet should have boxes for Sathar Attack Fleets #1 and #2, and any
other fleets the Sathar player forms").

Each side's sheet has a box for each of its fleets, with the place of the fleet's counter on the
Frontier Deployment Map and the counters it holds (fighters with their carrier or station), then a
box for the ships together without a fleet at each place, the stations, the ships off the map, in
the Void and lost. Before the sheets: the day on the Time Record Track, the victory tally, the
retreat condition (sealed unless it is the Sathar player's copy or the referee's) and the map
with the fleets' markers. "The contents of the fleets ... may be examined freely by all players":
a side's copy has its own sheet; the table's copy has both as the map and the time track show them
(the campaign's view, :func:`referee.sathar_war.sides.view`: no ship off the map, no shatter drone,
the losses as the table saw them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.paper.document import Heading, Lines, Paper, Part, Picture, Stack, Table
from referee.paper.sides import Copy, Eyes
from referee.sathar_war.sides import GONE

if TYPE_CHECKING:
    from referee.sathar_war.campaign import Campaign, Unit
    from referee.sathar_war.frontier import Frontier

SHEET_RULE = "The Second Sathar War, Setting Up the Game: the Fleet Deployment Sheet"
BOOK_FLEETS = {"UPF": ("Task Force Prenglar", "Task Force Cassidine", "Strike Force NOVA"), "Sathar": ()}


def deployment_paper(campaign: Campaign, eyes: Eyes, title: str, default: Frontier | None) -> Paper:
    from referee.paper.frontier_svg import LEGEND, picture
    from referee.sathar_war.campaign import SIDES
    from referee.sathar_war.turn import status_lines
    from referee.sathar_war.victory import CONDITIONS, progress, tally

    parts: list[Part] = [Lines(tuple(status_lines(campaign)))]
    counts = tally(campaign)
    parts.append(
        Table(
            ("Stations destroyed", "Fortresses destroyed", "Fortresses left", "Sathar ships lost", "UPF ships lost"),
            ((str(counts["stations_destroyed"]), str(counts["fortresses_destroyed"]), str(counts["fortresses_left"]), str(counts["sathar_lost"]), str(counts["upf_lost"])),),
        )
    )
    copy = Copy.of(campaign, eyes)
    condition = campaign.retreat_condition
    if not condition:
        retreat = "Sathar retreat condition: not chosen yet"
    elif copy.retreat_shown:
        retreat = f"Sathar retreat condition {condition}: {CONDITIONS[condition]}; now {progress(campaign, condition)}"
    else:
        retreat = "Sathar retreat condition: sealed (the Sathar player's copy, or the referee's, shows it)"
    parts.append(Lines((retreat, f"The war's outcome: {campaign.outcome}" if campaign.outcome else "The war goes on.")))
    svg, notes, said = picture(campaign, default)
    parts.append(Picture(svg, f"{campaign.frontier.name}, day {campaign.day}. {LEGEND}." + "".join(f" {n}." for n in notes), tuple(said)))
    out = _out_of_supply(campaign)
    for side in SIDES:
        if eyes.side and side != eyes.side:
            continue
        parts.append(Heading(f"{side} Fleet Deployment Sheet", new_page=True))
        parts += _sheet(campaign, side, out, copy)
    if eyes.side:
        parts.append(Lines((f"The opponent's sheet is left out of the {eyes.side} player's copy: 'The contents of the fleets ... may be examined freely by all players' at the table.",), note=True))
    about = (f"Day {campaign.day}, {campaign.step}", eyes.shown(), SHEET_RULE)
    return Paper(f"Fleet Deployment Sheet: {title}", about, tuple(parts))


def _out_of_supply(campaign: Campaign) -> set[str]:
    from referee.sathar_war import supply

    ships = [u for u in campaign.units if u.active and not u.station]
    return {name for name, path in supply.paths(campaign, ships).items() if path is None}


def _sheet(campaign: Campaign, side: str, out: set[str], copy: Copy) -> list[Part]:
    units = [u for u in campaign.units if u.side == side and not u.roster.carried_by and copy.shows(u)]
    stacks: list[Part] = []
    fleets = list(BOOK_FLEETS[side])  # the boxes the book names, if empty
    fleets += sorted({u.fleet for u in units if u.fleet and u.fleet not in fleets})
    for fleet in fleets:
        members = [u for u in units if u.fleet == fleet and u.status not in GONE]
        stacks.append(Stack(fleet, _where(campaign, members), tuple(_counter(campaign, u, out, copy) for u in members)))
    loose: dict[str, list[Unit]] = {}
    for unit in units:
        if not unit.fleet and unit.active and not unit.station:
            loose.setdefault(_where(campaign, [unit]), []).append(unit)
    for where, members in loose.items():
        force = members[0].force if len({u.force for u in members}) == 1 else "Ships"
        stacks.append(Stack(f"{force}, no fleet", where, tuple(_counter(campaign, u, out, copy) for u in members)))
    stations = [u for u in units if u.station and u.active]
    if stations:
        stacks.append(Stack("Stations and fortresses", "in orbit", tuple(_counter(campaign, u, out, copy, place=True) for u in stations)))
    waiting = [u for u in units if u.status == "off-map" and not u.fleet]
    if waiting:
        stacks.append(Stack("Off the map", "not yet placed", tuple(_counter(campaign, u, out, copy) for u in waiting)))
    void = [u for u in units if u.status == "void"]
    if void:
        stacks.append(Stack("In the Void", "repairing; back in a start circle on the day given", tuple(f"{_counter(campaign, u, out, copy)}; back on day {u.returns} ({u.circle})" for u in void)))
    lost = [c for c in copy.lost if c.side == side]
    if lost:
        stacks.append(Stack("Lost", f"{len(lost)} ships and stations", tuple(f"{c.name} ({c.ship_class}): {c.where}" for c in lost)))
    return stacks


def _where(campaign: Campaign, members: list[Unit]) -> str:
    """Where a box's counter is on the map: the place its ships are (together, as a fleet's are)."""
    places = sorted({u.place.shown(campaign.frontier) if u.place else ("off the map" if u.status == "off-map" else u.status) for u in members})
    return "; ".join(places) or "no ships left"


def _counter(campaign: Campaign, unit: Unit, out: set[str], copy: Copy, place: bool = False) -> str:
    """A ship's counter in its box: name, class, hull points, and what the referee must see at a glance."""
    ship = unit.roster
    said = f"{unit.name} ({unit.ship_class}), hull {max(ship.hull, 0)}/{ship.hull_start}"
    if place and unit.place is not None:
        said += f" at {unit.place.shown(campaign.frontier)}"
    if ship.damaged:
        said += f"; damaged: {', '.join(sorted(ship.damaged))}"
    aboard = campaign.aboard(unit.name)
    if aboard:
        said += f"; {len(aboard)} fighter{'s' if len(aboard) != 1 else ''} aboard"
    if ship.docked_at:
        said += f"; docked at the {ship.docked_at}"
    if unit.name in out:
        said += "; OUT OF SUPPLY"
    if unit.drone and copy.whole(unit):
        said += "; shatter drone"
    return said
