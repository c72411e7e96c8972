"""A starfortress as an engagement file's table, and back (its rules: fortress; its steps: fortress_phase).

Read strictly: its modules with their damage, how they touch, the allocation, this turn's CIDS
loans, special damage and damage control. The rules are :mod:`referee.starfleet_wars.fortress`;
the steps an engagement takes with them, logged, :mod:`referee.starfleet_wars.fortress_phase`."""

from __future__ import annotations

from typing import Any

from referee import strict
from referee.errors import RefereeError
from referee.starfleet_wars import fortress as fo
from referee.starfleet_wars.power import Allocation

MOST = 99_999
FORTRESS_KEYS = {
    "name",
    "side",
    "game",
    "modules",
    "adjacent",
    "behind",
    "allocation",
    "loans",
    "eliminated",
    "repaired",
    "destroyed",
    "effects",
    "special_rolled",
    "special_due",
    "attempts",
    "offensive_lost",
    "defensive_lost",
    "supports",
    "assaults",
    "captacs",
    "beam_pu",
    "immobile",
    "reload",
    "captacs_launched",
}
MODULE_KEYS = {"name", "kind", "power_units", "max_off", "damage", "peak", "units", "cids", "attack_craft", "fired", "launched", "craft_out", "needs_reload"}


def fortress_from(item: object, where: str) -> fo.Fortress:
    from referee.starfleet_wars.engagement_file import _effect

    table = strict.keys(item, FORTRESS_KEYS, where)
    name = strict.get(table, "name", str, where)
    where = f"{where} ({name})"
    game = strict.get(table, "game", str, where, "starfleet-wars")
    if game not in fo.GAMES:
        raise RefereeError(f"{where}: game must be one of {', '.join(fo.GAMES)}, not {game!r}")
    allocation = Allocation()
    if "allocation" in table:
        given = strict.keys(table["allocation"], {"speed", "offensive", "defensive"}, f"{where}: allocation")
        allocation = Allocation(*(strict.get(given, k, int, f"{where}: allocation", 0, low=0, high=0 if k == "speed" else MOST) for k in ("speed", "offensive", "defensive")))
    fortress = fo.Fortress(
        name=name,
        side=strict.get(table, "side", str, where),
        modules=strict.items(table, "modules", _module),
        adjacent=_pairs(table, "adjacent", where),
        game=game,
        behind=_pairs(table, "behind", where),
        allocation=allocation,
        loans=strict.items(table, "loans", _loan),
        eliminated=strict.items(table, "eliminated", _loan),
        repaired=strict.get(table, "repaired", int, where, 0, low=0, high=MOST),
        destroyed=strict.get(table, "destroyed", bool, where, False),
        effects=strict.items(table, "effects", _effect),
        special_rolled=strict.get(table, "special_rolled", bool, where, False),
        special_due=strict.get(table, "special_due", int, where, 0, low=0, high=MOST),
        attempts=strict.get(table, "attempts", int, where, 0, low=0, high=MOST),
        offensive_lost=strict.get(table, "offensive_lost", bool, where, False),
        defensive_lost=strict.get(table, "defensive_lost", bool, where, False),
        supports=strict.items(table, "supports", _support),
        assaults=tuple((a.to, a.rolls) for a in strict.items(table, "assaults", _assault)),
        captacs=strict.get(table, "captacs", int, where, 0, low=0, high=fo.PER_TRACTOR_BEAM),
        beam_pu=strict.get(table, "beam_pu", int, where, 0, low=0, high=MOST),
        immobile=tuple(_names(table, "immobile", where)),
        reload=strict.get(table, "reload", int, where, 0, low=0, high=MOST),
        captacs_launched=strict.get(table, "captacs_launched", int, where, 0, low=0, high=MOST),
    )
    names = {m.name for m in fortress.modules}
    if len(names) != len(fortress.modules) or not fortress.modules:
        raise RefereeError(f"{where}: modules must be there, each name once")
    for a, b in (*fortress.adjacent, *fortress.behind):
        if a not in names or b not in names or a == b:
            raise RefereeError(f"{where}: the pair {a!r}, {b!r} must name two different modules of the fortress ({', '.join(sorted(names))})")
    mads = {s.mad for s in fortress.supports}
    for loan in (*fortress.loans, *fortress.eliminated):
        if (loan.lender not in names and not (loan in fortress.eliminated and loan.lender in mads)) or loan.to not in names:
            raise RefereeError(f"{where}: a CIDS loan from {loan.lender!r} to {loan.to!r} names a module not in the fortress")
    for place in (*(s.on for s in fortress.supports), *(m for m, _ in fortress.assaults)):
        if place not in names:
            raise RefereeError(f"{where}: {place!r} is not a module of the fortress ({', '.join(sorted(names))})")
    for module in fortress.modules:
        if module.peak < module.damage:
            raise RefereeError(f"{where}: {module.name}'s peak ({module.peak}) is below its damage ({module.damage})")
    return fortress


