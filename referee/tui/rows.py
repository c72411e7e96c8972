"""The screens' lists: rows of plain text under a header line, one row under the cursor.

Textual's DataTable draws every visible cell again after any change to any cell, and again when
it takes or loses the focus: 35 ms and more a key press on this machine, most of what moving a
fleet or switching screens cost. ``Rows`` draws line by line and keeps each line it drew: after
a change only the rows that changed are drawn again. Cells are plain text (no markup), so a log
line with brackets in it reads as written; a control character in a cell is shown as a symbol.

A list made with ``wrap`` fits its width (:mod:`referee.tui.fit`): the columns another part of the
screen shows too (``spare``) are left out first, then cells wrap at their spaces, a row as tall as
its tallest cell: no word is cut at the edge.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from referee.tui.fit import Fit, fit, wrap
from referee.tui.text import plain

Row = tuple[str, Sequence[object]]  # (its key, its cells)


class Rows(ScrollView, can_focus=True):
    DEFAULT_CSS = """
    Rows {
        background: $surface;
        color: $foreground;
        height: auto;
        max-height: 100%;
        & > .rows--header { text-style: bold; background: $panel; color: $foreground; }
        & > .rows--even { background: $surface-lighten-1 50%; }
        & > .rows--dim { color: $text-disabled; }
        & > .rows--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus {
            background-tint: $foreground 5%;
            & > .rows--cursor {
                background: $block-cursor-background;
                color: $block-cursor-foreground;
                text-style: $block-cursor-text-style;
            }
        }
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"rows--header", "rows--even", "rows--cursor", "rows--dim"}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "move(-1000000)", "First", show=False),
        Binding("end", "move(1000000)", "Last", show=False),
    ]

    class Highlighted(Message):
        """Another row is under the cursor (or the first row arrived)."""

        def __init__(self, rows: Rows, key: str) -> None:
            super().__init__()
            self.rows = rows
            self.key = key

        @property
        def control(self) -> Rows:
            return self.rows

    def __init__(self, *labels: str, id: str | None = None, wrap: bool = False, spare: Sequence[str] = ()) -> None:
        super().__init__(id=id)
        self.labels = tuple(labels)
        self.rows: list[tuple[str, tuple[str, ...]]] = []
        self.cursor = 0
        self.widths = [cell_len(label) for label in labels]
        self.drawn: dict[int, tuple[object, Strip]] = {}  # screen line -> (what it showed, its strip)
        self.told = ""  # the key last announced as highlighted
        self.dimmed: frozenset[str] = frozenset()  # rows shown greyed (a destroyed ship)
        self.wrap = wrap  # fit the width: spare columns left out, cells wrapped (else: one line a row, scrolled sideways)
        self.spare = frozenset(n for n, label in enumerate(labels) if label in spare)
        self.fitted = Fit(tuple(range(len(labels))), tuple(self.widths))  # the columns shown and their widths
        self.starts: list[int] = [0]  # wrapped: each row's first line, and the line after the last row's

    # ------------------------------------------------------------------ what the screens call

    def columns(self, *labels: str) -> None:
        """New column labels (the rows go: show them again)."""
        self.labels = tuple(plain(label, one_line=True) for label in labels)
        self.rows = []
        self.show([])

    def show(self, rows: Sequence[Row], keep: str = "", dim: frozenset[str] = frozenset()) -> None:
        """Show these rows (those keyed in ``dim`` greyed); the cursor goes to the row keyed ``keep``
        if given and there, else stays on its row if that is still there, else at the same place.
        Only changed lines are drawn."""
        before, key = self.rows, self.key
        if dim != self.dimmed:
            self.dimmed = dim
            self.refresh()
        self.rows = [(row_key, tuple(str(cell) for cell in cells)) for row_key, cells in rows]
        if not "".join(cell for _, cells in self.rows for cell in cells).isprintable():
            self.rows = [(row_key, tuple(plain(cell, one_line=True) for cell in cells)) for row_key, cells in self.rows]
        keys = self.keys
        for wanted in (keep, key):
            if wanted and wanted in keys:
                self.cursor = keys.index(wanted)
                break
        else:
            self.cursor = min(self.cursor, max(len(self.rows) - 1, 0))
        if self._lay_out() or len(before) != len(self.rows):
            self.refresh()
        else:
            for index, (old, new) in enumerate(zip(before, self.rows)):
                if old != new:
                    self._refresh_row(index)
        self._cursor_moved(key)

    def _lay_out(self) -> bool:
        """The columns' widths (wrapped: the columns shown, each row's lines) for the rows and the
        room there is; True if anything but the rows' text changed (all is drawn again)."""
        if not self.wrap:
            widths = [max([cell_len(label), *(cell_len(cells[n]) for _, cells in self.rows if n < len(cells))]) for n, label in enumerate(self.labels)]
            starts = list(range(len(self.rows) + 1))
            fitted = Fit(tuple(range(len(widths))), tuple(widths))
        else:
            room = self.size.width - (self.styles.scrollbar_size_vertical if self.styles.overflow_y != "hidden" else 0)
            fitted = fit(self.labels, [cells for _, cells in self.rows], max(room, 0) if self.size.width else 0, self.spare)
            starts = [0]
            for _, cells in self.rows:
                starts.append(starts[-1] + max([1, *(len(wrap(cells[n], width)) for n, width in zip(*fitted) if n < len(cells))]))
            widths = list(fitted.widths)
        if (fitted, starts) == (self.fitted, self.starts):
            return False
        self.fitted, self.starts, self.widths = fitted, starts, widths
        self.virtual_size = Size(sum(widths) + 2 * len(widths), starts[-1] + 1)
        return True

    def _refresh_row(self, index: int) -> None:
        for y in range(self.starts[index], self.starts[index + 1]):
            self.refresh_line(y + 1)

    def _row_at(self, line: int) -> int:
        """The row shown on a line of the list (counted from its first row's first line)."""
        return bisect_right(self.starts, line) - 1

    def point(self, key: str) -> bool:
        """Put the cursor on the row keyed ``key``; False if there is none."""
        keys = self.keys
        if key not in keys:
            return False
        self._move_to(keys.index(key))
        return True

    @property
    def key(self) -> str:
        """The key of the row under the cursor ("" with no rows)."""
        return self.rows[self.cursor][0] if self.rows else ""

    @property
    def keys(self) -> list[str]:
        return [row_key for row_key, _ in self.rows]

    # ------------------------------------------------------------------ keys and mouse

    def action_move(self, by: int) -> None:
        self._move_to(self.cursor + by)

    def action_page(self, by: int) -> None:
        self._move_to(self.cursor + by * max(self.scrollable_content_region.height - 1, 1))

    def on_resize(self, event: events.Resize) -> None:
        """Laid out or resized: a list that fits its width laid out again; the cursor's row in view
        (the palette may point at a row of a list not laid out yet, on a screen's first visit)."""
        if self.wrap and self._lay_out():
            self.refresh()
        self._cursor_moved(self.key)

    def on_click(self, event: events.Click) -> None:
        if event.y >= 1 and self.rows:
            self._move_to(self._row_at(event.y - 1 + self.scroll_offset.y))

    def _move_to(self, index: int) -> None:
        key = self.key
        self.cursor = max(0, min(index, len(self.rows) - 1))
        self._cursor_moved(key)

    def _cursor_moved(self, before: str) -> None:
        """Keep the cursor's row in view, draw the two rows again, and tell the screen."""
        seen = max(self.scrollable_content_region.height - 1, 1)
        top = self.scroll_offset.y
        first, after = (self.starts[self.cursor], self.starts[self.cursor + 1]) if self.rows else (0, 1)
        if first < top:
            self.scroll_to(y=first, animate=False, immediate=True)
        elif after > top + seen:
            self.scroll_to(y=max(after - seen, 0) if after - first <= seen else first, animate=False, immediate=True)
        keys = self.keys
        for key in (before, self.key):
            if key in keys:
                self._refresh_row(keys.index(key))
        if self.key and self.key != self.told:
            self.told = self.key
            self.post_message(self.Highlighted(self, self.key))

    # ------------------------------------------------------------------ drawing

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.drawn.clear()  # the focus, the theme: the styles changed

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        x = self.scroll_offset.x
        if y == 0:
            cells, part = self._line(self.labels, 0), "rows--header"
        else:
            at = y - 1 + self.scroll_offset.y
            if at >= self.starts[-1]:
                return Strip.blank(width, self.rich_style)
            index = self._row_at(at)
            row_key, cells = self.rows[index]
            cells = self._line(cells, at - self.starts[index])
            part = "rows--cursor" if index == self.cursor else "rows--dim" if row_key in self.dimmed else "rows--even" if index % 2 else ""
        shown = (cells, part, tuple(self.widths), x, width)
        drawn = self.drawn.get(y)
        if drawn is not None and drawn[0] == shown:
            return drawn[1]
        style = self.rich_style + self.get_component_rich_style(part) if part else self.rich_style
        strip = self._strip(cells, style).crop_extend(x, x + width, style)
        self.drawn[y] = (shown, strip)
        return strip

    def _line(self, cells: Sequence[str], line: int) -> Sequence[str]:
        """The cells of the columns shown, on a row's ``line`` (its first: 0)."""
        if not self.wrap:
            return cells
        shown = []
        for n, width in zip(*self.fitted):
            lines = wrap(cells[n], width) if n < len(cells) else ("",)
            shown.append(lines[line] if line < len(lines) else "")
        return tuple(shown)

    def _strip(self, cells: Sequence[str], style: Style) -> Strip:
        text = "".join(f" {cell}{' ' * (width - cell_len(cell))} " for cell, width in zip(cells, self.widths))
        return Strip([Segment(text, style)], cell_len(text))
