"""Files on disk that are not what they seem (issue 13): devices, named pipes, folders, huge
files, shapes the TOML parser spends its stack or minutes on, names too long, symlinks planted
as the backup or the file; and what a save keeps (the file's mode) and cleans (a kill's leftovers).

Each hostile file is given to every command that reads one (a device and a named pipe in a child
process: a hang is bounded by a timeout, a memory blow-up by an address-space limit): it must be
refused in one line, exit 2, with the campaign file unchanged."""

from __future__ import annotations

import fcntl
import os
import resource
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import storage
from referee.cli import app
from referee.errors import RefereeError
from referee.resources import campaigns_dir

BUNDLED = campaigns_dir() / "second-sathar-war.toml"
runner = CliRunner()


CHILD = """
import contextlib, io, json, os, sys
from referee.cli import app
results = []
for args in json.loads(sys.argv[1]):
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            app(args, prog_name="referee")
            code = 0
        except SystemExit as done:
            code = done.code
        except BaseException as error:
            code, _ = 1, err.write("Traceback: " + repr(error)[:300])
    results.append([code, "", err.getvalue()])
print(json.dumps(results))
"""


def in_a_child(commands: list[tuple[str, ...]], cwd: Path) -> list[tuple[int, str, str]]:
    """Commands run in a child process, each as ``referee ARGS`` would run it (exit code, stderr):
    with 1 GB of address space at most, and a timeout for one that would wait forever."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    import json

    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(commands)], cwd=cwd, capture_output=True, text=True, timeout=120, preexec_fn=limit)
    assert done.returncode == 0, done.stderr[-2000:]
    return [(code, out, err) for code, out, err in json.loads(done.stdout)]


def referee(*args: str) -> tuple[int, str, str]:
    """The ``referee`` command in this process."""
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr + ("" if result.exception is None or isinstance(result.exception, SystemExit) else f"Traceback: {result.exception!r}")


def war(folder: Path) -> Path:
    path = folder / "war.toml"
    path.write_bytes(BUNDLED.read_bytes())
    return path


def huge(folder: Path) -> Path:
    path = folder / "huge.toml"
    with path.open("wb") as out:
        out.truncate(storage.READ_LIMIT + 1)  # sparse: 16 MB and a byte of zeros
    return path


def text(name: str, content: str) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = folder / name
        path.write_text(content)
        return path

    return make


SHAPES: dict[str, tuple[Callable[[Path], Path], str]] = {
    "a folder": (lambda folder: folder, "is a folder, not a"),
    "a huge file": (huge, "is over 16 MB: too big for a"),
    "arrays 1000 deep": (text("deep.toml", "a = " + "[" * 1000 + "]" * 1000 + "\n"), "nests arrays or tables more than 50 deep"),
    "inline tables 1000 deep": (text("deep.toml", "a = " + "{b = " * 1000 + "1" + "}" * 1000 + "\n"), "nests arrays or tables more than 50 deep"),
    "a 5000-digit number": (text("long.toml", "day = " + "1" * 5000 + "\n"), "has a number of more than 100 digits"),
    "a key 20000 parts deep": (text("dots.toml", "a" + ".a" * 20000 + " = 1\n"), "has a dotted key of more than 50 parts"),
    "a table 20000 parts deep": (text("dots.toml", "[a" + ".a" * 20000 + "]\n"), "has a dotted key of more than 50 parts"),
    "quoted keys 20000 deep": (text("dots.toml", '"a"' + '."a"' * 20000 + " = 1\n"), "has a dotted key of more than 50 parts"),
}

COMMANDS: dict[str, tuple[str, Callable[[str, str], tuple[str, ...]]]] = {
    "campaign -c": ("campaign", lambda hostile, w: ("campaign", "status", "-c", hostile)),
    "campaign act -c": ("campaign", lambda hostile, w: ("campaign", "retreat", "2", "-c", hostile)),
    "campaign new --map": ("map", lambda hostile, w: ("campaign", "new", "new.toml", "--map", hostile)),
    "kh start": ("scenario", lambda hostile, w: ("kh", "start", hostile, "battle.toml")),
    "battle import": ("battle", lambda hostile, w: ("campaign", "battle", "import", hostile, "-c", w)),
}


def one_line(code: int, out: str, err: str) -> str:
    assert code == 2, (code, out, err[-2000:])
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err[-2000:]
    return err.strip()


def refused_everywhere(results: list[tuple[int, str, str]], says: str, folder: Path, campaign: Path, before: bytes) -> None:
    for (name, (kind, _)), result in zip(COMMANDS.items(), results):
        message = one_line(*result)
        assert says in message and f"{kind} file" in message, (name, message)
    assert campaign.read_bytes() == before
    assert not (folder / "new.toml").exists() and not (folder / "battle.toml").exists()
    assert not list(folder.glob(".*.tmp"))


@pytest.mark.parametrize("make", [lambda _: Path("/dev/zero"), lambda folder: (os.mkfifo(folder / "pipe.toml"), folder / "pipe.toml")[1]], ids=["/dev/zero", "a named pipe"])
def test_a_device_or_a_named_pipe_is_refused_in_one_line_by_every_command_that_reads_a_file(tmp_path: Path, make: Callable[[Path], Path]) -> None:
    """(Read before: /dev/zero until memory ran out, a named pipe forever.)"""
    path, campaign = make(tmp_path), war(tmp_path)
    before = campaign.read_bytes()
    results = in_a_child([command(str(path), str(campaign)) for _, command in COMMANDS.values()], tmp_path)
    refused_everywhere(results, "is a device, not a" if path.name == "zero" else "pipe.toml is a named pipe, not a", tmp_path, campaign, before)


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_file_of_a_hostile_shape_is_refused_in_one_line_and_nothing_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shape: str) -> None:
    monkeypatch.chdir(tmp_path)
    make, says = SHAPES[shape]
    path, campaign = make(tmp_path), war(tmp_path)
    before = campaign.read_bytes()
    refused_everywhere([referee(*command(str(path), str(campaign))) for _, command in COMMANDS.values()], says, tmp_path, campaign, before)


def test_what_the_scan_lets_through_the_parser_cannot_make_a_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Were the scan to miss a shape, the parser's RecursionError or ValueError is a refusal too."""
    monkeypatch.setattr(storage, "odd_shape", lambda text: None)
    for name, content in [("deep.toml", "a = " + "[" * 5000 + "]" * 5000), ("long.toml", "a = " + "1" * 5000)]:
        path = tmp_path / name
        path.write_text(content)
        with pytest.raises(RefereeError, match="is not a campaign file: TOML too deep or numbers too long"):
            storage.read(path, "campaign")


