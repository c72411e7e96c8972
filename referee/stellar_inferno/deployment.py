"""Ground deployment (Stellar Inferno 10): matched units facing each other, then ships added.

The Defender deploys a ground unit, which the Invader must match with one of his own; the Invader
then deploys one, which the Defender must match; and so on until one or both sides run out (10.1.2).
The side with units left may add them to the existing matchups (10.1.3); the rest go to the reserve
(10.1.4). Then surface ships (under the planet marker) are added to matchups, the Invader first,
alternating; a player who declines puts his remaining ships in the reserve (10.2).

Matchups are numbered from 1 in the order they were opened. Names are the caller's: ground units
and ships are kept apart, since ships fight with their planetary gear (11.1.3).

Reading: no new matchup is opened once a side has no ground unit left to match it (10.1.2: deployment
alternates "until one or both sides run out").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from referee.errors import RefereeError
from referee.stellar_inferno.planets import Role, other

Stage = Literal["units", "adding", "ships", "done"]
UNITS_RULE = "Stellar Inferno 10.1.2"
ADDING_RULE = "Stellar Inferno 10.1.3-10.1.4"
SHIPS_RULE = "Stellar Inferno 10.2.1-10.2.3"


class Side(NamedTuple):
    """One side's ground units and ships: in a matchup, or (in a deployment) still to commit."""

    units: tuple[str, ...] = ()
    ships: tuple[str, ...] = ()

    def shown(self) -> str:
        return ", ".join([*self.units, *(f"{s} (ship)" for s in self.ships)]) or "-"


class Matchup(NamedTuple):
    """One matchup: each side's ground units and ships."""

    invader: Side = Side()
    defender: Side = Side()

    def side(self, role: Role) -> Side:
        return self.invader if role == "invader" else self.defender

    def shown(self) -> str:
        return f"invader {self.invader.shown()} | defender {self.defender.shown()}"


def _with(m: Matchup, role: Role, unit: str = "", ship: str = "") -> Matchup:
    side = m.side(role)
    side = Side((*side.units, unit) if unit else side.units, (*side.ships, ship) if ship else side.ships)
    return m._replace(invader=side) if role == "invader" else m._replace(defender=side)


class Deployment(NamedTuple):
    """Deployment as it stands: what each side has still to commit, the matchups, whose move."""

    invader: Side
    defender: Side
    matchups: tuple[Matchup, ...] = ()
    stage: Stage = "units"
    to_act: Role = "defender"
    matching: bool = False  # the side to act must match the last matchup opened (10.1.2)
    declined: tuple[Role, ...] = ()  # sides done adding ships (10.2.3)
    invader_reserve: tuple[str, ...] = ()
    defender_reserve: tuple[str, ...] = ()

    def side(self, role: Role) -> Side:
        return self.invader if role == "invader" else self.defender

    def reserve(self, role: Role) -> tuple[str, ...]:
        return self.invader_reserve if role == "invader" else self.defender_reserve

    def waiting_for(self) -> str:
        """What happens next, in the rules' words."""
        if self.stage == "done":
            return "deployment is complete"
        if self.stage == "units":
            what = "match matchup " + str(len(self.matchups)) + " with a ground unit" if self.matching else "deploy a ground unit"
            return f"the {self.to_act} must {what} ({UNITS_RULE})"
        if self.stage == "adding":
            return f"the {self.to_act} may add remaining ground units to matchups, or decline ({ADDING_RULE})"
        return f"the {self.to_act} may add a surface ship to a matchup, or decline ({SHIPS_RULE})"


def _left(d: Deployment, role: Role, side: Side, reserve: tuple[str, ...] | None = None) -> Deployment:
    """``d`` with ``role``'s uncommitted units and ships (and reserve) replaced."""
    kept = d.reserve(role) if reserve is None else reserve
    if role == "invader":
        return d._replace(invader=side, invader_reserve=kept)
    return d._replace(defender=side, defender_reserve=kept)


def start(invader_units: Sequence[str], defender_units: Sequence[str], invader_ships: Sequence[str] = (), defender_ships: Sequence[str] = ()) -> Deployment:
    """Deployment begins: the Defender deploys first (10.1.2). ``*_ships``: surface ships (10.2.1)."""
    names = [*invader_units, *defender_units, *invader_ships, *defender_ships]
    if len(set(names)) != len(names):
        raise RefereeError("every unit and ship in a deployment needs its own name")
    return _settle(Deployment(Side(tuple(invader_units), tuple(invader_ships)), Side(tuple(defender_units), tuple(defender_ships))))


