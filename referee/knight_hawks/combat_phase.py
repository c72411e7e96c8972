"""The combat phase of a battle: shots between rosters, fire damage, and ships destroyed.

:func:`shoot` takes what the referee reports (range, head-on, ICMs launched and by which ships,
evasion, gunnery) and reads the rest from the rosters: the target's defenses in use, the firer's
masking screen, combat control and fires. It enforces the book's restrictions and spends the
ammunition (Rate of Fire; Weapon Restrictions; Space Stations; Fighters):

- MPO weapons (torpedos, assault rockets) only in the owner's combat phase - the moving side's;
- one torpedo, one assault rocket and one rocket battery per ship per turn;
- LTD ammunition is marked off as it is used, even on a shot wasted on a target destroyed by this
  combat phase's shots; a ship destroyed before them cannot be aimed at (Aiming Weapons);
- a fire started in a combat step is first rolled at the start of the opponent's next (Electrical Fire);
- a docked ship fires no forward-firing weapons, torpedos or ICMs;
- fighters and assault scouts docked at a station (or aboard a carrier) cannot be attacked;
- Basic Game: ICMs defend only the ship that launches them; Advanced Game: any ship in its hex;
- each ship attacked, hit or missed, is marked for the game turn: a station or carrier attacked
  rearms none of its fighters that turn (Fighters; referee.knight_hawks.rearm).

:func:`settle` applies the Space Stations rule when a ship is destroyed: each ship docked at a
destroyed station takes half the station's original hull points, and a ship destroyed while
docked gives its station half of its own (an odd number rounded up, as the book's other halves).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee.dice import Roll
from referee.errors import RefereeError
from referee.knight_hawks import scenarios
from referee.knight_hawks.attack import CAMPAIGN_BASIC_RULE, Attack, Damage, Rolled, attack, damage, hull_rule
from referee.knight_hawks.battle import SEQUENCE_RULE, Battle, Entry, Loss
from referee.knight_hawks.combat import MANUAL, Shot, combat_table, restrictions
from referee.knight_hawks.inputs import Refusal
from referee.knight_hawks.rearm import mark_attacked
from referee.knight_hawks.roster import FIRES, Ship, System
from referee.tables import Tables

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

ONCE_A_TURN = frozenset({"T", "AR", "RB"})
WASTED_RULE = f"{MANUAL}, Combat: Aiming Weapons (wasted shots)"
FIRE_RULE = f"{MANUAL}, Advanced Game: Damage, Electrical Fire"
SMALL_CRAFT = ("fighter", "assault scout")  # evade torpedoes; cannot be attacked while docked


class Report(NamedTuple):
    """What the referee reports from the map for one shot."""

    range: int | None = None
    head_on: bool = False
    icms: tuple[tuple[str, int], ...] = ()  # (ship launching, how many)
    evading: bool = False
    gunnery: bool = False


class Done(NamedTuple):
    """A step of the combat phase: the attack (None for a wasted shot or fire damage), the battle after, its log lines."""

    attack: Attack | None
    battle: Battle
    entries: tuple[Entry, ...]

    @property
    def state(self) -> Battle:
        """The battle after the step (what a journal keeps)."""
        return self.battle


def shoot(
    battle: Battle,
    kh: Tables,
    rng: random.Random,
    firer_name: str,
    weapon: str,
    target_name: str,
    report: Report = Report(),
    rolled: Rolled = Rolled(),
) -> Done:
    """One shot from one ship's weapon at another ship, applied to both rosters and logged."""
    if battle.step != "turn":
        raise Refusal("this is the repair turn: no shooting until the next game turn ({next})")
    firer, target = battle.ship(firer_name), battle.ship(target_name)
    line, name = _weapon_line(battle, kh, firer, weapon)
    flags = restrictions(kh, battle.game, name)
    _may_fire(battle, firer, target, line, name, flags)
    spent = _spend(firer, line)
    if target.destroyed:
        _aimed_before_it_died(battle, target)
        battle = battle.with_ships([spent])
        text = f"{firer.name} fires its {name} at the {target.name}, destroyed by this combat phase's shots: a wasted shot, aimed before it died"
        return noted(battle, text + (f"; {line.code} marked off" if line.limited else ""), rule=WASTED_RULE)
    shot = aim(battle, firer, name, target, report)
    return strike(battle, kh, rng, shot, target, report.icms, rolled, f"{firer.name} fires its {name} at the {target.name}", [spent], shooting=True)


