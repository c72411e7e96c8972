"""The campaign's log, kept in a file of its own beside the campaign file: ``war-1.toml.log``.

The log is the referee's record of the war, every action and roll, and by the end of a war it is
nearly all of what a campaign keeps (about 1.4 MB of 1.5 at day 150 of the generated war). The
campaign file keeps the state and says how much of the log is kept beside it::

    [log_file]
    lines = 4657        # the log's lines kept in war-1.toml.log, oldest first
    bytes = 1391834     # the bytes of war-1.toml.log that hold them

The log file is TOML too, for people to read (and for the program): a head (what it is, its
format), then one ``[[log]]`` table a line, a blank line before each, as the campaign file held
them before. (Nothing in it names the campaign file: the two are renamed together.) Nothing reads it to open or save a campaign: it is read
when its lines are shown (the Log screen, ``campaign log``, paper, the players' view).

A save appends the action's new lines to the log file first, flushed to disk, then saves the
campaign file (atomically, as ever) with the new count: a kill between the two leaves lines past
the count, which no one reads and the next save cuts. Lines past the count are also those of
actions undone (undo puts back the campaign file's text before the action, and the log file is
not touched): a redo finds them there; a new action cuts them, as it cuts the actions undone from
the undo history. Should the campaign file's save fail, the lines cut are put back.

The byte count lets a save append without reading the log. If the log was edited by hand and no
longer has a line's end at that byte, the save finds the end of the counted lines by their
``[[log]]`` headings instead. A log file missing, or holding fewer lines than the campaign counts,
is refused in one line, naming both files, and nothing is written.

A campaign file of the first version keeps its log in itself: it opens as ever, and its first save
moves the log out (the old file is kept as ``NAME.v1.bak``). So does a new war's text, whose
set-up lines are in the file until the first save. A campaign file saved without a place for a
log beside it (``campaign new``, a new war's text) keeps its lines in itself.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee import storage, strict
from referee.errors import RefereeError
import attrs

from referee.sathar_war.campaign import STEPS, Campaign, Entry, Kept, Log, Step

SUFFIX = ".log"
FORMAT = "referee second sathar war log"
VERSION = 1
HEADING = b"\n[[log]]\n"  # what starts every line of the log in the file: the end of the line before is just before it
TAIL = 50  # lines just saved, kept in memory (the last roll shown without reading the log)


def beside(target: Path) -> Path:
    """The log file of the campaign file at ``target`` (a symlink's target: the file saved)."""
    return target.with_name(target.name + SUFFIX)


def kept(path: Path, count: int, end: int) -> Kept:
    """The ``count`` lines in the first ``end`` bytes of the log file at ``path``, read when asked.
    A log file missing or shorter than that is refused now (a stat), in one line."""
    try:
        size = os.stat(path).st_size
    except FileNotFoundError:
        raise RefereeError(f"{path.name}, the log of {_campaign(path)} ({count} lines), is missing: {_remedy(path)}") from None
    except OSError as error:
        raise RefereeError(f"cannot read {path.name}, the log of {_campaign(path)}: {error.strerror or error}") from None
    if size < end:
        raise RefereeError(f"{path.name}, the log of {_campaign(path)}, holds {size} bytes where its {count} lines take {end}: {_remedy(path)}")
    return Kept(path, count, end, lambda: read(path, count, end))


def _remedy(path: Path) -> str:
    campaign = _campaign(path)
    return f"put back the log saved with {campaign} beside it (or, to go on without the log so far, remove the [log_file] table from {campaign})"


def read(path: Path, count: int, end: int) -> tuple[Entry, ...]:
    """The first ``count`` lines of the log file (past the count: lines no one reads). A log file
    that is missing, damaged or short is refused in one line naming it."""
    if not path.exists():
        raise RefereeError(f"{path.name}, the log of {_campaign(path)} ({count} lines), is missing: {_remedy(path)}")
    raw = storage.read_raw(path, "log")
    data = storage.parse(raw[: _end(raw, count, end, path)], path, "log")
    where = path.name
    strict.keys(data, {"format", "version", "log"}, where)
    strict.header(data, FORMAT, VERSION, where, "the log of a Second Sathar War campaign")
    try:
        lines = strict.items(data, "log", entry_from_dict)
    except RefereeError as error:
        raise RefereeError(f"{where}: {error} (the log cannot be read; {_campaign(path)} itself is unharmed)") from None
    if len(lines) != count:
        raise RefereeError(f"{where}: holds {len(lines)} log lines where {_campaign(path)} counts {count}")
    return lines


def _end(raw: bytes, count: int, end: int, path: Path) -> int:
    """Where the first ``count`` lines end in the log file's bytes: at ``end`` if a line ends there,
    else (the file edited by hand) just before the heading of line ``count + 1``."""
    if 0 < end <= len(raw) and raw[end - 1 : end] == b"\n" and (end == len(raw) or raw.startswith(HEADING, end)):
        if raw.count(HEADING, 0, end) == count:  # (a C scan) the end of this many lines, not only of some line
            return end
    at, found = 0, 0
    while (at := raw.find(HEADING, at)) >= 0:
        if found == count:
            return at
        found, at = found + 1, at + 1
    if found == count:
        return len(raw)
    raise RefereeError(f"{path.name}: holds {found} log lines where {_campaign(path)} counts {count}: {_remedy(path)}")


def _campaign(path: Path) -> str:
    return path.name.removesuffix(SUFFIX)


HEAD = (
    "# The log of a Second Sathar War campaign, kept by referee beside its campaign file (NAME.toml.log\n"
    "# beside NAME.toml): every action and roll of the war, oldest first. The campaign file says how\n"
    "# many of the lines below are its log ([log_file] lines); any after those are of actions undone.\n"
    f'format = "{FORMAT}"\nversion = {VERSION}\n'
).encode("utf-8")


class Appending:
    """The log lines a save adds to the log file: ``data`` written at byte ``at`` (what followed
    cut), leaving ``count`` lines in ``end`` bytes. Made by the campaign file's Writer with the
    text it saves (which gives the new count and end)."""

    def __init__(self, path: Path, at: int, data: bytes, log: Log) -> None:
        self.path, self.at, self.data, self.log = path, at, data, log
        self.end = at + len(data)
        self.cut = b""

    @property
    def count(self) -> int:
        return len(self.log)

    def write(self) -> None:
        """Append (under the campaign file's lock, before the campaign file is saved). The save that
        moves the log of a first-version campaign file out of it keeps that file, as it was, as
        ``NAME.v1.bak`` (once: not over one kept already)."""
        campaign = self.path.with_name(_campaign(self.path))
        if self.at == 0 and campaign.exists():
            raw = storage.read_raw(campaign, "campaign")
            if re.search(rb"^version = 1\s*$", raw, re.MULTILINE):
                try:
                    storage.write_new(campaign.with_name(campaign.name + ".v1.bak"), raw.decode("utf-8"))
                except FileExistsError:
                    pass  # kept already (the first version put back by undo, and saved again)
                except (OSError, UnicodeDecodeError) as error:
                    raise RefereeError(f"cannot keep {campaign.name} as {campaign.name}.v1.bak before its log moves to {self.path.name}: {error}; nothing was saved") from None
        self.cut = storage.write_from(self.path, self.at, self.data)

    def put_back(self) -> None:
        """What the append cut, put back (the campaign file's save failed); quietly, if it cannot be."""
        try:
            storage.put_back(self.path, self.at, self.cut)
        except OSError:
            pass

    def saved(self, campaign: Campaign) -> Campaign:
        """The campaign as saved: its log's lines all kept beside its file (those known kept in memory)."""
        return attrs.evolve(campaign, log=self.settled())

    def settled(self) -> Log:
        """The log as saved: every line kept beside the campaign file, those known kept in memory."""
        log, before = self.log, self.log.kept
        lines = (*before.lines(), *log.added) if before is not None and before.read else (log.added if before is None else None)
        tail = ((*before.tail, *log.added) if before is not None else log.added)[-TAIL:]
        path, count, end = self.path, self.count, self.end
        return Log((), Kept(path, count, end, lambda: read(path, count, end), lines, tail))


def appending(path: Path, log: Log, text: Callable[[Entry], str]) -> Appending:
    """What a save of a campaign with this log appends to the log file at ``path``: the lines not
    yet kept there (``text``: a line's checked text, ``[[log]]`` and its keys)."""
    before = log.kept
    if before is not None and before.path == path and before.end > 0:
        at = _checked_end(path, before.count, before.end)
        new = log.added
    else:  # the first save of a log (of a first-version file, a new war, another file's log): the whole log
        at, new = 0, tuple(log)
    data = b"".join(b"\n" + text(e).encode("utf-8") for e in new)
    return Appending(path, at, (HEAD if at == 0 else b"") + data, log)


def _checked_end(path: Path, count: int, end: int) -> int:
    """Where the kept lines end in the log file: ``end`` when a line ends there (a read of a few
    bytes), else found by reading the file (edited by hand)."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:
        raise RefereeError(f"{path.name}, the log of {_campaign(path)} ({count} lines), is missing: {_remedy(path)}; nothing was saved") from None
    except OSError as error:
        raise RefereeError(f"cannot read {path}: {error.strerror or error}; nothing was saved") from None
    try:
        around = os.pread(handle, len(HEADING) + 1, end - 1)
    finally:
        os.close(handle)
    if around in (b"\n", b"\n" + HEADING):  # a line's end, then the file's end or the next line
        return end
    return _end(storage.read_raw(path, "log"), count, end, path)


def entry_from_dict(item: object, where: str) -> Entry:
    """A log line as saved."""
    table = strict.keys(item, {"day", "step", "text", "rolls", "rule"}, where)
    return Entry(
        strict.get(table, "day", int, where, low=0), step(strict.get(table, "step", str, where), where), strict.get(table, "text", str, where, lines=True),
        strict.words(table, "rolls", where), strict.get(table, "rule", str, where, ""),
    )


def entry_dict(entry: Entry) -> dict[str, Any]:
    """A log line as saved (the key for entering rolls lives only while an action is previewed)."""
    return {"day": entry.day, "step": entry.step, "text": entry.text, "rolls": list(entry.rolls), "rule": entry.rule}


def dumps(data: dict[str, Any]) -> str:
    """TOML text as the campaign's files are written (text of several lines kept as such)."""
    import tomli_w

    return tomli_w.dumps(data, multiline_strings=True)


def step(step: str, where: str) -> Step:
    for known in STEPS:
        if step == known:
            return known
    raise RefereeError(f"{where}: step must be one of {', '.join(STEPS)}, not {step!r}")
