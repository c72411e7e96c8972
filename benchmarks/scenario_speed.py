"""Speed of a Stellar Inferno scenario in the app: a key press on the Fleets screen of Phoenix
Command with every ship's factors entered (44 counters) and the ships placed in six hexes, to the
updated screen.

Opened in the app with Textual's pilot at 80x24, timed as benchmarks/app_speed.py times the
campaign's keys (its ``timed_press``), each repeated 20 times: the cursor down the roster (the card
beside it redrawn), switching to the Log and back, n (the next phase: applied, saved, redrawn) and
Ctrl+Z (undone, saved, redrawn). Goal: 50 ms to the last frame (median).

    .venv/bin/python benchmarks/scenario_speed.py [--repeats N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from app_speed import KEY_GOAL_MS, Sample, noting_frames, report_keys, timed_press  # noqa: E402

os.environ.setdefault("TEXTUAL_FPS", "240")  # as referee.launch sets it


def phoenix_entered(path: Path) -> None:
    from referee import storage, tables
    from referee.resources import si_scenario_files
    from referee.stellar_inferno import scenario_file, setup

    si = tables.load(prefix="si")
    state = setup.start(scenario_file.from_dict(storage.read(si_scenario_files()["phoenix-command"], "scenario"))).state
    ships = [c.name for c in state.counters if c.kind == "ship"]
    for number, name in enumerate(ships):
        state = setup.enter_ship(state, si, name, [f"A{number % 6 + 2} D{number % 5 + 2} M3 R4", "A2 D2 M2 R2"]).state
    for number, name in enumerate(s.name for s in state.ships):
        state = setup.place(state, [name], f"6/J{number % 6 + 4}", number % 6).state
    storage.write_text(path, scenario_file.text(state))


async def keys(repeats: int, folder: Path) -> tuple[dict[str, list[Sample]], list[str]]:
    from referee import tables
    from referee.journal import Journal
    from referee.tui.app import RefereeApp

    path = folder / "phoenix.toml"
    phoenix_entered(path)
    app = RefereeApp(Journal.open(path, tables.load()), None)
    frames = noting_frames(app)
    found: dict[str, list[Sample]] = {}
    odd: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:

        async def timed(name: str, key: str) -> None:
            found.setdefault(name, []).append(await timed_press(pilot, key, frames))

        await pilot.pause()
        for _ in range(repeats):
            await timed("baseline: a key bound to nothing", "f12")
        await timed("first visit: 3 Log (composes it)", "3")
        await timed("first visit: 1 Fleets", "1")
        for _ in range(repeats):
            await timed("fleets: down (the next ship's card)", "down")
        for _ in range(repeats):
            await timed("switch: 3 Fleets -> Log", "3")
            await timed("switch: 1 Log -> Fleets", "1")
        for _ in range(repeats):
            before = len(app.journal.past)
            await timed("n: the next phase (apply, save, redraw)", "n")
            await timed("ctrl+z: undo (save, redraw)", "ctrl+z")
            if len(app.journal.past) != before:
                odd.append("n and Ctrl+Z did not leave the history as it was")
                break
    return found, odd


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=20)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="referee-scenario-bench-") as name:
        os.environ["REFEREE_HOME"] = str(Path(name) / "home")
        start = time.perf_counter()
        found, odd = asyncio.run(keys(options.repeats, Path(name)))
        report_keys(found, odd, options.repeats)
        print(f"   (Phoenix Command, 44 ships entered; goal {KEY_GOAL_MS:.0f} ms a key; {time.perf_counter() - start:.0f} s in all)")


if __name__ == "__main__":
    main()
