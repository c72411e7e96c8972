"""``referee kh`` battle commands: start a scenario, show the rosters and how the battle stands,
step the turn, moves, leaving the map, fires, screens, docking, mines, seekers and shatter drones. Each loads the battle file, takes one step,
saves it atomically and prints the step's log lines with their dice and rules."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from referee.cli import files
from referee.cli.battles import BattleFile, open_battle, take
from referee.cli.files import Seed, counts, dice_for, pairs
from referee.cli.groups import group
from referee.cli.kh import app
from referee.cli.output import AsJson, print_json, print_steps
from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.knight_hawks.attack import Rolled
    from referee.knight_hawks.battle import Battle
    from referee.knight_hawks.roster import Ship

mine_app = group("Mines (Advanced Game): mine a hex in secret; attack the enemy ships that entered it.")
seeker_app = group("Seeker missiles (Advanced Game): place, activate and move, detonate.")
app.add_typer(mine_app, name="mine")
app.add_typer(seeker_app, name="seeker")

Ship_ = Annotated[str, typer.Argument(help="The ship's name as in the battle file (any case).")]


@app.command("scenarios")
def scenarios(as_json: AsJson = False) -> None:
    """The Knight Hawks scenarios shipped with the program."""
    from referee import storage
    from referee.resources import scenario_files

    found = {name: storage.read(path, "scenario") for name, path in scenario_files().items()}
    if as_json:
        print_json([{"scenario": n, "name": d.get("name"), "game": d.get("game"), "source": d.get("source")} for n, d in found.items()])
        return
    for name, data in found.items():
        print(f"{name:18} {data.get('name')} ({data.get('game')} game)  [{data.get('source')}]")


@app.command("start")
def start(
    scenario: Annotated[str, typer.Argument(help="A scenario (see kh scenarios) or a battle file to copy.")],
    path: Annotated[Path, typer.Argument(help="The new battle file.")],
    force: Annotated[bool, typer.Option("--force", help="Replace the file if it exists.")] = False,
    roll: Annotated[Optional[list[str]], typer.Option("--roll", help="SIDE=N: a side's die for side A, rolled at the table (a scenario that rolls for it: close-escort).")] = None,
    seed: Seed = None,
) -> None:
    """Start a battle: copy a scenario into a new battle file, checked, at turn 1 (rolling for side A where the scenario says)."""
    from referee import storage, tables
    from referee.cli.battles import save_battle
    from referee.knight_hawks import battle_file
    from referee.knight_hawks.side_a import roll_for_side_a
    from referee.resources import scenario_files

    known = scenario_files()
    source = known.get(scenario.lower().removeprefix("kh-").removesuffix(".toml")) or Path(scenario)
    if not storage.exists(source):
        raise RefereeError(f"no scenario {scenario!r}; the scenarios are {', '.join(known)} (or give a battle file)")
    if storage.exists(storage.new_file(path)) and not force:
        raise RefereeError(f"{path} exists: choose another name or add --force to replace it")
    kh = tables.load(prefix="kh")
    battle = battle_file.from_dict(storage.read(source, "scenario"), kh, start=True)
    rolls = dict(pairs(roll, "--roll"))
    if rolls and not battle.roll_for_side_a:
        raise RefereeError(f"{battle.name} does not roll for side A ({battle.sides[0]} moves first): leave out --roll")
    rolled = roll_for_side_a(battle, dice_for(seed), rolls) if battle.roll_for_side_a else None
    battle = rolled.battle if rolled else battle
    save_battle(path, battle, kh)
    print(f"{battle.name}: {len(battle.ships)} ships, {battle.game} game; saved to {path}")
    if rolled:
        print_steps(rolled.entries, False)
    print(f"Player A: {battle.sides[0]} (moves first); Player B: {battle.sides[1]}")
    for text in (battle.setup, battle.victory, *battle.special_rules):
        if text:
            print(f"\n{text}")


def roster_line(ship: "Ship", battle: "Battle") -> str:
    gone = battle.escape(ship.name)
    if gone is not None:
        return f"{ship.name} ({ship.ship_class}, {ship.side}): LEFT THE MAP in turn {gone.turn}" + (f", escaping toward {gone.toward}" if gone.toward else "")
    if ship.destroyed:
        loss = battle.loss(ship.name)
        when = f" in turn {loss.turn}, {loss.half}'s half" + (", by its shooting" if loss.shooting else "") if loss else ""
        return f"{ship.name} ({ship.ship_class}, {ship.side}): DESTROYED{when}"
    figures = [f"hull {ship.hull}/{ship.hull_start}", f"ADF {ship.adf}/{ship.adf_start}", f"MR {ship.mr}/{ship.mr_start}"]
    if battle.game == "advanced":
        figures.append(f"DCR {ship.dcr}/{ship.dcr_start}")
    kit = " ".join(s.shown() for s in (*ship.weapons, *ship.defenses))
    status = [f"speed {ship.speed}"] if ship.speed else []
    status += [f"damaged: {', '.join(sorted(ship.damaged))}"] if ship.damaged else []
    status += [f"its fire started in this combat step: first rolled at the start of {battle.moving}'s next"] if ship.name in battle.new_fires else []
    status += ["masking screen up"] if ship.masking_screen_up else []
    status += [f"{ship.active_screen} active"] if ship.active_screen else []
    status += [f"docked at {ship.docked_at}"] if ship.docked_at else []
    status += [f"aboard {ship.carried_by}"] if ship.carried_by else []
    status += [f"fired {', '.join(sorted(ship.fired))} this turn"] if ship.fired else []
    status += ["must turn on its next move (evaded)"] if ship.must_turn else []
    status += ["moved this half"] if ship.name in battle.moved else []
    status += [f"airdock only: {', '.join(sorted(ship.airdock_only))}"] if ship.airdock_only else []
    carried = [s.name for s in battle.ships if s.carried_by == ship.name and not s.destroyed]
    status += [f"carries {', '.join(carried)}"] if carried else []
    return f"{ship.name} ({ship.ship_class}, {ship.side}): {', '.join(figures)}; {kit}" + (f"; {'; '.join(status)}" if status else "")


@app.command("ships")
def ships(
    name: Annotated[Optional[str], typer.Argument(help="One ship (default: all).")] = None,
    battle_file: BattleFile = None,
    secrets: Annotated[bool, files.secrets("Show the mined hexes and seekers too (the referee's eyes only).")] = False,
    as_json: AsJson = False,
) -> None:
    """The rosters: hull, ADF, MR, DCR, weapons and defenses with ammunition, damage and status."""

    from referee.knight_hawks import battle_file as files
    from referee.knight_hawks.scenarios import standing, verdict

    battle, _ = open_battle(battle_file)
    shown = [battle.ship(name)] if name else list(battle.ships)
    over = verdict(battle)
    if as_json:
        data = files.to_dict(battle)
        wanted = {s.name for s in shown}
        print_json(
            {
                "turn": battle.turn,
                "moving": battle.moving,
                "step": battle.step,
                "damage_table": battle.damage_table,
                "ships": [s for s in data["ships"] if s["name"] in wanted],
                "to_move": [s.name for s in battle.to_move],
                "escapes": data.get("escapes", []),
                "standing": standing(battle),
                "verdict": over._asdict() if over else None,
                **({"mines": data["mines"], "seekers": data["seekers"]} if secrets else {}),
            }
        )
        return
    when = "repair turn" if battle.step == "repair" else f"{battle.moving} moving"
    rules = "" if battle.damage_table else " (the campaign's Basic Rules: no Damage Table, every hit a hull hit; no repairs)"
    print(f"{battle.name}, turn {battle.turn}, {when}{rules}")
    print(f"Standing: {standing(battle)}")
    if over is not None:
        print(f"Verdict: {over.shown()}  [{over.rule}]")
    elif battle.step == "turn":
        print("Still to move: " + (", ".join(s.name for s in battle.to_move) or "none"))
    for side in battle.sides:
        mine = [s for s in shown if s.side == side]
        if mine:
            print(f"\n{side}:")
        for ship in mine:
            print(f"  {roster_line(ship, battle)}")
    if secrets:
        print("\nMined hexes: " + (", ".join(f"{m.hex} ({m.side})" for m in battle.mines) or "none"))
        print("Seekers: " + (", ".join(f"{s.hex} ({s.side}, {'active, moved ' + str(s.moved) if s.active else 'not active'})" for s in battle.seekers) or "none"))


@app.command("log")
def log(
    battle_file: BattleFile = None,
    last: Annotated[int, typer.Option("--last", help="Show only the last N lines (0: all).")] = 0,
    as_json: AsJson = False,
) -> None:
    """The battle's log: every step taken, with its dice and the rule or table row used."""
    from referee.knight_hawks.battle_file import entry_dict

    battle, _ = open_battle(battle_file)
    if last < 0:
        raise RefereeError("--last must be 0 (all) or more")
    entries = battle.log[-last:] if last else battle.log
    if as_json:
        print_json([entry_dict(e) for e in entries])
        return
    for entry in entries:
        print(f"[turn {entry.turn}, {entry.side}] {entry.text}")
        for roll in entry.rolls:
            print(f"    dice: {roll}")
        if entry.rule:
            print(f"    [{entry.rule}]")