def aim(battle: Battle, firer: Ship, weapon: str, target: Ship, report: Report) -> Shot:
    """The shot as the rosters and the report make it (the weapon by its Combat Table name): the
    firer's masking screen, combat control and fires; the target's evasion. The target's defenses
    in use and the ICMs launched are read when it is fired (:func:`strike`)."""
    if report.evading and target.ship_class not in SMALL_CRAFT:
        raise RefereeError(f"only fighters and assault scouts take evasive action; the {target.name} is a {target.ship_class}")
    return Shot(
        battle.game,
        weapon,
        (),
        report.range,
        report.head_on,
        0,
        target.mr if report.evading else 0,
        firer.masking_screen_up,
        "combat-control" in firer.damaged,
        "disastrous-fire" in firer.damaged,
        report.gunnery,
    )


def _aimed_before_it_died(battle: Battle, target: Ship) -> None:
    """Aiming Weapons: only weapons announced at a target before it died are fired at it, wasted.

    Shots are announced before the dice are rolled, so a wasted shot is one at a ship destroyed by
    this combat phase's shooting; a ship destroyed earlier - in an earlier half of the turn, by its
    fire, a mine, a seeker or breaking apart before the shots were announced - cannot be aimed at.
    """
    loss = battle.loss(target.name)
    if loss is not None and loss.shooting and (loss.turn, loss.half) == (battle.turn, battle.moving):
        return
    when = f"in turn {loss.turn}, {loss.half}'s half{'' if loss.shooting else ', before the shots were announced'}" if loss else "before this battle's records"
    raise RefereeError(f"the {target.name} was destroyed {when}: no weapon can be aimed at it now; only shots announced at a target before it died are fired as wasted shots ({WASTED_RULE})")


def strike(
    battle: Battle,
    kh: Tables,
    rng: random.Random,
    shot: Shot,
    target: Ship,
    icms: Sequence[tuple[str, int]],
    rolled: Rolled,
    what: str,
    changed: Sequence[Ship] = (),
    shooting: bool = False,
) -> Done:
    """Resolve ``shot`` at ``target``: ICMs launched and marked off, the target's defenses read from its
    roster, the damage applied, the log written, and what follows a destruction (:func:`settle`).
    ``changed`` are other rosters to keep (the firer with its ammunition marked off); ``shooting``:
    a shot of the combat phase (not a mine or a seeker in the movement phase)."""
    battle = battle.with_ships(changed)
    battle.on_map(target, "cannot be attacked")
    battle = mark_attacked(battle, [target.name])  # hit or missed: its fighters are not rearmed this turn (Fighters)
    launchers, count = launch_icms(battle, target, icms)
    battle = battle.with_ships(launchers)
    target = battle.ship(target.name)
    shot = shot._replace(defenses=defenses_in_use(battle, target), icms=count)
    done = attack(shot, kh, rng, target, rolled, battle.damage_table)
    after = done.after or target
    if shot.evading_mr:
        after = after._replace(must_turn=True)
    battle = battle.with_ships([after])
    icm_text = "".join(f"; {n} ICMs from the {s}" for s, n in icms if n)
    rolls: list[Roll | None] = [done.outcome.roll]
    text = f"{what}{icm_text}: {done.chance.total}% to hit, {done.outcome.reading}"
    if done.hit is not None:
        text += "; " + describe(done.hit)
        rolls += [done.hit.damage_roll, done.hit.hull.roll if done.hit.hull else None]
    entry = battle.entry(text, rolls, _rule(done))
    battle, fire = _new_fire(battle.logged(entry), target, after, shooting)
    battle, more = settle(battle, [target.name] if after.destroyed else [], shooting)
    return Done(done, battle, (entry, *fire, *more))


def _new_fire(battle: Battle, before: Ship, after: Ship, shooting: bool) -> tuple[Battle, tuple[Entry, ...]]:
    """Electrical Fire: a fire is rolled "at the start of his opponent's combat step every turn".

    A fire started on a ship of the non-moving side once this combat step is under way (by its
    shooting, or after its fire roll) is neither rolled in it nor holds up its shots: it is marked in
    ``new_fires`` until this half ends, and first rolled at the start of the opponent's next combat
    step. A log line says when a new fire is first rolled.
    """
    if not after.damaged & FIRES or before.damaged & FIRES:
        return battle, ()
    if after.side == battle.moving:
        when = f"at the start of {battle.non_moving}'s combat step, the next half of turn {battle.turn}"
    elif shooting or battle.fires_rolled:
        battle = battle._replace(new_fires=battle.new_fires | {after.name})
        when = f"at the start of {battle.moving}'s next combat step, turn {battle.turn + 1}: it started in this one"
    else:
        when = f"at the start of this combat step ({battle.moving}'s, turn {battle.turn})"
    done = noted(battle, f"the fire aboard the {after.name} is first rolled {when} (kh fires)", rule=f"{FIRE_RULE} ('at the start of his opponent's combat step every turn')")
    return done.battle, done.entries


