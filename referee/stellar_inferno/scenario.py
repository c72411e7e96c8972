"""A Stellar Inferno scenario being played: its two sides, the turn and the phase, the optional rules
in force, the technology advantage, the counters it names, the ships and ground units whose factors
the referee has entered, the planets, stars and asteroids of the map set-up, the arrivals by turn,
the step losses still to take, the victory condition and its tally, and the log.

The counters' ratings are pictures in the book, not in our text: a counter the scenario names (its
historical register, the units a transport brings) is listed with its name and class until the
referee enters its factors from the counter (``si ship``, ``si unit``); they are kept from then on.
A ship is a :class:`ships.Ship` once entered (a ship carried as cargo is inside its carrier's
cargo, 5.2.3); a ground unit a :class:`ground_units.GroundUnit` (aboard a ship: in its cargo;
otherwise a :class:`Troop`, on a planet's surface or not yet down).

The turn is the book's nine phases, each completed by the Invader and then by the Defender ([4]).

The optional rules keep their state here too: what each ship did this turn (which keeps it from
manoeuvring, or an agent from transferring), the psi agents aboard, the minefields, the sensor
sweeps' sightings, the boardings declared this turn, and the ground deployments of the Ground
Combat phase.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Literal, NamedTuple

from referee import logged
from referee.dice import Roll
from referee.errors import RefereeError
from referee.stellar_inferno import optional
from referee.stellar_inferno.deployment import Deployment
from referee.stellar_inferno.ground_units import GroundUnit
from referee.stellar_inferno.mines import Minefield
from referee.stellar_inferno.planets import ROLES, Planet, Role, Terrain, economic_control
from referee.stellar_inferno.ships import Ship
from referee.stellar_inferno.space_combat import ShipCombat

SEQUENCE_RULE = "Stellar Inferno [4] Turn Sequence"
SETUP_RULE = "Stellar Inferno [14] Scenarios"
ENTRY_RULE = "Stellar Inferno 6.3.1-6.3.2"
TECHNOLOGY_RULE = "Stellar Inferno 12.12.1-12.12.3"
# the nine phases ([4]), each completed by the Invader, then by the Defender
PHASES: tuple[tuple[str, str], ...] = (
    ("fleet-movement", "Fleet Movement"),
    ("reinforcements", "Reinforcements Arrive"),
    ("maneuver", "Individual Ship Maneuver"),
    ("ship-combat", "Ship Combat"),
    ("landing", "Landing Actions"),
    ("supply", "Ground Supply"),
    ("ground-combat", "Ground Combat"),
    ("recovery", "Ship Damage Recovery"),
    ("victory", "Check Victory Conditions"),
)
PHASE_KEYS = tuple(key for key, _ in PHASES)
TITLES = dict(PHASES)
COUNTS = ("economic-points", "bombardment", "industrial-majority")  # what a victory condition counts
_HEX = re.compile(r"(?:(\d{1,2})/)?([A-Z]{1,2})(\d{1,3})")
Kind = Literal["ship", "unit"]


class Entry(NamedTuple):
    """A log line: the turn, the text, its dice, the rule; ``secret``: the side whose eyes alone may
    see it; the phase and the phasing side when it was written (a TurnLine's fields, then its own)."""

    turn: int
    text: str
    rolls: tuple[str, ...] = ()
    rule: str = ""
    secret: str = ""
    phase: str = ""
    side: str = ""

    @property
    def day(self) -> int:
        return self.turn


class Force(NamedTuple):
    """A side as the scenario's Conditions and Markers give it: its name (Khaldarii), its fleet
    velocity now (6.2; the scenario's Fleet Movement at the start), and the scenario's lines for it,
    as printed: Deploy, Enter, Control, Planetary Gear and Cargo by class (``DD=1, FF=1``), special rules."""

    role: Role
    name: str
    velocity: int = 0
    deploy: str = ""
    enter: str = ""
    control: str = ""
    gear: str = ""
    cargo: str = ""
    special_rules: tuple[str, ...] = ()
    adjusted: bool = False  # the velocity was adjusted this turn (6.2.4: once, after fleet movement)
    # the Deploy and Special Rules lines where the program can hold the side to them: the planets in
    # whose hex its ships start (scenario 2's "Deploy: Earth or Mars"), the planets on whose surface
    # its ground units start ("ground units on APII"), the classes that enter aboard another ("FF=CV":
    # scenario 3's "All FF ships enter the game as cargo aboard the CV units")
    deploy_in: tuple[str, ...] = ()
    units_on: tuple[str, ...] = ()
    enter_aboard: str = ""


def class_figures(line: str, what: str) -> dict[str, int]:
    """A scenario's Planetary Gear or Cargo line by class, ``DD=1, FF=1`` (``none``: no class); a
    class given twice must give the same figure (scenario 1 prints ``FF=1`` twice)."""
    found: dict[str, int] = {}
    if line.strip().casefold() in ("", "none"):
        return found
    for part in line.split(","):
        code, sep, value = part.strip().partition("=")
        if not sep or not re.fullmatch(r"[A-Z]{1,3}", code.strip()) or not re.fullmatch(r"[0-9]{1,3}", value.strip()):
            raise RefereeError(f"{what}: write each class as CODE=N, separated by commas (DD=1, FF=1), or none; not {part.strip()!r}")
        code, number = code.strip(), int(value)
        if found.get(code, number) != number:
            raise RefereeError(f"{what}: {code} is given {found[code]} and {number}")
        found[code] = number
    return found


def aboard_classes(line: str, what: str) -> dict[str, str]:
    """A side's classes entering aboard another, ``FF=CV`` (scenario 3's special rule)."""
    found: dict[str, str] = {}
    for part in line.split(",") if line.strip() else ():
        code, sep, carrier = (x.strip() for x in part.partition("="))
        if not sep or not re.fullmatch(r"[A-Z]{1,3}", code) or not re.fullmatch(r"[A-Z]{1,3}", carrier) or code in found:
            raise RefereeError(f"{what}: write each class and the class it enters aboard as CODE=CARRIER, separated by commas (FF=CV), each class once; not {part.strip()!r}")
        found[code] = carrier
    return found


class Advantage(NamedTuple):
    """A technology advantage the scenario states: ``Eldar +2`` (12.12)."""

    nation: str
    value: int


class Counter(NamedTuple):
    """A counter of the scenario: a ship of a historical register (``Phalth (BB 3)``), a ground unit a
    transport brings, or one the referee added. ``nation``: "" for its side's own (the Eldar ships
    fight on the Terran side in scenario 2); ``arrives``: its turn (0 at the start; None: not said);
    ``aboard``: the ship it comes in; ``supply``: supply points a ship brings in its cargo;
    ``reduced``: it begins at its reduced step, if it has two (scenario 2)."""

    name: str
    role: Role
    kind: Kind = "ship"
    code: str = ""
    number: str = ""
    nation: str = ""
    arrives: int | None = None
    aboard: str = ""
    supply: int = 0
    reduced: bool = False
    note: str = ""

    def shown(self) -> str:
        if self.kind == "unit":
            return f"{self.name} (ground unit)"
        return f"{self.name} ({self.code} {self.number})" if self.number else f"{self.name} ({self.code})"


class Troop(NamedTuple):
    """A ground unit not aboard a ship: on a planet's surface, or not yet down (``planet`` ""), and
    the turn it came down (a drop unit is in supply on its first turn down, 9.3.2)."""

    unit: GroundUnit
    planet: str = ""
    down: int = 0


class World(NamedTuple):
    """A planet of the map set-up: the rules' planet (gravity, atmosphere, terrain each side holds),
    its hex, its surface as printed (``Air/1g``), the supply each side has stockpiled there (9.3.4)
    and the points of surface bombardment it has taken (scenario 2's victory)."""

    planet: Planet
    hex: str
    surface: str = ""
    stockpiles: tuple[int, int] = (0, 0)  # invader, defender
    bombarded: int = 0

    @property
    def name(self) -> str:
        return self.planet.name

    def stockpile(self, role: Role) -> int:
        return self.stockpiles[ROLES.index(role)]

    def stocked(self, role: Role, points: int) -> World:
        piles = list(self.stockpiles)
        piles[ROLES.index(role)] = points
        return self._replace(stockpiles=(piles[0], piles[1]))


class Star(NamedTuple):
    """A star marker: ``Alpha Phoenicis (+1 Star)`` (a grazing orbit's rating, 12.2)."""

    name: str
    hex: str
    rating: int


class Arrival(NamedTuple):
    """A row of a side's Turn Units table: the turn (0: Start) to ``last`` (scenario 2's "2-5"), and
    what our text says of it."""

    role: Role
    turn: int
    last: int
    text: str = ""

    def when(self) -> str:
        if self.turn == 0:
            return "the start"
        return f"turn {self.turn}" if self.last == self.turn else f"turns {self.turn}-{self.last}"


class Victory(NamedTuple):
    """The victory condition: the book's words, and what the program counts for it: the economic
    points each side holds on the planets named, the invader's points of surface bombardment on
    them (``points`` needed), or the invader's share of the industrial terrain."""

    text: str
    counts: str
    planets: tuple[str, ...]
    points: int = 0


class ShipLosses(NamedTuple):
    """Step losses an attack gave the ships in ``hex`` that the non-phasing player has still to
    assign, ship by ship (7.3.9-7.3.11)."""

    hex: str
    steps: int
    ships: tuple[str, ...]
    role: Role


class TerrainLosses(NamedTuple):
    """Step losses a bombardment (12.10) or a comet gave a planet's economic terrain, which the
    side holding it has still to take, on Industrial or Settled points (12.10.3-12.10.4)."""

    planet: str
    steps: int
    role: Role


class Absorbed(NamedTuple):
    """How one side of a ground attack took its losses: steps by name, terrain surrendered."""

    steps: tuple[tuple[str, int], ...] = ()
    surrendered: Terrain = Terrain()


class GroundLosses(NamedTuple):
    """The losses of a ground attack on ``planet`` still to be taken (11.3-11.4): each side's
    fighters and losses, and how each side took them once it has; the terrain surrendered changes
    hands when both have (11.4.6). ``boarding``: the target ship of a boarding combat (12.13),
    fought in space (``planet`` "")."""

    planet: str
    phasing: Role
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    attacker_losses: int
    defender_losses: int
    attacker_done: Absorbed | None = None
    defender_done: Absorbed | None = None
    boarding: str = ""

    def where(self) -> str:
        return f"in the boarding of {self.boarding}" if self.boarding else f"on {self.planet}"

    def losses(self, role: Role) -> int:
        return self.attacker_losses if role == self.phasing else self.defender_losses

    def names(self, role: Role) -> tuple[str, ...]:
        return self.attackers if role == self.phasing else self.defenders

    def taken(self, role: Role) -> Absorbed | None:
        return self.attacker_done if role == self.phasing else self.defender_done


ACTS = ("maneuver", "load", "unload", "carried", "sweep", "ram", "board", "attack", "bombard", "land", "lift", "deploy", "stockpile", "lay mines", "packs", "psi transfer", "moved")


class Act(NamedTuple):
    """Something a ship did this turn besides fleet movement: what keeps it from manoeuvring
    (6.5.2-6.5.3, 12.6.3, 12.13.3) or an agent from transferring from or to it (12.7.6)."""

    ship: str
    what: str


class Agent(NamedTuple):
    """A psi specialist (12.7): his name, his side, his psi rating and the ship he is aboard."""

    name: str
    role: Role
    rating: int
    ship: str


class Sighting(NamedTuple):
    """A sensor sweep's outcome (12.6.5-12.6.6): on ``turn`` the ``role``'s ships swept ``hex``;
    the enemy ships revealed to it, and the sweeping ships revealed to the opponent."""

    turn: int
    role: Role
    hex: str
    revealed: tuple[str, ...]
    sweepers: tuple[str, ...]


class Boarding(NamedTuple):
    """A boarding declared this turn in the Individual Ship Maneuver phase (12.13.1), fought in the
    boarder's Ground Combat phase (12.13.4); ``fought`` once it has been."""

    boarder: str
    target: str
    fought: bool = False


class Deployed(NamedTuple):
    """A planet's ground deployment this Ground Combat phase (10): the matchups as they stand, and
    the matchups each phasing side has attacked in (once a phase each, 11.1.1)."""

    planet: str
    deployment: Deployment
    attacked: tuple[tuple[Role, int], ...] = ()


class Scenario(NamedTuple):
    name: str
    number: int
    invader: Force
    defender: Force
    turns: int
    victory: Victory
    source: str = ""
    history: str = ""
    turn: int = 1
    phase: str = "fleet-movement"
    phasing: Role = "invader"
    rules: frozenset[str] = frozenset()
    technology: tuple[Advantage, ...] = ()
    counters: tuple[Counter, ...] = ()
    ships: tuple[Ship, ...] = ()
    troops: tuple[Troop, ...] = ()
    worlds: tuple[World, ...] = ()
    stars: tuple[Star, ...] = ()
    asteroids: tuple[str, ...] = ()
    arrivals: tuple[Arrival, ...] = ()
    combat: ShipCombat | None = None  # the phasing player's Ship Combat phase so far (7.1.2-7.1.3)
    ship_losses: ShipLosses | None = None
    terrain_losses: TerrainLosses | None = None
    ground_losses: GroundLosses | None = None
    supplied: tuple[str, ...] = ()  # the planets the phasing side has supplied this phase (9.1.3)
    acts: tuple[Act, ...] = ()  # what ships did this turn besides fleet movement
    agents: tuple[Agent, ...] = ()  # psi specialists (12.7)
    minefields: tuple[Minefield, ...] = ()  # stealth mines laid (12.3)
    sightings: tuple[Sighting, ...] = ()  # sensor sweeps (12.6)
    boardings: tuple[Boarding, ...] = ()  # boardings declared this turn (12.13)
    deployments: tuple[Deployed, ...] = ()  # the ground deployments of this Ground Combat phase (10)
    outcome: str = ""  # the verdict, once the game is over
    notes: tuple[str, ...] = ()
    log: tuple[Entry, ...] = ()

    # -- the sides and the turn ------------------------------------------------------------------

    def force(self, role: Role) -> Force:
        return self.invader if role == "invader" else self.defender

    def with_force(self, force: Force) -> Scenario:
        return self._replace(invader=force) if force.role == "invader" else self._replace(defender=force)

    def side(self, role: Role) -> str:
        return self.force(role).name

    def role_of(self, side: str) -> Role:
        for role in ROLES:
            if self.side(role) == side:
                return role
        raise RefereeError(f"{side!r} is neither side of {self.name}: {self.invader.name} (invader), {self.defender.name} (defender)")

    def role(self, given: str) -> Role:
        """A side as the referee names it: invader, defender, or the side's name (any case)."""
        wanted = given.strip().casefold()
        for role in ROLES:
            if wanted in (role, self.side(role).casefold()):
                return role
        raise RefereeError(f"no side {given!r} in {self.name}: invader ({self.invader.name}) or defender ({self.defender.name})")

    @property
    def phase_title(self) -> str:
        return TITLES[self.phase]

    @property
    def at_start(self) -> bool:
        """Turn 1's Fleet Movement phase: the counters available at the start are set up on the map
        then ([14]); its invader's part is before play begins (the defender has placed first)."""
        return (self.turn, self.phase) == (1, PHASE_KEYS[0])

    def where(self) -> str:
        """``turn 3 of 16, Ship Combat, the Khaldarii (invader)``."""
        if self.outcome:
            return f"over after turn {self.turn} of {self.turns}"
        return f"turn {self.turn} of {self.turns}, {self.phase_title} ({PHASE_KEYS.index(self.phase) + 1}), {self.side(self.phasing)} ({self.phasing})"

    def in_phase(self, phase: str, what: str) -> None:
        """Refuse ``what`` outside ``phase`` (or once the game is over)."""
        if self.outcome:
            raise RefereeError(f"the game is over ({self.outcome}); referee undo takes back the last step")
        if self.phase != phase:
            raise RefereeError(f"{what} is done in the {TITLES[phase]} phase ({PHASE_KEYS.index(phase) + 1}); it is now {self.where()} ({SEQUENCE_RULE}; referee si next)")

    # -- the log -----------------------------------------------------------------------------------

    def entry(self, text: str, rolls: Iterable[Roll | None] = (), rule: str = "", secret: str = "") -> Entry:
        return Entry(self.turn, text, tuple(r.describe() for r in rolls if r is not None), rule, secret, self.phase, self.side(self.phasing))

    def logged(self, *entries: Entry) -> Scenario:
        return self._replace(log=self.log + entries)

    # -- counters, ships and units -------------------------------------------------------------------

    def counter(self, name: str, kind: Kind | None = None) -> Counter:
        """The counter named (any case; a unique beginning will do)."""
        pool = [c for c in self.counters if kind is None or c.kind == kind]
        wanted = name.strip().casefold()
        for counter in pool:
            if counter.name.casefold() == wanted:
                return counter
        starting = [c for c in pool if wanted and c.name.casefold().startswith(wanted)]
        if len(starting) == 1:
            return starting[0]
        if starting:
            raise RefereeError(f"{name!r} could be {', '.join(c.name for c in starting)}: give the whole name")
        what = {"ship": "ship", "unit": "ground unit", None: "counter"}[kind]
        names = ", ".join(c.name for c in pool) or "none yet"
        raise RefereeError(f"no {what} {name!r} in {self.name}; the {what}s are {names}")

    def has_counter(self, name: str) -> bool:
        return any(c.name.casefold() == name.strip().casefold() for c in self.counters)

    def nation(self, name: str) -> str:
        """The nation a ship or unit belongs to: its counter's, else its side's."""
        counter = self.counter(name)
        return counter.nation or self.side(counter.role)

    def all_ships(self) -> Iterator[tuple[Ship, str]]:
        """Every ship entered, with the ship carrying it ("" on the map), carried ones after their carrier."""

        def walk(ship: Ship, carrier: str) -> Iterator[tuple[Ship, str]]:
            yield ship, carrier
            for carried in ship.cargo.ships:
                yield from walk(carried, ship.name)

        for ship in self.ships:
            yield from walk(ship, "")

    def entered(self, name: str) -> tuple[Ship, str] | None:
        for ship, carrier in self.all_ships():
            if ship.name == name:
                return ship, carrier
        return None

    def ship(self, name: str) -> Ship:
        """A ship on the map (not carried), by name; refused, saying why, when its factors are not
        entered or it is aboard another. Whether it is destroyed is the caller's to judge."""
        counter = self.counter(name, "ship")
        found = self.entered(counter.name)
        if found is None:
            raise RefereeError(f"{counter.shown()}: its factors are not entered yet; enter them from its counter: referee si ship {_quoted(counter.name)} --step 'A.. D.. M.. R..'")
        ship, carrier = found
        if carrier:
            raise RefereeError(f"{ship.name} is aboard {carrier} as cargo: it can neither attack nor defend until unloaded (Stellar Inferno 7.4.1)")
        return ship

    def replaced(self, *ships: Ship) -> Scenario:
        """The ships on the map replaced by name."""
        new = {s.name: s for s in ships}
        assert set(new) <= {s.name for s in self.ships}, f"not on the map: {sorted(set(new) - {s.name for s in self.ships})}"
        return self._replace(ships=tuple(new.get(s.name, s) for s in self.ships))

    def all_units(self) -> Iterator[tuple[GroundUnit, str, str]]:
        """Every ground unit entered: (unit, the planet it is on, the ship it is aboard)."""
        for troop in self.troops:
            yield troop.unit, troop.planet, ""
        for ship, _ in self.all_ships():
            for unit in ship.cargo.units:
                yield unit, "", ship.name

    def unit_where(self, name: str) -> tuple[GroundUnit, str, str] | None:
        for found in self.all_units():
            if found[0].name == name:
                return found
        return None

    def troop(self, name: str) -> Troop:
        """A ground unit off any ship (on a planet, or waiting), by name."""
        counter = self.counter(name, "unit")
        for troop in self.troops:
            if troop.unit.name == counter.name:
                return troop
        found = self.unit_where(counter.name)
        if found is not None:
            raise RefereeError(f"{counter.name} is aboard {found[2]}: deploy it first (referee si deploy)")
        raise RefereeError(f"{counter.name}: its factors are not entered yet; enter them from its counter: referee si unit {_quoted(counter.name)} --step A-D-M")

    def with_troops(self, *troops: Troop) -> Scenario:
        new = {t.unit.name: t for t in troops}
        kept = tuple(new.pop(t.unit.name, t) for t in self.troops)
        return self._replace(troops=kept + tuple(new.values()))

    def world(self, name: str) -> World:
        """A planet by name (any case; a unique beginning will do, but never a star's whole name:
        "Alpha Phoenicis" is the star, not Alpha Phoenicis II)."""
        wanted = name.strip().casefold()
        star = next((t for t in self.stars if t.name.casefold() == wanted), None)
        if star is not None and all(w.name.casefold() != wanted for w in self.worlds):
            raise RefereeError(f"{star.name} is a star (+{star.rating}) in {star.hex}, not a planet; the planets are {', '.join(w.name for w in self.worlds) or 'none'}")
        for world in self.worlds:
            if world.name.casefold() == wanted or (wanted and world.name.casefold().startswith(wanted) and sum(w.name.casefold().startswith(wanted) for w in self.worlds) == 1):
                return world
        raise RefereeError(f"no planet {name!r} in {self.name}; the planets are {', '.join(w.name for w in self.worlds) or 'none'}")

    def with_world(self, world: World) -> Scenario:
        return self._replace(worlds=tuple(world if w.name == world.name else w for w in self.worlds))

    def technology_of(self, nation: str) -> int:
        return sum(a.value for a in self.technology if a.nation.casefold() == nation.casefold())

    def advantage(self, attackers: Iterable[str], defenders: Iterable[str]) -> tuple[int, str]:
        """The attacking side's technology advantage over the defending side (12.12), and how it was
        found: each group's level is that of its least advanced member (an attack is the more
        advanced side's when all its ships are; the defence likewise)."""
        if not self.technology:
            return 0, ""
        mine = {n: self.technology_of(self.nation(n)) for n in attackers}
        theirs = {n: self.technology_of(self.nation(n)) for n in defenders}
        attack, defense = min(mine.values(), default=0), min(theirs.values(), default=0)
        stated = ", ".join(f"{a.nation} {a.value:+d}" for a in self.technology)
        return attack - defense, f"technology ({stated}): attackers {attack}, defenders {defense} (each the least advanced of its group) ({TECHNOLOGY_RULE})"

    # -- what ships did this turn, psi agents, mines, deployments -------------------------------------

    def did(self, ship: str) -> tuple[str, ...]:
        """What the ship did this turn besides fleet movement ("moved", a change of hex, is not an action of its own)."""
        return tuple(a.what for a in self.acts if a.ship == ship and a.what != "moved")

    def moved(self, ship: str) -> bool:
        """Whether the ship came into its hex during this turn (it was elsewhere, or not on the map, at its beginning; 8.1.2)."""
        return any(a.ship == ship and a.what == "moved" for a in self.acts)

    def acting(self, what: str, *ships: str) -> Scenario:
        assert what in ACTS, what
        return self._replace(acts=self.acts + tuple(Act(name, what) for name in ships))

    def agent(self, name: str) -> Agent:
        wanted = name.strip().casefold()
        for agent in self.agents:
            if agent.name.casefold() == wanted:
                return agent
        raise RefereeError(f"no psi agent {name!r} in {self.name}; the agents are {', '.join(a.name for a in self.agents) or 'none yet'} (referee si agent NAME --aboard SHIP --psi N)")

    def with_agents(self, agents: Iterable[Agent]) -> Scenario:
        """The agents replaced, and each ship's psi rating made that of the highest agent aboard (12.7.4)."""
        agents = tuple(agents)
        s = self._replace(agents=agents)
        return s._replace(ships=tuple(_psi_set(ship, agents) for ship in s.ships))

    def minefield(self, side: str, hex_: str) -> Minefield | None:
        return next((m for m in self.minefields if m.side == side and m.hex == hex_), None)

    def with_minefield(self, side: str, hex_: str, points: int, moved: int | None = None) -> Scenario:
        """The side's mine points in a hex set (0: none left there); ``moved``: the turn they made
        their fleet movement (None: as the field there had it)."""
        had = self.minefield(side, hex_)
        kept = tuple(m for m in self.minefields if not (m.side == side and m.hex == hex_))
        turn = (had.moved if had else 0) if moved is None else moved
        return self._replace(minefields=kept + ((Minefield(side, hex_, points, turn),) if points else ()))

    def deployed(self, planet: str) -> Deployed | None:
        return next((d for d in self.deployments if d.planet == planet), None)

    def with_deployed(self, deployed: Deployed) -> Scenario:
        kept = tuple(d for d in self.deployments if d.planet != deployed.planet)
        return self._replace(deployments=kept + (deployed,))

    def arriving(self, role: Role, turn: int) -> tuple[tuple[Arrival, ...], tuple[Counter, ...]]:
        """The Turn Units rows and the counters due on ``turn`` for a side."""
        rows = tuple(a for a in self.arrivals if a.role == role and a.turn <= turn <= a.last)
        return rows, tuple(c for c in self.counters if c.role == role and c.arrives == turn)

    def control(self, world: World) -> str:
        role, why = economic_control(world.planet)
        return f"{self.side(role)} ({role}) has economic control: {why}" if role else why


def _psi_set(ship: Ship, agents: tuple[Agent, ...]) -> Ship:
    """A ship, and the ships it carries, with the psi rating of the highest agent aboard (12.7.4)."""
    rating = max((a.rating for a in agents if a.ship == ship.name), default=0)
    carried = tuple(_psi_set(x, agents) for x in ship.cargo.ships)
    return ship._replace(psi=rating, cargo=ship.cargo._replace(ships=carried))


Done = logged.Done[Scenario, Entry]  # a step: the scenario after it, and the log lines it added


def done(scenario: Scenario, *entries: Entry) -> Done:
    return Done(scenario.logged(*entries), entries)


def _quoted(name: str) -> str:
    return f'"{name}"' if " " in name or "'" in name else name


def hex_name(text: str, what: str = "a hex") -> str:
    """A hex as the book names it: a column letter and a row number (``J9``), with the map's number
    before a slash where several maps are stacked (``6/J9``); any case, spaces ignored."""
    hex_ = "".join(text.split()).upper()
    if _HEX.fullmatch(hex_) is None:
        raise RefereeError(f"{what} is a column letter and a row number, J9, with its map's number before a slash where maps are stacked, 6/J9; not {text!r}")
    return hex_


# -- the scenario's set-up and entry ([14], 6.3) ----------------------------------------------------


def arrival_turns(s: Scenario, role: Role) -> tuple[int, ...]:
    """The turns of a side's Turn Units rows (0: Start); none when the scenario lists no rows."""
    return tuple(sorted({t for a in s.arrivals if a.role == role for t in range(a.turn, a.last + 1)}))


def _when(turn: int) -> str:
    return "at the start" if turn == 0 else f"on turn {turn}"


def check_arrives(s: Scenario, counter: Counter) -> None:
    """A counter arrives on a turn of its side's Turn Units rows ([14]: "Deploy: none" gives a side no
    Start row; 6.3.2: units arrive "as indicated by the scenario")."""
    turns = arrival_turns(s, counter.role)
    if counter.arrives is None or not turns or counter.arrives in turns:
        return
    force = s.force(counter.role)
    rows = ", ".join("start" if t == 0 else str(t) for t in turns)
    deploy = f" (Deploy: {force.deploy})" if 0 not in turns else ""
    raise RefereeError(f"{counter.name} cannot arrive {_when(counter.arrives)}: the {force.name}'s Turn Units rows are {rows}{deploy}; give one of them ({SETUP_RULE}; {ENTRY_RULE})")


def check_entering(s: Scenario, ship: Ship, hex_: str, together: Iterable[str] = (), correction: bool = False) -> None:
    """A ship placed on the map for the first time (it has no hex and is not carried): where its side
    places it, by the scenario's set-up and entry ([14], 6.3.1-6.3.2, 12.14.1), and, unless the
    referee corrects the record (``correction``), when. The map is not in our text: "within 1 hex",
    "within 3 hexes of the left map edge" and the map edges are the referee's to read; a planet's hex
    is the program's. ``together``: the ships placed with it."""
    if ship.hex:
        return
    if ship.sdu and hex_ not in {w.hex for w in s.worlds}:
        listed = ", ".join(f"{w.name} in {w.hex}" for w in s.worlds) or "none"
        raise RefereeError(f"{ship.name} is a space defense unit, unable to leave the surface of a planet (Stellar Inferno 12.14.1): it is placed in a planet's hex ({listed}), not {hex_}")
    counter = s.counter(ship.name, "ship")
    force = s.force(counter.role)
    carrier = aboard_classes(force.enter_aboard, f"{counter.role}: enter_aboard").get(counter.code)
    if carrier:
        raise RefereeError(
            f"{ship.name} is of class {counter.code}: {force.name} {counter.code} ships enter the game as cargo aboard the {carrier} units ({SETUP_RULE}, the {counter.role}'s special rule), then are unloaded in the Individual Ship Maneuver phase (referee si unload)"
        )
    planets = [w for w in s.worlds if w.name in force.deploy_in]
    if counter.arrives == 0 and planets and hex_ not in {w.hex for w in planets}:
        raise RefereeError(f"{ship.name} starts at the {force.name}'s deploy locations ({force.deploy}): {' or '.join(f'{w.name} in {w.hex}' for w in planets)}, not {hex_} ({SETUP_RULE})")
    why = "" if correction else _entry_timing(s, ship, counter, set(together))
    if why:
        raise RefereeError(f"{why}; if the record is wrong, the referee corrects it: referee si place ... --correction")


def _entry_timing(s: Scenario, ship: Ship, counter: Counter, together: set[str]) -> str:
    """Why ``ship`` is not placed on the map now ("" when it is): the units available at the start at
    set-up, the defender's first; a reinforcement in its side's part of its turn's Reinforcements
    Arrive phase, never earlier or later; a counter whose turn is not recorded, at set-up or in its
    side's Reinforcements Arrive phase ([14], [4], 6.3.1-6.3.2)."""
    force = s.force(counter.role)
    setting_up = s.at_start
    if counter.arrives is None:
        if setting_up or (s.phase, s.phasing) == ("reinforcements", counter.role):
            return ""
        return f"{ship.name} is not on the map: it is set up at the start or placed in the {counter.role}'s Reinforcements Arrive phase (2) of the turn it arrives ({ENTRY_RULE}); it is {s.where()}"
    if counter.arrives == 0:
        if not setting_up or s.phasing != "invader":
            return f"{ship.name} is available at the start: the units available at the start are placed at set-up, before turn 1's Fleet Movement ({SETUP_RULE}); it is {s.where()}"
        if counter.role == "invader":
            waiting = [c.name for c in s.counters if c.role == "defender" and c.kind == "ship" and c.arrives == 0 and _unplaced(s, c.name) and c.name not in together]
            if waiting:
                return f"the defender first places all units available at the start, then the invader ({SETUP_RULE}): place {', '.join(waiting)} first"
        elif any(c.role == "invader" and c.kind == "ship" and c.arrives == 0 and not _unplaced(s, c.name) for c in s.counters):
            return f"the invader has begun placing its units: the defender places all its units available at the start first ({SETUP_RULE}); referee undo takes the invader's back"
        return ""
    due = f"{ship.name} arrives on turn {counter.arrives}, placed in the {counter.role}'s part of that turn's Reinforcements Arrive phase (2) ({force.enter}; {ENTRY_RULE})"
    if counter.arrives < s.turn:
        return f"{due}: its arrival cannot be delayed (6.3.2); it is {s.where()}: referee undo back to that phase, or say the turn it arrived (referee si ship {_quoted(ship.name)} --arrives N)"
    if counter.arrives > s.turn or (s.phase, s.phasing) != ("reinforcements", counter.role):
        return f"{due}; it is {s.where()}"
    return ""


def _unplaced(s: Scenario, name: str) -> bool:
    """A ship not yet on the map: its factors not entered, or entered with no hex and not carried."""
    found = s.entered(name)
    return found is None or (not found[0].hex and not found[1] and not found[0].gone)


def check_entering_aboard(s: Scenario, counter: Counter, carrier: Counter) -> None:
    """A ship entering the game as cargo aboard another: a class the scenario sends aboard a class
    enters aboard that class (scenario 3: "All FF ships enter the game as cargo aboard the CV units")."""
    force = s.force(counter.role)
    wanted = aboard_classes(force.enter_aboard, f"{counter.role}: enter_aboard").get(counter.code)
    if wanted and carrier.code != wanted:
        raise RefereeError(
            f"{counter.name} is of class {counter.code}: {force.name} {counter.code} ships enter the game as cargo aboard the {wanted} units, and {carrier.name} is of class {carrier.code} ({SETUP_RULE}, the {counter.role}'s special rule)"
        )


def check_unit_entering(s: Scenario, counter: Counter, listed: str, planet: str, aboard: str) -> None:
    """A ground unit entered: one the scenario lists aboard a ship (``listed``: scenario 1's "Transported
    on HF Mef: 7th ...") enters aboard that ship, not on a planet nor aboard another; one arriving on a
    later turn is not yet on a planet; one available at the start is on a planet where its side
    deploys ground units (scenario 1: "ground units on APII"; scenario 2: "Deploy: Earth or Mars")."""
    force = s.force(counter.role)
    if listed and (planet or (aboard and aboard != listed)):
        where = f"on {s.world(planet).name}" if planet else f"aboard {aboard}"
        raise RefereeError(f"{counter.name} enters the game aboard {listed}, as the scenario lists it ({SETUP_RULE}), not {where}: it reaches the surface when {listed} deploys it (referee si deploy)")
    if planet and counter.arrives is not None and counter.arrives > s.turn:
        raise RefereeError(f"{counter.name} arrives on turn {counter.arrives}; it is {s.where()}: it is not on {s.world(planet).name} before then ({ENTRY_RULE})")
    if counter.arrives != 0 or not force.units_on or (planet and s.world(planet).name in force.units_on):
        return
    where = f"aboard {aboard}" if aboard else f"on {s.world(planet).name}" if planet else "off the map"
    raise RefereeError(
        f"{counter.name} is available at the start: the {force.name}'s ground units start on {' or '.join(force.units_on)} (Deploy: {force.deploy}), not {where} ({SETUP_RULE}): referee si unit {_quoted(counter.name)} --on PLANET"
    )


def check(scenario: Scenario) -> Scenario:
    """Refuse a scenario whose parts do not fit (a file edited by hand): the phase and turn, the
    rules' names, every name once, each entered ship and unit with its counter and side, the planets
    and hexes, the losses owed naming what is there."""
    s = scenario
    if s.phase not in PHASE_KEYS:
        raise RefereeError(f"phase must be one of {', '.join(PHASE_KEYS)}, not {s.phase!r}")
    if s.phasing not in ROLES:
        raise RefereeError(f"phasing must be invader or defender, not {s.phasing!r}")
    if not 1 <= s.turn <= s.turns:
        raise RefereeError(f"turn must be from 1 to the scenario's {s.turns} turns, not {s.turn}")
    for field in s.minefields:
        if field.moved > s.turn:
            raise RefereeError(f"the {field.side} minefield in {field.hex}: moved is the turn it last moved, 0 to the turn now ({s.turn}), not {field.moved}")
    if s.invader.role != "invader" or s.defender.role != "defender" or s.invader.name.casefold() == s.defender.name.casefold():
        raise RefereeError("the invader and the defender need names of their own")
    for role in ROLES:
        force = s.force(role)
        class_figures(force.gear, f"{role}: gear")
        class_figures(force.cargo, f"{role}: cargo")
        aboard_classes(force.enter_aboard, f"{role}: enter_aboard")
        for planet in (*force.deploy_in, *force.units_on):
            if planet not in {w.name for w in s.worlds}:
                raise RefereeError(f"{role}: deploy_in and units_on name planets of the scenario ({', '.join(w.name for w in s.worlds) or 'none'}), not {planet!r}")
    unknown = sorted(s.rules - set(optional.OPTIONAL))
    if unknown:
        raise RefereeError(f"rules: no optional rule {', '.join(unknown)}; choose from {', '.join(optional.OPTIONAL)}")
    if s.victory.counts not in COUNTS:
        raise RefereeError(f"victory: counts must be one of {', '.join(COUNTS)}, not {s.victory.counts!r}")
    worlds = {w.name for w in s.worlds}
    if len(worlds) != len(s.worlds):
        raise RefereeError("two planets have the same name")
    for name in s.victory.planets:
        if name not in worlds:
            raise RefereeError(f"victory: planet {name!r} is not one of the planets ({', '.join(sorted(worlds)) or 'none'})")
    for place in [*(w.hex for w in s.worlds), *(t.hex for t in s.stars), *s.asteroids]:
        hex_name(place, f"the hex {place!r}")
    _check_counters(s)
    for troop in s.troops:
        if troop.planet and troop.planet not in worlds:
            raise RefereeError(f"{troop.unit.name} is on {troop.planet!r}, not one of the planets ({', '.join(sorted(worlds)) or 'none'})")
    _check_owed(s)
    if s.combat is not None and s.combat.side not in (s.invader.name, s.defender.name):
        raise RefereeError(f"combat: side {s.combat.side!r} is neither side")
    _check_optional(s, worlds)
    return s


def _check_optional(s: Scenario, worlds: set[str]) -> None:
    """The optional rules' state: what ships did this turn, psi agents, minefields, sightings,
    boardings and deployments, each naming what is there."""
    ships = {x.name: x for x, _ in s.all_ships()}
    for act in s.acts:
        if act.ship not in ships or act.what not in ACTS:
            raise RefereeError(f"acts: {act.ship!r} {act.what!r}: a ship entered and one of {', '.join(ACTS)}")
    seen: set[str] = set()
    for agent in s.agents:
        if agent.name.casefold() in seen or not agent.name.strip():
            raise RefereeError(f"agents: every psi agent needs a name of his own, not {agent.name!r}")
        seen.add(agent.name.casefold())
        if agent.role not in ROLES or agent.ship not in ships or ships[agent.ship].side != s.side(agent.role) or not 1 <= agent.rating <= 9:
            raise RefereeError(f"agents: {agent.name} must be aboard a ship of his side entered ({agent.ship!r}), with a psi rating from 1 to 9 ({agent.rating})")
    for ship in ships.values():
        rating = max((a.rating for a in s.agents if a.ship == ship.name), default=0)
        if ship.psi != rating:
            raise RefereeError(f"{ship.name}: psi {ship.psi} is not the rating of the highest psi agent aboard ({rating}; Stellar Inferno 12.7.4)")
    places = set()
    for field in s.minefields:
        hex_name(field.hex, f"minefields: the hex {field.hex!r}")
        if field.side not in (s.invader.name, s.defender.name) or field.points < 1 or (field.side, field.hex) in places:
            raise RefereeError(f"minefields: {field.points} mine points of {field.side!r} in {field.hex}: a side's points in a hex, 1 or more, once")
        places.add((field.side, field.hex))
    for sighting in s.sightings:
        hex_name(sighting.hex, f"sightings: the hex {sighting.hex!r}")
        if sighting.role not in ROLES or not all(n in ships for n in (*sighting.revealed, *sighting.sweepers)):
            raise RefereeError(f"sightings: turn {sighting.turn}, {sighting.hex}: a side and ships entered")
    for boarding in s.boardings:
        if boarding.boarder not in ships or boarding.target not in ships:
            raise RefereeError(f"boardings: {boarding.boarder!r} boarding {boarding.target!r}: ships entered")
    for deployed in s.deployments:
        _check_deployed(s, deployed, worlds)


def _check_deployed(s: Scenario, deployed: Deployed, worlds: set[str]) -> None:
    d = deployed.deployment
    where = f"deployments: {deployed.planet}"
    if deployed.planet not in worlds or s.deployed(deployed.planet) is not deployed:
        raise RefereeError(f"{where}: a planet of the scenario ({', '.join(sorted(worlds))}), one deployment each")
    if d.stage not in ("units", "adding", "ships", "done") or d.to_act not in ROLES or any(r not in ROLES for r in d.declined):
        raise RefereeError(f"{where}: stage {d.stage!r} or side {d.to_act!r} is not one deployment knows")
    for role in ROLES:
        sides = [d.side(role), *(m.side(role) for m in d.matchups)]
        names = [*d.reserve(role), *(n for side in sides for n in (*side.units, *side.ships))]
        for name in names:
            if not s.has_counter(name) or s.counter(name).role != role:
                raise RefereeError(f"{where}: {name!r} is not a counter of the {role}")
        if len(set(names)) != len(names):
            raise RefereeError(f"{where}: a unit of the {role} is deployed twice")
    for role, number in deployed.attacked:
        if role not in ROLES or not 1 <= number <= len(d.matchups):
            raise RefereeError(f"{where}: attacked matchup {number} is not one of its {len(d.matchups)}")


def _check_counters(s: Scenario) -> None:
    seen: set[str] = set()
    for counter in s.counters:
        if counter.name.casefold() in seen:
            raise RefereeError(f"two counters are called {counter.name!r}: every name must be different")
        seen.add(counter.name.casefold())
        if counter.kind == "ship" and not re.fullmatch(r"[A-Z]{1,3}", counter.code):
            raise RefereeError(f"{counter.name}: a ship's code is its class on the counter, one to three capital letters (BB, CA, HF), not {counter.code!r}")
        if counter.kind == "unit" and (counter.code or counter.number or counter.supply):
            raise RefereeError(f"{counter.name}: a ground unit has no code, number or supply of its own")
        if counter.arrives is not None and not 0 <= counter.arrives <= s.turns:
            raise RefereeError(f"{counter.name}: arrives must be from 0 (the start) to {s.turns}, not {counter.arrives}")
    by_name = {c.name: c for c in s.counters}
    for counter in s.counters:
        if counter.aboard and (counter.aboard not in by_name or by_name[counter.aboard].kind != "ship" or counter.aboard == counter.name):
            raise RefereeError(f"{counter.name}: aboard {counter.aboard!r} is not another ship's counter")
    entered: set[str] = set()
    carriers = {x.name: x for x, _ in s.all_ships()}
    for ship, carrier in s.all_ships():
        _check_entered(s, ship.name, ship.side, "ship", entered)
        _check_left(s, ship, carriers[carrier] if carrier else None)
        if ship.code != by_name[ship.name].code:
            raise RefereeError(f"{ship.name}: its code {ship.code!r} is not its counter's {by_name[ship.name].code!r}")
    for unit, _, _ in s.all_units():
        _check_entered(s, unit.name, unit.side, "unit", entered)


def _check_left(s: Scenario, ship: Ship, carrier: Ship | None) -> None:
    """A ship that left the map (6.4.3): on a turn played so far, not destroyed, in no hex nor
    atmosphere; a ship carried goes with its carrier, and only with it."""
    if carrier is not None and ship.left_map != carrier.left_map:
        raise RefereeError(f"{ship.name}: left_map {ship.left_map} is not its carrier's ({carrier.name}: {carrier.left_map}): cargo leaves the map with the ship carrying it (Stellar Inferno 6.4.3)")
    if not ship.left_map:
        return
    if ship.left_map > s.turn:
        raise RefereeError(f"{ship.name}: left_map is the turn it left the map, 1 to the turn now ({s.turn}), not {ship.left_map}")
    if ship.destroyed or ship.hex or ship.atmosphere:
        raise RefereeError(
            f"{ship.name}: a ship that left the map (left_map = {ship.left_map}) is neither destroyed nor on the map (hex = {ship.hex!r}, atmosphere = {str(ship.atmosphere).lower()}, lost {ship.lost} of {len(ship.steps)} steps)"
        )


def _check_entered(s: Scenario, name: str, side: str, kind: Kind, entered: set[str]) -> None:
    counter = next((c for c in s.counters if c.name == name), None)
    if counter is None or counter.kind != kind:
        raise RefereeError(f"{name}: an entered {'ship' if kind == 'ship' else 'ground unit'} needs its counter ([[counters]] name = {name!r}, kind = {kind!r})")
    if name in entered:
        raise RefereeError(f"{name} is entered twice (on the map, aboard a ship or on a planet: one place)")
    entered.add(name)
    if side != s.side(counter.role):
        raise RefereeError(f"{name}: side {side!r} is not its counter's side, {s.side(counter.role)} ({counter.role})")


def _check_owed(s: Scenario) -> None:
    if s.ship_losses is not None:
        owed = s.ship_losses
        for name in owed.ships:
            found = s.entered(name)
            if found is None or found[1]:
                raise RefereeError(f"ship_losses: {name!r} is not a ship on the map")
            if s.counter(name).role != owed.role:
                raise RefereeError(f"ship_losses: {name} is not the {owed.role}'s, who assigns the losses")
    if s.terrain_losses is not None and s.terrain_losses.planet not in {w.name for w in s.worlds}:
        raise RefereeError(f"terrain_losses: planet {s.terrain_losses.planet!r} is not one of the planets")
    for name in s.supplied:
        if name not in {w.name for w in s.worlds}:
            raise RefereeError(f"supplied: planet {name!r} is not one of the planets")
    if s.ground_losses is not None:
        owed_g = s.ground_losses
        if owed_g.boarding:
            if owed_g.planet or s.entered(owed_g.boarding) is None:
                raise RefereeError(f"ground_losses: boarding {owed_g.boarding!r} is a ship entered, fought in space (no planet)")
        elif owed_g.planet not in {w.name for w in s.worlds}:
            raise RefereeError(f"ground_losses: planet {owed_g.planet!r} is not one of the planets")
        if owed_g.phasing not in ROLES:
            raise RefereeError(f"ground_losses: phasing must be invader or defender, not {owed_g.phasing!r}")
        for name in (*owed_g.attackers, *owed_g.defenders):
            if s.entered(name) is None and s.unit_where(name) is None:
                raise RefereeError(f"ground_losses: {name!r} is neither a ship nor a ground unit entered")
