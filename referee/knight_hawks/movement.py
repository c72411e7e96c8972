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
- A ship's move (:func:`move`): players move the counters; the referee records the new speed and the
  ADF and MR points used, checked against the book (Movement: Speed, Acceleration and Deceleration,
  Turning; Evasive Maneuvers; Masking Screen; Navigation Hit; Hull Hits) and a scenario's special rule.
- Leaving the map (:func:`leave_map`): a ship that flies off the map for good is out of the battle
  (Moving Off The Map); in a campaign battle it escapes toward an adjacent system's transit box.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from referee import dice
from referee.errors import RefereeError
from referee.knight_hawks import scenarios
from referee.knight_hawks.attack import CAMPAIGN_BASIC_RULE
from referee.knight_hawks.battle import STATIONS, Battle, Entry, Escape, before_the_start, has_own_speed
from referee.knight_hawks.combat import MANUAL
from referee.knight_hawks.combat_phase import Done, movement_begun, noted, settle
from referee.knight_hawks.damage import breakup_chance
from referee.knight_hawks.inputs import Refusal
from referee.knight_hawks.roster import SCREENS, Ship
from referee.tables import Tables

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)


def _afloat(battle: Battle, name: str) -> Ship:
    ship = battle.ship(name)
    if ship.destroyed:
        raise RefereeError(f"the {ship.name} is destroyed")
    return battle.on_map(ship)


def _moving(battle: Battle, ship: Ship, what: str) -> None:
    if battle.step != "turn" or battle.moving != ship.side:
        raise RefereeError(f"{what} in its own movement phase; the {ship.name} is {ship.side} and {battle.moving} is moving")


def _done(battle: Battle, ship: Ship, text: str, rule: str) -> Done:
    return noted(battle.with_ships([ship]), text, rule=rule)


def _first_step(battle: Battle, what: str) -> None:
    """Refuse a first step of the movement phase once the ships have moved or combat has begun."""
    late = movement_begun(battle)
    if late:
        raise RefereeError(f"{what} at the start of the movement phase, before the ships move: {late} ({SEQUENCE_STEPS_RULE})")


SEQUENCE_STEPS_RULE = f"{MANUAL}, Sequence of Play (Basic: masking screens, then movement; Advanced: activate screens, activate and move seekers, move ships)"
START_SPEED_RULE = f"{MANUAL}, the scenarios' set-up: each ship's speed from the turn before the game starts, as its player chooses"


def _starting(battle: Battle, name: str, speed: int) -> Ship:
    """The ship at its starting speed, if the rules let it have one now."""
    ship = _afloat(battle, name)
    if not before_the_start(battle):
        raise Refusal(f"a starting speed is set before the game starts (turn 1, before any ship moves or fires); the {ship.name} changes speed by its move ({{move}})")
    if speed < 0:
        raise RefereeError(f"a speed is 0 or more hexes a turn, not {speed}")
    if not has_own_speed(ship):
        where = ship.docked_at or ship.carried_by
        raise RefereeError(f"the {ship.name} is {'docked with the ' + where if where else 'a station (in orbit)'}: it has no speed of its own to set")
    return ship._replace(speed=speed)


def starting_speed(battle: Battle, name: str, speed: int) -> Done:
    """Set a ship's speed before the game starts: the scenarios leave it to the players ("They can
    start at any speed the Sathar player wants"; "traveling at any speed desired"; "given a speed
    from the previous turn"). Only in turn 1, before any ship has moved or fired; a scenario's
    condition (both ships at the same speed) is the players' to keep."""
    ship = battle.ship(name)
    return _done(battle, _starting(battle, name, speed), f"the {ship.name} starts at speed {speed} (it was {ship.speed})", START_SPEED_RULE)


def starting_speeds(battle: Battle, speeds: Mapping[str, int]) -> Done:
    """Several ships' starting speeds at once (:func:`starting_speed`, each checked as there): one
    log line a side, naming the ships whose speed changed; a ship given the speed it has is not named."""
    changed = [_starting(battle, name, speed) for name, speed in speeds.items()]
    changed = [s for s in changed if s.speed != battle.ship(s.name).speed]
    if not changed:
        raise RefereeError("every ship is at the speed it had: no starting speed changed")
    after = battle.with_ships(changed)
    entries = []
    for side in battle.sides:
        ships = [s for s in changed if s.side == side]
        if ships:
            said = ", ".join(f"the {s.name} {s.speed} (was {battle.ship(s.name).speed})" for s in ships)
            entries.append(after.entry(f"starting speeds, {side}: {said}", rule=START_SPEED_RULE))
    return Done(None, after.logged(*entries), tuple(entries))


