"""Issue 13, the table cache: the parsed tables are kept in a cache file, but nothing in that file
is trusted. A flipped bit, a truncated or garbled file, random bytes, the cache of another table
file, or a cache of an older version of the same file: the tables read are always the file's,
the cache is rebuilt silently, and nothing is refused."""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import tables
from referee.cli import app
from referee.resources import tables_dir

KH = tables_dir() / "knight-hawks.toml"
SI = tables_dir() / "stellar-inferno.toml"
RESULT = b"Defense hit: ICM; SS; PS; ES; MS"  # the Damage Table's 81-84 (referee table lookup kh.damage 83)


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(folder))
    return folder


def read(path: Path) -> dict[str, tables.Table]:
    """Every table of the file, whole (rows, columns, notes...), as the program reads them."""
    return tables.load_file(path)


def cache_file(folder: Path) -> Path:
    (found,) = [p for p in folder.iterdir() if p.name.startswith("tables-") and not p.name.endswith(".tmp")]
    return found


def in_result(cache: bytes) -> list[int]:
    """The first bytes of each copy of RESULT in the cache (a note quotes it, the row holds it)."""
    found = [n for n in range(len(cache)) if cache.startswith(RESULT, n)]
    assert len(found) == 2
    return [n + offset for n in found for offset in range(8)]


def copied(tmp_path: Path, source: Path = KH) -> Path:
    path = tmp_path / "tables" / source.name
    path.parent.mkdir(exist_ok=True)
    shutil.copyfile(source, path)
    return path


def test_a_flipped_bit_anywhere_in_the_cache_changes_nothing_read(tmp_path: Path, cache: Path) -> None:
    path = copied(tmp_path)
    expected = read(path)
    good = cache_file(cache).read_bytes()
    rng = random.Random(13)
    places = [*in_result(good), *rng.sample(range(len(good)), 120)]
    for place in places:
        for bit in (0, 7):
            bad = bytearray(good)
            bad[place] ^= 1 << bit
            cache_file(cache).write_bytes(bytes(bad))
            assert read(path) == expected, (place, bit)


def test_a_truncated_or_garbled_cache_is_rebuilt(tmp_path: Path, cache: Path) -> None:
    path = copied(tmp_path)
    expected = read(path)
    good = cache_file(cache).read_bytes()
    rng = random.Random(7)
    garbled = [
        b"",
        good[:1],
        good[:40],
        good[: len(good) // 2],
        good[:-1],
        good + b"\0",
        good[:100] + good[101:],
        *(rng.randbytes(n) for n in (1, 5, 64, 4096, len(good))),
        good[:64] + rng.randbytes(len(good) - 64),
    ]
    for bad in garbled:
        cache_file(cache).write_bytes(bad)
        assert read(path) == expected, bad[:80]
    assert cache_file(cache).read_bytes() != garbled[-1]  # rebuilt


def test_the_cache_of_another_table_file_is_not_read(tmp_path: Path, cache: Path) -> None:
    kh, si = copied(tmp_path), copied(tmp_path, SI)
    expected = read(kh)
    kh_cache = cache_file(cache)
    kh_cache.unlink()
    read(si)
    shutil.copyfile(cache_file(cache), kh_cache)  # Stellar Inferno's parsed file under Knight Hawks' name
    assert read(kh) == expected


def test_a_table_file_changed_keeping_its_size_and_time_is_read_again(tmp_path: Path, cache: Path) -> None:
    """An edit that keeps the size, with the modification time put back (a copy that keeps times,
    a file system with coarse times): the file's bytes decide, not its size and time."""
    path = copied(tmp_path)
    read(path)
    before = path.stat()
    text = path.read_text(encoding="utf-8")
    assert RESULT.decode() in text
    path.write_text(text.replace(RESULT.decode(), "Defense HIT: ICM; SS; PS; ES; MS"), encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_size == before.st_size and path.stat().st_mtime_ns == before.st_mtime_ns
    found = tables.load(path.parent).get("kh.damage").look_up(["83"])
    assert "Defense HIT: ICM; SS; PS; ES; MS" in str(found.row), found.row


def test_the_lookup_command_with_a_damaged_cache(cache: Path) -> None:
    runner = CliRunner()
    first = runner.invoke(app, ["table", "lookup", "kh.damage", "83"], catch_exceptions=False)
    assert first.exit_code == 0
    damaged = cache_file(cache)
    good = damaged.read_bytes()
    for place in in_result(good):
        bad = bytearray(good)
        bad[place] ^= 0x20
        damaged.write_bytes(bytes(bad))
        again = runner.invoke(app, ["table", "lookup", "kh.damage", "83"], catch_exceptions=False)
        assert (again.exit_code, again.stdout) == (0, first.stdout)
