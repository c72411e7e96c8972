"""One file to carry a game: ``referee pack FILE OUT`` (``referee campaign pack`` for a campaign)
writes the file - a campaign, a Knight Hawks battle, a Starfleet Wars engagement or a Stellar
Inferno scenario - with what lives beside it: a campaign's log (``NAME.log``) and the undo
history (``NAME.history``), into one zip file.

A zip of the standard library's (deflated): the members are the usual files, byte for byte and by
their own names, so any unzip tool gives them back too; the undo history, an SQLite database, goes
in as it is (a TOML pack would have to spell it out in base64), and the zip's checksums and ours
tell a damaged pack. Beside them ``pack.toml`` says what the pack is: its format and version, the
kind and name of the file, when it was packed, and the SHA-256 of each member, so that a pack
changed by hand (or by a zip tool that lost a member) is refused in one line, before anything is
written.

Opening a pack (any command that takes a file, ``referee play``, the app's open, ``referee view``:
:func:`referee.places.found` asks :func:`opened`) unpacks it beside itself, once, as the usual
files under the name they were packed with (``war-1.toml``, ``war-1.toml.log``,
``war-1.toml.history``), and the game goes on from those: its saves, undo and redo are theirs. A
pack opened again finds them: the same files, or the same war played on since (the pack's state
in their undo history, its log the start of theirs), open as they are; anything else by those
names - another war - is refused, naming it, and nothing is written over."""

from __future__ import annotations

import io
import os
import re
import zipfile
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from referee import history, storage, strict
from referee.errors import RefereeError

FORMAT = "referee pack"
VERSION = 1
MANIFEST = "pack.toml"
PACK_LIMIT = 256 * 2**20  # bytes of a pack read at most
HISTORY_LIMIT = 64 * 2**20  # bytes of an undo history unpacked at most (it keeps 16 MB of compressed states)
_NAME = re.compile(r"[^/\\:\x00-\x1f]{1,200}\.toml")  # a file's own name, no folder


class Packed(NamedTuple):
    """What a pack holds: the file's kind and name, and each member's bytes by its name."""

    kind: str
    name: str
    members: dict[str, bytes]

    @property
    def state(self) -> bytes:
        return self.members[self.name]


# ---------------------------------------------------------------------- packing


def pack(source: Path, out: Path, kind: str = "", force: bool = False) -> tuple[Path, Packed]:
    """Pack the file at ``source`` (of ``kind``, if given) with its log and undo history into
    ``out`` (written whole or not at all; an existing ``out`` is refused unless ``force``). The file
    must open as it is; it is read under its lock, so no save is packed half done."""
    from referee import places, tables
    from referee.journal import Journal

    source = places.found(source, kind or "campaign or battle", unpack=False)
    if places.is_pack(source):
        raise RefereeError(f"{source} is a pack already: open it (referee play {source}) or pack the file it unpacks to")
    real = storage.target(source)
    if os.path.abspath(out) in (os.path.abspath(source), os.path.abspath(real)) or out.name in unpacked_names(real.name):
        raise RefereeError(f"name the pack otherwise than {real.name} and the files beside it (e.g. {real.stem}.zip): opening it unpacks those beside it")
    if storage.exists(out) and not force:
        raise RefereeError(f"{out} exists; give another name, or --force to replace it")
    with storage.locked(real, doing="pack"):
        journal = Journal.open(source, tables.load(), kind)  # (it opens: it is of its kind, and whole)
        assert journal.seen is not None
        members = {real.name: journal.seen.data}
        log = real.with_name(real.name + ".log")  # (a campaign's log: the kinds that keep one keep it there)
        if storage.exists(log):
            members[log.name] = storage.read_raw(log, "log")
        kept = journal.history.snapshot()
        journal.history.close()
        if kept is not None:
            members[history.beside(real).name] = kept
    found = Packed(journal.kind, real.name, members)
    _write(out, _zipped(found), replace=force)
    return out, found


def unpacked_names(name: str) -> tuple[str, str, str]:
    """The names a pack of the file ``name`` unpacks to: the file, its log and its undo history."""
    return name, name + ".log", name + history.SUFFIX


