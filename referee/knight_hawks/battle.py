"""A Knight Hawks battle: the rosters of every ship, the turn, secret ordnance and the log.

The battle follows the Sequence of Play (Basic Game; Advanced Game: Sequence of Play): each game
turn is Side A's half, then Side B's; in each half the moving side moves, then the non-moving
side fires defensively and the moving side fires offensively. In the Advanced Game a repair turn
follows every third game turn. Players move the counters; the battle keeps what the rosters and
the referee's paper would hold.

The battle also keeps who moved in this half (so the app can list who still has to move), the ships
that left the map for good (Moving Off The Map; The Second Sathar War, Breaking Off Combat) and the
complete game turns each ship spent docked at a station (a scenario's special rule counts them:
Surprise Attack!, Evacuating Doliin Bay), and the ships attacked in this game turn: a fighter or
assault scout on board its station or carrier for a complete game turn is rearmed as the turn ends,
unless its base was attacked (Fighters; referee.knight_hawks.rearm).

A campaign battle fought with the Basic Rules (``damage_table`` False) keeps the Advanced Game's
ships, weapons and Combat Table but ignores "The Advanced Game Damage Table and the repair rule"
(The Second Sathar War, Orders of Battle): every hit is a hull hit, and there is no repair turn.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal, NamedTuple

from referee import strict
from referee.dice import Roll
from referee.errors import RefereeError
from referee.knight_hawks.combat import MANUAL, Game
from referee.knight_hawks.inputs import Refusal
from referee.knight_hawks.roster import FIRES, Ship

Step = Literal["turn", "repair"]
SEQUENCE_RULE = "Knight Hawks Tactical Operations Manual, Sequence of Play"
SEEKER_LIMIT = 12  # the hexes a seeker missile moves before it detonates (ordnance; here for the battle file, which checks a seeker's)
CAMPAIGN_BASIC_REPAIRS_RULE = "The Second Sathar War, Orders of Battle (the Basic Rules): 'the repair rule [is] ignored'"


class Mine(NamedTuple):
    """A mined hex, recorded secretly by the side that placed it (New Advanced Game Weapons: Mines)."""

    hex: str
    side: str


class Seeker(NamedTuple):
    """A seeker missile: placed secretly, then activated; ``moved`` is how far it moved last turn."""

    hex: str
    side: str
    active: bool = False
    moved: int = 0
    turn: int = 0  # the game turn it last moved


class Loss(NamedTuple):
    """When a ship was destroyed: the game turn, the side whose half it was, and whether by that
    half's shooting (a shot, or a hit decided at the table, and what followed from it: Space Stations).

    Aiming Weapons: weapons announced at a target before it died "must be fired, even though there is
    nothing for them to hit" - wasted shots, which only a ship destroyed by this combat phase's
    shooting can draw; a ship destroyed before the shots were announced cannot be aimed at.
    """

    ship: str
    turn: int
    half: str
    shooting: bool


class Escape(NamedTuple):
    """A ship that left the map for good in its movement, in game turn ``turn`` (Moving Off The Map:
    in the Basic Game "Ships that leave the map are considered lost and are taken out of the game";
    a scenario's ship that flies off, as Surprise Attack's Z'Gata or Close Escort's Megasaurus). In a
    campaign battle ``toward`` names the adjacent star system whose transit box it escapes to (The
    Second Sathar War, Breaking Off Combat)."""

    ship: str
    turn: int
    toward: str = ""


class DockedTurns(NamedTuple):
    """Complete game turns a ship spent docked at a station: docked at the start of a game turn and
    still docked at its end (Surprise Attack!, Evacuating Doliin Bay: "three complete game turns
    docked ... need not be consecutive")."""

    ship: str
    station: str
    turns: int


class Entry(NamedTuple):
    """One line of the battle's log: what happened, the dice that decided it, and the rule."""

    turn: int
    side: str
    text: str
    rolls: tuple[str, ...] = ()
    rule: str = ""
    key: str = ""  # while a step is previewed in the app: the name its first roll, rolled at the table, is entered under (not saved)

    def __eq__(self, other: object) -> bool:  # (two lines are equal when all but their key are)
        return isinstance(other, Entry) and self[:5] == other[:5]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[:5])


