"""An engagement as the Ships screen shows it, in plain text parts (no Textual): the bar's turn,
what comes next (ships still to allocate, special damage rolls owed before the next turn), each
ship's and fortress's line in the roster and its card.

Special damage is the owner's secret ("do not let your opponent know what your die roll is or the
damage it causes"): sealed, a card says only that it is sealed, and the factors shown are those
the allocation gives without it (as the opponent reckons them); unsealed (``secrets``) the card
shows each effect and the factors fought with.
"""

from __future__ import annotations

from referee.starfleet_wars import choices, fortress_phase, turn
from referee.starfleet_wars import damage_control as dc
from referee.starfleet_wars import fortress as fo
from referee.starfleet_wars import special_damage as sd
from referee.starfleet_wars.engagement import Engagement
from referee.starfleet_wars.fortress import Fortress
from referee.starfleet_wars.power import Allocation
from referee.starfleet_wars.ships import Ship, factors
from referee.tables import Tables
from referee.tui.text import Part, bold, line

BAR = 4  # the power bar's cells
LABELS = ("Unit", "PU", "Fights", "Teams", "PW", "LL", "Tow", "Side", "Now")
SEALED = "sealed (u unseals)"


def where(engagement: Engagement) -> str:
    """The bar's line: the turn, and the special damage rolls owed before the next."""
    owed = len(turn.owing(engagement))
    return f"turn {engagement.turn}" + (f" · {owed} special damage roll{'s' if owed > 1 else ''} owed" if owed else "")


def bar(left: int, whole: int) -> str:
    """``███░ 10/30``: what is left as a bar and the figures."""
    full = 0 if whole <= 0 else round(BAR * max(left, 0) / whole)
    if left > 0:
        full = max(full, 1)
    return "█" * full + "░" * (BAR - full) + f" {max(left, 0)}/{whole}"


def in_view(ship: Ship, secrets: bool) -> Ship:
    """The ship as the screen may show it: sealed, without its special damage and what damage
    control did to its factors (both the owner's secret)."""
    if secrets:
        return ship
    return ship._replace(effects=(), offensive_lost=False, defensive_lost=False)


def fortress_in_view(fortress: Fortress, secrets: bool) -> Fortress:
    if secrets:
        return fortress
    return fortress._replace(effects=(), offensive_lost=False, defensive_lost=False)


def has_secret(ship: Ship | Fortress) -> bool:
    """Whether the card says its special damage is sealed: once it has had more than 20% of its
    power lost (it rolls each turn, whatever the rolls did), or has any result in force."""
    if ship.effects or ship.offensive_lost or ship.defensive_lost:
        return True
    if isinstance(ship, Fortress):
        return ship.game == "starfleet-wars" and fo.owes_special_damage(ship)
    return sd.over_threshold(ship.peak, ship.power_units)


def order(engagement: Engagement) -> list[Ship | Fortress]:
    """Side by side: the ships, then each fortress followed by its MADs."""
    found: list[Ship | Fortress] = []
    for side in engagement.sides:
        found += [s for s in engagement.ships if s.side == side and not s.fortress]
        for fortress in engagement.fortresses:
            if fortress.side == side:
                found.append(fortress)
                found += [s for s in engagement.ships if s.fortress == fortress.name]
    found += [s for s in engagement.ships if s.fortress and not engagement.is_fortress(s.fortress)]
    return found


def fights(ship: Ship, turn_now: int) -> str:
    """``S3 O25 D19``: the factors fought with this turn (blank until allocated)."""
    if ship.allocation is None:
        return "-"
    now = factors(ship, turn_now)
    return f"S{now.speed} O{now.offensive} D{now.defensive}"


def craft_hits(ship: Ship) -> str:
    """A craft's PU column: the hits that destroy it."""
    return "one hit kills" if ship.type == "SF" else f"hits {ship.hits}/4"


