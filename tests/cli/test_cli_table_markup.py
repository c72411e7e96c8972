"""Issue 13 on the command line: ``referee table show`` prints a table's text as written, never
as rich markup (a title, a label, a cell or a note reading ``[/b]`` or ending in a backslash)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import tables
from referee.cli.render import print_table

MARKS = """
prefix = "x"
[tables.marks]
title = "[b]Marks[/b] x[/"
source = "[dim]The Book, p. [1]"
notes = ["[/]", "a\\\\[b]c", "ends in a backslash \\\\"]
lookup = "key"
roll = "d100"
columns = [{ key = "name", label = "[red" }, { key = "value", label = "[/b]" }]
rows = [
  { name = "[@click=app.quit]quit[/]", value = "a\\\\[b]c\\\\" },
  { name = "x[/", value = "[/]" },
]
"""


def test_table_show_prints_brackets_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "x.toml").write_text(MARKS, encoding="utf-8")
    print_table(tables.load(tmp_path).get("x.marks"))
    out = capsys.readouterr().out
    assert "[b]Marks[/b] x[/  (x.marks)" in out
    assert [line.split() for line in out.splitlines()[2:6]] == [["[red", "[/b]"], ["─" * 34], ["[@click=app.quit]quit[/]", "a\\[b]c\\"], ["x[/", "[/]"]]
    assert out.endswith("Source: [dim]The Book, p. [1]\nRoll: d100\nNote: [/]\nNote: a\\[b]c\nNote: ends in a backslash \\\n")
