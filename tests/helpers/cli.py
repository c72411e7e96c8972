"""The command line as the tests call it: typer's CliRunner on the referee's typer app."""

from __future__ import annotations

from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """The exit code, stdout and stderr of ``referee ARGS`` (``env``: variables set for the call)."""
    result = runner.invoke(app, list(args), catch_exceptions=False, env=env)
    return result.exit_code, result.stdout, result.stderr
