"""Setting Up the Game: UPF placement, Sathar start circles, Strike Force NOVA, shatter drones and
the Sathar player's secret retreat condition."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee import dice
from referee.errors import RefereeError
from referee.names import listed
from referee.sathar_war.campaign import BOOK, Campaign, Done, Place, Unit, done
from referee.tables import Tables

if TYPE_CHECKING:
    import random

SETUP_RULE = f"{BOOK}, Setting Up the Game"
SATHAR_SETUP_RULE = f"{SETUP_RULE}: Sathar Set-Up"
NOVA_RULE = f"{SETUP_RULE}: Strike Force NOVA; ssw.nova-placement"
UPF_SETUP_RULE = f"{SETUP_RULE}: UPF Set-Up"
NON_ATTACHED_FIGHTERS_RULE = f"{BOOK}, UPF Spacefleet Order of Battle: 'The non-attached fighters can be placed with any of the task forces, or based at any station in the Frontier'"
NOVA_FLEET = "Strike Force NOVA"
DRONES_RULE = f"{BOOK}, Shatter Drones (Optional)"
RETREAT_RULE = f"{BOOK}, Conditions for Victory: Sathar Retreat; ssw.retreat-conditions"
MINIMUM_SHIPS = 20
CIRCLE_READING = "of the Sathar ships on the map, no more than half start a turn in one start circle"


def _with_fighters(campaign: Campaign, units: Sequence[Unit]) -> list[Unit]:
    return [*units, *(f for u in units for f in campaign.aboard(u.name))]


def place_sathar(campaign: Campaign, names: Sequence[str], circle: str) -> Done:
    """Sathar ships (with the fighters aboard) into a start circle: at set-up, or as reinforcements
    at the start of a Sathar move. A ship placed in this same step and not moved yet may be placed
    again, in another circle: the Sathar player is still setting his counters down."""
    if campaign.step not in ("setup", "sathar-move"):
        raise RefereeError(f"Sathar ships are placed at set-up or at the beginning of the Sathar move (step sathar-move), not in {campaign.step} ({SATHAR_SETUP_RULE})")
    found = campaign.frontier.circle(circle)
    units = campaign.named(names)
    for unit in units:
        why = why_not_place_sathar(campaign, unit)
        if why:
            raise RefereeError(why)
    left = campaign.leaving(u for u in units if u.active)
    placed = [u._replace(status="active", place=Place(found.name), placed=campaign.day, circle=found.name, returns=0, fleet="" if u.name in left else u.fleet) for u in _with_fighters(campaign, units)]
    campaign = campaign.with_units(placed)
    text = f"{len(units)} Sathar ship{'s' if len(units) > 1 else ''} placed in the {found.name}: {listed(u.name for u in units)}"
    if left:
        text += f"; {', '.join(sorted(left))} leave their fleet (a fleet's ships are together)"
    return done(campaign, campaign.entry(text, rule=SATHAR_SETUP_RULE))


def why_not_place_sathar(campaign: Campaign, unit: Unit) -> str:
    """Why the ship may not be placed in a start circle now ("": it may): a Sathar ship off the map
    (fighters aboard come with their carrier), at set-up or the start of the Sathar move; one placed
    in this step and not moved may be placed again."""
    if campaign.step not in ("setup", "sathar-move"):
        return f"Sathar ships are placed at set-up or at the beginning of the Sathar move (step sathar-move), not in {campaign.step} ({SATHAR_SETUP_RULE})"
    if unit.side == "Sathar" and _just_placed(campaign, unit) and not unit.roster.carried_by:
        return ""
    if unit.side != "Sathar" or unit.status != "off-map" or unit.fighter and unit.roster.carried_by:
        why = "is aboard a carrier and comes with it" if unit.roster.carried_by else f"is {unit.status}" if unit.side == "Sathar" else "is not a Sathar ship"
        return f"the {unit.name} {why}; only Sathar ships off the map can be placed in a start circle"
    return ""


def _just_placed(campaign: Campaign, unit: Unit) -> bool:
    """Placed in a start circle in this step (set-up, or today's Sathar move), and not moved since."""
    place = unit.place
    return unit.active and place is not None and not place.on_route and unit.placed == campaign.day and not unit.moved and place.where == unit.circle


def sathar_placement_problems(campaign: Campaign, waive_reading: bool = False) -> list[str]:
    """What is wrong with the Sathar placement (empty: nothing): at set-up at least 20 ships (not
    fighters) on the map ('the Sathar player must place at least 20 of his ships (not counting
    fighters)'); then :func:`crowded_circles` (a reading, which ``waive_reading`` sets aside)."""
    problems = []
    if campaign.step == "setup":
        placed = sum(1 for u in campaign.side("Sathar") if u.active and not u.fighter)
        if placed < MINIMUM_SHIPS:
            problems.append(f"the Sathar must place at least {MINIMUM_SHIPS} ships (not counting fighters) before the first turn; {placed} placed")
    return problems if waive_reading else problems + crowded_circles(campaign)


def crowded_circles(campaign: Campaign) -> list[str]:
    """Start circles holding more than half the Sathar ships (not fighters) on the map at the start of
    the turn: 'no more than half of the ships placed can be in one start circle' (set-up), and 'On any
    turn, however, no more than half of the Sathar ships placed on the map may start in one start
    circle'. :data:`CIRCLE_READING`: the ships on the map are every Sathar ship on it; a ship starts the
    turn in a circle when it was placed there today (back from the Void too) or sat there unmoved."""
    on_map = [u for u in campaign.side("Sathar") if u.active and not u.fighter]
    starting = Counter(circle for circle in (_start_circle(campaign, u) for u in on_map) if circle)
    crowded = [f"{circle} holds {n}" for circle, n in starting.items() if n * 2 > len(on_map)]
    if not crowded:
        return []
    return [f"no more than half of the {len(on_map)} Sathar ships on the map may start in one start circle: {', '.join(crowded)} ({SATHAR_SETUP_RULE}; a reading: {CIRCLE_READING})"]


def _start_circle(campaign: Campaign, unit: Unit) -> str:
    """The start circle a ship starts this turn in ('': none)."""
    if unit.placed == campaign.day:
        return unit.circle
    place = unit.place
    if place is not None and not unit.moved and not place.on_route and not campaign.frontier.is_system(place.where):
        return place.where
    return ""


def why_not_place_upf(campaign: Campaign, unit: Unit) -> str:
    """Why the ship may not be placed at a planet at set-up ("": it may): only non-attached UPF ships
    are, at set-up, before any Sathar ship is placed."""
    if campaign.step != "setup":
        return f"non-attached ships are placed at set-up; now they move ({UPF_SETUP_RULE})"
    if any(u.side == "Sathar" and u.active for u in campaign.units):
        return f"the UPF sets up before any Sathar ship is placed ({UPF_SETUP_RULE})"
    if unit.force != "Non-Attached" or unit.status not in ("active", "off-map"):
        return f"the {unit.name} is not a non-attached ship; only those are placed freely (task forces, militia and stations start where the book puts them)"
    return ""


def place_upf(campaign: Campaign, names: Sequence[str], planet: str) -> Done:
    """Non-attached UPF ships to any system at set-up, before any Sathar ship is placed ('Non-attached
    ships can be placed in any systems where the UPF player wants them'). A fighter is based at the
    planet's station ('The non-attached fighters can be placed with any of the task forces, or based
    at any station in the Frontier'); a ship assigned to Strike Force NOVA comes back onto the map."""
    if campaign.step != "setup":
        raise RefereeError(f"non-attached ships are placed at set-up; now they move ({UPF_SETUP_RULE})")
    if any(u.side == "Sathar" and u.active for u in campaign.units):
        raise RefereeError(f"the UPF sets up before any Sathar ship is placed ({UPF_SETUP_RULE})")
    system, found = campaign.frontier.planet(planet)
    units = campaign.named(names)
    for unit in units:
        why = why_not_place_upf(campaign, unit)
        if why:
            raise RefereeError(why)
    station = campaign.station_at(found.name)
    fighters = [u for u in units if u.fighter]
    if fighters and (station is None or not station.active):
        raise RefereeError(f"{found.name} has no station: non-attached fighters are placed with a task force (land them on its carrier) or based at a station ({NON_ATTACHED_FIGHTERS_RULE})")
    base = station.name if station is not None else ""
    here = Place(system.name, found.name)
    moved = [
        u._replace(status="active", place=here, fleet="", docked_since=0, roster=u.roster._replace(docked_at="", carried_by=base if u.fighter else u.roster.carried_by))
        for u in _with_fighters(campaign, units)
    ]
    campaign = campaign.with_units(moved)
    ships = [u.name for u in units if not u.fighter]
    text = "; ".join(
        [
            *([f"{listed(ships)} placed at {found.name} ({system.name})"] if ships else []),
            *([f"{listed(f.name for f in fighters)} based at the {base} ({found.name}, {system.name})"] if fighters else []),
        ]
    )
    return done(campaign, campaign.entry(text, rule=NON_ATTACHED_FIGHTERS_RULE if fighters else UPF_SETUP_RULE))


def place_nova(campaign: Campaign, tables: Tables, rng: random.Random, rolled: str | None = None) -> Done:
    """Strike Force NOVA, with the non-attached ships assigned to it at set-up ('Strike Force NOVA and
    any non-attached ships assigned to it are placed off the map until later'), onto the map where
    1d10 on the placement table says: after the Sathar set-up, or at the start of a UPF move (before
    any UPF ship has moved that day)."""
    if any(u.status != "off-map" for u in campaign.units if u.force == NOVA_FLEET):
        raise RefereeError("Strike Force NOVA is already on the map")
    if campaign.step == "setup":
        if not any(u.side == "Sathar" and u.active for u in campaign.units):
            raise RefereeError(f"Strike Force NOVA is placed after the Sathar initial placement ({NOVA_RULE})")
    elif campaign.step != "upf-move":
        raise RefereeError(f"Strike Force NOVA is placed at the start of a UPF turn (step upf-move), not in {campaign.step} ({NOVA_RULE})")
    elif any(u.moved for u in campaign.side("UPF")):
        raise RefereeError(f"Strike Force NOVA is placed before any UPF ship moves; UPF ships have moved today ({NOVA_RULE}: 'it may be placed before any UPF ships are moved')")
    roll = dice.take("1d10", rng, rolled, "Strike Force NOVA placement")
    row = tables.get("ssw.nova-placement").band(roll.total)[0]
    system, planet = campaign.frontier.planet(str(row["planet"]))
    nova = [u for u in campaign.units if u.status == "off-map" and NOVA_FLEET in (u.force, u.fleet)]
    nova = _with_fighters(campaign, nova)
    placed = [u._replace(status="active", place=Place(system.name, planet.name)) for u in {u.name: u for u in nova}.values()]
    campaign = campaign.with_units(placed)
    fighters = sum(1 for u in placed if u.fighter)
    text = f"Strike Force NOVA ({len(placed) - fighters} ships and {fighters} fighters) placed at {row['location']}: die {row['die']}"
    return done(campaign, campaign.entry(text, [roll], f"{NOVA_RULE}, row {row['die']}"))


def may_be_drone(unit: Unit, side: str) -> bool:
    """A frigate of the side (Spacefleet or militia) may be chosen as a shatter drone."""
    return unit.ship_class == "frigate" and unit.side.casefold() == side.strip().casefold()


def choose_drones(campaign: Campaign, side: str, names: Sequence[str]) -> Done:
    """Two frigates of a side become shatter drones, before the first turn (the optional rule)."""
    if not campaign.shatter_drones:
        raise RefereeError("this campaign does not use the optional Shatter Drones rule (a war begun with it: the New war form's Shatter Drones, or campaign new --shatter-drones)")
    if campaign.step != "setup":
        raise RefereeError(f"shatter drones are chosen before the first turn ({DRONES_RULE})")
    units = [campaign.unit(n) for n in names]
    if len(units) != 2 or len({u.name for u in units}) != 2:
        raise RefereeError(f"each player chooses two of his frigates ({DRONES_RULE}); name two")
    wrong = [u.name for u in units if not may_be_drone(u, side)]
    if wrong:
        raise RefereeError(f"{', '.join(wrong)}: not a {side} frigate; the UPF can use Spacefleet or militia frigates ({DRONES_RULE})")
    side_name = units[0].side
    changed = [u._replace(drone=u.name in {d.name for d in units}) for u in campaign.side(side_name)]
    campaign = campaign.with_units(changed)
    return done(campaign, campaign.entry(f"{side_name} shatter drones: {units[0].name} and {units[1].name}", rule=DRONES_RULE))


def choose_retreat(campaign: Campaign, condition: int) -> Done:
    """The Sathar player's secret retreat condition, before the first turn; the log does not say which."""
    if campaign.step != "setup":
        raise RefereeError(f"the retreat condition is chosen before the first turn ({RETREAT_RULE})")
    if not 1 <= condition <= 5:
        raise RefereeError(f"choose one of the five retreat conditions, 1 to 5, not {condition} (referee table ssw.retreat-conditions)")
    campaign = campaign._replace(retreat_condition=condition)
    return done(campaign, campaign.entry("the Sathar player has written down a retreat condition (sealed)", rule=RETREAT_RULE))
