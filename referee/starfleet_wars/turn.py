"""The turn of a Starfleet Wars engagement: ships joining it, each ship's power allocation, the
special damage rolls (step 9 of the Outline of Tactical Play), damage control (step 10), and the
next turn - refused while a special damage roll is owed.

Every action within a turn keeps the book's order (:func:`at`): power allocated first (the totals
"are your factors used to engage your opponent's ship for that turn"), then the firing phase (shots,
hits, CapTacs; CIDS and starfighters fire on CapTacs before they are launched), then step 9, the
Special Damage rolls ("before the repair phase"), then step 10, the repair phase. An action of an
earlier step, once a later one began, is refused naming both steps and the rule; it waits for the
next turn. Movement (between allocation and firing) is the table's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from referee import dice
from referee.errors import RefereeError
from referee.starfleet_wars import damage_control as dc
from referee.starfleet_wars import special_damage as sd
from referee.starfleet_wars.engagement import OUTLINE_RULE, STEPS, Done, Engagement, Entered, done
from referee.starfleet_wars.power import POWER_RULE, Allocation, why_not
from referee.starfleet_wars.ships import CRAFT_SPEED, FORTRESS_MAD_RULE, SGD_RULE, Ship, factors, new_ship
from referee.tables import Tables

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

PERCENTILE = dice.ZERO_PERCENTILE

# each step of the turn: what it is called, and the sentence that puts it in its place
STEP_TITLES = {
    "allocation": "power allocation, the turn's first step",
    "movement": "movement, between power allocation and the firing phase",
    "firing": "the firing phase",
    "special damage": "step 9, the Special Damage rolls",
    "repair": "step 10, the repair phase",
}
STEP_RULES = {
    "allocation": f"{SGD_RULE}: 'calculate your factors for offense, defense and speed ... These totals are your factors used to engage your opponent's ship for that turn'",
    "movement": "Starfleet Wars supplement, Starbomber Example of Play: the Pirahna 'devotes 4 to speed (2 speed factors)'; then 'The range between the Pirahna and the Sting has opened to 19\"' and 'The Starbomber fires'",
    "firing": "Starfleet Wars supplement, CapTacs: 'he may fire the CapTac during the firing phase of his turn'",
    "special damage": f"{sd.SPECIAL_DAMAGE_RULE}: 'The Special Damage die roll takes place before the repair phase or as step 9 in the Outline of Tactical Play'",
    "repair": "Starfleet Wars supplement, Damage Control Rules: 'The repair phase is conducted as step 10 in the Outline of Tactical Play'",
}


def at(engagement: Engagement, step: str, action: str) -> Engagement:
    """The engagement at ``step`` for ``action``: refused once a later step of this turn began
    (the action waits for the next turn); a later step than the turn's begins it."""
    not_after(engagement, step, action)
    return engagement._replace(step=step) if STEPS.index(step) > STEPS.index(engagement.step) else engagement


def not_after(engagement: Engagement, step: str, action: str) -> None:
    """Refuse ``action``, of ``step``, once a later step of this turn began."""
    if STEPS.index(step) < STEPS.index(engagement.step):
        raise RefereeError(
            f"{action} belongs to {STEP_TITLES[step]}, and turn {engagement.turn} is at {STEP_TITLES[engagement.step]} already"
            f" ({STEP_RULES[step]}; {STEP_RULES[engagement.step]}): it waits for turn {engagement.turn + 1} (referee sfw next)"
        )


