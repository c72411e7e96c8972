"""Strategic movement on the Frontier Deployment Map: transit boxes, risk jumps and misjumps, militia.

A ship leaves a system into the first transit box of a route, moves one box a day (or two or three
when risk-jumping), jumps on entering the jump box whose arrow points its way, and decelerates
into the next system. It may coast in a box, or turn back before its jump and decelerate home at
one box a day. Each order is refused with the rule that forbids it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee import strict
from referee.errors import RefereeError
from referee.names import joined, listed, runs
from referee.sathar_war.campaign import BOOK, PLAN, SIDE_OF, STEP_OF, Campaign, Done, Entry, Place, Side, Unit, done
from referee.sathar_war.frontier import Route
from referee.sathar_war.victory import judge, lose
from referee.tables import Tables

if TYPE_CHECKING:
    import random

MOVEMENT_RULE = f"{BOOK}, Strategic Movement"
TRANSIT_RULE = f"{BOOK}, The Frontier Deployment Map: Transit Boxes"
RISK_RULE = f"{MOVEMENT_RULE}: Accelerated Movement (Risk Jumping)"
LIMITS_RULE = f"{MOVEMENT_RULE}: Risk-Jump Limits"
MISJUMP_RULE = "ssw.misjump (Misjump Probability Table)"
INTERLOCKED_RULE = f"{MOVEMENT_RULE}: Interlocked Computers"
MILITIA_RULE = f"{MOVEMENT_RULE}: Militia Ships"
CIRCLES_RULE = f"{BOOK}, The Frontier Deployment Map: Sathar Start Circles; {MOVEMENT_RULE}: Day One"
CARRIED_RULE = f"{BOOK}, Special Combat Rules: Breaking Off Combat ('they cannot enter a transit box unless they are being carried aboard an assault carrier')"
STANDING_RULE = f"{MOVEMENT_RULE} (each day's move; the journey kept from day to day is this program's bookkeeping of the referee's standing order)"
STOPPED_RULE = f"{TRANSIT_RULE} ('A ship in a transit box can stop accelerating and coast, maintaining its speed, for any number of turns')"
RED_PATHS = f"Sathar ships in a start circle or its red boxes move one box a day until they reach a system ({CIRCLES_RULE}; {LIMITS_RULE})"


def why_not_move(campaign: Campaign, unit: Unit) -> str:
    """Why the ship may not be ordered to move now ("": it may): it is on the map, not a station nor
    carried aboard, its side's movement step has come and it has not moved today."""
    if not unit.active:
        return f"the {unit.name} is {unit.status}; only ships on the map move"
    if unit.station:
        return f"the {unit.name} is a station; stations stay in orbit (Setting Up the Game: stations and fortresses must be in orbit around their planets)"
    if unit.roster.carried_by:
        return f"the {unit.name} is aboard the {unit.roster.carried_by} and moves with it (launch it into the system with 'campaign launch' first)"
    if campaign.step != STEP_OF[unit.side]:
        return f"{unit.side} ships move in step '{STEP_OF[unit.side]}'; the campaign is at '{campaign.step}' ({BOOK}, Strategic Turn Sequence)"
    if unit.moved:
        return f"{unit.name} moved today already ({TRANSIT_RULE}: one move a day)"
    return ""


def movers(campaign: Campaign, names: Sequence[str]) -> tuple[Unit, ...]:
    """The ships an order names (fleets by name), checked: one side, its movement step."""
    if campaign.outcome:
        raise RefereeError(f"the war is over: {campaign.outcome}")
    units = campaign.named(names)
    if not units:
        raise RefereeError("name the ships or fleets to move")
    if len({u.side for u in units}) > 1:
        raise RefereeError("Sathar and UPF ships move in their own steps: name one side's ships")
    refused = [why for why in (why_not_move(campaign, u) for u in units) if why]
    if refused:
        raise RefereeError(refused[0])
    return units


