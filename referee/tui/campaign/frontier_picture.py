"""The Frontier Deployment Map drawn in characters, as the printed map lays it out.

Each system is a star (``*``) with its name, where the map's ``at = [column, row]`` puts it (or,
for a map that does not say, the bundled map: :func:`frontier.placed`). Each route is a dotted line
from star to star with its transit boxes on it (``o``), evenly spaced, box 1 at its first end; its
two jump boxes are arrows pointing the way a ship jumps there (``>`` ``<`` ``^`` ``v``). A Sathar
Start Circle is a red ``O`` joined to its system by its red boxes. Each fleet or group of ships
without a fleet is a marker beside its box, system or circle: the side's letter and the number of
ships (``S15``, ``U16``), red for the Sathar, blue for the UPF, ``!`` when one of them is out of
supply; its box is coloured too.

A route whose ends are too close for its boxes (a box count corrected, positions not yet) has the
whole picture drawn larger until every route's boxes fit, and the notes say so.

The chart (stars, routes, names) is drawn once a map; the markers once a campaign changes; moving
the cursor only shows another cell in reverse. No Textual here: the widget is ``picture_view``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from rich.segment import Segment
from rich.style import Style

from referee.sathar_war.campaign import Unit
from referee.sathar_war.frontier import At, Frontier, Route, placed

STAR, BOX, LINK, CIRCLE = "*", "o", "·", "O"
STYLES = {  # the printed map's colours: light-blue transit boxes, dark-blue jump boxes, dark-red circles and light-red boxes
    "": Style(),
    "link": Style(color="#3a6ea5"),
    "box": Style(color="#6fd0f5"),
    "jump": Style(color="#7b8cff", bold=True),
    "red link": Style(color="#a33a3a"),
    "red box": Style(color="#ff6b6b"),
    "circle": Style(color="#e02020", bold=True),
    "star": Style(color="#ffd700", bold=True),
    "name": Style(bold=True),
    "Sathar": Style(color="#ffffff", bgcolor="#b0182a", bold=True),
    "UPF": Style(color="#ffffff", bgcolor="#1f5fbf", bold=True),
    "both": Style(color="#ffffff", bgcolor="#7a2fb0", bold=True),
}
CURSOR = Style(reverse=True)
SOLID = {"box", "jump", "red box", "star", "circle", "name", "Sathar", "UPF", "both"}  # what a name or marker must not cover
LEGEND = (
    "* system   o transit box   > jump box (the arrow: the way a ship jumps there)   O Sathar start circle, "
    "its red boxes   S15 / U16: a fleet or group of ships and how many (Sathar red, UPF blue); ! one of them out of supply"
)


class Spot(NamedTuple):
    """A place the cursor can rest on: a system, a start circle, or one transit box of a route."""

    place: str  # the system's, circle's or route's name
    box: int  # on a route: the box, 1..N from its first end (0: a system or circle)
    x: int
    y: int

    @property
    def key(self) -> str:
        return f"{self.place} box {self.box}" if self.box else self.place


Cell = tuple[str, str]  # (character, style name)


class Chart(NamedTuple):
    """The map without ships: its cells, the places the cursor can rest on, and the notes on how it
    was placed."""

    cells: dict[tuple[int, int], Cell]
    spots: tuple[Spot, ...]
    names: dict[str, tuple[int, int, int]]  # a system's name on the picture: column, row, length
    along: dict[str, tuple[int, int]]  # each route's direction on the picture (its second end less its first)
    notes: tuple[str, ...]


def chart(frontier: Frontier, default: Frontier | None) -> Chart:
    at, notes = placed(frontier, default)
    scale = _scale(frontier, at)
    if scale > 1:
        at = {name: _scaled(spot, scale) for name, spot in at.items()}
        notes.append(f"drawn {scale:.1f} times as large as the map's places: a route's boxes need room (more columns or rows between its ends than it has boxes)")
    cells: dict[tuple[int, int], Cell] = {}
    spots: list[Spot] = []
    along: dict[str, tuple[int, int]] = {}
    for route in frontier.all_routes():
        start, end = at[route.ends[0]], at[route.ends[1]]
        along[route.name] = (end[0] - start[0], end[1] - start[1])
        spots += _route(cells, route, start, end)
    names: dict[str, tuple[int, int, int]] = {}
    for system in frontier.systems:
        x, y = at[system.name]
        cells[(x, y)] = (STAR, "star")
        spots.append(Spot(system.name, 0, x, y))
    for circle in frontier.circles:
        x, y = at[circle.name]
        cells[(x, y)] = (CIRCLE, "circle")
        spots.append(Spot(circle.name, 0, x, y))
    for system in frontier.systems:
        x, y = at[system.name]
        name = system.name
        width = len(name)
        beside = [(x + 2, y), (x - 1 - width, y)]
        across = [(x - width // 2, y - 1), (x - width // 2, y + 1), (x + 1, y - 1), (x + 1, y + 1), (x - width, y - 1), (x - width, y + 1)]
        left, top = _room(cells, width, [*beside, *across, (x + 3, y), (x - 2 - width, y)])
        for n, char in enumerate(name):
            cells[(left + n, top)] = (char, "name")
        names[name] = (left, top, width)
    return Chart(cells, tuple(spots), names, along, tuple(notes))


def _scale(frontier: Frontier, at: dict[str, At]) -> float:
    """How much larger the picture must be drawn for every route to have a cell for each box between its ends."""
    scale = 1.0
    for _ in range(40):
        short = [r for r in frontier.all_routes() if _steps(_scaled(at[r.ends[0]], scale), _scaled(at[r.ends[1]], scale)) < r.boxes + 1]
        if not short:
            return scale
        scale = max(scale * 1.1, *((r.boxes + 1) / max(_steps(at[r.ends[0]], at[r.ends[1]]), 1) for r in short))
    return scale


def _scaled(spot: At, scale: float) -> At:
    return (math.floor(spot[0] * scale + 0.5), math.floor(spot[1] * scale + 0.5))


def _steps(start: At, end: At) -> int:
    return max(abs(end[0] - start[0]), abs(end[1] - start[1]))


def _route(cells: dict[tuple[int, int], Cell], route: Route, start: At, end: At) -> list[Spot]:
    """Draw a route from its first end to its second: a dotted line, its boxes spread evenly on it."""
    steps = _steps(start, end)
    if steps < 2:
        return []
    line = [(math.floor(start[0] + (end[0] - start[0]) * i / steps + 0.5), math.floor(start[1] + (end[1] - start[1]) * i / steps + 0.5)) for i in range(steps + 1)]
    link = "red link" if route.red else "link"
    for cell in line[1:-1]:
        cells.setdefault(cell, (LINK, link))
    spots = []
    for box in range(1, route.boxes + 1):
        cell = line[min(max(math.floor(box * steps / (route.boxes + 1) + 0.5), 1), steps - 1)]
        if route.red:
            cells[cell] = (BOX, "red box")
        elif box in route.jump_boxes:
            toward = 1 if box == route.jump_boxes[0] else -1  # the jump toward the second end, then toward the first
            cells[cell] = (_arrow((end[0] - start[0]) * toward, (end[1] - start[1]) * toward), "jump")
        else:
            cells[cell] = (BOX, "box")
        spots.append(Spot(route.name, box, *cell))
    return spots


def _arrow(dx: int, dy: int) -> str:
    """The arrow for a way across the picture (a row is about twice as tall as a column is wide)."""
    if abs(dx) >= 2 * abs(dy):
        return ">" if dx > 0 else "<"
    return "v" if dy > 0 else "^"


def _room(cells: dict[tuple[int, int], Cell], width: int, tried: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The first of the places tried where a text of ``width`` covers nothing solid (and fewest
    dots); failing that, the one covering least."""

    def cost(left: int, top: int) -> int:
        if left < 0 or top < 0:
            return 1_000_000
        covered = [cells.get((left + n, top)) for n in range(width)]
        edges = [cells.get((left - 1, top)), cells.get((left + width, top))]  # touching a box reads as one word with it
        return sum(100 if c[1] in SOLID else 1 for c in covered if c is not None) + sum(10 if c[1] in SOLID else 0 for c in edges if c is not None)

    return min(tried, key=lambda place: cost(*place))


