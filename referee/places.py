"""Where the referee's files are: the folder the app keeps them in (``REFEREE_HOME``, default
``$XDG_DATA_HOME/referee``, else ``~/.local/share/referee``), and a file named relative to it.

A file named by a relative path (``war-1.toml``, as the app names the wars it saves) is looked for
in the current folder first, then in the app's folder: so ``referee view war-1.toml --side UPF``
finds the app's war from any folder. When neither holds it, the refusal names both. Only the
standard library is imported: every command that takes a file asks here first."""

from __future__ import annotations

import os
from pathlib import Path

from referee.errors import RefereeError


def home() -> Path:
    """The folder the app saves to."""
    chosen = os.environ.get("REFEREE_HOME")
    if chosen:
        return Path(chosen)
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "referee"


def found(path: Path, kind: str = "campaign or battle") -> Path:
    """The file a command names: ``path`` itself if it is there (or absolute, or a name the
    current folder holds), else the same relative name in the app's folder if that holds it.
    Neither: refused in one line naming both folders (``kind``: what the file is, as said)."""
    if path.is_absolute() or os.path.lexists(path):
        return path
    try:
        kept = home() / path
    except (RuntimeError, OSError):  # (no home folder to be found: only the current folder is looked in)
        return path
    if os.path.lexists(kept):
        return kept
    raise RefereeError(f"no {kind} file at {path} in this folder ({_here()}) nor in the folder the app saves to ({home()}; REFEREE_HOME moves it)")


def _here() -> str:
    try:
        return os.getcwd()
    except OSError:  # (the current folder removed meanwhile)
        return "."
