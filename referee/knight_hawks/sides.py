"""What one side of a battle may know, for the players' own view (``referee view``).

A player sees his own ships in full (each roster as his record sheet holds it), his own mines and
seekers, and of the enemy what the map shows. The readings of the Tactical Operations Manual:

- Each player keeps his own ship rosters ("The player that controls a damaged ship must mark the
  damage on his ship roster", Recording Damage): an enemy ship's hull, drives, DCR, weapons,
  ammunition and damage are not seen. Its counter is: its name and class, its speed (it moves that
  many hexes on the map), a masking screen ("place a screen counter on top of the ship counter",
  Masking Screen), docked at a station or aboard a carrier, destroyed or gone off the map.
- An electron, proton or stasis screen is circled in pencil on the roster (New Advanced Game
  Defenses): its owner's.
- Mines: "the player that placed the mines must record the number of that hex on a sheet of paper"
  (Mines): the enemy learns of them when they explode, and the hex is no longer mined.
- Seekers "are placed the same way mines are": secret until activated; an active seeker moves on the
  map toward the nearest ship, and is seen.
- The log: attacks and their damage are rolled in the open ("the attacking player rolls d100"), so a
  line is public unless it tells what a player's paper holds: a hex mined or a seeker placed, a screen
  switched on or off, a repair (its player allots DCR and rolls, Repairs), fighters rearmed (their
  ammunition). Such a line is shown to the side whose ships it names (a mine or seeker line: the side
  it begins with, and its text says "(secret)"); to the others, and the table, it is sealed.
- Each reader reads every line as :func:`read` says; the view's Log, the paper's log and the
  after-action report read the battle through :func:`view` alone.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from referee.errors import RefereeError
from referee.knight_hawks import rearm, repair
from referee.knight_hawks.battle import Battle, Entry
from referee.knight_hawks.combat import MANUAL
from referee.knight_hawks.ordnance import NEW_WEAPONS_RULE, SEEKERS_RULE
from referee.knight_hawks.scenarios import standing
from referee.logged import PUBLIC, Read, readable

SCREENS_RULE = f"{MANUAL}, Advanced Game: New Advanced Game Defenses"  # a screen switched on or off (movement.screen)
SECRET_ORDNANCE = (f"{NEW_WEAPONS_RULE}, Mines", SEEKERS_RULE)  # a hex mined or a seeker placed: the line says "(secret)"
PRIVATE_RULES = (SCREENS_RULE, repair.REPAIR_RULE, rearm.FIGHTERS_RULE, rearm.SCOUTS_RULE)


class Contact(NamedTuple):
    """An enemy ship as the map shows it."""

    name: str
    ship_class: str
    side: str
    speed: int
    masking_screen_up: bool = False
    docked_at: str = ""
    carried_by: str = ""
    out: str = ""  # "destroyed", "left the map", or "" (in the battle)


class BattleView(NamedTuple):
    """What one side (or anyone at the table: ``public``) may see of a battle. ``battle`` is the
    battle with only that side's ships, its mines and the seekers it may see, and the log lines it
    may read (the public view: no ship at all); ``seen`` is the rest as the map shows it."""

    side: str
    battle: Battle
    seen: tuple[Contact, ...]
    standing: str  # how the battle stands against its victory conditions (what the map shows)
    lines: tuple[Read, ...] = ()  # every line of the log as this side reads it: whole, or sealed (:func:`read`)


def viewer(battle: Battle, name: str) -> str:
    """The side named (any case): one of the battle's sides, or public."""
    for known in (*battle.sides, PUBLIC):
        if name.strip().casefold() == known.casefold():
            return known
    raise RefereeError(f"the sides of {battle.name} are {' and '.join(battle.sides)} (or public: what the map shows everyone), not {name!r}")


def view(battle: Battle, side: str) -> BattleView:
    """What ``side`` may see of the battle (see the module's readings)."""
    who = viewer(battle, side)
    own = tuple(s for s in battle.ships if s.side == who)
    seen = tuple(_contact(battle, s) for s in battle.ships if s.side != who)
    lines = tuple(read(battle, e, who) for e in battle.log)
    redacted = battle._replace(
        ships=own,
        mines=tuple(m for m in battle.mines if m.side == who),
        seekers=tuple(s for s in battle.seekers if s.side == who or s.active),
        new_fires=frozenset(n for n in battle.new_fires if any(s.name == n for s in own)),
        repaired=frozenset(n for n in battle.repaired if any(s.name == n for s in own)),
        log=readable(lines),
    )
    return BattleView(who, redacted, seen, standing(battle), lines)


def read(battle: Battle, entry: Entry, who: str) -> Read:
    """A log line as ``who`` (a side, or ``public``) reads it: whole if he is among its readers
    (:func:`line_sides`), else sealed: that it was written, and whose eyes alone read it."""
    readers = line_sides(battle, entry)
    return Read(entry) if who in readers else Read(entry, True, " and ".join(r for r in battle.sides if r in readers))


def _contact(battle: Battle, ship: Any) -> Contact:
    out = "destroyed" if ship.destroyed else "left the map" if battle.escape(ship.name) is not None else ""
    return Contact(ship.name, ship.ship_class, ship.side, ship.speed, ship.masking_screen_up, ship.docked_at, ship.carried_by, out)


def line_sides(battle: Battle, entry: Entry) -> frozenset[str]:
    """Who may read a log line: both sides and the public view, or, for a line that tells what a
    player's paper holds, the side it belongs to (none found: the referee alone)."""
    if entry.rule.startswith(SECRET_ORDNANCE) and "(secret)" in entry.text:  # (placed before the game: the rule that let it follows)
        return frozenset(s for s in battle.sides if entry.text.startswith(f"{s} "))
    if entry.rule.startswith(PRIVATE_RULES):
        return frozenset(s.side for s in battle.ships if names(s.name, entry.text))
    return frozenset((*battle.sides, PUBLIC))


def names(name: str, text: str) -> bool:
    """Whether the text names the ship itself (``Fighter 1`` is not named by ``Fighter 12``)."""
    return name in text and re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None
