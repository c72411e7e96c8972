"""What the program parsed, kept in the user's cache folder, so that reading the same bytes again
costs a fraction of a millisecond instead of a parse (tomllib reads about 5 KB a millisecond: the
tables of Knight Hawks take 8 ms, a campaign file at the end of a war 17 ms, a tenth of a command).

A cache is kept for the very bytes it was made from, and for nothing else. A cache file is used
only if it starts with the sums of those bytes - any change to them, whatever the file's size and
time, and it is passed over - and the sums of the payload that follow match the payload: a cache
damaged, truncated, of another file or another version of this one, another Python's, or not a
cache at all is passed over silently, and the caller parses the bytes again (and stores the result
afresh). What a cache gives is checked by its user as well (a campaign's parts against the file's
text; tables a reading refuses are parsed again from the file), so the worst a cache can do is cost
a parse. A cache that cannot be read or written is never an error.

The folder: ``$REFEREE_CACHE_DIR``, else ``$XDG_CACHE_HOME/referee``, else ``~/.cache/referee``,
made readable by its owner only. A folder another user owns, or that others may write, is not used
(someone else could put a cache there); nor is a cache file that is not a regular file of ours.
(On Windows, which has no user ids, a folder's access list keeps it: see :func:`referee.portable.private`.)
"""

from __future__ import annotations

import contextlib
import marshal
import os
import stat
import sys
import zlib
from pathlib import Path
from typing import Any

from referee import portable

_FORMAT = b"referee cache 1\n"
_LIMIT = 64 * 2**20  # bytes of a cache file read, at most (a campaign's is about 140 KB at the end of a war)


def name(kind: str, path: Path) -> str:
    """The cache file of one file: ``KIND-STEM-<sum of its resolved path>.marshal``."""
    source = str(path.resolve())
    return f"{kind}-{Path(source).stem}-{zlib.crc32(source.encode('utf-8', 'surrogateescape')):08x}.marshal"


def load(name: str, source: bytes) -> object:
    """What :func:`store` kept under ``name`` for exactly these bytes; None for anything else."""
    try:
        folder = _folder(make=False)
        if folder is None:
            return None
        stored = _read(folder / name)
        header = _header(source)
        if stored is None or not stored.startswith(header):
            return None
        end = stored.find(b"\n", len(header)) + 1
        payload = stored[end:]
        if not end or stored[len(header) : end] != _sums(payload):
            return None
        return marshal.loads(payload)
    except Exception:  # noqa: BLE001 - a cache that cannot be read (or sums that match data marshal cannot read): none
        return None


def store(name: str, source: bytes, payload: Any) -> None:
    """Keep ``payload`` (plain data: what marshal writes) under ``name`` for these bytes, replacing
    what was kept there: written to a new temporary file of ours, then renamed (a reader never sees
    half of it)."""
    try:
        data = marshal.dumps(payload)  # (data marshal cannot write, such as a TOML date: ValueError, nothing kept)
        folder = _folder(make=True)
        if folder is None:
            return
        handle, partial = _create(folder, name)
        try:
            with os.fdopen(handle, "wb") as written:
                written.write(_header(source) + _sums(data) + data)
            os.replace(partial, folder / name)
        except BaseException:
            partial.unlink(missing_ok=True)
            raise
    except Exception:  # noqa: BLE001 - a cache that cannot be written: the next reading parses
        return


def file_tables(target: Path, source: bytes) -> tuple[dict[str, Any], object] | None:
    """The parsed copy kept of the file at ``target`` for exactly these bytes: its tables and what
    a save noted with them (a campaign's parts); None where none is kept."""
    copy = load(name("file", target), source)
    return (copy[0], copy[1]) if isinstance(copy, tuple) and len(copy) == 2 and isinstance(copy[0], dict) else None


def keep_file_tables(target: Path, source: bytes, tables: dict[str, Any], parts: object = None) -> None:
    """Keep the parsed copy of the file at ``target`` holding these bytes (:func:`file_tables`)."""
    store(name("file", target), source, (tables, parts))


def _folder(make: bool) -> Path | None:
    """The cache folder (made if ``make``, readable by its owner only), or None where there is none
    to use: not there yet, another user's, or one others may write."""
    chosen = os.environ.get("REFEREE_CACHE_DIR") or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "referee"
    folder = Path(chosen)
    if make:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        info = os.stat(folder)
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or not portable.private(info):
        return None
    return folder


def _read(path: Path) -> bytes | None:
    """A regular file's bytes (up to _LIMIT), never through a symlink, never waiting on a pipe."""
    try:
        handle = portable.open_no_link(path, os.O_RDONLY)
    except OSError:
        return None
    with os.fdopen(handle, "rb") as opened:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or info.st_size > _LIMIT:
            return None
        return opened.read(_LIMIT + 1)


def _create(folder: Path, name: str) -> tuple[int, Path]:
    """A new temporary file of ours in the folder (never an existing file, nor through a symlink)."""
    for attempt in range(100):
        partial = folder / f"{name}.{os.getpid()}.{attempt}.tmp"
        with contextlib.suppress(FileExistsError):
            return portable.open_no_link(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), partial
    raise FileExistsError(f"{folder}: no free temporary name for {name}")


def _header(source: bytes) -> bytes:
    return b"%s%s%d.%d\n" % (_FORMAT, _sums(source), *sys.version_info[:2])


def _sums(data: bytes) -> bytes:
    """``LENGTH CRC-32 ADLER-32``, a line. zlib is loaded already (hashlib's OpenSSL takes about 4 ms
    to import, more than the rest of the cache's work): a flipped bit or a burst of wrong bytes up
    to 32 bits long always changes the CRC; a random change slips past the CRC about once in four
    billion, and past the Adler-32 as well far more rarely still."""
    return b"%d %08x %08x\n" % (len(data), zlib.crc32(data), zlib.adler32(data))