def move(
    campaign: Campaign,
    tables: Tables,
    names: Sequence[str],
    toward: str = "",
    rate: int | None = None,
    planet: str = "",
    groups: Sequence[Sequence[str]] = (),
    rng: random.Random | None = None,
    rolled: Mapping[str, str] = {},
) -> Done:
    """Move ships (and the fighters they carry) one day along the map; roll misjumps on entering a
    jump box. Ships bound further than a day keep the journey as a standing order (``bound``):
    :func:`carry_on` moves them on, day after day, until they arrive. Ships in different places
    bound for one place each go their own way there, a group a place."""
    if rolled:
        from referee import dice  # (here and where a misjump is rolled: a move rolls nothing but a risk jump)

        for value in rolled.values():  # checked before the move, whether or not a risk jump comes to need it
            dice.entered("d100", value)
    units = movers(campaign, names)
    together: dict[Place, list[Unit]] = {}
    for unit in units:
        assert unit.place is not None
        together.setdefault(unit.place, []).append(unit)
    if len(together) == 1:
        return _move_together(campaign, tables, units, toward, rate, planet, groups, rng, rolled)
    if not toward:
        raise RefereeError("the ships named are in different places: name the place they are all bound for (each group goes its own way there), or move each group on its own")
    if "" in rolled:
        raise RefereeError(f"{len(together)} groups in different places move: give each roll as NAME=ROLL, naming a ship of the group")
    entries: list[Entry] = []
    for here in together.values():
        mine = {u.name.casefold() for u in here}
        parts = [g for g in groups if any(n.strip().casefold() in mine for n in g)]
        apart = [n for g in parts for n in g if n.strip().casefold() not in mine]
        if apart:
            raise RefereeError(f"{', '.join(apart)} and the {here[0].name} are in different places: interlocked ships jump together ({INTERLOCKED_RULE})")
        result = _move_together(campaign, tables, here, toward, rate, planet, parts, rng, {k: v for k, v in rolled.items() if k.casefold() in mine})
        campaign = result.campaign
        entries += result.entries
    return Done(campaign, tuple(entries))


def _move_together(
    campaign: Campaign,
    tables: Tables,
    units: Sequence[Unit],
    toward: str,
    rate: int | None,
    planet: str,
    groups: Sequence[Sequence[str]],
    rng: random.Random | None,
    rolled: Mapping[str, str],
) -> Done:
    """A move of ships that are together: one day toward ``toward`` (a place one route away, or
    further by the way of fewest days), or on the way they go; their journey kept where it goes on."""
    place = units[0].place
    assert place is not None
    here = not place.on_route and campaign.frontier.is_system(place.where)
    if here and toward.strip().casefold() in ("", place.where.casefold()) and (planet or toward):
        if not planet:
            raise RefereeError(f"{_names(units)} {_by_number(units, 'is', 'are')} in {place.where} already: name the planet of it to go to, or a place to head for")
        return _to_planet(campaign, units, planet)  # (Toward the system they are in: to another of its planets)
    if not toward and not place.on_route and _heading(units, place):
        toward = _heading(units, place)  # on along the journey they keep
    kept = bool(units[0].bound) and (not toward or toward.strip().casefold() == units[0].bound.casefold())
    # the boxes a day of each leg from a system on the way: as ordered, else the journey's kept, else the rate they go at
    pace = rate or (units[0].bound_rate if kept else place.rate if place.on_route else 1)
    trip = None
    if toward and not _one_route_away(campaign, place, toward):
        trip = _journey(campaign, units, place, toward, pace)
        toward = trip.stops[0]
    destination = trip.stops[-1] if trip else _end(campaign, place.where, toward) if toward else _heading(units, place)
    _check_militia(campaign, units, place, toward, trip.stops if trip else ())
    loose = [u for u in units if u.fighter]  # movers are never carried: these fighters are out of their carrier
    if loose:
        raise RefereeError(f"{_names(loose)} cannot enter a transit box unless carried aboard an assault carrier: land aboard one first ({CARRIED_RULE})")
    new, entered_jump, steps = _route_move(campaign, units, place, toward, rate if place.on_route else pace)
    if not kept and not rate and new.on_route:
        pace = new.rate  # (the rate they go at now: one box a day once turned back)
    arrived = not new.on_route and new.where == destination
    stop = ""
    if planet:
        if arrived:
            new = new._replace(planet=_planet_of(campaign, new.where, planet))
        elif not campaign.frontier.is_system(destination):
            raise RefereeError(f"a planet is named only for ships bound for a star system; {destination} is a start circle")
        else:
            stop = _planet_of(campaign, destination, planet)
    if not new.on_route and campaign.frontier.is_system(new.where) and not new.planet:
        planets = campaign.frontier.system(new.where).planets
        new = new._replace(planet=planets[0].name if len(planets) == 1 else "")
    plan = ""  # where they are bound: their player's plan, his alone to read (the move itself is on the map)
    if not arrived:
        ahead = journeys(campaign, units[0].side, new, pace).get(destination)
        if ahead is not None:
            plan = f"{PLAN}{ahead.shown('more')}"
    who = _fleets_or_names(campaign, units)
    text = f"{who} move from {place.shown(campaign.frontier)} to {new.shown(campaign.frontier)} ({steps}{plan})"
    entries = [campaign.entry(text, rule=_rule(campaign, new, place), secret=units[0].side if plan else "", private=plan)]
    lost: set[str] = set()
    if entered_jump and new.rate > 1:
        if rng is None:
            import random

            rng = random.Random()
        lost, rolls = _misjumps(campaign, tables, units, new.rate, groups, rng, rolled)
        entries += rolls
    changed = [_moved(u, new) for u in units]
    changed = [u.stopped() if arrived else u._replace(bound=destination, bound_rate=pace, bound_planet=stop) for u in changed]
    left = campaign.leaving(units)
    if left:
        changed = [u._replace(fleet="") if u.name in left else u for u in changed]
        entries.insert(
            0, campaign.entry(f"{listed(sorted(left))} leave their fleet: the rest of it stays (a fleet's ships are together)", rule=TRANSIT_RULE)
        )  # (first: the move's line, last, says where they are bound)
    campaign = _carry(campaign.with_units(changed), changed)
    if lost:
        campaign = lose(campaign, [u for u in changed if u.name in lost], "misjump")
        campaign, judged = judge(campaign)
        entries += judged
    return done(campaign, *entries)


