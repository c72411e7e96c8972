"""Everything the referee can do to a Knight Hawks battle from the app: each action's fields (the
ships, weapons and targets picked from lists the rules allow), and how the values become a call
into the battle engine. No Textual here: the dialogs show the fields, and the same builders are
tested directly.

A step is ``step(rng, rolled) -> Done`` as for the campaign (``referee.tui.forms``). The rolls a
step makes are entered under keys: a log line's first roll under its key ("shot 2", "fire
Venomous"), its later rolls under the key and what they are for ("shot 2: laser battery hull
damage"). :func:`keyed` gives the engine's log lines their keys; :func:`rolled_for` hands the
typed rolls back to the engine as :class:`Rolled`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from referee.errors import RefereeError
from referee.knight_hawks import combat_phase, movement, ordnance, scenarios
from referee.knight_hawks.attack import Rolled
from referee.knight_hawks.battle import Battle, Entry, advance, before_the_start, has_own_speed, hex_name
from referee.knight_hawks.combat import combat_table
from referee.knight_hawks.combat_phase import Done, Report
from referee.knight_hawks.inputs import Refusal, Words
from referee.knight_hawks.odds import VolleyOdds, volley_odds
from referee.knight_hawks.repair import REPAIR_RULE, damaged_targets, repair_in_battle
from referee.knight_hawks.roster import SCREENS, Ship
from referee.tables import Tables
from referee.tui.forms import Action, AnyStep, Choices, Field, FieldError, Values, flag, needed, number, pairs, text
from referee.tui.repair_turn import allotted

if TYPE_CHECKING:
    from referee.journal import Result

Step = Callable[[random.Random, Mapping[str, str]], Done]
Build = Callable[[Values, Any, Tables], AnyStep]  # an action's builder (tui.forms.Action.build)
NOT_FIRED = frozenset({"M", "S"})  # placed, not fired (mines and seekers have their own actions)


# ---------------------------------------------------------------------- refusals in the app's words

APP: Words = {  # what a refusal asks for next, by the app's fields and keys (referee.knight_hawks.inputs)
    "adf": "ADF points used: give {wanted}",
    "mr": "Turns: give {wanted}",
    "speed": "Speed now: give {wanted}",
    "no_roll": "no roll is asked",
    "toward": "Toward (campaign)",
    "by": "a ship in Placed by",
    "fires": "r: Fires",
    "next": "n: Next",
    "leave_dock": "k: Dock, leave",
    "leave_with": "o: Off the map, the {carrier}",
    "leave_map": "o: Off the map",
    "navigation": "v: Navigation",
    "move": "m: Move",
    "masking": "s: Screens",
    "placed": "l, p, g and i on the Ships screen",
    "not_basic": "Gunnery skill: n",
}
FIELDS = {"mr": "turns"}  # a value refused, by the rules' name -> the app's field (the same name if not here)


def told(refusal: Refusal, fields: Collection[str] = ()) -> RefereeError:
    """A refusal in the app's words: beside its field, if the form has it."""
    field = FIELDS.get(refusal.field, refusal.field)
    said = refusal.said(APP)
    return FieldError(field, said) if field and field in fields else RefereeError(said)


def in_app_words(step: AnyStep, fields: Collection[str] = ()) -> AnyStep:
    """The step, its refusals said in the app's words (:func:`told`)."""

    def worded(rng: random.Random, rolled: Mapping[str, str]) -> Result:
        try:
            return step(rng, rolled)
        except Refusal as refusal:
            raise told(refusal, fields) from None

    return worded


def worded(build: Build) -> Build:
    """An action's builder whose refusals (building it, or running it) name the form's fields."""

    def built(v: Values, b: Any, t: Tables) -> AnyStep:
        try:
            return in_app_words(build(v, b, t), v)
        except Refusal as refusal:
            raise told(refusal, v) from None

    return built


def said(error: RefereeError) -> str:
    """Any refusal as the app says it."""
    return error.said(APP) if isinstance(error, Refusal) else str(error)


# ---------------------------------------------------------------------- rolls entered by key


def keyed(entries: Sequence[Entry], keys: Sequence[str]) -> tuple[Entry, ...]:
    """The log lines with the keys their rolls are entered under: the lines that roll, in order,
    take the keys in order (a line that rolls nothing needs none)."""
    left = list(keys)
    found = []
    for entry in entries:
        if entry.rolls and left:
            entry = entry._replace(key=left.pop(0))
        found.append(entry)
    return tuple(found)


