"""Campaign and battle files on disk: read safely, saved atomically, one writer at a time.

Reading (:func:`read`) takes only a regular file - not a device, a named pipe or a folder - of at
most 16 MB (``READ_LIMIT``: the bundled war is 60 KB, and its log grows with every action), and
only a text of a sane shape, checked by a cheap scan before the TOML parser sees it: arrays and
inline tables nested at most 50 deep, keys of at most 50 dotted parts, numbers of at most 100
digits (a deeper file costs the parser its stack, or seconds and gigabytes). Every refusal is
one line, and what the parser itself cannot read is refused the same way.

Saving (:func:`write_text`), under the file's lock: the file must still hold what this program
read or wrote last - given as a :class:`Seen`, or read under the same lock - else
:class:`ChangedOnDisk`, and nothing is written. The new text
goes to a temporary file beside it (created exclusively, never through a symlink), flushed to
disk and renamed over the file; the file before becomes ``NAME.bak`` the same way (a hard link
to it, or a copy, under a temporary name renamed over the old backup: a symlink planted as
``NAME.bak`` is replaced, not written through); then the folder is flushed, so a power cut keeps
what was reported saved. A kill at any moment leaves the file and its backup whole: each as it
was or as it is to be. A file reached through a symlink is saved to the link's target (the
backup beside it), and the file's mode is kept (a new file: 0666 less the umask). Temporary
files of our naming left by a kill are removed by the next save once they are
``STALE_AFTER`` seconds old and no live save holds them.

Locking (:func:`locked`): an exclusive ``flock`` on the file itself, taken again on the new file
if it was replaced while waiting, for at most ``LOCK_WAIT`` seconds. A command holds it for its
whole load-act-save, so two commands on one file take turns and lose nothing; a save takes it
for the check and the rename only, so the app holds nothing while it waits for the referee.

Where there is no ``flock`` (Windows: see :mod:`referee.locks` and :mod:`referee.portable`) the
lock is on a lock file beside the file, ``.NAME.lock``, and no file is held open across a rename
(Windows renames no open file): the file before is read whole, its backup made, every descriptor
closed, then the rename. A temporary file of a live save is kept from the sweep there by the
system itself (Windows removes no open file) or, where it would not be, by its age.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar

from referee import locks, portable
from referee.errors import RefereeError

T = TypeVar("T")

READ_LIMIT = 16 * 1024 * 1024  # bytes: a campaign file is about 60 KB at the start of a war
DEPTH_LIMIT = 50  # arrays and inline tables within each other (the program writes 3)
DOTTED_LIMIT = 50  # parts of one dotted key (the program writes 3)
DIGITS_LIMIT = 100  # digits of one number (Python reads at most 4,300)
LOCK_WAIT = 10.0  # seconds a save waits for another program's save of the same file
RENAME_WAIT = 2.0  # seconds a save tries again to rename over a file another program reads (Windows)
STALE_AFTER = 10.0  # seconds before a temporary file no save holds is taken for a kill's leftover
_NAME_KEPT = 200  # bytes of the file's name in its temporary files' names (a name is at most 255 bytes)
_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789_"  # as tempfile.mkstemp names them (earlier versions used it)


class Seen(NamedTuple):
    """What a file held when this program last read or wrote it: a stat (to tell cheaply that it
    is unchanged) and its bytes (to tell for certain)."""

    device: int
    inode: int
    size: int
    mtime_ns: int
    data: bytes

    def __repr__(self) -> str:
        return f"Seen(inode={self.inode}, size={self.size}, mtime_ns={self.mtime_ns})"


class ChangedOnDisk(RefereeError):
    """The file is no longer what this program read or wrote last: another program saved it."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path} was changed by another program since it was read here; nothing was saved: read it again, then retry")
        self.path = path


# ---------------------------------------------------------------------- reading


def read(path: Path, kind: str) -> dict[str, Any]:
    """The TOML file's tables; a missing, unreadable, outsized or malformed file is refused, saying where."""
    return read_seen(path, kind)[0]