def masking_screen(battle: Battle, name: str, up: bool) -> Done:
    """Put up a masking screen (one marked off), or end it when the ship turns, changes speed or ends its orbit."""
    ship = _afloat(battle, name)
    rule = f"{MANUAL}, Defenses: Masking Screen"
    if not up:
        if not ship.masking_screen_up:
            raise RefereeError(f"the {ship.name} has no masking screen up")
        return _done(battle, ship._replace(masking_screen_up=False), f"the {ship.name}'s masking screen is gone", rule)
    _moving(battle, ship, "a masking screen is announced")
    _first_step(battle, "masking screens are announced")
    line = ship.system("MS")
    if ship.masking_screen_up:
        raise RefereeError(f"the {ship.name} already has a masking screen up")
    if line is None or line.state != "working" or line.count < 1:
        raise RefereeError(f"the {ship.name} has no masking screens left")
    if "power-short-circuit" in ship.damaged:
        raise RefereeError(f"the {ship.name} has a power short circuit: it cannot create masking screens until repaired")
    ship = ship.with_system(line._replace(count=line.count - 1))._replace(masking_screen_up=True)
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
        return _done(battle, ship._replace(active_screen=""), f"the {ship.name} switches off its {ship.active_screen}", rule)
    if battle.game != "advanced":
        raise RefereeError("electron, proton and stasis screens belong to the Advanced Game")
    if code not in SCREENS:
        raise Refusal(f"a screen is ES, PS or SS (masking screens: {{masking}}), not {code!r}")
    _moving(battle, ship, "a screen is activated")
    _first_step(battle, "screens are activated")
    if not ship.has_intact(code):
        raise RefereeError(f"the {ship.name} has no working {code}")
    if "power-short-circuit" in ship.damaged:
        raise RefereeError(f"the {ship.name} has a power short circuit: its screens do not work until repaired")
    before = f" (instead of its {ship.active_screen}: one screen at a time)" if ship.active_screen else ""
    return _done(battle, ship._replace(active_screen=code), f"the {ship.name} activates its {code}{before}", rule)


def dock(battle: Battle, name: str, at: str) -> Done:
    """Dock at a station or land on a carrier (``at``), or leave it (``at`` "")."""
    ship = _afloat(battle, name)
    rule = f"{MANUAL}, Space Stations (docking); Fighters"
    if not at:
        where = ship.docked_at or ship.carried_by
        if not where:
            raise RefereeError(f"the {ship.name} is not docked")
        _moving(battle, ship, "a ship leaves its station or carrier")
        battle = battle._replace(docked_this_turn=battle.docked_this_turn - {ship.name})
        return _done(battle, ship._replace(docked_at="", carried_by=""), f"the {ship.name} leaves the {where}", rule)
    base = _afloat(battle, at)
    if base.side != ship.side or base.name == ship.name:
        raise RefereeError(f"the {ship.name} can dock only with its own side's station or carrier")
    if ship.docked_at or ship.carried_by:
        raise RefereeError(f"the {ship.name} is already docked with the {ship.docked_at or ship.carried_by}")
    _moving(battle, ship, "a ship docks at the end of")
    if base.ship_class == "assault carrier":
        if ship.ship_class != "fighter":
            scout = "; assault scouts cannot be rearmed at assault carriers: they rearm at a space station" if ship.ship_class == "assault scout" else ""
            article = "an" if ship.ship_class[:1] in "aeiou" else "a"
            raise RefereeError(f"only fighters land on an assault carrier, not {article} {ship.ship_class}{scout} (Fighters; Assault Scout)")
        aboard = [s.name for s in battle.ships if s.carried_by == base.name and not s.destroyed]
        if len(aboard) >= CARRIER_FIGHTERS:
            raise RefereeError(f"the {base.name} has {len(aboard)} fighters aboard: '{CARRIER_RULE}' ({MANUAL}, Assault Carrier)")
        # "In order to dock, the fighter must stop (have a speed of 0) in the same hex as the station or assault carrier";
        # landed during this game turn, it has not spent a complete game turn on board to rearm (Fighters)
        battle = battle._replace(docked_this_turn=battle.docked_this_turn | {ship.name})
        return _done(battle, ship._replace(carried_by=base.name, speed=0, masking_screen_up=False), f"the {ship.name} lands on the {base.name}", rule)
    if base.ship_class not in STATIONS:  # (a campaign's stations keep their type in its battles: fortresses, fortified and armed stations)
        raise RefereeError(f"ships dock at space stations; the {base.name} is a {base.ship_class}")
    # a ship stops to dock: a masking screen lasts only while it flies straight at its speed; docked
    # during this game turn, it has not spent the turn docked (a complete game turn: Battle.docked_turns)
    battle = battle._replace(docked_this_turn=battle.docked_this_turn | {ship.name})
    return _done(battle, ship._replace(docked_at=base.name, speed=0, masking_screen_up=False), f"the {ship.name} docks at the {base.name}", rule)