def rolled_for(rolled: Mapping[str, str], key: str, first: str = "to_hit") -> Rolled:
    """The rolls typed for one log line: its first roll (``first``: the to-hit roll, or the Damage
    Table roll where there is none) and the later ones by what they are for."""
    later = {k.removeprefix(f"{key}: "): v for k, v in rolled.items() if k.startswith(f"{key}: ")}

    def find(ending: str) -> str | None:
        return next((v for purpose, v in later.items() if purpose.endswith(ending)), None)

    if first == "damage":
        return Rolled(None, rolled.get(key), find("hull damage"))
    return Rolled(rolled.get(key), find("Damage Table roll"), find("hull damage"))


# ---------------------------------------------------------------------- lists to pick from


def ship_choice(which: Callable[[Battle, Ship], bool]) -> Choices:
    def choices(battle: Battle, values: Values) -> list[tuple[str, str]]:
        return [(f"{s.name} ({s.side} {s.ship_class})", s.name) for s in battle.ships if which(battle, s)]

    return choices


def afloat(battle: Battle, ship: Ship) -> bool:
    """In the battle: not destroyed, not gone off the map."""
    return not ship.destroyed and battle.escape(ship.name) is None


def moving(battle: Battle, ship: Ship) -> bool:
    return afloat(battle, ship) and ship.side == battle.moving


def may_fire(battle: Battle, ship: Ship) -> bool:
    """On the map, not aboard a carrier, with a working weapon, and not kept from firing by the
    scenario's special rule (Surprise Attack!'s Doliin Bay once evacuated)."""
    if not afloat(battle, ship) or ship.carried_by or not any(w.code not in NOT_FIRED and w.state == "working" for w in ship.weapons):
        return False
    try:
        scenarios.may_fire(battle, ship)
    except RefereeError:
        return False
    return True


def target_choice(battle: Battle, values: Values) -> list[tuple[str, str]]:
    """The firer's enemies on the map (a fighter docked or aboard cannot be attacked)."""
    firer = next((s for s in battle.ships if s.name == values.get("firer")), None)
    if firer is None:
        return []
    return [
        (shortest(f"{s.name} ({s.ship_class}, hull {s.hull})", f"{s.name} (hull {s.hull})"), s.name)
        for s in battle.ships
        if s.side != firer.side and afloat(battle, s) and not s.carried_by and not (s.docked_at and s.ship_class in combat_phase.SMALL_CRAFT)
    ]


CHOSEN = 43  # a form's chosen value shows this many characters whole, and its ▾ (at 80 columns)


def shortest(label: str, short: str) -> str:
    """A list's label as a form shows it chosen: whole, the short one if the long one would be cut."""
    return label if len(label) <= CHOSEN else short


def screen_choice(battle: Battle, values: Values) -> list[tuple[str, str]]:
    ship = next((s for s in battle.ships if s.name == values.get("ship")), None)
    if ship is None:
        return []
    found = [(f"activate {code}", code) for code in SCREENS if battle.game == "advanced" and ship.has_intact(code) and ship.active_screen != code]
    if ship.active_screen:
        found.append((f"switch off {ship.active_screen}", "off"))
    if ship.masking_screen_up:
        found.append(("end the masking screen", "masking off"))
    elif ship.has_intact("MS"):
        found.append(("put up a masking screen", "masking"))
    return found


def base_choice(battle: Battle, values: Values) -> list[tuple[str, str]]:
    ship = next((s for s in battle.ships if s.name == values.get("ship")), None)
    if ship is None:
        return []
    if ship.docked_at or ship.carried_by:
        return [(f"leave the {ship.docked_at or ship.carried_by}", "")]
    return [(f"{s.name} ({s.ship_class})", s.name) for s in battle.ships if s.side == ship.side and s is not ship and afloat(battle, s) and s.ship_class in ("space station", "assault carrier")]


def icm_choice(battle: Battle, values: Values) -> list[tuple[str, str]]:
    """The ships that may launch ICMs in defense of the ship attacked (the target, the ship a
    seeker attacks; mines attack the side moving, each ship defending itself), as the engine's
    launch allows them (combat_phase.launch_icms: same side, working ICMs left, undocked; Basic
    Game: only the ship attacked)."""
    attacked = next((s for s in battle.ships if s.name in (values.get("target"), values.get("at"))), None)
    found = []
    for ship in battle.ships:
        icms = ship.system("ICM")
        if icms is None or ship.side != (attacked.side if attacked else battle.moving):
            continue
        try:
            combat_phase.launch_icms(battle, attacked or ship, [(ship.name, 1)])
        except RefereeError:
            continue
        found.append((f"{ship.name} ({icms.count} ICMs)", ship.name))
    return found


