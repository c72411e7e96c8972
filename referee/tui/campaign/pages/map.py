"""Map: the Frontier Deployment Map as a picture (or, ``v``, as a list of its places), with the
ships on it as markers, and beside it the place under the cursor: a system's planets, stations
(hull points), construction centres and occupants by fleet and planet; a start circle and the
Sathar in it; a route box by box with who is in each and where it is heading; each side's supply
and that of the ships at the place. Movement orders are given here (destination, rate,
interlocked groups); misjumps are rolled."""

from __future__ import annotations

from collections.abc import Iterable

from textual import events
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from referee import storage
from referee.errors import RefereeError
from referee.resources import campaigns_dir
from referee.sathar_war import frontier as frontier_file
from referee.sathar_war import repairs, supply
from referee.sathar_war.campaign import SIDES, Campaign, Unit
from referee.sathar_war.frontier import Frontier, Route
from referee.tui.campaign import actions, frontier_picture
from referee.tui.campaign.frontier_picture import Chart
from referee.tui.campaign.pages.war import WarPage
from referee.tui.campaign.picture_view import PictureView
from referee.tui.pages.base import action_keys
from referee.tui.rows import Rows
from referee.tui.text import Part, bold, line, lines

PANEL = 34  # the side panel's narrowest (columns)


def crowd(units: list[Unit], planets: bool = False) -> str:
    """Units grouped by fleet: ``Fleet A (3): X, Y, Z``; ships without a fleet by name. With
    ``planets``, each group says where in the system it is: ``Fleet A (3) at Triad: ...``."""
    return "; ".join(groups(units, planets))


def groups(units: list[Unit], planets: bool = False) -> list[str]:
    """:func:`crowd`'s groups, each a text of its own."""
    found: dict[tuple[str, str], list[str]] = {}
    for unit in units:
        where = (unit.place.planet or "-") if planets and unit.place is not None else ""
        found.setdefault((unit.fleet, where), []).append(unit.name)
    parts = []
    for (fleet, where), names in sorted(found.items(), key=lambda g: not g[0][0]):  # fleets first
        at = "" if not where else " not at a planet" if where == "-" else f" at {where}"
        if fleet:
            parts.append(f"{fleet} ({len(names)}){at}: {', '.join(names)}")
        else:
            parts.append(f"{at.strip()}: {', '.join(names)}" if at else ", ".join(names))
    return parts


def on_map(campaign: Campaign) -> list[Unit]:
    return [u for u in campaign.units if u.active and u.place is not None and not u.roster.carried_by]


def ships_at(campaign: Campaign, place: str, box: int = 0) -> list[Unit]:
    """The ships (not stations) at a system or circle, or in a route's box (0: any of its boxes)."""
    return [u for u in on_map(campaign) if u.place is not None and u.place.where == place and not u.station and (not box or u.place.box == box)]


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
    here = ships_at(campaign, system.name)
    for side in SIDES:
        mine = [u for u in here if u.side == side]
        found = groups(mine, planets=True)
        if len(found) > 1:
            said += [f"  {side} ({len(mine)}):", *(f"    {group}" for group in found)]
        else:
            said.append(f"  {side} ({len(mine)}): {''.join(found) or '-'}")
    routes = [(r.other(system.name), r) for r in campaign.frontier.all_routes() if system.name in r.ends]
    said.append("  routes to " + ", ".join(f"{other} ({r.boxes} boxes{', red' if r.red else ''})" for other, r in routes))
    return said


def circle_text(campaign: Campaign, name: str) -> list[Part]:
    circle = campaign.frontier.circle(name)
    here = ships_at(campaign, circle.name)
    said: list[Part] = [
        line(bold(circle.name), f": a Sathar start circle, {circle.boxes} red boxes to {circle.system}{' (inferred)' if circle.inferred else ''}"),
        f"  Sathar ({len(here)}): {crowd(here) or '-'}",
    ]
    return said + route_text(campaign, circle.path)[1:]


