"""The console script ``referee`` (and ``python -m referee``).

``referee`` alone and ``referee play [PATH]`` open the app straight away, without loading the
command line's framework (typer and click: about 170 ms of the app's start); every other
command, and ``play`` with options such as ``-h``, goes to :mod:`referee.cli`. A refusal is one
line on stderr and exit code 2, as for every command.
"""

from __future__ import annotations

import gc
import os
import sys
import threading
from pathlib import Path
from typing import NoReturn

# Textual paints a changed screen on its next tick, 60 a second unless TEXTUAL_FPS says otherwise:
# up to 17 ms after a key press, often two ticks. At 240 the screen follows a key 10-30 ms sooner
# (benchmarks/app_speed.py); a screen that does not change is not painted at all.
FRAMES_A_SECOND = "240"


def main() -> None:
    args = sys.argv[1:]
    if not opens_the_app(args):
        # A command runs once and exits, its memory freed with it: Python's cyclic garbage collector
        # would only spend time on it (its passes were about 5% of a campaign command). The apps a
        # command opens (play, view) turn it back on.
        gc.disable()
        from referee.cli import main as command_line

        try:
            command_line()
        except SystemExit as ended:  # (click ends every command so, its exit code in it)
            leave(ended.code)
        return
    from referee.errors import RefereeError

    try:
        open_app(Path(args[1]) if len(args) == 2 else None)
    except RefereeError as error:
        print(f"referee: error: {error}", file=sys.stderr)
        sys.exit(2)


def open_app(path: Path | None) -> None:
    gc.disable()  # until the first screen is drawn (what exists then lives as long as the app): RefereeApp.on_mount turns it on
    os.environ.setdefault("TEXTUAL_FPS", FRAMES_A_SECOND)  # read when Textual is imported: before the app
    from referee.tui.app import run

    run(path)


def leave(code: object) -> NoReturn:
    """End the process once a command is done, without Python's teardown: freeing one by one what
    the command built - a whole war's objects, its modules - took 10-15 ms of a 130 ms command, and
    nothing a referee needs happens in it. Everything the command writes is written, flushed and
    closed already (saves, the log, the undo history's committed transaction), and its output is
    flushed here. A command that started threads of its own or an app (``referee view``) ends as
    Python ends it."""
    if threading.active_count() > 1 or "textual" in sys.modules:
        raise SystemExit(code)
    if code is not None and not isinstance(code, int):
        print(code, file=sys.stderr)  # (as Python shows a message given to sys.exit, exit code 1)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a reader gone (a closed pipe) or a stream closed: nothing more to show
            code = code or 1
    os._exit(code or 0)


def opens_the_app(args: list[str]) -> bool:
    return not args or (args[0] == "play" and len(args) <= 2 and not any(a.startswith("-") for a in args[1:]))
