"""``referee sfw``: a Starfleet Wars engagement (the supplement's starfortresses, super
dreadnoughts, starbombers, SAPS, CapTacs, special damage and damage control). Each command loads
the engagement file, takes one step, saves it atomically (kept in its undo history: referee undo
FILE) and prints the step's log lines with their dice and rules. Special damage is sealed unless
``--secrets``: the opponent must not see it."""

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from referee.cli import files
from referee.cli.files import Seed, counts, dice_for, pairs
from referee.cli.groups import group
from referee.cli.output import AsJson, print_json, print_steps
from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.starfleet_wars.engagement import Done, Engagement
    from referee.tables import Tables

app = group("Starfleet Wars engagements: power allocation, hits, starfortresses, starbombers, CapTacs, special damage, damage control.")
captac_app = group("CapTacs: taken in tow by a ship or held by a starfortress's tractor beam, released to drift, fired, shot down.")
app.add_typer(captac_app, name="captac")

ENGAGEMENT = files.CommandFile("engagement", "--engagement", "-e", "REFEREE_ENGAGEMENT", "sfw new", "FILE --side A --side B", "sfw")
EngagementFile = Annotated[Optional[Path], files.option(ENGAGEMENT)]
Roll = Annotated[Optional[str], typer.Option("--roll", help="The 00-99 rolled at the table (two ten-sided dice read as percentile, 00 = 0).")]
Secrets = Annotated[bool, files.secrets("Show special damage (the side's eyes only).")]
Name = Annotated[str, typer.Argument(help="The ship's (or fortress's) name as in the engagement (any case).")]


def take(path: Optional[Path], step: Callable[["Engagement", "Tables"], "Done"], as_json: bool = False, secrets: bool = False) -> "Done":
    """Load the engagement, take one step, save it, print its lines, special damage sealed unless
    ``secrets`` (:func:`files.take`)."""
    return files.take(path, ENGAGEMENT, step, lambda done: show(done.entries, as_json, secrets))


def show(entries: "tuple[object, ...] | list[object]", as_json: bool, secrets: bool) -> None:
    from referee.starfleet_wars.engagement import sealed

    print_steps([e if secrets else sealed(e) for e in entries], as_json)  # type: ignore[arg-type]


def load(path: Optional[Path]) -> "Engagement":
    from referee.starfleet_wars import engagement_file

    return files.read(path, ENGAGEMENT, engagement_file.from_dict)


@app.command("new")
def new(
    path: Annotated[Path, typer.Argument(help="The new engagement file.")],
    side: Annotated[list[str], typer.Option("--side", help="A side (give two or more: --side Terran --side Entomalian).")],
    name: Annotated[str, typer.Option("--name", help="The engagement's name (default: the file's).")] = "",
    no_special_damage: Annotated[bool, typer.Option("--no-special-damage", help="Play without the optional Special Damage rule.")] = False,
    no_damage_control: Annotated[bool, typer.Option("--no-damage-control", help="Play without the optional Damage Control rule.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Replace the file if it exists.")] = False,
) -> None:
    """Start an engagement file: its sides, turn 1, no ships yet (add them with sfw add)."""
    from referee import storage, strict
    from referee.starfleet_wars import engagement_file
    from referee.starfleet_wars.engagement import Engagement, sides_of

    if storage.exists(storage.new_file(path)) and not force:
        raise RefereeError(f"{path} exists: choose another name or add --force to replace it")
    title = strict.name(name or path.stem, "the engagement's name")
    engagement = Engagement(title, sides_of(side), special_damage=not no_special_damage, damage_control=not no_damage_control)
    engagement = engagement.logged(engagement.entry(f"{title}: {' against '.join(engagement.sides)}; turn 1", rule="Starfleet Wars supplement"))
    storage.write_text(path, engagement_file.text(engagement))
    rules = [r for r, on in (("special damage", engagement.special_damage), ("damage control", engagement.damage_control)) if on]
    print(f"{title}: {' against '.join(engagement.sides)}, turn 1; rules: {', '.join(rules) or 'neither optional rule'}; saved to {path}")
    print(f"next: referee sfw add NAME --class CLASS --side SIDE -e {path}")