# ---------------------------------------------------------------------- standing orders


class Standing(NamedTuple):
    """Ships that keep one journey together: where they are, where they are bound (at what rate, to
    stop at what planet), and why they may not go on today ("": they may)."""

    units: tuple[Unit, ...]
    bound: str
    rate: int
    planet: str
    why_not: str = ""

    @property
    def names(self) -> list[str]:
        return [u.name for u in self.units]


def standing(campaign: Campaign, side: Side) -> list[Standing]:
    """The journeys a side's ships keep, a group a place and journey, in the order of the ships;
    each says why it may not go on today, if it may not (moved already, not its step ...)."""
    found: dict[tuple[Place | None, str, int, str], list[Unit]] = {}
    for unit in campaign.side(side):
        if unit.bound and unit.active:
            found.setdefault((unit.place, unit.bound, unit.bound_rate, unit.bound_planet), []).append(unit)
    kept = []
    for (_, bound, rate, planet), units in found.items():
        why = next((w for w in (why_not_move(campaign, u) for u in units) if w), "")
        kept.append(Standing(tuple(units), bound, rate, planet, why))
    return kept


def carry_on(campaign: Campaign, tables: Tables, rng: random.Random | None = None, rolled: Mapping[str, str] = {}) -> Done:
    """Every journey the side moving now keeps goes on one day, each group of ships by its own way, as if
    its move were ordered again today (the same rules and refusals, a risk jump's misjump roll); a
    group that may not go on today keeps its journey, and the log says why. (The Strategic Movement
    rules; the standing order is this program's bookkeeping: the book has each move made daily.)"""
    if campaign.outcome:
        raise RefereeError(f"the war is over: {campaign.outcome}")
    side = SIDE_OF.get(campaign.step)
    if side is None:
        raise RefereeError(f"journeys go on in a movement step, the Sathar's (1) or the UPF's (2); the campaign is at '{campaign.step}' ({BOOK}, Strategic Turn Sequence)")
    kept = standing(campaign, side)
    if not kept:
        raise RefereeError(f"no {side} ship keeps a journey: a move to a place further than a day's move sets one, and this goes on with it")
    going = [k for k in kept if not k.why_not]
    names = {u.name.casefold() for k in going for u in k.units}
    stray = [n for n in rolled if n.casefold() not in names]
    if stray == [""] and len(going) > 1:
        raise RefereeError(f"{len(going)} groups go on today: give each roll as NAME=ROLL, naming a ship of its group ({', '.join(k.units[0].name for k in going)})")
    if stray and stray != [""]:
        raise RefereeError(
            f"rolls given for {', '.join(stray)}, which goes on with no group today: give each roll as NAME=ROLL, naming a ship of a group going on ({', '.join(k.units[0].name for k in going)})"
        )
    entries: list[Entry] = []
    went: list[Standing] = []
    for journey in kept:
        why = journey.why_not
        if not why:
            mine = {k: v for k, v in rolled.items() if k == "" or k.casefold() in {n.casefold() for n in journey.names}}
            place = journey.units[0].place
            assert place is not None
            try:  # (the way of fewest days from where they are, as the log said it yesterday; a turn back included)
                result = move(campaign, tables, journey.names, journey.bound, None, journey.planet, (), rng, mine)
            except RefereeError as error:
                why = str(error)
            else:
                campaign = result.campaign
                entries += result.entries
                went.append(journey)
                continue
        said = _by_number(journey.units, "keeps its journey to {} but does not", "keep their journey to {} but do not").format(journey.bound)
        line = campaign.entry(f"{_names(journey.units)} {said} go on today: {why}", rule=STANDING_RULE, secret=side)  # (the journey: its player's plan)
        campaign = campaign.logged(line)
        entries.append(line)
    if not went:
        raise RefereeError(f"no journey goes on today: {'; '.join(e.text for e in entries)}")
    if len(kept) == 1:
        return Done(campaign, tuple(entries))  # (its move's line says it all)
    here = {u.name: u for u in campaign.units}
    arrived = [name for journey in went for name in journey.names if not here[name].bound and here[name].active]
    kept_back = len(kept) - len(went)
    summed = (
        f"the {side} journeys: {len(went)} of {len(kept)} go on"
        + (f", {listed(arrived)} {'arrives' if len(arrived) == 1 else 'arrive'}" if arrived else "")
        + (f"; {kept_back} {'does' if kept_back == 1 else 'do'} not go on today (the Log says why)" if kept_back else "")
    )
    line = campaign.entry(summed, rule=STANDING_RULE, secret=side)
    return Done(campaign.logged(line), (*entries, line))


