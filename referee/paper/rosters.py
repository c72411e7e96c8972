"""The ship roster forms: one card a ship, as the book's form is filled in (Knight Hawks, the ship
roster form: "HULL POINTS, ADF, MR, DCR, WEAPONS, DEFENSES, SPEED, DAMAGED SYSTEMS", and "the area
of boxes can be used to mark off LTD weapons"), for a campaign's ships and stations or a battle's.

Hull points are boxes, those lost ticked; each limited-supply weapon or defense (torpedoes,
assault rockets, rocket batteries, mines, seekers, ICMs, masking screens) has a box a round, those
spent ticked; a destroyed system is crossed off ("that system is crossed off the roster in
pencil"), and a lowered ADF, MR or DCR shows its first figure crossed out beside the new one.
A side's copy holds that side's rosters alone; the table's copy, those of the ships and stations
the map and the time track show (the campaign's view: no reserves off the map, no shatter drone).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.knight_hawks.roster import Ship, System
from referee.paper.document import Boxes, Card, Figure, Heading, Lines, Paper, Part
from referee.paper.sides import Copy, Eyes

if TYPE_CHECKING:
    from referee.knight_hawks.battle import Battle
    from referee.sathar_war.campaign import Campaign, Unit

FORM_RULE = "Knight Hawks, the ship roster form"


def card(ship: Ship, where: tuple[str, ...], speed: str, notes: tuple[str, ...] = (), stamp: str = "") -> Card:
    """The book's roster form filled in for one ship as it stands."""
    figures = [Figure("ADF", str(ship.adf_start), str(ship.adf)), Figure("MR", str(ship.mr_start), str(ship.mr))]
    if ship.dcr_start:  # (a Basic Game ship has no DCR)
        figures.append(Figure("DCR", str(ship.dcr_start), str(ship.dcr)))
    left = max(ship.hull, 0)
    hull = Boxes("HULL POINTS", ship.hull_start, ship.hull_start - left, f"{left} of {ship.hull_start} left")
    return Card(
        name=ship.name,
        what=f"{ship.ship_class}, {ship.side}",
        where=where,
        figures=tuple(figures),
        hull=hull,
        weapons=tuple((_listed(s), s.state != "working") for s in ship.weapons),
        defenses=tuple((_listed(s) + _in_use(ship, s), s.state != "working") for s in ship.defenses),
        ammunition=tuple(_rounds(s) for s in (*ship.weapons, *ship.defenses) if s.limited),
        speed=speed,
        damaged=", ".join(sorted(ship.damaged)) or "none",
        notes=notes,
        stamp=stamp,
    )


def _listed(system: System) -> str:
    """A system as the form's WEAPONS or DEFENSES line lists it: the code, and how many of a weapon
    carried more than once (a limited one's rounds are its boxes)."""
    return system.code if system.limited or system.start == 1 else f"{system.code} x{system.start}"


def _in_use(ship: Ship, system: System) -> str:
    """The screen a player circles on the form while it is on (Defenses: "he simply circles in pencil the notation")."""
    if system.code == ship.active_screen or (system.code == "MS" and ship.masking_screen_up):
        return " (on)"
    return ""


def _rounds(system: System) -> Boxes:
    spent = system.start - system.count
    gone = system.state != "working"
    said = f"{system.count} of {system.start} left" + (" (destroyed)" if gone else "")
    return Boxes(system.code, system.start, spent, said, gone)


# ---------------------------------------------------------------------- a campaign's ships


