"""Everything the referee can do to the campaign from the app: each action's fields, and how the
typed values become a call into the rules layer (``referee.sathar_war``). No Textual here: the
dialogs show the fields, and the same builders are tested directly. The words they are made of
(``Action``, ``Field``, the readers of typed values) are every kind's: ``referee.tui.forms``.

A builder returns a *step*: ``step(rng, rolled) -> Done`` (see ``referee.tui.forms``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path

from referee.errors import RefereeError
from referee.sathar_war import battles, fleets, movement, repairs, setup, turn
from referee.sathar_war.campaign import SIDE_OF, Campaign, Done, done
from referee.tables import Tables
from referee.tui.campaign import picks
from referee.tui.forms import Action, Field, FieldError, Values, codes, flag, groups, names, needed, number, spent, text
from referee.tui.repair_turn import allotted

Step = Callable[[random.Random, Mapping[str, str]], Done]


def outcome(values: Values) -> battles.Outcome:
    return battles.Outcome(
        hull=number(values, "hull", 0),
        adf=number(values, "adf", 0),
        mr=number(values, "mr", 0),
        dcr=number(values, "dcr", 0),
        lost_systems=codes(values, "lost"),
        damaged=tuple(d.lower() for d in codes(values, "damaged")),
        spent=spent(values, "spent"),
        destroyed=flag(values, "destroyed"),
        detonated=flag(values, "detonated"),
        escaped=text(values, "escaped"),
        aboard=text(values, "aboard"),
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
    side = SIDE_OF.get(campaign.step)
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
    from referee import storage
    from referee.knight_hawks import battle_file

    path = Path(needed(v, "file", "the Knight Hawks battle file"))
    try:
        fought = battle_file.from_dict(storage.read(path, "battle"), t)
    except RefereeError as error:
        raise FieldError("file", str(error)) from None
    return no_dice(lambda: battles.from_battle(c, fought))


OUTCOME_FIELDS = (
    Field("hull", "Hull points left", "blank: unchanged"),
    Field("adf", "ADF left", "blank: unchanged"),
    Field("mr", "MR left", "blank: unchanged"),
    Field("dcr", "DCR left", "blank: unchanged"),
    Field("lost", "Weapons/defenses destroyed", "LB, T, ES ..."),
    Field("damaged", "Damaged systems", "combat-control, navigation, electrical-fire ..."),
    Field("spent", "Ammunition spent", "T=2, ICM=3"),
)

CAMPAIGN = (
    Action("a", "Advance", "the next step of the turn sequence (from step 4: the end of the day)", (), _advance, ask=advance_question),
    Action("o", "Override", "advance, setting aside the reading of the start circle limit where the table agrees otherwise (logged with the note)", (OVERRIDE,), _advance_over),
    Action(
        "t",
        "Retreat",
        "choose the Sathar player's secret retreat condition (set-up)",
        (Field("condition", "Condition", "ssw.retreat-conditions: the Sathar fleet will retreat if ...", choices=picks.retreat_conditions),),
        _retreat,
    ),
    Action("n", "NOVA", "place Strike Force NOVA onto the map by 1d10 (after the Sathar set-up, or before any UPF move)", (), _nova),
    Action(
        "w",
        "Drones",
        "shatter drones: a side's two frigates chosen as shatter drones (optional rule)",
        (
            Field("side", "Side", "Sathar or UPF", choices=picks.sides),
            NAMES._replace(label="Two frigates", choices=picks.drones, fill=""),
        ),
        _drones,
    ),
)
MOVE = Action(
    "m",
    "Move",
    "move ships or fleets one day toward any place, each group its own way; a journey further than a day is kept (c goes on with it); a risk jump rolls for misjumps",
    (
        pick_ships(picks.movable),
        Field("toward", "Toward", "where they head", "system", choices=picks.destinations, default=picks.bound_for),
        Field("rate", "Boxes a day", "as they go (1 from a system)", choices=picks.rates, default=picks.bound_rate),
        Field("planet", "Planet", "where to stop in the system they are bound for", choices=picks.stop_planets, default=picks.bound_planet),
        Field("groups", "Interlocked groups", "A,B;C,D - blank: all together"),
    ),
    _move,
)
CONTINUE = Action(
    "c", "Continue", "continue the journeys: every journey the side moving keeps goes on one day, each group its own way (asked first, with what each does)", (), _carry_on, ask=journeys_question
)
STOP = Action("s", "Stop", "stop a journey: ships give up the journey they keep: they stay where they are (in a transit box, coasting)", (pick_ships(picks.bound),), _stop)
FORCES = (
    MOVE,
    CONTINUE,
    STOP,
    Action(
        "p",
        "Place",
        "Sathar ships into a start circle, or non-attached UPF ships at a planet (set-up)",
        (
            pick_ships(picks.placeable, with_fleets=False),
            Field("circle", "Start circle", "Sathar: the circle", choices=picks.circles),
            Field("planet", "Planet", "UPF non-attached: the planet", choices=picks.planets),
        ),
        _place,
    ),
    Action(
        "j",
        "Join",
        "join a fleet: ships or a whole fleet join a fleet (form, merge, transfer)",
        (
            Field("fleet", "Fleet", "its name; a new name forms one", suggest=lambda c, v: [(f, f) for f in c.fleets()]),
            pick_ships(picks.in_fleet_ship),
        ),
        _join,
    ),
    Action("x", "Detach", "ships leave their fleet; a fleet's name disbands it", (pick_ships(picks.in_a_fleet),), _detach),
    Action("k", "Dock", "dock at the planet's station (repair queue): the ships at the planet of the ship chosen", (NAMES._replace(choices=picks.dockable_there),), _dock),
    Action(
        "l",
        "Land",
        "land fighters aboard a carrier or station",
        (
            pick_ships(picks.fighter_out, with_fleets=False),
            Field("on", "Carrier or station", "its name", choices=picks.bases),
        ),
        _land,
    ),
    Action("o", "Launch", "launch fighters: leave their carrier or station", (pick_ships(picks.launchable, with_fleets=False),), _launch, shown=False),
    Action("e", "Edit", "edit a roster: correct a roster by hand (logged)", (SHIP, *OUTCOME_FIELDS), _edit),
    Action(
        "r",
        "Replace",
        "bring back a destroyed UPF ship owed by the replacements, at its fortress or fortified station",
        (
            pick_ship(picks.replaceable),
            Field("at", "At", "the fortress or fortified station", choices=picks.owed_stations),
        ),
        _replace,
    ),
)
REPAIRS = (
    Action(
        "o",
        "Order",
        "repair order: today's work for a ship: hull points, or one system",
        (
            pick_ship(picks.queued),
            Field("hull", "Hull points", "from its centre's capacity"),
            Field("system", "Or one system", "adf, mr, LB, navigation ..."),
        ),
        _order,
    ),
    Action(
        "k",
        "Dock",
        "dock a ship for repair at the construction centre its line names (at that system's other planet: it goes to the centre's first, its day's move)",
        (
            pick_ship(picks.to_dock_for_repair),
            Field("centre", "Construction centre", "in the ship's system", choices=picks.centres_here, default=picks.centre_here),
        ),
        _dock_at,
    ),
    Action(
        "s",
        "Space",
        "repairs in space: one repair turn of the ship's own DCR after each battle it fought today, each repair rolled on d100",
        (
            pick_ship(picks.repairs_in_space),
            Field("repairs", "DCR points a repair", "hull=10, adf=5, LB=20 (blocks on ADF or MR: adf=5, adf=5)"),
            OVERRIDE,
        ),
        _space,
    ),
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
    Action(
        "d",
        "Declare",
        "declare an attack: the side whose attack step it is declares an attack",
        (
            Field("system", "System", "the contested system", "system", choices=picks.contested),
            Field("planet", "Planet", "in a two-planet system", choices=picks.battle_planets),
            NAMES._replace(name="ships", label="Only these ships", hint="none marked: all there", fill="", choices=picks.attackers),
            Field("rules", "Rules", "blank: the chart's suggestion", choices=picks.game_rules),
        ),
        _declare,
    ),
    Action("i", "Import", "import a fought Knight Hawks battle file's rosters back into the campaign", (Field("file", "Battle file", "path"),), _import),
    Action(
        "x",
        "Export",
        "export today's battle as a Knight Hawks battle file, to fight turn by turn",
        (
            Field("system", "System", "", "system", choices=picks.fought),
            Field("file", "Battle file", "path to write"),
        ),
        _export,
    ),
)
