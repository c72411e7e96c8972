"""The referee's app driven through Textual's pilot, the way a referee uses it: keys, forms, the
dice dialog, undo and redo, the autosave."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Label

from referee import saves
from referee.errors import RefereeError
from referee.journal import Journal
from referee.sathar_war import setup
from referee.sathar_war.campaign import Campaign, Fight, Place
from referee.tui import forms
from referee.tui.app import RefereeApp
from referee.tui.choice import Choice
from referee.tui.dialogs import ConfirmDialog, DiceDialog, FormDialog, OutcomeDialog
from referee.tui.rows import Rows
from tests.helpers.app import TABLES, drive, fill_in, text
from tests.helpers.campaign import bundled, load, saved, war_day_two


def destroyer_fought_today() -> Campaign:
    """war_day_two, the UPF Destroyer 1 damaged in a battle today: repairs in space follow a battle."""
    campaign = war_day_two()
    return campaign._replace(fights=(Fight("Dramune", "Outer Reach", "Sathar", ("UPF Destroyer 1",), ""),))


# ---------------------------------------------------------------------- a whole strategic day


def test_a_whole_strategic_day_from_the_keyboard(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", war_day_two())
    hull_before = load(path).unit("UPF Destroyer 1").roster.hull

    async def day(app: RefereeApp, pilot: Pilot[None]) -> None:
        # 1. Sathar movement, from the Forces screen: the destroyers enter Prenglar
        await pilot.press("2", "m")
        await fill_in(app, pilot, names="Sathar Destroyer *", toward="Prenglar")
        assert app.journal.state.unit("Sathar Destroyer 1").place.where == "Prenglar"
        await pilot.press("1", "a", "y")  # every advance asks first
        await pilot.pause()
        assert app.journal.state.step == "upf-move"
        assert "contested: Prenglar (15 Sathar" in text(app, "#alerts")
        # 2. UPF movement: the destroyer docks at Outer Reach; the battleship risk-jumps, rolled at the table
        await pilot.press("2", "k")
        await fill_in(app, pilot, names="UPF Destroyer 1")
        assert app.journal.state.unit("UPF Destroyer 1").roster.docked_at == "Outer Reach Station"
        await pilot.press("m")
        await fill_in(app, pilot, names="TF Cassidine Battleship", toward="Dramune", rate="2")
        dialog = app.screen
        assert isinstance(dialog, DiceDialog) and [n.expression for n in dialog.rolls] == ["d100"]
        # the safe chance, before the roll: the UPF Battleship row's 95 at two boxes a day (ssw.misjump)
        assert "a safe jump at 2 boxes a day: 95 or less, the TF Cassidine Battleship's astrogator" in str(dialog.query(Label).first().content)
        before = app.journal.state
        dialog.query_one("#roll-0", Input).value = "101"  # a bad entry: shown beside the field, nothing changes
        await pilot.press("enter")
        await pilot.pause()
        assert "101 cannot be rolled on d100" in text(app, "#error-0") and app.journal.state is before
        dialog.query_one("#roll-0", Input).value = "12"
        await pilot.press("enter")
        await pilot.pause()
        shown = text(app, "#outcome")
        assert "jump safely: 12 <=" in shown and "entered at the table = 12" in shown and "ssw.misjump" in shown
        assert app.journal.state is before  # shown, not yet applied
        await pilot.press("enter")
        await pilot.pause()
        assert app.journal.state.unit("TF Cassidine Battleship").place.jumped
        await pilot.press("1", "a", "y")
        await pilot.pause()
        # 3. Sathar attacks: a contested system on the Battles screen, an attack declared, a result entered
        await pilot.press("5")
        await pilot.pause()
        assert app.screen.query_one("#contested", Rows).keys == ["Prenglar"]
        assert "rules: Basic Rules (More than 14 ships)" in text(app, "#fight")
        await pilot.press("d")
        await fill_in(app, pilot, planet="Gran Quivera")
        assert app.journal.state.fights[0].system == "Prenglar"
        await pilot.press("o")  # the results table: the Sathar Destroyer 1's Destroyed cell turned to y, then all entered
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        table.move_cursor(row=list(app.screen.rows).index("Sathar Destroyer 1"), column=1 + [c.key for c in app.screen.columns].index("destroyed"))
        await pilot.press("space", "ctrl+a")
        await pilot.pause()
        assert app.journal.state.unit("Sathar Destroyer 1").status == "destroyed"
        await pilot.press("1")
        await pilot.pause()
        assert "sathar lost: 1" in text(app, "#tally")
        # 4. UPF attacks: none; 5. the end of the day (asked first): repairs at Outer Reach and a rearm
        await pilot.press("a", "y")
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()

    app = drive(path, day)
    after = load(path)
    assert (after.day, after.step) == (3, "sathar-move")
    assert after.unit("UPF Destroyer 1").roster.hull == hull_before + 8  # Outer Reach repairs 10 a day
    assert after.unit("TF Prenglar Frigate 1").roster.system("T").count == 2
    assert after == app.journal.state  # the autosave holds what the screen shows
    logged = "\n".join(e.text for e in after.log)
    assert "jump safely: 12" in logged and "Sathar Destroyer 1 is destroyed" in logged


# ---------------------------------------------------------------------- undo, redo, autosave


def test_undo_reverts_an_action_with_its_rolls_and_redo_brings_it_back_both_saved(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", war_day_two()._replace(step="upf-move"))
    start = path.read_bytes()

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "m")
        await fill_in(app, pilot, names="TF Cassidine Battleship", toward="Dramune", rate="2")
        await pilot.press("ctrl+r")  # roll for me
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        moved = path.read_bytes()
        assert moved != start and "a safe jump at 2 boxes a day: 95 or less" in (tmp_path / "war.toml.log").read_text()  # its log line, beside the file
        assert "TF Cassidine Battleship" in text(app, "#said")  # the line above the keys says what was done
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert path.read_bytes() == start and not app.journal.state.unit("TF Cassidine Battleship").place.jumped
        assert text(app, "#said").startswith("undone: ")
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert path.read_bytes() == moved
        await pilot.press("ctrl+y")  # nothing more to redo: a warning, no change
        await pilot.pause()
        assert path.read_bytes() == moved
        assert text(app, "#said") == "nothing to redo" and app.query_one("#said").has_class("warning")

    drive(path, scenario)


def test_a_refused_action_shows_why_in_the_form_and_changes_nothing(tmp_path: Path) -> None:
    """The destroyers are in the Prenglar start circle's red boxes: the form offers them one box a day
    only (the rule: one box a day until a system); a UPF ship typed at the Sathar move is refused by
    the rule, named in the form; a pattern that names no ship is refused beside nothing changed; Tab
    goes round the form's fields, never to its frame."""
    path = saved(tmp_path / "war.toml", war_day_two())
    start = path.read_bytes()

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "m")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        toward = form.query_one("#field-toward", Choice)
        form.query_one("#find-names", Input).value = "Sathar Destroyer 1"
        await pilot.pause()
        offered = [value for _, value in toward.options if isinstance(value, str)]
        assert offered[:2] == ["Prenglar", "Prenglar Start Circle"] and "Dramune" in offered  # box 5 of 5: Prenglar next; any place, nearest first
        assert [value for _, value in form.query_one("#field-rate", Choice).options] == ["1"]
        await fill_in(app, pilot, names="TF Prenglar Frigate 1")
        assert isinstance(app.screen, FormDialog)
        assert text(app, "#error-form").startswith("UPF ships move in step 'upf-move'; the campaign is at 'sathar-move'")
        await fill_in(app, pilot, names="Nowhere *")
        assert text(app, "#error-form").startswith("no ship's name matches 'Nowhere *'")
        form.query_one("#find-names", Input).focus()
        for _ in range(6):  # the box and the list of ships, toward, rate, planet, groups: and back
            await pilot.press("tab")
        await pilot.pause()
        assert form.focused is form.query_one("#find-names", Input)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, FormDialog)

    drive(path, scenario)
    assert path.read_bytes() == start