def stop(campaign: Campaign, names: Sequence[str]) -> Done:
    """Ships give up the journey they keep: they stay where they are (in a transit box they coast,
    keeping their speed: Transit Boxes, 'A ship in a transit box can stop accelerating and coast')."""
    units = campaign.named(names)
    if not units:
        raise RefereeError("name the ships or fleets whose journey stops")
    idle = [u for u in units if not u.bound]
    if idle:
        raise RefereeError(f"{_names(idle)} {_by_number(idle, 'keeps', 'keep')} no journey (a move to a place further than a day's move sets one)")
    jumping = [u for u in units if u.place is not None and u.place.on_route and u.place.rate > 1 and not u.place.jumped and not u.place.turned]
    if jumping:
        raise RefereeError(
            f"{_names(jumping)} {_by_number(jumping, 'is', 'are')} risk-jumping toward the jump box and may not coast ({RISK_RULE}: 'must travel at the increased rate "
            "from the time it enters the first transit box until it reaches the jump point'): go on, or turn back with a Move at one box a day"
        )
    by_journey: dict[tuple[str, Place | None], list[Unit]] = {}
    for unit in units:
        by_journey.setdefault((unit.bound, unit.place), []).append(unit)
    entries = [
        campaign.entry(
            f"{_fleets_or_names(campaign, group)} {_by_number(group, 'stops its', 'stop their')} journey to {bound}: {_where_stopped(campaign, place, group)}", rule=STOPPED_RULE, secret=group[0].side
        )
        for (bound, place), group in by_journey.items()
    ]
    return done(campaign.with_units(u.stopped() for u in units), *entries)


def _where_stopped(campaign: Campaign, place: Place | None, units: Sequence[Unit]) -> str:
    if place is None or not place.on_route:
        return _by_number(units, "it stays", "they stay") + f" at {place.shown(campaign.frontier) if place else 'where they are'}"
    return _by_number(units, "it stays", "they stay") + f" in {place.shown(campaign.frontier)}, coasting at {_by_number(units, 'its', 'their')} speed until a move is ordered"


def _by_number(units: Sequence[Unit], one: str, many: str) -> str:
    """The words that go with one ship, or with several."""
    return one if len(units) == 1 else many


def _heading(units: Sequence[Unit], place: Place) -> str:
    """Where ships on a route go on to, with no way named: the place they are all bound for, else
    the end of the route they head for (ships in a system or start circle must name one)."""
    bound = {u.bound for u in units}
    if len(bound) == 1 and units[0].bound:
        return units[0].bound
    return place.toward


def _to_planet(campaign: Campaign, units: Sequence[Unit], planet: str) -> Done:
    place = units[0].place
    assert place is not None
    new = place._replace(planet=_planet_of(campaign, place.where, planet))
    left = campaign.leaving(units)
    changed = [_moved(u, new).stopped()._replace(fleet="" if u.name in left else u.fleet) for u in units]
    campaign = _carry(campaign.with_units(changed), changed)
    return done(campaign, campaign.entry(f"{_names(units)} move to {new.shown(campaign.frontier)}", rule=f"{BOOK}, Star Systems"))


def _planet_of(campaign: Campaign, system: str, planet: str) -> str:
    found_system, found = campaign.frontier.planet(planet)
    if found_system.name != system:
        raise RefereeError(f"{found.name} is in {found_system.name}, not {system}; the planets of {system} are {', '.join(p.name for p in campaign.frontier.system(system).planets)}")
    return found.name


def _moved(unit: Unit, new: Place) -> Unit:
    return unit._replace(roster=unit.roster._replace(docked_at=""), place=new, moved=True, docked_since=0)