@app.command("next")
def next_step(battle_file: BattleFile = None, as_json: AsJson = False) -> None:
    """Move on: the other side's half of the turn, the repair turn after every third turn, the next turn."""
    from referee.knight_hawks.battle import advance
    from referee.knight_hawks.combat_phase import Done

    def step(battle: "Battle", kh: object) -> Done:
        after = advance(battle)
        return Done(None, after, after.log[len(battle.log) :])

    take(battle_file, step, as_json)


def entered(values: Optional[list[str]], option: str) -> dict[str, str]:
    return dict(pairs(values, option))


def rolled_by_ship(damage_roll: Optional[list[str]], hull_roll: Optional[list[str]], to_hit: Optional[list[str]] = None) -> dict[str, "Rolled"]:
    """Per-ship rolls made at the table, from NAME=ROLL options."""
    from referee.knight_hawks.attack import Rolled

    hits, damages, hulls = entered(to_hit, "--roll"), entered(damage_roll, "--damage-roll"), entered(hull_roll, "--hull-roll")
    return {n: Rolled(hits.get(n), damages.get(n), hulls.get(n)) for n in {*hits, *damages, *hulls}}


DamageRolls = Annotated[Optional[list[str]], typer.Option("--damage-roll", help="NAME=ROLL: a ship's Damage Table d100 rolled at the table (repeat).")]
HullRolls = Annotated[Optional[list[str]], typer.Option("--hull-roll", help="NAME=ROLL: a ship's hull damage dice rolled at the table (repeat).")]


