"""Everything the referee can do to the campaign from the app: each action's fields, and how the
typed values become a call into the rules layer. No Textual here: the dialogs show the fields,
and the same builders are tested directly.

A builder returns a *step*: ``step(rng, rolled) -> Done``. The app calls it once with virtual dice
to learn which rolls it needs (that result is never shown), then again with the referee's choice:
"roll for me" (virtual dice) or the results rolled at the table, keyed by ``Entry.key`` (a log
line's later rolls by :func:`later_roll`). A roll that only some results call for (a successful
hull repair's 1d10) is asked for when the rolls entered call for it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from referee.errors import RefereeError
from referee.sathar_war import battles, fleets, movement, repairs, setup, turn
from referee.sathar_war.campaign import Campaign, Done, done
from referee.tables import Lookup, Table, Tables, shown
from referee.tui import picks

if TYPE_CHECKING:
    from referee.journal import Result
    from referee.knight_hawks.repair import Repair
    from referee.tui.kinds import Kind

Step = Callable[[random.Random, Mapping[str, str]], Done]
AnyStep = Callable[[random.Random, Mapping[str, str]], "Result"]  # a step of any kind of file
Values = Mapping[str, str]


class FieldError(RefereeError):
    """A typed value that is wrong, shown beside its field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


Choices = Callable[[Any, Values], Sequence[tuple[str, str]]]  # (the file's state, the values chosen above) -> (label, value) pairs


class Field(NamedTuple):
    name: str
    label: str
    hint: str = ""  # the placeholder: what a right value looks like
    fill: str = ""  # prefilled from the selection: "names", "ship", "system", or a fixed value after "="
    choices: Choices | None = None  # a list to pick from instead of a typed value
    many: bool = False  # pick any number from the list (space marks one); the value is their names, comma-separated
    suggest: Choices | None = None  # a typed value, with these values suggested as it is typed (a new one is allowed)
    default: Callable[[Any, Values], str] | None = None  # a list's choice when the form opens with none, from the choices above (the ships' journey)


class Action(NamedTuple):
    key: str  # the key on its screen
    name: str  # as the palette and the footer show it
    help: str
    fields: tuple[Field, ...]
    build: Callable[[Values, Any, Tables], AnyStep]  # (the typed values, the file's state, the tables)
    shown: bool = True  # in the key line (else its key works, and the palette finds it)
    ask: Callable[[Any], str] | None = None  # a question to answer before it runs, in this state ("": none)
    # a line under the fields, made afresh as they are typed (what an allocation costs, and what is left)
    preview: Callable[[Values, Any, Tables], str] | None = None
    # a second form that the first one's values call for ((its help, its fields); no fields: none), its values
    # added to the first's (a class's unknown Data Table cells); an action asking more rolls no dice
    more: Callable[[Values, Any, Tables], tuple[str, tuple[Field, ...]]] | None = None
    # an action whose values are typed in a table of its own (a side's moves), not a form: the dialog made
    # for the file's state (a RefereeError made instead: why not now); ``fields`` and ``build`` unused
    dialog: Callable[[Any], Any] | None = None


