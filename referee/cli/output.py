"""Printing for scripts: ``--json`` output with stable keys, and the option that asks for it."""

from typing import Annotated

import typer

AsJson = Annotated[bool, typer.Option("--json", help="Print JSON with stable keys.")]


def print_json(data: object) -> None:
    import json

    print(json.dumps(data, indent=2, ensure_ascii=False))
