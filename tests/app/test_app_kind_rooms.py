"""Each kind's UI is in its own room: opening a file of one kind in the app loads that kind's UI
and rule system, and nothing of the other kinds' (a Stellar Inferno scenario loads nothing of the
campaign's screens nor of the Second Sathar War).

Each check opens the app headless in a fresh interpreter, so what other tests imported hides
nothing. What the shell loads by itself (the app, the file machinery of every kind) is measured
apart and left out: what a kind's opening adds is checked.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

UI = ("referee.tui.campaign", "referee.tui.battle", "referee.tui.sfw", "referee.tui.si")

OTHERS = {  # what opening a file of each kind must not load: the other kinds' UI, and their rule systems
    "campaign": ("referee.tui.battle", "referee.tui.sfw", "referee.tui.si", "referee.starfleet_wars", "referee.stellar_inferno", "referee.knight_hawks.battle"),
    "battle": ("referee.tui.campaign", "referee.tui.sfw", "referee.tui.si", "referee.sathar_war", "referee.starfleet_wars", "referee.stellar_inferno"),
    "engagement": ("referee.tui.campaign", "referee.tui.battle", "referee.tui.si", "referee.sathar_war", "referee.knight_hawks", "referee.stellar_inferno"),
    "scenario": ("referee.tui.campaign", "referee.tui.battle", "referee.tui.sfw", "referee.sathar_war", "referee.knight_hawks", "referee.starfleet_wars"),
}

MAKE = {  # a file of each kind, at its start, made in the probe with its own rule system only
    "campaign": "from referee.resources import campaigns_dir\npath.write_bytes((campaigns_dir() / 'second-sathar-war.toml').read_bytes())",
    "battle": "from referee.knight_hawks import battle_file\nfrom referee.resources import scenario_files\n"
    "storage.write_text(path, battle_file.text(battle_file.from_dict(storage.read(scenario_files()['the-stand'], 'scenario'), every, start=True), every))",
    "engagement": "from referee.starfleet_wars import engagement_file\nfrom referee.starfleet_wars.engagement import Engagement\n"
    "storage.write_text(path, engagement_file.text(Engagement('e', ('Terran', 'Aquarian'))))",
    "scenario": "from referee.resources import si_scenario_files\nfrom referee.stellar_inferno import scenario_file, setup\n"
    "bundled = scenario_file.from_dict(storage.read(si_scenario_files()['phoenix-command'], 'scenario'))\n"
    "storage.write_text(path, scenario_file.text(setup.start(bundled).state))",
}

OPEN = """
import asyncio
from referee.journal import Journal
from referee.tui.app import RefereeApp

async def main():
    app = RefereeApp(Journal.open(path, every))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.journal.kind == {kind!r}, app.journal.kind

asyncio.run(main())
"""


def modules_after(code: str, home: Path) -> set[str]:
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, env={**os.environ, "REFEREE_HOME": str(home)})
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def test_the_shell_loads_no_kind_of_file_s_ui(tmp_path: Path) -> None:
    loaded = modules_after("import referee.tui.app", tmp_path)
    assert "referee.tui.app" in loaded
    assert not {m for m in loaded if m.startswith(UI)}, sorted(m for m in loaded if m.startswith(UI))


@pytest.mark.parametrize("kind", list(OTHERS))
def test_opening_a_file_loads_nothing_of_the_other_kinds(kind: str, tmp_path: Path) -> None:
    shell = modules_after("import referee.journal, referee.saves, referee.tables, referee.tui.app", tmp_path)  # (the file machinery reads every kind's files)
    path = tmp_path / f"{kind}.toml"
    make = f"from pathlib import Path\nfrom referee import storage, tables\nevery = tables.load()\npath = Path({str(path)!r})\n{MAKE[kind]}\n"
    loaded = modules_after(make + OPEN.format(kind=kind), tmp_path)
    own = {"campaign": "referee.tui.campaign", "battle": "referee.tui.battle", "engagement": "referee.tui.sfw", "scenario": "referee.tui.si"}[kind]
    assert f"{own}.kind" in loaded and f"{own}.pages" in loaded
    found = {m for m in loaded - shell if m.startswith(OTHERS[kind])}
    assert not found, sorted(found)


def test_what_every_kind_shares_loads_no_rule_system(tmp_path: Path) -> None:
    """The forms' words, the screens' base, Dice & Tables, the Log, the dialogs and the help's shared
    words are every kind's: none of them loads a rule system."""
    loaded = modules_after(
        "import referee.tui.forms, referee.tui.kinds, referee.tui.pages.base, referee.tui.pages.dice, referee.tui.pages.log, referee.tui.dialogs, referee.tui.help_text",
        tmp_path,
    )
    rules = ("referee.sathar_war", "referee.knight_hawks", "referee.starfleet_wars", "referee.stellar_inferno")
    assert "referee.tui.forms" in loaded
    assert not {m for m in loaded if m.startswith(rules)}, sorted(m for m in loaded if m.startswith(rules))