def describe(hit: Damage) -> str:
    """A hit's damage in one line."""
    parts = []
    if hit.found is not None and hit.damage_roll is not None:
        extra = f" {hit.extra:+d}" if hit.extra else ""
        parts.append(f"Damage Table {hit.damage_roll.total} {hit.dtm:+d} DTM{extra} = {hit.damage_roll.total + hit.dtm + hit.extra}: {hit.found.row['result']}")
    if hit.effect.why:
        parts.append(hit.effect.why)
    if hit.hull is not None:
        parts.append(f"{hit.hull.points} hull points ({hit.hull.reading})")
    if hit.change:
        parts.append(hit.change)
    return "; ".join(parts)


def _rule(done: Attack) -> str:
    rules = [done.chance.parts[0].rule]
    if done.hit is not None:
        rules.append(done.hit.found.citation() if done.hit.found is not None else hull_rule(done.shot.game))
    return "; ".join(rules)


def _weapon_line(battle: Battle, kh: Tables, firer: Ship, weapon: str) -> tuple[System, str]:
    """The firer's roster line for the weapon named, and the Combat Table's name for it."""
    table = combat_table(kh, battle.game)
    name = str(table.row(weapon)["weapon"])
    if name in ("mines", "seeker missile"):
        raise Refusal("mines and seeker missiles are placed, not fired: {placed}")
    for line in firer.weapons:
        if str(table.row(line.code)["weapon"]) == name:
            return line, name
    carried = ", ".join(s.code for s in firer.weapons) or "no weapons"
    raise RefereeError(f"the {firer.name} has no {name} (it carries {carried})")


def _may_fire(battle: Battle, firer: Ship, target: Ship, line: System, name: str, flags: Mapping[str, object]) -> None:
    """Refuse a shot the rules forbid, naming the rule."""
    if firer.destroyed:
        raise RefereeError(f"the {firer.name} is destroyed and cannot fire")
    battle.on_map(firer, "cannot fire")
    battle.on_map(target, "cannot be fired at")
    scenarios.may_fire(battle, firer)
    if firer.side == target.side:
        raise RefereeError(f"the {firer.name} and the {target.name} are both {firer.side}: choose an enemy ship")
    if firer.side == battle.non_moving and fired_this_half(battle, battle.moving):
        raise RefereeError(
            f"the {battle.non_moving} defensive fire is over: {battle.moving} has begun its offensive fire, which follows it "
            f"('The nonmoving player then resolves all of these attacks ... The moving player ... announces which of his ships will shoot', {SEQUENCE_RULE})"
        )
    why = not_ready(battle, firer, line, name, flags, docked=False)
    if why:
        raise RefereeError(why)
    if not battle.fires_rolled and battle.burning:
        raise Refusal(f"roll the fire damage of {', '.join(s.name for s in battle.burning)} first ({{fires}}): the combat phase starts with it")
    if firer.carried_by:
        raise RefereeError(f"the {firer.name} is aboard the {firer.carried_by} and cannot fire")
    why = not_ready(battle, firer, line, name, flags)
    if why:
        raise RefereeError(why)
    if (target.docked_at and target.ship_class in SMALL_CRAFT) or target.carried_by:
        where = target.docked_at or target.carried_by
        raise RefereeError(f"the {target.name} is docked with the {where}: a docked fighter or assault scout cannot be attacked")


