"""A battle as plain data, the shape of a battle file (campaigns/README.md), and back.

Reading is strict: an unknown key, a value of the wrong kind or a figure out of range is refused
with the ship and key named, so a hand-edited file cannot slip a wrong roster into the game.
"""

from __future__ import annotations

from typing import Any

from referee import kinds, storage, strict
from referee.errors import RefereeError
from referee.knight_hawks.battle import SEEKER_LIMIT, Battle, DockedTurns, Entry, Escape, Loss, Mine, Seeker, check, hex_name
from referee.knight_hawks.roster_file import ship_dict, ship_from_dict
from referee.tables import Tables

FORMAT = kinds.BATTLE.format
VERSION = 1
BATTLE_KEYS = {
    "format",
    "version",
    "name",
    "game",
    "source",
    "sides",
    "turn",
    "moving",
    "step",
    "fires_rolled",
    "repaired",
    "situation",
    "setup",
    "victory",
    "special_rules",
    "notes",
    "ships",
    "mines",
    "seekers",
    "log",
    "new_fires",
    "losses",
    "roll_for_side_a",
    "damage_table",
    "moved",
    "escapes",
    "docked_turns",
    "docked_this_turn",
    "attacked",
}


def from_dict(data: dict[str, Any], kh: Tables, start: bool = False) -> Battle:
    """The battle a file describes; anything malformed is refused, saying what and where.

    ``start``: a scenario read to start a battle from (kh start), which may still have side A to
    roll for (``roll_for_side_a``); a battle in play must have it decided.
    """
    where = "battle file"
    data = strict.keys(data, BATTLE_KEYS, where)
    strict.header(data, FORMAT, VERSION, where, "a Knight Hawks battle file")
    game = strict.get(data, "game", str, where)
    if game not in ("basic", "advanced"):
        raise RefereeError(f"{where}: game must be basic or advanced, not {game!r}")
    sides = strict.words(data, "sides", where)
    if len(sides) != 2:
        raise RefereeError(f"{where}: sides must name two sides, Player A first, e.g. ['Sathar', 'UPF']")
    step = strict.get(data, "step", str, where, "turn")
    if step not in ("turn", "repair"):
        raise RefereeError(f"{where}: step must be turn or repair, not {step!r}")
    battle = Battle(
        name=strict.get(data, "name", str, where),
        game=game,  # type: ignore[arg-type]
        sides=(sides[0], sides[1]),
        ships=strict.items(data, "ships", lambda item, at: ship_from_dict(item, at, game, kh)),
        turn=strict.get(data, "turn", int, where, 1, low=1),
        moving=strict.get(data, "moving", str, where, sides[0]),
        step=step,  # type: ignore[arg-type]
        fires_rolled=strict.get(data, "fires_rolled", bool, where, False),
        repaired=frozenset(strict.words(data, "repaired", where)),
        mines=strict.items(data, "mines", _mine),
        seekers=strict.items(data, "seekers", _seeker),
        new_fires=frozenset(strict.words(data, "new_fires", where)),
        losses=strict.items(data, "losses", _loss),
        moved=frozenset(strict.words(data, "moved", where)),
        escapes=strict.items(data, "escapes", _escape),
        docked_turns=strict.items(data, "docked_turns", _docked_turns),
        docked_this_turn=frozenset(strict.words(data, "docked_this_turn", where)),
        attacked=frozenset(strict.words(data, "attacked", where)),
        log=strict.items(data, "log", _entry),
        source=strict.get(data, "source", str, where, ""),
        situation=strict.get(data, "situation", str, where, "", lines=True),
        setup=strict.get(data, "setup", str, where, "", lines=True),
        victory=strict.get(data, "victory", str, where, "", lines=True),
        special_rules=strict.words(data, "special_rules", where, lines=True),
        notes=strict.words(data, "notes", where, lines=True),
        roll_for_side_a=strict.get(data, "roll_for_side_a", bool, where, False),
        damage_table=strict.get(data, "damage_table", bool, where, True),
    )
    if not battle.ships:
        raise RefereeError(f"{where}: no ships ([[ships]] tables)")
    if battle.roll_for_side_a and not start:
        raise RefereeError(f"{where}: side A is still to be rolled for (roll_for_side_a): start the battle from it with referee kh start, which rolls (or takes --roll SIDE=N)")
    return check(battle)


def _mine(item: object, where: str) -> Mine:
    table = strict.keys(item, {"hex", "side"}, where)
    return Mine(hex_name(strict.get(table, "hex", str, where), f"{where}: hex"), strict.get(table, "side", str, where))


