"""The war checker's invariants of the end of the day and of the war's tallies (war_check.py):
rearming and the supply the log speaks of, fighters' rearms out of supply, the construction
centres' work, fighters left out of a carrier, the replacements, and the conditions for victory.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from referee.sathar_war.campaign import Campaign, Unit
from tests.helpers.war_check import LOST, Action, WarCheck, check, losses_in
from tests.helpers.war_map import in_supply, rearmed, systems_restored

SMALL = ("assault scout", "fighter")  # UPF Replacements: a fortified station's; the rest are a fortress's
REPLACEMENT_DAYS = 20
TENDAY = 10


def night(action: Action) -> Campaign:
    """The campaign as it stands when the ships rearm and are repaired: the end of the day, once the
    fighters out of a carrier are gone."""
    before = action.before
    return before.with_units([u._replace(status="destroyed", place=None) for u in before.units if u.active and u.fighter and not u.roster.carried_by])


def attacked_or_fought(campaign: Campaign, unit: Unit) -> str:
    """'The ship may not move or attack during that day. If the ship is attacked and fights back, it
    is not rearmed' (read: a result was entered for it in a battle that day)."""
    if any(f.attacker == unit.side and unit.name in f.ships for f in campaign.fights):
        return "it attacked today"
    return "it fought back today" if unit.fought else ""


def could_rearm(check: WarCheck, campaign: Campaign, unit: Unit) -> bool:
    """A complete day at a planet in a system in supply, not moved, attacked nor fought back."""
    place = unit.place
    at_planet = unit.active and place is not None and not place.on_route and bool(place.planet)
    return at_planet and unit.name not in check.seen.moved_today and not attacked_or_fought(campaign, unit) and in_supply(campaign, unit)


# ---------------------------------------------------------------------- rearming and supply


@check
def rearming(check: WarCheck, action: Action) -> None:
    if not action.end_of_day:
        return
    campaign = night(action)
    for before, after in action.pairs:
        if not (before.active and after.active) or not rearmed(before.roster, after.roster):
            continue
        if before.fighter:
            _fighter_rearms(check, action, campaign, before)
            continue
        place = before.place
        why = attacked_or_fought(campaign, before)
        if place is None or place.on_route or not place.planet:
            why = f"it is not at a planet ({place})"
        elif before.name in check.seen.moved_today:
            why = "it moved today"
        elif not why and not in_supply(campaign, before):
            why = f"{place.where} is out of supply"
        if why:
            check.note("rearm-who", action, before.name, f"rearmed, though {why}")
    for entry in action.entries:
        refused = re.match(r"the (.+?) cannot rearm: the (.+?) must be resupplied first", entry.text)
        if refused and check.seen.fighter_rearms.get(refused[1], 0) < 2:
            made = check.seen.fighter_rearms.get(refused[1], 0)
            check.note("fighter-rearms", action, refused[1], f"refused a rearm from the {refused[2]} after {made} rearms of its own out of supply")
        _supply_words(check, action, campaign, entry.text)


def _fighter_rearms(check: WarCheck, action: Action, campaign: Campaign, fighter: Unit) -> None:
    base_name = fighter.roster.carried_by
    base = campaign.unit(base_name) if base_name else None
    why = attacked_or_fought(campaign, fighter)
    if base is None or not base.active:
        why = "it is aboard no carrier or station"
    if why:
        check.note("rearm-who", action, fighter.name, f"rearmed, though {why}")
    elif not in_supply(campaign, base) and check.seen.fighter_rearms.get(fighter.name, 0) >= 2:  # type: ignore[arg-type]
        check.note("fighter-rearms", action, fighter.name, f"rearmed a third time out of supply from the {base_name}, which was not resupplied")


SUPPLY_WORDS = (
    (re.compile(r"the (.+?) rearms at .+ \(in supply\)"), True),
    (re.compile(r"the (.+?) does not rearm: its system is out of supply"), False),
    (re.compile(r"the .+? rearms from the (.+?) \(in supply\)"), True),
    (re.compile(r"the .+? rearms from the (.+?) out of supply"), False),
    (re.compile(r"the .+? cannot rearm: the (.+?) must be resupplied first"), False),
)


def _supply_words(check: WarCheck, action: Action, campaign: Campaign, text: str) -> None:
    """The log's 'in supply' and 'out of supply', held to the supply paths."""
    for pattern, supplied in SUPPLY_WORDS:
        found = pattern.match(text)
        if found:
            unit = campaign.unit(found[1])
            if in_supply(campaign, unit) != supplied:
                where = unit.place.shown(campaign.frontier) if unit.place else unit.status
                check.note("supply-paths", action, unit.name, f"the log says {'in' if supplied else 'out of'} supply ({text[:90]}...), and at {where} it is {'out of' if supplied else 'in'} supply")
            return


