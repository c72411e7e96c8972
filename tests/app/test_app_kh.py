"""A Knight Hawks battle in the app, driven through Textual's pilot as a referee drives it: shots
announced from lists and fired with the dice rolled at the table, the turn moved on, undo, a
battle started from a scenario's name, and a battle fought from a campaign and closed back into
it. The rosters are checked against figures worked out by hand from the book."""

from __future__ import annotations

import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, SelectionList

from referee import storage
from referee.errors import RefereeError
from referee.knight_hawks import battle_file
from referee.knight_hawks.combat_phase import Report
from referee.sathar_war import battles, campaign_file
from referee.tui.app import RefereeApp
from referee.tui.battle import actions
from referee.tui.battle.start import new_battle
from referee.tui.choice import Choice
from referee.tui.dialogs import ConfirmDialog, DiceDialog, FormDialog, OutcomeBox, OutcomeDialog
from tests.helpers.app import drive
from tests.helpers.app_kh import TABLES, announce, fill, moves, read, roll, scenario
from tests.helpers.campaign import SATHAR, UPF, at_kawdl_kit
from tests.helpers.snapshots import compare, settled

Scenario = Callable[[RefereeApp, Pilot[None]], Awaitable[None]]


def test_surprise_attack_basic_two_turns_with_the_dice_rolled_at_the_table(tmp_path: Path) -> None:
    """Surprise Attack (Basic Game). Turn 1, the Sathar half: the Venomous announces its laser cannon
    and its laser battery at the Z'Gata, 5 hexes away, then rolls them. The laser cannon: 60%
    against a reflective hull (Basic Combat Table), less 5% a hex of range diffusion = 35%; 20
    hits; 2d10 rolled 13: the Z'Gata 40 -> 27. The laser battery: 50% less 25% = 25%; 96 always
    misses. The UPF half: Doliin Bay's laser battery at the Venomous, 3 hexes: 35%; 05 always hits;
    1d10 rolled 7: 50 -> 43. Undo takes the hit back, redo puts it again."""
    path = scenario(tmp_path / "surprise.toml", "surprise-attack")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await announce(app, pilot, "Venomous", "LC", "Z'Gata", "5")
        await announce(app, pilot, "Venomous", "LB", "Z'Gata", "5")
        assert [s.weapon for s in app.kind_of("battle").volley] == ["LC", "LB"]
        await pilot.press("f")
        await pilot.pause()
        dialog = await roll(app, pilot, {"shot 1": "20", "shot 1: hull damage": "13", "shot 2": "96"})
        assert "35% to hit, 20 <= 35: hit" in dialog.query_one("#outcome").content.plain
        await pilot.press("enter")
        await pilot.pause()
        assert app.kind_of("battle").volley == []  # fired: the list is empty
        assert app.journal.state.ship("Z'Gata").hull == 27
        await pilot.press("1")
        await pilot.press("n", "y")
        await pilot.pause()
        assert app.journal.state.moving == "UPF"
        await announce(app, pilot, "Doliin Bay", "LB", "Venomous", "3")
        await pilot.press("f")
        await pilot.pause()
        await roll(app, pilot, {"shot 1": "5", "shot 1: hull damage": "7"})
        await pilot.press("enter")
        await pilot.pause()
        assert app.journal.state.ship("Venomous").hull == 43
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.journal.state.ship("Venomous").hull == 50
        await pilot.press("ctrl+y")
        await pilot.pause()

    drive(path, play)
    battle = read(path)
    assert (battle.ship("Z'Gata").hull, battle.ship("Venomous").hull) == (27, 43)
    assert battle.ship("Venomous").shots == ()  # a new half: the shots of the last are cleared
    texts = [e.text for e in battle.log]
    assert any("Venomous fires its laser cannon at the Z'Gata" in t and "hull 40 -> 27" in t for t in texts)
    assert any("96" in t and "miss" in t for t in texts)
    assert any(r.startswith("d100: entered at the table = 5 (entered)") for e in battle.log for r in e.rolls)


def test_a_shot_the_rules_forbid_is_not_offered_and_nothing_is_listed(tmp_path: Path) -> None:
    """Assault rockets are Moving Player Only weapons: the Stiletto's are not offered in the Sathar
    half, its laser battery is; such a shot is refused when it is tried, and nothing is listed."""
    path = scenario(tmp_path / "surprise.toml", "surprise-attack")
    before = path.read_bytes()

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "a")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        form.query_one("#field-firer", Choice).value = "Stiletto"
        await pilot.pause()
        assert [str(v) for _, v in form.query_one("#field-weapon", Choice).options] == ["LB"]  # its assault rockets: not in this half
        with pytest.raises(RefereeError, match="Moving Player Only"):
            actions.check_volley(app.journal.state, app.tables, [actions.Announced("Stiletto", "AR", "Venomous", Report(2))])
        await pilot.press("escape")
        assert app.kind_of("battle").volley == []

    drive(path, play)
    assert path.read_bytes() == before