def _zipped(found: Packed) -> bytes:
    import tomli_w

    from referee.history import digest

    manifest = {
        "format": FORMAT,
        "version": VERSION,
        "kind": found.kind,
        "file": found.name,
        "packed": datetime.now().replace(microsecond=0),
        "sha256": {name: digest(data) for name, data in found.members.items()},
    }
    head = (
        f"# A game packed by referee (referee pack): {found.name} with what lives beside it, its log and undo\n"
        "# history. Open it with referee (play, view, any command that takes a file): it unpacks beside itself.\n"
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(MANIFEST, head + tomli_w.dumps(manifest))
        for name, data in found.members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


# ---------------------------------------------------------------------- opening


def read(path: Path) -> Packed:
    """The pack at ``path``, checked whole: a zip holding ``pack.toml`` of this format, the file it
    names and at most its log and undo history, each as packed (its SHA-256). Anything else - not
    a zip, damaged, a member changed, missing or added - is refused in one line, naming the pack."""
    from referee.history import digest

    try:
        if os.stat(path).st_size > PACK_LIMIT:
            raise RefereeError(f"{path} is over {PACK_LIMIT // 2**20} MB: too big for a pack")
        with zipfile.ZipFile(path) as archive:
            infos = {info.filename: info for info in archive.infolist()}
            if MANIFEST not in infos:
                raise RefereeError(f"{path} is a zip file, not a referee pack (it holds no {MANIFEST}): unzip it, or pack a file with referee pack FILE OUT")
            manifest = _manifest(_member(archive, infos[MANIFEST], storage.READ_LIMIT, path), path)
            name, sums = manifest["file"], manifest["sha256"]
            if set(infos) != {MANIFEST, *sums}:
                raise RefereeError(f"{path} holds {', '.join(sorted(set(infos) - {MANIFEST}))} where its {MANIFEST} names {', '.join(sorted(sums))} (changed by hand?): pack the file again")
            members = {}
            for member, wanted in sums.items():
                limit = HISTORY_LIMIT if member.endswith(".history") else storage.READ_LIMIT
                data = _member(archive, infos[member], limit, path)
                if digest(data) != wanted:
                    raise RefereeError(f"{path}: {member} in it is not what was packed (changed by hand?): pack the file again")
                members[member] = data
    except zipfile.BadZipFile as error:
        raise RefereeError(f"{path} is not a whole referee pack ({error}): damaged? pack the file again") from None
    except OSError as error:
        raise RefereeError(f"cannot read the pack {path}: {error.strerror or error}") from None
    return Packed(manifest["kind"], name, members)


def _member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int, path: Path) -> bytes:
    if info.file_size > limit:
        raise RefereeError(f"{path}: {info.filename} in it is over {limit // 2**20} MB: not a referee pack")
    with archive.open(info) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise RefereeError(f"{path}: {info.filename} in it is over {limit // 2**20} MB: not a referee pack")
    return data


def _manifest(raw: bytes, path: Path) -> dict[str, Any]:
    from referee import kinds

    where = f"{path}: {MANIFEST}"
    data = storage.parse(raw, Path(where), "pack")
    strict.keys(data, {"format", "version", "kind", "file", "packed", "sha256"}, where)
    strict.header(data, FORMAT, VERSION, where, "a referee pack")
    kind = strict.get(data, "kind", str, where)
    if kind not in {k.name for k in kinds.KINDS}:
        raise RefereeError(f"{where}: kind must be one of {', '.join(k.name for k in kinds.KINDS)}, not {kind!r}")
    name = strict.get(data, "file", str, where)
    if not _NAME.fullmatch(name) or name.startswith("."):
        raise RefereeError(f"{where}: file must be a file's own name ending .toml, not {name!r}")
    sums = strict.get(data, "sha256", dict, where)
    allowed = set(unpacked_names(name))
    if name not in sums or not set(sums) <= allowed or not all(isinstance(v, str) and re.fullmatch(r"[0-9a-f]{64}", v) for v in sums.values()):
        raise RefereeError(f"{where}: sha256 must give the hash of {name} and of its log and history if packed, not {str(sums)[:80]}")
    return data


def opened(path: Path) -> Path:
    """The file a pack unpacks to, beside it (:mod:`the module's words <referee.pack>`): written
    the first time, found after. Refused - nothing written - if the pack is not whole, or another
    war has those names there."""
    found = read(path)
    folder = path.parent
    target = folder / found.name
    there = {name: folder / name for name in unpacked_names(found.name) if os.path.lexists(folder / name)}
    if not there:
        for name in sorted(found.members, key=lambda n: n == found.name):  # the file itself last: its log and history are there when it is
            _write(folder / name, found.members[name])
        return target
    if found.name in there and _ours(found, target):
        for name, data in found.members.items():
            if name not in there:
                _write(folder / name, data)
        return target
    names = ", ".join(sorted(there))
    raise RefereeError(
        f"{path.name} unpacks to {found.name} beside it, but {names} there {'is' if len(there) == 1 else 'are'} of another war (or changed outside the referee): move {'it' if len(there) == 1 else 'them'} away, or open {found.name} itself; nothing was written"
    )


def _ours(found: Packed, target: Path) -> bool:
    """Whether the file at ``target`` is the pack's: the same text, or the same game played on
    since (the pack's text a state of its undo history, the pack's log the start of its log)."""
    try:
        now = storage.read_raw(target, found.kind)
    except RefereeError:
        return False
    log = found.members.get(found.name + ".log")
    if log is not None:
        try:
            beside = storage.read_raw(target.with_name(found.name + ".log"), "log")
        except RefereeError:
            beside = b""
        if not beside.startswith(log):
            return False
    if now == found.state:
        return True
    kept = history.History(history.beside(target))
    try:
        return history.digest(found.state) in kept.line().states
    except RefereeError:
        return False
    finally:
        kept.close()


def _write(path: Path, data: bytes, replace: bool = False) -> None:
    """Write a file whole or not at all (never over a file there, unless ``replace``)."""
    try:
        storage.write_new(path, data, replace=replace)
    except FileExistsError:
        raise RefereeError(f"cannot write {path}: a file of that name appeared meanwhile; nothing was written over") from None
    except OSError as error:
        raise RefereeError(f"cannot write {path}: {error.strerror or error} (name a folder that exists)") from None
