"""``referee pack FILE OUT`` (``referee campaign pack``): one file holding a game - the file, its
log, its undo history - that opens anywhere: every reading command, ``referee play``, the app's
open and the players' view take it, and it unpacks beside itself as the usual files, never over
another war; a damaged or hand-edited pack is refused in one line."""

from __future__ import annotations

import io
import shutil
import zipfile
from pathlib import Path

import pytest

from referee import tables
from referee.journal import Journal
from referee.sathar_war import campaign_file
from referee.tui.view.app import open_view
from tests.helpers.cli import run

NAMES = ["war-1.toml", "war-1.toml.history", "war-1.toml.log"]


def ok(*args: str) -> str:
    code, out, err = run(*args)
    assert code == 0, err
    return out


def refused(*args: str) -> str:
    code, out, err = run(*args)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err, (code, out, err)
    return err


@pytest.fixture
def packed(tmp_path: Path) -> Path:
    """A war of three actions, the last undone, packed and moved alone to another folder."""
    war = tmp_path / "home" / "war-1.toml"
    war.parent.mkdir()
    ok("campaign", "new", str(war))
    ok("campaign", "place", "Sathar Destroyer *", "--circle", "Prenglar", "-c", str(war))
    ok("campaign", "place", "Sathar Frigate *", "--circle", "Fromeltar", "-c", str(war))
    ok("campaign", "retreat", "3", "-c", str(war))
    ok("undo", str(war))
    out = ok("campaign", "pack", str(war), str(tmp_path / "home" / "war.zip"))
    assert out.startswith(f"packed war-1.toml, its log, its undo history into {tmp_path / 'home' / 'war.zip'} (")
    assert "it unpacks beside itself as war-1.toml, war-1.toml.log, war-1.toml.history" in out
    (tmp_path / "laptop").mkdir()
    return Path(shutil.move(tmp_path / "home" / "war.zip", tmp_path / "laptop" / "war.zip"))


def test_the_pack_alone_opens_undoes_redoes_saves_and_gives_the_usual_files(packed: Path, tmp_path: Path) -> None:
    home = tmp_path / "home" / "war-1.toml"
    assert sorted(zipfile.ZipFile(packed).namelist()) == ["pack.toml", *NAMES]
    assert ok("campaign", "status", "-c", str(packed)) == ok("campaign", "status", "-c", str(home))
    assert sorted(p.name for p in packed.parent.iterdir()) == [*NAMES, "war.zip"]  # unpacked beside it, as packed
    for name in NAMES:
        assert (packed.parent / name).read_bytes() == (home.parent / name).read_bytes()
    assert ok("undo", str(packed)).startswith("undone: campaign place - Sathar Frigate 1-8")
    assert ok("redo", str(packed)).startswith("redone: campaign place - Sathar Frigate 1-8")
    assert ok("redo", str(packed)).startswith("redone: campaign retreat")  # (undone before it was packed: redone after)
    ok("campaign", "fleet", "join", "Alpha", "UPF Assault Scout 2", "UPF Assault Scout 3", "-c", str(packed))  # a save
    war = packed.parent / "war-1.toml"
    lines = [e.text for e in campaign_file.read(war, tables.load()).log]
    assert lines[0].startswith("the war is set up") and lines[-1].startswith("UPF Assault Scout 2, UPF Assault Scout 3 form Alpha") and len(lines) == 5
    assert {"war-1.toml", "war-1.toml.log", "war-1.toml.history", "war-1.toml.bak"} <= {p.name for p in packed.parent.iterdir()}
    assert "4 actions to undo" in ok("undo", "--list", str(war))
    # opened again, the pack finds its war played on beside it, and opens that
    assert "UPF Assault Scout 2 [Alpha]" in ok("campaign", "forces", "--fleet", "Alpha", "-c", str(packed))
    assert Journal.open(packed, tables.load()).path == war


def test_play_the_apps_open_and_the_view_take_it(packed: Path) -> None:
    journal = Journal.open(packed, tables.load())  # as referee play and the app's Ctrl+O open a file
    assert journal.path == packed.parent / "war-1.toml" and len(journal.past) == 2 and len(journal.future) == 1
    assert open_view(packed, "UPF").path == packed.parent / "war-1.toml"


