"""``referee table list | show NAME | lookup NAME KEY...``: the official tables."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from referee.cli.groups import group
from referee.cli.numbers import NegativeNumbers
from referee.cli.output import AsJson, print_json

if TYPE_CHECKING:
    from referee.tables import Lookup, Table

app = group("List, show and look up the official tables of the four rule systems.")

Name = Annotated[str, typer.Argument(help="Table name, e.g. kh.damage, kh.combat-advanced, si.open-order.")]
Column = Annotated[str, typer.Option("--column", help="The column to read, e.g. speed on sfw.damage-control-2 (the type of damage the team declared).")]


def _table(name: str) -> Table:
    from referee import tables

    prefix = name.split(".", 1)[0] if "." in name else ""
    return tables.load(prefix=prefix).get(name)


@app.command("list")
def list_tables(as_json: AsJson = False) -> None:
    """Every table, by name, with its title."""
    from referee import tables

    loaded = tables.load()
    if as_json:
        print_json([{"name": n, "title": loaded.get(n).title, "lookup": loaded.get(n).lookup} for n in loaded.names()])
        return
    width = max(len(n) for n in loaded.names())
    for name in loaded.names():
        print(f"{name:<{width}}  {loaded.get(name).title}")


@app.command("show")
def show(name: Name, as_json: AsJson = False) -> None:
    """Draw a whole table, with its source and notes below."""
    table = _table(name)
    if as_json:
        print_json(table_dict(table))
        return
    from referee.cli.render import print_table

    print_table(table)


@app.command("lookup", cls=NegativeNumbers)
def lookup(
    name: Name,
    keys: Annotated[
        list[str],
        typer.Argument(
            help="What to look up: a row key (or a cost on si.minimum-ship-costs) and optionally a column; a number on a band table; odds and a die (which may be 0 or less) on an odds table."
        ),
    ],
    variant: Annotated[str, typer.Option(help="For cells with two readings, e.g. gunnery on kh.combat-advanced.")] = "",
    column: Column = "",
    as_json: AsJson = False,
) -> None:
    """Look up one row or cell: kh.damage 83; kh.combat-advanced LC RH; si.open-order 3:2 4."""
    found = _table(name).look_up(keys, variant, column)
    if as_json:
        print_json(found.to_dict())
        return
    print_found(found)


@app.command("roll", cls=NegativeNumbers)
def roll_on(
    name: Name,
    keys: Annotated[
        Optional[list[str]],
        typer.Argument(
            help="On an odds table: the odds, e.g. 3:2 or 7:4. On a band table: optionally the column to read. On a table of chances (ssw.misjump): the column to roll against, after a row to roll for it alone."
        ),
    ] = None,
    column: Column = "",
    modifier: Annotated[
        int, typer.Option("--modifier", "-m", help="Added to the die roll, e.g. a weapon's DTM on kh.damage (not on a table of chances: its chance is rolled against as printed).")
    ] = 0,
    rolled: Annotated[Optional[str], typer.Option("--rolled", help="The die result rolled at the table, before the modifier (checked against the dice).")] = None,
    seed: Annotated[Optional[int], typer.Option(help="Seed the virtual dice.")] = None,
    as_json: AsJson = False,
) -> None:
    """Roll a table's dice (or take the result rolled at the table) and read the result."""
    import random

    from referee import dice

    table = _table(name)
    purpose, read = table.roll_for(keys or [], column, modifier)
    receipt = dice.entered(table.roll, rolled, purpose) if rolled is not None else dice.roll(table.roll, random.Random(seed), purpose)
    result = read(receipt.total)
    chance = table.lookup == "key"
    if as_json:
        if chance:
            print_json({"roll": receipt.to_dict(), "lookups": [f.to_dict() for f in result.found]})
        else:
            print_json({"roll": receipt.to_dict(), "table_modifier": modifier, "modified_total": receipt.total + modifier, "lookup": result.found[0].to_dict()})
        return
    print(receipt.describe())
    if modifier:
        print(f"modified: {result.said}")
    if len(result.found) == 1:
        print_found(result.found[0])
        return
    for found in result.found:
        print(found.against())
    print(f"source: {result.citation()}")


def print_found(found: Lookup) -> None:
    """The cell asked for (or the whole row; a chance rolled against and its outcome), then the
    source and how it was read."""
    from referee.tables import shown

    if found.outcome:
        print(found.against())
    elif found.column is None:
        for column in found.table.columns:
            print(f"{column.label}: {shown(found.row[column.key])}")
    elif found.table.lookup == "odds":
        print(f"result: {shown(found.value)}")
    else:
        print(f"{found.column.label}: {shown(found.value)}")
    print(f"source: {found.citation()}")


def table_dict(table: Table) -> dict[str, object]:
    return {
        "name": table.name,
        "title": table.title,
        "source": table.source,
        "notes": list(table.notes),
        "lookup": table.lookup,
        "key_column": table.key_column,
        "roll": table.roll,
        "variants": list(table.variants),
        "columns": [{"key": c.key, "label": c.label} for c in table.columns],
        "rows": [dict(r) for r in table.rows],
    }
