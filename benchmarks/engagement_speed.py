"""Speed of a Starfleet Wars engagement in the app: a key press on the Ships screen of an engagement
of 30 ships and 2 starfortresses, to the updated screen.

Terran against Aquarian: 28 ships of the Data Table, the Starbomber and SAPS tables and starfighters
(every capital ship allocated, some damaged), and a fortress a side (six modules, a MAD each: 30
ships in all), opened in the app with Textual's pilot at 80x24, timed as benchmarks/app_speed.py
times the campaign's keys (its ``timed_press``: press+pause, the last frame composed, the CPU),
each repeated 20 times: the cursor down the roster (the card beside it redrawn), switching to the
Log and back, p (the Allocate form shown), a digit typed in it (the cost and what is left made
again), Enter (applied, saved, redrawn), Ctrl+Z (undone, saved, redrawn), and u twice (the
question, y: every card and the Log unsealed). Goal: 50 ms to the last frame (median).

    .venv/bin/python benchmarks/engagement_speed.py [--repeats N]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from app_speed import Presses, noting_frames, run_keys  # noqa: E402

os.environ.setdefault("TEXTUAL_FPS", "240")  # as referee.launch sets it

CLASSES = (  # (class, the cells the Data Table leaves unknown, as a referee would enter them)
    ("VICTORY", {"launchers": 2, "reloads": 30}),
    ("PIRAHNA", {"max_off": 4, "max_def": 4, "launchers": 2, "reloads": 6}),
    ("KUACH", {}),
    ("STING", {}),
    ("Dauntless", {}),
    ("SF", {}),
    ("INVINCIBLE", {"max_off": 14, "max_def": 14, "launchers": 2, "reloads": 10}),
)


def thirty_ships(path: Path) -> None:
    from referee import storage, tables
    from referee.starfleet_wars import combat, engagement_file, fortress_phase, turn
    from referee.starfleet_wars.engagement import Engagement
    from referee.starfleet_wars.power import Allocation

    every = tables.load()
    state = Engagement("thirty", ("Terran", "Aquarian"))
    for number in range(28):
        ship_class, cells = CLASSES[number % len(CLASSES)]
        side = ("Terran", "Aquarian")[number % 2]
        state = turn.add(state, every, f"{ship_class} {number + 1}", side, ship_class, cells).state
    for name, side in (("Bastion", "Terran"), ("Reef", "Aquarian")):
        state = fortress_phase.build(state, every, name, side, ["LSS", "LSS", "LSS", "WP", "WP", "SAWS"], [("WP 1", "LSS 1"), ("WP 2", "LSS 2")], 1).state
        state = fortress_phase.allocate(state, name, 14, 10).state
    capital = [ship.name for ship in state.ships if not ship.craft and ship.type != "MAD"]
    for name in capital:  # every allocation first: a hit is of the firing phase, which ends the allocating
        ship = next(s for s in state.ships if s.name == name)
        state = turn.allocate(state, name, Allocation(1, min(ship.max_off, 3), min(ship.max_def, 3))).state
    for name in capital:
        state = combat.hit(state, every, name, "particle", 1).state
    assert len(state.ships) == 30 and len(state.fortresses) == 2, (len(state.ships), len(state.fortresses))
    storage.write_text(path, engagement_file.text(state))


async def keys(repeats: int, folder: Path) -> Presses:
    from referee import tables
    from referee.journal import Journal
    from referee.tui.app import RefereeApp
    from referee.tui.dialogs import ConfirmDialog, FormDialog

    path = folder / "thirty.toml"
    thirty_ships(path)
    app = RefereeApp(Journal.open(path, tables.load()), None)
    frames = noting_frames(app)
    async with app.run_test(size=(80, 24)) as pilot:
        timed = Presses(pilot, frames)
        odd = timed.odd
        await timed.screens(repeats, ("1", "Ships"), ("3", "Log"), "the next unit's card")
        await pilot.press("home")
        await pilot.pause()
        for _ in range(repeats):
            before = len(app.journal.past)
            await timed("p: the Allocate form shown", "p")
            if not isinstance(app.screen, FormDialog):
                odd.append(f"p did not open the Allocate form ({type(app.screen).__name__})")
                break
            for key in ("tab", "ctrl+u", "tab", "ctrl+u", "tab", "ctrl+u"):  # untimed: the three factors emptied
                await pilot.press(key)
            await pilot.press("shift+tab", "shift+tab")
            await pilot.pause()
            await timed("p: a digit typed (its cost and what is left)", "2")
            await pilot.press("tab", "5", "tab", "5")
            await pilot.pause()
            await timed("p: Enter (apply, save, redraw)", "enter")
            await timed("ctrl+z: undo (save, redraw)", "ctrl+z")
            if len(app.journal.past) != before:
                odd.append("the allocation and Ctrl+Z did not leave the history as it was")
                break
        for _ in range(repeats):
            await timed("u: the question to unseal", "u")
            if not isinstance(app.screen, ConfirmDialog):
                odd.append(f"u did not ask first ({type(app.screen).__name__})")
                break
            await timed("u: y (every card and the Log unsealed)", "y")
            await timed("u: sealed again at once", "u")
    return timed


def main() -> None:
    run_keys(__doc__ or "", keys, "30 ships, 2 fortresses")


if __name__ == "__main__":
    main()
