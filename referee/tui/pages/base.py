"""What every screen shares: its actions and their keys, the bar of screens and the day at the
top, and redrawing when the campaign has changed since it was last shown.

The screens are widgets in one Textual screen's content switcher (switching Textual screens
re-applies the whole stylesheet: a few hundred milliseconds a key press); each is built the first
time it is shown."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import DataTable, Static
from textual.widgets.data_table import RowDoesNotExist

from referee.tui.actions import Action

if TYPE_CHECKING:
    from referee.sathar_war.campaign import Campaign
    from referee.tui.app import RefereeApp

TABS = (("campaign", "Campaign"), ("forces", "Forces"), ("map", "Map"), ("repairs", "Repairs"), ("battles", "Battles"), ("dice", "Dice"), ("log", "Log"))


def action_keys(actions: Sequence[Action], *more: BindingType) -> list[BindingType]:
    return [*[Binding(a.key, f"act({n})", a.name) for n, a in enumerate(actions)], *more]


class Page(Vertical):
    TITLE: ClassVar[str] = ""
    HELP: ClassVar[str] = ""
    NAME: ClassVar[str] = ""
    ACTIONS: ClassVar[tuple[Action, ...]] = ()

    def __init__(self) -> None:
        super().__init__(id=self.NAME, classes="page")
        self.seen = -1

    @property
    def referee(self) -> RefereeApp:
        return self.app  # type: ignore[return-value]

    @property
    def campaign(self) -> Campaign:
        return self.referee.journal.campaign

    def compose(self) -> ComposeResult:
        yield from self.body()

    def body(self) -> Iterable[Widget]:
        return ()

    def on_mount(self) -> None:
        self.redraw()
        self.home().focus()
        self.take_pointer()

    def shown(self) -> None:
        """Switched to: redraw if the campaign changed meanwhile, and take the keys."""
        if self.seen != self.referee.version:
            self.redraw()
        self.bar()
        self.home().focus()
        self.take_pointer()

    def take_pointer(self) -> None:
        if self.referee.pointing:
            self.point_at(self.referee.pointing)
            self.referee.pointing = ""

    def home(self) -> Widget:
        """The widget that takes the keys when the screen is shown."""
        return self

    def redraw(self) -> None:
        self.seen = self.referee.version
        self.bar()
        self.draw()

    def bar(self) -> None:
        campaign = self.campaign
        tabs = "  ".join(f"[reverse] {n} {title} [/]" if name == self.NAME else f"{n} {title}" for n, (name, title) in enumerate(TABS, start=1))
        where = f"day {campaign.day} · {campaign.step} · {self.referee.journal.path.name}"
        self.app.query_one("#bar", Static).update(f"{tabs}\n[b]{self.TITLE}[/b] · {where}", layout=False)

    def draw(self) -> None:
        """Fill the screen from the campaign as it is now."""

    def point_at(self, name: str) -> None:
        """The palette chose a ship, a system or a table shown here."""

    def action_act(self, number: int) -> None:
        self.referee.open_action(self.ACTIONS[number])


def fill(table: DataTable[Any], rows: Iterable[tuple[str, Sequence[object]]], keep: str = "") -> None:
    """Bring a table up to date, keeping the cursor on the row keyed ``keep`` if it is still there.

    Only what changed is touched: the rows the table already shows in the same order keep their
    places and have only their changed cells updated; rows after those are removed or added. (A
    refill of every row made Textual measure every cell again, and so does a cell narrower than
    its column: most of a key press's time after a move on the Forces screen.)"""
    wanted = list(rows)
    shown = [row.key for row in table.ordered_rows]
    kept = 0
    while kept < min(len(shown), len(wanted)) and shown[kept] == wanted[kept][0]:
        kept += 1
    if kept == 0:
        table.clear()
    else:
        for gone in shown[kept:]:
            table.remove_row(gone)
    columns = table.ordered_columns
    for key, cells in wanted[:kept]:
        for column, before, now in zip(columns, table.get_row(key), cells):
            if before != now:  # a column widens for a longer cell, and does not narrow (that measures all its cells)
                table.update_cell(key, column.key, now, update_width=cell_len(str(now)) > column.content_width)
    for key, cells in wanted[kept:]:
        table.add_row(*cells, key=key)
    if keep:
        point(table, keep)


def point(table: DataTable[Any], key: str) -> bool:
    try:
        table.move_cursor(row=table.get_row_index(key))
    except RowDoesNotExist:  # the row is gone: the cursor stays where it is
        return False
    return True
