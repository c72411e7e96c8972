"""Hits and shots in a Starfleet Wars engagement, as the referee enters them: the base game's
Firing Table (Table #2 of Starfleet Wars) is not in our texts, so whether a shot hits, and how many
power units a hit of offensive factors costs, is entered from the table.

What this supplement fixes is kept here: a particle weapon hit is 10 power units (the Starbomber
Example of Play: two hits "causing 20 power units damage"); starbombers and SAPS are destroyed by
one hit of offensive factors or particle weapons or by four of light lasers or CIDS; light lasers
fire only at craft smaller than destroyers; particle weapons spend reloads; CapTacs are towed (two
per tractor beam, speed at most 2), fire within 18 inches for 40 power units and a Special Damage
roll, are destroyed by one CIDS or light laser hit (25 power units to the ship towing them), and
may be left drifting, to be activated by a friendly ship within 30 inches.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.errors import RefereeError
from referee.starfleet_wars import ships as sh
from referee.starfleet_wars import special_damage as sd
from referee.starfleet_wars.damage_control import team_lines
from referee.starfleet_wars.engagement import Done, Drift, Engagement, done
from referee.starfleet_wars.ships import CAPTAC_RULE, SAPS_RULE, STARBOMBER_RULE, Ship
from referee.starfleet_wars.turn import RELOAD_RULE, at, not_after
from referee.tables import Tables

WEAPONS = ("offensive", "particle", "light-laser", "cids", "captac", "other")
CRAFT_HITS = 4  # "a total of four hits is needed to destroy them" (starbombers; SAPS)
LIGHT_LASER_RANGE = 12
LIGHT_LASER_RULE = f"{STARBOMBER_RULE}: 'Light lasers are fired exactly like starfighters lasers except that they have a range of 12 inches'"
SENSORS_RULE = "Starfleet Wars supplement, Special Damage Table, 83-85: 'Auxiliary sensors can be used but are limited to 36\" range. You may not fire beyond sensor range.'"
CAPTAC_RANGE = 18
CAPTAC_ACTIVATION = 30
BEFORE_LAUNCH_RULE = f"{CAPTAC_RULE}: 'CapTacs are fired upon by CIDS and starfighters before the CapTacs are launched in order that they may be destroyed before they hit their targets'"


def firing_figure(sfw: Tables, key: str) -> int:
    """A figure of the base game's firing rules that this supplement preserves (sfw.firing)."""
    value = sfw.get("sfw.firing").row(key)["value"]
    assert isinstance(value, int)
    return value


def captac_figure(sfw: Tables, key: str) -> int:
    """A CapTac's figure (sfw.captacs): hit_damage_pu 40, destroyed_in_tow_pu 25, range_inches 18 ..."""
    value = sfw.get("sfw.captacs").row("CapTac")[key]
    assert isinstance(value, int)
    return value


def in_range(engagement: Engagement, firer: Ship, weapon: str, range_inches: int | None) -> None:
    """Refuse a shot at a range the referee measured on the table (None: not entered) beyond the
    weapon's range (a starbomber's or SAPS' light lasers: 12 inches) or beyond the firer's sensors
    (special damage 83-85: 36 inches)."""
    if range_inches is None:
        return
    if range_inches < 0:
        raise RefereeError(f"the range is the inches measured on the table, 0 or more, not {range_inches}")
    if weapon == "light-laser" and firer.type in ("SB", "SAPS") and range_inches > LIGHT_LASER_RANGE:
        raise RefereeError(f'{firer.name}\'s light lasers reach {LIGHT_LASER_RANGE}": a shot at {range_inches}" is out of range ({LIGHT_LASER_RULE})')
    sensors = sd.sensor_range(firer.effects, engagement.turn)
    if sensors is not None and range_inches > sensors:
        raise RefereeError(f'{firer.name}\'s main sensors are damaged: it may not fire beyond {sensors}", and the target is {range_inches}" away ({SENSORS_RULE})')


