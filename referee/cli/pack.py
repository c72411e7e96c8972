"""``referee pack FILE OUT`` (and ``referee campaign pack``): a campaign, battle, engagement or
scenario file with its log and undo history, in one file to carry (:mod:`referee.pack`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.cli.groups import one


def pack(
    path: Annotated[Path, typer.Argument(help="A campaign, Knight Hawks battle, Starfleet Wars engagement or Stellar Inferno scenario file.")],
    out: Annotated[Path, typer.Argument(help="The pack to write (e.g. war-1.zip): one file, to open anywhere with referee play, view or any command.")],
    force: Annotated[bool, typer.Option("--force", help="Replace OUT if it exists.")] = False,
) -> None:
    """Pack the file, its log and its undo history into one file that opens anywhere."""
    from referee import pack as packing

    written, found = packing.pack(path, out, force=force)
    names = sorted(found.members, key=len)
    said = {found.name + ".log": "its log", found.name + ".history": "its undo history"}
    size = max(1, round(written.stat().st_size / 1024))
    print(f"packed {', '.join(said.get(n, n) for n in names)} into {written} ({size} KB)")
    print(f"open it anywhere (referee play {written}, view, any command): it unpacks beside itself as {', '.join(names)}")


app = one(pack, "pack")