def _carry(campaign: Campaign, carriers: Sequence[Unit]) -> Campaign:
    """Fighters aboard go where their carrier goes."""
    aboard = []
    for carrier in carriers:
        for fighter in campaign.aboard(carrier.name):
            aboard.append(fighter._replace(place=carrier.place, moved=True))
    return campaign.with_units(aboard)


def _route_move(campaign: Campaign, units: Sequence[Unit], place: Place, toward: str, rate: int | None) -> tuple[Place, bool, str]:
    """Where the ships end the day, whether they entered their jump box, and how they got there."""
    frontier = campaign.frontier
    side = units[0].side
    if not place.on_route:
        if not toward:
            raise RefereeError(f"say where to: one of {', '.join(_allowed(campaign, side, place.where))}")
        there = _end(campaign, place.where, toward)
        if there not in _allowed(campaign, side, place.where):
            raise RefereeError(f"UPF ships cannot enter the Sathar start circles' red boxes ({CIRCLES_RULE}: the paths the Sathar must follow)")
        route = frontier.between(place.where, there)
        rate = rate or 1
        if not frontier.is_system(place.where) and rate > 1:
            raise RefereeError(RED_PATHS)
        start = Place(route.name, box=0, toward=there, rate=rate)
        box, jumped = (0 if there == route.ends[1] else route.boxes + 1), False  # the system itself, before box 1 (or N)
    else:
        route = frontier.route(place.where)
        there = _end(campaign, place.where, toward) if toward else place.toward
        if there not in route.ends:
            raise RefereeError(f"ships on {route.name} can head only for {' or '.join(route.ends)}")
        start = place
        box, jumped = place.box, place.jumped
        if there != place.toward:
            if place.jumped:
                raise RefereeError(f"{_names(units)} have jumped and are decelerating into {place.toward}; they cannot turn back ({TRANSIT_RULE})")
            start = place._replace(toward=there, turned=not place.turned, rate=1)
            if rate not in (None, 1):
                raise RefereeError(f"turning back, ships decelerate at one box a day ({TRANSIT_RULE}: 'it must decelerate back toward the star at the rate of one transit box per day')")
        if route.red and rate not in (None, 1):
            raise RefereeError(RED_PATHS)  # (a red path has no jump box: the rates of the jump do not apply)
        rate = _rate(start, rate)
    _check_rate(units, route.red, rate, start)
    new = start._replace(rate=rate if not start.jumped else start.rate)
    box, crossed, entered_jump = one_day(route, box, there, rate, jumped, new.turned)
    if box < 1 or box > route.boxes:
        return Place(there), False, f"{crossed} box{'es' if crossed > 1 else ''}, arriving"
    new = new._replace(box=box, jumped=jumped or entered_jump)
    how = f"{crossed} box{'es' if crossed > 1 else ''}" + (", entering the jump box: the ships have jumped" if entered_jump else "")
    return new, entered_jump, how


def one_day(route: Route, box: int, there: str, rate: int, jumped: bool, turned: bool) -> tuple[int, int, bool]:
    """A day's movement along a route toward ``there`` from ``box`` (0 or N+1: the system left): up
    to ``rate`` boxes, stopping on entering the jump box whose arrow points the way (a ship that
    turned back, or on a red path, has none to enter). Gives the box reached (0 or N+1: arrived),
    the boxes crossed, and whether it entered its jump box (Transit Boxes; Risk Jumping)."""
    crossed = 0
    while crossed < rate:
        box = route.box_after(box, there)
        crossed += 1
        if box < 1 or box > route.boxes:
            return box, crossed, False
        if not route.red and not jumped and not turned and box == route.jump_box(there):
            return box, crossed, True
    return box, crossed, False


# ---------------------------------------------------------------------- journeys


class Journey(NamedTuple):
    """The way to a place further on: each system (or start circle) reached in turn, the place
    sought last, and the days to arrive at the rate asked (each leg's jump stopping that day's move)."""

    stops: tuple[str, ...]
    days: int
    rate: int

    def shown(self, more: str = "", pace: bool = True) -> str:
        """``Dramune by Cassidine: 15 days at 1 box a day`` (``more``: "more" once on the way)."""
        by = f" by {', '.join(self.stops[:-1])}" if len(self.stops) > 1 else ""
        days = " ".join(filter(None, (str(self.days), more, "day" if self.days == 1 else "days")))
        at = (" at 1 box a day" if self.rate == 1 else f" at {self.rate} boxes a day") if pace else ""
        return f"{self.stops[-1]}{by}: {days}{at}"


