"""The state of the war between two days: every ship and station, where it is, the day and step
of the Strategic Turn Sequence, the secrets, the repair orders and the log.

A campaign is frozen; every action returns a new one (and the log lines it added), so the same
functions serve the command line, the app and the tests.
"""

# No postponed annotations here (from __future__ import annotations): typing.NamedTuple compiles each
# field's annotation given as text, about 10 µs a field, and every campaign command builds these
# classes (issue 21). An annotation naming what is defined further down is quoted.
import fnmatch
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Literal, NamedTuple, overload

from referee import strict
from referee.errors import RefereeError
from referee.knight_hawks.roster import Ship
from referee.sathar_war.frontier import Frontier, Route

if TYPE_CHECKING:
    from referee.dice import Roll  # (a line's rolls are made by the rules that roll: a move that rolls nothing does not import the dice)

BOOK = "Knight Hawks Campaign Book: The Second Sathar War"
Side = Literal["Sathar", "UPF"]
SIDES: tuple[Side, ...] = ("Sathar", "UPF")
Status = Literal["active", "off-map", "destroyed", "misjumped", "void", "detonated", "removed"]
STATUSES = ("active", "off-map", "destroyed", "misjumped", "void", "detonated", "removed")
Step = Literal["setup", "sathar-move", "upf-move", "sathar-attacks", "upf-attacks"]
STEPS: tuple[Step, ...] = ("setup", "sathar-move", "upf-move", "sathar-attacks", "upf-attacks")
STEP_OF: dict[Side, str] = {"Sathar": "sathar-move", "UPF": "upf-move"}  # each side's movement step
SIDE_OF: dict[str, Side] = {step: side for side, step in STEP_OF.items()}
STEP_TEXT = {
    "setup": "Setting up: UPF first, then the Sathar place at least 20 ships in two or more start circles",
    "sathar-move": "1. Sathar reinforcements are placed on the map. Sathar ships are moved.",
    "upf-move": "2. UPF reinforcements are placed on the map. UPF ships are moved.",
    "sathar-attacks": "3. Sathar player declares any attacks. Sathar attacks are resolved using Basic or Advanced rules.",
    "upf-attacks": "4. UPF player declares any attacks. UPF attacks are resolved using Basic or Advanced rules.",
}
FORCES = ("Sathar", "Task Force Prenglar", "Task Force Cassidine", "Strike Force NOVA", "Non-Attached", "Militia", "Station")
CARRIERS = ("assault carrier",)
VOID_DAYS = 6  # a Sathar ship repairing in the Void comes back this many days after it went (Sathar Repair; repairs.py)


class Place(NamedTuple):
    """Where a ship is on the map: in a system (at a planet), in a box of a route, or in a start circle."""

    where: str  # a system, a start circle, or a route's name
    planet: str = ""  # in a system: the planet it is at
    box: int = 0  # on a route: the box, 1..N from the route's first end
    toward: str = ""  # on a route: the end it is heading for
    rate: int = 1  # on a route: boxes a day (2 or 3: risk-jumping)
    jumped: bool = False  # passed its jump box: decelerating into ``toward``
    turned: bool = False  # turned back before the jump: decelerating at one box a day

    @property
    def on_route(self) -> bool:
        return self.box > 0

    def slowing(self, route: Route) -> bool:
        """Decelerating: past its jump box, or turned back toward the star it left; on a start circle's
        red boxes, heading into the system ('The boxes leading to Prenglar represent the number of
        days the Sathar ships need to slow down enough to attack', Sathar Start Circles)."""
        if route.red:
            return self.toward == route.ends[1]
        return self.jumped or self.turned

    def shown(self, frontier: Frontier) -> str:
        if not self.on_route:
            return f"{self.planet} ({self.where})" if self.planet else self.where
        route = frontier.route(self.where)
        heading = "decelerating" if self.slowing(route) else "accelerating"
        rate = f", risk-jump {self.rate}" if self.rate > 1 else ""
        number = self.box if self.toward == route.ends[1] else route.boxes + 1 - self.box
        return f"box {number} of {route.boxes} from {route.other(self.toward)} to {self.toward} ({heading}{rate})"


