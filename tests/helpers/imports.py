"""What a fresh interpreter imports: the modules loaded after some code runs, and the modules the
rules layer and the quick command-line path must not load (tests/package/test_import_hygiene.py)."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY_FOR_LOOKUPS = ("textual", "rich", "rich.console", "pydantic")
UI_FOR_RULES = ("textual", "rich", "typer", "click")


def modules_after(code: str) -> set[str]:
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def run_cli(*args: str) -> str:
    return f"from referee.cli import app\napp({list(args)!r}, standalone_mode=False)"