@app.command("fires")
def fires(
    battle_file: BattleFile = None,
    damage_roll: DamageRolls = None,
    hull_roll: HullRolls = None,
    seed: Seed = None,
    as_json: AsJson = False,
) -> None:
    """Start of the combat phase: each burning ship of the non-moving side rolls damage at +20 (hull 1d10)."""
    from referee.knight_hawks.combat_phase import fire_damage

    by_ship = rolled_by_ship(damage_roll, hull_roll)
    take(battle_file, lambda battle, kh: fire_damage(battle, kh, dice_for(seed), by_ship), as_json)


@app.command("screen")
def screen(
    ship: Ship_,
    battle_file: BattleFile = None,
    masking: Annotated[Optional[bool], typer.Option("--masking/--masking-off", help="Put up a masking screen (one marked off), or end it.")] = None,
    active: Annotated[Optional[str], typer.Option("--active", help="Activate ES, PS or SS (Advanced Game), or 'off'.")] = None,
    as_json: AsJson = False,
) -> None:
    """Screens: put up or end a masking screen; activate or switch off an electron, proton or stasis screen."""
    from referee.knight_hawks import movement

    if (masking is None) == (active is None):
        raise RefereeError("say one thing: --masking, --masking-off, or --active ES|PS|SS|off")
    if masking is not None:
        take(battle_file, lambda battle, kh: movement.masking_screen(battle, ship, masking), as_json)
    else:
        take(battle_file, lambda battle, kh: movement.screen(battle, ship, active or ""), as_json)


