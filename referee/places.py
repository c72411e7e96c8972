"""Where the referee's files are: the folder the app keeps them in (``REFEREE_HOME``, default
``$XDG_DATA_HOME/referee``, else ``~/.local/share/referee``), and a file named relative to it.

A file named by a relative path (``war-1.toml``, as the app names the wars it saves) is looked for
in the current folder first, then in the app's folder: so ``referee view war-1.toml --side UPF``
finds the app's war from any folder. When neither holds it, the refusal names both. Only the
standard library is imported: every command that takes a file asks here first."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from referee.errors import RefereeError


def home() -> Path:
    """The folder the app saves to."""
    chosen = os.environ.get("REFEREE_HOME")
    if chosen:
        return Path(chosen)
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "referee"


def found(path: Path, kind: str = "campaign or battle", unpack: bool = True) -> Path:
    """The file a command names: ``path`` itself if it is there (or absolute, or a name the
    current folder holds), else the same relative name in the app's folder if that holds it.
    Neither: refused in one line naming both folders (``kind``: what the file is, as said).
    A pack (``referee pack``) is the file it unpacks to beside it (:func:`referee.pack.opened`;
    ``unpack``: False, the pack itself)."""
    if path.is_absolute() or os.path.lexists(path):
        return _unpacked(path) if unpack else path
    try:
        kept = home() / path
    except (RuntimeError, OSError):  # (no home folder to be found: only the current folder is looked in)
        return path
    if os.path.lexists(kept):
        return _unpacked(kept) if unpack else kept
    raise RefereeError(f"no {kind} file at {path} in this folder ({_here()}) nor in the folder the app saves to ({home()}; REFEREE_HOME moves it)")


def _unpacked(path: Path) -> Path:
    """A pack's file, unpacked beside it; any other path as it is (a look at its first bytes:
    :mod:`referee.pack` and the zip module are imported only for a pack)."""
    if not is_pack(path):
        return path
    from referee.pack import opened

    return opened(path)


ZIP = b"PK\x03\x04"  # how every zip file, and so every pack, begins


def is_pack(path: Path) -> bool:
    """Whether the file at ``path`` is a zip (a pack, or to be refused as one): its first bytes."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with open(path, "rb") as handle:
            return handle.read(len(ZIP)) == ZIP
    except (OSError, ValueError):
        return False


def _here() -> str:
    try:
        return os.getcwd()
    except OSError:  # (the current folder removed meanwhile)
        return "."
