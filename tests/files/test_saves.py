"""Where the app keeps the referee's files (referee/saves.py): the recent files list - newest first,
bounded, a missing file dropped, saved atomically, an unreadable list ignored and kept aside,
earlier versions' ``last-campaign`` still offered - and a new war made with its options."""

from __future__ import annotations

import os
import tomllib
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import saves, tables
from referee.cli import app as command_line
from referee.errors import RefereeError
from referee.resources import campaigns_dir
from referee.sathar_war import campaign_file, frontier
from tests.helpers.campaign import bad_maps

TABLES = tables.load()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("REFEREE_HOME", str(folder))
    return folder


def made(path: Path) -> Path:
    path.write_text("a file played\n", encoding="utf-8")
    return path


def listed() -> list[Path]:
    return [entry.path for entry in saves.recent()]


def test_the_list_is_newest_first_each_file_once_and_bounded(home: Path, tmp_path: Path) -> None:
    files = [made(tmp_path / f"war-{n}.toml") for n in range(saves.KEPT + 3)]
    for path in files:
        saves.remember(path, "campaign", f"war {path.stem}")
    saves.remember(files[4], "battle", "played again")
    newest = [files[4], *[p for p in reversed(files) if p != files[4]]][: saves.KEPT]
    assert listed() == [p.resolve() for p in newest]
    first = saves.recent()[0]
    assert (first.kind, first.name) == ("battle", "played again")
    assert first.played is not None and abs(first.played - datetime.now()) < timedelta(seconds=5)
    assert saves.last() == files[4].resolve()


def test_a_file_saved_since_it_was_opened_was_played_then(home: Path, tmp_path: Path) -> None:
    path = made(tmp_path / "war.toml")
    saves.remember(path, "campaign", "")
    later = datetime.now().replace(microsecond=0) + timedelta(hours=2)
    os.utime(path, (later.timestamp(), later.timestamp()))
    assert saves.recent()[0].played == later


def test_a_missing_file_is_left_out_and_dropped_at_the_next_save(home: Path, tmp_path: Path) -> None:
    gone, kept, new = (made(tmp_path / name) for name in ("gone.toml", "kept.toml", "new.toml"))
    saves.remember(gone, "campaign", "")
    saves.remember(kept, "battle", "")
    gone.unlink()
    assert listed() == [kept.resolve()]
    saves.remember(new, "campaign", "")
    assert listed() == [new.resolve(), kept.resolve()]
    assert "gone.toml" not in (home / saves.RECENT).read_text(encoding="utf-8")
    (tmp_path / "folder.toml").mkdir()
    saves.remember(tmp_path / "folder.toml", "campaign", "")  # (not a file: never offered)
    assert listed() == [new.resolve(), kept.resolve()]