class Battle(NamedTuple):
    name: str
    game: Game
    sides: tuple[str, str]
    ships: tuple[Ship, ...]
    turn: int = 1
    moving: str = ""
    step: Step = "turn"
    fires_rolled: bool = False
    repaired: frozenset[str] = frozenset()  # ships that had their repair roll this repair turn
    mines: tuple[Mine, ...] = ()
    seekers: tuple[Seeker, ...] = ()
    new_fires: frozenset[str] = frozenset()  # non-moving ships set on fire in this combat step: not rolled until their opponent's next
    losses: tuple[Loss, ...] = ()  # when each destroyed ship was destroyed
    moved: frozenset[str] = frozenset()  # the moving side's ships whose move is recorded in this half (kh move, kh leave)
    escapes: tuple[Escape, ...] = ()  # ships that left the map for good: out of the battle, not destroyed
    docked_turns: tuple[DockedTurns, ...] = ()  # complete game turns docked at a station, counted as each game turn ends
    docked_this_turn: frozenset[str] = frozenset()  # ships that docked at a station or landed on a carrier during this game turn: not a complete turn on board
    attacked: frozenset[str] = frozenset()  # ships fired at (hit or missed) or attacked by mines, a seeker or a drone in this game turn (Fighters: rearming)
    roll_for_side_a: bool = False  # a scenario whose players roll for side A when it starts (referee.knight_hawks.side_a)
    # False: a campaign battle under its Basic Rules - Advanced rosters, weapons and Combat Table, but no
    # Damage Table (every hit a hull hit), no repairs, no fires, no breaking apart (The Second Sathar War)
    damage_table: bool = True
    log: tuple[Entry, ...] = ()
    source: str = ""
    situation: str = ""
    setup: str = ""
    victory: str = ""
    special_rules: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def non_moving(self) -> str:
        return self.sides[1] if self.moving == self.sides[0] else self.sides[0]

    def ship(self, name: str) -> Ship:
        """The ship of that name (any case); an unknown name is refused with the nearest names."""
        wanted = strict.pick(name, (s.name for s in self.ships), "ship", self.name)
        return next(s for s in self.ships if s.name == wanted)

    def with_ships(self, changed: Iterable[Ship]) -> Battle:
        """The battle with these rosters replaced (matched by name)."""
        by_name = {s.name: s for s in changed}
        return self._replace(ships=tuple(by_name.get(s.name, s) for s in self.ships))

    def logged(self, *entries: Entry) -> Battle:
        return self._replace(log=self.log + entries)

    def entry(self, text: str, rolls: Iterable[Roll | None] = (), rule: str = "", key: str = "") -> Entry:
        """A log line for now (this turn, the moving side) with each roll's receipt."""
        return Entry(self.turn, self.moving, text, tuple(r.describe() for r in rolls if r is not None), rule, key)

    def docked_at(self, station: str) -> tuple[Ship, ...]:
        return tuple(s for s in self.ships if s.docked_at == station and not s.destroyed)

    @property
    def burning(self) -> tuple[Ship, ...]:
        """The non-moving side's ships on fire: they roll fire damage at the start of this combat phase.

        A fire is rolled "at the start of his opponent's combat step every turn" (Electrical Fire): one
        started in this combat step (``new_fires``) waits for the opponent's next combat step.
        """
        if not self.damage_table:
            return ()  # fires are Damage Table results, ignored under the campaign's Basic Rules
        return tuple(s for s in self.afloat(self.non_moving) if s.damaged & FIRES and s.name not in self.new_fires)

    def loss(self, name: str) -> Loss | None:
        """When the ship of that name was destroyed (None: afloat, or destroyed before this battle's records)."""
        return next((loss for loss in self.losses if loss.ship == name), None)

    def afloat(self, side: str) -> tuple[Ship, ...]:
        """The side's ships still in the battle: not destroyed, and not gone off the map."""
        gone = {e.ship for e in self.escapes}
        return tuple(s for s in self.ships if s.side == side and not s.destroyed and s.name not in gone)

    def escape(self, name: str) -> Escape | None:
        """When and whither the ship of that name left the map (None: it did not)."""
        return next((e for e in self.escapes if e.ship == name), None)

    def on_map(self, ship: Ship, what: str = "is out of the battle") -> Ship:
        """The ship, refused if it left the map: a ship that left can no longer fire, be fired at,
        launch ICMs, dock, move or repair in this battle."""
        gone = self.escape(ship.name)
        if gone is not None:
            whither = f", escaping toward {gone.toward}" if gone.toward else ""
            raise RefereeError(f"the {ship.name} left the map in turn {gone.turn}{whither}: it {what} (Moving Off The Map)")
        return ship

    def docked_turns_at(self, ship: str, station: str) -> int:
        """The complete game turns the ship has spent docked at the station."""
        return next((d.turns for d in self.docked_turns if (d.ship, d.station) == (ship, station)), 0)

    @property
    def to_move(self) -> tuple[Ship, ...]:
        """The moving side's ships whose move is not yet recorded in this half: docked ships and fighters
        aboard a carrier move only once they leave, and a station is moved along its orbit, one hex a
        turn, whatever the players choose (Sequence of Play: "Ships and space stations in orbit are moved one hex")."""
        if self.step != "turn":
            return ()
        return tuple(s for s in self.afloat(self.moving) if s.name not in self.moved and has_own_speed(s))


