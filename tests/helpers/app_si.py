"""A Stellar Inferno scenario in the app, as its tests drive it: Phoenix Command's file, the dice
rolled, the Planets screen's card and forms."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

from referee import storage
from referee.resources import si_scenario_files
from referee.stellar_inferno import scenario_file, setup
from referee.stellar_inferno.scenario import Scenario
from referee.tui.app import RefereeApp
from referee.tui.dialogs import DiceDialog
from tests.helpers.app_sfw import keys, pick


def phoenix(path: Path) -> Path:
    """Scenario 1, Phoenix Command, at turn 1 as ``referee si new`` starts it."""
    bundled = scenario_file.from_dict(storage.read(si_scenario_files()["phoenix-command"], "scenario"))
    storage.write_text(path, scenario_file.text(setup.start(bundled).state))
    return path


def read(path: Path) -> Scenario:
    return scenario_file.from_dict(storage.read(path, "scenario"))


async def roll(app: RefereeApp, pilot: Pilot[None], *dice: str) -> None:
    """The dice dialog: each die typed as rolled at the table, then Enter, then Enter to take it."""
    assert isinstance(app.screen, DiceDialog), app.screen
    for number, die in enumerate(dice):
        await keys(pilot, f'"{die}"')
        if number < len(dice) - 1:
            await keys(pilot, "tab")
    await keys(pilot, "enter", "enter")


def panel(app: RefereeApp, page: str = "planets") -> str:
    return str(app.screen.query_one(f"#{page} #next", Static).render())


async def form(pilot: Pilot[None], key: str, *fields: tuple[str, ...]) -> None:
    """Open an action's form and fill its fields in order: ("pick", text) takes the first of a list
    narrowed by the text, ("mark", text, ...) marks each in a list of many, ("type", text) types."""
    await keys(pilot, key)
    for how, *given in fields:
        if how == "pick":
            await pick(pilot, given[0])
        elif how == "mark":
            for name in given:
                await keys(pilot, f'"{name}"', "down", "space", "up", *["backspace"] * len(name))
            await keys(pilot, "tab")
        elif how == "keep":
            await keys(pilot, "tab")
        else:
            await keys(pilot, f'"{given[0]}"', "tab")
