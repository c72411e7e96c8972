"""Knight Hawks odds before any roll: exact fractions, not samples, read from the engine's own rules.

For a shot announced at one target, and for a volley of such shots at it:

- the chance to hit, with its parts (:func:`referee.knight_hawks.combat.chance_to_hit`) and the
  d100's Automatic Hits and Misses (01-05 always hits, 96-00 always misses);
- the hull damage of one hit: the weapon's hull dice, halved (rounded up) where the Combat Table
  stars the defense, doubled on a "double normal damage" result (:func:`damage.hull_damage`);
- Advanced Game: the chance of each Damage Table row, d100 + the weapon's DTM
  (:func:`damage.damage_result`), and what the row does to the target as it stands
  (:func:`effects.effect_on`: a hit on a system it lacks is a hull hit);
- the chance that the volley destroys the target: the distribution of the hull points it loses
  (a miss does 0), and the chance that they reach its hull;
- the chance that a damaged ship breaks apart (:func:`damage.breakup_chance`).

Basic Game, and the campaign's Basic Rules (``damage_table`` False): every hit is a hull hit on the
weapon's hull dice, as :func:`referee.knight_hawks.attack.damage` reads them.

Distributions are ``{points: Fraction}``, summing to 1. The convolution is written here: a sum of
NdS+K dice is the faces of one die added N times, then shifted by K.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import NamedTuple

from referee import dice
from referee.errors import RefereeError
from referee.knight_hawks.attack import hull_rule
from referee.knight_hawks.combat import MANUAL, Chance, Shot, chance_to_hit
from referee.knight_hawks.damage import breakup_chance, hull_damage, is_half
from referee.knight_hawks.effects import Effect, effect_on
from referee.knight_hawks.roster import Ship
from referee.tables import Row, Tables

Distribution = dict[int, Fraction]

AUTOMATIC_RULE = f"{MANUAL}, Combat: Automatic Hits and Misses"
HULL_HITS_RULE = f"{MANUAL}, Advanced Game: Damage, Hull Hits (breaking apart)"
DESTROYED_RULE = f"{MANUAL}, Ship Damage (a ship whose hull points are all gone is destroyed)"


class HitOdds(NamedTuple):
    """The chance to hit: the engine's target number with its parts, and the chance the d100 hits."""

    chance: Chance
    hit: Fraction
    reading: str
    rule: str


class HullOdds(NamedTuple):
    """The hull points one hull hit takes off: the weapon's dice, halved or doubled as the rules say."""

    dice: str
    half: bool
    double: bool
    points: Distribution
    reading: str


class RowOdds(NamedTuple):
    """One Advanced Damage Table row: the chance a hit reads it, and what it does to the target."""

    row: Row
    chance: Fraction
    effect: Effect
    hull: HullOdds | None  # the hull points of the row, when it is a hull hit on this target
    citation: str


class ShotOdds(NamedTuple):
    """One announced shot: to hit, the Damage Table rows (Advanced Game), and the hull points it takes off."""

    shot: Shot
    to_hit: HitOdds
    rows: tuple[RowOdds, ...]  # empty where every hit is a hull hit
    hull: HullOdds  # a plain hull hit of this weapon against this defense
    damage: Distribution  # hull points the shot takes off, a miss and every non-hull result 0
    rule: str


class VolleyOdds(NamedTuple):
    """A volley at one target: each shot's odds, the hull points lost, and the chance it is destroyed."""

    shots: tuple[ShotOdds, ...]
    hull: int
    lost: Distribution  # hull points lost, capped at the hull: ``hull`` means destroyed
    destroyed: Fraction
    reading: str
    rule: str


class BreakupOdds(NamedTuple):
    """The chance a damaged ship breaks apart as it uses ADF and MR points."""

    chance: Fraction
    reading: str
    rule: str


# -- dice ---------------------------------------------------------------------------------------


def dice_distribution(expression: str) -> Distribution:
    """Every total of ``expression`` (NdS+K, d100, sums of them) with its exact chance."""
    counts, ways = dice_counts(expression)
    return {total: Fraction(count, ways) for total, count in counts}


