"""The ship roster: the book's ship roster form, made live (Advanced Game, Recording Damage).

A roster is built from a class's statistics (``kh.ships-basic`` / ``kh.ships-advanced``) or from a
scenario's own listing. Weapons and defenses are kept as :class:`System` entries: for limited
supply systems (torpedoes, assault rockets, rocket batteries, mines, seekers, ICMs, masking
screens) the count is the supply left; for the others it is how many of that weapon the ship has.
"""

# No postponed annotations here (from __future__ import annotations): typing.NamedTuple compiles each
# field's annotation given as text, about 10 µs a field, and every campaign command builds these
# classes (issue 21). An annotation naming what is defined further down is quoted.
import functools
import re
from typing import Literal, NamedTuple

from referee.errors import RefereeError
from referee.tables import Row

LIMITED = frozenset({"T", "AR", "RB", "M", "S", "ICM", "MS"})
DAMAGED_SYSTEMS = ("combat-control", "navigation", "electrical-fire", "disastrous-fire", "damage-control", "power-short-circuit")
FIRES = frozenset({"electrical-fire", "disastrous-fire"})
SCREENS = ("ES", "PS", "SS")  # electron, proton, stasis: one active at a time
State = Literal["working", "destroyed"]


class System(NamedTuple):
    """One weapon or defense line of the roster: ``RB x4`` is System("RB", 4, 4)."""

    code: str
    count: int  # type: ignore[assignment]  # (the field is the book's count, not tuple.count)
    start: int
    state: State = "working"

    @property
    def limited(self) -> bool:
        return self.code in LIMITED

    @property
    def intact(self) -> bool:
        """Not destroyed: a limited-supply system with no supply left can still be hit (Weapon System Hit)."""
        return self.state == "working" and (self.limited or self.count > 0)

    def shown(self) -> str:
        """As a roster shows it: ``RB x2 of 4``, ``T x2 (destroyed)``."""
        text = self.notation().removesuffix(" destroyed")
        return text if self.state == "working" else f"{text} ({self.state})"

    def notation(self) -> str:
        """The line as a battle file writes it, read back by :func:`systems`: ``RB x2 of 4``, ``LB destroyed``."""
        if self.count == self.start:
            text = self.code if self.start == 1 and not self.limited else f"{self.code} x{self.count}"
        else:
            text = f"{self.code} x{self.count} of {self.start}"
        return text if self.state == "working" else f"{text} destroyed"


class Ship(NamedTuple):
    """One ship's roster: hull, drives, DCR, systems, ammunition and damage."""

    name: str
    ship_class: str
    side: str
    game: Literal["basic", "advanced"]
    hull_start: int
    hull: int
    adf_start: int
    adf: int
    mr_start: int
    mr: int
    dcr_start: int
    dcr: int
    weapons: tuple[System, ...] = ()
    defenses: tuple[System, ...] = ()
    damaged: frozenset[str] = frozenset()
    airdock_only: frozenset[str] = frozenset()  # repairs that rolled 99 or 00: only at a station airdock
    speed: int = 0
    masking_screen_up: bool = False
    active_screen: str = ""
    docked_at: str = ""
    carried_by: str = ""
    fired: frozenset[str] = frozenset()  # torpedo, assault rocket, rocket battery fired this game turn
    shots: tuple[str, ...] = ()  # other weapons fired this half of the turn, one code per weapon
    must_turn: bool = False  # took evasive action: must turn on its next move
    note: str = ""

    @property
    def destroyed(self) -> bool:
        return self.hull <= 0

    @property
    def damage(self) -> int:
        return self.hull_start - self.hull

    def system(self, code: str) -> System | None:
        wanted = code.upper()
        return next((s for s in (*self.weapons, *self.defenses) if s.code == wanted), None)

    def has_intact(self, code: str) -> bool:
        found = self.system(code)
        return found is not None and found.intact

    def with_system(self, changed: System) -> "Ship":
        """The roster with one system line replaced."""

        def swap(line: tuple[System, ...]) -> tuple[System, ...]:
            return tuple(changed if s.code == changed.code else s for s in line)

        return self._replace(weapons=swap(self.weapons), defenses=swap(self.defenses))


SYSTEM = re.compile(r"\s*([A-Za-z]+)\s*(?:x\s*(\d+)(?:\s+of\s+(\d+))?)?\s*(destroyed)?\s*")


def systems(listing: object) -> tuple[System, ...]:
    """Read the book's notation (``["LC", "RB x4", "T x2"]``) into roster lines.

    A save writes what is left too: ``RB x2 of 4`` (two of four left), ``LB destroyed``.
    """
    if not isinstance(listing, list):
        raise RefereeError(f"a ship's weapons and defenses must be listed (e.g. ['LC', 'RB x4']), not {listing!r}")
    if all(type(item) is str for item in listing):
        return _listed(tuple(listing))
    return _read_systems(listing)


@functools.lru_cache(maxsize=1024)
def _listed(listing: tuple[str, ...]) -> tuple[System, ...]:
    """A listing of texts, read once a process: a war lists the same few dozen listings for its
    hundreds of ships (a campaign's load read them 366 times, 2 ms), and the lines read are frozen,
    so ships share them. A listing refused is not kept: it is refused again, in the same words."""
    return _read_systems(list(listing))


def _read_systems(listing: list[object]) -> tuple[System, ...]:
    lines: list[System] = []
    for item in listing:
        match = SYSTEM.fullmatch(str(item))
        if match is None:
            raise RefereeError(f"cannot read {item!r}: write a system as CODE, CODE xN or CODE xN of M, e.g. LB, RB x4, T x1 of 2")
        count = int(match[2] or 1)
        start = int(match[3] or count)
        if count > start:
            raise RefereeError(f"cannot read {item!r}: {count} left of {start} is more than it started with")
        code = match[1].upper()
        if code in (line.code for line in lines):
            raise RefereeError(f"{code} is listed twice in {listing!r}: give one line with its count")
        lines.append(System(code, count, start, "destroyed" if match[4] else "working"))
    return tuple(lines)


def build(stats: Row, name: str, side: str, game: Literal["basic", "advanced"]) -> Ship:
    """A roster at full strength from a class's statistics row (Basic ships have no DCR)."""
    values: dict[str, int] = {}
    bad: list[str] = []
    for key in ("hull_points", "adf", "mr", "dcr"):
        value = 0 if game == "basic" and key == "dcr" else stats.get(key, 0)
        if isinstance(value, int):
            values[key] = value
        else:
            bad.append(f"{key} {value!r}")
    if bad:
        raise RefereeError(f"the {stats.get('ship')} statistics give {', '.join(bad)}: give this ship's own figures (a scenario listing) instead")
    hull, adf, mr, dcr = values["hull_points"], values["adf"], values["mr"], values["dcr"]
    return Ship(
        name=name,
        ship_class=str(stats["ship"]),
        side=side,
        game=game,
        hull_start=hull,
        hull=hull,
        adf_start=adf,
        adf=adf,
        mr_start=mr,
        mr=mr,
        dcr_start=dcr,
        dcr=dcr,
        weapons=systems(stats.get("weapons", [])),
        defenses=systems(stats.get("defenses", [])),
    )
