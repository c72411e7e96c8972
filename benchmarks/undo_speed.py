"""Speed of the kept undo history: ``referee undo`` from the shell, what the history adds to an
action in the app, and Ctrl+Z after the app was opened again.

1. Whole processes, interleaved so machine load hits all alike (as benchmarks/cold_start.py):
   ``python -c pass``, ``referee campaign status`` (a command that reads the war), ``referee undo``
   and ``referee redo`` in turn, ``referee undo --list``, on a copy of the bundled war with three
   actions in its history. Median wall time and its ratio to the bare interpreter.
2. In-process, on the campaign of benchmarks/app_speed.py (day 1, the Sathar to move): the
   journal's apply of the Move of the Sathar destroyers, with the history kept and without it (the
   journal's record step left out), each followed by an undo; and an undo of a state read from the
   history (a journal just opened, as after quitting) against one the journal has seen.
3. The app (pilot, 80x24, to the last frame composed, as app_speed.py times keys): Ctrl+Z in the
   app just opened on a file whose last two actions were taken before (the states undone to are
   in the history only: the app reads the first once it is up, the next once the first undo is
   drawn), against Ctrl+Z of actions taken in the same session. The first Ctrl+Z also draws a
   state the app has not shown before, whose figures (supply, alerts) the screens work out afresh,
   as after any action: the same press on a state shown before costs less.

    .venv/bin/python benchmarks/undo_speed.py [--runs N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from app_speed import noting_frames, sathar_move_campaign, timed_press  # noqa: E402

os.environ.setdefault("TEXTUAL_FPS", "240")  # as referee.launch sets it
BIN = Path(sys.executable).parent


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def processes(runs: int, folder: Path) -> None:
    from referee.resources import campaigns_dir

    war = folder / "war.toml"
    war.write_bytes((campaigns_dir() / "second-sathar-war.toml").read_bytes())
    referee = str(BIN / "referee")
    for args in (["place", "Sathar Destroyer *", "--circle", "Prenglar"], ["retreat", "3"], ["fleet", "join", "Alpha", "UPF Assault Scout 2"]):
        subprocess.run([referee, "campaign", *args, "-c", str(war)], check=True, capture_output=True)
    commands = {
        "python -c pass": [[sys.executable, "-c", "pass"]],
        "referee campaign status": [[referee, "campaign", "status", "-c", str(war)]],
        "referee undo / referee redo, in turn": [[referee, "undo", str(war)], [referee, "redo", str(war)]],
        "referee undo --list": [[referee, "undo", str(war), "--list"]],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for run in range(runs):
        for name, variants in commands.items():
            start = time.perf_counter()
            subprocess.run(variants[run % len(variants)], check=True, capture_output=True)
            times[name].append(time.perf_counter() - start)
    bare = median_ms(times["python -c pass"])
    print(f"1. Whole processes ({runs} runs each, interleaved; median ms, ratio to python -c pass)")
    for name, samples in times.items():
        print(f"   {name:42} {median_ms(samples):7.1f}  {median_ms(samples) / bare:5.1f}")


def in_process(repeats: int, folder: Path) -> None:
    from referee import tables
    from referee.journal import Journal
    from referee.sathar_war import movement

    every = tables.load()
    print(f"2. The journal in-process ({repeats} times each; median ms)")
    path = folder / "move.toml"
    sathar_move_campaign(path)
    day = path.read_bytes()
    applied: dict[bool, list[float]] = {True: [], False: []}
    for _ in range(repeats):
        for kept in (True, False):
            path.write_bytes(day)  # each time from the same file, freshly opened
            journal = Journal.open(path, every)
            if not kept:
                journal._record = lambda *args: None  # type: ignore[method-assign]  # the history left out
            step = movement.move(journal.state, every, ["Sathar Destroyer *"], "Prenglar", None, "", [], random.Random(), {})
            start = time.perf_counter()
            journal.apply(step, "Move")
            applied[kept].append(time.perf_counter() - start)
            journal.history.close()
    for kept, samples in applied.items():
        print(f"   apply (Move the Sathar destroyers), history {'kept' if kept else 'left out':9} {median_ms(samples):7.1f}")
    path.write_bytes(day)
    seen, read = [], []
    for _ in range(repeats):
        journal = Journal.open(path, every)
        journal.apply(movement.move(journal.state, every, ["Sathar Destroyer *"], "Prenglar", None, "", [], random.Random(), {}), "Move")
        start = time.perf_counter()
        journal.undo()
        seen.append(time.perf_counter() - start)
        journal.redo()
        journal.history.close()
        journal = Journal.open(path, every)  # as the app opened again
        start = time.perf_counter()
        journal.undo()
        read.append(time.perf_counter() - start)
        journal.history.close()
    print(f"   undo to a state seen in this session          {median_ms(seen):7.1f}")
    print(f"   undo to a state read from the history         {median_ms(read):7.1f}")


async def app_keys(repeats: int, folder: Path) -> None:
    from referee import tables
    from referee.journal import Journal
    from referee.sathar_war import movement
    from referee.tui.app import RefereeApp

    every = tables.load()
    path = folder / "app.toml"
    sathar_move_campaign(path)
    session, first, second = "Ctrl+Z of an action of this session", "Ctrl+Z after opening (its state read once the app was up)", "the next Ctrl+Z (its state read once the screen was drawn)"
    found: dict[str, list[float]] = {session: [], first: [], second: []}
    journal = Journal.open(path, every)
    for names, toward in ((["Sathar Destroyer *"], "Prenglar"), (["Sathar Frigate *"], "Fromeltar")):
        journal.apply(movement.move(journal.state, every, names, toward, None, "", [], random.Random(), {}), "Move")
    journal.history.close()
    for _ in range(repeats):
        journal = Journal.open(path, every)  # as the app opened again: the states before are in the history only
        app = RefereeApp(journal, None)
        frames = noting_frames(app)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.8)  # the app up, as a referee sees it before pressing a key
            for name in (first, second):
                sample = await timed_press(pilot, "ctrl+z", frames)
                found[name].append(sample[1] if sample[1] is not None else float("nan"))
                await pilot.pause(0.1)  # the referee reads the line
            journal.redo()
            journal.redo()
            app.changed()
            await pilot.pause()
            for _ in range(2):  # in the same session: both states seen now
                sample = await timed_press(pilot, "ctrl+z", frames)
                found[session].append(sample[1] if sample[1] is not None else float("nan"))
            journal.redo()
            journal.redo()
        journal.history.close()
    print(f"3. The app (pilot, 80x24; {repeats} times each; to the last frame, median ms; goal 50)")
    for name, samples in found.items():
        print(f"   {name:62} {median_ms(samples):7.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="runs of each process, and repeats of each step")
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        processes(runs, Path(folder))
        in_process(runs, Path(folder))
        asyncio.run(app_keys(min(runs, 10), Path(folder)))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