def add(engagement: Engagement, sfw: Tables, name: str, side: str, ship_class: str, values: Mapping[str, int | str] = {}) -> Done:
    """A ship joins: its figures from the Data Table (or the Starbomber, SAPS tables), the unknown
    cells from ``values`` or from what the referee entered before for the class."""
    from referee import strict

    strict.name(name, "the ship's name")
    if name.strip().casefold() in engagement.names():
        raise RefereeError(f"{name!r} is taken in {engagement.name}: give the ship another name")
    sides = {s.casefold(): s for s in engagement.sides}
    if side.strip().casefold() not in sides:
        raise RefereeError(f"side {side!r} is not in {engagement.name}; the sides are {', '.join(engagement.sides)}")
    known = {**engagement.values_for(ship_class), **values}
    ship = new_ship(sfw, name.strip(), sides[side.strip().casefold()], ship_class, known)
    kept = {(e.ship_class.casefold(), e.key) for e in engagement.entered}
    new = tuple(Entered(ship.ship_class, k, v) for k, v in values.items() if (ship.ship_class.casefold(), k) not in kept)
    engagement = engagement._replace(ships=engagement.ships + (ship,), entered=engagement.entered + new)
    said = f"; entered from the book: {', '.join(f'{e.key} {e.value}' for e in new)}" if new else ""
    return done(engagement, engagement.entry(f"{ship.name} ({ship.ship_class}, {ship.type}, {ship.side}) joins: {figures(ship)}{said}", rule="Starfleet Wars supplement, Data Table"))


def figures(ship: Ship) -> str:
    if ship.craft:
        parts = [f"light lasers {ship.light_lasers}"] if ship.light_lasers else []
        parts += [f"particle weapons {ship.launchers} a turn, {ship.reloads} on board"] if ship.launchers else []
        return ", ".join(parts) or "destroyed by one hit"
    parts = [f"{ship.power_units} PU", f"max OF {ship.max_off}", f"max DF {ship.max_def}"]
    parts += [f"additional OF {ship.addl_off}, DF {ship.addl_def}"] if ship.addl_off or ship.addl_def else []
    parts += [f"particle weapons {ship.launchers} a turn, {ship.reloads} on board"] if ship.launchers or ship.reloads else []
    parts += [f"unknown: {', '.join(ship.unknown)}"] if ship.unknown else []
    return ", ".join(parts)


TRACTOR_RULE = "Starfleet Wars supplement, CapTacs: 'This allows a ship to release her CapTacs and utilize her power units for lasers, shields and speed rather than the tractor beam'"
RELOAD_RULE = "Starfleet Wars supplement, Starbomber Example of Play: the Pirahna spends 9 of its 10 PU: 'There are not enough power units left to reload the particle weapons'"