def test_the_stand_advanced_a_damage_table_hit_its_odds_and_the_repair_turn(tmp_path: Path) -> None:
    """The Stand (Advanced Game). The Bludgeon fires its laser battery at the Rapier, 2 hexes away:
    the Fire screen shows the odds first; 50% less 10% of range diffusion = 40%; 10 hits; the Damage
    Table d100 30 + the laser battery's DTM 0 falls in the band 11 to 45, a hull hit; 1d10 rolled 6:
    hull 15 -> 9. After turn 3 comes the repair turn: the Rapier allots 10 DCR points to its hull;
    d100 4 is 10 or less, a success; 1d10 rolled 5 restores 5 hull points: 9 -> 14."""
    path = scenario(tmp_path / "stand.toml", "the-stand")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await announce(app, pilot, "Bludgeon", "LB", "Rapier", "2")
        odds = app.screen.query_one("#odds").content.plain
        assert "to hit" in odds and "destroyed" in odds
        await pilot.press("f")
        await pilot.pause()
        await roll(app, pilot, {"shot 1": "10", "shot 1: Damage Table roll": "30", "shot 1: hull damage": "6"})
        await pilot.press("enter")
        await pilot.pause()
        assert app.journal.state.ship("Rapier").hull == 9
        await pilot.press("1")
        for _ in range(6):
            await pilot.press("n", "y")
            await pilot.pause()
        assert app.journal.state.step == "repair"
        await pilot.press("e")
        await pilot.pause()
        await fill(app, pilot, ship="Rapier", repairs="hull=10")
        await roll(app, pilot, {"repair 1": "4", "repair 1: hull points restored": "5"})
        await pilot.press("enter")
        await pilot.pause()

    drive(path, play)
    battle = read(path)
    assert battle.ship("Rapier").hull == 14  # 9 + the 1d10 of a successful hull repair, rolled 5
    assert "Rapier" in battle.repaired


def test_a_volleys_outcome_is_shown_in_the_dice_dialogs_place_and_esc_changes_nothing(tmp_path: Path) -> None:
    """The Stand (Advanced Game): five Sathar shots at the Ken'Zah Station, rolled for the referee.
    The outcome takes the dice dialog's place; at 80x24 it is taller than the screen, and the
    arrow keys scroll it. Esc there changes nothing: the file is as it was and the five shots are
    still announced. Fired again, the same dice dialog asks afresh, its fields empty; 96 to 00
    always misses, so the five totals typed as 96 leave the station's 140 hull points whole. A
    volley that asks other rolls gets a new dice dialog, and the old one is removed."""
    path = scenario(tmp_path / "stand.toml", "the-stand")
    shots = (("Bludgeon", "LC", "2"), ("Viper", "LC", "2"), ("Deathstroke", "DC", "2"), ("Carrion", "LB", "1"), ("Bludgeon", "RB", "2"))

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        for firer, weapon, range_ in shots:
            await announce(app, pilot, firer, weapon, "Ken'Zah Station", range_)
        before = path.read_bytes()
        await pilot.press("f")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, DiceDialog) and len(dialog.rolls) == 5
        await pilot.press("ctrl+r")
        await pilot.pause()
        shown = app.screen
        assert isinstance(shown, OutcomeDialog)
        text = shown.query_one("#outcome").content.plain
        assert text.count("fires its") == 5 and "to hit" in text
        frame = shown.query_one(".dialog")
        assert frame.max_scroll_y > 0  # taller than 24 lines
        await pilot.press("pagedown")
        await pilot.pause()
        assert frame.scroll_y > 0
        await pilot.press("escape")
        await pilot.pause()
        assert app.page() is not None and app.page().NAME == "fire" and not isinstance(app.screen, (DiceDialog, OutcomeDialog))
        assert path.read_bytes() == before and len(app.kind_of("battle").volley) == 5
        await pilot.press("f")
        await pilot.pause()
        assert app.screen is dialog and all(dialog.query_one(f"#roll-{n}", Input).value == "" for n in range(5))
        assert dialog.focused is dialog.query_one("#roll-0", Input)
        for number in range(5):
            dialog.query_one(f"#roll-{number}", Input).value = "96"
        await pilot.press("enter")
        await pilot.pause()
        shown = app.screen
        assert isinstance(shown, OutcomeDialog) and shown.query_one(OutcomeBox).scroll_y == 0  # shown from its top again
        assert shown.query_one("#outcome").content.plain.count("96: 96 or more always misses (Automatic Hits and Misses)") == 5
        await pilot.press("enter")
        await pilot.pause()
        assert app.kind_of("battle").volley == [] and not isinstance(app.screen, (DiceDialog, OutcomeDialog))
        # a volley of one shot asks other rolls: a new dialog, and the one of five is gone, widgets and all
        await announce(app, pilot, "Maelstrom", "LB", "Ken'Zah Station", "3")
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, DiceDialog) and app.screen is not dialog and len(app.screen.rolls) == 1
        assert not dialog.is_running

    drive(path, play)
    assert read(path).ship("Ken'Zah Station").hull == 140


