"""Knight Hawks combat: a shot's chance to hit, with every part cited, and the d100 that decides it.

The referee reports what the map shows (range, head-on or not, ICMs launched, evasion, the
defenses in use); these functions read the Combat Table and the attack modifiers of the
Tactical Operations Manual:

- Base chance: the Combat Table (Basic or Advanced; the Advanced shaded figure with Gunnery
  skill) against the target's most effective defense in use (Basic Game, Combat Table), except
  that a defense which *attracts* the weapon is used instead (Advanced Game, Defenses, NOTE). The
  table itself shows which do: a higher chance than against no defense at all - the proton screen
  for electron beams, the electron screen for proton beams, and the stasis screen for torpedoes,
  mines and seekers ("missiles and rockets ... home in with increased accuracy").
- A firer inside a masking screen shoots its lasers as if the target were masked (Masking Screen).
- Head-on +10 for forward-firing weapons; range diffusion -5 x range for RD weapons; ICMs x the
  weapon's ICM modifier; evasive manoeuvres -5 x MR against torpedoes; combat control hit and
  disastrous fire -10 each (Advanced Damage Table).
- Within range, a d100 of 5 or less always hits and 96 or more always misses (Automatic Hits and
  Misses); otherwise the shot hits on the chance or less.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from referee.dice import Roll
from referee.errors import RefereeError
from referee.knight_hawks.inputs import Refusal
from referee.tables import Row, Table, Tables

Game = Literal["basic", "advanced"]
LASERS = ("laser cannon", "laser battery")
MANUAL = "Knight Hawks Tactical Operations Manual"


class Shot(NamedTuple):
    """What the referee reports about one shot."""

    game: Game
    weapon: str
    defenses: tuple[str, ...] = ("reflective hull",)
    range: int | None = None
    head_on: bool = False
    icms: int = 0
    evading_mr: int = 0
    firer_masked: bool = False
    combat_control_hit: bool = False
    disastrous_fire: bool = False
    gunnery: bool = False


class Part(NamedTuple):
    """One term of the chance to hit: how much it adds and which rule says so."""

    change: int
    what: str
    rule: str


class Chance(NamedTuple):
    """The chance to hit and its parts; ``weapon`` and ``defense`` are the table rows used."""

    weapon: Row
    defense: str
    parts: tuple[Part, ...]

    @property
    def total(self) -> int:
        return sum(p.change for p in self.parts)


class Outcome(NamedTuple):
    """Hit or miss, the roll that decided it, and the rule that read it."""

    hit: bool
    roll: Roll
    reading: str


def combat_table(kh: Tables, game: Game) -> Table:
    return kh.get("kh.combat-basic" if game == "basic" else "kh.combat-advanced")


def restrictions(kh: Tables, game: Game, weapon: str) -> Row:
    """The weapon's FF/RD/MPO/LTD flags and range (Basic weapons, or Weapon Restrictions)."""
    return kh.get("kh.weapons-basic" if game == "basic" else "kh.weapon-restrictions").row(weapon)


def chance_to_hit(shot: Shot, kh: Tables) -> Chance:
    """The chance to hit, term by term; a shot the rules forbid is refused with the rule."""
    table = combat_table(kh, shot.game)
    weapon = table.row(shot.weapon)
    name = str(weapon["weapon"])
    flags = restrictions(kh, shot.game, name)
    _check(shot, name, flags)
    defense, value, why = _defense_used(shot, table, weapon)
    book = "Advanced Game Combat Table" if shot.game == "advanced" else "Basic Game Combat Table"
    variant = " (Gunnery skill, shaded figure)" if shot.gunnery else ""
    parts = [Part(value, f"{name} against {table.column(defense).label}{variant}: {why}", f"{MANUAL}, {book}")]
    if shot.head_on:
        parts.append(Part(10, "head-on shot (forward-firing weapon, centre row)", f"{MANUAL}, Combat: Head-On Shots"))
    if flags["rd"] and shot.range:
        parts.append(Part(-5 * shot.range, f"range diffusion: {shot.range} hexes x 5%", f"{MANUAL}, Combat: Range Diffusion"))
    if shot.icms:
        per = weapon["icm"]
        if not isinstance(per, int):
            raise RefereeError(f"ICMs have no effect on the {name} (the Combat Table's ICM column is empty)")
        parts.append(Part(per * shot.icms, f"{shot.icms} ICMs x {per}", f"{MANUAL}, Defenses: Interceptor Missiles; {book}, ICM column"))
    if shot.evading_mr:
        parts.append(Part(-5 * shot.evading_mr, f"evasive manoeuvres: target MR {shot.evading_mr} x 5%", f"{MANUAL}, Combat: Evasive Maneuvers"))
    if shot.combat_control_hit or shot.disastrous_fire:
        # one combat control system: a disastrous fire's -10% is damage to it (Repairs: Fires)
        why = "firer's combat control system hit" if shot.combat_control_hit else "firer's disastrous fire"
        parts.append(Part(-10, why, f"{MANUAL}, Advanced Game Damage Table 85-91 and 117-120"))
    return Chance(weapon, defense, tuple(parts))