def read_seen(path: Path, kind: str) -> tuple[dict[str, Any], Seen]:
    """:func:`read`, and what the file held (for :func:`write_text` to check it is unchanged)."""
    raw, seen = read_bytes(path, kind)
    return parse(raw, path, kind), seen


def read_bytes(path: Path, kind: str) -> tuple[bytes, Seen]:
    """The bytes of a regular file of at most READ_LIMIT (refused in one line otherwise), and what
    it held (for :func:`write_text` to check it is unchanged): to parse with :func:`parse`."""
    raw, seen = _read_bytes(path, kind)
    held = _locks().get(_key(path)) if _locks() else None
    if held is not None:
        held.seen = seen  # what a save under this lock must find still there
    return raw, seen


def read_raw(path: Path, kind: str) -> bytes:
    """The bytes of a regular file of at most READ_LIMIT (refused in one line otherwise)."""
    return _read_bytes(path, kind)[0]


def parse(raw: bytes, path: Path, kind: str) -> dict[str, Any]:
    """The tables of a file's bytes: UTF-8 TOML of a sane shape, else refused in one line."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RefereeError(f"{path} is not a text file (a {kind} file is TOML, UTF-8)") from None
    problem = odd_shape(text)
    if problem:
        raise RefereeError(f"{path} is not a {kind} file: it {problem}") from None
    import tomllib  # (here: a file read from its parsed copy, referee.cache, needs no parser; 2-3 ms to import)

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RefereeError(f"{path} is not valid TOML: {error}") from None
    except (RecursionError, ValueError, MemoryError):
        raise RefereeError(f"{path} is not a {kind} file: TOML too deep or numbers too long to read") from None


def _read_bytes(path: Path, kind: str) -> tuple[bytes, Seen]:
    try:
        handle = portable.open_file(path, os.O_RDONLY)  # a named pipe opens at once (or is not opened), to be refused
    except FileNotFoundError:
        raise RefereeError(f"no {kind} file at {path}") from None
    except OSError as error:
        raise RefereeError(f"cannot read {path}: {error.strerror}") from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise RefereeError(f"{path} is {_what(info.st_mode)}, not a {kind} file (a TOML text file)")
        raw = _contents(handle, info.st_size)
        if raw is None:
            raise RefereeError(f"{path} is over {READ_LIMIT // 2**20} MB: too big for a {kind} file (at most {READ_LIMIT // 2**20} MB)")
        info = os.fstat(handle)
    except OSError as error:
        raise RefereeError(f"cannot read {path}: {error.strerror}") from None
    finally:
        os.close(handle)
    return raw, Seen(info.st_dev, info.st_ino, len(raw), info.st_mtime_ns, raw)


def _contents(handle: int, size: int) -> bytes | None:
    """The file's bytes from the start, or None past READ_LIMIT."""
    if size > READ_LIMIT:
        return None
    chunks, total, offset = [], 0, 0
    while chunk := portable.pread(handle, max(size + 1, 65536), offset):
        chunks.append(chunk)
        total += len(chunk)
        offset += len(chunk)
        if total > READ_LIMIT:
            return None
    return b"".join(chunks)


