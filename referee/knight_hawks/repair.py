"""The repair turn, after every three game turns (Advanced Game, Repairs).

The ship's DCR points are allotted among repairs; each repair is rolled on d100 and succeeds on
the points allotted or less. 90 to 00 always fails; 99 or 00 means that damage can be repaired
only at a station airdock, and no further attempt may be made on it (Automatic Failure). A hull
repair restores 1d10 hull points; a drive or steering repair one ADF or MR point (several blocks
may be put on ADF or MR); a repaired fire is out but its damage stays (Fires).

Repair targets: ``hull``, ``adf``, ``mr``, a system code (``T``, ``LB``...), or a damaged
system (``electrical-fire``, ``disastrous-fire``, ``combat-control``, ``navigation``,
``damage-control``, ``power-short-circuit``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee import dice
from referee.dice import Roll
from referee.errors import RefereeError
from referee.knight_hawks.inputs import Refusal
from referee.knight_hawks.roster import DAMAGED_SYSTEMS, Ship

if TYPE_CHECKING:
    import random

    from referee.knight_hawks.battle import Battle
    from referee.knight_hawks.combat_phase import Done

REPAIR_RULE = "Knight Hawks Tactical Operations Manual, Advanced Game: Repairs"
HULL_POINTS = "hull points restored"  # what a successful hull repair's 1d10 is for


class Repair(NamedTuple):
    """DCR points allotted to one repair."""

    target: str
    points: int


class Attempt(NamedTuple):
    repair: Repair
    roll: Roll | None  # None: not rolled, a 99 or 00 this turn already ruled it out
    success: bool
    airdock_only: bool
    reading: str
    hull_roll: Roll | None = None


def repair_turn(
    ship: Ship,
    repairs: Sequence[Repair],
    rng: random.Random,
    rolled: Sequence[str | None] = (),
    hull_rolled: Sequence[str | None] = (),
) -> tuple[Ship, list[Attempt]]:
    """Roll every repair in order (or take the rolls made at the table) and repair the roster."""
    wanted = [Repair(_target(r.target), r.points) for r in repairs]
    _check(ship, wanted)
    if len(rolled) > len(wanted):
        raise RefereeError(f"{len(rolled)} rolls for {len(wanted)} repairs: one roll per repair")
    for expression, values in (("d100", rolled), ("1d10", hull_rolled)):  # each checked, needed or not
        for value in values:
            if value is not None:
                dice.entered(expression, value)
    attempts: list[Attempt] = []
    hull_rolls = iter(hull_rolled)
    for index, repair in enumerate(wanted):
        entered = rolled[index] if index < len(rolled) else None
        if repair.target in ship.airdock_only:
            attempts.append(Attempt(repair, None, False, True, "not rolled: a 99 or 00 this turn left it to a station airdock"))
            continue
        roll = dice.take("d100", rng, entered, f"repair {repair.target} ({repair.points} DCR points)")
        success, reading = read_roll(roll.total, repair.points)
        if roll.total >= 99:
            ship = ship._replace(airdock_only=ship.airdock_only | {repair.target})
            attempts.append(Attempt(repair, roll, False, True, reading))
        elif not success:
            attempts.append(Attempt(repair, roll, False, False, reading))
        else:
            hull_roll = None
            if repair.target == "hull":
                hull_roll = dice.take("1d10", rng, next(hull_rolls, None), HULL_POINTS)
            ship, change = _repaired(ship, repair.target, hull_roll)
            attempts.append(Attempt(repair, roll, True, False, f"{reading}: {change}", hull_roll))
    return ship, attempts


def read_roll(total: int, points: int) -> tuple[bool, str]:
    """A repair roll read: success at or under the points allotted, except 90 to 00 (Automatic Failure)."""
    if total >= 99:
        return False, f"{total}: 99 or 00, only a station airdock can repair it now (Automatic Failure)"
    if total >= 90:
        return False, f"{total}: 90 to 00 always fails (Automatic Failure)"
    if total > points:
        return False, f"{total} > {points}: still damaged"
    return True, f"{total} <= {points}"


def _target(name: str) -> str:
    """``fire`` is the electrical fire; damaged systems and hull/adf/mr in lower case; codes upper."""
    word = name.strip().lower().replace(" ", "-").replace("_", "-")
    if word == "fire":
        return "electrical-fire"
    return word if word in ("hull", "adf", "mr", *DAMAGED_SYSTEMS) else word.upper()


def _check(ship: Ship, repairs: list[Repair]) -> None:
    """Refuse what cannot be repaired: more points than the DCR, undamaged or airdock-only systems."""
    total = sum(r.points for r in repairs)
    if any(r.points < 1 for r in repairs):
        raise RefereeError("allot at least 1 DCR point to each repair")
    if total > ship.dcr:
        raise RefereeError(f"{total} DCR points allotted; the {ship.name} has {ship.dcr} (Repairs: all of a ship's DCR points, no more)")
    blocks = Counter(r.target for r in repairs)
    for target, count in blocks.items():
        if target in ship.airdock_only:
            raise RefereeError(f"{target} rolled 99 or 00: only a station airdock can repair it now")
        room = _damage_to(ship, target)
        if room == 0:
            raise RefereeError(f"the {ship.name} has no damage to {target} to repair; damaged: {', '.join(damaged_targets(ship)) or 'nothing'}")
        if target in ("adf", "mr") and count > room:
            raise RefereeError(f"{count} blocks on {target.upper()}, but only {room} points are lost (one point a repair)")
        if target not in ("adf", "mr") and count > 1:
            raise RefereeError(f"one repair at a time on {target}; several blocks go only to ADF or MR points")


def _damage_to(ship: Ship, target: str) -> int:
    """How much of ``target`` there is to repair (0: nothing)."""
    if target == "hull":
        return ship.hull_start - ship.hull
    if target == "adf":
        return ship.adf_start - ship.adf
    if target == "mr":
        return ship.mr_start - ship.mr
    if target.islower():
        return 1 if target in ship.damaged else 0
    line = ship.system(target)
    if line is None:
        raise RefereeError(f"the {ship.name} has no {target}; repair hull, adf, mr, a system it has or a damaged system")
    return 1 if line.state == "destroyed" or (not line.limited and line.count < line.start) else 0


def damaged_targets(ship: Ship) -> list[str]:
    candidates = ["hull", "adf", "mr", *sorted(ship.damaged), *(s.code for s in (*ship.weapons, *ship.defenses))]
    return [c for c in candidates if _damage_to(ship, c)]


def restore(ship: Ship, target: str) -> Ship:
    """``target`` completely restored, as a station or construction centre does in a day (no roll)."""
    target = _target(target)
    if _damage_to(ship, target) == 0:
        raise RefereeError(f"the {ship.name} has no damage to {target} to repair; damaged: {', '.join(damaged_targets(ship)) or 'nothing'}")
    ship = ship._replace(airdock_only=ship.airdock_only - {target})
    if target == "hull":
        return ship._replace(hull=ship.hull_start)
    if target == "adf":
        return ship._replace(adf=ship.adf_start)
    if target == "mr":
        return ship._replace(mr=ship.mr_start)
    if target.islower():
        ship = ship._replace(damaged=ship.damaged - {target})
        return ship._replace(dcr=ship.dcr_start) if target == "damage-control" else ship
    line = ship.system(target)
    assert line is not None
    count = line.count if line.limited else line.start
    return ship.with_system(line._replace(state="working", count=count))


def _repaired(ship: Ship, target: str, hull_roll: Roll | None) -> tuple[Ship, str]:
    if target == "hull" and hull_roll is not None:
        hull = min(ship.hull_start, ship.hull + hull_roll.total)
        return ship._replace(hull=hull), f"hull {ship.hull} -> {hull} ({hull_roll.describe()})"
    if target == "adf":
        return ship._replace(adf=ship.adf + 1), f"ADF {ship.adf} -> {ship.adf + 1}"
    if target == "mr":
        return ship._replace(mr=ship.mr + 1), f"MR {ship.mr} -> {ship.mr + 1}"
    if target.islower():
        ship = ship._replace(damaged=ship.damaged - {target})
        if target == "damage-control":
            return ship._replace(dcr=ship.dcr_start), f"damage control repaired: DCR back to {ship.dcr_start}"
        if target.endswith("fire"):
            return ship, f"{target.replace('-', ' ')} put out (its damage stays)"
        return ship, f"{target.replace('-', ' ')} repaired"
    line = ship.system(target)
    assert line is not None
    if line.state == "destroyed":
        fixed = line._replace(state="working")
    else:
        fixed = line._replace(count=line.count + 1)
    return ship.with_system(fixed), f"{target} repaired ({fixed.shown()})"


def repair_in_battle(
    battle: Battle,
    rng: random.Random,
    name: str,
    repairs: Sequence[Repair],
    rolled: Sequence[str | None] = (),
    hull_rolled: Sequence[str | None] = (),
) -> Done:
    """One ship's repairs in the battle's repair turn (once per ship per repair turn), logged."""
    from referee.knight_hawks.attack import CAMPAIGN_BASIC_RULE  # the battle engine: not loaded for a campaign's repairs
    from referee.knight_hawks.combat_phase import Done

    if battle.game != "advanced":
        raise RefereeError("repair turns belong to the Advanced Game")
    if not battle.damage_table:
        raise RefereeError(
            f"no repairs in this battle: the campaign's Basic Rules ignore the repair rule ({CAMPAIGN_BASIC_RULE}); "
            "'If the battle was fought using the Basic Rules, repairs cannot be made until after the battle' (The Second Sathar War, Repair)"
        )
    if battle.step != "repair":
        raise Refusal(f"repairs are made in the repair turn after every third game turn; this is turn {battle.turn} ({{next}})")
    ship = battle.ship(name)
    if ship.destroyed:
        raise RefereeError(f"the {ship.name} is destroyed")
    battle.on_map(ship, "makes no repairs in this battle")
    if ship.name in battle.repaired:
        raise RefereeError(f"the {ship.name} has made its repairs this repair turn")
    after, attempts = repair_turn(ship, repairs, rng, rolled, hull_rolled)

    battle = battle.with_ships([after])._replace(repaired=battle.repaired | {ship.name})
    entries = [battle.entry(f"the {ship.name} repairs {a.repair.target} with {a.repair.points} DCR points: {a.reading}", [a.roll, a.hull_roll], REPAIR_RULE) for a in attempts]
    return Done(None, battle.logged(*entries), tuple(entries))
