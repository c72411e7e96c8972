"""Snapshots of the app's screens at 80x24 on the bundled start: the text a referee sees, compared
with the files in tests/app/snapshots/. A change to a screen's layout shows here as a diff.

After a change meant to alter a screen, look at the diff, then write the snapshots anew with
``REFEREE_UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/app/test_app_snapshots.py`` and review
the files before committing them. The text depends on Textual's and Rich's versions (pinned in
constraints.txt): a new version may change it.

Only the characters are compared, not colours: the tab in reverse, the cursor row and the focus
are not seen here.
"""

from __future__ import annotations

import asyncio
import difflib
import io
import os
import shutil
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot

from referee import tables
from referee.journal import Journal
from referee.resources import campaigns_dir
from referee.tui.app import RefereeApp

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("REFEREE_UPDATE_SNAPSHOTS") == "1"
SIZE = (80, 24)
TABLES = tables.load()


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


def shown(path: Path, key: str) -> str:
    """The text of the screen that ``key`` shows, on a fresh app open on the campaign ``path``."""

    async def main() -> str:
        app = RefereeApp(Journal.open(path, TABLES))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press(key)
            text = await settled(app, pilot)
        return text

    return asyncio.run(main())


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


@pytest.mark.parametrize(("key", "name"), [("1", "campaign"), ("2", "forces"), ("3", "map"), ("7", "log")])
def test_screen_at_80x24_matches_its_snapshot(key: str, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))  # the app remembers the campaign played there
    war = tmp_path / "war.toml"  # the same name in every run: it is shown in the top bar
    shutil.copyfile(campaigns_dir() / "second-sathar-war.toml", war)
    compare(f"{name}-80x24", shown(war, key))
