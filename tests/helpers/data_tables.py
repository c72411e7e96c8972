"""What the tests of the official table files (tests/tables/test_data_*.py) share.

Every lookup goes through the engine (``referee.tables``), as the program makes it. The loader
already refuses a file whose rows lack or add a column, whose bands leave a gap, whose keys repeat,
whose lookup kind is not known or that lacks a required field (tests/tables/test_tables.py), so
:meth:`Book.check_table` checks only what the loader lets through.
"""

from __future__ import annotations

import re
import tomllib

from referee import tables
from referee.resources import tables_dir
from referee.tables import Row, Table, Value, normal


class Book:
    """One rule system: its tables as the engine loads them, and its file as written."""

    def __init__(self, prefix: str, file_name: str) -> None:
        self.prefix = prefix
        self.tables = tables.load(prefix=prefix)
        # only for what the engine does not keep: the header and each column as written
        self.file = tomllib.loads((tables_dir() / file_name).read_text(encoding="utf-8"))

    def names(self) -> list[str]:
        """The tables' names without the prefix (``damage`` for ``kh.damage``)."""
        return [name.split(".", 1)[1] for name in self.tables.names()]

    def table(self, name: str) -> Table:
        return self.tables.get(f"{self.prefix}.{name}")

    def column_keys(self, name: str) -> list[str]:
        return [column.key for column in self.table(name).columns]

    def rows(self, name: str) -> tuple[Row, ...]:
        return self.table(name).rows

    def row(self, name: str, key: str) -> Row:
        """A row by key or alias (case, spaces, '-' and '_' do not matter)."""
        return self.table(name).row(key)

    def cell(self, name: str, key: str, column: str) -> Value:
        """A row's whole cell, the column named by key, label or alias (both readings of a variant cell)."""
        table = self.table(name)
        return table.row(key)[table.column(column).key]

    def band(self, name: str, number: int) -> Row:
        """The row a number reads on a band table; a number off the table raises RefereeError."""
        return self.table(name).band(number)[0]

    def check_file(self, system: str, book: str, expected: list[str]) -> None:
        """The file's header, and the tables it must have."""
        assert self.file["prefix"] == self.prefix
        assert self.file["system"] == system
        assert self.file["book"] == book
        for name in expected:
            assert name in self.names(), name

    def check_table(self, name: str, lookups: tuple[str, ...], distinct_column_names: bool = True) -> None:
        """What the loader does not check: the name's form, the source naming the book, notes, the
        lookup kinds this book uses, columns as README describes them, aliases, whole numbers."""
        table = self.table(name)
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name)
        assert table.source.startswith(self.file["book"])
        assert table.notes
        assert table.lookup in lookups
        for column in self.file["tables"][name]["columns"]:
            assert set(column) <= {"key", "label", "aliases"}, column
            assert column["label"], column
        if distinct_column_names:  # no name, key or alias, is written twice, even for one column
            names = [normal(n) for c in table.columns for n in (c.key, *c.aliases)]
            assert len(names) == len(set(names))
        for row in table.rows:
            aliases = row.get("aliases", [])
            assert isinstance(aliases, list) and all(isinstance(a, str) for a in aliases), row
            for key, value in row.items():
                assert not isinstance(value, float), f"unexpected float in {key}"
