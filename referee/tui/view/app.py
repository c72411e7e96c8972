"""The players' view: a read-only app on one file and one side. It looks at the file twice a second
(a stat; the file read only when the stat changed), and shows what the side may see of it on four
pages (keys 1-4, or a click on a tab). It never writes the file nor takes its lock; a file it cannot
read (damaged, or being written by hand) is said on the bar, and the last good view stays."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static, TabbedContent, TabPane

from referee.errors import RefereeError
from referee.tables import Tables
from referee.tui.text import line, lines, put
from referee.tui.view import look
from referee.tui.view.pages import part

WATCH = 0.5  # seconds between looks at the file
RETRY = 2.0  # seconds a file that could not be read is read again even if its stamp stays (a write caught half done)


class ViewApp(App[None]):
    CSS_PATH = "view.tcss"
    TITLE = "referee view"
    BINDINGS = [
        *[Binding(str(n), f"page({n})", f"page {n}", show=False) for n in range(1, 5)],
        Binding("down", "scroll(1)", "Down", show=False),
        Binding("up", "scroll(-1)", "Up", show=False),
        Binding("pagedown", "scroll(20)", "Page down", show=False),
        Binding("pageup", "scroll(-20)", "Page up", show=False),
        Binding("q", "quit", "Quit", show=False),
        Binding("ctrl+q", "quit", "Quit", show=False),
    ]

    def __init__(self, path: Path, side: str, tables: Tables, kind: str, view: Any, missing: str = "") -> None:
        super().__init__()
        self.path = path
        self.side = side
        self.tables = tables
        self.kind = kind
        self.view = view
        self.missing = missing  # what is missing of the file, said on the bar ("": nothing): a campaign's log file
        self.stamp = look.stamp(path)
        self.read_at = time.strftime("%H:%M:%S")
        self.trouble = ""  # why the file could not be read at the last look ("": it was)
        self.failed_at = 0.0  # when a read first failed on the stamp seen (for RETRY)
        self.reads = 0  # times the file was read and shown again (tests and the benchmark ask)

    def compose(self) -> ComposeResult:
        yield Static(id="bar")
        with TabbedContent(id="pages"):
            for number, title in enumerate(part(self.kind).TITLES, start=1):
                with TabPane(f"{number} {title}", id=f"page-{number}"):
                    with VerticalScroll():
                        yield Static(id=f"text-{number}", classes="page-text")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self.query_one("#keys", Static).update(line("1-4 or a click: pages · arrows, PgUp, PgDn: scroll · q: quit · read-only"))
        self.draw()
        self.set_interval(WATCH, self.look)

    def action_page(self, number: int) -> None:
        self.query_one("#pages", TabbedContent).active = f"page-{number}"

    def action_scroll(self, lines: int) -> None:
        """Scroll the page shown (the tabs keep the focus: left and right go from page to page)."""
        pages = self.query_one("#pages", TabbedContent)
        scroll = self.query_one(f"#{pages.active} VerticalScroll", VerticalScroll)
        if abs(lines) > 1:
            scroll.scroll_page_down() if lines > 0 else scroll.scroll_page_up()
        else:
            scroll.scroll_relative(y=lines, animate=False)

    def draw(self) -> None:
        for number, said in enumerate(part(self.kind).pages(self.view), start=1):
            put(self.query_one(f"#text-{number}", Static), lines(said))
        self.draw_bar()

    def draw_bar(self) -> None:
        first = f"referee view · {self.side} · {self.path.name} · {part(self.kind).where(self.view)} · read {self.read_at}"
        second = "what this side may see; it follows the file as it is saved"
        if self.missing:
            second = f"{self.missing}: shown without it"
        if self.trouble:
            second = f"cannot read the file now ({self.trouble}); showing what it held at {self.read_at}"
        bar = self.query_one("#bar", Static)
        bar.set_class(bool(self.trouble), "trouble")
        put(bar, lines([first, second]))

    def look(self) -> None:
        """Read the file again if it was saved since the last look (or a read failed lately)."""
        now = look.stamp(self.path)
        retrying = bool(self.trouble) and time.monotonic() - self.failed_at < RETRY
        if now == self.stamp and not retrying:
            return
        if now != self.stamp:
            self.failed_at = time.monotonic()
        self.stamp = now
        try:
            kind, view, missing = look.read(self.path, self.tables, self.side)
        except RefereeError as error:
            self.trouble = str(error)
            self.draw_bar()
            return
        if kind != self.kind:
            self.trouble = f"it is now a {kind} file, not the {self.kind} this view opened: open the view again"
            self.draw_bar()
            return
        self.view, self.missing, self.trouble, self.read_at = view, missing, "", time.strftime("%H:%M:%S")
        self.reads += 1
        self.draw()


def open_view(path: Path, side: str) -> ViewApp:
    """The app on the file, for ``side``: the file read once here, so that a file that cannot be
    shown (missing, damaged, of a kind without a view, without that side) is refused before any
    screen, in one line (RefereeError)."""
    from referee import places, tables

    path = places.found(path)  # (a war the app saved, named from any folder)
    every = tables.load()
    kind, view, missing = look.read(path, every, side)
    return ViewApp(path, view.side, every, kind, view, missing)
