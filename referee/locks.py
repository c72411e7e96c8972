"""Locks between programs saving one file, on every system (used by :mod:`referee.storage`).

Where Python has ``fcntl`` (Linux, macOS and every POSIX system) the lock is an ``flock`` on the
file itself (:func:`flock`): the system lets it go when the program ends, killed or not, and a
rename over the file leaves the old file locked (storage takes the new one's lock before it lets go).

Elsewhere - Windows - a file that is open cannot be renamed over or removed, so the lock cannot
be on the file a save replaces. It is on a lock file beside it, ``.NAME.lock`` (:class:`Beside`),
locked with ``msvcrt.locking``: the system lets that go too when the program ends, and the last
program to let it go removes the file. Where there is neither (no system a referee plays on, but
``tests/files/test_portable.py`` runs so), the lock file is the lock: made exclusively and removed
when let go, and one ``STALE`` seconds old is taken for what a killed program left.

A file system that keeps no locks (some network mounts) counts as locked: the check that the file
still holds what was read guards a save there, as it guards one against a program that takes no lock.
"""

from __future__ import annotations

import errno
import os
import sys
import time
from pathlib import Path

from referee import portable

try:
    import fcntl

    ON_THE_FILE = True
except ImportError:  # (Windows)
    ON_THE_FILE = False

STALE = 30.0  # seconds: a lock file (where there is no msvcrt) older than this was left by a killed program
_NO_LOCKS = (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EINVAL)


def flock(handle: int, wait: bool = False, surely: bool = False) -> bool:
    """An exclusive ``flock`` on the open file (where :data:`ON_THE_FILE`); False if another holds
    it, or (``surely``) if the file system keeps no locks."""
    if sys.platform == "win32":
        raise OSError(errno.ENOSYS, "no flock on Windows")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except BlockingIOError:
        return False
    except OSError as error:
        if error.errno not in _NO_LOCKS:
            raise
        return not surely
    return True


class Beside:
    """The lock file beside ``path`` (where there is no ``flock``), taken with :meth:`take`."""

    def __init__(self, path: Path) -> None:
        self.path = path.with_name(f".{path.name}.lock")
        self.handle: int | None = None

    def take(self) -> bool:
        """Hold the lock: False if another program (or thread) holds it. Where no lock file can be
        made (a folder the user may not write) it counts as held, as where there are no locks."""
        if sys.platform == "win32":
            taken, self.handle = _take_locked(self.path)
            return taken
        try:
            self.handle = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | portable.PLAIN, 0o666)
        except FileExistsError:
            try:
                if time.time() - os.lstat(self.path).st_mtime > STALE:
                    os.unlink(self.path)  # what a killed program left: the next try takes it
            except OSError:
                pass
            return False
        except OSError:
            return True
        try:
            os.write(self.handle, b"%d\n" % os.getpid())  # (whose it is, for a person to read)
        except OSError:
            pass
        return True

    def release(self) -> None:
        """Let the lock go, and remove the lock file (unless another program has it open, to take it)."""
        if self.handle is None:
            return
        try:
            if sys.platform == "win32":
                _unlock_byte(self.handle)
        finally:
            os.close(self.handle)
            self.handle = None
            try:
                os.unlink(self.path)
            except OSError:
                pass


if sys.platform == "win32":
    import msvcrt

    def _take_locked(path: Path) -> tuple[bool, int | None]:
        """The lock file, its first byte locked (not waiting): (False, None) if another holds it."""
        try:
            handle = os.open(path, os.O_RDWR | os.O_CREAT | portable.PLAIN, 0o666)
        except PermissionError:
            return not path.exists(), None  # (one being removed by the program that let it go: try again)
        except OSError:
            return True, None
        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError as error:
            os.close(handle)
            return error.errno not in (errno.EACCES, errno.EDEADLK), None
        return True, handle

    def _unlock_byte(handle: int) -> None:
        os.lseek(handle, 0, os.SEEK_SET)
        msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)
