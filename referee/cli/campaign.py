"""``referee campaign``: the Second Sathar War from the shell. Each command loads the campaign file,
takes one action, saves it atomically (the last save kept as FILE.bak) and prints what happened
with its dice and rule. A refused action prints one line, exits 2 and leaves the file unchanged."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import click
import typer

from referee.cli import files
from referee.cli.files import dice_for, pairs
from referee.cli.groups import RefereeGroup, group
from referee.cli.output import AsJson, print_json, print_steps
from referee.cli.pack import pack
from referee.errors import RefereeError
from referee.sathar_war.kind import campaign_of

if TYPE_CHECKING:
    import random

    from referee.sathar_war.campaign import Campaign, Done
    from referee.tables import Tables

# The rule systems whose tables a campaign looks up: its own, and Knight Hawks' (ships, repairs, the
# battles it exports). The others' tables are not read (a test checks that the rules name no other).
SYSTEMS = ("kh", "ssw")


class CampaignGroup(RefereeGroup):
    """Every campaign command but ``new`` and ``pack`` takes ``--without-log``: a campaign file copied without
    its log beside it goes on with a log from here, not asked (:func:`files.go_on_without_log`)."""

    LISTS = {"ship": "referee campaign forces", "fleet": "referee campaign forces"}  # (a ship or fleet named wrongly: where they all are)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None and not isinstance(command, click.Group) and cmd_name not in ("new", "pack") and WITHOUT_LOG not in command.params:
            command.params.append(WITHOUT_LOG)
        return command


def _without_log(ctx: click.Context, _: click.Parameter, value: bool) -> None:
    if value:
        ctx.meta[files.WITHOUT_LOG] = True


WITHOUT_LOG = click.Option(
    [files.WITHOUT_LOG],
    is_flag=True,
    expose_value=False,
    callback=_without_log,
    help="If the campaign's log file is missing (the file copied without it): go on with a log from here, the old lines lost, without asking.",
)


app = group("The Second Sathar War: set up, move, supply, repair, fight and advance the strategic campaign.", CampaignGroup)
battle_app = group("Battles: contested systems, attack declarations, outcomes ship by ship or through a Knight Hawks battle file.", CampaignGroup)
fleet_app = group("Fleets, carriers and stations: form and split fleets, land and launch fighters, dock.", CampaignGroup)
repairs_app = group("Repairs: construction centre queues, today's orders, repairs in space with the ship's DCR, the Void.", CampaignGroup)
app.add_typer(battle_app, name="battle")
app.add_typer(fleet_app, name="fleet")
app.add_typer(repairs_app, name="repairs")

CAMPAIGN = files.CommandFile("campaign", "--campaign", "-c", "REFEREE_CAMPAIGN", "campaign new", "FILE", SYSTEMS)
CampaignFile = Annotated[Optional[Path], files.option(CAMPAIGN)]
Names = Annotated[list[str], typer.Argument(help="Ships or fleets, by name (any case).")]
Seed = Annotated[Optional[int], files.seed("Seed the virtual dice (for a repeatable game).")]
Rolls = Annotated[Optional[list[str]], typer.Option("--roll", help="A die result rolled at the table: NN, or NAME=NN where several roll (repeat).")]


def _note(value: str) -> str:
    """The referee's note for the log: printable text (line breaks and tabs allowed)."""
    from referee import strict

    return strict.plain(value, "the --override note", lines=True)


Override = Annotated[str, typer.Option("--override", callback=_note, help="Set aside the program's reading of the rule that refuses this, where the table agrees otherwise: the note is logged.")]


def open_campaign(path: Optional[Path]) -> tuple[Campaign, Tables]:
    journal = files.opened(path, CAMPAIGN)
    return campaign_of(journal), journal.tables


def save_campaign(path: Path, campaign: Campaign, every: Tables) -> None:
    """Save atomically, once the text reads back as a load reads it (a state that would not load is refused)."""
    from referee import storage
    from referee.sathar_war import campaign_file

    storage.write_text(path, campaign_file.text(campaign, every))


