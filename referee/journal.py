"""The file being played - a campaign, or a Knight Hawks battle: its state now, undo and redo, and
the autosave. Undoing an action is putting the file's text before it back - its rolls'
consequences and its log lines with it. Every change is saved atomically at once, once it has been
read back as a load reads it (the kind's Writer, :mod:`referee.kinds`); a save that fails changes
nothing. The kind of file is its ``format`` line; each kind brings its Writer, and the journal is
the same for all.

Undo and redo outlive the app: every action, the app's or a command's (``referee campaign``,
``referee kh``: they save through a journal too), is kept in the file's undo history beside it
(:mod:`referee.history`, ``FILE.history``), written under the file's lock before the file is saved,
with what it touched (:mod:`referee.touched`). Undo and redo, in the app or by ``referee undo``,
walk that one history. States this journal has seen are kept by their text's hash, so that undo
in the app reads no file; a state from before the app opened is read from the history (and read
back as a load reads it before it is saved).

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

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from referee import cache, history, kinds, places, storage, touched
from referee.errors import RefereeError
from referee.tables import Tables

if TYPE_CHECKING:
    from referee.knight_hawks.battle import Battle
    from referee.sathar_war.campaign import Campaign
    from referee.starfleet_wars.engagement import Engagement
    from referee.stellar_inferno.scenario import Scenario

    State = Campaign | Battle | Engagement | Scenario


class Writer(Protocol):
    """A kind of file: its state from a file's tables, a state's text, read back as a load reads
    it, and what a save of that text writes beside the file first (a campaign's log lines)."""

    def read(self, data: dict[str, Any], parts: object = None, source: bytes = b"") -> Any:
        """The state a file's tables describe; ``parts``: what :meth:`parsed` gave with them when
        the file (``source``, its bytes) was saved, if known."""

    def text(self, state: Any) -> str: ...

    def beside(self) -> Beside | None: ...

    def parsed(self) -> tuple[dict[str, Any], object] | None:
        """The text made last as a load parses it, and what :meth:`read` takes with those tables
        (a campaign's parts), to keep in the cache; None: the next load parses the file."""


class Beside(Protocol):
    """What a save writes beside the file before the file itself (a campaign's new log lines,
    :class:`referee.sathar_war.log_file.Appending`)."""

    def write(self) -> None: ...

    def saved(self, state: Any) -> Any:
        """The state as it stands saved (a campaign's log lines all kept beside it)."""


class Result(Protocol):
    """An action's result: the state after it and the log lines it added (a campaign's Done, a
    battle step's Done)."""

    @property
    def state(self) -> State: ...

    @property
    def entries(self) -> tuple[Any, ...]: ...


class LogMissing(RefereeError):
    """A change to a campaign whose log file is missing, not yet agreed to: the war would go on
    without its old log. Asked first (the app: a yes/no; a command: a prompt, or ``--without-log``),
    then :attr:`Journal.going_on` set, and the change taken again."""


class Travel(NamedTuple):
    """An action undone or redone: what it was, and what it touched (:mod:`referee.touched`)."""

    what: str
    touched: str

    def said(self, width: int | None = None) -> str:
        """One line: "Place - Sathar Destroyer 1-6 (to Prenglar Start Circle)", at most ``width`` long."""
        return touched.said(self.what, self.touched, width)


class Journal:
    def __init__(self, path: Path, state: State, tables: Tables, writer: Writer | None = None, seen: storage.Seen | None = None) -> None:
        self.path = path  # as given, to show
        self.target = storage.target(path)  # where saves go: a symlink's target
        self.state = state
        self.tables = tables
        self.writer: Writer = writer or kinds.rules_of(state).writer(tables, self.target)
        self.seen = seen  # what the file held when read or saved last (None: not read here; the first save checks nothing)
        self.history = history.History(history.beside(self.target))
        self.trouble = ""  # why the last action could not be kept in the undo history ("": it was)
        self._known: dict[str, State] = {}  # states of this session by their text's hash: undo and redo read nothing
        self._unhashed = [(seen.data, state)] if seen is not None else []  # (hashed when undo first looks: a command that only reads hashes nothing)
        self.going_on = False  # the referee agreed: the next change goes on without the campaign's missing log

    @classmethod
    def open(cls, path: Path, tables: Tables, kind: str = "") -> Journal:
        """The file, of the kind its format line says (``kind``: only that kind: campaign or battle);
        a relative name not in the current folder is looked for in the app's (:func:`places.found`)."""
        path = places.found(path, kind or "campaign or battle")
        writer, state, seen = _load(path, tables, kind)
        return cls(path, state, tables, writer, seen)

    @property
    def kind(self) -> str:
        """The name of the file's kind (:mod:`referee.kinds`)."""
        return kinds.of_state(self.state).name

    def state_of(self, wanted: kinds.Kind) -> State:
        """The state, if the file is of that kind (a kind's pages ask, each kind's ``kind.py``
        saying it with its type: ``sathar_war.kind.campaign_of``); else RefereeError."""
        kind = kinds.of_state(self.state)
        if kind != wanted:
            raise RefereeError(f"{self.path} is {kind.title}, not {wanted.title}")
        return self.state

    def missing_log(self) -> str:
        """The file's log, missing, in a few words to say once ("war.toml.log, the log of war.toml
        (13 lines), is missing"; "": nothing is missing): a campaign file copied without its log
        beside it. It plays on once the referee agrees (:attr:`going_on`)."""
        lost = _lost(self.state)
        return lost.said() if lost is not None else ""

    def apply(self, done: Result, what: str) -> None:
        """Take an action's result as the new state, and save it, kept in the undo history as
        ``what`` with what it touched. Under the file's lock: the file must still be what was read
        or saved here (else ChangedOnDisk, and nothing changes, here, on disk or in the history);
        the history records the action first, then the file is saved. A history that cannot be
        written does not stop the action: it is saved, and ``trouble`` says why it cannot be undone.

        A campaign whose log is missing changes only once the referee agreed (:attr:`going_on`,
        else :class:`LogMissing`, and nothing changes): the war goes on with a log from here, its
        first line saying the old one was lost (:func:`referee.sathar_war.log_file.went_on`)."""
        state = done.state
        if _lost(state) is not None:
            if not self.going_on:
                raise LogMissing(f"{self.missing_log()}: a change goes on with a log from here, the old lines lost, once agreed; nothing was changed")
            from referee.sathar_war import log_file

            state = log_file.went_on(state)  # type: ignore[arg-type]
        text = self.writer.text(state)  # checked as a load checks it; raises before anything changes
        beside = self.writer.beside()
        data = text.encode("utf-8")
        with storage.locked(self.target, doing="save"):
            if self.seen is not None and storage.unchanged(self.target, self.seen) is None:
                raise storage.ChangedOnDisk(self.target)
            if beside is not None:
                beside.write()  # a campaign's new log lines, appended to its log before the file that names them
            kept = self._record(data, what, state)
            try:
                self.seen = storage.write_text(self.target, text, self.seen)
            except BaseException:
                if kept is not None:
                    self._quietly(lambda: self.history.forget(*kept))
                raise
        if beside is not None:
            state = beside.saved(state)
        self._remember(data, state)
        self.state = state
        self.going_on = False  # (asked again if undo goes back to before the loss and the war goes on again)
        parsed = self.writer.parsed()
        if parsed is not None:
            cache.keep_file_tables(self.target, data, *parsed)  # the next command to open the file parses nothing

    def undo(self) -> Travel:
        """Put back the file's text before the last action (the app's or a command's), saved."""
        return self._travel(-1)

    def redo(self) -> Travel:
        """Take again the action undone last, saved."""
        return self._travel(+1)

    def prefetch(self) -> None:
        """Read the state the next undo goes back to, if this journal has not seen it (a state from
        before the app was opened): for the app to call while the referee looks at the screen, so
        that the next Ctrl+Z reads nothing (reading a campaign takes about 25 ms). Any trouble is
        left for that undo to say."""
        try:
            line, here = self._where()
            if here:
                wanted = line.states[here - 1]
                if wanted not in self._states():
                    data = self.history.text(wanted)
                    self._remember(data, self._read(data))
        except RefereeError:
            pass

    @property
    def past(self) -> list[history.Action]:
        """The actions that can be undone, the oldest first (none if the history does not match the file)."""
        line, here = self._where()
        return list(line.actions[:here]) if here is not None else []

    @property
    def future(self) -> list[history.Action]:
        """The actions undone that can be redone, the next first."""
        line, here = self._where()
        return list(line.actions[here:]) if here is not None else []

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
        """Read the file afresh after an outside change: what it holds becomes the state. Undo and
        redo go on from it along the file's history (a command's action is in it; a hand edit is
        not: then the history does not match, and the next action starts it afresh). A file that
        cannot be opened, or that is now another kind of file, raises RefereeError, and nothing
        changes."""
        writer, state, seen = _load(self.target, self.tables, self.kind)
        self.writer, self.state, self.seen = writer, state, seen
        self._remember(seen.data, state)

    def _travel(self, step: int) -> Travel:
        """Go back (-1) or forward (+1) one action along the history: the file's text at the other
        end of it is saved. Refused in one line, changing nothing: nothing to undo or redo, a
        history that does not match the file or cannot be read, another program's save since."""
        empty = "nothing to undo" if step < 0 else "nothing to redo"
        with storage.locked(self.target, doing="save"):
            line, here = self._where()
            if here is None:
                raise RefereeError(f"{empty}: {self.trouble}") if self.trouble else history.NotMatching(self.path.name)
            to = here + step
            if not 0 <= to <= len(line.actions):
                raise RefereeError(f"{empty}{': ' + self.trouble if self.trouble else ''}")
            action = line.actions[min(here, to)]
            wanted = line.states[to]
            data = self.history.text(wanted)
            known = self._states().get(wanted)
            state = known if known is not None else self._read(data)
            self.seen = storage.write_text(self.target, data.decode("utf-8"), self.seen)  # ChangedOnDisk if another program saved it
            self._quietly(lambda: self.history.move(line.cursor_at(to)))  # (if not: the file's text says where it stands)
        self.state = state
        self._remember(data, state)
        return Travel(action.what, action.touched)

    def _where(self) -> tuple[history.Line, int | None]:
        """The file's history, and where the file stands along it (None: nowhere - changed outside)."""
        line = self.history.line()
        if self.seen is None or not line.actions:
            return line, (0 if not line.actions else None)
        return line, line.position(history.digest(self.seen.data))

    def _record(self, data: bytes, what: str, state: State) -> tuple[int, int] | None:
        """The action in the undo history, before its save: (its number, the cursor before) to
        forget it if the save fails; None if it could not be kept (``trouble`` says why)."""
        self.trouble = ""
        if self.seen is None:
            self.trouble = f"{self.path.name} was not read here before this action: it is not in the undo history"
            return None
        change = touched.between(self.state, state)
        for attempt in (1, 2):
            try:
                return self.history.record(self.seen.data, data, what, change)
            except history.Unreadable as error:
                if attempt == 2 or not error.damaged or not self.history.path.exists():
                    self.trouble = f"the undo history could not be kept ({str(error).removesuffix('; nothing was changed')})"
                    return None
                try:
                    self.history.set_aside()  # kept as NAME.history.unreadable; a new one starts
                except OSError as failed:
                    self.trouble = f"the undo history could not be kept ({str(error).removesuffix('; nothing was changed')}; cannot set it aside: {failed.strerror})"
                    return None
        return None

    def _read(self, data: bytes) -> State:
        """A state of the history, read as a load reads it (a state that would not load is not saved)."""
        import tomllib

        try:
            return self.writer.read(tomllib.loads(data.decode("utf-8")))  # type: ignore[no-any-return]
        except (RefereeError, tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
            raise RefereeError(f"the undo history's state of {self.path.name} would not load ({error}); nothing was changed") from None

    def _states(self) -> dict[str, State]:
        """The states this journal has seen, by their text's hash."""
        pending, self._unhashed = self._unhashed, []
        for data, state in pending:
            self._known[history.digest(data)] = state
        return self._known

    def _remember(self, data: bytes, state: State) -> None:
        self._states()[history.digest(data)] = state
        while len(self._known) > history.LIMIT + 1:
            del self._known[next(iter(self._known))]

    def _quietly(self, do: Callable[[], None]) -> None:
        """Tidy the history after a save: a failure leaves it untidy, never wrong (the file's text says where it stands)."""
        try:
            do()
        except history.Unreadable as error:
            self.trouble = f"the undo history could not be tidied ({str(error).removesuffix('; nothing was changed')})"


def _lost(state: State) -> Any:
    """A campaign's missing log not yet gone on from (:func:`referee.sathar_war.log_file.missing`), or None."""
    if kinds.of_state(state).name != "campaign":
        return None
    from referee.sathar_war import log_file

    return log_file.missing(state)  # type: ignore[arg-type]


def _load(path: Path, tables: Tables, kind: str) -> tuple[Writer, State, storage.Seen]:
    """The file's kind (its format line; ``kind``: it must be that one), its Writer and state, and
    what it held. Its tables come from the cache where it holds these very bytes (as a save or a
    load here left them, with the parts a save noted); tables from there that would not read (a
    cache this program did not write) are passed over, and the file is parsed."""
    what = kind or "campaign or battle"
    raw, seen = storage.read_bytes(path, what)
    target = storage.target(path)
    copy = cache.file_tables(target, raw)
    if copy is not None:
        try:
            return (*_state_of(path, target, tables, kind, copy[0], copy[1], raw), seen)
        except Exception:  # noqa: BLE001 - not the file's refusal: its own tables say (below)
            pass
    data = storage.parse(raw, path, what)
    cache.keep_file_tables(target, raw, data)
    return (*_state_of(path, target, tables, kind, data, None, raw), seen)


def _state_of(path: Path, target: Path, tables: Tables, kind: str, data: dict[str, Any], parts: object, raw: bytes) -> tuple[Writer, State]:
    """The kind of file the tables say and its Writer (saving to ``target``), and the state they hold."""
    format_ = data.get("format")
    found = kinds.of_format(format_)
    if found is None or kind not in ("", found.name):
        known = " or ".join(f"{k.name} ({k.format!r})" for k in kinds.KINDS if kind in ("", k.name))
        raise RefereeError(f"{path}: its format line says {format_!r}, not a {known}; the file is unchanged")
    writer = kinds.rules(found).writer(tables, target)
    try:
        return writer, writer.read(data, parts, raw)
    except RefereeError as error:
        raise RefereeError(f"{path}: {error}; the file is unchanged") from None
