"""Damage Control (Starfleet Wars supplement, Damage Control Rules; step 10 of the Outline of
Tactical Play): each major starship has damage control teams (Table #1), lost as its power-unit
damage passes each multiple of the table's figure and never regained; each team left may try one
repair a turn on Table #2, in the column of the damage it declared.

Readings (the issue's): a team is lost at each whole multiple of the figure of *peak* damage (the
example loses one at exactly 120 though the text says "in excess of"); the power units a ship
repairs in a battle are capped by the table, even where the example repairs more; "Factor
repaired" restores factors lost to special damage, and Turn Reduction shortens only timed effects;
a declaration that cannot help is warned about.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.dice import Roll
from referee.errors import RefereeError
from referee.starfleet_wars import special_damage as sd
from referee.starfleet_wars.ships import Ship
from referee.tables import Tables

TABLE_1 = "sfw.damage-control-1"
TABLE_2 = "sfw.damage-control-2"
DAMAGE_CONTROL_RULE = "Starfleet Wars supplement, Damage Control Rules"
COLUMNS = ("offensive", "defensive", "speed", "power_units", "turn_reduction")
TIMED = ("craft", "dynamo", "shields")  # the special damage results with a number of turns


class Teams(NamedTuple):
    """A type's row of Table #1: teams, PU of damage per team lost, most PU repaired in a battle
    (None: no maximum)."""

    teams: int
    per_team: int
    most_repaired: int | None


def row_for(sfw: Tables, ship_type: str) -> Teams:
    """Table #1's row for a type (a MAD and the craft: none)."""
    table = sfw.get(TABLE_1)
    if ship_type == "MAD":
        return Teams(0, 0, 0)
    row = table.row(ship_type)
    teams, per, most = row["dct"], row["pu_per_dct"], row["max_repair"]
    if not (isinstance(teams, int) and isinstance(per, int) and isinstance(most, int)):
        raise RefereeError(f"{ship_type}: Table #1 gives no figures for a single ship ({row['type']})")
    return Teams(teams, per, most)


