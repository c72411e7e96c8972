"""A ship's roster as plain data, the shape of a ship table in a battle or campaign file
(campaigns/README.md), and back.

Reading is strict: an unknown key, a value of the wrong kind or a figure out of range is refused
with the ship and key named, so a hand-edited file cannot slip a wrong roster into the game.
"""

from __future__ import annotations

import marshal
from collections.abc import Sequence
from typing import Any

from referee import strict
from referee.errors import RefereeError
from referee.knight_hawks.roster import DAMAGED_SYSTEMS, SCREENS, Ship, build, systems
from referee.tables import Row, Tables

START_KEYS = {"name", "class", "side", "hull_points", "adf", "mr", "dcr", "weapons", "defenses", "docked_at", "carried_by", "speed", "note"}
STATE_KEYS = {"hull", "adf_now", "mr_now", "dcr_now", "damaged", "airdock_only", "masking_screen_up", "active_screen", "fired", "shots", "must_turn"}
# What each key holds, as the reading below takes it (strict.fits: the quick reading)
KEY_TYPES: dict[str, type] = {
    "name": str,
    "class": str,
    "side": str,
    "hull_points": int,
    "adf": int,
    "mr": int,
    "dcr": int,
    "weapons": list,
    "defenses": list,
    "docked_at": str,
    "carried_by": str,
    "speed": int,
    "note": str,
    "hull": int,
    "adf_now": int,
    "mr_now": int,
    "dcr_now": int,
    "damaged": list,
    "airdock_only": list,
    "masking_screen_up": bool,
    "active_screen": str,
    "fired": list,
    "shots": list,
    "must_turn": bool,
}


_READ: dict[tuple[bytes | str, str], tuple[Tables, Ship]] = {}  # ships read before, by their tables' content and game


def ship_from_dict(item: object, where: str, game: str, kh: Tables) -> Ship:
    """The roster a ship table holds, checked: at once if the table is as a save writes it
    (:func:`_plain_ship`), else key by key. Every save reads the whole file back, and most of its
    ships are as they were: a table read before (the same content, game and tables) gives the same
    frozen roster again without the checks (a battle of 40 ships: 10 ms a save)."""
    key = (_content(item), game)
    found = _READ.get(key)
    if found is not None and found[0] is kh:
        return found[1]
    ship = _plain_ship(item, game, kh)
    if ship is None:
        ship = _ship_from_dict(item, where, game, kh)
    if len(_READ) >= 4096:
        _READ.clear()
    _READ[key] = (kh, ship)
    return ship


def _content(item: object) -> bytes | str:
    """A ship table's content, exactly, as a key: marshal's bytes, at half the cost of its repr
    (version 2 writes no references back, so the same content gives the same bytes; True is not 1
    there either); the repr of a table holding something marshal does not write."""
    try:
        return marshal.dumps(item, 2)  # type: ignore[arg-type]  # (what it does not write: ValueError)
    except ValueError:
        return repr(item)


def _plain_ship(item: object, game: str, kh: Tables) -> Ship | None:
    """The roster of a ship table as a save writes it, built at once; None for a table the
    reading key by key (:func:`_ship_from_dict`) might refuse or read in some other way, which it
    then reads, or refuses in its own words and order. So this reading refuses nothing: what it
    takes, that one takes, to the same roster (tests/files/test_quick_read.py tries both on changed
    tables). A ship of a war: 30 µs or more that way, 10 this one, and the ship tables as saves
    write them are all read this way."""
    if not strict.fits(item, KEY_TYPES):
        return None
    table: dict[str, Any] = item  # type: ignore[assignment]  # (fits: a dict)
    name, ship_class, side = table.get("name"), table.get("class"), table.get("side")
    if name is None or ship_class is None or side is None or not name.strip() or name != name.strip() or not ship_class.strip():
        return None
    row = _class_row(ship_class, game, kh)
    if row is None or (game == "basic" and "dcr" in table):
        return None
    stats = {**row, **table}  # the ship's own figures over its class's (of the row's keys, a ship table holds only its figures)
    hull, adf, mr, dcr = stats.get("hull_points"), stats.get("adf"), stats.get("mr"), 0 if game == "basic" else stats.get("dcr", 0)
    if type(hull) is not int or type(adf) is not int or type(mr) is not int or type(dcr) is not int or hull < 1 or min(adf, mr, dcr) < 0:
        return None
    try:
        weapons, defenses = systems(stats.get("weapons")), systems(stats.get("defenses"))
    except RefereeError:  # (one missing too: None is no listing)
        return None
    hull_now, adf_now, mr_now, dcr_now = table.get("hull", hull), table.get("adf_now", adf), table.get("mr_now", mr), table.get("dcr_now", dcr)
    if not (0 <= hull_now <= hull and 0 <= adf_now <= adf and 0 <= mr_now <= mr and 0 <= dcr_now <= dcr):
        return None
    damaged = frozenset(table.get("damaged", ()))
    if not damaged.issubset(DAMAGED_SYSTEMS):
        return None
    ship = Ship(
        name=name,
        ship_class=str(stats["ship"]),
        side=side,
        game=game,  # type: ignore[arg-type]
        hull_start=hull,
        hull=hull_now,
        adf_start=adf,
        adf=adf_now,
        mr_start=mr,
        mr=mr_now,
        dcr_start=dcr,
        dcr=dcr_now,
        weapons=weapons,
        defenses=defenses,
        damaged=damaged,
        airdock_only=frozenset(table.get("airdock_only", ())),
        speed=table.get("speed", 0),
        masking_screen_up=table.get("masking_screen_up", False),
        active_screen=table.get("active_screen", "").upper(),
        docked_at=table.get("docked_at", ""),
        carried_by=table.get("carried_by", ""),
        fired=frozenset(_upper(table.get("fired", ()))),
        shots=_upper(table.get("shots", ())),
        must_turn=table.get("must_turn", False),
        note=table.get("note", ""),
    )
    return None if _problem(ship) else ship


