"""The fixtures of the app's tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.terminal import Terminal


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    """A private tmux server whose panes are 80x24 (tests/helpers/terminal.py), closed after the test."""
    term = Terminal(tmp_path)
    try:
        yield term
    finally:
        term.close()