def icms_launched(v: Values) -> tuple[tuple[str, int], ...]:
    """The ICMs launched: a number from the ship chosen in the list, or SHIP=N, ... typed for
    several ships."""
    typed, launcher = text(v, "icms"), text(v, "icms_from")
    if "=" in typed:
        return tuple(pairs(v, "icms", "Venomous=2, Stiletto=1"))
    count = number(v, "icms", 1, default=0)
    if count is None:
        raise FieldError("icms", "how many ICMs the ship launches (1 or more), or SHIP=N, ... for several ships")
    if count and not launcher:
        raise FieldError("icms_from", "the ship that launches the ICMs")
    return ((launcher, count),) if count else ()


def enemies_of_moving(battle: Battle, ship: Ship) -> bool:
    """The moving side's ships on the map (mines attack the ships that entered their hex)."""
    return moving(battle, ship) and not ship.docked_at and not ship.carried_by


def drones(battle: Battle, ship: Ship) -> bool:
    """The moving side's frigates (a shatter drone is a frigate chosen before the first turn)."""
    return moving(battle, ship) and ship.ship_class == "frigate"


def other_ships(battle: Battle, ship: Ship) -> bool:
    return afloat(battle, ship) and not ship.carried_by


def near_drone(battle: Battle, values: Values) -> list[tuple[str, str]]:
    return [(label, name) for label, name in ship_choice(other_ships)(battle, values) if name != values.get("ship")]


SHIP = Field("ship", "Ship", "", "ship", ship_choice(afloat))
ICMS_FROM = Field("icms_from", "ICMs from", "blank: none", choices=icm_choice)
ICMS = Field("icms", "ICMs launched", "how many (SHIP=N, ... for several ships)")
MOVING_SHIP = Field("ship", "Ship", "", "ship", ship_choice(moving))


# ---------------------------------------------------------------------- the actions


def skipped(b: Battle, announced: int = 0) -> list[str]:
    """What ending this half (or the repair turn) now would pass over that the rules call for, or
    that cannot be done once it is over (``announced``: shots announced on the Fire screen, not
    fired): the set-up, the moves not recorded, active seekers not moved, the repairs not rolled."""
    found = []
    if before_the_start(b):
        found.append("the set-up ends: starting speeds (t), and the defender's mines and seekers, are set only before the game starts")
    if b.step == "repair":
        waiting = [s.name for s in b.ships if not s.destroyed and b.escape(s.name) is None and s.name not in b.repaired and damaged_targets(s)]
        if waiting:
            found.append(f"not repaired: {names(waiting)} - a ship repairs only in a repair turn ({REPAIR_RULE})")
        return found
    idle = [s for s in b.to_move]
    if idle:
        evading = [s.name for s in idle if s.must_turn]
        found.append(
            f"no move recorded (m) for {names([s.name for s in idle])}: each flies on at its speed, no ADF or MR used"
            + (f"; {names(evading)} evaded and must turn in every hex on this move ({movement.EVASION_RULE})" if evading else "")
        )
    waiting_seekers = [k.hex for k in b.seekers if k.active and k.side == b.moving and k.turn != b.turn]
    if waiting_seekers:
        found.append(f"an active seeker moves every turn (g): hex {', '.join(waiting_seekers)} has not ({ordnance.SEEKERS_RULE})")
    if announced:
        found.append(f"{announced} shot(s) announced on the Fire screen and not fired are dropped")
    return found


def names(found: Sequence[str]) -> str:
    return ", ".join(f"the {n}" for n in found)


def next_question(b: Battle, announced: int = 0) -> str:
    """Asked before n ends the half, when it passes over something (:func:`skipped`)."""
    if not skipped(b, announced):
        return ""
    return "End the repair turn?" if b.step == "repair" else f"End {b.moving}'s half of turn {b.turn}?"


def _next(v: Values, b: Battle, t: Tables) -> Step:
    def step(rng: random.Random, rolled: Mapping[str, str]) -> Done:
        after = advance(b)
        return Done(None, after, after.log[len(b.log) :])

    return step


def _fires(v: Values, b: Battle, t: Tables) -> Step:
    keys = [f"fire {s.name}" for s in b.burning]

    def step(rng: random.Random, rolled: Mapping[str, str]) -> Done:
        by_ship = {s.name: rolled_for(rolled, key, first="damage") for s, key in zip(b.burning, keys)}
        result = combat_phase.fire_damage(b, t, rng, by_ship)
        return result._replace(entries=keyed(result.entries, keys))

    return step


