"""Where the app keeps the referee's campaigns: new wars copied from the bundled start, and the
campaign played last (offered on the next start). ``REFEREE_HOME`` moves the folder (default
``$XDG_DATA_HOME/referee``, else ``~/.local/share/referee``)."""

from __future__ import annotations

import os
from pathlib import Path

from referee import storage
from referee.errors import RefereeError
from referee.resources import campaigns_dir

BUNDLED_START = "second-sathar-war.toml"


def home() -> Path:
    chosen = os.environ.get("REFEREE_HOME")
    if chosen:
        return Path(chosen)
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "referee"


def _folder() -> Path:
    folder = home()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise RefereeError(f"cannot make the folder {folder} for campaigns: {error.strerror} (set REFEREE_HOME to another folder)") from None
    return folder


def remember(path: Path) -> None:
    """Note the campaign being played, to offer it on the next start (saved atomically)."""
    try:
        storage.write_text(_folder() / "last-campaign", str(path.resolve()) + "\n", backup=False)
    except (OSError, RefereeError):
        pass  # a convenience only: the campaign itself is saved in its own file


def last() -> Path | None:
    """The campaign played last, if its file is still there."""
    try:
        text = (home() / "last-campaign").read_text(encoding="utf-8").strip()
    except OSError:
        return None
    path = Path(text)
    return path if text and path.is_file() else None


def new_war() -> Path:
    """A copy of the bundled Second Sathar War start, as a new numbered file in the campaigns folder
    (written whole or not at all, and never over a war another app has just started)."""
    return _numbered("war", (campaigns_dir() / BUNDLED_START).read_text(encoding="utf-8"))


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
