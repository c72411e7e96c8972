"""What one side of the war may know, for the players' own view of the campaign (``referee view``).

A player sees his own side in full: every roster of his ships and stations, wherever they are, the
reserves he keeps off the map, his shatter drones, and (the Sathar player, who chose it) the retreat
condition and how far it has come. Of the enemy he sees what the map shows. The readings:

- "The contents of the fleets, or any other stacks on the FDM, may be examined freely by all
  players" (Setting Up the Game): every ship on the map, each side's, is seen by name and class,
  where it is and in which fleet; its roster (hull, drives, weapons, ammunition, damage) is its
  player's paper and is not.
- A ship off the map is the other side's secret: the Sathar ships not yet placed (Sathar Set-Up:
  "placed in a start circle at the beginning of the Sathar move on any later turn"), those a
  replacement brings back, and Strike Force NOVA while it waits ("the Sathar have little idea where
  it is located", Strike Force NOVA).
- A Sathar ship in the Void is "placed on the time track, six days ahead of the Day marker" (Sathar
  Repair): the time track is on the table, so it is seen, with its day of return.
- Losses are seen: the victory tally is the public one (:func:`victory.tally`).
- The retreat condition "is written down, and revealed to the UPF player when the conditions are
  met" (Sathar Retreat): the UPF and the public view see it only once revealed.
- The shatter drones: "each player chooses two of his frigates"; a drone "performs as a normal
  frigate" until it detonates: the choice is its owner's.
- Losses are seen as the table saw them go (the losses ledger): a Sathar ship a replacement roll
  brings back is the Sathar player's secret until it is placed, and one gone for good is, to the
  UPF, a ship destroyed like any other.
- The log: a line is public unless it tells what a player's paper holds: rearming (ammunition),
  repairs and docking for repair (the roster's damage), the referee's hand edits of a roster, the
  Sathar replacement rolls and Strike Force NOVA's ships off the map (reserves), the shatter drones
  chosen. Such a line is shown to the side whose ships it names. A line may say whose it is itself
  (:class:`~referee.sathar_war.campaign.Entry`: ``secret``), whole or in part (``private``): where
  ships are bound is their player's plan (a move's "; bound for ..."; a journey kept, not gone on,
  or stopped), while the move itself is on the map. A battle's results are public: both players
  fought it at the table. A ship entering or coming back from the Void is public (the time track).
- Each reader reads every line as :func:`read` says: whole, its private part left out, or sealed
  (that a line was written, whose eyes alone read it): the view's Log, the paper's log and the
  paper's forms read the war through :func:`view` alone.
- Alerts: a contested system and the war's outcome are public; supply, fighters left out, militia
  called home, repairs finishing and replacements owed are each about one side's ships, and that
  side's.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from referee.errors import RefereeError
from referee.knight_hawks.sides import names
from referee.logged import PUBLIC, Read, readable
from referee.sathar_war import battles as battle_rules
from referee.sathar_war import fleets, movement, repairs, report, setup, supply
from referee.sathar_war.campaign import SIDE_OF, SIDES, Campaign, Entry, Unit
from referee.sathar_war.turn import REPLACEMENT_DAYS, REPLACEMENTS_RULE, status_lines
from referee.sathar_war.victory import CONDITIONS, TENDAY, progress, tally

Viewer = Literal["Sathar", "UPF", "public"]
VIEWERS: tuple[Viewer, ...] = ("UPF", "Sathar", "public")

# the rules of the log lines that tell what a player's paper holds (each line's own rule begins so)
PRIVATE_RULES = (supply.REARMING_RULE, repairs.REPAIR_RULE, battle_rules.HAND_EDIT, f"{REPLACEMENTS_RULE}: Sathar Replacements", fleets.OFF_MAP_RULE, fleets.DOCKING_RULE)
VOID_LINES = ("sathar-void-repair", "back from the Void")  # Sathar Repair through the Void: on the time track, public


class Counter(NamedTuple):
    """A ship or station as the map (or the time track) shows it: its name, class and where."""

    name: str
    side: str
    ship_class: str
    where: str
    fleet: str = ""


class CampaignView(NamedTuple):
    """What one side (or anyone at the table: ``public``) may see of the war."""

    side: Viewer
    day: int
    step: str
    tenday: int
    day_marker: int
    marks: tuple[str, ...]  # under each box of this tenday on the time track: V Void returns, R replacements, T tenday end
    track: tuple[str, ...]  # what the time track shows and what is scheduled on it
    retreat: tuple[str, ...]  # the retreat condition as this side may know it
    tally: tuple[tuple[str, int], ...]
    alerts: tuple[str, ...]
    fights: tuple[str, ...]  # the attacks declared today
    own: tuple[dict[str, Any], ...]  # the side's every roster, as the book's roster form (report.roster) with its supply
    seen: tuple[Counter, ...]  # the other side as the map shows it (public: both sides)
    log: tuple[Entry, ...]  # the lines this side reads, whole or in part (``lines``, the sealed left out)
    outcome: str = ""
    lines: tuple[Read, ...] = ()  # every line of the log as this side reads it (:func:`read`)
    lost: tuple[Counter, ...] = ()  # the ships and stations lost, as this side knows it (``where``: how and when)
    retreat_shown: bool = False  # whether ``retreat`` tells the condition (chosen, and this side's or revealed)


def viewer(name: str) -> Viewer:
    """The side named (any case): UPF, Sathar, or public."""
    for known in VIEWERS:
        if name.strip().casefold() == known.casefold():
            return known
    raise RefereeError(f"a campaign's sides are UPF and Sathar (or public: what the map shows everyone), not {name!r}")


def view(campaign: Campaign, side: str) -> CampaignView:
    """What ``side`` may see of the campaign (see the module's readings)."""
    who = viewer(side)
    own = [u for u in campaign.units if u.side == who]
    supplied = supply.paths(campaign, [u for u in own if u.active])
    rosters = tuple({**report.roster(campaign, u.name), "supply": _supply(u, supplied.get(u.name)), "drone": u.drone, "returns": u.returns} for u in own)
    seen = tuple(_counter(campaign, u) for u in campaign.units if u.side != who and _seen(u))
    shown = who == "Sathar" or campaign.retreat_revealed
    condition = campaign.retreat_condition
    if not condition:
        retreat: tuple[str, ...] = ("no retreat condition chosen yet",)
    elif shown:
        retreat = (f"retreat condition {condition}: {CONDITIONS[condition]}", f"now: {progress(campaign, condition)}")
    else:
        retreat = ("retreat condition: sealed (written down by the Sathar player, revealed when it is met)",)
    lines = tuple(read(campaign, e, who) for e in campaign.log)
    return CampaignView(
        side=who,
        day=campaign.day,
        step=campaign.step,
        tenday=campaign.tenday[0],
        day_marker=campaign.tenday[1],
        marks=marks(campaign),
        track=tuple(status_lines(campaign)),
        retreat=retreat,
        tally=tuple(tally(campaign).items()),
        alerts=tuple(alerts(campaign, who)),
        fights=tuple(f"{f.attacker} attack at {f.planet} ({f.system}): {len(f.ships)} ships may fight; {f.game} rules" for f in campaign.fights),
        own=rosters,
        seen=seen,
        log=readable(lines),
        outcome=campaign.outcome,
        lines=lines,
        lost=lost(campaign, who),
        retreat_shown=bool(condition) and shown,
    )


def _seen(unit: Unit) -> bool:
    """Whether the enemy sees the unit: on the map, or on the time track (in the Void)."""
    return (unit.active and unit.place is not None) or (unit.status == "void" and not unit.fighter)


def _counter(campaign: Campaign, unit: Unit) -> Counter:
    if unit.status == "void":
        where = f"the time track: back from the Void on day {unit.returns}"
    elif unit.roster.carried_by:
        where = f"aboard the {unit.roster.carried_by}"
    else:
        assert unit.place is not None
        where = unit.place.shown(campaign.frontier)
    return Counter(unit.name, unit.side, unit.ship_class, where, unit.fleet)


def _supply(unit: Unit, path: list[str] | None) -> str:
    if not unit.active or unit.station:
        return "-"
    return "in supply" if path is not None else "OUT OF SUPPLY"


def marks(campaign: Campaign) -> tuple[str, ...]:
    """What is scheduled under each box of the tenday in progress on the Time Record Track."""
    first = campaign.tenday[0] + 1
    found = []
    for day in range(first, first + TENDAY):
        due = "V" if any(u.status == "void" and u.returns == day for u in campaign.units) else ""
        due += "R" if campaign.replacements and day % REPLACEMENT_DAYS == 0 else ""
        due += "T" if day % TENDAY == 0 else ""
        found.append(due)
    return tuple(found)


def alerts(campaign: Campaign, side: Viewer) -> list[str]:
    """The alerts ``side`` may see: the public ones, and those about its own ships."""
    found = [f"contested: {c.system} ({len(c.sathar)} Sathar, {len(c.upf)} UPF)" for c in battle_rules.contested(campaign)]
    mine = [u for u in campaign.units if u.side == side and u.active]
    out = [n for n, path in supply.paths(campaign, [u for u in mine if not u.station and not u.fighter]).items() if path is None]
    if out:
        found.append(f"out of supply: {len(out)} ships ({', '.join(out)})")
    stranded = [u.name for u in mine if u.fighter and not u.roster.carried_by]
    if stranded:
        found.append(f"fighters not aboard a carrier or station, destroyed at the end of the day: {', '.join(stranded)}")
    if side == "UPF":
        found += [f"the {name} must return home to {home}: Sathar ships have emerged there" for name, home in report._militia_called_home(campaign)]
        found += [f"UPF replacement owed at the {a.station} until day {a.until}: {a.count - len(a.used)} ({a.size})" for a in campaign.allowances if len(a.used) < a.count]
    ours = {u.name for u in mine}
    for centre in repairs.centres(campaign):
        found += [f"repairs finish today: {name} at {centre.name}" for name, days in repairs.days_to_finish(centre).items() if days == 1 and name in ours]
    if campaign.outcome:
        found.append(f"the war is decided: {campaign.outcome}")
    return found


LOST_AS = {"combat": "destroyed", "stranded": "destroyed", "misjump": "misjumped", "detonated": "detonated"}  # a loss as the table saw it
GONE = ("destroyed", "misjumped", "detonated", "removed")  # a ship's status once lost (removed: no replacement)


def lost(campaign: Campaign, side: Viewer) -> tuple[Counter, ...]:
    """The ships and stations lost, as ``side`` knows it: its own as they stand (lost; gone for good
    after a replacement roll, "removed"; a Sathar ship that roll brings back is off the map, its
    reserve), the enemy's (the public: both sides') as the losses ledger has them go, unless a
    replacement has put one on the map again."""
    found = [Counter(u.name, u.side, u.ship_class, f"{u.status} on day {u.lost}") for u in campaign.units if u.side == side and u.status in GONE]
    back = {u.name for u in campaign.units if _seen(u)}
    last = {loss.name: loss for loss in campaign.losses if loss.side != side and loss.name not in back}
    found += [Counter(n, loss.side, loss.ship_class, f"{LOST_AS.get(loss.how, 'destroyed')} on day {loss.day}") for n, loss in last.items()]
    return tuple(found)


def read(campaign: Campaign, entry: Entry, who: str) -> Read:
    """A log line as ``who`` (a side, or ``public``) reads it: whole if he is among its readers
    (:func:`line_sides`); else its public part, if only a part of it is private; else sealed."""
    readers = line_sides(campaign, entry)
    if who in readers:
        return Read(entry)
    if entry.private:
        return Read(entry._replace(text=entry.public, secret="", private=""))
    return Read(entry, True, " and ".join(sorted(readers)))


def line_sides(campaign: Campaign, entry: Entry) -> frozenset[str]:
    """Who may read a log line whole: everyone (both sides and the public view); the side the line
    says it is of (``secret``: its private part's, or the whole line's); or, for a line that tells
    what a player's paper holds, the sides whose ships it names (none: the referee alone)."""
    everyone = frozenset((*SIDES, PUBLIC))
    if entry.secret or entry.private:
        return frozenset((entry.secret,)) if entry.secret else frozenset()
    if entry.rule in (movement.STANDING_RULE, movement.STOPPED_RULE):  # a journey kept or stopped, saved before lines said whose: the side moving then
        return frozenset((SIDE_OF[entry.step],)) if entry.step in SIDE_OF else frozenset()
    if any(mark in entry.rule or entry.text.startswith(mark) for mark in VOID_LINES):
        return everyone
    private = entry.rule.startswith(PRIVATE_RULES) or (entry.rule == setup.DRONES_RULE and entry.step == "setup")
    return frozenset(named_sides(campaign, entry.text)) if private else everyone


def named_sides(campaign: Campaign, text: str) -> set[str]:
    """The sides of the ships and stations a text names."""
    return {u.side for u in campaign.units if names(u.name, text)}
