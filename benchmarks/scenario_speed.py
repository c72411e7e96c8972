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

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from app_speed import Presses, noting_frames, run_keys  # noqa: E402

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
    later = {c.name for c in state.counters if c.kind == "ship" and (c.arrives or 0) > 1}  # (reinforcements: placed when they arrive)
    for number, name in enumerate(s.name for s in state.ships if s.name not in later):
        state = setup.place(state, [name], f"6/J{number % 6 + 4}", number % 6).state
    storage.write_text(path, scenario_file.text(state))


async def keys(repeats: int, folder: Path) -> Presses:
    from referee import tables
    from referee.journal import Journal
    from referee.tui.app import RefereeApp

    path = folder / "phoenix.toml"
    phoenix_entered(path)
    app = RefereeApp(Journal.open(path, tables.load()), None)
    frames = noting_frames(app)
    async with app.run_test(size=(80, 24)) as pilot:
        timed = Presses(pilot, frames)
        await timed.screens(repeats, ("1", "Fleets"), ("3", "Log"), "the next ship's card")
        await timed.undone(app, repeats, "n", "the next phase (apply, save, redraw)")
    return timed


def main() -> None:
    run_keys(__doc__ or "", keys, "Phoenix Command, 44 ships entered")


if __name__ == "__main__":
    main()
