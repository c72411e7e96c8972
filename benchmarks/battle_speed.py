"""Speed of a Knight Hawks battle in the app: a key press on a 40-ship battle to the updated screen.

The Stand's 22 ships and 18 more (its first 18 ships but the station again, renamed), 40 in all, opened
in the app with Textual's pilot at 80x24, timed as benchmarks/app_speed.py times the campaign's
keys (its ``timed_press``: press+pause, the last frame composed, the CPU), each repeated 20 times:
moving the cursor down the ship list (the card beside it redrawn), switching between the Ships and
Fire screens, n (the next half: applied, saved, redrawn) and Ctrl+Z (undone, saved, redrawn),
and a volley of six shots at one target: f opens the dice dialog, Ctrl+R rolls, Enter applies.
Goal: 50 ms to the last frame (median), beside the baseline of a key bound to nothing.

    .venv/bin/python benchmarks/battle_speed.py [--repeats N]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from app_speed import Presses, Sample, floor_keys, noting_frames, run_keys  # noqa: E402

os.environ.setdefault("TEXTUAL_FPS", "240")  # as referee.launch sets it


def forty_ships(path: Path) -> None:
    from referee import storage, tables
    from referee.knight_hawks import battle_file
    from referee.resources import scenario_files

    every = tables.load()
    battle = battle_file.from_dict(storage.read(scenario_files()["the-stand"], "scenario"), every, start=True)
    more = [s._replace(name=f"{s.name} II") for s in battle.ships if s.ship_class != "space station"][:18]
    battle = battle._replace(ships=(*battle.ships, *more))
    assert len(battle.ships) == 40, len(battle.ships)
    storage.write_text(path, battle_file.text(battle, every))


async def keys(repeats: int, folder: Path) -> Presses:
    from referee import tables
    from referee.journal import Journal
    from referee.knight_hawks.combat_phase import Report
    from referee.tui.app import RefereeApp
    from referee.tui.battle.actions import Announced
    from referee.tui.dialogs import DiceDialog

    path = folder / "forty.toml"
    forty_ships(path)
    app = RefereeApp(Journal.open(path, tables.load()), None)
    frames = noting_frames(app)
    async with app.run_test(size=(80, 24)) as pilot:
        timed = Presses(pilot, frames)
        odd = timed.odd
        await timed.screens(repeats, ("1", "Ships"), ("2", "Fire"), "the next ship's card")
        await timed.undone(app, repeats, "n", "next half (apply, save, redraw)")
        await pilot.press("2")
        await pilot.pause()
        firers = ["Bludgeon", "Viper", "Deathstroke", "Carrion", "Bludgeon II", "Maelstrom"]
        for _ in range(repeats):
            app.kind_of("battle").volley[:] = [Announced(name, "LB", "Ken'Zah Station", Report(range=3)) for name in firers]
            await timed("fire: f (six shots: the dice dialog)", "f")
            if not isinstance(app.screen, DiceDialog):
                odd.append(f"fire: f did not open the dice dialog ({type(app.screen).__name__}): {app.query_one('#said').render()}")
                break
            await timed("fire: Ctrl+R (roll for me, outcome shown)", "ctrl+r")
            await timed("fire: Enter (apply six shots, save, redraw)", "enter")
            await pilot.press("ctrl+z")  # untimed: the station as it was, for the next volley
            await pilot.pause()
    return timed


async def floor(repeats: int) -> dict[str, list[Sample]]:
    """Textual's own floor for the dice dialog: a minimal app with a 40-row DataTable that shows a
    modal of the dice dialog's shape for six rolls (each a line saying what for, an Input, a hidden
    error line), built once and shown again, as the app does."""
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.containers import Vertical
    from textual.screen import ModalScreen
    from textual.widgets import DataTable, Input, Label, Static

    class Rolls(ModalScreen[None]):
        BINDINGS = [Binding("escape", "app.pop_screen")]

        def compose(self) -> ComposeResult:
            with Vertical():
                yield Static("Fire 6 shot(s)")
                for n in range(6):
                    yield Label(f"d100 for shot {n + 1} · I rolled (1-100)")
                    yield Input(id=f"roll-{n}")
                    error = Static("")
                    error.display = False
                    yield error
                yield Static("Enter: use my rolls")

    class Minimal(App[None]):
        BINDINGS = [Binding("f3", "rolls")]

        def compose(self) -> ComposeResult:
            yield DataTable()

        def on_mount(self) -> None:
            table = self.query_one(DataTable)
            table.add_columns("Ship", "Hull")
            for n in range(40):
                table.add_row(f"Ship {n}", n)
            self.install_screen(Rolls(), "rolls")

        def action_rolls(self) -> None:
            self.push_screen("rolls")

    return await floor_keys(Minimal(), (("show a modal of six rolls' fields (built once)", "f3"), ("close it (Esc)", "escape")), repeats)


def main() -> None:
    run_keys(__doc__ or "", keys, "40 ships", floor)


if __name__ == "__main__":
    main()
