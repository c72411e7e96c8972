"""The campaign's log kept in a file beside the campaign file (issue 21: "the log no longer weighs
on loading and saving"): a save appends only the new lines, the campaign file names the spans of
the log file that are its log, nothing in the log file is ever written over (so undo, redo, a
kill, a full disk or a second program lose no line a state names), a file of the first version
(its log in itself) still opens and its first save moves the log out keeping the old file, and a
log file short, edited or damaged is told in one line, changing nothing (one missing: see
test_missing_log.py)."""

from __future__ import annotations

import errno
import random
from pathlib import Path

import pytest
import tomli_w
from typer.testing import CliRunner

from referee import storage, tables
from referee.cli import app
from referee.errors import RefereeError
from referee.journal import Journal
from referee.resources import campaigns_dir
from referee.sathar_war import campaign_file, fleets, log_file, setup
from referee.sathar_war.campaign import Campaign
from referee.tui import forms
from referee.tui.kinds import ui

TABLES = tables.load()
NAMES = ["UPF Assault Scout 2", "UPF Assault Scout 3"]


def first_version(path: Path, campaign: Campaign | None = None) -> Path:
    """A campaign file as the program wrote it before the log moved out: its log in itself, version 1."""
    text = campaign_file.text(campaign, TABLES) if campaign else (campaigns_dir() / "second-sathar-war.toml").read_text(encoding="utf-8")
    path.write_text(text.replace("\nversion = 2\n", "\nversion = 1\n", 1), encoding="utf-8")
    return path


def placed(path: Path) -> tuple[Path, Journal]:
    """A first-version war, opened, and its first save made (the Sathar destroyers placed): its
    log moved beside it."""
    journal = Journal.open(first_version(path), TABLES)
    journal.apply(setup.place_sathar(journal.state, ["Sathar Destroyer *"], "Prenglar"), "Place")
    return path, journal


def texts(log: object) -> list[str]:
    return [e.text for e in log]  # type: ignore[attr-defined]


def test_a_first_version_file_opens_and_its_first_save_moves_the_log_out_keeping_the_old_file(tmp_path: Path) -> None:
    path = first_version(tmp_path / "war.toml")
    old = path.read_bytes()
    journal = Journal.open(path, TABLES)
    before = texts(journal.state.log)
    assert before and before[0].startswith("the war is set up")
    done = setup.place_sathar(journal.state, ["Sathar Destroyer *"], "Prenglar")
    journal.apply(done, "Place")
    saved = path.read_text(encoding="utf-8")
    assert "\nversion = 2\n" in saved and "[[log]]" not in saved and "[log_file]" in saved
    assert (tmp_path / "war.toml.v1.bak").read_bytes() == old  # the old file, kept as it was
    again = Journal.open(path, TABLES).state
    assert texts(again.log) == before + [e.text for e in done.entries]
    assert again == journal.state
    log = (tmp_path / "war.toml.log").read_text(encoding="utf-8")
    assert log.count("\n[[log]]\n") == len(before) + len(done.entries) and log.startswith("# The log of a Second Sathar War campaign")
    journal.apply(setup.choose_retreat(journal.state, 3), "Retreat")
    assert (tmp_path / "war.toml.v1.bak").read_bytes() == old  # kept once, not replaced by later saves


def test_a_save_appends_the_new_lines_only_and_the_file_counts_them(tmp_path: Path) -> None:
    path, journal = placed(tmp_path / "war.toml")
    beside = tmp_path / "war.toml.log"
    first = beside.read_bytes()
    done = setup.choose_retreat(journal.state, 3)
    journal.apply(done, "Retreat")
    second = beside.read_bytes()
    assert second.startswith(first) and second[len(first) :].count(b"\n[[log]]\n") == len(done.entries)  # appended, nothing rewritten
    data = storage.read(path, "campaign")
    assert data["log_file"] == {"lines": len(journal.state.log), "bytes": [[len(log_file.HEAD), len(second)]]}  # one span: no action was undone
    assert journal.state.log.kept is not None and not journal.state.log.added  # the journal's state: every line kept
    assert journal.state.log[-1] == done.entries[-1]  # the last line, known without reading the log


def test_undo_and_redo_name_their_spans_and_a_new_action_after_an_undo_appends_after_its_lines(tmp_path: Path) -> None:
    path, journal = placed(tmp_path / "war.toml")
    logged = texts(journal.state.log)
    retreat = setup.choose_retreat(journal.state, 3)
    journal.apply(retreat, "Retreat")
    journal.undo()
    assert texts(campaign_file.read(path, TABLES).log) == logged  # the retreat's lines are in the file, outside the spans
    journal.redo()
    assert texts(campaign_file.read(path, TABLES).log) == logged + [e.text for e in retreat.entries]
    journal.undo()
    joined = fleets.join(journal.state, "Alpha", NAMES)
    journal.apply(joined, "Join")
    assert texts(campaign_file.read(path, TABLES).log) == logged + [e.text for e in joined.entries]
    assert "retreat condition" in (tmp_path / "war.toml.log").read_text(encoding="utf-8")  # kept: only ever appended to
    assert len(storage.read(path, "campaign")["log_file"]["bytes"]) == 2  # the lines before the undo, then the join's
    journal.undo()
    journal.undo()  # back before the retreat, then forward along the other line: the place, the join
    journal.redo()
    assert texts(campaign_file.read(path, TABLES).log) == logged