class Unit(NamedTuple):
    """A ship or station of the war: its roster, its force, where it is and what it did today."""

    roster: Ship
    force: str
    status: Status = "active"
    place: Place | None = None  # None: off the map, in the Void, or gone
    home: str = ""  # militia: the home planet; stations: the planet orbited
    fleet: str = ""
    moved: bool = False  # moved today
    fought: bool = False  # fought today (no rearming)
    repair_turns: int = 0  # repair turns made in space with its DCR after today's battles
    attacked: str = ""  # Sathar: the planet it attacked today
    drone: bool = False  # chosen as a shatter drone
    hull_station_only: bool = False  # a hull repair failed in space: only a station can repair the hull
    rearms: int = 0  # fighters: rearms from a base not resupplied since (files before this kept the count on the base)
    docked_since: int = 0  # the day it docked at a station (repair queue order)
    placed: int = -1  # Sathar: the day it was placed in a start circle
    lost: int = 0  # the day it was lost
    returns: int = 0  # in the Void: the day it comes back; a Sathar replacement off the map: the day it may be placed (that day only)
    circle: str = ""  # Sathar: the start circle it was last placed in or left the map by
    bound: str = ""  # a standing order: the system or start circle it journeys to, a day's move at a time, until it arrives
    bound_rate: int = 1  # the boxes a day that journey sets out at from each system on its way (2 or 3: risk-jumping)
    bound_planet: str = ""  # the planet of that system it stops at on arriving

    @property
    def name(self) -> str:
        return self.roster.name

    @property
    def side(self) -> Side:
        return "Sathar" if self.roster.side == "Sathar" else "UPF"

    @property
    def ship_class(self) -> str:
        return self.roster.ship_class

    @property
    def station(self) -> bool:
        return self.force == "Station"

    @property
    def fortress(self) -> bool:
        return self.station and self.ship_class == "fortress"

    @property
    def militia(self) -> bool:
        return self.force == "Militia"

    @property
    def fighter(self) -> bool:
        return self.ship_class == "fighter"

    @property
    def active(self) -> bool:
        return self.status == "active"

    @property
    def damaged(self) -> bool:
        ship = self.roster
        return ship.hull < ship.hull_start

    def stopped(self) -> "Unit":
        """The unit with no standing journey (arrived, stopped, docked, gone from the map)."""
        return self._replace(bound="", bound_rate=1, bound_planet="") if self.bound else self

    def system(self, frontier: Frontier) -> str:
        """The star system it is in ('' when in a transit box, a start circle or off the map)."""
        if self.place is None or self.place.on_route or not frontier.is_system(self.place.where):
            return ""
        return self.place.where


PLAN = "; bound for "  # a move's line ends with where its ships are bound (if they are not there yet): their player's plan


class Entry(NamedTuple):
    """One line of the campaign's log: what happened, its dice receipts, and the rule. Two lines
    are equal when all but their ``key`` are.

    ``secret``: the side whose paper the line tells of, whose eyes alone read it whole; ``private``:
    the part of ``text`` that is that side's alone (the rest is everyone's: a Sathar move's "; bound
    for K'aken-Kar ..." is the Sathar player's plan, the move itself is on the map). No ``secret``:
    the line's rule says who reads it (:func:`referee.sathar_war.sides.line_sides`)."""

    day: int
    step: str
    text: str
    rolls: tuple[str, ...] = ()
    rule: str = ""
    key: str = ""  # while an action is previewed: the name a die result rolled at the table is entered under (not saved)
    secret: str = ""
    private: str = ""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Entry) and self[:5] == other[:5] and self[6:] == other[6:]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((*self[:5], *self[6:]))

    @property
    def public(self) -> str:
        """The line as those who may not read its private part read it (the whole line when it has none)."""
        return self.text.replace(self.private, "", 1) if self.private else self.text


class Kept:
    """The log lines kept in the log file beside the campaign file (:mod:`referee.sathar_war.log_file`):
    how many, which spans of that file's bytes hold them, and how to read them - read once, when a
    line of them is first asked for. ``tail``: the last lines, known without reading (the lines
    just saved)."""

    __slots__ = ("path", "count", "spans", "tail", "_read", "_lines")

    def __init__(
        self,
        path: object,
        count: int,
        spans: tuple[tuple[int, int], ...],
        read: Callable[[], tuple[Entry, ...]],
        lines: tuple[Entry, ...] | None = None,
        tail: tuple[Entry, ...] = (),
    ) -> None:
        self.path = path  # the log file (a Path: the rules layer only compares it)
        self.count = count
        self.spans = spans  # (start, end) of each run of the log file's bytes that holds these lines, in order
        self.tail = tail[-count:] if count else ()
        self._read = read
        self._lines = lines

    def lines(self) -> tuple[Entry, ...]:
        """Every kept line, oldest first (read from the file the first time: a RefereeError if it cannot be)."""
        if self._lines is None:
            self._lines = self._read()
        return self._lines

    @property
    def read(self) -> bool:
        """Whether the lines are in memory already."""
        return self._lines is not None

    def line(self, index: int) -> Entry:
        """Line ``index`` (0 to count - 1), from the tail if it is there, else from the file."""
        start = self.count - len(self.tail)
        if self._lines is None and index >= start:
            return self.tail[index - start]
        return self.lines()[index]