@app.command("add")
def add(
    name: Annotated[str, typer.Argument(help="The new ship's name.")],
    ship_class: Annotated[str, typer.Option("--class", help="The class: a Data Table class (INVINCIBLE), a starbomber (STING), a SAPS (Dauntless), or SF for a starfighter.")],
    side: Annotated[str, typer.Option("--side", help="Its side.")],
    value: Annotated[Optional[list[str]], typer.Option("--value", help="KEY=N: a Data Table cell the table leaves unknown, from your book (max_off=14); kept for the class.")] = None,
    path: EngagementFile = None,
    as_json: AsJson = False,
) -> None:
    """A ship joins the engagement; every unknown Data Table cell the rules need is asked for once (kept in the file for its class)."""
    from referee.starfleet_wars import ships, turn

    given = {k: ships.figure(k, v) for k, v in pairs(value, "--value")}
    if _interactive(as_json):
        given = _ask_missing(load(path), files.tables_for(ENGAGEMENT), ship_class, given)
    take(path, lambda e, sfw: turn.add(e, sfw, name, side, ship_class, given), as_json)


def _interactive(as_json: bool) -> bool:
    import sys

    return not as_json and sys.stdin.isatty() and sys.stdout.isatty()


def _ask_missing(engagement: "Engagement", sfw: "Tables", ship_class: str, given: dict[str, "int | str"]) -> dict[str, "int | str"]:
    """At a terminal, ask for each unknown cell the rules need (a script gives --value)."""
    from referee.starfleet_wars import ships

    if ship_class.strip().upper() in ("SF", "STARFIGHTER"):
        return given
    table, row = ships.class_row(sfw, ship_class)
    if table != "sfw.starships":
        return given
    known = {**engagement.values_for(str(row["class"])), **given}
    labels = {c.key: c.label for c in sfw.get(table).columns}
    for key in ships.missing(row, known):
        while True:
            answer = typer.prompt(f"{row['class']}: the Data Table's {labels.get(key, key)} ({key}) is unknown; from your book")
            try:
                given[key] = ships.figure(key, answer)
                break
            except RefereeError as error:
                typer.echo(f"  {error}")
    return given


@app.command("ships")
def ships_(
    name: Annotated[Optional[str], typer.Argument(help="One ship or fortress (default: all).")] = None,
    path: EngagementFile = None,
    secrets: Secrets = False,
    as_json: AsJson = False,
) -> None:
    """The ships and fortresses: power units lost, allocation and factors, teams, weapons, tows; special damage with --secrets."""
    from referee.starfleet_wars import report

    engagement = load(path)
    sfw = files.tables_for(ENGAGEMENT)
    if as_json:
        print_json(report.as_data(engagement, sfw, name, secrets))
        return
    for line in report.lines(engagement, sfw, name, secrets):
        print(line)


@app.command("log")
def log(path: EngagementFile = None, secrets: Secrets = False, as_json: AsJson = False) -> None:
    """The engagement's log, each line with its dice and rule (special damage sealed unless --secrets)."""
    show(load(path).log, as_json, secrets)


@app.command("allocate")
def allocate(
    name: Name,
    speed: Annotated[int, typer.Option("--speed", help="Speed factors (a fortress: leave out; it moves at 1 for nothing).")] = 0,
    offensive: Annotated[int, typer.Option("--of", help="Offensive factors as calculated.")] = 0,
    defensive: Annotated[int, typer.Option("--df", help="Defensive factors as calculated.")] = 0,
    tractor: Annotated[Optional[int], typer.Option("--tractor", help="Power units its tractor beam uses while towing CapTacs (the base rulebook's cost; 0 if it charges none).")] = None,
    reload: Annotated[int, typer.Option("--reload", help="Power units spent reloading its particle weapons (the base rulebook's cost).")] = 0,
    path: EngagementFile = None,
    as_json: AsJson = False,
) -> None:
    """This turn's division of power (the turn's first step): each factor costs its square in power units, and the tractor beam and reloading what the base rulebook says; shows the cost, what is left and the factors fought with."""
    from referee.starfleet_wars import fortress_phase, turn
    from referee.starfleet_wars.power import Allocation

    def step(engagement: "Engagement", sfw: "Tables") -> "Done":
        if engagement.is_fortress(name):
            if speed:
                raise RefereeError("a starfortress moves at tactical speed 1 and spends no power on it: leave out --speed")
            if tractor:
                raise RefereeError("--tractor is a ship's: a starfortress's tractor beam takes its PU with sfw captac tow FORTRESS --beam-pu; leave it out")
            return fortress_phase.allocate(turn.fortress_at(engagement, name, "allocation"), name, offensive, defensive, reload)
        return turn.allocate(engagement, name, Allocation(speed, offensive, defensive), tractor, reload)

    take(path, step, as_json)


