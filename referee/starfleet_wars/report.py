"""How an engagement stands, as lines and as plain data (``sfw ships``, the app's cards): each
ship's power units lost, allocation and the factors it fights with, damage control teams, weapons
left, tows; each fortress's modules. Special damage is shown only to the referee's eyes (``secrets``)."""

from __future__ import annotations

from typing import Any

from referee.starfleet_wars import damage_control as dc
from referee.starfleet_wars import special_damage as sd
from referee.starfleet_wars import turn
from referee.starfleet_wars.engagement import Engagement
from referee.starfleet_wars.ships import Ship, factors
from referee.starfleet_wars.sides import unseen
from referee.tables import Tables


def ship_line(engagement: Engagement, sfw: Tables, ship: Ship, secrets: bool) -> str:
    """A ship's line; sealed (``secrets`` False), its factors as the opponent reckons them (without
    its special damage: "do not let your opponent know ... the damage it causes")."""
    shown = ship if secrets else unseen(ship)
    head = f"{ship.name} ({ship.ship_class}, {ship.type}, {ship.side})"
    if ship.destroyed:
        return f"{head}: OUT - {ship.destroyed}"
    parts: list[str] = []
    if ship.craft:
        parts += [f"hits {ship.hits} of 4"] if ship.type in ("SB", "SAPS") else []
        parts += [f"light lasers {ship.light_lasers - ship.lasers_fired} of {ship.light_lasers} left this turn"] if ship.light_lasers else []
        parts += ["one hit shoots it down"] if ship.type == "SF" else []
    else:
        parts.append(f"PU {ship.available}/{ship.power_units} ({ship.lost} lost, {sd.percent(ship.lost, ship.power_units)}; peak {ship.peak})")
        if ship.allocation is not None:
            now = factors(shown, engagement.turn)
            extras = f" + tractor beam {ship.tractor} PU" if ship.tractor else ""
            extras += f" + reloading {ship.reload} PU" if ship.reload else ""
            parts.append(f"allocated {ship.allocation.shown()}{extras}: speed {now.speed}, OF {now.offensive}, DF {now.defensive}")
        else:
            parts.append("not allocated this turn")
        parts.append(
            f"max OF {ship.max_off}, DF {ship.max_def}"
            + (f", additional {ship.addl_off}/{ship.addl_def}" + ("" if ship.boosted() else " (stopped: 75% lost)") if ship.addl_off or ship.addl_def else "")
        )
        teams = dc.row_for(sfw, ship.type).teams
        if teams:
            parts.append(f"teams {dc.teams_left(sfw, ship)}/{teams} ({ship.attempts} tried this turn), repaired {ship.repaired} PU")
    if ship.launchers or ship.reloads:
        parts.append(f"particle weapons {ship.reloads} on board, {ship.launched}/{ship.launchers} launched this turn")
    parts += [f"towing {ship.captacs} CapTac{'s' if ship.captacs > 1 else ''}"] if ship.captacs else []
    parts += [f"of fortress {ship.fortress}" + (f", on {ship.on}" if ship.on else "")] if ship.fortress else []
    owed = turn.owes_special(ship) if engagement.special_damage else ""
    parts += [f"owes a special damage roll ({owed})"] if owed else []
    if secrets:
        parts += [f"special damage: {', '.join(e.shown(engagement.turn) for e in ship.effects)}"] if ship.effects else []
        parts += ["offensive factors lost for good"] if ship.offensive_lost else []
        parts += ["defensive factors lost for good"] if ship.defensive_lost else []
    parts += [f"unknown: {', '.join(ship.unknown)}"] if ship.unknown else []
    return f"{head}: {'; '.join(parts)}"


