"""Asking about a path named on the command line without a traceback: a name too long for the
file system, or one it cannot look at, is a refusal naming the path, like any bad input."""

from pathlib import Path

from referee.errors import RefereeError


def exists(path: Path) -> bool:
    """Whether something is at ``path``; a path the system cannot look up is refused in one line."""
    try:
        return path.exists()
    except OSError as error:
        shown = str(path) if len(str(path)) <= 80 else f"{str(path)[:60]}... ({len(str(path))} characters)"
        raise RefereeError(f"cannot use the path {shown!r}: {error.strerror or error}; give a shorter or plain file name") from None


def new_file(path: Path) -> Path:
    """``path`` to write a file at: refused (in one line) where it names a folder, or a path the
    system cannot look up."""
    if path.name in ("", ".", "..") or (exists(path) and path.is_dir()):
        raise RefereeError(f"{str(path) or '.'} is a folder: give a file name, e.g. war.toml")
    return path