def _what(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


# Strings and comments, skipped by the shape scan (possessive: no backtracking). An unterminated
# one runs to the end of its line (or of the text, for a multi-line string): the scan is linear.
# The scan's patterns are compiled when first used (and kept by re): about 1 ms, which a file read
# from its parsed copy (referee.cache) never spends.
_SKIPPED = (
    r'"""(?:[^"\\]++|\\.|"(?!""))*+""""?"?|"""[\s\S]*'
    r"|'''(?:[^']++|'(?!''))*+''''?'?|'''[\s\S]*"
    r'|"(?:[^"\\\n]++|\\.)*+"|"[^\n]*'
    r"|'[^'\n]*+'|'[^\n]*"
    r"|#[^\n]*"
)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")  # deleted: the brackets alone are left
_ONE_BRACKET = bytes.maketrans(b"{}", b"[]")  # an inline table nests as an array does
_RUNS = rb"\[+|\]+"
_ONE_DIGIT = bytes.maketrans(b"0123456789_", b"0" * 11)
_DOTTED = r"\.(?:[ \t]*(?:[\w-]+|\"\")[ \t]*\.){" + str(DOTTED_LIMIT - 1) + "}"  # 50 dots: 51 parts
_DIGITS = rb"\d(?:_?\d){%d}" % DIGITS_LIMIT


def odd_shape(text: str) -> str | None:
    """What makes the text no file of ours, found by a linear scan outside strings and comments
    before the TOML parser sees it (which spends its stack, or seconds and gigabytes, on such
    shapes): about 3 ms for a 60 KB campaign file, whose parse takes 20."""
    bare = re.sub(_SKIPPED, '""', text, flags=re.DOTALL)
    raw = bare.encode("utf-8")
    depth = _depth(raw.translate(_ONE_BRACKET, _NOT_BRACKETS))
    if depth > DEPTH_LIMIT:
        return f"nests arrays or tables more than {DEPTH_LIMIT} deep (the program writes 3 at most)"
    if bare.count(".") >= DOTTED_LIMIT and re.search(_DOTTED, bare):
        return f"has a dotted key of more than {DOTTED_LIMIT} parts (the program writes 3 at most)"
    if b"0" * (DIGITS_LIMIT + 1) in raw.translate(_ONE_DIGIT) and re.search(_DIGITS, raw):
        return f"has a number of more than {DIGITS_LIMIT} digits (the program writes a few)"
    return None


def _depth(brackets: bytes) -> int:
    """How deep the brackets nest: an upper bound (each pass takes away one level at most), exact
    for our files, counted up to DEPTH_LIMIT + 1. Passes take away the innermost pairs while that
    shortens the text much (shallow nests: a few passes leave nothing); the rest goes run by run."""
    passes = 0
    while passes <= DEPTH_LIMIT and brackets:
        fewer = brackets.replace(b"[]", b"")
        if len(fewer) == len(brackets):
            break
        much = len(brackets) - len(fewer) >= len(brackets) // 8
        brackets, passes = fewer, passes + 1
        if not much:
            break
    level = top = 0
    for run in re.findall(_RUNS, brackets):
        level += len(run) if run[:1] == b"[" else -len(run)
        top = max(top, level)
        if passes + top > DEPTH_LIMIT:
            break
    return passes + top


def checked_text(data: dict[str, Any], read: Callable[[dict[str, Any]], T], expected: T, kind: str) -> tuple[str, dict[str, Any]]:
    """The text of a file's tables ``data``, once read back as a load reads it (``read``) and found
    equal to ``expected``; and the tables it parses to (:class:`Alone` keeps them for the cache).

    Every save of a battle, an engagement or a scenario passes through here before the atomic
    replace, so a state that a load would refuse (or read otherwise) is the action's error, refused
    naming the ``kind`` of file, and the file on disk stays as it was."""
    import tomli_w

    text = tomli_w.dumps(data, multiline_strings=True)
    try:
        return text, read_back_tables(text, read, expected)
    except RefereeError as error:
        raise refused(kind, error) from None


def read_back_tables(text: str, read: Callable[[dict[str, Any]], T], expected: T) -> dict[str, Any]:
    """The tables ``text`` parses to, once read back as a load reads it (``read``) and found equal
    to ``expected`` (a campaign's save reads back each of its parts so)."""
    import tomllib

    tables = tomllib.loads(text)
    back = read(tables)  # a load's refusal: a RefereeError naming the unit and key
    if back != expected:
        raise RefereeError("the file would not read back as the state it saves (a fault of the program, please report it)")
    return tables


class Alone(Generic[T]):
    """The Writer (:class:`referee.journal.Writer`) of a file that keeps nothing beside it - a
    battle's, an engagement's, a scenario's: its state from a file's tables (``read``), and a
    state's text with the tables it reads back to (``written``: the kind's own, through
    :func:`checked_text`, which refuses a state that would not load)."""

    def __init__(self, read: Callable[[dict[str, Any]], T], written: Callable[[T], tuple[str, dict[str, Any]]]) -> None:
        self._read = read
        self._written = written
        self._parsed: tuple[dict[str, Any], None] | None = None

    def read(self, data: dict[str, Any], parts: object = None, source: bytes = b"") -> T:
        return self._read(data)

    def text(self, state: T) -> str:
        self._parsed = None
        text, tables = self._written(state)
        self._parsed = (tables, None)
        return text

    def beside(self) -> None:
        """Nothing is written beside the file."""
        return None

    def parsed(self) -> tuple[dict[str, Any], None] | None:
        """The tables of the text made last, as its reading back parsed them (None: no text was
        made): the next command to open the file parses nothing."""
        return self._parsed


def refused(kind: str, error: RefereeError) -> RefereeError:
    """The message of a save refused on reading back (:func:`checked_text`, a campaign's parts)."""
    return RefereeError(f"this would save a {kind} file that cannot be opened again: {error}; nothing was saved")


def exists(path: Path) -> bool:
    """Whether something is at ``path``; a name the system refuses (too long) is refused in one line."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as error:
        shown = str(path) if len(str(path)) <= 80 else f"{str(path)[:60]}... ({len(str(path))} characters)"
        raise RefereeError(f"cannot use the path {shown!r}: {error.strerror or error}; give a shorter or plain file name") from None
    return True


def new_file(path: Path) -> Path:
    """``path`` to write a new file at: refused (in one line) where it names a folder, or a path
    the system cannot look up."""
    if path.name in ("", ".", "..") or (exists(path) and path.is_dir()):
        raise RefereeError(f"{str(path) or '.'} is a folder: give a file name, e.g. war.toml")
    size = len(os.fsencode(path.name))
    if size > 255 - len(".bak"):
        raise RefereeError(f"the file name is {size} bytes long: a save keeps the one before as NAME.bak beside it, so a name may have at most 251; give a shorter one")
    return path


def unchanged(path: Path, seen: Seen) -> Seen | None:
    """The file's :class:`Seen` now if it still holds what ``seen`` recorded (or is gone: a save
    overwrites nothing then), else None. Cheap when the file is untouched: a stat, no read."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return seen
    except OSError:
        return None
    if (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns) == seen[:4]:
        return seen
    try:
        now = _read_bytes(path, "")[1]
    except RefereeError:
        return None
    return now if now.data == seen.data else None