def hit(engagement: Engagement, sfw: Tables, target: str, by: str, count: int = 1, pu: int = 0, firer: str = "", range_inches: int | None = None) -> Done:
    """``count`` hits on a ship by a weapon; ``pu`` the power units they cost where the base game
    decides it (offensive factors; a transport's hits). Refused when the weapon may not fire at
    the target, with the rule; with the ship that fired and the range measured (``firer``,
    ``range_inches``), refused beyond its weapon's range or its damaged sensors'."""
    if by not in WEAPONS:
        raise RefereeError(f"--by must be one of {', '.join(WEAPONS)}, not {by!r}")
    if count < 1:
        raise RefereeError(f"hits must be 1 or more, not {count}")
    engagement = at(engagement, "firing", f"a hit on {target}")
    ship = engagement.ship(target)
    if range_inches is not None and not firer:
        raise RefereeError("give the ship that fired with --firer, with --range (its weapons' and sensors' reach are checked)")
    if firer:
        shooter = engagement.ship(firer)
        if shooter.side == ship.side:
            raise RefereeError(f"{shooter.name} is on {ship.name}'s side ({ship.side})")
        in_range(engagement, shooter, by, range_inches)
    if ship.destroyed:
        raise RefereeError(f"{ship.name} is out of the fight already ({ship.destroyed})")
    if by in ("light-laser", "cids") and ship.type not in sh.LIGHT_LASER_TARGETS:
        rule = "light lasers may not fire at starships destroyer size or larger" if by == "light-laser" else "CIDS fire at attack craft, starbombers, SAPS and CapTacs, not at starships"
        raise RefereeError(f"{ship.name} is a {ship.type}: {rule} ({STARBOMBER_RULE}; {SAPS_RULE})")
    if ship.craft:
        if pu:
            raise RefereeError(f"{ship.name} is a {ship.type}: it has no power units; leave out --pu (hits destroy it)")
        return _craft_hit(engagement, ship, by, count)
    if by == "particle":
        if pu:
            raise RefereeError(f"a particle weapon hit is {firing_figure(sfw, 'particle weapon hit')} PU each: leave out --pu")
        pu = count * firing_figure(sfw, "particle weapon hit")
    elif by == "captac":
        if pu:
            raise RefereeError(f"a CapTac hit is {captac_figure(sfw, 'hit_damage_pu')} PU each: leave out --pu")
        pu = count * captac_figure(sfw, "hit_damage_pu")
    elif pu < 1:
        raise RefereeError(f"give the power units the hit{'s' if count > 1 else ''} cost with --pu N (the base game's Firing Table decides them; it is not in our texts)")
    return damage(engagement, sfw, ship, pu, f"{count} {by} hit{'s' if count > 1 else ''}", captac_hits=count if by == "captac" and engagement.special_damage else 0)


def damage(engagement: Engagement, sfw: Tables, ship: Ship, pu: int, what: str, captac_hits: int = 0, rule: str = "") -> Done:
    """Power units lost by a ship: its peak, the damage control teams lost, disabled at all its power
    units, the special damage rolls now owed."""
    before = ship
    lost = min(ship.power_units, ship.lost + pu)
    ship = ship._replace(lost=lost, peak=max(ship.peak, lost), special_due=ship.special_due + captac_hits)
    notes = [f"{ship.name} loses {lost - before.lost} PU ({what}): {lost} of {ship.power_units} lost ({sd.percent(lost, ship.power_units)}), {ship.available} left"]
    if lost >= ship.power_units:
        ship = ship._replace(destroyed=f"disabled: all {ship.power_units} power units lost", special_due=0)
        notes.append("disabled: no power units left (the Starbomber Example of Play: 'enough to disable the SD and kill the entire crew')")
    else:
        notes += team_lines(sfw, before, ship)
        if captac_hits:
            notes.append(f"a Special Damage roll for each CapTac hit, whatever its damage: {ship.special_due} owed ({CAPTAC_RULE})")
        elif sd.over_threshold(lost, ship.power_units) and not sd.over_threshold(before.lost, ship.power_units):
            notes.append(f"more than 20% lost: it rolls for special damage each turn from now ({sd.SPECIAL_DAMAGE_RULE})")
        if before.boosted() and not ship.boosted():
            notes.append(f"75% or more lost: no more additional factors ({sh.SGD_RULE})")
    entry = engagement.entry("; ".join(notes), rule=rule or "Starfleet Wars supplement: damage in power units")
    return done(engagement.replaced(ship), entry)