def leg_days(route: Route, box: int, there: str, rate: int, jumped: bool = False, turned: bool = False) -> int:
    """The days to arrive at one end of a route from ``box`` (0 or N+1: from the other end's system),
    day by day as :func:`one_day` moves ships (red paths: one box a day)."""
    rate = 1 if route.red else rate
    days = 0
    while True:
        box, _, entered = one_day(route, box, there, rate, jumped, turned)
        jumped = jumped or entered
        days += 1
        if not 1 <= box <= route.boxes:
            return days


def journeys(campaign: Campaign, side: str, place: Place, rate: int = 1) -> dict[str, Journey]:
    """Every place ships of ``side`` at ``place`` can reach, each by the way of fewest days (UPF ships
    never enter the red paths). Ships on a route arrive first at the end they head for, at the rate
    they go (or turn back before their jump, one box a day); from a system, each leg at ``rate``."""
    frontier = campaign.frontier
    routes = [r for r in frontier.all_routes() if side == "Sathar" or not r.red]
    best: dict[str, Journey] = {}
    if place.on_route:
        route = frontier.route(place.where)
        best[place.toward] = Journey((place.toward,), leg_days(route, place.box, place.toward, place.rate, place.jumped, place.turned), rate)
        if not place.jumped:
            back = route.other(place.toward)
            days = leg_days(route, place.box, back, 1, False, not place.turned)
            if back not in best or days < best[back].days:
                best[back] = Journey((back,), days, rate)
        start = [*best]
    else:
        best[place.where] = Journey((), 0, rate)
        start = [place.where]
    waiting = list(start)
    while waiting:
        here = min(waiting, key=lambda name: best[name].days)
        waiting.remove(here)
        for route in routes:
            if here not in route.ends:
                continue
            there = route.other(here)
            days = best[here].days + leg_days(route, 0 if here == route.ends[0] else route.boxes + 1, there, rate)
            if there not in best or days < best[there].days:
                best[there] = Journey((*best[here].stops, there), days, rate)
                waiting.append(there)
    if not place.on_route:
        best.pop(place.where)
    return best


def _journey(campaign: Campaign, units: Sequence[Unit], place: Place, toward: str, rate: int | None) -> Journey:
    """The way to a place the ships are not one route from, by the fewest days."""
    frontier = campaign.frontier
    names = [s.name for s in frontier.systems] + [c.name for c in frontier.circles]
    wanted = strict.pick(toward, names, "star system or start circle", frontier.name)
    found = journeys(campaign, units[0].side, place, rate or place.rate or 1).get(wanted)
    if found is None:
        raise RefereeError(f"{_names(units)} cannot reach {wanted} from {place.shown(frontier)} (UPF ships never enter a start circle's red path: {CIRCLES_RULE})")
    return found


def _one_route_away(campaign: Campaign, place: Place, name: str) -> bool:
    try:
        _end(campaign, place.where, name)
    except RefereeError:
        return False
    return True


def _end(campaign: Campaign, here: str, name: str) -> str:
    """A way on named by the referee: a neighbouring system or start circle (a circle also by its
    system's name), or one end of the route the ships are on."""
    frontier = campaign.frontier
    on_route = any(r.name == here for r in frontier.all_routes())
    candidates = list(frontier.route(here).ends) if on_route else frontier.neighbours(here)
    wanted = name.strip().casefold()
    for candidate in candidates:
        if candidate.casefold() == wanted:
            return candidate
    for circle in frontier.circles:
        if circle.system.casefold() == wanted and circle.name in candidates:
            return circle.name
    raise RefereeError(f"{name!r} is not one route away from {here}; the ways on are {', '.join(candidates) or 'none'}")


def _allowed(campaign: Campaign, side: str, here: str) -> list[str]:
    frontier = campaign.frontier
    near = frontier.neighbours(here)
    return near if side == "Sathar" else [n for n in near if frontier.is_system(n)]


def rates(campaign: Campaign, units: Sequence[Unit], toward: str = "") -> list[int]:
    """The boxes a day ships together may be ordered to go at now, toward ``toward`` (if named), as a
    move checks them: 2 or 3 only with the ADF for it and no hull damage, never on a red path or from
    a start circle; on a route, the rate they set out at until the jump, that or lower after it, 1 to
    turn back (Risk Jumping; Risk-Jump Limits; Transit Boxes)."""
    place = units[0].place if units else None
    if place is None:
        return []
    found = []
    for rate in (1, 2, 3):
        try:
            first = toward if not toward or _one_route_away(campaign, place, toward) else _journey(campaign, units, place, toward, rate).stops[0]
            if first or place.on_route:
                _route_move(campaign, units, place, first, rate)
            else:  # (from a system or circle, no way chosen yet: the ships' own limits)
                _check_rate(units, not campaign.frontier.is_system(place.where), rate, place)
        except RefereeError:
            continue
        found.append(rate)
    return found