def test_the_scan_passes_our_own_files_and_looks_past_strings_and_comments() -> None:
    for path in campaigns_dir().glob("*.toml"):
        assert storage.odd_shape(path.read_text()) is None, path
    inside = 'note = "' + "[" * 80 + "1" * 200 + ".a" * 80 + '"  # ' + "{" * 80 + "\n"
    inside += "ml = '''\n" + "[" * 80 + "\n'''\nlit = '" + "]" * 80 + '\'\nesc = "\\"' + "[" * 80 + '"\n'
    assert storage.odd_shape(inside) is None
    hidden = 'a = ["' + "]" * 100 + '", ' + "[" * 60 + "]" * 60 + "]"  # closing brackets in a string hide nothing
    assert storage.odd_shape(hidden) == "nests arrays or tables more than 50 deep (the program writes 3 at most)"
    assert storage.odd_shape("a = " + "[" * 50 + "]" * 50) is None
    assert storage.odd_shape("a" + ".a" * 49 + " = 1") is None and storage.odd_shape("a" + ".a" * 50 + " = 1") is not None
    assert storage.odd_shape("a = " + "1" * 100) is None and storage.odd_shape("a = " + "1_" * 100 + "1") is not None


def test_a_long_name_the_system_takes_is_saved_with_a_shorter_temporary_name(tmp_path: Path) -> None:
    path = tmp_path / ("x" * 240 + ".toml")  # its temporary file, named after it in full, would be too long
    storage.write_text(path, "a = 1\n")
    storage.write_text(path, "a = 2\n")
    assert storage.read(path, "battle") == {"a": 2} and storage.read(path.with_name(path.name + ".bak"), "battle") == {"a": 1}
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name, path.name + ".bak"]