def _screen(v: Values, b: Battle, t: Tables) -> Step:
    ship, choice = needed(v, "ship", "the ship"), needed(v, "screen", "what the ship does with its screens")
    if choice == "masking":
        return lambda rng, rolled: movement.masking_screen(b, ship, True)
    if choice == "masking off":
        return lambda rng, rolled: movement.masking_screen(b, ship, False)
    return lambda rng, rolled: movement.screen(b, ship, "" if choice == "off" else choice)


def _dock(v: Values, b: Battle, t: Tables) -> Step:
    ship, at = needed(v, "ship", "the ship"), text(v, "at")
    return lambda rng, rolled: movement.dock(b, ship, at)


def one_roll(key: str, run: Callable[[random.Random, str | None], Done]) -> Step:
    """A step whose log line rolls once, entered under ``key``."""

    def step(rng: random.Random, rolled: Mapping[str, str]) -> Done:
        result = run(rng, rolled.get(key))
        return result._replace(entries=keyed(result.entries, [key]))

    return step


def _navigation(v: Values, b: Battle, t: Tables) -> Step:
    ship = needed(v, "ship", "the ship with a navigation hit")
    return one_roll("navigation", lambda rng, typed: movement.navigation(b, t, rng, ship, typed))


# ---------------------------------------------------------------------- a side's ships in one table

Rows = dict[str, dict[str, str]]  # a table's rows: a ship's name -> its cells by column


def speed_rows(b: Battle) -> Rows:
    """The starting speeds' table: every ship with a speed of its own, side by side, at the speed
    the scenario gives it."""
    if not before_the_start(b):
        raise Refusal("a starting speed is set before the game starts (turn 1, before any ship moves or fires); a ship changes speed by its move ({move})")
    return {s.name: {"side": s.side, "adf": str(s.adf), "speed": str(s.speed)} for side in b.sides for s in b.afloat(side) if has_own_speed(s)}


def speeds(b: Battle, rows: Rows) -> Step:
    """The starting speeds' table as one step (movement.starting_speeds)."""
    given = {name: _whole(row.get("speed", ""), name, "its starting speed") for name, row in rows.items()}
    return no_rolls(lambda: movement.starting_speeds(b, given))


def move_rows(b: Battle) -> Rows:
    """The moves' table: the moving side's ships still to move, each at its speed, with the turns the
    rules call for already in (an evader turns in every hex until its MR is used up)."""
    if not b.to_move:
        raise RefereeError(f"no {b.moving} ship is left to move in this half" if b.step == "turn" else "this is the repair turn: no ship moves (n: Next)")
    return {s.name: {"was": str(s.speed), "speed": str(s.speed), "turns": str(min(s.mr, s.speed) if s.must_turn else 0)} for s in b.to_move}


class Plan(NamedTuple):
    """A ship's move as its counter moved: its new speed and the turns it made."""

    ship: str
    speed: int
    turns: int


def plans(rows: Rows) -> list[Plan]:
    """The rows with a speed: the ships moved (a row whose speed is blank is left to move later)."""
    found = []
    for name, row in rows.items():
        if row.get("speed", "").strip():
            found.append(Plan(name, _whole(row["speed"], name, "its speed now"), _whole(row.get("turns", "") or "0", name, "the turns it made")))
    if not found:
        raise RefereeError("give the speed of at least one ship (a blank speed: the ship moves later)")
    return found


def worked_out(b: Battle, name: str, row: Mapping[str, str]) -> tuple[dict[str, str], str]:
    """A row of the moves' table: the ADF and MR points its move used, worked out from what was
    typed (for the referee to check), and what the move comes to ("" with no speed) or why the rules refuse it."""
    ship = b.ship(name)
    try:
        plan = plans({name: dict(row)})[0]
    except RefereeError as error:
        return {"adf_used": "", "mr_used": "", "check": ""}, "" if not row.get("speed", "").strip() else str(error)
    adf, mr = movement.points_used(ship, plan.speed, plan.turns)
    shown = {"adf_used": f"{adf} of {ship.adf}", "mr_used": f"{mr} of {ship.mr}"}
    try:
        trial = movement.counter_moved(b, random.Random(), name, plan.speed, plan.turns)
    except RefereeError as error:
        return {**shown, "check": "no"}, said(error)
    rolls = any(e.rolls for e in trial.entries)
    return {**shown, "check": "roll" if rolls else "ok"}, trial.entries[0].text + ("; then the d100 for breaking apart" if rolls else "")