@lru_cache(maxsize=64)
def dice_counts(expression: str) -> tuple[tuple[tuple[int, int], ...], int]:
    """In how many of the ``ways`` the dice can fall each total comes up, lowest total first."""
    parsed = dice.parse(expression)
    counts = {parsed.modifier: 1}
    for group in parsed.dice:
        die = {group.sign * face: 1 for face in range(group.lowest // group.number, group.highest // group.number + 1)}
        for _ in range(group.number):
            counts = convolve(counts, die)
    return tuple(sorted(counts.items())), sum(counts.values())


def convolve(first: Mapping[int, int], second: Mapping[int, int]) -> dict[int, int]:
    """The counts of the sums of two independent whole-number outcomes."""
    out: dict[int, int] = {}
    for a, m in first.items():
        for b, n in second.items():
            out[a + b] = out.get(a + b, 0) + m * n
    return out


# -- one shot -----------------------------------------------------------------------------------


def hit_odds(shot: Shot, kh: Tables) -> HitOdds:
    """The chance to hit: the engine's chance (a forbidden shot is refused), read on every d100.

    A d100 of 5 or less always hits and 96 or more always misses (:func:`combat.resolve`): the
    chance counts 5 to 95 faces of the 100."""
    chance = chance_to_hit(shot, kh)
    faces = min(max(chance.total, 5), 95)
    if chance.total < 5:
        reading = f"{chance.total}% to hit: only 01-05 hits (automatic hit), {faces} in 100"
    elif chance.total > 95:
        reading = f"{chance.total}% to hit: 96-00 always misses, {faces} in 100"
    else:
        reading = f"{chance.total}% to hit: a d100 of {chance.total} or less hits, {faces} in 100"
    return HitOdds(chance, Fraction(faces, 100), reading, f"{chance.parts[0].rule}; {AUTOMATIC_RULE}")


def hull_odds(hull_dice: str, half: bool, double: bool = False) -> HullOdds:
    """The hull points of one hull hit, each total of the dice read by :func:`damage.hull_damage`."""
    counts, ways = hull_counts(hull_dice, half, double)
    points = {p: Fraction(n, ways) for p, n in counts.items()}
    how = hull_dice + (", halved (rounded up)" if half else "") + (", doubled" if double else "")
    return HullOdds(hull_dice, half, double, points, f"{how}: {min(points)} to {max(points)} hull points")


@lru_cache(maxsize=64)
def hull_counts(hull_dice: str, half: bool, double: bool) -> tuple[dict[int, int], int]:
    """The hull points of one hull hit, counted over the ``ways`` the dice fall (kept: not to be changed)."""
    totals, ways = dice_counts(hull_dice)
    counts: dict[int, int] = {}
    for total, count in totals:
        points = hull_damage(dice.Roll(hull_dice, (), 0, total, "entered"), half, double).points
        counts[points] = counts.get(points, 0) + count
    return counts, ways


def damage_table_odds(kh: Tables, weapon: str, half: bool, hull_dice: str, target: Ship | None = None, extra: int = 0) -> tuple[RowOdds, ...]:
    """Advanced Game: the chance of each Damage Table row for a hit by ``weapon``, d100 + DTM (+ ``extra``).

    The d100 faces each band holds once the modifier is added, as :func:`damage.damage_result`
    reads them (a figure outside the table is refused, as there). With a ``target``, each row's
    effect on it as it stands (:func:`effects.effect_on`): a hit on a system it lacks, or a
    second fire, is a hull hit."""
    dtm = kh.get("kh.damage-modifiers").row(weapon)["dtm"]
    if not isinstance(dtm, int):
        raise RefereeError(f"the {weapon} has no Damage Table Modifier")
    table = kh.get("kh.damage")
    modifier = dtm + extra
    table.band(1 + modifier), table.band(100 + modifier)  # refused as the engine refuses a figure off the table
    plain = hull_odds(hull_dice, half)
    double = hull_odds(hull_dice, half, True)
    out = []
    for row in table.rows:
        low, high = max(int(str(row["low"])) - modifier, 1), min(int(str(row["high"])) - modifier, 100)
        if low > high:
            continue
        effect = effect_on(target, row) if target is not None else Effect(str(row["effect"]))
        hull = (double if effect.kind == "hull-double" else plain) if effect.hull_hit else None
        roll = f"d100 {low:02d}-{high % 100:02d}" if low != high else f"d100 {low % 100:02d}"
        citation = f"{table.title} ({table.source}): {row['low']} to {row['high']}, {row['result']} ({roll} at {modifier:+d})"
        out.append(RowOdds(row, Fraction(high - low + 1, 100), effect, hull, citation))
    return tuple(out)


def shot_odds(shot: Shot, kh: Tables, target: Ship | None = None, damage_table: bool = True) -> ShotOdds:
    """Every chance of one announced shot, before any roll, as :func:`attack.attack` would resolve it.

    Advanced Game: only Damage Table rows that are hull hits on the target take off hull points;
    every other result (a drive, weapon or fire hit...) counts 0 here, though it harms the ship.
    ``damage_table`` False: the campaign's Basic Rules, every hit a hull hit."""
    to_hit = hit_odds(shot, kh)
    weapon = to_hit.chance.weapon
    name, hull_dice = str(weapon["weapon"]), str(weapon["hull_damage"])
    half = is_half(weapon, to_hit.chance.defense)
    hull = hull_odds(hull_dice, half)
    rows: tuple[RowOdds, ...] = ()
    plain, ways = hull_counts(hull_dice, half, False)
    # (d100 faces of the Damage Table, hull points counted over the hull dice's ways) for each result
    results: list[tuple[int, dict[int, int]]]
    if shot.game == "advanced" and damage_table:
        rows = damage_table_odds(kh, name, half, hull_dice, target)
        rule = f"{to_hit.rule}; Advanced Game Damage Table"
        double, _ = hull_counts(hull_dice, half, True)
        results = [(int(row.chance * 100), (double if row.hull.double else plain) if row.hull else {0: ways}) for row in rows]
    else:
        rule = f"{to_hit.rule}; {hull_rule(shot.game)}"
        results = [(100, plain)]
    # whole numbers over one denominator, the to-hit d100 x the Damage Table d100 x the hull dice
    hits = int(to_hit.hit * 100)
    counts = {0: (100 - hits) * 100 * ways}
    for faces, points in results:
        for p, n in points.items():
            counts[p] = counts.get(p, 0) + hits * faces * n
    damage = {p: Fraction(n, 100 * 100 * ways) for p, n in sorted(counts.items())}
    return ShotOdds(shot, to_hit, rows, hull, damage, rule)


# -- a volley -----------------------------------------------------------------------------------


def volley_odds(shots: Sequence[Shot], kh: Tables, target: Ship, damage_table: bool = True) -> VolleyOdds:
    """The odds of a volley announced at ``target``: the hull points it loses and the chance it is destroyed.

    Each shot is rolled on its own dice, so the hull points add up shot by shot; a ship loses at
    most the hull points it has (:func:`effects.apply`), so the distribution stops at its hull,
    which stands for "destroyed". Each shot's Damage Table rows are read against the target as it
    stands before the volley: a system lost to an earlier shot of the volley does not turn a later
    hit on it into a hull hit here (Advanced Game; non-hull results count 0 hull points)."""
    if not shots:
        raise RefereeError("announce at least one shot")
    if target.destroyed:
        raise RefereeError(f"the {target.name} is already destroyed")
    each = tuple(shot_odds(shot, kh, target, damage_table) for shot in shots)
    hull = target.hull
    denominator = 1
    lost = {0: 1}
    for odds in each:
        step = lcm(*(chance.denominator for chance in odds.damage.values()))
        counts = {points: chance.numerator * (step // chance.denominator) for points, chance in odds.damage.items()}
        summed = convolve(lost, counts)
        lost = {}
        for points, count in summed.items():
            lost[min(points, hull)] = lost.get(min(points, hull), 0) + count
        denominator *= step
    chances = {points: Fraction(count, denominator) for points, count in sorted(lost.items())}
    destroyed = chances.get(hull, Fraction(0))
    reading = f"{len(shots)} shot{'s' if len(shots) > 1 else ''} at the {target.name} (hull {hull}): destroyed with chance {chance_text(destroyed)}"
    rule = "; ".join(dict.fromkeys(o.rule for o in each)) + f"; {DESTROYED_RULE}"
    return VolleyOdds(each, hull, chances, destroyed, reading, rule)


def chance_text(chance: Fraction) -> str:
    """An exact chance as a referee reads it: the fraction while it is short (3/250 (1.2%)); a
    chance too small for a tenth of a percent as about 1 in so many, rounded to three figures."""
    if chance.denominator <= 10_000:
        return f"{chance} ({float(chance):.1%})"
    if chance >= Fraction(1, 1000):
        return f"{float(chance):.1%}"
    one_in = float(f"{float(1 / chance):.3g}")  # (three figures)
    return f"under 0.1% (about 1 in {one_in:,.0f})"


# -- breaking apart -----------------------------------------------------------------------------


def breakup_odds(ship: Ship, points_used: int) -> BreakupOdds:
    """The chance the ship breaks apart as it uses ``points_used`` ADF and MR points (Hull Hits).

    :func:`damage.breakup_chance` gives the percentage; the d100 breaks the ship on that or less,
    with no automatic results, so a chance above 100 is certain."""
    found = breakup_chance(ship.hull_start, ship.damage, points_used)
    return BreakupOdds(Fraction(min(found.chance, 100), 100), found.reading, HULL_HITS_RULE)
