"""The Frontier Deployment Map as data: systems and planets, routes of transit boxes, start circles.

The book describes the map but does not list its routes or box counts (shared/rules/frontier-map.md),
so the map is a file the referee can correct (campaigns/frontier-map.toml). Each route's boxes are
numbered 1..N from its first end; ``jump_boxes`` gives the box where a ship heading to the second
end jumps, then the one for the other way. A Sathar Start Circle's red boxes are a route too, from
the circle to its system, with no jump box.

Each system and start circle may say where the Map screen's picture draws it (``at = [column, row]``,
in characters from the picture's top left); a map without them (every campaign saved before) is
drawn at the default map's places of the same names (:func:`placed`).
"""

# No postponed annotations here (from __future__ import annotations): typing.NamedTuple compiles each
# field's annotation given as text, about 10 µs a field, and every campaign command builds these
# classes (issue 21). An annotation naming what is defined further down is quoted.
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from referee import strict
from referee.errors import RefereeError

FORMAT = "referee frontier map"
VERSION = 1
MAP_RULE = "Knight Hawks Campaign Book: The Second Sathar War, The Frontier Deployment Map"
MAX_COLUMN, MAX_ROW = 400, 200  # a place on the picture, in characters (a picture beyond these is a slip of the pen)
At = tuple[int, int]  # (column, row) on the map picture


class Planet(NamedTuple):
    name: str
    station: str = ""  # the station or fortress in orbit, by the orders of battle' name
    station_type: str = ""  # fortress, fortified station, armed station
    scc: int = 0  # spaceship construction centre: hull points repaired a day (0: none)


class StarSystem(NamedTuple):
    name: str
    planets: tuple[Planet, ...]
    source: str = ""
    at: At | None = None  # where the picture draws it (None: the map does not say)


class Route(NamedTuple):
    """A path of transit boxes between two places: two systems (blue), or a circle and its system (red)."""

    ends: tuple[str, str]
    boxes: int
    jump_boxes: tuple[int, int] = (0, 0)
    light_years: int = 0
    inferred: bool = True
    red: bool = False

    @property
    def name(self) -> str:
        return f"{self.ends[0]} - {self.ends[1]}"

    def other(self, end: str) -> str:
        return self.ends[1] if end == self.ends[0] else self.ends[0]

    def box_after(self, box: int, toward: str) -> int:
        """The next box on the way to ``toward`` (0 or N+1: the end itself)."""
        return box + 1 if toward == self.ends[1] else box - 1

    def first_box(self, leaving: str) -> int:
        return 1 if leaving == self.ends[0] else self.boxes

    def jump_box(self, toward: str) -> int:
        """The jump box whose arrow points to ``toward`` (0: a red path has none)."""
        return self.jump_boxes[0] if toward == self.ends[1] else self.jump_boxes[1]

    def boxes_left(self, box: int, toward: str) -> int:
        """Boxes still to cross to reach ``toward``, counting entering it."""
        return self.boxes + 1 - box if toward == self.ends[1] else box


class Circle(NamedTuple):
    name: str
    system: str
    boxes: int
    inferred: bool = True
    at: At | None = None  # where the picture draws it (None: the map does not say)

    @property
    def path(self) -> Route:
        return Route((self.name, self.system), self.boxes, inferred=self.inferred, red=True)