def moves(b: Battle, chosen: Sequence[Plan]) -> Step:
    """The moves' table as one step: each ship's move in turn (movement.counter_moved), its roll for
    breaking apart, where due, entered under "move SHIP"."""

    def step(rng: random.Random, rolled: Mapping[str, str]) -> Done:
        battle, entries = b, list[Entry]()
        for plan in chosen:
            key = f"move {plan.ship}"
            try:
                result = movement.counter_moved(battle, rng, plan.ship, plan.speed, plan.turns, rolled.get(key))
            except RefereeError as error:
                raise RefereeError(f"the {plan.ship}'s row: {said(error)}") from None
            battle = result.battle
            entries += keyed(result.entries, [key])
        return Done(None, battle, tuple(entries))

    return step


def _whole(typed: str, name: str, what: str) -> int:
    try:
        value = int(typed.strip())
    except ValueError:
        raise RefereeError(f"the {name}: {what} is a whole number of hexes, not {typed.strip()!r}") from None
    if value < 0:
        raise RefereeError(f"the {name}: {what} is 0 or more, not {value}")
    return value


def no_rolls(run: Callable[[], Done]) -> Step:
    return lambda rng, rolled: run()


def _in_its_table(v: Values, b: Battle, t: Tables) -> Step:
    raise RefereeError("this action is typed in its table")


def _moves_table(b: Battle) -> object:
    from referee.tui.battle.sheets import MovesSheet

    return MovesSheet(move_rows(b))


def _speeds_table(b: Battle) -> object:
    from referee.tui.battle.sheets import SpeedsSheet

    try:
        return SpeedsSheet(speed_rows(b))
    except Refusal as refusal:
        raise told(refusal) from None


def _leave(v: Values, b: Battle, t: Tables) -> Step:
    ship, toward = needed(v, "ship", "the ship leaving"), text(v, "toward")
    return lambda rng, rolled: movement.leave_map(b, ship, toward)


def _breakup(v: Values, b: Battle, t: Tables) -> Step:
    ship, points = needed(v, "ship", "the ship"), number(v, "points", 1)
    if points is None:
        raise FieldError("points", "the ADF and MR points the ship used this move, 1 or more")
    return one_roll("breaking apart", lambda rng, typed: movement.breakup(b, rng, ship, points, typed))


def _repair(v: Values, b: Battle, t: Tables) -> Step:
    ship = needed(v, "ship", "the ship repairing")
    wanted, keys, hull = allotted(v)

    def step(rng: random.Random, rolled: Mapping[str, str]) -> Done:
        result = repair_in_battle(b, rng, ship, wanted, [rolled.get(k) for k in keys], [rolled.get(k) for k in hull])
        return result._replace(entries=keyed(result.entries, keys))

    return step


def placers(code: str) -> Choices:
    """Who may place mines (``code`` M) or seekers (S) now, each tried as the rules try it: a side
    before the game starts (The Stand's UPF, a battle's defender), a ship from its load before a
    campaign battle, a ship dropping them in play (a minelayer in its own movement phase)."""
    place = ordnance.lay_mines if code == "M" else ordnance.place_seeker

    def choices(battle: Battle, values: Values) -> list[tuple[str, str]]:
        free = next(f"{n:04d}" for n in range(10000) if all(m.hex != f"{n:04d}" for m in battle.mines))
        how = "from its load, before the battle" if scenarios.placing(battle).from_load and before_the_start(battle) else "dropped as it passes"
        found = []
        for side in battle.sides:
            try:
                place(battle, free, side)
            except RefereeError:
                continue
            found.append((f"the {side}, before the game", side))
        for ship in battle.ships:
            line = ship.system(code)
            if line is None or not afloat(battle, ship):
                continue
            try:
                place(battle, free, "", ship.name)
            except RefereeError:
                continue
            found.append((f"the {ship.name} ({ship.side}, {line.count} left), {how}", ship.name))
        return found

    return choices


def _placed(place: Callable[[Battle, list[str], str, str], Done]) -> Build:
    def build(v: Values, b: Battle, t: Tables) -> Step:
        where, who = _hexes(v, "hexes"), needed(v, "by", "who places them (the list: a side before the game, or a ship)")
        side, by = (who, "") if who in b.sides else ("", who)
        return lambda rng, rolled: place(b, where, side, by)

    return build


