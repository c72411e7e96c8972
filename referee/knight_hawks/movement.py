"""The movement phase's bookkeeping: screens, docking, navigation hits and breaking apart.

- Masking screens (Basic Game, Masking Screen): announced at the start of the movement phase,
  one marked off the roster; the screen lasts while the ship flies straight at its speed, or one
  orbit in orbit, and the referee ends it. A power short circuit stops new masking screens.
- Electron, proton and stasis screens (Advanced Game, Defenses): one at a time, activated at the
  start of the movement phase; a power short circuit shuts them down.
- Docking (Space Stations): a ship that enters a station's hex and stops docks at the end of the
  movement phase; it leaves in its movement phase. Fighters land on carriers.
- Navigation hit: roll 1d10 before the ship moves - 1-5 it turns left, 6-10 right (Explanation
  of Results, Navigation Hit).
- Breaking apart: a ship beyond half its hull points that accelerates, decelerates or turns rolls
  against (damage - half original hull) x ADF and MR points used (Hull Hits).
"""

from __future__ import annotations

import random

import attrs

from referee import dice
from referee.errors import RefereeError
from referee.knight_hawks.attack import CAMPAIGN_BASIC
from referee.knight_hawks.battle import Battle
from referee.knight_hawks.combat import MANUAL
from referee.knight_hawks.combat_phase import Done, noted, settle
from referee.knight_hawks.damage import breakup_chance
from referee.knight_hawks.roster import SCREENS, Ship
from referee.tables import Tables



def _afloat(battle: Battle, name: str) -> Ship:
    ship = battle.ship(name)
    if ship.destroyed:
        raise RefereeError(f"the {ship.name} is destroyed")
    return ship


def _moving(battle: Battle, ship: Ship, what: str) -> None:
    if battle.step != "turn" or battle.moving != ship.side:
        raise RefereeError(f"{what} in its own movement phase; the {ship.name} is {ship.side} and {battle.moving} is moving")


def _done(battle: Battle, ship: Ship, text: str, rule: str) -> Done:
    return noted(battle.with_ships([ship]), text, rule=rule)


def masking_screen(battle: Battle, name: str, up: bool) -> Done:
    """Put up a masking screen (one marked off), or end it when the ship turns, changes speed or ends its orbit."""
    ship = _afloat(battle, name)
    rule = f"{MANUAL}, Defenses: Masking Screen"
    if not up:
        if not ship.masking_screen_up:
            raise RefereeError(f"the {ship.name} has no masking screen up")
        return _done(battle, attrs.evolve(ship, masking_screen_up=False), f"the {ship.name}'s masking screen is gone", rule)
    _moving(battle, ship, "a masking screen is announced")
    line = ship.system("MS")
    if ship.masking_screen_up:
        raise RefereeError(f"the {ship.name} already has a masking screen up")
    if line is None or line.state != "working" or line.count < 1:
        raise RefereeError(f"the {ship.name} has no masking screens left")
    if "power-short-circuit" in ship.damaged:
        raise RefereeError(f"the {ship.name} has a power short circuit: it cannot create masking screens until repaired")
    ship = attrs.evolve(ship.with_system(attrs.evolve(line, count=line.count - 1)), masking_screen_up=True)
    text = f"the {ship.name} puts up a masking screen ({line.count - 1} left): it lasts while the ship flies straight at its speed, or one orbit"
    return _done(battle, ship, text, rule)


def screen(battle: Battle, name: str, code: str) -> Done:
    """Activate an electron, proton or stasis screen (one at a time), or switch it off (``code`` "")."""
    ship = _afloat(battle, name)
    rule = f"{MANUAL}, Advanced Game: New Advanced Game Defenses"
    code = code.strip().upper()
    if code in ("", "NONE", "OFF"):
        if not ship.active_screen:
            raise RefereeError(f"the {ship.name} has no screen active")
        return _done(battle, attrs.evolve(ship, active_screen=""), f"the {ship.name} switches off its {ship.active_screen}", rule)
    if battle.game != "advanced":
        raise RefereeError("electron, proton and stasis screens belong to the Advanced Game")
    if code not in SCREENS:
        raise RefereeError(f"a screen is ES, PS or SS (masking screens: kh screen --masking), not {code!r}")
    _moving(battle, ship, "a screen is activated")
    if not ship.has_intact(code):
        raise RefereeError(f"the {ship.name} has no working {code}")
    if "power-short-circuit" in ship.damaged:
        raise RefereeError(f"the {ship.name} has a power short circuit: its screens do not work until repaired")
    before = f" (instead of its {ship.active_screen}: one screen at a time)" if ship.active_screen else ""
    return _done(battle, attrs.evolve(ship, active_screen=code), f"the {ship.name} activates its {code}{before}", rule)


