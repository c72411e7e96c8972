"""What an engagement allows now, as the app's lists ask it: the classes a ship may be of, the
Data Table cells still to be asked for a class, the ships and fortresses each step may name, the
weapons that may hit a ship, the columns a damage control team may try. Pure questions of the
rules (no UI): each answers with the rules' own tests, so a list never offers what the step refuses.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.starfleet_wars import damage_control as dc
from referee.starfleet_wars import fortress as fo
from referee.starfleet_wars import ships as sh
from referee.starfleet_wars import turn
from referee.starfleet_wars.engagement import STEPS, Engagement
from referee.starfleet_wars.fortress import Fortress
from referee.starfleet_wars.ships import Ship
from referee.tables import Tables

STARFIGHTER = "SF"
WEAPON_WORDS = {
    "offensive": "offensive factors (PU from the Firing Table)",
    "particle": "particle weapons (10 PU a hit)",
    "light-laser": "light lasers",
    "cids": "CIDS",
    "captac": "CapTac (40 PU and a special damage roll)",
    "other": "other (PU from the Firing Table)",
}


def classes(sfw: Tables) -> list[tuple[str, str]]:
    """Every class a ship may be of: the Data Table's (by fleet and type), the Starbomber and SAPS
    tables', and a starfighter; (label, the class's name)."""
    found = []
    for row in sfw.get("sfw.starships").rows:
        kind = "type unknown" if row["type"] == "unknown" else row["type"]
        found.append((f"{row['class']} ({row['fleet']} {kind})", str(row["class"])))
    for row in sfw.get("sfw.starbombers").rows:
        found.append((f"{row['name']} (starbomber {row['number']})", str(row["name"])))
    for row in sfw.get("sfw.saps").rows:
        found.append((f"{row['name']} (SAPS {row['number']})", str(row["name"])))
    found.append(("SF (a starfighter: destroyed by one hit)", STARFIGHTER))
    return found


def cells_to_ask(engagement: Engagement, sfw: Tables, ship_class: str, typed: Mapping[str, int | str] = {}) -> list[str]:
    """The Data Table cells the rules need for a ship of this class that the tables leave unknown
    and the referee has not entered for the class before (asked once a class, then kept), nor
    typed now (``typed``: a type typed decides whether an SGD's additional factors are needed)."""
    if ship_class.strip().upper() in (STARFIGHTER, "STARFIGHTER"):
        return []
    table, row = sh.class_row(sfw, ship_class)
    name = str(row["class"] if table == "sfw.starships" else row["name"])
    known = {**engagement.values_for(name), **typed}
    if table == "sfw.starbombers":
        return ["reloads"] if row["reloads"] == "unknown" and "reloads" not in known else []
    if table == "sfw.saps":
        return []
    return sh.missing(row, known)


def class_name(sfw: Tables, ship_class: str) -> str:
    """A class's name as its table writes it (SF for a starfighter)."""
    if ship_class.strip().upper() in (STARFIGHTER, "STARFIGHTER"):
        return STARFIGHTER
    table, row = sh.class_row(sfw, ship_class)
    return str(row["class"] if table == "sfw.starships" else row["name"])


def free_name(engagement: Engagement, stem: str) -> str:
    """A name not taken: the stem, else the stem numbered (PIRAHNA, PIRAHNA 2, ...)."""
    taken = engagement.names()
    if stem.casefold() not in taken:
        return stem
    number = 2
    while f"{stem} {number}".casefold() in taken:
        number += 1
    return f"{stem} {number}"


# -- which ships a step may name -----------------------------------------------------------------


def open_for(engagement: Engagement, step: str) -> bool:
    """An action of ``step`` may still be taken this turn: no later step began (:func:`turn.at`)."""
    return STEPS.index(step) >= STEPS.index(engagement.step)


def fighting(ship: Ship) -> bool:
    return not ship.destroyed


def allocates(ship: Ship) -> bool:
    """A ship with power units to divide this turn (not a starbomber, SAPS or starfighter)."""
    return not ship.destroyed and not ship.craft and ship.available > 0


def fortress_allocates(fortress: Fortress) -> bool:
    return fortress.game == "starfleet-wars" and not fortress.destroyed and not fo.knocked_out(fortress)


def launches(engagement: Engagement, ship: Ship) -> bool:
    """Particle weapons left on board and launchers not all used this turn, none destroyed, reloaded
    with power since it last launched (a ship with power units), the firing phase not over."""
    wrecked = any(e.kind == "launchers" for e in ship.effects if e.turn < engagement.turn)
    unreloaded = ship.power_units and ship.needs_reload and not ship.reload and not ship.launched  # (the Pirahna, S084)
    return not ship.destroyed and ship.reloads > 0 and ship.launched < ship.launchers and not wrecked and not unreloaded and open_for(engagement, "firing")


def fires_lasers(ship: Ship) -> bool:
    return not ship.destroyed and ship.lasers_fired < ship.light_lasers


def laser_target(firer: Ship, ship: Ship) -> bool:
    """What a light laser may fire at: an enemy starfighter, transport, starbomber or SAPS."""
    return not ship.destroyed and ship.side != firer.side and ship.type in sh.LIGHT_LASER_TARGETS


def tows(ship: Ship) -> bool:
    """A starship whose tractor beam has room for a CapTac."""
    return not ship.destroyed and not ship.craft and ship.type != "MAD" and ship.captacs < sh.PER_TRACTOR_BEAM


def towing(ship: Ship) -> bool:
    return not ship.destroyed and ship.captacs > 0


def weapons_at(ship: Ship) -> list[str]:
    """The weapons that may hit a ship (light lasers and CIDS only craft smaller than destroyers)."""
    return [w for w in WEAPON_WORDS if w not in ("light-laser", "cids") or ship.type in sh.LIGHT_LASER_TARGETS]


def owes_special(engagement: Engagement, name: str) -> bool:
    """A ship or fortress that owes a special damage roll now."""
    if not engagement.special_damage:
        return False
    if engagement.is_fortress(name):
        return fortress_owes(engagement.fortress(name))
    return bool(turn.owes_special(engagement.ship(name)))


def fortress_owes(fortress: Fortress) -> bool:
    """A fortress owes a special damage roll: for each CapTac hit, and once a turn past 20% of its
    LSS's power (as :func:`turn.owing` counts them)."""
    return not fortress.destroyed and (fortress.special_due > 0 or (fo.owes_special_damage(fortress) and not fortress.special_rolled))


def mad_modules(engagement: Engagement, name: str) -> list[str]:
    """The modules a MAD may move onto: any standing one of its fortress the first time, then only
    one adjacent to the module it is on."""
    ship = engagement.ship(name)
    if ship.type != "MAD" or ship.destroyed or not engagement.is_fortress(ship.fortress):
        return []
    fortress = engagement.fortress(ship.fortress)
    return next_to(fortress, ship.on) if ship.on else [m.name for m in fortress.standing()]


def mad_moves(engagement: Engagement, ship: Ship) -> bool:
    """A MAD that may move now: in the fight, not immobile (MAATAC), its fortress standing; a move
    before the firing phase began (its first placement too: the fortress as set up)."""
    if ship.type != "MAD" or ship.destroyed or not engagement.is_fortress(ship.fortress) or not open_for(engagement, "movement"):
        return False
    return ship.name not in engagement.fortress(ship.fortress).immobile


def immobilised(engagement: Engagement, ship: Ship) -> bool:
    """A MAATAC fortress's MAD that may be hit and lose its mobility factor now (the firing phase)."""
    if ship.type != "MAD" or ship.destroyed or not engagement.is_fortress(ship.fortress) or not open_for(engagement, "firing"):
        return False
    fortress = engagement.fortress(ship.fortress)
    return fortress.game == "maatac" and ship.name not in fortress.immobile


def in_action(fortress: Fortress) -> bool:
    """A Starfleet Wars fortress with an LSS standing: it launches, holds and fires."""
    return fortress.game == "starfleet-wars" and not fortress.destroyed and not fo.knocked_out(fortress)


def launching_modules(engagement: Engagement, sfw: Tables, fortress: Fortress) -> list[str]:
    """The modules that may launch particle weapons now: standing, launchers not all used this turn,
    reloads left, reloaded since they last launched (S037), none once special damage 87 destroyed
    the fortress's launchers, the firing phase not over."""
    wrecked = any(e.kind == "launchers" for e in fortress.effects if e.turn < engagement.turn)
    if not in_action(fortress) or wrecked or not open_for(engagement, "firing"):
        return []
    found = []
    for m in fortress.standing():
        launchers, reloads = fo.particle_figures(sfw, m.kind)
        if m.launched < launchers and m.fired < reloads and (m.launched or fortress.reload or not m.needs_reload):
            found.append(m.name)
    return found


def craft_modules(engagement: Engagement, fortress: Fortress) -> list[str]:
    """The modules with attack craft aboard that may launch them now (none while special damage 90-91 is in force)."""
    from referee.starfleet_wars import special_damage as sd

    if not in_action(fortress) or sd.in_force(fortress.effects, "craft", engagement.turn) or not open_for(engagement, "firing"):
        return []
    return [m.name for m in fortress.standing() if m.attack_craft > m.craft_out]


def assaulted_modules(engagement: Engagement, fortress: Fortress) -> list[str]:
    """The modules attack craft may still assault this turn: standing, fewer than 12 on them."""
    if fortress.game != "starfleet-wars" or fortress.destroyed or not open_for(engagement, "firing"):
        return []
    return [m.name for m in fortress.standing() if fo.assaulting(fortress, m.name) < fo.MOST_ASSAULTING]


def fortress_holds(engagement: Engagement, fortress: Fortress) -> bool:
    """A fortress whose tractor beam has room for a CapTac, until the firing phase is over."""
    return in_action(fortress) and fortress.captacs < fo.PER_TRACTOR_BEAM and open_for(engagement, "firing")


def fortress_holding(engagement: Engagement, fortress: Fortress) -> bool:
    """A fortress holding CapTacs in its beam, until the firing phase is over (to release or fire them)."""
    return fortress.game == "starfleet-wars" and not fortress.destroyed and fortress.captacs > 0 and open_for(engagement, "firing")


def teams_ready(engagement: Engagement, sfw: Tables, name: str) -> int:
    """Damage control teams of a ship or fortress that have not tried this turn."""
    if not engagement.damage_control or turn.owing(engagement):  # step 10 waits for every step 9 roll
        return 0
    if engagement.is_fortress(name):
        found = engagement.fortress(name)
        return 0 if found.destroyed or found.game != "starfleet-wars" else max(0, fo.teams(found) - found.attempts)
    ship = engagement.ship(name)
    if ship.destroyed or ship.craft or ship.type == "MAD":
        return 0
    return max(0, dc.teams_left(sfw, ship) - ship.attempts)


def timed_effects(engagement: Engagement, name: str) -> list[str]:
    """The special damage of limited duration a turn reduction may shorten."""
    unit: Ship | Fortress = engagement.fortress(name) if engagement.is_fortress(name) else engagement.ship(name)
    return sorted({e.kind for e in unit.effects if e.kind in dc.TIMED})


def loaners(fortress: Fortress) -> list[str]:
    """The weapons modules with CIDS die rolls left to loan this turn."""
    return [m.name for m in fortress.standing() if m.kind in fo.WEAPONS and fo.unloaned(fortress, m.name) > 0]


def next_to(fortress: Fortress, module: str) -> list[str]:
    """The undestroyed modules adjacent to a module, as assembled on the table."""
    names = {b if a == module else a for a, b in fortress.adjacent if module in (a, b)}
    return [m.name for m in fortress.standing() if m.name in names]


def why_no_help(engagement: Engagement, sfw: Tables, name: str, column: str, module: str = "") -> str:
    """Why a damage control team's declaration cannot help ("" when it can): nothing of that kind
    to repair (:func:`damage_control.why_no_help`; a fortress's power units: the module named has
    no damage). The referee is asked before the roll: a team's roll may still go wrong."""
    if column not in dc.COLUMNS:
        return ""
    if not engagement.is_fortress(name):
        return dc.why_no_help(sfw, engagement.ship(name), column, engagement.turn)
    fortress = engagement.fortress(name)
    if column == "power_units":
        damaged = [m for m in fortress.standing() if m.damage]
        target = next((m for m in damaged if m.name == module), None) if module else (damaged[0] if len(damaged) == 1 else None)
        if not damaged:
            return f"{fortress.name} has no damage on a module standing to repair"
        return "" if target is not None or len(damaged) > 1 else f"{module} has no damage to repair"
    stand_in = Ship(fortress.name, fortress.side, "Starfortress", "GD", effects=fortress.effects)
    return dc.why_no_help(sfw, stand_in, column, engagement.turn)