CARRIER_FIGHTERS = 10  # the most an assault carrier holds in a Knight Hawks battle (Advanced Game Ship Statistics: fighter (x10))
CARRIER_RULE = "Assault carriers carry groups of four to 10 fighters"


def navigation(battle: Battle, kh: Tables, rng: random.Random, name: str, rolled: str | None = None) -> Done:
    """The navigation hit's 1d10 before the ship moves: which way it must turn."""
    if not battle.damage_table:
        raise RefereeError(f"no navigation rolls in this battle: a navigation hit is an Advanced Game Damage Table result, and the campaign's Basic Rules ignore that table ({CAMPAIGN_BASIC_RULE})")
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
            f"Basic Rules ignore ({CAMPAIGN_BASIC_RULE}; a reading): a ship is destroyed when all of its hull points are gone"
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
        battle = battle.with_ships([ship._replace(hull=0)])
    entry = battle.entry(text, [roll], rule)
    battle = battle.logged(entry)
    battle, more = settle(battle, [ship.name] if gone else [])
    return Done(None, battle, (entry, *more))


MOVEMENT_RULE = f"{MANUAL}, Basic Game: Movement"
SPEED_RULE = f"{MOVEMENT_RULE} (Speed; Acceleration and Deceleration)"
TURNING_RULE = f"{MOVEMENT_RULE} (Turning)"
BOTH_RULE = f"{MOVEMENT_RULE} (Speed; Acceleration and Deceleration; Turning)"
EVASION_RULE = f"{MANUAL}, Basic Game: Combat, Attack Modifiers (Evasive Maneuvers)"
MASKING_RULE = f"{MANUAL}, Defenses: Masking Screen"
NAVIGATION_RULE = f"{MANUAL}, Advanced Game: Damage, Navigation Hit"
OFF_THE_MAP = {"basic": f"{MANUAL}, Basic Game: Movement, Moving Off The Map", "advanced": f"{MANUAL}, Advanced Game Movement: Moving Off The Map"}
BREAKING_OFF_RULE = f"{scenarios.CAMPAIGN_BOOK}, Special Combat Rules: Breaking Off Combat"


def _points(n: int, what: str) -> str:
    return f"{n} {what} point{'s' if n != 1 else ''}"