def not_ready(battle: Battle, firer: Ship, line: System, name: str, flags: Mapping[str, object], earlier: Sequence[str] = (), docked: bool = True) -> str:
    """Why the firer's weapon cannot fire now, whatever it aims at ("": it can): destroyed, out of
    ammunition, a Moving Player Only weapon out of its owner's phase, fired as often as Rate of Fire
    allows (torpedoes, assault rockets, rocket batteries once a turn; the rest once a half), or a
    forward-firing weapon or torpedo of a docked ship (Space Stations; with ``docked``). ``earlier``:
    the weapon codes of the firer's shots announced before this one in the same volley."""
    if line.state != "working":
        return f"the {firer.name}'s {name} is destroyed (repair it in a repair turn)"
    if line.limited and line.count - earlier.count(line.code) <= 0:
        return f"the {firer.name} has no {name} ammunition left"
    if flags["mpo"] and firer.side != battle.moving:
        return f"the {name} is a Moving Player Only weapon: {firer.side} may fire it only in its own combat phase ({battle.moving} is moving)"
    if line.code in ONCE_A_TURN and (line.code in firer.fired or line.code in earlier):
        return f"the {firer.name} has fired its {name} this turn: each is fired once a turn (Rate of Fire)"
    if line.code not in ONCE_A_TURN and firer.shots.count(line.code) + earlier.count(line.code) >= line.count:
        each = f"its {line.count} {line.code}" if line.count > 1 else f"its {name}"
        return f"the {firer.name} has fired {each} in this half of the turn: a ship fires each weapon in the opponent's phase and in its own (Rate of Fire)"
    if docked and firer.docked_at and (flags["ff"] or line.code == "T"):
        return f"the {firer.name} is docked at the {firer.docked_at}: a docked ship fires no forward-firing weapons or torpedos (Space Stations)"
    return ""


def ready_weapons(battle: Battle, kh: Tables, firer: Ship, earlier: Sequence[str] = ()) -> list[System]:
    """The firer's weapons that may fire now (:func:`not_ready`), mines and seekers aside (they are placed)."""
    table = combat_table(kh, battle.game)
    found = []
    for line in firer.weapons:
        name = str(table.row(line.code)["weapon"])
        if name not in ("mines", "seeker missile") and not not_ready(battle, firer, line, name, restrictions(kh, battle.game, name), earlier):
            found.append(line)
    return found


def fired_this_half(battle: Battle, side: str) -> bool:
    """Whether a ship of the side has fired in this half of the turn (a shot is logged "X fires its
    ..."): the moving side's shots are its offensive fire, which follows the defensive fire (Sequence
    of Play: the non-moving player's attacks, then the moving player's)."""
    fleet = [s.name for s in battle.ships if s.side == side]
    for entry in reversed(battle.log):
        if entry.rule.startswith(SEQUENCE_RULE):
            return False
        if any(entry.text.startswith(f"{name} fires its ") for name in fleet):
            return True
    return False


def movement_begun(battle: Battle) -> str:
    """Why the first steps of the moving side's movement phase are past ("": they are not): screens
    are activated (masking screens announced) and seekers activated and moved before the ships move
    (Sequence of Play: "Player A announces which of his ships are using masking screens ... Player A
    moves each of his ships"; Advanced Game: "activate screens - activate and move seekers - move
    ships in orbit - move other ships"; a seeker is activated "at the beginning of his movement
    phase"). A ship's move recorded (or its leaving the map), or the combat phase begun, ends them."""
    if battle.moved:
        return f"{battle.moving}'s ships have begun to move ({', '.join(sorted(battle.moved))})"
    if battle.fires_rolled or fired_this_half(battle, battle.moving) or fired_this_half(battle, battle.non_moving):
        return f"{battle.moving}'s combat phase has begun"
    return ""


def _spend(ship: Ship, line: System) -> Ship:
    """Mark off one round of LTD ammunition and note the once-a-turn weapons fired."""
    if line.limited:
        ship = ship.with_system(line._replace(count=line.count - 1))
    if line.code in ONCE_A_TURN:
        return ship._replace(fired=ship.fired | {line.code})
    return ship._replace(shots=(*ship.shots, line.code))