def _upper(codes: Sequence[str]) -> tuple[str, ...]:
    return tuple(code.upper() for code in codes) if codes else ()


_CLASSES: dict[tuple[str, str], tuple[Tables, Row | None]] = {}  # _class_row's answers, by the class a file names and game


def _class_row(ship_class: str, game: str, kh: Tables) -> Row | None:
    """The statistics row of the ship class a file names (the row's name is the class as the
    roster spells it), or the name alone (``{"ship": ...}``) if it is not a class of the game; None
    if ``kh`` has no ships of the game (a refusal, for the reading key by key to make). Found once
    a process: a war names a dozen classes for its hundreds of ships."""
    found = _CLASSES.get((ship_class, game))
    if found is not None and found[0] is kh:
        return found[1]
    row = _named_row(kh, f"kh.ships-{game}", ship_class)
    _CLASSES[(ship_class, game)] = (kh, row)
    return row


def _named_row(kh: Tables, table: str, name: str) -> Row | None:
    """The row of ``table`` called ``name``; ``{"ship": name}`` if none is; None if no such table."""
    try:
        known = kh.get(table)
    except RefereeError:
        return None
    try:
        return known.row(name)
    except RefereeError:
        return {"ship": name}


def _ship_from_dict(item: object, where: str, game: str, kh: Tables) -> Ship:
    table = strict.keys(item, START_KEYS | STATE_KEYS, where)
    name = strict.get(table, "name", str, where)
    where = f"ship {name!r}"
    if not name.strip() or name != name.strip():
        raise RefereeError(f"{where}: name must be a name without spaces around it")
    ship_class = strict.get(table, "class", str, where)
    if not ship_class.strip():
        raise RefereeError(f"{where}: class must name the ship's class, e.g. frigate")
    if game == "basic" and "dcr" in table:
        raise RefereeError(f"{where}: the Basic Game has no DCR; leave dcr out")
    stats: dict[str, object] = {"ship": ship_class}
    known = kh.get(f"kh.ships-{game}")
    try:
        stats = dict(known.row(ship_class))
    except RefereeError:
        pass
    for key in ("hull_points", "adf", "mr", "dcr"):
        if key in table:
            stats[key] = strict.get(table, key, int, where, low=1 if key == "hull_points" else 0)
    for key in ("weapons", "defenses"):
        if key in table:
            stats[key] = list(strict.words(table, key, where))
    if any(k not in stats for k in ("hull_points", "adf", "mr", "weapons", "defenses")):
        raise RefereeError(f"{where}: {ship_class!r} is not a ship class of the {game} game; give hull_points, adf, mr, weapons and defenses")
    try:
        ship = build(stats, name, strict.get(table, "side", str, where), game)  # type: ignore[arg-type]
    except RefereeError as error:
        raise RefereeError(f"{where}: {error}") from None
    ship = ship._replace(
        hull=_figure(table, "hull", ship.hull_start, where),
        adf=_figure(table, "adf_now", ship.adf_start, where),
        mr=_figure(table, "mr_now", ship.mr_start, where),
        dcr=_figure(table, "dcr_now", ship.dcr_start, where),
        damaged=_named(table, "damaged", DAMAGED_SYSTEMS, where),
        airdock_only=frozenset(strict.words(table, "airdock_only", where)),
        speed=strict.get(table, "speed", int, where, 0),
        masking_screen_up=strict.get(table, "masking_screen_up", bool, where, False),
        active_screen=strict.get(table, "active_screen", str, where, "").upper(),
        docked_at=strict.get(table, "docked_at", str, where, ""),
        carried_by=strict.get(table, "carried_by", str, where, ""),
        fired=frozenset(w.upper() for w in strict.words(table, "fired", where)),
        shots=tuple(w.upper() for w in strict.words(table, "shots", where)),
        must_turn=strict.get(table, "must_turn", bool, where, False),
        note=strict.get(table, "note", str, where, "", lines=True),
    )
    problem = _problem(ship)
    if problem:
        raise RefereeError(f"{where}: {problem}")
    return ship