def move(battle: Battle, rng: random.Random, name: str, speed: int, adf_used: int, mr_used: int, rolled: str | None = None) -> Done:
    """Record a ship's move in its movement phase: its new speed and the ADF and MR points it used.

    - Acceleration and Deceleration: the ADF "tells the player how many hexes the ship can add to or
      subtract from its speed in one turn", so the ADF points used are the change of speed, at most
      the ship's ADF now (a drive hit lowers it; with none left it "cannot accelerate or decelerate").
    - Turning: at most the ship's MR turns, and "only one hexside in any hex", so no more turns than
      hexes moved (a ship at speed 0 all turn rotates freely, using no MR).
    - Evasive Maneuvers: a ship that evaded "must turn in every hex it enters during its next move,
      until its MR is used up" and "must move a number of hexes equal to or greater than its MR".
    - Masking Screen: it lasts "as long as the ship travels in a straight line at its current speed":
      a change of speed or a turn ends it.
    - Navigation Hit: its roll comes before the ship moves (said in the log; :func:`navigation`).
    - Hull Hits: a ship beyond half its hull points that used ADF or MR points rolls for breaking
      apart (Advanced Game with the Damage Table: :func:`breakup`), ``rolled`` the d100 from the table.
    - A scenario's special rule (Close Escort's Megasaurus: speed 5, straight on).
    """
    ship = _afloat(battle, name)
    _moving(battle, ship, "a ship moves")
    if ship.docked_at or ship.carried_by:
        where = f"docked at the {ship.docked_at}" if ship.docked_at else f"aboard the {ship.carried_by}"
        raise Refusal(f"the {ship.name} is {where}: it leaves first ({{leave_dock}}), then moves", ship=ship.name)
    if ship.name in battle.moved:
        raise RefereeError(f"the {ship.name} has moved in this half of turn {battle.turn}: a ship moves once in its movement phase")
    if speed and navigation_due(battle, ship):
        raise Refusal(
            f"the {ship.name} has a navigation hit: roll 1d10 for the way it turns before it moves ({{navigation}}); a ship that stops ignores it ({NAVIGATION_RULE})",
            "speed",
            ship=ship.name,
        )
    for value, what in ((speed, "speed"), (adf_used, "ADF points used"), (mr_used, "MR points used")):
        if value < 0:
            raise RefereeError(f"{what} must be 0 or more, not {value}")
    low, high = max(0, ship.speed - ship.adf), ship.speed + ship.adf
    if not low <= speed <= high:
        stop = "; it can stop only from a speed no more than its ADF" if speed == 0 else ""
        raise RefereeError(f"the {ship.name} had speed {ship.speed} and has ADF {ship.adf} (of {ship.adf_start}): it can move {low} to {high} hexes this turn, not {speed}{stop} ({SPEED_RULE})")
    change = abs(speed - ship.speed)
    if adf_used != change:
        raise Refusal(
            f"from speed {ship.speed} to {speed} the {ship.name} uses {_points(change, 'ADF')}: each hex added to or subtracted from its speed is one ({SPEED_RULE}); {{adf}}, not {adf_used}",
            "adf",
            wanted=change,
        )
    if mr_used > ship.mr:
        raise RefereeError(f"the {ship.name} has MR {ship.mr} (of {ship.mr_start}): it can turn at most {ship.mr} times in its move, not {mr_used} ({TURNING_RULE})")
    if mr_used > speed:
        free = "; a ship at speed 0 all turn rotates to face any hexside without using MR" if speed == 0 else ""
        raise RefereeError(f"the {ship.name} moves {speed} hexes: it turns at most once in each hex it enters, so at most {speed} times, not {mr_used}{free} ({TURNING_RULE})")
    notes, rules = [], [BOTH_RULE if mr_used else SPEED_RULE]
    if ship.must_turn:
        notes.append(_evasion(ship, speed, mr_used))
        rules.append(EVASION_RULE)
    special, rule = scenarios.may_move(battle, ship, speed, mr_used)
    notes.append(special)
    rules += [rule] if rule else []
    after = ship._replace(speed=speed, must_turn=False)
    if ship.masking_screen_up and (speed != ship.speed or mr_used):
        after = after._replace(masking_screen_up=False)
        notes.append(f"its masking screen is gone: it lasts only while the ship flies straight at its speed ({'turned' if mr_used else 'changed speed'})")
        rules.append(MASKING_RULE)
    if "navigation" in ship.damaged and battle.damage_table:
        notes.append(_navigation_note(battle, ship, speed))
        rules.append(NAVIGATION_RULE)
    points = adf_used + mr_used
    why_not = _no_breakup(battle, ship, points)
    if rolled is not None and why_not:
        raise Refusal(f"no roll for breaking apart on this move: {why_not}; {{no_roll}}", "roll")
    if speed == 0 and ship.speed > 0:
        did = f"stops: speed {ship.speed} -> 0 ({_points(adf_used, 'ADF')} of {ship.adf}); a ship does not move at all on the turn it stops"
    elif change:
        did = f"moves {speed} hexes: speed {ship.speed} -> {speed} ({_points(adf_used, 'ADF')} of {ship.adf})"
    elif speed == 0:
        did = "stays at speed 0 and does not move (at speed 0 all turn it may rotate to face any hexside)"
    else:
        did = f"moves {speed} hexes at speed {speed} (no ADF points)"
    did += f", {mr_used} turn{'s' if mr_used != 1 else ''} ({mr_used} of MR {ship.mr})" if speed else ""
    battle = battle.with_ships([after])._replace(moved=battle.moved | {ship.name})
    entry = battle.entry(f"the {ship.name} {did}" + "".join(n for n in notes if n), rule="; ".join(rules))
    battle = battle.logged(entry)
    if why_not:
        return Done(None, battle, (entry,))
    apart = breakup(battle, rng, ship.name, points, rolled)
    return Done(None, apart.battle, (entry, *apart.entries))


