"""What the program parsed, kept in the user's cache folder, so that reading the same bytes again
costs a fraction of a millisecond instead of a parse (tomllib reads about 5 KB a millisecond: the
tables of Knight Hawks take 8 ms, a campaign file at the end of a war 17 ms, a tenth of a command).

Nothing in the cache is trusted. A cache file is used only if it starts with the sums of the bytes
it was made from - any change to them, whatever the file's size and time, and it is passed over -
and the sums of the payload that follow match the payload. Any other cache file (damaged,
truncated, of another file or another version of this one, another Python's, not a cache at all)
is passed over silently: the caller parses the bytes again and stores the result afresh. A cache
that cannot be written is no error either.

The folder: ``$REFEREE_CACHE_DIR``, else ``$XDG_CACHE_HOME/referee``, else ``~/.cache/referee``.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
import zlib
from pathlib import Path

_FORMAT = b"referee cache 1\n"


def name(kind: str, path: Path) -> str:
    """The cache file of one file: ``KIND-STEM-<sum of its resolved path>.marshal``."""
    source = str(path.resolve())
    return f"{kind}-{Path(source).stem}-{zlib.crc32(source.encode('utf-8', 'surrogateescape')):08x}.marshal"


def load(name: str, source: bytes) -> object | None:
    """What :func:`store` kept under ``name`` for exactly these bytes; None for anything else."""
    with contextlib.suppress(OSError):
        stored = (_folder() / name).read_bytes()
        header = _header(source)
        if not stored.startswith(header):
            return None
        end = stored.find(b"\n", len(header)) + 1
        payload = stored[end:]
        if not end or stored[len(header) : end] != _sums(payload):
            return None
        try:
            return marshal.loads(payload)
        except Exception:  # noqa: BLE001 - sums that match data marshal cannot read: not a cache this program wrote
            return None
    return None


def store(name: str, source: bytes, payload: object) -> None:
    """Keep ``payload`` (plain data: what marshal writes) under ``name`` for these bytes, replacing
    what was kept there (written to a temporary file and renamed: a reader never sees half of it)."""
    with contextlib.suppress(OSError, ValueError):  # ValueError: data marshal cannot write (a TOML date)
        data = marshal.dumps(payload)
        folder = _folder()
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / f"{name}.{os.getpid()}.tmp"
        partial.write_bytes(_header(source) + _sums(data) + data)
        os.replace(partial, folder / name)


def _folder() -> Path:
    return Path(os.environ.get("REFEREE_CACHE_DIR") or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "referee")


def _header(source: bytes) -> bytes:
    return b"%s%s%d.%d\n" % (_FORMAT, _sums(source), *sys.version_info[:2])


def _sums(data: bytes) -> bytes:
    """``LENGTH CRC-32 ADLER-32``, a line. zlib is loaded already (hashlib's OpenSSL takes about 5 ms
    to import, more than the rest of the cache's work): a flipped bit or a burst of wrong bytes up
    to 32 bits long always changes the CRC; a random change slips past the CRC about once in four
    billion, and past the Adler-32 as well far more rarely still."""
    return b"%d %08x %08x\n" % (len(data), zlib.crc32(data), zlib.adler32(data))
