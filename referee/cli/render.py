"""Drawing a table with rich: imported only by ``table show``, never on the lookup path."""

from __future__ import annotations

from rich import box
from rich.console import Console
from rich.table import Table as RichTable

from referee.tables import shown
from referee.tables import UNKNOWN, Table


def print_table(table: Table) -> None:
    title = f"{table.title}  [dim]({table.name})[/dim]"
    grid = RichTable(title=title, box=box.SIMPLE_HEAD, header_style="bold", pad_edge=False)
    for column in table.columns:
        grid.add_column(column.label, overflow="fold")
    for row in table.rows:
        cells = []
        for column in table.columns:
            value = row[column.key]
            text = shown(value).replace("[", r"\[")
            if isinstance(value, list) and table.variants and column.key != table.key_column:
                text = "/".join(shown(v) for v in value)
            cells.append(f"[dim italic]{text}[/]" if value == UNKNOWN else text)
        grid.add_row(*cells)
    console = Console()
    console.print(grid)
    console.print(f"[bold]Source:[/] {table.source}", highlight=False)
    if table.roll:
        console.print(f"[bold]Roll:[/] {table.roll}", highlight=False)
    if table.variants:
        console.print(f"[bold]Cells with two figures:[/] {' / '.join(table.variants)}", highlight=False)
    for note in table.notes:
        console.print(f"[bold]Note:[/] {note.replace('[', chr(92) + '[')}", highlight=False)
