"""As fast at the end of a long war as on day 1 (issue 21): the issue's four targets, measured in one
run, on the generated war on its last day (day 147: it is decided that day) and at day 60 (``make
war``: benchmarks/fixtures/) beside a fresh war.

    .venv/bin/python benchmarks/war_speed.py [--runs N] [--repeats N] [--seed N]

The fresh war is the bundled start (campaigns/second-sathar-war.toml) where the action can be taken
there; a move and an advance cannot (it is set-up, before the first day), so for those the fresh
war is the same generated war at the start of day 2 (``war.py --seed N --until 2``, written here
into a temporary folder, as the fixtures are written), at the same step as the fixtures (the
Sathar move). The move is one the rules accept on each file: a ship of the side to move, one day
on its way (found here, printed). Every run of a command or of the app works on a fresh copy of the
file and of what lies beside it, copied outside the timing and flushed to the disk as the saves
that wrote them left them (campaign_speed.on_disk), with the file's cache as the referee's last
command leaves it (campaign_speed.as_left_by_a_save: the save before kept the file's tables and the
texts of its parts), and the generated wars' files with the undo history their saves would have
left beside them (:func:`with_history`: an action a log line, at most 200); REFEREE_HOME and
REFEREE_CACHE_DIR are temporary folders. Section 2 opens and saves copies whose cache holds another
file's: the load parses the file (cold).

1. ``referee campaign status``, ``move``, ``advance``, as whole processes (cold interpreter), against
   a one-command typer app that prints a line (cold_start.TYPER_FLOOR). Target: at most 1.5 times it.
2. In this (warm) process: loading (``Journal.open``) and saving (``Journal.apply`` of the move, on a
   journal just opened: the first save, its undo history started). Target: the last day at most
   1.2 times the fresh war.
3. ``referee play FILE`` to its first screen ready (headless, exiting on Textual's Ready event, as
   app_speed.py times the launch) against a minimal Textual app showing a 50-row DataTable
   (benchmarks/textual_floor.py), timed the same way. Target: at most 1.3 times it.
4. In the app (pilot, 80x24, timed as app_speed.py times keys: from the key to the last frame the
   app composed), ``a`` on the Campaign screen: the advance from the Sathar move to the UPF move,
   saved and drawn (where ``a`` asks first, journeys being kept, the ``y`` that answers is timed); undone with Ctrl+Z (not timed) before the next. Each session's first ``a``
   after the app opened (the first save after a load, its undo history started) is shown apart.
   Target: the last day at most 1.2 times the fresh war, and under 100 ms.

Sections 1 and 3 run in the same rounds, every command once a round in turn (after one round not
counted: .pyc files, the tables cache), so that machine load hits all alike; a ratio is the median
of the rounds' ratios (each round's pair side by side). Wall times are medians; CPU times (user +
system of the child) and their ratio to the floor's are shown too, less sensitive to a busy
machine. Section 4 runs four sessions of the app a file, the files in turn, and shows the CPU time
of a press beside the time to its last frame. It prints figures and PASS or FAIL for each target;
it never fails the run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from app_speed import REFEREE, children_cpu, noting_frames, run_child, timed_press  # noqa: E402 (app_speed sets TEXTUAL_FPS first)
from campaign_speed import as_left_by_a_save, on_disk  # noqa: E402
from cold_start import TYPER_FLOOR  # noqa: E402

HERE = Path(__file__).parent
BIN = Path(sys.executable).parent
FLOOR_APP = HERE / "textual_floor.py"
FRESH, DAY2, DAY60, LAST = "fresh war (bundled start)", "fresh war, day 2", "war at day 60", "war on its last day"
COMMAND_GOAL, LOAD_GOAL, LAUNCH_GOAL, KEY_GOAL, KEY_MS = 1.5, 1.2, 1.3, 1.2, 100.0
TYPER, TEXTUAL = "one-command typer app (floor)", "minimal Textual app (floor)"
SESSIONS = 4  # of the app a file, for the key presses: the files in turn
Sample = tuple[float, float]  # wall and CPU seconds


# ---------------------------------------------------------------------- the files


def sources(folder: Path, seed: int) -> dict[str, Path]:
    """The files measured: the bundled start, the generated war at day 2 (written here), 60 and its last day,
    these three copied here with their undo history (:func:`with_history`)."""
    from referee.resources import campaigns_dir

    found = {FRESH: campaigns_dir() / "second-sathar-war.toml", DAY60: HERE / "fixtures" / "war-day60.toml", LAST: HERE / "fixtures" / "war-last-day.toml"}
    missing = [str(p) for p in found.values() if not p.exists()]
    if missing:
        raise SystemExit(f"no {', '.join(missing)}: make war writes them")
    day2 = folder / "day2" / "war-day2.toml"
    day2.parent.mkdir()
    made = subprocess.run([sys.executable, str(HERE / "war.py"), "--seed", str(seed), "--until", "2", "--out", str(day2)], capture_output=True, text=True)
    if made.returncode != 0:
        raise SystemExit(f"war.py --until 2 failed (exit {made.returncode}):\n{made.stderr}")
    return {FRESH: found[FRESH]} | {name: with_history(path, folder / "sources" / name) for name, path in ((DAY2, day2), (DAY60, found[DAY60]), (LAST, found[LAST]))}


def with_history(source: Path, folder: Path) -> Path:
    """A copy of a generated war's file (and its log) in ``folder``, with the undo history its saves
    would have left beside it: an action for each line of its log (each action logs one or more),
    at most the ``history.LIMIT`` (200) the history keeps - a war at day 60 or on its last day has the 200, the
    war at day 2 29. (war.py plays through the rules layer and keeps no history; a fresh history
    costs a save about 3 ms less than a full one, which each save trims.) The states are the file's
    text with a comment line of their own, the last the file's text."""
    from referee import history

    path = fresh_copy(source, folder)
    data = path.read_bytes()
    lines = sum(p.read_bytes().count(b"[[log]]") for p in beside(path))
    actions = min(history.LIMIT, lines)
    states = [data + f"\n# state {n} of the benchmark's history\n".encode() for n in range(actions)] + [data]
    kept = history.History(history.beside(path))
    for n in range(actions):
        kept.record(states[n], states[n + 1], "campaign move", '{"general":[],"groups":{}}')
    kept.close()
    return path


