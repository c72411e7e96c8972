"""Issue 21, the campaign file's parsed copy: each save keeps the file's tables (known part by part,
without parsing the text) and the texts of its parts in the cache folder, so the next command
neither parses the file nor, at its first save, writes again the units it did not change. Nothing
in the cache is trusted: a file changed in any way (by hand, by an undo, by another program) is
parsed afresh, and a damaged cache is passed over."""

from __future__ import annotations

import os
import random
import shutil
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli
from typer.testing import CliRunner

from referee import cache, storage
from referee.cli import app
from referee.journal import Journal
from referee.sathar_war import campaign_file, log_file, movement
from referee.sathar_war.campaign import Done
from tests.helpers.campaign import started
from tests.helpers.tables import TABLES
from tests.helpers.toml import same

sys.path.insert(0, str(Path(__file__).parents[2] / "benchmarks"))
import war as generator  # noqa: E402

runner = CliRunner()


@pytest.fixture(autouse=True)
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own."""
    found = tmp_path / "cache"
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(found))
    return found


def opened(tmp_path: Path, name: str = "war.toml") -> Journal:
    """Day 1 of a war, saved once through a journal (its parts kept), and that journal."""
    path = tmp_path / name
    campaign_file.save(path, started(), TABLES)
    journal = Journal.open(path, TABLES, "campaign")
    journal.apply(moved(journal, "Sathar Destroyer 1"), "Move")
    return journal


def moved(journal: Journal, ship: str) -> Done:
    """The ship moved one day, into the red box toward the Prenglar system."""
    return movement.move(journal.state, TABLES, [ship], "Prenglar", None, "", [], random.Random(1), {})


def kept(path: Path) -> tuple[dict[str, Any], Any]:
    """What the cache holds for the file as it is now (it must hold something)."""
    found = cache.load(cache.name("file", path), path.read_bytes())
    assert isinstance(found, tuple)
    return found


def parse_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, parsing a campaign file fails the test."""

    def parse(raw: bytes, path: Path, kind: str) -> dict[str, Any]:
        raise AssertionError(f"{path} was parsed")

    monkeypatch.setattr(storage, "parse", parse)


def dumped(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The tables each save writes out as text (log_file.dumps) from here on."""
    made: list[dict[str, Any]] = []
    dumping = log_file.dumps

    def dumps(data: dict[str, Any]) -> str:
        made.append(data)
        return dumping(data)

    monkeypatch.setattr(log_file, "dumps", dumps)
    return made


def test_every_save_of_a_war_keeps_the_tables_a_parse_gives_and_the_texts_of_its_parts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Eight days of the generated war, every action saved through the journal: each time, the
    tables kept are the file's as tomllib's parser reads it (compiled, tomli: tests/helpers/toml.py;
    tomllib itself reads the last file alike), and each part's text is in the file, in order,
    parsing to its own tables."""
    checked = []
    storing = cache.store

    def store(name: str, source: bytes, payload: object) -> None:
        storing(name, source, payload)
        if name.startswith("file-"):
            data, parts = payload  # type: ignore[misc]
            text = source.decode("utf-8")
            assert data == tomli.loads(text)
            if parts is not None:
                assert tomli.loads(parts["map"]) == {"map": data["map"]}
                assert tomli.loads(parts["losses"]) == {"losses": data.get("losses", [])}
                assert [tomli.loads(t) for t in parts["units"]] == [{"units": [u]} for u in data["units"]]
                at = text.index(parts["map"])
                assert text.endswith("\n".join([parts["map"], *parts["units"]])) and parts["losses"] in text[:at]
            checked.append(parts is not None)

    monkeypatch.setattr(cache, "store", store)
    path = tmp_path / "war.toml"
    war = generator.play(19, 8, path, journal=True)
    assert war.refused == [] and checked.count(True) == sum(war.actions.values()) > 100  # every action's save
    assert Journal.open(path, TABLES, "campaign").state == war.campaign
    same(path.read_text(encoding="utf-8"))


def test_a_command_after_a_save_parses_nothing_and_writes_again_only_what_changed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    journal = opened(tmp_path)
    path = journal.path
    parse_refused(monkeypatch)
    status = runner.invoke(app, ["campaign", "status", "-c", str(path)], catch_exceptions=False)
    assert status.exit_code == 0 and status.stdout.startswith("track   day 1 of the war")
    made = dumped(monkeypatch)
    moved = runner.invoke(app, ["campaign", "move", "Sathar Destroyer 2", "--toward", "Prenglar", "-c", str(path)], catch_exceptions=False)
    assert moved.exit_code == 0, moved.stderr
    units = [d["units"][0]["name"] for d in made if "units" in d and d["units"]]
    assert units == ["Sathar Destroyer 2"]  # of the 200 units, the one moved; the rest written as the file held them
    assert len(made) <= 6  # and the head's keys and tables, the log's new lines
    assert Journal.open(path, TABLES, "campaign").state.unit("Sathar Destroyer 2").moved


@pytest.mark.parametrize(
    ("made", "changed", "read"),
    [
        (("kh", "start", "the-stand", "{}"), ("kh", "speed", "Bludgeon", "3", "-b", "{}"), ("kh", "ships", "-b", "{}")),
        (
            ("sfw", "new", "{}", "--side", "Terran", "--side", "Aquarian"),
            ("sfw", "add", "VICTORY", "--class", "VICTORY", "--side", "Terran", "--value", "launchers=2", "--value", "reloads=30", "-e", "{}"),
            ("sfw", "ships", "-e", "{}"),
        ),
        (("si", "new", "{}", "--scenario", "1"), ("si", "next", "-s", "{}"), ("si", "status", "-s", "{}")),
    ],
    ids=["battle", "engagement", "scenario"],
)
def test_a_command_after_a_battle_engagement_or_scenario_is_saved_parses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, made: tuple[str, ...], changed: tuple[str, ...], read: tuple[str, ...]
) -> None:
    """A save keeps the tables its reading back parsed: the file's own, as tomllib reads it."""
    path = tmp_path / "game.toml"
    for args in (made, changed):
        done = runner.invoke(app, [a.format(path) for a in args], catch_exceptions=False)
        assert done.exit_code == 0, done.stderr
    assert kept(path) == (tomllib.loads(path.read_text(encoding="utf-8")), None)
    parse_refused(monkeypatch)
    shown = runner.invoke(app, [a.format(path) for a in read], catch_exceptions=False)
    assert shown.exit_code == 0 and shown.stdout, shown.stderr