def _mines(v: Values, b: Battle, t: Tables) -> Step:
    where, ships = _hex(v, "hex"), _names(v, "ships", "the enemy ships that entered the hex (space marks one)")
    launched = {name: ((name, count),) for name, count in icms_launched(v)}
    keys = [f"mines on {name}" for name in ships]

    def step(rng: random.Random, rolled: Mapping[str, str]) -> Done:
        by_ship = {name: rolled_for(rolled, key) for name, key in zip(ships, keys)}
        result = ordnance.mines_attack(b, t, rng, where, ships, launched, by_ship)
        return result._replace(entries=keyed(result.entries, keys))

    return step


def _seeker(v: Values, b: Battle, t: Tables) -> Step:
    where, to, at = _hex(v, "hex"), text(v, "to"), text(v, "at")
    launched = list(icms_launched(v))
    if to:
        to = hex_name(to, "the hex it ends in")

    def step(rng: random.Random, rolled: Mapping[str, str]) -> Done:
        if to:
            result = ordnance.move_seeker(b, t, rng, where, to, at, launched, rolled_for(rolled, "seeker"))
        else:
            if not at:
                raise FieldError("at", "the largest ship in the seeker's hex (or give the hex it moves to)")
            result = ordnance.seeker_attack(b, t, rng, where, at, launched, rolled_for(rolled, "seeker"))
        return result._replace(entries=keyed(result.entries, ["seeker"]))

    return step


def _drone(v: Values, b: Battle, t: Tables) -> Step:
    drone = needed(v, "ship", "the shatter drone")
    others = _names(v, "ships", "every other ship in its hex (space marks one)")
    keys = [f"drone on {name}" for name in others]

    def step(rng: random.Random, rolled: Mapping[str, str]) -> Done:
        by_ship = {name: rolled_for(rolled, key, first="damage") for name, key in zip(others, keys)}
        result = ordnance.shatter_drone(b, t, rng, drone, others, by_ship)
        return result._replace(entries=keyed(result.entries, keys))

    return step


def _names(v: Values, field: str, what: str) -> list[str]:
    return [n.strip() for n in needed(v, field, what).split(",") if n.strip()]


def _hexes(v: Values, field: str) -> list[str]:
    """Several hexes, as the map prints them (commas or spaces between)."""
    typed = needed(v, field, "the hex numbers printed on the map, e.g. 1207, 1208")
    try:
        return [hex_name(h, "hex") for h in typed.replace(",", " ").split()]
    except RefereeError as error:
        raise FieldError(field, str(error)) from None


def _hex(v: Values, field: str) -> str:
    typed = needed(v, field, "the hex number printed on the map, e.g. 0911")
    try:
        return hex_name(typed, "hex")
    except RefereeError as error:
        raise FieldError(field, str(error)) from None


