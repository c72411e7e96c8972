"""The campaign's log kept in a file beside the campaign file (issue 21: "the log no longer weighs
on loading and saving"): a save appends only the new lines, the campaign file counts them, undo
and redo move the count, a file of the first version (its log in itself) still opens and its first
save moves the log out keeping the old file, and a log file missing, short, edited or damaged is
told in one line, changing nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import storage, tables
from referee.cli import app
from referee.errors import RefereeError
from referee.journal import Journal
from referee.resources import campaigns_dir
from referee.sathar_war import campaign_file, fleets, log_file, setup
from referee.sathar_war.campaign import Campaign, Done

TABLES = tables.load()
NAMES = ["UPF Assault Scout 2", "UPF Assault Scout 3"]


def first_version(path: Path, campaign: Campaign | None = None) -> Path:
    """A campaign file as the program wrote it before the log moved out: its log in itself, version 1."""
    text = campaign_file.text(campaign, TABLES) if campaign else (campaigns_dir() / "second-sathar-war.toml").read_text(encoding="utf-8")
    path.write_text(text.replace("\nversion = 2\n", "\nversion = 1\n", 1), encoding="utf-8")
    return path


def actions(campaign: Campaign) -> list[tuple[str, Done]]:
    return [("Place", setup.place_sathar(campaign, ["Sathar Destroyer *"], "Prenglar"))]


def texts(log: object) -> list[str]:
    return [e.text for e in log]  # type: ignore[attr-defined]


def test_a_first_version_file_opens_and_its_first_save_moves_the_log_out_keeping_the_old_file(tmp_path: Path) -> None:
    path = first_version(tmp_path / "war.toml")
    old = path.read_bytes()
    journal = Journal.open(path, TABLES)
    before = texts(journal.campaign.log)
    assert before and before[0].startswith("the war is set up")
    done = setup.place_sathar(journal.campaign, ["Sathar Destroyer *"], "Prenglar")
    journal.apply(done, "Place")
    saved = path.read_text(encoding="utf-8")
    assert "\nversion = 2\n" in saved and "[[log]]" not in saved and "[log_file]" in saved
    assert (tmp_path / "war.toml.v1.bak").read_bytes() == old  # the old file, kept as it was
    again = Journal.open(path, TABLES).campaign
    assert texts(again.log) == before + [e.text for e in done.entries]
    assert again == journal.campaign
    log = (tmp_path / "war.toml.log").read_text(encoding="utf-8")
    assert log.count("\n[[log]]\n") == len(before) + len(done.entries) and log.startswith("# The log of a Second Sathar War campaign")
    journal.apply(setup.choose_retreat(journal.campaign, 3), "Retreat")
    assert (tmp_path / "war.toml.v1.bak").read_bytes() == old  # kept once, not replaced by later saves


def test_a_save_appends_the_new_lines_only_and_the_file_counts_them(tmp_path: Path) -> None:
    path = first_version(tmp_path / "war.toml")
    journal = Journal.open(path, TABLES)
    journal.apply(setup.place_sathar(journal.campaign, ["Sathar Destroyer *"], "Prenglar"), "Place")
    beside = tmp_path / "war.toml.log"
    first = beside.read_bytes()
    done = setup.choose_retreat(journal.campaign, 3)
    journal.apply(done, "Retreat")
    second = beside.read_bytes()
    assert second.startswith(first) and second[len(first):].count(b"\n[[log]]\n") == len(done.entries)  # appended, nothing rewritten
    data = storage.read(path, "campaign")
    assert data["log_file"] == {"lines": len(journal.campaign.log), "bytes": len(second)}
    assert journal.campaign.log.kept is not None and not journal.campaign.log.added  # the journal's state: every line kept
    assert journal.campaign.log[-1] == done.entries[-1]  # the last line, known without reading the log


def test_undo_and_redo_move_the_count_and_a_new_action_cuts_the_lines_undone(tmp_path: Path) -> None:
    path = first_version(tmp_path / "war.toml")
    journal = Journal.open(path, TABLES)
    journal.apply(setup.place_sathar(journal.campaign, ["Sathar Destroyer *"], "Prenglar"), "Place")
    placed = texts(journal.campaign.log)
    retreat = setup.choose_retreat(journal.campaign, 3)
    journal.apply(retreat, "Retreat")
    journal.undo()
    assert texts(campaign_file.read(path, TABLES).log) == placed  # the retreat's lines are past the count: not the log
    journal.redo()
    assert texts(campaign_file.read(path, TABLES).log) == placed + [e.text for e in retreat.entries]
    journal.undo()
    joined = fleets.join(journal.campaign, "Alpha", NAMES)
    journal.apply(joined, "Join")
    assert texts(campaign_file.read(path, TABLES).log) == placed + [e.text for e in joined.entries]
    assert "retreat condition" not in (tmp_path / "war.toml.log").read_text(encoding="utf-8").split("[[log]]")[-1]


def test_a_random_walk_of_actions_undo_and_redo_keeps_the_log_the_states_say(tmp_path: Path) -> None:
    """Whatever the order of actions, undos and redos, the file's log is the log of its state."""
    chance = random.Random(21)
    path = first_version(tmp_path / "war.toml")
    journal = Journal.open(path, TABLES)
    journal.apply(setup.place_sathar(journal.campaign, ["Sathar Destroyer *"], "Prenglar"), "Place")
    for step in range(40):
        what = chance.choice(["act", "act", "undo", "redo"])
        try:
            if what == "act":
                number = chance.randint(1, 5)
                journal.apply(setup.choose_retreat(journal.campaign, number), f"Retreat {number}") if journal.campaign.retreat_condition != number else None
            elif what == "undo":
                journal.undo()
            else:
                journal.redo()
        except RefereeError as error:
            assert str(error).startswith(("nothing to undo", "nothing to redo", "the retreat condition")), error
        assert texts(campaign_file.read(path, TABLES).log) == texts(journal.campaign.log), step
    again = Journal.open(path, TABLES).campaign
    assert again == journal.campaign


