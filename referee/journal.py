"""The campaign being played: its state now, the states before (undo) and after (redo), and the
autosave. Campaigns are frozen, so undoing an action is putting the state before it back - its
rolls' consequences and its log lines with it. Every change is saved atomically at once, once it
has been read back as a load reads it (campaign_file.Writer); a save that fails changes nothing."""

from __future__ import annotations

from pathlib import Path

from referee import storage
from referee.errors import RefereeError
from referee.sathar_war import campaign_file
from referee.sathar_war.campaign import Campaign, Done
from referee.tables import Tables


class Journal:
    def __init__(self, path: Path, campaign: Campaign, tables: Tables, writer: campaign_file.Writer | None = None) -> None:
        self.path = path
        self.campaign = campaign
        self.tables = tables
        self.writer = writer or campaign_file.Writer(tables)
        self.past: list[tuple[Campaign, str]] = []  # (the state before, what was done)
        self.future: list[tuple[Campaign, str]] = []  # undone: (the state after, what was done)

    @classmethod
    def open(cls, path: Path, tables: Tables) -> Journal:
        data = storage.read(path, "campaign")
        writer = campaign_file.Writer(tables)
        try:
            campaign = writer.read(data)
        except RefereeError as error:
            raise RefereeError(f"{path}: {error}; the file is unchanged") from None
        return cls(path, campaign, tables, writer)

    def apply(self, done: Done, what: str) -> None:
        """Take an action's result as the campaign's new state, and save it."""
        self._become(done.campaign)
        self.past.append((self._before, what))
        self.future.clear()

    def undo(self) -> str:
        return self._travel(self.past, self.future, "nothing to undo")

    def redo(self) -> str:
        return self._travel(self.future, self.past, "nothing to redo")

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
        storage.write_text(self.path, self.writer.text(state))  # checked as a load checks it; raises before anything changes
        self._before = self.campaign
        self.campaign = state
