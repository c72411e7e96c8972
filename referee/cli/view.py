"""``referee view FILE --side SIDE``: the players' read-only view of a campaign or a battle, in the
terminal or (``--serve``) served to the browsers of the table's tablets and phones through
textual-serve. Textual and textual-serve are imported only here, when the command runs."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer

from referee.cli.groups import one
from referee.errors import RefereeError

HOST = "localhost"  # served to this machine only unless --host says otherwise
PORT = 8000


def view(
    path: Annotated[Path, typer.Argument(help="A campaign or Knight Hawks battle file (as the referee's app and the commands save it).")],
    side: Annotated[str, typer.Option("--side", "-s", help="Whose view: UPF or Sathar (a battle: one of its sides), or public (what the map shows everyone).")],
    serve: Annotated[bool, typer.Option("--serve", help="Serve the view to web browsers (textual-serve) instead of showing it here.")] = False,
    port: Annotated[int, typer.Option("--port", help="The port to serve on.", min=1, max=65535)] = PORT,
    host: Annotated[str, typer.Option("--host", help="The address to serve on: localhost (this machine only) unless given, e.g. 0.0.0.0 for the table's network.")] = HOST,
) -> None:
    """The players' read-only view of one side, following the file as it is saved."""
    import gc
    import os

    gc.enable()  # the view runs as long as the players look (a command alone runs without it: referee.launch)

    os.environ.setdefault("TEXTUAL_FPS", "60")
    from referee.tui.view.app import open_view

    app = open_view(path, side)  # refused here, in one line, before any screen or server
    if not serve:
        app.run()
        return
    try:
        from textual_serve.server import Server
    except ImportError:
        raise RefereeError("--serve needs the textual-serve package (pip install textual-serve)") from None
    command = shlex.join([sys.executable, "-m", "referee", "view", str(app.path.resolve()), "--side", app.side])
    print(f"serving the {app.side} view of {path} on http://{host}:{port} (Ctrl+C stops it)", file=sys.stderr)
    Server(command, host=host, port=port, title=f"referee view: {app.side}").serve()


app = one(view, "view")
