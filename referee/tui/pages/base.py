"""What every screen shares: its actions and their keys, the bar of screens and the day (or the
battle's turn) at the top, and redrawing when the file's state has changed since it was last shown.

The screens are widgets in one Textual screen's content switcher (switching Textual screens
re-applies the whole stylesheet: a few hundred milliseconds a key press); each is built the first
time it is shown."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from referee.tui.forms import Action
from referee.tui.text import Part, bold, line

if TYPE_CHECKING:
    from referee.journal import Journal
    from referee.tui.app import RefereeApp


class Play(Message):
    """A screen's word to the shell: play this file now in place of the one shown (a battle fought
    from the campaign, the campaign it is closed back into), with ``said`` on the line above the
    keys and ``page`` shown ("": the kind's first)."""

    def __init__(self, journal: Journal, said: str, page: str = "") -> None:
        super().__init__()
        self.journal = journal
        self.said = said
        self.page = page


def action_keys(actions: Sequence[Action], *more: BindingType) -> list[BindingType]:
    return [*[Binding(a.key, f"act({n})", a.name, show=a.shown) for n, a in enumerate(actions)], *more]


class Page(Vertical):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("a", "advance", "Advance", show=False)]  # on every screen (a screen's own a wins)
    TITLE: ClassVar[str] = ""
    TAB: ClassVar[str] = ""  # the title in the bar of screens, if shorter
    HELP: ClassVar[str] = ""
    NAME: ClassVar[str] = ""
    ACTIONS: ClassVar[tuple[Action, ...]] = ()
    SHOWS: ClassVar[frozenset[str]] = frozenset({"ship", "system"})  # what its cursor is on (the app's ship, system): a form opened here is filled with it, and with nothing left on another screen

    def __init__(self) -> None:
        super().__init__(id=self.NAME, classes="page")
        self.seen = -1

    @property
    def referee(self) -> RefereeApp:
        return self.app  # type: ignore[return-value]

    @property
    def state(self) -> Any:
        """The file's state, of whatever kind (a screen every kind shares asks this)."""
        return self.referee.journal.state

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
        referee = self.referee
        tabs: list[Part] = []
        for n, page in enumerate(referee.kind.pages(), start=1):
            title = page.TAB or page.TITLE
            tabs += [(f" {n} {title} ", "reverse") if page.NAME == self.NAME else f"{n} {title}", "  "]
        where = f" · {referee.kind.where(self.state)} · {referee.journal.path.name}"
        self.app.query_one("#bar", Static).update(line(*tabs[:-1], "\n", bold(self.TITLE), where), layout=False)

    def draw(self) -> None:
        """Fill the screen from the campaign as it is now."""

    def point_at(self, name: str) -> None:
        """The palette chose a ship, a system or a table shown here."""

    def action_advance(self) -> None:
        self.referee.advance()

    def action_act(self, number: int) -> None:
        self.referee.open_action(self.ACTIONS[number])