class Logged(Protocol):
    """A rules layer's log entry with a turn and a sealed part (an engagement's, a scenario's)."""

    @property
    def turn(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def rolls(self) -> tuple[str, ...]: ...
    @property
    def rule(self) -> str: ...
    @property
    def secret(self) -> str: ...


class Line(NamedTuple):
    """A log line as the dialogs read it: the rules' entry with the key its roll is typed under."""

    turn: int
    text: str
    rolls: tuple[str, ...]
    rule: str
    secret: str
    key: str


def keyed_lines(entries: Sequence[Logged], key: str = "") -> tuple[Line, ...]:
    """Each entry as a :class:`Line` keyed ``key`` (one roll a line: the key "")."""
    return tuple(Line(e.turn, e.text, e.rolls, e.rule, e.secret, key) for e in entries)


def later_roll(key: str, purpose: str) -> str:
    """The key of a log line's second or later roll: the line's key and what the roll is for."""
    return f"{key}: {purpose}"


# ---------------------------------------------------------------------- reading typed values


def names(values: Values, field: str = "names") -> list[str]:
    found = [n.strip() for n in values.get(field, "").split(",") if n.strip()]
    if not found:
        raise FieldError(field, "name at least one ship or fleet (several: comma-separated)")
    return found


def text(values: Values, field: str) -> str:
    return values.get(field, "").strip()


def needed(values: Values, field: str, what: str) -> str:
    found = text(values, field)
    if not found:
        raise FieldError(field, f"give {what}")
    return found


def number(values: Values, field: str, low: int, high: int | None = None, default: int | None = None) -> int | None:
    found = text(values, field)
    if not found:
        return default
    try:
        value = int(found)
    except ValueError:
        raise FieldError(field, f"a whole number, not {found!r}") from None
    if value < low or (high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"{low} or more"
        raise FieldError(field, f"{span}, not {value}")
    return value


def flag(values: Values, field: str) -> bool:
    found = text(values, field).lower()
    if found in ("", "n", "no"):
        return False
    if found in ("y", "yes"):
        return True
    raise FieldError(field, f"y or n, not {found!r}")


def codes(values: Values, field: str) -> tuple[str, ...]:
    return tuple(c.strip() for c in text(values, field).split(",") if c.strip())


def pairs(values: Values, field: str, example: str) -> list[tuple[str, int]]:
    """``T=2, ICM=3`` -> [("T", 2), ("ICM", 3)], in the order typed."""
    found = []
    for part in codes(values, field):
        code, _, count = part.partition("=")
        if not count.strip().isdigit():
            raise FieldError(field, f"CODE=N, comma-separated ({example}), not {part!r}")
        found.append((code.strip(), int(count)))
    return found


def spent(values: Values, field: str) -> dict[str, int]:
    return dict(pairs(values, field, "T=2, ICM=3"))


def groups(values: Values, field: str) -> list[list[str]]:
    return [[n.strip() for n in g.split(",") if n.strip()] for g in text(values, field).split(";") if g.strip()]


def outcome(values: Values) -> battles.Outcome:
    return battles.Outcome(
        hull=number(values, "hull", 0), adf=number(values, "adf", 0), mr=number(values, "mr", 0), dcr=number(values, "dcr", 0),
        lost_systems=codes(values, "lost"), damaged=tuple(d.lower() for d in codes(values, "damaged")), spent=spent(values, "spent"),
        destroyed=flag(values, "destroyed"), detonated=flag(values, "detonated"), escaped=text(values, "escaped"),
    )


def no_dice(action: Callable[[], Done]) -> Step:
    return lambda rng, rolled: action()


# ---------------------------------------------------------------------- the actions

NAMES = Field("names", "Ships or fleets", "type to narrow, or names and * ? patterns", "names", many=True)
SHIP = Field("ship", "Ship", "one ship or station", "ship", choices=picks.each(picks.any_unit, with_fleets=False))
OVERRIDE = Field("override", "Override a reading", "blank; or the table's note, logged")


def pick_ships(allowed: picks.Allowed, with_fleets: bool = True) -> Field:
    """The ships (and whole fleets) an action allows, marked in a list (the ships marked on the
    Forces screen, or the one under the cursor, come marked)."""
    return NAMES._replace(choices=picks.each(allowed, with_fleets))


def pick_ship(allowed: picks.Allowed) -> Field:
    return SHIP._replace(choices=picks.each(allowed, with_fleets=False))


def _move(v: Values, c: Campaign, t: Tables) -> Step:
    who, toward, rate, planet, parts = names(v), text(v, "toward"), number(v, "rate", 1, 3), text(v, "planet"), groups(v, "groups")
    return lambda rng, rolled: movement.move(c, t, who, toward, rate, planet, parts, rng, rolled)


def _carry_on(v: Values, c: Campaign, t: Tables) -> Step:
    return lambda rng, rolled: movement.carry_on(c, t, rng, rolled)


def journeys_question(campaign: Campaign) -> str:
    """Carrying on the journeys is asked first, with the list of what each group does today."""
    side = movement.SIDE_OF.get(campaign.step)
    kept = movement.standing(campaign, side) if side else []
    return f"go on with the {len(kept)} journey{'s' if len(kept) != 1 else ''} the {side} ships keep?" if kept else "carry on the journeys?"


def _stop(v: Values, c: Campaign, t: Tables) -> Step:
    who = names(v)
    return no_dice(lambda: movement.stop(c, who))


def _place(v: Values, c: Campaign, t: Tables) -> Step:
    who, circle, planet = names(v), text(v, "circle"), text(v, "planet")
    if bool(circle) == bool(planet):
        raise FieldError("circle", "a start circle for Sathar ships, or a planet for non-attached UPF ships (one of the two)")
    if circle:
        return no_dice(lambda: setup.place_sathar(c, who, circle))
    return no_dice(lambda: setup.place_upf(c, who, planet))


def advance_question(campaign: Campaign) -> str:
    """Every advance is asked first, with what is still open in the step (one letter typed by chance
    must not move the war on); from step 4 it ends the day."""
    from referee.sathar_war import report

    if campaign.outcome:
        return ""
    if campaign.step == "upf-attacks":
        return f"End day {campaign.day}?"
    step = report.AFTER[campaign.step].removeprefix("advance ")
    left = [what for what, how in report.next_steps(campaign) if how != "advance"]
    return f"go on {step}?" + (f" Still open: {'; '.join(left)}" if left else "")


def _advance(v: Values, c: Campaign, t: Tables) -> Step:
    override = text(v, "override")
    return lambda rng, rolled: turn.advance(c, t, rng, rolled, override)


def _advance_over(v: Values, c: Campaign, t: Tables) -> Step:
    needed(v, "override", "the note the table agreed, logged with the override")
    return _advance(v, c, t)


def _nova(v: Values, c: Campaign, t: Tables) -> Step:
    return lambda rng, rolled: setup.place_nova(c, t, rng, rolled.get(""))


def _retreat(v: Values, c: Campaign, t: Tables) -> Step:
    condition = number(v, "condition", 1, 5)
    if condition is None:
        raise FieldError("condition", "the condition's number, 1 to 5")
    return no_dice(lambda: setup.choose_retreat(c, condition))


def _drones(v: Values, c: Campaign, t: Tables) -> Step:
    side, who = needed(v, "side", "Sathar or UPF"), names(v)
    return no_dice(lambda: setup.choose_drones(c, side, who))


def _join(v: Values, c: Campaign, t: Tables) -> Step:
    fleet, who = needed(v, "fleet", "the fleet's name (a new name forms one)"), names(v)
    return no_dice(lambda: fleets.join(c, fleet, who))


def _detach(v: Values, c: Campaign, t: Tables) -> Step:
    who = names(v)
    return no_dice(lambda: fleets.detach(c, who))


def _land(v: Values, c: Campaign, t: Tables) -> Step:
    who, base = names(v), needed(v, "on", "the assault carrier or station")
    return no_dice(lambda: fleets.land(c, who, base))


def _launch(v: Values, c: Campaign, t: Tables) -> Step:
    who = names(v)
    return no_dice(lambda: fleets.launch(c, who))


def _dock(v: Values, c: Campaign, t: Tables) -> Step:
    who = names(v)
    return no_dice(lambda: fleets.dock(c, who))


def _replace(v: Values, c: Campaign, t: Tables) -> Step:
    ship, at = needed(v, "ship", "a destroyed UPF ship"), needed(v, "at", "the fortress or fortified station it is owed at")
    return no_dice(lambda: turn.replace_upf(c, t, ship, at))


def _void(v: Values, c: Campaign, t: Tables) -> Step:
    who = names(v)
    return no_dice(lambda: repairs.enter_void(c, who))


def _order(v: Values, c: Campaign, t: Tables) -> Step:
    ship, hull, system = needed(v, "ship", "a ship in a repair queue"), number(v, "hull", 0, default=0) or 0, text(v, "system")
    return no_dice(lambda: repairs.order(c, ship, hull, system))


def _dock_at(v: Values, c: Campaign, t: Tables) -> Step:
    ship, centre = needed(v, "ship", "a damaged ship in a system with a construction centre"), needed(v, "centre", "the construction centre")
    return no_dice(lambda: repairs.dock_at_centre(c, t, ship, centre))


def allotted(values: Values) -> tuple[list[Repair], list[str], list[str]]:
    """A repair turn's DCR points, ``hull=10, adf=5, LB=20``: the repairs, the key each one's d100
    is typed under, and the keys of the hull repairs' 1d10 (asked once the d100 calls for it)."""
    from referee.knight_hawks.repair import HULL_POINTS, Repair

    wanted = [Repair(target, points) for target, points in pairs(values, "repairs", "hull=10, adf=5, LB=20")]
    if not wanted:
        raise FieldError("repairs", "allot the ship's DCR points: TARGET=POINTS, comma-separated (hull=10, adf=5, LB=20)")
    keys = [f"repair {number}" for number in range(1, len(wanted) + 1)]
    hull = [later_roll(key, HULL_POINTS) for key, r in zip(keys, wanted) if r.target.strip().lower() == "hull"]
    return wanted, keys, hull


def _space(v: Values, c: Campaign, t: Tables) -> Step:
    ship = needed(v, "ship", "the ship repairing itself")
    wanted, keys, hull = allotted(v)
    override = text(v, "override")
    return lambda rng, rolled: repairs.repair_in_space(c, ship, wanted, rng, [rolled.get(k) for k in keys], [rolled.get(k) for k in hull], override)


def _edit(v: Values, c: Campaign, t: Tables) -> Step:
    ship, change = needed(v, "ship", "the ship to edit"), outcome(v)
    return no_dice(lambda: battles.edit_roster(c, ship, change))


def _declare(v: Values, c: Campaign, t: Tables) -> Step:
    system, planet, ships = needed(v, "system", "the contested system"), text(v, "planet"), codes(v, "ships")
    return no_dice(lambda: battles.declare(c, t, system, planet, ships, text(v, "rules")))


def _import(v: Values, c: Campaign, t: Tables) -> Step:
    from referee.knight_hawks import battle_file
    from referee import storage

    path = Path(needed(v, "file", "the Knight Hawks battle file"))
    try:
        fought = battle_file.from_dict(storage.read(path, "battle"), t)
    except RefereeError as error:
        raise FieldError("file", str(error)) from None
    return no_dice(lambda: battles.from_battle(c, fought))


def free_roll(kind: Kind, state: Any, expression: str, purpose: str) -> AnyStep:
    """A roll the referee asks for on the Dice screen, kept in the log of the file played."""
    from referee import dice

    dice.parse(expression)  # refuse a malformed expression before asking for dice

    def step(rng: random.Random, rolled: Mapping[str, str]) -> Result:
        roll = dice.take(expression, rng, rolled.get(""), purpose or "the referee's roll")
        return kind.note(state, f"rolled {expression}: {roll.total}", [roll], "the referee's roll (Dice screen)")

    return step


def table_roll(kind: Kind, state: Any, table: Table, keys: list[str], modifier: int) -> AnyStep:
    """Roll a table's dice (or take the result rolled at the table), add the modifier, read the row
    (or, against a table's chances, the outcome of the row named or of every row)."""
    from referee import dice

    purpose, read = table.roll_for(keys, "", modifier)  # refused now, before a die is asked for: odds missing, a column to choose

    def step(rng: random.Random, rolled: Mapping[str, str]) -> Result:
        roll = dice.take(table.roll, rng, rolled.get(""), purpose)
        result = read(roll.total)
        found = "; ".join(found_text(f) for f in result.found)
        return kind.note(state, f"{purpose}: rolled {result.said}: {found}", [roll], result.citation())

    return step


def found_text(found: Lookup) -> str:
    """A lookup as the referee reads it: the cell asked for, or the whole row; a chance rolled
    against, with its outcome."""
    if found.outcome:
        return found.against()
    if found.column is not None:
        return shown(found.value)
    return "; ".join(f"{c.label}: {shown(found.row[c.key])}" for c in found.table.columns)


OUTCOME_FIELDS = (
    Field("hull", "Hull points left", "blank: unchanged"), Field("adf", "ADF left", "blank: unchanged"), Field("mr", "MR left", "blank: unchanged"),
    Field("dcr", "DCR left", "blank: unchanged"), Field("lost", "Weapons/defenses destroyed", "LB, T, ES ..."),
    Field("damaged", "Damaged systems", "combat-control, navigation, electrical-fire ..."), Field("spent", "Ammunition spent", "T=2, ICM=3"),
)

CAMPAIGN = (
    Action("a", "Advance", "the next step of the turn sequence (from step 4: the end of the day)", (), _advance, ask=advance_question),
    Action("o", "Override", "advance, setting aside the reading of the start circle limit where the table agrees otherwise (logged with the note)", (OVERRIDE,), _advance_over),
    Action("t", "Retreat", "choose the Sathar player's secret retreat condition (set-up)", (
        Field("condition", "Condition", "ssw.retreat-conditions: the Sathar fleet will retreat if ...", choices=picks.retreat_conditions),
    ), _retreat),
    Action("n", "NOVA", "place Strike Force NOVA onto the map by 1d10 (after the Sathar set-up, or before any UPF move)", (), _nova),
    Action("w", "Drones", "shatter drones: a side's two frigates chosen as shatter drones (optional rule)", (
        Field("side", "Side", "Sathar or UPF", choices=picks.sides), NAMES._replace(label="Two frigates", choices=picks.drones, fill=""),
    ), _drones),
)
MOVE = Action("m", "Move", "move ships or fleets one day toward any place, each group its own way; a journey further than a day is kept (c goes on with it); a risk jump rolls for misjumps", (
    pick_ships(picks.movable), Field("toward", "Toward", "where they head", "system", choices=picks.destinations, default=picks.bound_for),
    Field("rate", "Boxes a day", "as they go (1 from a system)", choices=picks.rates, default=picks.bound_rate),
    Field("planet", "Planet", "where to stop in the system they are bound for", choices=picks.stop_planets, default=picks.bound_planet),
    Field("groups", "Interlocked groups", "A,B;C,D - blank: all together"),
), _move)
CONTINUE = Action("c", "Continue", "continue the journeys: every journey the side moving keeps goes on one day, each group its own way (asked first, with what each does)", (), _carry_on, ask=journeys_question)
STOP = Action("s", "Stop", "stop a journey: ships give up the journey they keep: they stay where they are (in a transit box, coasting)", (pick_ships(picks.bound),), _stop)
FORCES = (
    MOVE, CONTINUE, STOP,
    Action("p", "Place", "Sathar ships into a start circle, or non-attached UPF ships at a planet (set-up)", (
        pick_ships(picks.placeable, with_fleets=False), Field("circle", "Start circle", "Sathar: the circle", choices=picks.circles),
        Field("planet", "Planet", "UPF non-attached: the planet", choices=picks.planets),
    ), _place),
    Action("j", "Join", "join a fleet: ships or a whole fleet join a fleet (form, merge, transfer)", (
        Field("fleet", "Fleet", "its name; a new name forms one", suggest=lambda c, v: [(f, f) for f in c.fleets()]), pick_ships(picks.in_fleet_ship),
    ), _join),
    Action("x", "Detach", "ships leave their fleet; a fleet's name disbands it", (pick_ships(picks.in_a_fleet),), _detach),
    Action("k", "Dock", "dock at the planet's station (repair queue): the ships at the planet of the ship chosen", (NAMES._replace(choices=picks.dockable_there),), _dock),
    Action("l", "Land", "land fighters aboard a carrier or station", (
        pick_ships(picks.fighter_out, with_fleets=False), Field("on", "Carrier or station", "its name", choices=picks.bases),
    ), _land),
    Action("o", "Launch", "launch fighters: leave their carrier or station", (pick_ships(picks.launchable, with_fleets=False),), _launch, shown=False),
    Action("e", "Edit", "edit a roster: correct a roster by hand (logged)", (SHIP, *OUTCOME_FIELDS), _edit),
    Action("r", "Replace", "bring back a destroyed UPF ship owed by the replacements, at its fortress or fortified station", (
        pick_ship(picks.replaceable), Field("at", "At", "the fortress or fortified station", choices=picks.owed_stations),
    ), _replace),
)
REPAIRS = (
    Action("o", "Order", "repair order: today's work for a ship: hull points, or one system", (
        pick_ship(picks.queued), Field("hull", "Hull points", "from its centre's capacity"), Field("system", "Or one system", "adf, mr, LB, navigation ..."),
    ), _order),
    Action("k", "Dock", "dock a ship for repair at the construction centre its line names (at that system's other planet: it goes to the centre's first, its day's move)", (
        pick_ship(picks.to_dock_for_repair), Field("centre", "Construction centre", "in the ship's system", choices=picks.centres_here, default=picks.centre_here),
    ), _dock_at),
    Action("s", "Space", "repairs in space: one repair turn of the ship's own DCR after each battle it fought today, each repair rolled on d100", (
        pick_ship(picks.repairs_in_space), Field("repairs", "DCR points a repair", "hull=10, adf=5, LB=20 (blocks on ADF or MR: adf=5, adf=5)"), OVERRIDE,
    ), _space),
    Action("v", "Void", "into the Void: Sathar ships in a start circle enter the Void (back repaired six days on)", (pick_ships(picks.voidable),), _void),
)
def _export(v: Values, c: Campaign, t: Tables) -> Step:
    from referee import storage
    from referee.knight_hawks import battle_file

    system, path = needed(v, "system", "the system of today's battle"), Path(needed(v, "file", "the battle file to write"))
    if path.exists():
        raise FieldError("file", f"{path} exists; give another name")
    battle = battles.battle_for(c, system)
    storage.write_text(path, battle_file.text(battle, t))
    line = c.entry(f"the battle at {system} is written to {path} ({len(battle.ships)} ships): fight it with referee kh ... -b {path}, then import it")
    return no_dice(lambda: done(c, line))


BATTLES = (
    Action("d", "Declare", "declare an attack: the side whose attack step it is declares an attack", (
        Field("system", "System", "the contested system", "system", choices=picks.contested), Field("planet", "Planet", "in a two-planet system", choices=picks.battle_planets),
        NAMES._replace(name="ships", label="Only these ships", hint="none marked: all there", fill="", choices=picks.attackers),
        Field("rules", "Rules", "blank: the chart's suggestion", choices=picks.game_rules),
    ), _declare),
    Action("i", "Import", "import a fought Knight Hawks battle file's rosters back into the campaign", (Field("file", "Battle file", "path"),), _import),
    Action("x", "Export", "export today's battle as a Knight Hawks battle file, to fight turn by turn", (
        Field("system", "System", "", "system", choices=picks.fought), Field("file", "Battle file", "path to write"),
    ), _export),
)
