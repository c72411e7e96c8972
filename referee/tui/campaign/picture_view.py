"""The Map screen's picture: a part of the Frontier Deployment Map as large as the widget (all of it
when it fits), following the cursor, which the arrow keys move from place to place (systems, start
circles, transit boxes) and a click puts on the place nearest.

Drawn line by line (Textual's line API): a cursor move draws again only the rows it left and
entered, unless the part shown has to move with it."""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from referee.tui.campaign.frontier_picture import Picture, Spot, nearest, step


class PictureView(Widget, can_focus=True):
    DEFAULT_CSS = """
    PictureView { width: 1fr; height: 1fr; background: $surface; }
    PictureView:focus { background-tint: $foreground 3%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "step(0, -1)", "Up", show=False),
        Binding("down", "step(0, 1)", "Down", show=False),
        Binding("left", "step(-1, 0)", "Left", show=False),
        Binding("right", "step(1, 0)", "Right", show=False),
    ]

    class Selected(Message):
        """Another place is under the cursor (or the first arrived)."""

        def __init__(self, view: PictureView, spot: Spot) -> None:
            super().__init__()
            self.view = view
            self.spot = spot

        @property
        def control(self) -> PictureView:
            return self.view

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.picture: Picture | None = None
        self.cursor: Spot | None = None
        self.origin = (0, 0)  # the picture's cell at the widget's top left
        self.told = ""  # the key of the place last announced

    def show(self, picture: Picture, keep: str = "") -> None:
        """Show this picture, the cursor on the place keyed ``keep`` if there is one, else where it
        was, else on the first system."""
        self.picture = picture
        spots = picture.chart.spots
        found = picture.spot(keep) or (picture.spot(self.cursor.key) if self.cursor else None)
        self.cursor = found or next((s for s in spots if not s.box), spots[0] if spots else None)
        self.follow()
        self.refresh()
        self._tell()

    def point(self, key: str) -> bool:
        """Put the cursor on the place keyed ``key``; False if there is none."""
        found = self.picture.spot(key) if self.picture else None
        if found is None:
            return False
        self._move(found)
        return True

    def action_step(self, dx: int, dy: int) -> None:
        if self.picture is not None and self.cursor is not None:
            self._move(step(self.picture.chart.spots, self.cursor, dx, dy))

    def on_click(self, event: events.Click) -> None:
        if self.picture is not None:
            found = nearest(self.picture.chart.spots, event.x + self.origin[0], event.y + self.origin[1])
            if found is not None:
                self._move(found)

    def on_resize(self, event: events.Resize) -> None:
        self.follow()
        self.refresh()

    def _move(self, spot: Spot) -> None:
        before = self.cursor
        self.cursor = spot
        if self.follow():
            self.refresh()
        elif self.picture is not None:
            rows = {y for s in (before, spot) if s is not None for y in self.picture.rows_lit(s)}
            for y in rows:
                self.refresh(Region(0, y - self.origin[1], self.size.width, 1))
        self._tell()

    def follow(self) -> bool:
        """Move the part shown so the cursor stays well inside it (True: it moved)."""
        if self.picture is None or self.cursor is None:
            return False
        width, height = self.size
        x = _along(self.origin[0], self.cursor.x, width, self.picture.width, min(10, width // 4))
        y = _along(self.origin[1], self.cursor.y, height, self.picture.height, min(3, height // 4))
        moved = (x, y) != self.origin
        self.origin = (x, y)
        return moved

    def _tell(self) -> None:
        if self.cursor is not None and self.cursor.key != self.told:
            self.told = self.cursor.key
            self.post_message(self.Selected(self, self.cursor))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        row = y + self.origin[1]
        if self.picture is None or not 0 <= row < self.picture.height:
            return Strip.blank(width, self.rich_style)
        segments = self.picture.line(row, self.cursor)
        base = self.rich_style
        strip = Strip([Segment(s.text, base + s.style if s.style else base) for s in segments], self.picture.width)
        return strip.crop_extend(self.origin[0], self.origin[0] + width, base)


def _along(start: int, cursor: int, seen: int, size: int, margin: int) -> int:
    """The first cell shown along one axis: as it was while the cursor is ``margin`` cells inside
    the part seen, else the cursor in the middle; never beyond the picture."""
    if size <= seen:
        return 0
    if not start + margin <= cursor < start + seen - margin:
        start = cursor - seen // 2
    return max(0, min(start, size - seen))
