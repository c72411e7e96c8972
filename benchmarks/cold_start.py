"""Cold start of the quick command-line path, as whole processes, against ``python -c pass``.

Runs each command many times, interleaved so machine load hits all alike, and prints the median
wall time of each and its ratio to the bare interpreter. Goal (issue 2): ratio at most 6.

    .venv/bin/python benchmarks/cold_start.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent
TYPER_FLOOR = """
import typer
app = typer.Typer()
@app.command()
def roll(expression: str) -> None:
    print(expression)
app(["2d10+4"])
"""
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "one-command typer app (the framework's floor)": [sys.executable, "-c", TYPER_FLOOR],
    "referee roll 2d10+4": [str(BIN / "referee"), "roll", "2d10+4"],
    "referee table lookup kh.damage 83": [str(BIN / "referee"), "table", "lookup", "kh.damage", "83"],
    "referee table lookup si.open-order 3:2 4": [str(BIN / "referee"), "table", "lookup", "si.open-order", "3:2", "4"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    runs = parser.parse_args().runs
    # The commands may write .pyc files (a referee's machine compiles once, not at every start); the
    # first round, not counted, writes them.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    print_ratios(alternating(COMMANDS, runs, env), "python -c pass", "referee", 6)


def alternating(commands: dict[str, list[str]], runs: int, env: dict[str, str]) -> dict[str, list[float]]:
    """Each command's wall times, ``runs`` rounds of all of them in turn (so the machine's load hits
    all alike) after a first round that is not counted (it writes the .pyc files and caches)."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for number in range(runs + 1):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
            if number:
                times[name].append(time.perf_counter() - start)
    return times


def print_ratios(times: dict[str, list[float]], base: str, judged: str | tuple[str, ...], goal: float, note: str = "") -> None:
    """Each command's median wall time and its ratio to the median of ``base``; the worst ratio of
    the commands whose names start with ``judged``, against the goal."""
    floor = statistics.median(times[base])
    width = max(len(name) for name in times) + 4
    print(f"{'command':<{width}}{'median ms':>10}{'ratio':>8}{note}")
    for name, samples in times.items():
        median = statistics.median(samples)
        print(f"{name:<{width}}{median * 1000:>10.1f}{median / floor:>8.2f}")
    worst = max(statistics.median(s) for n, s in times.items() if n.startswith(judged))
    print(f"worst ratio {worst / floor:.2f} (goal: at most {goal})")


if __name__ == "__main__":
    main()