def take(path: Optional[Path], action: Callable[[Campaign, Tables], Done], as_json: bool) -> Done:
    """Load, act, save, print the action's log lines with the day and step it leaves
    (:func:`files.take`)."""
    return files.take(path, CAMPAIGN, action, lambda done: print_steps(done.entries, as_json, {"day": done.campaign.day, "step": done.campaign.step}))


def rolled(values: Optional[list[str]]) -> dict[str, str]:
    """``--roll 42`` (keyed '') or ``--roll NAME=42``."""
    found: dict[str, str] = {}
    for value in values or []:
        if "=" not in value:
            found[""] = value
        else:
            found.update(pairs([value], "a roll"))
    return found


def seeded(seed: Optional[int]) -> Optional[random.Random]:
    """The dice seeded as asked, or None: a move or an advance then makes its own dice only if it
    rolls (most roll nothing, and do not import random)."""
    return None if seed is None else dice_for(seed)


def one_roll(values: Optional[list[str]]) -> Optional[str]:
    found = rolled(values)
    if set(found) - {""}:
        raise RefereeError("this step rolls one die: give --roll NN")
    return found.get("")


# ---------------------------------------------------------------------- the war


@app.command("new")
def new(
    path: Annotated[Path, typer.Argument(help="The new campaign file.")],
    map_file: Annotated[Optional[Path], typer.Option("--map", help="A Frontier map file (default: the bundled campaigns/frontier-map.toml).")] = None,
    no_replacements: Annotated[bool, typer.Option("--no-replacements", help="Play without the optional Replacements rule.")] = False,
    shatter_drones: Annotated[bool, typer.Option("--shatter-drones", help="Play with the optional Shatter Drones rule.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Replace the file if it exists.")] = False,
    as_json: AsJson = False,
) -> None:
    """Start the war: every ship and station of the orders of battle, at set-up (day 0)."""
    from referee import storage, tables
    from referee.resources import campaigns_dir
    from referee.sathar_war import forces, frontier

    if storage.exists(storage.new_file(path)) and not force:
        raise RefereeError(f"{path} exists; give another name, or --force to replace it")
    chart = frontier.read(map_file or campaigns_dir() / "frontier-map.toml")
    every = tables.load(prefix=SYSTEMS)
    campaign = forces.new_war(every, chart, replacements=not no_replacements, shatter_drones=shatter_drones)
    save_campaign(path, campaign, every)
    print_steps(campaign.log, as_json, {"day": 0, "step": "setup"})
    if not as_json:
        print(f"saved {path}; next: place the Sathar (campaign place SHIPS --circle C) and choose the retreat condition (campaign retreat N)")


app.command("pack")(pack)  # (referee pack, by the campaign's name for it: any kind of file)


@app.command("status")
def status(campaign_file: CampaignFile = None, secrets: Annotated[bool, files.secrets("Show the sealed retreat condition (referee only).")] = False, as_json: AsJson = False) -> None:
    """The Time Record Track, the step and what to do next, alerts, and the victory tally."""
    from referee.sathar_war import report

    campaign, _ = open_campaign(campaign_file)
    found = report.status(campaign, secrets)
    if as_json:
        print_json(found)
        return
    for key in ("track", "next", "alerts"):
        for line in found[key] if isinstance(found[key], list) else [found[key]]:
            print(f"{key:7} {line}")
    tally = found["tally"]
    print("tally   " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in tally.items()))
    print(f"secret  {found['retreat_condition']}")
    for line in found["retreat_progress"]:
        print(f"secret  now: {line}")
    if found["outcome"]:
        print(f"outcome {found['outcome']}")


