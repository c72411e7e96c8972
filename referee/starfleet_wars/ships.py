"""The ships of a Starfleet Wars engagement: their figures from the Data Table (or the Starbomber
and SAPS tables), and their state turn by turn: power units lost (and the peak, for damage control
teams), this turn's allocation, special damage in force, particle weapons left, hits taken by
starbombers and SAPS, CapTacs in tow.

The Data Table is badly garbled (the rules README): 299 of its cells are ``unknown``. The figures
the rules use are asked of the referee once per class and kept in the engagement file
(:data:`NEEDED`); the rest stay unknown and are shown so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from referee.errors import RefereeError
from referee.starfleet_wars import special_damage as sd
from referee.starfleet_wars.power import Allocation
from referee.tables import Tables

SGD_RULE = "Starfleet Wars supplement, Super Galactic Dreadnoughts"
STARBOMBER_RULE = "Starfleet Wars supplement, Starbombers"
SAPS_RULE = "Starfleet Wars supplement, Star Armored Pursuit Ships (SAPS)"
CAPTAC_RULE = "Starfleet Wars supplement, Captive Towed Tactical Missile (CapTac)"
FORTRESS_MAD_RULE = "Starfleet Wars supplement, Star Fortress: 'The MAD is treated as if it were a separate ship when calculating its OF and DF. It does not utilize any PU for movement'"

CAPITAL = ("SGD", "GD", "GAC", "GB", "SC", "SD", "GTP")
CRAFT = ("SB", "SAPS", "SF")  # destroyed by hits, not power units
TYPES = (*CAPITAL, *CRAFT, "MAD")
# light lasers may fire at starfighters, transports, starbombers (and SAPS, their gunned version),
# "not at starships destroyer size or larger" (Starbombers; SAPS); and at CapTacs (CapTac)
LIGHT_LASER_TARGETS = ("SF", "SB", "SAPS", "GTP")
SGD_MAX_SPEED = 5
CRAFT_SPEED = 5  # "All Starbombers may travel up to a speed of 5 factors per turn"; SAPS: speed 5
TOW_SPEED = 2  # CapTacs: "they cannot be towed faster than two speed factors"
PER_TRACTOR_BEAM = 2

# the Data Table cells the rules need, asked of the referee when the table leaves them unknown
NEEDED = ("type", "power_units", "max_off", "max_def", "addl_off", "addl_def", "launchers", "reloads")
NUMBERS = ("power_units", "max_off", "max_def", "addl_off", "addl_def", "launchers", "reloads", "cids", "cids_bracket", "attack_craft", "no_in_class")
SHOWN = ("cids", "cids_bracket", "attack_craft")  # kept and shown; no rule here uses them (the CIDS % is unexplained)


class Ship(NamedTuple):
    """One ship's figures and state. ``power_units`` is the class's original figure (0 for
    starbombers, SAPS and starfighters, which are destroyed by hits)."""

    name: str
    side: str
    ship_class: str
    type: str
    power_units: int = 0
    max_off: int = 0
    max_def: int = 0
    addl_off: int = 0
    addl_def: int = 0
    launchers: int = 0  # particle weapons launched a turn (a starbomber's particle factors)
    reloads: int = 0  # particle weapons still on board
    light_lasers: int = 0
    unknown: tuple[str, ...] = ()  # Data Table cells still unknown (shown, not used)
    fortress: str = ""  # a MAD: the fortress it belongs to
    on: str = ""  # a MAD: the module it sits on ("": not placed on one)
    lost: int = 0
    peak: int = 0  # the most power units lost (damage control teams)
    repaired: int = 0  # power units repaired in this battle
    allocation: Allocation | None = None
    effects: tuple[sd.Effect, ...] = ()
    offensive_lost: bool = False  # Damage Control Table #2: "Laser Dynamo explodes! All offensive factors lost permanently."
    defensive_lost: bool = False  # "Field Generators short out! Lose all defensive factors permanently."
    hits: int = 0  # hits from light lasers and CIDS (starbombers and SAPS: four destroy)
    launched: int = 0  # particle weapons launched this turn
    lasers_fired: int = 0  # light laser shots this turn
    captacs: int = 0  # CapTacs in tow
    captacs_launched: int = 0  # CapTacs it launched (or activated from the drift) this turn
    tractor: int = 0  # power units its tractor beam uses this turn (the base rulebook's cost, entered)
    reload: int = 0  # power units spent reloading its particle weapons this turn (entered likewise)
    needs_reload: bool = False  # it launched particle weapons and has not spent power reloading since
    special_due: int = 0  # special damage rolls owed now for CapTac hits (regardless of damage)
    special_rolled: bool = False  # this turn's roll for damage beyond 20% is made
    attempts: int = 0  # damage control attempts this turn
    destroyed: str = ""  # how it left the fight ("" while in it)

    @property
    def craft(self) -> bool:
        return self.type in CRAFT

    @property
    def available(self) -> int:
        """Power units left to allocate."""
        return max(0, self.power_units - self.lost)

    @property
    def spent(self) -> int:
        """Power units spent this turn: the allocation's factors, the tractor beam, reloading."""
        return (self.allocation.cost if self.allocation is not None else 0) + self.tractor + self.reload

    def max_speed(self) -> int | None:
        if self.type == "MAD":
            return 0
        limits = [SGD_MAX_SPEED] if self.type == "SGD" else []
        limits += [TOW_SPEED] if self.captacs else []
        return min(limits) if limits else None

    def boosted(self) -> bool:
        """A super dreadnought adds its additional factors until it has lost 75% of its power units."""
        return (self.addl_off or self.addl_def) > 0 and self.lost * 4 < self.power_units * 3


