"""Map: the Frontier as the program holds it. Each system with its planets, stations (hull
points), construction centre and occupants; each route and start circle with what is in its
boxes and where it is heading; each side's supply; the chosen ship's supply path. Movement
orders are given here (destination, rate, interlocked groups); misjumps are rolled."""

from __future__ import annotations

from collections.abc import Iterable

from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from referee.errors import RefereeError
from referee.sathar_war import repairs, supply
from referee.sathar_war.campaign import Campaign, Unit
from referee.sathar_war.frontier import Route
from referee.tui import actions
from referee.tui.pages.base import Page, action_keys
from referee.tui.rows import Rows
from referee.tui.text import Part, bold, line, lines


def crowd(units: list[Unit]) -> str:
    """Units grouped by fleet: ``Fleet A (3): X, Y, Z``; ships without a fleet by name."""
    fleets: dict[str, list[str]] = {}
    for unit in units:
        fleets.setdefault(unit.fleet, []).append(unit.name)
    parts = [f"{fleet} ({len(names)}): {', '.join(names)}" for fleet, names in fleets.items() if fleet]
    if "" in fleets:
        parts.append(", ".join(fleets[""]))
    return "; ".join(parts)


def on_map(campaign: Campaign) -> list[Unit]:
    return [u for u in campaign.units if u.active and u.place is not None and not u.roster.carried_by]


def system_text(campaign: Campaign, name: str) -> list[Part]:
    system = campaign.frontier.system(name)
    said: list[Part] = [bold(system.name)]
    centres = {c.planet.name: c for c in repairs.centres(campaign) if c.system == system.name}
    for planet in system.planets:
        station = campaign.station_at(planet.name)
        held = f"{planet.station_type} {station.name}: hull {station.roster.hull}/{station.roster.hull_start} ({station.status})" if station else "no station"
        centre = centres.get(planet.name)
        scc = f"; construction centre {centre.capacity} hull points a day, {centre.owner or 'closed'}" if centre else ""
        said.append(f"  {planet.name}: {held}{scc}")
    here = [u for u in on_map(campaign) if u.place is not None and u.place.where == system.name and not u.station]
    for side in ("Sathar", "UPF"):
        mine = [u for u in here if u.side == side]
        said.append(f"  {side} ({len(mine)}): {crowd(mine) or '-'}")
    said.append(f"  routes to {', '.join(campaign.frontier.neighbours(system.name))}")
    return said


def route_text(campaign: Campaign, route: Route) -> list[Part]:
    said: list[Part] = [line(bold(route.name), f": {route.boxes} boxes{' (red: a start circle path)' if route.red else ''}")]
    inside = [u for u in on_map(campaign) if u.place is not None and u.place.where == route.name]
    for box in range(1, route.boxes + 1):
        jumps = [end for end in route.ends if route.jump_box(end) == box]
        mark = f" jump toward {jumps[0]}" if jumps else ""
        here = [u for u in inside if u.place is not None and u.place.box == box]
        heading = sorted({f"-> {u.place.toward}" + (f" at {u.place.rate}" if u.place.rate > 1 else "") for u in here if u.place is not None})
        said.append(f"  box {box}{mark}: {crowd(here) or '-'} {' '.join(heading)}")
    return said


class MapPage(Page):
    TITLE = "Map"
    NAME = "map"
    HELP = "systems, routes and start circles with what is in them; supply; movement orders"
    ACTIONS = (actions.MOVE,)
    BINDINGS = action_keys(ACTIONS)

    def body(self) -> Iterable[Widget]:
        with Horizontal():
            yield Rows("Sathar", "UPF", "Place", id="places")
            with VerticalScroll(id="detail", classes="side wide"):
                yield Static(id="where")
                yield Static(id="supply")

    def home(self) -> Widget:
        return self.query_one("#places", Rows)

    def draw(self) -> None:
        campaign = self.campaign
        counts: dict[str, list[int]] = {}
        for unit in on_map(campaign):
            if unit.place is not None and not unit.station:
                counts.setdefault(unit.place.where, [0, 0])[unit.side == "UPF"] += 1
        places = [s.name for s in campaign.frontier.systems] + [r.name for r in campaign.frontier.all_routes()]
        rows = [(name, (*(n or "" for n in counts.get(name, [0, 0])), name)) for name in places]
        self.query_one("#places", Rows).show(rows, self.referee.system)
        self.show_place()

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        self.referee.system = event.key
        self.show_place()

    def show_place(self) -> None:
        campaign, name = self.campaign, self.referee.system
        if campaign.frontier.is_system(name):
            shown = system_text(campaign, name)
        elif name:
            shown = route_text(campaign, campaign.frontier.route(name))
        else:
            shown = ["choose a place"]
        self.query_one("#where", Static).update(lines(shown))
        self.query_one("#supply", Static).update(lines(self.supply_lines()))

    def supply_lines(self) -> list[Part]:
        campaign = self.campaign
        said: list[Part] = ["", bold("Supply")]
        for side in ("Sathar", "UPF"):
            ships = [u for u in on_map(campaign) if u.side == side and not u.station and not u.fighter]
            out = [name for name, path in supply.paths(campaign, ships).items() if path is None]
            said.append(f"  {side}: {len(ships) - len(out)} of {len(ships)} ships in supply" + (f"; out: {', '.join(out)}" if out else ""))
        try:
            unit = campaign.unit(self.referee.ship)
        except RefereeError:
            return said
        if unit.active and not unit.station:
            path = supply.path(campaign, unit)
            said.append(f"  the {unit.name}: " + (" -> ".join(path) if path else "OUT OF SUPPLY (no path)"))
        return said

    def point_at(self, name: str) -> None:
        self.query_one("#places", Rows).point(name)