def _seeker(item: object, where: str) -> Seeker:
    table = strict.keys(item, {"hex", "side", "active", "moved", "turn"}, where)
    moved = strict.get(table, "moved", int, where, 0)
    if moved not in range(0, SEEKER_LIMIT, 2):
        raise RefereeError(f"{where}: moved must be 0, 2, 4, 6 ... {SEEKER_LIMIT - 2} hexes (on {SEEKER_LIMIT} it detonated and is gone), not {moved}")
    seeker = Seeker(
        hex_name(strict.get(table, "hex", str, where), f"{where}: hex"),
        strict.get(table, "side", str, where),
        strict.get(table, "active", bool, where, False),
        moved,
        strict.get(table, "turn", int, where, 0, low=0),
    )
    if not seeker.active and (seeker.moved or seeker.turn):
        raise RefereeError(f"{where}: a seeker not yet activated has not moved: leave out moved and turn (or give active = true)")
    if seeker.active and not (seeker.moved and seeker.turn):
        raise RefereeError(f"{where}: an active seeker has moved: give moved (2, 4 ...) and the turn it last moved")
    return seeker


def _loss(item: object, where: str) -> Loss:
    table = strict.keys(item, {"ship", "turn", "half", "shooting"}, where)
    return Loss(
        strict.get(table, "ship", str, where),
        strict.get(table, "turn", int, where, low=1),
        strict.get(table, "half", str, where),
        strict.get(table, "shooting", bool, where),
    )


def _escape(item: object, where: str) -> Escape:
    table = strict.keys(item, {"ship", "turn", "toward"}, where)
    return Escape(strict.get(table, "ship", str, where), strict.get(table, "turn", int, where, low=1), strict.get(table, "toward", str, where, ""))


def _docked_turns(item: object, where: str) -> DockedTurns:
    table = strict.keys(item, {"ship", "station", "turns"}, where)
    return DockedTurns(strict.get(table, "ship", str, where), strict.get(table, "station", str, where), strict.get(table, "turns", int, where, low=1))


def _entry(item: object, where: str) -> Entry:
    table = strict.keys(item, {"turn", "side", "text", "rolls", "rule"}, where)
    return Entry(
        strict.get(table, "turn", int, where, low=1),
        strict.get(table, "side", str, where),
        strict.get(table, "text", str, where, lines=True),
        strict.words(table, "rolls", where),
        strict.get(table, "rule", str, where, ""),
    )


def to_dict(battle: Battle) -> dict[str, Any]:
    """The battle as a battle file's tables (read back by :func:`from_dict` to the same battle).

    ``damage_table``, ``roll_for_side_a``, ``new_fires``, ``losses``, ``moved``, ``escapes``,
    ``docked_turns``, ``docked_this_turn`` and ``attacked`` are written only when they say something:
    the Damage Table in use, side A decided, no new fires, no ship destroyed, none moved, none gone off
    the map, no complete game turn docked, none docked in this game turn, none attacked in it."""
    rules: dict[str, Any] = {"damage_table": False} if not battle.damage_table else {}
    if battle.roll_for_side_a:
        rules["roll_for_side_a"] = True
    state: dict[str, Any] = {"new_fires": sorted(battle.new_fires)} if battle.new_fires else {}
    if battle.losses:
        state["losses"] = [loss._asdict() for loss in battle.losses]
    if battle.moved:
        state["moved"] = sorted(battle.moved)
    if battle.escapes:
        state["escapes"] = [{k: v for k, v in e._asdict().items() if v != ""} for e in battle.escapes]
    if battle.docked_turns:
        state["docked_turns"] = [d._asdict() for d in battle.docked_turns]
    if battle.docked_this_turn:
        state["docked_this_turn"] = sorted(battle.docked_this_turn)
    if battle.attacked:
        state["attacked"] = sorted(battle.attacked)
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": battle.name,
        "game": battle.game,
        **rules,
        "source": battle.source,
        "sides": list(battle.sides),
        "turn": battle.turn,
        "moving": battle.moving,
        "step": battle.step,
        "fires_rolled": battle.fires_rolled,
        "repaired": sorted(battle.repaired),
        "situation": battle.situation,
        "setup": battle.setup,
        "victory": battle.victory,
        "special_rules": list(battle.special_rules),
        "notes": list(battle.notes),
        "ships": [ship_dict(s) for s in battle.ships],
        "mines": [m._asdict() for m in battle.mines],
        "seekers": [s._asdict() for s in battle.seekers],
        **state,
        "log": [entry_dict(e) for e in battle.log],
    }


def entry_dict(entry: Entry) -> dict[str, Any]:
    """A log line as plain data (the file's [[log]] table, and the commands' --json)."""
    return {"turn": entry.turn, "side": entry.side, "text": entry.text, "rolls": list(entry.rolls), "rule": entry.rule}


def text(battle: Battle, kh: Tables) -> str:
    """The battle file's text, once it reads back as a load reads it to the same battle: a battle
    that would not load is refused before anything is written (storage.checked_text)."""
    return written(battle, kh)[0]


def written(battle: Battle, kh: Tables) -> tuple[str, dict[str, Any]]:
    """:func:`text`, and the tables it reads back to."""
    return storage.checked_text(to_dict(battle), lambda data: from_dict(data, kh), battle, "battle")
