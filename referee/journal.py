"""The campaign being played: its state now, the states before (undo) and after (redo), and the
autosave. Campaigns are frozen, so undoing an action is putting the state before it back - its
rolls' consequences and its log lines with it. Every change is saved atomically at once, once it
has been read back as a load reads it (campaign_file.Writer); a save that fails changes nothing.

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

from referee import storage
from referee.errors import RefereeError
from referee.sathar_war import campaign_file
from referee.sathar_war.campaign import Campaign, Done
from referee.tables import Tables


class Journal:
    def __init__(self, path: Path, campaign: Campaign, tables: Tables, writer: campaign_file.Writer | None = None, seen: storage.Seen | None = None) -> None:
        self.path = path  # as given, to show
        self.target = storage.target(path)  # where saves go: a symlink's target
        self.campaign = campaign
        self.tables = tables
        self.writer = writer or campaign_file.Writer(tables)
        self.seen = seen  # what the file held when read or saved last (None: not read here; the first save checks nothing)
        self.past: list[tuple[Campaign, str]] = []  # (the state before, what was done)
        self.future: list[tuple[Campaign, str]] = []  # undone: (the state after, what was done)

    @classmethod
    def open(cls, path: Path, tables: Tables) -> Journal:
        writer, campaign, seen = _load(path, tables)
        return cls(path, campaign, tables, writer, seen)

    def apply(self, done: Done, what: str) -> None:
        """Take an action's result as the campaign's new state, and save it."""
        self._become(done.campaign)
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
        """Read the file afresh after an outside change: its campaign becomes the state, and the undo
        and redo histories are emptied (they hold states from before the change: undoing to one
        would overwrite it). A file that cannot be opened raises RefereeError, and nothing changes."""
        writer, campaign, seen = _load(self.target, self.tables)
        self.writer, self.campaign, self.seen = writer, campaign, seen
        self.past.clear()
        self.future.clear()

    def _travel(self, source: list[tuple[Campaign, str]], target: list[tuple[Campaign, str]], empty: str) -> str:
        """Go back (or forward) one action: its other state becomes the campaign, saved."""
        if not source:
            raise RefereeError(empty)
        state, what = source[-1]
        self._become(state)
        source.pop()
        target.append((self._before, what))
        return what

    def _become(self, state: Campaign) -> None:
        text = self.writer.text(state)  # checked as a load checks it; raises before anything changes
        self.seen = storage.write_text(self.target, text, self.seen)  # ChangedOnDisk if another program saved it
        self._before = self.campaign
        self.campaign = state


def _load(path: Path, tables: Tables) -> tuple[campaign_file.Writer, Campaign, storage.Seen]:
    data, seen = storage.read_seen(path, "campaign")
    writer = campaign_file.Writer(tables)
    try:
        campaign = writer.read(data)
    except RefereeError as error:
        raise RefereeError(f"{path}: {error}; the file is unchanged") from None
    return writer, campaign, seen
