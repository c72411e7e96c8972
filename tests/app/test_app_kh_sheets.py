"""A side's ships in one table on the battle's Ships screen: every starting speed (t) and the moving
side's moves (m), typed as on a spreadsheet, the ADF and MR points worked out for the referee to
check, each table entered as one action and undone as one. The Stand, turn 1 (Sathar first)."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from referee import storage
from referee.knight_hawks import battle_file
from referee.tui.app import RefereeApp
from referee.tui.battle.sheets import MovesSheet, SpeedsSheet
from tests.helpers.app import burst, drive
from tests.helpers.app_kh import TABLES, read, scenario

SATHAR = ["Maelstrom", "Bludgeon", "Viper", "Deathstroke", "Carrion"]
UPF = ["Z'Rak't Zoz", "Shimmer", "Zz' Nakk'T", "Rapier", "Lancet"]


def test_every_starting_speed_in_one_table_entered_as_one_action(tmp_path: Path) -> None:
    """t: the ships with a speed of their own, both sides, at the scenario's speed (0: "traveling at
    any speed desired"); the fighters docked or aboard and the station have none. Typed down the
    Speed column in one burst, entered with Ctrl+A: one action, a log line a side, one undo."""
    path = scenario(tmp_path / "stand.toml", "the-stand")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("t")
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, SpeedsSheet), sheet
        assert list(sheet.rows) == [*SATHAR, *UPF]
        assert {r["speed"] for r in sheet.rows.values()} == {"0"}
        speeds = ["2", "3", "3", "3", "2", "1", "5", "5", "6", "6"]
        await burst(app, pilot, *[k for s in speeds for k in (*s, "enter")], "ctrl+a")
        await pilot.pause()
        assert not isinstance(app.screen, SpeedsSheet)
        battle = app.journal.state
        assert [battle.ship(n).speed for n in [*SATHAR, *UPF]] == [int(s) for s in speeds]
        assert [e.text for e in battle.log[-2:]] == [
            "starting speeds, Sathar: the Maelstrom 2 (was 0), the Bludgeon 3 (was 0), the Viper 3 (was 0), the Deathstroke 3 (was 0), the Carrion 2 (was 0)",
            "starting speeds, UPF: the Z'Rak't Zoz 1 (was 0), the Shimmer 5 (was 0), the Zz' Nakk'T 5 (was 0), the Rapier 6 (was 0), the Lancet 6 (was 0)",
        ]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert {app.journal.state.ship(n).speed for n in [*SATHAR, *UPF]} == {0}

    drive(path, play)


def moving_at(tmp_path: Path) -> Path:
    """The Stand with the Sathar under way: the Bludgeon at 3 (ADF 3, MR 3), the Carrion at 2 (ADF 2,
    MR 1), the rest at 0."""
    path = scenario(tmp_path / "stand.toml", "the-stand")
    battle = read(path)
    battle = battle.with_ships([battle.ship("Bludgeon")._replace(speed=3), battle.ship("Carrion")._replace(speed=2)])
    storage.write_text(path, battle_file.text(battle, TABLES))
    return path


def test_a_sides_moves_in_one_table_the_points_worked_out_and_checked(tmp_path: Path) -> None:
    """m: the Sathar ships still to move. The Bludgeon goes from 3 to 5 with 2 turns: 2 of its 3 ADF,
    2 of its 3 MR, allowed. The Carrion from 2 to 5 would take 3 ADF points of its 2: refused on its
    row, and Ctrl+A refuses the table, naming it; typed 4 instead, allowed. The Maelstrom's speed
    blanked: it moves later. One action, one undo."""
    path = moving_at(tmp_path)

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("m")
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, MovesSheet), sheet
        assert list(sheet.rows) == SATHAR
        table = sheet.query_one(DataTable)
        await burst(app, pilot, "delete", "down", *"5", "tab", "2", "enter", "down", "down", *"5", "tab", "0", "enter")
        await pilot.pause()
        assert [sheet.rows["Bludgeon"][k] for k in ("speed", "turns", "adf_used", "mr_used", "check")] == ["5", "2", "2 of 3", "2 of 3", "ok"]
        assert [sheet.rows["Carrion"][k] for k in ("adf_used", "check")] == ["3 of 2", "no"]
        table.move_cursor(row=4, column=2)
        await pilot.pause()
        what = str(sheet.query_one("#note", Static).content)
        assert "it can move 0 to 4 hexes this turn, not 5" in what, what
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert isinstance(app.screen, MovesSheet)
        assert "the Carrion's row: the Carrion had speed 2" in str(sheet.query_one("#error-cell", Static).content)
        await burst(app, pilot, "4", "enter", "ctrl+a")
        await pilot.pause()
        assert not isinstance(app.screen, MovesSheet)
        battle = app.journal.state
        assert battle.moved == {"Bludgeon", "Viper", "Deathstroke", "Carrion"} and battle.ship("Maelstrom").name not in battle.moved
        assert (battle.ship("Bludgeon").speed, battle.ship("Carrion").speed) == (5, 4)
        texts = [e.text for e in battle.log]
        assert "the Bludgeon moves 5 hexes: speed 3 -> 5 (2 ADF points of 3), 2 turns (2 of MR 3)" in texts
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.journal.state.moved == frozenset()

    drive(path, play)


def test_an_evaders_row_asks_its_turns_in_the_apps_words(tmp_path: Path) -> None:
    """Evasive Maneuvers: the Bludgeon evaded, so its next move turns in every hex until its MR is
    used up: its row comes with 3 turns; typed 1, the row says why not in the table's words."""
    path = moving_at(tmp_path)
    battle = read(path)
    storage.write_text(path, battle_file.text(battle.with_ships([battle.ship("Bludgeon")._replace(must_turn=True)]), TABLES))

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("m")
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, MovesSheet)
        assert sheet.rows["Bludgeon"]["turns"] == "3"
        sheet.query_one(DataTable).move_cursor(row=1, column=3)
        await burst(app, pilot, "1", "enter", "up")
        await pilot.pause()
        what = str(sheet.query_one("#note", Static).content)
        assert "Turns: give 3, not 1" in what and "--mr" not in what, what
        await pilot.press("escape")

    drive(path, play)


