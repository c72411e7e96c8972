"""A battle's results entered in one table (the Battles screen's o): every ship that fought, as its
roster stands, edited cell by cell and entered as one action; Esc keeps what was typed; a wrong
cell is refused beside the table. The battle: six Sathar destroyers attack Kawdl-Kit (K'tsa-Kar),
eight UPF ships and Kawdl-Kit Station defend (Advanced Rules: 14 ships, the chart's 5 to 14 row)."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from referee.sathar_war import battles
from referee.tui.app import RefereeApp
from referee.tui.campaign.results import ResultsDialog
from tests.helpers.app import burst, declared, drive, go_to
from tests.helpers.campaign import load, saved


async def open_table(app: RefereeApp, pilot: Pilot[None]) -> ResultsDialog:
    await pilot.press("5", "o")
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, ResultsDialog), dialog
    return dialog


def test_the_whole_battle_is_entered_from_one_table_as_one_action_and_undone_as_one(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", declared())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        dialog = await open_table(app, pilot)
        assert [c.label for c in dialog.columns] == ["Hull", "ADF", "MR", "DCR", "Lost", "Damaged", "Spent", "Destroyed", "Escaped toward"]
        assert dialog.rows["TF Prenglar Battleship"]["hull"] == "120"  # prefilled from the roster
        await pilot.press("3", "0", "enter")  # typed on the first cell, the Sathar Destroyer 1's hull
        await go_to(pilot, dialog, "TF Prenglar Frigate 1", "destroyed")
        await pilot.press("space")
        await go_to(pilot, dialog, "TF Prenglar Destroyer 1", "spent")
        await pilot.press(*"T=1", "enter")
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert not isinstance(app.screen, ResultsDialog)
        campaign = app.journal.state
        assert campaign.unit("Sathar Destroyer 1").roster.hull == 30
        assert campaign.unit("TF Prenglar Frigate 1").status == "destroyed"
        assert campaign.unit("TF Prenglar Destroyer 1").roster.system("T").count == 1  # two torpedoes, one spent
        assert campaign.fights[0].entered and not campaign.unit("Sathar Destroyer 2").fought  # entered; a ship left as it was did not fight back (it rearms)
        assert "unchanged: Sathar Destroyer 2" in campaign.log[-1].text
        await pilot.press("ctrl+z")  # the whole table, taken back as one
        await pilot.pause()
        back = app.journal.state
        assert back.unit("Sathar Destroyer 1").roster.hull == 50 and back.unit("TF Prenglar Frigate 1").active

    drive(path, scenario)
    assert load(path).unit("Sathar Destroyer 1").roster.hull == 50


def test_a_wrong_cell_is_refused_beside_the_table_and_esc_keeps_what_was_typed(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", declared())
    start = path.read_bytes()

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        dialog = await open_table(app, pilot)
        await pilot.press("9", "9", "enter")  # a destroyer's hull is at most 50
        said = dialog.query_one("#error-cell", Static).content
        assert "the Sathar Destroyer 1: 0 to 50, not 99" in str(said)
        assert dialog.rows["Sathar Destroyer 1"]["hull"] == "50"
        assert dialog.query_one(DataTable).get_cell("Sathar Destroyer 1", "hull").plain == "99▏"  # kept in its cell, to mend
        await pilot.press("backspace", "backspace", "4", "1", "enter", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, ResultsDialog)
        again = await open_table(app, pilot)
        assert again.rows["Sathar Destroyer 1"]["hull"] == "41"  # kept, not entered
        await pilot.press("escape")
        await pilot.pause()

    drive(path, scenario)
    assert path.read_bytes() == start


def test_a_battle_fought_with_the_basic_rules_asks_only_hull_ammunition_destroyed_and_escape(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", declared("basic"))

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        dialog = await open_table(app, pilot)
        assert [c.key for c in dialog.columns] == ["hull", "spent", "destroyed", "escaped"]
        await pilot.press("escape")

    drive(path, scenario)


def test_record_all_enters_each_changed_ship_and_one_line_for_the_rest() -> None:
    campaign = declared()
    ships = campaign.fights[0].ships
    outcomes = {name: battles.Outcome() for name in ships}
    outcomes["Sathar Destroyer 2"] = battles.Outcome(hull=12)
    result = battles.record_all(campaign, outcomes)
    assert result.campaign.unit("Sathar Destroyer 2").roster.hull == 12
    texts = [e.text for e in result.entries]
    assert texts[0] == "Sathar attack at Kawdl-Kit: the Sathar Destroyer 2 hull 12 of 50"
    assert texts[-1].startswith("after the battle, unchanged: Sathar Destroyer 1, Sathar Destroyer 3")
    assert result.campaign.fights[0].entered and result.campaign.unit("Sathar Destroyer 2").fought and not result.campaign.unit("Sathar Destroyer 1").fought


def test_the_table_of_the_days_second_battle_enters_its_results_under_its_own_rules(tmp_path: Path) -> None:
    """Two battles at K'tsa-Kar today, the TF Prenglar frigates in both: the Sathar attack under the
    Basic Rules, then the UPF attack under the Advanced Rules. o opens the table of the one declared
    last; a laser battery lost is an Advanced result, entered as the UPF attack's (it was refused
    under the Sathar attack's Basic Rules, the frigate's first battle)."""
    from tests.helpers.campaign import two_battles_at_kawdl_kit

    path = saved(tmp_path / "war.toml", two_battles_at_kawdl_kit())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        dialog = await open_table(app, pilot)
        assert dialog.fight.attacker == "UPF" and "lost" in [c.key for c in dialog.columns]
        await go_to(pilot, dialog, "TF Prenglar Frigate 1", "lost")
        await pilot.press("L", "B", "enter", "ctrl+a")
        await pilot.pause()
        assert not isinstance(app.screen, ResultsDialog), str(dialog.query_one("#error-cell", Static).content)

    drive(path, scenario)
    after = load(path)
    assert after.unit("TF Prenglar Frigate 1").roster.system("LB").state == "destroyed"
    assert "UPF attack at Kawdl-Kit: the TF Prenglar Frigate 1 hull 40 of 40; lost LB" in [e.text for e in after.log]
    assert [f.entered for f in after.fights] == [False, True]


def test_a_value_typed_in_one_burst_lands_in_the_cell_it_was_typed_in(tmp_path: Path) -> None:
    """T=2 typed quickly on the TF Prenglar Destroyer 1's Spent, then Enter: the whole value is in
    that ship's cell (it was cut to "2", or landed on the next ship), and the cursor is one row down."""
    path = saved(tmp_path / "war.toml", declared())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        dialog = await open_table(app, pilot)
        await go_to(pilot, dialog, "TF Prenglar Destroyer 1", "spent")
        await burst(app, pilot, *"T=2", "enter", *"ICM=1", "enter")
        await pilot.pause()
        await pilot.pause()
        assert dialog.rows["TF Prenglar Destroyer 1"]["spent"] == "T=2"
        assert dialog.rows["TF Prenglar Destroyer 2"]["spent"] == "ICM=1"
        after = list(dialog.rows)[list(dialog.rows).index("TF Prenglar Destroyer 2") + 1]
        assert dialog.rows[after].get("spent", "") == ""
        await pilot.press("escape")

    drive(path, scenario)


