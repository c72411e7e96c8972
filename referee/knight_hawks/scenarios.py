"""The bundled scenarios' special rules and victory conditions, and when a campaign battle is over.

A battle is known by its ``source`` (or its ``name``), as the four scenario files give them:

- Surprise Attack! (Basic Scenario 1), Evacuating Doliin Bay: "The Z'Gata must spend three complete
  game turns docked at Doliin Bay ... These three turns need not be consecutive"; "After Doliin Bay
  has been evacuated, the station's weapons cannot be used". Victory: "If the UPF player evacuates
  Doliin Bay and flies the Z'Gata off the map, the UPF has won this battle. Any other result is a
  Sathar victory."
- Close Escort (Advanced Scenario 1), Special Rule: "The Megasaurus must travel in a straight line at
  a speed of 5 hexes per turn until it has crossed the map ... it will leave the map". Victory: "The
  player who destroys all of his opponent's ships is the victor. If the Megasaurus escapes and all of
  the other UPF ships are destroyed, however, the game is a draw."
- The Stand (Advanced Scenario 2): all of the opponent's ships destroyed, the station counted as a
  ship; "the other side has only fighters remaining": a draw.
- The Battle of Fortress Kdikit (Basic Scenario 2): "Whichever fleet survives the battle is the
  victor. The space station is considered part of the UPF fleet"; only fighters remaining: a draw.
- A campaign battle (The Second Sathar War): over when one side has no ship left on the map,
  destroyed or escaped (Breaking Off Combat); the campaign judges what follows, so no winner here.

Readings (the book is silent): a ship that left the map is gone as a destroyed ship is, for "the
player who destroys all of his opponent's ships"; both sides gone at once is a draw; Doliin Bay
destroyed before it is evacuated ends Surprise Attack! as a Sathar victory, since it can no longer
be evacuated.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from referee.errors import RefereeError
from referee.knight_hawks.combat import MANUAL
from referee.knight_hawks.inputs import Refusal

if TYPE_CHECKING:
    from referee.knight_hawks.battle import Battle
    from referee.knight_hawks.roster import Ship

SURPRISE_ATTACK_RULE = f"{MANUAL}, Basic Game Scenarios, Scenario 1: Surprise Attack!"
FORTRESS_KDIKIT_RULE = f"{MANUAL}, Basic Game Scenarios, Scenario 2: The Battle of Fortress Kdikit"
CLOSE_ESCORT_RULE = f"{MANUAL}, Advanced Game Scenarios, Scenario 1: Close Escort"
THE_STAND_RULE = f"{MANUAL}, Advanced Game Scenarios, Scenario 2: The Stand"
CAMPAIGN_BOOK = "Knight Hawks Campaign Book: The Second Sathar War"
CAMPAIGN_OVER_RULE = f"{CAMPAIGN_BOOK}, Special Combat Rules: Breaking Off Combat"
EVACUATING_RULE = f"{SURPRISE_ATTACK_RULE}, Evacuating Doliin Bay"
EVACUATION_TURNS = 3
ESCORT_SPEED = 5
OVER = "the battle is over: "

# a scenario's words (its name, or the end of its source) -> its key, and the ships its rules name
SCENARIOS = {
    "surprise attack": ("surprise-attack", ("Z'Gata", "Doliin Bay")),
    "close escort": ("close-escort", ("Megasaurus",)),
    "the stand": ("the-stand", ()),
    "the battle of fortress kdikit": ("fortress-kdikit", ()),
}
VICTORY_RULES = {
    "surprise-attack": f"{SURPRISE_ATTACK_RULE}, Victory Conditions",
    "close-escort": f"{CLOSE_ESCORT_RULE}, Victory Conditions",
    "the-stand": f"{THE_STAND_RULE}, Victory Conditions",
    "fortress-kdikit": f"{FORTRESS_KDIKIT_RULE}, Victory Conditions",
}
GONE_READING = "a reading: a ship gone off the map counts as one its opponent no longer has to destroy"


class Verdict(NamedTuple):
    """How a battle ended: the winning side, "draw", or "" (a campaign battle: the campaign judges)."""

    winner: str
    reason: str
    rule: str

    def shown(self) -> str:
        who = {"draw": "a draw", "": "no winner named here"}.get(self.winner, f"{self.winner} victory")
        return f"{who}: {self.reason}"


def scenario(battle: Battle) -> str:
    """Which bundled scenario the battle is ("surprise-attack", "close-escort", "the-stand",
    "fortress-kdikit"), "campaign" for a campaign battle, or "" (its victory is the referee's to judge).
    A scenario is known only while the ships its rules name are in the battle."""
    if battle.source.startswith(CAMPAIGN_BOOK):
        return "campaign"
    names = {s.name for s in battle.ships}
    for text in (battle.source.rpartition(": ")[2], battle.name):
        found = SCENARIOS.get(re.sub(r"[^a-z ]", "", text.casefold()).strip())
        if found is not None and all(n in names for n in found[1]):
            return found[0]
    return ""


DEFENDER_MINES_RULE = f"{MANUAL}, Advanced Game: New Advanced Game Weapons, Mines ('The defending player can place mines in a hex before the game starts')"
STAND_MINES_RULE = f"{THE_STAND_RULE}, Setting Up ('The UPF player may also place mines and seeker missiles anywhere on the map')"
CAMPAIGN_MINES_RULE = (
    f"{CAMPAIGN_BOOK}, Special Combat Rules: Declaring Combat ('If the defender's ships include a minelayer, the defender may place all of its mines and seeker missiles before the battle begins')"
)


class Placing(NamedTuple):
    """Who may place mines and seeker missiles before the game starts, and how."""

    sides: tuple[str, ...]  # the sides that may
    from_load: bool  # each comes off a ship's load (a campaign battle: its rosters go back to the campaign)
    rule: str
    why_not: str = ""  # no side may: why


def placing(battle: Battle) -> Placing:
    """Who places mines and seekers before the game (New Advanced Game Weapons: "The defending player
    can place mines in a hex before the game starts"; seekers "are placed the same way mines are"):

    - The Stand: the UPF ("The UPF player may also place mines and seeker missiles anywhere on the
      map"); the book does not take them from the Z'Rak't Zoz's load, so they are not marked off.
    - A campaign battle: the defender, the side attacked (the attacker is Player A: Declaring Combat,
      "Whichever player declared the attack is the attacker, and moves first"), and only if its ships
      include a minelayer: "all of its mines and seeker missiles", so each comes off the load of the
      ship that carries it (the rosters go back into the campaign).
    - Any other battle: the book's scenarios name no defender, so either side, as the referee knows it.
    """
    found = scenario(battle)
    if found == "the-stand":
        return Placing(("UPF",), False, STAND_MINES_RULE)
    if found == "campaign":
        defender = battle.sides[1]
        if any(s.ship_class == "minelayer" for s in battle.afloat(defender)):
            return Placing((defender,), True, CAMPAIGN_MINES_RULE)
        return Placing((), True, CAMPAIGN_MINES_RULE, f"the {defender}'s ships include no minelayer: no mines or seekers are placed before the battle")
    return Placing(battle.sides, False, DEFENDER_MINES_RULE)


def _other(battle: Battle, side: str) -> str:
    return battle.sides[1] if side == battle.sides[0] else battle.sides[0]


def evacuated(battle: Battle) -> bool:
    """Surprise Attack!: the Z'Gata has spent three complete game turns docked at Doliin Bay."""
    return scenario(battle) == "surprise-attack" and battle.docked_turns_at("Z'Gata", "Doliin Bay") >= EVACUATION_TURNS


def verdict(battle: Battle) -> Verdict | None:
    """The battle's result by its scenario's victory conditions (None: not over, or a battle whose
    victory text the referee judges)."""
    found = scenario(battle)
    if found == "surprise-attack":
        return _surprise_attack(battle)
    if found == "close-escort":
        return _close_escort(battle)
    if found in ("the-stand", "fortress-kdikit"):
        return _last_fleet(battle, VICTORY_RULES[found])
    if found == "campaign":
        empty = [side for side in battle.sides if not battle.afloat(side)]
        if not empty:
            return None
        reason = f"{' and '.join(empty)} {'have' if len(empty) > 1 else 'has'} no ship left on the map (destroyed or escaped); import the battle: the campaign judges what follows"
        return Verdict("", reason, CAMPAIGN_OVER_RULE)
    return None


def _surprise_attack(battle: Battle) -> Verdict | None:
    zgata, station = battle.ship("Z'Gata"), battle.ship("Doliin Bay")
    upf, rule = zgata.side, VICTORY_RULES["surprise-attack"]
    sathar = _other(battle, upf)
    turns = battle.docked_turns_at(zgata.name, station.name)
    count = f"{turns} of {EVACUATION_TURNS} complete game turns docked"
    gone = battle.escape(zgata.name)
    if gone is not None and turns >= EVACUATION_TURNS:
        return Verdict(upf, f"Doliin Bay is evacuated ({count}) and the Z'Gata flew off the map in turn {gone.turn}", rule)
    if gone is not None:
        return Verdict(sathar, f"the Z'Gata flew off the map in turn {gone.turn} without evacuating Doliin Bay ({count}): any other result is a Sathar victory", rule)
    if zgata.destroyed:
        return Verdict(sathar, f"the Z'Gata is destroyed ({count}): it cannot fly off the map; any other result is a Sathar victory", rule)
    if station.destroyed and turns < EVACUATION_TURNS:
        return Verdict(sathar, f"Doliin Bay is destroyed before it was evacuated ({count}): it can no longer be evacuated (a reading); any other result is a Sathar victory", rule)
    return None


def _close_escort(battle: Battle) -> Verdict | None:
    freighter = battle.ship("Megasaurus")
    upf, rule = freighter.side, VICTORY_RULES["close-escort"]
    sathar = _other(battle, upf)
    upf_left, sathar_left = battle.afloat(upf), battle.afloat(sathar)
    if upf_left and sathar_left:
        return None
    if not upf_left and not sathar_left:
        return Verdict("draw", "no ship of either side is left on the map (a reading: neither destroyed all of the other's ships first)", rule)
    if not sathar_left:
        return Verdict(upf, f"every {sathar} ship is destroyed" + _fled(battle, sathar), rule)
    if battle.escape(freighter.name) is not None:
        return Verdict("draw", f"the Megasaurus escaped and all of the other {upf} ships are destroyed" + _fled(battle, upf, freighter.name), rule)
    return Verdict(sathar, f"every {upf} ship is destroyed" + _fled(battle, upf), rule)


def _fled(battle: Battle, side: str, but: str = "") -> str:
    """The side's ships that left the map instead of being destroyed, said as a reading."""
    gone = [e.ship for e in battle.escapes if e.ship != but and battle.ship(e.ship).side == side]
    return f" or gone off the map ({', '.join(gone)}; {GONE_READING})" if gone else ""


def _last_fleet(battle: Battle, rule: str) -> Verdict | None:
    """The Stand and Fortress Kdikit: the fleet that survives wins (the station counts as a ship);
    a side left with only fighters against none: a draw."""
    left = {side: battle.afloat(side) for side in battle.sides}
    beaten = [side for side in battle.sides if not left[side]]
    if not beaten:
        return None
    if len(beaten) == 2:
        return Verdict("draw", "no ship of either side is left on the map (a reading)", rule)
    loser = beaten[0]
    winner = _other(battle, loser)
    if all(s.ship_class == "fighter" for s in left[winner]):
        return Verdict("draw", f"all of the {loser} ships are destroyed{_fled(battle, loser)}, and {winner} has only fighters remaining", rule)
    return Verdict(winner, f"all of the {loser} ships are destroyed{_fled(battle, loser)}; {winner} has {_count(left[winner])} left", rule)


def _count(ships: tuple[Ship, ...]) -> str:
    fighters = sum(s.ship_class == "fighter" for s in ships)
    text = f"{len(ships)} ship{'s' if len(ships) != 1 else ''}"
    return text + (f" ({fighters} fighter{'s' if fighters != 1 else ''})" if fighters else "")


def standing(battle: Battle) -> str:
    """One line for the screen: how the battle stands against its victory conditions."""
    found = scenario(battle)
    over = verdict(battle)
    on_map = "on the map: " + ", ".join(f"{side} {_count(battle.afloat(side))}" for side in battle.sides)
    if found == "surprise-attack":
        turns = battle.docked_turns_at("Z'Gata", "Doliin Bay")
        line = f"Z'Gata docked {turns} of {EVACUATION_TURNS} complete turns at Doliin Bay"
        if turns >= EVACUATION_TURNS:
            line = f"Z'Gata docked {turns} complete turns at Doliin Bay ({EVACUATION_TURNS} needed): evacuated, its weapons cannot be used; the Z'Gata must fly off the map"
        elif battle.ship("Z'Gata").docked_at == "Doliin Bay":
            line += " (docked now)"
        text = f"{line}; {on_map}"
    elif found == "close-escort":
        freighter = battle.ship("Megasaurus")
        gone = battle.escape(freighter.name)
        where = (
            f"escaped in turn {gone.turn}"
            if gone
            else "destroyed"
            if freighter.destroyed
            else f"on the map at speed {freighter.speed} (a straight line at speed {ESCORT_SPEED} until it has crossed the map)"
        )
        text = f"Megasaurus {where}; {on_map}"
    elif found == "campaign":
        fled = ", ".join(f"{e.ship} (toward {e.toward or 'a system not yet named'})" for e in battle.escapes)
        text = on_map + (f"; escaped: {fled}" if fled else "")
    elif found:
        text = on_map
    else:
        text = f"{on_map}; victory as the battle's victory text says (the referee judges)"
    return f"{text}; {OVER}{over.shown()}" if over else text


def turn_ended(before: Battle, after: Battle) -> list[tuple[str, str]]:
    """Log lines (text, rule) for what the end of a game turn does under the scenario's special rules:
    Doliin Bay evacuated once the Z'Gata completes its third game turn docked there."""
    if evacuated(after) and not evacuated(before):
        text = (
            f"Doliin Bay is evacuated: the Z'Gata has spent {EVACUATION_TURNS} complete game turns docked there, and the station's "
            "crew is aboard; the station's weapons cannot be used, and the UPF wins by flying the Z'Gata off the map"
        )
        return [(text, f"{EVACUATING_RULE}; {VICTORY_RULES['surprise-attack']}")]
    return []


def may_fire(battle: Battle, firer: Ship) -> None:
    """Surprise Attack!: "After Doliin Bay has been evacuated, the station's weapons cannot be used"."""
    if firer.name == "Doliin Bay" and evacuated(battle):
        raise RefereeError(
            f"Doliin Bay has been evacuated (the Z'Gata spent {EVACUATION_TURNS} complete game turns docked there): "
            f"'After Doliin Bay has been evacuated, the station's weapons cannot be used' ({EVACUATING_RULE})"
        )


def may_move(battle: Battle, ship: Ship, speed: int, mr_used: int) -> tuple[str, str]:
    """Close Escort: the Megasaurus travels "in a straight line at a speed of 5 hexes per turn until it
    has crossed the map"; a move otherwise is refused. Returns a note for the log and its rule ("" for none).

    A navigation hit turns it against its will (Navigation Hit: "must turn ... in each hex it enters"):
    read as the damage overriding the special rule, and logged as a reading."""
    if scenario(battle) != "close-escort" or ship.name != "Megasaurus":
        return "", ""
    rule = f"{CLOSE_ESCORT_RULE}, Special Rule"
    if speed != ESCORT_SPEED:
        raise Refusal(
            f"the Megasaurus 'must travel in a straight line at a speed of {ESCORT_SPEED} hexes per turn until it has crossed the map' "
            f"({rule}): {{speed}}, not {speed}; once across it leaves the map ({{leave_map}})",
            "speed",
            wanted=ESCORT_SPEED,
            ship="Megasaurus",
        )
    if mr_used and "navigation" not in ship.damaged:
        raise Refusal(f"the Megasaurus 'must travel in a straight line' ({rule}): it makes no turns; {{mr}}, not {mr_used}", "mr", wanted=0)
    if mr_used:
        return "; the Megasaurus turns only as its navigation hit forces it (a reading: the damage overrides the special rule's straight line)", rule
    return f"; straight on at speed {ESCORT_SPEED}, as the special rule requires", rule


def left_map(battle: Battle, ship: Ship) -> tuple[str, str]:
    """What the scenario makes of a ship flying off the map: a note for the log and its rule ("" for none)."""
    if scenario(battle) == "close-escort" and ship.name == "Megasaurus":
        return "; it has crossed the map and is assumed to have reached the safety of the fortified station", f"{CLOSE_ESCORT_RULE}, Special Rule"
    if scenario(battle) == "surprise-attack" and ship.name == "Z'Gata":
        turns = battle.docked_turns_at(ship.name, "Doliin Bay")
        done = "Doliin Bay evacuated" if turns >= EVACUATION_TURNS else "Doliin Bay not evacuated"
        return f"; {done} ({turns} of {EVACUATION_TURNS} complete game turns docked)", EVACUATING_RULE
    return "", ""


def ended(battle: Battle) -> tuple[str, str] | None:
    """The log line (text, rule) saying the battle is over, once: when it has a verdict and its log
    does not say so yet."""
    found = verdict(battle)
    if found is None or any(e.text.startswith(OVER) for e in battle.log):
        return None
    return f"{OVER}{found.shown()}", found.rule
