"""``referee si``: a Stellar Inferno scenario (Phoenix Command, Raid on Terra, Invasion of
Portborough). Each command loads the scenario file, takes one step, saves it atomically (kept in its
undo history: referee undo FILE) and prints the step's log lines with their dice and rules; a refused
step is one line, exit 2, and the file unchanged. ``si design``, and ``si attack`` and ``si ground``
given ``--attack`` and ``--defense``, are quick one-shot readings that need no file."""

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from referee.cli import files
from referee.cli.files import Seed, counts, dice_for
from referee.cli.groups import group
from referee.cli.numbers import NegativeNumbers
from referee.cli.output import AsJson, print_json, print_steps
from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.stellar_inferno.odds import Modifier
    from referee.stellar_inferno.scenario import Done, Scenario
    from referee.tables import Tables

app = group("Stellar Inferno scenarios: ship and ground combat, damage recovery, supply, the turn's nine phases, victory.")

SCENARIO = files.CommandFile("scenario", "--scenario-file", "-s", "REFEREE_SCENARIO", "si new", "FILE --scenario 1", "si")
ScenarioFile = Annotated[Optional[Path], files.option(SCENARIO)]
Die = Annotated[Optional[str], typer.Option("--roll", help="The six-sided die rolled at the table (1-6).")]
Name = Annotated[str, typer.Argument(help="The ship's name as in the scenario (any case; a unique beginning will do).")]
Steps = Annotated[Optional[list[str]], typer.Option("--step", help="A step's factors from the counter, the full step first: 'A4 D5 M3 R5' (C and P: the scenario's lines by class unless given).")]


def take(path: Optional[Path], step: Callable[["Scenario", "Tables"], "Done"], as_json: bool = False) -> "Done":
    """Load the scenario, take one step, save it, print its lines (:func:`files.take`)."""
    return files.take(path, SCENARIO, step, lambda done: print_steps(done.entries, as_json))


def load(path: Optional[Path]) -> "Scenario":
    from referee.stellar_inferno import scenario_file

    return files.read(path, SCENARIO, scenario_file.from_dict)


def _bundled(choice: str) -> "Scenario":
    """A bundled scenario by its number (1-3) or its name (any case; a unique part of it will do)."""
    from referee import storage
    from referee.resources import si_scenario_files
    from referee.stellar_inferno import scenario_file

    found = {stem: scenario_file.from_dict(storage.read(path, "scenario")) for stem, path in si_scenario_files().items()}
    wanted = choice.strip().casefold().removeprefix("scenario").strip()
    for stem, scenario in found.items():
        if wanted in (str(scenario.number), stem, scenario.name.casefold()):
            return scenario
    starting = [s for stem, s in found.items() if wanted and (wanted in stem or wanted in s.name.casefold())]
    if len(starting) == 1:
        return starting[0]
    known = "; ".join(f"{s.number} {s.name}" for s in sorted(found.values(), key=lambda s: s.number))
    raise RefereeError(f"no scenario {choice!r}; the scenarios are {known}")


# -- the file -------------------------------------------------------------------------------------


@app.command("scenarios")
def scenarios(as_json: AsJson = False) -> None:
    """The three scenarios of the book shipped with the program."""
    from referee import storage
    from referee.resources import si_scenario_files

    found = [(stem, storage.read(path, "scenario")) for stem, path in si_scenario_files().items()]
    found.sort(key=lambda pair: pair[1].get("number", 0))
    if as_json:
        print_json([{"scenario": d.get("number"), "name": d.get("name"), "file": stem, "turns": d.get("turns"), "source": d.get("source")} for stem, d in found])
        return
    for _, data in found:
        sides = f"{data.get('invader', {}).get('name')} against {data.get('defender', {}).get('name')}"
        print(f"{data.get('number')}  {data.get('name'):24} {sides}, {data.get('turns')} turns  [{data.get('source')}]")


@app.command("new")
def new(
    path: Annotated[Path, typer.Argument(help="The new scenario file.")],
    scenario: Annotated[str, typer.Option("--scenario", help="The book's scenario: 1, 2 or 3, or its name (phoenix-command, raid-on-terra, portborough).")],
    rule: Annotated[Optional[list[str]], typer.Option("--rule", help="An optional rule the players agree to play ([12]): stealth-mines, overloading-weapons, ship-design ...")] = None,
    no_rule: Annotated[Optional[list[str]], typer.Option("--no-rule", help="A rule the scenario plays that the players agree to leave out.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the file if it exists.")] = False,
    as_json: AsJson = False,
) -> None:
    """Start a scenario file at turn 1: the book's set-up, conditions and registers, no counter entered yet."""
    from referee import storage
    from referee.stellar_inferno import scenario_file, setup

    if storage.exists(storage.new_file(path)) and not force:
        raise RefereeError(f"{path} exists: choose another name or add --force to replace it")
    done = setup.start(_bundled(scenario), rule or (), no_rule or ())
    storage.write_text(path, scenario_file.text(done.state))
    print_steps(done.entries, as_json)
    if not as_json:
        print(f"saved to {path}; next: export REFEREE_SCENARIO={path}, then referee si status")


