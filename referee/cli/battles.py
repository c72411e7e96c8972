"""The Knight Hawks battle file as every battle command names it (``--battle``, ``-b``), read and
saved, and a battle's step taken on it and printed (through :mod:`referee.cli.files`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

from referee.cli import files
from referee.cli.output import print_steps

if TYPE_CHECKING:
    from referee.knight_hawks.battle import Battle
    from referee.knight_hawks.combat_phase import Done
    from referee.tables import Tables

BATTLE = files.CommandFile("battle", "--battle", "-b", "REFEREE_BATTLE", "kh start", "SCENARIO FILE", "kh")
BattleFile = Annotated[Optional[Path], files.option(BATTLE)]


def open_battle(path: Optional[Path]) -> tuple[Battle, Tables]:
    from referee.knight_hawks import battle_file

    kh = files.tables_for(BATTLE)
    return files.read(path, BATTLE, lambda data: battle_file.from_dict(data, kh)), kh


def save_battle(path: Path, battle: Battle, kh: Tables) -> None:
    """Save atomically, once the text reads back as a load reads it (a battle that would not load is
    refused); under :func:`held`, only if the file is still what was loaded."""
    from referee import storage
    from referee.knight_hawks import battle_file

    storage.write_text(path, battle_file.text(battle, kh))


def take(path: Optional[Path], step: Callable[[Battle, Tables], Done], as_json: bool = False) -> Done:
    """Load the battle, take one step, save it, print its log lines, each with its dice and rule
    (or JSON) (:func:`files.take`)."""
    return files.take(path, BATTLE, step, lambda done: print_steps(done.entries, as_json))