def test_a_save_of_the_list_is_atomic_a_failure_leaves_it_whole(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = made(tmp_path / "first.toml"), made(tmp_path / "second.toml")
    saves.remember(first, "campaign", "")
    before = (home / saves.RECENT).read_bytes()
    inode = (home / saves.RECENT).stat().st_ino

    def full_disk(handle: int) -> None:
        raise OSError(28, "No space left on device")

    flush = os.fsync
    monkeypatch.setattr(os, "fsync", full_disk)
    saves.remember(second, "campaign", "")  # a convenience only: the failure is not the referee's trouble
    assert (home / saves.RECENT).read_bytes() == before
    assert sorted(p.name for p in home.iterdir()) == [saves.RECENT]  # no temporary file left
    monkeypatch.setattr(os, "fsync", flush)
    saves.remember(second, "campaign", "")
    assert listed() == [second.resolve(), first.resolve()]
    assert (home / saves.RECENT).stat().st_ino != inode  # a new file renamed over the old, never written in place


@pytest.mark.parametrize(
    "text",
    [b"\x00\xff not text", b"[[files]\npath = ", b'format = "referee second sathar war campaign"\nfiles = []\n', b'format = "referee recent files"\nfiles = 3\n'],
    ids=["binary", "not TOML", "another file's format", "files not a list"],
)
def test_an_unreadable_list_is_ignored_and_kept_aside_nothing_lost(home: Path, tmp_path: Path, text: bytes) -> None:
    home.mkdir()
    (home / saves.RECENT).write_bytes(text)
    assert saves.recent() == [] and saves.last() is None
    war = made(tmp_path / "war.toml")
    saves.remember(war, "campaign", "")
    assert listed() == [war.resolve()]
    assert (home / (saves.RECENT + ".unreadable")).read_bytes() == text


def test_an_entry_without_a_path_is_skipped_the_others_kept(home: Path, tmp_path: Path) -> None:
    war, battle = made(tmp_path / "war.toml"), made(tmp_path / "battle.toml")
    home.mkdir()
    (home / saves.RECENT).write_text(
        f'format = "referee recent files"\nversion = 1\n[[files]]\npath = 3\n[[files]]\npath = "{war}"\nkind = 7\n'
        f'[[files]]\nname = "no path"\n[[files]]\npath = "{battle}"\nkind = "battle"\nname = "The Stand"\nplayed = 2024-03-03T21:10:00\n',
        encoding="utf-8",
    )
    found = saves.recent()
    assert [(e.path, e.kind, e.name) for e in found] == [(war, "", ""), (battle, "battle", "The Stand")]


def test_earlier_versions_last_campaign_is_offered_until_there_is_a_list(home: Path, tmp_path: Path) -> None:
    war, other = made(tmp_path / "war.toml"), made(tmp_path / "other.toml")
    home.mkdir()
    (home / saves.LAST).write_text(f"{war}\n", encoding="utf-8")
    assert listed() == [war] and saves.last() == war
    saves.remember(other, "campaign", "")
    assert listed() == [other.resolve(), war]


def test_any_path_reads_back_as_written(home: Path, tmp_path: Path) -> None:
    odd = made(tmp_path / 'the "war" of\\ 1\tday\nnight – Ἀθῆναι 🚀.toml')
    saves.remember(odd, "battle", 'a "name" [with] \\ brackets')
    entry = saves.recent()[0]
    assert (entry.path, entry.name) == (odd.resolve(), 'a "name" [with] \\ brackets')
    assert tomllib.loads((home / saves.RECENT).read_text(encoding="utf-8"))["format"] == saves.RECENT_FORMAT


def test_a_new_war_takes_its_options_and_the_book_s_are_the_bundled_start(tmp_path: Path) -> None:
    bundled = campaign_file.read(campaigns_dir() / saves.BUNDLED_START, TABLES)
    assert campaign_file.from_dict(tomllib.loads(saves.war(TABLES)), TABLES) == bundled
    own = tmp_path / "map.toml"
    own.write_text((campaigns_dir() / saves.BUNDLED_MAP).read_text(encoding="utf-8").replace(f'name = "{saves.BUNDLED_MAP_NAME}"', 'name = "Our table"', 1), encoding="utf-8")
    war = campaign_file.from_dict(tomllib.loads(saves.war(TABLES, own, replacements=False, shatter_drones=True)), TABLES)
    assert (war.replacements, war.shatter_drones, war.frontier.name) == (False, True, "Our table")
    assert saves.title(war) == "no replacements, shatter drones; Our table"
    assert saves.title(bundled) == "replacements, no shatter drones"
    assert frontier.read(campaigns_dir() / saves.BUNDLED_MAP).name == saves.BUNDLED_MAP_NAME


def test_a_bad_map_is_refused_naming_the_file_and_what_is_wrong(tmp_path: Path) -> None:
    for name, (path, said) in bad_maps(tmp_path).items():
        with pytest.raises(RefereeError) as refused:
            saves.war(TABLES, path)
        assert str(path) in str(refused.value) and said in str(refused.value), (name, str(refused.value))


def test_campaign_new_refuses_a_map_whose_militia_has_no_station_in_one_line(tmp_path: Path) -> None:
    path, said = bad_maps(tmp_path)["a militia's station missing"]
    result = CliRunner().invoke(command_line, ["campaign", "new", str(tmp_path / "war.toml"), "--map", str(path)])
    assert result.exit_code == 2 and said in result.stderr and "Traceback" not in result.output, result.output
    assert not (tmp_path / "war.toml").exists()
