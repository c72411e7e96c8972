"""Mines, seeker missiles and shatter drones (Advanced Game: New Advanced Game Weapons; The Second
Sathar War: Shatter Drones).

- Mines: a hex is mined secretly (before the game by the defender, or dropped by a minelayer,
  one of its mines marked off). Every enemy ship that entered the hex is attacked at the end of
  movement; then the hex is clear. 60% (80% against a stasis screen), -5 per ICM, DTM -20, 3d10+5.
- Seeker missiles: placed the same way, then activated by their side at the start of its movement
  phase; an active seeker moves 2 hexes, then 4, 6 ... a turn toward the closest ship (the referee
  says where it ended). It detonates as it enters a hex with a ship, or a ship enters its hex, and
  attacks the largest ship there: 75% (90% against a stasis screen), -8 per ICM, DTM -20, 5d10. On
  the turn it moves 12 hexes it detonates automatically, and with no ship in its hex is gone.
- Shatter drones: a frigate packed with bombs, detonated at the end of its side's movement: one
  torpedo hit on every other ship in its hex, no attack roll, a Damage Table roll at -20
  (the torpedo's DTM) in the Advanced Game, hull damage 5d10 in both games. The drone is gone and
  is not counted as a ship destroyed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

from referee.errors import RefereeError
from referee.knight_hawks import scenarios
from referee.knight_hawks.attack import CAMPAIGN_BASIC_RULE, Rolled, damage
from referee.knight_hawks.battle import SEEKER_LIMIT, Battle, Entry, Mine, Seeker, before_the_start, hex_name
from referee.knight_hawks.combat import MANUAL, Shot
from referee.knight_hawks.combat_phase import Done, movement_begun, noted, strike, take_hit
from referee.knight_hawks.inputs import Refusal
from referee.knight_hawks.rearm import mark_attacked
from referee.knight_hawks.roster import Ship
from referee.tables import Tables

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

NEW_WEAPONS_RULE = f"{MANUAL}, Advanced Game: New Advanced Game Weapons"
SEEKERS_RULE = f"{NEW_WEAPONS_RULE}, Seeker missiles"
DRONES_RULE = "The Second Sathar War, Shatter Drones (optional)"
T = TypeVar("T")


def _advanced(battle: Battle, what: str) -> None:
    if battle.game != "advanced":
        raise RefereeError(f"{what} belong to the Advanced Game; this battle is a Basic Game")


def _before_the_game(battle: Battle, side: str, what: str) -> str:
    """Placed by a side rather than dropped by a ship: only before the game starts, by a side the
    battle lets place them (scenarios.placing); the rule it follows."""
    placing = scenarios.placing(battle)
    if side not in battle.sides:
        raise Refusal(f"say which side places {what}: one of {', '.join(battle.sides)} (or {{by}})", "by")
    if not before_the_start(battle):
        raise Refusal(f"a side places {what} only before the game starts (turn 1, before any ship moves or fires); during play a ship drops them ({{by}})", "by")
    if placing.why_not:
        raise RefereeError(f"{placing.why_not} ({placing.rule})")
    if side not in placing.sides:
        raise RefereeError(f"before the game only the {' and '.join(placing.sides)} places {what} ({placing.rule})")
    if placing.from_load:
        raise Refusal(f"the {side}'s {what} come off its ships before this battle ({placing.rule}): name the ship that carries them ({{by}})", "by")
    return placing.rule


def _placed_from(battle: Battle, ship: Ship) -> str:
    """The rule by which a ship places ordnance from its load before the game starts, in a battle
    whose pre-placed ordnance comes off its ships (a campaign's); "": it drops it in play."""
    placing = scenarios.placing(battle)
    return placing.rule if placing.from_load and before_the_start(battle) and ship.side in placing.sides else ""


def _drop(battle: Battle, by: str, code: str, what: str, count: int = 1) -> tuple[Battle, str]:
    """The side placing ordnance; a ship dropping it has one marked off its supply for each."""
    ship = battle.ship(by)
    line = ship.system(code)
    if ship.destroyed:
        raise RefereeError(f"the {ship.name} is destroyed")
    battle.on_map(ship, f"drops no {what}")
    if line is None or line.state != "working":
        raise RefereeError(f"the {ship.name} carries no working {what}")
    if line.count < count:
        raise RefereeError(f"the {ship.name} has {line.count or 'no'} {what} left" + (f", not {count}" if line.count else ""))
    return battle.with_ships([ship.with_system(line._replace(count=line.count - count))]), ship.side


def _hexes(hexes: str | Sequence[str]) -> list[str]:
    found = [hexes] if isinstance(hexes, str) else list(hexes)
    if not found:
        raise RefereeError("name the hex (or hexes)")
    return [hex_name(h, "hex") for h in found]


def _where(hexes: Sequence[str]) -> str:
    return f"hex {hexes[0]}" if len(hexes) == 1 else f"hexes {', '.join(hexes)}"


def lay_mines(battle: Battle, hexes: str | Sequence[str], side: str = "", by: str = "") -> Done:
    """Mine a hex (or several), secretly: by a ship dropping them as it passes through each, one
    marked off for each, in its own movement phase (``by``); or before the game starts by ``side``,
    or by a ship of a side that places its mines then (scenarios.placing). One log line."""
    _advanced(battle, "mines")
    hexes = _hexes(hexes)
    for hex_ in hexes:
        if any(m.hex == hex_ for m in battle.mines) or hexes.count(hex_) > 1:
            raise RefereeError(f"hex {hex_} is {'already mined' if hexes.count(hex_) == 1 else 'named twice'}: only one group of mines in a hex at a time, until it detonates")
    rule = f"{NEW_WEAPONS_RULE}, Mines"
    if by:
        layer = battle.ship(by)
        placed = _placed_from(battle, layer)
        if not placed and (battle.step != "turn" or battle.moving != layer.side):
            raise RefereeError(f"a minelayer drops mines as it passes through the hex, in its own movement phase ({battle.moving} is moving)")
        battle, side = _drop(battle, by, "M", "mines", len(hexes))
    else:
        placed = _before_the_game(battle, side, "mines")
    battle = battle._replace(mines=(*battle.mines, *(Mine(h, side) for h in hexes)))
    how = (f", from the {by}'s load" if placed else f", dropped by the {by}") if by else ""
    return noted(battle, f"{side} mines {_where(hexes)} (secret){how}", rule=f"{rule}; {placed}" if placed else rule)


def mines_attack(
    battle: Battle,
    kh: Tables,
    rng: random.Random,
    hex_: str,
    ships: Sequence[str],
    icms: Mapping[str, Sequence[tuple[str, int]]] = {},
    rolled: Mapping[str, Rolled] = {},
) -> Done:
    """The mines in a hex attack every enemy ship that entered it this turn; then the hex is clear."""
    _advanced(battle, "mines")
    mine = next((m for m in battle.mines if m.hex == hex_), None)
    if mine is None:
        mined = ", ".join(m.hex for m in battle.mines) or "none"
        raise RefereeError(f"hex {hex_} is not mined (mined hexes: {mined})")
    targets = [battle.ship(name) for name in ships]
    if not targets:
        raise RefereeError(f"name the enemy ships that entered hex {hex_}")
    friends = [t.name for t in targets if t.side == mine.side]
    if friends:
        raise RefereeError(f"the mines attack only enemy ships; {', '.join(friends)} are {mine.side}")
    if battle.step != "turn" or any(t.side != battle.moving for t in targets):
        raise RefereeError(f"mines attack the ships that entered the hex, at the end of movement: ships of the moving side ({battle.moving})")
    gone = [t.name for t in targets if t.destroyed]
    if gone:
        raise RefereeError(f"{', '.join(gone)} is already destroyed")
    for target in targets:
        battle.on_map(target, "entered no mined hex")
    twice = sorted({t.name for t in targets if targets.count(t) > 1})
    if twice:
        raise RefereeError(f"{', '.join(twice)} named twice: the mines attack each ship once")
    aboard = [t for t in targets if t.carried_by]
    if aboard:
        raise RefereeError(f"the {aboard[0].name} is aboard the {aboard[0].carried_by}: it entered the hex inside it, and the mines attack the {aboard[0].carried_by}")
    _no_strangers(icms, rolled, targets)
    entries: list[Entry] = []
    for target in targets:
        shot = Shot("advanced", "mines")
        done = strike(battle, kh, rng, shot, battle.ship(target.name), _key(icms, target, ()), _key(rolled, target, Rolled()), f"the mines in hex {hex_} attack the {target.name}")
        battle = done.battle
        entries.extend(done.entries)
    battle = battle._replace(mines=tuple(m for m in battle.mines if m is not mine))
    done = noted(battle, f"the mines in hex {hex_} have exploded: the hex is no longer mined", rule=f"{NEW_WEAPONS_RULE}, Mines")
    return Done(None, done.battle, (*entries, *done.entries))


def _key(mapping: Mapping[str, T], ship: Ship, default: T) -> T:
    """The value given for this ship (names in any case)."""
    return next((v for k, v in mapping.items() if k.casefold() == ship.name.casefold()), default)


def _no_strangers(icms: Mapping[str, object], rolled: Mapping[str, object], targets: Sequence[Ship]) -> None:
    names = {t.name.casefold() for t in targets}
    strangers = [k for k in (*icms, *rolled) if k.casefold() not in names]
    if strangers:
        raise RefereeError(f"ICMs or rolls given for {', '.join(strangers)}, which is not attacked here ({', '.join(t.name for t in targets)})")


def place_seeker(battle: Battle, hexes: str | Sequence[str], side: str = "", by: str = "") -> Done:
    """Place a seeker missile in a hex (or one in each of several; a hex named twice holds two: "There
    is no limit to the number of seekers that can be placed in a hex"), secretly: dropped by a ship
    (``by``, one marked off for each) at any time, or before the game starts by ``side`` (scenarios.placing)."""
    _advanced(battle, "seeker missiles")
    hexes = _hexes(hexes)
    if by:
        placed = _placed_from(battle, battle.ship(by))
        battle, side = _drop(battle, by, "S", "seeker missiles", len(hexes))
    else:
        placed = _before_the_game(battle, side, "seeker missiles")
    battle = battle._replace(seekers=(*battle.seekers, *(Seeker(h, side) for h in hexes)))
    what = f"a seeker missile in {_where(hexes)}" if len(hexes) == 1 else f"seeker missiles in {_where(hexes)}"
    how = (f", from the {by}'s load" if placed else f", dropped by the {by}") if by else ""
    return noted(battle, f"{side} places {what} (secret){how}", rule=f"{SEEKERS_RULE}; {placed}" if placed else SEEKERS_RULE)


def _seeker(battle: Battle, hex_: str) -> Seeker:
    found = next((s for s in battle.seekers if s.hex == hex_), None)
    if found is None:
        placed = ", ".join(s.hex for s in battle.seekers) or "none"
        raise RefereeError(f"no seeker missile in hex {hex_} (seekers: {placed})")
    return found


def _replace(battle: Battle, old: Seeker, new: Seeker | None) -> Battle:
    return battle._replace(seekers=tuple(x for s in battle.seekers for x in ([new] if s is old and new else [] if s is old else [s])))


def move_seeker(
    battle: Battle,
    kh: Tables,
    rng: random.Random,
    hex_: str,
    to: str,
    at: str = "",
    icms: Sequence[tuple[str, int]] = (),
    rolled: Rolled = Rolled(),
) -> Done:
    """Activate (at the start of its side's movement phase) or move an active seeker: 2, 4, 6 ... hexes.

    The referee moves the counter toward the closest ship and says where it ended (``to``). "A seeker
    detonates as soon as it enters a hex containing a ship": name the largest ship there (``at``)
    and its attack is resolved as :func:`seeker_attack` resolves it. "On the turn that a seeker moves
    12 hexes, it will automatically detonate. If there is no ship within range at that time, the
    explosion will do no damage" (New Advanced Game Weapons, Seeker missiles): a seeker attacks a
    ship in its own hex (the largest), so with none named the move of 12 ends it, with no damage,
    and it is gone - it never moves 14 (a reading of "within range": the book gives a seeker's
    attack only against the ships in its hex).
    """
    _advanced(battle, "seeker missiles")
    seeker = _seeker(battle, hex_)
    if battle.step != "turn" or battle.moving != seeker.side:
        raise RefereeError(f"a {seeker.side} seeker is activated and moves at the start of {seeker.side}'s movement phase ({battle.moving} is moving)")
    if seeker.active and seeker.turn == battle.turn:
        raise RefereeError(f"the seeker in hex {hex_} has moved this turn")
    late = movement_begun(battle)
    if late:
        raise RefereeError(f"seekers are activated and moved at the start of the movement phase, before the ships move: {late} ({SEEKERS_RULE}: 'at the beginning of his movement phase')")
    if at:
        _seeker_target(battle, at)
    distance = seeker.moved + 2
    moved = Seeker(to, seeker.side, True, distance, battle.turn)
    start = "is activated and moves" if not seeker.active else "moves"
    text = f"the seeker in hex {hex_} {start} {distance} hexes toward the closest ship, to hex {to}"
    if at:
        done = noted(_replace(battle, seeker, moved), f"{text}: it enters a hex with a ship and detonates", rule=SEEKERS_RULE)
        blast = _detonate(done.battle, kh, rng, moved, at, icms, rolled)
        return Done(blast.attack, blast.battle, (*done.entries, *blast.entries))
    if distance >= SEEKER_LIMIT:
        text += f": on the turn it moves {SEEKER_LIMIT} hexes it detonates automatically; no ship is in its hex, so the explosion does no damage, and it is gone"
        return noted(_replace(battle, seeker, None), text, rule=SEEKERS_RULE)
    return noted(_replace(battle, seeker, moved), text, rule=SEEKERS_RULE)


def seeker_attack(
    battle: Battle,
    kh: Tables,
    rng: random.Random,
    hex_: str,
    target: str,
    icms: Sequence[tuple[str, int]] = (),
    rolled: Rolled = Rolled(),
) -> Done:
    """A ship entered the hex of an activated seeker: it detonates on the largest ship in its hex (any side's)."""
    _advanced(battle, "seeker missiles")
    if battle.step != "turn":
        raise Refusal("this is the repair turn: a seeker detonates as a ship enters its hex, in a game turn's movement ({next})")
    seeker = _seeker(battle, hex_)
    if not seeker.active:
        raise RefereeError(f"the seeker in hex {hex_} is not activated: it detonates only once its side activates it")
    return _detonate(battle, kh, rng, seeker, target, icms, rolled)


def _seeker_target(battle: Battle, target: str) -> Ship:
    """The ship a seeker attacks: any side's ("it cannot tell the difference"), not a station, not docked."""
    ship = battle.ship(target)
    if ship.destroyed:
        raise RefereeError(f"the {ship.name} is already destroyed")
    battle.on_map(ship, "cannot be attacked by a seeker")
    if ship.ship_class == "space station":
        raise RefereeError("seekers are not attracted to space stations, planets, moons or asteroids")
    if ship.docked_at or ship.carried_by:
        raise RefereeError(f"the {ship.name} is docked with the {ship.docked_at or ship.carried_by}: name the largest ship in the hex that is not docked")
    return ship


def _detonate(battle: Battle, kh: Tables, rng: random.Random, seeker: Seeker, target: str, icms: Sequence[tuple[str, int]], rolled: Rolled) -> Done:
    """The seeker explodes against ``target`` (one attack: 75%, 90% against a stasis screen) and is gone."""
    ship = _seeker_target(battle, target)
    done = strike(battle, kh, rng, Shot("advanced", "seeker missile"), ship, icms, rolled, f"the seeker in hex {seeker.hex} detonates against the {ship.name}")
    return Done(done.attack, _replace(done.battle, seeker, None), done.entries)


def shatter_drone(battle: Battle, kh: Tables, rng: random.Random, drone: str, ships: Sequence[str], rolled: Mapping[str, Rolled] = {}) -> Done:
    """Detonate a shatter drone: a torpedo hit, no attack roll, on every other ship in its hex."""
    bomb = battle.ship(drone)
    if bomb.destroyed:
        raise RefereeError(f"the {bomb.name} is destroyed")
    battle.on_map(bomb, "cannot be detonated here")
    if bomb.ship_class != "frigate":
        raise RefereeError(f"shatter drones are frigates chosen before the first turn; the {bomb.name} is a {bomb.ship_class}")
    if battle.step != "turn" or battle.moving != bomb.side:
        raise RefereeError(f"a shatter drone is detonated at the end of its side's movement phase; {battle.moving} is moving")
    if bomb.docked_at or bomb.carried_by:
        raise RefereeError(f"the {bomb.name} is docked: undock it first")
    targets = [battle.on_map(battle.ship(name), "is not in the drone's hex") for name in ships]
    if bomb.name in (t.name for t in targets):
        raise RefereeError("list the other ships in the drone's hex, not the drone itself")
    _no_strangers({}, rolled, targets)
    entries: list[Entry] = []
    rule = f"{DRONES_RULE}: a torpedo hit on every other ship in the hex, Damage Table at -20, hull damage 5d10"
    battle = battle._replace(
        ships=tuple(s for s in battle.ships if s.name != bomb.name),
        moved=battle.moved - {bomb.name},
        docked_this_turn=battle.docked_this_turn - {bomb.name},
        docked_turns=tuple(d for d in battle.docked_turns if d.ship != bomb.name),
        attacked=battle.attacked - {bomb.name},
    )
    done = noted(battle, f"the shatter drone {bomb.name} detonates: it is gone (not counted as a ship destroyed)", rule=rule)
    battle = done.battle
    entries.extend(done.entries)
    for target in targets:
        target = battle.ship(target.name)  # as the blasts before left it
        if target.destroyed:
            continue
        battle = mark_attacked(battle, [target.name])  # its fighters are not rearmed this turn (Fighters)
        hit = damage(kh, battle.game, "torpedo", "5d10", rng, target, _key(rolled, target, Rolled()), damage_table=battle.damage_table)
        done = take_hit(battle, target, hit, f"the {target.name}", rule if battle.damage_table else f"{rule}; {CAMPAIGN_BASIC_RULE}", shooting=False)
        battle = done.battle
        entries.extend(done.entries)
    return Done(None, battle, tuple(entries))
