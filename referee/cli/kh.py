"""``referee kh attack | damage | breakup | navigation | repair``: one Knight Hawks step from flags, or in a battle file."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from referee.cli.battles import BattleFile
from referee.cli.files import Seed
from referee.cli.groups import group
from referee.cli.output import AsJson, print_json, print_steps
from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.knight_hawks.attack import Attack, Damage, Rolled
    from referee.knight_hawks.battle import Battle
    from referee.knight_hawks.combat import Game
    from referee.knight_hawks.combat_phase import Done
    from referee.tables import Tables

app = group("Knight Hawks (Basic and Advanced): quick attack, damage, breakup, navigation and repair rolls from flags, or a whole battle kept in a file (kh start SCENARIO FILE).")

DRONE_WORDS = ("drone", "shatter drone")


@app.command("attack")
def attack(
    weapon: Annotated[str, typer.Argument(help="The weapon fired: LC, LB, PB, EB, DC, T, AR, RB, M, S or its name.")],
    firer: Annotated[Optional[str], typer.Option("--from", help="Battle: the ship firing (its roster gives masking screen, combat control and fire).")] = None,
    at: Annotated[Optional[str], typer.Option("--at", help="Battle: the ship fired at (its roster gives its defenses in use).")] = None,
    battle_file: BattleFile = None,
    icm: Annotated[Optional[list[str]], typer.Option("--icm", help="Battle: NAME=N, a ship launching N ICMs against this shot (repeat; Basic Game: only the target).")] = None,
    evading: Annotated[bool, typer.Option("--evading", help="Battle: the target (fighter or assault scout) takes evasive action against the torpedo.")] = False,
    defense: Annotated[Optional[list[str]], typer.Option("--defense", "-d", help="A defense the target has in use (repeat for each): RH, MS, PS, ES, SS, none. Default RH.")] = None,
    range_: Annotated[Optional[int], typer.Option("--range", "-r", help="Range to the target in hexes.")] = None,
    head_on: Annotated[bool, typer.Option("--head-on", help="Forward-firing weapon at a target in the centre row (+10).")] = False,
    icms: Annotated[int, typer.Option("--icms", help="ICMs launched against this shot (battle: by the target).")] = 0,
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
    """Chance to hit with its parts, the roll, hit or miss, and the damage done.

    Quick: from flags alone. In a battle (--from SHIP --at SHIP -b FILE): from the rosters, which
    are updated and saved, with the step in the battle's log.
    """
    import random

    from referee.knight_hawks.attack import Rolled

    rolled = Rolled(roll, damage_roll, hull_roll)
    if firer or at:
        from_rosters = {
            "--defense": defense,
            "--evading-mr": evading_mr,
            "--firer-masked": firer_masked,
            "--combat-control-hit": combat_control_hit,
            "--disastrous-fire": disastrous_fire,
            "--basic": basic,
            "--target": target,
            "--hull": hull,
        }
        given = [flag for flag, value in from_rosters.items() if value]
        if given:
            raise RefereeError(f"in a battle {', '.join(given)} come from the rosters; leave them out")
        if not (firer and at):
            raise RefereeError("in a battle name both ships: --from FIRER --at TARGET")
        battle_attack(battle_file, weapon, firer, at, icm, icms, evading, range_, head_on, gunnery, rolled, seed, as_json)
        return
    if icm or evading:
        raise RefereeError("--icm and --evading are for a battle (--from SHIP --at SHIP); use --icms and --evading-mr")

    from referee import tables
    from referee.knight_hawks.attack import attack as resolve_attack
    from referee.knight_hawks.combat import Shot
    from referee.knight_hawks.roster import build

    game: Game = "basic" if basic else "advanced"
    kh = tables.load(prefix="kh")
    ship = build(kh.get(f"kh.ships-{game}").row(target), f"the {target}", "target", game) if target else None
    if ship is not None and hull is not None:
        ship = ship._replace(hull=hull)
    shot = Shot(game, weapon, tuple(defense or ["reflective hull"]), range_, head_on, icms, evading_mr, firer_masked, combat_control_hit, disastrous_fire, gunnery)
    done = resolve_attack(shot, kh, random.Random(seed), ship, rolled)
    points = done.hit.hull.points if done.hit and done.hit.hull else None
    left = None if hull is None or points is None else max(0, hull - points)
    if as_json:
        print_json(attack_dict(done, hull, left))
        return
    print_attack(done)
    if done.hit and not done.hit.change and hull is not None and left is not None:
        print(f"Hull points: {hull} -> {left}" + (" - destroyed" if left <= 0 else ""))


def battle_attack(
    path: Optional[Path],
    weapon: str,
    firer: str,
    at: str,
    icm: Optional[list[str]],
    icms: int,
    evading: bool,
    range_: Optional[int],
    head_on: bool,
    gunnery: bool,
    rolled: "Rolled",
    seed: Optional[int],
    as_json: bool,
) -> None:
    import random

    from referee.cli import files
    from referee.cli.battles import BATTLE
    from referee.knight_hawks.combat_phase import Report, shoot

    launched = files.counts(icm, "--icm")
    if icms:
        launched.append((at, icms))

    def show(done: "Done") -> None:
        if as_json:
            print_steps(done.entries, True, {"attack": None if done.attack is None else attack_dict(done.attack, None, None)})
            return
        if done.attack is None:
            print_steps(done.entries, False)
            return
        print_attack(done.attack)
        print_steps(done.entries[1:], False)  # what followed: ships destroyed with it

    files.take(path, BATTLE, lambda battle, kh: shoot(battle, kh, random.Random(seed), firer, weapon, at, Report(range_, head_on, tuple(launched), evading, gunnery), rolled), show)


def print_attack(done: "Attack") -> None:
    print(f"Chance to hit: {done.chance.total}%")
    for part in done.chance.parts:
        print(f"  {part.change:+4d}  {part.what}  [{part.rule}]")
    print(f"To hit: {done.outcome.roll.describe()} -> {done.outcome.reading}")
    if done.hit is not None:
        print_damage(done.hit)


def print_damage(hit: "Damage") -> None:
    if hit.found is not None and hit.damage_roll is not None:
        extra = f" {hit.extra:+d}" if hit.extra else ""
        modified = hit.damage_roll.total + hit.dtm + hit.extra
        print(f"Damage Table: {hit.damage_roll.describe()}; {hit.dtm:+d} DTM{extra} = {modified} -> {hit.found.row['result']}")
        print(f"  [{hit.found.citation()}]")
    if hit.effect.why:
        print(f"Read as a hull hit: {hit.effect.why}")
    if hit.hull is not None:
        print(f"Hull damage: {hit.hull.roll.describe()} -> {hit.hull.points} hull points ({hit.hull.reading})")
    if hit.change:
        print(f"Target: {hit.change}")


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
        **damage_dict(done.hit),
        "hull_before": hull,
        "hull_after": left,
        "destroyed": None if left is None else left <= 0,
    }


def damage_dict(hit: "Optional[Damage]") -> dict[str, object]:
    return {
        "damage_roll": None if hit is None or hit.damage_roll is None else hit.damage_roll.to_dict(),
        "damage_table": None if hit is None or hit.found is None else {"dtm": hit.dtm, "extra": hit.extra, **hit.found.to_dict()},
        "effect": None if hit is None else {"kind": hit.effect.kind, "system": hit.effect.system or None, "why": hit.effect.why or None},
        "hull_damage": None if hit is None or hit.hull is None else {"points": hit.hull.points, "roll": hit.hull.roll.to_dict(), "reading": hit.hull.reading},
        "target_change": None if hit is None else hit.change or None,
    }


@app.command("damage")
def damage(
    weapon: Annotated[str, typer.Argument(help="The weapon that hit (LC, T, ...), or fire, or drone for a shatter drone.")],
    at: Annotated[Optional[str], typer.Option("--at", help="Battle: the ship hit; its roster takes the damage.")] = None,
    battle_file: BattleFile = None,
    target: Annotated[Optional[str], typer.Option("--target", "-t", help="Quick: the target's ship class, to apply the result to a full-strength roster.")] = None,
    half: Annotated[bool, typer.Option("--half", help="Half damage on hull hits (a laser into a masking screen, a beam into its screen).")] = False,
    basic: Annotated[bool, typer.Option("--basic", help="Basic Game: every hit is a hull hit (quick only; a battle knows its game).")] = False,
    damage_roll: Annotated[Optional[str], typer.Option("--damage-roll", help="The d100 on the Damage Table, rolled at the table (before the DTM).")] = None,
    hull_roll: Annotated[Optional[str], typer.Option("--hull-roll", help="The hull damage dice total, rolled at the table.")] = None,
    seed: Seed = None,
    as_json: AsJson = False,
) -> None:
    """The damage of a hit decided at the table: the Damage Table roll and its result, or the hull dice."""
    import random

    from referee import tables
    from referee.knight_hawks.attack import Rolled
    from referee.knight_hawks.attack import damage as resolve_damage
    from referee.knight_hawks.roster import build

    rolled = Rolled(None, damage_roll, hull_roll)
    word = weapon.strip().lower()
    if at:
        if target or basic:
            raise RefereeError("in a battle --target and --basic come from the battle; leave them out")
        battle_damage(battle_file, word, at, half, rolled, seed, as_json)
        return
    game: Game = "basic" if basic else "advanced"
    kh = tables.load(prefix="kh")
    name, dice_ = hit_by(kh, game, word)
    ship = build(kh.get(f"kh.ships-{game}").row(target), f"the {target}", "target", game) if target else None
    hit = resolve_damage(kh, game, name, dice_, random.Random(seed), ship, rolled, half=half)
    if as_json:
        print_json({"game": game, "weapon": name, **damage_dict(hit)})
        return
    print_damage(hit)


def hit_by(kh: "Tables", game: "Game", word: str) -> tuple[str, str]:
    """The Damage Table weapon and hull dice of a hit: a weapon, a fire (1d10) or a shatter drone (a torpedo hit, 5d10)."""
    from referee.knight_hawks.combat import combat_table

    if word in ("fire", "electrical fire", "disastrous fire"):
        return "fire", "1d10"
    if word in DRONE_WORDS:
        return "torpedo", "5d10"
    row = combat_table(kh, game).row(word)
    return str(row["weapon"]), str(row["hull_damage"])


def battle_damage(path: Optional[Path], word: str, at: str, half: bool, rolled: "Rolled", seed: Optional[int], as_json: bool) -> None:
    import random

    from referee.cli.battles import take
    from referee.knight_hawks.combat_phase import hit_in_battle

    def step(battle: "Battle", kh: "Tables") -> "Done":
        name, dice_ = hit_by(kh, battle.game, word)
        # a shatter drone goes off at the end of the movement phase; any other hit is the combat phase's shooting
        return hit_in_battle(battle, kh, random.Random(seed), at, name, dice_, rolled, half, shooting=word not in DRONE_WORDS)

    take(path, step, as_json)


@app.command("breakup")
def breakup(
    points: Annotated[int, typer.Option("--points", help="ADF and MR points used this move (acceleration, deceleration, turns).")],
    ship: Annotated[Optional[str], typer.Option("--ship", help="Battle: the ship; its roster gives hull and damage.")] = None,
    battle_file: BattleFile = None,
    hull: Annotated[Optional[int], typer.Option("--hull", help="Quick: the ship's original hull points.")] = None,
    damage: Annotated[Optional[int], typer.Option("--damage", help="Quick: points of hull damage taken so far.")] = None,
    roll: Annotated[Optional[str], typer.Option("--roll", help="The d100 rolled at the table.")] = None,
    seed: Seed = None,
    as_json: AsJson = False,
) -> None:
    """Breaking apart: a ship beyond half its hull points that accelerates, decelerates or turns."""
    import random

    from referee import dice
    from referee.knight_hawks.damage import breakup_chance

    if ship:
        if hull is not None or damage is not None:
            raise RefereeError("in a battle --hull and --damage come from the ship's roster; leave them out")
        from referee.cli.battles import take
        from referee.knight_hawks.movement import breakup as in_battle

        take(battle_file, lambda battle, kh: in_battle(battle, random.Random(seed), ship, points, roll), as_json)
        return
    if hull is None or damage is None:
        raise RefereeError("give --hull and --damage (or --ship NAME in a battle)")
    if roll is not None:
        dice.entered("d100", roll)  # checked even where the chance is 0 and no roll is made
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


@app.command("navigation")
def navigation(
    ship: Annotated[Optional[str], typer.Argument(help="Battle: the ship with a navigation hit.")] = None,
    battle_file: BattleFile = None,
    roll: Annotated[Optional[str], typer.Option("--roll", help="The 1d10 rolled at the table.")] = None,
    seed: Seed = None,
    as_json: AsJson = False,
) -> None:
    """A navigation hit's 1d10 before the ship moves: 1-5 it turns left, 6-10 right."""
    import random

    if ship:
        from referee.cli.battles import take
        from referee.knight_hawks.movement import navigation as in_battle

        take(battle_file, lambda battle, kh: in_battle(battle, kh, random.Random(seed), ship, roll), as_json)
        return
    from referee import dice, tables

    receipt = dice.take("1d10", random.Random(seed), roll, "navigation hit")
    found = tables.load(prefix="kh").get("kh.navigation-hit").look_up([str(receipt.total)])
    if as_json:
        print_json({"roll": receipt.to_dict(), "turn": found.row["result"], "lookup": found.to_dict()})
        return
    print(f"{receipt.describe()} -> turns {found.row['result']} in each hex it enters until its MR is used up  [{found.citation()}]")