def _rate(place: Place, rate: int | None) -> int:
    """The boxes a day for ships already on a route (the risk-jump rules)."""
    if place.turned:
        if rate not in (None, 1):
            raise RefereeError(f"ships that turned back decelerate at one box a day ({TRANSIT_RULE})")
        return 1
    if place.jumped:
        chosen = rate or place.rate
        if chosen > place.rate:
            raise RefereeError(f"after the jump ships decelerate at the rate they jumped at ({place.rate}) or lower, not {chosen} ({RISK_RULE})")
        return chosen
    chosen = rate or place.rate
    if chosen != place.rate:
        raise RefereeError(
            f"ships accelerating toward their jump box keep the rate they set out at ({place.rate} a day) until the jump ({RISK_RULE}: 'must travel at the increased rate from the time it enters the first transit box until it reaches the jump point')"
        )
    return chosen


def _check_rate(units: Sequence[Unit], red: bool, rate: int, place: Place) -> None:
    if not 1 <= rate <= 3:
        raise RefereeError(f"ships move 1, 2 or 3 transit boxes a day, not {rate} ({RISK_RULE}: no ship can move more than three)")
    if rate == 1:
        return
    if red:
        raise RefereeError(RED_PATHS)
    slow = [f"{u.name} (ADF {u.roster.adf})" for u in units if u.roster.adf < rate]
    if slow:
        raise RefereeError(f"moving {rate} boxes a day needs ADF {rate} or more: {', '.join(slow)} ({RISK_RULE})")
    hurt = [f"{u.name} (hull {u.roster.hull} of {u.roster.hull_start})" for u in units if u.damaged]
    if hurt:
        raise RefereeError(f"a ship with unrepaired hull damage may never move more than one transit box per turn: {', '.join(hurt)} ({LIMITS_RULE})")


def _misjumps(campaign: Campaign, tables: Tables, units: Sequence[Unit], rate: int, groups: Sequence[Sequence[str]], rng: random.Random, rolled: Mapping[str, str]) -> tuple[set[str], list[Entry]]:
    """One d100 per group of interlocked ships (or per ship), at the best astrogator's safe-jump figure."""
    table = tables.get("ssw.misjump")
    by_name = {u.name.casefold(): u for u in units}
    parts: list[list[Unit]] = []
    for group in groups:
        members = []
        for name in group:
            unit = by_name.get(name.strip().casefold())
            if unit is None:
                raise RefereeError(f"{name!r} in an interlocked group is not one of the ships jumping ({_names(units)})")
            members.append(unit)
        parts.append(members)
    grouped = [u.name for part in parts for u in part]
    twice = sorted({n for n in grouped if grouped.count(n) > 1})
    if twice:
        raise RefereeError(f"{', '.join(twice)} named in two groups; each ship rolls once")
    if not groups:
        parts = [list(units)]
    else:
        parts += [[u] for u in units if u.name not in grouped]
    entered = {n.casefold(): r for n, r in rolled.items()}
    unknown = [n for n in rolled if n.casefold() not in by_name and n != ""]
    if unknown:
        raise RefereeError(f"rolls given for {', '.join(unknown)}, which is not jumping ({_names(units)})")
    if "" in rolled and len(parts) > 1:
        raise RefereeError(f"{len(parts)} groups jump: give each roll as NAME=ROLL, naming any ship of the group")
    lost: set[str] = set()
    entries: list[Entry] = []
    for part in parts:
        rows = [(table.row(_misjump_row(u)), u) for u in part]
        best_row, best = max(rows, key=lambda pair: int(str(pair[0][f"rj{rate}"])))
        chance = int(str(best_row[f"rj{rate}"]))
        mine = [entered[u.name.casefold()] for u in part if u.name.casefold() in entered]
        if len(mine) > 1:
            raise RefereeError(f"two rolls given for one interlocked group ({_names(part)}): one roll for the group")
        value = mine[0] if mine else rolled.get("")
        from referee import dice

        roll = dice.take("d100", rng, value, f"a safe jump at {rate} boxes a day: {chance} or less, the {best.name}'s astrogator")  # (the target, asked before the roll)
        safe = roll.total <= chance
        who = _names(part)
        astrogator = f"the {best.name}'s astrogator ({best_row['ship_type']}, level {best_row['astrogator_level']})"
        if safe:
            text = f"{who} jump safely: {roll.total} <= {chance}% with {astrogator}"
        else:
            text = f"{who} MISJUMP: {roll.total} > {chance}% with {astrogator}; lost for the duration of the war"
            lost |= {u.name for u in part}
        rule = f"{MISJUMP_RULE}, row {best_row['ship_type']}, {rate} boxes a day" + (f"; {INTERLOCKED_RULE}" if len(part) > 1 else "")
        entries.append(campaign.entry(text, [roll], rule, key=part[0].name))
    return lost, entries