def remember_day_end(check: WarCheck, action: Action) -> None:
    """Each fighter's rearms out of supply: one more for each made while its base is out of supply;
    none once the base is resupplied (a day it could rearm itself)."""
    campaign = night(action)
    counts = check.seen.fighter_rearms
    for before, after in action.pairs:
        base_name = before.roster.carried_by
        if not before.fighter or not before.active or not base_name:
            continue
        base = campaign.unit(base_name)
        if could_rearm(check, campaign, base):
            counts[before.name] = 0
        elif after.active and rearmed(before.roster, after.roster) and not in_supply(campaign, base):
            counts[before.name] = counts.get(before.name, 0) + 1


# ---------------------------------------------------------------------- the construction centres


@check
def construction_centres(check: WarCheck, action: Action) -> None:
    if not action.end_of_day:
        return
    campaign = night(action)
    rows = {str(r["planet"]): r for r in check.tables.get("ssw.repair-capacity").rows}
    work: dict[str, int] = {}
    for before, after in action.pairs:
        if not (before.active and after.active) or before.station:
            continue
        hull = after.roster.hull - before.roster.hull
        systems = systems_restored(before.roster, after.roster)
        if hull <= 0 and not systems:
            continue
        where, capacity = _centre(check, action, campaign, before, rows)
        if not where:
            continue
        work[where] = work.get(where, 0) + max(hull, 0)
        if work[where] > capacity:
            check.note("repair-capacity", action, before.name, f"{work[where]} hull points repaired at {where} today, more than its {capacity}")
        if before.name in check.seen.moved_today:
            check.note("repair-full-day", action, before.name, f"repaired at {where} on a day it moved (docked {before.roster.docked_at or 'nowhere'})")
        if systems > 1 or (systems and hull > 0):
            check.note("repair-one-system", action, before.name, f"{systems} systems and {max(hull, 0)} hull points repaired in one day at {where}")


def _centre(check: WarCheck, action: Action, campaign: Campaign, unit: Unit, rows: Mapping[str, Mapping[str, Any]]) -> tuple[str, int]:
    """The construction centre that repaired the ship and its capacity for its side ('': none may)."""
    place = unit.place
    planet = place.planet if place is not None and not place.on_route else ""
    row = rows.get(planet)
    system = place.where if place is not None else ""
    here = campaign.at(system) if system else []
    stations = [u for u in campaign.units if u.station and row is not None and campaign.frontier.planet(u.home)[0].name == system]
    if unit.side == "UPF":
        station = campaign.station_at(planet)
        ok = row is not None and station is not None and station.active and unit.roster.docked_at == station.name and not any(u.side == "Sathar" for u in here)
        if ok and row is not None:
            return f"{system}/{planet}", int(row["daily_hp"])
        check.note("repair-where", action, unit.name, f"repaired at {place} (docked at {unit.roster.docked_at or 'no station'}), not at a construction centre in a system with no Sathar ships")
        return "", 0
    captured = row is not None and all(s.status == "destroyed" for s in stations) and not any(u.side == "UPF" for u in here)
    if captured and row is not None:
        return f"{system}/{planet}", int(row["sathar_daily_hp"])
    check.note("repair-where", action, unit.name, f"a Sathar ship repaired at {place}, not at a captured construction centre")
    return "", 0


# ---------------------------------------------------------------------- fighters left out


@check
def fighters_left_out(check: WarCheck, action: Action) -> None:
    if not action.end_of_day:
        return
    for before, after in action.pairs:
        if not before.fighter or not before.active:
            continue
        out = not before.roster.carried_by
        if out and after.status != "destroyed":
            check.note("fighters-left-out", action, before.name, f"out of a carrier or station at {before.place} when the Day marker advanced, and {after.status}")
        if not out and after.status in LOST:
            check.note("fighters-left-out", action, before.name, f"aboard the {before.roster.carried_by} when the Day marker advanced, and {after.status}")


# ---------------------------------------------------------------------- replacements


@check
def replacements(check: WarCheck, action: Action) -> None:
    day = action.before.day
    phase = action.end_of_day and day % REPLACEMENT_DAYS == 0
    for before, after in action.changed:
        if before.status == "destroyed" and after.status != "destroyed" and after.side == "Sathar":
            if not phase:
                check.note("replacement-days", action, after.name, f"a Sathar replacement ({after.status}) at the end of day {day} in {action.what!r}")
            _sathar_roll(check, action, before, after)
        if before.status == "off-map" and after.active and after.name in check.seen.sathar_back and day != check.seen.sathar_back[after.name] + 1:
            check.note("sathar-replacement-next-turn", action, after.name, f"brought back on day {day}, not during the turn after the replacement roll of day {check.seen.sathar_back[after.name]}")
        if before.status == "destroyed" and after.active and after.side == "UPF":
            _upf_replacement(check, action, after)


