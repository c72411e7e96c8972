"""The file being played - a campaign, or a Knight Hawks battle: its state now, the states before
(undo) and after (redo), and the autosave. States are frozen, so undoing an action is putting the
state before it back - its rolls' consequences and its log lines with it. Every change is saved
atomically at once, once it has been read back as a load reads it (the kind's Writer:
campaign_file.Writer, battle_file.Writer); a save that fails changes nothing. The kind of file is
its ``format`` line; each kind brings its Writer, and the journal is the same for all.

Another program may save the same file meanwhile (a ``referee campaign`` command, a second app).
The journal remembers what the file held when it read or wrote it last (``seen``), and a save
first checks, under the file's lock, that the file still holds that: if not, it raises
:class:`storage.ChangedOnDisk` and changes nothing, here or on disk (the action is not taken:
the caller still has it, to take again). :meth:`Journal.changed_on_disk` tells cheaply (a stat;
the file read only if the stat differs) whether that has happened, for the app to poll, and
:meth:`Journal.reload` reads the file afresh. The lock is held only during a save.

A campaign opened through a symlink is saved to the link's target (resolved once, at open).
A file removed meanwhile is not a change (its next save writes it afresh: nothing is overwritten).
"""

from __future__ import annotations

from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from referee import storage
from referee.errors import RefereeError
from referee.sathar_war import campaign_file
from referee.sathar_war.campaign import Campaign
from referee.tables import Tables

if TYPE_CHECKING:
    from referee.knight_hawks.battle import Battle

    State = Campaign | Battle

BATTLE_FORMAT = "referee knight-hawks battle"  # battle_file.FORMAT (the battle's modules are imported only for a battle)


class Writer(Protocol):
    """A kind of file: its state from a file's tables, and a state's text, read back as a load reads it."""

    def read(self, data: dict[str, Any]) -> Any: ...

    def text(self, state: Any) -> str: ...


class Result(Protocol):
    """An action's result: the state after it and the log lines it added (a campaign's Done, a
    battle step's Done)."""

    @property
    def state(self) -> State: ...

    @property
    def entries(self) -> tuple[Any, ...]: ...


def battle_writer(tables: Tables) -> Writer:
    from referee.knight_hawks import battle_file

    return battle_file.Writer(tables)


KINDS: dict[str, tuple[str, Callable[[Tables], Writer]]] = {campaign_file.FORMAT: ("campaign", campaign_file.Writer), BATTLE_FORMAT: ("battle", battle_writer)}


class Journal:
    def __init__(self, path: Path, state: State, tables: Tables, writer: Writer | None = None, seen: storage.Seen | None = None) -> None:
        self.path = path  # as given, to show
        self.target = storage.target(path)  # where saves go: a symlink's target
        self.state = state
        self.tables = tables
        self.writer: Writer = writer or (campaign_file.Writer(tables) if isinstance(state, Campaign) else battle_writer(tables))
        self.seen = seen  # what the file held when read or saved last (None: not read here; the first save checks nothing)
        self.past: list[tuple[State, str]] = []  # (the state before, what was done)
        self.future: list[tuple[State, str]] = []  # undone: (the state after, what was done)

    @classmethod
    def open(cls, path: Path, tables: Tables, kind: str = "") -> Journal:
        """The file, of the kind its format line says (``kind``: only that kind: campaign or battle)."""
        writer, state, seen = _load(path, tables, kind)
        return cls(path, state, tables, writer, seen)

    @property
    def kind(self) -> str:
        return "campaign" if isinstance(self.state, Campaign) else "battle"

    @property
    def campaign(self) -> Campaign:
        """The campaign played (a campaign's pages ask; a battle's journal has none)."""
        if not isinstance(self.state, Campaign):
            raise RefereeError(f"{self.path} is a Knight Hawks battle, not a campaign")
        return self.state

    @property
    def battle(self) -> Battle:
        """The battle fought (a battle's pages ask)."""
        if isinstance(self.state, Campaign):
            raise RefereeError(f"{self.path} is a campaign, not a Knight Hawks battle")
        return self.state

    def apply(self, done: Result, what: str) -> None:
        """Take an action's result as the new state, and save it."""
        self._become(done.state)
        self.past.append((self._before, what))
        self.future.clear()

    def undo(self) -> str:
        return self._travel(self.past, self.future, "nothing to undo")

    def redo(self) -> str:
        return self._travel(self.future, self.past, "nothing to redo")

    def changed_on_disk(self) -> bool:
        """Whether another program has saved the file since this journal read or saved it (cheap
        enough to ask every second: a stat, and a read only when the stat differs)."""
        if self.seen is None:
            return False
        now = storage.unchanged(self.target, self.seen)
        if now is None:
            return True
        self.seen = now  # the same bytes (touched, or saved again alike): the next ask is a stat again
        return False

    def reload(self) -> None:
        """Read the file afresh after an outside change: what it holds becomes the state, and the
        undo and redo histories are emptied (they hold states from before the change: undoing to one
        would overwrite it). A file that cannot be opened, or that is now another kind of file,
        raises RefereeError, and nothing changes."""
        writer, state, seen = _load(self.target, self.tables, self.kind)
        self.writer, self.state, self.seen = writer, state, seen
        self.past.clear()
        self.future.clear()

    def _travel(self, source: list[tuple[State, str]], target: list[tuple[State, str]], empty: str) -> str:
        """Go back (or forward) one action: its other state becomes the campaign, saved."""
        if not source:
            raise RefereeError(empty)
        state, what = source[-1]
        self._become(state)
        source.pop()
        target.append((self._before, what))
        return what

    def _become(self, state: State) -> None:
        text = self.writer.text(state)  # checked as a load checks it; raises before anything changes
        self.seen = storage.write_text(self.target, text, self.seen)  # ChangedOnDisk if another program saved it
        self._before = self.state
        self.state = state


def _load(path: Path, tables: Tables, kind: str) -> tuple[Writer, State, storage.Seen]:
    """The file's kind (its format line; ``kind``: it must be that one), its Writer and state, and
    what it held."""
    data, seen = storage.read_seen(path, kind or "campaign or battle")
    format_ = data.get("format")
    found = KINDS.get(format_) if isinstance(format_, str) else None
    if found is None or kind not in ("", found[0]):
        wanted = [(name, k) for name, (k, _) in KINDS.items() if kind in ("", k)]
        known = " or ".join(f"{k} ({name!r})" for name, k in wanted)
        raise RefereeError(f"{path}: its format line says {format_!r}, not a {known}; the file is unchanged")
    writer = found[1](tables)
    try:
        state = writer.read(data)
    except RefereeError as error:
        raise RefereeError(f"{path}: {error}; the file is unchanged") from None
    return writer, state, seen
