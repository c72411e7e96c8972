"""What differs between Linux, macOS and Windows in the file calls the saves make, in one place.

Python's ``os`` module gives some names on POSIX systems only (Linux, macOS): the open flags
``O_NOFOLLOW``, ``O_NONBLOCK``, ``O_DIRECTORY`` and ``O_CLOEXEC``, ``pread`` and ``pwrite``,
``fchmod`` (Windows from Python 3.13) and ``geteuid``; Windows has ``O_BINARY`` instead (without it
a descriptor's reads and writes turn ``\\n`` into ``\\r\\n`` and stop at a Ctrl-Z). Each is used
here where it exists, and where it does not the same guarantee is kept otherwise:

- a file opened never through a symlink (:func:`open_no_link`): where there is no ``O_NOFOLLOW``,
  the name is looked at (``lstat``) after the open and must be the very file opened, not a link;
- a named pipe never waited on: where there is no ``O_NONBLOCK`` (Windows has no named pipes among
  its files) a file is looked at before it is opened, and only a regular file is;
- reads and writes at a place in the file (:func:`pread`, :func:`pwrite`): by a seek, then a read
  or write, on a descriptor of this program's own;
- a file's mode (:func:`fchmod`): set by its name;
- a file or folder of the user's, that others may not write (:func:`owned`, :func:`private`): where
  there are no user ids (Windows: a folder's access list says who may write it), every one is.

``tests/files/test_portable.py`` runs the commands with these names taken out of ``os``.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path

NO_LINK: int = getattr(os, "O_NOFOLLOW", 0)
NO_WAIT: int = getattr(os, "O_NONBLOCK", 0)
FOLDER: int = getattr(os, "O_DIRECTORY", 0)
# every descriptor: not inherited by programs started (Python makes it so anyway), bytes as they are
PLAIN: int = getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOINHERIT", 0)


def open_file(path: Path | str, flags: int, mode: int = 0o666) -> int:
    """``os.open``, never waiting on a named pipe: where there is no ``O_NONBLOCK``, something at
    ``path`` that is not a regular file is refused before it is opened (OSError)."""
    if not NO_WAIT and flags & (os.O_WRONLY | os.O_RDWR) == 0:
        try:
            info = os.stat(path)
        except FileNotFoundError:
            pass  # (the open says so)
        else:
            if not stat.S_ISREG(info.st_mode) and not stat.S_ISDIR(info.st_mode):
                raise OSError(errno.EINVAL, "it is not a regular file (a named pipe or a device?)", str(path))
    return os.open(path, flags | NO_WAIT | PLAIN, mode)


def open_no_link(path: Path | str, flags: int, mode: int = 0o666) -> int:
    """``os.open``, never through a symlink: a link at ``path`` is refused (OSError, ELOOP, as
    ``O_NOFOLLOW`` refuses it). A new file made with ``O_CREAT | O_EXCL`` never follows one anyway;
    elsewhere, without ``O_NOFOLLOW``, the name is looked at before the open (a link is not opened)
    and after it (it must name the very file opened: not a link put there meanwhile)."""
    checked = not NO_LINK and flags & (os.O_CREAT | os.O_EXCL) != os.O_CREAT | os.O_EXCL
    if checked and _is_link(path):
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path))
    handle = open_file(path, flags | NO_LINK, mode)
    if not checked:
        return handle
    try:
        there, opened = os.lstat(path), os.fstat(handle)
        swapped = there.st_ino and opened.st_ino and (there.st_dev, there.st_ino) != (opened.st_dev, opened.st_ino)  # (0: no file ids here)
        if stat.S_ISLNK(there.st_mode) or swapped:
            raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path))
    except BaseException:
        os.close(handle)
        raise
    return handle


def _is_link(path: Path | str) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(path).st_mode)
    except OSError:
        return False  # (nothing there: the open says what is wrong)


def pread(handle: int, size: int, at: int) -> bytes:
    """Up to ``size`` bytes from byte ``at`` of an open file."""
    if sys.platform != "win32" and hasattr(os, "pread"):
        return os.pread(handle, size, at)
    os.lseek(handle, at, os.SEEK_SET)
    return os.read(handle, size)


def pwrite(handle: int, data: memoryview, at: int) -> int:
    """Write from ``data`` at byte ``at`` of an open file: the bytes written (perhaps fewer)."""
    if sys.platform != "win32" and hasattr(os, "pwrite"):
        return os.pwrite(handle, data, at)
    os.lseek(handle, at, os.SEEK_SET)
    return os.write(handle, data)


def fchmod(handle: int, path: Path, mode: int) -> None:
    """Give the open file at ``path`` this mode."""
    if hasattr(os, "fchmod"):
        os.fchmod(handle, mode)
    else:
        os.chmod(path, mode)


def owned(info: os.stat_result) -> bool:
    """Whether the user running the program owns what was stat-ed (where there are user ids)."""
    user = getattr(os, "geteuid", None)
    return user is None or info.st_uid == user()


def private(info: os.stat_result) -> bool:
    """Whether what was stat-ed is the user's and no one else may write it (where there are user ids:
    on Windows the modes say nothing of who may write, and a folder's access list keeps it)."""
    return not hasattr(os, "geteuid") or (owned(info) and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH))


def link(source: Path, name: Path) -> None:
    """A second name for a file (a symlink at ``source`` is not followed, where the system can say so)."""
    if os.link in os.supports_follow_symlinks:
        os.link(source, name, follow_symlinks=False)
    else:
        os.link(source, name)