def target(path: Path) -> Path:
    """Where a save of ``path`` goes: through a symlink, to the file it points to (a rename over
    the link would replace the link, and the real file would stop receiving saves)."""
    return Path(os.path.realpath(path)) if os.path.islink(path) else path


# ---------------------------------------------------------------------- locking


class _Lock:
    """A lock held by this thread: the locked file's descriptor (None: no file there yet, or the
    lock is a lock file, ``beside``) and what was last read or written under it."""

    __slots__ = ("handle", "seen", "beside")

    def __init__(self, handle: int | None, beside: locks.Beside | None = None) -> None:
        self.handle = handle
        self.beside = beside
        self.seen: Seen | None = None


_local = threading.local()


def _locks() -> dict[str, _Lock]:
    held: dict[str, _Lock] | None = getattr(_local, "locks", None)
    if held is None:
        held = _local.locks = {}
    return held


def _key(path: Path) -> str:
    return os.path.realpath(path)


@contextmanager
def locked(path: Path, wait: float | None = None, doing: str = "open") -> Iterator[None]:
    """Hold the file's lock: other programs' saves of it (and their commands' whole load-act-save)
    wait until it is released. Taken again inside, it is the same lock. A read under it records
    what the file held, and a save under it checks the file still holds that."""
    key, held = _key(path), _locks()
    if key in held:
        yield
        return
    wait = LOCK_WAIT if wait is None else wait
    try:
        lock = _Lock(_acquire(Path(key), path, wait)) if locks.ON_THE_FILE else _Lock(None, _beside(Path(key), path, wait))
    except OSError as error:
        raise RefereeError(f"cannot {doing} {path}: {error.strerror or error}") from None
    held[key] = lock
    try:
        yield
    finally:
        del held[key]
        if lock.handle is not None:
            os.close(lock.handle)
        if lock.beside is not None:
            lock.beside.release()