def points_used(ship: Ship, speed: int, turns: int) -> tuple[int, int]:
    """The ADF and MR points a move used, worked out from what the counter did: the ADF points are
    the hexes added to or subtracted from its speed (Acceleration and Deceleration: the ADF "tells
    the player how many hexes the ship can add to or subtract from its speed"; "A ship cannot
    accelerate and decelerate on the same turn"), the MR points the turns it made (Turning: the MR
    "tells the player how many times the ship can turn during its move")."""
    return abs(speed - ship.speed), turns


def counter_moved(battle: Battle, rng: random.Random, name: str, speed: int, turns: int, rolled: str | None = None) -> Done:
    """A ship's move as its counter moved - its new speed and the turns it made - with the ADF and
    MR points worked out (:func:`points_used`) and checked as :func:`move` checks them."""
    adf, mr = points_used(battle.ship(name), speed, turns)
    return move(battle, rng, name, speed, adf, mr, rolled)


def _evasion(ship: Ship, speed: int, mr_used: int) -> str:
    """Evasive Maneuvers: the evader's next move turns in every hex until its MR is used up."""
    if ship.mr == 0:
        return "; it evaded, but with MR 0 it cannot turn: the turns it owed are not made (Steering Hit)"
    hexes = min(ship.mr, ship.speed + ship.adf)  # as far as its ADF lets it (a reading, where a drive hit keeps it slower than its MR)
    if speed < hexes:
        raise RefereeError(f"the {ship.name} took evasive action: it must move at least {hexes} hexes (its MR) on this move; 'it cannot evade by staying in its hex and rotating' ({EVASION_RULE})")
    turns = min(ship.mr, speed)
    if mr_used != turns:
        raise Refusal(
            f"the {ship.name} took evasive action: it 'must turn in every hex it enters during its next move, until its MR is used up' ({EVASION_RULE}): {{mr}}, not {mr_used}",
            "mr",
            wanted=turns,
        )
    return f"; it evaded: it turned in every hex until its MR was used up ({turns} turns), and is clear of that"


def navigation_roll(battle: Battle, ship: Ship) -> Entry | None:
    """The ship's navigation roll in this half of the turn, if it has made it."""
    said = f"the {ship.name} (navigation hit)"
    return next((e for e in reversed(battle.log) if (e.turn, e.side) == (battle.turn, battle.moving) and e.text.startswith(said)), None)


def navigation_due(battle: Battle, ship: Ship) -> bool:
    """Whether the ship has a navigation hit and has not yet rolled which way it turns in this
    half of the turn (Navigation Hit: "must roll 1d10 before the ship moves")."""
    return "navigation" in ship.damaged and battle.damage_table and ship.name not in battle.moved and navigation_roll(battle, ship) is None


def _navigation_note(battle: Battle, ship: Ship, speed: int) -> str:
    rolled = navigation_roll(battle, ship)
    if speed == 0 or rolled is None:  # (a ship at speed rolls first: move refuses it until then)
        return "; it has a navigation hit, which a stopped ship can ignore"
    return f"; its navigation roll came before it moved: {rolled.text.removeprefix(f'the {ship.name} (navigation hit) ')}"


def _no_breakup(battle: Battle, ship: Ship, points: int) -> str:
    """Why this move has no roll for breaking apart ("" when it has one)."""
    if battle.game == "basic":
        return "breaking apart is an Advanced Game rule"
    if not battle.damage_table:
        return f"the campaign's Basic Rules ignore the Advanced Game's damage rules ({CAMPAIGN_BASIC_RULE})"
    if points == 0:
        return "the ship used no ADF or MR points (it did not accelerate, decelerate or turn)"
    if ship.damage <= ship.hull_start // 2:
        return f"the {ship.name} has {ship.damage} damage, not more than half of its {ship.hull_start} hull points"
    return ""


