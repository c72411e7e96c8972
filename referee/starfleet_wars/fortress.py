"""The starfortress's rules (taken as an engagement's logged steps: fortress_phase; filed: fortress_file).

Starfleet Wars supplement, Star Fortress; Fortresses in MAATAC. Pure rules: nothing here writes a
log line (:mod:`referee.starfleet_wars.fortress_phase` does) or a file's table
(:mod:`referee.starfleet_wars.fortress_file`).

A starfortress is assembled from modules (WP, LSS, CM, MAWS, SAWS; the MAD is a ship of its own).
A module's power units are the damage that destroys it; only the LSS generate power, 100 PU each
less their damage, for the fortress's OF and DF, every factor costing its square (power.py). OF
may not exceed the Max. Off. Factors of the weapons modules; DF has no maximum. The defender
allocates a hit's damage among the modules (among those of the type the attacker aimed at, who
added 10 to his firing rolls); a destroyed module takes no more. No CM left: the fortress adds 10
to its firing rolls; no LSS left: knocked out of action, destroyed by one more hit. Weapons modules
loan CIDS die rolls to adjacent modules, never more than 10 on one module; a MAD moved onto a
module adds its CIDS to that module's under the same cap. Particle weapons are launched from the
weapons modules, at most their launchers a turn and their reloads in the game; attack craft from the
modules that carry them; no more than 12 attack craft assault one module in a turn. CapTacs are held
in place around the fortress by its tractor beam.

In MAATAC (planet-based fortresses) a module is destroyed by any penetration, a module behind
another (hull-down) may not be fired at until the blocker is destroyed, and each module holds at
most 5 units.

Readings (the book is silent or loose; each is said where it is used):
- Aimed damage goes to the aimed type while any module of it stands; what is left once every one
  of them is destroyed goes to any module (the rule "allocate any remaining damage to another
  module"). Damage beyond what every standing module can take is lost.
- A fortress built without a CM has "no remaining CM".
- Only loaned rolls are eliminated when a module holds more than 10 (its own are not "allocated"
  to it); the attacker "should choose the strongest", so the lenders with the highest CIDS % go
  first, the latest loan first among equals. Rolls loaned by a module destroyed since, or to one,
  are not fired ("Any weapons (OF, CIDS, or PWs) in the destroyed module may not be fired").
- A damage control team is lost when its LSS has had 70 PU of damage (Damage Control Table #1,
  "70 PU on an LSS"), never regained; special damage is owed while the LSS have lost more than 20%
  of their power units (the ships' rule; the fortress note says "lost 20%").
- Repairs take damage off a module but never bring a destroyed module back.
- MAATAC: a module behind several blockers may be fired at once all of them are destroyed.
- A module's particle weapons "Reloads" are the particle weapons it fires in the whole game (the
  Starbombers' definition, "the total number of particle weapons carried on board that can be fired
  in the course of the game", as the ships' reloads are kept): a WP 6 a turn, 18 in all. Reloading
  costs power, as for the ships (the Pirahna: "There are not enough power units left to reload the
  particle weapons"): the referee enters the base rulebook's PU in the fortress's allocation, taken
  from the LSS's power beside OF and DF, and a module that launched launches again only once a later
  turn's allocation spent power reloading (one figure for the fortress, whatever modules it reloads).
- The module table's "Attack Craft" are the craft the module carries, each launched once.
- "held in place around a starfortress with a tractor beam": one beam, so two CapTacs at most (the
  ships' "Two CapTacs may be towed with one tractor beam"). The supplement gives the beam no power
  figure: the referee enters the PU it costs a turn (0 if his rulebook charges none), taken from
  the LSS's power beside OF and DF while CapTacs are held.
- A MAD's CIDS are 10 die rolls at its 60% (as a weapons module's "10 CIDS die rolls" at its CIDS
  %); moved onto a module they count with that module's under the cap of 10, and the attacker may
  eliminate them as he may loaned rolls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from referee.errors import RefereeError
from referee.starfleet_wars import special_damage as sd
from referee.starfleet_wars.power import Allocation, cost, most_factors, why_not
from referee.tables import Row, Tables, normal

MODULE_KINDS = ("WP", "LSS", "CM", "MAWS", "SAWS")  # the MAD is a ship of its own (mad_figures)
WEAPONS = ("WP", "MAWS", "SAWS")
GAMES = ("starfleet-wars", "maatac")
TABLE = "sfw.starfortress-modules"

_BOOK = "Starfleet Wars supplement, Star Fortress"
POWER_RULE = f"{_BOOK}: Power Units"
FACTORS_RULE = f"{_BOOK}: Offensive and Defensive Factors"
SPEED_RULE = f"{_BOOK}: Speed"
CIDS_RULE = f"{_BOOK}: CIDS"
ATTACKING_RULE = f"{_BOOK}: Attacking a Starfortress"
MAATAC_RULE = f"{_BOOK}: Fortresses in MAATAC"
SPECIAL_RULE = "Starfleet Wars supplement, Special Damage Table (note: Starfortresses roll once they have lost 20% of their LSS's power units)"
TEAMS_RULE = "Starfleet Wars supplement, Damage Control Table #1 (Starfortress: 1 DCT per LSS, disabled by 70 PU on an LSS, no maximum repair)"

TACTICAL_SPEED = 1  # "A Starfortress has a combat or tactical speed of 1" (SPEED_RULE): no power spent on it
CIDS_ROLLS = 10  # "its 10 CIDS die rolls"; "at no time may a module have more than 10"
AIMED_PENALTY = 10  # the attacker adds 10 to his firing rolls to choose the type of module
NO_CM_PENALTY = 10  # the fortress adds 10 to its firing rolls with no CM left
MAATAC_NO_CM = 1  # a MAATAC fortress without CMs subtracts one from its firing rolls
TEAM_LOST_AT = 70  # PU of damage on an LSS that disable its damage control team
MOST_UNITS = 5  # Infantry units and RAATACs in any one module (MAATAC)
SPECIAL_PERCENT = 20  # more than 20% of the LSS's power units lost: roll for special damage
CRAFT_RULE = f"{_BOOK}: Attack Craft and Particle Weapons"
MOST_ASSAULTING = 12  # "No more than 12 attack craft may assault one particular module per turn."
ASSAULT_SENTENCE = "No more than 12 attack craft may assault one particular module per turn."
RELOAD_RULE = "Starfleet Wars supplement, Starbomber Example of Play: the Pirahna spends 9 of its 10 PU: 'There are not enough power units left to reload the particle weapons'"
CAPTAC_RULE = "Starfleet Wars supplement, Captive Towed Tactical Missile (CapTac): 'held in place around a starfortress with a tractor beam'"
PER_TRACTOR_BEAM = 2  # "Two CapTacs may be towed with one tractor beam": a fortress's "a tractor beam"


class Module(NamedTuple):
    """One module as built: its power units are the damage that destroys it (the table's sfw_power_units)."""

    name: str  # "LSS 1", "WP 2": kind and number, numbered per kind in build order
    kind: str  # one of MODULE_KINDS
    power_units: int
    max_off: int
    damage: int = 0
    peak: int = 0  # the most damage it has had (an LSS's damage control team is lost at 70 PU on it)
    units: int = 0  # MAATAC garrison: Infantry units and RAATACs, at most 5
    cids: int = 0  # the table's CIDS %: which loaned rolls are the strongest
    attack_craft: int = 0  # carried (the table's Attack Craft column)
    fired: int = 0  # particle weapons launched this game (of the table's Reloads)
    launched: int = 0  # particle weapons launched this turn (at most the table's Launchers)
    craft_out: int = 0  # attack craft launched this game
    needs_reload: bool = False  # launched, not reloaded since: power spent reloading (Fortress.reload) first

    @property
    def destroyed(self) -> bool:
        """'A module is considered destroyed when it has taken damage equal to its power unit rating.'"""
        return self.damage >= self.power_units

    @property
    def left(self) -> int:
        """PU of damage it can still take before it is destroyed."""
        return max(0, self.power_units - self.damage)


class Loan(NamedTuple):
    """CIDS die rolls loaned by a weapons module to an adjacent module for this turn."""

    lender: str
    to: str
    rolls: int


class Support(NamedTuple):
    """A MAD on a module: its CIDS die rolls (at its CIDS %) added to that module's."""

    mad: str
    on: str
    rolls: int
    cids: int


class Fortress(NamedTuple):
    name: str
    side: str
    modules: tuple[Module, ...]
    adjacent: tuple[tuple[str, str], ...] = ()  # pairs of module names that touch, as assembled on the table
    game: str = "starfleet-wars"  # or "maatac" (Fortresses in MAATAC)
    behind: tuple[tuple[str, str], ...] = ()  # MAATAC hull-down: (module, the module blocking it)
    allocation: Allocation = Allocation()  # speed stays 0: tactical speed 1, no power spent on movement
    loans: tuple[Loan, ...] = ()
    eliminated: tuple[Loan, ...] = ()  # loaned rolls the attacker eliminated this turn (never reallocated)
    repaired: int = 0  # PU repaired this battle (no maximum for a starfortress)
    destroyed: bool = False  # knocked out of action, then hit once more
    # the engagement's ledger of special damage and damage control (referee.starfleet_wars.fortress_phase)
    effects: tuple[sd.Effect, ...] = ()
    special_rolled: bool = False  # this turn's special damage roll made
    special_due: int = 0  # special damage rolls owed for CapTac hits (whatever the damage)
    attempts: int = 0  # damage control attempts this turn
    offensive_lost: bool = False  # Damage Control Table #2: the laser dynamo exploded
    defensive_lost: bool = False  # the field generators shorted out
    supports: tuple[Support, ...] = ()  # MADs on modules, adding their CIDS
    assaults: tuple[tuple[str, int], ...] = ()  # attack craft assaulting each module this turn
    captacs: int = 0  # CapTacs held in place by its tractor beam
    beam_pu: int = 0  # PU the tractor beam costs a turn while it holds CapTacs (entered by the referee)
    immobile: tuple[str, ...] = ()  # MAATAC: its MADs hit and lost their mobility factor
    reload: int = 0  # PU its allocation spends this turn reloading particle weapons (the referee's figure)
    captacs_launched: int = 0  # CapTacs it fired this turn (CIDS fire on CapTacs before they are launched)

    def module(self, name: str) -> Module:
        """The module called ``name`` ("LSS 1", "lss1"); refused with the fortress's module names."""
        wanted = normal(name)
        for module in self.modules:
            if normal(module.name) == wanted:
                return module
        raise RefereeError(f"{self.name} has no module {name!r}; its modules: {', '.join(m.name for m in self.modules)}")

    def with_modules(self, changed: Sequence[Module]) -> Fortress:
        by_name = {m.name: m for m in changed}
        return self._replace(modules=tuple(by_name.get(m.name, m) for m in self.modules))

    def standing(self, kind: str = "") -> list[Module]:
        """The undestroyed modules (of one kind)."""
        return [m for m in self.modules if not m.destroyed and (not kind or m.kind == kind)]


# -- building ------------------------------------------------------------------------------------


def build(
    name: str,
    side: str,
    kinds: Sequence[str],
    sfw: Tables,
    adjacent: Sequence[tuple[str, str]] = (),
    game: str = "starfleet-wars",
    behind: Sequence[tuple[str, str]] = (),
) -> Fortress:
    """A fortress of the modules ``kinds`` in order ("LSS", "wp", "Life Support System"), with the
    figures of the Starfortress table; ``adjacent`` and ``behind`` name its modules ("LSS 1")."""
    if not name.strip():
        raise RefereeError("a fortress needs a name")
    if game not in GAMES:
        raise RefereeError(f"the game is {' or '.join(GAMES)}, not {game!r}")
    if not kinds:
        raise RefereeError(f"a fortress of no modules: name its modules, from {', '.join(MODULE_KINDS)}")
    modules: list[Module] = []
    for text in kinds:
        kind, row = _kind(text, sfw)
        number = sum(1 for m in modules if m.kind == kind) + 1
        modules.append(
            Module(
                f"{kind} {number}",
                kind,
                _int(row, "sfw_power_units"),
                _int(row, "sfw_max_off"),
                cids=_int(row, "sfw_cids"),
                attack_craft=_int(row, "sfw_attack_craft"),
            )
        )
    if not any(m.kind == "LSS" for m in modules):
        raise RefereeError(f"{name} has no LSS: power units may be developed by the fortress only by the LSS; add at least one ({POWER_RULE})")
    fortress = Fortress(name.strip(), side.strip(), tuple(modules), game=game)
    pairs = _pairs(fortress, adjacent, "adjacent")
    unique: list[tuple[str, str]] = []
    for a, b in pairs:
        if (a, b) not in unique and (b, a) not in unique:
            unique.append((a, b))
    fortress = fortress._replace(adjacent=tuple(unique))
    if behind:
        if game != "maatac":
            raise RefereeError(f"hull-down modules ('behind') belong to Fortresses in MAATAC; build {name} with game maatac ({MAATAC_RULE})")
        hull_down = list(dict.fromkeys(_pairs(fortress, behind, "behind")))
        for module, blocker in hull_down:
            if fortress.module(blocker).kind in ("MAWS", "SAWS"):
                raise RefereeError(f"{module} cannot be hull-down behind {blocker}: MAWS and SAWS are too small for a module to be hull-down behind them; a WP, LSS or CM may block ({MAATAC_RULE})")
        _no_circle(hull_down)
        fortress = fortress._replace(behind=tuple(hull_down))
    return fortress


def mad_figures(sfw: Tables) -> tuple[int, int, int]:
    """The MAD's power units, max OF and max DF (30, 3, 5): a ship of its own, powering only itself."""
    row = sfw.get(TABLE).row("MAD")
    return _int(row, "sfw_power_units"), _int(row, "sfw_max_off"), _int(row, "sfw_max_def")


def _kind(text: str, sfw: Tables) -> tuple[str, Row]:
    """The module kind ("LSS") and its table row from a short or full name, any case."""
    table = sfw.get(TABLE)
    allowed = ", ".join(f"{kind} ({table.row(kind)['module']})" for kind in MODULE_KINDS)
    wanted = normal(text)
    for row in table.rows:
        short = str(_aliases(row)[0])
        if wanted in (normal(short), normal(str(row["module"]))):
            if short == "MAD":
                pu, most_of, most_df = mad_figures(sfw)
                raise RefereeError(
                    f"the MAD is a ship of its own, not a module: it generates its own OF and DF with its {pu} PU "
                    f"(Max Off. {most_of}, Max Def. {most_df}) and cannot power the fortress; modules are {allowed} ({POWER_RULE})"
                )
            return short, row
    raise RefereeError(f"no module {text!r}; modules are {allowed}")


def _aliases(row: Row) -> list[object]:
    aliases = row.get("aliases", [])
    return list(aliases) if isinstance(aliases, list) else [aliases]


def _int(row: Row, key: str) -> int:
    value = row[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise RefereeError(f"{TABLE}: {row['module']} has {key} {value!r}, not a whole number")
    return value


def _pairs(fortress: Fortress, pairs: Sequence[tuple[str, str]], what: str) -> list[tuple[str, str]]:
    """Pairs of module names read as the fortress's own names; two different modules each."""
    read: list[tuple[str, str]] = []
    for pair in pairs:
        if len(pair) != 2:
            raise RefereeError(f"{what}: a pair is two module names, not {pair!r}")
        a, b = (fortress.module(n).name for n in pair)
        if a == b:
            raise RefereeError(f"{what}: {a} paired with itself; a pair is two different modules of {fortress.name}")
        read.append((a, b))
    return read


def _no_circle(behind: list[tuple[str, str]]) -> None:
    """Refuse modules hull-down behind each other in a circle (none of them could ever be fired at)."""
    blockers: dict[str, list[str]] = {}
    for module, blocker in behind:
        blockers.setdefault(module, []).append(blocker)
    for start in blockers:
        seen, todo = set(), list(blockers[start])
        while todo:
            current = todo.pop()
            if current == start:
                raise RefereeError(f"{start} is hull-down behind a module that is itself behind {start}: no module could be fired at; leave one pair out ({MAATAC_RULE})")
            if current not in seen:
                seen.add(current)
                todo.extend(blockers.get(current, []))


# -- power, factors and status (Starfleet Wars) --------------------------------------------------


def power(f: Fortress) -> int:
    """PU the fortress generates now: each undestroyed LSS its 100 less its damage ("On turn 1 an
    LSS takes 29 power units damage. On turn 2 it may only generate 71")."""
    return sum(m.left for m in f.standing("LSS"))


def max_offensive(f: Fortress) -> int:
    """The Max. Off. Factors of the undestroyed weapons modules (3 LSS, 2 WP, 1 SAWS: 6+6+2 = 14)."""
    return sum(m.max_off for m in f.modules if m.kind in WEAPONS and not m.destroyed)


def firing_offensive(f: Fortress) -> int:
    """The calculated OF that may still fire: no more than the undestroyed weapons modules carry
    (weapons in a destroyed module may not be fired)."""
    return min(f.allocation.offensive, max_offensive(f))


def knocked_out(f: Fortress) -> bool:
    """No LSS left: no power, out of action (may be boarded and captured or destroyed by one more hit)."""
    return not f.standing("LSS")


def no_cm(f: Fortress) -> bool:
    """No CM remaining (or none built): the fortress adds 10 to its firing die rolls."""
    return not f.standing("CM")


def allocate(f: Fortress, offensive: int, defensive: int, reload: int = 0) -> Fortress:
    """This turn's OF and DF from the LSS's power, each factor costing its square; OF no more than
    the weapons modules' Max. Off., DF without maximum; speed 0 (tactical speed 1 costs no power);
    ``reload`` PU spent reloading particle weapons (the base rulebook's figure, as the ships')."""
    _starfleet_wars(f, "power and factors")
    if f.destroyed or knocked_out(f):
        raise RefereeError(f"{f.name} has no LSS left: it generates no power and is knocked out of action ({ATTACKING_RULE})")
    if reload < 0:
        raise RefereeError(f"--reload is the power units spent, 0 or more, not {reload}")
    if reload and not reloadable(f):
        raise RefereeError(f"{f.name} has no module standing that launched particle weapons and was not reloaded since: leave out --reload ({CRAFT_RULE})")
    allocation = Allocation(0, offensive, defensive)
    available, most_of = power(f) - beam(f) - reload, max_offensive(f)
    why = why_not(allocation, available, most_of, max(defensive, 0))  # "no maximum limit" to the shields
    if why:
        held = f" (after the tractor beam's {beam(f)} PU for the {f.captacs} CapTacs it holds)" if beam(f) else ""
        held += f" (after {reload} PU reloading its particle weapons: {RELOAD_RULE})" if reload else ""
        raise RefereeError(f"{f.name}: {why}{held}; {_what_fits(available, most_of, offensive)} ({FACTORS_RULE})")
    return f._replace(allocation=allocation, reload=reload)


def reloadable(f: Fortress) -> list[str]:
    """The standing modules that launched particle weapons and were not reloaded since (what reload power reloads)."""
    return [m.name for m in f.standing() if m.needs_reload]


def beam(f: Fortress) -> int:
    """PU the tractor beam takes from the LSS's power this turn: the referee's figure while it holds CapTacs."""
    return f.beam_pu if f.captacs else 0


def _what_fits(available: int, most_of: int, offensive: int) -> str:
    """What the power would allow: the most OF, and the most DF beside the OF asked for."""
    top = min(most_of, most_factors(available))
    said = f"{available} PU allow OF up to {top} (weapons modules' Max. Off. {most_of}, {most_factors(available)} factors of power)"
    if 0 <= offensive <= top:
        said += f"; with OF {offensive} ({cost(offensive)} PU) the {available - cost(offensive)} PU left allow DF up to {most_factors(available - cost(offensive))}"
    return said


def lss_total(f: Fortress) -> int:
    """The LSS's power units as built (100 each): the special damage threshold is reckoned on these."""
    return sum(m.power_units for m in f.modules if m.kind == "LSS")


def lss_lost(f: Fortress) -> int:
    """PU of damage on the LSS (each at most its 100); other modules' damage does not count."""
    return sum(min(m.damage, m.power_units) for m in f.modules if m.kind == "LSS")


def owes_special_damage(f: Fortress) -> bool:
    """More than 20% of the LSS's power units lost: roll on the Special Damage Table this turn."""
    return lss_lost(f) * 100 > SPECIAL_PERCENT * lss_total(f)


def teams(f: Fortress) -> int:
    """Damage control teams: one per LSS that has never had 70 PU of damage (never regained)."""
    return sum(1 for m in f.modules if m.kind == "LSS" and m.peak < TEAM_LOST_AT)


def repair(f: Fortress, module: str, pu: int) -> Fortress:
    """``pu`` PU of damage repaired on one module (not below 0; no maximum in a battle for a
    starfortress); a destroyed module stays destroyed (a reading) and a lost team stays lost. The
    damage control roll that earns the repair (and the teams left to make it) is the caller's."""
    _starfleet_wars(f, "repairs of power units")
    target = f.module(module)
    if pu < 1:
        raise RefereeError(f"repair at least 1 PU, not {pu}")
    if target.destroyed:
        raise RefereeError(f"{target.name} is destroyed and stays destroyed (a reading: repairs take damage off a module, they do not rebuild one); damaged: {_damaged(f)}")
    if target.damage == 0:
        raise RefereeError(f"{target.name} has no damage to repair; damaged: {_damaged(f)}")
    done = min(pu, target.damage)
    return f.with_modules([target._replace(damage=target.damage - done)])._replace(repaired=f.repaired + done)


def _damaged(f: Fortress) -> str:
    return ", ".join(f"{m.name} ({m.damage} PU)" for m in f.modules if m.damage and not m.destroyed) or "nothing"


# -- hits (Starfleet Wars) -----------------------------------------------------------------------


def hit(f: Fortress, allocations: Sequence[tuple[str, int]], aimed: str | None = None) -> tuple[Fortress, list[str]]:
    """One hit's PU as the defender allocates them among the modules ((module, PU) pairs); with
    ``aimed`` (a kind) among the modules of that kind while any stands. A hit on a knocked-out
    fortress destroys it (its allocations do not matter). Lines cite ATTACKING_RULE unless they
    name their own rule."""
    _starfleet_wars(f, "hits of power units")
    if f.destroyed:
        raise RefereeError(f"{f.name} is destroyed: it takes no more hits")
    if knocked_out(f):
        return f._replace(destroyed=True), [f"{f.name} had no LSS left and was knocked out of action: one additional hit destroys it; {f.name} is destroyed"]
    kind = _aimed_kind(f, aimed) if aimed is not None else ""
    given: dict[str, int] = {}
    for name, pu in allocations:
        module = f.module(name)
        if pu < 1:
            raise RefereeError(f"allocate at least 1 PU to {module.name}, not {pu}")
        given[module.name] = given.get(module.name, 0) + pu
    if not given:
        raise RefereeError(f"allocate the hit's PU among the modules: {_room(f.standing(kind) or f.standing())}")
    _check_allocation(f, given, kind)
    lines = []
    if kind:
        lines.append(f"aimed at the {kind} modules: the attacker added {AIMED_PENALTY} to his firing die rolls; the defender allocates the damage among them")
    before = f
    taken: dict[str, int] = {}
    for name, pu in given.items():
        module = f.module(name)
        taken[name] = min(pu, module.left)
        damage = module.damage + taken[name]
        f = f.with_modules([module._replace(damage=damage, peak=max(module.peak, damage))])
    for name in given:
        lines.extend(_hit_lines(before.module(name), f.module(name), taken[name], f))
    lost = sum(given.values()) - sum(taken.values())
    if lost:
        lines.append(f"{lost} PU are lost: every module of {f.name} is destroyed")
    lines.extend(_fortress_lines(before, f))
    return f, lines


def _aimed_kind(f: Fortress, aimed: str) -> str:
    """The type of module the attacker aims at (WP, LSS, CM, MAWS, SAWS): one the fortress has standing."""
    built = [kind for kind in MODULE_KINDS if any(m.kind == kind for m in f.modules)]
    kind = next((k for k in MODULE_KINDS if normal(k) == normal(aimed)), "")
    if not kind:
        raise RefereeError(f"aim at a type of module: {', '.join(built)}, or at none (the MAD is fired at as a ship)")
    if kind not in built:
        raise RefereeError(f"{f.name} has no {kind}; aim at {', '.join(built)} or at no type")
    if not f.standing(kind):
        raise RefereeError(f"every {kind} of {f.name} is destroyed; aim at {', '.join(k for k in built if f.standing(k))} or at no type")
    return kind


def _check_allocation(f: Fortress, given: dict[str, int], kind: str) -> None:
    """A destroyed module takes nothing; no module more than it has left, nor damage outside the
    aimed type, while another module could still take it."""
    aimed = f.standing(kind) if kind else []
    for name in given:
        module = f.module(name)
        if module.destroyed:
            raise RefereeError(f"{name} is destroyed and takes no damage; allocate to {_room(aimed or f.standing())} ({ATTACKING_RULE})")
        if kind and module.kind != kind and any(given.get(a.name, 0) < a.left for a in aimed):
            raise RefereeError(f"the attacker aimed at the {kind} modules: damage goes to them while any stands; {_room(aimed, given)} ({ATTACKING_RULE})")
    for name, pu in given.items():
        module = f.module(name)
        if pu > module.left:
            room = [m for m in (aimed or f.standing()) if given.get(m.name, 0) < m.left]
            if not room and aimed:
                room = [m for m in f.standing() if given.get(m.name, 0) < m.left]
            if room:
                raise RefereeError(
                    f"{name} can take only {module.left} more PU before it is destroyed, not {pu}; the other {pu - module.left} PU "
                    f"must be allocated to another module: {_room(room, given)} ({ATTACKING_RULE})"
                )


def _room(modules: Sequence[Module], given: dict[str, int] | None = None) -> str:
    """Modules with the PU each can still take (less what this hit already gives them)."""
    given = given or {}
    rows = [f"{m.name} can take {m.left - given.get(m.name, 0)}" for m in modules if m.left > given.get(m.name, 0)]
    return ", ".join(rows) or "no module can take more"


def _hit_lines(before: Module, after: Module, taken: int, f: Fortress) -> list[str]:
    line = f"{after.name} takes {taken} PU ({after.damage} of {after.power_units})"
    if after.kind == "LSS":
        line += f": it loses the ability to generate {taken} PU; from next turn {f.name} generates {power(f)} PU"
    lines = [line]
    if after.destroyed and not before.destroyed:
        lines.append(f"{after.name} is destroyed: {_destroyed_means(after)}")
    if after.kind == "LSS" and before.peak < TEAM_LOST_AT <= after.peak:
        lines.append(f"{after.name} has had {after.peak} PU of damage: its damage control team is lost ({TEAMS_RULE})")
    return lines


def _destroyed_means(module: Module) -> str:
    said = []
    if module.kind in WEAPONS:
        said.append("its weapons (OF, CIDS and particle weapons) may not be fired")
    if module.kind == "LSS":
        said.append("it generates no power")
    if module.kind == "CM":
        said.append("its fire control sensors are lost")
    if module.attack_craft:
        said.append("its attack craft may not be launched")
    return "; ".join(said)


def _fortress_lines(before: Fortress, after: Fortress) -> list[str]:
    lines = []
    if no_cm(after) and not no_cm(before):
        lines.append(f"{after.name} has no CM left: it adds {NO_CM_PENALTY} to its firing die rolls")
    if knocked_out(after) and not knocked_out(before):
        lines.append(f"{after.name} has no LSS left and generates no power: it is knocked out of action and may be boarded and captured or destroyed by one additional hit (a MAD may not power it)")
    elif owes_special_damage(after) and not owes_special_damage(before):
        lines.append(f"{after.name} has lost {lss_lost(after)} of its LSS's {lss_total(after)} PU, more than 20%: it rolls for special damage each turn ({SPECIAL_RULE})")
    return lines


# -- CIDS (Starfleet Wars) -----------------------------------------------------------------------


def cids_rolls(f: Fortress, module: str) -> int:
    """The CIDS die rolls a module fires with this turn: 10 of its own if an undestroyed weapons
    module, less what it loaned, plus what it was loaned by undestroyed modules, less what the
    attacker eliminated."""
    target = f.module(module)
    if target.destroyed:
        return 0
    return unloaned(f, target.name) + sum(_received(f, target.name).values())


def _received(f: Fortress, to: str) -> dict[str, int]:
    """Rolls loaned to ``to`` by each undestroyed lender, and added by a MAD on it, less those eliminated."""
    received: dict[str, int] = {}
    for loan in f.loans:
        if loan.to == to and not f.module(loan.lender).destroyed:
            received[loan.lender] = received.get(loan.lender, 0) + loan.rolls
    for support in f.supports:
        if support.on == to:
            received[support.mad] = support.rolls
    for gone in f.eliminated:
        if gone.to == to and gone.lender in received:
            received[gone.lender] -= gone.rolls
    return received


def unloaned(f: Fortress, module: str) -> int:
    """A weapons module's own CIDS die rolls not loaned this turn (what it may fire at attack craft
    attacking it, beside any it was loaned)."""
    target = f.module(module)
    if target.kind not in WEAPONS or target.destroyed:
        return 0
    return CIDS_ROLLS - sum(loan.rolls for loan in f.loans if loan.lender == target.name)


def loan(f: Fortress, lender: str, to: str, rolls: int) -> tuple[Fortress, list[str]]:
    """An undestroyed weapons module loans some of its 10 CIDS die rolls to an adjacent module for
    this turn; if that module then holds more than 10 the attacker eliminates the excess, the
    strongest first (the lenders of the highest CIDS %). Lines cite CIDS_RULE."""
    _starfleet_wars(f, "CIDS loans")
    if f.destroyed:
        raise RefereeError(f"{f.name} is destroyed: its modules loan no CIDS die rolls")
    giver, taker = f.module(lender), f.module(to)
    if giver.kind not in WEAPONS:
        raise RefereeError(f"{giver.name} has no CIDS to loan: only a weapons module (WP, MAWS, SAWS) may; weapons modules: {_names(f.standing(), WEAPONS)} ({CIDS_RULE})")
    if giver.destroyed:
        raise RefereeError(f"{giver.name} is destroyed: its CIDS may not be fired or loaned; weapons modules standing: {_names(f.standing(), WEAPONS)} ({CIDS_RULE})")
    if taker.name == giver.name:
        raise RefereeError(f"{giver.name} cannot loan CIDS die rolls to itself; loan to a module adjacent to it: {_names(_next_to(f, giver.name))}")
    if taker.destroyed:
        raise RefereeError(f"{taker.name} is destroyed: there is nothing left to support; loan to {_names([m for m in _next_to(f, giver.name) if not m.destroyed])}")
    if taker not in _next_to(f, giver.name):
        raise RefereeError(f"{taker.name} is not adjacent to {giver.name}; modules adjacent to {giver.name}: {_names(_next_to(f, giver.name))} ({CIDS_RULE})")
    free = unloaned(f, giver.name)
    if rolls < 1:
        raise RefereeError(f"loan at least 1 CIDS die roll, not {rolls}")
    if rolls > free:
        raise RefereeError(f"{giver.name} has {free} CIDS die rolls not loaned this turn, not {rolls} ({CIDS_RULE})")
    merged = [loan for loan in f.loans if (loan.lender, loan.to) != (giver.name, taker.name)]
    earlier = sum(loan.rolls for loan in f.loans if (loan.lender, loan.to) == (giver.name, taker.name))
    f = f._replace(loans=(*merged, Loan(giver.name, taker.name, earlier + rolls)))
    lines = [f"{giver.name} loans {rolls} CIDS die rolls to {taker.name}: {giver.name} may roll only {unloaned(f, giver.name)} of its own against attack craft attacking it"]
    f, capped = _capped(f, taker.name)
    lines += capped
    lines.append(f"{taker.name} has {cids_rolls(f, taker.name)} CIDS die rolls this turn")
    return f, lines


def _capped(f: Fortress, to: str) -> tuple[Fortress, list[str]]:
    """More than 10 CIDS die rolls on ``to``: the attacker eliminates the excess, the strongest first."""
    excess = cids_rolls(f, to) - CIDS_ROLLS
    if excess <= 0:
        return f, []
    f, gone = _eliminate(f, to, excess)
    return f, [
        f"{to} would have {CIDS_ROLLS + excess} CIDS die rolls; no module may have more than {CIDS_ROLLS}: the attacker eliminates "
        f"{excess}, the strongest ({gone}); eliminated die rolls may not be allocated to other modules"
    ]


def support(f: Fortress, mad: str, module: str, rolls: int, cids: int) -> tuple[Fortress, list[str]]:
    """A MAD moved onto a module "to increase a modules CIDS strength": its ``rolls`` CIDS die rolls
    at ``cids`` % count with the module's, no more than 10 on it (the attacker eliminates the
    strongest excess). Where it sat before it adds nothing more."""
    target = f.module(module)
    f = f._replace(supports=tuple(s for s in f.supports if s.mad != mad))
    if f.game != "starfleet-wars" or target.destroyed or rolls < 1:
        return f, []
    f = f._replace(supports=(*f.supports, Support(mad, target.name, rolls, cids)))
    f, lines = _capped(f, target.name)
    return f, [f"{mad} adds its {rolls} CIDS die rolls at {cids}% to {target.name}'s", *lines, f"{target.name} has {cids_rolls(f, target.name)} CIDS die rolls this turn"]


def drop_support(f: Fortress, mad: str) -> Fortress:
    """A MAD destroyed: its CIDS count nowhere (nor do the rolls of it the attacker eliminated)."""
    return f._replace(supports=tuple(s for s in f.supports if s.mad != mad), eliminated=tuple(e for e in f.eliminated if e.lender != mad))


def _strength(f: Fortress, lender: str) -> int:
    """The CIDS % of a lender's rolls: a module's, or a MAD's on a module."""
    for s in f.supports:
        if s.mad == lender:
            return s.cids
    return f.module(lender).cids


def _eliminate(f: Fortress, to: str, excess: int) -> tuple[Fortress, str]:
    """Take ``excess`` loaned rolls off ``to``, from the lenders of the highest CIDS % (latest loan first among equals)."""
    received = _received(f, to)
    order = [loan.lender for loan in reversed((*f.loans, *(Loan(s.mad, s.on, s.rolls) for s in f.supports))) if loan.to == to and received.get(loan.lender, 0) > 0]
    order = sorted(dict.fromkeys(order), key=lambda name: -_strength(f, name))
    gone = {(loan.lender, loan.to): loan.rolls for loan in f.eliminated}
    said = []
    for lender in order:
        if excess == 0:
            break
        taken = min(excess, received[lender])
        excess -= taken
        gone[lender, to] = gone.get((lender, to), 0) + taken
        said.append(f"{taken} of {lender}'s at {_strength(f, lender)}%")
    return f._replace(eliminated=tuple(Loan(a, b, n) for (a, b), n in gone.items())), ", ".join(said)


def _next_to(f: Fortress, name: str) -> list[Module]:
    names = [b if a == name else a for a, b in f.adjacent if name in (a, b)]
    return [m for m in f.modules if m.name in names]


def _names(modules: Sequence[Module], kinds: Sequence[str] = MODULE_KINDS) -> str:
    return ", ".join(m.name for m in modules if m.kind in kinds) or "none"


def new_turn(f: Fortress) -> Fortress:
    """A new turn: the allocation, CIDS loans and eliminations are this turn's only, as are the
    special damage roll, the damage control attempts and the CapTacs fired; a module reloaded this
    turn (reload power spent, none launched since) launches next turn without reloading again."""
    modules = tuple(m._replace(launched=0, needs_reload=m.needs_reload and not (f.reload and not m.launched)) for m in f.modules)
    return f._replace(modules=modules, allocation=Allocation(), loans=(), eliminated=(), assaults=(), special_rolled=False, attempts=0, reload=0, captacs_launched=0)


def _starfleet_wars(f: Fortress, what: str) -> None:
    if f.game != "starfleet-wars":
        raise RefereeError(f"{what} belong to Starfleet Wars; {f.name} is a MAATAC fortress, whose modules are destroyed by penetration ({MAATAC_RULE})")


# -- particle weapons, attack craft and the tractor beam (Starfleet Wars) -----------------------


def particle_figures(sfw: Tables, kind: str) -> tuple[int, int]:
    """A module's particle weapons launchers and reloads (WP 6 and 18, MAWS 2 and 4, SAWS 2 and 2)."""
    row = sfw.get(TABLE).row(kind)
    return _int(row, "sfw_pw_launchers"), _int(row, "sfw_pw_reloads")


def launch(f: Fortress, sfw: Tables, module: str, count: int) -> tuple[Fortress, list[str]]:
    """Particle weapons launched from one module, "in the same manner as starships": at most its
    launchers a turn and its reloads in the game; none from a destroyed module, nor from a fortress
    knocked out of action. Lines cite CRAFT_RULE."""
    _starfleet_wars(f, "particle weapons")
    _in_action(f, "launches no particle weapons")
    target = f.module(module)
    launchers, reloads = particle_figures(sfw, target.kind)
    able = [m.name for m in f.standing() if particle_figures(sfw, m.kind)[0]]
    if not launchers:
        raise RefereeError(f"{target.name} has no particle weapons launchers; modules that launch: {', '.join(able) or 'none'} ({CRAFT_RULE})")
    if target.destroyed:
        raise RefereeError(f"{target.name} is destroyed: its particle weapons may not be fired; modules that launch: {', '.join(able) or 'none'} ({ATTACKING_RULE})")
    if count < 1:
        raise RefereeError(f"launch 1 particle weapon or more, not {count}")
    if target.needs_reload and not target.launched and not f.reload:  # (launched this turn: more of the same turn's launchers)
        raise RefereeError(
            f"{target.name} launched its particle weapons before and has not reloaded them: {f.name} spends power units reloading first"
            f" (referee sfw allocate {f.name} --of N --df N --reload PU, the base rulebook's cost) ({RELOAD_RULE})"
        )
    if target.launched + count > launchers:
        raise RefereeError(
            f"{target.name} launches at most {launchers} particle weapons a turn (its launchers); {target.launched} launched this turn, so {launchers - target.launched} more ({CRAFT_RULE})"
        )
    if target.fired + count > reloads:
        raise RefereeError(f"{target.name} has {reloads - target.fired} particle weapons left of its {reloads} reloads, not {count} ({CRAFT_RULE})")
    after = target._replace(launched=target.launched + count, fired=target.fired + count, needs_reload=True)
    f = f.with_modules([after])
    line = f"{target.name} launches {count} particle weapon{'s' if count > 1 else ''}: {after.launched} of its {launchers} launchers this turn, {reloads - after.fired} of its {reloads} reloads left"
    lines = [line]
    if no_cm(f):
        lines.append(f"{f.name} has no CM left: it adds {NO_CM_PENALTY} to its firing die rolls")
    return f, lines


def launch_craft(f: Fortress, module: str, count: int) -> tuple[Fortress, list[str]]:
    """Attack craft launched from a module that carries them (WP 4, LSS 2, CM 2), each once; none
    from a destroyed module ("Attack craft may not be launched")."""
    _starfleet_wars(f, "attack craft launches")
    _in_action(f, "launches no attack craft")
    target = f.module(module)
    carrying = ", ".join(f"{m.name} {m.attack_craft - m.craft_out}" for m in f.standing() if m.attack_craft > m.craft_out) or "none"
    if target.destroyed:
        raise RefereeError(f"{target.name} is destroyed: its attack craft may not be launched; modules with attack craft aboard: {carrying} ({ATTACKING_RULE})")
    if count < 1:
        raise RefereeError(f"launch 1 attack craft or more, not {count}")
    left = target.attack_craft - target.craft_out
    if count > left:
        raise RefereeError(f"{target.name} carries {target.attack_craft} attack craft and has {left} aboard, not {count}; modules with attack craft aboard: {carrying} ({CRAFT_RULE})")
    f = f.with_modules([target._replace(craft_out=target.craft_out + count)])
    return f, [f"{target.name} launches {count} attack craft: {left - count} of its {target.attack_craft} left aboard"]


def assaulting(f: Fortress, module: str) -> int:
    """Attack craft that have assaulted a module this turn."""
    return sum(n for name, n in f.assaults if name == module)


def assault(f: Fortress, module: str, count: int) -> tuple[Fortress, list[str]]:
    """``count`` attack craft assault one module: no more than 12 on one module in a turn, counted
    over the whole turn ("No more than 12 attack craft may assault one particular module per turn")."""
    _starfleet_wars(f, "attack craft assaults")
    if f.destroyed:
        raise RefereeError(f"{f.name} is destroyed: there is nothing left to assault")
    target = f.module(module)
    if target.destroyed:
        raise RefereeError(f"{target.name} is destroyed; modules standing: {', '.join(m.name for m in f.standing())}")
    if count < 1:
        raise RefereeError(f"assault with 1 attack craft or more, not {count}")
    before = assaulting(f, target.name)
    if before + count > MOST_ASSAULTING:
        raise RefereeError(f"{ASSAULT_SENTENCE} {before} have assaulted {target.name} this turn, so {MOST_ASSAULTING - before} more; send the rest against another module ({CRAFT_RULE})")
    f = f._replace(assaults=tuple((n, c) for n, c in f.assaults if n != target.name) + ((target.name, before + count),))
    return f, [f"{count} attack craft assault {target.name}: {before + count} of the {MOST_ASSAULTING} that may this turn; its CIDS: {cids_rolls(f, target.name)} die rolls"]


def hold(f: Fortress, count: int, beam_pu: int | None) -> tuple[Fortress, list[str]]:
    """CapTacs held in place around the fortress by its tractor beam: two at most (one beam); the
    beam's PU a turn, entered by the referee (the supplement gives no figure), come from the LSS's
    power beside this turn's OF and DF."""
    _starfleet_wars(f, "CapTacs held by a tractor beam")
    _in_action(f, "has no power for a tractor beam")
    if count < 1 or f.captacs + count > PER_TRACTOR_BEAM:
        raise RefereeError(
            f"{f.name}'s tractor beam holds {PER_TRACTOR_BEAM} CapTacs ('Two CapTacs may be towed with one tractor beam'): it holds {f.captacs}, so {PER_TRACTOR_BEAM - f.captacs} more at most ({CAPTAC_RULE})"
        )
    if beam_pu is None:
        if not f.captacs:
            raise RefereeError(f"give the PU {f.name}'s tractor beam costs a turn with --beam-pu N (the supplement gives no figure: take it from your rulebook; 0 if it charges none)")
        beam_pu = f.beam_pu
    if beam_pu < 0:
        raise RefereeError(f"the tractor beam's PU is 0 or more, not {beam_pu}")
    spare = power(f) - f.allocation.cost - f.reload
    if beam_pu > spare:
        raise RefereeError(
            f"{f.name}'s tractor beam needs {beam_pu} PU and {spare} of its {power(f)} are left beside {f.allocation.shown(speed=False)}: allocate less first ({FACTORS_RULE}; {CAPTAC_RULE})"
        )
    f = f._replace(captacs=f.captacs + count, beam_pu=beam_pu)
    return f, [
        f"{f.name} holds {count} CapTac{'s' if count > 1 else ''} in place with its tractor beam ({f.captacs} in all, {PER_TRACTOR_BEAM} at most): the beam takes {beam_pu} PU a turn of its {power(f)}"
    ]


def let_go(f: Fortress, count: int) -> Fortress:
    """CapTacs the tractor beam no longer holds (released to drift, fired, or destroyed); with none held the beam takes no power."""
    if count < 1 or count > f.captacs:
        raise RefereeError(f"{f.name} holds {f.captacs} CapTacs; {'give 1 to ' + str(f.captacs) if f.captacs else 'hold some first: referee sfw captac tow'} ({CAPTAC_RULE})")
    left = f.captacs - count
    return f._replace(captacs=left, beam_pu=f.beam_pu if left else 0)


def ledger(f: Fortress) -> list[str]:
    """What the fortress has fired, launched and holds, as its report line shows it."""
    parts = []
    fired = [f"{m.name} {m.fired}" + (f" ({m.launched} this turn)" if m.launched else "") for m in f.modules if m.fired]
    parts += [f"particle weapons fired: {', '.join(fired)}"] if fired else []
    out = [f"{m.name} {m.craft_out} of {m.attack_craft}" for m in f.modules if m.craft_out]
    parts += [f"attack craft launched: {', '.join(out)}"] if out else []
    parts += [f"attack craft assaulting this turn: {', '.join(f'{m} {n}' for m, n in f.assaults)}"] if f.assaults else []
    parts += [f"MAD CIDS: {', '.join(f'{s.mad} on {s.on}' for s in f.supports)}"] if f.supports else []
    parts += [f"CapTacs held {f.captacs} (tractor beam {f.beam_pu} PU a turn)"] if f.captacs else []
    parts += [f"lost their mobility: {', '.join(f.immobile)}"] if f.immobile else []
    return parts


def _in_action(f: Fortress, what: str) -> None:
    if f.destroyed:
        raise RefereeError(f"{f.name} is destroyed")
    if knocked_out(f):
        raise RefereeError(f"{f.name} has no LSS left: it is knocked out of action and {what} ({ATTACKING_RULE})")


# -- Fortresses in MAATAC ------------------------------------------------------------------------


def blockers(f: Fortress, module: str) -> list[str]:
    """The undestroyed modules ``module`` is hull-down behind."""
    name = f.module(module).name
    return [b for m, b in f.behind if m == name and not f.module(b).destroyed]


def targets(f: Fortress) -> list[str]:
    """The modules that may be fired at: undestroyed and not behind an undestroyed module."""
    return [m.name for m in f.standing() if not blockers(f, m.name)]


def penetrate(f: Fortress, module: str) -> tuple[Fortress, list[str]]:
    """A penetration destroys the module (Fortification Hit section of the Damage Table); a module
    hull-down behind an undestroyed module may not be fired at. Lines cite MAATAC_RULE."""
    _maatac(f, "penetrations")
    target = f.module(module)
    if target.destroyed:
        raise RefereeError(f"{target.name} is already destroyed; modules that may be fired at: {', '.join(targets(f)) or 'none'}")
    blocking = blockers(f, target.name)
    if blocking:
        raise RefereeError(
            f"{target.name} is hull-down behind {', '.join(blocking)}: it may not be fired at until the blocking module is destroyed; "
            f"modules that may be fired at: {', '.join(targets(f))} ({MAATAC_RULE})"
        )
    before = targets(f)
    after = f.with_modules([target._replace(damage=target.power_units, peak=target.power_units)])
    lines = [f"{target.name} is penetrated and destroyed; any MAD located on it is destroyed too"]
    if target.units:
        lines.append(f"{target.name} held {target.units} units (IUs and/or RAATACs): the book does not say what becomes of them")
    opened = [name for name in targets(after) if name not in before]
    if opened:
        lines.append(f"no longer hull-down, may now be fired at: {', '.join(opened)}")
    status_before = maatac_status(f)
    lines.extend(line for line in maatac_status(after) if line not in status_before)
    return after, lines


def maatac_status(f: Fortress) -> list[str]:
    """What the lost modules do to a MAATAC fortress's fire: no LSS, no weapons fire; no CM,
    subtract one from its firing die rolls."""
    _maatac(f, "the LSS and CM status lines")
    lines = []
    if knocked_out(f):
        lines.append(f"{f.name} has no LSS left: none of its weapons may fire")
    if no_cm(f):
        lines.append(f"{f.name} has no CM: it subtracts {MAATAC_NO_CM} from its firing die rolls")
    return lines


def garrison(f: Fortress, module: str, units: int) -> Fortress:
    """Place ``units`` Infantry units and/or RAATACs in a module (replacing its count): at most 5."""
    _maatac(f, "garrisons")
    target = f.module(module)
    if units < 0 or units > MOST_UNITS:
        raise RefereeError(f"{target.name} may hold 0 to {MOST_UNITS} units (IUs, RAATACs or both), not {units} ({MAATAC_RULE})")
    if target.destroyed and units:
        raise RefereeError(f"{target.name} is destroyed; place units in a standing module: {', '.join(m.name for m in f.standing())}")
    return f.with_modules([target._replace(units=units)])


def _maatac(f: Fortress, what: str) -> None:
    if f.game != "maatac":
        raise RefereeError(f"{what} belong to Fortresses in MAATAC; {f.name} is a Starfleet Wars fortress, whose modules take PU of damage ({ATTACKING_RULE})")
