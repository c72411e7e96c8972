"""The words of a Stellar Inferno scenario's help (``?`` or F1) and of its table of keys in
docs/keys.md: what its Fleets screen shows, what its keys do beyond their names, and the sections of the
rules each follows. The keys are read from the screen's bindings and actions
(``referee.tui.help``). Dice & Tables and the Log are the campaign's.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.stellar_inferno import boarding as bd
from referee.stellar_inferno import bombardment as bb
from referee.stellar_inferno import ground_combat as gc
from referee.stellar_inferno import maneuver_phase, matchups, mines, mines_phase, movement, optional_phase, planets, ramming, recovery, sensors, setup, ship_phase, turn
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno import space_combat as sc
from referee.stellar_inferno import supply as sp
from referee.stellar_inferno.odds import ODDS_RULE
from referee.stellar_inferno.scenario import SEQUENCE_RULE
from referee.tui.help_text import DICE, LOG, About, Key

FLEETS = About(
    "the turn, the phase and the side phasing, what the phase asks now (step losses to assign, recovery rolls owed, counters to "
    "enter) and what n brings next; the victory tally as it stands; every ship in a roster by hex, nearest the core first, with its "
    "side, hex, distance from the core, the factors of its current step and its steps left (a carried ship after its carrier, "
    "destroyed ones, those that left the map and counters not entered greyed); the card of the one under the cursor: each step's factors, point cost, steps "
    "lost this turn, cargo; and the planets with their terrain and economic control.",
    (SEQUENCE_RULE, setup.COUNTER_RULE, setup.CORE_RULE),
    {
        "Enter ship": Key(
            "The counter is picked from those not entered, the phasing side's first; a step's factors are typed as on "
            "the counter, A4 D5 M3 R5 (C and P from the scenario's Cargo and Planetary Gear lines unless given).",
            (setup.COUNTER_RULE,),
            ("counter", "factors"),
        ),
        "Place": Key(
            "The ships are marked in a list; the hex is typed (the hexes with ships and the planets' are suggested), its distance from the core given once a hex.", (setup.CORE_RULE,), ("hex", "core")
        ),
        "Leave map": Key(
            "The ship is picked from those in a hex, the phasing side's first; it leaves by fleet movement or by its maneuver, or the referee corrects the record. "
            "It keeps its row, greyed, marked left the map; its cargo goes with it.",
            (sh.LEAVE_RULE, SEQUENCE_RULE),
            ("leaving the map", "removed from the game"),
        ),
        "Attack": Key(
            "The target hex is picked from those holding the other side's ships, the attackers marked; the line under the "
            "fields shows the stack's defense and the attackers' ratings. A second form asks each attacker's range; the d6 "
            "goes through the dice dialog (typed as rolled at the table, 1-6, or rolled for you). The log line gives the "
            "odds row, the die and the step losses.",
            (sc.RANGE_RULE, sc.DEFENSE_RULE, sc.ORDER_RULE, ODDS_RULE),
            ("ship combat", "odds"),
        ),
        "Assign losses": Key(
            "The ships of the stack are picked in the defender's order, each taking losses until destroyed; an only ship, or losses that destroy the stack, are assigned by the attack itself.",
            (sc.STEPS_RULE,),
            ("step losses",),
        ),
        "Recover": Key(
            "Each attempt's two dice go through the dice dialog (the first and the second die of each attempt).", (recovery.RECOVERY_RULE, recovery.DOCK_RULE), ("damage recovery", "crippled")
        ),
        "Next": Key("Also a, from any screen. Refused while step losses or cargo are owed; the final verdict is asked first.", (SEQUENCE_RULE, turn.VICTORY_RULE), ("phase", "next turn", "victory")),
        "Velocity": Key(rules=(turn.FLEET_RULE,), topics=("fleet velocity",)),
        "Load": Key(
            "The carrier is picked from the phasing side's ships with a cargo rating, then the ships in its hex taken aboard.", (ship_phase.LOAD_RULE, sh.CARGO_RULE), ("cargo", "carried ships")
        ),
        "Unload": Key("The carrier is picked from those carrying ships, then the ships unloaded into its hex.", (ship_phase.LOAD_RULE,), ("cargo",)),
        "Cargo lost": Key(
            "The ship owing cargo is picked; the units, supply points and ships aboard it eliminates are given (or a ship aboard reduced a step); the line under the fields says what is owed.",
            (sh.CARGO_LOSS_RULE,),
            ("cargo", "step losses"),
        ),
        "Maneuver": Key(
            "The ship is picked from the phasing side's that have not manoeuvred this turn, the hexes moved typed, and "
            "the hex it reaches (with its distance from the core). A second form asks the hazards of the optional rules "
            "the scenario plays: overloaded engines, a grazing orbit's star, the asteroid hexes entered, Portborough's "
            "FFs out of range of their home CV; the dice (engines, radiation, a d6 an asteroid hex) through the dice dialog.",
            (movement.MANEUVER_RULE, movement.ENGINES_RULE, movement.GRAZING_RULE, movement.ASTEROID_RULE, maneuver_phase.HOME_RULE),
            ("individual ship maneuver", "asteroids", "grazing orbit", "overloading engines"),
        ),
        "Sweep": Key(
            "The hex is picked from those holding the other side's ships, the sweeping ships marked; a second form asks each "
            "one's range and the ships the owner reveals (blank: the lowest defense first). The sweepers may not manoeuvre.",
            (sensors.SENSORS_RULE, movement.SWEEP_RULE),
            ("sensors", "sensor sweep"),
        ),
        "Ram": Key(
            "The rammer is picked from the phasing side's ships sharing a hex with the other side's, the target from the slower "
            "ones there; the line under the fields gives the odds on Table 4 and the step losses each die reads. The ram's d6 "
            "and the ram back's go through the dice dialog.",
            (ramming.RAMMING_RULE, ramming.BACK_RULE),
            ("ramming",),
        ),
        "Board": Key(
            "The boarder is picked from the phasing side's ships sharing a hex with the other side's, the target from the slower ones there; it may not manoeuvre this turn.",
            (bd.BOARDING_RULE,),
            ("boarding",),
        ),
        "Boarding combat": Key(
            "In the boarder's Ground Combat phase: the boarding declared is fought on Table 5, the d6 through the dice dialog; each side then takes its losses with b on Planets.",
            (bd.RATINGS_RULE, bd.CAPTURE_RULE),
            ("boarding", "capture"),
        ),
        "Lay mines": Key("The ship is picked from the phasing side's with mine points aboard; the points join the side's mines in its hex.", (mines.LAY_RULE,), ("stealth mines",)),
        "Move mines": Key(
            "A minefield of the phasing side moved with its fleet movement; the hexes of the opponent's ships it enters or passes through are struck first (h).",
            (mines_phase.MOVE_RULE,),
            ("stealth mines",),
        ),
        "Mine strike": Key("The minefield and the hex of the opponent's ships it enters or passes through; a d6 a mine point through the dice dialog.", (mines.ATTACK_RULE,), ("stealth mines",)),
        "Stow": Key(
            "Mine and pack points put aboard a ship as cargo, in turn 1's Fleet Movement before the invader's part ends or aboard a ship still to arrive.",
            (optional_phase.STOW_RULE,),
            ("stealth mines", "bombardment packs", "cargo"),
        ),
        "Psi agent": Key(
            "A named agent aboard any ship entered, with his rating 1 to 9; the highest aboard adds his rating to the ship's attack and defense, never more than doubling them.",
            (optional_phase.PSI_RULE,),
            ("psi specialists",),
        ),
        "Transfer": Key(
            "The agent is picked from the phasing side's, then the ship in his ship's hex he moves to; neither ship may have done anything this turn but fleet movement.",
            (optional_phase.TRANSFER_RULE,),
            ("psi specialists",),
        ),
    },
    ("fleets", "scenario", "turn"),
)

PLANETS = About(
    "the turn, the phase and what it asks, as on Fleets; each planet with its hex and the side with economic control (its terrain "
    "in the card), then the ground units on its surface with their side, current attack-defense-maneuver and steps left; then the units "
    "aboard ships, those off the map and the counters not entered (greyed); the card of the planet under the cursor (each side's "
    "industrial and settled points and stockpile, the ships in its atmosphere and in orbit, surface bombardment) or of the unit (each "
    "step's factors); the ground losses owed.",
    (planets.ORBIT_RULE, planets.DEPLOY_RULE, sp.SUPPLY_RULE, gc.ODDS_RULE),
    {
        "Enter unit": Key(
            "A unit the scenario lists is suggested as its name is typed; a new name needs its side. Each step is typed "
            "attack-defense-maneuver as on the counter, full strength first; the unit is put on a planet, aboard a ship, "
            "or off the map until deployed.",
            (setup.COUNTER_RULE,),
            ("ground unit", "counter"),
        ),
        "Land": Key(
            "The ship is picked from the phasing side's in a planet's hex; it needs the planetary gear for the gravity.", (planets.GEAR_RULE, planets.ORBIT_RULE), ("atmosphere", "planetary gear")
        ),
        "Lift": Key(rules=(planets.ORBIT_RULE,), topics=("atmosphere",)),
        "Deploy": Key(
            "The ship carrying units is picked, then the units aboard put down: landed from the atmosphere, or dropped from orbit when drop-capable.", (planets.DEPLOY_RULE,), ("troops", "drop")
        ),
        "Stockpile": Key(rules=(sp.STOCKPILE_RULE,), topics=("supply points",)),
        "Supply": Key(
            "A planet where the phasing side has units not yet supplied this phase; the order (optional) says which go without when supply runs short: each unsupplied unit loses a step.",
            (sp.SUPPLY_RULE, sp.OUT_RULE, sp.DROP_RULE),
            ("ground supply",),
        ),
        "Deployment": Key(
            "The planet is picked from those with both sides on it and no deployment yet this phase; the units on its "
            "surface and the ships in its atmosphere are then deployed with m, and attacked by matchup.",
            (matchups.MATCHUPS_RULE,),
            ("deployment", "matchups"),
        ),
        "Match": Key(
            "The planet's deployment, then a unit (or at the last stage a surface ship) of the side whose move it is; the "
            "matchup it joins where the rules let it choose (blank opens a new one, or matches the one just opened), or "
            "nothing more, its rest to the reserve. The line under the fields shows the matchups and whose move is next.",
            (matchups.MATCHUPS_RULE,),
            ("matchup",),
        ),
        "Ground attack": Key(
            "The planet is picked from those with both sides on it; where its units are deployed, the matchup not yet "
            "attacked this phase, else the phasing side's units and the other side's in the matchup as laid out on the "
            "table; the line under the fields gives the totals and the odds. The d6 goes through the dice "
            "dialog; the losses are then taken with b.",
            (gc.ODDS_RULE, gc.TABLE_RULE, gc.MANEUVER_RULE),
            ("ground combat",),
        ),
        "Losses": Key(
            "The side owing losses is picked (the non-phasing side first) with any terrain it surrenders instead; a second form asks the steps each of its units or surface ships loses.",
            (gc.LOSSES_RULE, gc.SURRENDER_RULE),
            ("ground losses", "terrain"),
        ),
        "Bombard": Key("The planet is picked, the bombarding ships marked, each one's range asked next; the d6 through the dice dialog.", (bb.TERRAIN_RULE,), ("strategic bombardment",)),
        "Terrain losses": Key("How many of the losses owed to a planet's terrain fall on industrial points; the rest fall on settled.", (bb.TERRAIN_RULE,), ("terrain", "bombardment")),
        "Packs": Key(
            "The ship is picked from the phasing side's with pack points aboard in a planet's hex, then the planet and the "
            "points deployed: a temporary ground unit, expended when the turn is completed.",
            (bb.PACKS_RULE,),
            ("bombardment packs",),
        ),
        "Comet": Key("Raid on Terra's special rule: the planet whose hex the comet entered.", (ship_phase.COMET_RULE,), ("comet",)),
        "Next": Key("Also a, from any screen.", (SEQUENCE_RULE,), ("phase",)),
    },
    ("planets", "ground combat", "landing"),
)

SCREENS: Mapping[str, About] = {"fleets": FLEETS, "planets": PLANETS, "dice": DICE, "log": LOG}
