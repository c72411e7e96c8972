"""A whole Second Sathar War, played by a seeded generator through the rules layer (issue 21).

    .venv/bin/python benchmarks/war.py --seed 3 --until 150 [--out war.toml] [--also 60=war-day60.toml]
                                       [--last-day war-last-day.toml] [--journal] [--battles DIR]

(``make war`` writes the benchmark fixtures so: benchmarks/fixtures/README.md.)

From the bundled start (set-up, day 0) both sides play legal actions chosen by seeded players
(``war_sides.py``): the UPF set-up and the Sathar placement in the start circles, the secret
retreat condition, Strike Force NOVA, reinforcements, moves with risk jumps, fleets joined and
detached, attacks declared and fought, repairs in space, docking at the construction centres,
the Void, fighters landed, the replacements every 20 days. Each battle is fought with the Knight
Hawks engine, turn by turn (``war_battle.py``), and either closed into the campaign as the app's
``c`` closes it (``battles.from_battle``) or, for a battle fought on the table, entered ship by ship
in the results table (``battles.record_all``): most small battles (up to 14 ships, the Advanced
Rules' rows of the chart) go to the engine, most large ones to the table.

Every action is the function the ``referee campaign`` commands and the app call, and every state it
makes is checked as a save checks it (``campaign_file.Writer``: a state that would not load is the
rules' error, and stops the war). With ``--journal`` each action is also saved as the command
line saves it (``Journal.apply``: atomically, kept in the undo history beside the file); the file
is the same either way, since the rules write the log lines and the journal only saves them.

Dice: every roll of the campaign's rules (misjumps, NOVA, replacements, repairs in space) comes
from one seeded generator and is logged in the campaign; every roll of a battle fought with the
engine is in that battle's log (``--battles DIR`` keeps each battle file as the app names it);
a battle fought on the table rolls dice of its own, as a table's are, and only its results are
entered. The players' choices come from a generator of their own. The same seed gives the same
file.

``--until DAY`` plays until the Day marker reaches DAY (the file stands at the start of that day)
or the war ends by its victory conditions; ``--also DAY=FILE`` writes the file as it stands at the
start of an earlier day too; ``--last-day FILE`` the file as it stood at the start of the day the
war was decided (a war with a day still to play: the benchmarks move and advance in it).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tomllib
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from war_battle import Table, allot, outcomes  # noqa: E402
from war_sides import UPF, Sathar  # noqa: E402

from referee import saves, storage  # noqa: E402
from referee import tables as tables_file
from referee.errors import RefereeError  # noqa: E402
from referee.journal import Journal  # noqa: E402
from referee.knight_hawks import battle_file  # noqa: E402
from referee.resources import campaigns_dir  # noqa: E402
from referee.sathar_war import battles, campaign_file, repairs, turn  # noqa: E402
from referee.sathar_war.campaign import Campaign, Done, Fight  # noqa: E402
from referee.tables import Tables  # noqa: E402

ENGINE_SMALL = 0.7  # the share of battles of up to 14 ships fought with the engine
ENGINE_LARGE = 0.25  # and of larger ones
SMALL = 14  # Which Rules To Use?: 5 to 14 ships, the Advanced Rules
Watch = Callable[[str, Campaign, Done], None]  # an action done: what it was, the campaign before it, and its result


class Dice(random.Random):
    """Seeded dice that count the dice they roll (a d100 is two ten-sided dice), to check that
    every one is in a log."""

    def __init__(self, seed: int | str) -> None:
        super().__init__(seed)
        self.rolled = 0

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        self.rolled += 1  # (randint calls randrange: every die of referee.dice comes here)
        return super().randrange(start, stop, step)


def dice_in(receipt: str) -> int:
    """The dice a roll's receipt shows (``d100: 91 = 91 (virtual) for ...``: two; ``4d10: 6 7 8 2 = 23``: four)."""
    expression, _, rest = receipt.partition(": ")
    shown = rest.partition(" = ")[0]
    if shown == "entered at the table":
        return 0
    faces = [d for d in shown.split() if not d.startswith(("+", "-"))]
    return len(faces) * (2 if "d100" in expression or "d%00" in expression else 1)