class Log(Sequence[Entry]):
    """The campaign's log, oldest line first: those kept in the log file beside the campaign file
    (``kept``: read only when one of them is asked for - a war's log is most of what it has to
    keep, and the rules only ever add to it) and those added since it was read or saved
    (``added``). Two logs are equal when their lines are."""

    __slots__ = ("kept", "added")

    def __init__(self, added: Iterable[Entry] = (), kept: Kept | None = None) -> None:
        self.kept = kept
        self.added = tuple(added)

    def __len__(self) -> int:
        return (self.kept.count if self.kept else 0) + len(self.added)

    @overload
    def __getitem__(self, index: int) -> Entry: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Entry, ...]: ...

    def __getitem__(self, index: int | slice) -> Entry | tuple[Entry, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        count = self.kept.count if self.kept else 0
        at = index + len(self) if index < 0 else index
        if not 0 <= at < len(self):
            raise IndexError("log line out of range")
        return self.added[at - count] if at >= count or self.kept is None else self.kept.line(at)

    def __iter__(self) -> Iterator[Entry]:
        if self.kept:
            yield from self.kept.lines()
        yield from self.added

    def __add__(self, entries: Iterable[Entry]) -> "Log":
        return Log((*self.added, *entries), self.kept)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log) and other.kept is self.kept:
            return other.added == self.added
        return isinstance(other, (Log, tuple)) and len(self) == len(other) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(len(self))

    def __repr__(self) -> str:
        return f"Log({len(self)} lines: {self.kept.count if self.kept else 0} kept, {len(self.added)} added)"


class Order(NamedTuple):
    """The referee's repair order for today at a construction centre: hull points, or one system."""

    ship: str
    hull: int = 0
    system: str = ""


class Allowance(NamedTuple):
    """A UPF replacement owed: at a surviving fortress (one ship frigate or larger) or fortified
    station (two assault scouts or fighters); ``used`` names the ships already brought back."""

    station: str
    size: Literal["large", "small"]
    count: int  # type: ignore[assignment]  # (the field, not tuple.count)
    until: int  # the last day it may be used
    used: tuple[str, ...] = ()


class Loss(NamedTuple):
    """A ship or station lost, for the victory conditions and replacements."""

    day: int
    name: str
    side: str
    ship_class: str  # fighter, heavy cruiser, fortress ... (its file's key: kind)
    how: Literal["combat", "misjump", "stranded", "detonated"]
    militia: bool = False
    station: bool = False


class Fight(NamedTuple):
    """An attack declared today: the system, the planet named, the attacker, every ship that may
    fight, the rules the chart suggests, and the rules the referee chose (basic or advanced)."""

    system: str
    planet: str
    attacker: str
    ships: tuple[str, ...]
    rules: str  # the chart's suggestion, with the count of ships it read
    game: str = "advanced"  # the rules this battle is fought with: "basic" or "advanced"
    entered: bool = False  # its results are entered, every ship at once (the results table, a battle taken in)