def _check(shot: Shot, name: str, flags: Row) -> None:
    """The restrictions a referee would be told at the table."""
    if shot.game == "basic" and (shot.gunnery or shot.combat_control_hit or shot.disastrous_fire):
        raise Refusal("Gunnery skill, combat control hits and disastrous fires belong to the Advanced Game; {not_basic}", "gunnery")
    reach = flags["range"]
    if isinstance(reach, int) and reach > 0:
        if flags["rd"] and shot.range is None:
            raise RefereeError(f"the {name} loses 5% a hex (range diffusion): give the range in hexes")
        if shot.range is None:
            raise RefereeError(f"the {name} reaches {reach} hexes, and 01-05 hits only a target within range: give the range in hexes")
        if shot.range is not None and not 0 <= shot.range <= reach:
            raise RefereeError(f"the target at range {shot.range} is beyond the {name}'s range of {reach} hexes")
    if shot.head_on and not flags["ff"]:
        raise RefereeError(f"the head-on bonus is for forward-firing weapons; the {name} is not one")
    if shot.icms < 0 or shot.evading_mr < 0:
        raise RefereeError("ICMs and the evading ship's MR cannot be negative")
    if shot.evading_mr and name != "torpedo":
        raise RefereeError("evasive manoeuvres work only against torpedos (fighters and assault scouts)")


def _defense_used(shot: Shot, table: Table, weapon: Row) -> tuple[str, int, str]:
    """The defense whose Combat Table value counts, its value, and why it was chosen."""
    keys = [table.column(d).key for d in shot.defenses]
    if shot.firer_masked and weapon["weapon"] in LASERS and "masking-screen" not in keys:
        keys.append("masking-screen")
    if not keys:
        raise RefereeError("name the target's defenses in use (e.g. RH; none in the Advanced Game)")
    values = {key: _cell(table, weapon, key, shot.gunnery) for key in keys}
    plain = _cell(table, weapon, "none", shot.gunnery) if any(c.key == "none" for c in table.columns) else None
    attracting = [k for k in keys if plain is not None and values[k] > plain]
    if attracting:
        key = max(attracting, key=values.__getitem__)
        return key, values[key], f"{values[key]}%, this defense attracts the weapon (Defenses, NOTE)"
    key = min(keys, key=values.__getitem__)
    why = "the most effective defense in use" if len(keys) > 1 else "the defense in use"
    if shot.firer_masked and key == "masking-screen" and "masking-screen" not in [table.column(d).key for d in shot.defenses]:
        why = "the firer's own masking screen (Masking Screen: as if the target were masked)"
    return key, values[key], f"{values[key]}%, {why}"


def _cell(table: Table, weapon: Row, key: str, gunnery: bool) -> int:
    value = table.look_up([str(weapon["weapon"]), key], "gunnery" if gunnery else "").value
    if not isinstance(value, int):
        raise RefereeError(f"the {weapon['weapon']} has no figure against {key} in {table.name}")
    return value


def resolve(chance: Chance, roll: Roll) -> Outcome:
    """Automatic Hits and Misses: 5 or less always hits, 96 or more always misses."""
    total = roll.total
    if total <= 5:
        return Outcome(True, roll, f"{total}: 5 or less always hits (Automatic Hits and Misses)")
    if total >= 96:
        return Outcome(False, roll, f"{total}: 96 or more always misses (Automatic Hits and Misses)")
    hit = total <= chance.total
    return Outcome(hit, roll, f"{total} {'<=' if hit else '>'} {chance.total}: {'hit' if hit else 'miss'}")