def _sathar_roll(check: WarCheck, action: Action, before: Unit, after: Unit) -> None:
    day = action.before.day
    lost = [d for d, u, how in check.seen.losses if u.name == before.name and how == "combat"]
    if not lost or lost[-1] < day - REPLACEMENT_DAYS + 1:
        check.note("sathar-replacement-roll", action, after.name, f"rolled for though not destroyed in combat in the 20 days before day {day} (lost on day {lost[-1] if lost else '-'})")
    rolls = [r for e in action.entries if e.text.startswith(f"the {before.name}: ") for r in e.rolls if r.startswith("d100")]
    if len(rolls) != 1:
        check.note("sathar-replacement-roll", action, after.name, f"{len(rolls)} d100 rolls for its replacement")
        return
    total = int(rolls[0].split(" = ")[1].split()[0])
    wanted = "off-map" if total <= 35 else "removed"
    if after.status != wanted:
        check.note("sathar-replacement-roll", action, after.name, f"a roll of {total}, and it is {after.status}")
    if after.status == "off-map":
        check.seen.sathar_back[after.name] = day


def _upf_replacement(check: WarCheck, action: Action, unit: Unit) -> None:
    day = action.before.day
    phase = day - 1
    if phase < REPLACEMENT_DAYS or phase % REPLACEMENT_DAYS or action.before.step != "upf-move":
        check.note("replacement-days", action, unit.name, f"a UPF replacement placed on day {day} ({action.before.step}), not at the start of the turn after a replacement phase")
    place = unit.place
    station = action.after.station_at(place.planet) if place is not None else None
    kind = "fortified station" if unit.ship_class in SMALL else "fortress"
    if station is None or not station.active or station.ship_class != kind:
        check.note("replacement-places", action, unit.name, f"a {unit.ship_class} replaced at {place}, not at a {kind} left undestroyed")
        return
    placed = check.seen.upf_replaced.setdefault((phase, station.name), [])
    placed.append(unit.name)
    if len(placed) > (2 if kind == "fortified station" else 1):
        check.note("replacement-places", action, unit.name, f"{len(placed)} ships replaced at the {station.name} for the replacements of day {phase}")


# ---------------------------------------------------------------------- victory


def _retreat_met(condition: int, losses: list[tuple[int, Unit, str]], day: int, tenday_end: bool) -> bool:
    sathar = [u for _, u, how in losses if u.side == "Sathar" and how != "detonated"]
    if condition == 1:
        return sum(1 for u in sathar if u.ship_class == "assault carrier") >= 2  # 'The Sathar have lost two assault carriers'
    if condition == 2:
        return sum(1 for u in sathar if u.ship_class == "heavy cruiser") >= 5  # 'The Sathar have lost five heavy cruisers'
    if condition == 3:
        return len(sathar) >= 40  # 'The Sathar have lost 40 ships, including fighters'
    if not tenday_end:
        return False
    if condition == 4:  # 'A ten-day pass passes without the Sathar destroying at least two stations, two fortresses or a station and a fortress'
        return sum(1 for d, u, how in losses if u.station and how != "detonated" and d > day - TENDAY) < 2

    def in_combat(side: str) -> int:  # 'Fighters and Militia ships are not counted toward this condition' (nor stations, not ships)
        return sum(1 for _, u, how in losses if u.side == side and how == "combat" and not u.fighter and not u.militia and not u.station)

    return in_combat("Sathar") > in_combat("UPF")  # 'At the end of any ten-day pass, the Sathar have lost more ships in combat than the UPF'


@check
def victory(check: WarCheck, action: Action) -> None:
    before, after = action.before, action.after
    if before.outcome:
        return
    losses = check.seen.losses + losses_in(action)
    stations = [u for _, u, how in losses if u.side == "UPF" and u.station and how != "detonated"]
    fortresses = sum(1 for u in stations if u.fortress)
    sathar_won = len(stations) >= 12 and fortresses >= 4
    said = after.outcome.startswith("Sathar victory")
    if sathar_won != said:
        check.note("sathar-victory", action, "-", f"{len(stations)} stations destroyed, {fortresses} fortresses among them; the outcome is {after.outcome!r}")
    if sathar_won:
        return
    condition = after.retreat_condition
    met = bool(condition) and _retreat_met(condition, losses, before.day, action.end_of_day and before.day % TENDAY == 0)
    retreat = "retreat condition" in after.outcome
    if met != retreat:
        check.note("retreat", action, "-", f"retreat condition {condition} is {'met' if met else 'not met'} by the book's count; the outcome is {after.outcome!r}")
    if retreat:
        left = sum(1 for u in after.units if u.fortress and u.active)
        wanted = "UPF victory" if left >= 2 else "a draw" if left == 1 else ""
        if wanted not in after.outcome:
            check.note("retreat", action, "-", f"the Sathar retreat with {left} fortresses left, and the outcome is {after.outcome!r}")
