"""The words of the help (``?`` or F1) and of the tables of keys in docs/keys.md for a campaign: what each
of its screens shows, what its keys do beyond their names, and the sections of the books each
follows, cited as the rules layer cites them (the words every kind shares: ``referee.tui.help_text``).
No Textual here.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.knight_hawks.repair import REPAIR_RULE as KH_REPAIRS
from referee.sathar_war import battles, fleets, movement, repairs, setup, supply, turn
from referee.sathar_war.frontier import MAP_RULE
from referee.sathar_war.victory import VICTORY_RULE
from referee.tui.help_text import DICE, LOG, About, Key

MOVE = Key(
    "The ships marked on the Forces screen (space), or the one under its cursor, come marked in its list; Toward is the place under the "
    "Map's cursor, else where the ships are already bound. Ships in different places bound for one place each go their own way there. "
    "A place further than a day's move is a journey the ships keep, a standing order: c goes on with every journey of the side moving, "
    "day after day, until they arrive (s on the Forces screen stops one; a new move changes it). "
    "Ships that move two or three boxes a day risk-jump: the d100 for each group against the Misjump Probability Table as it enters the jump box.",
    (movement.MOVEMENT_RULE, movement.TRANSIT_RULE, movement.RISK_RULE, movement.LIMITS_RULE, movement.INTERLOCKED_RULE, movement.MILITIA_RULE, movement.CIRCLES_RULE),
    ("risk jump", "misjump", "interlocked computers", "transit box", "militia ships", "Day One", "standing orders"),
)
CONTINUE = Key(
    "Every journey the side moving keeps (a move to a place further than a day's move keeps one) goes on one day, each group of ships "
    "its own way, by the same rules as a move ordered today; asked first, with what each group does, who arrives, and who may not go on "
    "today and why. A risk jump on the way asks its d100.",
    (movement.MOVEMENT_RULE, movement.TRANSIT_RULE, movement.RISK_RULE, movement.STANDING_RULE),
    ("standing orders",),
)
DOCK = Key("A ship docked a full day at a station with a construction centre is in its repair queue.", (fleets.DOCKING_RULE,))

CAMPAIGN = About(
    "the Time Record Track (this tenday's boxes, with Void returns, replacements and the tenday check marked), the step and the next "
    "thing to do (with the screen and key that does it), alerts, the victory tally, the sealed retreat condition and, revealed, how "
    "far it has come.",
    (turn.SEQUENCE_RULE, VICTORY_RULE, setup.SETUP_RULE),
    {
        "Advance": Key("Asked first (y), with what is still open in the step; ending the day, with what it will do.", (turn.SEQUENCE_RULE,), ("end the day", "Time Record Track")),
        "Override": Key(rules=(turn.SEQUENCE_RULE, movement.CIRCLES_RULE)),
        "Retreat": Key("Secret: sealed on this screen until s reveals it.", (setup.RETREAT_RULE,), ("retreat condition",)),
        "NOVA": Key(rules=(setup.NOVA_RULE,), topics=("Strike Force NOVA",)),
        "Continue": CONTINUE,
        "Drones": Key(rules=(setup.DRONES_RULE,), topics=("shatter drone",)),
        "secret": Key(
            "reveal the Sathar player's secret retreat condition on this screen (asked first: anyone at the table may be looking), and how far it has come; s again seals it.", (setup.RETREAT_RULE,)
        ),
    },
    ("tenday", "victory", "Strategic Turn Sequence"),
)

FORCES = About(
    "every ship and station, filtered by words or `side:` `fleet:` `at:` `type:` `state:`; the roster of the ship under the cursor as the book's roster form, with its supply path.",
    (setup.SETUP_RULE, fleets.SHEET_RULE, supply.SUPPLY_RULE),
    {
        "Move": MOVE,
        "Continue": CONTINUE,
        "Stop": Key("The ships stay where they are: in a transit box they coast, keeping their speed, until a move is ordered.", (movement.STOPPED_RULE,), ("standing orders",)),
        "Place": Key(rules=(setup.SATHAR_SETUP_RULE, setup.UPF_SETUP_RULE), topics=("set-up",)),
        "Join": Key(rules=(fleets.SHEET_RULE,), topics=("fleet",)),
        "Detach": Key(rules=(fleets.SHEET_RULE,)),
        "Dock": DOCK,
        "Land": Key(rules=(fleets.FIGHTERS_RULE,), topics=("fighters",)),
        "Launch": Key(rules=(fleets.FIGHTERS_RULE,)),
        "Edit": Key(rules=(battles.HAND_EDIT,), topics=("roster",)),
        "Replace": Key(rules=(turn.REPLACEMENTS_RULE,), topics=("replacements",)),
        "mark": Key("mark the ship under the cursor for the next action (or unmark it), and go down to the next."),
        "unmark": Key("unmark every ship marked."),
        "back": Key("from the filter, back to the list; in the list, unmark every ship."),
        "find": Key("filter the list: words of a ship's line, or side:upf, fleet:X, at:X, type:X, state:X (_ for a space); Enter goes back to the list."),
    },
)

MAP_SCREEN = About(
    "the Frontier Deployment Map drawn as the printed map lays it out: each system a star with its name, each route a dotted line "
    "with its transit boxes (`o`) and its two jump boxes (arrows pointing the way a ship jumps there), each Sathar Start Circle (`O`) "
    "with its red boxes, and a marker for each fleet or group of ships in its box, system or circle, with the side's letter and the "
    "number of ships (`S15` red, `U16` blue; `!`: one of them out of supply). The arrow keys move the cursor from place to place "
    "(systems, start circles, transit boxes; a click too), and the side panel shows the place under it: planets, stations with hull "
    "points, construction centre, occupants by fleet and planet; a start circle with the Sathar in it; a route box by box with who is "
    "in it and where it is heading; each side's supply and that of the ships there. All of the map at 160x50; at 80x24 a part of it "
    "that follows the cursor.",
    (MAP_RULE, movement.TRANSIT_RULE, movement.CIRCLES_RULE, supply.SUPPLY_RULE),
    {
        "Move": MOVE,
        "Continue": CONTINUE,
        "view": Key("show the list of places (systems, start circles, routes) instead of the picture, or the picture again, the cursor on the same place."),
    },
    ("Frontier Deployment Map", "supply", "start circle"),
)

REPAIRS = About(
    "every construction centre's queue with days to finish and today's allocation, captured and closed centres, the damaged ships not in a queue with their nearest open centre and the days to reach it (in the list too, after the queues), the Void with return days.",
    (repairs.REPAIR_RULE, repairs.UPF_REPAIRS_RULE, repairs.SATHAR_REPAIR_RULE),
    {
        "Order": Key(rules=(repairs.UPF_REPAIRS_RULE,), topics=("construction centre",)),
        "Dock": Key(
            "The ship under the cursor docks at the construction centre its line names (the ships listed: the damaged ones in a system with a "
            "centre open to them); at the system's other planet it goes to the centre's planet first, its day's move. " + DOCK.more,
            (fleets.DOCKING_RULE, repairs.UPF_REPAIRS_RULE, movement.MOVEMENT_RULE),
        ),
        "Space": Key("A hull repair that succeeds asks its 1d10 too; an override field takes the table's note.", (repairs.REPAIR_RULE, KH_REPAIRS), ("repairs in space",)),
        "Void": Key(rules=(repairs.SATHAR_REPAIR_RULE,), topics=("Sathar repair",)),
    },
)

BATTLES = About(
    "contested systems with the ships that may fight and the rules suggested by their number, today's declared attacks.",
    (battles.COMBAT_RULE, battles.DECLARING_RULE, battles.BREAKING_OFF_RULE),
    {
        "Declare": Key(rules=(battles.DECLARING_RULE,), topics=("declaring combat", "Which Rules To Use")),
        "Import": Key("Judged for victory and the retreat conditions.", (battles.COMBAT_RULE, battles.BREAKING_OFF_RULE, VICTORY_RULE)),
        "Export": Key("The commands referee kh ... -b FILE fight it; i takes it back.", (battles.COMBAT_RULE,)),
        "results": Key(
            "the results of the battle under the cursor in one table, a row for each ship that may have fought, prefilled from its roster; entered as one action.",
            (battles.COMBAT_RULE, battles.BREAKING_OFF_RULE, battles.DRONES_RULE),
            ("battle results",),
        ),
        "fight": Key(
            "fight the attack declared today in the system under the cursor on the battle screens, in a file beside the campaign (f again takes "
            "it up where it stood); c on its Ships screen closes it back into the campaign as one action.",
            (battles.COMBAT_RULE, battles.BREAKING_OFF_RULE),
        ),
    },
)

SCREENS: Mapping[str, About] = {
    "campaign": CAMPAIGN,
    "forces": FORCES,
    "map": MAP_SCREEN,
    "repairs": REPAIRS,
    "battles": BATTLES,
    "dice": DICE,
    "log": LOG,
}


# ---------------------------------------------------------------------- the campaign's own dialogs, by their class's name

DIALOGS: Mapping[str, About] = {
    "ResultsDialog": About(
        "The results of one battle fought on the table: a row for each ship that may have fought, prefilled from its roster, filled in "
        "as a spreadsheet is. Typing on a cell replaces its value; Enter keeps it and goes down (after Tab, to the column the row was "
        "begun in), Tab keeps it and goes right (Shift+Tab left), an arrow keeps it and goes that way; F2 edits the value the cell has; "
        "Esc drops what was typed; Delete empties a cell; space turns a y/n cell. Ctrl+A enters every row as one action (Ctrl+Z undoes "
        "it); Esc leaves, and what was typed is kept until it is entered. A ship left unchanged is not marked as having fought.",
        (battles.COMBAT_RULE, battles.BREAKING_OFF_RULE, battles.DRONES_RULE),
        title="A battle's results",
    ),
}