def launch_icms(battle: Battle, target: Ship, wanted: Sequence[tuple[str, int]]) -> tuple[list[Ship], int]:
    """The launching ships with their ICMs marked off, and how many were launched in all."""
    launchers: list[Ship] = []
    total = 0
    for name, count in wanted:
        ship = next((s for s in launchers if s.name.casefold() == name.strip().casefold()), None) or battle.ship(name)
        if count < 1:
            raise RefereeError(f"launch 1 or more ICMs, not {count}")
        if battle.game == "basic" and ship.name != target.name:
            raise RefereeError(f"Basic Game: ICMs defend only the ship that launches them, so the {ship.name} cannot defend the {target.name}")
        if ship.side != target.side:
            raise RefereeError(f"the {ship.name} is not on the {target.name}'s side and will not launch ICMs to defend it")
        line = ship.system("ICM")
        if ship.destroyed:
            raise RefereeError(f"the {ship.name} is destroyed and launches nothing")
        battle.on_map(ship, "launches no ICMs")
        if line is None or line.state != "working":
            raise RefereeError(f"the {ship.name} has no working ICMs")
        if ship.docked_at or ship.carried_by:
            raise RefereeError(f"the {ship.name} is docked and cannot fire ICMs (Space Stations)")
        if "power-short-circuit" in ship.damaged:
            raise RefereeError(f"the {ship.name} has a power short circuit: its ICMs do not work until repaired")
        if line.count < count:
            raise RefereeError(f"the {ship.name} has {line.count} ICMs left, not {count}")
        changed = ship.with_system(line._replace(count=line.count - count))
        launchers = [s for s in launchers if s.name != ship.name] + [changed]
        total += count
    return launchers, total


def defenses_in_use(battle: Battle, target: Ship) -> tuple[str, ...]:
    """The target's defenses in use: its reflective hull, its active screen, its masking screen."""
    used = ["RH"] if target.has_intact("RH") else []
    if battle.game == "advanced" and target.active_screen and target.has_intact(target.active_screen):
        used.append(target.active_screen)
    if target.masking_screen_up:
        used.append("MS")
    if not used:
        used = ["RH"] if battle.game == "basic" else ["none"]
    return tuple(used)