def _acquire(real: Path, path: Path, wait: float) -> int | None:
    """A descriptor of the file at ``real``, flock-ed; None if there is no file yet."""
    deadline, pause = time.monotonic() + wait, 0.001
    while True:
        try:
            handle = portable.open_file(real, os.O_RDONLY)
        except FileNotFoundError:
            return None
        try:
            while not locks.flock(handle):
                pause = _waited(path, wait, deadline, pause)
            mine = os.fstat(handle)
            try:
                there = os.stat(real)
            except FileNotFoundError:
                there = None
            if there is not None and (there.st_dev, there.st_ino) == (mine.st_dev, mine.st_ino):
                found, handle = handle, -1
                return found
        finally:
            if handle >= 0:
                os.close(handle)
        # the file was replaced (or removed) while we waited: lock the one there now


def _beside(real: Path, path: Path, wait: float) -> locks.Beside | None:
    """The lock file beside the file at ``real``, held; None if there is no file yet."""
    deadline, pause = time.monotonic() + wait, 0.001
    lock = locks.Beside(real)
    while exists(real):
        if lock.take():
            if exists(real):
                return lock
            lock.release()  # removed while we waited: as where there is no file yet
            break
        pause = _waited(path, wait, deadline, pause)
    return None


def _waited(path: Path, wait: float, deadline: float, pause: float) -> float:
    """Wait a little for another program's lock (refused past the deadline): the next pause."""
    if time.monotonic() >= deadline:
        raise RefereeError(f"{path} is being saved by another program (still locked after {wait:g} s); nothing was changed: try again once it is done")
    time.sleep(pause)
    return min(pause * 2, 0.05)


# ---------------------------------------------------------------------- saving


def write_text(path: Path, text: str, expected: Seen | None = None, *, backup: bool = True) -> Seen:
    """Save TOML text (checked already by :func:`checked_text`, or a campaign's parts by :func:`read_back_tables`) atomically, keeping the previous save
    as ``NAME.bak``; what the file holds now must be ``expected`` (or, under :func:`locked`, what
    was read under it), else :class:`ChangedOnDisk` and nothing is written. Returns what it wrote."""
    real = target(path)
    data = text.encode("utf-8")
    with locked(real, doing="save"):
        lock = _locks()[_key(real)]
        try:
            seen, handle = _replace(path, real, data, expected if expected is not None else lock.seen, lock.handle, backup)
        except OSError as error:
            raise RefereeError(f"cannot save {path}: {error.strerror or error}; the last save is untouched") from None
        if lock.handle is not None:
            os.close(lock.handle)
        lock.handle, lock.seen = handle, seen  # the new file is locked already: the lock passes to it
    return seen


def write_new(path: Path, text: str | bytes, replace: bool = False) -> None:
    """Save a new file atomically, refused with FileExistsError if something is there already: the
    text goes to a flushed temporary file, which then gets the file's name by a hard link (which
    never replaces anything), or by a rename over what is there if ``replace``. Other failures
    raise OSError."""
    handle, temporary = _create(path, "")
    try:
        try:
            _write_all(handle, text.encode("utf-8") if isinstance(text, str) else text)
            os.fsync(handle)
        finally:
            os.close(handle)  # (before the link or rename: Windows renames no open file)
        if replace:
            _rename(temporary, path)
        else:
            try:
                portable.link(temporary, path)
            except FileExistsError:
                raise
            except OSError:  # no hard links here: a rename, after a look (racy, as any rename)
                if exists(path):
                    raise FileExistsError(errno.EEXIST, "File exists", str(path)) from None
                os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    sync(path.parent)