def fortress_line(engagement: Engagement, fortress: Any, secrets: bool) -> str:
    from referee.starfleet_wars import fortress as fo
    from referee.starfleet_wars import fortress_phase

    head = f"{fortress.name} (starfortress{', MAATAC' if fortress.game == 'maatac' else ''}, {fortress.side})"
    if fortress.destroyed:
        return f"{head}: DESTROYED"
    modules = ", ".join(f"{m.name} {'destroyed' if m.destroyed else f'{m.power_units - m.damage}/{m.power_units}'}" for m in fortress.modules)
    parts = [f"modules {modules}"]
    if fortress.game == "starfleet-wars":
        parts.append(f"power {fo.power(fortress)} PU, OF up to {fo.max_offensive(fortress)}")
        if fortress.allocation.cost:
            offensive, defensive = fortress_phase.factors(fortress if secrets else unseen(fortress), engagement.turn)
            parts.append(f"allocated {fortress.allocation.shown(speed=False)}: OF {offensive}, DF {defensive}")
        parts.append(f"teams {fo.teams(fortress)} ({fortress.attempts} tried this turn)")
        parts += ["no CM: +10 to its firing rolls"] if fo.no_cm(fortress) else []
        parts += ["KNOCKED OUT: no LSS (boarded, captured or destroyed by one more hit)"] if fo.knocked_out(fortress) else []
        lost, total = fo.lss_lost(fortress), fo.lss_total(fortress)
        if fortress.special_due:
            parts.append(f"owes {fortress.special_due} special damage roll{'s' if fortress.special_due > 1 else ''} for CapTac hits")
        elif fo.owes_special_damage(fortress) and not fortress.special_rolled and engagement.special_damage:
            parts.append(f"owes a special damage roll ({lost} of {total} LSS PU lost, {sd.percent(lost, total)})")
        loans = [f"{loan.lender} to {loan.to}: {loan.rolls}" for loan in fortress.loans]
        parts += [f"CIDS loans {', '.join(loans)}"] if loans else []
    else:
        parts += fo.maatac_status(fortress)
    parts += fo.ledger(fortress)
    if secrets and fortress.effects:
        parts.append(f"special damage: {', '.join(e.shown(engagement.turn) for e in fortress.effects)}")
    return f"{head}: {'; '.join(parts)}"


def lines(engagement: Engagement, sfw: Tables, name: str | None, secrets: bool) -> list[str]:
    out = [f"{engagement.name}: turn {engagement.turn}, at {turn.STEP_TITLES[engagement.step]}; {' against '.join(engagement.sides)}"]
    if name:
        if engagement.is_fortress(name):
            return [fortress_line(engagement, engagement.fortress(name), secrets)]
        return [ship_line(engagement, sfw, engagement.ship(name), secrets)]
    out += [ship_line(engagement, sfw, s, secrets) for s in engagement.ships]
    out += [fortress_line(engagement, f, secrets) for f in engagement.fortresses]
    out += [f"drifting CapTacs #{i}: {d.count} of {d.side}'s ({d.where})" for i, d in enumerate(engagement.drifting, 1)]
    owed = turn.owing(engagement)
    out.append(f"before the next turn: special damage rolls for {'; '.join(owed)}" if owed else "next: referee sfw next (no special damage roll owed)")
    return out


def as_data(engagement: Engagement, sfw: Tables, name: str | None, secrets: bool) -> dict[str, Any]:
    from referee.starfleet_wars import engagement_file

    data = engagement_file.to_dict(engagement)
    data.pop("log")
    if not secrets:
        for unit in (*data["ships"], *data["fortresses"]):
            for key in ("effects", "offensive_lost", "defensive_lost"):
                unit.pop(key, None)
    if name:
        wanted = name.casefold()
        data["ships"] = [s for s in data["ships"] if s["name"].casefold() == wanted]
        data["fortresses"] = [f for f in data["fortresses"] if f["name"].casefold() == wanted]
        if not data["ships"] and not data["fortresses"]:
            engagement.ship(name)  # the refusal naming the ships
    data["owing"] = turn.owing(engagement)
    for ship in data["ships"]:
        found = engagement.ship(ship["name"])
        if found.allocation is not None and not found.destroyed:
            now = factors(found if secrets else unseen(found), engagement.turn)
            ship["factors"] = now._asdict() if secrets else {k: v for k, v in now._asdict().items() if k != "notes"}
        if dc.row_for(sfw, found.type).teams:
            ship["teams_left"] = dc.teams_left(sfw, found)
    return data
