"""Losses and the Conditions for Victory: the Sathar win by destroying 12 stations including all four
fortresses; the UPF wins (two or more fortresses left) or draws (one) when the Sathar player's
secret retreat condition is met."""

from __future__ import annotations

from collections.abc import Sequence

from referee.sathar_war.campaign import BOOK, Campaign, Entry, Loss, Status, Unit

VICTORY_RULE = f"{BOOK}, Conditions for Victory"
RETREAT_RULE = f"{VICTORY_RULE}: Sathar Retreat; ssw.retreat-conditions"
STATIONS_TO_WIN = 12
TENDAY = 10
CONDITIONS = {
    1: "The Sathar have lost two assault carriers",
    2: "The Sathar have lost five heavy cruisers",
    3: "The Sathar have lost 40 ships, including fighters",
    4: "A tenday passes without the Sathar destroying at least two stations, two fortresses or a station and a fortress",
    5: "At the end of any tenday, the Sathar have lost more ships in combat than the UPF (fighters and militia not counted)",
}


def lose(campaign: Campaign, units: Sequence[Unit], how: str) -> Campaign:
    """Units lost (destroyed in combat, misjumped, stranded, detonated), with the fighters aboard a
    lost carrier or station; ships docked at a lost station are cast off."""
    gone: dict[str, Unit] = {}
    for unit in units:
        gone[unit.name] = unit
        for fighter in campaign.aboard(unit.name):
            gone[fighter.name] = fighter
    status: Status = "misjumped" if how == "misjump" else "detonated" if how == "detonated" else "destroyed"
    changed = [u.stopped()._replace(status=status, place=None, fleet="", lost=campaign.day, roster=u.roster._replace(docked_at="", carried_by="")) for u in gone.values()]
    cast_off = [u._replace(roster=u.roster._replace(docked_at=""), docked_since=0) for u in campaign.units if u.roster.docked_at in gone and u.name not in gone]
    losses = tuple(Loss(campaign.day, u.name, u.side, u.ship_class, how, u.militia, u.station) for u in gone.values())  # type: ignore[arg-type]
    return campaign.with_units([*changed, *cast_off])._replace(losses=campaign.losses + losses)


def counted(campaign: Campaign, side: str) -> list[Loss]:
    """A side's losses that count for victory (a detonated shatter drone does not)."""
    return [loss for loss in campaign.losses if loss.side == side and loss.how != "detonated"]


def stations_destroyed(campaign: Campaign, since: int = 0) -> list[Loss]:
    return [loss for loss in counted(campaign, "UPF") if loss.station and loss.day >= since]


def fortresses_left(campaign: Campaign) -> int:
    return sum(1 for u in campaign.units if u.fortress and u.active)


def tally(campaign: Campaign) -> dict[str, int]:
    """The victory tally everyone may see: stations and fortresses destroyed (Sathar Victory),
    fortresses left (UPF Victory), and every ship each side has lost, fighters included (and, for the
    UPF, militia; a detonated shatter drone is not counted). The retreat conditions count their own
    way: :func:`progress`."""
    stations = stations_destroyed(campaign)
    return {
        "stations_destroyed": len(stations),
        "fortresses_destroyed": sum(1 for s in stations if s.ship_class == "fortress"),
        "fortresses_left": fortresses_left(campaign),
        "sathar_lost": len(counted(campaign, "Sathar")),
        "upf_lost": sum(1 for loss in counted(campaign, "UPF") if not loss.station),
    }


def _lost(campaign: Campaign, kind: str) -> int:
    return sum(1 for loss in counted(campaign, "Sathar") if loss.ship_class == kind)


def _this_tenday(campaign: Campaign) -> tuple[int, int]:
    """The first and last day of the tenday in progress (or the first, before the war begins)."""
    first = (max(campaign.day, 1) - 1) // TENDAY * TENDAY + 1
    return first, first + TENDAY - 1


def combat_losses(campaign: Campaign, side: str) -> int:
    """Condition 5's count: ships lost in combat; 'Fighters and Militia ships are not counted'."""
    return sum(1 for loss in counted(campaign, side) if loss.how == "combat" and loss.ship_class != "fighter" and not loss.militia and not loss.station)


def progress(campaign: Campaign, condition: int) -> str:
    """How far a retreat condition has come, counted as that condition counts."""
    if condition == 1:
        return f"Sathar assault carriers lost: {_lost(campaign, 'assault carrier')} of 2"
    if condition == 2:
        return f"Sathar heavy cruisers lost: {_lost(campaign, 'heavy cruiser')} of 5"
    if condition == 3:
        return f"Sathar ships lost, fighters included: {len(counted(campaign, 'Sathar'))} of 40"
    first, last = _this_tenday(campaign)
    if condition == 4:
        return f"stations and fortresses destroyed this tenday (days {first}-{last}): {len(stations_destroyed(campaign, since=first))} of 2; checked at the end of day {last}"
    return (
        f"ships lost in combat, fighters and militia not counted: Sathar {combat_losses(campaign, 'Sathar')}, UPF {combat_losses(campaign, 'UPF')}; "
        f"met at the end of day {last} if the Sathar have lost more"
    )


def retreat_met(campaign: Campaign, condition: int, tenday_end: bool) -> bool:
    """Whether a retreat condition is met now (conditions 4 and 5 only at the end of a tenday)."""
    if condition == 1:
        return _lost(campaign, "assault carrier") >= 2
    if condition == 2:
        return _lost(campaign, "heavy cruiser") >= 5
    if condition == 3:
        return len(counted(campaign, "Sathar")) >= 40
    if not tenday_end:
        return False
    if condition == 4:
        return len(stations_destroyed(campaign, since=_this_tenday(campaign)[0])) < 2
    return combat_losses(campaign, "Sathar") > combat_losses(campaign, "UPF")


def judge(campaign: Campaign, tenday_end: bool = False) -> tuple[Campaign, list[Entry]]:
    """Check the victory conditions after anything that can change them; decide the war if met."""
    if campaign.outcome:
        return campaign, []
    stations = stations_destroyed(campaign)
    fortresses = sum(1 for s in stations if s.ship_class == "fortress")
    if len(stations) >= STATIONS_TO_WIN and fortresses >= 4:
        outcome = f"Sathar victory: {len(stations)} stations destroyed, including all four fortresses"
        campaign = campaign._replace(outcome=outcome)
        return campaign, [campaign.entry(outcome, rule=f"{VICTORY_RULE}: Sathar Victory; ssw.victory row sathar-stations")]
    condition = campaign.retreat_condition
    if not condition or not retreat_met(campaign, condition, tenday_end):
        return campaign, []
    left = fortresses_left(campaign)
    if left >= 2:
        result = f"UPF victory: the Sathar retreat with {left} fortresses left"
    elif left == 1:
        result = "a draw: the Sathar retreat, but the UPF has only one fortress left"
    else:
        result = "the Sathar retreat with no fortress left: the book gives no result for this"
    outcome = f"retreat condition {condition} is met ({CONDITIONS[condition]}); {result}"
    campaign = campaign._replace(outcome=outcome, retreat_revealed=True)
    text = f"{outcome}. The Sathar must retreat all ships as quickly as possible to the nearest start circle and enter the Void"
    return campaign, [campaign.entry(text, rule=f"{RETREAT_RULE}, condition {condition}; {VICTORY_RULE}: UPF Victory")]