def test_a_long_name_of_letters_of_two_bytes_is_saved_and_swept_alike(tmp_path: Path) -> None:
    """120 letters é are 240 bytes: the temporary names keep 200 bytes of the name (cut by bytes,
    not letters: a cut by letters made a temporary name too long, and nothing could be saved)."""
    path = tmp_path / ("é" * 120 + ".toml")
    for number in range(3):
        storage.write_text(path, f"a = {number}\n")
    assert storage.read(path, "battle") == {"a": 2} and storage.read(path.with_name(path.name + ".bak"), "battle") == {"a": 1}
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name, path.name + ".bak"]


def test_a_new_file_whose_backup_could_not_be_named_is_refused_before_it_is_made(tmp_path: Path) -> None:
    """A name of 252 to 255 bytes could be saved once, and never again (NAME.bak too long)."""
    with pytest.raises(RefereeError, match="the file name is 253 bytes long: a save keeps the one before as NAME.bak"):
        storage.new_file(tmp_path / ("x" * 248 + ".toml"))
    assert storage.new_file(tmp_path / ("x" * 246 + ".toml"))


# ---------------------------------------------------------------------- symlinks and modes


def test_a_symlink_planted_as_the_backup_is_replaced_not_written_through(tmp_path: Path) -> None:
    path, victim = tmp_path / "war.toml", tmp_path / "victim.txt"
    victim.write_text("someone else's file\n")
    storage.write_text(path, "a = 1\n")
    (tmp_path / "war.toml.bak").symlink_to(victim)
    storage.write_text(path, "a = 2\n")
    assert victim.read_text() == "someone else's file\n"
    bak = tmp_path / "war.toml.bak"
    assert not bak.is_symlink() and storage.read(bak, "battle") == {"a": 1} and storage.read(path, "battle") == {"a": 2}


def test_a_symlink_planted_with_a_temporary_name_is_not_followed(tmp_path: Path) -> None:
    path, victim = tmp_path / "war.toml", tmp_path / "victim.txt"
    victim.write_text("someone else's file\n")
    storage.write_text(path, "a = 1\n")
    for letters in ("aaaaaaaa", "bak.aaaaaaaa"):
        planted = tmp_path / f".war.toml.{letters}.tmp"
        planted.symlink_to(victim)
        os.utime(planted, (0, 0), follow_symlinks=False)
    storage.write_text(path, "a = 2\n")
    assert victim.read_text() == "someone else's file\n" and storage.read(path, "battle") == {"a": 2}