SHIPS = tuple(
    action._replace(build=worded(action.build))
    for action in (
        Action(
            "m",
            "Move",
            "the moving side's moves in one table, each ship as its counter moved: its speed now and the turns it made; the ADF and MR points are worked out, for you to check; breaking apart is rolled where due",
            (),
            _in_its_table,
            dialog=_moves_table,
        ),
        Action(
            "t",
            "Starting speeds",
            "before the game starts: every ship's speed from the turn before in one table, as its player chooses (the scenario's set-up)",
            (),
            _in_its_table,
            shown=False,
            dialog=_speeds_table,
        ),
        Action(
            "o",
            "Off the map",
            "a ship leaves the map for good (a scenario's escape; in a campaign battle, breaking off toward an adjacent system)",
            (
                MOVING_SHIP,
                Field("toward", "Toward (campaign)", "the adjacent system whose transit box it reaches"),
            ),
            _leave,
        ),
        Action(
            "n",
            "Next",
            "end this half of the turn: the other side's half, the repair turn after every third turn (Advanced), the next turn; asked first when it passes over a move, a seeker or a repair",
            (),
            _next,
            ask=next_question,
        ),
        Action("r", "Fires", "fire damage: each burning ship of the side not moving rolls on the Damage Table at +20 (hull 1d10), at the start of the combat phase", (), _fires),
        Action(
            "s",
            "Screens",
            "screens: put up or end a masking screen; activate or switch off an electron, proton or stasis screen",
            (
                MOVING_SHIP,
                Field("screen", "Screen", "what it does", choices=screen_choice),
            ),
            _screen,
        ),
        Action(
            "k",
            "Dock",
            "dock at a station or land a fighter on its carrier (it stops in the hex), or leave",
            (
                MOVING_SHIP,
                Field("at", "Dock at / leave", "", choices=base_choice),
            ),
            _dock,
        ),
        Action("v", "Navigation", "navigation hit: roll 1d10 before the ship moves (1-5 it turns left, 6-10 right)", (MOVING_SHIP,), _navigation, shown=False),
        Action(
            "b",
            "Break apart",
            "breaking apart: a ship beyond half its hull points that used ADF or MR points rolls d100",
            (
                MOVING_SHIP,
                Field("points", "ADF + MR points used", "this move"),
            ),
            _breakup,
            shown=False,
        ),
        Action(
            "e",
            "Repair",
            "repair turn: the ship allots its DCR among repairs, each rolled on d100",
            (
                SHIP,
                Field("repairs", "DCR points a repair", "hull=10, adf=5, LB=20 (blocks on ADF or MR: adf=5, adf=5)"),
            ),
            _repair,
        ),
        Action(
            "l",
            "Lay mines",
            "mine hexes in secret: before the game by the side the battle lets place them (The Stand's UPF; a campaign battle's defender with a minelayer, from its load), or dropped by a minelayer as it passes",
            (
                Field("hexes", "Hexes", "e.g. 1207, 1208 (one group of mines a hex)"),
                Field("by", "Placed by", "who places them", choices=placers("M")),
            ),
            _placed(ordnance.lay_mines),
            shown=False,
        ),
        Action(
            "i",
            "Mines attack",
            "end of movement: the mines in a hex attack every enemy ship that entered it",
            (
                Field("hex", "Hex", "e.g. 0911"),
                Field("ships", "Ships that entered", choices=ship_choice(enemies_of_moving), many=True),
                ICMS_FROM,
                ICMS,
            ),
            _mines,
            shown=False,
        ),
        Action(
            "p",
            "Place seekers",
            "seeker missiles in secret, one a hex named: before the game by the side the battle lets place them (The Stand's UPF; a campaign battle's defender with a minelayer, from its ships' loads), or dropped by a ship",
            (
                Field("hexes", "Hexes", "e.g. 0909, 1111 (a hex twice: two seekers)"),
                Field("by", "Placed by", "who places them", choices=placers("S")),
            ),
            _placed(ordnance.place_seeker),
            shown=False,
        ),
        Action(
            "g",
            "Seeker",
            "a seeker moves (2, 4, 6 ... hexes; it detonates on the turn it moves 12) or detonates against the largest ship in its hex",
            (
                Field("hex", "Seeker's hex", "e.g. 0911"),
                Field("to", "Moves to", "blank: it attacks where it is"),
                Field("at", "Attacks", "the largest ship in its hex, if any", choices=ship_choice(other_ships)),
                ICMS_FROM,
                ICMS,
            ),
            _seeker,
            shown=False,
        ),
        Action(
            "d",
            "Drone",
            "a shatter drone detonates: a torpedo hit at -20 on every other ship in its hex (no attack roll)",
            (
                Field("ship", "Drone", "", "ship", ship_choice(drones)),
                Field("ships", "Every other ship in its hex", choices=near_drone, many=True),
            ),
            _drone,
            shown=False,
        ),
    )
)
NEXT = next(a for a in SHIPS if a.name == "Next")


# ---------------------------------------------------------------------- fire: announce, then roll


class Announced(NamedTuple):
    """A shot announced before any die is rolled: the firer, its weapon's code, the target, the report."""

    firer: str
    weapon: str
    target: str
    report: Report

    def shown(self) -> str:
        said = [f"range {self.report.range}" if self.report.range is not None else ""]
        said += ["head-on" if self.report.head_on else "", "evading" if self.report.evading else "", "gunnery" if self.report.gunnery else ""]
        said += [f"{n} ICMs from the {s}" for s, n in self.report.icms]
        return ", ".join(s for s in said if s)


def announce(v: Values, b: Battle, t: Tables) -> Announced:
    """A shot from the Announce form (refused here if a value is wrong; the rules check it when the
    volley is tried, before it is added)."""
    firer, weapon, target = needed(v, "firer", "the ship firing"), needed(v, "weapon", "its weapon"), needed(v, "target", "the ship fired at")
    report = Report(number(v, "range", 0), flag(v, "head_on"), icms_launched(v), flag(v, "evading"), flag(v, "gunnery"))
    return Announced(firer, weapon, target, report)


