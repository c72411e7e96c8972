"""One Knight Hawks attack from start to finish: chance, to-hit roll, and the damage it does.

Basic Game: a hit rolls the weapon's hull damage dice (Basic Game, Ship Damage).
Advanced Game: a hit rolls d100 + the weapon's DTM on the Damage Table; a hull hit then rolls the
weapon's HDR, and a weapon or defense hit takes the first listed system the target has, or
becomes a hull hit when it has none (Advanced Game, Damage). Without a target ship class the
band's result is reported as the table gives it.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from referee import dice
from referee.knight_hawks.combat import Chance, Outcome, Shot, chance_to_hit, resolve
from referee.knight_hawks.damage import HULL_EFFECTS, HullDamage, damage_result, hull_damage, is_half, system_hit, systems_of
from referee.dice import Roll
from referee.tables import Lookup, Row, Tables


class Rolled(NamedTuple):
    """Results rolled at the table, where the referee gives them (None: roll for me)."""

    to_hit: str | None = None
    damage: str | None = None
    hull: str | None = None


class Attack(NamedTuple):
    shot: Shot
    chance: Chance
    outcome: Outcome
    damage_roll: Roll | None = None
    damage: Lookup | None = None
    dtm: int = 0
    system: str | None = None
    hull: HullDamage | None = None
    hull_reason: str = ""


def attack(shot: Shot, kh: Tables, rng: random.Random, target: Row | None = None, rolled: Rolled = Rolled()) -> Attack:
    """Resolve one shot; ``target`` is the target's ship class row (for weapon and defense hits)."""
    chance = chance_to_hit(shot, kh)
    name = str(chance.weapon["weapon"])
    outcome = resolve(chance, dice.take("d100", rng, rolled.to_hit, f"{name} to hit"))
    if not outcome.hit:
        return Attack(shot, chance, outcome)
    half = is_half(chance.weapon, chance.defense)
    hull_dice = str(chance.weapon["hull_damage"])
    if shot.game == "basic":
        points = hull_damage(dice.take(hull_dice, rng, rolled.hull, f"{name} hull damage"), half)
        return Attack(shot, chance, outcome, hull=points, hull_reason="Basic Game: every hit is a hull hit")
    damage_roll = dice.take("d100", rng, rolled.damage, f"{name} Damage Table roll")
    found, dtm = damage_result(kh, name, damage_roll)
    effect, system, reason = str(found.row["effect"]), None, ""
    if effect in HULL_EFFECTS:
        reason = "Damage Table hull hit"
    elif effect in ("weapon", "defense") and target is not None:
        priority = found.row["systems"]
        system = system_hit([str(s) for s in priority] if isinstance(priority, list) else [], systems_of(target))
        if system is None:
            reason = f"the {target['ship']} has none of the listed systems: a hull hit (Weapon System Hit)"
    if not reason:
        return Attack(shot, chance, outcome, damage_roll, found, dtm, system)
    roll = dice.take(hull_dice, rng, rolled.hull, f"{name} hull damage")
    return Attack(shot, chance, outcome, damage_roll, found, dtm, system, hull_damage(roll, half, effect == "hull-double"), reason)