@app.command("hit")
def hit(
    name: Name,
    by: Annotated[str, typer.Option("--by", help="offensive, particle (10 PU a hit), light-laser, cids, captac (40 PU and a Special Damage roll) or other.")] = "offensive",
    hits: Annotated[int, typer.Option("--hits", help="How many hits.")] = 1,
    pu: Annotated[int, typer.Option("--pu", help="Power units lost, where the base game's table decides them (offensive factors, a transport).")] = 0,
    module: Annotated[Optional[list[str]], typer.Option("--module", help="A fortress: MODULE=PU, the defender's allocation of the damage (--module 'LSS 1=29').")] = None,
    aimed: Annotated[str, typer.Option("--aimed", help="A fortress: the kind of module the attacker aimed at (+10 to his firing rolls): WP, LSS, CM, MAWS, SAWS.")] = "",
    firer: Annotated[str, typer.Option("--firer", help="The ship that fired (with --range: its weapon's reach and its sensors are checked).")] = "",
    range_: Annotated[Optional[int], typer.Option("--range", help="Inches from the firer to the target, as measured on the table.")] = None,
    path: EngagementFile = None,
    as_json: AsJson = False,
) -> None:
    """Hits the table decided (the firing phase): power units lost (and teams, special damage owed, disabled), a starbomber's or SAPS' hits, a fortress's modules."""
    from referee.starfleet_wars import combat, fortress_phase, turn

    def step(engagement: "Engagement", sfw: "Tables") -> "Done":
        if engagement.is_fortress(name):
            if firer:
                combat.in_range(engagement, engagement.ship(firer), by, range_)
            return fortress_phase.hit(turn.fortress_at(engagement, name, "firing"), sfw, name, counts(module, "--module"), aimed or None, by, hits)
        if module or aimed:
            raise RefereeError(f"{name} is a ship, not a starfortress: leave out --module and --aimed")
        return combat.hit(engagement, sfw, name, by, hits, pu, firer, range_)

    take(path, step, as_json)


@app.command("fire")
def fire(
    name: Name,
    particle: Annotated[int, typer.Option("--particle", help="Particle weapons launched (spends reloads; at most the launchers a turn).")] = 0,
    laser: Annotated[Optional[list[str]], typer.Option("--laser", help="A light laser shot's target (repeat: one a factor a turn).")] = None,
    range_: Annotated[Optional[int], typer.Option("--range", help="Inches to the farthest target, as measured on the table (light lasers reach 12; damaged sensors 36).")] = None,
    path: EngagementFile = None,
    as_json: AsJson = False,
) -> None:
    """Shots announced in the firing phase: particle weapons launched, light laser shots (the hits then: sfw hit)."""
    from referee.starfleet_wars import combat

    if not particle and not laser:
        raise RefereeError("give --particle N or --laser TARGET (one for each shot)")

    def step(engagement: "Engagement", sfw: "Tables") -> "Done":
        from referee.starfleet_wars.engagement import Done

        entries: tuple[object, ...] = ()
        if particle:
            done = combat.launch(engagement, name, particle, range_)
            engagement, entries = done.state, done.entries
        if laser:
            done = combat.lasers(engagement, name, laser, range_)
            engagement, entries = done.state, (*entries, *done.entries)
        return Done(engagement, entries)  # type: ignore[arg-type]

    take(path, step, as_json)


