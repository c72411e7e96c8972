"""The words of a Stellar Inferno scenario's help (``?`` or F1) and of its table of keys in the
README: what its Fleets screen shows, what its keys do beyond their names, and the sections of the
rules each follows. The keys are read from the screen's bindings and actions
(``referee.tui.help``). Dice & Tables and the Log are the campaign's.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.stellar_inferno import ground_combat as gc
from referee.stellar_inferno import recovery, setup
from referee.stellar_inferno import space_combat as sc
from referee.stellar_inferno import turn
from referee.stellar_inferno.odds import ODDS_RULE
from referee.stellar_inferno.scenario import SEQUENCE_RULE
from referee.tui.help_text import DICE, LOG, About, Key

FLEETS = About(
    "the turn, the phase and the side phasing, what the phase asks now (step losses to assign, recovery rolls owed, counters to "
    "enter) and what n brings next; the victory tally as it stands; every ship in a roster by hex, nearest the core first, with its "
    "side, hex, distance from the core, the factors of its current step and its steps left (a carried ship after its carrier, "
    "destroyed ones and counters not entered greyed); the card of the one under the cursor: each step's factors, point cost, steps "
    "lost this turn, cargo; and the planets with their terrain and economic control.",
    (SEQUENCE_RULE, setup.COUNTER_RULE, setup.CORE_RULE),
    {
        "Enter ship": Key("The counter is picked from those not entered, the phasing side's first; a step's factors are typed as on "
                          "the counter, A4 D5 M3 R5 (C and P from the scenario's Cargo and Planetary Gear lines unless given).",
                          (setup.COUNTER_RULE,), ("counter", "factors")),
        "Place": Key("The ships are marked in a list; the hex is typed (the hexes with ships and the planets' are suggested), its "
                     "distance from the core given once a hex.", (setup.CORE_RULE,), ("hex", "core")),
        "Attack": Key("The target hex is picked from those holding the other side's ships, the attackers marked; the line under the "
                      "fields shows the stack's defense and the attackers' ratings. A second form asks each attacker's range; the d6 "
                      "goes through the dice dialog (typed as rolled at the table, 1-6, or rolled for you). The log line gives the "
                      "odds row, the die and the step losses.", (sc.RANGE_RULE, sc.DEFENSE_RULE, sc.ORDER_RULE, ODDS_RULE), ("ship combat", "odds")),
        "Assign losses": Key("The ships of the stack are picked in the defender's order, each taking losses until destroyed; an only "
                             "ship, or losses that destroy the stack, are assigned by the attack itself.", (sc.STEPS_RULE,), ("step losses",)),
        "Recover": Key("Each attempt's two dice go through the dice dialog (the first and the second die of each attempt).",
                       (recovery.RULE, recovery.DOCK_RULE), ("damage recovery", "crippled")),
        "Next": Key("Also a, from any screen. Refused while step losses or cargo are owed; the final verdict is asked first.",
                    (SEQUENCE_RULE, turn.VICTORY_RULE), ("phase", "next turn", "victory")),
        "Velocity": Key(rules=(turn.FLEET_RULE,), topics=("fleet velocity",)),
        "Ground attack": Key("The planet is picked, then the phasing side's units and the other side's in the matchup; the losses are "
                             "then taken with referee si absorb.", (gc.ODDS_RULE, gc.TABLE_RULE, gc.LOSSES_RULE), ("ground combat",)),
    },
    ("fleets", "scenario", "turn"),
)

SCREENS: Mapping[str, About] = {"fleets": FLEETS, "dice": DICE, "log": LOG}