def route_text(campaign: Campaign, route: Route, chosen: int = 0) -> list[Part]:
    """A route box by box; the box ``chosen`` marked ``>``."""
    how = f"{route.light_years} light-years, " if route.light_years else ""
    said: list[Part] = [line(bold(route.name), f": {route.boxes} boxes ({how}{'inferred' if route.inferred else 'stated'}){'; red: a start circle path' if route.red else ''}")]
    inside = ships_at(campaign, route.name)
    for box in range(1, route.boxes + 1):
        jumps = [end for end in route.ends if route.jump_box(end) == box]
        mark = f" jump toward {jumps[0]}" if jumps else ""
        here = [u for u in inside if u.place is not None and u.place.box == box]
        heading = sorted({f"-> {u.place.toward}" + (f" at {u.place.rate}" if u.place.rate > 1 else "") for u in here if u.place is not None})
        text = " ".join([f"box {box}{mark}: {crowd(here) or '-'}", *heading])
        said.append((f"> {text}", "reverse") if box == chosen else f"  {text}")
    return said


class MapPage(WarPage):
    TITLE = "Map"
    NAME = "map"
    SHOWS = frozenset({"system"})
    HELP = "the Frontier Deployment Map with the ships on it (or the list of places); supply; movement orders"
    ACTIONS = (actions.MOVE, actions.CONTINUE)
    BINDINGS = action_keys(ACTIONS, Binding("v", "view", "Picture/list"))

    def __init__(self) -> None:
        super().__init__()
        self.box = ("", 0)  # the route and transit box under the picture's cursor (its box 0: a system or circle)
        self.charted: tuple[Frontier, Chart] | None = None
        self.paths: dict[str, list[str] | None] = {}  # each ship's supply path, as the campaign drawn stands
        self.listing = False  # the list of places shown instead of the picture

    def body(self) -> Iterable[Widget]:
        places = Rows("Sathar", "UPF", "Place", id="places")
        places.display = False
        with Horizontal():
            yield PictureView(id="picture")
            yield places
            with VerticalScroll(id="detail", classes="side"):
                yield Static(id="where")
                yield Static(id="supply")
                yield Static(id="about")

    def home(self) -> Widget:
        return self.query_one("#places", Rows) if self.listing else self.query_one("#picture", PictureView)

    def on_resize(self, event: events.Resize) -> None:
        self.fit()

    def fit(self) -> None:
        """The side panel: beside the whole picture where the screen is wide enough, else as narrow
        as reads (the picture a part that follows the cursor); beside the list, a little wider."""
        detail = self.query_one("#detail")
        total = self.size.width
        if self.listing or self.charted is None:
            detail.styles.width = "55%"
            return
        view = self.query_one("#picture", PictureView)
        wanted = total - (view.picture.width if view.picture else 0) - 1
        detail.styles.width = max(PANEL, min(wanted, total * 55 // 100))

    def chart(self) -> Chart:
        """The picture of the map without ships, drawn once a map (a campaign keeps its map)."""
        frontier = self.campaign.frontier
        if self.charted is None or self.charted[0] is not frontier:
            self.charted = (frontier, frontier_picture.chart(frontier, bundled_map() if any(p.at is None for p in frontier.places()) else None))
            self.call_after_refresh(self.fit)
        return self.charted[1]

    def draw(self) -> None:
        campaign = self.campaign
        chart = self.chart()
        ships = [u for u in on_map(campaign) if not u.station]
        self.paths = supply.paths(campaign, [u for u in ships if not u.fighter])
        out = {name for name, path in self.paths.items() if path is None}
        picture = frontier_picture.picture(chart, frontier_picture.markers(ships, out))
        self.query_one("#picture", PictureView).show(picture, self.spot_key(self.referee.system))
        counts: dict[str, list[int]] = {}
        for unit in ships:
            if unit.place is not None:
                counts.setdefault(unit.place.where, [0, 0])[unit.side == "UPF"] += 1
        frontier = campaign.frontier
        places = [s.name for s in frontier.systems] + [c.name for c in frontier.circles] + [r.name for r in frontier.all_routes()]
        rows = [(name, (*(n or "" for n in counts.get(name, [0, 0])), name)) for name in places]
        self.query_one("#places", Rows).show(rows, self.referee.system)
        about: list[Part] = ["", bold("The picture"), f"  {frontier_picture.LEGEND}"]
        about += [f"  {note}" for note in chart.notes]
        self.query_one("#about", Static).update(lines(about))
        self.show_place()

    def spot_key(self, place: str) -> str:
        """The picture's place for a place chosen elsewhere: a route's box under the cursor if on
        that route, else its first box with ships in it, else its middle box."""
        if not place or self.campaign.frontier.is_system(place) or place in (c.name for c in self.campaign.frontier.circles):
            return place
        try:
            route = self.campaign.frontier.route(place)
        except RefereeError:
            return ""
        if self.box[0] == place:
            return f"{place} box {self.box[1]}"
        boxes = sorted(u.place.box for u in ships_at(self.campaign, place) if u.place is not None)
        return f"{place} box {boxes[0] if boxes else (route.boxes + 1) // 2}"

    def shown(self) -> None:
        super().shown()
        view = self.query_one("#picture", PictureView)
        if view.cursor is not None and view.cursor.place != self.referee.system and self.referee.system:
            self.point_at(self.referee.system)  # chosen on another screen meanwhile (Battles)

    def on_picture_view_selected(self, event: PictureView.Selected) -> None:
        self.referee.system = event.spot.place
        self.box = (event.spot.place, event.spot.box)
        self.show_place()

    @property
    def chosen_box(self) -> int:
        """The transit box under the picture's cursor (0: none, or the list shown: a whole route)."""
        return self.box[1] if self.box[0] == self.referee.system and not self.listing else 0

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        self.referee.system = event.key
        self.show_place()

    def action_view(self) -> None:
        """Show the list of places instead of the picture, or the picture again, the cursor on the same place."""
        self.listing = not self.listing
        places, view = self.query_one("#places", Rows), self.query_one("#picture", PictureView)
        places.display, view.display = self.listing, not self.listing
        self.query_one("#about").display = not self.listing  # the picture's legend
        self.fit()
        self.point_at(self.referee.system)
        self.home().focus()

    def show_place(self) -> None:
        campaign, name = self.campaign, self.referee.system
        frontier = campaign.frontier
        if frontier.is_system(name):
            shown = system_text(campaign, name)
        elif name in (c.name for c in frontier.circles):
            shown = circle_text(campaign, name)
        elif name in frontier.by_name:
            shown = route_text(campaign, frontier.route(name), self.chosen_box)
        else:
            shown = ["choose a place"]
        self.query_one("#where", Static).update(lines(shown))
        self.query_one("#supply", Static).update(lines(self.supply_lines()))

    def supply_lines(self) -> list[Part]:
        """Each side's ships in supply, then the supply of the ships at the place under the cursor."""
        campaign = self.campaign
        said: list[Part] = ["", bold("Supply")]
        ships = [u for u in on_map(campaign) if not u.station and not u.fighter]
        for side in SIDES:
            mine = [u.name for u in ships if u.side == side]
            out = [name for name in mine if self.paths.get(name, ()) is None]
            said.append(f"  {side}: {len(mine) - len(out)} of {len(mine)} ships in supply" + (f"; out: {', '.join(out)}" if out else ""))
        here = [u for u in ships_at(campaign, self.referee.system, self.chosen_box) if not u.fighter]
        by_box: dict[tuple[str, int], list[Unit]] = {}  # a side's ships at the place share its path (a route's: a box's)
        for unit in here:
            by_box.setdefault((unit.side, unit.place.box if unit.place else 0), []).append(unit)
        for (side_here, box), group in by_box.items():
            path = self.paths.get(group[0].name)
            where = f"in box {box}" if box else "here"
            said.append(f"  {side_here} {where} ({len(group)}): " + ("in supply: " + " -> ".join(path) if path else "OUT OF SUPPLY (no path)"))
        return said

    def point_at(self, name: str) -> None:
        if self.listing:
            self.query_one("#places", Rows).point(name)
        else:
            self.query_one("#picture", PictureView).point(self.spot_key(name))


def bundled_map() -> Frontier | None:
    """The bundled map, for the places of a map that gives none (None if it cannot be read)."""
    try:
        return frontier_file.from_dict(storage.read(campaigns_dir() / "frontier-map.toml", "map"))
    except RefereeError:
        return None
