"""A ``referee campaign`` command as a whole process, against a one-command typer app (issue 21:
at most 1.5 times the framework's floor).

    .venv/bin/python benchmarks/campaign_speed.py [--runs N] [--before COMMAND]

On the fresh war (the bundled start): ``campaign status`` at set-up; then the war set up by the
commands themselves (15 destroyers placed in the Prenglar circle, 8 frigates and 7 light cruisers
in Fromeltar's, a retreat condition, advanced to day 1) for ``campaign move`` of one destroyer into
the red box, and, once all 30 have moved, ``campaign advance`` to the UPF's move. Before each run
the file and its undo history are put back as they were, so every run takes the same action on a
file with a history, and its cache as the last save left it (:func:`as_left_by_a_save`), as in
play; each round's files are made ready, and flushed to the disk (:func:`on_disk`), before any of
them is timed. Runs alternate, so the machine's load hits all alike; the first
round, not counted, writes the .pyc files and the tables cache. Prints each command's median wall
time and its ratio to the typer app. ``--before`` times another ``referee`` too, in the same rounds
(another checkout's: before and after a change).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from cold_start import TYPER_FLOOR, print_ratios  # noqa: E402

GOAL = 1.5


def prepared(folder: Path, env: dict[str, str], command: str) -> dict[str, Path]:
    """The fresh war, the war at day 1, and the war at day 1 with every Sathar ship moved: each a
    file with its undo history beside it."""
    from referee.resources import campaigns_dir

    def run(*args: str) -> None:
        subprocess.run([command, *args], check=True, stdout=subprocess.DEVNULL, env=env)

    fresh = folder / "fresh" / "war.toml"
    fresh.parent.mkdir(parents=True)
    shutil.copyfile(campaigns_dir() / "second-sathar-war.toml", fresh)
    day1 = folder / "day1" / "war.toml"
    day1.parent.mkdir()
    shutil.copyfile(fresh, day1)
    on = ("--campaign", str(day1))
    run("campaign", "place", "Sathar Destroyer *", "--circle", "Prenglar", *on)
    run("campaign", "place", "Sathar Frigate *", "Sathar Light Cruiser *", "--circle", "Fromeltar", *on)
    run("campaign", "retreat", "3", *on)
    run("campaign", "advance", *on)
    moved = folder / "moved" / "war.toml"
    shutil.copytree(day1.parent, moved.parent)
    on = ("--campaign", str(moved))
    run("campaign", "move", "Sathar Destroyer *", "--toward", "Prenglar", *on)
    run("campaign", "move", "Sathar Frigate *", "Sathar Light Cruiser *", "--toward", "Fromeltar", *on)
    return {"fresh": fresh, "day1": day1, "moved": moved}


def as_left_by_a_save(path: Path) -> None:
    """The cache of the campaign file as the referee's last command leaves it (that command's save
    kept the file's tables and the texts of its parts; referee.cache): made outside the timing, in
    a process of its own, for a file copied into place. A file the program would write otherwise
    (the bundled start: its set-up line in the file until the first save) gets the tables its load
    keeps. (A process started just after this one runs slower, by 10-30 ms on the development
    machine, even a second later: the benchmarks prepare a round's files first, then time them.)"""
    subprocess.run([sys.executable, __file__, "--prime", str(path)], check=True)


def on_disk() -> None:
    """Every file written so far flushed to the disk (os.sync), as a referee's files are by the
    saves that wrote them: a save flushes what it writes, and on a file copied just before (not yet
    written out) its flush writes out the whole copy too - the 1.4 MB log and 1.3 MB undo history
    of a war at day 150 added 2-3 ms to a move, and nothing to a small file."""
    os.sync()


def prime(path: Path) -> None:
    """What :func:`as_left_by_a_save` runs."""
    from referee import cache, tables
    from referee.journal import Journal

    journal = Journal.open(path, tables.load(prefix=("kh", "ssw")), "campaign")  # (a load keeps the tables it parsed)
    if journal.writer.text(journal.state).encode("utf-8") == path.read_bytes():
        cache.store(cache.name("file", journal.target), path.read_bytes(), journal.writer.parsed())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--before", help="another referee command to time alongside (another checkout's)")
    parser.add_argument("--prime", type=Path, help=argparse.SUPPRESS)  # (as_left_by_a_save's process)
    options = parser.parse_args()
    if options.prime:
        prime(options.prime)
        return
    runs = options.runs
    referees = {"": str(Path(sys.executable).parent / "referee")} | ({"before: ": options.before} if options.before else {})
    folder = Path(tempfile.mkdtemp(prefix="campaign-speed-"))
    os.environ["REFEREE_CACHE_DIR"] = str(folder / "cache")  # (as_left_by_a_save primes it)
    env = {**os.environ, "REFEREE_HOME": str(folder / "home")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the warm-up writes the .pyc files, as any first start does
    env.pop("REFEREE_CAMPAIGN", None)
    wars = prepared(folder / "wars", env, referees[""])
    commands: dict[str, tuple[str, list[str]]] = {"one-command typer app": ("", [sys.executable, "-c", TYPER_FLOOR])}
    for said, referee in referees.items():

        def on(war: str) -> list[str]:
            return ["-c", str(folder / "played" / f"{said}{war}" / "war.toml")]

        commands |= {
            f"{said}campaign status (fresh war, set-up)": ("fresh", [referee, "campaign", "status", *on("fresh")]),
            f"{said}campaign move (day 1, one destroyer)": ("day1", [referee, "campaign", "move", "Sathar Destroyer 1", "--toward", "Prenglar", *on("day1")]),
            f"{said}campaign advance (day 1, to the UPF move)": ("moved", [referee, "campaign", "advance", *on("moved")]),
        }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for number in range(runs + 1):
        for war, command in commands.values():  # the round's files first, each command's its own
            if war:
                played = Path(command[-1]).parent
                shutil.rmtree(played, ignore_errors=True)
                shutil.copytree(wars[war].parent, played)
                as_left_by_a_save(played / "war.toml")
        on_disk()
        subprocess.run(commands["one-command typer app"][1], check=True, stdout=subprocess.DEVNULL, env=env)  # (not timed: the first after the preparing)
        for name, (_, command) in commands.items():
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
            if number:
                times[name].append(time.perf_counter() - start)
    print_ratios(times, "one-command typer app", "campaign", GOAL, f"  ({runs} runs each, alternating; ratio to the typer app)")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