def write_at(handle: int, data: bytes, at: int) -> None:
    """Write all of ``data`` at byte ``at`` of an open file."""
    view = memoryview(data)
    while view:
        written = portable.pwrite(handle, view, at)
        view, at = view[written:], at + written


def _replace(path: Path, real: Path, data: bytes, expected: Seen | None, old: int | None, backup: bool) -> tuple[Seen, int | None]:
    """Save ``data`` over the file at ``real`` (``old``: its locked descriptor, where the lock is on
    the file itself): what it saved, and the new file's descriptor, locked (None where the lock is
    a lock file beside it: then every descriptor is closed before the rename)."""
    directory = real.parent
    if not directory.is_dir():
        raise RefereeError(f"cannot save {path}: there is no folder {directory}")
    opened = None
    if not locks.ON_THE_FILE:
        old = opened = _open_before(real)
    try:
        mode, live, before = _before(path, old, expected)
    finally:
        if opened is not None:
            os.close(opened)  # (read whole: nothing is held open across the renames)
    _sweep(real, live)
    handle, temporary = _create(real, "")
    try:
        _write_all(handle, data)
        if mode is not None:
            portable.fchmod(handle, temporary, mode)
        os.fsync(handle)
        info = os.fstat(handle)
        if not locks.ON_THE_FILE:
            os.close(handle)
            handle = -1
        if live is not None and backup:
            _backup(path, real, before if before is not None else old, mode)
        _rename(temporary, real)
    except BaseException:
        if handle >= 0:
            os.close(handle)
        temporary.unlink(missing_ok=True)
        raise
    sync(directory)
    return Seen(info.st_dev, info.st_ino, len(data), info.st_mtime_ns, data), handle if handle >= 0 else None


def _rename(name: Path, to: Path) -> None:
    """Rename over ``to``. Where the lock is a lock file (Windows), a file another program holds open
    for a moment (a reader, the players' view) cannot be renamed over: tried again for up to RENAME_WAIT s."""
    deadline, pause = time.monotonic() + RENAME_WAIT, 0.005
    while True:
        try:
            os.replace(name, to)
            return
        except PermissionError:
            if locks.ON_THE_FILE or time.monotonic() >= deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.1)


def _open_before(real: Path) -> int | None:
    """A descriptor of the file there before a save (where the lock is not on it); None: no file yet."""
    try:
        return portable.open_file(real, os.O_RDONLY)
    except FileNotFoundError:
        return None


def _before(path: Path, old: int | None, expected: Seen | None) -> tuple[int | None, os.stat_result | None, bytes | None]:
    """The file there before a save: its mode, its stat and (where read: checked against
    ``expected``, or read whole where nothing may be held open across the rename) its bytes;
    all None where there is no file yet."""
    if old is None:
        return None, None, None
    info = os.fstat(old)
    if not stat.S_ISREG(info.st_mode):
        raise RefereeError(f"cannot save {path}: it is {_what(info.st_mode)}, not a file")
    before = _contents(old, info.st_size) if expected is not None or not locks.ON_THE_FILE else None
    if expected is not None and before != expected.data:
        raise ChangedOnDisk(path)
    if before is None and not locks.ON_THE_FILE:
        raise RefereeError(f"cannot save {path}: it is over {READ_LIMIT // 2**20} MB")
    return stat.S_IMODE(info.st_mode), info, before