def test_a_battle_starts_from_a_scenario_name_in_the_campaigns_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    first, second = new_battle("the-stand", TABLES), new_battle("the-stand", TABLES)
    assert (first.name, second.name) == ("the-stand-1.toml", "the-stand-2.toml")
    assert read(first).name == "The Stand" and read(first).turn == 1


def test_a_battle_fought_from_the_campaign_goes_back_into_it_as_one_undoable_action(tmp_path: Path) -> None:
    """Day 5, the Sathar attack at Kawdl-Kit (Advanced Rules): f fights it on the battle screens;
    the Sathar Destroyer 1's laser cannon hits the TF Prenglar Frigate 1 at 3 hexes (10; Damage
    Table 30: hull hit; 2d10 rolled 11: 40 -> 29); c closes it, y takes it into the campaign."""
    campaign = battles.declare(at_kawdl_kit(SATHAR[:2], UPF[:3]), TABLES, "K'tsa-Kar", rules="advanced").campaign
    path = tmp_path / "war.toml"
    storage.write_text(path, campaign_file.text(campaign, TABLES))

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("5")
        await pilot.press("f")
        await pilot.pause()
        assert app.journal.kind == "battle" and app.kind_of("battle").below
        await announce(app, pilot, "Sathar Destroyer 1", "LC", "TF Prenglar Frigate 1", "3")
        await pilot.press("f")
        await pilot.pause()
        await roll(app, pilot, {"shot 1": "10", "shot 1: Damage Table roll": "30", "shot 1: hull damage": "11"})
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1")
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause()
        assert app.journal.kind == "campaign" and not app.kind_of("battle").below
        assert app.journal.state.unit("TF Prenglar Frigate 1").roster.hull == 29
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.journal.state.unit("TF Prenglar Frigate 1").roster.hull == 40
        await pilot.press("ctrl+y")
        await pilot.pause()

    drive(path, play)
    after = campaign_file.read(path, TABLES)
    assert after.unit("TF Prenglar Frigate 1").roster.hull == 29
    assert any("taken into the campaign" in e.text or "after the battle" in e.text for e in after.log)
    record = tmp_path / "war.day-5-sathar-attack-at-kawdl-kit.toml"
    assert read(record).ship("TF Prenglar Frigate 1").hull == 29


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_the_battle_screens_match_their_snapshots(size: tuple[int, int], tmp_path: Path) -> None:
    """The Ships and Fire screens of The Stand, 22 ships, at 80x24 and 160x50."""
    folder = tmp_path / "battle"
    folder.mkdir()
    path = scenario(folder / "the-stand.toml", "the-stand")
    shown: dict[str, str] = {}

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        shown["ships"] = await settled(app, pilot)
        await announce(app, pilot, "Bludgeon", "LB", "Rapier", "2")
        shown["fire"] = await settled(app, pilot)

    drive(path, play, size)
    for name, text in shown.items():
        compare(f"battle-{name}-{size[0]}x{size[1]}", text)
    shutil.rmtree(folder)