def test_every_change_is_saved_at_once_and_a_reopened_app_shows_it(tmp_path: Path) -> None:
    path = bundled(tmp_path / "war.toml")

    async def place(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("1", "t")
        await fill_in(app, pilot, condition="4")

    drive(path, place)
    assert load(path).retreat_condition == 4

    async def reopened(app: RefereeApp, pilot: Pilot[None]) -> None:
        assert "retreat condition: sealed" in text(app, "#tally")
        await pilot.press("s", "y")  # the referee chooses to reveal it, and says yes when asked
        await pilot.pause()
        assert "retreat condition 4" in text(app, "#tally")

    drive(path, reopened)


def test_a_save_that_fails_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = bundled(tmp_path / "war.toml")
    journal = Journal.open(path, TABLES)
    before, start = journal.state, path.read_bytes()

    def refuse(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(RefereeError, match="the last save is untouched"):
        journal.apply(setup.choose_retreat(before, 2), "Retreat")
    assert journal.state is before and not journal.past and path.read_bytes() == start


# ---------------------------------------------------------------------- dice, tables, the palette, the start


def test_a_free_roll_entered_at_the_table_is_logged_with_its_receipt(tmp_path: Path) -> None:
    path = bundled(tmp_path / "war.toml")

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("6")
        await pilot.pause()
        app.screen.query_one("#expression", Input).value = "2d10+4"
        app.screen.query_one("#expression", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        app.screen.query_one("#roll-0", Input).value = "25"
        await pilot.press("enter")
        await pilot.pause()
        assert "25 cannot be rolled on 2d10+4: enter a result from 6 to 24" in text(app, "#error-0")
        app.screen.query_one("#roll-0", Input).value = "17"
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, (DiceDialog, OutcomeDialog))  # the Enter that applied did not submit the roll again
        await pilot.press("e", "enter")  # the keys went back to the tables: e, and the same roll again; the dialog shown again is empty, asking afresh
        await pilot.pause()
        assert isinstance(app.screen, DiceDialog) and app.screen.query_one("#roll-0", Input).value == ""
        assert app.screen.focused is app.screen.query_one("#roll-0", Input) and not text(app, "#error-0")
        app.screen.query_one("#roll-0", Input).value = "6"
        await pilot.press("enter", "enter")
        await pilot.pause()

    drive(path, scenario)
    first, second = load(path).log[-2:]
    assert first.text == "rolled 2d10+4: 17" and first.rolls == ("2d10+4: entered at the table = 17 (entered) for the referee's roll",)
    assert second.text == "rolled 2d10+4: 6"


def test_a_table_looked_up_and_rolled_on(tmp_path: Path) -> None:
    path = bundled(tmp_path / "war.toml")

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("6")
        await pilot.pause()
        app.go_to("dice", table="ssw.nova-placement")
        await pilot.pause()
        lookup = app.screen.query_one("#lookup", Input)
        lookup.value = "9"
        lookup.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "Gollywog" in text(app, "#found")
        lookup.value = "roll"
        await pilot.press("slash", "enter")  # the look-up gave the keys back to the tables: / into the box again
        await pilot.pause()
        app.screen.query_one("#roll-0", Input).value = "3"
        await pilot.press("enter", "enter")
        await pilot.pause()

    drive(path, scenario)
    entry = load(path).log[-1]
    assert entry.text.startswith("Strike Force NOVA Placement: rolled 3: ") and "Initial Location of SFN: Gran Quivera (Prenglar)" in entry.text
    assert entry.rule.endswith("3 falls in band 1 to 3") and entry.rolls == ("1d10: entered at the table = 3 (entered) for Strike Force NOVA Placement",)


def test_a_damage_control_roll_on_the_dice_screen_reads_the_column_declared(tmp_path: Path) -> None:
    """Starfleet Wars: a DCT declares what it repairs, and the roll is read in that column only;
    without a column the Dice screen says which to give, before any die is asked for."""
    path = bundled(tmp_path / "war.toml")

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("6")
        await pilot.pause()
        app.go_to("dice", table="sfw.damage-control-2")
        await pilot.pause()
        lookup = app.screen.query_one("#lookup", Input)
        lookup.value = "roll"
        lookup.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, (DiceDialog, OutcomeDialog))
        assert "read in one column" in text(app, "#error-lookup")
        lookup.value = "roll speed"
        await pilot.press("enter")
        await pilot.pause()
        app.screen.query_one("#roll-0", Input).value = "90"
        await pilot.press("enter", "enter")
        await pilot.pause()

    drive(path, scenario)
    entry = load(path).log[-1]
    assert entry.text == "Damage Control Table #2, Speed: rolled 90: One factor repaired"
    assert entry.rolls == ("d%00: entered at the table = 90 (entered) for Damage Control Table #2, Speed",)


def test_the_palette_finds_ships_systems_and_tables(tmp_path: Path) -> None:
    path = bundled(tmp_path / "war.toml")

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        found = {(kind, name) for kind, name, _ in app.findable()}
        assert {("ship", "Sathar Destroyer 3"), ("system", "Dramune"), ("table", "kh.damage")} <= found
        app.go_to("forces", ship="Fortress Pale")
        await pilot.pause()
        assert "Fortress Pale" in text(app, "#form") and "HULL" in text(app, "#form")
        app.go_to("map", system="Dramune")
        await pilot.pause()
        assert "Outer Reach" in text(app, "#where")

    drive(path, scenario)


def test_the_start_offers_the_last_campaign_or_a_new_war(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    assert saves.last() is None
    first = saves.new_war()
    saves.remember(first, "campaign", "")
    assert saves.last() == first.resolve() and first.name == "war-1.toml"

    async def main() -> RefereeApp:
        app = RefereeApp(Journal.open(first, TABLES), offer=first)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, FormDialog) and app.screen.title_text == "New war"  # its options asked (tests/app/test_app_files.py)
            await pilot.press("ctrl+a")
            await pilot.pause()
        return app

    app = asyncio.run(main())
    assert app.journal.path.name == "war-2.toml" and saves.last() == app.journal.path.resolve()


def test_field_readers_name_what_is_wrong() -> None:
    with pytest.raises(forms.FieldError, match="1 to 3, not 4"):
        forms.number({"rate": "4"}, "rate", 1, 3)
    with pytest.raises(forms.FieldError, match="CODE=N"):
        forms.spent({"spent": "T2"}, "spent")
    assert forms.groups({"groups": "A, B; C"}, "groups") == [["A", "B"], ["C"]]
    with pytest.raises(forms.FieldError, match="name at least one ship"):
        forms.names({"names": " , "})


def test_replacements_at_the_twentieth_day_take_each_roll_entered_then_a_upf_ship_comes_back(tmp_path: Path) -> None:
    from referee.sathar_war import victory

    campaign = war_day_two()._replace(day=20, step="upf-attacks")
    lost = [campaign.unit(n) for n in ("Sathar Destroyer 1", "Sathar Destroyer 2", "TF Prenglar Frigate 1")]
    path = saved(tmp_path / "war.toml", victory.lose(campaign, lost, "combat"))

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("a")  # the end of the day: asked first, naming the rolls to come
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog) and app.screen.text.plain.count("then rolled: d100 for") == 2
        await pilot.press("y")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, DiceDialog)
        assert [(n.key, n.expression) for n in dialog.rolls] == [("Sathar Destroyer 1", "d100"), ("Sathar Destroyer 2", "d100")]
        dialog.query_one("#roll-0", Input).value = "35"
        dialog.query_one("#roll-1", Input).value = "36"
        await pilot.press("enter")
        await pilot.pause()
        assert "ssw.sathar-replacement, row 1-35" in text(app, "#outcome") and "row 36-100" in text(app, "#outcome")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("2", "r")
        await fill_in(app, pilot, ship="TF Prenglar Frigate 1", at="Fortress Gollwin")

    drive(path, scenario)
    after = load(path)
    assert after.unit("Sathar Destroyer 1").status == "off-map" and after.unit("Sathar Destroyer 2").status == "removed"
    assert after.unit("TF Prenglar Frigate 1").active and after.unit("TF Prenglar Frigate 1").place == Place("Prenglar", "Morgaine's World")


