"""A Starfleet Wars engagement as plain data, the shape of an engagement file, and back.

Reading is strict, as for the other files: an unknown key, a value of the wrong kind or a figure
out of range is refused with the ship (or fortress) and key named, and the parts are checked
against each other (:func:`engagement.check`). Special damage is kept in the file (it is the
referee's ledger); the commands and the app show it only with ``--secrets`` or unsealed.
"""

from __future__ import annotations

from collections.abc import Set
from typing import Any

from referee import kinds, storage, strict
from referee.errors import RefereeError
from referee.starfleet_wars import special_damage as sd
from referee.starfleet_wars.engagement import Drift, Engagement, Entered, Entry, check
from referee.starfleet_wars.power import Allocation
from referee.starfleet_wars.ships import Ship

FORMAT = kinds.ENGAGEMENT.format
VERSION = 1
KEYS = {"format", "version", "name", "sides", "turn", "step", "special_damage", "damage_control", "notes", "ships", "fortresses", "drifting", "entered", "log"}
MOST = 99_999  # no figure of the supplement comes near (a fortress of 17 LSS: 1700 PU)


def from_dict(data: dict[str, Any]) -> Engagement:
    where = "engagement file"
    data = strict.keys(data, KEYS, where)
    strict.header(data, FORMAT, VERSION, where, "a Starfleet Wars engagement file")
    engagement = Engagement(
        name=strict.get(data, "name", str, where),
        sides=strict.words(data, "sides", where),
        turn=strict.get(data, "turn", int, where, 1, low=1, high=MOST),
        step=strict.get(data, "step", str, where, "allocation"),
        ships=strict.items(data, "ships", _ship),
        fortresses=strict.items(data, "fortresses", _fortress),
        drifting=strict.items(data, "drifting", _drift),
        entered=strict.items(data, "entered", _entered),
        log=strict.items(data, "log", _entry),
        notes=strict.words(data, "notes", where, lines=True),
        special_damage=strict.get(data, "special_damage", bool, where, True),
        damage_control=strict.get(data, "damage_control", bool, where, True),
    )
    try:
        return check(engagement)
    except RefereeError as error:
        raise RefereeError(f"{where}: {error}") from None


def _scalars(cls: type, table: dict[str, Any], where: str, skip: set[str]) -> dict[str, Any]:
    """The plain fields of a class from a file's table, each of its default's kind
    (whole numbers 0 to 99999), a missing one its default."""
    found: dict[str, Any] = {}
    for name in cls._fields:  # type: ignore[attr-defined]  # (a NamedTuple's)
        required = name not in cls._field_defaults  # type: ignore[attr-defined]
        if name in skip or (name not in table and not required):
            continue
        annotation = cls.__annotations__[name]  # (a ForwardRef: this module's classes are written with postponed annotations)
        wanted = FIELD_TYPES[str(getattr(annotation, "__forward_arg__", annotation))]
        if wanted is int:
            found[name] = strict.get(table, name, int, where, low=0, high=MOST)
        else:
            found[name] = strict.get(table, name, wanted, where)
    return found


FIELD_TYPES: dict[str, type] = {"int": int, "str": str, "bool": bool}


def _plain(value: Any, skip: Set[str] = frozenset()) -> dict[str, Any]:
    """A value's fields as a file's table, leaving out those at their default."""
    out: dict[str, Any] = {}
    defaults = value._field_defaults
    for name, item in value._asdict().items():
        if name in skip or (name in defaults and item == defaults[name]):
            continue
        out[name] = list(item) if isinstance(item, tuple) else item
    return out


SHIP_KEYS = set(Ship._fields)