class War:
    """The referee's table: the campaign as it stands, the dice, and each action taken on it."""

    def __init__(self, campaign: Campaign, tables: Tables, seed: int, journal: Journal | None = None, battle_files: Path | None = None) -> None:
        self.campaign = campaign
        self.tables = tables
        self.dice = Dice(seed)  # the campaign's rolls: logged in the campaign
        self.battle_dice = Dice(f"battles {seed}")  # the engine's rolls: logged in each battle
        self.table_dice = random.Random(f"table {seed}")  # a battle fought on the table: its results are entered
        self.players = random.Random(f"players {seed}")  # what the players choose
        self.writer = campaign_file.Writer(tables)
        self.journal = journal
        self.battle_files = battle_files  # the campaign's name there: each battle fought with the engine kept beside it, as the app names it (None: not kept)
        self.actions: Counter[str] = Counter()
        self.refused: list[str] = []
        self.fought: list[str] = []  # one line a battle: day, where, who, how it was fought, its losses
        self.battle_rolls = 0  # the dice the logs of the battles fought with the engine show
        self.battle_steps = Counter[str]()  # the engine's steps taken and refused (a shot out of its rules, a move out of its drives)
        self.watch: Watch | None = None  # told of each action done: what, the state before, the result (tests/helpers/war_check.py)

    @classmethod
    def begin(cls, seed: int, path: Path | None = None, journal: bool = False, battle_files: Path | None = None) -> War:
        """The bundled start of the war (as ``make run`` and the app's new war begin it)."""
        every = tables_file.load()
        start = campaign_file.from_dict(storage.read(campaigns_dir() / "second-sathar-war.toml", "campaign"), every)
        kept = None
        if journal:
            assert path is not None
            storage.write_text(path, campaign_file.text(start, every))
            kept = Journal.open(path, every, "campaign")
            start = kept.state
        return cls(start, every, seed, kept, battle_files / (path.name if path else "war.toml") if battle_files else None)

    def take(self, what: str, action: Callable[[Campaign], Done]) -> bool:
        """An action, as a command takes it: refused, nothing changes (and the refusal is noted);
        done, the state is checked as a save checks it (and saved with ``--journal``). Once the war
        is decided, the players take no more actions."""
        if self.campaign.outcome:
            return False
        before = self.campaign
        try:
            done = action(before)
        except RefereeError as error:
            self.refused.append(f"day {self.campaign.day} {self.campaign.step}: {what}: {error}")
            return False
        if self.journal is not None:
            self.journal.apply(done, what)
            self.campaign = self.journal.state  # as saved: its log lines kept beside it (the next save appends only its own)
        else:
            self.writer.text(done.campaign)  # a state that would not load raises here: the rules' error
            self.campaign = done.campaign
        self.actions[what] += 1
        if self.watch is not None:
            self.watch(what, before, done)
        return True

    def advance(self, override: str = "") -> bool:
        return self.take("campaign advance", lambda c: turn.advance(c, self.tables, self.dice, {}, override))

    def save(self, path: Path, campaign: Campaign | None = None) -> None:
        """The campaign file as it stands (or as ``campaign`` stood), saved as the program saves
        (checked, atomic; no backup kept), its log in the log file beside it."""
        path.parent.mkdir(parents=True, exist_ok=True)
        campaign_file.save(path, campaign or self.campaign, self.tables, backup=False)

    # ------------------------------------------------------------------ battles

    def resolve(self, fight: Fight) -> None:
        """Today's declared battle, fought turn by turn with the engine: closed into the campaign as
        the app closes it, or, fought on the table, its results entered ship by ship."""
        campaign = self.campaign
        battle = battles.battle_for(campaign, fight.system)
        battle = battle_file.from_dict(tomllib.loads(battle_file.text(battle, self.tables)), self.tables)  # the file the app writes, read back
        engine = self.players.random() < (ENGINE_SMALL if len(fight.ships) <= SMALL else ENGINE_LARGE)
        ways = [n for n in campaign.frontier.neighbours(fight.system) if campaign.frontier.is_system(n)]
        table = Table(battle, self.tables, self.battle_dice if engine else self.table_dice, self.players, ways)
        fought = table.play(self.players.randint(3, 8))
        self.battle_steps.update(taken=table.steps, refused=table.refused)
        lost = sorted(s.name for s in fought.ships if s.destroyed)
        gone = sorted(e.ship for e in fought.escapes)
        how = f"the Knight Hawks engine, {table.steps} steps" if engine else "on the table, results entered"
        self.fought.append(
            f"day {campaign.day}: {fight.attacker} attack at {fight.planet} ({fight.system}), {len(fight.ships)} ships, {fight.game} rules, "
            f"{fought.turn} turns, {how}; destroyed {len(lost)}, escaped {len(gone)}"
        )
        if engine:
            text = battle_file.text(fought, self.tables)  # the battle's file as the app saves it, checked
            self.battle_rolls += sum(dice_in(r) for e in fought.log for r in e.rolls)
            if self.battle_files is not None:
                self.battle_files.parent.mkdir(parents=True, exist_ok=True)
                storage.write_text(saves.battle_beside(self.battle_files, fought.name), text, backup=False)
            self.take(f"the battle {fought.name!r} taken into the campaign", lambda c: battles.from_battle(c, fought))
        else:
            results = outcomes(battle, fought)
            self.take("Results", lambda c: battles.record_all(c, results))
        self.repair_in_space(fight)

    def repair_in_space(self, fight: Fight) -> None:
        """Each damaged ship of the battle makes its repair turn with its own DCR (Repair)."""
        for name in fight.ships:
            unit = self.campaign.unit(name)
            if unit.station or not repairs.may_repair_in_space(self.campaign, unit):
                continue
            blocks = [b for b in allot(unit.roster) if not (b.target == "hull" and unit.hull_station_only)]
            if blocks:
                self.take("campaign repairs space", lambda c, name=name, blocks=blocks: repairs.repair_in_space(c, name, blocks, self.dice))


