"""What the app's shell asks of each kind of file it plays: its pages in the order of their keys,
what the bar says of the state, what the palette finds, how a log line is shown, and a line for
its log (a roll made on the Dice screen). The shell (app.py), the dice dialog, Dice & Tables, the
Log, undo, redo and the autosave are the same for every kind.

A kind is a rule system's file: a campaign of the Second Sathar War, a Knight Hawks battle, a
Starfleet Wars engagement, a Stellar Inferno scenario. Each kind's UI class is in that kind's part
of the UI (``referee.tui.campaign.kind`` ...), imported only when a file of that kind is opened;
the shell makes one of each kind it shows, which keeps what that kind's screens hold between
actions (a battle's shots announced, a secret shown).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

from referee import kinds
from referee.dice import Roll

if TYPE_CHECKING:
    from referee.journal import Result
    from referee.tui.forms import Action
    from referee.tui.pages.base import Page

Found = tuple[str, str, str, str]  # (what: ship, fortress, system or table; its name; the page that shows it; the selection it sets: ship or system)


class Kind(Protocol):
    name: str
    # the dice dialog asks at once for the later rolls of a log line that the trial's virtual dice
    # called for (a successful repair's 1d10); False: only each line's first roll, the rest once
    # the rolls typed call for them (a volley: which shots hit, and so which damage rolls come,
    # would differ each time the dialog opened)
    asks_later_rolls: bool

    def pages(self) -> Sequence[type[Page]]:
        """The pages, in the order of their keys 1, 2, ...; the first is shown on opening."""
        ...

    def where(self, state: Any) -> str:
        """The bar's line after the page's title: the day or the turn, and the step."""
        ...

    def log_cells(self, entry: Any) -> tuple[str, str]: ...

    def shown(self, entry: Any) -> Any:
        """A log line as the screen may show it: a secret one sealed unless the referee unsealed them."""
        ...

    def note(self, state: Any, text: str, rolls: Iterable[Roll], rule: str) -> Result:
        """A line for the log (a roll on the Dice screen), as an action's result."""
        ...

    def findable(self, state: Any) -> Iterable[Found]:
        """What the palette finds by name (the tables are added by the shell)."""
        ...

    def exists(self, state: Any, name: str) -> bool:
        """Whether a ship of that name is still there to be marked."""
        ...

    def advance(self) -> Action | None:
        """The action of the key a on every screen: the file's next step (None: a means nothing here)."""
        ...

    def left(self) -> None:
        """Another file is shown in place of this one (a battle fought or closed, a file opened):
        what its screens hold that is nothing of the file (a battle's shots announced) is dropped."""
        ...

    def another_file(self) -> None:
        """Another file is opened from the list, or a new war made: a secret shown is sealed again,
        and a battle no longer closes back into the campaign it was fought from."""
        ...


def ui(name: str) -> Kind:
    """A new UI object of the kind named (its module, which the registry names, imported now, the first time)."""
    module, _, cls = kinds.by_name(name).ui.partition(":")
    made: Kind = getattr(import_module(module), cls)()
    return made
