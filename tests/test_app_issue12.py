"""Issue 12 in the app: the Campaign screen's next steps and the sealed condition's progress."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from referee.tui.app import RefereeApp
from tests.test_app import drive, saved, text
from tests.test_sathar_war import started


def test_the_revealed_secret_shows_how_far_its_condition_has_come(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", started(retreat=2))

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        assert "now:" not in text(app, "#tally")
        await pilot.press("s")
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