# ---------------------------------------------------------------------- the war, day by day


def play(
    seed: int,
    until: int,
    out: Path | None = None,
    also: dict[int, Path] | None = None,
    journal: bool = False,
    battle_files: Path | None = None,
    quiet: bool = True,
    watch: Watch | None = None,
    last_day: Path | None = None,
) -> War:
    """Play the war from its set-up until the Day marker reaches ``until`` or the war is decided;
    ``watch`` is told of every action done; ``last_day``: where to write the war as it stood at the
    start of the day it was decided (a war still to play, for the benchmarks)."""
    war = War.begin(seed, out, journal, battle_files)
    war.watch = watch
    sathar, upf = Sathar(war), UPF(war)
    upf.set_up()
    sathar.set_up()
    upf.nova()
    war.advance()

    def upf_attacks() -> None:
        upf.attack()
        for player in (sathar, upf):
            player.land()  # fighters out of a carrier at the day's end are lost

    eve = war.campaign
    while not war.campaign.outcome and war.campaign.day < until:
        eve = war.campaign
        for step in (sathar.move, upf.move, sathar.attack, upf_attacks):
            step()
            if war.campaign.outcome:
                break
            war.advance(sathar.override() if war.campaign.step == "sathar-move" else "")
        if not quiet:
            c = war.campaign
            print(f"day {c.day}: {len(c.log)} log lines, {sum(1 for u in c.units if u.active)} on the map, losses {len(c.losses)}", file=sys.stderr)
        if also and war.campaign.day in also:
            war.save(also[war.campaign.day])
    if out is not None:
        war.save(out)
    if last_day is not None and war.campaign.outcome:
        war.save(last_day, eve)
    return war


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--until", type=int, default=150, help="the day to stop at (its start), unless the war ends first")
    parser.add_argument("--out", type=Path, help="the campaign file to write, as the war stands at its end")
    parser.add_argument("--also", action="append", default=[], help="DAY=FILE: the file as it stands at the start of that day too")
    parser.add_argument("--last-day", type=Path, help="the file as it stood at the start of the day the war was decided, if it was")
    parser.add_argument("--journal", action="store_true", help="save every action as the command line does (undo history beside the file)")
    parser.add_argument("--battles", type=Path, help="keep each battle fought with the engine, as the app names its file, in this folder")
    parser.add_argument("--verbose", action="store_true", help="a line a day on stderr")
    args = parser.parse_args()
    also = {int(day): Path(path) for day, _, path in (a.partition("=") for a in args.also)}
    start = time.perf_counter()
    war = play(args.seed, args.until, args.out, also, args.journal, args.battles, quiet=not args.verbose, last_day=args.last_day)
    c = war.campaign
    print(f"seed {args.seed}: day {c.day}, step {c.step}; {'outcome: ' + c.outcome if c.outcome else 'the war goes on'}")
    print(
        f"{sum(war.actions.values())} actions, {len(war.refused)} refused; {len(c.log)} log lines, {len(war.fought)} battles "
        f"({war.battle_steps['taken']} battle steps, {war.battle_steps['refused']} refused by the engine); {time.perf_counter() - start:.1f} s"
    )
    for line in war.fought:
        print(f"  {line}")
    for what, count in sorted(war.actions.items(), key=lambda item: -item[1]):
        print(f"  {count:5} {what}")
    for line in war.refused[:20]:
        print(f"  refused: {line}")
    for day, path in [*also.items(), *([(c.day, args.out)] if args.out else [])]:
        if day > c.day:
            print(f"not written: {path} (the war ended on day {c.day}, before day {day})")
        else:
            print(f"wrote {path}: {path.stat().st_size / 1024:.0f} KB")
    if args.last_day is not None:
        if not c.outcome:
            sys.exit(f"not written: {args.last_day} (the war is not decided by day {args.until}: try another seed)")
        print(f"wrote {args.last_day}: {args.last_day.stat().st_size / 1024:.0f} KB, the start of day {c.day}, the day the war was decided")


if __name__ == "__main__":
    main()