@app.command("special-damage")
def special_damage(name: Name, roll: Roll = None, seed: Seed = None, path: EngagementFile = None, secrets: Secrets = False, as_json: AsJson = False) -> None:
    """A special damage roll, 00-99 (step 9), for a ship over 20% damaged (once a turn) or hit by a CapTac; its result sealed unless --secrets."""
    from referee.starfleet_wars import fortress_phase, turn

    def step(engagement: "Engagement", sfw: "Tables") -> "Done":
        if engagement.is_fortress(name):
            return fortress_phase.special_damage(turn.fortress_at(engagement, name, "special damage"), sfw, name, dice_for(seed), roll)
        return turn.special_damage(engagement, sfw, name, dice_for(seed), roll)

    take(path, step, as_json, secrets)


@app.command("damage-control")
def damage_control(
    name: Name,
    column: Annotated[str, typer.Option("--column", help="The damage the team declared: offensive, defensive, speed, power_units or turn_reduction.")],
    effect: Annotated[str, typer.Option("--effect", help="turn_reduction: the timed damage worked on (craft, dynamo, shields) when there are several.")] = "",
    module: Annotated[str, typer.Option("--module", help="A fortress: the module whose power units are repaired.")] = "",
    by: Annotated[str, typer.Option("--by", help="A starfortress repairing this ship (refused: the supplement's Starfortress rules give no procedure).")] = "",
    roll: Roll = None,
    seed: Seed = None,
    path: EngagementFile = None,
    secrets: Secrets = False,
    as_json: AsJson = False,
) -> None:
    """One damage control team's attempt on Table #2 (step 10, once every special damage roll of step 9 is made), in the declared column."""
    from referee.starfleet_wars import fortress_phase, turn

    def step(engagement: "Engagement", sfw: "Tables") -> "Done":
        if engagement.is_fortress(name):
            return fortress_phase.damage_control(turn.fortress_at(engagement, name, "repair"), sfw, name, column.replace("-", "_"), dice_for(seed), roll, effect, module)
        if module:
            raise RefereeError(f"{name} is a ship: leave out --module")
        return turn.damage_control(engagement, sfw, name, column.replace("-", "_"), dice_for(seed), roll, effect, by)

    take(path, step, as_json, secrets)


@app.command("next")
def next_(path: EngagementFile = None, as_json: AsJson = False) -> None:
    """The next turn: refused while a special damage roll is owed; allocations, launches and damage control attempts start afresh."""
    from referee.starfleet_wars import turn

    take(path, lambda e, sfw: turn.next_turn(e), as_json)


@app.command("fortress")
def fortress(
    name: Annotated[str, typer.Argument(help="The fortress's name.")],
    side: Annotated[str, typer.Option("--side", help="Its side.")],
    modules: Annotated[str, typer.Option("--modules", help="Its modules in order, by commas: LSS,LSS,LSS,WP,WP,SAWS (numbered LSS 1, LSS 2 ...).")],
    adjacent: Annotated[Optional[list[str]], typer.Option("--adjacent", help="Two modules that touch: 'WP 1=LSS 1' (CIDS are loaned only between them).")] = None,
    mad: Annotated[int, typer.Option("--mad", help="MADs (Mobile Armed Destroyers), each a ship of its own with 30 PU.")] = 0,
    maatac: Annotated[bool, typer.Option("--maatac", help="The MAATAC version (a fortress on a planet).")] = False,
    behind: Annotated[Optional[list[str]], typer.Option("--behind", help="MAATAC: 'LSS 1=WP 1': the first is hull-down behind the second.")] = None,
    path: EngagementFile = None,
    as_json: AsJson = False,
) -> None:
    """Build a starfortress from modules: power from its LSS alone, OF capped by its weapons modules, each MAD a ship of its own."""
    from referee.starfleet_wars import fortress_phase

    kinds = [k.strip() for k in modules.split(",") if k.strip()]
    take(path, lambda e, sfw: fortress_phase.build(e, sfw, name, side, kinds, pairs(adjacent, "--adjacent"), mad, maatac, pairs(behind, "--behind")), as_json)


@app.command("cids")
def cids(
    name: Name,
    lender: Annotated[str, typer.Argument(help="The weapons module loaning its CIDS die rolls.")],
    to: Annotated[str, typer.Argument(help="The adjacent module that receives them.")],
    rolls: Annotated[int, typer.Argument(help="How many die rolls (of its 10).")],
    path: EngagementFile = None,
    as_json: AsJson = False,
) -> None:
    """A fortress's CIDS die rolls loaned to an adjacent module for this turn (at most 10 on one module: the attacker removes the strongest excess)."""
    from referee.starfleet_wars import fortress_phase

    take(path, lambda e, sfw: fortress_phase.loan(e, name, lender, to, rolls), as_json)


