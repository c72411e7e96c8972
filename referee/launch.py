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
from pathlib import Path

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

        command_line()
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


def opens_the_app(args: list[str]) -> bool:
    return not args or (args[0] == "play" and len(args) <= 2 and not any(a.startswith("-") for a in args[1:]))