def beside(path: Path) -> list[Path]:
    """The file and whatever lies beside it under its name (``war-last-day.*``: what the program keeps
    with it, if anything)."""
    return sorted(p for p in path.parent.iterdir() if p.is_file() and (p == path or p.name.startswith(path.stem + ".")))


def fresh_copy(source: Path, folder: Path) -> Path:
    """A copy of the file, and of what lies beside it, alone in ``folder`` (emptied first)."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for path in beside(source):
        shutil.copyfile(path, folder / path.name)
    return folder / source.name


def legal_move(path: Path) -> tuple[str, str]:
    """A move the rules accept on the file: (a ship, where it heads), one day, no die rolled - a ship
    of the side to move, one not in a fleet if there is one."""
    from referee import tables
    from referee.errors import RefereeError
    from referee.journal import Journal
    from referee.sathar_war import movement

    every = tables.load()
    campaign = Journal.open(path, every).state
    ships = [u for u in campaign.units if not movement.why_not_move(campaign, u) and u.place is not None]
    for unit in sorted(ships, key=lambda u: bool(u.fleet)):
        assert unit.place is not None
        for toward in [unit.place.toward] if unit.place.on_route else movement.journeys(campaign, unit.side, unit.place):
            try:
                done = movement.move(campaign, every, [unit.name], toward, None, "", [], random.Random(0), {})
            except RefereeError:
                continue
            if not any(entry.rolls for entry in done.entries):
                return unit.name, toward
    raise SystemExit(f"{path}: no ship may move one day now (step {campaign.step!r}); the benchmark wants a file at a side's move")


def summary(path: Path) -> str:
    from referee import tables
    from referee.journal import Journal

    campaign = Journal.open(path, tables.load()).state
    size = sum(p.stat().st_size for p in beside(path))
    return f"day {campaign.day}, {campaign.step}; {size / 1024:.0f} KB, {len(campaign.units)} units, {len(campaign.log)} log lines"


# ---------------------------------------------------------------------- 1 and 3: whole processes


def timed_command(command: list[str], env: dict[str, str], cwd: str) -> Sample:
    cpu = children_cpu()
    start = time.perf_counter()
    done = subprocess.run(command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed (exit {done.returncode}):\n{done.stderr}")
    return wall, children_cpu() - cpu


def processes(files: dict[str, Path], moves: dict[str, tuple[str, str]], runs: int, folder: Path) -> dict[str, list[Sample]]:
    """Every command once a round, in turn, ``runs`` rounds after one not counted. A round's copies
    are all made (and their caches primed) before the first of its commands is timed, then the floor
    runs once untimed: a process started just after a heavy one runs slower here."""
    env = {**os.environ, "REFEREE_HOME": str(folder / "home")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the warm-up writes the .pyc files, as any first start does
    env.pop("TEXTUAL", None)
    cwd, referee = str(folder), str(BIN / "referee")
    floor_app = FLOOR_APP.read_text(encoding="utf-8")
    floor = [sys.executable, "-c", TYPER_FLOOR]
    runs_of: dict[str, tuple[Path | None, Callable[[], Sample]]] = {  # what each run copies (None: nothing), and the run
        TYPER: (None, lambda: timed_command(floor, env, cwd)),
        TEXTUAL: (None, lambda: run_child(floor_app, [], env, cwd)[:2]),
    }

    def work(name: str, kind: str) -> Path:
        return folder / "run" / f"{kind} {name}" / files[name].name

    def campaign(kind: str, name: str, *args: str) -> None:
        path = work(name, kind)
        runs_of[f"{kind}: {name}"] = (files[name], lambda: timed_command([referee, "campaign", kind, *args, "-c", str(path)], env, cwd))

    for name in (FRESH, DAY60, LAST):
        campaign("status", name)
    for name in (DAY2, DAY60, LAST):
        ship, toward = moves[name]
        campaign("move", name, ship, "--toward", toward)
        campaign("advance", name)  # (as a referee types it: nothing rolls from the Sathar move to the UPF's; --seed would import random, 1 ms)

    def play(name: str) -> None:
        path = work(name, "play")
        runs_of[f"play: {name}"] = (files[name], lambda: run_child(REFEREE, [str(path)], env, cwd)[:2])

    for name in (FRESH, DAY60, LAST):
        play(name)
    found: dict[str, list[Sample]] = {name: [] for name in runs_of}
    for number in range(runs + 1):
        for name, (source, _) in runs_of.items():
            if source is not None:
                kind, war = name.split(": ", 1)
                as_left_by_a_save(fresh_copy(source, work(war, kind).parent))
        on_disk()
        subprocess.run(floor, env=env, cwd=cwd, stdout=subprocess.DEVNULL, check=True)  # (not timed)
        for name, (_, run) in runs_of.items():
            sample = run()
            if number:
                found[name].append(sample)
    return found


# ---------------------------------------------------------------------- 2: load and save in-process


def load_and_save(files: dict[str, Path], moves: dict[str, tuple[str, str]], runs: int, folder: Path) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    from referee import tables
    from referee.journal import Journal
    from referee.sathar_war import movement

    every = tables.load()
    opened: dict[str, list[float]] = {name: [] for name in (FRESH, DAY2, DAY60, LAST)}
    applied: dict[str, list[float]] = {name: [] for name in moves}
    for _ in range(runs):
        for name, samples in opened.items():
            path = fresh_copy(files[name], folder / "open")
            on_disk()
            start = time.perf_counter()
            journal = Journal.open(path, every)
            samples.append(time.perf_counter() - start)
            journal.history.close()
        for name, samples in applied.items():
            journal = Journal.open(fresh_copy(files[name], folder / "apply"), every)
            ship, toward = moves[name]
            done = movement.move(journal.state, every, [ship], toward, None, "", [], random.Random(0), {})
            on_disk()
            start = time.perf_counter()
            journal.apply(done, "Move")
            samples.append(time.perf_counter() - start)
            journal.history.close()
    return opened, applied


# ---------------------------------------------------------------------- 4: a key in the app


async def key_presses(files: dict[str, Path], repeats: int, folder: Path) -> tuple[dict[str, list[Sample]], dict[str, list[Sample]], list[str]]:
    """``a`` (advance, saved, drawn) then Ctrl+Z, in SESSIONS sessions of the app a file, the files
    in turn: (the time to the last frame, the CPU time) of the presses after a session's first, and
    of each session's first."""
    from referee import tables
    from referee.journal import Journal
    from referee.tui.app import RefereeApp
    from referee.tui.dialogs import ConfirmDialog

    every = tables.load()
    names = (DAY2, DAY60, LAST)
    later: dict[str, list[Sample]] = {name: [] for name in names}
    first: dict[str, list[Sample]] = {name: [] for name in names}
    odd: list[str] = []
    for session in range(SESSIONS):
        for name in names:
            journal = Journal.open(fresh_copy(files[name], folder / "app"), every)
            on_disk()
            step = journal.state.step
            app = RefereeApp(journal, None)
            frames = noting_frames(app)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                for press in range(1 + repeats // SESSIONS + (session < repeats % SESSIONS)):
                    before = journal.past[-1:]  # (a full history keeps its length: the oldest action goes)
                    _, shown, cpu = await timed_press(pilot, "a", frames)
                    if isinstance(app.screen, ConfirmDialog):  # a asks first while journeys are kept (issue 32): y answers, advances and saves
                        _, shown, cpu = await timed_press(pilot, "y", frames)
                    if journal.past[-2:-1] != before or journal.state.step == step:
                        odd.append(f"{name}: a did not advance from {step} (screen: {type(app.screen).__name__}, step {journal.state.step})")
                        break
                    if shown is None:
                        odd.append(f"{name}: a drew no frame")
                    else:
                        (later[name] if press else first[name]).append((shown, cpu))
                    await pilot.press("ctrl+z")
                    await pilot.pause()
                    if journal.past[-1:] != before or journal.state.step != step:
                        odd.append(f"{name}: Ctrl+Z did not undo the advance")
                        break
            journal.history.close()
    return later, first, odd


# ---------------------------------------------------------------------- the report


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f}"