class Frontier:
    """The map: its systems, routes and start circles, and the lookups made from them once (the
    rules ask which places are systems, and what lies next to a place, thousands of times a screen).
    Two maps are equal when what they say is."""

    __slots__ = ("name", "systems", "routes", "circles", "source", "notes", "system_names", "by_name", "links")

    def __init__(self, name: str, systems: tuple[StarSystem, ...], routes: tuple[Route, ...], circles: tuple[Circle, ...], source: str = "", notes: tuple[str, ...] = ()) -> None:
        self.name = name
        self.systems = systems
        self.routes = routes
        self.circles = circles
        self.source = source
        self.notes = notes
        self.system_names = frozenset(s.name for s in systems)
        self.by_name: dict[str, StarSystem | Route] = {**{r.name: r for r in self.all_routes()}, **{s.name: s for s in systems}}  # systems and routes by their exact names
        links: dict[str, list[str]] = {}
        for route in self.all_routes():
            for end in route.ends:
                links.setdefault(end, []).append(route.other(end))
        self.links = {place: tuple(near) for place, near in links.items()}  # each place's neighbours

    def _said(self) -> tuple[object, ...]:
        return (self.name, self.systems, self.routes, self.circles, self.source, self.notes)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Frontier) and other._said() == self._said()

    def __hash__(self) -> int:
        return hash(self._said())

    def __repr__(self) -> str:
        return f"Frontier({self.name!r}: {len(self.systems)} systems, {len(self.routes)} routes, {len(self.circles)} circles)"

    def system(self, name: str) -> StarSystem:
        found = self.by_name.get(name)
        if isinstance(found, StarSystem):
            return found
        wanted = strict.pick(name, (s.name for s in self.systems), "star system", self.name)
        return next(s for s in self.systems if s.name == wanted)

    def circle(self, name: str) -> Circle:
        names = [c.name for c in self.circles]
        by_system = {c.system.casefold(): c.name for c in self.circles}
        wanted = by_system.get(name.strip().casefold()) or strict.pick(name, names, "start circle", self.name)
        return next(c for c in self.circles if c.name == wanted)

    def route(self, name: str) -> Route:
        found = self.by_name.get(name)
        if isinstance(found, Route):
            return found
        every = {r.name: r for r in self.all_routes()}
        return every[strict.pick(name, every, "route", self.name)]

    def all_routes(self) -> Iterator[Route]:
        yield from self.routes
        for circle in self.circles:
            yield circle.path

    def between(self, here: str, there: str) -> Route:
        """The route joining two places (systems or a circle and its system)."""
        for route in self.all_routes():
            if set(route.ends) == {here, there}:
                return route
        near = ", ".join(self.neighbours(here)) or "none"
        raise RefereeError(f"no route joins {here} and {there} on {self.name}; from {here} the routes lead to {near}")

    def neighbours(self, place: str) -> list[str]:
        """Places one route away: systems (and, from a system with one, its start circle)."""
        return list(self.links.get(place, ()))

    def planet(self, name: str) -> tuple[StarSystem, Planet]:
        every = {p.name: (s, p) for s in self.systems for p in s.planets}
        return every[strict.pick(name, every, "planet", self.name)]

    def is_system(self, name: str) -> bool:
        return name in self.system_names

    def places(self) -> tuple[StarSystem | Circle, ...]:
        """The systems and start circles: what the picture places (``at``)."""
        return (*self.systems, *self.circles)


def read(path: Path) -> Frontier:
    """The map in a file (a new war's ``--map FILE``, the app's New war form); a file that is not a
    map, or a map that is wrong, is refused naming the file and what is wrong."""
    from referee import storage

    data = storage.read(path, "map")  # its refusals name the file already
    try:
        return from_dict(data)
    except RefereeError as error:
        raise RefereeError(f"{path}: {error}") from None


def from_dict(data: dict[str, Any]) -> Frontier:
    """The map a file describes; anything malformed is refused, saying where."""
    where = "map"
    data = strict.keys(data, {"format", "version", "name", "source", "notes", "systems", "routes", "circles"}, where)
    strict.header(data, FORMAT, VERSION, where, "a Frontier map file")
    frontier = Frontier(
        name=strict.get(data, "name", str, where),
        systems=strict.items(data, "systems", _system),
        routes=strict.items(data, "routes", _route),
        circles=strict.items(data, "circles", _circle),
        source=strict.get(data, "source", str, where, ""),
        notes=strict.words(data, "notes", where, lines=True),
    )
    return check(frontier)


