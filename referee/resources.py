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


def scenario_files() -> dict[str, Path]:
    """The Knight Hawks scenarios shipped, by their short names (``the-stand`` for kh-the-stand.toml)."""
    return {p.stem.removeprefix("kh-"): p for p in sorted(campaigns_dir().glob("kh-*.toml"))}


def si_scenario_files() -> dict[str, Path]:
    """The Stellar Inferno scenarios shipped, by their short names (``raid-on-terra`` for si-raid-on-terra.toml)."""
    return {p.stem.removeprefix("si-"): p for p in sorted(campaigns_dir().glob("si-*.toml"))}