def teams_left(sfw: Tables, ship: Ship) -> int:
    """Teams left: the table's teams less one per whole multiple of its figure in the peak damage
    (INVINCIBLE, a GD, 60 a team: 90 PU loses one, 120 a second; repaired back to 56, still one lost)."""
    row = row_for(sfw, ship.type)
    if not row.teams:
        return 0
    return max(0, row.teams - ship.peak // row.per_team)


def team_lines(sfw: Tables, before: Ship, after: Ship) -> list[str]:
    lost = teams_left(sfw, before) - teams_left(sfw, after)
    if lost <= 0:
        return []
    per = row_for(sfw, after.type).per_team
    return [
        f"{lost} damage control team{'s' if lost > 1 else ''} lost ({after.peak} PU of damage at most, one team per {per}): {teams_left(sfw, after)} left, never regained ({DAMAGE_CONTROL_RULE}, Table #1)"
    ]


def why_no_help(sfw: Tables, ship: Ship, column: str, turn: int) -> str:
    """Why a declaration cannot help ("" when it can): nothing of that kind to repair."""
    kinds = {"offensive": "offensive", "defensive": "shields", "speed": "engines"}
    if column in kinds:
        kind = kinds[column]
        if not any(e.kind == kind and e.factors for e in ship.effects):
            return f"{ship.name} has no {column} factors lost to special damage to repair"
    if column == "power_units":
        most = row_for(sfw, ship.type).most_repaired
        if not ship.lost:
            return f"{ship.name} has lost no power units"
        if most is not None and ship.repaired >= most:
            return f"{ship.name} has repaired {ship.repaired} PU in this battle, the most a {ship.type} may ({most})"
    if column == "turn_reduction" and not any(e.kind in TIMED for e in ship.effects):
        return f"{ship.name} has no damage of limited duration (the timed special damage: {', '.join(TIMED)})"
    return ""


class Attempt(NamedTuple):
    ship: Ship
    text: str
    destroyed: bool


def may_try(sfw: Tables, ship: Ship, column: str, effect: str = "") -> None:
    """Refuse an attempt that cannot be made (before any die is rolled): no team left to try this
    turn, an unknown column, a turn reduction whose effect is not named among several."""
    if column not in COLUMNS:
        raise RefereeError(f"the column must be one of {', '.join(COLUMNS)}, not {column!r}")
    left = teams_left(sfw, ship)
    if ship.attempts >= left:
        raise RefereeError(f"{ship.name} has {left} damage control team{'s' if left != 1 else ''} left and {ship.attempts} tried this turn: each team tries once a turn")
    check_effect(ship, column, effect)


def check_effect(ship: Ship, column: str, effect: str) -> None:
    """A turn reduction names its timed effect when there are several."""
    timed = sorted({e.kind for e in ship.effects if e.kind in TIMED})
    if column == "turn_reduction" and effect and effect not in timed:
        raise RefereeError(f"{ship.name} has no {effect!r} damage of limited duration; it has {', '.join(timed) or 'none'}")
    if column == "turn_reduction" and not effect and len(timed) > 1:
        raise RefereeError(f"{ship.name} has several timed effects ({', '.join(timed)}): name the one the team works on (--effect)")


def attempt(sfw: Tables, ship: Ship, column: str, roll: Roll, turn: int, effect: str = "") -> Attempt:
    """One team's attempt: Table #2's result in the declared column, applied at once (once
    :func:`may_try` allowed it)."""
    row, how = sfw.get(TABLE_2).band(roll.total)
    result = str(row[column])
    ship = ship._replace(attempts=ship.attempts + 1)
    words = result.lower()
    destroyed = False
    if words.startswith("no effect"):
        said = "no effect"
    elif "factor" in words and "repaired" in words:
        ship, said = _factors(ship, column, 1 if words.startswith("one") else 2)
    elif "power units repaired" in words:
        ship, said = _power(sfw, ship, {"two": 2, "three": 3, "four": 4, "six": 6}[words.split()[0]])
    elif "duration reduced" in words:
        ship, said = _shorten(ship, 1 if "one turn" in words else 2, effect, turn)
    elif "laser dynamo" in words:
        ship, said = ship._replace(offensive_lost=True), "all offensive factors lost permanently"
    elif "field generators" in words:
        ship, said = ship._replace(defensive_lost=True), "all defensive factors lost permanently"
    else:  # "Reactors go critical! Starship explodes!"
        ship, said, destroyed = ship._replace(destroyed="exploded: reactors went critical (damage control)"), "the starship explodes", True
    return Attempt(ship, f"{result} ({how}): {said}", destroyed)


def _factors(ship: Ship, column: str, count: int) -> tuple[Ship, str]:
    kind = {"offensive": "offensive", "defensive": "shields", "speed": "engines"}[column]
    effects, repaired = [], 0
    for effect in ship.effects:
        if effect.kind == kind and effect.factors and repaired < count:
            take = min(count - repaired, effect.factors)
            repaired += take
            if effect.factors - take:
                effects.append(effect._replace(factors=effect.factors - take))
            continue
        effects.append(effect)
    if not repaired:
        return ship, f"nothing of {column} lost to special damage to repair"
    return ship._replace(effects=tuple(effects)), f"{repaired} {column} factor{'s' if repaired > 1 else ''} restored"


def _power(sfw: Tables, ship: Ship, count: int) -> tuple[Ship, str]:
    most = row_for(sfw, ship.type).most_repaired
    room = ship.lost if most is None else min(ship.lost, most - ship.repaired)
    fixed = max(0, min(count, room))
    ship = ship._replace(lost=ship.lost - fixed, repaired=ship.repaired + fixed)
    capped = most is not None and most - (ship.repaired - fixed) < min(count, ship.lost + fixed)
    cap = f" (at most {most} PU a battle for a {ship.type}: {ship.repaired} repaired)" if capped else ""
    after = f"{ship.lost} of {ship.power_units} lost ({sd.percent(ship.lost, ship.power_units)})"
    if fixed and not sd.over_threshold(ship.lost, ship.power_units) and sd.over_threshold(ship.lost + fixed, ship.power_units):
        after += ": no longer more than 20% damaged, no more special damage rolls"
    return ship, f"{fixed} PU repaired{cap}; {after}"


def _shorten(ship: Ship, turns: int, kind: str, turn: int) -> tuple[Ship, str]:
    timed = [e for e in ship.effects if e.kind in TIMED]
    if kind:
        timed = [e for e in timed if e.kind == kind]
    if not timed:
        return ship, "no damage of limited duration to shorten" + (f" ({kind})" if kind else "")
    target = max(timed, key=lambda e: e.turns_left(turn) or 0)
    shorter = target._replace(turns=max(0, target.turns - turns))
    effects = tuple(shorter if e is target else e for e in ship.effects)
    if shorter.turns == 0 or shorter.turn + shorter.turns < turn:
        effects = tuple(e for e in ship.effects if e is not target)
        return ship._replace(effects=effects), f"{target.kind} damage ended"
    return ship._replace(effects=effects), f"{target.kind} damage now lasts {shorter.turns_left(turn)} more turn{'s' if shorter.turns_left(turn) != 1 else ''}"