def test_surprise_attack_the_z_gata_evacuates_doliin_bay_and_flies_off_for_a_upf_victory(tmp_path: Path) -> None:
    """Surprise Attack's special rule and victory conditions: the Z'Gata, docked at Doliin Bay from
    the start, has spent three complete game turns there after turn 3 (the station is evacuated);
    in the UPF half of turn 4 it leaves the station (k), moves at speed 2 (m: 2 ADF points, no turn)
    and flies off the map (o): "the UPF has won this battle", and the Ships screen says so. Then the steps of play are refused,
    naming the verdict, until Ctrl+Z takes the escape back."""
    path = scenario(tmp_path / "surprise.toml", "surprise-attack")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        for _ in range(7):  # turns 1-3, both halves, and the Sathar half of turn 4
            await pilot.press("n", "y")
            await pilot.pause()
        battle = app.journal.state
        assert (battle.turn, battle.moving) == (4, "UPF") and battle.docked_turns_at("Z'Gata", "Doliin Bay") == 3
        await pilot.press("k")
        await pilot.pause()
        await fill(app, pilot, ship="Z'Gata")  # the only choice for a docked ship: leave the station
        assert not app.journal.state.ship("Z'Gata").docked_at
        await moves(app, pilot, {"Z'Gata": (2, 0)})
        assert app.journal.state.ship("Z'Gata").speed == 2 and "Z'Gata" in app.journal.state.moved
        await pilot.press("o")
        await pilot.pause()
        await fill(app, pilot, ship="Z'Gata")
        panel = app.screen.query_one("#next").content.plain
        assert panel.startswith("OVER") and "UPF victory" in panel, panel
        steps = len(app.journal.past)
        await pilot.press("n")  # the battle is over: no more steps of play, on either screen
        await pilot.pause()
        said = app.query_one("#said").content.plain
        assert said.startswith("the battle is over (UPF victory") and "Ctrl+Z" in said, said
        await pilot.press("2", "a")
        await pilot.pause()
        assert not isinstance(app.screen, FormDialog) and len(app.journal.past) == steps
        await pilot.press("ctrl+z")  # the escape taken back: the battle goes on
        await pilot.pause()
        await pilot.press("1", "n", "y")
        await pilot.pause()
        assert app.journal.state.moving == "Sathar" and app.journal.state.turn == 5

    drive(path, play)
    battle = read(path)
    assert battle.escape("Z'Gata") is None and battle.turn == 5


def test_close_escort_asks_each_sides_die_for_side_a_before_the_app_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Close Escort: "each player rolls a die. The player rolling the higher number is side A, and
    moves first." Typed as rolled at the table: 11 is refused (a d10), then Sathar 4 and UPF 7:
    the UPF is side A and moves first; the roll is in the battle's log."""
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    typed = iter(["11", "4", "7"])
    path = new_battle("close-escort", TABLES, lambda prompt: next(typed))
    battle = read(path)
    assert battle.sides == ("UPF", "Sathar") and battle.moving == "UPF" and not battle.roll_for_side_a
    assert "11 cannot be rolled on 1d10" in capsys.readouterr().out
    assert "Sathar 4, UPF 7: UPF rolled higher" in battle.log[-1].text


def test_icms_and_the_ships_a_mine_or_drone_attacks_are_picked_from_lists(tmp_path: Path) -> None:
    """The Battle of Fortress Kdikit (Basic Game), the Sathar half of turn 1. The Star Scourge
    announces a torpedo at the Admiral Clinton, 3 hexes away; the ICMs that may defend it are
    picked from a list, which holds only the Admiral Clinton (Basic Game: ICMs defend only the ship
    that launches them), and it launches 2: torpedo 70% against a reflective hull, less 10% an ICM
    (Basic Combat Table) = 50%. 50 hits; 4d10 rolled 22: the Admiral Clinton 120 -> 98, its ICMs 9
    -> 7, the Star Scourge's torpedos 4 -> 3. The Mines attack and Drone forms list the ships to
    mark: the side moving's ships on the map, and every ship but the drone."""
    path = scenario(tmp_path / "kdikit.toml", "fortress-kdikit")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "a")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        form.query_one("#field-firer", Choice).value = "Star Scourge"
        await pilot.pause()
        form.query_one("#field-target", Choice).value = "Admiral Clinton"
        await pilot.pause()
        launchers = form.query_one("#field-icms_from", Choice)
        assert [value for _, value in launchers.options if isinstance(value, str)] == ["Admiral Clinton"]
        await fill(app, pilot, weapon="T", range="3", icms_from="Admiral Clinton", icms="2")
        assert app.kind_of("battle").volley[0].report.icms == (("Admiral Clinton", 2),)
        await pilot.press("f")
        await pilot.pause()
        dialog = await roll(app, pilot, {"shot 1": "50", "shot 1: hull damage": "22"})
        assert "50% to hit" in dialog.query_one("#outcome").content.plain
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1", "i")
        await pilot.pause()
        marks = app.screen.query_one("#field-ships", SelectionList)
        sathar = {s.name for s in app.journal.state.ships if s.side == "Sathar" and not s.carried_by}
        assert {marks.get_option_at_index(n).value for n in range(marks.option_count)} == sathar
        await pilot.press("escape", "d")
        await pilot.pause()
        await fill(app, pilot, ship="Stinger")
        marks = app.screen.query_one("#field-ships", SelectionList)
        listed = {marks.get_option_at_index(n).value for n in range(marks.option_count)}
        assert "Stinger" not in listed and {"Admiral Clinton", "Star Scourge"} <= listed
        await pilot.press("escape")

    drive(path, play)
    battle = read(path)
    clinton, scourge = battle.ship("Admiral Clinton"), battle.ship("Star Scourge")
    assert clinton.hull == 98 and clinton.system("ICM").count == 7 and scourge.system("T").count == 3