def campaign_rosters(campaign: Campaign, eyes: Eyes, title: str) -> Paper:
    """Every ship and station of the war still in it (on the map, off it, in the Void), a side's alone on its copy."""
    from referee.sathar_war import supply as supply_rules
    from referee.sathar_war.campaign import SIDES
    from referee.sathar_war.sides import GONE  # a campaign's ships no longer in the war: no card

    parts: list[Part] = []
    copy = Copy.of(campaign, eyes)
    every = [u for u in campaign.units if u.status not in GONE and copy.shows(u)]
    supplied = supply_rules.paths(campaign, [u for u in every if u.active and not u.station])
    for side in SIDES:
        if eyes.side and side != eyes.side:
            continue
        units = [u for u in every if u.side == side]
        gone = sum(1 for c in copy.lost if c.side == side)
        which = f"every {side} ship and station in the war" if copy.names is None or side == copy.side else f"the {side} ships and stations the map and the time track show"
        parts.append(Heading(f"{side} ship rosters", new_page=bool(parts)))
        parts.append(Lines((f"{len(units)} rosters: {which} on day {campaign.day}; {gone} lost or gone, not printed ({FORM_RULE}).",), note=True))
        parts += [_campaign_card(campaign, u, u.name in supplied and supplied[u.name] is None, copy.whole(u)) for u in units]
    about = (f"Day {campaign.day}, {campaign.step}", eyes.shown())
    return Paper(f"Ship rosters: {title}", about, tuple(parts))


def _campaign_card(campaign: Campaign, unit: Unit, out_of_supply: bool, whole: bool) -> Card:
    ship = unit.roster
    where = [] if unit.station else [unit.force + (f", {unit.fleet}" if unit.fleet and unit.fleet != unit.force else "")]
    if unit.place is not None:
        where.append(unit.place.shown(campaign.frontier))
    elif unit.status == "void":
        where.append(f"in the Void, back on day {unit.returns}")
    else:
        where.append("off the map")
    if ship.docked_at:
        where.append(f"docked at the {ship.docked_at}")
    if ship.carried_by:
        where.append(f"aboard the {ship.carried_by}")
    notes: list[str] = []
    aboard = [f.name for f in campaign.aboard(unit.name)]
    if aboard:
        notes.append(f"aboard: {', '.join(aboard)}")
    if out_of_supply:
        notes.append("OUT OF SUPPLY (no supply path)")
    only = sorted(ship.airdock_only) + (["hull"] if unit.hull_station_only else [])
    if only:
        notes.append(f"repair at a station only: {', '.join(only)}")
    if unit.drone and whole:
        notes.append("a shatter drone")
    return card(ship, tuple(where), "", tuple(notes))


# ---------------------------------------------------------------------- a battle's ships


def battle_rosters(battle: Battle, eyes: Eyes, title: str) -> Paper:
    """Every ship of the battle, side by side, as the rosters stand now (destroyed ones stamped)."""
    parts: list[Part] = []
    for side in battle.sides:
        if eyes.side and side != eyes.side:
            continue
        ships = [s for s in battle.ships if s.side == side]
        parts.append(Heading(f"{side} ship rosters", new_page=bool(parts)))
        parts.append(Lines((f"{len(ships)} rosters ({FORM_RULE}).",), note=True))
        parts += [battle_card(battle, s) for s in ships]
    turn = f"repair turn after turn {battle.turn}" if battle.step == "repair" else f"turn {battle.turn}, {battle.moving}'s half"
    return Paper(f"Ship rosters: {title}", (f"{battle.name}: {turn}", eyes.shown()), tuple(parts))


def battle_card(battle: Battle, ship: Ship) -> Card:
    where: list[str] = []
    if ship.docked_at:
        where.append(f"docked at the {ship.docked_at}")
    if ship.carried_by:
        where.append(f"aboard the {ship.carried_by}")
    carried = [s.name for s in battle.ships if s.carried_by == ship.name and not s.destroyed]
    notes = [f"carries {', '.join(carried)}"] if carried else []
    if ship.must_turn:
        notes.append("must turn on its next move (it evaded)")
    if ship.airdock_only:
        notes.append(f"repair at a station only: {', '.join(sorted(ship.airdock_only))}")
    if ship.note:
        notes.append(ship.note)
    stamp = ""
    loss, gone = battle.loss(ship.name), battle.escape(ship.name)
    if ship.destroyed:
        stamp = "DESTROYED"
        notes.insert(0, "destroyed" + (f" in turn {loss.turn}, {loss.half}'s half" if loss else ""))
    elif gone is not None:
        stamp = "LEFT THE MAP"
        notes.insert(0, f"left the map in turn {gone.turn}" + (f", toward {gone.toward}" if gone.toward else ""))
    return card(ship, tuple(where), str(ship.speed), tuple(notes), stamp)