def check(battle: Battle) -> Battle:
    """Refuse a battle whose parts do not fit together (names, sides, docking, turn)."""
    from referee.knight_hawks import rearm  # it reads a battle; the battle module is loaded first

    if battle.game not in ("basic", "advanced"):
        raise RefereeError(f"game must be basic or advanced, not {battle.game!r}")
    if len(battle.sides) != 2 or battle.sides[0] == battle.sides[1]:
        raise RefereeError(f"a battle has two sides, Player A first (e.g. ['Sathar', 'UPF']), not {list(battle.sides)!r}")
    if battle.moving not in battle.sides:
        raise RefereeError(f"moving must be one of the sides {list(battle.sides)}, not {battle.moving!r}")
    if battle.turn < 1:
        raise RefereeError(f"turn must be 1 or more, not {battle.turn}")
    if not battle.damage_table and battle.game != "advanced":
        raise RefereeError("damage_table = false is a campaign battle under the Basic Rules, fought with Advanced Game rosters: game must be advanced")
    if not battle.damage_table and battle.step == "repair":
        raise RefereeError("a battle without the Damage Table (the campaign's Basic Rules) has no repair turn: step must be turn")
    names = [s.name.casefold() for s in battle.ships]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise RefereeError(f"ship names must be unique; listed twice: {', '.join(twice)}")
    for ship in battle.ships:
        if ship.side not in battle.sides:
            raise RefereeError(f"the {ship.name}'s side {ship.side!r} is not one of {list(battle.sides)}")
        if ship.game != battle.game:
            raise RefereeError(f"the {ship.name} is a {ship.game} game roster in a {battle.game} game battle")
        for link in (ship.docked_at, ship.carried_by):
            if link and link.casefold() not in names:
                raise RefereeError(f"the {ship.name} is docked at or carried by {link!r}, which is not a ship in this battle")
    by_name = {s.name: s for s in battle.ships}
    for name in battle.new_fires:
        burning = by_name.get(name)
        if burning is None or not burning.damaged & FIRES or burning.side != battle.non_moving:
            raise RefereeError(f"new_fires lists {name!r}, which is not a burning {battle.non_moving} ship (the side not moving)")
    lost = [loss.ship for loss in battle.losses]
    for loss in battle.losses:
        gone = by_name.get(loss.ship)
        if gone is None or not gone.destroyed or lost.count(loss.ship) > 1:
            raise RefereeError(f"losses lists {loss.ship!r}, which is not a destroyed ship of this battle listed once")
        if loss.half not in battle.sides or not 1 <= loss.turn <= battle.turn:
            raise RefereeError(f"the {loss.ship} is listed as destroyed in turn {loss.turn}, {loss.half}'s half: give a turn up to {battle.turn} and one of {list(battle.sides)}")
    secrets: tuple[Mine | Seeker, ...] = (*battle.mines, *battle.seekers)
    for secret in secrets:
        if secret.side not in battle.sides:
            raise RefereeError(f"a mine or seeker in hex {secret.hex} belongs to {secret.side!r}, not one of {list(battle.sides)}")
        hex_name(secret.hex, "a mine or seeker's hex")
    mined = [m.hex for m in battle.mines]
    if len(set(mined)) < len(mined):
        raise RefereeError(f"mines: hex {next(h for h in mined if mined.count(h) > 1)} is listed twice; one group of mines in a hex at a time (New Advanced Game Weapons: Mines)")
    for seeker in battle.seekers:
        if seeker.turn > battle.turn:
            raise RefereeError(f"the seeker in hex {seeker.hex} last moved in turn {seeker.turn}, after this turn ({battle.turn})")
    _check_links(battle)
    _check_movement(battle, by_name)
    rearm.check(battle)
    if battle.step == "repair" and (battle.game != "advanced" or battle.turn % 3):
        raise RefereeError(f"step repair: a repair turn follows every third turn of the Advanced Game ({SEQUENCE_RULE}), not turn {battle.turn} of a {battle.game} game")
    strangers = sorted(battle.repaired - set(by_name))
    if strangers or (battle.repaired and battle.step != "repair"):
        raise RefereeError(f"repaired lists {', '.join(sorted(battle.repaired))}: the ships of this battle that rolled their repairs in this repair turn (none outside one)")
    for number, entry in enumerate(battle.log, 1):
        if not 1 <= entry.turn <= battle.turn or entry.side not in battle.sides:
            raise RefereeError(f"log #{number}: turn {entry.turn}, {entry.side!r}: a log line is of a turn from 1 to {battle.turn} and one of {list(battle.sides)}")
    return battle


