"""What every battle command shares: the battle file option, loading and saving, printing a step."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from referee.cli.output import print_steps
from referee.errors import RefereeError

if TYPE_CHECKING:
    import random

    from referee.journal import Journal
    from referee.knight_hawks.battle import Battle
    from referee.knight_hawks.combat_phase import Done
    from referee.tables import Tables

BattleFile = Annotated[
    Optional[Path],
    typer.Option("--battle", "-b", envvar="REFEREE_BATTLE", help="The battle file (or set REFEREE_BATTLE); start one with kh start."),
]


def dice_for(seed: Optional[int]) -> "random.Random":
    """The virtual dice (seeded when asked); random is imported only when a command rolls."""
    import random

    return random.Random(seed)


def named(path: Optional[Path]) -> Path:
    if path is None:
        raise RefereeError("name the battle file with --battle FILE (or set REFEREE_BATTLE); start one with: referee kh start SCENARIO FILE")
    return path


def open_battle(path: Optional[Path]) -> tuple["Battle", "Tables"]:
    from referee import storage, tables
    from referee.knight_hawks import battle_file

    path = named(path)
    kh = tables.load(prefix="kh")
    data = storage.read(path, "battle")
    try:
        return battle_file.from_dict(data, kh), kh
    except RefereeError as error:
        raise RefereeError(f"{path}: {error}; the file is unchanged") from None


def save_battle(path: Path, battle: "Battle", kh: "Tables") -> None:
    """Save atomically, once the text reads back as a load reads it (a battle that would not load is
    refused); under :func:`held`, only if the file is still what was loaded."""
    from referee import storage
    from referee.knight_hawks import battle_file

    storage.write_text(path, battle_file.text(battle, kh))


def pairs(values: Optional[list[str]], what: str) -> list[tuple[str, str]]:
    """``NAME=VALUE`` options (``--icm Courageous=2``) as (name, value) pairs."""
    found = []
    for value in values or []:
        name, sep, rest = value.rpartition("=")
        if not sep or not name.strip() or not rest.strip():
            raise RefereeError(f"write {what} as NAME=VALUE (e.g. Z'Gata=2), not {value!r}")
        found.append((name.strip(), rest.strip()))
    return found


def counts(values: Optional[list[str]], what: str) -> list[tuple[str, int]]:
    """``NAME=N`` options whose N is a whole number of at most 6 digits (ASCII: "²" passes
    str.isdigit, and int() refuses it)."""
    import re

    found = []
    for name, value in pairs(values, what):
        if re.fullmatch(r"[0-9]{1,6}", value) is None:
            raise RefereeError(f"{what} for {name} must be a whole number (0 to 999999), not {value!r}")
        found.append((name, int(value)))
    return found


def show(done: "Done", as_json: bool, extra: Optional[dict[str, object]] = None) -> None:
    """Print the step's log lines, each with its dice and rule (or JSON)."""
    print_steps(done.entries, as_json, extra)


def apply(path: Optional[Path], as_json: bool, step: Callable[["Battle", "Tables"], "Done"], extra: Optional[dict[str, object]] = None) -> "Done":
    """Load the battle, take one step, save it, show it (:func:`take`)."""
    done = take(path, step)
    show(done, as_json, extra)
    return done


def take(path: Optional[Path], step: Callable[["Battle", "Tables"], "Done"]) -> "Done":
    """Load the battle, take one step, save it (:func:`journaled`)."""
    from referee import tables

    return journaled(named(path), tables.load(prefix="kh"), "battle", step)  # type: ignore[arg-type]


def journaled(path: Path, tables: "Tables", kind: str, step: Callable[[Any, "Tables"], Any]) -> Any:
    """Load a file of a kind, take one step, save it, kept in its undo history (referee undo FILE).
    A refused step saves nothing; the file's lock is held from the load to the save, so another
    command on the same file waits until this one has saved."""
    from referee import storage
    from referee.journal import Journal

    with storage.locked(path):
        journal = Journal.open(path, tables, kind)
        done = step(journal.state, tables)
        journal.apply(done, command_name())
    unkept(journal)
    return done


def unkept(journal: "Journal") -> None:
    """Say (on stderr: the action itself was saved) why an action could not be kept in the undo history."""
    if journal.trouble:
        import sys

        print(f"referee: note: {journal.trouble}; it cannot be undone", file=sys.stderr)


def command_name() -> str:
    """The command being run, without the program's name ("campaign move"): an action's name in
    the undo history."""
    import click

    context = click.get_current_context(silent=True)
    return context.command_path.partition(" ")[2] if context is not None else "a command"
