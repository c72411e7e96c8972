"""One journal for every kind of file (issue 14, "One app, several kinds of file"): the kind is the
file's format line; each kind brings its Writer; undo, redo, the checked autosave and another
program's save are the same for a Knight Hawks battle as for a campaign."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee import kinds, storage, tables
from referee.errors import RefereeError
from referee.journal import Journal
from referee.knight_hawks import battle_file
from referee.knight_hawks.combat_phase import noted
from referee.resources import campaigns_dir
from referee.sathar_war import setup
from referee.sathar_war.kind import campaign_of
from tests.helpers.campaign import bundled_war

TABLES = tables.load()


def battle(tmp_path: Path) -> Path:
    """The Stand, started as ``referee kh start the-stand`` starts it."""
    path = tmp_path / "stand.toml"
    start = battle_file.from_dict(storage.read(campaigns_dir() / "kh-the-stand.toml", "scenario"), TABLES, start=True)
    storage.write_text(path, battle_file.text(start, TABLES))
    return path


def test_a_battle_file_opens_as_a_battle_and_its_steps_are_saved_undone_and_redone(tmp_path: Path) -> None:
    path = battle(tmp_path)
    first = path.read_bytes()
    journal = Journal.open(path, TABLES)
    assert journal.kind == "battle" and journal.state.name == "The Stand"
    journal.apply(noted(journal.state, "the UPF raise their masking screens"), "Screens")
    assert battle_file.from_dict(storage.read(path, "battle"), TABLES).log[-1].text == "the UPF raise their masking screens"
    assert journal.undo().what == "Screens" and path.read_bytes() == first
    assert journal.redo().what == "Screens" and Journal.open(path, TABLES).state == journal.state
    with pytest.raises(RefereeError, match="is a Knight Hawks battle, not a campaign"):
        campaign_of(journal)  # a campaign's pages on a battle: refused, not a wrong screen


def test_a_battle_journal_notices_another_program_and_overwrites_nothing(tmp_path: Path) -> None:
    path = battle(tmp_path)
    mine, other = Journal.open(path, TABLES), Journal.open(path, TABLES)
    other.apply(noted(other.state, "the other program's line"), "Other")
    theirs = path.read_bytes()
    assert mine.changed_on_disk()
    with pytest.raises(storage.ChangedOnDisk):
        mine.apply(noted(mine.state, "mine"), "Mine")
    assert path.read_bytes() == theirs
    mine.reload()
    mine.apply(noted(mine.state, "mine"), "Mine")
    assert [e.text for e in Journal.open(path, TABLES).state.log[-2:]] == ["the other program's line", "mine"]


def test_the_kind_asked_for_is_the_kind_opened(tmp_path: Path) -> None:
    assert kinds.BATTLE.format == battle_file.FORMAT  # (the registry names it without importing the battle's modules)
    with pytest.raises(RefereeError, match="its format line says 'referee knight-hawks battle', not a campaign"):
        Journal.open(battle(tmp_path), TABLES, "campaign")
    assert Journal.open(bundled_war(tmp_path), TABLES).kind == "campaign"
    strange = tmp_path / "strange.toml"
    strange.write_text('format = "referee starfleet wars engagement"\n')
    with pytest.raises(RefereeError, match="its format line says 'referee starfleet wars engagement', not a campaign .* or battle"):
        Journal.open(strange, TABLES)


def test_a_file_that_becomes_another_kind_is_not_read_again(tmp_path: Path) -> None:
    path = bundled_war(tmp_path)
    journal = Journal.open(path, TABLES)
    journal.apply(setup.choose_retreat(journal.state, 2), "Retreat")
    path.write_bytes(battle(tmp_path).read_bytes())
    assert journal.changed_on_disk()
    with pytest.raises(RefereeError, match="not a campaign"):
        journal.reload()
    assert journal.state.retreat_condition == 2


def test_the_campaign_commands_refuse_a_battle_file_in_one_line(tmp_path: Path) -> None:
    path = battle(tmp_path)
    before = path.read_bytes()
    done = subprocess.run([sys.executable, "-m", "referee", "campaign", "status", "-c", str(path)], capture_output=True, text=True, env={**os.environ, "REFEREE_HOME": str(tmp_path)})
    assert done.returncode == 2 and "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert "not a campaign" in done.stderr
    assert path.read_bytes() == before