def allocate(engagement: Engagement, name: str, allocation: Allocation, tractor: int | None = None, reload: int = 0) -> Done:
    """A ship's division of its power units for this turn (given again, it replaces the last):
    speed, offensive and defensive factors, and the power units its tractor beam uses (``tractor``)
    and its reloading of particle weapons (``reload``), as the referee enters them from the base
    rulebook (the supplement gives neither figure, only that both cost power units; ``tractor`` None:
    not given, 0: the referee's rulebook charges none)."""
    ship = engagement.ship(name)
    if ship.destroyed:
        raise RefereeError(f"{ship.name} is out of the fight ({ship.destroyed})")
    if ship.craft:
        raise RefereeError(f"{ship.name} is a {ship.type}: it has no power units to allocate (it travels up to speed {CRAFT_SPEED} and is destroyed by hits)")
    engagement = at(engagement, "allocation", f"{ship.name}'s power allocation")
    if ship.type == "MAD" and allocation.speed:
        raise RefereeError(f"{ship.name} is a MAD: it spends no power units on movement (it may only move to an adjacent module): speed 0 ({FORTRESS_MAD_RULE})")
    for what, value in (("--tractor", tractor or 0), ("--reload", reload)):
        if value < 0:
            raise RefereeError(f"{what} is the power units spent, 0 or more, not {value}")
    if ship.captacs and tractor is None:
        raise RefereeError(
            f"{ship.name} tows {ship.captacs} CapTac{'s' if ship.captacs > 1 else ''}: its tractor beam uses power units this turn; give them with --tractor PU"
            f" (the base rulebook's cost: the supplement gives no figure; 0 if your rulebook charges none) ({TRACTOR_RULE})"
        )
    tractor = tractor or 0
    if tractor and not ship.captacs:
        raise RefereeError(f"{ship.name} tows no CapTacs: leave out --tractor (take CapTacs in tow first: referee sfw captac tow)")
    if reload and not (ship.launchers and ship.reloads):
        raise RefereeError(f"{ship.name} has no particle weapons on board to reload: leave out --reload")
    why = why_not(allocation, ship.available - tractor - reload, ship.max_off, ship.max_def, ship.max_speed())
    if why:
        too_fast = "is above the most allowed" in why
        limit = f" (a super galactic dreadnought travels at speed 5 at most: {SGD_RULE})" if too_fast and ship.type == "SGD" else ""
        limit += " (towing CapTacs: speed 2 at most)" if too_fast and ship.captacs else ""
        limit += f" once {tractor + reload} PU go to {_extras(tractor, reload)} ({RELOAD_RULE if reload else TRACTOR_RULE})" if why.endswith("available") and (tractor or reload) else ""
        raise RefereeError(f"{ship.name}: {why}{limit}")
    before = ship.allocation
    ship = ship._replace(allocation=allocation, tractor=tractor, reload=reload)
    now = factors(ship, engagement.turn)
    seen = factors(ship._replace(effects=(), offensive_lost=False, defensive_lost=False), engagement.turn)  # as the opponent reckons them
    extras = f", + {_extras(tractor, reload, costs=True)} = {ship.spent} PU" if tractor or reload else ""
    text = f"{ship.name} allocates {allocation.shown()}{extras} of {ship.available} ({ship.available - ship.spent} left): speed {seen.speed}, OF {seen.offensive}, DF {seen.defensive}"
    text += f" (instead of {before.shown()})" if before is not None else ""
    text += "".join(f"; {n}" for n in seen.notes)
    if reload:
        text += "; its particle weapons reloaded"
    entries = [engagement.entry(text, rule=POWER_RULE if not (tractor or reload) else f"{POWER_RULE}; {RELOAD_RULE if reload else TRACTOR_RULE}")]
    if now != seen:
        # special damage (and lost factors) are the side's secret: "do not let your opponent know"
        secret = f"{ship.name} fights with speed {now.speed}, OF {now.offensive}, DF {now.defensive}: " + "; ".join(n for n in now.notes if n not in seen.notes)
        entries.append(engagement.entry(secret, rule=sd.SPECIAL_DAMAGE_RULE, secret=ship.side))
    return done(engagement.replaced(ship), *entries)


def _extras(tractor: int, reload: int, costs: bool = False) -> str:
    parts = [f"tractor beam{f' {tractor} PU' if costs else ''}"] if tractor else []
    parts += [f"reloading{f' {reload} PU' if costs else ''}"] if reload else []
    return " and ".join(parts) if not costs else " + ".join(parts)


def owes_special(ship: Ship) -> str:
    """Why a ship owes a special damage roll now ("" if it does not)."""
    if ship.destroyed or not ship.power_units:
        return ""
    if ship.special_due:
        return f"{ship.special_due} for CapTac hits"
    if not ship.special_rolled and sd.over_threshold(ship.lost, ship.power_units):
        return f"{ship.lost} of {ship.power_units} PU lost ({sd.percent(ship.lost, ship.power_units)}), more than 20%"
    return ""


