"""The compiled parser the random walks read with (tests/helpers/toml.py) reads every TOML file the
program ships, and the generated war's, as the standard library's tomllib does; and the walks'
fixture has tomllib parse with it only while a test runs."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import tomli

from referee.resources import campaigns_dir, tables_dir
from tests.helpers.toml import same, stdlib_loads

FIXTURES = Path(__file__).resolve().parents[2] / "benchmarks" / "fixtures"


@pytest.mark.parametrize("path", [*sorted(tables_dir().glob("*.toml")), *sorted(campaigns_dir().glob("*.toml")), *sorted(FIXTURES.glob("war-*.toml"))], ids=lambda p: p.name)
def test_every_shipped_file_reads_alike(path: Path) -> None:
    same(path.read_text(encoding="utf-8"))


def test_the_same_mistake_is_refused_alike() -> None:
    for text in ('name = "a"\nname = "b"\n', "[units]\n[[units]]\n", 'a = "\\q"\n', "a = 1\nb =\n"):
        with pytest.raises(tomllib.TOMLDecodeError) as plain:
            stdlib_loads(text)
        with pytest.raises(tomli.TOMLDecodeError) as compiled:
            tomli.loads(text)
        assert str(plain.value) == str(compiled.value)


def test_the_walks_parse_compiled_only_while_they_run(compiled_toml: None) -> None:
    assert tomllib.loads is tomli.loads and tomllib.TOMLDecodeError is tomli.TOMLDecodeError


def test_a_test_without_it_parses_with_the_standard_library() -> None:
    assert tomllib.loads is stdlib_loads
