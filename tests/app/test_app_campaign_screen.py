"""The Campaign screen: the next steps, the sealed condition's progress once revealed, and the
advance over a reading the referee overrides with a note."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from referee.tui.app import RefereeApp
from tests.helpers.app import drive, fill_in, text
from tests.helpers.campaign import few_left_and_five_placed, load, saved, started


def test_the_revealed_secret_shows_how_far_its_condition_has_come(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", started(retreat=2))

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        assert "now:" not in text(app, "#tally")
        await pilot.press("s", "y")  # revealed once asked
        await pilot.pause()
        assert "retreat condition 2" in text(app, "#tally") and "now: Sathar heavy cruisers lost: 0 of 5" in text(app, "#tally")

    drive(path, scenario)


def test_the_next_line_follows_what_remains(tmp_path: Path) -> None:
    """Day 1, the Sathar move: the ships in the start circles must move into the red boxes first."""
    path = saved(tmp_path / "war.toml", started())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        shown = text(app, "#step")
        assert "on the first day ships in start circles must move into the red transit box" in shown and "(2 Forces or 3 Map, m)" in shown
        assert "Strike Force NOVA" not in shown and "advance" not in shown

    drive(path, scenario)


def test_the_campaign_screen_advances_over_the_start_circle_reading_with_a_note(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", few_left_and_five_placed())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("1", "a")
        await pilot.pause()
        assert "Kizk-Kar Start Circle holds 5" in text(app, "#said") and app.journal.state.step == "sathar-move"  # refused before it asks
        await pilot.press("o")
        await fill_in(app, pilot, override="")
        assert text(app, "#error-override") == "give the note the table agreed, logged with the override"
        await fill_in(app, pilot, override="our table counts every ship placed in the war")
        assert app.journal.state.step == "upf-move"

    drive(path, scenario)
    assert "the referee overrides a reading (of the Sathar ships on the map, no more than half start a turn in one start circle): our table counts every ship placed in the war" in [
        e.text for e in load(path).log
    ]