def verdict(ratio: float, goal: float) -> str:
    return f"{ratio:6.2f}  (at most {goal}) {'PASS' if ratio <= goal else 'FAIL'}"


def paired(a: list[Sample], b: list[Sample], cpu: bool = False) -> float:
    """The median of the rounds' ratios of wall times (``cpu``: of CPU times)."""
    return statistics.median(x[cpu] / y[cpu] for x, y in zip(a, b))


def fresh_of(name: str) -> str:
    """The fresh war's row a row is compared with: its own command on the bundled start, else day 2."""
    kind = name.split(":")[0]
    return f"{kind}: {FRESH if kind in ('status', 'play') else DAY2}"


def report_wholes(found: dict[str, list[Sample]], kinds: tuple[str, ...], floor: str, goal: float) -> None:
    """Rows of whole processes: median wall and CPU ms, the ratio to the fresh war's, and to the floor's (the target)."""
    print(f"   {'':<40}{'wall':>8}{'cpu':>8}{'/fresh':>8}{'/floor':>7}{'':19}{'cpu/floor':>10}")
    print(f"   {floor:<40}{ms(statistics.median(s[0] for s in found[floor]))}{ms(statistics.median(s[1] for s in found[floor]))}")
    for name, samples in found.items():
        if name.split(":")[0] in kinds:
            fresh = f"{paired(samples, found[fresh_of(name)]):8.2f}" if fresh_of(name) != name else f"{'':8}"
            print(
                f"   {name:<40}{ms(statistics.median(s[0] for s in samples))}{ms(statistics.median(s[1] for s in samples))}{fresh}{verdict(paired(samples, found[floor]), goal)}{paired(samples, found[floor], cpu=True):10.2f}"
            )


