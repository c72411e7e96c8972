"""The screens' lists (referee.tui.rows): the cursor stays on its row when the rows change, a
change draws again only the rows that changed, and the screen hears of each new row under the
cursor; a list that fits its width leaves out its spare columns, then wraps its cells at their
spaces (referee.tui.fit), a row of several lines one row to the keys and the mouse."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot

from referee.tui.fit import Fit, fit, wrap
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


# ---------------------------------------------------------------------- a list that fits its width

TRAVELLERS = [(f"ship {n}", (f"Sathar Heavy Cruiser {n}", f"{n}/80", "box 2: White Light -> Timeon" if n % 4 == 0 else "Prenglar", "Sathar Fleet 5")) for n in range(12)]


class Fitted(App[None]):
    """A list of ships as Forces shows it: the hull and fleet spare (a roster beside it has them)."""

    def compose(self) -> ComposeResult:
        yield Rows("Name", "Hull", "Where", "Fleet", id="ships", wrap=True, spare=("Hull", "Fleet"))

    def on_mount(self) -> None:
        rows = self.query_one(Rows)
        rows.show(TRAVELLERS)
        rows.focus()


def on_fitted(width: int, scenario: Callable[[Rows, Pilot[None]], Awaitable[None]]) -> None:
    async def main() -> None:
        app = Fitted()
        async with app.run_test(size=(width, 12)) as pilot:
            await pilot.pause()
            await scenario(app.query_one(Rows), pilot)

    asyncio.run(main())


def lines_of(rows: Rows) -> list[str]:
    return [" ".join(rows.render_line(y).text.split()) for y in range(rows.size.height)]


def test_a_list_too_narrow_leaves_out_its_spare_columns_then_wraps_at_spaces() -> None:
    """At 40 columns the hull and fleet are left out, and the few long places wrap ("box 2: White
    Light -> Timeon" on three lines, no word cut) rather than every name; at 100 every column fits
    on one line a row."""

    async def narrow(rows: Rows, pilot: Pilot[None]) -> None:
        shown = lines_of(rows)
        assert shown[0] == "Name Where"
        assert shown[1:5] == ["Sathar Heavy Cruiser 0 box 2:", "White Light", "-> Timeon", "Sathar Heavy Cruiser 1 Prenglar"]
        words = {w for _, cells in TRAVELLERS for cell in cells for w in cell.split()}
        assert {w for line in shown[1:] for w in line.split()} <= words
        assert rows.starts[:6] == [0, 3, 4, 5, 6, 9] and rows.virtual_size.width <= 38  # (the room less the scrollbar's)

    on_fitted(40, narrow)

    async def wide(rows: Rows, pilot: Pilot[None]) -> None:
        assert lines_of(rows)[:2] == ["Name Hull Where Fleet", "Sathar Heavy Cruiser 0 0/80 box 2: White Light -> Timeon Sathar Fleet 5"]
        assert rows.starts == list(range(13))

    on_fitted(100, wide)


def test_a_row_of_several_lines_is_one_row_to_the_cursor_the_mouse_and_the_scroll() -> None:
    async def scenario(rows: Rows, pilot: Pilot[None]) -> None:
        await pilot.press(*["down"] * 8)
        await pilot.pause()
        top = rows.scroll_offset.y
        assert rows.key == "ship 8" and top > 0 and top <= rows.starts[8] and rows.starts[9] <= top + rows.size.height - 1  # its three lines in view
        await pilot.press("home")
        await pilot.pause()
        await pilot.click(Rows, offset=(3, 3))  # the first row's third line
        assert rows.key == "ship 0"
        await pilot.click(Rows, offset=(3, 4))
        assert rows.key == "ship 1"

    on_fitted(40, scenario)


def test_the_widths_chosen_wrap_the_fewest_lines() -> None:
    """Names of 23 characters, most places short and a few long: the name keeps its width and the
    few long places wrap, rather than every name."""
    rows = [(f"Sathar Heavy Cruiser {n}", "box 2: White Light -> Timeon" if n < 13 else "Prenglar") for n in range(10, 30)]
    fitted = fit(("Name", "Where"), rows, 48)
    assert fitted == Fit((0, 1), (23, 21))
    assert sum(max(len(wrap(cell, width)) for cell, width in zip(row, fitted.widths)) for row in rows) == 20 + 3
    assert fit(("Name", "Where"), rows, 0) == Fit((0, 1), (23, 28))  # no room known yet: as wide as they are
    assert wrap("Madderly's Star", 5) == ("Madderly's", "Star")  # a word wider than its column stands whole