def _check_movement(battle: Battle, by_name: dict[str, Ship]) -> None:
    """Who moved in this half, who left the map, and the complete game turns docked, against the rosters."""
    strangers = sorted(n for n in battle.moved if n not in by_name or by_name[n].side != battle.moving)
    if strangers or (battle.moved and battle.step != "turn"):
        raise RefereeError(f"moved lists {', '.join(sorted(battle.moved))}: the {battle.moving} ships that moved in this half of the turn (none in a repair turn)")
    gone = [e.ship for e in battle.escapes]
    for escape in battle.escapes:
        ship = by_name.get(escape.ship)
        if ship is None or gone.count(escape.ship) > 1:
            raise RefereeError(f"escapes lists {escape.ship!r}, which is not a ship of this battle listed once")
        if ship.destroyed:
            raise RefereeError(f"escapes lists the {ship.name}, which is destroyed: a ship that left the map is out of the battle and cannot be destroyed in it")
        if not 1 <= escape.turn <= battle.turn:
            raise RefereeError(f"the {ship.name} is listed as leaving the map in turn {escape.turn}: give a turn from 1 to {battle.turn}")
        if ship.docked_at or (ship.carried_by and ship.carried_by not in gone):
            raise RefereeError(
                f"the {ship.name} left the map but is docked at or aboard the {ship.docked_at or ship.carried_by}, which did not: a ship leaves its station first, a fighter with its carrier"
            )
        strict.plain(escape.toward, f"escapes: the {ship.name}'s toward")
    for ship in battle.ships:
        if ship.carried_by in gone and ship.name not in gone and not ship.destroyed:
            raise RefereeError(f"the {ship.name} is aboard the {ship.carried_by}, which left the map: list it in escapes too (fighters aboard leave with their carrier)")
    pairs = [(d.ship, d.station) for d in battle.docked_turns]
    ended = battle.turn - (battle.step == "turn")  # game turns over
    for docked in battle.docked_turns:
        ship, station = by_name.get(docked.ship), by_name.get(docked.station)
        if ship is None or station is None or station.ship_class not in STATIONS or pairs.count((docked.ship, docked.station)) > 1:
            raise RefereeError(f"docked_turns lists the {docked.ship!r} at {docked.station!r}: give a ship and a station of this battle, each pair once")
        if not 1 <= docked.turns <= ended:
            raise RefereeError(f"docked_turns: the {docked.ship} is listed {docked.turns} complete game turns docked at the {docked.station}: give 1 to the {ended} game turns over")
    strangers = sorted(n for n in battle.docked_this_turn if n not in by_name)
    if strangers:
        raise RefereeError(f"docked_this_turn lists {', '.join(strangers)}, which is not a ship of this battle")