def test_a_ship_with_a_navigation_hit_rolls_its_turn_before_it_moves(tmp_path: Path) -> None:
    """Navigation Hit (Advanced Game): "The player controlling the ship must roll 1d10 before the
    ship moves. If the result is 1-5, the ship must turn to the left ... 6-10 ... to the right."
    The Stand, the Sathar half of turn 1, the Bludgeon with a navigation hit: the Ships screen asks
    for its roll first, a move before it is refused, v with 7 rolled at the table says it turns
    right, and then it moves."""
    path = scenario(tmp_path / "stand.toml", "the-stand")
    battle = read(path)
    bludgeon = battle.ship("Bludgeon")._replace(damaged=frozenset({"navigation"}))
    storage.write_text(path, battle_file.text(battle.with_ships([bludgeon]), TABLES))

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        assert "navigation roll first (v): Bludgeon" in app.screen.query_one("#next").content.plain
        rows = await moves(app, pilot, {"Bludgeon": (bludgeon.speed + 2, 0)})
        assert rows["Bludgeon"]["check"] == "no"
        said = app.screen.query_one("#error-cell").content.plain
        assert "the Bludgeon has a navigation hit: roll 1d10 for the way it turns before it moves (v: Navigation)" in said, said
        await pilot.press("escape", "v")
        await pilot.pause()
        await fill(app, pilot, ship="Bludgeon")
        await roll(app, pilot, {"navigation": "7"})
        await pilot.press("enter")
        await pilot.pause()
        assert "navigation roll first" not in app.screen.query_one("#next").content.plain
        await moves(app, pilot, {"Bludgeon": (bludgeon.speed + 2, 0)})

    drive(path, play)
    moved = read(path)
    assert "Bludgeon" in moved.moved and moved.ship("Bludgeon").speed == bludgeon.speed + 2
    assert any(e.text.startswith("the Bludgeon (navigation hit) must turn right") for e in moved.log)


def test_typing_in_an_open_list_finds_the_ship(tmp_path: Path) -> None:
    """A list of 22 ships is not scrolled through: Enter opens it, typing the start of a name
    highlights that ship, Enter takes it (the list's labels are plain text Textual searches)."""
    path = scenario(tmp_path / "stand.toml", "the-stand")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "a")
        await pilot.pause()
        await pilot.press("enter", "b", "l", "u")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.query_one("#field-firer", Choice).value == "Bludgeon"

    drive(path, play)


def test_the_starting_speeds_are_set_before_the_game_starts(tmp_path: Path) -> None:
    """Surprise Attack!: the Sathar ships "can start at any speed the Sathar player wants". On turn
    1, before any ship moves, the Ships screen offers t: its table of every ship's speed; both Sathar
    ships start at speed 4, and the Venomous's move from 4 to 6 uses 2 ADF points; then t is refused."""
    path = scenario(tmp_path / "surprise.toml", "surprise-attack")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        assert "starting speeds (t)" in app.screen.query_one("#next").content.plain
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("4", "enter", "4", "enter", "ctrl+a")  # the Venomous, then the Perdition
        await pilot.pause()
        rows = await moves(app, pilot, {"Venomous": (6, 0)})
        assert rows["Venomous"]["adf_used"] == "2 of 3"
        assert "starting speeds (t)" not in app.screen.query_one("#next").content.plain
        await pilot.press("t")
        await pilot.pause()
        said = app.query_one("#said").content.plain
        assert "a starting speed is set before the game starts" in said and "(m: Move)" in said, said

    drive(path, play)
    battle = read(path)
    assert (battle.ship("Venomous").speed, battle.ship("Perdition").speed) == (6, 4)