def check(frontier: Frontier) -> Frontier:
    """Refuse a map whose routes or circles name places it does not have, or repeat a name."""
    names = [s.name for s in frontier.systems] + [c.name for c in frontier.circles]
    twice = sorted({n for n in names if names.count(n) > 1})
    planets = [p.name for s in frontier.systems for p in s.planets]
    twice += sorted({p for p in planets if planets.count(p) > 1})
    if twice:
        raise RefereeError(f"map: {', '.join(twice)} named twice; every system, planet and circle needs its own name")
    stations = [p.station for s in frontier.systems for p in s.planets if p.station]
    twice += sorted({p for p in stations if stations.count(p) > 1})
    if twice:
        raise RefereeError(f"map: {', '.join(twice)} named twice; every system, planet and circle needs its own name")
    if not frontier.systems:
        raise RefereeError("map: no systems ([[systems]] tables)")
    spots: dict[At, str] = {}
    for place in frontier.places():
        if place.at is not None and place.at in spots:
            raise RefereeError(
                f"map: {spots[place.at]} and {place.name} are both at {list(place.at)}; every system and start circle needs a place of its own on the picture: change one's at = [column, row]"
            )
        if place.at is not None:
            spots[place.at] = place.name
    systems = {s.name for s in frontier.systems}
    for route in frontier.routes:
        for end in route.ends:
            if end not in systems:
                raise RefereeError(f"map: route {route.name} leads to {end!r}, which is not a system of the map")
        seen = [r for r in frontier.routes if set(r.ends) == set(route.ends)]
        if len(seen) > 1:
            raise RefereeError(f"map: route {route.name} is given twice")
    for circle in frontier.circles:
        if circle.system not in systems:
            raise RefereeError(f"map: {circle.name} leads to {circle.system!r}, which is not a system of the map")
    return frontier


def _system(item: object, where: str) -> StarSystem:
    table = strict.keys(item, {"name", "source", "planets", "at"}, where)
    name = _name(table, where)
    return StarSystem(
        name,
        strict.items(table, "planets", lambda p, at: _planet(p, f"{name} {at}")),
        strict.get(table, "source", str, where, ""),
        _at(table, f"{where} ({name})"),
    )


def _planet(item: object, where: str) -> Planet:
    table = strict.keys(item, {"name", "station", "station_type", "scc"}, where)
    planet = Planet(
        _name(table, where),
        strict.get(table, "station", str, where, ""),
        strict.get(table, "station_type", str, where, ""),
        strict.get(table, "scc", int, where, 0),
    )
    if planet.station_type not in ("", "fortress", "fortified station", "armed station"):
        raise RefereeError(f"{where}: station_type must be fortress, fortified station or armed station, not {planet.station_type!r}")
    if bool(planet.station) != bool(planet.station_type):
        raise RefereeError(f"{where}: give a station both its name (station) and its type (station_type)")
    if planet.scc < 0:
        raise RefereeError(f"{where}: scc (hull points a day) cannot be negative")
    return planet


def _route(item: object, where: str) -> Route:
    table = strict.keys(item, {"ends", "boxes", "jump_boxes", "light_years", "inferred"}, where)
    ends = strict.words(table, "ends", where)
    if len(ends) != 2 or ends[0] == ends[1]:
        raise RefereeError(f'{where}: ends must name two systems, e.g. ["Prenglar", "Cassidine"], not {list(ends)}')
    where = f"route {ends[0]} - {ends[1]}"
    boxes = strict.get(table, "boxes", int, where)
    jumps = strict.get(table, "jump_boxes", list, where)
    if boxes < 2:
        raise RefereeError(f"{where}: boxes must be 2 or more (one jump box each way), not {boxes}")
    if len(jumps) != 2 or not all(isinstance(j, int) and not isinstance(j, bool) and 1 <= j <= boxes for j in jumps) or jumps[0] == jumps[1]:
        raise RefereeError(f"{where}: jump_boxes must be two different boxes between 1 and {boxes} (heading to {ends[1]}, then to {ends[0]}), not {jumps}")
    return Route(
        (ends[0], ends[1]),
        boxes,
        (jumps[0], jumps[1]),
        strict.get(table, "light_years", int, where, 0, low=0),
        strict.get(table, "inferred", bool, where, False),
    )


def _circle(item: object, where: str) -> Circle:
    table = strict.keys(item, {"name", "system", "boxes", "inferred", "at"}, where)
    name = _name(table, where)
    circle = Circle(
        name,
        strict.get(table, "system", str, where),
        strict.get(table, "boxes", int, where),
        strict.get(table, "inferred", bool, where, False),
        _at(table, f"{where} ({name})"),
    )
    if circle.boxes < 1:
        raise RefereeError(f"{where}: boxes must be 1 or more, not {circle.boxes}")
    return circle