def before_the_start(battle: Battle) -> bool:
    """Whether the game has not yet started: turn 1, the first side's half, no ship moved or fired
    (what the scenarios' set-up and a defender's mines and seekers are placed in)."""
    first_half = (battle.turn, battle.moving, battle.step) == (1, battle.sides[0], "turn")
    return first_half and not battle.moved and not any(s.shots or s.fired for s in battle.ships)


def has_own_speed(ship: Ship) -> bool:
    """A ship that moves at a speed of its own: not docked, not aboard a carrier, not a station (moved
    along its orbit, one hex a turn: Sequence of Play)."""
    return not (ship.docked_at or ship.carried_by or ship.ship_class in STATIONS)


STATIONS = ("space station", "fortress", "fortified station", "armed station")  # the classes a ship docks at (a campaign's stations keep their type)
HEX = re.compile(r"[0-9]{4}")


def hex_name(text: str, what: str) -> str:
    """A hex as the map prints it: four digits, the column then the row (e.g. 0911)."""
    if HEX.fullmatch(text) is None:
        raise RefereeError(f"{what} {text!r} is not a hex number: give the four digits printed in the hex, e.g. 0911")
    return text


def _check_links(battle: Battle) -> None:
    """Docked at a station, or a fighter aboard an assault carrier or station, of its own side
    (Space Stations, docking; Fighters)."""
    folded = {s.name.casefold(): s for s in battle.ships}
    for ship in battle.ships:
        if ship.docked_at and ship.carried_by:
            raise RefereeError(f"the {ship.name} is both docked at the {ship.docked_at} and aboard the {ship.carried_by}: give one")
        stations = f"station ({', '.join(STATIONS)})"
        for link, kinds, what, wanted in (
            (ship.docked_at, STATIONS, "docked at", f"a {stations}"),
            (ship.carried_by, ("assault carrier", *STATIONS), "carried by", f"an assault carrier or {stations}"),
        ):
            base = folded.get(link.casefold()) if link else None
            if base is None:
                continue
            if base is ship or base.side != ship.side or base.ship_class not in kinds:
                raise RefereeError(f"the {ship.name} ({ship.side}) is {what} {link!r} ({base.ship_class}, {base.side}): give {wanted} of its own side, not itself")
        if ship.carried_by and ship.ship_class != "fighter":
            raise RefereeError(f"the {ship.name} is a {ship.ship_class}, carried by the {ship.carried_by}: only fighters are carried (Fighters)")


DOCKED_RULE = f"{MANUAL}, Space Stations (docking): complete game turns docked"


