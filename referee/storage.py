"""Campaign and battle files: strict TOML reading, atomic saving with a backup of the last save.

A save writes the new text to a temporary file beside the old one, flushes it to disk, copies the
old file to ``NAME.bak``, then renames the new file over the old (``os.replace`` is atomic): a
crash at any point leaves either the last good file or the new one, never half of one.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from referee.errors import RefereeError

T = TypeVar("T")


def read(path: Path, kind: str) -> dict[str, Any]:
    """The TOML file's tables; a missing, unreadable or malformed file is refused, saying where."""
    try:
        text = path.read_bytes()
    except FileNotFoundError:
        raise RefereeError(f"no {kind} file at {path}") from None
    except OSError as error:
        raise RefereeError(f"cannot read {path}: {error.strerror}") from None
    try:
        return tomllib.loads(text.decode("utf-8"))
    except UnicodeDecodeError:
        raise RefereeError(f"{path} is not a text file (a {kind} file is TOML, UTF-8)") from None
    except tomllib.TOMLDecodeError as error:
        raise RefereeError(f"{path} is not valid TOML: {error}") from None


def read_back(text: str, read: Callable[[dict[str, Any]], T], expected: T) -> str:
    """``text``, once read back as a load reads it (``read``) and found equal to ``expected``.

    Every save passes through here before the atomic replace, so a state that a load would refuse
    (or read otherwise) is the action's error, and the file on disk stays as it was."""
    back = read(tomllib.loads(text))  # a load's refusal: a RefereeError naming the unit and key
    if back != expected:
        raise RefereeError("the file would not read back as the state it saves (a fault of the program, please report it)")
    return text


def refused(kind: str, error: RefereeError) -> RefereeError:
    """The message of a save refused by :func:`read_back`."""
    return RefereeError(f"this would save a {kind} file that cannot be opened again: {error}; nothing was saved")


def write_text(path: Path, text: str) -> None:
    """Save TOML text (checked already by :func:`read_back`) atomically; the previous save is kept as ``NAME.bak``."""
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise RefereeError(f"cannot save {path}: there is no folder {directory}")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        if path.exists():
            shutil.copy2(path, path.with_name(path.name + ".bak"))
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise RefereeError(f"cannot save {path}: {error.strerror}; the last save is untouched") from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
