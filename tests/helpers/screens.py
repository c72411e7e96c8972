"""The players' view as the table sees it: the app opened on a file for one side, every page shown,
its text read (what ``referee view`` and the served page render)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Static

from referee.tui.view.app import ViewApp, open_view


def shown(app: ViewApp) -> str:
    """Everything the view renders: the bar and the four pages in full."""
    return "\n".join(str(s.content) for s in app.query(Static) if s.id and (s.id == "bar" or s.id.startswith("text-")))


def render(path: Path, side: str) -> str:
    """The view of ``side`` of the file at ``path``, each of its four pages shown in turn."""

    async def main() -> str:
        app = open_view(path, side)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            for page in "1234":
                await pilot.press(page)
            await pilot.pause()
            return shown(app)

    return asyncio.run(main())