def _turn_docked(battle: Battle) -> tuple[Battle, list[tuple[str, str]]]:
    """The game turn ends: each ship docked at a station since the turn started has spent one more
    complete game turn docked (docked at its start and still docked at its end). Returns the battle
    and the log lines (text, rule), with what a scenario's special rule makes of it
    (referee.knight_hawks.scenarios); they are dated to the half that follows, as the step's lines are."""
    from referee.knight_hawks import scenarios  # it reads a battle; the battle module is loaded first

    counted = [s for s in battle.ships if s.docked_at and not s.destroyed and s.name not in battle.docked_this_turn and battle.escape(s.name) is None]
    if not counted:
        return battle._replace(docked_this_turn=frozenset()), []
    turns = {(d.ship, d.station): d.turns for d in battle.docked_turns}
    for ship in counted:
        turns[ship.name, ship.docked_at] = turns.get((ship.name, ship.docked_at), 0) + 1
    after = battle._replace(
        docked_this_turn=frozenset(),
        docked_turns=tuple(DockedTurns(ship, station, n) for (ship, station), n in turns.items()),
    )
    shown = ", ".join(f"the {s.name} at the {s.docked_at} {turns[s.name, s.docked_at]}" for s in counted)
    lines = [(f"end of turn {battle.turn}: complete game turns docked (docked since the turn began): {shown}", DOCKED_RULE)]
    return after, lines + scenarios.turn_ended(battle, after)


def advance(battle: Battle) -> Battle:
    """The next half of the turn: Side A -> Side B -> (repair turn after every third turn) -> next turn.

    A new game turn clears what was fired that turn (Rate of Fire: each torpedo, assault rocket
    and rocket battery system once per turn); a new half clears the other weapons' shots (a ship
    fires its weapons in the opponent's phase and in its own). Fire damage must be rolled first; a
    fire started in this combat step is not, and waits for its opponent's next (Battle.burning).
    As a game turn ends, the complete game turns docked are counted, and the fighters and assault
    scouts on board their base since it began are rearmed (referee.knight_hawks.rearm).
    """
    from referee.knight_hawks import rearm  # it reads a battle; the battle module is loaded first

    first, second = battle.sides
    if battle.step == "turn" and battle.burning and not battle.fires_rolled:
        raise Refusal(f"roll the fire damage of {', '.join(s.name for s in battle.burning)} first ({{fires}}): every turn until the fire is out")
    # an evading ship had to turn on its next move: that move is over when its side's half ends;
    # each weapon fires once in a half of the turn (Rate of Fire)
    battle = battle._replace(new_fires=frozenset(), moved=frozenset(), ships=tuple(s._replace(shots=(), must_turn=s.must_turn and s.side != battle.moving) for s in battle.ships))
    if battle.step == "turn" and battle.moving == first:
        nxt = battle._replace(moving=second, fires_rolled=False)
        return nxt.logged(nxt.entry(f"turn {battle.turn}: {second}'s half of the turn", rule=SEQUENCE_RULE))
    docked: list[tuple[str, str]] = []
    if battle.step == "turn":
        battle, rearmed = rearm.turn_ended(battle)  # reads who came on board in this turn, which _turn_docked clears
        battle, docked = _turn_docked(battle)
        docked += rearmed
    repair_due = battle.step == "turn" and battle.game == "advanced" and battle.turn % 3 == 0
    if repair_due and battle.damage_table:
        nxt = battle._replace(step="repair", repaired=frozenset())
        rule = "Knight Hawks Tactical Operations Manual, Advanced Game: Sequence of Play (Repair Turn after every 3 turns)"
        return nxt.logged(*(nxt.entry(text, rule=why) for text, why in docked), nxt.entry(f"repair turn after turn {battle.turn}", rule=rule))
    ships = tuple(s._replace(fired=frozenset()) for s in battle.ships)
    nxt = battle._replace(turn=battle.turn + 1, moving=first, step="turn", fires_rolled=False, ships=ships, repaired=frozenset())
    ended = [nxt.entry(text, rule=why) for text, why in docked]
    if repair_due:
        rule = f"{SEQUENCE_RULE}; {CAMPAIGN_BASIC_REPAIRS_RULE}"
        return nxt.logged(*ended, nxt.entry(f"turn {nxt.turn}: {first}'s half of the turn (no repair turn after turn {battle.turn}: the campaign's Basic Rules ignore the repair rule)", rule=rule))
    return nxt.logged(*ended, nxt.entry(f"turn {nxt.turn}: {first}'s half of the turn", rule=SEQUENCE_RULE))
