"""The undo history of a campaign or battle file, kept beside it (``war-1.toml.history``): every
action taken on the file, by the app or a command, with the file's text before and after it, so
that undo and redo outlive the app and work from the command line. It knows nothing of the rules:
texts, their hashes, and what each action was and touched (said by :mod:`referee.touched`).

An SQLite database (the standard library's): one transaction per change, so a kill at any moment
leaves it as it was before the change or after it, never between. Every state is kept as the
file's exact text, compressed (zlib), under the SHA-256 of the text; each action names the state
before it and the state after. The file's own text says where in the history it stands: its hash
is looked up among the states of the line of actions. A file edited by hand, or saved by a program
that keeps no history, matches none: the history does not match the file, and undo says so and
changes nothing (the next action starts a history afresh). A state is written into the history
before the file is saved with it, so whatever a kill leaves of a save - the file before or after -
is a state of the history.

The line: actions form a chain (each names its ``parent``, the action before it); the line is the
chain ending at the newest action. A new action taken after some were undone starts from the state
the file is in (its parent is the action that led there): the actions undone before it are off the
line. They stay in the database until the next action is recorded, so that if the new action's save
fails it is removed (:meth:`History.forget`) and the line is as it was. The ``cursor`` notes the
action the file was last known to stand after; it only chooses between two states of the line with
the same text.

Bounded: the line keeps its last ``LIMIT`` actions, and its states at most ``LIMIT_BYTES``
compressed (a 77 KB war at day 150 to about 8 KB, at zlib's quickest level: 0.4 ms a state, where
its default took 0.9 ms for 6 KB); the oldest go first. (Each action removes those beyond the
bounds before it is added: the one over them stays, unseen, until the next.)

All writes are made by programs holding the file's lock (:func:`referee.storage.locked`), so two
writers (the app and a command) take turns here as they do on the file.
"""

from __future__ import annotations

import functools
import os
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple
from urllib.parse import quote

from referee.errors import RefereeError

if TYPE_CHECKING:
    import sqlite3  # (imported where the database is opened: a command that only reads a file does not pay for it)