def _ship(item: object, where: str) -> Ship:
    table = strict.keys(item, SHIP_KEYS, where)
    where = f"{where} ({table.get('name', '?')})" if isinstance(table.get("name"), str) else where
    values = _scalars(Ship, table, where, {"allocation", "effects", "unknown"})
    allocation = None
    if "allocation" in table:
        given = strict.keys(table["allocation"], {"speed", "offensive", "defensive"}, f"{where}: allocation")
        allocation = Allocation(**{k: strict.get(given, k, int, f"{where}: allocation", 0, low=0, high=MOST) for k in ("speed", "offensive", "defensive")})
    effects = strict.items(table, "effects", _effect)
    return Ship(**values, allocation=allocation, effects=effects, unknown=strict.words(table, "unknown", where))


def _effect(item: object, where: str) -> sd.Effect:
    table = strict.keys(item, {"roll", "kind", "turn", "turns", "factors"}, where)
    kind = strict.get(table, "kind", str, where)
    if kind not in sd.OUTCOMES or kind == "reactors":
        raise RefereeError(f"{where}: kind must be one of {', '.join(k for k in sd.OUTCOMES if k != 'reactors')}, not {kind!r}")
    effect = sd.Effect(**_scalars(sd.Effect, table, where, set()))
    if sd.kind_of(effect.roll) != kind:
        raise RefereeError(f"{where}: a roll of {effect.roll} is not a {kind} result on the Special Damage Table")
    return effect


def _fortress(item: object, where: str) -> Any:
    from referee.starfleet_wars import fortress_file

    return fortress_file.fortress_from(item, where)


def _drift(item: object, where: str) -> Drift:
    table = strict.keys(item, {"side", "count", "where"}, where)
    return Drift(strict.get(table, "side", str, where), strict.get(table, "count", int, where, low=1, high=MOST), strict.get(table, "where", str, where, ""))


def _entered(item: object, where: str) -> Entered:
    from referee.starfleet_wars.ships import figure

    table = strict.keys(item, {"ship_class", "key", "value"}, where)
    key = strict.get(table, "key", str, where)
    value = table.get("value")
    if not isinstance(value, (int, str)) or isinstance(value, bool):
        raise RefereeError(f"{where}: value must be a whole number (or a type), not {value!r}")
    return Entered(strict.get(table, "ship_class", str, where), key, figure(key, str(value)))


def _entry(item: object, where: str) -> Entry:
    table = strict.keys(item, {"turn", "text", "rolls", "rule", "secret"}, where)
    return Entry(
        strict.get(table, "turn", int, where, low=1, high=MOST),
        strict.get(table, "text", str, where, lines=True),
        strict.words(table, "rolls", where),
        strict.get(table, "rule", str, where, ""),
        strict.get(table, "secret", str, where, ""),
    )


def to_dict(engagement: Engagement) -> dict[str, Any]:
    from referee.starfleet_wars import fortress_file

    ships = []
    for ship in engagement.ships:
        data = _plain(ship, {"allocation", "effects"})
        if ship.allocation is not None:
            data["allocation"] = ship.allocation._asdict()
        if ship.effects:
            data["effects"] = [_plain(e) for e in ship.effects]
        ships.append(data)
    rules = {k: False for k in ("special_damage", "damage_control") if not getattr(engagement, k)}
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": engagement.name,
        "sides": list(engagement.sides),
        "turn": engagement.turn,
        **({"step": engagement.step} if engagement.step != "allocation" else {}),
        **rules,
        "notes": list(engagement.notes),
        "ships": ships,
        "fortresses": [fortress_file.fortress_dict(f) for f in engagement.fortresses],
        "drifting": [_plain(d) for d in engagement.drifting],
        "entered": [e._asdict() for e in engagement.entered],
        "log": [_plain(e) for e in engagement.log],
    }


def text(engagement: Engagement) -> str:
    """The file's text, once it reads back as a load reads it to the same engagement."""
    return written(engagement)[0]


def written(engagement: Engagement) -> tuple[str, dict[str, Any]]:
    """:func:`text`, and the tables it reads back to."""
    return storage.checked_text(to_dict(engagement), from_dict, engagement, "engagement")
