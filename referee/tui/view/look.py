"""Reading the file for the players' view: its kind, and what the side may see of it. Nothing here
writes, or takes the file's lock: a save replaces the file whole (renamed over it), so a read
sees the file before the save or after it, never half of it."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from referee import kinds, storage
from referee.errors import RefereeError
from referee.tables import Tables


class Stamp(NamedTuple):
    """What tells cheaply that the file was saved again: a save renames a new file over it."""

    inode: int
    size: int
    mtime_ns: int


def stamp(path: Path) -> Stamp | None:
    """The file's stamp now (None: not there, or not to be read)."""
    try:
        info = path.stat()
    except OSError:
        return None
    return Stamp(info.st_ino, info.st_size, info.st_mtime_ns)


def read(path: Path, tables: Tables, side: str) -> tuple[str, Any, str]:
    """The file's kind and what ``side`` may see of it: a campaign's
    :class:`~referee.sathar_war.sides.CampaignView`, a battle's
    :class:`~referee.knight_hawks.sides.BattleView`; and what is missing of it, to say ("": nothing;
    a campaign copied without its log file: the log). A file that cannot be read, of a kind with no
    player view, or without that side, raises RefereeError in one line."""
    data = storage.read(path, "campaign or battle")
    format_ = data.get("format")
    found = kinds.of_format(format_)
    if found is None:
        raise RefereeError(f"{path}: its format line says {format_!r}, not a file the referee plays")
    rules = kinds.rules(found)
    if not found.view:
        raise RefereeError(f"{path} is {found.title}: the players' view shows a campaign or a Knight Hawks battle (not yet {found.title})")
    try:
        state = rules.writer(tables, storage.target(path)).read(data)
    except RefereeError as error:
        raise RefereeError(f"{path}: {error}") from None
    missing = ""
    if found.name == "campaign":
        from referee.sathar_war import log_file

        lost = log_file.missing(state)
        missing = lost.said() if lost is not None else ""
    return found.name, rules.view(state, side), missing