def test_a_save_from_the_cache_writes_the_same_bytes_as_one_from_the_file(tmp_path: Path) -> None:
    journal = opened(tmp_path)
    other = tmp_path / "copy" / "war.toml"
    other.parent.mkdir()
    for name in ("war.toml", "war.toml.log"):
        shutil.copyfile(tmp_path / name, other.parent / name)
    warm, cold = Journal.open(journal.path, TABLES, "campaign"), Journal.open(other, TABLES, "campaign")  # the copy's cache: none, its parts unknown
    assert warm.state == cold.state
    for each in (warm, cold):
        each.apply(moved(each, "Sathar Destroyer 3"), "Move")
    assert journal.path.read_bytes() == other.read_bytes()
    assert (tmp_path / "war.toml.log").read_bytes() == (other.parent / "war.toml.log").read_bytes()


@pytest.mark.parametrize("change", ["by hand", "undo", "another program's save"])
def test_a_file_changed_since_its_save_is_parsed_afresh(tmp_path: Path, change: str) -> None:
    journal = opened(tmp_path)
    path = journal.path
    if change == "by hand":
        path.write_text(path.read_text(encoding="utf-8").replace("\nretreat_condition = 3\n", "\nretreat_condition = 5\n", 1), encoding="utf-8")
        expected = (5, True)
    elif change == "undo":
        assert runner.invoke(app, ["undo", str(path)], catch_exceptions=False).exit_code == 0
        expected = (3, False)
    else:
        campaign_file.save(path, moved(journal, "Sathar Destroyer 2").campaign, TABLES)  # a save that keeps no cache
        expected = (3, True)
    again = Journal.open(path, TABLES, "campaign").state
    assert (again.retreat_condition, again.unit("Sathar Destroyer 1").moved) == expected
    status = runner.invoke(app, ["campaign", "status", "--secrets", "-c", str(path)], catch_exceptions=False)
    assert f"secret  retreat condition {expected[0]}:" in status.stdout
    assert kept(path)[0] == tomllib.loads(path.read_text(encoding="utf-8"))  # kept again, as the file is now


def copy_of(path: Path, folder: Path) -> Path:
    """The campaign file and its log, copied into ``folder`` (a file the cache holds nothing for)."""
    folder.mkdir(parents=True)
    for name in (path.name, f"{path.name}.log"):
        shutil.copyfile(path.with_name(name), folder / name)
    return folder / path.name


def saved_alike(path: Path, tmp_path: Path, ship: str) -> None:
    """The same move saved from the file as the cache gives it and from a copy read cold: the same bytes."""
    cold = copy_of(path, tmp_path / f"cold-{ship[-2:].strip()}")
    for each in (Journal.open(path, TABLES, "campaign"), Journal.open(cold, TABLES, "campaign")):
        each.apply(moved(each, ship), "Move")
    assert path.read_bytes() == cold.read_bytes()


