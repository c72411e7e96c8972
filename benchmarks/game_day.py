"""A week of the war at the table, key by key: the keys a referee presses in the app, and the seconds
the app takes, for each campaign day from day 60 of the generated war as issue 21 played it (kept
in tests/data/war-day60.toml, whatever the generator plays now) to the day of the next battle. Issue 32's measure: the app as it is, against the app
before standing orders (``--before``: the same plan of the game, keyed as that app needs it).

The game played (the same in both): day 60, the Sathar turn Sathar Fleet 5 back to White Light and
send the Sathar Destroyer 4 on to Fromeltar; the UPF send the six Minotaur militia ships from Theseus
to White Light risk-jumping at two boxes a day (a d100 at the jump box, typed as rolled: 12, safe),
and bring Task Force Prenglar, Frontier Group 1 and the three ships coming from Madderly's Star on
to Cassidine. Each day after, every group goes on where it was sent. Day 66, the militia reach
White Light: the UPF declare the attack on the Sathar there, and its results are entered (the
Sathar Destroyer 8 destroyed). Each day ends (asked first, y); day 60, a twentieth day, ends with
the replacements' d100s, rolled for me (Ctrl+R).

Keys: each key pressed counts one (a letter typed to narrow a list, Tab, Enter, Space, Ctrl+A ...).
A referee types the fewest that do it: a few letters to narrow a list, the first entry of a list
taken with Enter. Before standing orders, a group on its way is ordered on again each day (m, its
ships marked, Ctrl+A); now, c then y goes on with every journey of the side moving.

Seconds: the app driven by Textual's pilot (run_test, 80x24), one key at a time, each key's effect
awaited (the pilot waits for idle by sleeping in 20 ms slices: a key that does nothing takes about
60 ms that way, printed as the floor). "app s" is the day's wall time less that floor for each key:
the time the app itself spent. Each step is checked against the campaign after it (a plan that
went astray stops the run, saying where).

    .venv/bin/python benchmarks/game_day.py            # the app as it is
    /path/to/old/.venv/bin/python benchmarks/game_day.py --before   # an app before standing orders
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "data" / "war-day60.toml"
MILITIA = [f"Minotaur Militia {kind}" for kind in ("Assault Scout 1", "Assault Scout 2", "Assault Scout 3", "Assault Scout 4", "Frigate", "Destroyer")]


class Step(NamedTuple):
    what: str
    keys: tuple[str, ...]
    done: Callable[[Any], bool]  # the campaign after it
    then: Callable[[Any], list[str]] | None = None  # keys worked out from the screen the keys opened (a cell of the results table), then Ctrl+A


def typed(text: str) -> tuple[str, ...]:
    return tuple("space" if c == " " else c for c in text)


def keys(*parts: str | tuple[str, ...]) -> tuple[str, ...]:
    found: list[str] = []
    for part in parts:
        found += [part] if isinstance(part, str) else list(part)
    return tuple(found)


def heading(name: str, toward: str) -> Callable[[Any], bool]:
    def check(campaign: Any) -> bool:
        place = campaign.unit(name).place
        return place is not None and campaign.unit(name).moved and (place.where == toward or place.toward == toward)

    return check


def at_step(step: str, day: int | None = None) -> Callable[[Any], bool]:
    return lambda c: c.step == step and (day is None or c.day == day)


def advance(before: bool, step: str, day: int | None = None) -> Step:
    return Step(f"advance to {step}", ("a",) if before else ("a", "y"), at_step(step, day))


def end_day(day: int) -> Step:
    return Step("end the day", ("a", "y"), at_step("sathar-move", day + 1))


def move(what: str, narrow: str, marks: int, toward: tuple[str, ...], check: Callable[[Any], bool], more: tuple[str, ...] = ()) -> Step:
    """m on the Forces screen: a few letters narrow the list of ships that may move, Down goes to
    it, Space marks each; Tab to Toward (Enter opens its list, letters find the place, Enter takes
    it; none: on the way they go), then ``more`` (the rate); Ctrl+A."""
    way = ("tab", "enter", *toward, "enter") if toward else ()
    return Step(what, keys("m", typed(narrow), "down", ("space",) * marks, way, more, "ctrl+a"), check)


def plan(before: bool) -> list[tuple[int, list[Step]]]:
    """The days of the game, each a list of steps (the Forces screen shown first, with 2)."""
    days: list[tuple[int, list[Step]]] = []
    militia_rate = ("tab", "enter", "2", "enter")
    day60 = [
        Step("the Forces screen", ("2",), lambda c: True),
        move("Sathar Fleet 5 back to White Light", "fl", 1, typed("whi"), heading("Sathar Destroyer 8", "White Light")),
        move("Sathar Destroyer 4 on to Fromeltar", "4", 1, typed("fro"), heading("Sathar Destroyer 4", "Fromeltar")),
        advance(before, "upf-move", 60),
        move("the Minotaur militia to White Light at 2 a day", "mino", 6, typed("whi"), heading(MILITIA[0], "White Light"), militia_rate),
        move("Task Force Prenglar on to Cassidine", "force p", 1, (), heading("TF Prenglar Battleship", "Cassidine")),
        move("Frontier Group 1 on to Cassidine", "front", 1, typed("cas"), heading("UPF Light Cruiser 2", "Cassidine")),
        move("the three from Madderly's Star on to Cassidine", "madd", 3, (), heading("UPF Assault Scout 3", "Cassidine")),
        advance(before, "sathar-attacks", 60),
        advance(before, "upf-attacks", 60),
        end_day(60),
    ]
    days.append((60, day60))
    arrive = {"Sathar Fleet 5": 61, "the three": 62, "Task Force Prenglar": 63}
    for day in range(61, 67):
        steps: list[Step] = []
        if before:
            steps.append(move("Sathar Destroyer 4 on", "4", 1, (), heading("Sathar Destroyer 4", "Fromeltar")))
            if day <= arrive["Sathar Fleet 5"]:
                steps.append(move("Sathar Fleet 5 on", "fl", 1, (), heading("Sathar Destroyer 8", "White Light")))
        else:
            steps.append(Step("the Sathar journeys go on", ("c", "y"), heading("Sathar Destroyer 4", "Fromeltar")))
        steps.append(advance(before, "upf-move", day))
        if before:
            steps.append(move("the militia on", "mino", 6, (), heading(MILITIA[0], "White Light")))
            if day <= arrive["Task Force Prenglar"]:
                steps.append(move("Task Force Prenglar on", "force p", 1, (), heading("TF Prenglar Battleship", "Cassidine")))
            steps.append(move("Frontier Group 1 on", "front", 1, (), heading("UPF Light Cruiser 2", "Cassidine")))
            if day <= arrive["the three"]:
                steps.append(move("the three on", "madd", 3, (), heading("UPF Assault Scout 3", "Cassidine")))
        else:
            steps.append(Step("the UPF journeys go on", ("c", "y"), heading(MILITIA[0], "White Light")))
        steps += [advance(before, "sathar-attacks", day), advance(before, "upf-attacks", day)]
        if day == 66:
            steps += [
                Step("the attack declared at White Light", ("5", "d", "ctrl+a"), lambda c: any(f.system == "White Light" for f in c.fights)),
                Step("its results: the Sathar Destroyer 8 destroyed", ("o",), lambda c: c.unit("Sathar Destroyer 8").status == "destroyed", result_cell),
                Step("the Forces screen", ("2",), lambda c: True),
            ]
        steps.append(end_day(day))
        days.append((day, steps))
    return days


async def dice(app: Any, pilot: Any, presses: list[str]) -> None:
    """A dice dialog open: a misjump's d100 typed as rolled at the table (12: safe), Enter; the
    replacements' many d100s at the end of a twentieth day rolled for me (Ctrl+R, the app's dice
    seeded); then Enter applies the outcome."""
    from referee.tui.dialogs import DiceDialog

    while isinstance(app.screen, DiceDialog):
        if len(app.screen.rolls) > 1:
            await press(pilot, presses, "ctrl+r")
        else:
            await press(pilot, presses, "1", "2", "enter")
        await press(pilot, presses, "enter")


async def press(pilot: Any, presses: list[str], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        presses.append(key)


async def play(path: Path, before: bool, size: tuple[int, int], verbose: bool = False) -> list[tuple[int, int, float]]:
    from referee import tables
    from referee.journal import Journal
    from referee.tui.app import RefereeApp
    from referee.tui.dialogs import DiceDialog

    app = RefereeApp(Journal.open(path, tables.load()))
    app.rng = random.Random(60)  # (the dice rolled for me: the same in every run)
    found = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for day, steps in plan(before):
            presses: list[str] = []
            start = time.perf_counter()
            for step in steps:
                first = len(presses)
                await press(pilot, presses, *step.keys)
                if step.then is not None:
                    await press(pilot, presses, *step.then(app), "ctrl+a")
                if isinstance(app.screen, DiceDialog):
                    await dice(app, pilot, presses)
                await pilot.pause()
                if verbose:
                    print(f"  day {day}: {step.what}: {' '.join(presses[first:])}")
                if not step.done(app.journal.state):
                    said = app.query_one("#said").render()
                    raise SystemExit(f"day {day}: {step.what} did not happen (keys {' '.join(step.keys)}); the screen says: {said}; in front: {type(app.screen).__name__}")
            found.append((day, len(presses), time.perf_counter() - start))
    return found


def result_cell(app: Any) -> list[str]:
    """The keys from where the results table opens to the Sathar Destroyer 8's Destroyed cell, marked."""
    from textual.widgets import DataTable

    table = app.screen.query_one(DataTable)
    row = list(app.screen.rows).index("Sathar Destroyer 8")
    column = 1 + [c.key for c in app.screen.columns].index("destroyed")
    here = table.cursor_coordinate
    moves = ["down" if row > here.row else "up"] * abs(row - here.row) + ["right" if column > here.column else "left"] * abs(column - here.column)
    return [*moves, "space"]