@app.command("forces")
def forces_(
    campaign_file: CampaignFile = None,
    side: Annotated[Optional[str], typer.Option("--side", help="Sathar or UPF.")] = None,
    fleet: Annotated[Optional[str], typer.Option("--fleet", help="One fleet.")] = None,
    at: Annotated[Optional[str], typer.Option("--at", help="A system, route or start circle.")] = None,
    kind: Annotated[Optional[str], typer.Option("--type", help="A class: frigate, fighter, fortress ...")] = None,
    state: Annotated[Optional[str], typer.Option("--state", help="active, off-map, destroyed, misjumped, void, damaged, out-of-supply ...")] = None,
    as_json: AsJson = False,
) -> None:
    """Every fleet, ship and station, filterable; one line each with its place, hull and supply."""
    from referee.sathar_war import report

    campaign, _ = open_campaign(campaign_file)
    rows = report.forces(campaign, side=side, fleet=fleet, at=at, kind=kind, state=state)
    if as_json:
        print_json(rows)
        return
    for row in rows:
        fleet_name = f" [{row['fleet']}]" if row["fleet"] else ""
        aboard = f" aboard {row['carried_by']}" if row["carried_by"] else ""
        where = f" at {row['place']}" if row["place"] != row["status"] else ""  # (off the map, in the Void or lost: its status says where)
        print(f"{row['name']}{fleet_name}: {row['class']}, {row['status']}{aboard}{where}; hull {row['hull']}/{row['hull_points']}; {row['supply']}")
    print(f"{len(rows)} units")


@app.command("roster")
def roster(name: Annotated[str, typer.Argument(help="A ship or station.")], campaign_file: CampaignFile = None, as_json: AsJson = False) -> None:
    """One ship's roster: hull, ADF, MR, DCR, weapons and defenses with ammunition left, damage."""
    from referee.sathar_war import report

    campaign, _ = open_campaign(campaign_file)
    found = report.roster(campaign, name)
    if as_json:
        print_json(found)
        return
    for key, value in found.items():
        print(f"{key:14} {', '.join(value) if isinstance(value, list) else value}")


@app.command("move")
def move(
    names: Names,
    campaign_file: CampaignFile = None,
    toward: Annotated[
        Optional[str],
        typer.Option(
            "--toward",
            help="Any system or start circle: the way of fewest days, a day at a time (a journey further than a day is kept: campaign continue moves it on); on a route: either end (turning back).",
        ),
    ] = None,
    rate: Annotated[Optional[int], typer.Option("--rate", help="Transit boxes a day: 1, or 2 or 3 to risk-jump.")] = None,
    planet: Annotated[Optional[str], typer.Option("--planet", help="The planet to stop at in the system they are bound for (or, with no --toward, to move to in their system).")] = None,
    group_: Annotated[Optional[list[str]], typer.Option("--group", help="Ships interlocking computers for the jump, comma-separated (repeat); others roll alone. Default: all together.")] = None,
    roll: Rolls = None,
    seed: Seed = None,
    as_json: AsJson = False,
) -> None:
    """Move ships or fleets one day along the map (ships in different places bound for one place: each group its own way); a risk jump rolls for misjumps on entering the jump box."""
    from referee.sathar_war import movement

    groups = [[n.strip() for n in g.split(",") if n.strip()] for g in group_ or []]
    take(campaign_file, lambda c, t: movement.move(c, t, names, toward or "", rate, planet or "", groups, seeded(seed), rolled(roll)), as_json)


@app.command("continue")
def continue_(campaign_file: CampaignFile = None, roll: Rolls = None, seed: Seed = None, as_json: AsJson = False) -> None:
    """Every journey the side moving keeps goes on one day, each group its own way (a risk jump rolls: --roll SHIP=NN); a group that may not go on says why."""
    from referee.sathar_war import movement

    take(campaign_file, lambda c, t: movement.carry_on(c, t, seeded(seed), rolled(roll)), as_json)


@app.command("stop")
def stop(names: Names, campaign_file: CampaignFile = None, as_json: AsJson = False) -> None:
    """Ships or fleets give up the journey they keep: they stay where they are (in a transit box, coasting)."""
    from referee.sathar_war import movement

    take(campaign_file, lambda c, t: movement.stop(c, names), as_json)


