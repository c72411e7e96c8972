"""Rearming fighters and assault scouts in a battle (Spaceships: Fighters; Assault Scout).

"To be rearmed, a fighter must spend one complete game turn on board its station or carrier. If
the fighter's base is attacked, the fighter cannot be rearmed that turn. A fighter that is docked
cannot be attacked." "Like fighters, assault scouts can rearm at a space station ... Assault
scouts cannot be rearmed at assault carriers." Checked as each game turn ends (battle.advance):

- On board for a complete game turn: a fighter docked at a station (``docked_at``) or aboard an
  assault carrier or station (``carried_by``), an assault scout docked at a station, when the game
  turn ends, that did not dock or land during it (``Battle.docked_this_turn``): one that came on
  board in this game turn is rearmed at the end of the next.
- Its base attacked: fired at by any ship's weapon (hit or missed), attacked by mines, a seeker
  missile or a shatter drone, or hit at the table, in this game turn (``Battle.attacked``, cleared
  as the turn ends). Its fighters are not rearmed that turn, and are the next if it is not attacked.
- Rearmed: each working limited-supply weapon (the assault rockets) back to the load its roster
  started with (``System.start``: "many ships do not carry their maximum armament"), as the
  campaign's rearming restores what was expended (referee.sathar_war.supply). A weapon destroyed by
  a Weapon System Hit is repaired, not rearmed. A fighter that fired only some of its rockets is
  rearmed too (a reading: the book docks one "that has fired all of its assault rockets", and does
  not forbid less). Staying on board longer changes nothing: a full load stays full, and only a
  ship short of ammunition gets a log line.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.errors import RefereeError
from referee.knight_hawks.battle import Battle
from referee.knight_hawks.combat import MANUAL
from referee.knight_hawks.roster import Ship, System

FIGHTERS_RULE = f"{MANUAL}, Fighters (rearming: 'one complete game turn on board its station or carrier')"
SCOUTS_RULE = f"{MANUAL}, Assault Scout (rearming at a space station, not at an assault carrier)"
BASE_ATTACKED = "'If the fighter's base is attacked, the fighter cannot be rearmed that turn'"


def mark_attacked(battle: Battle, names: Iterable[str]) -> Battle:
    """The battle with these ships attacked in this game turn: a station or carrier attacked rearms
    none of its fighters this turn (Fighters)."""
    return battle._replace(attacked=battle.attacked | frozenset(names))


def base(battle: Battle, ship: Ship) -> Ship | None:
    """The station or carrier where the ship rearms: a fighter's station or assault carrier, an
    assault scout's station (None: it is not on board one, or is not a fighter or assault scout).
    Only fighters land on carriers (Fighters), so an assault scout is never rearmed at one."""
    if ship.ship_class == "fighter":
        where = ship.docked_at or ship.carried_by
    elif ship.ship_class == "assault scout":
        where = ship.docked_at  # "Assault scouts cannot be rearmed at assault carriers"
    else:
        return None
    return battle.ship(where) if where else None


def spent(ship: Ship) -> tuple[System, ...]:
    """Its working limited-supply weapons with some of their load expended."""
    return tuple(s for s in ship.weapons if s.limited and s.state == "working" and s.count < s.start)


def rearmed(ship: Ship) -> Ship:
    """The ship with every working limited-supply weapon back to the load it started with."""
    for line in spent(ship):
        ship = ship.with_system(line._replace(count=line.start))
    return ship


def turn_ended(battle: Battle) -> tuple[Battle, list[tuple[str, str]]]:
    """The game turn ends: each fighter and assault scout that spent it on board its base, short of
    ammunition, is rearmed unless its base was attacked; ``attacked`` is cleared for the next turn.
    Returns the battle and the log lines (text, rule). Run before the turn's docking is cleared
    (``docked_this_turn`` says who came on board during it)."""
    changed: list[Ship] = []
    lines: list[tuple[str, str]] = []
    for ship in battle.ships:
        home = base(battle, ship)
        short = spent(ship)
        if home is None or not short or ship.destroyed or battle.escape(ship.name) is not None:
            continue
        rule = FIGHTERS_RULE if ship.ship_class == "fighter" else SCOUTS_RULE
        end = f"end of turn {battle.turn}: the {ship.name}"
        left = ", ".join(f"{s.code} {s.count} of {s.start}" for s in short)
        if ship.name in battle.docked_this_turn:
            lines.append(
                (
                    f"{end} came on board the {home.name} in this game turn, not a complete game turn on board: it is not rearmed yet ({left})",
                    rule,
                )
            )
        elif home.name in battle.attacked:
            lines.append((f"{end} is not rearmed this turn: its base, the {home.name}, was attacked in turn {battle.turn} ({left})", f"{rule}: {BASE_ATTACKED}"))
        else:
            changed.append(rearmed(ship))
            refilled = ", ".join(f"{s.code} {s.count} -> {s.start}" for s in short)
            lines.append((f"{end} is rearmed on board the {home.name} after a complete game turn there: {refilled}", rule))
    return battle.with_ships(changed)._replace(attacked=frozenset()), lines


def check(battle: Battle) -> None:
    """Refuse an ``attacked`` list that does not fit the battle: ships of this battle, attacked in
    this game turn, so none in a repair turn (no ship fires or is attacked in it)."""
    names = {s.name for s in battle.ships}
    strangers = sorted(n for n in battle.attacked if n not in names)
    if strangers or (battle.attacked and battle.step != "turn"):
        raise RefereeError(
            f"attacked lists {', '.join(sorted(battle.attacked))}: give the ships of this battle attacked in this game turn "
            f"(fired at, or attacked by mines, a seeker or a drone), exactly as named in [[ships]], and none in a repair turn"
            + (f"; not ships of this battle: {', '.join(strangers)}" if strangers else "")
        )