@app.command("garrison")
def garrison(
    name: Name,
    module: Annotated[str, typer.Argument(help="The module.")],
    units: Annotated[int, typer.Argument(help="Infantry units and RAATACs in it (0 to 5).")],
    path: EngagementFile = None,
    as_json: AsJson = False,
) -> None:
    """MAATAC: the units in a fortress module (at most 5 IUs and RAATACs in any one module)."""
    from referee.starfleet_wars import fortress_phase

    take(path, lambda e, sfw: fortress_phase.garrison(e, name, module, units), as_json)


@app.command("mad")
def mad(
    name: Annotated[str, typer.Argument(help="The MAD (as sfw ships names it: 'Bastion MAD 1').")],
    module: Annotated[str, typer.Argument(help="The module it moves onto (the first time: any; then an adjacent one).")],
    path: EngagementFile = None,
    as_json: AsJson = False,
) -> None:
    """A fortress's MAD moves onto a module (only to an adjacent one), adding its CIDS to the module's; in MAATAC it is destroyed with the module it sits on."""
    from referee.starfleet_wars import fortress_phase

    take(path, lambda e, sfw: fortress_phase.place_mad(e, sfw, name, module), as_json)


# -- a starfortress's particle weapons, attack craft and tractor beam ----------------------------

Fortress = Annotated[str, typer.Argument(help="The starfortress's name.")]
Module = Annotated[str, typer.Argument(help="One of its modules ('WP 1').")]


@app.command("launch")
def launch(name: Fortress, module: Module, count: Annotated[int, typer.Argument(help="Particle weapons launched.")], path: EngagementFile = None, as_json: AsJson = False) -> None:
    """A fortress module's particle weapons launched: at most its launchers a turn (WP 6, MAWS and SAWS 2), its reloads in the game (18, 4, 2)."""
    from referee.starfleet_wars import fortress_phase

    take(path, lambda e, sfw: fortress_phase.launch(e, sfw, name, module, count), as_json)


@app.command("craft")
def craft(name: Fortress, module: Module, count: Annotated[int, typer.Argument(help="Attack craft launched.")], path: EngagementFile = None, as_json: AsJson = False) -> None:
    """A fortress module's attack craft launched (WP 4, LSS 2, CM 2 aboard): each joins the fight as a starfighter."""
    from referee.starfleet_wars import fortress_phase

    take(path, lambda e, sfw: fortress_phase.launch_craft(e, name, module, count), as_json)


@app.command("assault")
def assault(name: Fortress, module: Module, count: Annotated[int, typer.Argument(help="Attack craft assaulting it.")], path: EngagementFile = None, as_json: AsJson = False) -> None:
    """Attack craft assault a fortress's module: no more than 12 on one module in a turn (shows its CIDS die rolls)."""
    from referee.starfleet_wars import fortress_phase

    take(path, lambda e, sfw: fortress_phase.assault(e, name, module, count), as_json)


@app.command("mobility-lost")
def mobility_lost(name: Annotated[str, typer.Argument(help="The MAD ('Outpost MAD 1').")], path: EngagementFile = None, as_json: AsJson = False) -> None:
    """MAATAC: a fortress's MAD hit and lost its mobility factor; it may not move under any circumstances."""
    from referee.starfleet_wars import fortress_phase

    take(path, lambda e, sfw: fortress_phase.mobility_lost(e, name), as_json)