def test_n_ends_the_half_from_every_battle_screen_asking_first_what_it_passes_over(tmp_path: Path) -> None:
    """n on the Dice & Tables screen at the start of The Stand asks first: the set-up ends, and no
    Sathar move is recorded; n there (no) changes nothing, y ends the half. On the Log screen the
    UPF half ends the same way; on the Fire screen a shot announced and not fired is named, and goes
    with the half. Once every ship of the side has moved and nothing is announced, n asks nothing."""
    from referee.tui.dialogs import ConfirmDialog
    from tests.helpers.app_kh import announce, moves

    path = moving_at(tmp_path)

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("3", "n")
        await pilot.pause()
        asked = app.screen
        assert isinstance(asked, ConfirmDialog) and asked.title_text == "End Sathar's half of turn 1?"
        said = asked.text.plain
        assert "the set-up ends" in said and "no move recorded (m) for the Maelstrom, the Bludgeon" in said, said
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmDialog) and app.journal.state.moving == "Sathar"
        await pilot.press("n", "y")
        await pilot.pause()
        assert (app.journal.state.turn, app.journal.state.moving) == (1, "UPF")
        await announce(app, pilot, "Shimmer", "LB", "Bludgeon", "4")
        assert len(app.kind_of("battle").volley) == 1
        await pilot.press("n")
        await pilot.pause()
        assert "1 shot(s) announced on the Fire screen and not fired are dropped" in app.screen.text.plain  # type: ignore[attr-defined]
        await pilot.press("y")
        await pilot.pause()
        assert (app.journal.state.turn, app.journal.state.moving) == (2, "Sathar") and app.kind_of("battle").volley == []
        await pilot.press("1")
        await moves(app, pilot, {name: (speed, 0) for name, speed in (("Maelstrom", 0), ("Bludgeon", 3), ("Viper", 0), ("Deathstroke", 0), ("Carrion", 2))})
        await pilot.press("4", "n")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmDialog)
        assert (app.journal.state.turn, app.journal.state.moving) == (2, "UPF")

    drive(path, play)