class Factors(NamedTuple):
    """The factors a ship fights with this turn, and why they differ from its allocation."""

    speed: int
    offensive: int
    defensive: int
    notes: tuple[str, ...]


def factors(ship: Ship, turn: int) -> Factors:
    """This turn's factors: the allocation, less special damage (not below 0), then a super
    dreadnought's additional factors (VICTORY: OF 18 + 7 = 25, DF 12 + 7 = 19)."""
    given = ship.allocation or Allocation()
    notes: list[str] = []
    speed = max(0, given.speed - sd.reduction(ship.effects, "engines", turn))
    offensive = max(0, given.offensive - sd.reduction(ship.effects, "offensive", turn))
    defensive = max(0, given.defensive - sd.reduction(ship.effects, "shields", turn))
    for kind, was, now in (("engines", given.speed, speed), ("offensive", given.offensive, offensive), ("shields", given.defensive, defensive)):
        if was != now:
            notes.append(f"{kind} special damage: {was} calculated, {now} in use ({sd.SPECIAL_DAMAGE_RULE})")
    if ship.boosted():
        offensive, defensive = offensive + ship.addl_off, defensive + ship.addl_def
        notes.append(f"additional factors OF +{ship.addl_off}, DF +{ship.addl_def} ({SGD_RULE})")
    elif ship.addl_off or ship.addl_def:
        notes.append(f"no additional factors: 75% or more of its power units lost ({SGD_RULE})")
    if ship.offensive_lost or sd.in_force(ship.effects, "dynamo", turn):
        offensive = 0
        notes.append("no offensive factors: " + ("its laser dynamo exploded (Damage Control Table #2)" if ship.offensive_lost else "laser dynamo hit (special damage 94)"))
    if ship.defensive_lost:
        defensive = 0
        notes.append("no defensive factors: its field generators shorted out (Damage Control Table #2)")
    return Factors(speed, offensive, defensive, tuple(notes))


# -- figures from the tables ---------------------------------------------------------------------


def class_row(sfw: Tables, name: str) -> tuple[str, Mapping[str, object]]:
    """The table and row of a class: the Data Table, the Starbomber or the SAPS table."""
    for table in ("sfw.starships", "sfw.starbombers", "sfw.saps"):
        try:
            return table, sfw.get(table).row(name)
        except RefereeError:
            continue
    classes = [str(r[t.key_column]) for t in (sfw.get("sfw.starships"), sfw.get("sfw.starbombers"), sfw.get("sfw.saps")) for r in t.rows]
    import difflib

    close = difflib.get_close_matches(name.upper(), [c.upper() for c in classes], n=3, cutoff=0.6)
    hint = f"did you mean {', '.join(close)}?" if close else "see referee table show sfw.starships (or sfw.starbombers, sfw.saps)"
    raise RefereeError(f"no class {name!r} in the Data Table, the Starbomber or the SAPS table; {hint} (a starfighter: --class SF)")


