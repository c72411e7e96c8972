"""The words of a Knight Hawks battle's help (``?`` or F1) and of its table of keys in docs/keys.md:
what its Ships and Fire screens show, what their keys do beyond their names, and the sections of
the Tactical Operations Manual (and the Campaign Book, for a battle of the campaign) each follows,
cited as the battle engine cites them. The keys are read from the screens' bindings and actions
(``referee.tui.help``). Dice & Tables and the Log are every kind's (``referee.tui.help_text``).
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.knight_hawks.battle import DOCKED_RULE, SEQUENCE_RULE
from referee.knight_hawks.combat import MANUAL
from referee.knight_hawks.combat_phase import FIRE_RULE, WASTED_RULE
from referee.knight_hawks.movement import BREAKING_OFF_RULE, MASKING_RULE, NAVIGATION_RULE, OFF_THE_MAP, SPEED_RULE, START_SPEED_RULE, TURNING_RULE
from referee.knight_hawks.odds import AUTOMATIC_RULE, DESTROYED_RULE, HULL_HITS_RULE
from referee.knight_hawks.ordnance import NEW_WEAPONS_RULE, SEEKERS_RULE
from referee.knight_hawks.rearm import FIGHTERS_RULE, SCOUTS_RULE
from referee.knight_hawks.repair import REPAIR_RULE as REPAIRS
from referee.knight_hawks.scenarios import CAMPAIGN_MINES_RULE, CAMPAIGN_OVER_RULE, STAND_MINES_RULE
from referee.sathar_war.battles import DRONES_RULE
from referee.tui.help_text import DICE, LOG, About, Key

MINES_RULE = f"{NEW_WEAPONS_RULE}, Mines"
SCREENS_RULE = f"{MANUAL}, Advanced Game: New Advanced Game Defenses"
DOCKING_RULE = f"{MANUAL}, Space Stations (docking); Fighters"

NEXT = Key(
    "The next half of the turn, from every battle screen: the other side's half, the repair turn after every third turn (Advanced), the "
    "next turn. It asks first (y goes on) when it would pass over something the rules call for or that cannot be done once the half is "
    "over: the set-up, a ship with no move recorded, an active seeker not moved, a ship not repaired in the repair turn, shots announced "
    "and not fired (they go with the half). Fighters and assault scouts a complete game turn on board a base not attacked are rearmed as "
    "the turn ends (logged).",
    (SEQUENCE_RULE, FIGHTERS_RULE, SCOUTS_RULE),
    ("Sequence of Play", "rearm", "next half"),
)

SHIPS = About(
    "the turn and the half, what comes next in the Sequence of Play (movement, fire damage, defensive then offensive fire, the repair "
    "turn after every third turn); both sides' ships with their side, speed and hull points, and where the list has room a hull bar, ADF, "
    "MR and what they are doing (destroyed ones greyed; a column is left to the card rather than cut); "
    "the roster card of the ship under the cursor: hull, ADF, MR, DCR, weapons with ammunition and what fired this turn, defenses and "
    "the screen in use, damage and fires, docked, carried. Once the scenario's victory conditions say a side has won (or it is a draw), "
    "it says `OVER` with the verdict and the steps of play are refused: `c` closes a campaign battle, `Ctrl+Z` takes back the last step.",
    (SEQUENCE_RULE, f"{MANUAL}, Basic Game: Movement", HULL_HITS_RULE),
    {
        "Move": Key(
            "Players move the counters; the table records the side's moves and checks each: its speed now and the turns it made are "
            "typed, the ADF points used (the change of speed) and the MR points (the turns) are worked out beside them: at most the "
            "ship's ADF in change of speed, at most its MR in turns, one turn a hex; a masking screen ends when the ship changes speed "
            "or turns. A blank speed leaves a ship to move later; Ctrl+A records the rest as one action.",
            (SPEED_RULE, TURNING_RULE, MASKING_RULE, HULL_HITS_RULE),
            ("movement", "ADF", "MR"),
        ),
        "Starting speeds": Key("Every ship with a speed of its own, both sides, in one table at the scenario's speed; Ctrl+A sets them as one action, a log line a side.", (START_SPEED_RULE,)),
        "Off the map": Key(
            "A ship that left can no longer fire, be fired at, launch ICMs, dock, move or repair.",
            (OFF_THE_MAP["basic"], OFF_THE_MAP["advanced"], BREAKING_OFF_RULE),
            ("breaking off combat", "escape"),
        ),
        "Next": NEXT,
        "Fires": Key(rules=(FIRE_RULE,), topics=("electrical fire",)),
        "Screens": Key(rules=(MASKING_RULE, SCREENS_RULE), topics=("masking screen", "electron screen", "proton screen", "stasis screen")),
        "Dock": Key(rules=(DOCKING_RULE, DOCKED_RULE), topics=("docking",)),
        "Navigation": Key(rules=(NAVIGATION_RULE,), topics=("navigation hit",)),
        "Break apart": Key(rules=(HULL_HITS_RULE,), topics=("breaking apart",)),
        "Repair": Key(rules=(REPAIRS,), topics=("repair turn", "DCR")),
        "Lay mines": Key(
            "Secret (the player's view shows them to their side only). Placed by: the list offers who may place them now.", (MINES_RULE, STAND_MINES_RULE, CAMPAIGN_MINES_RULE), ("mines", "minelayer")
        ),
        "Mines attack": Key(rules=(MINES_RULE,)),
        "Place seekers": Key(
            "Secret (the player's view shows them to their side only). Placed by: the list offers who may place them now.", (SEEKERS_RULE, STAND_MINES_RULE, CAMPAIGN_MINES_RULE), ("seeker missile",)
        ),
        "Seeker": Key(rules=(SEEKERS_RULE,)),
        "Drone": Key(rules=(DRONES_RULE,), topics=("shatter drone",)),
        "close": Key(
            "only a battle fought from a campaign (f on its Battles screen): asked first, every roster, loss and round of ammunition goes "
            "back into the campaign as one action in its log (Ctrl+Z there takes it back), judged for victory and the retreat conditions.",
            (CAMPAIGN_OVER_RULE,),
            ("close the battle",),
        ),
    },
    ("roster card", "hull points"),
)

FIRE = About(
    "a side's shots, announced before any die is rolled, each with its target and chance to hit (its firer, weapon and report where "
    "the list has room); beside the shot under the cursor, the shot in full and the exact odds "
    "of every shot at its target (the chance to hit with its parts, the hull damage, each Damage Table row, the hull points lost and the "
    "chance the target is destroyed). A shot the rules forbid (a torpedo out of its owner's phase, a docked ship's forward-firing weapon, "
    "a weapon fired twice in a half) is refused when it is announced.",
    (f"{MANUAL}, Combat: Aiming Weapons", f"{MANUAL}, Combat: Range Diffusion", f"{MANUAL}, Combat: Head-On Shots", f"{MANUAL}, Defenses: Interceptor Missiles", AUTOMATIC_RULE, DESTROYED_RULE),
    {
        "next": NEXT,
        "announce": Key(
            "firer, weapon and target are picked from lists of what may fire and be fired at; the ship launching ICMs from the ships "
            "that may defend the target; their number, the range, head-on, evasion and gunnery typed as the map shows them.",
            (
                f"{MANUAL}, Combat: Aiming Weapons",
                f"{MANUAL}, Combat: Range Diffusion",
                f"{MANUAL}, Combat: Head-On Shots",
                f"{MANUAL}, Defenses: Interceptor Missiles",
                f"{MANUAL}, Combat: Evasive Maneuvers",
            ),
            ("shot", "ICM", "to hit", "odds"),
        ),
        "drop": Key("drop the shot under the cursor from the volley."),
        "clear": Key("drop every shot announced."),
        "fire": Key(
            "roll the shots announced as one volley: the to-hit rolls first, then the damage rolls of the hits. A shot at a ship an earlier shot destroyed is wasted and still spends its ammunition.",
            (WASTED_RULE, f"{MANUAL}, Basic Game: Ship Damage", f"{MANUAL}, Advanced Game: Damage Table", DESTROYED_RULE),
            ("volley", "wasted shot"),
        ),
    },
    ("combat", "Damage Table"),
)

SCREENS: Mapping[str, About] = {
    "ships": SHIPS,
    "fire": FIRE,
    "dice": DICE._replace(keys={**DICE.keys, "next": NEXT}),
    "log": LOG._replace(keys={**LOG.keys, "next": NEXT}),
}