@app.command("advance")
def advance(campaign_file: CampaignFile = None, roll: Rolls = None, override: Override = "", seed: Seed = None, as_json: AsJson = False) -> None:
    """The next step of the turn sequence; from step 4, the end of the day (fighters, rearming, repairs, replacements) and the next day."""
    from referee.sathar_war import turn

    take(campaign_file, lambda c, t: turn.advance(c, t, seeded(seed), rolled(roll), override), as_json)


@app.command("supply")
def supply(
    name: Annotated[Optional[str], typer.Argument(help="A ship: show the path that proves its supply.")] = None,
    campaign_file: CampaignFile = None,
    side: Annotated[Optional[str], typer.Option("--side", help="Sathar or UPF.")] = None,
    as_json: AsJson = False,
) -> None:
    """Every ship's supply state, or one ship's supply path."""
    from referee.sathar_war import report

    campaign, _ = open_campaign(campaign_file)
    rows = report.supply(campaign, name, side)
    if as_json:
        print_json(rows)
        return
    for row in rows:
        proof = " -> ".join(row["path"]) if row["path"] else "no path"
        print(f"{row['name']}: {'in supply' if row['in_supply'] else 'OUT OF SUPPLY'} ({proof})")
    print(f"[{report.SUPPLY_RULE}]")


@app.command("log")
def log(campaign_file: CampaignFile = None, last: Annotated[int, typer.Option("--last", help="Only the last N lines (0: all).")] = 0, as_json: AsJson = False) -> None:
    """Every action and roll of the campaign, with its dice receipts and rule."""
    campaign, _ = open_campaign(campaign_file)
    entries = campaign.log[-last:] if last > 0 else campaign.log
    if as_json:
        print_steps(entries, True)
        return
    for entry in entries:
        print(f"day {entry.day} {entry.step}: {entry.text}")
        for die in entry.rolls:
            print(f"  dice: {die}")
        if entry.rule:
            print(f"  [{entry.rule}]")


# ---------------------------------------------------------------------- set-up and reinforcements


@app.command("place")
def place(
    names: Names,
    campaign_file: CampaignFile = None,
    circle: Annotated[Optional[str], typer.Option("--circle", help="Sathar: the start circle (or its system's name).")] = None,
    at: Annotated[Optional[str], typer.Option("--at", help="UPF non-attached ships at set-up: the planet.")] = None,
    as_json: AsJson = False,
) -> None:
    """Place Sathar ships in a start circle (set-up or reinforcements), or non-attached UPF ships at set-up."""
    from referee.sathar_war import setup

    if (circle is None) == (at is None):
        raise RefereeError("give --circle (Sathar ships) or --at PLANET (non-attached UPF ships)")
    if circle is not None:
        take(campaign_file, lambda c, t: setup.place_sathar(c, names, circle), as_json)
    else:
        take(campaign_file, lambda c, t: setup.place_upf(c, names, at or ""), as_json)


@app.command("nova")
def nova(campaign_file: CampaignFile = None, roll: Rolls = None, seed: Seed = None, as_json: AsJson = False) -> None:
    """Place Strike Force NOVA where 1d10 on the placement table says (after the Sathar set-up, or at the start of a UPF move)."""
    from referee.sathar_war import setup

    take(campaign_file, lambda c, t: setup.place_nova(c, t, dice_for(seed), one_roll(roll)), as_json)


@app.command("retreat")
def retreat(condition: Annotated[int, typer.Argument(help="1-5, see: referee table show ssw.retreat-conditions")], campaign_file: CampaignFile = None, as_json: AsJson = False) -> None:
    """The Sathar player's secret retreat condition, before the first turn (kept sealed)."""
    from referee.sathar_war import setup

    take(campaign_file, lambda c, t: setup.choose_retreat(c, condition), as_json)


@app.command("drones")
def drones(
    side: Annotated[str, typer.Argument(help="Sathar or UPF.")],
    names: Annotated[list[str], typer.Argument(help="Two frigates.")],
    campaign_file: CampaignFile = None,
    as_json: AsJson = False,
) -> None:
    """Choose a side's two shatter drones before the first turn (optional rule)."""
    from referee.sathar_war import setup

    take(campaign_file, lambda c, t: setup.choose_drones(c, side, names), as_json)