class Campaign(NamedTuple):
    frontier: Frontier
    units: tuple[Unit, ...]
    day: int = 0  # 0: setting up; the war begins on day 1
    step: Step = "setup"
    replacements: bool = True  # the optional Replacements rule
    shatter_drones: bool = False  # the optional Shatter Drones rule
    retreat_condition: int = 0  # the Sathar player's secret choice, 1-5 (0: not chosen)
    retreat_revealed: bool = False
    outcome: str = ""  # the war's result, once decided
    orders: tuple[Order, ...] = ()
    allowances: tuple[Allowance, ...] = ()
    losses: tuple[Loss, ...] = ()
    fights: tuple[Fight, ...] = ()
    log: Log = Log()  # (lines of a tuple are given as Log(lines))

    # ------------------------------------------------------------------ finding units

    def unit(self, name: str) -> Unit:
        """The ship, station or fighter of that name (any case); unknown names are refused."""
        wanted = strict.pick(name, (u.name for u in self.units), "ship")
        return next(u for u in self.units if u.name == wanted)

    def fleet(self, name: str) -> tuple[Unit, ...]:
        wanted = strict.pick(name, self.fleets(), "fleet")
        return tuple(u for u in self.units if u.fleet == wanted and u.active)

    def named(self, names: Iterable[str]) -> tuple[Unit, ...]:
        """Fleets (every active member) and ships, by name (``*`` matches any text, ``[1-5]`` one of those characters); a fleet's name wins over a ship's."""
        found: dict[str, Unit] = {}
        fleets = {f.casefold() for f in self.fleets()}
        exact = {u.name.casefold() for u in self.units} | fleets
        for name in names:
            if any(c in name for c in "*?[") and name.strip().casefold() not in exact:  # a ship or fleet named "[red" is itself
                group = tuple(u for u in self.units if fnmatch.fnmatchcase(u.name.casefold(), name.strip().casefold()))
                if not group:
                    raise RefereeError(f"no ship's name matches {name!r} (* stands for any text, e.g. 'Sathar Destroyer *')")
            else:
                group = self.fleet(name) if name.strip().casefold() in fleets else (self.unit(name),)
            found.update((u.name, u) for u in group)
        return tuple(found.values())

    def fleets(self) -> list[str]:
        return sorted({u.fleet for u in self.units if u.fleet and u.active})

    def side(self, side: Side) -> Iterator[Unit]:
        return (u for u in self.units if u.side == side)

    def at(self, system: str, side: Side | None = None) -> list[Unit]:
        """Active ships and stations in a star system (of one side)."""
        return [u for u in self.units if u.active and u.system(self.frontier) == system and (side is None or u.side == side)]

    def aboard(self, base: str) -> list[Unit]:
        """The fighters carried by a carrier or based at a station (on the map or off it with the carrier)."""
        return [u for u in self.units if u.roster.carried_by == base]

    def leaving(self, units: Iterable[Unit]) -> set[str]:
        """Ships going somewhere without the rest of their fleet (they leave it: a fleet's ships are together)."""
        going = {u.name for u in units}
        return {u.name for u in self.units if u.name in going and u.fleet and any(m.name not in going for m in self.fleet(u.fleet))}

    def station_at(self, planet: str) -> Unit | None:
        return next((u for u in self.units if u.station and u.home == planet), None)

    def route_of(self, unit: Unit) -> Route:
        assert unit.place is not None and unit.place.on_route
        return self.frontier.route(unit.place.where)

    # ------------------------------------------------------------------ changing

    def with_units(self, changed: Iterable[Unit]) -> "Campaign":
        by_name = {u.name: u for u in changed}
        return self._replace(units=tuple(by_name.get(u.name, u) for u in self.units))

    def entry(self, text: str, rolls: "Iterable[Roll | None]" = (), rule: str = "", key: str = "", secret: str = "", private: str = "") -> Entry:
        """A line of today's log (``secret``, ``private``: whose paper it tells of, and which part of it: :class:`Entry`)."""
        return Entry(self.day, self.step, text, tuple(r.describe() for r in rolls if r is not None), rule, key, secret, private)

    def logged(self, *entries: Entry) -> "Campaign":
        return self._replace(log=self.log + entries)

    @property
    def tenday(self) -> tuple[int, int]:
        """The Time Record Track: (Tenday marker, Day marker); day 11 is Tenday 10, Day 1."""
        if self.day < 1:
            return 0, 0
        return (self.day - 1) // 10 * 10, (self.day - 1) % 10 + 1


def overridden(campaign: Campaign, reading: str, note: str, rule: str) -> Entry:
    """The log line of the referee setting a reading of the rules aside, with the table's note."""
    return campaign.entry(f"the referee overrides a reading ({reading}): {note.strip()}", rule=f"{rule}; the reading overridden by the referee")


def nothing_to_override(reading: str) -> RefereeError:
    return RefereeError(f"nothing to override: the reading ({reading}) does not stand in the way here; leave the override out")


class Done(NamedTuple):
    """An action's result: the new campaign and the log lines it added."""

    campaign: Campaign
    entries: tuple[Entry, ...]

    @property
    def state(self) -> Campaign:
        """The campaign after the action (what a journal keeps)."""
        return self.campaign


def done(campaign: Campaign, *entries: Entry) -> Done:
    """Log the entries and return both."""
    return Done(campaign.logged(*entries), entries)
