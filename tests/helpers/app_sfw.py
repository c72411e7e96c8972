"""A Starfleet Wars engagement in the app, as its tests drive it: the engagement's file, keys typed,
picks from lists, the form's preview."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

from referee import storage
from referee.starfleet_wars import engagement_file, fortress_phase, turn
from referee.starfleet_wars.engagement import Engagement
from referee.tui.app import RefereeApp
from referee.tui.dialogs import FormDialog
from tests.helpers.tables import TABLES

NAMES = {" ": "space", "-": "minus", ",": "comma", "=": "equals_sign", "'": "apostrophe", "%": "percent_sign"}


def engagement(path: Path, ships: bool = True) -> Path:
    """Terran against Aquarian: VICTORY (launchers 2, reloads 30 entered), PIRAHNA (OF, DF 4,
    launchers 2, reloads 6), a Sting starbomber, a Terran starfighter, the fortress Bastion (3 LSS,
    2 WP, a SAWS, WP 1 next to LSS 1, a MAD)."""
    state = Engagement("e", ("Terran", "Aquarian"))
    state = state.logged(state.entry("e: Terran against Aquarian; turn 1", rule="Starfleet Wars supplement"))
    if ships:
        state = turn.add(state, TABLES, "VICTORY", "Terran", "VICTORY", {"launchers": 2, "reloads": 30}).state
        state = turn.add(state, TABLES, "PIRAHNA", "Aquarian", "PIRAHNA", {"max_off": 4, "max_def": 4, "launchers": 2, "reloads": 6}).state
        state = turn.add(state, TABLES, "Sting 1", "Aquarian", "STING").state
        state = turn.add(state, TABLES, "Wahoo 1", "Terran", "SF").state
        state = fortress_phase.build(state, TABLES, "Bastion", "Terran", ["LSS", "LSS", "LSS", "WP", "WP", "SAWS"], [("WP 1", "LSS 1")], 1).state
    storage.write_text(path, engagement_file.text(state))
    return path


async def keys(pilot: Pilot[None], *pressed: str) -> None:
    """Press keys one after another; a word in quotes ('"PIRAHNA"') is typed letter by letter."""
    for key in pressed:
        if key.startswith('"'):
            for letter in key.strip('"'):
                await pilot.press(NAMES.get(letter, letter))
        else:
            await pilot.press(key)
        await pilot.pause()


async def pick(pilot: Pilot[None], typed: str) -> None:
    """In a list field: type to open its list and narrow it, Enter takes the first left, Tab goes on."""
    await keys(pilot, f'"{typed}"', "enter", "tab")


def form(app: RefereeApp) -> FormDialog:
    assert isinstance(app.screen, FormDialog), app.screen
    return app.screen


def preview(app: RefereeApp) -> str:
    return str(form(app).query_one("#preview", Static).render())