def _misjump_row(unit: Unit) -> str:
    if unit.side == "Sathar":
        return "Sathar Warship"
    if unit.militia:
        return "Frontier Militia"
    return "UPF Battleship" if unit.ship_class == "battleship" else "UPF Ship (except battleship)"


def _fleets_or_names(campaign: Campaign, units: Sequence[Unit]) -> str:
    """The ships moving, a whole fleet by its name and size (``Task Force Prenglar (16 ships)``), the
    rest by name, their numbers run together (``Sathar Destroyer 1-6``: :mod:`referee.names`)."""
    moving = {u.name for u in units}
    whole = [f for f in dict.fromkeys(u.fleet for u in units if u.fleet) if {m.name for m in campaign.fleet(f)} <= moving]
    named = [f"{f} ({len(campaign.fleet(f))} ships)" for f in whole]
    named += [text for text, _ in runs(u.name for u in units if u.fleet not in whole)]
    return joined(named)


def _names(units: Sequence[Unit]) -> str:
    """The ships named, their numbers run together (``Sathar Destroyer 1-3, 5 and Sathar Frigate 2``)."""
    return listed(u.name for u in units)


def _rule(campaign: Campaign, new: Place, old: Place) -> str:
    if new.rate > 1 or old.rate > 1:
        return RISK_RULE
    frontier = campaign.frontier
    if any(frontier.route(p.where).red if p.on_route else not frontier.is_system(p.where) for p in (new, old)):
        return CIRCLES_RULE
    return TRANSIT_RULE


# ---------------------------------------------------------------------- militia


def threatened(campaign: Campaign, system: str) -> bool:
    """Sathar ships have emerged from the Void inside the system: in its start circle or red boxes (a
    reading: 'The start circle leading to Prenglar ... is actually inside the Prenglar system'), past
    the jump box of a route into it ('those ships have jumped into the next system and are decelerating
    toward that star', Transit Boxes), or in it."""
    for unit in campaign.side("Sathar"):
        if not unit.active or unit.place is None:
            continue
        where = unit.place.where
        if where == system and not unit.place.on_route:
            return True
        if unit.place.on_route and unit.place.jumped and unit.place.toward == system:
            return True
        for circle in campaign.frontier.circles:
            if circle.system == system and where in (circle.name, circle.path.name):
                return True
    return False


def deputized(campaign: Campaign, unit: Unit) -> bool:
    """A militia ship moves as Spacefleet once every station of its home system is destroyed."""
    system, _ = campaign.frontier.planet(unit.home)
    planets = {p.name for p in system.planets}
    stations = [s for s in campaign.units if s.station and s.home in planets]
    return bool(stations) and all(s.status == "destroyed" for s in stations)


def _check_militia(campaign: Campaign, units: Sequence[Unit], place: Place, toward: str, way: Sequence[str] = ()) -> None:
    """Militia ships go only between their home system and the systems next to it (and home, once
    the Sathar emerge there): each day's move, and each stop of a journey further (``way``)."""
    for unit in units:
        if not unit.militia or deputized(campaign, unit):
            continue
        home = campaign.frontier.planet(unit.home)[0].name
        beyond = [stop for stop in way if stop != home and stop not in campaign.frontier.neighbours(home)]
        if beyond:
            raise RefereeError(f"the {unit.name} may go only to a system next to its home system {home}, and from there home ({MILITIA_RULE}), not on to {beyond[0]}")
        heading = place.toward if place.on_route else ""
        target = _end(campaign, place.where, toward) if toward else heading
        if not target or target == home:
            continue
        if place.on_route and place.jumped:
            continue  # jumped: it must arrive before it can turn for home
        if threatened(campaign, home):
            raise RefereeError(f"the {unit.name} must head home to {home}: Sathar ships have emerged there ({MILITIA_RULE}: 'those ships must return home as quickly as possible')")
        route_home = home in campaign.frontier.route(place.where).ends if place.on_route else place.where == home
        if not route_home or target not in campaign.frontier.neighbours(home):
            raise RefereeError(f"the {unit.name} may go only to a system next to its home system {home}, and from there home ({MILITIA_RULE}), not to {target}")