def test_a_random_walk_of_actions_undo_and_redo_keeps_the_log_the_states_say(tmp_path: Path) -> None:
    """Whatever the order of actions, undos and redos, the file's log is the log of its state."""
    chance = random.Random(21)
    path, journal = placed(tmp_path / "war.toml")
    for step in range(40):
        what = chance.choice(["act", "act", "undo", "redo"])
        try:
            if what == "act":
                number = chance.randint(1, 5)
                journal.apply(setup.choose_retreat(journal.state, number), f"Retreat {number}") if journal.state.retreat_condition != number else None
            elif what == "undo":
                journal.undo()
            else:
                journal.redo()
        except RefereeError as error:
            assert str(error).startswith(("nothing to undo", "nothing to redo", "the retreat condition")), error
        assert texts(campaign_file.read(path, TABLES).log) == texts(journal.state.log), step
    again = Journal.open(path, TABLES).state
    assert again == journal.state


def test_a_save_that_fails_after_the_append_loses_no_line_a_redo_needs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, journal = placed(tmp_path / "war.toml")
    retreat = setup.choose_retreat(journal.state, 3)
    journal.apply(retreat, "Retreat")
    journal.undo()  # the retreat's lines stay in the log file, for a redo
    file_before = path.read_bytes()

    def full_disk(*args: object, **kwargs: object) -> None:
        raise RefereeError("cannot save war.toml: No space left on device; the last save is untouched")

    monkeypatch.setattr(storage, "write_text", full_disk)
    with pytest.raises(RefereeError, match="No space left"):
        journal.apply(fleets.join(journal.state, "Alpha", NAMES), "Join")
    monkeypatch.undo()
    assert path.read_bytes() == file_before
    assert journal.redo().what == "Retreat" and journal.state.retreat_condition == 3  # the redo still finds its lines
    assert texts(campaign_file.read(path, TABLES).log)[-1] == retreat.entries[-1].text