def report_load_and_save(opened: dict[str, list[float]], applied: dict[str, list[float]], runs: int) -> None:
    print(f"\n2. Loading and saving in-process (warm; {runs} times each, the files in turn; median ms; ratio to the fresh war)")
    for what, found, fresh in (("Journal.open", opened, FRESH), ("Journal.apply (the move, journal just opened)", applied, DAY2)):
        base = statistics.median(found[fresh])
        for name, samples in found.items():
            median = statistics.median(samples)
            shown = verdict(median / base, LOAD_GOAL) if name in (DAY60, LAST) else ""
            print(f"   {what + ': ' + name:<72}{ms(median)}  {shown}")


def report_keys(later: dict[str, list[Sample]], first: dict[str, list[Sample]], odd: list[str]) -> None:
    print(f"\n4. In the app: a (advance to the UPF move, saved, drawn), Ctrl+Z between (pilot, 80x24; {SESSIONS} sessions a file, the files in turn;")
    print("   ms from the key to the last frame, and the CPU time of the press: medians; ratios to the fresh war's medians)")
    print(f"   {'':<26}{'presses':>8}{'frame':>8}{'max':>8}{'cpu':>8}  {'frame ratio':<31}{'cpu ratio':>9}   first a after opening (frame)")
    for name, samples in later.items():
        if not samples:
            print(f"   {name:<26} no figure")
            continue
        frame, cpu = (statistics.median(s[i] for s in samples) for i in (0, 1))
        shown = f"{'':<31}{'':>9}"
        if name != DAY2 and later[DAY2]:
            ratio = frame / statistics.median(s[0] for s in later[DAY2])
            shown = f"{verdict(ratio, KEY_GOAL):<31}{cpu / statistics.median(s[1] for s in later[DAY2]):9.2f}"
        firsts = ", ".join(f"{s[0] * 1000:.0f}" for s in first[name])
        print(f"   {name:<26}{len(samples):>8}{ms(frame)}{ms(max(s[0] for s in samples))}{ms(cpu)}  {shown}   {firsts}")
    for line in odd:
        print(f"   ODD: {line}")


