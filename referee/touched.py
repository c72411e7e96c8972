"""What an action touched - which ships, fleets and stations, and what of them - found by comparing
the state before it with the state after it, not by what the action says of itself. The undo
history keeps it with each action, so that undo and redo can say "undone: Place - Sathar Destroyer
1-6 (to Prenglar Start Circle)" in the app and from the command line alike.

:func:`between` compares two states of a file and gives the changes as JSON text (each kind's
``changes``, :mod:`referee.kinds`, is one of :func:`campaign`, :func:`battle`, :func:`engagement`,
:func:`scenario`):
``general`` (the day and step, the turn, secrets named but not shown) and ``groups`` of ships that
changed alike, each ``{"change": ..., "names": [[name, ships], ...]}``, names shortened where they
run ("Sathar Destroyer 1-6") and a whole fleet (or a battle's whole side) named as one.
:func:`said` makes one line of it, as short as asked ("and 12 more ships").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from referee.names import runs

if TYPE_CHECKING:
    from referee.knight_hawks.battle import Battle
    from referee.knight_hawks.roster import Ship
    from referee.sathar_war.campaign import Campaign, Unit

Change = tuple[str, str, str]  # (a ship's name, what changed of it, the fleet or side it stayed in: named as one when all of it changed alike)

_HEADING = re.compile(r" \((?:accelerating|decelerating)[^)]*\)$")  # a place's heading: for the map, not for a summary

# a unit's own fields: the words for them, when nothing more telling changed
_BOOKKEEPING = {
    "moved": "moved",
    "fought": "fought",
    "repair_turns": "repair turns",
    "docked_since": "docked",
    "placed": "placed",
    "rearms": "rearms",
    "lost": "day lost",
    "returns": "return day",
    "circle": "start circle",
    "hull_station_only": "hull left to a station",
    "home": "home",
    "force": "force",
}


def between(before: Any, after: Any) -> str:
    """What changed from one state of a file to the next (a campaign's, a battle's, an engagement's or
    a Stellar Inferno scenario's: its kind's ``changes``, :mod:`referee.kinds`), as JSON."""
    from referee import kinds

    general, changes, groups = kinds.rules_of(after).changes(before, after)
    import json  # (only once an action is taken or told)

    return json.dumps({"general": general, "groups": _grouped(changes, groups)}, ensure_ascii=False, separators=(",", ":"))


def said(what: str, touched: str, width: int | None = None) -> str:
    """One line: the action and what it touched, at most ``width`` characters if given: then each
    group of ships is its first name "and 5 more", then the last groups are summed up ("and 12
    more ships"), and at worst the line is cut."""
    import json

    data = json.loads(touched) if touched else {}
    general: list[str] = data.get("general", [])
    groups: list[dict[str, Any]] = data.get("groups", [])
    if not general and not groups:
        return f"{what} - the log only" if touched else what
    whole = f"{what} - " + "; ".join(parts(touched))
    if width is None or len(whole) <= width:
        return whole
    short = [*general, *(_short(g) for g in groups)]
    ships = [0] * len(general) + [sum(n for _, n in g["names"]) for g in groups]
    for shown in range(len(short), 0, -1):
        left = sum(ships[shown:])
        rest = [] if shown == len(short) else [f"and {left} more ship{'s' if left != 1 else ''}" if left else f"and {len(short) - shown} more"]
        line = f"{what} - " + "; ".join([*short[:shown], *rest])
        if len(line) <= width:
            return line
    return whole[: max(width - 3, 0)] + "..."


def parts(touched: str) -> list[str]:
    """Everything an action touched, in full: the day, turn or secrets, then each group of ships
    with what changed of them ("Sathar Destroyer 1-15 (to Prenglar Start Circle)")."""
    import json

    data = json.loads(touched) if touched else {}
    return [*data.get("general", []), *(f"{', '.join(str(n) for n, _ in g['names'])} ({g['change']})" for g in data.get("groups", []))]


def _short(group: dict[str, Any]) -> str:
    names = group["names"]
    if len(names) == 1:
        return f"{names[0][0]} ({group['change']})"
    more = sum(n for _, n in names[1:])
    return f"{names[0][0]} and {more} more ({group['change']})"


# ---------------------------------------------------------------------- a campaign


def campaign(before: Campaign, after: Campaign) -> tuple[list[str], list[Change], dict[str, tuple[str, list[str]]]]:
    general = []
    if (before.day, before.step) != (after.day, after.step):
        general.append(f"day {after.day}, {after.step.replace('-', ' ')}")
    for field, word in (
        ("retreat_condition", "the sealed retreat condition"),
        ("outcome", "the war's outcome"),
        ("orders", "repair orders"),
        ("allowances", "repair allowances"),
        ("fights", "attacks declared"),
        ("replacements", "the Replacements rule"),
        ("shatter_drones", "the Shatter Drones rule"),
    ):
        if getattr(before, field) != getattr(after, field):
            general.append(word)
    if before.retreat_revealed != after.retreat_revealed:
        general.append("the retreat condition " + ("revealed" if after.retreat_revealed else "sealed"))
    if before.frontier is not after.frontier and before.frontier != after.frontier:
        general.append("the map")
    old = {u.name: u for u in before.units}
    changes: list[Change] = []
    for unit in after.units:
        was = old.pop(unit.name, None)
        if was is unit:
            continue
        if was is None:
            changes.append((unit.name, "added", ""))
        elif was != unit:
            changes.append((unit.name, _unit(was, unit, after), unit.fleet if was.fleet == unit.fleet else ""))
    changes += [(name, "removed", "") for name in old]
    fleets: dict[str, list[str]] = {}
    for unit in after.units:
        if unit.fleet:
            fleets.setdefault(unit.fleet, []).append(unit.name)
    return general, changes, {fleet: (f"{fleet} ({len(names)} ships)", names) for fleet, names in fleets.items()}


def _unit(was: Unit, unit: Unit, campaign: Campaign) -> str:
    words: list[str] = []
    if was.status != unit.status and not (unit.status == "active" and unit.place != was.place):  # (placed on the map: said by where)
        words.append(unit.status)
    if was.place != unit.place and (unit.place is not None or unit.status == "active"):
        words.append(f"to {_HEADING.sub('', unit.place.shown(campaign.frontier))}" if unit.place is not None else "off the map")
    if was.fleet != unit.fleet:
        words.append(f"into {unit.fleet}" if unit.fleet else f"out of {was.fleet}")
    if was.roster != unit.roster:
        words += [w for w in _ship(was.roster, unit.roster) if not (w == "destroyed" and "destroyed" in words)]
    if was.drone != unit.drone:
        words.append("shatter drone" if unit.drone else "no longer a shatter drone")
    if was.attacked != unit.attacked:
        words.append(f"attacking {unit.attacked}" if unit.attacked else "attack withdrawn")
    if not words:
        words = [word for field, word in _BOOKKEEPING.items() if getattr(was, field) != getattr(unit, field)] or ["changed"]
    return ", ".join(words)


# ---------------------------------------------------------------------- a Knight Hawks battle


def battle(before: Battle, after: Battle) -> tuple[list[str], list[Change], dict[str, tuple[str, list[str]]]]:
    general = []
    if (before.turn, before.moving, before.step) != (after.turn, after.moving, after.step):
        general.append(f"turn {after.turn}, " + ("the repair turn" if after.step == "repair" else f"{after.moving}'s half"))
    if before.mines != after.mines:
        general.append("mines")  # secret: named, not shown
    if before.seekers != after.seekers:
        general.append("seekers")
    old = {s.name: s for s in before.ships}
    gone = {e.ship for e in after.escapes} - {e.ship for e in before.escapes}
    sets = (("moved", "moved"), ("repaired", "repair roll"), ("new_fires", "fire"))
    changes: list[Change] = []
    for ship in after.ships:
        was = old.pop(ship.name, None)
        if was is None:
            changes.append((ship.name, "added", ""))
            continue
        words = ["left the map"] if ship.name in gone else []
        words += _ship(was, ship) if was is not ship and was != ship else []
        words += [word for field, word in sets if (ship.name in getattr(before, field)) != (ship.name in getattr(after, field)) and word not in words]
        if words:
            changes.append((ship.name, ", ".join(words), ship.side))
    changes += [(name, "removed", "") for name in old]
    sides: dict[str, list[str]] = {}
    for ship in after.ships:
        sides.setdefault(ship.side, []).append(ship.name)
    return general, changes, {side: (f"all {len(names)} {side} ships", names) for side, names in sides.items()}


def _ship(was: Ship, ship: Ship) -> list[str]:
    """What changed of a roster."""
    words = []
    if ship.destroyed and not was.destroyed:
        words.append("destroyed")
    elif was.hull != ship.hull:
        words.append("hull")
    words += [word for field, word in (("adf", "ADF"), ("mr", "MR"), ("dcr", "DCR"), ("weapons", "weapons"), ("defenses", "defenses")) if getattr(was, field) != getattr(ship, field)]
    if (was.damaged, was.airdock_only) != (ship.damaged, ship.airdock_only):
        words.append("damage")
    if was.speed != ship.speed:
        words.append(f"speed {ship.speed}")
    if (was.masking_screen_up, was.active_screen) != (ship.masking_screen_up, ship.active_screen):
        words.append("screens")
    if was.docked_at != ship.docked_at:
        words.append(f"docked at {ship.docked_at}" if ship.docked_at else "undocked")
    if was.carried_by != ship.carried_by:
        words.append(f"aboard {ship.carried_by}" if ship.carried_by else "launched")
    if (was.fired, was.shots) != (ship.fired, ship.shots):
        words.append("fired")
    if was.must_turn != ship.must_turn:
        words.append("must turn" if ship.must_turn else "turned")
    return words or (["roster"] if was != ship else [])


# ---------------------------------------------------------------------- a Starfleet Wars engagement

_ENGAGEMENT_FIELDS = (
    ("lost", "power units"),
    ("allocation", "allocation"),
    ("effects", "special damage"),
    ("special_rolled", "special damage"),
    ("special_due", "special damage"),
    ("hits", "hits"),
    ("reloads", "particle weapons"),
    ("lasers_fired", "light lasers"),
    ("captacs", "CapTacs"),
    ("attempts", "damage control"),
    ("modules", "modules"),
    ("loans", "CIDS loans"),
    ("offensive_lost", "offensive factors"),
    ("defensive_lost", "defensive factors"),
)
# special damage is the owner's secret: a roll of special damage or of damage control says only that
# it was made, never whether it did something (what its result changed is left unsaid)
_ROLLED = ("special_rolled", "special_due", "attempts")
_SECRET = ("effects", "offensive_lost", "defensive_lost")


def engagement(before: Any, after: Any) -> tuple[list[str], list[Change], dict[str, tuple[str, list[str]]]]:
    general = [f"turn {after.turn}"] if before.turn != after.turn else []
    if before.drifting != after.drifting:
        general.append("drifting CapTacs")
    old = {u.name: u for u in (*before.ships, *before.fortresses)}
    changes: list[Change] = []
    for unit in (*after.ships, *after.fortresses):
        was = old.pop(unit.name, None)
        if was is None:
            changes.append((unit.name, "added", ""))
        elif was != unit and before.turn == after.turn:
            if unit.destroyed and not was.destroyed:
                words = ["out of the fight"]
            else:
                fields = [f for f, _ in _ENGAGEMENT_FIELDS if hasattr(unit, f) and getattr(was, f) != getattr(unit, f)]
                if any(f in _ROLLED for f in fields):
                    fields = [f for f in fields if f not in _SECRET]
                words = list(dict.fromkeys(w for f, w in _ENGAGEMENT_FIELDS if f in fields)) or ["changed"]
            changes.append((unit.name, ", ".join(words), unit.side))
    changes += [(name, "removed", "") for name in old]
    return general, changes, {}


# ---------------------------------------------------------------------- a Stellar Inferno scenario

_SCENARIO_SHIP_FIELDS = (
    ("hex", "moved"),
    ("core_distance", "distance from the core"),
    ("atmosphere", "atmosphere"),
    ("cargo", "cargo"),
    ("cargo_owed", "cargo owed"),
    ("crippled", "crippled"),
    ("lost_this_round", "steps this round"),
    ("psi", "psi"),
    ("engines_wrecked", "engines"),
    ("captured", "captured"),
)
_SCENARIO_GENERAL = (
    ("rules", "the optional rules"),
    ("ship_losses", "step losses owed"),
    ("terrain_losses", "terrain losses owed"),
    ("ground_losses", "ground losses owed"),
    ("combat", "attacks this phase"),
    ("supplied", "ground supply"),
    ("counters", "counters"),
    ("outcome", "the outcome"),
    ("acts", "what ships did this turn"),
    ("agents", "psi agents"),
    ("minefields", "minefields"),
    ("sightings", "sensor sightings"),
    ("boardings", "boardings"),
    ("deployments", "ground deployments"),
)


def scenario(before: Any, after: Any) -> tuple[list[str], list[Change], dict[str, tuple[str, list[str]]]]:
    general = []
    if (before.turn, before.phase, before.phasing) != (after.turn, after.phase, after.phasing):
        general.append(f"turn {after.turn}, {after.phase_title} ({after.side(after.phasing)})")
    general += [f"{after.side(r)}'s fleet velocity" for r in ("invader", "defender") if before.force(r).velocity != after.force(r).velocity]
    general += [word for field, word in _SCENARIO_GENERAL if getattr(before, field) != getattr(after, field)]
    old_worlds = {w.name: w for w in before.worlds}
    for world in after.worlds:
        was = old_worlds.get(world.name)
        if was is not None and was != world:
            parts = [w for f, w in (("planet", "terrain"), ("stockpiles", "stockpile"), ("bombarded", "bombardment")) if getattr(was, f) != getattr(world, f)]
            general.append(f"{world.name} ({', '.join(parts)})")
    old = {s.name: s for s, _ in before.all_ships()}
    aboard = {s.name: c for s, c in before.all_ships()}
    changes: list[Change] = []
    for ship, carrier in after.all_ships():
        was = old.pop(ship.name, None)
        if was is None:
            changes.append((ship.name, "entered", ""))
            continue
        words = ["destroyed"] if ship.destroyed and not was.destroyed else ["steps"] if was.lost != ship.lost else []
        words += [f"aboard {carrier}" if carrier else "unloaded"] if aboard[ship.name] != carrier else []
        words += [w for f, w in _SCENARIO_SHIP_FIELDS if getattr(was, f) != getattr(ship, f)]
        if words or was != ship:
            changes.append((ship.name, ", ".join(words) or "changed", ship.side))
    changes += [(name, "removed", "") for name in old]
    units = {u.name: (u, planet, ship) for u, planet, ship in before.all_units()}
    for unit, planet, ship in after.all_units():
        was_unit = units.pop(unit.name, None)
        if was_unit is None:
            changes.append((unit.name, "entered", ""))
            continue
        words = ["eliminated"] if unit.destroyed and not was_unit[0].destroyed else ["steps"] if was_unit[0].lost != unit.lost else []
        if (planet, ship) != was_unit[1:]:
            words.append(f"on {planet}" if planet else f"aboard {ship}" if ship else "off the map")
        if words or was_unit[0] != unit:
            changes.append((unit.name, ", ".join(words) or "changed", unit.side))
    changes += [(name, "removed", "") for name in units]
    sides: dict[str, list[str]] = {}
    for ship, carrier in after.all_ships():
        if not carrier:
            sides.setdefault(ship.side, []).append(ship.name)
    return general, changes, {side: (f"all {len(names)} {side} ships", names) for side, names in sides.items()}


# ---------------------------------------------------------------------- names


def _grouped(changes: list[Change], wholes: dict[str, tuple[str, list[str]]]) -> list[dict[str, Any]]:
    """Ships that changed alike, together, in the order of the file: a whole fleet (or side: its
    name in ``wholes``, with the label it is shown by) that changed alike and stayed together is
    named as one, the rest with their numbers run together."""
    by_change: dict[str, list[tuple[str, str]]] = {}
    for name, change, whole in changes:
        by_change.setdefault(change, []).append((name, whole))
    groups = []
    for change, members in by_change.items():
        named: list[list[Any]] = []
        left = [name for name, _ in members]
        for whole in dict.fromkeys(w for _, w in members if w in wholes):
            label, in_it = wholes[whole]
            stayed = {name for name, w in members if w == whole}
            if len(in_it) >= 2 and stayed >= set(in_it):
                named.append([label, len(in_it)])
                left = [name for name in left if name not in stayed]
        groups.append({"change": change, "names": named + [list(run) for run in runs(left)]})
    return groups