def status(engagement: Engagement, ship: Ship) -> str:
    if ship.destroyed:
        return "OUT"
    said = []
    if not ship.craft and ship.allocation is None and ship.available:
        said.append("to allocate")
    if engagement.special_damage and turn.owes_special(ship):
        said.append("owes SD")
    return ", ".join(said)


def ship_row(engagement: Engagement, sfw: Tables, ship: Ship, secrets: bool) -> tuple[str, ...]:
    """The ship's line in the roster (its card has the rest)."""
    shown = in_view(ship, secrets)
    teams = dc.row_for(sfw, ship.type).teams if not ship.craft else 0
    return (
        ship.name,
        craft_hits(ship) if ship.craft else bar(ship.available, ship.power_units),
        "" if ship.destroyed or ship.craft else fights(shown, engagement.turn),
        f"{dc.teams_left(sfw, ship)}/{teams}" if teams else "",
        f"{ship.reloads} {ship.launched}/{ship.launchers}" if ship.launchers or ship.reloads else "",
        f"{ship.light_lasers - ship.lasers_fired}/{ship.light_lasers}" if ship.light_lasers else "",
        str(ship.captacs) if ship.captacs else "",
        ship.side,
        status(engagement, ship),
    )


def fortress_row(engagement: Engagement, fortress: Fortress, secrets: bool) -> tuple[str, ...]:
    if fortress.game != "starfleet-wars":
        standing = len(fortress.standing())
        return (fortress.name, f"{standing}/{len(fortress.modules)} modules", "", "", "", "", "", fortress.side, "OUT" if fortress.destroyed else "MAATAC")
    shown = fortress_in_view(fortress, secrets)
    fought = "" if fortress.destroyed or fo.knocked_out(fortress) else "-"
    if fortress.allocation.cost and not fortress.destroyed:
        offensive, defensive = fortress_phase.factors(shown, engagement.turn)
        fought = f"O{offensive} D{defensive}"
    said = "OUT" if fortress.destroyed else "knocked out" if fo.knocked_out(fortress) else ""
    if not said and not fortress.allocation.cost:
        said = "to allocate"
    if engagement.special_damage and choices.fortress_owes(fortress):
        said = ", ".join(s for s in (said, "owes SD") if s)
    return (fortress.name, bar(fo.power(fortress), fo.lss_total(fortress)), fought, str(fo.teams(fortress)), "", "", "", fortress.side, said)


def ship_card(engagement: Engagement, sfw: Tables, ship: Ship, secrets: bool) -> list[Part]:
    """A ship's card: power left, the maxima, this turn's allocation and the factors fought with,
    damage control teams, particle weapons, light lasers, hits, CapTacs in tow, special damage."""
    said: list[Part] = [bold(ship.name), f"{ship.ship_class}, {ship.type} · {ship.side}" + (f" · of {ship.fortress}" if ship.fortress else "") + (f", on {ship.on}" if ship.on else "")]
    if ship.destroyed:
        return [*said, f"OUT of the fight: {ship.destroyed}"]
    shown = in_view(ship, secrets)
    if ship.craft:
        said.append(
            {
                "SF": "a starfighter: one hit shoots it down",
                "SB": "a starbomber: one hit of OF or particle weapons, or four of light lasers or CIDS, destroys it",
                "SAPS": "a SAPS: one hit of OF or particle weapons, or four of light lasers or CIDS, destroys it",
            }[ship.type]
        )
        if ship.type != "SF":
            said.append(f"hits {ship.hits} of 4 (light lasers, CIDS)")
    else:
        peak = f", peak {ship.peak}" if ship.peak > ship.lost else ""
        said.append(f"PU {bar(ship.available, ship.power_units)}, {ship.lost} lost ({sd.percent(ship.lost, ship.power_units)}{peak})")
        speed = ship.max_speed()
        said.append(f"max OF {ship.max_off}, DF {ship.max_def}" + (f", speed {speed}" if speed is not None else ""))
        if ship.addl_off or ship.addl_def:
            said.append(f"additional OF +{ship.addl_off}, DF +{ship.addl_def}" + ("" if ship.boosted() else " (stopped: 75% lost)"))
        if ship.allocation is None:
            said.append(line(bold(f"turn {engagement.turn}: "), f"not allocated ({ship.available} PU)"))
        else:
            now = factors(shown, engagement.turn)
            said.append(line(bold(f"turn {engagement.turn}: "), ship.allocation.shown()))
            said.append(line("fights with ", bold(f"speed {now.speed}, OF {now.offensive}, DF {now.defensive}")))
        teams = dc.row_for(sfw, ship.type).teams
        if teams:
            said.append(f"teams {dc.teams_left(sfw, ship)}/{teams}, {ship.attempts} tried; {ship.repaired} PU repaired")
    if ship.launchers or ship.reloads:
        said.append(f"PW {ship.reloads} on board, {ship.launched}/{ship.launchers} launched")
    if ship.light_lasers:
        said.append(f"light lasers {ship.light_lasers - ship.lasers_fired}/{ship.light_lasers} left")
    if ship.captacs:
        said.append(f"towing {ship.captacs} CapTac{'s' if ship.captacs > 1 else ''} (speed 2 at most)")
    owed = turn.owes_special(ship) if engagement.special_damage else ""
    if owed:
        said.append(line(bold("owes a special damage roll"), f" (s): {owed}"))
    said += secret_lines(ship, engagement.turn, secrets)
    if ship.unknown:
        said.append(f"unknown: {', '.join(ship.unknown)}")
    return said