LIMIT = 200  # actions kept on the line
LIMIT_BYTES = 16 * 2**20  # compressed states kept, at most (a campaign's state: 4-40 KB)
SUFFIX = ".history"
FORMAT = "referee undo history"
VERSION = 1
WAIT = 10.0  # seconds to wait for another program's transaction (as storage.LOCK_WAIT)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS about (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS states (hash TEXT PRIMARY KEY, size INTEGER NOT NULL, text BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS actions (
    number INTEGER PRIMARY KEY AUTOINCREMENT,
    parent INTEGER NOT NULL,
    what TEXT NOT NULL,
    touched TEXT NOT NULL,
    before TEXT NOT NULL,
    after TEXT NOT NULL,
    at TEXT NOT NULL
);
"""


class Action(NamedTuple):
    """One action of the history: what it was (the app's action or the command), what it touched
    (:mod:`referee.touched`, as JSON), the hashes of the file's text before and after it, and when."""

    number: int
    parent: int
    what: str
    touched: str
    before: str
    after: str
    at: str


class Unreadable(RefereeError):
    """The history file cannot be read or written now: ``damaged`` if it never will be (not a
    database, or not ours: a new one may take its place), else for now (locked, a full disk) or
    by this version (a newer one's)."""

    def __init__(self, message: str, damaged: bool = True) -> None:
        super().__init__(message)
        self.damaged = damaged


class NotMatching(RefereeError):
    """The file holds no state of its history's line: it was changed outside the referee."""

    def __init__(self, name: str) -> None:
        super().__init__(f"the undo history does not match {name}, which was changed outside the referee since it was written (by hand, or by a program that keeps no history); nothing was changed")


@functools.lru_cache(maxsize=8)
def digest(data: bytes) -> str:
    """The SHA-256 of a file's text, in hex; a save asks it of the same two texts twice each. Taken
    from the standard library's own SHA-256 where it has one, as its random module takes its
    SHA-512: hashlib's, OpenSSL's, takes 3-4 ms to start, a tenth of a command's save (once started
    it is quicker: 0.06 ms against 0.35 for a war at day 150)."""
    import importlib

    for name in ("_sha256", "_sha2"):  # (Python 3.11; 3.12 and later)
        try:
            own = importlib.import_module(name)
        except ImportError:
            continue
        return str(own.sha256(data).hexdigest())
    import hashlib

    return hashlib.sha256(data).hexdigest()


def beside(target: Path) -> Path:
    """The history of the file at ``target`` (a symlink's target: the file saved)."""
    return target.with_name(target.name + SUFFIX)


class Line(NamedTuple):
    """The line of actions, the oldest first, and the action the file was last known to stand after."""

    actions: tuple[Action, ...]
    cursor: int

    @property
    def states(self) -> tuple[str, ...]:
        """The hashes of the file's states along the line: before the first action, then after each."""
        if not self.actions:
            return ()
        return (self.actions[0].before, *(a.after for a in self.actions))

    def position(self, text_hash: str) -> int | None:
        """Where along the line (0: before the first action) the file of this text stands; None
        if no state of the line is that text. Of several, the one nearest the cursor."""
        found = [i for i, h in enumerate(self.states) if h == text_hash]
        if not found:
            return None
        here = next((i + 1 for i, a in enumerate(self.actions) if a.number == self.cursor), 0 if self.cursor == 0 else len(self.actions))
        return min(found, key=lambda i: (abs(i - here), i))

    def cursor_at(self, position: int) -> int:
        """The cursor for the file standing at ``position``."""
        return self.actions[position - 1].number if position > 0 else 0


def _line(rows: list[tuple[int, int, str, str, str, str, str]], cursor: int) -> Line:
    """The chain ending at the newest action, followed back by parents while each action starts
    from the state its parent ended in."""
    by_number = {row[0]: Action(*row) for row in rows}
    chain: list[Action] = []
    number = max(by_number, default=0)
    while number in by_number:
        action = by_number[number]
        if chain and chain[-1].before != action.after:
            break
        chain.append(action)
        number = action.parent
    return Line(tuple(reversed(chain)), cursor)


class History:
    """The history file beside a campaign or battle file. Nothing is created until the first
    action is recorded: reading a file that has no history finds an empty line."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db: sqlite3.Connection | None = None
        self._opened: tuple[int, int] | None = None  # the file the connection is open on

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # ------------------------------------------------------------------ reading

    def line(self) -> Line:
        """The line of actions (empty if there is no history yet); an unreadable history raises
        :class:`Unreadable`, naming the file and why."""
        db = self._connect(create=False)
        if db is None:
            return Line((), 0)
        with _errors(self.path, "read"):
            return self._read_line(db)

    def text(self, text_hash: str) -> bytes:
        """The file's text of a state of the line, checked against its hash."""
        db = self._connect(create=False)
        with _errors(self.path, "read"):
            row = db.execute("SELECT text FROM states WHERE hash = ?", (text_hash,)).fetchone() if db is not None else None
            if row is None:
                raise Unreadable(f"the undo history {self.path.name} has lost a state of its line (damaged); nothing was changed")
            try:
                data = zlib.decompress(row[0])
            except zlib.error:
                data = b""
        if digest(data) != text_hash:
            raise Unreadable(f"the undo history {self.path.name} is damaged (a state does not match its hash); nothing was changed")
        return data

    def snapshot(self) -> bytes | None:
        """The whole history as one SQLite database's bytes, for a pack (:mod:`referee.pack`); None
        if there is none. Taken under the file's lock (no save writes it meanwhile)."""
        db = self._connect(create=False)
        if db is None:
            return None
        with _errors(self.path, "read"):
            return db.serialize()

    # ------------------------------------------------------------------ writing (under the file's lock)

    def record(self, before: bytes, after: bytes, what: str, touched: str) -> tuple[int, int]:
        """Add an action leading from the file's text ``before`` to ``after``, in one transaction,
        before the file is saved; its number and the cursor before it, for :meth:`forget` if the
        save fails. A ``before`` no state of the line has (the file was changed outside the
        history) starts a new line from it.

        The same transaction removes what earlier actions left off the line (actions undone before
        a new one was taken, a line the file left) and the oldest actions beyond the bounds, with
        their states: what this action leaves off the line stays until the next, so that
        :meth:`forget` puts the line back as it was."""
        db = self._connect(create=True)
        assert db is not None
        before_hash, after_hash = digest(before), digest(after)
        with _transaction(db, self.path):
            line = self._read_line(db, whole=True)
            sizes = dict(db.execute("SELECT hash, size FROM states").fetchall())
            kept = list(line.actions)
            while len(kept) > 1 and (len(kept) > LIMIT or sum(sizes.get(h, 0) for h in {kept[0].before, *(a.after for a in kept)}) > LIMIT_BYTES):
                kept.pop(0)
            if len(kept) < db.execute("SELECT count(*) FROM actions").fetchone()[0]:
                numbers = [a.number for a in kept]
                db.execute(f"DELETE FROM actions WHERE number NOT IN ({','.join('?' * len(numbers))})", numbers)
                self._sweep(db)
            line = Line(tuple(kept), line.cursor)
            position = line.position(before_hash)
            parent = line.cursor_at(position) if position is not None else 0
            for text_hash, data in ((before_hash, before), (after_hash, after)):
                if db.execute("SELECT 1 FROM states WHERE hash = ?", (text_hash,)).fetchone() is None:
                    packed = zlib.compress(data, 1)
                    db.execute("INSERT INTO states VALUES (?, ?, ?)", (text_hash, len(packed), packed))
            at = time.strftime("%Y-%m-%d %H:%M:%S")
            number = db.execute("INSERT INTO actions (parent, what, touched, before, after, at) VALUES (?, ?, ?, ?, ?, ?)", (parent, what, touched, before_hash, after_hash, at)).lastrowid
            assert number is not None
            db.execute("UPDATE about SET value = ? WHERE key = 'cursor'", (str(number),))
        return number, line.cursor

    def forget(self, number: int, cursor: int) -> None:
        """A save failed after :meth:`record`: remove the action it recorded, and the line is as it was."""
        db = self._connect(create=False)
        if db is None:
            return
        with _transaction(db, self.path):
            db.execute("DELETE FROM actions WHERE number = ?", (number,))
            db.execute("UPDATE about SET value = ? WHERE key = 'cursor'", (str(cursor),))
            self._sweep(db)

    def move(self, cursor: int) -> None:
        """Note where the file stands after an undo or redo was saved (a kill before this is
        harmless: the file's text says where it stands)."""
        db = self._connect(create=False)
        if db is None:
            return
        with _transaction(db, self.path):
            db.execute("UPDATE about SET value = ? WHERE key = 'cursor'", (str(cursor),))

    def set_aside(self) -> Path:
        """Rename an unreadable history to ``NAME.history.unreadable`` (kept, never deleted), so
        that a new one can start."""
        self.close()
        aside = self.path.with_name(self.path.name + ".unreadable")
        self.path.replace(aside)
        self.path.with_name(self.path.name + "-journal").unlink(missing_ok=True)  # its rollback journal, if a kill left one, belongs to it
        return aside

    # ------------------------------------------------------------------ the database

    def _connect(self, create: bool) -> sqlite3.Connection | None:
        """The open database; None if there is none yet (and ``create`` is false: reading makes
        nothing). One a kill left empty, before its first transaction, is none yet."""
        if self._db is not None:
            if self._identity() == self._opened:
                return self._db
            self.close()  # removed, or replaced (set aside by another program): the one there now
        if not create and not self.path.exists():
            return None
        import sqlite3

        uri = f"file:{quote(str(self.path))}?mode={'rwc' if create else 'rw'}"
        with _errors(self.path, "read"):
            db = sqlite3.connect(uri, uri=True, timeout=WAIT, isolation_level=None)
        try:
            with _errors(self.path, "read"):
                db.execute("PRAGMA synchronous = FULL")  # (the rollback journal's default: said, not assumed)
                tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not tables and not create:
                db.close()
                return None
            if not tables:
                self._private_as_its_file()
                with _transaction(db, self.path):
                    for statement in _SCHEMA.split(";"):
                        if statement.strip():
                            db.execute(statement)
                    db.executemany("INSERT INTO about VALUES (?, ?)", [("format", FORMAT), ("version", str(VERSION)), ("cursor", "0")])
            else:
                self._check(db, tables)
        except BaseException:
            db.close()
            raise
        self._db, self._opened = db, self._identity()
        return db

    def _private_as_its_file(self) -> None:
        """A new history gets its file's mode: it holds the file's states, secrets and all (a
        campaign kept private stays so)."""
        try:
            mode = os.stat(self.path.with_name(self.path.name[: -len(SUFFIX)])).st_mode & 0o666
            os.chmod(self.path, mode | 0o600)
        except OSError:
            pass  # (no file yet, or a file system without modes: as SQLite made it)

    def _identity(self) -> tuple[int, int] | None:
        try:
            info = os.stat(self.path)
        except OSError:
            return None
        return info.st_dev, info.st_ino

    def _check(self, db: sqlite3.Connection, tables: set[str]) -> None:
        with _errors(self.path, "read"):
            about = dict(db.execute("SELECT key, value FROM about").fetchall()) if "about" in tables else {}
        if about.get("format") != FORMAT or not {"states", "actions"} <= tables:
            raise Unreadable(f"{self.path.name} is not an undo history of this program; nothing was changed")
        if not about.get("version", "").isdigit() or int(about["version"]) > VERSION:
            raise Unreadable(
                f"the undo history {self.path.name} was written by a newer version of the program (version {about.get('version')}; this one reads {VERSION}); nothing was changed", damaged=False
            )

    def _read_line(self, db: sqlite3.Connection, whole: bool = False) -> Line:
        """The line; its last LIMIT actions (an action recorded leaves the oldest beyond them for
        the next to remove), or ``whole``."""
        rows = db.execute("SELECT number, parent, what, touched, before, after, at FROM actions").fetchall()
        cursor = db.execute("SELECT value FROM about WHERE key = 'cursor'").fetchone()
        line = _line(rows, int(cursor[0]) if cursor and str(cursor[0]).isdigit() else 0)
        return line if whole or len(line.actions) <= LIMIT else Line(line.actions[-LIMIT:], line.cursor)

    def _sweep(self, db: sqlite3.Connection) -> None:
        db.execute("DELETE FROM states WHERE hash NOT IN (SELECT before FROM actions UNION SELECT after FROM actions)")


@contextmanager
def _errors(path: Path, doing: str) -> Iterator[None]:
    """SQLite's errors as one line naming the history file."""
    import sqlite3

    try:
        yield
    except sqlite3.Error as error:
        damaged = isinstance(error, sqlite3.DatabaseError) and not isinstance(error, sqlite3.OperationalError)
        raise Unreadable(f"cannot {doing} the undo history {path.name}: {error}; nothing was changed", damaged) from None


@contextmanager
def _transaction(db: sqlite3.Connection, path: Path) -> Iterator[None]:
    """One transaction: all of it or nothing of it, whatever happens meanwhile (a kill too)."""
    with _errors(path, "write"):
        db.execute("BEGIN IMMEDIATE")
        try:
            yield
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