def test_a_failed_save_puts_back_what_the_append_cut(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = first_version(tmp_path / "war.toml")
    journal = Journal.open(path, TABLES)
    journal.apply(setup.place_sathar(journal.campaign, ["Sathar Destroyer *"], "Prenglar"), "Place")
    journal.apply(setup.choose_retreat(journal.campaign, 3), "Retreat")
    journal.undo()  # the retreat's lines stay past the count, for a redo
    beside = tmp_path / "war.toml.log"
    log_before, file_before = beside.read_bytes(), path.read_bytes()

    def full_disk(*args: object, **kwargs: object) -> None:
        raise RefereeError("cannot save war.toml: No space left on device; the last save is untouched")

    monkeypatch.setattr(storage, "write_text", full_disk)
    with pytest.raises(RefereeError, match="No space left"):
        journal.apply(fleets.join(journal.campaign, "Alpha", NAMES), "Join")
    monkeypatch.undo()
    assert beside.read_bytes() == log_before and path.read_bytes() == file_before
    assert journal.redo().what == "Retreat" and journal.campaign.retreat_condition == 3  # the redo still finds its lines
    assert texts(campaign_file.read(path, TABLES).log)[-1].startswith("the Sathar player has written down a retreat condition")


def test_lines_past_the_count_left_by_a_kill_are_not_the_log_and_the_next_save_cuts_them(tmp_path: Path) -> None:
    path = first_version(tmp_path / "war.toml")
    journal = Journal.open(path, TABLES)
    journal.apply(setup.place_sathar(journal.campaign, ["Sathar Destroyer *"], "Prenglar"), "Place")
    count = len(journal.campaign.log)
    beside = tmp_path / "war.toml.log"
    with beside.open("ab") as log:  # a kill after the log's append, before the campaign file's save
        log.write(b'\n[[log]]\nday = 0\nstep = "setup"\ntext = "never saved"\nrolls = []\nrule = ""\n\n[[log]]\nday = 0\nstep = "se')
    again = Journal.open(path, TABLES)
    assert len(again.campaign.log) == count and "never saved" not in texts(again.campaign.log)
    again.apply(setup.choose_retreat(again.campaign, 2), "Retreat")
    log = beside.read_text(encoding="utf-8")
    assert "never saved" not in log and log.count("\n[[log]]\n") == len(again.campaign.log)


def test_a_log_edited_by_hand_still_opens_and_takes_the_next_lines_after_its_own(tmp_path: Path) -> None:
    path = first_version(tmp_path / "war.toml")
    journal = Journal.open(path, TABLES)
    journal.apply(setup.place_sathar(journal.campaign, ["Sathar Destroyer *"], "Prenglar"), "Place")
    beside = tmp_path / "war.toml.log"
    beside.write_text(beside.read_text(encoding="utf-8").replace("the war is set up", "THE WAR IS SET UP, as the referee noted by hand,"), encoding="utf-8")
    again = Journal.open(path, TABLES)
    again.apply(setup.choose_retreat(again.campaign, 2), "Retreat")
    lines = texts(campaign_file.read(path, TABLES).log)
    assert lines[0].startswith("THE WAR IS SET UP, as the referee noted by hand,") and lines[-1].startswith("the Sathar player has written down a retreat condition")
    assert storage.read(path, "campaign")["log_file"]["bytes"] == beside.stat().st_size


@pytest.mark.parametrize(
    ("harm", "says"),
    [
        (lambda log: log.unlink(), r"war\.toml\.log, the log of war\.toml \(\d+ lines\), is missing: put back the log saved with war\.toml beside it \(or, to go on without the log so far, remove the \[log_file\] table from war\.toml\)"),
        (lambda log: log.write_bytes(log.read_bytes()[:200]), r"war\.toml\.log, the log of war\.toml, holds 200 bytes where its \d+ lines take \d+: put back"),
    ],
)
def test_a_missing_or_short_log_is_refused_in_one_line_naming_both_files(tmp_path: Path, harm: object, says: str) -> None:
    path = first_version(tmp_path / "war.toml")
    journal = Journal.open(path, TABLES)
    journal.apply(setup.place_sathar(journal.campaign, ["Sathar Destroyer *"], "Prenglar"), "Place")
    harm(tmp_path / "war.toml.log")  # type: ignore[operator]
    before = path.read_bytes()
    with pytest.raises(RefereeError, match=says):
        Journal.open(path, TABLES)
    result = CliRunner().invoke(app, ["campaign", "status", "--campaign", str(path)])
    assert result.exit_code == 2 and "is missing" in result.stderr or "holds 200 bytes" in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output
    assert path.read_bytes() == before


def test_the_remedy_the_message_gives_works(tmp_path: Path) -> None:
    path = first_version(tmp_path / "war.toml")
    journal = Journal.open(path, TABLES)
    journal.apply(setup.place_sathar(journal.campaign, ["Sathar Destroyer *"], "Prenglar"), "Place")
    (tmp_path / "war.toml.log").unlink()
    text = path.read_text(encoding="utf-8")
    start = text.index("[log_file]")
    path.write_text(text[:start] + text[text.index("\n\n", start) + 2 :], encoding="utf-8")  # the [log_file] table removed by hand
    again = Journal.open(path, TABLES)
    assert len(again.campaign.log) == 0 and again.campaign.day == journal.campaign.day
    again.apply(setup.choose_retreat(again.campaign, 2), "Retreat")
    assert texts(campaign_file.read(path, TABLES).log)[0].startswith("the Sathar player has written down a retreat condition")


def test_a_damaged_log_is_told_when_it_is_read_and_the_campaign_still_plays(tmp_path: Path) -> None:
    path = first_version(tmp_path / "war.toml")
    journal = Journal.open(path, TABLES)
    journal.apply(setup.place_sathar(journal.campaign, ["Sathar Destroyer *"], "Prenglar"), "Place")
    beside = tmp_path / "war.toml.log"
    beside.write_text(beside.read_text(encoding="utf-8").replace('step = "setup"', 'step = "lunch"', 1), encoding="utf-8")
    runner = CliRunner()
    status = runner.invoke(app, ["campaign", "status", "--campaign", str(path)])
    assert status.exit_code == 0  # the state does not need its log
    shown = runner.invoke(app, ["campaign", "log", "--campaign", str(path)])
    assert shown.exit_code == 2 and "war.toml.log" in shown.stderr and "step must be one of" in shown.stderr and "lunch" in shown.stderr
    with pytest.raises(RefereeError, match=r"war\.toml\.log"):
        list(Journal.open(path, TABLES).campaign.log)


def test_a_campaign_reached_through_a_symlink_keeps_its_log_beside_the_real_file(tmp_path: Path) -> None:
    real = first_version(tmp_path / "real" / "war.toml") if (tmp_path / "real").mkdir() is None else None
    assert real is not None
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    journal = Journal.open(link, TABLES)
    journal.apply(setup.place_sathar(journal.campaign, ["Sathar Destroyer *"], "Prenglar"), "Place")
    assert (tmp_path / "real" / "war.toml.log").exists() and not (tmp_path / "link.toml.log").exists()
    assert texts(campaign_file.read(link, TABLES).log) == texts(journal.campaign.log)


def test_a_symlink_planted_as_the_log_is_not_written_through(tmp_path: Path) -> None:
    path = first_version(tmp_path / "war.toml")
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    (tmp_path / "war.toml.log").symlink_to(victim)
    journal = Journal.open(path, TABLES)
    before = path.read_bytes()
    with pytest.raises(RefereeError, match=r"cannot write .*war\.toml\.log.*symbolic link.*nothing was saved"):
        journal.apply(setup.place_sathar(journal.campaign, ["Sathar Destroyer *"], "Prenglar"), "Place")
    assert victim.read_text(encoding="utf-8") == "keep me" and path.read_bytes() == before


def test_a_one_off_save_writes_the_log_beside_and_the_files_read_back_alike(tmp_path: Path) -> None:
    start = campaign_file.read(campaigns_dir() / "second-sathar-war.toml", TABLES)
    played = setup.place_sathar(start, ["Sathar Destroyer *"], "Prenglar").campaign
    path = tmp_path / "war.toml"
    campaign_file.save(path, played, TABLES)
    assert campaign_file.read(path, TABLES) == played and log_file.beside(path).exists()
    assert "[[log]]" not in path.read_text(encoding="utf-8")