@captac_app.command("tow")
def tow(
    name: Annotated[str, typer.Argument(help="The ship taking them in tow, or the starfortress holding them.")],
    count: Annotated[int, typer.Argument(help="CapTacs taken (two a tractor beam, one beam).")] = 1,
    beam_pu: Annotated[Optional[int], typer.Option("--beam-pu", help="A fortress: PU its beam takes a turn from the LSS (the supplement gives none: your rulebook's; 0 for none).")] = None,
    path: EngagementFile = None,
    as_json: AsJson = False,
) -> None:
    """CapTacs taken in tow (speed 2 at most while towing), or held in place around a starfortress by its tractor beam (its PU off the fortress's power)."""
    from referee.starfleet_wars import combat, fortress_phase

    def step(e: "Engagement", sfw: "Tables") -> "Done":
        if e.is_fortress(name):
            return fortress_phase.hold(e, name, count, beam_pu)
        if beam_pu is not None:
            raise RefereeError("--beam-pu is a starfortress's: a ship's tractor beam takes its PU in its allocation (sfw allocate --tractor PU); leave it out")
        return combat.tow(e, name, count)

    take(path, step, as_json)


@captac_app.command("release")
def release(
    name: Name,
    count: Annotated[int, typer.Argument(help="CapTacs let go.")] = 1,
    where: Annotated[str, typer.Option("--where", help="Where they drift (a note for the table).")] = "",
    path: EngagementFile = None,
    as_json: AsJson = False,
) -> None:
    """CapTacs left to drift (by a ship or a starfortress): any friendly ship within 30 inches may activate them later."""
    from referee.starfleet_wars import combat, fortress_phase

    take(path, lambda e, sfw: (fortress_phase.release if e.is_fortress(name) else combat.release)(e, name, count, where), as_json)


@captac_app.command("fire")
def fire_captac(
    name: Annotated[str, typer.Argument(help="The ship towing it (or activating a drifting one).")],
    target: Annotated[str, typer.Argument(help="The target.")],
    range_: Annotated[int, typer.Option("--range", help="Inches from the CapTac to its target (18 at most).")],
    hit_: Annotated[bool, typer.Option("--hit/--miss", help="What the Firing Table gave (speed 5 for firing purposes).")],
    drift: Annotated[int, typer.Option("--drift", help="Fire a drifting CapTac: its number in sfw ships' list of drifting CapTacs.")] = 0,
    activation: Annotated[int, typer.Option("--activation", help="With --drift: inches from the activating ship to the CapTac (30 at most).")] = 0,
    module: Annotated[Optional[list[str]], typer.Option("--module", help="At a starfortress: MODULE=PU, the defender's allocation of the 40 PU.")] = None,
    path: EngagementFile = None,
    as_json: AsJson = False,
) -> None:
    """A CapTac fired, by a ship or a starfortress holding it: a hit is 40 PU and a Special Damage roll, whatever the target's damage."""
    from referee.starfleet_wars import combat, fortress_phase

    def step(e: "Engagement", sfw: "Tables") -> "Done":
        if not e.is_fortress(name):
            return combat.fire_captac(e, sfw, name, target, hit_, range_, drift, activation, counts(module, "--module"))
        if drift or activation:
            raise RefereeError("a starfortress fires the CapTacs its beam holds: leave out --drift and --activation (a drifting CapTac is activated by a ship)")
        return fortress_phase.fire_captac(e, sfw, name, target, hit_, range_, counts(module, "--module"))

    take(path, step, as_json)


@captac_app.command("shoot-down")
def shoot_down(
    towed_by: Annotated[str, typer.Option("--towed-by", help="The ship towing the CapTac destroyed, or the starfortress holding it (it takes 25 PU).")] = "",
    drift: Annotated[int, typer.Option("--drift", help="Or a drifting CapTac: its number in sfw ships' list.")] = 0,
    module: Annotated[Optional[list[str]], typer.Option("--module", help="Held by a starfortress: MODULE=PU, the defender's allocation of the 25 PU.")] = None,
    path: EngagementFile = None,
    as_json: AsJson = False,
) -> None:
    """A CapTac destroyed by one CIDS or light laser hit."""
    from referee.starfleet_wars import combat, fortress_phase

    if bool(towed_by) == bool(drift):
        raise RefereeError("give --towed-by SHIP or --drift N (one of them)")

    def step(e: "Engagement", sfw: "Tables") -> "Done":
        if towed_by and e.is_fortress(towed_by):
            return fortress_phase.shoot_down(e, sfw, towed_by, counts(module, "--module"))
        if module:
            raise RefereeError("--module is a starfortress's allocation of the 25 PU: leave it out for a ship")
        return combat.shoot_down(e, sfw, towed_by, drift)

    take(path, step, as_json)
