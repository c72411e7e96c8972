"""The words of a Starfleet Wars engagement's help (``?`` or F1) and of its table of keys in
docs/keys.md: what its Ships screen shows, what its keys do beyond their names, and the sections of the
supplement each follows, cited as the rules cite them. The keys are read from the screen's
bindings and actions (``referee.tui.help``). Dice & Tables and the Log are the campaign's.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.starfleet_wars import damage_control as dc
from referee.starfleet_wars import fortress as fo
from referee.starfleet_wars import special_damage as sd
from referee.starfleet_wars.combat import LIGHT_LASER_RULE, SENSORS_RULE
from referee.starfleet_wars.engagement import OUTLINE_RULE
from referee.starfleet_wars.power import POWER_RULE
from referee.starfleet_wars.ships import CAPTAC_RULE, SAPS_RULE, SGD_RULE, STARBOMBER_RULE
from referee.starfleet_wars.turn import RELOAD_RULE, TRACTOR_RULE
from referee.tui.help_text import DICE, LOG, About, Key

DATA_TABLE_RULE = "Starfleet Wars supplement, Data Table"
DAMAGE_RULE = "Starfleet Wars supplement: damage in power units (the Starbomber Example of Play: a particle weapon hit is 10 PU)"
FIRING_RULE = "Starfleet Wars, Table #2 (the Firing Table, not in our texts: the referee enters each hit)"

SHIPS = About(
    "the turn and what comes next (the ships and fortresses still to allocate, the special damage rolls owed before the next turn); "
    "every ship and starfortress in a roster, side by side, each fortress followed by its MADs (out of the fight greyed): power left "
    "with a bar, the factors fought with this turn, damage control teams, particle weapons on board and launched, light lasers left, "
    "a starbomber's or SAPS' hits of 4, CapTacs in tow; the card of the one under the cursor: power, maxima, this turn's allocation, "
    "the factors fought with, teams, weapons, a fortress's modules with their damage and CIDS, special damage. Special "
    "damage is sealed on the cards and in the Log (that a roll was made, not what it did) until `u` unseals it.",
    (OUTLINE_RULE, POWER_RULE, DAMAGE_RULE, sd.SPECIAL_DAMAGE_RULE, dc.DAMAGE_CONTROL_RULE),
    {
        "Join": Key(
            "The class is picked from the Data Table, the Starbomber and SAPS tables, or SF; the line under the fields says what the "
            "tables give. The Data Table leaves many cells unknown: those the rules need are asked in a second form, once a class "
            "(kept in the file for every ship of it).",
            (DATA_TABLE_RULE, STARBOMBER_RULE, SAPS_RULE),
            ("Data Table", "class", "starbomber", "SAPS"),
        ),
        "Allocate": Key(
            "The line under the fields shows the cost of the factors typed and what is left, or why the rules refuse them, as "
            "they are typed. A super galactic dreadnought adds its additional factors (till it has lost 75%); special damage "
            "takes factors off the calculated ones. A ship towing CapTacs gives its tractor beam's power units, one reloading "
            "its particle weapons the reload's (the base rulebook's figures: the supplement gives none); both count against "
            "the power left. Allocation is the turn's first step: once the firing phase began it waits for the next turn.",
            (POWER_RULE, SGD_RULE, fo.FACTORS_RULE, fo.SPEED_RULE, TRACTOR_RULE, RELOAD_RULE),
            ("power units", "allocation", "factors"),
        ),
        "Hit": Key(
            "Target and weapon are picked from lists (light lasers and CIDS only at craft smaller than destroyers). Losing more than "
            "20% calls for special damage each turn; teams are lost as the damage grows.",
            (DAMAGE_RULE, FIRING_RULE, STARBOMBER_RULE, SAPS_RULE, dc.DAMAGE_CONTROL_RULE),
            ("hits", "damage"),
        ),
        "Module hit": Key(
            "A particle weapon hit is 10 PU and a CapTac's 40 (and a special damage roll): the modules' shares add up to "
            "them (the first module's left blank takes the rest); offensive factors' PU come from the Firing Table. Aimed at a "
            "type of module, the attacker added 10 to his rolls and the damage goes to that type while one stands; a destroyed "
            "module takes no more, the rest goes to another (the second module).",
            (fo.ATTACKING_RULE, fo.MAATAC_RULE, CAPTAC_RULE),
            ("starfortress", "module"),
        ),
        "Launch": Key(
            "A ship with power units that launched before launches again once an allocation spent power reloading; so does a "
            "fortress's module (the fortress's allocation gives the reload PU). A fortress launches from the module picked "
            "(WP 6 a turn, 18 a game; MAWS 2 and 4; SAWS 2 and 2): only modules that may launch now are offered. "
            'A range typed (as measured) over 36" is refused while its main sensors are damaged.',
            (STARBOMBER_RULE, DATA_TABLE_RULE, RELOAD_RULE, SENSORS_RULE, fo.CRAFT_RULE),
            ("particle weapons", "reloads"),
        ),
        "Lasers": Key(
            'Each target marked takes the shots at each typed; the hits are entered after (h). A range typed over 12" is refused.',
            (LIGHT_LASER_RULE, SAPS_RULE, SENSORS_RULE),
            ("light lasers",),
        ),
        "Special damage": Key(
            "Through the dice dialog: the d%00 typed as rolled at the table (00-99, checked) or rolled for you, shown with "
            "its dice and result; its log line is sealed until u unseals it. The next turn waits for every roll owed. The roll "
            "for damage beyond 20% is step 9: the firing phase is over once one is made.",
            (sd.SPECIAL_DAMAGE_RULE, sd.THRESHOLD_RULE, fo.SPECIAL_RULE, CAPTAC_RULE),
            ("special damage",),
        ),
        "Damage control": Key(
            "A column that cannot help (nothing of that kind to repair) is asked first: Roll anyway y. The roll goes through "
            "the dice dialog; a fortress's power units are repaired on the module picked. Step 10: refused while a special "
            "damage roll is owed, and special damage waits for the next turn once a team tried.",
            (f"{dc.DAMAGE_CONTROL_RULE}, Table #1", f"{dc.DAMAGE_CONTROL_RULE}, Table #2", fo.TEAMS_RULE),
            ("damage control", "repair"),
        ),
        "Next": Key("Also a, from any screen. Timed special damage that ends is logged (sealed).", (OUTLINE_RULE, sd.SPECIAL_DAMAGE_RULE), ("next turn",)),
        "Tow": Key(
            "A fortress holds CapTacs in its beam: Beam PU is what the beam takes a turn from its LSS's power (asked the first time; 0 if your rulebook charges none). Until the firing phase is over.",
            (CAPTAC_RULE, fo.CAPTAC_RULE),
            ("CapTac", "tractor beam"),
        ),
        "Fire CapTac": Key(
            "Whether it hit is entered from the Firing Table; a hit on a ship is 40 PU and a special damage roll owed; on a fortress, its defender allocates the 40 PU among one or two modules.",
            (CAPTAC_RULE, fo.ATTACKING_RULE),
        ),
        "Release": Key(rules=(CAPTAC_RULE, fo.CAPTAC_RULE)),
        "MAD": Key("The modules offered are those it may move onto now.", (fo.SPEED_RULE, fo.MAATAC_RULE), ("Mobile Armed Destroyer",)),
        "Garrison": Key(rules=(fo.MAATAC_RULE,), topics=("Infantry units", "RAATAC")),
        "Shoot down": Key(
            "Offered until the ship or fortress launched a CapTac this turn (CIDS and starfighters fire on CapTacs before they are "
            "launched). One in a fortress's beam: its defender allocates the 25 PU among one or two modules.",
            (CAPTAC_RULE, fo.CAPTAC_RULE),
        ),
        "Attack craft": Key("Only modules with craft aboard are offered; each craft launched is a starfighter of the fortress's side (SF in the roster).", (fo.CRAFT_RULE,), ("attack craft",)),
        "Assault": Key("Counted over the turn, module by module; the line shows the module's CIDS die rolls against them.", (fo.CRAFT_RULE, fo.CIDS_RULE), ("assault",)),
        "Mobility lost": Key("The MAATAC Damage Table is the players'; once lost, the MAD is no longer offered to move (o).", (fo.MAATAC_RULE,), ("mobility",)),
        "Fortress": Key(
            "The module names (WP 1, LSS 2 ...) are numbered by kind in the order given; adjacent pairs decide CIDS loans.",
            (fo.POWER_RULE, fo.FACTORS_RULE, fo.CIDS_RULE, fo.MAATAC_RULE),
            ("build a fortress", "MAD"),
        ),
        "CIDS loan": Key("The lender is picked from the weapons modules with rolls left, the module from those adjacent to it.", (fo.CIDS_RULE,), ("CIDS",)),
        "unseal": Key(
            "show every side's special damage on the cards and in the Log (asked first: the players may be looking); again: seal it. For this session only: the app opens sealed.",
            (sd.SPECIAL_DAMAGE_RULE,),
            ("sealed", "secret"),
        ),
    },
    ("roster card", "engagement", "turn"),
)

SCREENS: Mapping[str, About] = {"ships": SHIPS, "dice": DICE, "log": LOG}