@app.command("replace")
def replace(
    name: Annotated[str, typer.Argument(help="A destroyed UPF ship.")],
    at: Annotated[str, typer.Option("--at", help="The fortress or fortified station it is owed at.")],
    campaign_file: CampaignFile = None,
    as_json: AsJson = False,
) -> None:
    """Bring back a destroyed UPF ship owed by the replacements, at its fortress or fortified station."""
    from referee.sathar_war import turn

    take(campaign_file, lambda c, t: turn.replace_upf(c, t, name, at), as_json)


# ---------------------------------------------------------------------- fleets


@fleet_app.command("join")
def fleet_join(fleet: Annotated[str, typer.Argument(help="The fleet (formed if new).")], names: Names, campaign_file: CampaignFile = None, as_json: AsJson = False) -> None:
    """Ships (or a whole fleet: merging) join a fleet in the same place; they leave their old fleet."""
    from referee import strict
    from referee.sathar_war import fleets

    strict.name(fleet, "a fleet's name")
    take(campaign_file, lambda c, t: fleets.join(c, fleet, names), as_json)


@fleet_app.command("detach")
def fleet_detach(names: Names, campaign_file: CampaignFile = None, as_json: AsJson = False) -> None:
    """Ships leave their fleet (a fleet's name disbands it)."""
    from referee.sathar_war import fleets

    take(campaign_file, lambda c, t: fleets.detach(c, names), as_json)


@fleet_app.command("land")
def fleet_land(names: Names, on: Annotated[str, typer.Option("--on", help="The assault carrier or station.")], campaign_file: CampaignFile = None, as_json: AsJson = False) -> None:
    """Fighters go aboard a carrier or are based at a station."""
    from referee.sathar_war import fleets

    take(campaign_file, lambda c, t: fleets.land(c, names, on), as_json)


@fleet_app.command("launch")
def fleet_launch(names: Names, campaign_file: CampaignFile = None, as_json: AsJson = False) -> None:
    """Fighters leave their carrier or station into the system."""
    from referee.sathar_war import fleets

    take(campaign_file, lambda c, t: fleets.launch(c, names), as_json)


@fleet_app.command("dock")
def fleet_dock(names: Names, campaign_file: CampaignFile = None, as_json: AsJson = False) -> None:
    """Ships dock at the station of their planet (to join its construction centre's repair queue)."""
    from referee.sathar_war import fleets

    take(campaign_file, lambda c, t: fleets.dock(c, names), as_json)


# ---------------------------------------------------------------------- repairs


@repairs_app.callback(invoke_without_command=True)
def repairs(ctx: typer.Context, campaign_file: CampaignFile = None, as_json: AsJson = False) -> None:
    """Every construction centre's queue with days to finish; Sathar ships in the Void."""
    from referee.sathar_war import report

    if ctx.invoked_subcommand is not None:
        return
    campaign, _ = open_campaign(campaign_file)
    found = report.repairs(campaign)
    if as_json:
        print_json(found)
        return
    for centre in found["centres"]:
        owner = {"UPF": "open", "Sathar": "captured by the Sathar", "": "closed"}[centre["owner"]]
        print(f"{centre['centre']}: {centre['capacity']} hull points a day, {owner}")
        for ship in centre["queue"]:
            print(f"  {ship['name']}: hull {ship['hull']}, systems {', '.join(ship['systems']) or 'none'}; done in {ship['days']} day(s); today: {ship['today']}")
    for ship in found["void"]:
        print(f"in the Void: {ship['name']}, returns day {ship['returns']} ({ship['circle']})")
    print(f"[{report.REPAIRS}]")


