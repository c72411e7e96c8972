"""One Knight Hawks attack from start to finish: chance, to-hit roll, and the damage it does.

Basic Game: a hit rolls the weapon's hull damage dice (Basic Game, Ship Damage).
Advanced Game: a hit rolls d100 + the weapon's DTM on the Damage Table; a hull hit then rolls the
weapon's HDR. Given the target's roster, the result is applied to it with the book's
conversions to hull hits (referee.knight_hawks.effects); without one, the band's result is
reported as the table gives it.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from referee import dice
from referee.knight_hawks.combat import Chance, Outcome, Shot, chance_to_hit, resolve
from referee.dice import Roll
from referee.knight_hawks.damage import HullDamage, damage_result, hull_damage, is_half
from referee.knight_hawks.effects import Effect, apply, effect_on
from referee.knight_hawks.roster import Ship
from referee.tables import Lookup, Tables


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
    effect: Effect | None = None
    hull: HullDamage | None = None
    after: Ship | None = None
    change: str = ""


def attack(shot: Shot, kh: Tables, rng: random.Random, target: Ship | None = None, rolled: Rolled = Rolled()) -> Attack:
    """Resolve one shot; with a ``target`` roster the damage is applied to it (``after``)."""
    chance = chance_to_hit(shot, kh)
    name = str(chance.weapon["weapon"])
    outcome = resolve(chance, dice.take("d100", rng, rolled.to_hit, f"{name} to hit"))
    if not outcome.hit:
        return Attack(shot, chance, outcome, after=target)
    half = is_half(chance.weapon, chance.defense)
    hull_dice = str(chance.weapon["hull_damage"])
    if shot.game == "basic":
        effect = Effect("hull", why="Basic Game: every hit is a hull hit")
        damage_roll, found, dtm = None, None, 0
    else:
        damage_roll = dice.take("d100", rng, rolled.damage, f"{name} Damage Table roll")
        found, dtm = damage_result(kh, name, damage_roll)
        effect = effect_on(target, found.row) if target is not None else Effect(str(found.row["effect"]))
    hull = None
    if effect.hull_hit:
        roll = dice.take(hull_dice, rng, rolled.hull, f"{name} hull damage")
        hull = hull_damage(roll, half, effect.kind == "hull-double")
    if target is None:
        return Attack(shot, chance, outcome, damage_roll, found, dtm, effect, hull)
    after, change = apply(target, effect, hull.points if hull else 0)
    return Attack(shot, chance, outcome, damage_roll, found, dtm, effect, hull, after, change)
