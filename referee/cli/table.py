"""``referee table list | show NAME | lookup NAME KEY...``: the official tables."""

from __future__ import annotations

from typing import Annotated

import typer

from referee import tables
from referee.cli.output import print_json

app = typer.Typer(
    help="List, show and look up the official tables of the four rule systems.",
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
)

AsJson = Annotated[bool, typer.Option("--json", help="Print JSON with stable keys.")]
Name = Annotated[str, typer.Argument(help="Table name, e.g. kh.damage, kh.combat-advanced, si.open-order.")]


def _table(name: str) -> tables.Table:
    prefix = name.split(".", 1)[0] if "." in name else ""
    return tables.load(prefix=prefix).get(name)


@app.command("list")
def list_tables(as_json: AsJson = False) -> None:
    """Every table, by name, with its title."""
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


@app.command("lookup")
def lookup(
    name: Name,
    keys: Annotated[list[str], typer.Argument(help="What to look up: a row key and optionally a column; a number on a band table; odds and a die on an odds table.")],
    variant: Annotated[str, typer.Option(help="For cells with two readings, e.g. gunnery on kh.combat-advanced.")] = "",
    as_json: AsJson = False,
) -> None:
    """Look up one row or cell: kh.damage 83; kh.combat-advanced LC RH; si.open-order 3:2 4."""
    found = _table(name).look_up(keys, variant)
    if as_json:
        print_json(found.to_dict())
        return
    if found.column is not None:
        print(f"{found.column.label}: {shown(found.value)}")
    else:
        for column in found.table.columns:
            print(f"{column.label}: {shown(found.row[column.key])}")
    print(f"source: {found.citation()}")


def shown(value: object) -> str:
    """A cell as the referee reads it; unknown cells say so."""
    if value == tables.UNKNOWN:
        return "unknown (not readable in the source)"
    if isinstance(value, list):
        return ", ".join(shown(v) for v in value) if value else "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def table_dict(table: tables.Table) -> dict[str, object]:
    return {
        "name": table.name,
        "title": table.title,
        "source": table.source,
        "notes": list(table.notes),
        "lookup": table.lookup,
        "roll": table.roll,
        "variants": list(table.variants),
        "columns": [{"key": c.key, "label": c.label} for c in table.columns],
        "rows": [dict(r) for r in table.rows],
    }