@repairs_app.command("order")
def repairs_order(
    name: Annotated[str, typer.Argument(help="A ship in a repair queue.")],
    campaign_file: CampaignFile = None,
    hull: Annotated[int, typer.Option("--hull", help="Hull points from its centre's capacity today.")] = 0,
    system: Annotated[Optional[str], typer.Option("--system", help="Or one system to restore today: adf, mr, LB, navigation ...")] = None,
    as_json: AsJson = False,
) -> None:
    """Today's work for a ship at a construction centre: hull points, or one system (no hull that day)."""
    from referee.sathar_war import repairs as rules

    take(campaign_file, lambda c, t: rules.order(c, name, hull, system or ""), as_json)


@repairs_app.command("space")
def repairs_space(
    name: Annotated[str, typer.Argument(help="The ship (or station) repairing itself.")],
    repair: Annotated[list[str], typer.Option("--repair", help="TARGET=DCR points: hull=40, adf=10, LB=20 ... (repeat).")],
    campaign_file: CampaignFile = None,
    roll: Annotated[Optional[list[str]], typer.Option("--roll", help="Each repair's d100 rolled at the table, in order (repeat).")] = None,
    hull_roll: Annotated[Optional[list[str]], typer.Option("--hull-roll", help="The 1d10 of a successful hull repair (repeat).")] = None,
    override: Override = "",
    seed: Seed = None,
    as_json: AsJson = False,
) -> None:
    """A repair turn with the ship's (or station's) own DCR after each battle it fought; a failed hull repair leaves a ship's hull to a station."""
    from referee.cli.files import counts
    from referee.knight_hawks.repair import Repair
    from referee.sathar_war import repairs as rules

    blocks = [Repair(target, points) for target, points in counts(repair, "DCR points for a repair")]
    take(campaign_file, lambda c, t: rules.repair_in_space(c, name, blocks, dice_for(seed), list(roll or []), list(hull_roll or []), override), as_json)


@repairs_app.command("void")
def repairs_void(names: Names, campaign_file: CampaignFile = None, as_json: AsJson = False) -> None:
    """Sathar ships in a start circle enter the Void; they return completely repaired six days on."""
    from referee.sathar_war import repairs as rules

    take(campaign_file, lambda c, t: rules.enter_void(c, names), as_json)


# ---------------------------------------------------------------------- battles


@battle_app.callback(invoke_without_command=True)
def battles(ctx: typer.Context, campaign_file: CampaignFile = None, as_json: AsJson = False) -> None:
    """Every system where both sides are, with the ships that may fight and the suggested rules; today's attacks."""
    from referee.sathar_war import report

    if ctx.invoked_subcommand is not None:
        return
    campaign, every = open_campaign(campaign_file)
    found = report.battles(campaign, every)
    if as_json:
        print_json(found)
        return
    for place in found["contested"]:
        print(f"{place['system']} (planets {', '.join(place['planets'])}): {len(place['sathar'])} Sathar, {len(place['upf'])} UPF; {place['rules']}")
        print(f"  Sathar: {', '.join(place['sathar'])}")
        print(f"  UPF: {', '.join(place['upf'])}")
    for fight in found["declared"]:
        print(f"declared: {fight['attacker']} attack at {fight['planet']} ({fight['system']}), fought with the {fight['game']} rules; suggested: {fight['rules']}")
    if not found["contested"]:
        print("no system holds both sides")
    print(f"[{report.COMBAT_RULE}]")


@battle_app.command("declare")
def battle_declare(
    system: Annotated[str, typer.Argument(help="The contested system.")],
    campaign_file: CampaignFile = None,
    planet: Annotated[Optional[str], typer.Option("--planet", help="The planet attacked (needed in a two-planet system).")] = None,
    ships: Annotated[Optional[list[str]], typer.Option("--ship", help="Only these attacking ships or fleets (repeat); default all there.")] = None,
    rules_: Annotated[Optional[str], typer.Option("--rules", help="basic or advanced: the rules the battle is fought with (default: the chart's suggestion).")] = None,
    as_json: AsJson = False,
) -> None:
    """Declare an attack (the side whose attack step it is), and the rules it is fought with."""
    from referee.sathar_war import battles as rules

    take(campaign_file, lambda c, t: rules.declare(c, t, system, planet or "", ships or [], rules_ or ""), as_json)


