"""Drawing a table with rich: imported only by ``table show``, never on the lookup path.

Every piece of the table (title, labels, cells, notes) is a rich ``Text``, never markup: a cell
reading ``[b]`` or ending in a backslash prints as written."""

from __future__ import annotations

from rich import box
from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from referee.tables import UNKNOWN, Table, shown


def print_table(table: Table) -> None:
    title = Text.assemble(table.title, "  ", (f"({table.name})", "dim"), style="table.title")
    grid = RichTable(title=title, box=box.SIMPLE_HEAD, header_style="bold", pad_edge=False)
    for column in table.columns:
        grid.add_column(Text(column.label), overflow="fold")
    for row in table.rows:
        cells = []
        for column in table.columns:
            value = row[column.key]
            text = shown(value)
            if isinstance(value, list) and table.variants and column.key != table.key_column:
                text = "/".join(shown(v) for v in value)
            cells.append(Text.assemble((text, "dim italic")) if value == UNKNOWN else Text(text))
        grid.add_row(*cells)
    console = Console()
    console.print(grid)
    console.print(labelled("Source:", table.source))
    if table.roll:
        console.print(labelled("Roll:", table.roll))
    if table.variants:
        console.print(labelled("Cells with two figures:", " / ".join(table.variants)))
    for note in table.notes:
        console.print(labelled("Note:", note))


def labelled(label: str, text: str) -> Text:
    return Text.assemble((label, "bold"), " ", text)