def _problem(ship: Ship) -> str:
    """What is wrong with a roster read, in the order the reading looks ('' if nothing): every
    weapon and defense line with a start count of 1 or more; what was fired, and what a repair
    left to an airdock, among the ship's own systems; its speed; its active screen its own."""
    lines = (*ship.weapons, *ship.defenses)
    for line in lines:
        if line.start < 1:
            return f"{line.code} x{line.count} of {line.start}: a system starts with 1 or more"
    if ship.fired or ship.shots or ship.airdock_only:
        codes = {s.code for s in lines}
        for key, found in (("fired", ship.fired), ("shots", ship.shots)):
            strange = sorted({code for code in found if code not in codes})
            if strange:
                return f"{key} {', '.join(strange)}: not among its weapons and defenses ({', '.join(sorted(codes)) or 'none'})"
        strange = sorted(ship.airdock_only - {"hull", "adf", "mr", *DAMAGED_SYSTEMS, *codes})
        if strange:
            return f"airdock_only {', '.join(strange)}: give what a repair names (hull, adf, mr, a damaged system or one of its systems: {', '.join(sorted(codes))})"
    if ship.speed < 0:
        return "speed cannot be negative"
    if ship.active_screen and (ship.active_screen not in SCREENS or ship.system(ship.active_screen) is None):
        return f"active_screen must be one of its screens ({', '.join(s for s in SCREENS if ship.system(s)) or 'it has none'}), not {ship.active_screen!r}"
    return ""


def _figure(table: dict[str, Any], key: str, start: int, where: str) -> int:
    value = strict.get(table, key, int, where, start)
    if not 0 <= value <= start:
        raise RefereeError(f"{where}: {key} {value} must be between 0 and the start figure {start}")
    return value


def _named(table: dict[str, Any], key: str, allowed: tuple[str, ...], where: str) -> frozenset[str]:
    words = strict.words(table, key, where)
    wrong = [w for w in words if w not in allowed]
    if wrong:
        raise RefereeError(f"{where}: {key} {', '.join(wrong)} unknown; the damaged systems are {', '.join(allowed)}")
    return frozenset(words)


def ship_dict(ship: Ship) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": ship.name,
        "class": ship.ship_class,
        "side": ship.side,
        "hull_points": ship.hull_start,
        "adf": ship.adf_start,
        "mr": ship.mr_start,
    }
    if ship.game == "advanced":
        data["dcr"] = ship.dcr_start
    data["weapons"] = [s.notation() for s in ship.weapons]
    data["defenses"] = [s.notation() for s in ship.defenses]
    optional = {
        "docked_at": ship.docked_at,
        "carried_by": ship.carried_by,
        "speed": ship.speed or None,
        "note": ship.note,
        "hull": ship.hull if ship.hull != ship.hull_start else None,
        "adf_now": ship.adf if ship.adf != ship.adf_start else None,
        "mr_now": ship.mr if ship.mr != ship.mr_start else None,
        "dcr_now": ship.dcr if ship.dcr != ship.dcr_start else None,
        "damaged": sorted(ship.damaged),
        "airdock_only": sorted(ship.airdock_only),
        "masking_screen_up": ship.masking_screen_up,
        "active_screen": ship.active_screen,
        "fired": sorted(ship.fired),
        "shots": list(ship.shots),
        "must_turn": ship.must_turn,
    }
    # left out when empty; a figure of 0 (a destroyed ship's hull) is kept: ``0 == False`` in Python
    data.update({k: v for k, v in optional.items() if v is not None and v is not False and v != "" and v != []})
    return data
