"""A Stellar Inferno scenario as plain data, the shape of a scenario file, and back.

The bundled scenarios (``campaigns/si-*.toml``) are scenario files at turn 1: the book's map set-up,
conditions, markers and registers, with no ship or unit entered. Reading is strict, as for the other
files: an unknown key, a value of the wrong kind or a figure out of range is refused naming the
table and key, and the parts are checked against each other (:func:`scenario.check`).

A ship's factors are written as its counter lists them (5.1.1), a step a line: ``A4 C0 D5 M3 P1
R5``; a ground unit's as ``attack-defense-maneuver`` (``4-3-2``), the form the book names units by
("the Bhalaeth 6-2-2 ground unit").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Set
from typing import Any

from referee import kinds, storage, strict
from referee.errors import RefereeError
from referee.stellar_inferno import optional
from referee.stellar_inferno.deployment import Deployment, Matchup, Side, Stage
from referee.stellar_inferno.factors import LETTERS, NAMES, Factors
from referee.stellar_inferno.ground_units import GroundUnit, UnitFactors
from referee.stellar_inferno.mines import Minefield
from referee.stellar_inferno.planets import ROLES, Planet, Role, Terrain
from referee.stellar_inferno.scenario import (
    Absorbed,
    Act,
    Advantage,
    Agent,
    Arrival,
    Boarding,
    Counter,
    Deployed,
    Entry,
    Force,
    GroundLosses,
    Scenario,
    ShipLosses,
    Sighting,
    Star,
    TerrainLosses,
    Troop,
    Victory,
    World,
    check,
    hex_name,
)
from referee.stellar_inferno.ships import Cargo, Ship
from referee.stellar_inferno.space_combat import ShipCombat

FORMAT = kinds.SCENARIO.format
VERSION = 1
KEYS = {
    "format",
    "version",
    "name",
    "number",
    "source",
    "history",
    "turns",
    "turn",
    "phase",
    "phasing",
    "rules",
    "notes",
    "outcome",
    "invader",
    "defender",
    "victory",
    "technology",
    "counters",
    "ships",
    "troops",
    "planets",
    "stars",
    "asteroids",
    "arrivals",
    "combat",
    "ship_losses",
    "terrain_losses",
    "ground_losses",
    "supplied",
    "log",
    "acts",
    "agents",
    "minefields",
    "sightings",
    "boardings",
    "deployments",  # the optional rules' state (files before it load without)
}
MOST = 99_999  # no figure of the book comes near (Earth's 8460 settled points)
TURNS = 999
_STEP = re.compile(r"([ACDMPR])\s*([0-9]{1,4})")
STAGES: dict[str, Stage] = {"units": "units", "adding": "adding", "ships": "ships", "done": "done"}
_UNIT = re.compile(r"([0-9]{1,4})-([0-9]{1,4})-([0-9]{1,4})")


# -- factors as the counters give them ------------------------------------------------------------


def read_factors(text: str, what: str, defaults: Mapping[str, int] | None = None) -> Factors:
    """``A4 C0 D5 M3 P1 R5`` (any order, spaces or commas): every letter once; with ``defaults``,
    a missing cargo (C) or planetary gear (P) is taken from them (the scenario's lines by class)."""
    body = text.replace(",", " ").upper()
    found: dict[str, int] = {}
    for match in _STEP.finditer(body):
        letter, value = match.groups()
        if letter in found:
            raise RefereeError(f"{what}: {letter} is given twice in {text!r}")
        found[letter] = int(value)
    if _STEP.sub("", body).strip():
        raise RefereeError(f"{what}: write a step's factors as letters and numbers, A4 C0 D5 M3 P1 R5 (Attack, Cargo, Defense, Maneuver, Planetary gear, Range), not {text!r}")
    by_letter = {letter: name for name, letter in LETTERS.items()}
    for letter in ("C", "P"):
        if letter not in found and defaults is not None:
            found[letter] = defaults.get(by_letter[letter], 0)
    missing = [LETTERS[n] for n in NAMES if LETTERS[n] not in found]
    if missing:
        raise RefereeError(f"{what}: {', '.join(missing)} missing from {text!r}: give every factor of the step, A4 C0 D5 M3 P1 R5")
    return Factors(**{by_letter[letter]: value for letter, value in found.items()})


def read_unit_factors(text: str, what: str) -> UnitFactors:
    """``4-3-2``: attack, defense, maneuver."""
    match = _UNIT.fullmatch(text.strip())
    if match is None:
        raise RefereeError(f"{what}: write a ground unit's step as attack-defense-maneuver, 4-3-2, not {text!r}")
    return UnitFactors(*(int(n) for n in match.groups()))


# -- reading -------------------------------------------------------------------------------------


def from_dict(data: dict[str, Any]) -> Scenario:
    where = "scenario file"
    data = strict.keys(data, KEYS, where)
    strict.header(data, FORMAT, VERSION, where, "a Stellar Inferno scenario file")
    turns = strict.get(data, "turns", int, where, low=1, high=TURNS)
    counters = strict.items(data, "counters", _counter)
    by_name = {c.name: c for c in counters}
    forces = {role: _force(data, role) for role in ROLES}
    sides = {role: forces[role].name for role in ROLES}
    try:
        scenario = Scenario(
            name=strict.get(data, "name", str, where),
            number=strict.get(data, "number", int, where, low=1, high=99),
            invader=forces["invader"],
            defender=forces["defender"],
            turns=turns,
            victory=_victory(data),
            source=strict.get(data, "source", str, where, ""),
            history=strict.get(data, "history", str, where, "", lines=True),
            turn=strict.get(data, "turn", int, where, 1, low=1, high=TURNS),
            phase=strict.get(data, "phase", str, where, "fleet-movement"),
            phasing=_role(strict.get(data, "phasing", str, where, "invader"), f"{where}: phasing"),
            rules=_rules(data, where),
            technology=strict.items(data, "technology", _advantage),
            counters=counters,
            ships=strict.items(data, "ships", lambda item, at: _ship(item, at, by_name, sides)),
            troops=strict.items(data, "troops", lambda item, at: _troop(item, at, by_name, sides)),
            worlds=strict.items(data, "planets", _world),
            stars=strict.items(data, "stars", _star),
            asteroids=strict.words(data, "asteroids", where),
            arrivals=strict.items(data, "arrivals", _arrival),
            combat=_combat(data),
            ship_losses=_ship_losses(data),
            terrain_losses=_terrain_losses(data),
            supplied=strict.words(data, "supplied", where),
            ground_losses=_ground_losses(data),
            acts=strict.items(data, "acts", _act),
            agents=_agents(data, by_name),
            minefields=strict.items(data, "minefields", _minefield),
            sightings=strict.items(data, "sightings", _sighting),
            boardings=strict.items(data, "boardings", _boarding),
            deployments=strict.items(data, "deployments", _deployed),
            outcome=strict.get(data, "outcome", str, where, ""),
            notes=strict.words(data, "notes", where, lines=True),
            log=strict.items(data, "log", _entry),
        )
        return check(scenario)
    except RefereeError as error:
        raise RefereeError(f"{where}: {error}") from None


def _role(text: str, where: str) -> Role:
    if text not in ROLES:
        raise RefereeError(f"{where} must be invader or defender, not {text!r}")
    return "invader" if text == "invader" else "defender"


def _rules(data: dict[str, Any], where: str) -> frozenset[str]:
    names = strict.words(data, "rules", where)
    chosen = optional.in_play(names)
    if len(chosen) != len(names) or any(n not in optional.OPTIONAL for n in names):
        raise RefereeError(f"{where}: rules are the optional rules' names, each once: {', '.join(optional.OPTIONAL)}; not {list(names)}")
    return chosen


def _force(data: dict[str, Any], role: Role) -> Force:
    where = f"[{role}]"
    table = strict.keys(data.get(role), {"name", "velocity", "deploy", "enter", "control", "gear", "cargo", "special_rules", "adjusted", "deploy_in", "units_on", "enter_aboard"}, where)
    text = {k: strict.get(table, k, str, where, "", lines=True) for k in ("deploy", "enter", "control")}
    return Force(
        role,
        strict.get(table, "name", str, where),
        strict.get(table, "velocity", int, where, 0, low=-99, high=99),
        gear=strict.get(table, "gear", str, where, ""),
        cargo=strict.get(table, "cargo", str, where, ""),
        special_rules=strict.words(table, "special_rules", where, lines=True),
        adjusted=strict.get(table, "adjusted", bool, where, False),
        deploy_in=strict.words(table, "deploy_in", where),
        units_on=strict.words(table, "units_on", where),
        enter_aboard=strict.get(table, "enter_aboard", str, where, ""),
        **text,
    )


def _victory(data: dict[str, Any]) -> Victory:
    where = "[victory]"
    table = strict.keys(data.get("victory"), {"text", "counts", "planets", "points"}, where)
    return Victory(
        strict.get(table, "text", str, where, lines=True),
        strict.get(table, "counts", str, where),
        strict.words(table, "planets", where),
        strict.get(table, "points", int, where, 0, low=0, high=MOST),
    )


def _advantage(item: object, where: str) -> Advantage:
    table = strict.keys(item, {"nation", "value"}, where)
    return Advantage(strict.name(strict.get(table, "nation", str, where), f"{where}: nation"), strict.get(table, "value", int, where, low=-9, high=9))


def _counter(item: object, where: str) -> Counter:
    table = strict.keys(item, set(Counter._fields), where)
    name = strict.name(strict.get(table, "name", str, where), f"{where}: name")
    where = f"{where} ({name})"
    kind = strict.get(table, "kind", str, where, "ship")
    if kind not in ("ship", "unit"):
        raise RefereeError(f"{where}: kind must be ship or unit, not {kind!r}")
    arrives = strict.get(table, "arrives", int, where, -1, low=0, high=TURNS) if "arrives" in table else None
    return Counter(
        name,
        _role(strict.get(table, "role", str, where), f"{where}: role"),
        "ship" if kind == "ship" else "unit",
        strict.get(table, "code", str, where, ""),
        strict.get(table, "number", str, where, ""),
        strict.get(table, "nation", str, where, ""),
        arrives,
        strict.get(table, "aboard", str, where, ""),
        strict.get(table, "supply", int, where, 0, low=0, high=MOST),
        strict.get(table, "reduced", bool, where, False),
        strict.get(table, "note", str, where, "", lines=True),
    )


SHIP_KEYS = {"name", "steps", "cost", "lost", "lost_this_round", "crippled", "hex", "core_distance", "atmosphere", "cargo", "cargo_owed", "psi", "sdu", "engines_wrecked", "captured", "left_map"}
CARGO_KEYS = {"units", "supply", "ships", "mines", "packs"}
UNIT_KEYS = {"name", "steps", "lost", "drop", "pack"}


def _counted(table: dict[str, Any], where: str, counters: dict[str, Counter], kind: str) -> tuple[str, str, Counter]:
    """An entered ship's or unit's name, the place to name in a refusal, and its counter."""
    name = strict.get(table, "name", str, where)
    shown = name if len(name) <= 60 else f"{name[:40]}... ({len(name)} characters)"
    where = f"{where} ({shown})"
    counter = counters.get(name)
    if counter is None or counter.kind != kind:
        what = "ship's" if kind == "ship" else "ground unit's"
        raise RefereeError(f"{where}: no {what} counter is called so (each needs its [[counters]] entry, kind = {kind!r})")
    return name, where, counter


def _ship(item: object, where: str, counters: dict[str, Counter], sides: dict[Role, str]) -> Ship:
    table = strict.keys(item, SHIP_KEYS, where)
    name, where, counter = _counted(table, where, counters, "ship")
    steps = tuple(read_factors(s, f"{where}: steps #{n}") for n, s in enumerate(strict.words(table, "steps", where), 1))
    state: dict[str, Any] = {k: strict.get(table, k, int, where, 0, low=0, high=MOST) for k in ("cost", "lost", "lost_this_round", "core_distance", "cargo_owed", "psi")}
    state["left_map"] = strict.get(table, "left_map", int, where, 0, low=0, high=TURNS)
    state.update({k: strict.get(table, k, bool, where, False) for k in ("crippled", "atmosphere", "sdu", "engines_wrecked", "captured")})
    place = strict.get(table, "hex", str, where, "")
    if place:
        if hex_name(place, f"{where}: hex") != place:
            raise RefereeError(f"{where}: hex must be written {hex_name(place)!r}, not {place!r}")
    cargo = _cargo(table.get("cargo", {}), f"{where}: cargo", counters, sides)
    try:
        ship = Ship(name, sides[counter.role], counter.code, steps, cargo=cargo, hex=place, **state)
    except RefereeError as error:
        raise RefereeError(f"{where}: {error}") from None
    if ship.lost_this_round > ship.lost or ship.cargo_owed > ship.cargo.points():
        raise RefereeError(f"{where}: lost_this_round must be at most lost ({ship.lost}), cargo_owed at most the cargo carried ({ship.cargo.points()})")
    return ship


def _cargo(item: object, where: str, counters: dict[str, Counter], sides: dict[Role, str]) -> Cargo:
    table = strict.keys(item, CARGO_KEYS, where)
    return Cargo(
        strict.items(table, "units", lambda unit, at: _unit(unit, f"{where}: {at}", counters, sides)),
        strict.get(table, "supply", int, where, 0, low=0, high=MOST),
        strict.items(table, "ships", lambda ship, at: _ship(ship, f"{where}: {at}", counters, sides)),
        strict.get(table, "mines", int, where, 0, low=0, high=MOST),
        strict.get(table, "packs", int, where, 0, low=0, high=MOST),
    )


def _unit(item: object, where: str, counters: dict[str, Counter], sides: dict[Role, str], extra: Set[str] = frozenset()) -> GroundUnit:
    table = strict.keys(item, UNIT_KEYS | extra, where)
    name, where, counter = _counted(table, where, counters, "unit")
    steps = tuple(read_unit_factors(s, f"{where}: steps #{n}") for n, s in enumerate(strict.words(table, "steps", where), 1))
    try:
        return GroundUnit(
            name,
            sides[counter.role],
            steps,
            strict.get(table, "lost", int, where, 0, low=0, high=MOST),
            strict.get(table, "drop", bool, where, False),
            strict.get(table, "pack", bool, where, False),
        )
    except RefereeError as error:
        raise RefereeError(f"{where}: {error}") from None


def _troop(item: object, where: str, counters: dict[str, Counter], sides: dict[Role, str]) -> Troop:
    unit = _unit(item, where, counters, sides, {"planet", "down"})
    assert isinstance(item, dict)
    return Troop(unit, strict.get(item, "planet", str, where, ""), strict.get(item, "down", int, where, 0, low=0, high=TURNS))


def _terrain(table: dict[str, Any], key: str, where: str) -> Terrain:
    given = strict.keys(table.get(key, {}), {"industrial", "settled"}, f"{where}: {key}")
    return Terrain(*(strict.get(given, k, int, f"{where}: {key}", 0, low=0, high=MOST) for k in ("industrial", "settled")))


def _world(item: object, where: str) -> World:
    keys = {"name", "hex", "surface", "gravity", "atmosphere", "defender", "invader", "native", "stockpile_invader", "stockpile_defender", "bombarded"}
    table = strict.keys(item, keys, where)
    name = strict.name(strict.get(table, "name", str, where), f"{where}: name")
    where = f"{where} ({name})"
    planet = Planet(
        name,
        strict.get(table, "gravity", int, where, low=0, high=9),
        strict.get(table, "atmosphere", bool, where),
        _terrain(table, "defender", where),
        _terrain(table, "invader", where),
        strict.get(table, "native", int, where, 0, low=0, high=MOST),
    )
    piles = tuple(strict.get(table, f"stockpile_{role}", int, where, 0, low=0, high=MOST) for role in ROLES)
    return World(planet, _hex(table, where), strict.get(table, "surface", str, where, ""), (piles[0], piles[1]), strict.get(table, "bombarded", int, where, 0, low=0, high=MOST))


def _hex(table: dict[str, Any], where: str) -> str:
    given = strict.get(table, "hex", str, where)
    if hex_name(given, f"{where}: hex") != given:
        raise RefereeError(f"{where}: hex must be written {hex_name(given)!r}, not {given!r}")
    return given


def _star(item: object, where: str) -> Star:
    table = strict.keys(item, {"name", "hex", "rating"}, where)
    return Star(strict.get(table, "name", str, where), _hex(table, where), strict.get(table, "rating", int, where, low=1, high=9))


def _arrival(item: object, where: str) -> Arrival:
    table = strict.keys(item, {"role", "turn", "last", "text"}, where)
    turn = strict.get(table, "turn", int, where, low=0, high=TURNS)
    last = strict.get(table, "last", int, where, turn, low=turn, high=TURNS)
    return Arrival(_role(strict.get(table, "role", str, where), f"{where}: role"), turn, last, strict.get(table, "text", str, where, "", lines=True))


def _combat(data: dict[str, Any]) -> ShipCombat | None:
    if "combat" not in data:
        return None
    where = "[combat]"
    table = strict.keys(data["combat"], {"side", "turn", "hexes", "fired"}, where)
    return ShipCombat(strict.get(table, "side", str, where), strict.get(table, "turn", int, where, low=1, high=TURNS), strict.words(table, "hexes", where), strict.words(table, "fired", where))


def _ship_losses(data: dict[str, Any]) -> ShipLosses | None:
    if "ship_losses" not in data:
        return None
    where = "[ship_losses]"
    table = strict.keys(data["ship_losses"], {"hex", "steps", "ships", "role"}, where)
    return ShipLosses(
        strict.get(table, "hex", str, where),
        strict.get(table, "steps", int, where, low=1, high=MOST),
        strict.words(table, "ships", where),
        _role(strict.get(table, "role", str, where), f"{where}: role"),
    )


def _terrain_losses(data: dict[str, Any]) -> TerrainLosses | None:
    if "terrain_losses" not in data:
        return None
    where = "[terrain_losses]"
    table = strict.keys(data["terrain_losses"], {"planet", "steps", "role"}, where)
    return TerrainLosses(strict.get(table, "planet", str, where), strict.get(table, "steps", int, where, low=1, high=MOST), _role(strict.get(table, "role", str, where), f"{where}: role"))


def _ground_losses(data: dict[str, Any]) -> GroundLosses | None:
    if "ground_losses" not in data:
        return None
    where = "[ground_losses]"
    keys = {"planet", "phasing", "attackers", "defenders", "attacker_losses", "defender_losses", "attacker_done", "defender_done", "boarding"}
    table = strict.keys(data["ground_losses"], keys, where)
    return GroundLosses(
        strict.get(table, "planet", str, where, ""),
        _role(strict.get(table, "phasing", str, where), f"{where}: phasing"),
        strict.words(table, "attackers", where),
        strict.words(table, "defenders", where),
        strict.get(table, "attacker_losses", int, where, low=0, high=MOST),
        strict.get(table, "defender_losses", int, where, low=0, high=MOST),
        _absorbed(table, "attacker_done", where),
        _absorbed(table, "defender_done", where),
        strict.get(table, "boarding", str, where, ""),
    )


def _absorbed(table: dict[str, Any], key: str, where: str) -> Absorbed | None:
    if key not in table:
        return None
    where = f"{where}: {key}"
    given = strict.keys(table[key], {"steps", "industrial", "settled"}, where)

    def step(item: object, at: str) -> tuple[str, int]:
        pair = strict.keys(item, {"name", "steps"}, f"{where}: {at}")
        return strict.get(pair, "name", str, f"{where}: {at}"), strict.get(pair, "steps", int, f"{where}: {at}", low=0, high=MOST)

    surrendered = Terrain(*(strict.get(given, k, int, where, 0, low=0, high=MOST) for k in ("industrial", "settled")))
    return Absorbed(strict.items(given, "steps", step), surrendered)


def _act(item: object, where: str) -> Act:
    table = strict.keys(item, {"ship", "what"}, where)
    return Act(strict.get(table, "ship", str, where), strict.get(table, "what", str, where))


def _agents(data: dict[str, Any], counters: dict[str, Counter]) -> tuple[Agent, ...]:
    """The psi agents; a file from before they were named has each ship's psi rating only: one
    agent aboard it of that rating, named for it."""
    if "agents" in data:
        return strict.items(data, "agents", _agent)
    found = []
    for item in data.get("ships", []) if isinstance(data.get("ships"), list) else []:
        for ship in _carried(item):
            name, psi = ship.get("name"), ship.get("psi")
            if isinstance(psi, int) and psi > 0 and isinstance(name, str) and name in counters:
                found.append(Agent(f"{name}'s psi agent", counters[name].role, psi, name))
    return tuple(found)


def _carried(item: object) -> list[dict[str, Any]]:
    """A ship's table and those of the ships it carries (as written, before they are read)."""
    if not isinstance(item, dict):
        return []
    cargo = item.get("cargo")
    inner = cargo.get("ships", []) if isinstance(cargo, dict) and isinstance(cargo.get("ships"), list) else []
    return [item, *(x for ship in inner for x in _carried(ship))]


def _agent(item: object, where: str) -> Agent:
    table = strict.keys(item, {"name", "role", "rating", "ship"}, where)
    name = strict.name(strict.get(table, "name", str, where), f"{where}: name")
    return Agent(name, _role(strict.get(table, "role", str, where), f"{where}: role"), strict.get(table, "rating", int, where, low=1, high=9), strict.get(table, "ship", str, where))


def _minefield(item: object, where: str) -> Minefield:
    table = strict.keys(item, {"side", "hex", "points", "moved"}, where)
    return Minefield(strict.get(table, "side", str, where), _hex(table, where), strict.get(table, "points", int, where, low=1, high=MOST), strict.get(table, "moved", int, where, 0, low=0, high=MOST))


def _sighting(item: object, where: str) -> Sighting:
    table = strict.keys(item, {"turn", "role", "hex", "revealed", "sweepers"}, where)
    return Sighting(
        strict.get(table, "turn", int, where, low=1, high=TURNS),
        _role(strict.get(table, "role", str, where), f"{where}: role"),
        _hex(table, where),
        strict.words(table, "revealed", where),
        strict.words(table, "sweepers", where),
    )


def _boarding(item: object, where: str) -> Boarding:
    table = strict.keys(item, {"boarder", "target", "fought"}, where)
    return Boarding(strict.get(table, "boarder", str, where), strict.get(table, "target", str, where), strict.get(table, "fought", bool, where, False))


def _side(item: object, where: str) -> Side:
    table = strict.keys(item if item is not None else {}, {"units", "ships"}, where)
    return Side(strict.words(table, "units", where), strict.words(table, "ships", where))


def _deployed(item: object, where: str) -> Deployed:
    keys = {"planet", "stage", "to_act", "matching", "declined", "invader", "defender", "invader_reserve", "defender_reserve", "matchups", "attacked"}
    table = strict.keys(item, keys, where)
    planet = strict.get(table, "planet", str, where)
    where = f"{where} ({planet})"

    def matchup(entry: object, at: str) -> Matchup:
        pair = strict.keys(entry, {"invader", "defender"}, f"{where}: {at}")
        return Matchup(_side(pair.get("invader"), f"{where}: {at}: invader"), _side(pair.get("defender"), f"{where}: {at}: defender"))

    def attacked(entry: object, at: str) -> tuple[Any, int]:
        pair = strict.keys(entry, {"side", "matchup"}, f"{where}: {at}")
        return _role(strict.get(pair, "side", str, f"{where}: {at}"), f"{where}: {at}: side"), strict.get(pair, "matchup", int, f"{where}: {at}", low=1, high=MOST)

    stage = strict.get(table, "stage", str, where, "units")
    if stage not in STAGES:
        raise RefereeError(f"{where}: stage must be one of {', '.join(STAGES)}, not {stage!r}")
    deployment = Deployment(
        _side(table.get("invader"), f"{where}: invader"),
        _side(table.get("defender"), f"{where}: defender"),
        strict.items(table, "matchups", matchup),
        STAGES[stage],
        _role(strict.get(table, "to_act", str, where, "defender"), f"{where}: to_act"),
        strict.get(table, "matching", bool, where, False),
        tuple(_role(r, f"{where}: declined") for r in strict.words(table, "declined", where)),
        strict.words(table, "invader_reserve", where),
        strict.words(table, "defender_reserve", where),
    )
    return Deployed(planet, deployment, strict.items(table, "attacked", attacked))


def _entry(item: object, where: str) -> Entry:
    table = strict.keys(item, {"turn", "text", "rolls", "rule", "secret", "phase", "side"}, where)
    return Entry(
        strict.get(table, "turn", int, where, low=1, high=TURNS),
        strict.get(table, "text", str, where, lines=True),
        strict.words(table, "rolls", where),
        strict.get(table, "rule", str, where, ""),
        strict.get(table, "secret", str, where, ""),
        strict.get(table, "phase", str, where, ""),
        strict.get(table, "side", str, where, ""),
    )


# -- writing -------------------------------------------------------------------------------------


def _plain(value: Any, skip: Set[str] = frozenset()) -> dict[str, Any]:
    """A value's fields as a file's table, leaving out those at their default (and None)."""
    out: dict[str, Any] = {}
    defaults = value._field_defaults
    for name, item in value._asdict().items():
        if name in skip or item is None or (name in defaults and item == defaults[name]):
            continue
        out[name] = list(item) if isinstance(item, tuple) else item
    return out


def ship_dict(ship: Ship) -> dict[str, Any]:
    data = _plain(ship, {"side", "code", "steps", "cargo"})
    data = {"name": data.pop("name"), "steps": [f.shown() for f in ship.steps], **data}
    if ship.cargo != Cargo():
        cargo = _plain(ship.cargo, {"units", "ships"})
        if ship.cargo.units:
            cargo["units"] = [unit_dict(u) for u in ship.cargo.units]
        if ship.cargo.ships:
            cargo["ships"] = [ship_dict(s) for s in ship.cargo.ships]
        data["cargo"] = cargo
    return data


def unit_dict(unit: GroundUnit) -> dict[str, Any]:
    data = _plain(unit, {"side", "steps"})
    return {"name": data.pop("name"), "steps": [s.shown() for s in unit.steps], **data}


def _world_dict(world: World) -> dict[str, Any]:
    p = world.planet
    data: dict[str, Any] = {"name": p.name, "hex": world.hex}
    data.update({"surface": world.surface} if world.surface else {})
    data.update({"gravity": p.gravity, "atmosphere": p.atmosphere, "defender": p.defender._asdict(), "invader": p.invader._asdict()})
    data.update({"native": p.native} if p.native else {})
    data.update({f"stockpile_{role}": n for role, n in zip(ROLES, world.stockpiles) if n})
    data.update({"bombarded": world.bombarded} if world.bombarded else {})
    return data


def _absorbed_dict(done: Absorbed) -> dict[str, Any]:
    return {"steps": [{"name": n, "steps": s} for n, s in done.steps], **done.surrendered._asdict()}


def to_dict(scenario: Scenario) -> dict[str, Any]:
    s = scenario
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "name": s.name,
        "number": s.number,
        "source": s.source,
        "history": s.history,
        "turns": s.turns,
        "turn": s.turn,
        "phase": s.phase,
        "phasing": s.phasing,
        "rules": sorted(s.rules),
    }
    data.update({"outcome": s.outcome} if s.outcome else {})
    data["notes"] = list(s.notes)
    for role in ROLES:
        data[role] = _plain(s.force(role), {"role"})
        data[role].setdefault("velocity", 0)
    data["victory"] = _plain(s.victory)
    data["technology"] = [a._asdict() for a in s.technology]
    data["planets"] = [_world_dict(w) for w in s.worlds]
    data["stars"] = [t._asdict() for t in s.stars]
    data["asteroids"] = list(s.asteroids)
    data["arrivals"] = [_plain(a) for a in s.arrivals]
    data["counters"] = [_plain(c) for c in s.counters]
    data["ships"] = [ship_dict(ship) for ship in s.ships]
    data["troops"] = [unit_dict(t.unit) | _plain(t, {"unit"}) for t in s.troops]
    if s.combat is not None:
        data["combat"] = {"side": s.combat.side, "turn": s.combat.turn, "hexes": list(s.combat.hexes), "fired": list(s.combat.fired)}
    for key in ("ship_losses", "terrain_losses"):
        if getattr(s, key) is not None:
            data[key] = _plain(getattr(s, key))
    data.update({"supplied": list(s.supplied)} if s.supplied else {})
    if s.ground_losses is not None:
        owed = s.ground_losses
        data["ground_losses"] = {
            **_plain(owed, {"attacker_done", "defender_done"}),
            "attacker_losses": owed.attacker_losses,
            "defender_losses": owed.defender_losses,
            **{k: _absorbed_dict(v) for k, v in (("attacker_done", owed.attacker_done), ("defender_done", owed.defender_done)) if v is not None},
        }
    data["agents"] = [a._asdict() for a in s.agents]
    for key in ("acts", "minefields", "boardings"):
        data.update({key: [_plain(x) for x in getattr(s, key)]} if getattr(s, key) else {})
    data.update({"sightings": [_plain(x) | {"revealed": list(x.revealed)} for x in s.sightings]} if s.sightings else {})
    data.update({"deployments": [_deployed_dict(d) for d in s.deployments]} if s.deployments else {})
    data["log"] = [_plain(e) for e in s.log]
    return data


def _side_dict(side: Side) -> dict[str, Any]:
    return {"units": list(side.units), "ships": list(side.ships)}


def _deployed_dict(deployed: Deployed) -> dict[str, Any]:
    d = deployed.deployment
    return {
        "planet": deployed.planet,
        "stage": d.stage,
        "to_act": d.to_act,
        "matching": d.matching,
        "declined": list(d.declined),
        "invader": _side_dict(d.invader),
        "defender": _side_dict(d.defender),
        "invader_reserve": list(d.invader_reserve),
        "defender_reserve": list(d.defender_reserve),
        "matchups": [{"invader": _side_dict(m.invader), "defender": _side_dict(m.defender)} for m in d.matchups],
        "attacked": [{"side": role, "matchup": n} for role, n in deployed.attacked],
    }


def text(scenario: Scenario) -> str:
    """The file's text, once it reads back as a load reads it to the same scenario."""
    return written(scenario)[0]


def written(scenario: Scenario) -> tuple[str, dict[str, Any]]:
    """:func:`text`, and the tables it reads back to."""
    return storage.checked_text(to_dict(scenario), from_dict, scenario, "scenario")
