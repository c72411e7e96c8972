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
import shutil
from pathlib import Path

import pytest

from referee import tables
from referee.journal import Journal
from referee.resources import campaigns_dir
from referee.tui.app import RefereeApp
from tests.helpers.snapshots import compare, settled

SIZE = (80, 24)
TABLES = tables.load()


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


@pytest.mark.parametrize(("key", "name"), [("1", "campaign"), ("2", "forces"), ("3", "map"), ("7", "log")])
def test_screen_at_80x24_matches_its_snapshot(key: str, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))  # the app remembers the campaign played there
    war = tmp_path / "war.toml"  # the same name in every run: it is shown in the top bar
    shutil.copyfile(campaigns_dir() / "second-sathar-war.toml", war)
    compare(f"{name}-80x24", shown(war, key))