def test_a_kill_between_the_append_and_the_save_after_an_undo_leaves_the_redo_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(Found by review: the append once cut the lines of the action undone.)"""
    path, journal = placed(tmp_path / "war.toml")
    retreat = setup.choose_retreat(journal.state, 3)
    journal.apply(retreat, "Retreat")
    journal.undo()

    def killed(*args: object) -> None:
        raise KeyboardInterrupt  # as a kill here: the log appended, the campaign file not saved

    monkeypatch.setattr(Journal, "_record", killed)
    with pytest.raises(KeyboardInterrupt):
        journal.apply(setup.place_sathar(journal.state, ["Sathar Frigate *"], "Prenglar"), "Place")
    monkeypatch.undo()
    Journal.open(path, TABLES).redo()
    assert texts(campaign_file.read(path, TABLES).log)[-1] == retreat.entries[-1].text


def test_a_log_append_that_fails_part_way_loses_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, journal = placed(tmp_path / "war.toml")
    journal.apply(setup.choose_retreat(journal.state, 3), "Retreat")
    journal.undo()
    real = storage.write_at

    def full(handle: int, data: bytes, at: int) -> None:
        real(handle, data[:40], at)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage, "write_at", full)
    with pytest.raises(RefereeError, match=r"cannot write .*war\.toml\.log: No space left on device; nothing was saved$"):
        journal.apply(setup.place_sathar(journal.state, ["Sathar Frigate *"], "Prenglar"), "Place")
    monkeypatch.undo()
    again = Journal.open(path, TABLES)
    again.redo()
    assert "retreat condition" in texts(campaign_file.read(path, TABLES).log)[-1]
    again.apply(fleets.join(again.state, "Alpha", NAMES), "Join")  # the next save steps over the bytes left
    assert texts(campaign_file.read(path, TABLES).log)[-1] == texts(again.state.log)[-1]


def test_ctrl_c_after_the_campaign_file_is_renamed_in_keeps_its_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, journal = placed(tmp_path / "war.toml")

    def interrupted(directory: Path) -> None:
        raise KeyboardInterrupt  # while the folder is flushed, after the rename

    monkeypatch.setattr(storage, "sync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        journal.apply(setup.choose_retreat(journal.state, 3), "Retreat")
    monkeypatch.undo()
    assert "retreat condition" in texts(campaign_file.read(path, TABLES).log)[-1]


def test_two_logs_of_one_length_make_two_campaign_files(tmp_path: Path) -> None:
    """A second app rolls again what the first rolled: the same state, the same count of lines, but
    not the same log; the first app must see the file changed (found by review)."""
    path = first_version(tmp_path / "war.toml")
    kind = ui("campaign")

    def roll(journal: Journal, result: str) -> None:
        journal.apply(forms.free_roll(kind, journal.state, "1d10", "")(random.Random(), {"": result}), "Roll 1d10")

    x = Journal.open(path, TABLES)
    roll(x, "3")
    y = Journal.open(path, TABLES)
    y.undo()
    roll(y, "7")
    assert x.changed_on_disk()
    x.reload()
    assert x.state.log[-1].text == texts(campaign_file.read(path, TABLES).log)[-1] and "7" in x.state.log[-1].text


def test_a_note_with_a_line_like_a_log_heading_keeps_the_log_readable(tmp_path: Path) -> None:
    path = first_version(tmp_path / "war.toml")
    runner = CliRunner()
    for pattern in ("Sathar Destroyer *", "Sathar Frigate *", "Sathar Light Cruiser *", "Sathar Heavy Cruiser *", "Sathar Assault Carrier *"):
        assert runner.invoke(app, ["campaign", "place", pattern, "--circle", "Prenglar", "-c", str(path)]).exit_code == 0
    assert runner.invoke(app, ["campaign", "retreat", "3", "-c", str(path)]).exit_code == 0
    result = runner.invoke(app, ["campaign", "advance", "--override", "all in one circle, agreed\n[[log]]\nby both players", "-c", str(path)])
    assert result.exit_code == 0, result.output
    shown = runner.invoke(app, ["campaign", "log", "-c", str(path)])
    assert shown.exit_code == 0 and "by both players" in shown.stdout, shown.output


def test_the_first_save_of_a_new_war_keeps_no_first_version_backup(tmp_path: Path) -> None:
    path = tmp_path / "war.toml"
    path.write_bytes((campaigns_dir() / "second-sathar-war.toml").read_bytes())  # version 2 (its map says version = 1)
    journal = Journal.open(path, TABLES)
    journal.apply(setup.place_sathar(journal.state, ["Sathar Destroyer *"], "Prenglar"), "Place")
    assert not (tmp_path / "war.toml.v1.bak").exists()


def test_bytes_a_kill_left_at_the_end_are_no_states_and_the_next_save_steps_over_them(tmp_path: Path) -> None:
    path, journal = placed(tmp_path / "war.toml")
    count = len(journal.state.log)
    beside = tmp_path / "war.toml.log"
    with beside.open("ab") as handle:  # a kill after the log's append, before the campaign file's save
        handle.write(b'\n[[log]]\nday = 0\nstep = "setup"\ntext = "never saved"\nrolls = []\nrule = ""\n\n[[log]]\nday = 0\nstep = "se')
    again = Journal.open(path, TABLES)
    assert len(again.state.log) == count and "never saved" not in texts(again.state.log)
    again.apply(setup.choose_retreat(again.state, 2), "Retreat")
    assert texts(campaign_file.read(path, TABLES).log) == texts(again.state.log) and "never saved" in beside.read_text(encoding="utf-8")  # (left, unnamed)


def test_a_log_edited_by_hand_is_told_when_shown_and_the_campaign_still_plays(tmp_path: Path) -> None:
    path, journal = placed(tmp_path / "war.toml")
    beside = tmp_path / "war.toml.log"
    beside.write_text(beside.read_text(encoding="utf-8").replace("the war is set up", "THE WAR IS SET UP, as the referee noted by hand,"), encoding="utf-8")
    again = Journal.open(path, TABLES)
    again.apply(setup.choose_retreat(again.state, 2), "Retreat")
    with pytest.raises(RefereeError, match=r"war\.toml\.log: .*the log cannot be read; edited by hand\?"):
        list(campaign_file.read(path, TABLES).log)


@pytest.mark.parametrize(
    ("harm", "says"),
    [
        (
            lambda log: log.write_bytes(log.read_bytes()[:200]),
            r"war\.toml\.log, the log of war\.toml, holds 200 bytes where its \d+ lines reach byte \d+: put back the log saved with war\.toml beside it \(or move war\.toml\.log away: war\.toml then opens without its old log, and plays on with a new one once asked\)",
        ),
        (lambda log: (log.unlink(), log.mkdir()), r"war\.toml\.log, the log of war\.toml \(\d+ lines\), is not a file: put back"),
    ],
)
def test_a_short_log_is_refused_in_one_line_naming_both_files(tmp_path: Path, harm: object, says: str) -> None:
    path, journal = placed(tmp_path / "war.toml")
    harm(tmp_path / "war.toml.log")  # type: ignore[operator]
    before = path.read_bytes()
    with pytest.raises(RefereeError, match=says):
        Journal.open(path, TABLES)
    result = CliRunner().invoke(app, ["campaign", "status", "--campaign", str(path)])
    assert result.exit_code == 2 and ("holds 200 bytes" in result.stderr or "is not a file" in result.stderr)
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output
    assert path.read_bytes() == before


def test_the_remedy_the_message_gives_works(tmp_path: Path) -> None:
    path, journal = placed(tmp_path / "war.toml")
    old = (tmp_path / "war.toml.log").read_bytes()
    text = path.read_text(encoding="utf-8")
    start = text.index("[log_file]")
    path.write_text(text[:start] + text[text.index("\n\n", start) + 2 :], encoding="utf-8")  # the [log_file] table removed by hand
    again = Journal.open(path, TABLES)
    assert len(again.state.log) == 0 and again.state.day == journal.state.day
    again.apply(setup.choose_retreat(again.state, 2), "Retreat")
    assert texts(campaign_file.read(path, TABLES).log)[0].startswith("the Sathar player has written down a retreat condition")
    assert (tmp_path / "war.toml.log").read_bytes().startswith(old)  # the old log kept, the new one after it


def test_a_damaged_log_is_told_when_it_is_read_and_the_campaign_still_plays(tmp_path: Path) -> None:
    path, journal = placed(tmp_path / "war.toml")
    beside = tmp_path / "war.toml.log"
    beside.write_text(beside.read_text(encoding="utf-8").replace('step = "setup"', 'step = "lunch"', 1), encoding="utf-8")
    runner = CliRunner()
    status = runner.invoke(app, ["campaign", "status", "--campaign", str(path)])
    assert status.exit_code == 0  # the state does not need its log
    shown = runner.invoke(app, ["campaign", "log", "--campaign", str(path)])
    assert shown.exit_code == 2 and "war.toml.log" in shown.stderr and "step must be one of" in shown.stderr and "lunch" in shown.stderr
    with pytest.raises(RefereeError, match=r"war\.toml\.log"):
        list(Journal.open(path, TABLES).state.log)


def test_a_campaign_reached_through_a_symlink_keeps_its_log_beside_the_real_file(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    real = first_version(tmp_path / "real" / "war.toml")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    journal = Journal.open(link, TABLES)
    journal.apply(setup.place_sathar(journal.state, ["Sathar Destroyer *"], "Prenglar"), "Place")
    assert (tmp_path / "real" / "war.toml.log").exists() and not (tmp_path / "link.toml.log").exists()
    assert texts(campaign_file.read(link, TABLES).log) == texts(journal.state.log)


def test_a_symlink_planted_as_the_log_is_not_written_through(tmp_path: Path) -> None:
    path = first_version(tmp_path / "war.toml")
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    (tmp_path / "war.toml.log").symlink_to(victim)
    journal = Journal.open(path, TABLES)
    before = path.read_bytes()
    with pytest.raises(RefereeError, match=r"cannot write .*war\.toml\.log.*symbolic link.*nothing was saved"):
        journal.apply(setup.place_sathar(journal.state, ["Sathar Destroyer *"], "Prenglar"), "Place")
    assert victim.read_text(encoding="utf-8") == "keep me" and path.read_bytes() == before


def test_a_one_off_save_writes_the_log_beside_and_the_files_read_back_alike(tmp_path: Path) -> None:
    start = campaign_file.read(campaigns_dir() / "second-sathar-war.toml", TABLES)
    played = setup.place_sathar(start, ["Sathar Destroyer *"], "Prenglar").campaign
    path = tmp_path / "war.toml"
    campaign_file.save(path, played, TABLES)
    assert campaign_file.read(path, TABLES) == played and log_file.beside(path).exists()
    assert "[[log]]" not in path.read_text(encoding="utf-8")


def test_a_hostile_log_file_table_is_refused_in_one_line(tmp_path: Path) -> None:
    path, journal = placed(tmp_path / "war.toml")
    data = storage.read(path, "campaign")
    for table, says in [
        ({"lines": 2**63 - 1, "bytes": [[290, 300]]}, "lines"),
        ({"lines": 2, "bytes": [[300, 290]]}, "bytes must be a list of spans"),
        ({"lines": 2, "bytes": [[0, 99999999999]]}, "bytes must be a list of spans"),
        ({"lines": 2, "bytes": []}, "bytes must be a list of spans"),
        ({"lines": 2, "bytes": 1532}, "bytes must be a list of spans"),
        ({"lines": 2, "bytes": [[290, 300, 310]]}, "bytes must be a list of spans"),
    ]:
        path.write_text(tomli_w.dumps({**data, "log_file": table}), encoding="utf-8")
        with pytest.raises(RefereeError, match=says):
            Journal.open(path, TABLES)
