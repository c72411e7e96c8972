"""The standard library's TOML parser, compiled, for the long random walks.

tomllib is tomli taken into the standard library; tomli 2.2 and later ship that same parser compiled
by mypyc, which reads a campaign file about 3.7 times as fast (the bundled war, 64 KB: 41 ms against
11 ms). The random walks read thousands of whole states back - each save of the program reads back
what it writes, and the walk reads the file again - and their subject is the rules and the files'
format, not the parser. The ``compiled_toml`` fixture (tests/conftest.py) has tomllib parse with
tomli's compiled parser while such a walk runs. tomli below 2.4 reads TOML 1.0, as tomllib does
(2.4 moved on to TOML 1.1: pyproject.toml pins it below), and :func:`same` checks at a walk's end
that tomllib itself reads the walk's last file as tomli did."""

from __future__ import annotations

from tomllib import loads as stdlib_loads  # (bound before any test swaps tomllib.loads)

import tomli


def same(text: str) -> None:
    """The standard library's tomllib reads ``text`` as the compiled parser does."""
    assert stdlib_loads(text) == tomli.loads(text)
