"""What the file commands of the four systems share - ``referee campaign``, ``kh``, ``sfw`` and
``si``: the option that names a command's file and the one-line refusal when none is named, the
file read, one step taken on it (loaded, run, saved through its journal, printed), and the options
and values every system's commands take alike (``--seed``, ``--secrets``, ``NAME=VALUE``).

Each system passes only what is its own: its :class:`CommandFile` (the kind of file, its option
and environment variable, the command that starts one, the tables its rules read), how a step is
printed, and its wording. Only typer and :mod:`referee.errors` are imported here; the journal, the
storage and the tables are imported when a command runs, so a quick command pays for none of them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, Optional, TypeVar

import typer

from referee.errors import RefereeError

if TYPE_CHECKING:
    import random

    from referee.journal import Journal, Result
    from referee.tables import Tables

Done = TypeVar("Done", bound="Result")
State = TypeVar("State")


class CommandFile(NamedTuple):
    """A system's file as its commands name it: ``--campaign FILE`` (or ``REFEREE_CAMPAIGN``),
    started by ``referee campaign new FILE``."""

    kind: str  # campaign, battle, engagement or scenario: the file's kind as the journal and every message say it
    option: str  # --campaign
    short: str  # -c
    envvar: str  # REFEREE_CAMPAIGN
    new: str  # the command that starts one: campaign new
    new_args: str  # what that command is given: FILE
    tables: str | tuple[str, ...]  # the prefixes of the tables its rules read: ("kh", "ssw")


def option(file: CommandFile) -> Any:
    """The option that names the file, for ``Annotated[Optional[Path], option(FILE)]``."""
    return typer.Option(file.option, file.short, envvar=file.envvar, help=f"The {file.kind} file (or set {file.envvar}); start one with {file.new}.")


def named(path: Optional[Path], file: CommandFile) -> Path:
    """The file the command names; none named is refused, saying how to name one or start one. A
    relative name not in the current folder is looked for in the folder the app saves to
    (:func:`referee.places.found`: the refusal names both)."""
    if path is None:
        raise RefereeError(f"name the {file.kind} file with {file.option} FILE (or set {file.envvar}); start one with: referee {file.new} {file.new_args}")
    from referee.places import found

    return found(path, file.kind)


def tables_for(file: CommandFile) -> Tables:
    """The tables the file's rules read (its system's; a campaign's, Knight Hawks' too)."""
    from referee import tables

    return tables.load(prefix=file.tables)


def read(path: Optional[Path], file: CommandFile, made: Callable[[dict[str, Any]], State]) -> State:
    """The file named, read for a command that changes nothing: ``made`` from its tables (its
    refusal says the file and that it is unchanged). The tables come from the file's parsed copy
    (referee.cache) where it holds these very bytes, as the last save or load here left it; else
    the file is parsed, and its copy kept for the next command (as a journal's load does)."""
    from referee import cache, storage

    path = named(path, file)
    raw, _ = storage.read_bytes(path, file.kind)
    target = storage.target(path)
    copy = cache.file_tables(target, raw)
    if copy is not None:
        data = copy[0]
    else:
        data = storage.parse(raw, path, file.kind)
        cache.keep_file_tables(target, raw, data)
    try:
        return made(data)
    except RefereeError as error:
        raise RefereeError(f"{path}: {error}; the file is unchanged") from None


def opened(path: Optional[Path], file: CommandFile, say: bool = True) -> Journal:
    """The file named, opened in its journal (only a file of its kind); what is missing of it (a
    campaign's log file) said once on stderr (``say``)."""
    from referee.journal import Journal

    journal = Journal.open(named(path, file), tables_for(file), file.kind)
    if say and journal.missing_log():
        import sys

        print(f"referee: note: {journal.missing_log()}: read without its old log; a change asks first, then goes on with a log from here", file=sys.stderr)
    return journal


WITHOUT_LOG = "--without-log"  # the option that says yes to going on without a campaign's missing log (referee.cli.campaign)


def at_a_terminal() -> bool:
    """Whether the referee is there to be asked (standard input a terminal)."""
    import sys

    return sys.stdin.isatty()


def go_on_without_log(journal: Journal) -> None:
    """A change to a campaign whose log file is missing: asked at a terminal (on stderr), given by
    ``--without-log``, else refused naming that option; agreed, the journal goes on with a log from
    here. Nothing is missing: nothing is asked."""
    said = journal.missing_log()
    if not said:
        return
    import sys

    import click

    context = click.get_current_context(silent=True)
    if not (context is not None and context.meta.get(WITHOUT_LOG)):
        if not at_a_terminal():
            raise RefereeError(f"{said}: give {WITHOUT_LOG} to go on with a log from here (the old lines lost), or put the log back beside it; nothing was changed")
        print(f"referee: {said}: the war can go on with a log from here", file=sys.stderr)
        if not click.confirm("Go on without the old log (its lines stay lost)?", default=False, err=True):
            raise RefereeError(f"nothing was changed: {journal.path.name} waits for its log (or for {WITHOUT_LOG})")
    journal.going_on = True


def take(path: Optional[Path], file: CommandFile, step: Callable[[Any, Tables], Done], show: Callable[[Done], None] = lambda done: None) -> Done:
    """Load the file named, take one step, save it (checked and atomic, as the app saves), kept in
    its undo history (``referee undo FILE``), and ``show`` what it did. A refused step saves
    nothing. The file's lock is held from the load to the save, so another command on the same
    file waits for this one to finish, then reads what it saved: no action is lost."""
    from referee import storage

    with storage.locked(named(path, file)):
        journal = opened(path, file, say=False)
        go_on_without_log(journal)
        done = step(journal.state, journal.tables)
        journal.apply(done, command_name())
    show(done)
    unkept(journal)
    return done


def unkept(journal: Journal) -> None:
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


# ---------------------------------------------------------------------- the options and values every system takes


def seed(wording: str = "Seed the virtual dice.") -> Any:
    """The ``--seed`` option (the dice seeded: a repeatable game), in the system's wording."""
    return typer.Option("--seed", help=wording)


def secrets(wording: str) -> Any:
    """The ``--secrets`` option: what a side must not see, shown; the system's wording says what."""
    return typer.Option("--secrets", help=wording)


Seed = Annotated[Optional[int], seed()]


def dice_for(seed: Optional[int]) -> random.Random:
    """The virtual dice (seeded when asked); random is imported only when a command rolls."""
    import random

    return random.Random(seed)


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