def leave_map(battle: Battle, name: str, toward: str = "") -> Done:
    """A ship flies off the map for good in its movement: it is out of the battle (not destroyed).

    Moving Off The Map: in the Basic Game "Ships that leave the map are considered lost and are taken
    out of the game"; in the Advanced Game a ship may fly on beyond the edge on added pages, so this
    records a ship leaving the battle (a scenario's ship flying off, a ship breaking off). Fighters
    aboard a carrier leave with it. In a campaign battle ``toward`` names the adjacent system whose
    transit box it escapes to (Breaking Off Combat); fighters "cannot enter a transit box unless they
    are being carried aboard an assault carrier". A ship that left without ``toward`` can be given it
    afterwards, before the battle is imported.
    """
    toward = toward.strip()
    campaign = scenarios.scenario(battle) == "campaign"
    ship = battle.ship(name)
    gone = battle.escape(ship.name)
    if gone is not None and campaign and toward and not gone.toward:
        return _name_toward(battle, gone, toward)
    ship = _afloat(battle, name)
    if ship.ship_class in STATIONS:
        raise RefereeError(f"the {ship.name} is a {ship.ship_class}: it stays in its orbit and does not leave the map")
    _moving(battle, ship, "a ship flies off the map")
    if ship.carried_by:
        raise Refusal(f"the {ship.name} is aboard the {ship.carried_by}: it leaves the map with its carrier ({{leave_with}}), or launches first", carrier=ship.carried_by)
    if ship.docked_at:
        raise Refusal(f"the {ship.name} is docked at the {ship.docked_at}: it leaves the station first ({{leave_dock}}), then flies off in its move", ship=ship.name)
    if ship.name in battle.moved and ship.speed == 0:
        raise RefereeError(f"the {ship.name} stopped on this move: 'A ship does not move at all on the turn it stops' ({SPEED_RULE})")
    if toward and not campaign:
        raise Refusal(f"only in a campaign battle does a ship escape toward an adjacent star system ({BREAKING_OFF_RULE}); {battle.name} is not one: leave out {{toward}}", "toward")
    if campaign and ship.ship_class == "fighter":
        raise RefereeError(f"fighters 'cannot enter a transit box unless they are being carried aboard an assault carrier' ({BREAKING_OFF_RULE}): land the {ship.name} on a carrier first")
    aboard = [s for s in battle.ships if s.carried_by == ship.name and not s.destroyed]
    escapes = (Escape(ship.name, battle.turn, toward), *(Escape(s.name, battle.turn, toward) for s in aboard))
    battle = battle._replace(escapes=(*battle.escapes, *escapes), moved=battle.moved | {ship.name})
    rules = [OFF_THE_MAP[battle.game]]
    if battle.game == "basic":
        text = f"the {ship.name} flies off the map: it is lost to this battle and taken out of the game"
    else:
        text = f"the {ship.name} leaves the map for good: it is out of the battle (a ship that only strays beyond the edge flies on, on an added page)"
    if aboard:
        text += f"; aboard it: {', '.join(s.name for s in aboard)}, which leave with it"
    if campaign:
        rules.append(BREAKING_OFF_RULE)
        text += (
            f"; it breaks off and escapes to a transit box toward {toward}, placed there when the battle is imported"
            if toward
            else ("; name the adjacent system whose transit box it escapes to before the battle is imported (the battle's Off the map, o, Toward; or kh leave SHIP --toward SYSTEM)")
        )
    note, rule = scenarios.left_map(battle, ship)
    entry = battle.entry(text + note, rule="; ".join([*rules, rule] if rule else rules))
    battle = battle.logged(entry)
    over = scenarios.ended(battle)
    if over is None:
        return Done(None, battle, (entry,))
    last = battle.entry(over[0], rule=over[1])
    return Done(None, battle.logged(last), (entry, last))


def _name_toward(battle: Battle, gone: Escape, toward: str) -> Done:
    """A campaign battle: the system a ship that left the map escaped to, given afterwards (it and the fighters aboard)."""
    aboard = {s.name for s in battle.ships if s.carried_by == gone.ship}
    escapes = tuple(e._replace(toward=toward) if e.ship == gone.ship or (e.ship in aboard and not e.toward) else e for e in battle.escapes)
    battle = battle._replace(escapes=escapes)
    return noted(battle, f"the {gone.ship}, which left the map in turn {gone.turn}, escapes to a transit box toward {toward}", rule=BREAKING_OFF_RULE)
