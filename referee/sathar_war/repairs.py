"""Repairs between battles: construction centre queues, the Void, and repairs in space.

UPF ships are repaired at a spaceship construction centre (SCC) in a system with no Sathar ships.
Each day the SCC's hull points are shared among the ships docked there as the referee orders
(by default in the order they docked); a ship that spends the day on a system repair (one system,
completely restored) gets no hull repair that day. Sathar ships go home through the Void (six
days, completely repaired) or use a captured SCC at half its capacity.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee.errors import RefereeError
from referee.knight_hawks.repair import Repair, damaged_targets, repair_turn, restore
from referee.sathar_war.campaign import BOOK, VOID_DAYS, Campaign, Done, Entry, Fight, Order, Place, Unit, done, nothing_to_override, overridden
from referee.sathar_war.forces import fresh
from referee.sathar_war.frontier import Planet
from referee.sathar_war.movement import CARRIED_RULE, journeys
from referee.tables import Tables

if TYPE_CHECKING:
    import random

REPAIR_RULE = f"{BOOK}, Repair"
UPF_REPAIRS_RULE = f"{REPAIR_RULE}: UPF Repairs; ssw.repair-capacity"
FULL_DAY_RULE = f"{REPAIR_RULE}: UPF Repairs ('To be repaired, a ship must spend a full day docked at the station')"
SATHAR_REPAIR_RULE = f"{REPAIR_RULE}: Sathar Repair"
ONE_TURN = "one repair turn after each battle the ship fought"
AFTER_BATTLE_RULE = (
    f"{REPAIR_RULE} ('Ships that have been damaged in battle can repair that damage normally using their DCR'); Knight Hawks Tactical "
    f"Operations Manual, Advanced Game: Repairs ('All of a ship's DCR points can be allocated during each repair turn'); a reading: {ONE_TURN}"
)


class Centre(NamedTuple):
    """A construction centre today: whose it is (UPF, Sathar when captured, or nobody) and its queue."""

    system: str
    planet: Planet
    owner: str  # "UPF", "Sathar" (captured), or "" (closed: Sathar ships in the system, or nobody to use it)
    capacity: int  # hull points a day for its owner
    queue: tuple[Unit, ...]

    @property
    def name(self) -> str:
        return f"{self.system}/{self.planet.name}"


def centres(campaign: Campaign) -> list[Centre]:
    found = []
    for system in campaign.frontier.systems:
        for planet in system.planets:
            if planet.scc:
                found.append(_centre(campaign, system.name, planet))
    return found


def centre(campaign: Campaign, name: str) -> Centre:
    every = centres(campaign)
    wanted = name.strip().casefold()
    for found in every:
        if wanted in (found.name.casefold(), found.planet.name.casefold(), found.planet.station.casefold()):
            return found
    raise RefereeError(f"no construction centre called {name!r}; they are at {', '.join(c.name for c in every)}")


def _centre(campaign: Campaign, system: str, planet: Planet) -> Centre:
    here = campaign.at(system)
    sathar = [u for u in here if u.side == "Sathar"]
    planets = {p.name for p in campaign.frontier.system(system).planets}
    stations = [u for u in campaign.units if u.station and u.home in planets]
    station = campaign.station_at(planet.name)
    if station is not None and station.active and not sathar:
        queue = [u for u in here if u.roster.docked_at == station.name and not u.station and needs_repair(u)]
        return Centre(system, planet, "UPF", planet.scc, tuple(sorted(queue, key=lambda u: (u.docked_since, u.name))))
    captured = all(s.status == "destroyed" for s in stations) and not any(u.side == "UPF" for u in here)
    if captured and sathar and _captured_today(campaign, stations):
        return Centre(system, planet, "", 0, ())  # captured in today's battles: no ship spent a full day at it yet
    if captured and sathar:
        queue = [u for u in sathar if u.place is not None and u.place.planet == planet.name and needs_repair(u)]
        return Centre(system, planet, "Sathar", planet.scc // 2, tuple(sorted(queue, key=lambda u: u.name)))
    return Centre(system, planet, "", 0, ())


def _captured_today(campaign: Campaign, stations: Sequence[Unit]) -> bool:
    """The last station of the system was destroyed today: the Sathar repair at its centre from tomorrow ('To be
    repaired, a ship must spend a full day docked at the station', UPF Repairs; the captured centre 'Other systems
    can be repaired normally, in one day', Sathar Repair)."""
    names = {s.name for s in stations}
    return any(loss.name in names and loss.day == campaign.day for loss in campaign.losses)


def nearest_centre(campaign: Campaign, unit: Unit) -> tuple[Centre, int] | None:
    """The construction centre open to the ship's side (the UPF's, or one the Sathar captured) that it
    reaches in the fewest days at one box a day (Strategic Movement), and those days (0: it is in
    that system); None when none is open to it or none can be reached."""
    if unit.place is None or not unit.active:
        return None
    ways = journeys(campaign, unit.side, unit.place, 1)
    here = unit.system(campaign.frontier)
    found = []
    for centre in centres(campaign):
        if centre.owner != unit.side:
            continue
        days = 0 if centre.system == here else ways[centre.system].days if centre.system in ways else None
        if days is not None:
            found.append((days, centre.name, centre))
    if not found:
        return None
    days, _, centre = min(found, key=lambda item: item[:2])
    return centre, days


def dock_at_centre(campaign: Campaign, tables: Tables, name: str, centre_name: str) -> Done:
    """A ship docks at the station of a construction centre's planet, for repair (UPF Repairs: 'To be
    repaired, a ship must spend a full day docked at the station'). In that system at its other
    planet, it goes to the centre's planet first: its day's move, in its side's movement step."""
    from referee.sathar_war import fleets, movement

    unit = campaign.unit(name)
    scc = centre(campaign, centre_name)
    if unit.system(campaign.frontier) != scc.system:
        where = unit.place.shown(campaign.frontier) if unit.place else unit.status
        raise RefereeError(f"the {unit.name} is at {where}, not in {scc.system}: move it to {scc.planet.name} ({scc.system}) first, then dock it there")
    entries: tuple[Entry, ...] = ()
    assert unit.place is not None
    if unit.place.planet != scc.planet.name:
        moved = movement.move(campaign, tables, [unit.name], scc.system, planet=scc.planet.name)
        campaign, entries = moved.campaign, moved.entries
    docked = fleets.dock(campaign, [unit.name])  # (at the station of the planet it is at now: the centre's)
    return Done(docked.campaign, (*entries, *docked.entries))


def needs_repair(unit: Unit) -> bool:
    """Hull points lost, or a system damaged or destroyed."""
    return bool(damaged_targets(unit.roster))


def works_today(unit: Unit) -> bool:
    """Whether the centre repairs it tonight: 'To be repaired, a ship must spend a full day docked at
    the station' (UPF Repairs); a ship that moved today docked after moving, and is repaired from
    tomorrow (a reading: one that stayed at the planet and docked today spent its day there)."""
    return not unit.moved


LATE = "nothing: it docked after moving today (a full day docked is needed)"


def _systems(unit: Unit) -> list[str]:
    return [t for t in damaged_targets(unit.roster) if t != "hull"]


def order(campaign: Campaign, ship: str, hull: int = 0, system: str = "") -> Done:
    """Today's repair for a ship in a queue: hull points from its centre's capacity, or one system."""
    unit = campaign.unit(ship)
    where = next((c for c in centres(campaign) if unit in c.queue), None)
    if where is None:
        raise RefereeError(f"the {unit.name} is in no repair queue: dock it at a construction centre's station in a system with no Sathar ships ({UPF_REPAIRS_RULE})")
    if not works_today(unit):
        raise RefereeError(f"the {unit.name} docked after moving today; a ship must spend a full day docked to be repaired: order its work tomorrow ({FULL_DAY_RULE})")
    if (hull > 0) == bool(system):
        raise RefereeError("order hull points or one system for the day: one of the two")
    others = [o for o in campaign.orders if o.ship != unit.name]
    if system:
        target = system.strip()
        restore(unit.roster, target)  # refuses what is not damaged
        new = Order(unit.name, system=target)
        text = f"today the {unit.name} repairs {target} at {where.name} (one system, completely restored; no hull repair today)"
    else:
        need = unit.roster.hull_start - unit.roster.hull
        if hull > need:
            raise RefereeError(f"the {unit.name} has lost {need} hull points; order at most that")
        given = sum(o.hull for o in others if any(u.name == o.ship for u in where.queue))
        if given + hull > where.capacity:
            raise RefereeError(f"{where.name} repairs {where.capacity} hull points a day; {given} are ordered for other ships ({UPF_REPAIRS_RULE})")
        new = Order(unit.name, hull=hull)
        text = f"today {where.name} repairs {hull} of the {unit.name}'s hull points ({where.capacity - given - hull} left for others)"
    campaign = campaign._replace(orders=(*others, new))
    return done(campaign, campaign.entry(text, rule=UPF_REPAIRS_RULE if where.owner == "UPF" else SATHAR_REPAIR_RULE))


def plan(where: Centre, orders: Sequence[Order]) -> dict[str, Order]:
    """The day's work: the referee's orders at this centre, or, if none, hull points in queue order
    and a system for any ship the hull points do not reach."""
    working = [u for u in where.queue if works_today(u)]
    mine = {o.ship: o for o in orders if any(u.name == o.ship for u in working)}
    if mine:
        return mine
    left = where.capacity
    work: dict[str, Order] = {}
    for unit in working:
        need = unit.roster.hull_start - unit.roster.hull
        if need and left:
            work[unit.name] = Order(unit.name, hull=min(need, left))
            left -= work[unit.name].hull
        elif _systems(unit):
            work[unit.name] = Order(unit.name, system=_systems(unit)[0])
    return work


def repair_day(campaign: Campaign) -> tuple[Campaign, list[Entry]]:
    """End of day: every centre does the day's work on ships that spent the whole day there."""
    entries: list[Entry] = []
    for where in centres(campaign):
        rule = UPF_REPAIRS_RULE if where.owner == "UPF" else f"{SATHAR_REPAIR_RULE} (captured SCC: half capacity)"
        for name, work in plan(where, campaign.orders).items():
            unit = campaign.unit(name)
            ship = unit.roster
            if work.system:
                after = restore(ship, work.system)
                text = f"{where.name} repairs the {name}'s {work.system} (completely restored)"
            else:
                after = ship._replace(hull=min(ship.hull_start, ship.hull + work.hull))
                text = f"{where.name} repairs {after.hull - ship.hull} hull points of the {name}: hull {ship.hull} -> {after.hull} of {ship.hull_start}"
            station_only = unit.hull_station_only and after.hull < after.hull_start
            campaign = campaign.with_units([unit._replace(roster=after, hull_station_only=station_only)])
            entries.append(campaign.entry(text, rule=rule))
    return campaign._replace(orders=()), entries


def days_to_finish(where: Centre) -> dict[str, int]:
    """Days until each ship in the queue is fully repaired at the centre's capacity, by the default plan
    (today counted as day 1; a ship that docked after moving today starts tomorrow)."""
    needs = {u.name: [u.roster.hull_start - u.roster.hull, len(_systems(u))] for u in where.queue}
    late = {u.name for u in where.queue if not works_today(u)}
    days = {name: 0 for name in needs}
    day = 0
    while any(h or s for h, s in needs.values()) and where.capacity > 0:
        day += 1
        left = where.capacity
        for name, need in needs.items():
            if (not need[0] and not need[1]) or (day == 1 and name in late):
                continue
            if need[0] and left:
                given = min(need[0], left)
                need[0] -= given
                left -= given
            elif need[1]:  # no hull work today: a system instead
                need[1] -= 1
            if not need[0] and not need[1]:
                days[name] = day
    return days


# ---------------------------------------------------------------------- the Void


def why_not_void(campaign: Campaign, unit: Unit) -> str:
    """Why the ship may not enter the Void ("": it may): a damaged Sathar ship in a start circle, not
    carried ("To return to a Sathar base, the damaged ship must travel to a Sathar Start Circle and
    enter the Void", Sathar Repair); after the retreat, any Sathar ship."""
    if unit.side != "Sathar" or not unit.active or unit.place is None or unit.place.on_route or campaign.frontier.is_system(unit.place.where):
        return f"the {unit.name} is not in a Sathar Start Circle; ships travel to one to enter the Void ({SATHAR_REPAIR_RULE})"
    if unit.roster.carried_by:
        return f"the {unit.name} is aboard the {unit.roster.carried_by} and goes where it goes: name the carrier ({CARRIED_RULE})"
    if not needs_repair(unit) and not retreating(campaign):
        return f'the {unit.name} is undamaged: "the damaged ship must travel to a Sathar Start Circle and enter the Void" to be repaired at a Sathar base ({SATHAR_REPAIR_RULE})'
    return ""


def retreating(campaign: Campaign) -> bool:
    """The Sathar are forced to retreat: every ship goes to the nearest start circle and enters the Void
    (Conditions for Victory), damaged or not."""
    return campaign.outcome.startswith("retreat condition")


def enter_void(campaign: Campaign, names: Sequence[str]) -> Done:
    """Sathar ships in a start circle enter the Void; they come back completely repaired six days on."""
    if campaign.step != "sathar-move":
        raise RefereeError(f"Sathar ships enter the Void in their move (step sathar-move), not in {campaign.step}")
    units = campaign.named(names)
    for unit in units:
        why = why_not_void(campaign, unit)
        if why:
            raise RefereeError(why)
    back = campaign.day + VOID_DAYS
    aboard = [f for u in units for f in campaign.aboard(u.name)]
    gone = [u.stopped()._replace(status="void", circle=u.place.where if u.place else "", place=None, returns=back, fleet="") for u in (*units, *aboard)]
    campaign = campaign.with_units(gone)
    text = f"{', '.join(u.name for u in units)} enter the Void; placed on the time track at day {back}, when they return completely repaired"
    return done(campaign, campaign.entry(text, rule=f"{SATHAR_REPAIR_RULE}; ssw.time-track row sathar-void-repair"))


def void_returns(campaign: Campaign, tables: Tables) -> tuple[Campaign, list[Entry]]:
    """Start of a day: ships whose day has come are placed in a start circle, completely repaired (placed
    today: they start the turn in that circle, for the start circle limit)."""
    due = [u for u in campaign.units if u.status == "void" and u.returns <= campaign.day]
    if not due:
        return campaign, []
    back = [u._replace(roster=fresh(tables, u), status="active", place=Place(u.circle), returns=0, moved=False, placed=campaign.day) for u in due]
    campaign = campaign.with_units(back)
    text = f"back from the Void, completely repaired, in a start circle: {', '.join(f'{u.name} ({u.circle})' for u in back)}"
    return campaign, [campaign.entry(text, rule=SATHAR_REPAIR_RULE)]


# ---------------------------------------------------------------------- in space, with the ship's DCR


def _repair_turns(campaign: Campaign, unit: Unit) -> tuple[list[Fight], int]:
    """Today's battles the ship was in, and the repair turns it has made after them."""
    return [f for f in campaign.fights if unit.name in f.ships], unit.repair_turns


def may_repair_in_space(campaign: Campaign, unit: Unit) -> bool:
    """A ship (or station: it has its DCR, Knight Hawks) damaged in a battle today that has a repair turn
    left after it."""
    fights, made = _repair_turns(campaign, unit)
    return unit.active and made < len(fights) and needs_repair(unit)


def repair_in_space(
    campaign: Campaign,
    ship: str,
    repairs: Sequence[Repair],
    rng: random.Random,
    rolled: Sequence[str | None] = (),
    hull_rolled: Sequence[str | None] = (),
    override: str = "",
) -> Done:
    """A repair turn with the ship's own DCR after a battle (Knight Hawks repair rolls), once after each
    battle it fought that day (:data:`ONE_TURN`; ``override`` sets that reading aside, logged with the
    referee's note). A failed hull repair means only a station can repair the hull; a 99 or 00 leaves
    that system to a station too. Each repair's log line is keyed ``repair N`` (N from 1, in the order
    given) for rolls entered by that key."""
    unit = campaign.unit(ship)
    if not unit.active:
        raise RefereeError(f"the {unit.name} is {unit.status}")
    if unit.hull_station_only and any(r.target.strip().lower() == "hull" for r in repairs):
        raise RefereeError(f"a hull repair of the {unit.name} failed after the battle; {_hull_left_to(unit)} ({REPAIR_RULE})")
    fights, made = _repair_turns(campaign, unit)
    if unit.hull_station_only and any(r.target.strip().lower() != "hull" for r in repairs):
        raise RefereeError(
            f"a hull repair of the {unit.name} failed after a battle: no further repairs can be attempted in space ({REPAIR_RULE}: 'If any hull damage repair attempt "
            f"fails after the battle, no further repairs can be attempted'); {_repaired_elsewhere(unit)}"
        )
    entries: list[Entry] = []
    if made >= len(fights):
        why = f"the {unit.name} fought no battle today" if not fights else f"the {unit.name} has made its repair turn after today's battle"
        if not override.strip():
            raise RefereeError(f"{why}: repairs in space are one repair turn of the ship's DCR after each battle, made the day it is fought ({AFTER_BATTLE_RULE})")
        entries.append(overridden(campaign, ONE_TURN, override, AFTER_BATTLE_RULE))
    elif override.strip():
        raise nothing_to_override(ONE_TURN)
    after, attempts = repair_turn(unit.roster, repairs, rng, rolled, hull_rolled)
    failed_hull = any(a.repair.target == "hull" and not a.success for a in attempts)
    battle = f"the {fights[made].attacker} attack at {fights[made].planet} ({fights[made].system})" if made < len(fights) else "a battle (overridden)"
    entries.append(campaign.entry(f"the {unit.name} makes its repair turn after {battle}: {sum(r.points for r in repairs)} of its {unit.roster.dcr} DCR points", rule=AFTER_BATTLE_RULE))
    unit = unit._replace(roster=after, hull_station_only=unit.hull_station_only or failed_hull, repair_turns=unit.repair_turns + 1)
    campaign = campaign.with_units([unit])
    entries += [
        campaign.entry(
            f"the {unit.name} repairs {a.repair.target} with {a.repair.points} DCR points: {a.reading}",
            [a.roll, a.hull_roll],
            f"{REPAIR_RULE}; Knight Hawks Tactical Operations Manual, Advanced Game: Repairs",
            key=f"repair {number}",
        )
        for number, a in enumerate(attempts, start=1)
    ]
    if failed_hull:
        entries.append(campaign.entry(f"the {unit.name}'s hull repair failed: {_hull_left_to(unit)}", rule=REPAIR_RULE))
    return done(campaign, *entries)


def _repaired_elsewhere(unit: Unit) -> str:
    """Where a ship whose repairs in space have ended is repaired."""
    if unit.station:
        return "a station is not repaired at a construction centre (ships dock there)"
    if unit.side == "Sathar":
        return "it is repaired at a captured construction centre, or home through the Void"
    return "it is repaired docked at a construction centre"


def _hull_left_to(unit: Unit) -> str:
    """What may still repair a hull after a failed repair in space: "If any hull damage repair attempt
    fails after the battle, no further repairs can be attempted; the ship's hull can be repaired only at
    a space station" (Repair). A station is a space station's own hull: a reading - no construction
    centre repairs it (UPF Repairs: ships dock at the station to be repaired), so it stays as it is."""
    if unit.station:
        return f"no further hull repairs can be attempted, and {_repaired_elsewhere(unit)}, so its hull stays as it is"
    return "only a space station can repair its hull now"