# ---------------------------------------------------------------------- the ships on it


class Marker(NamedTuple):
    """A fleet, or ships without a fleet going the same way, at one place."""

    side: str
    ships: int
    out: bool  # one of them out of supply

    @property
    def text(self) -> str:
        return f"{self.side[0]}{self.ships}{'!' if self.out else ''}"


def markers(units: Iterable[Unit], out: set[str]) -> dict[tuple[str, int], list[Marker]]:
    """The markers at each place (its name and box, 0 off a route): one a fleet, or a group of ships
    without a fleet heading the same way, Sathar first; ``out`` names the ships out of supply."""
    groups: dict[tuple[str, int], dict[tuple[str, str, str], list[Unit]]] = {}
    for unit in units:
        place = unit.place
        if place is None:
            continue
        group = (unit.side, unit.fleet, place.toward if place.on_route else "")
        groups.setdefault((place.where, place.box), {}).setdefault(group, []).append(unit)
    return {where: [Marker(side, len(ships), any(u.name in out for u in ships)) for (side, _, _), ships in sorted(found.items(), key=lambda g: g[0][0] != "Sathar")] for where, found in groups.items()}


class Picture(NamedTuple):
    """The chart with the ships' markers: rows of cells, ready to be shown a part at a time."""

    chart: Chart
    rows: tuple[tuple[Segment, ...], ...]
    grid: dict[tuple[int, int], Cell]
    width: int
    height: int

    def spot(self, key: str) -> Spot | None:
        return next((s for s in self.chart.spots if s.key == key), None)

    def line(self, y: int, cursor: Spot | None) -> list[Segment]:
        """Row ``y`` as segments (the cursor's place shown in reverse, a system with its name)."""
        if cursor is None or y not in self.rows_lit(cursor):
            return list(self.rows[y]) if 0 <= y < self.height else []
        lit = self._lit(cursor)
        return list(_segments(self.grid, y, self.width, {x for x, row in lit if row == y}))

    def rows_lit(self, cursor: Spot) -> set[int]:
        """The rows the cursor shows on a place in reverse."""
        return {row for _, row in self._lit(cursor)}

    def _lit(self, cursor: Spot) -> set[tuple[int, int]]:
        lit = {(cursor.x, cursor.y)}
        if cursor.place in self.chart.names and not cursor.box:
            left, top, width = self.chart.names[cursor.place]
            lit |= {(left + n, top) for n in range(width)}
        return lit


