"""A value made once for a whole test run, though pytest-xdist spreads the run over several worker
processes: the first worker to ask makes it and leaves it pickled in the run's shared temporary folder;
the others wait for it there (``os.O_EXCL`` settles who makes it, on any OS) and read it back. A maker
that fails says so beside it, and each waiting worker then makes it itself (to fail in its own test)."""

from __future__ import annotations

import os
import pickle
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")


def run_folder(factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of this test run that every worker shares (each worker's own is in it)."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def once(folder: Path, name: str, make: Callable[[], T], wait: float = 600.0) -> T:
    made, failed = folder / f"{name}.pickle", folder / f"{name}.failed"
    try:
        os.close(os.open(folder / f"{name}.making", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline and not failed.exists():
            if made.exists():
                return pickle.loads(made.read_bytes())  # type: ignore[no-any-return]
            time.sleep(0.05)
        return make()
    try:
        value = make()
    except BaseException:
        failed.touch()
        raise
    part = folder / f"{name}.part"
    part.write_bytes(pickle.dumps(value))
    os.replace(part, made)
    return value