@app.command("dock")
def dock(
    ship: Ship_,
    at: Annotated[Optional[str], typer.Argument(help="The station to dock at or the carrier to land on.")] = None,
    battle_file: BattleFile = None,
    leave: Annotated[bool, typer.Option("--leave", help="Leave the station or carrier.")] = False,
    as_json: AsJson = False,
) -> None:
    """Dock a ship at a station (or land a fighter on its carrier), or leave."""
    from referee.knight_hawks.movement import dock as docking

    if bool(at) == leave:
        raise RefereeError("name the station or carrier to dock with, or give --leave")
    take(battle_file, lambda battle, kh: docking(battle, ship, at or ""), as_json)


@app.command("move")
def move(
    ship: Ship_,
    speed: Annotated[int, typer.Option("--speed", help="The ship's new speed: the hexes it moved this turn.")],
    adf: Annotated[int, typer.Option("--adf", help="ADF points used: the change of speed.")] = 0,
    mr: Annotated[int, typer.Option("--mr", help="MR points used: the turns it made.")] = 0,
    battle_file: BattleFile = None,
    roll: Annotated[Optional[str], typer.Option("--roll", help="The d100 for breaking apart, rolled at the table (a ship beyond half its hull points).")] = None,
    seed: Seed = None,
    as_json: AsJson = False,
) -> None:
    """Record a ship's move: its new speed and the ADF and MR points it used (breaking apart rolled where due)."""
    from referee.knight_hawks.movement import move as moving

    take(battle_file, lambda battle, kh: moving(battle, dice_for(seed), ship, speed, adf, mr, roll), as_json)


@app.command("speed")
def speed(
    ship: Ship_,
    hexes: Annotated[int, typer.Argument(help="Its speed from the turn before the game starts, in hexes a turn.")],
    battle_file: BattleFile = None,
    as_json: AsJson = False,
) -> None:
    """Set a ship's starting speed before the game starts (turn 1, before any ship moves or fires)."""
    from referee.knight_hawks.movement import starting_speed

    take(battle_file, lambda battle, kh: starting_speed(battle, ship, hexes), as_json)


@app.command("leave")
def leave(
    ship: Ship_,
    battle_file: BattleFile = None,
    toward: Annotated[str, typer.Option("--toward", help="A campaign battle: the adjacent star system whose transit box it escapes to.")] = "",
    as_json: AsJson = False,
) -> None:
    """A ship flies off the map for good in its movement (fighters aboard with it): out of the battle."""
    from referee.knight_hawks.movement import leave_map

    take(battle_file, lambda battle, kh: leave_map(battle, ship, toward), as_json)


@app.command("drone")
def drone(
    name: Annotated[str, typer.Argument(help="The shatter drone (a frigate) detonating.")],
    others: Annotated[list[str], typer.Option("--hits", help="Every other ship in the drone's hex (repeat).")],
    battle_file: BattleFile = None,
    damage_roll: DamageRolls = None,
    hull_roll: HullRolls = None,
    seed: Seed = None,
    as_json: AsJson = False,
) -> None:
    """Shatter drone (Second Sathar War, optional): a torpedo hit on every other ship in its hex, no attack roll."""
    from referee.knight_hawks.ordnance import shatter_drone

    by_ship = rolled_by_ship(damage_roll, hull_roll)
    take(battle_file, lambda battle, kh: shatter_drone(battle, kh, dice_for(seed), name, others, by_ship), as_json)


def _hex(value: str) -> str:
    from referee.knight_hawks.battle import hex_name

    return hex_name(value.strip(), "hex")


Hex = Annotated[str, typer.Argument(callback=_hex, help="The hex number as printed on the map (e.g. 1207).")]
Side = Annotated[str, typer.Option("--side", help="The side placing it before the game (or give --by SHIP).")]
By = Annotated[str, typer.Option("--by", help="The ship dropping it (one is marked off its supply).")]


@mine_app.command("lay")
def mine_lay(hex_: Hex, battle_file: BattleFile = None, side: Side = "", by: By = "", as_json: AsJson = False) -> None:
    """Mine a hex (secret): before the game by a side, or dropped by a minelayer."""
    from referee.knight_hawks.ordnance import lay_mines

    take(battle_file, lambda battle, kh: lay_mines(battle, hex_, side, by), as_json)


