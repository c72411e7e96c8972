"""A Starfleet Wars engagement: the ships and starfortresses of every side, the turn, the CapTacs
left drifting, the values the referee entered for the Data Table's unknown cells, and the log.

The players fight on the table with the base game's rules, which are not in our texts: the
referee enters each hit or miss (the Firing Table, Table #2 of Starfleet Wars, is not here). The
engagement keeps the ledgers of this supplement: power allocation, damage in power units, special
damage (secret from the opponent), damage control teams and their repairs, particle weapons left,
starbombers' and SAPS' hits, CapTacs in tow.

Each turn ends, as the Outline of Tactical Play's steps 9 and 10, with the special damage rolls of
every ship over 20% damaged, then damage control; ``next`` refuses while a roll is owed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee import logged
from referee.dice import Roll
from referee.errors import RefereeError
from referee.logged import TurnLine
from referee.starfleet_wars.ships import Ship

if TYPE_CHECKING:
    from referee.starfleet_wars.fortress import Fortress

OUTLINE_RULE = "Starfleet Wars supplement: special damage is step 9 and the repair phase step 10 of the Outline of Tactical Play"
# the turn's steps in the book's order (:mod:`turn`): the Outline of Tactical Play's steps 1-8 are in
# the base rulebook (not our text); the supplement fixes allocation first ("These totals are your
# factors used to engage your opponent's ship for that turn"), the firing phase, then steps 9 and 10;
# movement, between allocation and firing, is the table's, but for a fortress's MAD moving onto a module
STEPS = ("allocation", "movement", "firing", "special damage", "repair")


class Entry(TurnLine):
    """A log line: the turn, the text, its dice, the rule. ``secret``: the side whose eyes alone
    may see it (special damage: "do not let your opponent know what your die roll is")."""

    __slots__ = ()


def sealed(entry: Entry, unseal: str = "--secrets shows it") -> Entry:
    """A secret log line as the opponent may see it: that a roll was made, not what it did
    (``unseal``: how the referee shows it, on the command line or in the app)."""
    if not entry.secret:
        return entry
    return entry._replace(text=f"a sealed line: {entry.secret}'s eyes only ({unseal})", rolls=())


class Drift(NamedTuple):
    """CapTacs left drifting: "activated at any time by any friendly ship within 30 inches"."""

    side: str
    count: int  # type: ignore[assignment]  # (the CapTacs drifting, not tuple.count)
    where: str = ""


class Entered(NamedTuple):
    """A Data Table cell the referee entered for a class, kept for every ship of the class."""

    ship_class: str
    key: str
    value: int | str


class Engagement(NamedTuple):
    name: str
    sides: tuple[str, ...]
    turn: int = 1
    ships: tuple[Ship, ...] = ()
    fortresses: tuple[Fortress, ...] = ()
    drifting: tuple[Drift, ...] = ()
    entered: tuple[Entered, ...] = ()
    log: tuple[Entry, ...] = ()
    notes: tuple[str, ...] = ()
    step: str = "allocation"  # where this turn stands (STEPS)
    # the supplement's two advanced rules, "suggested as optional rules" (Introduction)
    special_damage: bool = True
    damage_control: bool = True

    def entry(self, text: str, rolls: Iterable[Roll | None] = (), rule: str = "", secret: str = "") -> Entry:
        return Entry(self.turn, text, tuple(r.describe() for r in rolls if r is not None), rule, secret)

    def logged(self, *entries: Entry) -> Engagement:
        return self._replace(log=self.log + entries)

    def ship(self, name: str) -> Ship:
        wanted = name.strip().casefold()
        for ship in self.ships:
            if ship.name.casefold() == wanted:
                return ship
        starting = [s for s in self.ships if wanted and s.name.casefold().startswith(wanted)]
        if len(starting) == 1:
            return starting[0]
        if starting:
            raise RefereeError(f"{name!r} could be {', '.join(s.name for s in starting)}: give the whole name")
        names = ", ".join(s.name for s in self.ships) or "none yet (add one: referee sfw add NAME --class CLASS)"
        raise RefereeError(f"no ship {name!r} in {self.name}; the ships are {names}")

    def fortress(self, name: str) -> Fortress:
        wanted = name.strip().casefold()
        for fortress in self.fortresses:
            if fortress.name.casefold() == wanted:
                return fortress
        names = ", ".join(f.name for f in self.fortresses) or "none (build one: referee sfw fortress NAME --modules ...)"
        raise RefereeError(f"no starfortress {name!r} in {self.name}; the fortresses are {names}")

    def is_fortress(self, name: str) -> bool:
        return any(f.name.casefold() == name.strip().casefold() for f in self.fortresses)

    def replaced(self, ship: Ship) -> Engagement:
        return self._replace(ships=tuple(ship if s.name == ship.name else s for s in self.ships))

    def rebuilt(self, fortress: Fortress) -> Engagement:
        return self._replace(fortresses=tuple(fortress if f.name == fortress.name else f for f in self.fortresses))

    def values_for(self, ship_class: str) -> dict[str, int | str]:
        """The cells the referee entered for a class."""
        return {e.key: e.value for e in self.entered if e.ship_class.casefold() == ship_class.casefold()}

    def names(self) -> set[str]:
        return {s.name.casefold() for s in self.ships} | {f.name.casefold() for f in self.fortresses}


Done = logged.Done[Engagement, Entry]  # a step: the engagement after it, and the log lines it added


def done(engagement: Engagement, *entries: Entry) -> Done:
    return Done(engagement.logged(*entries), entries)


def check(engagement: Engagement) -> Engagement:
    """Refuse an engagement whose parts do not fit (a file edited by hand): names unique, every
    ship's side one of the sides, a MAD's fortress there, figures within their ranges."""
    if len(engagement.sides) < 2:
        raise RefereeError("an engagement needs two sides or more (sides = ['Terran', 'Entomalian'])")
    if engagement.step not in STEPS:
        raise RefereeError(f"step must be one of {', '.join(STEPS)}, not {engagement.step!r}")
    seen: set[str] = set()
    for name in [s.name for s in engagement.ships] + [f.name for f in engagement.fortresses]:
        if name.casefold() in seen:
            raise RefereeError(f"two ships or fortresses are called {name!r}: every name must be different")
        seen.add(name.casefold())
    for name, side in [(s.name, s.side) for s in engagement.ships] + [(f.name, f.side) for f in engagement.fortresses]:
        if side not in engagement.sides:
            raise RefereeError(f"{name}'s side {side!r} is not one of the sides: {', '.join(engagement.sides)}")
    for ship in engagement.ships:
        _check_ship(ship, engagement)
    for drift in engagement.drifting:
        if drift.side not in engagement.sides:
            raise RefereeError(f"drifting CapTacs of side {drift.side!r}: not one of the sides, {', '.join(engagement.sides)}")
    return engagement


def _check_ship(ship: Ship, engagement: Engagement) -> None:
    from referee.starfleet_wars.ships import TYPES

    if ship.type not in TYPES:
        raise RefereeError(f"{ship.name}: type must be one of {', '.join(TYPES)}, not {ship.type!r}")
    if ship.lost > ship.power_units or ship.peak < ship.lost:
        raise RefereeError(f"{ship.name}: lost ({ship.lost}) must be at most its power units ({ship.power_units}) and at most its peak ({ship.peak})")
    if ship.peak > ship.power_units:
        raise RefereeError(f"{ship.name}: peak ({ship.peak}) must be at most its power units ({ship.power_units})")
    if ship.craft and (ship.power_units or ship.allocation is not None):
        raise RefereeError(f"{ship.name}: a {ship.type} has no power units to allocate (it is destroyed by hits)")
    if ship.fortress and not engagement.is_fortress(ship.fortress):
        raise RefereeError(f"{ship.name}: its fortress {ship.fortress!r} is not in the engagement")
    if ship.allocation is not None and ship.allocation.cost > ship.power_units:
        raise RefereeError(f"{ship.name}: its allocation costs {ship.allocation.cost} PU, more than its {ship.power_units}")


def sides_of(names: Sequence[str]) -> tuple[str, ...]:
    sides = tuple(n.strip() for n in names if n.strip())
    if len(sides) < 2 or len({s.casefold() for s in sides}) != len(sides):
        raise RefereeError("name two sides or more, all different (e.g. --side Terran --side Entomalian)")
    return sides