def half(points: int) -> int:
    return -(-points // 2)


def settle(battle: Battle, destroyed: Sequence[str], shooting: bool = False) -> tuple[Battle, tuple[Entry, ...]]:
    """Space Stations: the damage that follows a ship or station destroyed with ships docked.

    "If a station is destroyed while ships are docked at it, each docked ship takes points of damage
    equal to one-half of the station's original hull points"; the station is "immediately removed
    from the map" (Ship Damage), so those ships are no longer docked: they can be attacked, launch
    ICMs and fire every weapon again.

    Fighters aboard a destroyed assault carrier are lost with it: the book does not say, and a
    fighter inside a destroyed ship cannot fly out of the wreck (a reading, logged as one).

    Each ship destroyed is recorded (:class:`Loss`) with the turn, the half and ``shooting`` (destroyed
    by this combat phase's shots), for the wasted shots of Aiming Weapons. A destruction that ends the
    battle by its scenario's victory conditions is logged once (referee.knight_hawks.scenarios).
    """
    entries: list[Entry] = []
    queue = list(destroyed)
    rule = f"{MANUAL}, Space Stations (a station or docked ship destroyed); Ship Damage (a destroyed ship is removed from the map)"
    while queue:
        gone = battle.ship(queue.pop(0))
        battle = battle._replace(losses=(*battle.losses, Loss(gone.name, battle.turn, battle.moving, shooting)))
        hits: list[tuple[Ship, int, str]] = [
            (s._replace(docked_at=""), half(gone.hull_start), f"docked at the destroyed {gone.name}: half its {gone.hull_start} original hull points; no longer docked")
            for s in battle.docked_at(gone.name)
        ]
        # fighters aboard a destroyed carrier: the book is silent; read as lost with it
        hits += [(s, s.hull, f"aboard the destroyed {gone.name}: lost with it (a reading)") for s in battle.ships if s.carried_by == gone.name and not s.destroyed]
        if gone.docked_at:
            station = battle.ship(gone.docked_at)
            if not station.destroyed:
                hits.append((station, half(gone.hull_start), f"the {gone.name} was destroyed while docked: half its {gone.hull_start} original hull points"))
        for ship, points, why in hits:
            hull = max(0, ship.hull - points)
            changed = ship._replace(hull=hull)
            battle = battle.with_ships([changed])
            entry = battle.entry(f"the {ship.name} takes {points} hull points ({why}); hull {ship.hull} -> {hull}" + (" - destroyed" if hull == 0 else ""), rule=rule)
            battle = battle.logged(entry)
            entries.append(entry)
            if hull == 0:
                queue.append(ship.name)
    over = scenarios.ended(battle) if destroyed else None
    if over is not None:
        entry = battle.entry(over[0], rule=over[1])
        battle = battle.logged(entry)
        entries.append(entry)
    return battle, tuple(entries)


def fire_damage(battle: Battle, kh: Tables, rng: random.Random, rolled: Mapping[str, Rolled] = {}) -> Done:
    """Fires: at the start of the combat step, each burning ship of the non-moving side rolls damage at +20.

    The player of a burning ship rolls "at the start of his opponent's combat step every turn"
    (Electrical Fire); a fire's hull hit does 1d10. ``rolled`` gives a ship's entered rolls by name.
    """
    if not battle.damage_table:
        raise RefereeError(f"no fire damage in this battle: fires come from the Advanced Game Damage Table, which the campaign's Basic Rules ignore ({CAMPAIGN_BASIC_RULE})")
    if battle.step != "turn":
        raise RefereeError("fires burn in the combat phase, not in the repair turn")
    if battle.fires_rolled:
        raise RefereeError(f"fire damage is already rolled in {battle.moving}'s combat phase of turn {battle.turn}")
    burning = battle.burning
    unknown = [n for n in rolled if n.casefold() not in {s.name.casefold() for s in burning}]
    if unknown:
        on_fire = ", ".join(s.name for s in burning) or "none"
        raise RefereeError(f"rolls given for {', '.join(unknown)}, which is not burning on the non-moving side (burning: {on_fire})")
    entered = {n.casefold(): r for n, r in rolled.items()}
    entries: list[Entry] = []
    rule = f"{MANUAL}, Advanced Game: Damage, Electrical Fire (+20 each turn; hull damage 1d10)"
    for ship in burning:
        hit = damage(kh, battle.game, "fire", "1d10", rng, ship, entered.get(ship.name.casefold(), Rolled()))
        done = take_hit(battle, ship, hit, f"the fire aboard the {ship.name}", rule, shooting=False)
        battle = done.battle
        entries.extend(done.entries)
    if not burning:
        later = f" (a fire started in this combat step is first rolled at the start of {battle.moving}'s next: {', '.join(sorted(battle.new_fires))})" if battle.new_fires else ""
        done = noted(battle, f"no {battle.non_moving} ship is burning{later}", rule=rule)
        battle = done.battle
        entries.extend(done.entries)
    return Done(None, battle._replace(fires_rolled=True), tuple(entries))


def hit_in_battle(
    battle: Battle,
    kh: Tables,
    rng: random.Random,
    name: str,
    weapon: str,
    hull_dice: str,
    rolled: Rolled = Rolled(),
    half: bool = False,
    shooting: bool = True,
) -> Done:
    """The damage of a hit the referee decided at the table, applied to the ship's roster and logged.

    ``shooting``: a hit of the combat phase's shooting (False: a shatter drone's, in the movement phase)."""
    if battle.step != "turn":
        raise Refusal(f"this is the repair turn: no hits until the next game turn ({{next}}); a repair turn 'is not a separate measure of time' ({MANUAL}, Advanced Game: Repairs)")
    ship = battle.ship(name)
    if ship.destroyed:
        raise RefereeError(f"the {ship.name} is already destroyed")
    battle = mark_attacked(battle, [battle.on_map(ship, "takes no hits").name])
    hit = damage(kh, battle.game, weapon, hull_dice, rng, ship, rolled, half=half, damage_table=battle.damage_table)
    rule = hit.found.citation() if hit.found is not None else hull_rule(battle.game)
    article = "an" if weapon[:1] in "aeiou" else "a"
    return take_hit(battle, ship, hit, f"{article} {weapon} hit on the {ship.name}", rule, shooting)


def take_hit(battle: Battle, ship: Ship, hit: Damage, what: str, rule: str, shooting: bool) -> Done:
    """A hit's damage applied to the ship's roster and logged, with what follows if it is destroyed."""
    after = hit.after or ship
    battle = battle.with_ships([after])
    entry = battle.entry(f"{what}: {describe(hit)}", [hit.damage_roll, hit.hull.roll if hit.hull else None], rule)
    battle, fire = _new_fire(battle.logged(entry), ship, after, shooting)
    battle, more = settle(battle, [ship.name] if after.destroyed else [], shooting)
    return Done(None, battle, (entry, *fire, *more))


def noted(battle: Battle, text: str, rolls: Sequence[Roll | None] = (), rule: str = "") -> Done:
    """A step that is one line of the log (a screen up, a hex mined, a navigation roll)."""
    entry = battle.entry(text, rolls, rule)
    return Done(None, battle.logged(entry), (entry,))
