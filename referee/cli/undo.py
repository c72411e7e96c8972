"""``referee undo FILE`` and ``referee redo FILE``: the file's undo history from the shell, the same
one the app's Ctrl+Z and Ctrl+Y walk (kept beside the file as ``FILE.history``; every action of
the app and of the ``campaign`` and ``kh`` commands is in it). Each takes back (or again) one
action, saved as every save is, and says what it was and which ships it touched; ``--list`` shows
what can be undone and redone. What cannot be done - nothing to undo, a file changed outside the
referee since its history was written, a history that cannot be read - is said in one line, exit
code 2, and nothing changes. Neither Textual nor rich is imported."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.groups import one
from referee.cli.output import AsJson, print_json

if TYPE_CHECKING:
    from referee.history import Action

File = Annotated[Path, typer.Argument(help="A campaign or Knight Hawks battle file.")]
Listed = Annotated[bool, typer.Option("--list", "-l", help="Show what can be undone and redone, the latest first; change nothing.")]
WIDTH = 100  # a summary line's length at most, when not shown on a terminal (there: its width)


def undo(path: File, listed: Listed = False, as_json: AsJson = False) -> None:
    """Take back the last action on the file (the app's or a command's), and say which ships it touched."""
    if listed:
        show(path, as_json)
    else:
        travel(path, -1, as_json)


def redo(path: File, listed: Listed = False, as_json: AsJson = False) -> None:
    """Take again the action undone last, and say which ships it touched."""
    if listed:
        show(path, as_json)
    else:
        travel(path, +1, as_json)


undo_app, redo_app = one(undo, "undo"), one(redo, "redo")


def travel(path: Path, step: int, as_json: bool) -> None:
    from referee import places, storage, tables
    from referee.journal import Journal

    path = places.found(path)
    with storage.locked(path, doing="undo in" if step < 0 else "redo in"):
        journal = Journal.open(path, tables.load())
        done = journal.undo() if step < 0 else journal.redo()
        past, future = journal.past, journal.future
    verb = "undone" if step < 0 else "redone"
    if as_json:
        print_json({verb: _action_json(done.what, done.touched), "undo": len(past), "redo": len(future)})
        return
    line = done.said(_width() - len(verb) - 2)
    print(f"{verb}: {line}")
    if line != done.said():
        from referee.touched import parts

        for part in parts(done.touched):
            print(f"  {part}")
    print(f"{path.name}: {_left(len(past), len(future))}")


def show(path: Path, as_json: bool) -> None:
    """What can be undone and redone: the line of actions from the latest, the file's place in it."""
    from referee import places, storage
    from referee.history import History, NotMatching, beside, digest

    path = places.found(path)
    with storage.locked(path, doing="read"):
        data = storage.read_seen(path, "campaign or battle")[1].data
        line = History(beside(storage.target(path))).line()
    here = line.position(digest(data))
    if here is None and line.actions:
        raise NotMatching(path.name)
    here = here or 0
    past, future = line.actions[:here], line.actions[here:]
    if as_json:
        print_json({"undo": [_entry_json(a) for a in reversed(past)], "redo": [_entry_json(a) for a in future]})
        return
    print(f"{path.name}: {_left(len(past), len(future))}")
    digits = len(str(max(len(past), len(future))))
    for number, action in reversed(list(enumerate(future, 1))):
        print(_listed("redo", number, digits, action))
    if future:
        print("  --- the file now")
    for number, action in enumerate(reversed(past), 1):
        print(_listed("undo", number, digits, action))


def _listed(verb: str, number: int, digits: int, action: Action) -> str:
    """One line of the list: which undo (or redo) it is, when it was done (month, day, time), what
    it was and what it touched."""
    from referee.touched import said

    head = f"  {verb} {number:>{digits}}  {action.at[5:16]}  "
    return head + said(action.what, action.touched, _width() - len(head))


def _width() -> int:
    """The terminal's width (a line is not wrapped), or WIDTH when the output goes elsewhere."""
    import os
    import sys

    try:
        return max(os.get_terminal_size(sys.stdout.fileno()).columns - 1, 40) if sys.stdout.isatty() else WIDTH
    except (OSError, ValueError):
        return WIDTH


def _left(past: int, future: int) -> str:
    from referee.history import LIMIT

    return f"{past} action{'s' if past != 1 else ''} to undo, {future} to redo (the history keeps the last {LIMIT})"


def _action_json(what: str, touched: str) -> dict[str, object]:
    import json

    return {"what": what, "touched": json.loads(touched) if touched else {}}


def _entry_json(action: Action) -> dict[str, object]:
    return {**_action_json(action.what, action.touched), "at": action.at}