def secret_lines(unit: Ship | Fortress, turn_now: int, secrets: bool) -> list[Part]:
    if not has_secret(unit):
        return []
    if not secrets:
        return [line(bold("special damage: "), SEALED)]
    found = [e.shown(turn_now) for e in unit.effects]
    found += ["offensive factors lost for good"] if unit.offensive_lost else []
    found += ["defensive factors lost for good"] if unit.defensive_lost else []
    return [line(bold("special damage: "), ", ".join(found) or "none")]


def fortress_card(engagement: Engagement, fortress: Fortress, secrets: bool) -> list[Part]:
    """A fortress's card: power from its LSS, this turn's allocation and factors, teams, each
    module with its damage and CIDS, its MADs."""
    kind = "starfortress" if fortress.game == "starfleet-wars" else "MAATAC fortress"
    said: list[Part] = [bold(fortress.name), f"{kind} · {fortress.side}"]
    if fortress.destroyed:
        return [*said, "DESTROYED"]
    if fortress.game == "starfleet-wars":
        shown = fortress_in_view(fortress, secrets)
        lost, total = fo.lss_lost(fortress), fo.lss_total(fortress)
        said.append(f"LSS {bar(fo.power(fortress), total)} PU, {sd.percent(lost, total)} lost")
        said.append(f"OF up to {fo.max_offensive(fortress)}, DF without limit")
        if fortress.allocation.cost:
            offensive, defensive = fortress_phase.factors(shown, engagement.turn)
            said.append(line(bold(f"turn {engagement.turn}: "), fortress_allocation(fortress.allocation)))
            said.append(line("fights with ", bold(f"OF {offensive}, DF {defensive}")))
        elif not fo.knocked_out(fortress):
            said.append(line(bold(f"turn {engagement.turn}: "), f"not allocated ({fo.power(fortress)} PU)"))
        said.append(f"teams {fo.teams(fortress)}, {fortress.attempts} tried; {fortress.repaired} PU repaired")
    said.append(bold("modules"))
    width = max(len(m.name) for m in fortress.modules)
    for module in fortress.modules:
        said.append(f"  {module.name:<{width}}  " + module_state(fortress, module))
    mads = [s.name + (" (out)" if s.destroyed else f" on {s.on}" if s.on else "") for s in engagement.ships if s.fortress == fortress.name]
    if mads:
        said.append(f"MADs: {', '.join(mads)}")
    if fortress.game == "starfleet-wars":
        said += fo.ledger(fortress)
        owed = [name for name in fo.reloadable(fortress) if not fortress.module(name).launched]  # (launched this turn: owed from the next)
        if owed:
            said.append(f"reloaded this turn ({fortress.reload} PU): {', '.join(owed)}" if fortress.reload else f"to reload before launching again (p: Reload PU): {', '.join(owed)}")
        said += ["no CM: +10 to its firing rolls"] if fo.no_cm(fortress) else []
        said += ["KNOCKED OUT: no LSS; one more hit destroys it"] if fo.knocked_out(fortress) else []
        if engagement.special_damage and choices.fortress_owes(fortress):
            why = f"{fortress.special_due} for CapTac hits" if fortress.special_due else f"{lost} of its LSS's {total} PU lost ({sd.percent(lost, total)})"
            said.append(line(bold("owes a special damage roll"), f" (s): {why}"))
        said += secret_lines(fortress, engagement.turn, secrets)
    else:
        said += fo.maatac_status(fortress)
    return said