def test_roll_for_me_rolls_only_the_rolls_left_blank(tmp_path: Path) -> None:
    """Ctrl+R in the dice dialog with one of two rolls typed: that one is used as typed, only the
    blank one is rolled; a wrong roll typed is said beside its field, and nothing is rolled."""
    from referee.sathar_war import victory

    campaign = war_day_two()._replace(day=20, step="upf-attacks")
    lost = [campaign.unit(n) for n in ("Sathar Destroyer 1", "Sathar Destroyer 2")]
    path = saved(tmp_path / "war.toml", victory.lose(campaign, lost, "combat"))

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("a", "y")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, DiceDialog) and len(dialog.rolls) == 2
        dialog.query_one("#roll-0", Input).value = "101"
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.screen is dialog and "101 cannot be rolled on d100" in text(app, "#error-0")
        dialog.query_one("#roll-0", Input).value = "35"
        await pilot.press("ctrl+r")
        await pilot.pause()
        shown = text(app, "#outcome")
        first, second = (line for line in shown.splitlines() if "dice: d100" in line)
        assert "entered at the table = 35" in first, shown
        assert "entered at the table" not in second, shown  # rolled here

    drive(path, scenario)


# ---------------------------------------------------------------------- repairs in space: a roll the results call for


def trial_dice(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """The app's unseen trial run of an action rolls these dice (seed 0: a hull repair of 10 DCR
    points fails with 66; seed 2: it succeeds with 1 and rolls its 1d10)."""
    import random
    import types

    import referee.tui.app

    monkeypatch.setattr(referee.tui.app, "random", types.SimpleNamespace(Random=lambda: random.Random(seed)))


def test_a_repair_in_space_asks_for_the_hull_points_roll_when_the_repair_roll_entered_succeeds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    trial_dice(monkeypatch, 0)  # the trial's repair failed: the dialog asks only the d100 at first
    path = saved(tmp_path / "war.toml", destroyer_fought_today())  # the UPF Destroyer 1: hull 42 of 50, DCR 75

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("4", "s")
        await fill_in(app, pilot, ship="UPF Destroyer 1", repairs="hull=10")
        assert isinstance(app.screen, DiceDialog) and len(app.screen.rolls) == 1
        app.screen.query_one("#roll-0", Input).value = "5"  # a success: the 1d10 of hull points is needed now
        await pilot.press("enter")
        await pilot.pause()
        assert text(app, "#error-1") == "the rolls entered call for this roll too" and "2 roll(s)" in text(app, "#heading")
        assert app.screen.focused is app.screen.query_one("#roll-1", Input) and isinstance(app.screen, DiceDialog)
        app.screen.query_one("#roll-1", Input).value = "11"
        await pilot.press("enter")
        await pilot.pause()
        assert text(app, "#error-1") == "11 cannot be rolled on 1d10: enter a result from 1 to 10"
        app.screen.query_one("#roll-1", Input).value = "7"
        await pilot.press("enter")
        await pilot.pause()
        assert "5 <= 10: hull 42 -> 49" in text(app, "#outcome")
        await pilot.press("enter")
        await pilot.pause()

    drive(path, scenario)
    campaign = load(path)
    assert campaign.unit("UPF Destroyer 1").roster.hull == 49
    assert campaign.log[-1].rolls == (
        "d100: entered at the table = 5 (entered) for repair hull (10 DCR points)",
        "1d10: entered at the table = 7 (entered) for hull points restored",
    )


def test_a_failed_repair_in_space_needs_no_hull_points_roll_even_when_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    trial_dice(monkeypatch, 2)  # the trial's repair succeeded: the dialog asks the d100 and the 1d10
    path = saved(tmp_path / "war.toml", destroyer_fought_today())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("4", "s")
        await fill_in(app, pilot, ship="UPF Destroyer 1", repairs="hull=10")
        assert isinstance(app.screen, DiceDialog) and len(app.screen.rolls) == 2
        await pilot.press("enter")  # nothing typed: the d100 is asked for
        await pilot.pause()
        assert text(app, "#error-0") == "type the total rolled at the table, or press Ctrl+R to roll for me"
        app.screen.query_one("#roll-0", Input).value = "55"  # a failure: the 1d10 left empty is not needed
        await pilot.press("enter")
        await pilot.pause()
        assert "55 > 10: still damaged" in text(app, "#outcome") and "only a space station can repair its hull now" in text(app, "#outcome")
        await pilot.press("enter")
        await pilot.pause()

    drive(path, scenario)
    destroyer = load(path).unit("UPF Destroyer 1")
    assert destroyer.roster.hull == 42 and destroyer.hull_station_only


def test_the_collector_runs_again_once_the_first_screen_is_drawn(tmp_path: Path) -> None:
    """launch.open_app starts the app without Python's cyclic garbage collector (its passes cost
    the start about 15 ms); the first screen drawn, what exists is frozen and it runs again."""
    import gc

    path = saved(tmp_path / "war.toml", war_day_two())
    gc.disable()
    frozen = gc.get_freeze_count()
    try:

        async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
            await pilot.pause()
            assert gc.isenabled() and gc.get_freeze_count() > frozen

        drive(path, scenario)
    finally:
        gc.enable()


def test_the_repair_in_space_form_takes_an_override_note_and_logs_it(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", war_day_two())  # the UPF Destroyer 1 damaged, no battle today

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("4", "s")
        await fill_in(app, pilot, ship="UPF Destroyer 1", repairs="hull=10")
        assert "the UPF Destroyer 1 fought no battle today" in text(app, "#error-form")
        await fill_in(app, pilot, ship="UPF Destroyer 1", repairs="hull=10", override="the battle was yesterday; we forgot")
        assert isinstance(app.screen, DiceDialog)
        app.screen.query_one("#roll-0", Input).value = "55"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()

    drive(path, scenario)
    texts = [entry.text for entry in load(path).log[-4:]]
    assert "the referee overrides a reading (one repair turn after each battle the ship fought): the battle was yesterday; we forgot" in texts
