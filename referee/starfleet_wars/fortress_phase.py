"""A starfortress's steps in an engagement, logged (its rules: fortress; its file's table: fortress_file).

Starfortresses in an engagement: built from modules (each MAD a ship of its own), their power
allocated, hits allocated among modules, CIDS die rolls loaned, special damage once more than 20%
of the LSS's power units are lost, and damage control (one team per LSS, no maximum repaired).
The rules themselves are :mod:`referee.starfleet_wars.fortress`, a fortress's table in the
engagement file :mod:`referee.starfleet_wars.fortress_file`; this module takes the rules as steps
of the engagement and logs them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee import dice, strict
from referee.errors import RefereeError
from referee.starfleet_wars import damage_control as dc
from referee.starfleet_wars import fortress as fo
from referee.starfleet_wars import special_damage as sd
from referee.starfleet_wars.engagement import STEPS, Done, Drift, Engagement, done
from referee.starfleet_wars.ships import Ship, mad
from referee.tables import Tables

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

PERCENTILE = dice.ZERO_PERCENTILE


def _step(engagement: Engagement, step: str, action: str, begins: bool = True) -> Engagement:
    """The engagement at ``step`` for a fortress's ``action`` (:func:`turn.at`): refused once a later
    step of this turn began; ``begins`` False leaves the turn where it is (taking CapTacs into the
    beam, letting them go: as a ship's tow and release, any time until the firing phase is over)."""
    from referee.starfleet_wars import turn

    assert step in STEPS
    if begins:
        return turn.at(engagement, step, action)
    turn.not_after(engagement, step, action)
    return engagement


def build(
    engagement: Engagement,
    sfw: Tables,
    name: str,
    side: str,
    kinds: Sequence[str],
    adjacent: Sequence[tuple[str, str]] = (),
    mads: int = 0,
    maatac: bool = False,
    behind: Sequence[tuple[str, str]] = (),
) -> Done:
    strict.name(name, "the fortress's name")
    if name.strip().casefold() in engagement.names():
        raise RefereeError(f"{name!r} is taken in {engagement.name}: give the fortress another name")
    sides = {s.casefold(): s for s in engagement.sides}
    if side.strip().casefold() not in sides:
        raise RefereeError(f"side {side!r} is not in {engagement.name}; the sides are {', '.join(engagement.sides)}")
    if not 0 <= mads <= 20:
        raise RefereeError(f"--mad must be 0 to 20, not {mads}")
    fortress = fo.build(name.strip(), sides[side.strip().casefold()], kinds, sfw, adjacent, "maatac" if maatac else "starfleet-wars", behind)
    power_units, max_off, max_def = fo.mad_figures(sfw)
    ships = tuple(mad(f"{fortress.name} MAD {n}", fortress.side, fortress.name, power_units, max_off, max_def) for n in range(1, mads + 1))
    for ship in ships:
        if ship.name.casefold() in engagement.names():
            raise RefereeError(f"{ship.name!r} is taken in {engagement.name}")
    engagement = engagement._replace(fortresses=engagement.fortresses + (fortress,), ships=engagement.ships + ships)
    text = f"{fortress.name} ({fortress.side}) is built: {', '.join(m.name for m in fortress.modules)}"
    if fortress.game == "starfleet-wars":
        text += f"; {fo.power(fortress)} PU from its LSS, OF up to {fo.max_offensive(fortress)}, no limit to DF, tactical speed {fo.TACTICAL_SPEED}"
    text += f"; MADs: {', '.join(s.name for s in ships)} ({power_units} PU each, OF {max_off}, DF {max_def} at most)" if ships else ""
    return done(engagement, engagement.entry(text, rule=fo.MAATAC_RULE if maatac else fo.POWER_RULE))


def allocate(engagement: Engagement, name: str, offensive: int, defensive: int, reload: int = 0) -> Done:
    """A fortress's OF and DF for this turn from its LSS's power, and (``reload``) the power units
    spent reloading the particle weapons of modules that launched (the base rulebook's figure)."""
    fortress = engagement.fortress(name)
    after = fo.allocate(fortress, offensive, defensive, reload)
    available = fo.power(fortress)
    beam = fo.beam(after)
    spent = after.allocation.cost + reload + beam
    extras = (f" + reloading {reload} PU" if reload else "") + (f" + tractor beam {beam} PU" if beam else "")
    text = f"{fortress.name} allocates {after.allocation.shown(speed=False)}" + (f"{extras} = {spent} PU" if extras else "") + f" of {available} ({available - spent} left)"
    reduced = _reductions(after, engagement.turn)
    seen = (fo.firing_offensive(after), after.allocation.defensive)  # as the opponent reckons them
    text += f"; OF {seen[0]}, DF {seen[1]}"
    if reload:
        text += f"; particle weapons reloaded: {', '.join(fo.reloadable(after))}"
    entries = [engagement.entry(text, rule=fo.FACTORS_RULE if not reload else f"{fo.FACTORS_RULE}; {fo.RELOAD_RULE}")]
    if reduced != seen:
        entries.append(engagement.entry(f"{fortress.name} fights with OF {reduced[0]}, DF {reduced[1]}: special damage", rule=sd.SPECIAL_DAMAGE_RULE, secret=fortress.side))
    return done(engagement.rebuilt(after), *entries)


def _reductions(fortress: fo.Fortress, turn: int) -> tuple[int, int]:
    offensive = max(0, fo.firing_offensive(fortress) - sd.reduction(fortress.effects, "offensive", turn))
    if fortress.offensive_lost or sd.in_force(fortress.effects, "dynamo", turn):
        offensive = 0
    defensive = max(0, fortress.allocation.defensive - sd.reduction(fortress.effects, "shields", turn))
    return offensive, 0 if fortress.defensive_lost else defensive


def factors(fortress: fo.Fortress, turn: int) -> tuple[int, int]:
    """The OF and DF a fortress fights with this turn (special damage taken off)."""
    return _reductions(fortress, turn)


def hit(engagement: Engagement, sfw: Tables, name: str, allocations: Sequence[tuple[str, int]], aimed: str | None = None, by: str = "offensive", hits: int = 1) -> Done:
    """A hit on a fortress, its PU allocated among modules by the defender. A particle weapon hit
    is 10 PU and a CapTac's 40 (and a Special Damage roll whatever the damage): the allocation must
    add up to them. Light lasers and CIDS do not fire at a starfortress."""
    fortress = engagement.fortress(name)
    each = {"particle": 10, "captac": 40}.get(by)
    if by in ("light-laser", "cids"):
        raise RefereeError(f"{fortress.name} is a starfortress: light lasers and CIDS fire at craft, not at it")
    if each is not None and fortress.game == "starfleet-wars" and sum(pu for _, pu in allocations) != each * hits:
        raise RefereeError(
            f"{hits} {by} hit{'s' if hits > 1 else ''} on {fortress.name} cost {each * hits} PU: allocate exactly that among its modules (--module NAME=PU), not {sum(pu for _, pu in allocations)}"
        )
    if fortress.game == "maatac":
        if len(allocations) != 1:
            raise RefereeError(f"{fortress.name} is a MAATAC fortress: a penetration destroys one module; name it with --module NAME=1")
        after, lines = fo.penetrate(fortress, allocations[0][0])
        struck = after.module(allocations[0][0]).name
        engagement = engagement.rebuilt(after)
        for ship in engagement.ships:
            if ship.fortress == fortress.name and ship.on == struck and not ship.destroyed:
                engagement = engagement.replaced(ship._replace(destroyed=f"destroyed with {struck}, the module it sat on"))
                lines.append(f"{ship.name} sat on {struck}: destroyed with it")
        return done(engagement, engagement.entry("; ".join(lines), rule=fo.MAATAC_RULE))
    before_teams = fo.teams(fortress)
    after, lines = fo.hit(fortress, allocations, aimed)
    lost = before_teams - fo.teams(after)
    if lost:
        lines.append(f"{lost} damage control team{'s' if lost > 1 else ''} lost (70 PU on an LSS): {fo.teams(after)} left ({fo.TEAMS_RULE})")
    if fo.owes_special_damage(after) and not fo.owes_special_damage(fortress) and engagement.special_damage:
        lines.append(f"more than 20% of its LSS's power units lost: it rolls for special damage each turn ({fo.SPECIAL_RULE})")
    if by == "captac" and engagement.special_damage and not after.destroyed:
        after = after._replace(special_due=after.special_due + hits)
        lines.append(f"a Special Damage roll for each CapTac hit, whatever its damage: {after.special_due} owed (Starfleet Wars supplement, Captive Towed Tactical Missile (CapTac))")
    return done(engagement.rebuilt(after), engagement.entry("; ".join(lines), rule=fo.ATTACKING_RULE))


def loan(engagement: Engagement, name: str, lender: str, to: str, rolls: int) -> Done:
    """CIDS die rolls loaned for this turn: "allocated" to a module with the turn's allocation, before
    any is fired (the lender fires at attack craft "with the die rolls that were not loaned")."""
    fortress = engagement.fortress(name)
    engagement = _step(engagement, "allocation", f"{fortress.name}'s CIDS loan")
    after, lines = fo.loan(fortress, lender, to, rolls)
    return done(engagement.rebuilt(after), engagement.entry("; ".join(lines), rule=fo.CIDS_RULE))


def special_damage(engagement: Engagement, sfw: Tables, name: str, rng: random.Random, rolled: int | str | None = None) -> Done:
    if not engagement.special_damage:
        raise RefereeError(f"{engagement.name} is played without the Special Damage rule (an optional rule: Introduction)")
    fortress = engagement.fortress(name)
    lost, total = fo.lss_lost(fortress), fo.lss_total(fortress)
    captac = fortress.special_due > 0 and not fortress.destroyed
    if not captac and (fortress.destroyed or not fo.owes_special_damage(fortress) or fortress.special_rolled):
        why = "has rolled this turn" if fortress.special_rolled else f"has lost {lost} of its LSS's {total} PU ({sd.percent(lost, total)}): only more than 20% calls for a roll"
        raise RefereeError(f"{fortress.name} owes no special damage roll: it {why} ({fo.SPECIAL_RULE})")
    why = f"{fortress.special_due} for CapTac hits" if captac else f"{lost} of its LSS's {total} PU lost, {sd.percent(lost, total)}"
    roll = dice.take(PERCENTILE, rng, rolled, f"{fortress.name}'s special damage ({why})")
    words, how = sd.result_text(sfw, roll.total)
    fortress = fortress._replace(special_due=fortress.special_due - 1) if captac else fortress._replace(special_rolled=True)
    text = f"{fortress.name} rolls special damage ({why}): {roll.total} - {words} ({how})"
    new = sd.effect(roll.total, engagement.turn)
    if sd.kind_of(roll.total) == "reactors":
        fortress = fortress._replace(destroyed=True)
        text += "; the fortress is destroyed"
    elif new is not None:
        fortress = fortress._replace(effects=fortress.effects + (new,))
        text += f"; from turn {engagement.turn + 1}"
        if new.kind in ("engines", "stardrive"):
            text += " (a starfortress moves at tactical speed 1 only: no effect on it)"
        elif sd.OUTCOMES[new.kind].enforced:
            text += f"; {sd.enforced(new)}"
    return done(engagement.rebuilt(fortress), engagement.entry(text, [roll], fo.SPECIAL_RULE, secret=fortress.side))


def damage_control(
    engagement: Engagement,
    sfw: Tables,
    name: str,
    column: str,
    rng: random.Random,
    rolled: int | str | None = None,
    effect: str = "",
    module: str = "",
) -> Done:
    """A fortress team's attempt on Table #2 (one team per LSS with less than 70 PU of damage on it):
    power units repaired on a module, with no maximum; factors and durations as a ship's."""
    if not engagement.damage_control:
        raise RefereeError(f"{engagement.name} is played without the Damage Control rule (an optional rule: Introduction)")
    fortress = engagement.fortress(name)
    if fortress.destroyed:
        raise RefereeError(f"{fortress.name} is destroyed")
    if column not in dc.COLUMNS:
        raise RefereeError(f"--column must be one of {', '.join(dc.COLUMNS)}, not {column!r}")
    teams = fo.teams(fortress)
    if fortress.attempts >= teams:
        raise RefereeError(
            f"{fortress.name} has {teams} damage control team{'s' if teams != 1 else ''} left (one per LSS with less than 70 PU of damage) and {fortress.attempts} tried this turn ({fo.TEAMS_RULE})"
        )
    damaged = [m for m in fortress.modules if m.damage and not m.destroyed]
    target = None
    if column == "power_units":
        if module:
            target = fortress.module(module)
            if target.destroyed:
                raise RefereeError(f"{target.name} is destroyed and stays destroyed (repairs take damage off a module)")
        elif len(damaged) > 1:
            raise RefereeError(f"name the module to repair with --module: damaged are {', '.join(f'{m.name} ({m.damage} PU)' for m in damaged)}")
        else:
            target = damaged[0] if damaged else None
    ship = _as_ship(fortress)
    dc.check_effect(ship, column, effect)
    if column == "power_units":
        warning = "" if target is not None and target.damage else f"{fortress.name} has no damage on {target.name if target else 'a module standing'} to repair"
    else:
        warning = dc.why_no_help(sfw, ship, column, engagement.turn)
    roll = dice.take(PERCENTILE, rng, rolled, f"{fortress.name}'s damage control team on {column.replace('_', ' ')}")
    fortress = fortress._replace(attempts=fortress.attempts + 1)
    row, how = sfw.get(dc.TABLE_2).band(roll.total)
    result = str(row[column])
    if column == "power_units":
        words = result.lower()
        said = "no effect"
        if "power units repaired" in words and target is not None and target.damage:
            count = {"two": 2, "three": 3, "four": 4, "six": 6}[words.split()[0]]
            fortress = fo.repair(fortress, target.name, count)
            said = f"{target.damage - fortress.module(target.name).damage} PU repaired on {target.name} (no maximum for a starfortress)"
        text = f"{fortress.name}'s damage control team tries power units: {roll.total} - {result} ({how}): {said}"
    else:
        tried = dc.attempt(sfw, ship, column, roll, engagement.turn, effect)
        fortress = fortress._replace(
            effects=tried.ship.effects,
            offensive_lost=tried.ship.offensive_lost,
            defensive_lost=tried.ship.defensive_lost,
            destroyed=fortress.destroyed or tried.destroyed,
        )
        text = f"{fortress.name}'s damage control team tries {column.replace('_', ' ')}: {roll.total} - {tried.text}" + ("; the fortress is destroyed" if tried.destroyed else "")
    text += f" (warned: {warning})" if warning else ""
    return done(engagement.rebuilt(fortress), engagement.entry(text, [roll], f"{dc.DAMAGE_CONTROL_RULE}, Table #2", secret=fortress.side if column != "power_units" else ""))


def _as_ship(fortress: fo.Fortress) -> Ship:
    """The fortress's special damage as a ship's, to read Table #2's factor and duration results with the ships' rules."""
    return Ship(fortress.name, fortress.side, "Starfortress", "GD", effects=fortress.effects, offensive_lost=fortress.offensive_lost, defensive_lost=fortress.defensive_lost)


def garrison(engagement: Engagement, name: str, module: str, units: int) -> Done:
    """A MAATAC fortress's module garrisoned: Infantry units and RAATACs, at most 5 in one module."""
    fortress = engagement.fortress(name)
    # the garrison is the fortress as set up: refused once firing began, it begins no step
    engagement = _step(engagement, "movement", f"{fortress.name}'s garrison", begins=False)
    after = fo.garrison(fortress, module, units)
    placed = after.module(module)
    return done(
        engagement.rebuilt(after), engagement.entry(f"{fortress.name}'s {placed.name} holds {units} unit{'s' if units != 1 else ''} (IUs and RAATACs, at most {fo.MOST_UNITS})", rule=fo.MAATAC_RULE)
    )


def place_mad(engagement: Engagement, sfw: Tables, name: str, module: str) -> Done:
    """A MAD moves onto a module of its fortress: "It may only move to an adjacent module" (the
    first placement anywhere), "to increase a modules CIDS strength": its 10 CIDS die rolls at its
    CIDS % count with that module's (at most 10 on one module); in MAATAC a MAD on a module
    destroyed is destroyed with it."""
    ship = engagement.ship(name)
    if ship.type != "MAD" or ship.destroyed:
        raise RefereeError(f"{ship.name} is not a MAD in the fight: only a fortress's MAD sits on its modules")
    fortress = engagement.fortress(ship.fortress)
    target = fortress.module(module)
    if target.destroyed:
        raise RefereeError(f"{target.name} is destroyed: a MAD moves to a module standing")
    if ship.name in fortress.immobile:
        raise RefereeError(f"{ship.name} was hit and lost its mobility factor: it may not move under any circumstances ({fo.MAATAC_RULE})")
    if ship.on:
        near = {b for a, b in fortress.adjacent if a == ship.on} | {a for a, b in fortress.adjacent if b == ship.on}
        if target.name not in near:
            raise RefereeError(
                f"{ship.name} is on {ship.on} and may only move to an adjacent module: {', '.join(sorted(near)) or 'none is recorded as adjacent (sfw fortress --adjacent)'} ({fo.SPEED_RULE})"
            )
    # a move is movement's; the first placement, the fortress as set up, leaves the turn where it is
    engagement = _step(engagement, "movement", f"{ship.name}'s move" if ship.on else f"{ship.name}'s placement", begins=bool(ship.on))
    moved = ship._replace(on=target.name)
    said = f"{ship.name} moves from {ship.on} to {target.name}" if ship.on else f"{ship.name} is placed on {target.name}"
    after, lines = fo.support(_pruned(engagement, fortress), ship.name, target.name, fo.CIDS_ROLLS, _mad_cids(sfw))
    text = "; ".join([f"{said} (its CIDS with that module's)", *lines])
    return done(engagement.replaced(moved).rebuilt(after), engagement.entry(text, rule=f"{fo.SPEED_RULE}; {fo.CIDS_RULE}"))


def mobility_lost(engagement: Engagement, name: str) -> Done:
    """A MAATAC fortress's MAD hit and lost its mobility factor (the MAATAC Damage Table is the
    referee's): "they may not move under any circumstances"."""
    ship = engagement.ship(name)
    if ship.type != "MAD" or not engagement.is_fortress(ship.fortress):
        raise RefereeError(f"{ship.name} is not a fortress's MAD")
    if ship.destroyed:
        raise RefereeError(f"{ship.name} is destroyed ({ship.destroyed}): it has no mobility factor to lose")
    fortress = engagement.fortress(ship.fortress)
    if fortress.game != "maatac":
        raise RefereeError(f"a MAD's mobility factor belongs to Fortresses in MAATAC; {fortress.name} is a Starfleet Wars fortress ({fo.MAATAC_RULE})")
    if ship.name in fortress.immobile:
        raise RefereeError(f"{ship.name} has lost its mobility factor already")
    engagement = _step(engagement, "firing", f"a hit on {ship.name}")
    after = fortress._replace(immobile=(*fortress.immobile, ship.name))
    text = f"{ship.name} is hit and loses its mobility factor: it may not move under any circumstances" + (f" (it stays on {ship.on})" if ship.on else "")
    return done(engagement.rebuilt(after), engagement.entry(text, rule=fo.MAATAC_RULE))


def _mad_cids(sfw: Tables) -> int:
    value = sfw.get(fo.TABLE).row("MAD")["sfw_cids"]
    assert isinstance(value, int)
    return value


def _pruned(engagement: Engagement, fortress: fo.Fortress) -> fo.Fortress:
    """The fortress without the CIDS of MADs destroyed since they moved onto a module."""
    for support in fortress.supports:
        if any(s.name == support.mad and s.destroyed for s in engagement.ships):
            fortress = fo.drop_support(fortress, support.mad)
    return fortress


def cids(engagement: Engagement, name: str, module: str) -> int:
    """The CIDS die rolls a module fires with now (a MAD destroyed since adds nothing)."""
    return fo.cids_rolls(_pruned(engagement, engagement.fortress(name)), module)


# -- particle weapons, attack craft and CapTacs ---------------------------------------------------


def launch(engagement: Engagement, sfw: Tables, name: str, module: str, count: int) -> Done:
    """Particle weapons launched from a module (the hits then: sfw hit TARGET --by particle);
    none once special damage 87 destroyed the launchers."""
    fortress = engagement.fortress(name)
    engagement = _step(engagement, "firing", f"{fortress.name}'s launch")
    if any(e.kind == "launchers" for e in fortress.effects if e.turn < engagement.turn):
        raise RefereeError(f"{fortress.name}'s particle weapon launchers were destroyed (special damage 87): none may be launched for the rest of the game ({sd.SPECIAL_DAMAGE_RULE})")
    after, lines = fo.launch(fortress, sfw, module, count)
    lines.append("enter each hit with referee sfw hit TARGET --by particle (10 PU a hit)")
    return done(engagement.rebuilt(after), engagement.entry("; ".join(lines), rule=fo.CRAFT_RULE))


def launch_craft(engagement: Engagement, name: str, module: str, count: int) -> Done:
    """Attack craft launched from a module: each joins the fight as a starfighter (SF) of the
    fortress's side; none while special damage 90-91 is in force."""
    fortress = engagement.fortress(name)
    engagement = _step(engagement, "firing", f"{fortress.name}'s attack craft launch")
    if sd.in_force(fortress.effects, "craft", engagement.turn):
        raise RefereeError(f"{fortress.name} has lost the launch and recovery ability of its attack craft for four turns (special damage 90-91) ({sd.SPECIAL_DAMAGE_RULE})")
    after, lines = fo.launch_craft(fortress, module, count)
    launched = after.module(module)
    first = launched.craft_out - count + 1
    craft = [Ship(f"{fortress.name} {launched.name} SF {n}", fortress.side, "SF", "SF") for n in range(first, launched.craft_out + 1)]
    for ship in craft:
        if ship.name.casefold() in engagement.names():
            raise RefereeError(f"{ship.name!r} is taken in {engagement.name}: rename that ship first")
    lines.append(f"in the fight as starfighters: {', '.join(s.name for s in craft)}")
    engagement = engagement.rebuilt(after)._replace(ships=engagement.ships + tuple(craft))
    return done(engagement, engagement.entry("; ".join(lines), rule=fo.CRAFT_RULE))


def assault(engagement: Engagement, name: str, module: str, count: int) -> Done:
    """Attack craft assault a module: no more than 12 on one module in a turn."""
    fortress = _pruned(engagement, engagement.fortress(name))
    engagement = _step(engagement, "firing", f"an assault on {fortress.name}")
    after, lines = fo.assault(fortress, module, count)
    return done(engagement.rebuilt(after), engagement.entry("; ".join(lines), rule=fo.CRAFT_RULE))


def hold(engagement: Engagement, name: str, count: int, beam_pu: int | None = None) -> Done:
    """CapTacs held in place around the fortress by its tractor beam (two at most); the beam's PU a turn as the referee enters it."""
    fortress = engagement.fortress(name)
    engagement = _step(engagement, "firing", f"{fortress.name}'s taking CapTacs into its tractor beam", begins=False)
    after, lines = fo.hold(fortress, count, beam_pu)
    return done(engagement.rebuilt(after), engagement.entry("; ".join(lines), rule=fo.CAPTAC_RULE))


def release(engagement: Engagement, name: str, count: int, where: str = "") -> Done:
    """CapTacs the tractor beam lets go to drift: any friendly ship within 30 inches may activate them later."""
    fortress = engagement.fortress(name)
    engagement = _step(engagement, "firing", f"{fortress.name}'s release of CapTacs", begins=False)
    after = fo.let_go(fortress, count)
    drifting = engagement.drifting + (Drift(fortress.side, count, where or f"released by {fortress.name} in turn {engagement.turn}"),)
    engagement = engagement.rebuilt(after)._replace(drifting=drifting)
    text = f'{fortress.name} releases {count} CapTac{"s" if count > 1 else ""} to drift: a friendly ship within 30" may activate them; {after.captacs} held'
    return done(engagement, engagement.entry(text, rule=fo.CAPTAC_RULE))


def fire_captac(engagement: Engagement, sfw: Tables, name: str, target: str, hit_it: bool, range_inches: int, modules: Sequence[tuple[str, int]] = ()) -> Done:
    """A CapTac held by the fortress fired at a target within 18 inches (the Firing Table at speed
    5, as the referee enters it): a hit is 40 PU and a Special Damage roll, whatever the damage."""
    from referee.starfleet_wars import combat

    fortress = engagement.fortress(name)
    engagement = _step(engagement, "firing", f"{fortress.name}'s CapTac")
    if range_inches > combat.CAPTAC_RANGE or range_inches < 0:
        raise RefereeError(f"a CapTac's range is {combat.CAPTAC_RANGE} inches: {range_inches} is out of range ({fo.CAPTAC_RULE})")
    if fortress.destroyed or fo.knocked_out(fortress):
        raise RefereeError(f"{fortress.name} is {'destroyed' if fortress.destroyed else 'knocked out of action (no LSS)'}: it fires nothing")
    after = fo.let_go(fortress, 1)._replace(captacs_launched=fortress.captacs_launched + 1)
    if engagement.is_fortress(target):
        side = engagement.fortress(target).side
    else:
        struck = engagement.ship(target)
        side = struck.side
        if modules:
            raise RefereeError(f"{struck.name} is a ship: leave out --module")
    if side == fortress.side:
        raise RefereeError(f"{target} is on {fortress.name}'s side")
    said = f"{fortress.name}'s CapTac fires at {target} at {range_inches}\": {'a hit' if hit_it else 'a miss'} (the Firing Table at speed 5)"
    said += f"; no CM left: {fortress.name} adds {fo.NO_CM_PENALTY} to its firing die rolls" if fo.no_cm(fortress) else ""
    line = engagement.entry(f"{said}; {after.captacs} held", rule=fo.CAPTAC_RULE)
    engagement = engagement.rebuilt(after).logged(line)
    if not hit_it:
        return Done(engagement, (line,))
    if engagement.is_fortress(target):
        if not modules:
            raise RefereeError(f"{target} is a starfortress: its defender allocates the CapTac's 40 PU among modules (--module NAME=PU)")
        struck_fortress = hit(engagement, sfw, target, modules, None, "captac", 1)
    else:
        struck_fortress = combat.hit(engagement, sfw, target, "captac", 1)
    return Done(struck_fortress.state, (line, *struck_fortress.entries))


def shoot_down(engagement: Engagement, sfw: Tables, name: str, modules: Sequence[tuple[str, int]]) -> Done:
    """A CapTac held by the fortress destroyed by one CIDS or light laser hit: the tractor beam
    generators blown out, 25 PU of damage, which the defender allocates among the modules."""
    from referee.starfleet_wars import combat

    fortress = engagement.fortress(name)
    engagement = _step(engagement, "firing", "a CapTac shot down")
    if fortress.captacs_launched:
        raise RefereeError(f"{fortress.name} launched a CapTac this turn already: CIDS and starfighters fire on its CapTacs before they are launched ({combat.BEFORE_LAUNCH_RULE})")
    after = fo.let_go(fortress, 1)
    pu = combat.captac_figure(sfw, "destroyed_in_tow_pu")
    if sum(n for _, n in modules) != pu:
        raise RefereeError(f"a CapTac destroyed in {fortress.name}'s tractor beam causes {pu} PU of damage: allocate exactly that among its modules (--module NAME=PU)")
    damaged, lines = fo.hit(after, modules)
    text = "; ".join([f"a CapTac held by {fortress.name} is destroyed: the tractor beam generators blown out, {pu} PU of damage", *lines, f"{damaged.captacs} held"])
    return done(engagement.rebuilt(damaged), engagement.entry(text, rule=fo.CAPTAC_RULE))