def test_the_keys_are_a_spreadsheets_enter_keeps_and_goes_down_tab_right_f2_edits(tmp_path: Path) -> None:
    """Typing replaces a cell; Enter keeps it and goes down (after Tab, to the column the row was
    begun in); Tab keeps it and goes right; Enter on a cell not typed in only goes down; F2 edits the
    value the cell has; Esc drops what was typed; Delete empties a cell. All in one burst too."""
    path = saved(tmp_path / "war.toml", declared())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        dialog = await open_table(app, pilot)
        table = dialog.query_one(DataTable)
        await burst(app, pilot, *"30", "tab", "2", "tab", "1", "enter")  # Sathar Destroyer 1: hull 30, ADF 2, MR 1; then the next row's hull
        await pilot.pause()
        assert [dialog.rows["Sathar Destroyer 1"][k] for k in ("hull", "adf", "mr")] == ["30", "2", "1"]
        assert table.cursor_coordinate == (1, 1)
        await burst(app, pilot, "enter", "f2", "backspace", "enter")  # Enter alone goes down; F2 edits the 50: 5
        await pilot.pause()
        assert dialog.rows["Sathar Destroyer 2"]["hull"] == "50" and dialog.rows["Sathar Destroyer 3"]["hull"] == "5"
        await burst(app, pilot, "up", *"12", "escape", "right", "right", "right", "delete")  # 12 dropped; the DCR emptied: the roster's kept
        await pilot.pause()
        assert dialog.rows["Sathar Destroyer 3"]["hull"] == "5" and dialog.rows["Sathar Destroyer 3"]["dcr"] == "75"
        assert "Enter: keep ↓" in str(dialog.query_one(".keys").content)
        await pilot.press("escape")

    drive(path, scenario)


def test_a_battle_with_fighters_asks_where_each_ended_and_the_carrier_lost_takes_only_those_aboard(tmp_path: Path) -> None:
    """The Sathar attack Morgaine's World, where the TF Prenglar Assault Carrier holds UPF Fighters 1-4:
    the table asks where each fighter ended (prefilled: aboard its carrier), and with the carrier
    destroyed, UPF Fighter 1 typed as launched lives on, out of a carrier; the others die with it."""
    from tests.helpers.campaign import carrier_attacked_at_morgaines_world

    path = saved(tmp_path / "war.toml", carrier_attacked_at_morgaines_world())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        dialog = await open_table(app, pilot)
        assert [c.label for c in dialog.columns][-1] == "Aboard"
        assert dialog.rows["UPF Fighter 1"]["aboard"] == "TF Prenglar Assault Carrier" and "aboard" not in dialog.rows["TF Prenglar Frigate 1"]
        await go_to(pilot, dialog, "TF Prenglar Assault Carrier", "destroyed")
        await pilot.press("space")
        await go_to(pilot, dialog, "UPF Fighter 1", "aboard")
        await pilot.press(*"launched", "enter", "ctrl+a")
        await pilot.pause()
        assert not isinstance(app.screen, ResultsDialog), str(dialog.query_one("#error-cell", Static).content)

    drive(path, scenario)
    after = load(path)
    assert after.unit("UPF Fighter 1").active and after.unit("UPF Fighter 1").roster.carried_by == ""
    assert [after.unit(f"UPF Fighter {n}").status for n in (2, 3, 4)] == ["destroyed"] * 3
    assert "the TF Prenglar Assault Carrier is destroyed, and with it the fighters aboard: UPF Fighter 2, UPF Fighter 3, UPF Fighter 4" in [e.text for e in after.log]
