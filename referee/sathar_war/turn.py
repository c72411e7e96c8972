"""The Strategic Turn Sequence and the Time Record Track.

Each day: 1 Sathar reinforcements and movement; 2 UPF reinforcements and movement; 3 Sathar attack
declarations and battles; 4 UPF attack declarations and battles; 5 the end of the day - fighters
not aboard a carrier or station are destroyed, ships rearm and are repaired, the tenday checks and
the replacements come due, and the Day marker moves on. ``advance`` takes the campaign from one
step to the next, refusing while something the rules require is undone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from referee import dice
from referee.errors import RefereeError
from referee.names import listed
from referee.sathar_war.campaign import BOOK, STEP_TEXT, STEPS, Allowance, Campaign, Done, Entry, Place, Unit, done, nothing_to_override, overridden
from referee.sathar_war.forces import fresh
from referee.sathar_war.repairs import repair_day, void_returns
from referee.sathar_war.setup import CIRCLE_READING, SATHAR_SETUP_RULE, crowded_circles, sathar_placement_problems
from referee.sathar_war.supply import rearm
from referee.sathar_war.victory import TENDAY, judge, lose
from referee.tables import Tables

if TYPE_CHECKING:
    import random

SEQUENCE_RULE = f"{BOOK}, Strategic Turn Sequence"
REPLACEMENTS_RULE = f"{BOOK}, Replacements (Optional)"
REPLACEMENT_DAYS = 20
SMALL = ("assault scout", "fighter")


def advance(campaign: Campaign, tables: Tables, rng: random.Random | None = None, rolled: Mapping[str, str] = {}, override: str = "") -> Done:
    """The next step of the turn sequence (from step 4, the end of the day and the next day's step 1).
    ``override`` sets aside the reading of the start circle limit (logged with the referee's note)."""
    if campaign.outcome:
        raise RefereeError(f"the war is over: {campaign.outcome}")
    waive = bool(override.strip())
    problems = unfinished(campaign, waive)
    if problems:
        raise RefereeError(f"cannot leave {campaign.step} yet: {'; '.join(text for text, _ in problems)}")
    entries: list[Entry] = []
    if waive:
        if campaign.step not in ("setup", "sathar-move") or not crowded_circles(campaign):
            raise nothing_to_override(CIRCLE_READING)
        entries.append(overridden(campaign, CIRCLE_READING, override, SATHAR_SETUP_RULE))
        campaign = campaign.logged(*entries)
    if campaign.step == "upf-attacks":
        if rng is None:
            import random

            rng = random.Random()
        campaign, entries = end_of_day(campaign, tables, rng, rolled)
        if campaign.outcome:
            return Done(campaign, tuple(entries))
    elif rolled:
        raise RefereeError("rolls are taken at the end of the day (replacements); none is due now")
    nxt = STEPS[STEPS.index(campaign.step) + 1] if campaign.step != "upf-attacks" else "sathar-move"
    day = campaign.day + 1 if campaign.step in ("setup", "upf-attacks") else campaign.day
    campaign = campaign._replace(step=nxt, day=day)
    if campaign.step == "sathar-move":
        campaign, back = void_returns(campaign, tables)
        campaign = campaign.logged(*back)
        entries += back
    line = campaign.entry(f"day {campaign.day} (Tenday {campaign.tenday[0]}, Day {campaign.tenday[1]}): {STEP_TEXT[nxt]}", rule=SEQUENCE_RULE)
    entries.append(line)
    return Done(campaign.logged(line), tuple(entries))


def unfinished(campaign: Campaign, waive_reading: bool = False) -> list[tuple[str, str]]:
    """What the rules require before the step can end, each with the kind of action that does it
    (place-sathar, retreat, drones, move); ``waive_reading``: not the start circle limit's reading."""
    problems: list[tuple[str, str]] = []
    if campaign.step == "setup":
        if campaign.shatter_drones:
            for side in ("Sathar", "UPF"):
                if sum(1 for u in campaign.side(side) if u.drone) != 2:
                    problems.append((f"the {side} player has not chosen two frigates as shatter drones", "drones"))
        problems += [(p, "place-sathar") for p in sathar_placement_problems(campaign, waive_reading)]
        if not campaign.retreat_condition:
            problems.append(("the Sathar player has not chosen a retreat condition", "retreat"))
    elif campaign.step == "sathar-move":
        problems += [(p, "place-sathar") for p in sathar_placement_problems(campaign, waive_reading)]
        if campaign.day == 1:
            waiting = [u.name for u in campaign.side("Sathar") if u.active and not u.moved and not u.roster.carried_by and u.place is not None and not u.place.on_route]
            if waiting:
                problems.append((f"on the first day ships in start circles must move into the red transit box: {listed(waiting)} ({BOOK}, Day One: The Sathar Approach)", "move"))
    return problems


def end_of_day(campaign: Campaign, tables: Tables, rng: random.Random, rolled: Mapping[str, str]) -> tuple[Campaign, list[Entry]]:
    """Step 5: the end of the day, before the Day marker moves on."""
    entries: list[Entry] = []
    stranded = [u for u in campaign.units if u.active and u.fighter and not u.roster.carried_by]
    if stranded:
        campaign = lose(campaign, stranded, "stranded")
        entries.append(
            campaign.entry(
                f"fighters not aboard a carrier or station are destroyed: {', '.join(u.name for u in stranded)}",
                rule=f"{BOOK}, Special Combat Rules: Breaking Off Combat; ssw.time-track row fighters-day-end",
            )
        )
    campaign, lines = rearm(campaign)
    entries += lines
    campaign, lines = repair_day(campaign)
    entries += lines
    campaign, lines = replacements_not_placed(campaign)
    entries += lines
    tenday_end = campaign.day % TENDAY == 0
    if campaign.replacements and campaign.day % REPLACEMENT_DAYS == 0:
        campaign, lines = replacements(campaign, tables, rng, rolled)
        entries += lines
    elif rolled:
        raise RefereeError(f"rolls are for the replacements, due at the end of day {REPLACEMENT_DAYS * (campaign.day // REPLACEMENT_DAYS + 1)}; none is due today")
    campaign = campaign.logged(*entries)
    campaign, judged = judge(campaign, tenday_end)
    entries += judged
    campaign = campaign.logged(*judged)
    fresh_day = [u._replace(moved=False, fought=False, attacked="", repair_turns=0) for u in campaign.units if u.moved or u.fought or u.attacked or u.repair_turns]
    expired = tuple(a for a in campaign.allowances if a.until > campaign.day)
    campaign = campaign.with_units(fresh_day)._replace(fights=(), orders=(), allowances=expired)
    return campaign, entries


def replacements(campaign: Campaign, tables: Tables, rng: random.Random, rolled: Mapping[str, str]) -> tuple[Campaign, list[Entry]]:
    """Every 20 days: d100 for each Sathar ship destroyed in combat in the last 20 days (35 or less: it
    can come back through a start circle; 36 or more: gone for good); the UPF is owed ships at each
    surviving fortress and fortified station, to be placed at the start of the next turn."""
    since = campaign.day - REPLACEMENT_DAYS + 1
    dead = {loss.name for loss in campaign.losses if loss.side == "Sathar" and loss.how == "combat" and loss.day >= since}
    candidates = [u for u in campaign.units if u.name in dead and u.status == "destroyed"]
    entered = {n.casefold(): r for n, r in rolled.items()}
    unknown = [n for n in rolled if n.casefold() not in {u.name.casefold() for u in candidates}]
    if unknown:
        raise RefereeError(
            f"replacement rolls given for {', '.join(unknown)}, which is not a Sathar ship destroyed in combat in the last {REPLACEMENT_DAYS} days ({', '.join(u.name for u in candidates) or 'none'})"
        )
    table = tables.get("ssw.sathar-replacement")
    entries: list[Entry] = []
    changed: list[Unit] = []
    for unit in candidates:
        roll = dice.take("d100", rng, entered.get(unit.name.casefold()), f"Sathar replacement of the {unit.name}")
        row = table.band(roll.total)[0]
        back = roll.total <= 35
        if back:
            roster = fresh(tables, unit._replace(roster=unit.roster._replace(carried_by="")))
            changed.append(unit._replace(status="off-map", roster=roster, lost=0, drone=False, returns=campaign.day + 1))  # (a frigate: drones are chosen before the first turn)
        else:
            changed.append(unit._replace(status="removed"))
        entries.append(campaign.entry(f"the {unit.name}: {row['result']}", [roll], f"{REPLACEMENTS_RULE}: Sathar Replacements; ssw.sathar-replacement, row {row['low']}-{row['high']}", key=unit.name))
    campaign = campaign.with_units(changed)
    owed = []
    for station in campaign.units:
        if station.station and station.active and station.ship_class in ("fortress", "fortified station"):
            large = station.ship_class == "fortress"
            owed.append(Allowance(station.name, "large" if large else "small", 1 if large else 2, campaign.day + 1))
    lost = [u for u in campaign.units if u.status == "destroyed" and u.side == "UPF" and not u.militia and not u.station]
    if owed and lost:
        campaign = campaign._replace(allowances=campaign.allowances + tuple(owed))
        text = (
            f"UPF replacements for tomorrow: one ship frigate or larger at each of {', '.join(a.station for a in owed if a.size == 'large') or 'no fortress'}; "
            f"two assault scouts or fighters at each of {', '.join(a.station for a in owed if a.size == 'small') or 'no fortified station'} "
            f"(destroyed, may come back: {', '.join(u.name for u in lost)})"
        )
        entries.append(campaign.entry(text, rule=f"{REPLACEMENTS_RULE}: UPF Replacements"))
    return campaign, entries


def replacements_not_placed(campaign: Campaign) -> tuple[Campaign, list[Entry]]:
    """The end of the turn after a replacement roll: a Sathar ship it brought back and not placed in a
    start circle today is removed from the game ("that ship can be brought back into the game through
    an SSC during the next turn", Sathar Replacements; a reading: that turn only, as the UPF's are
    placed "at the start of the next turn")."""
    lapsed = [u for u in campaign.units if u.status == "off-map" and u.returns and u.returns <= campaign.day]
    if not lapsed:
        return campaign, []
    lost_on = {loss.name: loss.day for loss in campaign.losses}
    campaign = campaign.with_units([u._replace(status="removed", returns=0, lost=lost_on[u.name]) for u in lapsed])
    text = f"not brought back through a start circle during the turn after their replacement roll, removed from the game: {listed(u.name for u in lapsed)}"
    return campaign, [campaign.entry(text, rule=f"{REPLACEMENTS_RULE}: Sathar Replacements")]


def why_not_replace(campaign: Campaign, unit: Unit) -> str:
    """Why the ship may not be brought back by a replacement ("": it may): a UPF ship (not a
    station nor militia) destroyed before today."""
    rule = f"{REPLACEMENTS_RULE}: UPF Replacements"
    if unit.side != "UPF" or unit.status != "destroyed" or unit.station:
        return f"the {unit.name} is not a destroyed UPF ship; only ships that have been destroyed are replaced ({rule})"
    if unit.militia:
        return f"planetary militia ships may not be replaced at all during the war ({rule})"
    if unit.lost >= campaign.day:
        return f"the {unit.name} was destroyed today; replacements are placed on the map at the start of the turn, for ships lost before it ({rule})"
    return ""


def owed_today(campaign: Campaign) -> list[Allowance]:
    """The replacements owed and not yet used, at the stations that owe them."""
    return [a for a in campaign.allowances if a.until >= campaign.day and len(a.used) < a.count]


def takes(allowance: Allowance, unit: Unit) -> bool:
    """Whether the allowance replaces a ship of this size: a fortress one frigate or larger, a
    fortified station assault scouts and fighters (UPF Replacements)."""
    return (allowance.size == "small") == (unit.ship_class in SMALL)


def replace_upf(campaign: Campaign, tables: Tables, name: str, station: str) -> Done:
    """A destroyed UPF ship comes back, as new, at a surviving fortress or fortified station it is owed at."""
    unit = campaign.unit(name)
    base = campaign.unit(station)
    rule = f"{REPLACEMENTS_RULE}: UPF Replacements"
    why = why_not_replace(campaign, unit)
    if why:
        raise RefereeError(why)
    owed = next((a for a in owed_today(campaign) if a.station == base.name), None)
    if owed is None:
        raise RefereeError(f"no replacement is owed at the {base.name} today ({', '.join(f'{a.station}: {a.count - len(a.used)}' for a in campaign.allowances) or 'none owed'})")
    if not takes(owed, unit):
        wanted = "two assault scouts, two fighters, or one of each" if owed.size == "small" else "one ship larger than an assault scout (frigate or larger)"
        raise RefereeError(f"the {base.name} replaces {wanted}, not a {unit.ship_class} ({rule})")
    assert base.place is not None
    roster = fresh(tables, unit)._replace(carried_by=base.name if unit.fighter else "", docked_at="" if unit.fighter else base.name)
    back = unit._replace(roster=roster, status="active", place=Place(base.place.where, base.home), lost=0, docked_since=campaign.day, drone=False)  # (drones are chosen before the first turn)
    used = owed._replace(used=(*owed.used, unit.name))
    campaign = campaign.with_units([back])._replace(allowances=tuple(used if a == owed else a for a in campaign.allowances))
    return done(campaign, campaign.entry(f"the {unit.name} is replaced at the {base.name}", rule=rule))


def status_lines(campaign: Campaign) -> list[str]:
    """What the Time Record Track shows and what is scheduled on it."""
    tenday, day = campaign.tenday
    when = f"day {campaign.day} of the war (Tenday {tenday}, Day {day})" if campaign.day else "before the first day"
    lines = [f"{when}: {STEP_TEXT[campaign.step]}"]
    for unit in campaign.units:
        if unit.status == "void" and not unit.fighter:
            lines.append(f"day {unit.returns}: the {unit.name} returns from the Void ({unit.circle})")
    if campaign.day:
        lines.append(f"day {(campaign.day - 1) // TENDAY * TENDAY + TENDAY}: end of the tenday (retreat conditions 4 and 5)")
        if campaign.replacements:
            lines.append(f"day {(campaign.day - 1) // REPLACEMENT_DAYS * REPLACEMENT_DAYS + REPLACEMENT_DAYS}: replacements")
    return lines