def test_a_pack_of_a_battle_and_of_a_file_without_history(tmp_path: Path) -> None:
    battle = tmp_path / "stand.toml"
    ok("kh", "start", "the-stand", str(battle))
    ok("pack", str(battle), str(tmp_path / "stand.zip"))
    assert sorted(zipfile.ZipFile(tmp_path / "stand.zip").namelist()) == ["pack.toml", "stand.toml"]
    (tmp_path / "away").mkdir()
    moved = shutil.move(tmp_path / "stand.zip", tmp_path / "away" / "stand.zip")
    ok("kh", "attack", "LB", "--from", "Viper", "--at", "Shimmer", "-r", "3", "--roll", "20", "--damage-roll", "25", "--hull-roll", "7", "-b", str(moved))
    assert "hull 33/40" in ok("kh", "ships", "Shimmer", "-b", str(tmp_path / "away" / "stand.toml"))
    assert ok("undo", str(moved)).startswith("undone: kh attack")
    ok("campaign", "pack", str(battle), str(tmp_path / "x.zip"))  # (the campaign's name for it packs any file)


def test_another_war_beside_it_is_never_written_over(packed: Path) -> None:
    other = packed.parent / "war-1.toml"
    ok("campaign", "new", str(other))
    before = other.read_bytes()
    err = refused("campaign", "status", "-c", str(packed))
    assert "war.zip unpacks to war-1.toml beside it, but war-1.toml there is of another war (or changed outside the referee): move it away, or open war-1.toml itself; nothing was written" in err
    assert other.read_bytes() == before and not (packed.parent / "war-1.toml.log").exists()


def test_packing_refuses_to_write_over_a_file_or_to_pack_a_pack(packed: Path, tmp_path: Path) -> None:
    home = tmp_path / "home" / "war-1.toml"
    (tmp_path / "taken.zip").write_text("mine\n")
    assert "taken.zip exists; give another name, or --force" in refused("pack", str(home), str(tmp_path / "taken.zip"))
    assert (tmp_path / "taken.zip").read_text() == "mine\n"
    assert "is a pack already" in refused("pack", str(packed), str(tmp_path / "again.zip"))
    assert "name the pack otherwise than war-1.toml" in refused("pack", str(home), str(tmp_path / "war-1.toml.log"))
    assert "cannot write " in refused("pack", str(home), str(tmp_path / "no-such-folder" / "war.zip"))
    assert not (tmp_path / "no-such-folder").exists()


def test_force_replaces_a_pack_whole(packed: Path, tmp_path: Path) -> None:
    home = tmp_path / "home" / "war-1.toml"
    (tmp_path / "old.zip").write_text("an older pack\n")
    ok("pack", str(home), str(tmp_path / "old.zip"), "--force")
    assert (tmp_path / "old.zip").read_bytes()[:4] == b"PK\x03\x04"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".old.zip")] == []


def rezipped(pack: Path, change: dict[str, bytes | None]) -> None:
    """The pack written again with members changed (None: left out), as a zip tool would."""
    with zipfile.ZipFile(pack) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    for name, data in change.items():
        if data is None:
            members.pop(name, None)
        else:
            members[name] = data
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    pack.write_bytes(buffer.getvalue())


def state_of(pack: Path) -> bytes:
    return zipfile.ZipFile(pack).read("war-1.toml")


@pytest.mark.parametrize(
    ("harm", "says"),
    [
        (lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2]), "is not a whole referee pack"),
        (lambda p: p.write_bytes(p.read_bytes().replace(b"war-1.toml.log", b"war-1.toml.lug", 1)), "is not a whole referee pack"),
        (lambda p: rezipped(p, {"war-1.toml": state_of(p).replace(b"day = 0", b"day = 9")}), "war-1.toml in it is not what was packed (changed by hand?)"),
        (lambda p: rezipped(p, {"war-1.toml.log": None}), "where its pack.toml names"),
        (lambda p: rezipped(p, {"../evil.toml": b"x"}), "where its pack.toml names"),
        (lambda p: rezipped(p, {"pack.toml": None}), "is a zip file, not a referee pack (it holds no pack.toml)"),
        (lambda p: rezipped(p, {"pack.toml": b'format = "referee pack"\nversion = 9\n'}), "pack.toml"),
        (lambda p: rezipped(p, {"pack.toml": zipfile.ZipFile(p).read("pack.toml").replace(b'file = "war-1.toml"', b'file = "../war-1.toml"')}), "file must be a file's own name"),
    ],
)
def test_a_damaged_or_hand_edited_pack_is_refused_in_one_line_writing_nothing(packed: Path, harm: object, says: str) -> None:
    harm(packed)  # type: ignore[operator]
    for args in (("campaign", "status", "-c", str(packed)), ("undo", str(packed)), ("view", str(packed), "--side", "UPF")):
        err = refused(*args)
        assert says in err and "war.zip" in err, err
    assert sorted(p.name for p in packed.parent.iterdir()) == ["war.zip"]