def _craft_hit(engagement: Engagement, ship: Ship, by: str, count: int) -> Done:
    rule = {"SB": STARBOMBER_RULE, "SAPS": SAPS_RULE}.get(ship.type, "Starfleet Wars supplement, Starbomber Example of Play: a starfighter hit is shot down")
    if ship.type == "SF":
        ship = ship._replace(hits=ship.hits + count, destroyed="shot down")
        text = f"{ship.name} is shot down ({by} hit)"
    elif by in ("light-laser", "cids"):
        hits = ship.hits + count
        ship = ship._replace(hits=hits, destroyed="destroyed by four light laser or CIDS hits" if hits >= CRAFT_HITS else "")
        text = f"{ship.name} takes {count} {by} hit{'s' if count > 1 else ''}: {hits} of the {CRAFT_HITS} that destroy a {ship.type}" + (": destroyed" if hits >= CRAFT_HITS else "")
    else:
        ship = ship._replace(destroyed=f"destroyed by a hit of {'offensive factors' if by == 'offensive' else by}")
        text = f"{ship.name} is destroyed: one hit of offensive factors or particle weapons destroys a {ship.type}" if by != "captac" else f"{ship.name} is destroyed by a CapTac hit"
    return done(engagement.replaced(ship), engagement.entry(text, rule=rule))


def launch(engagement: Engagement, name: str, count: int, range_inches: int | None = None) -> Done:
    """Particle weapons launched this turn: at most the launchers (a starbomber's particle factors)
    a turn, at most the reloads on board, none once special damage 87 destroyed the launchers; a
    ship with power units reloads them with power before it launches again (the Pirahna); none
    beyond damaged sensors' 36 inches (``range_inches``, as measured on the table)."""
    ship = _fighting(engagement, name)
    if count < 1:
        raise RefereeError(f"launch 1 particle weapon or more, not {count}")
    engagement = at(engagement, "firing", f"{ship.name}'s launch")
    in_range(engagement, ship, "particle", range_inches)
    if ship.power_units and ship.needs_reload and not ship.reload and not ship.launched:  # (launched this turn: the rest of its launchers)
        raise RefereeError(
            f"{ship.name} launched its particle weapons before and has not reloaded them: it spends power units reloading first"
            f" (referee sfw allocate {ship.name} ... --reload PU, the base rulebook's cost) ({RELOAD_RULE})"
        )
    if any(e.kind == "launchers" for e in ship.effects if e.turn < engagement.turn):
        raise RefereeError(f"{ship.name}'s particle weapon launchers were destroyed (special damage 87): none may be launched for the rest of the game ({sd.SPECIAL_DAMAGE_RULE})")
    if ship.launched + count > ship.launchers:
        raise RefereeError(f"{ship.name} launches at most {ship.launchers} particle weapons a turn; {ship.launched} launched this turn, so {max(0, ship.launchers - ship.launched)} more")
    if count > ship.reloads:
        raise RefereeError(f"{ship.name} has {ship.reloads} particle weapons left on board, not {count}")
    ship = ship._replace(launched=ship.launched + count, reloads=ship.reloads - count, needs_reload=bool(ship.power_units))
    text = f"{ship.name} launches {count} particle weapon{'s' if count > 1 else ''}: {ship.reloads} left on board"
    return done(engagement.replaced(ship), engagement.entry(text, rule=STARBOMBER_RULE if ship.type == "SB" else "Starfleet Wars supplement, Data Table: particle weapons launchers and reloads"))


def lasers(engagement: Engagement, name: str, targets: Sequence[str], range_inches: int | None = None) -> Done:
    """Light laser shots of a starbomber or SAPS: one a turn per light laser factor, each at a
    starfighter, transport, starbomber or SAPS (never destroyer size or larger), within 12 inches
    (``range_inches``: the farthest target's, as measured on the table)."""
    ship = _fighting(engagement, name)
    if not ship.light_lasers:
        raise RefereeError(f"{ship.name} ({ship.type}) has no light lasers")
    engagement = at(engagement, "firing", f"{ship.name}'s light laser fire")
    in_range(engagement, ship, "light-laser", range_inches)
    if not targets:
        raise RefereeError("name the target of each light laser shot")
    if ship.lasers_fired + len(targets) > ship.light_lasers:
        raise RefereeError(f"{ship.name} fires each of its {ship.light_lasers} light laser factors once a turn; {ship.lasers_fired} fired, so {ship.light_lasers - ship.lasers_fired} more")
    aimed = [engagement.ship(t) for t in targets]
    for target in aimed:
        if target.type not in sh.LIGHT_LASER_TARGETS:
            raise RefereeError(f"{target.name} is a {target.type}: light lasers may not fire at starships destroyer size or larger ({STARBOMBER_RULE})")
        if target.side == ship.side:
            raise RefereeError(f"{target.name} is on {ship.name}'s side ({ship.side})")
    ship = ship._replace(lasers_fired=ship.lasers_fired + len(targets))
    counts = {t.name: sum(1 for a in aimed if a.name == t.name) for t in aimed}
    shots = ", ".join(f"{n} at {t}" for t, n in counts.items())
    reach = f'at {range_inches}", within their {LIGHT_LASER_RANGE}"' if range_inches is not None else f'range {LIGHT_LASER_RANGE}" at most'
    text = f"{ship.name} fires {len(targets)} light laser{'s' if len(targets) > 1 else ''} ({shots}), {reach}: enter each hit with sfw hit TARGET --by light-laser"
    return done(engagement.replaced(ship), engagement.entry(text, rule=LIGHT_LASER_RULE if range_inches is not None else STARBOMBER_RULE))