def special_damage(engagement: Engagement, sfw: Tables, name: str, rng: random.Random, rolled: int | str | None = None) -> Done:
    """A ship's special damage roll, 00-99, in secret: its result in force from the next turn."""
    if not engagement.special_damage:
        raise RefereeError(f"{engagement.name} is played without the Special Damage rule (an optional rule: Introduction)")
    ship = engagement.ship(name)
    why = owes_special(ship)
    if why and ship.special_due:  # a CapTac hit's roll goes with the hit, in the firing phase or at step 9
        not_after(engagement, "special damage", f"{ship.name}'s special damage roll")
    elif why:
        engagement = at(engagement, "special damage", f"{ship.name}'s special damage roll")
    if not why:
        state = (
            "out of the fight"
            if ship.destroyed
            else "has rolled this turn"
            if ship.special_rolled
            else f"has lost {ship.lost} of {ship.power_units} PU ({sd.percent(ship.lost, ship.power_units)}): only more than 20% calls for a roll"
        )
        raise RefereeError(f"{ship.name} owes no special damage roll: it {state} ({sd.THRESHOLD_RULE})")
    roll = dice.take(PERCENTILE, rng, rolled, f"{ship.name}'s special damage ({why})")
    words, how = sd.result_text(sfw, roll.total)
    new = sd.effect(roll.total, engagement.turn)
    if ship.special_due:
        ship = ship._replace(special_due=ship.special_due - 1)
    else:
        ship = ship._replace(special_rolled=True)
    text = f"{ship.name} rolls special damage ({why}): {roll.total} - {words} ({how})"
    if sd.kind_of(roll.total) == "reactors":
        ship = ship._replace(destroyed="blew up: reactors went critical (special damage 99)", special_due=0)
    elif new is not None:
        ship = ship._replace(effects=ship.effects + (new,))
        text += f"; from turn {engagement.turn + 1}"
        if new.kind == "offensive":
            text += f". Note: {sd.EXAMPLE_86}"
        elif sd.OUTCOMES[new.kind].enforced:
            text += f"; {sd.enforced(new)}"
    entry = engagement.entry(text, [roll], sd.SPECIAL_DAMAGE_RULE, secret=ship.side)
    return done(engagement.replaced(ship), entry)


FORTRESS_REPAIRS_RULE = (
    "Starfleet Wars supplement, Special Damage Table, note: 'Starfortresses may repair other ships as outlined in the Starfortress rules in addition to repairing themselves with DCT'"
)


def damage_control(engagement: Engagement, sfw: Tables, name: str, column: str, rng: random.Random, rolled: int | str | None = None, effect: str = "", by: str = "") -> Done:
    """One damage control team's attempt (step 10), rolled 00-99 on Table #2 in the declared column.
    A declaration that cannot help is said in the log line (the team still tries: its roll may go wrong).
    ``by`` a starfortress (repairing another ship) is refused: the Starfortress rules the supplement
    points to give no procedure for it."""
    if not engagement.damage_control:
        raise RefereeError(f"{engagement.name} is played without the Damage Control rule (an optional rule: Introduction)")
    if by:
        fortress = engagement.fortress(by)
        raise RefereeError(
            f"{fortress.name} cannot repair {name} here: the supplement's Starfortress rules give no procedure, range or amount for repairing other ships"
            f" ({FORTRESS_REPAIRS_RULE}): the referee applies his book's, if it has one; {name}'s own teams repair it (referee sfw damage-control {name} --column ...)"
        )
    ship = engagement.ship(name)
    if ship.destroyed:
        raise RefereeError(f"{ship.name} is out of the fight ({ship.destroyed})")
    engagement = repair_phase(engagement, f"{ship.name}'s damage control")
    if not dc.row_for(sfw, ship.type).teams:
        raise RefereeError(f"a {ship.type} has no damage control teams ({dc.DAMAGE_CONTROL_RULE}, Table #1)")
    warning = dc.why_no_help(sfw, ship, column, engagement.turn)
    dc.may_try(sfw, ship, column, effect)
    roll = dice.take(PERCENTILE, rng, rolled, f"{ship.name}'s damage control team on {column.replace('_', ' ')}")
    tried = dc.attempt(sfw, ship, column, roll, engagement.turn, effect)
    text = f"{ship.name}'s damage control team tries {column.replace('_', ' ')}: {roll.total} - {tried.text}"
    text += f" (warned: {warning})" if warning else ""
    entry = engagement.entry(text, [roll], f"{dc.DAMAGE_CONTROL_RULE}, Table #2", secret=ship.side if column in ("offensive", "defensive", "speed", "turn_reduction") else "")
    return done(engagement.replaced(tried.ship), entry)


