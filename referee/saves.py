"""Where the app keeps the referee's files: new wars and battles, numbered in the campaigns folder,
and the list of files opened in the app (campaigns and battles, newest first), offered at the next
start and by Ctrl+O. ``REFEREE_HOME`` moves the folder (default ``$XDG_DATA_HOME/referee``, else
``~/.local/share/referee``).

The list is ``recent.toml`` in that folder, saved atomically under its lock like any file of the
program (a second app's entries are kept). A file no longer there is left out of what is offered,
and dropped at the next save. A list that cannot be read is ignored (an entry without a path is
skipped); the next save first keeps it as ``recent.toml.unreadable``, so nothing is lost. Earlier
versions kept only ``last-campaign`` (the file played last): it is offered while there is no list.
"""

from __future__ import annotations

import os
import stat
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from referee import storage
from referee.errors import RefereeError
from referee.places import home
from referee.resources import campaigns_dir

if TYPE_CHECKING:
    from referee.tables import Tables

BUNDLED_START = "second-sathar-war.toml"
BUNDLED_MAP = "frontier-map.toml"
RECENT = "recent.toml"
RECENT_FORMAT = "referee recent files"
LAST = "last-campaign"  # earlier versions' record of the file played last
KEPT = 10  # files the recent list holds
BUNDLED_MAP_NAME = "Frontier Deployment Map (default)"  # the name in campaigns/frontier-map.toml


def _folder() -> Path:
    folder = home()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise RefereeError(f"cannot make the folder {folder} for campaigns: {error.strerror} (set REFEREE_HOME to another folder)") from None
    return folder


# ---------------------------------------------------------------------- the files opened


class Recent(NamedTuple):
    """A file opened in the app: where, its kind (campaign or battle; "" if not known), what it is
    (a battle's name, a war's options), when it was last played (opened here, or saved since)."""

    path: Path
    kind: str
    name: str
    played: datetime | None


def recent() -> list[Recent]:
    """The files opened in the app, newest first, those no longer there left out."""
    found = []
    for entry in _entries(_read()[0]):
        try:
            info = os.stat(entry.path)
        except (OSError, ValueError):
            continue  # gone (or a path the system refuses): dropped at the next save
        if not stat.S_ISREG(info.st_mode):
            continue
        saved = datetime.fromtimestamp(info.st_mtime).replace(microsecond=0)
        found.append(entry._replace(played=max(entry.played, saved) if entry.played else saved))
    return found


def last() -> Path | None:
    """The file played last, if it is still there."""
    files = recent()
    return files[0].path if files else None


def remember(path: Path, kind: str, name: str) -> None:
    """Put the file at the top of the recent list (the list bounded, saved atomically). A failure
    is ignored: the list is a convenience only, the file itself is saved in its own place."""
    try:
        where = _folder() / RECENT
        with storage.locked(where, doing="remember the file opened in"):
            data, unreadable = _read()
            if unreadable:
                os.replace(where, where.with_name(RECENT + ".unreadable"))  # kept, for the referee to see
            path = path.resolve()
            now = Recent(path, kind, name, datetime.now().replace(microsecond=0))
            kept = [e for e in _entries(data) if e.path != path and os.path.isfile(e.path)]
            storage.write_text(where, _text([now, *kept][:KEPT]), backup=False)
    except (OSError, RefereeError, ValueError):
        pass


def title(state: Any) -> str:
    """What a file is, for the recent list: a battle's name; a war's options and map."""
    from referee import kinds

    return str(kinds.rules_of(state).described(state))


def _read() -> tuple[dict[str, Any], bool]:
    """The list file's tables, and whether it is there but unreadable (then: earlier versions'
    ``last-campaign`` as its one entry, if there is one)."""
    where = home() / RECENT
    try:
        data = storage.read(where, "recent files list")
        if data.get("format") == RECENT_FORMAT and isinstance(data.get("files"), list):
            return data, False
    except RefereeError:
        pass
    unreadable = storage.exists(where)
    try:
        text = (home() / LAST).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        text = ""
    return ({"files": [{"path": text}]} if text else {}), unreadable