@app.command("status")
def status(path: ScenarioFile = None, as_json: AsJson = False) -> None:
    """How the scenario stands: the turn and phase, the sides, planets, ships and units, what is owed, the victory tally, what to do next."""
    from referee.stellar_inferno import report

    scenario = load(path)
    if as_json:
        print_json(report.as_data(scenario))
        return
    for line in report.lines(scenario):
        print(line)


@app.command("log")
def log(
    path: ScenarioFile = None,
    last: Annotated[int, typer.Option("--last", help="Show only the last N lines (0: all).")] = 0,
    as_json: AsJson = False,
) -> None:
    """The scenario's log, each line with its dice and rule."""
    entries = load(path).log
    print_steps(list(entries[-last:] if last > 0 else entries), as_json)


@app.command("next")
def next_(path: ScenarioFile = None, as_json: AsJson = False) -> None:
    """The next phase (the Defender's part after the Invader's), the next turn after Check Victory Conditions, and the verdict after the last."""
    from referee.stellar_inferno import turn

    take(path, lambda s, si: turn.next_phase(s), as_json)


@app.command("velocity", cls=NegativeNumbers)
def velocity(
    value: Annotated[int, typer.Argument(help="The fleet velocity after fleet movement: one more or less at most (6.2.4).")],
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Adjust the phasing fleet's velocity by one after its fleet movement (6.2.4)."""
    from referee.stellar_inferno import turn

    take(path, lambda s, si: turn.velocity(s, value), as_json)


# -- counters ------------------------------------------------------------------------------------------


def _arrives(value: Optional[str]) -> Optional[int]:
    if value is None:
        return None
    if value.strip().casefold() == "start":
        return 0
    import re

    if re.fullmatch(r"[0-9]{1,3}", value.strip()) is None:
        raise RefereeError(f"--arrives is a turn number, or start; not {value!r}")
    return int(value)


Correction = Annotated[bool, typer.Option("--correction", help="The referee corrects the map record outside the movement phases: logged as a correction, not a move ([4]).")]
Arrives = Annotated[Optional[str], typer.Option("--arrives", help="The turn it arrives (or start), as the book's Turn Units pictures show it.")]


@app.command("ship")
def ship(
    name: Annotated[str, typer.Argument(help="The ship: a name of the scenario's registers, or a new one (then --code and --side).")],
    step: Steps = None,
    code: Annotated[str, typer.Option("--code", help="A new ship's class as on its counter: BB, CA, FF, HF ... (Tables 1 and 2).")] = "",
    side: Annotated[str, typer.Option("--side", help="A new ship's side: invader or defender (or the side's name).")] = "",
    nation: Annotated[str, typer.Option("--nation", help="A new ship's nation, when not its side's own (Eldar).")] = "",
    cost: Annotated[Optional[int], typer.Option("--cost", help="Its point cost, where the scenario gives one (default: the 12.9.3 formula).")] = None,
    design: Annotated[bool, typer.Option("--design", help="Design it by point cost (optional rule 12.9): its category, reduced steps checked.")] = False,
    speciality: Annotated[str, typer.Option("--speciality", help="With --design: check it against a Table 2 speciality (HF, CV, MB ...).")] = "",
    sdu: Annotated[bool, typer.Option("--sdu", help="A space defense unit (optional rule 12.14).")] = False,
    psi: Annotated[int, typer.Option("--psi", help="The psi rating of the agent aboard (optional rule 12.7).")] = 0,
    arrives: Arrives = None,
    aboard: Annotated[str, typer.Option("--aboard", help="Carried as cargo by this ship (scenario 3: the FFs aboard the CVs).")] = "",
    supply: Annotated[int, typer.Option("--supply", help="Supply points it carries as cargo (more than the scenario lists for it).")] = 0,
    at: Annotated[str, typer.Option("--at", help="Place it in this hex (J9, or 6/J9 with the map's number).")] = "",
    core: Annotated[Optional[int], typer.Option("--core", help="With --at: the hex's distance from the core.")] = None,
    correction: Correction = False,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Enter a ship's factors from its counter, once (or design it); without --step, just the turn it arrives."""
    from referee.stellar_inferno import setup

    def step_(s: "Scenario", si: "Tables") -> "Done":
        from referee.stellar_inferno.scenario import Done

        turn = _arrives(arrives)
        if not step:
            if turn is None:
                raise RefereeError(f"give {name}'s factors from its counter: --step 'A4 D5 M3 R5' (one --step a step, full first), or --arrives N")
            return setup.arrival(s, name, turn)
        done = setup.enter_ship(s, si, name, step, code, side, nation, cost, design, speciality, sdu, psi, turn, aboard, supply)
        if not at:
            return done
        placed = setup.place(done.state, [s.counter(name).name if s.has_counter(name) else name.strip()], at, core, correction)
        return Done(placed.state, (*done.entries, *placed.entries))

    take(path, step_, as_json)


@app.command("unit")
def unit(
    name: Annotated[str, typer.Argument(help="The ground unit: a name the scenario lists (7th, 45th R ...), or a new one (then --side).")],
    step: Annotated[Optional[list[str]], typer.Option("--step", help="A step's factors from the counter, attack-defense-maneuver, full strength first: 4-3-2.")] = None,
    side: Annotated[str, typer.Option("--side", help="A new unit's side: invader or defender (or the side's name).")] = "",
    nation: Annotated[str, typer.Option("--nation", help="A new unit's nation, when not its side's own.")] = "",
    drop: Annotated[bool, typer.Option("--drop", help="Drop-capable: deployed from orbit (8.3.2).")] = False,
    arrives: Arrives = None,
    on: Annotated[str, typer.Option("--on", help="On this planet's surface (the defender's units at the start).")] = "",
    aboard: Annotated[str, typer.Option("--aboard", help="Aboard this ship, as cargo.")] = "",
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Enter a ground unit's factors from its counter, once."""
    from referee.stellar_inferno import setup

    take(path, lambda s, si: setup.enter_unit(s, name, step or [], side, nation, drop, _arrives(arrives), on, aboard), as_json)


@app.command("place")
def place(
    names: Annotated[list[str], typer.Argument(help="The ships, as on the map.")],
    at: Annotated[str, typer.Option("--at", help="Their hex: J9, or 6/J9 with the map's number.")],
    core: Annotated[Optional[int], typer.Option("--core", help="The hex's distance from the core (needed once a hex).")] = None,
    correction: Correction = False,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Set ships in a hex as the map shows them: set up on turn 1, arrived in Reinforcements Arrive, moved in Fleet Movement or Individual Ship Maneuver ([4]); --correction otherwise."""
    from referee.stellar_inferno import setup

    take(path, lambda s, si: setup.place(s, names, at, core, correction), as_json)


# -- ship combat -----------------------------------------------------------------------------------------


def _ranged(values: Optional[list[str]], what: str) -> list[tuple[str, int]]:
    found = counts(values, what)
    if not found:
        raise RefereeError(f"name the ships with the range each counts to the target: {what} Phalth=2 'Mier Rhanken=3'")
    return found


@app.command("attack")
def attack(
    attackers: Annotated[Optional[list[str]], typer.Argument(help="SHIP=RANGE for each attacking ship: the hexes from it to the target hex, the target included (0: in it).")] = None,
    at: Annotated[str, typer.Option("--at", help="The target hex: every enemy ship placed there defends.")] = "",
    overload: Annotated[Optional[list[str]], typer.Option("--overload", help="An attacking ship overloading its weapons (optional rule 12.5).")] = None,
    asteroids: Annotated[bool, typer.Option("--asteroids", help="The target hex has asteroids (the scenario's listed ones are known).")] = False,
    rings: Annotated[bool, typer.Option("--rings", help="The target is a ringed planet's hex (12.1.5).")] = False,
    losses_to: Annotated[Optional[list[str]], typer.Option("--losses-to", help="The defender's order for the step losses, given before the roll (else si assign after it).")] = None,
    attack_: Annotated[Optional[int], typer.Option("--attack", help="Quick reading without a file: the total modified attack factor.")] = None,
    defense: Annotated[Optional[int], typer.Option("--defense", help="Quick reading: the total defense.")] = None,
    closed: Annotated[bool, typer.Option("--closed/--open", help="Quick reading: closed order (Table 4: the attackers share a hex) or open (Table 3).")] = False,
    technology: Annotated[int, typer.Option("--technology", help="Quick reading: the attacking side's technology advantage (negative: the defender's).")] = 0,
    roll: Die = None,
    seed: Seed = None,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """A ship attack on a hex (7.1-7.3): each ship's attack by range, the stack's defense, open or closed order from the hexes, the d6 on Table 3 or 4, the step losses."""
    if attack_ is not None or defense is not None:
        if attackers or at:
            raise RefereeError("give the attacking ships and --at (from the scenario file), or --attack and --defense for a quick reading; not both")
        _quick(attack_, defense, "si.closed-order" if closed else "si.open-order", technology, roll, seed, as_json, f"ship attack, {'closed' if closed else 'open'} order")
        return
    if not at:
        raise RefereeError("give the target hex: --at HEX (or --attack N --defense N for a quick reading without a file)")
    from referee.stellar_inferno import ship_phase

    pairs = _ranged(attackers, "give each attacker as")
    take(path, lambda s, si: ship_phase.attack(s, si, pairs, at, dice_for(seed), roll, overload or (), asteroids, rings, losses_to or ()), as_json)


def _quick(
    attack: Optional[int], defense: Optional[int], table: str, technology: int, roll: Optional[str], seed: Optional[int], as_json: bool, purpose: str, modifiers: "tuple[Modifier, ...]" = ()
) -> None:
    """A reading of Table 3, 4 or 5 at the odds given, without a file."""
    from referee.stellar_inferno import odds, optional

    if attack is None or defense is None:
        raise RefereeError("a quick reading needs both --attack and --defense")
    if attack < 0 or defense < 1:
        raise RefereeError(f"the attack is 0 or more and the defense 1 or more, not {attack} and {defense} (Stellar Inferno 7.3.5, 11.1.2)")
    moved = (*modifiers, *odds.technology(technology, optional.in_play(["technology-advantage"])))
    rule = "Stellar Inferno 11.2.1-11.2.3, Table 5" if table == odds.GROUND_COMBAT else odds.ODDS_RULE
    reading = odds.read(files.tables_for(SCENARIO), table, attack, defense, moved, dice_for(seed), roll, purpose, rule)
    if as_json:
        print_json(
            {
                "table": reading.table,
                "odds": reading.odds,
                "how": reading.how,
                "roll": reading.roll.to_dict(),
                "die": reading.die,
                "column": reading.column,
                "result": reading.cell,
                "modifiers": [m.shown() for m in reading.modifiers],
                "rule": reading.rule,
            }
        )
        return
    result = f"{reading.cell} step loss{'es' if reading.cell != 1 else ''}" if isinstance(reading.cell, int) else f"{reading.cell} (defender / attacker step losses)"
    print(f"result: {result}")
    for line in reading.lines():
        print(f"  {line}")
    print(f"  dice: {reading.roll.describe()}")


@app.command("assign")
def assign(
    ships: Annotated[Optional[list[str]], typer.Argument(help="The ships that take the step losses, in the defender's order: each until destroyed.")] = None,
    industrial: Annotated[Optional[int], typer.Option("--industrial", help="Step losses on a planet's terrain: how many fall on industrial points (the rest on settled).")] = None,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """The step losses owed, taken: by ships, ship by ship in the defender's order (7.3.9-7.3.11); by a planet's terrain (12.10.3-12.10.4)."""
    from referee.stellar_inferno import ship_phase

    if industrial is not None:
        if ships:
            raise RefereeError("give the ships, or --industrial for a planet's terrain; not both")
        take(path, lambda s, si: ship_phase.take_terrain(s, industrial), as_json)
        return
    if not ships:
        raise RefereeError("name the ships that take the losses, in order (or --industrial N for a planet's terrain)")
    take(path, lambda s, si: ship_phase.assign(s, ships), as_json)


@app.command("cargo")
def cargo(
    name: Name,
    unit: Annotated[Optional[list[str]], typer.Option("--unit", help="A ground unit aboard eliminated.")] = None,
    supply: Annotated[int, typer.Option("--supply", help="Supply points eliminated.")] = 0,
    ship: Annotated[Optional[list[str]], typer.Option("--ship", help="A ship aboard eliminated.")] = None,
    reduce: Annotated[Optional[list[str]], typer.Option("--reduce", help="A ship aboard reduced by a step to fit (7.4.3).")] = None,
    mines: Annotated[int, typer.Option("--mines", help="Stealth mine points eliminated.")] = 0,
    packs: Annotated[int, typer.Option("--packs", help="Bombardment pack points eliminated.")] = 0,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Cargo eliminated after a step loss: at least the capacity lost (7.4.2), or a carried ship reduced (7.4.3)."""
    from referee.stellar_inferno import ship_phase

    take(path, lambda s, si: ship_phase.eliminate_cargo(s, name, unit or (), supply, ship or (), reduce or (), mines, packs), as_json)


@app.command("load")
def load_(
    carrier: Name,
    ships: Annotated[list[str], typer.Argument(help="The ships of its side in its hex taken aboard.")],
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Ships taken aboard as cargo (Individual Ship Maneuver phase, 6.5)."""
    from referee.stellar_inferno import ship_phase

    take(path, lambda s, si: ship_phase.load_ship(s, carrier, ships), as_json)


@app.command("unload")
def unload(
    carrier: Name,
    ships: Annotated[list[str], typer.Argument(help="The ships aboard it unloaded into its hex.")],
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Ships carried as cargo unloaded into the carrier's hex (Individual Ship Maneuver phase, 6.5)."""
    from referee.stellar_inferno import ship_phase

    take(path, lambda s, si: ship_phase.unload_ship(s, carrier, ships), as_json)


@app.command("bombard")
def bombard(
    planet: Annotated[str, typer.Argument(help="The planet whose economic terrain is bombarded.")],
    attackers: Annotated[list[str], typer.Argument(help="SHIP=RANGE for each bombarding ship.")],
    roll: Die = None,
    seed: Seed = None,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Strategic bombardment of a planet's industrial or settled points, defense 10 (optional rule 12.10)."""
    from referee.stellar_inferno import ship_phase

    pairs = _ranged(attackers, "give each bombarding ship as")
    take(path, lambda s, si: ship_phase.bombard(s, si, planet, pairs, dice_for(seed), roll), as_json)


@app.command("comet")
def comet(
    planet: Annotated[str, typer.Argument(help="The planet whose hex the comet entered.")],
    name: Annotated[str, typer.Option("--comet", help="The comet's marker, as the referee calls it (Comet 1): each comet bombards once.")],
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Raid on Terra: a comet entering a planet hex (invader's Fleet Movement or Maneuver) performs 50 points of surface bombardment, then leaves play."""
    from referee.stellar_inferno import ship_phase

    take(path, lambda s, si: ship_phase.comet(s, planet, name), as_json)


@app.command("recover")
def recover(
    name: Name,
    roll: Annotated[Optional[list[str]], typer.Option("--roll", help="The two dice of an attempt rolled at the table, '3,4' (one --roll an attempt, in order).")] = None,
    seed: Seed = None,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """A ship's damage recovery: a 2d6 for each step lost this turn, at or under its defense repairs one, a 6 cripples it (7.5)."""
    from referee.stellar_inferno import ship_phase

    pairs = [_pair(r) for r in roll or []]
    take(path, lambda s, si: ship_phase.recover(s, name, dice_for(seed), pairs), as_json)


def _pair(text: str) -> "tuple[int | str | None, int | str | None]":
    parts = [p for p in text.replace(",", " ").split() if p]
    if len(parts) != 2:
        raise RefereeError(f"--roll is the two dice of an attempt, '3,4'; not {text!r}")
    return parts[0], parts[1]


# -- planets and ground combat ----------------------------------------------------------------------------


@app.command("land")
def land(name: Name, planet: Annotated[str, typer.Argument(help="The planet whose atmosphere it enters.")], path: ScenarioFile = None, as_json: AsJson = False) -> None:
    """A ship in orbit enters a planet's atmosphere (Landing Actions, 8.1)."""
    from referee.stellar_inferno import ground_phase

    take(path, lambda s, si: ground_phase.land(s, name, planet), as_json)


@app.command("lift")
def lift(name: Name, path: ScenarioFile = None, as_json: AsJson = False) -> None:
    """A ship leaves a planet's atmosphere (Landing Actions, 8.1.3)."""
    from referee.stellar_inferno import ground_phase

    take(path, lambda s, si: ground_phase.lift(s, name), as_json)


@app.command("deploy")
def deploy(
    name: Name,
    units: Annotated[list[str], typer.Argument(help="The ground units aboard put down.")],
    on: Annotated[str, typer.Option("--on", help="The planet.")],
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Ground units put on a planet's surface: landed from the atmosphere, or dropped from orbit (8.3)."""
    from referee.stellar_inferno import ground_phase

    take(path, lambda s, si: ground_phase.deploy(s, name, units, on), as_json)


@app.command("stockpile")
def stockpile(
    name: Name,
    planet: Annotated[str, typer.Argument(help="The planet.")],
    points: Annotated[int, typer.Argument(help="Supply points offloaded.")],
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """A landed ship offloads supply to its side's stockpile, where the side holds an industrial point (9.3.4)."""
    from referee.stellar_inferno import ground_phase

    take(path, lambda s, si: ground_phase.stockpile(s, name, planet, points), as_json)


@app.command("supply")
def supply(
    planet: Annotated[str, typer.Argument(help="The planet whose units of the phasing side are supplied.")],
    order: Annotated[Optional[list[str]], typer.Option("--order", help="The owner's order of the units (the last go without when supply runs short).")] = None,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Ground supply: a point for each of the phasing side's units, or it loses a step (9)."""
    from referee.stellar_inferno import ground_phase

    take(path, lambda s, si: ground_phase.supply(s, planet, order or ()), as_json)


@app.command("ground")
def ground(
    planet: Annotated[Optional[str], typer.Argument(help="The planet of the matchup.")] = None,
    attacker: Annotated[Optional[list[str]], typer.Option("--attacker", help="A unit (or surface ship) of the phasing side in the matchup.")] = None,
    defender: Annotated[Optional[list[str]], typer.Option("--defender", help="A unit (or surface ship) of the other side in the matchup.")] = None,
    attack_: Annotated[Optional[int], typer.Option("--attack", help="Quick reading without a file: the total attack points.")] = None,
    defense: Annotated[Optional[int], typer.Option("--defense", help="Quick reading: the total defense points.")] = None,
    faster: Annotated[bool, typer.Option("--faster", help="Quick reading: every attacking unit outmanoeuvres every defender (11.1.4, read as -1).")] = False,
    printed: Annotated[bool, typer.Option("--printed-bonus", help="Quick reading with --faster: 11.1.4 as printed, +1 to the die.")] = False,
    technology: Annotated[int, typer.Option("--technology", help="Quick reading: the attacking side's technology advantage.")] = 0,
    matchup: Annotated[Optional[int], typer.Option("--matchup", help="The matchup of the planet's deployment attacked in (si deployment), instead of naming the units.")] = None,
    roll: Die = None,
    seed: Seed = None,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """A ground attack in a matchup (11): the attack over the defense on Table 5, the losses each side then takes (si absorb)."""
    if attack_ is not None or defense is not None:
        if planet or attacker or defender:
            raise RefereeError("give the planet and the units (from the scenario file), or --attack and --defense for a quick reading; not both")
        from referee.stellar_inferno import ground_combat as gc
        from referee.stellar_inferno.odds import Modifier

        value, reading = gc.maneuver_bonus(frozenset({"printed-maneuver-bonus"}) if printed else frozenset())
        moved = (Modifier(value, f"the attacking units all outmanoeuvre the defenders: {reading}", gc.MANEUVER_RULE),) if faster else ()
        _quick(attack_, defense, "si.ground-combat", technology, roll, seed, as_json, "ground attack", moved)
        return
    if not planet or (matchup is None and (not attacker or not defender)):
        raise RefereeError(
            "give the planet and --matchup N of its deployment, or an --attacker and a --defender for each unit or surface ship in the matchup (or --attack N --defense N for a quick reading)"
        )
    from referee.stellar_inferno import ground_phase

    take(path, lambda s, si: ground_phase.ground_attack(s, si, planet, attacker or (), defender or (), dice_for(seed), roll, matchup), as_json)


@app.command("absorb")
def absorb(
    side: Annotated[str, typer.Argument(help="The side taking its losses: invader or defender (the defender first, 11.3.1).")],
    steps: Annotated[Optional[list[str]], typer.Option("--steps", help="NAME=N: steps a unit (or ship) of the matchup loses.")] = None,
    surrender: Annotated[int, typer.Option("--surrender", help="Terrain points surrendered instead (industrial first; at most the lowest maneuver of the side's units).")] = 0,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """A side takes the losses of the last ground attack: steps and terrain surrendered (11.3-11.4)."""
    from referee.stellar_inferno import ground_phase

    given = dict(counts(steps, "--steps"))
    take(path, lambda s, si: ground_phase.absorb(s, s.role(side), given, surrender), as_json)


@app.command("deployment")
def deployment(planet: Annotated[str, typer.Argument(help="The planet whose ground units and surface ships are deployed in matchups.")], path: ScenarioFile = None, as_json: AsJson = False) -> None:
    """Ground deployment begins on a planet (Ground Combat phase, 10): the defender deploys a unit first."""
    from referee.stellar_inferno import matchups

    take(path, lambda s, si: matchups.begin(s, planet), as_json)


@app.command("match")
def match(
    planet: Annotated[str, typer.Argument(help="The planet of the deployment.")],
    name: Annotated[Optional[str], typer.Argument(help="The ground unit or surface ship deployed, by the side whose move it is.")] = None,
    matchup: Annotated[Optional[int], typer.Option("--matchup", help="Add it to this matchup (units left over, 10.1.3; ships, 10.2).")] = None,
    decline_: Annotated[bool, typer.Option("--decline", help="The side to move adds nothing more: its units or ships left go to the reserve.")] = False,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Deploy a ground unit or surface ship in the planet's matchups, the sides in turn (10.1-10.2)."""
    from referee.stellar_inferno import matchups

    if decline_ == bool(name):
        raise RefereeError("give the unit or ship deployed, or --decline for the side to move; one of them")
    if decline_:
        take(path, lambda s, si: matchups.decline(s, planet), as_json)
        return
    assert name is not None
    take(path, lambda s, si: matchups.commit(s, planet, name, matchup), as_json)


# -- the optional rules ------------------------------------------------------------------------------------

Dice = Annotated[Optional[list[str]], typer.Option("--roll", help="A d6 rolled at the table (1-6), one --roll a die, in the order the rolls are made.")]


@app.command("maneuver")
def maneuver(
    name: Name,
    hexes: Annotated[int, typer.Argument(help="The hexes it moves (6.4.1).")],
    to: Annotated[str, typer.Option("--to", help="The hex it reaches: J9, or 6/J9.")] = "",
    core: Annotated[Optional[int], typer.Option("--core", help="With --to: the hex's distance from the core, where no ship is yet.")] = None,
    asteroid_hexes: Annotated[int, typer.Option("--asteroid-hexes", help="Asteroid hexes entered: a d6 each, a step loss under the hexes moved (optional rule 12.1).")] = 0,
    star: Annotated[str, typer.Option("--star", help="The star whose hex it enters in a grazing orbit: its rating in more hexes, and a radiation d6 (optional rule 12.2).")] = "",
    overload: Annotated[bool, typer.Option("--overload", help="Overload its engines: +1 maneuver, and on a d6 of 2 or less no more maneuver (optional rule 12.4).")] = False,
    away: Annotated[bool, typer.Option("--away", help="Invasion of Portborough: an FF out of range of its home CV, its maneuver halved.")] = False,
    roll: Dice = None,
    seed: Seed = None,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """A ship's individual maneuver (6.4) with its hazards: overloaded engines, then a grazing orbit's radiation, then the asteroids (dice in that order)."""
    from referee.stellar_inferno import maneuver_phase

    take(path, lambda s, si: maneuver_phase.maneuver(s, name, hexes, dice_for(seed), roll or (), to, core, asteroid_hexes, star, overload, away), as_json)


@app.command("leave")
def leave(name: Name, correction: Correction = False, path: ScenarioFile = None, as_json: AsJson = False) -> None:
    """A ship leaves the map (6.4.3): removed from the game with its cargo, not destroyed, no victory points; in its side's Fleet Movement or Individual Ship Maneuver ([4]); --correction otherwise."""
    from referee.stellar_inferno import maneuver_phase

    take(path, lambda s, si: maneuver_phase.leave(s, name, correction), as_json)


@app.command("sweep")
def sweep(
    sweepers: Annotated[list[str], typer.Argument(help="SHIP=RANGE for each sweeping ship: the hexes to the swept hex (within its range factor).")],
    at: Annotated[str, typer.Option("--at", help="The enemy stack's hex.")],
    reveal: Annotated[Optional[list[str]], typer.Option("--reveal", help="The owner's order of the ships he reveals (else the lowest defense first).")] = None,
    roll: Die = None,
    seed: Seed = None,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """A sensor sweep of an enemy stack in the maneuver phase: the range ratings as an attack, the result the ships revealed (optional rule 12.6)."""
    from referee.stellar_inferno import maneuver_phase

    pairs = _ranged(sweepers, "give each sweeping ship as")
    take(path, lambda s, si: maneuver_phase.sweep(s, si, pairs, at, dice_for(seed), roll, reveal or ()), as_json)


def _two(roll: Optional[list[str]]) -> "tuple[str | None, str | None]":
    found = list(roll or [])
    if len(found) > 2:
        raise RefereeError(f"--roll is the ram's d6, then the ram back's: two at most, not {len(found)}")
    return (found[0] if found else None), (found[1] if len(found) > 1 else None)


@app.command("ram")
def ram(
    name: Name,
    target: Annotated[str, typer.Argument(help="The enemy ship in its hex, slower than it.")],
    away: Annotated[Optional[list[str]], typer.Option("--away", help="Invasion of Portborough: an FF (rammer or target) out of range of its home CV.")] = None,
    roll: Dice = None,
    seed: Seed = None,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """A ram in the maneuver phase: a closed order attack with the rammer's defense, and the survivor rams back (optional rule 12.8); --roll the ram's d6, then the ram back's."""
    from referee.stellar_inferno import maneuver_phase

    first, back = _two(roll)
    take(path, lambda s, si: maneuver_phase.ram(s, si, name, target, dice_for(seed), first, back, away or ()), as_json)


@app.command("board")
def board(
    name: Name,
    target: Annotated[str, typer.Argument(help="The enemy ship in its hex, slower than it.")],
    away: Annotated[Optional[list[str]], typer.Option("--away", help="Invasion of Portborough: an FF out of range of its home CV.")] = None,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Declare a boarding in the maneuver phase; the boarder does not maneuver this turn (optional rule 12.13)."""
    from referee.stellar_inferno import boarding_phase

    take(path, lambda s, si: boarding_phase.declare(s, name, target, away or ()), as_json)


@app.command("boarding")
def boarding(name: Name, roll: Die = None, seed: Seed = None, path: ScenarioFile = None, as_json: AsJson = False) -> None:
    """The boarding combat in the Ground Combat phase, on Table 5; then each side's losses (si absorb), a ship captured at its remaining steps (12.13)."""
    from referee.stellar_inferno import boarding_phase

    take(path, lambda s, si: boarding_phase.fight(s, si, name, dice_for(seed), roll), as_json)


@app.command("stow")
def stow(
    name: Name,
    mines: Annotated[int, typer.Option("--mines", help="Stealth mine points carried (optional rule 12.3).")] = 0,
    packs: Annotated[int, typer.Option("--packs", help="Bombardment pack points carried (optional rule 12.11).")] = 0,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Mines and bombardment packs a ship carries as cargo, determined before the scenario starts (12.3.1, 12.11.1)."""
    from referee.stellar_inferno import optional_phase

    take(path, lambda s, si: optional_phase.stow(s, name, mines, packs), as_json)


@app.command("lay")
def lay(name: Name, points: Annotated[int, typer.Argument(help="Mine points laid from its cargo.")], path: ScenarioFile = None, as_json: AsJson = False) -> None:
    """Stealth mines laid in the ship's hex, in the Landing Actions phase (optional rule 12.3)."""
    from referee.stellar_inferno import mines_phase

    take(path, lambda s, si: mines_phase.lay(s, name, points), as_json)


@app.command("mines")
def mines(
    hex_: Annotated[str, typer.Argument(metavar="HEX", help="The hex of the phasing side's mines.")],
    to: Annotated[str, typer.Option("--to", help="The hex they reach.")],
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """A minefield moved with its side's fleet movement (Fleet Movement phase, 12.3.3)."""
    from referee.stellar_inferno import mines_phase

    take(path, lambda s, si: mines_phase.move(s, hex_, to), as_json)


@app.command("strike")
def strike(
    hex_: Annotated[str, typer.Argument(metavar="HEX", help="The hex of the phasing side's mines, before they move on.")],
    at: Annotated[str, typer.Option("--at", help="The hex of the opponent's ships the mines enter or pass through.")],
    roll: Dice = None,
    seed: Seed = None,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Mines attack the opponent's ships in a hex they enter or pass through: a d6 a mine point, a 1 strikes (12.3.4-12.3.6)."""
    from referee.stellar_inferno import mines_phase

    take(path, lambda s, si: mines_phase.strike(s, hex_, at, dice_for(seed), roll or ()), as_json)


@app.command("agent")
def agent(
    name: Annotated[str, typer.Argument(help="The psi agent's name.")],
    aboard: Annotated[str, typer.Option("--aboard", help="The ship he is aboard.")],
    psi: Annotated[int, typer.Option("--psi", help="His psi rating (1-9).")],
    correction: Annotated[bool, typer.Option("--correction", help="The referee corrects the record: an agent aboard a ship in play that the record missed.")] = False,
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Enter a psi agent aboard a ship of its side, before the scenario starts or aboard a ship not yet on the map: the highest aboard adds his rating to its attack and defense, up to double (optional rule 12.7)."""
    from referee.stellar_inferno import optional_phase

    take(path, lambda s, si: optional_phase.assign_agent(s, name, aboard, psi, correction), as_json)


@app.command("transfer")
def transfer(
    name: Annotated[str, typer.Argument(help="The psi agent.")],
    to: Annotated[str, typer.Argument(help="The ship of his side in the same hex he moves to.")],
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """A psi agent moves between two ships in one hex that did nothing but fleet movement this turn (Landing Actions, 12.7.6)."""
    from referee.stellar_inferno import optional_phase

    take(path, lambda s, si: optional_phase.transfer_agent(s, name, to), as_json)


@app.command("packs")
def packs(
    name: Name,
    planet: Annotated[str, typer.Argument(help="The planet it orbits.")],
    points: Annotated[int, typer.Argument(help="Bombardment pack points deployed.")],
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Bombardment packs deployed from orbit as a temporary ground unit, expended at the end of the turn (Landing Actions, optional rule 12.11)."""
    from referee.stellar_inferno import optional_phase

    take(path, lambda s, si: optional_phase.deploy_packs(s, name, planet, points), as_json)


# -- design --------------------------------------------------------------------------------------------


@app.command("design")
def design_(
    step: Annotated[Optional[list[str]], typer.Option("--step", help="A step's factors, all six: 'A4 C0 D5 M3 P0 R5', the full step first.")] = None,
    speciality: Annotated[str, typer.Option("--speciality", help="Check it against a Table 2 speciality ship: HF, CV, MB ...")] = "",
    name: Annotated[str, typer.Option("--name", help="Enter the design as this ship in the scenario file (with --code and --side for a new one).")] = "",
    code: Annotated[str, typer.Option("--code", help="With --name: the new ship's class.")] = "",
    side: Annotated[str, typer.Option("--side", help="With --name: the new ship's side.")] = "",
    path: ScenarioFile = None,
    as_json: AsJson = False,
) -> None:
    """Ship design by point cost (12.9): the cost formula, its Table 1 category, the reduced steps' point ratings, a Table 2 speciality checked."""
    from referee.stellar_inferno import design, optional, setup
    from referee.stellar_inferno.scenario_file import read_factors

    if not step:
        raise RefereeError("give the design's factors: --step 'A4 C0 D5 M3 P0 R5' (and one --step a reduced step)")
    if name:
        take(path, lambda s, si: setup.enter_ship(s, si, name, step, code, side, designed=True, speciality=speciality), as_json)
        return
    factors = [read_factors(text, f"step {n}") for n, text in enumerate(step, 1)]
    made = design.design(files.tables_for(SCENARIO), factors, optional.in_play(["ship-design"]), speciality.strip().upper())
    if as_json:
        print_json(
            {
                "cost": made.cost.total,
                "formula": made.cost.formula,
                "category": {"code": made.category.code, "name": made.category.name, "minimum": made.category.minimum},
                "step_points": list(made.step_points),
                "speciality": None
                if made.speciality is None
                else {"code": made.speciality.code, "meets": not made.speciality.unmet, "unmet": list(made.speciality.unmet), "cost_reached": made.speciality.cost_reached},
                "lines": list(made.lines()),
            }
        )
        return
    for line in made.lines():
        print(line)