def fortress_allocation(allocation: Allocation) -> str:
    """``OF 14 (196) + DF 10 (100) = 296 PU``: a fortress spends nothing on speed."""
    return allocation.shown().partition(" + ")[2]


def module_state(fortress: Fortress, module: fo.Module) -> str:
    if module.destroyed:
        return "destroyed"
    if fortress.game != "starfleet-wars":
        hidden = fo.blockers(fortress, module.name)
        return "standing" + (f", behind {', '.join(hidden)}" if hidden else "") + (f", {module.units} units" if module.units else "")
    said = bar(module.left, module.power_units)
    rolls = fo.cids_rolls(fortress, module.name)
    if module.kind in fo.WEAPONS or rolls:
        said += f"  CIDS {rolls}"
    loaned = [f"{loan.rolls} to {loan.to}" for loan in fortress.loans if loan.lender == module.name]
    if loaned:
        said += f" (loaned {', '.join(loaned)})"
    return said


def card(engagement: Engagement, sfw: Tables, name: str, secrets: bool) -> list[Part]:
    if engagement.is_fortress(name):
        return fortress_card(engagement, engagement.fortress(name), secrets)
    found = next((s for s in engagement.ships if s.name == name), None)
    if found is None:
        return ["no ship yet: j adds one (its class from the Data Table), b builds a starfortress"]
    return ship_card(engagement, sfw, found, secrets)


def next_steps(engagement: Engagement) -> list[Part]:
    """What comes next in the turn, with the keys that do it (three lines)."""
    waiting = [s.name for s in engagement.ships if not s.destroyed and not s.craft and s.allocation is None and s.available]
    waiting += [f.name for f in engagement.fortresses if f.game == "starfleet-wars" and not f.destroyed and not fo.knocked_out(f) and not f.allocation.cost]
    more = f" and {len(waiting) - 2} more" if len(waiting) > 3 else ""
    allocate = f"to allocate (p): {', '.join(waiting[:2] if more else waiting)}{more}" if waiting else "all allocated"
    if not choices.open_for(engagement, "allocation"):
        allocate = f"at {turn.STEP_TITLES[engagement.step]}; allocation waits for turn {engagement.turn + 1}"
    if not engagement.ships and not engagement.fortresses:
        allocate = "no ship yet: j joins one, b builds a starfortress"
    owed = turn.owing(engagement)
    if owed:
        names = [o.partition(" (")[0] for o in owed]
        shown = f"{', '.join(names[:3])}" + (f" and {len(names) - 3} more" if len(names) > 3 else "")
        last = f"before turn {engagement.turn + 1}: special damage (s) for {shown}"
    else:
        last = f"no special damage roll owed: damage control (r), then n begins turn {engagement.turn + 1}"
    drifting = sum(d.count for d in engagement.drifting)
    return [
        line(bold(f"Turn {engagement.turn}"), f" · {allocate}"),
        "then fire: hits (h; a fortress: m), launches (l), light lasers (f)" + (f"; {drifting} CapTacs drifting" if drifting else ""),
        last,
    ]
