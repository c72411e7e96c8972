"""The Frontier Deployment Map as an SVG picture, laid out as the app's Map screen lays it out:
each system and start circle where the map file's ``at = [column, row]`` puts it (a map that does
not say borrows the bundled map's places: :func:`referee.sathar_war.frontier.placed`), each route
a dotted line with its transit boxes spread evenly on it (box 1 at its first end), its two jump
boxes as arrows pointing the way a ship jumps there, each start circle joined to its system by its
red boxes, and a marker for each fleet or group of ships at a place: the side's letter and how
many ships (``S15`` red, ``U16`` blue; ``!``: one of them out of supply).

The picture's unit is the Map screen's character: a column ``COLUMN`` wide, a row ``ROW`` tall (a
row about twice as tall as a column is wide, as on the screen).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee.paper.html import text as escaped

if TYPE_CHECKING:
    from referee.sathar_war.campaign import Campaign, Unit
    from referee.sathar_war.frontier import Frontier, Route

COLUMN, ROW = 9.0, 18.0
BOX = 7.0  # a transit box's side
COLOURS = {  # the printed map's: light-blue transit boxes, dark-blue jump boxes, dark-red circles and light-red boxes
    "link": "#3a6ea5",
    "box": "#9fdcf5",
    "jump": "#3b4fd8",
    "red link": "#a33a3a",
    "red box": "#ff8a8a",
    "circle": "#c01818",
    "star": "#f2c200",
    "Sathar": "#b0182a",
    "UPF": "#1f5fbf",
}
HALO = ' stroke="#fff" stroke-width="3" stroke-linejoin="round" paint-order="stroke"'  # a name stays legible over a route
LEGEND = (
    "star: a system; small square: a transit box; arrow: a jump box (pointing the way a ship jumps there); red ring: a Sathar start circle and "
    "its red boxes; S15 / U16: a fleet or group of ships at a place and how many (Sathar red, UPF blue); !: one of them out of supply"
)


class Marker(NamedTuple):
    """A fleet at a place, or its ships without a fleet going the same way."""

    side: str
    ships: int
    out: bool
    names: str  # the fleet's name, or the ships' (for the text version)
    where: str  # the place as the rosters say it (box 1 of 5 from Cassidine to Dramune ...)

    @property
    def label(self) -> str:
        return f"{self.side[0]}{self.ships}{'!' if self.out else ''}"


def markers(frontier: Frontier, units: Iterable[Unit], out: set[str]) -> dict[tuple[str, int], list[Marker]]:
    """The markers at each place (its name and box; 0 off a route), Sathar first. Fighters aboard a
    carrier or station are counted with it, as the Map screen counts them."""
    groups: dict[tuple[str, int], dict[tuple[str, str, str], list[Unit]]] = {}
    for unit in units:
        place = unit.place
        if place is None or unit.roster.carried_by:
            continue
        key = (unit.side, unit.fleet, place.toward if place.on_route else "")
        groups.setdefault((place.where, place.box), {}).setdefault(key, []).append(unit)
    found: dict[tuple[str, int], list[Marker]] = {}
    for where, here in groups.items():
        for (side, fleet, _), ships in sorted(here.items(), key=lambda g: (g[0][0] != "Sathar", g[0][1])):
            names = fleet or _run(ships)
            place = ships[0].place
            shown = "" if place is None else place.shown(frontier) if place.on_route else place.where  # (a system's marker holds all its planets)
            found.setdefault(where, []).append(Marker(side, len(ships), any(u.name in out for u in ships), names, shown))
    return found


def _run(ships: Sequence[Unit]) -> str:
    shown = ", ".join(u.name for u in ships[:3])
    return shown + (f" and {len(ships) - 3} more" if len(ships) > 3 else "")


def _along(start: tuple[float, float], end: tuple[float, float], t: float) -> tuple[float, float]:
    return start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t


def _box_at(route: Route, start: tuple[float, float], end: tuple[float, float], box: int) -> tuple[float, float]:
    return _along(start, end, box / (route.boxes + 1))


def bundled(frontier: Frontier) -> Frontier | None:
    """The bundled map, for the places of a map that gives none (None: every place is given, or it cannot be read)."""
    from referee import storage
    from referee.errors import RefereeError
    from referee.resources import campaigns_dir
    from referee.sathar_war import frontier as frontier_file

    if all(p.at is not None for p in frontier.places()):
        return None
    try:
        return frontier_file.from_dict(storage.read(campaigns_dir() / "frontier-map.toml", "map"))
    except RefereeError:
        return None


def picture(campaign: Campaign, default: Frontier | None) -> tuple[str, list[str], list[str]]:
    """The SVG text, the notes on how it was placed, and the lines that say the same in text."""
    from referee.sathar_war import supply
    from referee.sathar_war.frontier import placed

    frontier = campaign.frontier
    at, notes = placed(frontier, default)
    spot = {name: (col * COLUMN, row * ROW) for name, (col, row) in at.items()}
    active = [u for u in campaign.units if u.active]
    out = {name for name, path in supply.paths(campaign, [u for u in active if not u.station]).items() if path is None}
    found = markers(frontier, active, out)
    drawn: list[str] = []
    said: list[str] = []
    places: dict[tuple[str, int], tuple[float, float]] = {}
    ways: dict[str, tuple[float, float]] = {}
    for route in frontier.all_routes():
        start, end = spot[route.ends[0]], spot[route.ends[1]]
        ways[route.name] = _across(start, end)
        colour = COLOURS["red link" if route.red else "link"]
        drawn.append(f'<line x1="{start[0]:.1f}" y1="{start[1]:.1f}" x2="{end[0]:.1f}" y2="{end[1]:.1f}" stroke="{colour}" stroke-width="1.2" stroke-dasharray="2 3"/>')
        for box in range(1, route.boxes + 1):
            x, y = places[(route.name, box)] = _box_at(route, start, end, box)
            drawn.append(_box(route, box, x, y, start, end, (route.name, box) in found))
    for system in frontier.systems:
        x, y = places[(system.name, 0)] = spot[system.name]
        drawn.append(_star(x, y))
        drawn.append(f'<text x="{x + 8:.1f}" y="{y + 4:.1f}" font-size="11" font-weight="bold"{HALO}>{escaped(system.name)}</text>')
    for circle in frontier.circles:
        x, y = places[(circle.name, 0)] = spot[circle.name]
        drawn.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="#fff" stroke="{COLOURS["circle"]}" stroke-width="2.5"/>')
        drawn.append(f'<text x="{x + 10:.1f}" y="{y + 4:.1f}" font-size="8" fill="{COLOURS["circle"]}"{HALO}>{escaped(circle.name)}</text>')
    for (where, box), here in sorted(found.items()):
        xy = places.get((where, box))
        if xy is None:
            continue
        drawn += _markers(*xy, here, ways.get(where) if box else None)
        said += [f"{m.label} ({m.names}): {m.where}" for m in here]
    width = max(x for x, _ in spot.values()) + 16 * COLUMN
    height = max(y for _, y in spot.values()) + 3 * ROW
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-2 * COLUMN:.0f} {-2 * ROW:.0f} {width + 2 * COLUMN:.0f} {height + 2 * ROW:.0f}" '
        f'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" role="img">'
        f"<title>{escaped(frontier.name)}, day {campaign.day}</title>{''.join(drawn)}</svg>"
    )
    return svg, notes, said


def _star(x: float, y: float) -> str:
    points = []
    for n in range(10):
        radius = 7.5 if n % 2 == 0 else 3.2
        angle = math.pi / 2 + n * math.pi / 5
        points.append(f"{x + radius * math.cos(angle):.1f},{y - radius * math.sin(angle):.1f}")
    return f'<polygon points="{" ".join(points)}" fill="{COLOURS["star"]}" stroke="#000" stroke-width="0.6"/>'


def _box(route: Route, box: int, x: float, y: float, start: tuple[float, float], end: tuple[float, float], held: bool) -> str:
    """A transit box; a jump box as an arrow pointing the way a ship jumps there."""
    edge = "#000" if held else "#555"
    width = 1.4 if held else 0.6
    if route.red:
        return f'<rect x="{x - BOX / 2:.1f}" y="{y - BOX / 2:.1f}" width="{BOX}" height="{BOX}" fill="{COLOURS["red box"]}" stroke="{edge}" stroke-width="{width}"/>'
    if box in route.jump_boxes:
        toward = end if box == route.jump_boxes[0] else start
        angle = math.atan2(toward[1] - y, toward[0] - x)
        tip = (x + 6 * math.cos(angle), y + 6 * math.sin(angle))
        left = (x + 5 * math.cos(angle + 2.4), y + 5 * math.sin(angle + 2.4))
        right = (x + 5 * math.cos(angle - 2.4), y + 5 * math.sin(angle - 2.4))
        points = " ".join(f"{px:.1f},{py:.1f}" for px, py in (tip, left, right))
        return f'<polygon points="{points}" fill="{COLOURS["jump"]}" stroke="{edge}" stroke-width="{width}"/>'
    return f'<rect x="{x - BOX / 2:.1f}" y="{y - BOX / 2:.1f}" width="{BOX}" height="{BOX}" fill="{COLOURS["box"]}" stroke="{edge}" stroke-width="{width}"/>'


def _markers(x: float, y: float, here: Sequence[Marker], across: tuple[float, float] | None) -> list[str]:
    """The place's markers in a column beside it, each a coloured tag with white letters: beside a
    system below its name; beside a transit box off its route (``across``: the way off it)."""
    drawn = []
    if across is None:
        left, top, step = x + 8, y + 7, 11.0
    else:
        left, top = x + across[0] * 10, y + across[1] * 10 - 5
        step = -11.0 if across[1] < 0 else 11.0
    for n, marker in enumerate(here):
        width = 6.5 * len(marker.label) + 4
        row = top + n * step
        shift = -width if across is not None and across[0] < 0 else 0.0
        drawn.append(f'<rect x="{left + shift:.1f}" y="{row:.1f}" width="{width:.1f}" height="10" rx="1.5" fill="{COLOURS[marker.side]}"/>')
        drawn.append(f'<text x="{left + shift + 2:.1f}" y="{row + 8:.1f}" font-size="9" font-weight="bold" fill="#fff">{escaped(marker.label)}</text>')
    return drawn


def _across(start: tuple[float, float], end: tuple[float, float]) -> tuple[float, float]:
    """The way off a route, square to it: upward, or (a route running up and down) to the right."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    if abs(ny) > 0.3:
        return (nx, ny) if ny < 0 else (-nx, -ny)
    return (nx, ny) if nx > 0 else (-nx, -ny)
