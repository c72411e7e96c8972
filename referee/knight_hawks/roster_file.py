"""A ship's roster as plain data, the shape of a ship table in a battle or campaign file
(campaigns/README.md), and back.

Reading is strict: an unknown key, a value of the wrong kind or a figure out of range is refused
with the ship and key named, so a hand-edited file cannot slip a wrong roster into the game.
"""

from __future__ import annotations

from typing import Any

import attrs

from referee import strict
from referee.errors import RefereeError
from referee.knight_hawks.roster import DAMAGED_SYSTEMS, SCREENS, Ship, build
from referee.tables import Tables

START_KEYS = {"name", "class", "side", "hull_points", "adf", "mr", "dcr", "weapons", "defenses", "docked_at", "carried_by", "speed", "note"}
STATE_KEYS = {"hull", "adf_now", "mr_now", "dcr_now", "damaged", "airdock_only", "masking_screen_up", "active_screen", "fired", "shots", "must_turn"}


_READ: dict[tuple[str, str], tuple[Tables, Ship]] = {}  # ships read before, by their tables' text (repr) and game


def ship_from_dict(item: object, where: str, game: str, kh: Tables) -> Ship:
    """The roster a ship table holds, checked. Every save reads the whole file back, and most of
    its ships are as they were: a table read before (the same text, game and tables) gives the
    same frozen roster again without the checks (a battle of 40 ships: 10 ms a save)."""
    key = (repr(item), game)
    found = _READ.get(key)
    if found is not None and found[0] is kh:
        return found[1]
    ship = _ship_from_dict(item, where, game, kh)
    if len(_READ) >= 4096:
        _READ.clear()
    _READ[key] = (kh, ship)
    return ship


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
    ship = attrs.evolve(
        ship,
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
    _check_systems(ship, where)
    if ship.speed < 0:
        raise RefereeError(f"{where}: speed cannot be negative")
    if ship.active_screen and (ship.active_screen not in SCREENS or ship.system(ship.active_screen) is None):
        raise RefereeError(f"{where}: active_screen must be one of its screens ({', '.join(s for s in SCREENS if ship.system(s)) or 'it has none'}), not {ship.active_screen!r}")
    return ship


def _check_systems(ship: Ship, where: str) -> None:
    """Every weapon and defense line with a start count of 1 or more; what was fired, and what a
    repair left to an airdock, among the ship's own systems."""
    codes = {s.code for s in (*ship.weapons, *ship.defenses)}
    for line in (*ship.weapons, *ship.defenses):
        if line.start < 1:
            raise RefereeError(f"{where}: {line.code} x{line.count} of {line.start}: a system starts with 1 or more")
    for key, found in (("fired", ship.fired), ("shots", ship.shots)):
        strange = sorted({code for code in found if code not in codes})
        if strange:
            raise RefereeError(f"{where}: {key} {', '.join(strange)}: not among its weapons and defenses ({', '.join(sorted(codes)) or 'none'})")
    targets = {"hull", "adf", "mr", *DAMAGED_SYSTEMS, *codes}
    strange = sorted(ship.airdock_only - targets)
    if strange:
        raise RefereeError(f"{where}: airdock_only {', '.join(strange)}: give what a repair names (hull, adf, mr, a damaged system or one of its systems: {', '.join(sorted(codes))})")


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
        "name": ship.name, "class": ship.ship_class, "side": ship.side,
        "hull_points": ship.hull_start, "adf": ship.adf_start, "mr": ship.mr_start,
    }
    if ship.game == "advanced":
        data["dcr"] = ship.dcr_start
    data["weapons"] = [s.notation() for s in ship.weapons]
    data["defenses"] = [s.notation() for s in ship.defenses]
    optional = {
        "docked_at": ship.docked_at, "carried_by": ship.carried_by, "speed": ship.speed or None, "note": ship.note,
        "hull": ship.hull if ship.hull != ship.hull_start else None,
        "adf_now": ship.adf if ship.adf != ship.adf_start else None,
        "mr_now": ship.mr if ship.mr != ship.mr_start else None,
        "dcr_now": ship.dcr if ship.dcr != ship.dcr_start else None,
        "damaged": sorted(ship.damaged), "airdock_only": sorted(ship.airdock_only),
        "masking_screen_up": ship.masking_screen_up, "active_screen": ship.active_screen,
        "fired": sorted(ship.fired), "shots": list(ship.shots), "must_turn": ship.must_turn,
    }
    # left out when empty; a figure of 0 (a destroyed ship's hull) is kept: ``0 == False`` in Python
    data.update({k: v for k, v in optional.items() if v is not None and v is not False and v != "" and v != []})
    return data
