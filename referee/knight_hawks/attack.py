"""One Knight Hawks attack from start to finish: chance, to-hit roll, and the damage it does.

Basic Game: a hit rolls the weapon's hull damage dice (Basic Game, Ship Damage).
Advanced Game: a hit rolls d100 + the weapon's DTM on the Damage Table; a hull hit then rolls the
weapon's HDR. The campaign's Basic Rules (``damage_table`` False) use the Advanced weapons and
Combat Table but ignore the Damage Table: every hit is a hull hit on the weapon's HDR (The Second
Sathar War, Orders of Battle). Given the target's roster, the result is applied to it with the book's
conversions to hull hits (referee.knight_hawks.effects); without one, the band's result is
reported as the table gives it.

:func:`damage` is the second half alone, for damage that needs no attack roll: a hit decided at
the table, a fire's damage roll (+20, 1d10 hull damage), a shatter drone (torpedo hit at -20,
5d10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from referee import dice
from referee.dice import Roll
from referee.knight_hawks.combat import MANUAL, Chance, Game, Outcome, Shot, chance_to_hit, resolve
from referee.knight_hawks.damage import HullDamage, damage_result, hull_damage, is_half
from referee.knight_hawks.effects import Effect, apply, effect_on
from referee.knight_hawks.roster import Ship
from referee.tables import Lookup, Tables

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

CAMPAIGN_BASIC_RULE = "The Second Sathar War, Orders of Battle (the Basic Rules, see Which Rules To Use?): 'The Advanced Game Damage Table and the repair rule are ignored'"


def hull_rule(game: Game) -> str:
    """The rule that makes every hit a hull hit: the Basic Game's, or the campaign's Basic Rules."""
    return f"{MANUAL}, Basic Game: Ship Damage" if game == "basic" else CAMPAIGN_BASIC_RULE


class Rolled(NamedTuple):
    """Results rolled at the table, where the referee gives them (None: roll for me)."""

    to_hit: str | None = None
    damage: str | None = None
    hull: str | None = None

    def check(self, hull_dice: str) -> None:
        """Refuse a roll entered that its dice cannot make (d100 to hit and on the Damage Table, the
        weapon's hull dice), before the step, whether or not the step comes to need it."""
        for expression, value in (("d100", self.to_hit), ("d100", self.damage), (hull_dice, self.hull)):
            if value is not None:
                dice.entered(expression, value)


class Damage(NamedTuple):
    """What one hit did: the Damage Table roll and row (Advanced), the effect, the hull dice."""

    weapon: str
    damage_roll: Roll | None
    found: Lookup | None
    dtm: int
    extra: int
    effect: Effect
    hull: HullDamage | None
    after: Ship | None
    change: str


class Attack(NamedTuple):
    shot: Shot
    chance: Chance
    outcome: Outcome
    hit: Damage | None = None

    @property
    def after(self) -> Ship | None:
        return self.hit.after if self.hit else None


def attack(shot: Shot, kh: Tables, rng: random.Random, target: Ship | None = None, rolled: Rolled = Rolled(), damage_table: bool = True) -> Attack:
    """Resolve one shot; with a ``target`` roster the damage is applied to it (``hit.after``).

    ``damage_table`` False: the campaign's Basic Rules, every hit a hull hit (:func:`damage`)."""
    chance = chance_to_hit(shot, kh)
    rolled.check(str(chance.weapon["hull_damage"]))
    name = str(chance.weapon["weapon"])
    outcome = resolve(chance, dice.take("d100", rng, rolled.to_hit, f"{name} to hit"))
    if not outcome.hit:
        return Attack(shot, chance, outcome)
    half = is_half(chance.weapon, chance.defense)
    hit = damage(kh, shot.game, name, str(chance.weapon["hull_damage"]), rng, target, rolled, half=half, damage_table=damage_table)
    return Attack(shot, chance, outcome, hit)


def damage(
    kh: Tables,
    game: Game,
    weapon: str,
    hull_dice: str,
    rng: random.Random,
    target: Ship | None = None,
    rolled: Rolled = Rolled(),
    half: bool = False,
    extra: int = 0,
    damage_table: bool = True,
) -> Damage:
    """The damage of one hit by ``weapon`` (its DTM, plus ``extra``), hull hits rolled on ``hull_dice``.

    No Damage Table in the Basic Game, nor under the campaign's Basic Rules (``damage_table``
    False): every hit is a hull hit."""
    rolled.check(hull_dice)
    if game == "basic":
        effect = Effect("hull", why="Basic Game: every hit is a hull hit")
        damage_roll, found, dtm = None, None, 0
    elif not damage_table:
        effect = Effect("hull", why="the campaign's Basic Rules ignore the Advanced Game Damage Table: every hit is a hull hit")
        damage_roll, found, dtm = None, None, 0
    else:
        damage_roll = dice.take("d100", rng, rolled.damage, f"{weapon} Damage Table roll")
        found, dtm = damage_result(kh, weapon, damage_roll, extra)
        effect = effect_on(target, found.row) if target is not None else Effect(str(found.row["effect"]))
    hull = None
    if effect.hull_hit:
        roll = dice.take(hull_dice, rng, rolled.hull, f"{weapon} hull damage")
        hull = hull_damage(roll, half, effect.kind == "hull-double")
    if target is None:
        return Damage(weapon, damage_roll, found, dtm, extra, effect, hull, None, "")
    after, change = apply(target, effect, hull.points if hull else 0)
    return Damage(weapon, damage_roll, found, dtm, extra, effect, hull, after, change)
