"""``referee kh attack | breakup``: resolve one Knight Hawks step from what the map shows."""

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from referee.cli.groups import group
from referee.cli.output import AsJson, print_json

if TYPE_CHECKING:
    from referee.knight_hawks.attack import Attack

app = group("Knight Hawks: resolve an attack or a breaking-apart roll (Basic and Advanced games).")

Seed = Annotated[Optional[int], typer.Option(help="Seed the virtual dice.")]


@app.command("attack")
def attack(
    weapon: Annotated[str, typer.Argument(help="The weapon fired: LC, LB, PB, EB, DC, T, AR, RB, M, S or its name.")],
    defense: Annotated[Optional[list[str]], typer.Option("--defense", "-d", help="A defense the target has in use (repeat for each): RH, MS, PS, ES, SS, none. Default RH.")] = None,
    range_: Annotated[Optional[int], typer.Option("--range", "-r", help="Range to the target in hexes.")] = None,
    head_on: Annotated[bool, typer.Option("--head-on", help="Forward-firing weapon at a target in the centre row (+10).")] = False,
    icms: Annotated[int, typer.Option("--icms", help="ICMs launched against this shot.")] = 0,
    evading_mr: Annotated[int, typer.Option("--evading-mr", help="MR of a fighter or assault scout taking evasive action against a torpedo.")] = 0,
    firer_masked: Annotated[bool, typer.Option("--firer-masked", help="The firer is inside its own masking screen (its lasers shoot as if the target were masked).")] = False,
    combat_control_hit: Annotated[bool, typer.Option("--combat-control-hit", help="The firer's combat control system is hit (-10).")] = False,
    disastrous_fire: Annotated[bool, typer.Option("--disastrous-fire", help="The firer has a disastrous fire (-10).")] = False,
    gunnery: Annotated[bool, typer.Option("--gunnery", help="A character with Gunnery skill fires (the shaded figure).")] = False,
    basic: Annotated[bool, typer.Option("--basic", help="Basic Game tables (default: Advanced).")] = False,
    target: Annotated[Optional[str], typer.Option("--target", "-t", help="The target's ship class (e.g. destroyer): the damage is applied to a full-strength roster of it.")] = None,
    hull: Annotated[Optional[int], typer.Option("--hull", help="The target's hull points now, to show what is left.")] = None,
    roll: Annotated[Optional[str], typer.Option("--roll", help="The d100 to hit, rolled at the table.")] = None,
    damage_roll: Annotated[Optional[str], typer.Option("--damage-roll", help="The d100 on the Damage Table, rolled at the table (before the DTM).")] = None,
    hull_roll: Annotated[Optional[str], typer.Option("--hull-roll", help="The hull damage dice total, rolled at the table.")] = None,
    seed: Seed = None,
    as_json: AsJson = False,
) -> None:
    """Chance to hit with its parts, the roll, hit or miss, and the damage done."""
    import random

    import attrs

    from referee import tables
    from referee.knight_hawks.attack import Rolled
    from referee.knight_hawks.attack import attack as resolve_attack
    from referee.knight_hawks.combat import Shot
    from referee.knight_hawks.roster import build

    game = "basic" if basic else "advanced"
    kh = tables.load(prefix="kh")
    ship = build(kh.get(f"kh.ships-{game}").row(target), f"the {target}", "target", game) if target else None
    if ship is not None and hull is not None:
        ship = attrs.evolve(ship, hull=hull)
    shot = Shot(game, weapon, tuple(defense or ["reflective hull"]), range_, head_on, icms, evading_mr, firer_masked, combat_control_hit, disastrous_fire, gunnery)
    done = resolve_attack(shot, kh, random.Random(seed), ship, Rolled(roll, damage_roll, hull_roll))
    left = None if hull is None or done.hull is None else max(0, hull - done.hull.points)
    if as_json:
        print_json(attack_dict(done, hull, left))
        return
    print_attack(done, hull, left)


def print_attack(done: "Attack", hull: Optional[int], left: Optional[int]) -> None:
    print(f"Chance to hit: {done.chance.total}%")
    for part in done.chance.parts:
        print(f"  {part.change:+4d}  {part.what}  [{part.rule}]")
    print(f"To hit: {done.outcome.roll.describe()} -> {done.outcome.reading}")
    if done.damage is not None and done.damage_roll is not None:
        modified = done.damage_roll.total + done.dtm
        print(f"Damage Table: {done.damage_roll.describe()}; {done.dtm:+d} DTM = {modified} -> {done.damage.row['result']}")
        print(f"  [{done.damage.citation()}]")
    if done.effect is not None and done.effect.why:
        print(f"Read as a hull hit: {done.effect.why}")
    if done.hull is not None:
        print(f"Hull damage: {done.hull.roll.describe()} -> {done.hull.points} hull points ({done.hull.reading})")
    if done.change:
        print(f"Target: {done.change}")
    elif hull is not None and left is not None:
        print(f"Hull points: {hull} -> {left}" + (" - destroyed" if left <= 0 else ""))


def attack_dict(done: "Attack", hull: Optional[int], left: Optional[int]) -> dict[str, object]:
    return {
        "game": done.shot.game,
        "weapon": done.chance.weapon["weapon"],
        "defense": done.chance.defense,
        "chance": done.chance.total,
        "parts": [{"change": p.change, "what": p.what, "rule": p.rule} for p in done.chance.parts],
        "to_hit": done.outcome.roll.to_dict(),
        "hit": done.outcome.hit,
        "reading": done.outcome.reading,
        "damage_roll": None if done.damage_roll is None else done.damage_roll.to_dict(),
        "damage_table": None if done.damage is None else {"dtm": done.dtm, **done.damage.to_dict()},
        "effect": None if done.effect is None else {"kind": done.effect.kind, "system": done.effect.system or None, "why": done.effect.why or None},
        "hull_damage": None if done.hull is None else {"points": done.hull.points, "roll": done.hull.roll.to_dict(), "reading": done.hull.reading},
        "target_change": done.change or None,
        "hull_before": hull,
        "hull_after": left,
        "destroyed": None if left is None else left <= 0,
    }


@app.command("breakup")
def breakup(
    hull: Annotated[int, typer.Option("--hull", help="The ship's original hull points.")],
    damage: Annotated[int, typer.Option("--damage", help="Points of hull damage taken so far.")],
    points: Annotated[int, typer.Option("--points", help="ADF and MR points used this move (acceleration, deceleration, turns).")],
    roll: Annotated[Optional[str], typer.Option("--roll", help="The d100 rolled at the table.")] = None,
    seed: Seed = None,
    as_json: AsJson = False,
) -> None:
    """Breaking apart: a ship beyond half its hull points that accelerates, decelerates or turns."""
    import random

    from referee import dice
    from referee.knight_hawks.damage import breakup_chance

    chance = breakup_chance(hull, damage, points)
    receipt = None
    if chance.chance > 0:
        receipt = dice.take("d100", random.Random(seed), roll, "breaking apart")
    destroyed = receipt is not None and receipt.total <= chance.chance
    rule = "Knight Hawks Tactical Operations Manual, Advanced Game: Damage, Hull Hits"
    if as_json:
        print_json({"chance": chance.chance, "reading": chance.reading, "roll": receipt.to_dict() if receipt else None, "destroyed": destroyed, "rule": rule})
        return
    print(f"Chance of breaking apart: {chance.reading}  [{rule}]")
    if receipt is not None:
        print(f"{receipt.describe()} -> {'breaks apart: destroyed' if destroyed else 'holds together'}")