@battle_app.command("result")
def battle_result(
    name: Annotated[str, typer.Argument(help="A ship (or station) that fought today.")],
    campaign_file: CampaignFile = None,
    hull: Annotated[Optional[int], typer.Option("--hull", help="Hull points left.")] = None,
    adf: Annotated[Optional[int], typer.Option("--adf", help="ADF left.")] = None,
    mr: Annotated[Optional[int], typer.Option("--mr", help="MR left.")] = None,
    dcr: Annotated[Optional[int], typer.Option("--dcr", help="DCR left.")] = None,
    lost: Annotated[Optional[list[str]], typer.Option("--lost", help="A weapon or defense destroyed (repeat): LB, T, ES ...")] = None,
    damaged: Annotated[Optional[list[str]], typer.Option("--damaged", help="A damaged system (repeat): combat-control, navigation, electrical-fire ...")] = None,
    spent: Annotated[Optional[list[str]], typer.Option("--spent", help="Ammunition spent, CODE=N (repeat): T=2, ICM=3.")] = None,
    destroyed: Annotated[bool, typer.Option("--destroyed", help="The ship was destroyed.")] = False,
    detonated: Annotated[bool, typer.Option("--detonated", help="A shatter drone was set off.")] = False,
    escaped: Annotated[Optional[str], typer.Option("--escaped", help="It broke off into the first transit box toward this system.")] = None,
    aboard: Annotated[Optional[str], typer.Option("--aboard", help="A fighter at the battle's end: the carrier or station it landed on, or 'launched' (default: as it was).")] = None,
    attacker: Annotated[Optional[str], typer.Option("--attacker", help="Sathar or UPF: whose attack the result is of, for a ship in both of today's battles (default: its first).")] = None,
    as_json: AsJson = False,
) -> None:
    """Enter one ship's battle outcome; rosters, losses and the victory tally update."""
    from referee.cli.files import counts
    from referee.sathar_war import battles as rules

    outcome = rules.Outcome(
        hull=hull,
        adf=adf,
        mr=mr,
        dcr=dcr,
        lost_systems=tuple(lost or []),
        damaged=tuple(d.lower() for d in damaged or []),
        spent=dict(counts(spent, "ammunition spent")),
        destroyed=destroyed,
        detonated=detonated,
        escaped=escaped or "",
        aboard=aboard or "",
    )
    take(campaign_file, lambda c, t: rules.record(c, name, outcome, rules.attack_by(c, attacker, name) if attacker else None), as_json)


@battle_app.command("export")
def battle_export(
    system: Annotated[str, typer.Argument(help="The system of today's declared battle.")],
    path: Annotated[Path, typer.Argument(help="The Knight Hawks battle file to write.")],
    campaign_file: CampaignFile = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the file if it exists.")] = False,
) -> None:
    """Write today's battle in a system as a Knight Hawks battle file (fight it with referee kh ... -b FILE)."""
    from referee import storage
    from referee.cli.battles import save_battle
    from referee.sathar_war import battles as rules

    campaign, every = open_campaign(campaign_file)
    if storage.exists(storage.new_file(path)) and not force:
        raise RefereeError(f"{path} exists; give another name, or --force to replace it")
    battle = rules.battle_for(campaign, system)
    save_battle(path, battle, every)
    print(f"saved {path}: {battle.name}, {len(battle.ships)} ships; fight it with: referee kh ships -b {path}")


@battle_app.command("import")
def battle_import(path: Annotated[Path, typer.Argument(help="A Knight Hawks battle file exported from this campaign.")], campaign_file: CampaignFile = None, as_json: AsJson = False) -> None:
    """Bring a fought battle's rosters back: damage, ammunition spent, ships destroyed."""
    from referee.cli.battles import open_battle
    from referee.sathar_war import battles as rules

    battle, _ = open_battle(path)
    take(campaign_file, lambda c, t: rules.from_battle(c, battle), as_json)
