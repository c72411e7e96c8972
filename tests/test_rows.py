"""The screens' lists (referee.tui.rows): the cursor stays on its row when the rows change, a
change draws again only the rows that changed, and the screen hears of each new row under the
cursor."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot

from referee.tui.rows import Rows

SHIPS = [(f"ship {n}", (f"Ship {n}", f"{n * 10}/100", "Prenglar")) for n in range(40)]


class Holder(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.heard: list[str] = []

    def compose(self) -> ComposeResult:
        yield Rows("Name", "Hull", "Place", id="ships")

    def on_mount(self) -> None:
        rows = self.query_one(Rows)
        rows.show(SHIPS)
        rows.focus()

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        self.heard.append(event.key)


def drive(scenario: Callable[[Holder, Rows, Pilot[None]], Awaitable[None]]) -> Holder:
    async def main() -> Holder:
        app = Holder()
        async with app.run_test(size=(60, 12)) as pilot:
            await pilot.pause()
            await scenario(app, app.query_one(Rows), pilot)
        return app

    return asyncio.run(main())


def test_the_cursor_moves_by_key_and_the_screen_hears_each_row() -> None:
    async def scenario(app: Holder, rows: Rows, pilot: Pilot[None]) -> None:
        await pilot.press("down", "down", "up", "end")
        await pilot.pause()
        assert rows.key == "ship 39" and rows.scroll_offset.y > 0  # the last row is in view
        await pilot.press("home")
        await pilot.pause()
        assert rows.key == "ship 0" and rows.scroll_offset.y == 0

    app = drive(scenario)
    assert app.heard == ["ship 0", "ship 1", "ship 2", "ship 1", "ship 39", "ship 0"]


def test_new_rows_keep_the_cursor_on_its_row_or_on_the_row_asked_for() -> None:
    async def scenario(app: Holder, rows: Rows, pilot: Pilot[None]) -> None:
        assert rows.point("ship 5") and not rows.point("ship 99")
        rows.show(SHIPS[3:])  # three rows gone above it: the cursor stays on ship 5
        assert rows.key == "ship 5" and rows.cursor == 2
        rows.show(SHIPS, keep="ship 7")
        assert rows.key == "ship 7"
        rows.show([row for row in SHIPS if row[0] != "ship 7"])  # its row gone: the cursor stays at its place
        assert rows.key == "ship 8"
        rows.show([])
        assert rows.key == "" and rows.keys == []

    drive(scenario)


def test_a_change_draws_again_only_the_rows_that_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[str, ...]] = []
    strip = Rows._strip

    def noted(self: Rows, cells: tuple[str, ...], style: object) -> object:
        drawn.append(tuple(cells))
        return strip(self, cells, style)  # type: ignore[arg-type]

    async def scenario(app: Holder, rows: Rows, pilot: Pilot[None]) -> None:
        monkeypatch.setattr(Rows, "_strip", noted)
        changed = [(key, ("Ship 3", "5/100", "Dramune") if key == "ship 3" else cells) for key, cells in SHIPS]
        rows.show(changed)
        await pilot.pause()
        assert drawn == [("Ship 3", "5/100", "Dramune")]
        drawn.clear()
        wider = [(key, ("Ship 3", "5/100", "Cassidine") if key == "ship 3" else cells) for key, cells in SHIPS]
        rows.show(wider)  # a wider column: every line shown is drawn again
        await pilot.pause()
        assert drawn[0] == ("Name", "Hull", "Place") and len(drawn) == rows.scrollable_content_region.height

    drive(scenario)