def deploy(d: Deployment, role: Role, name: str, matchup: int | None = None) -> Deployment:
    """``role`` commits ground unit or ship ``name``: opening a matchup (no number), matching the one
    just opened, or (10.1.3, 10.2) added to matchup number ``matchup``."""
    if d.stage == "done":
        raise RefereeError("deployment is complete")
    if role != d.to_act:
        raise RefereeError(f"not the {role}'s move: {d.waiting_for()}")
    mine = d.side(role)
    if d.stage == "ships":
        if name not in mine.ships:
            raise RefereeError(f"{name} is not one of the {role}'s surface ships still to deploy ({', '.join(mine.ships) or 'none'})")
        index = _number(d, matchup)
        d = _left(d, role, Side(mine.units, tuple(n for n in mine.ships if n != name)))
        d = d._replace(matchups=_replaced(d.matchups, index, _with(d.matchups[index], role, ship=name)))
        if other(role) not in d.declined:
            d = d._replace(to_act=other(role))
        return _settle(d)
    if name not in mine.units:
        raise RefereeError(f"{name} is not one of the {role}'s ground units still to deploy ({', '.join(mine.units) or 'none'})")
    d = _left(d, role, Side(tuple(n for n in mine.units if n != name), mine.ships))
    if d.stage == "adding":
        index = _number(d, matchup)
        return _settle(d._replace(matchups=_replaced(d.matchups, index, _with(d.matchups[index], role, unit=name))))
    if d.matching:
        if matchup not in (None, len(d.matchups)):
            raise RefereeError(f"the {role} must match the unit just deployed, matchup {len(d.matchups)} ({UNITS_RULE})")
        index = len(d.matchups) - 1
        return _settle(d._replace(matchups=_replaced(d.matchups, index, _with(d.matchups[index], role, unit=name)), matching=False))
    if matchup is not None:
        raise RefereeError(f"the {role} deploys a new ground unit for the other side to match ({UNITS_RULE}); no matchup number")
    return _settle(d._replace(matchups=(*d.matchups, _with(Matchup(), role, unit=name)), matching=True, to_act=other(role)))


def decline(d: Deployment, role: Role) -> Deployment:
    """``role`` adds nothing more: remaining ground units (10.1.4) or ships (10.2.3) to the reserve."""
    if d.stage == "done":
        raise RefereeError("deployment is complete")
    if role != d.to_act:
        raise RefereeError(f"not the {role}'s move: {d.waiting_for()}")
    if d.stage == "units":
        raise RefereeError(f"the {role} must {'match' if d.matching else 'deploy'} a ground unit: deployment alternates until one or both sides run out ({UNITS_RULE})")
    if d.stage == "adding":
        return _settle(_units_to_reserve(d, role))
    d = _ships_to_reserve(d, role)._replace(declined=(*d.declined, role))
    return _settle(d._replace(to_act=other(role)) if other(role) not in d.declined else d)


def _settle(d: Deployment) -> Deployment:
    """Move on to the next stage when the present one is over."""
    if d.stage == "units" and not d.matching and not (d.invader.units and d.defender.units):
        left: Role | None = "invader" if d.invader.units else "defender" if d.defender.units else None
        if left is not None and d.matchups:
            return d._replace(stage="adding", to_act=left)
        return _settle(_units_to_reserve(_units_to_reserve(d, "invader"), "defender")._replace(stage="ships", to_act="invader"))
    if d.stage == "adding" and not d.side(d.to_act).units:
        return _settle(d._replace(stage="ships", to_act="invader"))
    if d.stage == "ships":
        if not d.matchups:
            d = _ships_to_reserve(_ships_to_reserve(d, "invader"), "defender")
        roles: tuple[Role, Role] = ("invader", "defender")
        declined = tuple(r for r in roles if r in d.declined or not d.side(r).ships)
        d = d._replace(declined=declined)
        if len(declined) == 2:
            return d._replace(stage="done")
        if d.to_act in declined:
            return d._replace(to_act=other(d.to_act))
    return d


def _units_to_reserve(d: Deployment, role: Role) -> Deployment:
    side = d.side(role)
    return _left(d, role, Side((), side.ships), (*d.reserve(role), *side.units))


def _ships_to_reserve(d: Deployment, role: Role) -> Deployment:
    side = d.side(role)
    return _left(d, role, Side(side.units, ()), (*d.reserve(role), *side.ships))


def _number(d: Deployment, matchup: int | None) -> int:
    if matchup is None or not 1 <= matchup <= len(d.matchups):
        raise RefereeError(f"name the matchup to add to: 1 to {len(d.matchups)}")
    return matchup - 1


def _replaced(matchups: tuple[Matchup, ...], index: int, matchup: Matchup) -> tuple[Matchup, ...]:
    return (*matchups[:index], matchup, *matchups[index + 1 :])