def dock(battle: Battle, name: str, at: str) -> Done:
    """Dock at a station or land on a carrier (``at``), or leave it (``at`` "")."""
    ship = _afloat(battle, name)
    rule = f"{MANUAL}, Space Stations (docking); Fighters"
    if not at:
        where = ship.docked_at or ship.carried_by
        if not where:
            raise RefereeError(f"the {ship.name} is not docked")
        _moving(battle, ship, "a ship leaves its station or carrier")
        return _done(battle, attrs.evolve(ship, docked_at="", carried_by=""), f"the {ship.name} leaves the {where}", rule)
    base = _afloat(battle, at)
    if base.side != ship.side or base.name == ship.name:
        raise RefereeError(f"the {ship.name} can dock only with its own side's station or carrier")
    if ship.docked_at or ship.carried_by:
        raise RefereeError(f"the {ship.name} is already docked with the {ship.docked_at or ship.carried_by}")
    _moving(battle, ship, "a ship docks at the end of")
    if base.ship_class == "assault carrier":
        if ship.ship_class != "fighter":
            raise RefereeError(f"only fighters land on an assault carrier, not a {ship.ship_class}")
        # "In order to dock, the fighter must stop (have a speed of 0) in the same hex as the station or assault carrier" (Fighters)
        return _done(battle, attrs.evolve(ship, carried_by=base.name, speed=0, masking_screen_up=False), f"the {ship.name} lands on the {base.name}", rule)
    if base.ship_class != "space station":
        raise RefereeError(f"ships dock at space stations; the {base.name} is a {base.ship_class}")
    # a ship stops to dock: a masking screen lasts only while it flies straight at its speed
    return _done(battle, attrs.evolve(ship, docked_at=base.name, speed=0, masking_screen_up=False), f"the {ship.name} docks at the {base.name}", rule)


def navigation(battle: Battle, kh: Tables, rng: random.Random, name: str, rolled: str | None = None) -> Done:
    """The navigation hit's 1d10 before the ship moves: which way it must turn."""
    if not battle.damage_table:
        raise RefereeError(f"no navigation rolls in this battle: a navigation hit is an Advanced Game Damage Table result, and the campaign's Basic Rules ignore that table ({CAMPAIGN_BASIC})")
    ship = _afloat(battle, name)
    if "navigation" not in ship.damaged:
        raise RefereeError(f"the {ship.name} has no navigation hit")
    _moving(battle, ship, "the navigation roll is made before the ship moves")
    roll = dice.take("1d10", rng, rolled, f"{ship.name} navigation hit")
    found = kh.get("kh.navigation-hit").look_up([str(roll.total)])
    text = f"the {ship.name} (navigation hit) must turn {found.row['result']} in each hex it enters until its MR is used up (a stopped ship ignores it)"
    return noted(battle, text, [roll], found.citation())


def breakup(battle: Battle, rng: random.Random, name: str, points: int, rolled: str | None = None) -> Done:
    """Breaking apart: roll for a ship beyond half its hull points that used ADF or MR points.

    An Advanced Game rule (Advanced Game: Damage, Hull Hits): in a Basic Game battle a ship is
    destroyed when all of its hull points are gone (Basic Game: Ship Damage), and is refused here;
    so too under the campaign's Basic Rules (``damage_table`` False), which ignore the Advanced
    Game's damage rules (a reading: breaking apart is one of them). The roll is made as the ship
    "accelerates, decelerates or turns": in its own movement phase.
    """
    if battle.game == "basic":
        raise RefereeError(
            f"breaking apart is an Advanced Game rule ({MANUAL}, Advanced Game: Damage, Hull Hits); in the Basic Game a ship "
            f"is destroyed only when all of its hull points are gone ({MANUAL}, Basic Game: Ship Damage)"
        )
    if not battle.damage_table:
        raise RefereeError(
            f"no breaking apart in this battle: it is part of the Advanced Game's damage rules (Damage, Hull Hits), which the campaign's "
            f"Basic Rules ignore ({CAMPAIGN_BASIC}; a reading): a ship is destroyed when all of its hull points are gone"
        )
    if rolled is not None:
        dice.entered("d100", rolled)  # checked even where the chance is 0 and no roll is made
    ship = _afloat(battle, name)
    _moving(battle, ship, "a ship rolls for breaking apart as it accelerates, decelerates or turns (Hull Hits),")
    chance = breakup_chance(ship.hull_start, ship.damage, points)
    rule = f"{MANUAL}, Advanced Game: Damage, Hull Hits (breaking apart)"
    if chance.chance == 0:
        return noted(battle, f"the {ship.name}: {chance.reading}", rule=rule)
    roll = dice.take("d100", rng, rolled, f"{ship.name} breaking apart")
    gone = roll.total <= chance.chance
    text = f"the {ship.name}: {chance.reading}; {roll.total} {'<=' if gone else '>'} {chance.chance}: " + ("breaks apart - destroyed" if gone else "holds together")
    if gone:
        battle = battle.with_ships([attrs.evolve(ship, hull=0)])
    entry = battle.entry(text, [roll], rule)
    battle = battle.logged(entry)
    battle, more = settle(battle, [ship.name] if gone else [])
    return Done(None, battle, (entry, *more))