def tow(engagement: Engagement, name: str, count: int) -> Done:
    """CapTacs taken in tow by a ship's tractor beam: two at most, and the ship then moves at speed 2 at most."""
    ship = _fighting(engagement, name)
    not_after(engagement, "firing", f"{ship.name}'s taking CapTacs in tow")
    if ship.craft or ship.type == "MAD":
        raise RefereeError(f"{ship.name} is a {ship.type}: CapTacs are towed by a starship's tractor beam")
    if count < 1 or ship.captacs + count > sh.PER_TRACTOR_BEAM:
        raise RefereeError(
            f"one tractor beam tows {sh.PER_TRACTOR_BEAM} CapTacs and a ship uses one beam for them: {ship.name} tows {ship.captacs}, so {sh.PER_TRACTOR_BEAM - ship.captacs} more at most ({CAPTAC_RULE})"
        )
    if ship.allocation is not None and ship.allocation.speed > sh.TOW_SPEED:
        raise RefereeError(f"{ship.name} has speed {ship.allocation.speed} this turn: CapTacs cannot be towed faster than {sh.TOW_SPEED} (allocate again first)")
    ship = ship._replace(captacs=ship.captacs + count)
    return done(
        engagement.replaced(ship),
        engagement.entry(f"{ship.name} takes {count} CapTac{'s' if count > 1 else ''} in tow ({ship.captacs} in all): speed {sh.TOW_SPEED} at most while towing", rule=CAPTAC_RULE),
    )


def release(engagement: Engagement, name: str, count: int, where: str = "") -> Done:
    """CapTacs let go to drift; any friendly ship within 30 inches may activate them later."""
    ship = _fighting(engagement, name)
    not_after(engagement, "firing", f"{ship.name}'s release of CapTacs")
    if count < 1 or count > ship.captacs:
        raise RefereeError(f"{ship.name} tows {ship.captacs} CapTacs; release 1 to {ship.captacs}")
    ship = ship._replace(captacs=ship.captacs - count)
    drifting = engagement.drifting + (Drift(ship.side, count, where or f"released by {ship.name} in turn {engagement.turn}"),)
    engagement = engagement.replaced(ship)._replace(drifting=drifting)
    return done(
        engagement, engagement.entry(f'{ship.name} releases {count} CapTac{"s" if count > 1 else ""} to drift: a friendly ship within {CAPTAC_ACTIVATION}" may activate them', rule=CAPTAC_RULE)
    )


def shoot_down(engagement: Engagement, sfw: Tables, towed_by: str = "", drift: int = 0) -> Done:
    """A CapTac destroyed by one CIDS or light laser hit: in tow, it blows out the tractor beam
    generators (25 PU to the towing ship); drifting (``drift``: its number in the list, from 1), it is gone."""
    engagement = at(engagement, "firing", "a CapTac shot down")
    if towed_by:
        ship = _fighting(engagement, towed_by)
        if ship.captacs_launched:
            raise RefereeError(f"{ship.name} launched a CapTac this turn already: CIDS and starfighters fire on its CapTacs before they are launched ({BEFORE_LAUNCH_RULE})")
        if not ship.captacs:
            raise RefereeError(f"{ship.name} tows no CapTacs")
        engagement = engagement.replaced(ship._replace(captacs=ship.captacs - 1))
        return damage(engagement, sfw, engagement.ship(ship.name), captac_figure(sfw, "destroyed_in_tow_pu"), "a CapTac in tow destroyed: the tractor beam generators blown out", rule=CAPTAC_RULE)
    side = engagement.drifting[drift - 1].side if 1 <= drift <= len(engagement.drifting) else ""
    if any(s.captacs_launched and s.side == side for s in engagement.ships):
        raise RefereeError(f"{side} launched CapTacs this turn already: CIDS and starfighters fire on CapTacs before they are launched ({BEFORE_LAUNCH_RULE})")
    engagement = _from_drift(engagement, drift)
    return done(engagement, engagement.entry("a drifting CapTac is destroyed (one CIDS or light laser hit)", rule=CAPTAC_RULE))