async def floor(size: tuple[int, int]) -> float:
    """The pilot's time for a key that does nothing (a key no screen binds), in seconds."""
    from textual.app import App

    app: App[None] = App()
    times = []
    async with app.run_test(size=size) as pilot:
        for _ in range(20):
            start = time.perf_counter()
            await pilot.press("f12")
            await pilot.pause()
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", action="store_true", help="key the plan for the app before standing orders")
    parser.add_argument("--size", default="80x24", help="the terminal, COLSxROWS")
    parser.add_argument("--verbose", action="store_true", help="print each step's keys")
    args = parser.parse_args(argv)
    size = tuple(int(n) for n in args.size.split("x"))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "war.toml"
        for suffix in ("", ".log"):
            shutil.copy(f"{FIXTURE}{suffix}", f"{path}{suffix}")
        import os

        os.environ["REFEREE_HOME"] = str(Path(folder) / "home")
        each = asyncio.run(floor(size))  # type: ignore[arg-type]
        days = asyncio.run(play(path, args.before, size, args.verbose))  # type: ignore[arg-type]
    which = "before standing orders" if args.before else "now"
    print(f"A week of the war from day 60 ({which}, {args.size}); the pilot's floor: {each * 1000:.0f} ms a key")
    print(f"{'day':>4} {'keys':>5} {'wall s':>7} {'app s':>6}")
    for day, count, seconds in days:
        print(f"{day:>4} {count:>5} {seconds:>7.2f} {seconds - count * each:>6.2f}")
    total_keys, total = sum(d[1] for d in days), sum(d[2] for d in days)
    print(f"{'all':>4} {total_keys:>5} {total:>7.2f} {total - total_keys * each:>6.2f}")


if __name__ == "__main__":
    main()
