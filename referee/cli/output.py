"""Printing for scripts: ``--json`` output with stable keys, and the option that asks for it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Optional

import typer

AsJson = Annotated[bool, typer.Option("--json", help="Print JSON with stable keys.")]


def print_json(data: object) -> None:
    import json

    print(json.dumps(data, indent=2, ensure_ascii=False))


def print_steps(entries: Sequence[Any], as_json: bool, extra: Optional[dict[str, object]] = None) -> None:
    """Log lines (a battle's or a campaign's), each with its dice and rule, or as JSON."""
    if as_json:
        print_json({**(extra or {}), "log": [{**_fields(e), "rolls": list(e.rolls)} for e in entries]})
        return
    for entry in entries:
        print(entry.text)
        for roll in entry.rolls:
            print(f"  dice: {roll}")
        if entry.rule:
            print(f"  [{entry.rule}]")


def _fields(entry: Any) -> dict[str, Any]:
    """A log line's fields but its ``key`` (not saved); every kind's line is a NamedTuple."""
    found: dict[str, Any] = entry._asdict()
    found.pop("key", None)
    return found