def fire_captac(
    engagement: Engagement,
    sfw: Tables,
    firer: str,
    target: str,
    hit_it: bool,
    range_inches: int,
    drift: int = 0,
    activation: int = 0,
    modules: Sequence[tuple[str, int]] = (),
) -> Done:
    """A CapTac fired at a target within 18 inches, from tow or (``drift``, activated by a friendly
    ship within 30 inches) from the drift; the referee enters whether the Firing Table hit (as a weapon of speed 5)."""
    ship = _fighting(engagement, firer)
    engagement = at(engagement, "firing", f"{ship.name}'s CapTac")
    if range_inches > CAPTAC_RANGE or range_inches < 0:
        raise RefereeError(f"a CapTac's range is {CAPTAC_RANGE} inches: {range_inches} is out of range ({CAPTAC_RULE})")
    if drift:
        if activation > CAPTAC_ACTIVATION or activation < 0:
            raise RefereeError(f"a drifting CapTac is activated by a friendly ship within {CAPTAC_ACTIVATION} inches, not {activation} ({CAPTAC_RULE})")
        if engagement.drifting[drift - 1 : drift] and engagement.drifting[drift - 1].side != ship.side:
            raise RefereeError(f"drifting CapTacs #{drift} are {engagement.drifting[drift - 1].side}'s, not {ship.side}'s")
        engagement = _from_drift(engagement, drift).replaced(ship._replace(captacs_launched=ship.captacs_launched + 1))
        source = f'a drifting CapTac activated by {ship.name} ({activation}" away)'
    else:
        if not ship.captacs:
            raise RefereeError(f"{ship.name} tows no CapTacs (take some in tow, or fire a drifting one with --drift N)")
        engagement = engagement.replaced(ship._replace(captacs=ship.captacs - 1, captacs_launched=ship.captacs_launched + 1))
        source = f"{ship.name}'s CapTac"
    struck = engagement.ship(target) if not engagement.is_fortress(target) else None
    if struck is not None and struck.side == ship.side:
        raise RefereeError(f"{struck.name} is on {ship.name}'s side")
    line = engagement.entry(f'{source} fires at {target} at {range_inches}": {"a hit" if hit_it else "a miss"} (the Firing Table at speed 5)', rule=CAPTAC_RULE)
    engagement = engagement.logged(line)
    if not hit_it:
        return Done(engagement, (line,))
    if struck is None:
        from referee.starfleet_wars import fortress_phase

        fortress = engagement.fortress(target)
        if fortress.side == ship.side:
            raise RefereeError(f"{fortress.name} is on {ship.name}'s side")
        if not modules:
            raise RefereeError(f"{fortress.name} is a starfortress: its defender allocates the CapTac's 40 PU among modules (--module NAME=PU)")
        after = fortress_phase.hit(engagement, sfw, fortress.name, modules, None, "captac", 1)
        return Done(after.state, (line, *after.entries))
    after = hit(engagement, sfw, struck.name, "captac", 1)
    return Done(after.state, (line, *after.entries))


def _from_drift(engagement: Engagement, number: int) -> Engagement:
    if not 1 <= number <= len(engagement.drifting):
        listed = "; ".join(f"{i}: {d.count} of {d.side}'s ({d.where})" for i, d in enumerate(engagement.drifting, 1)) or "none"
        raise RefereeError(f"no drifting CapTacs #{number}; drifting: {listed}")
    drift = engagement.drifting[number - 1]
    rest = engagement.drifting[: number - 1] + ((drift._replace(count=drift.count - 1),) if drift.count > 1 else ()) + engagement.drifting[number:]
    return engagement._replace(drifting=rest)


def _fighting(engagement: Engagement, name: str) -> Ship:
    ship = engagement.ship(name)
    if ship.destroyed:
        raise RefereeError(f"{ship.name} is out of the fight ({ship.destroyed})")
    return ship