def test_a_campaign_opened_through_a_symlink_is_saved_to_its_target(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    real = war(tmp_path / "real")
    link = tmp_path / "war-link.toml"
    link.symlink_to(real)
    code, out, err = referee("campaign", "retreat", "2", "-c", str(link))
    assert code == 0, err
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert storage.read(real, "campaign")["retreat_condition"] == 2
    assert (real.parent / "war.toml.bak").read_bytes() == BUNDLED.read_bytes()  # the backup beside the real file
    assert not (tmp_path / "war-link.toml.bak").exists()


def test_a_save_keeps_the_file_mode_and_a_new_file_takes_the_umask(tmp_path: Path) -> None:
    path = tmp_path / "war.toml"
    storage.write_text(path, "a = 1\n")
    old = os.umask(0o022)
    try:
        fresh = tmp_path / "fresh.toml"
        storage.write_text(fresh, "a = 1\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
    path.chmod(0o640)
    storage.write_text(path, "a = 2\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640 and stat.S_IMODE((tmp_path / "war.toml.bak").stat().st_mode) == 0o640


def test_a_save_onto_a_folder_or_a_device_is_refused(tmp_path: Path) -> None:
    (tmp_path / "folder.toml").mkdir()
    with pytest.raises(RefereeError, match="cannot save .*folder.toml: it is a folder, not a file"):
        storage.write_text(tmp_path / "folder.toml", "a = 1\n")
    with pytest.raises(RefereeError, match="cannot save /dev/null: it is a device, not a file"):
        storage.write_text(Path("/dev/null"), "a = 1\n")
    assert (tmp_path / "folder.toml").is_dir() and not list(tmp_path.glob(".*.tmp"))


# ---------------------------------------------------------------------- a kill's leftovers


def test_the_next_save_removes_only_stale_temporary_files_of_our_naming(tmp_path: Path) -> None:
    path = tmp_path / "war.toml"
    storage.write_text(path, "a = 1\n")
    old = time.time() - 3600

    def planted(name: str, age: float = old) -> Path:
        made = tmp_path / name
        made.write_text("left by a kill\n")
        os.utime(made, (age, age))
        return made

    stale = [planted(".war.toml.abcd_123.tmp"), planted(".war.toml.bak.0a1b2c3d.tmp")]
    fresh = planted(".war.toml.zzzzzzzz.tmp", time.time())  # a live save's, perhaps
    others = [planted(".war.toml.notours.tmp"), planted(".other.toml.abcdefgh.tmp"), planted("war.toml.abcdefgh.tmp"), planted(".war.toml.ABCDEFGH.tmp")]
    held = planted(".war.toml.held1234.tmp")
    with held.open("rb") as live:
        fcntl.flock(live, fcntl.LOCK_EX)  # a save in progress in another program
        storage.write_text(path, "a = 2\n")
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and held.exists() and all(p.exists() for p in others)


def test_a_new_war_is_written_whole_and_never_over_a_file_already_there(tmp_path: Path) -> None:
    path = tmp_path / "war-1.toml"
    path.write_text("another app's war\n")
    with pytest.raises(FileExistsError):
        storage.write_new(path, "a = 1\n")
    assert path.read_text() == "another app's war\n"
    storage.write_new(tmp_path / "war-2.toml", "a = 1\n")
    assert storage.read(tmp_path / "war-2.toml", "campaign") == {"a": 1}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["war-1.toml", "war-2.toml"]


def test_a_backup_link_a_kill_left_before_its_rename_is_removed_by_the_next_save(tmp_path: Path) -> None:
    path = tmp_path / "war.toml"
    storage.write_text(path, "a = 1\n")
    os.link(path, tmp_path / ".war.toml.bak.abcdefgh.tmp")  # a second name of the file itself, just made
    storage.write_text(path, "a = 2\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["war.toml", "war.toml.bak"]
    assert storage.read(path.with_name("war.toml.bak"), "battle") == {"a": 1}


def test_a_save_after_a_kill_between_the_backups_rename_and_the_files_leaves_no_backup_link(tmp_path: Path) -> None:
    """Such a kill leaves NAME.bak a second name of the file; the next save's rename of its backup
    link over NAME.bak then did nothing (a rename between two names of one file) and left the link."""
    path, bak = tmp_path / "war.toml", tmp_path / "war.toml.bak"
    storage.write_text(path, "a = 1\n")
    storage.write_text(path, "a = 2\n")
    bak.unlink()
    os.link(path, bak)  # as the kill left them
    storage.write_text(path, "a = 3\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["war.toml", "war.toml.bak"]
    assert storage.read(path, "battle") == {"a": 3} and storage.read(bak, "battle") == {"a": 2}