def missing(row: Mapping[str, object], entered: Mapping[str, int | str]) -> list[str]:
    """The cells the rules need that the Data Table row leaves unknown and the referee has not entered."""
    needed = [k for k in NEEDED if k not in ("addl_off", "addl_def")]
    kind = entered.get("type", row.get("type"))
    if kind in ("SGD", "unknown"):
        needed += ["addl_off", "addl_def"]
    return [k for k in needed if row.get(k) == "unknown" and k not in entered]


def figure(key: str, text: str) -> int | str:
    """A value the referee entered for a cell: the type, or a whole number."""
    value = text.strip()
    if key == "type":
        upper = value.upper()
        if upper not in CAPITAL:
            raise RefereeError(f"type must be one of {', '.join(CAPITAL)}, not {text!r}")
        return upper
    if key not in NUMBERS:
        raise RefereeError(f"no Data Table cell {key!r} to enter; the cells are type, {', '.join(NUMBERS)}")
    if not value.isascii() or not value.isdigit() or len(value) > 5:
        raise RefereeError(f"{key} must be a whole number from 0 to 99999, not {text!r}")
    return int(value)


def new_ship(sfw: Tables, name: str, side: str, class_name: str, entered: Mapping[str, int | str]) -> Ship:
    """A ship of a class, with the referee's values for the unknown cells (refused while any the
    rules need is missing, naming them)."""
    if class_name.strip().upper() in ("SF", "STARFIGHTER"):
        return Ship(name, side, "SF", "SF")
    table, row = class_row(sfw, class_name)
    if table == "sfw.starbombers":
        reloads = entered.get("reloads", row["reloads"])
        if reloads == "unknown":
            raise RefereeError(f"the Starbomber table leaves {row['name']}'s weapons reloads unknown: give it from your book with --value reloads=N")
        return Ship(name, side, str(row["name"]), "SB", launchers=_int(row["particle_factors"]), reloads=_int(reloads), light_lasers=_int(row["light_laser_factors"]))
    if table == "sfw.saps":
        return Ship(name, side, str(row["name"]), "SAPS", light_lasers=_int(row["light_lasers"]))
    wanted = missing(row, entered)
    if wanted:
        raise RefereeError(f"the Data Table leaves {row['class']}'s {', '.join(wanted)} unknown: give each from your book with --value KEY=N (kept in the file for every {row['class']})")
    cells = {k: entered.get(k, row.get(k)) for k in (*NEEDED, *SHOWN)}
    value = {k: (0 if v == "-" else v) for k, v in cells.items()}
    kind = str(value["type"])
    if kind != "SGD":
        value["addl_off"] = value["addl_off"] if value["addl_off"] != "unknown" else 0
        value["addl_def"] = value["addl_def"] if value["addl_def"] != "unknown" else 0
    return Ship(
        name,
        side,
        str(row["class"]),
        kind,
        _int(value["power_units"]),
        _int(value["max_off"]),
        _int(value["max_def"]),
        _int(value["addl_off"]),
        _int(value["addl_def"]),
        _int(value["launchers"]),
        _int(value["reloads"]),
        unknown=tuple(k for k in SHOWN if value[k] == "unknown"),
    )


def mad(name: str, side: str, fortress: str, power_units: int, max_off: int, max_def: int) -> Ship:
    """A fortress's Mobile Armed Destroyer: a ship of its own with its own 30 PU, spending none on movement."""
    return Ship(name, side, "MAD", "MAD", power_units, max_off, max_def, fortress=fortress)


def _int(value: object) -> int:
    if not isinstance(value, int):
        raise RefereeError(f"expected a whole number, not {value!r}")
    return value
