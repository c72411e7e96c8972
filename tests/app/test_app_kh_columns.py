"""At 80x24 no column of a battle's lists is cut mid-word: the Ships list keeps each ship's name,
side, speed (and hull where it fits), the Fire list each shot's target and chance to hit; what does
not fit is on the card or the odds beside the list. At 160x50 every column is shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from referee import storage
from referee.knight_hawks import battle_file
from referee.tui.app import RefereeApp
from referee.tui.battle.actions import CHOSEN
from referee.tui.choice import Choice
from referee.tui.dialogs import FormDialog
from referee.tui.rows import Rows
from tests.helpers.app import drive
from tests.helpers.app_kh import TABLES, announce
from tests.helpers.campaign import UPF
from tests.helpers.kh import campaign_battle


def whole(rows: Rows) -> bool:
    """Every column of the list within its width (its vertical scroll bar aside)."""
    return rows.virtual_size.width <= rows.size.width - 2


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_the_ships_and_fire_lists_show_whole_columns(size: tuple[int, int], tmp_path: Path) -> None:
    path = tmp_path / "battle.toml"
    storage.write_text(path, battle_file.text(campaign_battle(UPF), TABLES))  # TF Prenglar Light Cruiser 1: a long name

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        roster = app.screen.query_one("#roster", Rows)
        assert whole(roster), (roster.labels, roster.virtual_size, roster.size)
        assert {"Ship", "Side", "Spd"} <= set(roster.labels)
        if size == (160, 50):
            assert roster.labels == ("Ship", "Side", "Spd", "", "Hull", "ADF", "MR", "Now")
        await announce(app, pilot, "TF Prenglar Light Cruiser 1", "LB", "Sathar Destroyer 1", "3")
        volley = app.screen.query_one("#volley", Rows)
        assert whole(volley), (volley.labels, volley.virtual_size, volley.size)
        assert {"Target", "Hit"} <= set(volley.labels)
        odds = app.screen.query_one("#odds").content.plain
        assert odds.startswith("shot 1: the TF Prenglar Light Cruiser 1's LB at the Sathar Destroyer 1, range 3")  # what the list leaves out
        await pilot.press("a")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        form.query_one("#field-firer", Choice).value = "TF Prenglar Light Cruiser 1"
        await pilot.pause()
        for field in ("firer", "target"):
            labels = [str(label) for label, _ in form.query_one(f"#field-{field}", Choice).options]
            assert labels and all(len(label) <= CHOSEN for label in labels), labels  # shown whole once chosen
        await pilot.press("escape")

    drive(path, play, size=size)