def headline(found: dict[str, list[Sample]], opened: dict[str, list[float]], applied: dict[str, list[float]], later: dict[str, list[Sample]]) -> None:
    """The four targets at the war's end, in one line each."""
    worst = max((f"{kind}: {LAST}" for kind in ("status", "move", "advance")), key=lambda name: paired(found[name], found[TYPER]))
    ratio = paired(found[worst], found[TYPER])
    print("\nThe targets on the war's last day:")
    print(f"   1. the slowest command, {worst.split(':')[0]}: {ratio:.2f} times the typer app (at most {COMMAND_GOAL}): {'PASS' if ratio <= COMMAND_GOAL else 'FAIL'}")
    load = statistics.median(opened[LAST]) / statistics.median(opened[FRESH])
    save = statistics.median(applied[LAST]) / statistics.median(applied[DAY2])
    print(f"   2. loading {load:.2f}, saving {save:.2f} times the fresh war (at most {LOAD_GOAL}): {'PASS' if max(load, save) <= LOAD_GOAL else 'FAIL'}")
    ratio = paired(found[f"play: {LAST}"], found[TEXTUAL])
    print(f"   3. referee play: {ratio:.2f} times the minimal Textual app (at most {LAUNCH_GOAL}): {'PASS' if ratio <= LAUNCH_GOAL else 'FAIL'}")
    if later[LAST] and later[DAY2]:
        key = statistics.median(s[0] for s in later[LAST])
        ratio = key / statistics.median(s[0] for s in later[DAY2])
        cpu = statistics.median(s[1] for s in later[LAST]) / statistics.median(s[1] for s in later[DAY2])
        met = ratio <= KEY_GOAL and key * 1000 < KEY_MS
        print(f"   4. a key that saves: {key * 1000:.1f} ms, {ratio:.2f} times the fresh war (at most {KEY_GOAL}, under {KEY_MS:.0f} ms): {'PASS' if met else 'FAIL'} (CPU: {cpu:.2f} times)")
    else:
        print("   4. a key that saves: no figure (see ODD above)")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=16, help="rounds of the whole processes, and of the loads and saves (default 16)")
    parser.add_argument("--repeats", type=int, default=20, help="presses of a in the app, each file (default 20)")
    parser.add_argument("--seed", type=int, default=5, help="the generated war's seed, for its day 2 (the fixtures': 5)")
    options = parser.parse_args()
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="war-speed-") as name:
        folder = Path(name)
        os.environ["REFEREE_HOME"] = str(folder / "home")  # the app notes the files it opens there
        os.environ["REFEREE_CACHE_DIR"] = str(folder / "cache")  # the parsed files and tables (referee.cache), as_left_by_a_save primes it
        files = sources(folder, options.seed)
        moves = {name: legal_move(files[name]) for name in (DAY2, DAY60, LAST)}
        print(f"load average before: {' '.join(f'{n:.2f}' for n in os.getloadavg())} ({os.cpu_count()} CPUs)")
        for name, path in files.items():
            moved = f"; the move: {moves[name][0]} toward {moves[name][1]}" if name in moves else ""
            print(f"   {name:<26} {summary(path)}{moved}")
        found = processes(files, moves, options.runs, folder)
        opened, applied = load_and_save(files, moves, options.runs, folder)
        later, first, odd = asyncio.run(key_presses(files, options.repeats, folder))
    runs = len(found[TYPER])
    print(f"\n1. referee campaign commands, whole processes ({runs} runs each, in turn; median ms; ratios: median of the rounds')")
    report_wholes(found, ("status", "move", "advance"), TYPER, COMMAND_GOAL)
    report_load_and_save(opened, applied, options.runs)
    print(f"\n3. referee play FILE to its first screen ready, whole processes (the same rounds; the floor: {FLOOR_APP.name}, a 50-row DataTable)")
    report_wholes(found, ("play",), TEXTUAL, LAUNCH_GOAL)
    report_keys(later, first, odd)
    headline(found, opened, applied, later)
    print(f"\nload average after: {' '.join(f'{n:.2f}' for n in os.getloadavg())}; {time.perf_counter() - began:.0f} s in all")


if __name__ == "__main__":
    main()
