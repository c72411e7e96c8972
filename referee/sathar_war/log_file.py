"""The campaign's log, kept in a file of its own beside the campaign file: ``war-1.toml.log``.

The log is the referee's record of the war, every action and roll, and by the end of a war it is
nearly all of what a campaign keeps (about 1.4 MB of 1.5 at day 150 of the generated war). The
campaign file keeps the state and says where in the log file its log is::

    [log_file]
    lines = 4657                 # the log's lines, oldest first
    bytes = [[290, 1389248]]     # the spans of war-1.toml.log's bytes that hold them, in order

The log file is TOML too, for people to read: a head (what it is, its format), then one ``[[log]]``
table a line, a blank line before each, as the campaign file held them before. Nothing reads it
to open or save a campaign: it is read when its lines are shown (the Log screen, ``campaign log``,
paper, the players' view).

It is only ever appended to. A save appends the action's new lines at the end of the log file,
flushed to disk, then saves the campaign file (atomically, as ever) with its spans: the one before
and the new lines. Nothing written to the log file is written over or cut, so every state of the
undo history keeps its log: undo puts back a campaign file's text, spans and all, and redo finds
its lines where they were. A new action after an undo appends after the lines of the action undone
(a span of its own begins there: the file holds both, each state names its own); a save cut short
by a kill or a full disk leaves bytes past the end that no state names, which the next save steps
over. Two states with different logs name different bytes, so their campaign files always differ.

The log file is the program's: lines edited by hand move the spans and the log is refused when it
is shown (the campaign still plays), one shortened is refused when the campaign opens, in one line
naming both files.

A campaign file copied without its log (the log file missing) opens whole, its log :class:`Lost`:
no line of it is shown, and what reads it says once that the old log (N lines) is missing
(:func:`missing`). The first change asks the referee (the app, the command line: the journal
refuses a change until asked, :meth:`referee.journal.Journal.apply`), and then the war goes on
with a log from here (:func:`went_on`): its first line says the old lines were lost, and the new
log file's head says so too (``lost = N``), its head written longer than where the lost log's
lines began. So a state of before the loss (put back by undo) names spans that begin inside the
new log's head, where no line of it begins: it opens as it did, its log lost, and is never read
from the new log's bytes.

A campaign file of the first version keeps its log in itself: it opens as ever, and its first save
moves the log out (the old file is kept as ``NAME.v1.bak``). So does a new war's text, whose
set-up lines are in the file until the first save. A campaign file saved without a place for a
log beside it (``campaign new``, a new war's text) keeps its lines in itself.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee import portable, storage, strict
from referee.errors import RefereeError
from referee.sathar_war.campaign import PLAN, SIDE_OF, SIDES, STEPS, Campaign, Entry, Kept, Log, Step

SUFFIX = ".log"
FORMAT = "referee second sathar war log"
VERSION = 1
HEADING = b"\n[[log]]\n"  # what starts every line of the log in the file
HEAD_LIMIT = 4096  # bytes of a log file read to find its head's end (a head is about 550)
TAIL = 50  # lines just saved, kept in memory (the last roll shown without reading the log)
HEAD = (
    "# The log of a Second Sathar War campaign, kept by referee beside its campaign file (NAME.toml.log\n"
    "# beside NAME.toml): every action and roll of the war, oldest first. Only ever appended to: the\n"
    "# campaign file names the spans of it that are its log ([log_file]); lines outside them are of\n"
    "# actions undone. Do not edit it: lines that change length move the spans.\n"
    f'format = "{FORMAT}"\nversion = {VERSION}\n'
).encode()

Spans = tuple[tuple[int, int], ...]


def beside(target: Path) -> Path:
    """The log file of the campaign file at ``target`` (a symlink's target: the file saved)."""
    return target.with_name(target.name + SUFFIX)


def kept(path: Path, count: int, spans: Spans) -> Kept:
    """The ``count`` lines in these spans of the log file at ``path``, read when asked. A log file
    shorter than its spans is refused now (a stat), in one line; one missing, or begun after a loss
    (its lines not these), gives :class:`Lost`."""
    size = _size(path, count)
    if size is None or spans[0][0] < _begun_after_a_loss(path):
        return Lost(path, count, spans[0][0])
    last = max(end for _, end in spans)
    if size < last:
        raise RefereeError(f"{path.name}, the log of {_campaign(path)}, holds {size} bytes where its {count} lines reach byte {last}: {_remedy(path)}")
    return Kept(path, count, spans, lambda: read(path, count, spans))


def _size(path: Path, count: int) -> int | None:
    """The log file's size (None: there is none); one that is not a regular file is refused."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise RefereeError(f"cannot read {path.name}, the log of {_campaign(path)}: {error.strerror or error}") from None
    if not stat.S_ISREG(info.st_mode):
        raise RefereeError(f"{path.name}, the log of {_campaign(path)} ({count} lines), is not a file: {_remedy(path)}")
    return info.st_size


def _remedy(path: Path) -> str:
    campaign = _campaign(path)
    return f"put back the log saved with {campaign} beside it (or move {path.name} away: {campaign} then opens without its old log, and plays on with a new one once asked)"


LOSS = b"\nlost = "  # in a log file's head: it was begun after a loss, ``lost = N`` lines of the log before it


def _begun_after_a_loss(path: Path) -> int:
    """Where the lines of a log file begun after a loss begin (its head's end): a state whose spans
    begin before it names another log's lines, lost (0: the log was not begun so)."""
    try:
        with open(path, "rb") as handle:
            start = handle.read(HEAD_LIMIT)
    except OSError:
        return 0
    first = start.find(HEADING)
    end = first if first >= 0 else len(start)
    return end if LOSS in start[:end] else 0


class Lost(Kept):
    """The log a campaign file names, missing (copied without it, or lost): ``count`` lines of which
    none can be shown. The campaign plays on from it once the referee agrees (:func:`went_on`):
    until then it holds no line; after, the line that says so (``noted``)."""

    __slots__ = ("lost", "began", "noted")

    def __init__(self, path: object, lost: int, began: int, noted: bool = False) -> None:
        super().__init__(path, 0, (), lambda: (), ())
        self.lost, self.noted = lost, noted
        self.began = began  # the byte its lines began at in the log file they were in

    def said(self) -> str:
        """The loss, in a few words: "war.toml.log, the log of war.toml (13 lines), is missing"."""
        name = Path(str(self.path)).name
        return f"{name}, the log of {_campaign(Path(name))} ({self.lost} lines), is missing"


def missing(campaign: Campaign) -> Lost | None:
    """The campaign's old log, if it is missing and the war has not gone on without it yet."""
    kept = campaign.log.kept
    return kept if isinstance(kept, Lost) and not kept.noted else None


def went_on(campaign: Campaign) -> Campaign:
    """The campaign going on without its missing log (the referee agreed): its log from here, whose
    first line says the old lines were lost (and its new log file's head, :func:`appending`)."""
    lost = missing(campaign)
    if lost is None:
        return campaign
    name = Path(str(lost.path)).name
    line = Entry(campaign.day, campaign.step, f"the log before this line ({lost.lost} lines) is lost: {name} was missing when the war went on; the log goes on from here")
    return campaign._replace(log=Log((line, *campaign.log.added), Lost(lost.path, lost.lost, lost.began, noted=True)))


def _campaign(path: Path) -> str:
    return path.name.removesuffix(SUFFIX)


def read(path: Path, count: int, spans: Spans) -> tuple[Entry, ...]:
    """The ``count`` lines in these spans of the log file. A log file that is missing, damaged,
    edited or short is refused in one line naming it."""
    if _size(path, count) is None:
        raise RefereeError(
            f"{path.name}, the log of {_campaign(path)} ({count} lines), is missing (removed since it was opened?): put it back, or open {_campaign(path)} again: it opens without its old log"
        )
    raw = storage.read_raw(path, "log")
    where = path.name
    first = raw.find(HEADING)
    head = storage.parse(raw[: first if first >= 0 else len(raw)], path, "log")
    strict.keys(head, {"format", "version", "lost"}, where)
    strict.header(head, FORMAT, VERSION, where, "the log of a Second Sathar War campaign")
    body = b"".join(raw[start:end] for start, end in spans)
    try:
        if any(end > len(raw) for _, end in spans) or (count and not body.startswith(HEADING)):
            raise RefereeError("its spans do not begin at a line's heading")
        lines = strict.items(storage.parse(body, path, "log"), "log", entry_from_dict)
    except RefereeError as error:
        raise RefereeError(f"{where}: {error} (the log cannot be read; edited by hand?) {_campaign(path)} itself is unharmed") from None
    if len(lines) != count:
        raise RefereeError(f"{where}: holds {len(lines)} log lines in the spans {_campaign(path)} names, where it counts {count} (the log cannot be read; edited by hand?)")
    return lines


class Appending:
    """The log lines a save adds at the end of the log file: ``data`` written at byte ``at`` (the
    file's size when the text was made), the log then ``count`` lines in ``spans``. Made by the
    campaign file's Writer with the text it saves (which names those spans)."""

    def __init__(self, path: Path, at: int, data: bytes, log: Log, spans: Spans) -> None:
        self.path, self.at, self.data, self.log, self.spans = path, at, data, log, spans

    @property
    def count(self) -> int:
        return len(self.log)

    def write(self) -> None:
        """Append (under the campaign file's lock, before the campaign file is saved). The save that
        moves the log of a first-version campaign file out of it keeps that file, as it was, as
        ``NAME.v1.bak`` (once: not over one kept already)."""
        if self.log.kept is None:
            _keep_first_version(self.path.with_name(_campaign(self.path)), self.path)
        try:
            handle = portable.open_no_link(self.path, os.O_RDWR | os.O_CREAT)
        except OSError as error:
            raise RefereeError(f"cannot write {self.path}: {error.strerror or error}{' (it is a symbolic link)' if os.path.islink(self.path) else ''}; nothing was saved") from None
        try:
            info = os.fstat(handle)
            if not stat.S_ISREG(info.st_mode):
                raise RefereeError(f"cannot write {self.path}: it is not a regular file; nothing was saved")
            if info.st_size != self.at:
                raise RefereeError(f"{self.path} changed while this action was taken (another program's save?); nothing was saved: take the action again")
            storage.write_at(handle, self.data, self.at)
            os.fsync(handle)
        except OSError as error:
            raise RefereeError(f"cannot write {self.path}: {error.strerror or error}; nothing was saved") from None
        finally:
            os.close(handle)
        if self.at == 0:
            storage.sync(self.path.parent)  # (a new file's name, kept through a power cut)

    def saved(self, campaign: Campaign) -> Campaign:
        """The campaign as saved: its log's lines all kept beside its file (those known kept in memory)."""
        return campaign._replace(log=self.settled())

    def settled(self) -> Log:
        """The log as saved: every line kept beside the campaign file, those known kept in memory."""
        log, before = self.log, self.log.kept
        lines: tuple[Entry, ...] | None = None
        if before is None or before.read:
            lines = tuple(log)  # (in memory already)
            tail = lines[-TAIL:]
        else:
            tail = (*before.tail, *log.added)[-TAIL:] if before.path == self.path else ()
        path, count, spans = self.path, self.count, self.spans
        return Log((), Kept(path, count, spans, lambda: read(path, count, spans), lines, tail))


def _keep_first_version(campaign: Path, log: Path) -> None:
    """A campaign file of version 1 on disk, kept as NAME.v1.bak before its log moves out."""
    try:
        raw = storage.read_raw(campaign, "campaign")
    except RefereeError:
        return  # no file yet (a new campaign saved): nothing to keep
    top = raw.split(b"\n[", 1)[0]  # the file's own keys, before its first table
    import tomllib

    try:
        version = tomllib.loads(top.decode("utf-8")).get("version")
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return
    if version != 1:
        return
    try:
        storage.write_new(campaign.with_name(campaign.name + ".v1.bak"), raw.decode("utf-8"))
    except FileExistsError:
        pass  # kept already (the first version put back by undo, and saved again)
    except (OSError, UnicodeDecodeError) as error:
        raise RefereeError(f"cannot keep {campaign.name} as {campaign.name}.v1.bak before its log moves to {log.name}: {error}; nothing was saved") from None


def end(path: Path, count: int) -> int:
    """Where the log file at ``path`` ends: where a save appends (0: there is none yet)."""
    try:
        return _size(path, count) or 0
    except RefereeError as error:
        raise RefereeError(f"{error}; nothing was saved") from None


def appending(path: Path, log: Log, text: Callable[[Entry], str], at: int) -> Appending:
    """What a save of a campaign with this log appends to the log file at ``path``, which ends at
    byte ``at``: the lines not yet kept there (``text``: a line's checked text, ``[[log]]`` and its
    keys)."""
    before = log.kept
    if before is not None and before.path == path:
        spans, new = before.spans, log.added
    else:  # the first save of a log (of a first-version file, a new war, another file's log): the whole log
        spans, new = (), tuple(log)
    head = (HEAD if not isinstance(before, Lost) else _head_after_a_loss(before)) if at == 0 else b""
    data = head + b"".join(b"\n" + text(e).encode("utf-8") for e in new)
    start, stop = at + len(head), at + len(data)
    if new:  # the new lines: the last span goes on if they follow it, else a span of their own
        spans = (*spans[:-1], (spans[-1][0], stop)) if spans and spans[-1][1] == start else (*spans, (start, stop))
    return Appending(path, at, data, log, spans)


def _head_after_a_loss(lost: Lost) -> bytes:
    """The head of a log begun after a loss: it says so, and is longer than the plain head (where
    the lost log's lines began, and any state's of it: its spans begin inside this head)."""
    head = HEAD + f"# Begun after a loss: the log before it ({lost.lost} lines) was missing when the war went on.\nlost = {lost.lost}\n".encode()
    short = min(lost.began, HEAD_LIMIT // 2) - len(head)
    return head + b"#" * short + b"\n" if short >= 0 else head


def entry_from_dict(item: object, where: str) -> Entry:
    """A log line as saved. A line saved before lines kept their private part has it found again: a
    move's "; bound for ...", the plan of the side moving in the step it was written in."""
    table = strict.keys(item, {"day", "step", "text", "rolls", "rule", "secret", "private"}, where)
    text = strict.get(table, "text", str, where, lines=True)
    secret = strict.get(table, "secret", str, where, "")
    if secret and secret not in SIDES:
        raise RefereeError(f"{where}.secret: the side whose line it is, {' or '.join(SIDES)}, not {secret!r}")
    private = strict.get(table, "private", str, where, "")
    if private and private not in text:
        raise RefereeError(f"{where}.private: a part of the line's text, which does not hold {private!r}")
    moving = step(strict.get(table, "step", str, where), where)
    if "secret" not in table and "private" not in table and plan_of(text):
        private, secret = plan_of(text), SIDE_OF.get(moving, "")
    return Entry(
        strict.get(table, "day", int, where, low=0),
        moving,
        text,
        strict.words(table, "rolls", where),
        strict.get(table, "rule", str, where, ""),
        secret=secret,
        private=private,
    )


def plan_of(text: str) -> str:
    """The plan a move's line tells ("...(1 box; bound for Dramune by Cassidine: 13 more days)": its
    "; bound for ..."), or "": where a line saved before lines kept their private part has it."""
    at = text.rfind(PLAN)
    return text[at:-1] if at >= 0 and " move from " in text and text.endswith(")") else ""


def entry_dict(entry: Entry) -> dict[str, Any]:
    """A log line as saved (the key for entering rolls lives only while an action is previewed)."""
    found = {"day": entry.day, "step": entry.step, "text": entry.text, "rolls": list(entry.rolls), "rule": entry.rule}
    return found | {k: v for k, v in (("secret", entry.secret), ("private", entry.private)) if v}


def dumps(data: dict[str, Any]) -> str:
    """TOML text as the campaign's files are written (text of several lines kept as such)."""
    import tomli_w

    return tomli_w.dumps(data, multiline_strings=True)


def step(step: str, where: str) -> Step:
    for known in STEPS:
        if step == known:
            return known
    raise RefereeError(f"{where}: step must be one of {', '.join(STEPS)}, not {step!r}")