@mine_app.command("attack")
def mine_attack(
    hex_: Hex,
    ships: Annotated[list[str], typer.Option("--ship", help="An enemy ship that entered the hex this turn (repeat).")],
    battle_file: BattleFile = None,
    icm: Annotated[Optional[list[str]], typer.Option("--icm", help="NAME=N: a ship attacked launches N of its ICMs (repeat).")] = None,
    roll: Annotated[Optional[list[str]], typer.Option("--roll", help="NAME=ROLL: the d100 to hit a ship, rolled at the table.")] = None,
    damage_roll: DamageRolls = None,
    hull_roll: HullRolls = None,
    seed: Seed = None,
    as_json: AsJson = False,
) -> None:
    """End of movement: the mines attack every enemy ship that entered the hex, then the hex is clear."""
    from referee.knight_hawks.ordnance import mines_attack

    launched = {name: ((name, n),) for name, n in counts(icm, "--icm")}
    by_ship = rolled_by_ship(damage_roll, hull_roll, roll)
    take(battle_file, lambda battle, kh: mines_attack(battle, kh, dice_for(seed), hex_, ships, launched, by_ship), as_json)


@seeker_app.command("place")
def seeker_place(hex_: Hex, battle_file: BattleFile = None, side: Side = "", by: By = "", as_json: AsJson = False) -> None:
    """Place a seeker missile in a hex (secret): before the game by a side, or dropped by a ship."""
    from referee.knight_hawks.ordnance import place_seeker

    take(battle_file, lambda battle, kh: place_seeker(battle, hex_, side, by), as_json)


SeekerIcms = Annotated[Optional[list[str]], typer.Option("--icm", help="NAME=N: a ship launching N ICMs against the seeker (repeat).")]
SeekerRoll = Annotated[Optional[str], typer.Option("--roll", help="The d100 to hit, rolled at the table.")]
SeekerDamage = Annotated[Optional[str], typer.Option("--damage-roll", help="The Damage Table d100, rolled at the table.")]
SeekerHull = Annotated[Optional[str], typer.Option("--hull-roll", help="The 5d10 hull damage, rolled at the table.")]


@seeker_app.command("move")
def seeker_move(
    hex_: Hex,
    to: Annotated[str, typer.Option("--to", callback=_hex, help="The hex it ends in, moved toward the closest ship.")],
    battle_file: BattleFile = None,
    at: Annotated[str, typer.Option("--at", help="It entered a hex with a ship: the largest ship there, which it attacks.")] = "",
    icm: SeekerIcms = None,
    roll: SeekerRoll = None,
    damage_roll: SeekerDamage = None,
    hull_roll: SeekerHull = None,
    seed: Seed = None,
    as_json: AsJson = False,
) -> None:
    """Activate a seeker or move an active one (2, 4, 6 ... hexes): it detonates in a hex with a ship (--at), and on the turn it moves 12."""
    from referee.knight_hawks.attack import Rolled
    from referee.knight_hawks.ordnance import move_seeker

    if not at and (icm or roll or damage_roll or hull_roll):
        raise RefereeError("--icm and the rolls are for a seeker that detonates against a ship: name it with --at SHIP")
    launched = counts(icm, "--icm")
    rolled = Rolled(roll, damage_roll, hull_roll)
    take(battle_file, lambda battle, kh: move_seeker(battle, kh, dice_for(seed), hex_, to, at, launched, rolled), as_json)


@seeker_app.command("attack")
def seeker_attack(
    hex_: Hex,
    at: Annotated[str, typer.Option("--at", help="The largest ship in the seeker's hex.")],
    battle_file: BattleFile = None,
    icm: SeekerIcms = None,
    roll: SeekerRoll = None,
    damage_roll: SeekerDamage = None,
    hull_roll: SeekerHull = None,
    seed: Seed = None,
    as_json: AsJson = False,
) -> None:
    """A ship entered an active seeker's hex: it detonates against the largest ship there, 75% (90% vs a stasis screen), 5d10."""
    from referee.knight_hawks.attack import Rolled
    from referee.knight_hawks.ordnance import seeker_attack as detonate

    launched = counts(icm, "--icm")
    rolled = Rolled(roll, damage_roll, hull_roll)
    take(battle_file, lambda battle, kh: detonate(battle, kh, dice_for(seed), hex_, at, launched, rolled), as_json)
