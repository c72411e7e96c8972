"""Where the official tables and the shipped campaigns are, installed or in a checkout."""

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """``tables`` or ``campaigns``: inside the installed package, else at the checkout's top."""
    installed = _PACKAGE / "data" / name
    return installed if installed.is_dir() else _PACKAGE.parent / name


def tables_dir() -> Path:
    return data_dir("tables")


def campaigns_dir() -> Path:
    return data_dir("campaigns")