def fortress_at(engagement: Engagement, name: str, step: str) -> Engagement:
    """A starfortress's action in its step of the turn (its allocation, a hit on it, its special
    damage roll, its damage control), kept in order as a ship's are."""
    fortress = engagement.fortress(name)
    if step == "special damage" and fortress.special_due:  # a CapTac hit's roll goes with the hit
        not_after(engagement, step, f"{fortress.name}'s special damage roll")
        return engagement
    if step == "repair":
        return repair_phase(engagement, f"{fortress.name}'s damage control")
    words = {"allocation": "power allocation", "firing": "a hit on", "special damage": "special damage roll"}[step]
    return at(engagement, step, f"{words} {fortress.name}" if step == "firing" else f"{fortress.name}'s {words}")


def repair_phase(engagement: Engagement, action: str) -> Engagement:
    """The engagement at step 10 for a damage control attempt: refused while a special damage
    roll of this turn is owed (step 9 comes first: a repair cannot spare this turn's roll)."""
    owed = owing(engagement)
    if owed:
        raise RefereeError(f"{action} is step 10, the repair phase; roll special damage first (step 9) for: {'; '.join(owed)} - referee sfw special-damage NAME ({STEP_RULES['special damage']})")
    return at(engagement, "repair", action)


def owing(engagement: Engagement) -> list[str]:
    """The ships (and fortresses) that still owe a special damage roll this turn."""
    if not engagement.special_damage:
        return []
    found = [f"{s.name} ({owes_special(s)})" for s in engagement.ships if owes_special(s)]
    if not engagement.fortresses:
        return found
    from referee.starfleet_wars import fortress as fo

    found += [f"{f.name} ({f.special_due} for CapTac hits)" for f in engagement.fortresses if f.special_due and not f.destroyed]
    found += [f"{f.name} (more than 20% of its LSS power lost)" for f in engagement.fortresses if fo.owes_special_damage(f) and not f.special_rolled and not f.special_due and not f.destroyed]
    return found


def next_turn(engagement: Engagement) -> Done:
    """The next turn: refused while a special damage roll is owed; this turn's allocations,
    launches, laser shots and damage control attempts cleared; timed special damage that ended said."""
    owed = owing(engagement)
    if owed:
        raise RefereeError(f"roll special damage first (step 9, before the repair phase) for: {'; '.join(owed)} - referee sfw special-damage NAME ({sd.SPECIAL_DAMAGE_RULE})")
    turn = engagement.turn + 1
    entries = []
    ships = []
    for ship in engagement.ships:
        kept, ended = sd.expire(ship.effects, turn)
        reloaded = ship.needs_reload and ship.reload > 0 and not ship.launched
        ships.append(
            ship._replace(
                allocation=None,
                launched=0,
                lasers_fired=0,
                attempts=0,
                special_rolled=False,
                captacs_launched=0,
                tractor=0,
                reload=0,
                needs_reload=ship.needs_reload and not reloaded,
                effects=kept,
            )
        )
        if ended and not ship.destroyed:
            entries.append(engagement.entry(f"{ship.name}'s special damage ends: {', '.join(e.kind for e in ended)}", rule=sd.SPECIAL_DAMAGE_RULE, secret=ship.side))
    fortresses = engagement.fortresses
    if fortresses:
        from referee.starfleet_wars import fortress as fo

        renewed = []
        for fortress in fortresses:
            kept, ended = sd.expire(fortress.effects, turn)
            renewed.append(fo.new_turn(fortress)._replace(effects=kept))
            if ended and not fortress.destroyed:
                entries.append(engagement.entry(f"{fortress.name}'s special damage ends: {', '.join(e.kind for e in ended)}", rule=sd.SPECIAL_DAMAGE_RULE, secret=fortress.side))
        fortresses = tuple(renewed)
    engagement = engagement._replace(turn=turn, step="allocation", ships=tuple(ships), fortresses=fortresses)
    start = engagement.entry(f"Turn {turn} begins: allocate each ship's power units", rule=OUTLINE_RULE)
    return done(engagement, *[e._replace(turn=turn) for e in entries], start)