def _backup(path: Path, real: Path, old: int | bytes | None, mode: int | None) -> None:
    """The file as it is now becomes NAME.bak: a second name for it (or a flushed copy where the
    file system has no hard links: of its bytes, or of its open descriptor), renamed over the old backup."""
    bak = real.with_name(real.name + ".bak")
    try:
        name = _link(real)
        if name is None:
            handle, name = _create(real, ".bak")
            try:
                if isinstance(old, bytes):
                    _write_all(handle, old)
                elif old is not None:
                    offset = 0
                    while chunk := portable.pread(old, 1 << 20, offset):
                        _write_all(handle, chunk)
                        offset += len(chunk)
                if mode is not None:
                    portable.fchmod(handle, name, mode)
                os.fsync(handle)
            except OSError:
                os.close(handle)
                name.unlink(missing_ok=True)
                raise
            os.close(handle)
        try:
            _rename(name, bak)
        finally:
            # gone once renamed, unless NAME.bak was the file already (as a kill between the backup's
            # rename and the file's leaves them): a rename between two names of one file does nothing
            name.unlink(missing_ok=True)
    except OSError as error:
        raise RefereeError(f"cannot save {path}: cannot write its backup {bak.name}: {error.strerror or error}; the last save is untouched") from None


def _link(real: Path) -> Path | None:
    """A new temporary name for the file, or None where it cannot have one (then it is copied)."""
    while True:
        name = real.parent / f".{_kept(real)}.bak.{_letters()}.tmp"
        try:
            portable.link(real, name)
        except FileExistsError:
            continue
        except OSError:
            return None
        return name


def _write_all(handle: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(handle, view) :]


def _create(real: Path, middle: str) -> tuple[int, Path]:
    """A new temporary file beside ``real``, made by us (never an existing file or a symlink's
    target), locked while it lives so no other save takes it for a leftover (where locks are on
    files; elsewhere the system keeps an open file, or its age keeps a new one)."""
    while True:
        name = real.parent / f".{_kept(real)}{middle}.{_letters()}.tmp"
        try:
            handle = portable.open_no_link(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        if locks.ON_THE_FILE:
            locks.flock(handle, wait=True)
        return handle, name


def _kept(real: Path) -> str:
    """The start of the file's name in its temporary files' names: at most _NAME_KEPT bytes (a cut
    through a letter of several bytes is kept as bytes: the same cut every time)."""
    return os.fsdecode(os.fsencode(real.name)[:_NAME_KEPT])


def _letters() -> str:
    return "".join(_LETTERS[b % len(_LETTERS)] for b in os.urandom(8))


def _sweep(real: Path, live: os.stat_result | None) -> None:
    """Remove temporary files of this file's saves that a kill left: our naming only, ours, regular
    files, STALE_AFTER seconds old and locked by no live save - or a second name of the file itself
    (``live``, locked by this save: a backup's link that a kill left before its rename)."""
    prefix = f".{_kept(real)}."
    ours = re.compile(r"(?:bak\.)?[a-z0-9_]{8}\.tmp")
    too_new = time.time() - STALE_AFTER
    try:
        entries = [e for e in os.scandir(real.parent) if e.name.startswith(prefix) and ours.fullmatch(e.name, len(prefix))]
    except OSError:
        return
    for entry in entries:
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or not portable.owned(info):
                continue
            if live is not None and (info.st_dev, info.st_ino) == (live.st_dev, live.st_ino):
                os.unlink(entry.path)
                continue
            if info.st_mtime > too_new:
                continue
            if not locks.ON_THE_FILE:
                os.unlink(entry.path)  # (Windows removes no file a live save holds open)
                continue
            handle = portable.open_no_link(entry.path, os.O_RDONLY)
        except OSError:
            continue
        try:
            if locks.flock(handle, surely=True):  # not if a live save holds it (or locks do not work here)
                os.unlink(entry.path)
        except OSError:
            pass
        finally:
            os.close(handle)


def sync(directory: Path) -> None:
    """Flush the folder, so the renames survive a power cut (some file systems cannot: then as before)."""
    try:
        handle = portable.open_file(directory, os.O_RDONLY | portable.FOLDER)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)
