"""The floor of a launch (issue 21): a minimal Textual app that shows a 50-row DataTable, headless,
and exits once its first screen is ready (Textual's ``Ready`` event). ``benchmarks/war_speed.py``
times ``referee play FILE`` to its first screen against this script's whole process, alternating.

    .venv/bin/python benchmarks/textual_floor.py
"""

from textual.app import App, ComposeResult
from textual.widgets import DataTable


class Floor(App[None]):
    def compose(self) -> ComposeResult:
        yield DataTable()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Ship", "Hull", "Place")
        for n in range(50):
            table.add_row(f"Ship {n}", n, f"Place {n}")

    def on_ready(self) -> None:
        self.exit()


if __name__ == "__main__":
    Floor().run(headless=True)