def _at(table: dict[str, Any], where: str) -> At | None:
    """Where the picture draws a system or circle: ``at = [column, row]`` (None: not given)."""
    if "at" not in table:
        return None
    value = strict.get(table, "at", list, where)
    if len(value) != 2 or not all(isinstance(n, int) and not isinstance(n, bool) for n in value) or not 0 <= value[0] <= MAX_COLUMN or not 0 <= value[1] <= MAX_ROW:
        raise RefereeError(
            f"{where}: at must be [column, row] on the map picture, two whole numbers counted in characters from its top left "
            f"(column 0 to {MAX_COLUMN}, row 0 to {MAX_ROW}; e.g. at = [54, 27]), not {repr(value)[:40]}"
        )
    return (value[0], value[1])


def placed(frontier: Frontier, default: Frontier | None) -> tuple[dict[str, At], list[str]]:
    """Where the picture draws each system and start circle, by name, and what was not the map's own.

    A place the map gives no ``at`` is drawn where the default map (the bundled one) has the place of
    the same name (a start circle: or the circle leading to the same system); failing that, in a row
    under the others. The notes say which places were found how, for the screen to say so."""
    every = frontier.places()
    found: dict[str, At] = {p.name: p.at for p in every if p.at is not None}
    borrowed: list[str] = []
    lost: list[str] = []
    theirs: dict[str, At] = {}
    if default is not None:
        theirs = {p.name: p.at for p in default.places() if p.at is not None}
        theirs.update({f"circle of {c.system}": c.at for c in default.circles if c.at is not None})
    for place in every:
        if place.at is not None:
            continue
        other = theirs.get(place.name) or (theirs.get(f"circle of {place.system}") if isinstance(place, Circle) else None)
        if other is not None and other not in found.values():
            found[place.name] = other
            borrowed.append(place.name)
        else:
            lost.append(place.name)
    bottom = max((row for _, row in found.values()), default=0) + 3
    for number, name in enumerate(lost):
        found[name] = (2 + 20 * (number % 5), bottom + 3 * (number // 5))
    notes = []
    if borrowed:
        which = "every system and start circle" if len(borrowed) == len(every) else ", ".join(borrowed)
        notes.append(f"{which}: drawn where the bundled map has {'them' if len(borrowed) > 1 else 'it'} (this map gives no at = [column, row])")
    if lost:
        notes.append(f"{', '.join(lost)}: in a row at the bottom (no place on this map, nor a free one of the same name on the bundled map: give at = [column, row])")
    return found, notes


def _name(table: dict[str, Any], where: str) -> str:
    """A system's, planet's or circle's name: not empty, no control characters, no spaces around it
    (places are found by exact name)."""
    name = strict.get(table, "name", str, where)
    if not name.strip() or name != name.strip():
        raise RefereeError(f"{where}: name {name!r} must be a name without spaces around it")
    return name


def to_dict(frontier: Frontier) -> dict[str, Any]:
    """The map as a map file's tables (read back by :func:`from_dict` to the same map)."""

    def planet(p: Planet) -> dict[str, Any]:
        found: dict[str, Any] = {"name": p.name}
        if p.station:
            found.update(station=p.station, station_type=p.station_type)
        if p.scc:
            found["scc"] = p.scc
        return found

    return {
        "format": FORMAT,
        "version": VERSION,
        "name": frontier.name,
        "source": frontier.source,
        "notes": list(frontier.notes),
        "systems": [{"name": s.name, "source": s.source, **_at_dict(s.at), "planets": [planet(p) for p in s.planets]} for s in frontier.systems],
        "routes": [{"ends": list(r.ends), "light_years": r.light_years, "boxes": r.boxes, "jump_boxes": list(r.jump_boxes), "inferred": r.inferred} for r in frontier.routes],
        "circles": [{"name": c.name, "system": c.system, "boxes": c.boxes, "inferred": c.inferred, **_at_dict(c.at)} for c in frontier.circles],
    }


def _at_dict(at: At | None) -> dict[str, list[int]]:
    return {} if at is None else {"at": list(at)}