@app.command("repair")
def repair(
    ship: Annotated[Optional[str], typer.Argument(help="Battle: the ship repairing.")] = None,
    allot: Annotated[
        Optional[list[str]],
        typer.Option(
            "--allot",
            help="TARGET=POINTS: DCR points on hull, adf, mr, a system (T, LB ...) or fire, combat-control, navigation, damage-control, power-short-circuit (repeat; repeat adf/mr for several points).",
        ),
    ] = None,
    battle_file: BattleFile = None,
    roll: Annotated[Optional[list[str]], typer.Option("--roll", help="The d100 for each repair in order, rolled at the table (repeat).")] = None,
    hull_roll: Annotated[Optional[list[str]], typer.Option("--hull-roll", help="The 1d10 for each successful hull repair, rolled at the table.")] = None,
    seed: Seed = None,
    as_json: AsJson = False,
) -> None:
    """A repair turn's rolls: each repair succeeds at or under its DCR points; 90-00 fails; 99/00 airdock only."""
    import random

    from referee.cli.files import counts
    from referee.knight_hawks.repair import Repair, read_roll

    repairs = [Repair(target, points) for target, points in counts(allot, "--allot")]
    if not repairs:
        raise RefereeError("allot DCR points to at least one repair: --allot hull=30")
    if ship:
        from referee.cli.battles import take
        from referee.knight_hawks.repair import repair_in_battle

        take(battle_file, lambda battle, kh: repair_in_battle(battle, random.Random(seed), ship, repairs, roll or [], hull_roll or []), as_json)
        return
    if hull_roll:
        raise RefereeError("--hull-roll is for a battle; without one, roll the 1d10 for a hull repair at the table")
    from referee import dice

    rng = random.Random(seed)
    rolls = roll or []
    if len(rolls) > len(repairs):
        raise RefereeError(f"{len(rolls)} rolls for {len(repairs)} repairs: one --roll per --allot")
    results = []
    for index, wanted in enumerate(repairs):
        receipt = dice.take("d100", rng, rolls[index] if index < len(rolls) else None, f"repair {wanted.target}")
        results.append((wanted, receipt, read_roll(receipt.total, wanted.points)))
    if as_json:
        print_json([{"target": w.target, "points": w.points, "roll": r.to_dict(), "success": ok, "reading": why} for w, r, (ok, why) in results])
        return
    for wanted, receipt, (_, why) in results:
        print(f"{wanted.target} ({wanted.points} DCR points): {receipt.describe()} -> {why}")
