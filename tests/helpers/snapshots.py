"""Snapshots of the app's screens: the text a referee sees, compared with the files in
tests/app/snapshots/ (``REFEREE_UPDATE_SNAPSHOTS=1`` writes them anew)."""

from __future__ import annotations

import difflib
import io
import os
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot

from referee.tui.app import RefereeApp

SNAPSHOTS = Path(__file__).parents[1] / "app" / "snapshots"
UPDATE = os.environ.get("REFEREE_UPDATE_SNAPSHOTS") == "1"


def screen_text(app: RefereeApp) -> str:
    """The screen as plain text, one line per row with trailing spaces cut: rendered the way
    ``App.export_screenshot`` renders its SVG (Textual 8.2.8), exported as text instead."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True, color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return "\n".join(line.rstrip() for line in console.export_text().split("\n")) + "\n"


async def settled(app: RefereeApp, pilot: Pilot[None]) -> str:
    """The screen once two renders in a row agree (tables fill and scroll after a refresh)."""
    before = ""
    for _ in range(20):
        await pilot.pause()
        now = screen_text(app)
        if now == before:
            return now
        before = now
    raise AssertionError(f"the screen kept changing:\n{before}")


def compare(name: str, text: str) -> None:
    snapshot = SNAPSHOTS / f"{name}.txt"
    if UPDATE:
        SNAPSHOTS.mkdir(exist_ok=True)
        snapshot.write_text(text, encoding="utf-8")
        return
    if not snapshot.is_file():
        pytest.fail(f"no snapshot {snapshot}: write it with REFEREE_UPDATE_SNAPSHOTS=1, then review it. The screen:\n{text}")
    expected = snapshot.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(keepends=True), text.splitlines(keepends=True), f"{snapshot.name} (committed)", f"{name} (now)"))
        pytest.fail(f"the {name} screen differs from {snapshot} (rewrite it with REFEREE_UPDATE_SNAPSHOTS=1 if the change is meant):\n{diff}", pytrace=False)