def test_a_damaged_cache_is_passed_over_and_made_again(tmp_path: Path, folder: Path) -> None:
    """Whatever byte of the cache is damaged - in its tables or in its parts' texts - the load and the
    save after it are those of the file itself."""
    journal = opened(tmp_path)
    path = journal.path
    before = path.read_bytes(), path.with_name("war.toml.log").read_bytes()
    expected = Journal.open(path, TABLES, "campaign").state
    (stored,) = folder.glob("file-war-*.marshal")
    good = stored.read_bytes()
    chance = random.Random(21)
    for number in range(12):
        damaged = bytearray(good)
        spot = chance.randrange(len(damaged))
        damaged[spot] ^= 1 << chance.randrange(8)
        stored.write_bytes(bytes(damaged))
        assert Journal.open(path, TABLES, "campaign").state == expected
        saved_alike(path, tmp_path / f"{number}", f"Sathar Destroyer {3 + number}")
        path.write_bytes(before[0])  # back as it was, the cache with it
        path.with_name("war.toml.log").write_bytes(before[1])
    for harm in (b"", good[: len(good) // 2], b"not a cache", good + b"more"):
        stored.write_bytes(harm)
        assert Journal.open(path, TABLES, "campaign").state == expected
    assert stored.read_bytes() != harm  # made again at the load that passed it over


def forged(path: Path, change: Any) -> None:
    """The file's cache, changed by ``change(data, parts)`` and stored again (its sums made anew:
    a cache this program did not write)."""
    data, parts = kept(path)
    change(data, parts)
    cache.store(cache.name("file", path), path.read_bytes(), (data, parts))


def test_parts_that_are_not_the_files_own_are_not_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Unit texts out of their order (or of another file) are not the file's: the first save makes
    every unit's text again, as from a file read cold, and writes the same bytes."""
    journal = opened(tmp_path)
    path = journal.path
    forged(path, lambda data, parts: parts["units"].append(parts["units"].pop(0)))
    made = dumped(monkeypatch)
    saved_alike(path, tmp_path, "Sathar Destroyer 2")
    assert len([d for d in made if "units" in d]) > 2 * 150  # both saves wrote every unit again


@pytest.mark.parametrize("change", ["a key of a number", "a unit of the wrong kind", "no map"])
def test_tables_of_a_cache_that_would_not_read_are_parsed_from_the_file(tmp_path: Path, change: str) -> None:
    journal = opened(tmp_path)
    path = journal.path
    forge = {
        "a key of a number": lambda data, parts: data["units"][0].update({1: 2}),
        "a unit of the wrong kind": lambda data, parts: data["units"][0].update({"hull_points": "many"}),
        "no map": lambda data, parts: data.pop("map"),
    }[change]
    forged(path, forge)
    assert Journal.open(path, TABLES, "campaign").state == journal.state
    status = runner.invoke(app, ["campaign", "status", "-c", str(path)], catch_exceptions=False)
    assert status.exit_code == 0 and status.stdout.startswith("track   day 1 of the war")
    assert kept(path)[0] == tomllib.loads(path.read_text(encoding="utf-8"))  # the file's own, kept in its place


def test_the_app_reading_a_state_of_the_history_keeps_the_parts_of_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app reads the state an undo would go back to ahead of time (Journal.prefetch): that does not
    cost its first save the parts the cache gave for the file."""
    journal = opened(tmp_path)
    again = Journal.open(journal.path, TABLES, "campaign")
    again.prefetch()  # the state before the first move, read from the history
    made = dumped(monkeypatch)
    again.apply(moved(again, "Sathar Destroyer 2"), "Move")
    assert [d["units"][0]["name"] for d in made if d.get("units")] == ["Sathar Destroyer 2"]


def test_a_cache_folder_that_cannot_be_written_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(blocked))
    journal = opened(tmp_path)
    status = runner.invoke(app, ["campaign", "status", "-c", str(journal.path)], catch_exceptions=False)
    assert status.exit_code == 0 and status.stdout.startswith("track   day 1 of the war")
    assert blocked.read_text() == "a file where the cache folder would be"


def test_a_cache_folder_others_may_write_is_not_used(tmp_path: Path, folder: Path) -> None:
    folder.mkdir()
    folder.chmod(0o777)  # (another user could put a cache there)
    journal = opened(tmp_path)
    assert not list(folder.iterdir())  # nothing kept there, nothing read
    assert Journal.open(journal.path, TABLES, "campaign").state == journal.state


def test_a_cache_name_taken_by_a_pipe_or_a_symlink_is_passed_over_and_nothing_is_written_through(tmp_path: Path, folder: Path) -> None:
    journal = opened(tmp_path)
    path = journal.path
    (stored,) = folder.glob("file-war-*.marshal")
    stored.unlink()
    os.mkfifo(stored)  # a reader that waited on it would hang
    assert Journal.open(path, TABLES, "campaign").state == journal.state
    stored.unlink()
    target = tmp_path / "not-the-cache"
    target.write_text("kept")
    stored.symlink_to(target)
    for attempt in range(3):  # and the temporary names a save writes first
        (folder / f"{stored.name}.{os.getpid()}.{attempt}.tmp").symlink_to(target)
    again = Journal.open(path, TABLES, "campaign")
    assert again.state == journal.state and target.read_text() == "kept"
    again.apply(moved(again, "Sathar Destroyer 2"), "Move")
    assert target.read_text() == "kept" and stored.is_file() and not stored.is_symlink()