def _module(item: object, where: str) -> fo.Module:
    table = strict.keys(item, MODULE_KEYS, where)
    kind = strict.get(table, "kind", str, where)
    if kind not in fo.MODULE_KINDS:
        raise RefereeError(f"{where}: kind must be one of {', '.join(fo.MODULE_KINDS)}, not {kind!r}")
    numbers = {k: strict.get(table, k, int, where, 0, low=0, high=MOST) for k in ("damage", "peak", "units", "cids", "attack_craft", "fired", "launched", "craft_out")}
    module = fo.Module(
        strict.get(table, "name", str, where),
        kind,
        strict.get(table, "power_units", int, where, low=1, high=MOST),
        strict.get(table, "max_off", int, where, low=0, high=MOST),
        **numbers,
        needs_reload=strict.get(table, "needs_reload", bool, where, False),
    )
    if module.damage > module.power_units or module.units > fo.MOST_UNITS:
        raise RefereeError(f"{where}: damage at most {module.power_units} and units at most {fo.MOST_UNITS}")
    if module.launched > module.fired or module.craft_out > module.attack_craft:
        raise RefereeError(f"{where}: launched ({module.launched}) at most fired ({module.fired}), craft_out ({module.craft_out}) at most attack_craft ({module.attack_craft})")
    return module


def _loan(item: object, where: str) -> fo.Loan:
    table = strict.keys(item, {"lender", "to", "rolls"}, where)
    return fo.Loan(strict.get(table, "lender", str, where), strict.get(table, "to", str, where), strict.get(table, "rolls", int, where, low=1, high=fo.CIDS_ROLLS))


def _support(item: object, where: str) -> fo.Support:
    table = strict.keys(item, {"mad", "on", "rolls", "cids"}, where)
    return fo.Support(
        strict.get(table, "mad", str, where),
        strict.get(table, "on", str, where),
        strict.get(table, "rolls", int, where, low=1, high=fo.CIDS_ROLLS),
        strict.get(table, "cids", int, where, low=0, high=100),
    )


def _assault(item: object, where: str) -> fo.Loan:
    table = strict.keys(item, {"module", "craft"}, where)
    return fo.Loan("", strict.get(table, "module", str, where), strict.get(table, "craft", int, where, low=1, high=fo.MOST_ASSAULTING))


def _names(table: dict[str, Any], key: str, where: str) -> list[str]:
    value = strict.get(table, key, list, where, [])
    if not all(isinstance(v, str) for v in value):
        raise RefereeError(f"{where}: {key} must be a list of names (['Outpost MAD 1']), not {value!r}")
    return value


def _pairs(table: dict[str, Any], key: str, where: str) -> tuple[tuple[str, str], ...]:
    value = strict.get(table, key, list, where, [])
    pairs = []
    for pair in value:
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
            raise RefereeError(f"{where}: {key} must be a list of pairs of module names ([['WP 1', 'LSS 1']]), not {pair!r}")
        pairs.append((pair[0], pair[1]))
    return tuple(pairs)


def fortress_dict(fortress: fo.Fortress) -> dict[str, Any]:
    from referee.starfleet_wars.engagement_file import _plain

    data = _plain(fortress, {"modules", "adjacent", "behind", "allocation", "loans", "eliminated", "effects", "supports", "assaults"})
    data["modules"] = [_plain(m) for m in fortress.modules]
    for key in ("adjacent", "behind"):
        if getattr(fortress, key):
            data[key] = [list(p) for p in getattr(fortress, key)]
    if fortress.allocation != Allocation():
        data["allocation"] = fortress.allocation._asdict()
    for key in ("loans", "eliminated", "effects", "supports"):
        if getattr(fortress, key):
            data[key] = [_plain(x) for x in getattr(fortress, key)]
    if fortress.assaults:
        data["assaults"] = [{"module": m, "craft": n} for m, n in fortress.assaults]
    return data