def volley(b: Battle, t: Tables, shots: Sequence[Announced]) -> Step:
    """The shots announced, fired one after another (a shot at a ship destroyed by an earlier one
    is wasted and still spends its ammunition), each shot's rolls under "shot N"."""
    if not shots:
        raise RefereeError("announce a shot first (a)")
    sides = {b.ship(s.firer).side for s in shots}
    if len(sides) > 1:
        raise RefereeError("a volley is one side's shots: the side not moving fires defensively first, then the moving side offensively")

    def step(rng: random.Random, rolled: Mapping[str, str]) -> Done:
        battle, entries = b, list[Entry]()
        for number_, shot in enumerate(shots, 1):
            key = f"shot {number_}"
            try:
                result = combat_phase.shoot(battle, t, rng, shot.firer, shot.weapon, shot.target, shot.report, rolled_for(rolled, key))
            except Refusal as refusal:
                raise told(refusal, [f.name for f in fire_fields(shots, t)]) from None
            battle = result.battle
            entries += keyed(result.entries, [key])
        return Done(None, battle, tuple(entries))

    return step


def check_volley(b: Battle, t: Tables, shots: Sequence[Announced]) -> None:
    """Refuse a volley the rules forbid, before any die is rolled: each shot is tried with virtual
    dice (what they roll is never shown)."""
    volley(b, t, shots)(random.Random(), {})


def odds(b: Battle, t: Tables, shots: Sequence[Announced], target: str) -> VolleyOdds:
    """The exact odds of the shots announced at one target, before any roll: each shot read as the
    engine reads it (the target's defenses in use, the ICMs launched at it)."""
    ship = b.ship(target)
    aimed = []
    table = combat_table(t, b.game)
    for shot in shots:
        if shot.target != ship.name:
            continue
        firer = b.ship(shot.firer)
        name = str(table.row(shot.weapon)["weapon"])
        icms = sum(n for _, n in shot.report.icms)
        aimed.append(combat_phase.aim(b, firer, name, ship, shot.report)._replace(defenses=combat_phase.defenses_in_use(b, ship), icms=icms))
    return volley_odds(aimed, t, ship, b.damage_table)


def shot_reading(b: Battle, t: Tables, shot: Announced) -> str:
    """One shot's chance to hit as a percentage (for the list of shots announced)."""
    found = odds(b, t, [shot], shot.target).shots[0]
    return f"{float(found.to_hit.hit):.0%}"


def firing_sides(b: Battle, volley: Sequence[Announced]) -> tuple[str, ...]:
    """Whose shots may be announced now (Sequence of Play: the non-moving player's attacks, then the
    moving player's): a volley is one side's shots; once the moving side has fired in this half the
    defensive fire is over; before that, the side not moving (defensive fire) or, if it fires
    nothing, the moving side."""
    if b.step != "turn":
        return ()
    if volley:
        return (b.ship(volley[0].firer).side,)
    if combat_phase.fired_this_half(b, b.moving):
        return (b.moving,)
    return (b.non_moving, b.moving)


def fire_fields(volley: Sequence[Announced], t: Tables) -> tuple[Field, ...]:
    """The Announce form's fields: the firer from the side firing now (:func:`firing_sides`), its
    weapons that may fire now - not one spent this turn or this half, by Rate of Fire, counting the
    shots announced already (combat_phase.ready_weapons) - and its enemies on the map."""

    def ready(battle: Battle, firer: Ship) -> list[tuple[str, str]]:
        earlier = [s.weapon for s in volley if s.firer == firer.name]
        return [(w.shown(), w.code) for w in combat_phase.ready_weapons(battle, t, firer, earlier)]

    def firers(battle: Battle, values: Values) -> list[tuple[str, str]]:
        found = []
        for side in firing_sides(battle, volley):
            fire = "defensive" if side == battle.non_moving else "offensive"
            found += [(shortest(f"{s.name} ({side}, {fire} fire)", f"{s.name} ({fire})"), s.name) for s in battle.ships if s.side == side and may_fire(battle, s) and ready(battle, s)]
        return found

    def weapons(battle: Battle, values: Values) -> list[tuple[str, str]]:
        firer = next((s for s in battle.ships if s.name == values.get("firer")), None)
        return ready(battle, firer) if firer is not None else []

    return (
        Field("firer", "Firer", "", "ship", firers),
        Field("weapon", "Weapon", "", choices=weapons),
        Field("target", "Target", "", choices=target_choice),
        Field("range", "Range (hexes)", "hexes to the target"),
        Field("head_on", "Head-on", "y or n (blank: n)"),
        ICMS_FROM,
        ICMS,
        Field("evading", "Target evading", "y or n (fighters, assault scouts)"),
        Field("gunnery", "Gunnery skill", "y or n (optional rule)"),
    )