def _entries(data: dict[str, Any]) -> list[Recent]:
    """The list's entries, each as written (one without a path as text is skipped)."""
    found = []
    for item in data.get("files", []):
        if not isinstance(item, dict) or not isinstance(item.get("path"), str) or not item["path"]:
            continue
        kind, name, played = item.get("kind"), item.get("name"), item.get("played")
        found.append(
            Recent(
                Path(item["path"]),
                kind if isinstance(kind, str) else "",
                name if isinstance(name, str) else "",
                played.replace(tzinfo=None) if isinstance(played, datetime) else None,
            )
        )
    return found


def _text(entries: list[Recent]) -> str:
    parts = [f"# The files opened in referee's app, newest first (at most {KEPT}); the app rewrites this list.", f'format = "{RECENT_FORMAT}"', "version = 1"]
    for entry in entries:
        parts += ["", "[[files]]", f"path = {_quoted(str(entry.path))}", f"kind = {_quoted(entry.kind)}", f"name = {_quoted(entry.name)}"]
        if entry.played is not None:
            parts.append(f"played = {entry.played.isoformat()}")
    return "\n".join(parts) + "\n"


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _quoted(text: str) -> str:
    """A TOML basic string (a path may hold any character but NUL; tomli_w would cost the start
    about 5 ms to import). A path the system gave undecodable (a surrogate) raises ValueError."""
    if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        raise ValueError("a path that is not text")
    return '"' + "".join(_ESCAPES.get(c) or (c if c.isprintable() else f"\\U{ord(c):08x}") for c in text) + '"'


# ---------------------------------------------------------------------- new files


def new_war(text: str | None = None) -> Path:
    """A new numbered war file in the campaigns folder: ``text`` (see :func:`war`), or a copy of
    the bundled Second Sathar War start (written whole or not at all, and never over a war
    another app has just started)."""
    return _numbered("war", text if text is not None else (campaigns_dir() / BUNDLED_START).read_text(encoding="utf-8"))


def war(tables: Tables, map_file: Path | None = None, replacements: bool = True, shatter_drones: bool = False) -> str:
    """A new war's text, with the optional rules chosen, on the bundled Frontier Deployment Map or
    a map file (a map that is wrong, or that lacks a place the orders of battle need, is refused
    naming the file and what is wrong)."""
    from referee.sathar_war import campaign_file, forces, frontier

    source = map_file or campaigns_dir() / BUNDLED_MAP
    chart = frontier.read(source)
    try:
        campaign = forces.new_war(tables, chart, replacements=replacements, shatter_drones=shatter_drones)
    except RefereeError as error:
        raise RefereeError(f"{source}: {error}") from None
    return campaign_file.text(campaign, tables)


def new_battle(scenario: str, text: str) -> Path:
    """A new battle of a Knight Hawks scenario (its first turn's text), numbered as the wars are."""
    return _numbered(scenario, text)


def _numbered(stem: str, text: str) -> Path:
    folder = _folder()
    number = 1
    while True:
        while (folder / f"{stem}-{number}.toml").exists():
            number += 1
        path = folder / f"{stem}-{number}.toml"
        try:
            storage.write_new(path, text)
        except FileExistsError:
            continue
        except OSError as error:
            raise RefereeError(f"cannot make {path}: {error.strerror or error} (set REFEREE_HOME to another folder)") from None
        return path


def battle_beside(campaign: Path, battle_name: str) -> Path:
    """Where a battle fought from a campaign is kept while it is fought, and after, as its record:
    beside the campaign, named from it and the battle (``war-1.day-3-sathar-attack-at-pale.toml``)."""
    slug = "-".join("".join(c if c.isalnum() else " " for c in battle_name.lower()).split())
    return campaign.with_name(f"{campaign.stem}.{slug}.toml")
