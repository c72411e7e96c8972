"""What a long war costs to open (issue 21, the "before" figures): the generated war's files at day
60 and at the war's end (``make war``) against the bundled start of a fresh war.

    .venv/bin/python benchmarks/war_speed.py [--runs N]

For each file: its size, units and log lines; in this (warm) process, median of 10, reading it as
a load reads it (the file read and its shape scanned, the TOML parsed), building the campaign from
its tables, and the whole ``Journal.open`` the commands and the app make; as whole processes,
alternating, ``referee campaign status`` against a one-command typer app (the framework's floor)
and ``referee play`` to its first screen ready, headless, exiting there (as ``app_speed.py`` times
the launch).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from app_speed import REFEREE, median_ms, run_child  # noqa: E402
from cold_start import TYPER_FLOOR  # noqa: E402

BIN = Path(sys.executable).parent
FIXTURES = Path(__file__).parent / "fixtures"


def files() -> dict[str, Path]:
    from referee.resources import campaigns_dir

    return {
        "fresh war (bundled start)": campaigns_dir() / "second-sathar-war.toml",
        "war at day 60": FIXTURES / "war-day60.toml",
        "war at its end": FIXTURES / "war-day150.toml",
    }


def loads(path: Path) -> tuple[float, float, float]:
    """Median seconds of: the file read as a load reads it (scan and TOML parse), the campaign built
    from its tables, the whole Journal.open."""
    from referee import storage, tables
    from referee.journal import Journal
    from referee.sathar_war import campaign_file

    every = tables.load()
    read, built, opened = [], [], []
    for _ in range(10):
        start = time.perf_counter()
        data = storage.read(path, "campaign")
        middle = time.perf_counter()
        campaign_file.Writer(every).read(data)
        read.append(middle - start)
        built.append(time.perf_counter() - middle)
        start = time.perf_counter()
        Journal.open(path, every)
        opened.append(time.perf_counter() - start)
    return statistics.median(read), statistics.median(built), statistics.median(opened)


def whole(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    runs = parser.parse_args().runs
    found = files()
    missing = [str(p) for p in found.values() if not p.exists()]
    if missing:
        raise SystemExit(f"no {', '.join(missing)}: make war writes them")
    folder = Path(tempfile.mkdtemp(prefix="war-speed-"))
    env = {**os.environ, "REFEREE_HOME": str(folder / "home")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the warm-up writes the .pyc files, as any first start does
    env.pop("TEXTUAL", None)

    print(f"{'file':<28}{'KB':>7}{'units':>7}{'log':>7}{'read+scan':>11}{'build':>8}{'open':>8}  (ms, in-process, median of 10)")
    for name, path in found.items():
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        read, built, opened = loads(path)
        print(f"{name:<28}{path.stat().st_size / 1024:>7.0f}{len(data['units']):>7}{len(data['log']):>7}{read * 1000:>11.1f}{built * 1000:>8.1f}{opened * 1000:>8.1f}")

    copies = {name: folder / path.name for name, path in found.items()}
    commands = {"one-command typer app": [sys.executable, "-c", TYPER_FLOOR]}
    commands |= {f"campaign status, {name}": [str(BIN / "referee"), "campaign", "status", "--campaign", str(copies[name])] for name in found}
    times: dict[str, list[float]] = {name: [] for name in commands}
    launches: dict[str, list[float]] = {name: [] for name in found}
    for number in range(runs + 1):  # the first round, not counted, writes the .pyc files and the tables cache
        for name, path in found.items():
            shutil.copyfile(path, copies[name])
        for name, command in commands.items():
            took = whole(command, env)
            if number:
                times[name].append(took)
        for name in found:
            shutil.copyfile(found[name], copies[name])  # (the app notes the file in its recent list; the file itself is unchanged)
            took, _, _ = run_child(REFEREE, [str(copies[name])], env, str(folder))
            if number:
                launches[name].append(took)
    floor = statistics.median(times["one-command typer app"])
    fresh = statistics.median(times["campaign status, fresh war (bundled start)"])
    print(f"\nwhole processes ({runs} runs each, alternating): median ms, ratio to the typer app, ratio to the fresh war")
    for name, samples in times.items():
        median = statistics.median(samples)
        print(f"  {name:<44}{median * 1000:>8.1f}{median / floor:>7.2f}{median / fresh:>7.2f}")
    start = statistics.median(launches["fresh war (bundled start)"])
    for name, samples in launches.items():
        print(f"  {'referee play, first screen, ' + name:<44}{median_ms(samples):>8.1f}{'':>7}{statistics.median(samples) / start:>7.2f}")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