def picture(chart: Chart, found: dict[tuple[str, int], list[Marker]]) -> Picture:
    grid = dict(chart.cells)
    for spot in sorted(chart.spots, key=lambda s: (s.box == 0, s.y, s.x)):
        here = found.get((spot.place, spot.box))
        if not here:
            continue
        sides = {m.side for m in here}
        if spot.box:
            char = grid[(spot.x, spot.y)][0]
            grid[(spot.x, spot.y)] = (char, "both" if len(sides) > 1 else next(iter(sides)))
        _mark(grid, chart, spot, here)
    width = max(x for x, _ in grid) + 2
    height = max(y for _, y in grid) + 2
    rows = tuple(tuple(_segments(grid, y, width, set())) for y in range(height))
    return Picture(chart, rows, grid, width, height)


def _mark(grid: dict[tuple[int, int], Cell], chart: Chart, spot: Spot, here: list[Marker]) -> None:
    """Set a place's markers down as one run (``S15 U3``) beside it where they cover nothing solid."""
    run = " ".join(m.text for m in here)
    width = len(run)
    x, y = spot.x, spot.y
    if spot.box:
        dx, dy = chart.along[spot.place]
        across = [(x - width // 2, y - 1), (x - width // 2, y + 1)]
        beside = [(x + 2, y), (x - 1 - width, y)]
        tried = [*beside, *across] if abs(dy) * 2 > abs(dx) else [*across, *beside]  # off the line: beside a steep route, above or below a flat one
    else:
        left, top, length = chart.names.get(spot.place, (x, y, 0))
        tried = [(left + length + 1, top), (x - width // 2, y + 1), (x - width // 2, y - 1), (left, top + 1), (left, top - 1), (x - 1 - width, y)]
    tried += [(tx + ox, ty + oy) for tx, ty in tried[:2] for ox, oy in ((0, 1), (0, -1), (2, 0), (-2, 0))]
    left, top = _room(grid, width, tried)
    for marker in here:
        for char in marker.text:
            grid[(left, top)] = (char, marker.side)
            left += 1
        left += 1


def _segments(grid: dict[tuple[int, int], Cell], y: int, width: int, lit: set[int]) -> Iterable[Segment]:
    """A row of the grid as segments of one style each (the columns in ``lit`` in reverse)."""
    text, style = "", None
    for x in range(width):
        char, name = grid.get((x, y), (" ", ""))
        now = STYLES[name] + CURSOR if x in lit else STYLES[name]
        if now != style and text:
            yield Segment(text, style)
            text = ""
        text += char
        style = now
    if text:
        yield Segment(text, style)


# ---------------------------------------------------------------------- moving the cursor


def step(spots: Sequence[Spot], here: Spot, dx: int, dy: int) -> Spot:
    """The place an arrow key leads to: the nearest that way, off the straight line costing more (a
    row counts as two columns, as a character is about twice as tall as wide)."""
    best, score = here, math.inf
    for spot in spots:
        ahead = (spot.x - here.x) * dx + (spot.y - here.y) * 2 * dy
        if ahead <= 0:
            continue
        aside = abs((spot.x - here.x) * dy) + abs((spot.y - here.y) * 2 * dx)
        if aside > 2 * ahead:
            continue  # more than about 60 degrees off the way asked
        found = ahead + 2 * aside
        if found < score:
            best, score = spot, found
    return best


def nearest(spots: Sequence[Spot], x: int, y: int) -> Spot | None:
    """The place nearest a cell (a click), if one is within a few cells."""
    found = min(spots, key=lambda s: abs(s.x - x) + 2 * abs(s.y - y), default=None)
    if found is None or abs(found.x - x) + 2 * abs(found.y - y) > 6:
        return None
    return found
