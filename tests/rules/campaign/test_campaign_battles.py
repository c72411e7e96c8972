"""The campaign's battles: the chart's count of ships in battle, the rules the referee chooses for
each battle, the Basic Rules' hull damage only, and the hand-off to the Knight Hawks engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.errors import RefereeError
from referee.sathar_war import battles, turn
from referee.sathar_war.battles import Outcome
from referee.sathar_war.campaign import Place
from tests.helpers.campaign import SATHAR, UPF, at_kawdl_kit, at_step, carrier_attacked_at_morgaines_world, two_battles_at_kawdl_kit
from tests.helpers.tables import TABLES


def test_the_chart_counts_ships_not_stations_and_says_what_it_counted() -> None:
    """6 Sathar and 8 UPF ships with Kawdl-Kit Station: 14 ships (5 to 14, Advanced), not 15."""
    campaign = at_kawdl_kit(SATHAR, UPF)
    assert len(UPF) == 8 and campaign.unit("Kawdl-Kit Station").active
    fight = battles.declare(campaign, TABLES, "K'tsa-Kar").campaign.fights[0]
    assert "Kawdl-Kit Station" in fight.ships and len(fight.ships) == 15
    assert fight.rules == ("Advanced Rules; no skill modifiers (5 to 14 ships): 14 ships in battle, 6 Sathar and 8 UPF; stations are not ships, not counted: Kawdl-Kit Station")
    assert fight.game == "advanced"


def test_a_lone_ship_against_a_station_reads_the_first_row_of_the_chart() -> None:
    campaign = at_kawdl_kit(SATHAR[:1], [])
    fight = battles.declare(campaign, TABLES, "K'tsa-Kar").campaign.fights[0]
    assert fight.rules == (
        "Advanced Rules; average NPC skills (2 to 4 ships): 1 ship in battle, 1 Sathar and 0 UPF; "
        "stations are not ships, not counted: Kawdl-Kit Station; fewer than 2 ships, read as the chart's first row"
    )


def test_the_referee_chooses_the_rules_and_the_campaign_records_them() -> None:
    campaign = at_kawdl_kit(SATHAR, UPF + ["TF Prenglar Light Cruiser 2"])  # 15 ships: the chart suggests Basic
    suggested = battles.declare(campaign, TABLES, "K'tsa-Kar")
    assert suggested.campaign.fights[0].game == "basic" and "fought with the Basic Rules" in suggested.entries[0].text
    chosen = battles.declare(campaign, TABLES, "K'tsa-Kar", rules="Advanced")
    assert chosen.campaign.fights[0].game == "advanced" and chosen.entries[0].text.endswith("fought with the Advanced Rules")
    assert chosen.campaign.fights[0].rules.startswith("Basic Rules (More than 14 ships): 15 ships in battle")
    with pytest.raises(RefereeError, match="the rules are basic or advanced, not 'expert'"):
        battles.declare(campaign, TABLES, "K'tsa-Kar", rules="expert")


@pytest.mark.parametrize(
    ("outcome", "refused"),
    [
        (Outcome(adf=2), "not ADF"),
        (Outcome(mr=1, dcr=30), "not MR, DCR"),
        (Outcome(hull=20, lost_systems=("LC",)), "not lost LC"),
        (Outcome(damaged=("navigation",)), "not damaged navigation"),
    ],
)
def test_with_the_basic_rules_a_ship_loses_hull_points_only(outcome: Outcome, refused: str) -> None:
    campaign = battles.declare(at_kawdl_kit(SATHAR, UPF), TABLES, "K'tsa-Kar", rules="basic").campaign
    with pytest.raises(RefereeError) as error:
        battles.record(campaign, "TF Prenglar Frigate 1", outcome)
    assert str(error.value).startswith(
        f"the battle at Kawdl-Kit is fought with the Basic Rules: the Advanced Game Damage Table is ignored, so the TF Prenglar Frigate 1 loses hull points only, {refused}"
    )
    assert "The Advanced Game Damage Table and the repair rule are ignored" in str(error.value)


def test_with_the_basic_rules_hull_ammunition_and_destruction_are_entered() -> None:
    campaign = battles.declare(at_kawdl_kit(SATHAR, UPF), TABLES, "K'tsa-Kar", rules="basic").campaign
    hit = battles.record(campaign, "TF Prenglar Frigate 1", Outcome(hull=12, spent={"T": 1, "ICM": 2})).campaign
    frigate = hit.unit("TF Prenglar Frigate 1").roster
    assert (frigate.hull, frigate.system("T").count, frigate.system("ICM").count) == (12, 1, 2)
    gone = battles.record(hit, "Sathar Destroyer 1", Outcome(destroyed=True)).campaign
    assert gone.unit("Sathar Destroyer 1").status == "destroyed"


def test_the_app_exports_a_battle_a_kh_command_can_fight_and_imports_it_back(tmp_path: Path) -> None:
    """The Battles screen's x writes a battle file the kh commands open (it once wrote moving = ""),
    and i brings the fought rosters back."""
    from textual.pilot import Pilot
    from typer.testing import CliRunner

    from referee.cli import app as cli
    from referee.tui.app import RefereeApp
    from tests.helpers.app import drive, fill_in
    from tests.helpers.campaign import load, saved

    path = saved(tmp_path / "war.toml", battles.declare(at_kawdl_kit(SATHAR, UPF), TABLES, "K'tsa-Kar", rules="advanced").campaign)
    fought = tmp_path / "kawdl-kit.toml"

    async def export(referee: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("5", "x")
        await fill_in(referee, pilot, system="K'tsa-Kar", file=str(fought))

    drive(path, export)
    shot = CliRunner().invoke(
        cli,
        [
            "kh",
            "attack",
            "T",
            "--from",
            "Sathar Destroyer 1",
            "--at",
            "TF Prenglar Frigate 1",
            "-r",
            "2",
            "--roll",
            "20",
            "--damage-roll",
            "40",
            "--hull-roll",
            "15",
            "-b",
            str(fought),
        ],
        catch_exceptions=False,
    )
    assert shot.exit_code == 0, shot.stderr
    assert "Target: hull 40 -> 25" in shot.stdout

    async def bring_back(referee: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("5", "i")
        await fill_in(referee, pilot, file=str(fought))

    drive(path, bring_back)
    after = load(path)
    frigate, destroyer = after.unit("TF Prenglar Frigate 1").roster, after.unit("Sathar Destroyer 1").roster
    assert (frigate.hull, destroyer.system("T").count) == (25, 1)
    assert [e.text for e in after.log[-2:]] == [
        "the Sathar Destroyer 1 after the battle: hull 50 of 50; T 2 -> 1 left",
        "the TF Prenglar Frigate 1 after the battle: hull 40 -> 25 of 40",
    ]


def test_a_fighter_escapes_only_aboard_its_carrier_and_a_station_not_at_all() -> None:
    """A fighter aboard a carrier given an escape of its own was moved alone into a transit box,
    still 'aboard' a carrier left behind: a file that would not load."""
    campaign = battles.declare(at_kawdl_kit(SATHAR, ["TF Prenglar Assault Carrier"]), TABLES, "K'tsa-Kar").campaign
    fighter = next(u for u in campaign.aboard("TF Prenglar Assault Carrier"))
    with pytest.raises(RefereeError, match="fighters cannot enter a transit box unless they are being carried aboard an assault carrier; the TF Prenglar Assault Carrier escapes with it aboard"):
        battles.record(campaign, fighter.name, Outcome(escaped="White Light"))
    with pytest.raises(RefereeError, match="stations stay in orbit"):
        battles.record(campaign, "Kawdl-Kit Station", Outcome(escaped="White Light"))
    fled = battles.record(campaign, "TF Prenglar Assault Carrier", Outcome(escaped="White Light")).campaign
    carrier = fled.unit("TF Prenglar Assault Carrier")
    assert carrier.place is not None and carrier.place.on_route and fled.unit(fighter.name).place == carrier.place


def test_a_campaign_battle_goes_to_the_kh_commands_and_every_roster_loss_and_round_comes_back(tmp_path: Path) -> None:
    """The whole hand-off from the command line: declare (Advanced Rules), export, fight shots, ICMs
    and a fire with kh commands and dice entered at the table, import; every figure worked by hand."""
    from typer.testing import CliRunner

    from referee.cli import app as cli
    from tests.helpers.campaign import load, saved

    war = saved(tmp_path / "war.toml", at_kawdl_kit(SATHAR, UPF))
    fought = tmp_path / "battle.toml"
    runner = CliRunner()

    def run(*args: str) -> str:
        result = runner.invoke(cli, list(args), catch_exceptions=False, env={"REFEREE_CAMPAIGN": str(war), "REFEREE_BATTLE": str(fought)})
        assert result.exit_code == 0, f"{args}: {result.stderr}"
        return result.stdout

    run("campaign", "battle", "declare", "K'tsa-Kar", "--rules", "advanced")
    run("campaign", "battle", "export", "K'tsa-Kar", str(fought))
    # turn 1, the Sathar half: the UPF's defensive fire, then the Sathar offensive fire (Sequence of Play)
    run("kh", "attack", "LB", "--from", "TF Prenglar Frigate 2", "--at", "Sathar Destroyer 3", "-r", "1", "--roll", "5", "--damage-roll", "20", "--hull-roll", "8")
    out = run("kh", "attack", "LB", "--from", "Sathar Destroyer 1", "--at", "TF Prenglar Frigate 1", "-r", "1", "--roll", "10", "--damage-roll", "100")
    assert "Electrical Fire" in out  # 100 + 0 DTM: 98-105
    run("kh", "attack", "T", "--from", "Sathar Destroyer 2", "--at", "TF Prenglar Destroyer 1", "-r", "2", "--roll", "20", "--damage-roll", "40", "--hull-roll", "15")
    run("kh", "next")  # the UPF half: the fire is not rolled in it (its first roll: the Sathar's next combat step)
    run("kh", "attack", "T", "--from", "TF Prenglar Frigate 3", "--at", "Sathar Destroyer 4", "-r", "2", "--icm", "Sathar Destroyer 4=1", "--roll", "30", "--damage-roll", "50", "--hull-roll", "12")
    run("kh", "next")  # turn 2, the Sathar half: the fire first
    run("kh", "fires", "--damage-roll", "TF Prenglar Frigate 1=10", "--hull-roll", "TF Prenglar Frigate 1=4")
    out = run("kh", "attack", "T", "--from", "Sathar Destroyer 5", "--at", "TF Prenglar Frigate 2", "-r", "1", "--roll", "12", "--damage-roll", "20", "--hull-roll", "25")
    assert "double" in out  # 20 - 20 DTM = 0: double normal damage, 50 of the frigate's 40
    run("campaign", "battle", "import", str(fought))

    campaign = load(war)
    roster = {u.name: u.roster for u in campaign.units}
    assert (roster["TF Prenglar Frigate 1"].hull, roster["TF Prenglar Frigate 1"].damaged) == (36, frozenset({"electrical-fire"}))  # 40 - 4 from the fire
    assert roster["TF Prenglar Destroyer 1"].hull == 35  # 50 - 15
    assert roster["Sathar Destroyer 3"].hull == 42  # 50 - 8
    assert roster["Sathar Destroyer 4"].hull == 38 and roster["Sathar Destroyer 4"].system("ICM").count == 4  # 50 - 12; one of 5 ICMs launched
    assert [roster[n].system("T").count for n in ("Sathar Destroyer 2", "Sathar Destroyer 5", "TF Prenglar Frigate 3")] == [1, 1, 1]
    assert roster["Sathar Destroyer 1"] == at_kawdl_kit(SATHAR, UPF).unit("Sathar Destroyer 1").roster  # fired its laser battery: nothing spent
    frigate = campaign.unit("TF Prenglar Frigate 2")
    assert frigate.status == "destroyed" and [(x.name, x.how, x.day) for x in campaign.losses] == [("TF Prenglar Frigate 2", "combat", 5)]
    assert all(u.fought for u in campaign.units if u.name in campaign.fights[0].ships and u.active)
    assert "fought with the Advanced Rules" in campaign.log[-1].rule


def test_a_battle_under_the_basic_rules_is_exported_without_the_damage_table_and_checked_on_import(tmp_path: Path) -> None:
    from referee.knight_hawks import battle_file
    from referee.knight_hawks.attack import Rolled
    from referee.knight_hawks.combat_phase import Report, shoot

    campaign = battles.declare(at_kawdl_kit(SATHAR, UPF), TABLES, "K'tsa-Kar", rules="basic").campaign
    battle = battles.battle_for(campaign, "K'tsa-Kar")
    assert battle.game == "advanced" and not battle.damage_table and "Fought with the Basic Rules" in battle.situation
    assert "damage_table = false" in battle_file.text(battle, TABLES)
    import random

    hit = shoot(battle, TABLES, random.Random(1), "Sathar Destroyer 1", "LB", "TF Prenglar Frigate 1", Report(range=1), Rolled("10", None, "7")).battle
    assert hit.ship("TF Prenglar Frigate 1").hull == 33  # every hit a hull hit: 1d10 rolled 7
    back = battles.from_battle(campaign, hit).campaign
    assert back.unit("TF Prenglar Frigate 1").roster.hull == 33
    advanced = battles.declare(at_kawdl_kit(SATHAR, UPF), TABLES, "K'tsa-Kar", rules="advanced").campaign
    with pytest.raises(RefereeError, match="the battle file is fought with the basic rules, but the attack at Kawdl-Kit was declared with the advanced rules"):
        battles.from_battle(advanced, hit)


def test_ships_that_left_the_battles_map_escape_to_the_transit_box_they_named() -> None:
    """Breaking Off Combat: escaped ships 'are placed in a transit box adjacent to the star system'; the
    fighters aboard an assault carrier go with it; a ship that left without a system named is refused."""
    from referee.knight_hawks.battle import advance
    from referee.knight_hawks.movement import dock, leave_map
    from referee.knight_hawks.scenarios import scenario, verdict
    from tests.helpers.campaign import contested_prenglar

    campaign = battles.declare(contested_prenglar(), TABLES, "Prenglar", "Gran Quivera").campaign
    battle = battles.battle_for(campaign, "Prenglar")
    assert scenario(battle) == "campaign" and verdict(battle) is None
    battle = leave_map(battle, "Sathar Destroyer 1", toward="Cassidine").battle
    assert "it breaks off and escapes to a transit box toward Cassidine" in battle.log[-1].text and battle.log[-1].rule.endswith("Breaking Off Combat")
    battle = advance(battle)
    with pytest.raises(RefereeError, match="fighters 'cannot enter a transit box unless they are being carried aboard an assault carrier'"):
        leave_map(dock(battle, "UPF Fighter 4", "").battle, "UPF Fighter 4", toward="Cassidine")
    battle = dock(battle, "UPF Fighter 4", "").battle  # launched: it stays on the map
    battle = leave_map(battle, "TF Prenglar Assault Carrier", toward="Cassidine").battle
    battle = leave_map(battle, "TF Prenglar Battleship").battle  # no system named yet
    with pytest.raises(RefereeError, match=r"the TF Prenglar Battleship \(turn 1\) left the map without a system named: .*Breaking Off Combat.*kh leave SHIP --toward SYSTEM"):
        battles.from_battle(campaign, battle)
    wrong = leave_map(battle, "TF Prenglar Battleship", toward="Dramune").battle
    with pytest.raises(RefereeError, match="the TF Prenglar Battleship left the battle's map toward Dramune: no route joins Prenglar and Dramune"):
        battles.from_battle(campaign, wrong)
    named = leave_map(battle, "TF Prenglar Battleship", toward="Cassidine")
    assert named.entries[0].text == "the TF Prenglar Battleship, which left the map in turn 1, escapes to a transit box toward Cassidine"
    back = battles.from_battle(campaign, named.battle).campaign
    box = Place("Prenglar - Cassidine", box=1, toward="Cassidine")
    for name in ("Sathar Destroyer 1", "TF Prenglar Assault Carrier", "UPF Fighter 1", "UPF Fighter 2", "UPF Fighter 3", "TF Prenglar Battleship"):
        assert back.unit(name).place == box, name
    assert back.unit("UPF Fighter 1").roster.carried_by == "TF Prenglar Assault Carrier"
    stayed = back.unit("UPF Fighter 4")  # launched before the carrier left: not with it, and no longer aboard it
    assert stayed.place == campaign.unit("UPF Fighter 4").place and stayed.place.where == "Prenglar" and stayed.roster.carried_by == ""
    assert any(e.text.startswith("UPF Fighter 4: not aboard the TF Prenglar Assault Carrier when it left the battle") for e in back.log)
    assert back.unit("Sathar Destroyer 2").place == campaign.unit("Sathar Destroyer 2").place
    assert any("the TF Prenglar Assault Carrier breaks off and escapes with UPF Fighter 1, UPF Fighter 2, UPF Fighter 3 aboard to" in e.text for e in back.log)


def test_a_campaign_battle_is_over_when_a_side_has_left_the_map() -> None:
    from referee.knight_hawks.movement import leave_map
    from referee.knight_hawks.scenarios import verdict

    campaign = battles.declare(at_kawdl_kit(SATHAR[:1], UPF[:1]), TABLES, "K'tsa-Kar").campaign
    battle = battles.battle_for(campaign, "K'tsa-Kar")
    done = leave_map(battle, "Sathar Destroyer 1", toward="Kizk-Kar")
    found = verdict(done.battle)
    assert found is not None and found.winner == "" and found.reason.startswith("Sathar has no ship left on the map")
    assert done.entries[-1].text.startswith("the battle is over: no winner named here: Sathar has no ship left on the map")


def test_a_ship_in_two_battles_of_the_day_has_each_battles_results_under_its_own_rules() -> None:
    """The results of the UPF attack (Advanced Rules: a weapon lost) were read as the Sathar attack's,
    the first battle the frigate was in: refused under its Basic Rules, and logged as that battle's."""
    campaign = two_battles_at_kawdl_kit()
    upf_attack = campaign.fights[1]
    entered = battles.record_all(campaign, {"TF Prenglar Frigate 1": Outcome(hull=30, lost_systems=("LB",)), "Sathar Destroyer 3": Outcome(hull=41)}, upf_attack)
    frigate = entered.campaign.unit("TF Prenglar Frigate 1").roster
    assert (frigate.hull, frigate.system("LB").state) == (30, "destroyed")
    assert entered.entries[0].text == "UPF attack at Kawdl-Kit: the TF Prenglar Frigate 1 hull 30 of 40; lost LB"
    assert [f.entered for f in entered.campaign.fights] == [False, True]
    with pytest.raises(RefereeError, match="the Sathar Destroyer 1 is not in the UPF attack at Kawdl-Kit"):
        battles.record_all(campaign, {"Sathar Destroyer 1": Outcome(hull=20)}, upf_attack)


def test_a_ship_in_two_battles_of_the_day_comes_back_from_the_second_fought_on_the_battle_screens() -> None:
    """The UPF attack fought with the Knight Hawks engine (Advanced Rules) and closed into the
    campaign was refused: the frigates' first battle, the Sathar attack, is under the Basic Rules."""
    import random

    from referee.knight_hawks.attack import Rolled
    from referee.knight_hawks.combat_phase import Report, shoot

    campaign = two_battles_at_kawdl_kit()
    battle = battles.battle_for(campaign, "K'tsa-Kar")
    assert battle.name == "Day 5: UPF attack at Kawdl-Kit" and battle.damage_table
    # the frigate's laser battery at the Destroyer 3, one hex: 50 - 5 = 45%; 10 hits; Damage Table 30: a hull hit; 1d10 7
    hit = shoot(battle, TABLES, random.Random(1), "TF Prenglar Frigate 1", "LB", "Sathar Destroyer 3", Report(range=1), Rolled("10", "30", "7")).battle
    back = battles.from_battle(campaign, hit)
    assert back.campaign.unit("Sathar Destroyer 3").roster.hull == 43
    assert [f.entered for f in back.campaign.fights] == [False, True]


def test_the_result_command_names_whose_attack_a_result_is_of(tmp_path: Path) -> None:
    """`campaign battle result SHIP --attacker UPF`: a frigate in both of the day's battles gets the
    UPF attack's result under its Advanced Rules (a weapon lost), which its first battle, the
    Sathar attack under the Basic Rules, refuses."""
    from typer.testing import CliRunner

    from referee.cli import app as cli
    from referee.sathar_war import campaign_file

    war = tmp_path / "war.toml"
    campaign_file.save(war, two_battles_at_kawdl_kit(), TABLES)
    runner = CliRunner()
    first = runner.invoke(cli, ["campaign", "battle", "result", "TF Prenglar Frigate 1", "--hull", "30", "--lost", "LB", "-c", str(war)])
    assert first.exit_code == 2 and "Basic Rules" in first.stderr
    result = runner.invoke(cli, ["campaign", "battle", "result", "TF Prenglar Frigate 1", "--hull", "30", "--lost", "LB", "--attacker", "upf", "-c", str(war)])
    assert result.exit_code == 0, result.output
    frigate = campaign_file.read(war, TABLES).unit("TF Prenglar Frigate 1").roster
    assert (frigate.hull, frigate.system("LB").state) == (30, "destroyed")
    assert "UPF attack at Kawdl-Kit: the TF Prenglar Frigate 1 hull 30 of 40; lost LB" in result.stdout
    wrong = runner.invoke(cli, ["campaign", "battle", "result", "Sathar Destroyer 1", "--hull", "20", "--attacker", "UPF", "-c", str(war)])
    assert wrong.exit_code == 2 and "no UPF attack today holds the Sathar Destroyer 1; it is in the Sathar attack at Kawdl-Kit" in wrong.stderr


def test_a_carrier_destroyed_in_the_results_table_takes_only_the_fighters_still_aboard() -> None:
    """The results table says where each fighter ended the battle: one launched (out of a carrier, in
    the system, to land before the Day marker moves: Breaking Off Combat), one landed at Fortress
    Gollwin; the two still aboard the carrier are destroyed with it, whatever order the rows are in,
    and the log names them instead of calling them unchanged."""
    campaign = carrier_attacked_at_morgaines_world()
    rows = {
        "UPF Fighter 4": Outcome(),  # still aboard: dies with the carrier, a row above it
        "TF Prenglar Assault Carrier": Outcome(destroyed=True),
        "UPF Fighter 1": Outcome(aboard="launched"),
        "UPF Fighter 2": Outcome(hull=5, aboard="Fortress Gollwin"),
        "UPF Fighter 3": Outcome(),
        "TF Prenglar Frigate 1": Outcome(),
    }
    entered = battles.record_all(campaign, rows)
    after = entered.campaign
    assert [after.unit(f"UPF Fighter {n}").status for n in range(1, 5)] == ["active", "active", "destroyed", "destroyed"]
    assert after.unit("UPF Fighter 1").roster.carried_by == "" and after.unit("UPF Fighter 1").system(after.frontier) == "Prenglar"
    assert after.unit("UPF Fighter 2").roster.carried_by == "Fortress Gollwin" and after.unit("UPF Fighter 2").roster.hull == 5
    texts = [e.text for e in entered.entries]
    assert "Sathar attack at Morgaine's World: the UPF Fighter 1 hull 8 of 8; launched, out of a carrier" in texts
    assert "Sathar attack at Morgaine's World: the UPF Fighter 2 hull 5 of 8; aboard the Fortress Gollwin" in texts
    assert "the TF Prenglar Assault Carrier is destroyed, and with it the fighters aboard: UPF Fighter 3, UPF Fighter 4" in texts
    assert texts[-1] == "after the battle, unchanged: TF Prenglar Frigate 1"
    assert {loss.name for loss in after.losses} == {"TF Prenglar Assault Carrier", "UPF Fighter 3", "UPF Fighter 4"}
    left_out = turn.advance(at_step(after, "upf-attacks", 5), TABLES).campaign  # the launched fighter, not aboard when the Day marker moves
    assert left_out.unit("UPF Fighter 1").status == "destroyed" and left_out.unit("UPF Fighter 2").active


@pytest.mark.parametrize(
    ("name", "aboard", "refused"),
    [
        ("TF Prenglar Frigate 1", "launched", "the TF Prenglar Frigate 1 is not a fighter: only fighters launch or land"),
        ("UPF Fighter 1", "Gran Quivera Station", None),  # the same system, another planet: the ships there may gather
        ("UPF Fighter 1", "Fortress Pale", "lands aboard an assault carrier or station of its side in Prenglar, not the Fortress Pale"),
        ("UPF Fighter 1", "TF Prenglar Frigate 2", "not the TF Prenglar Frigate 2"),
        ("UPF Fighter 1", "Sathar Destroyer 1", "not the Sathar Destroyer 1"),
    ],
)
def test_a_fighter_lands_only_aboard_a_carrier_or_station_of_its_side_in_the_system(name: str, aboard: str, refused: str | None) -> None:
    campaign = carrier_attacked_at_morgaines_world()
    if refused is None:
        assert battles.record(campaign, name, Outcome(aboard=aboard)).campaign.unit(name).roster.carried_by == aboard
        return
    with pytest.raises(RefereeError, match=refused):
        battles.record(campaign, name, Outcome(aboard=aboard))
    with pytest.raises(RefereeError, match="leave where it ended blank"):
        battles.record(campaign, "UPF Fighter 1", Outcome(destroyed=True, aboard="launched"))


def test_the_command_line_says_where_a_fighter_ended_the_battle(tmp_path: Path) -> None:
    """`campaign battle result FIGHTER --aboard launched` (or a carrier or station's name): then the
    carrier destroyed takes only the fighters still aboard; a frigate given --aboard is refused, exit 2,
    the file unchanged."""
    from typer.testing import CliRunner

    from referee.cli import app as cli
    from referee.sathar_war import campaign_file

    war = tmp_path / "war.toml"
    campaign_file.save(war, carrier_attacked_at_morgaines_world(), TABLES)
    runner = CliRunner()
    before = war.read_bytes()
    wrong = runner.invoke(cli, ["campaign", "battle", "result", "TF Prenglar Frigate 1", "--aboard", "launched", "-c", str(war)])
    assert wrong.exit_code == 2 and "the TF Prenglar Frigate 1 is not a fighter" in wrong.stderr and war.read_bytes() == before
    assert runner.invoke(cli, ["campaign", "battle", "result", "UPF Fighter 1", "--aboard", "launched", "-c", str(war)]).exit_code == 0
    assert runner.invoke(cli, ["campaign", "battle", "result", "UPF Fighter 2", "--aboard", "gran quivera station", "-c", str(war)]).exit_code == 0
    lost = runner.invoke(cli, ["campaign", "battle", "result", "TF Prenglar Assault Carrier", "--destroyed", "-c", str(war)])
    assert "the TF Prenglar Assault Carrier is destroyed, and with it the fighters aboard: UPF Fighter 3, UPF Fighter 4" in lost.stdout
    after = campaign_file.read(war, TABLES)
    assert [after.unit(f"UPF Fighter {n}").active for n in range(1, 5)] == [True, True, False, False]
    assert after.unit("UPF Fighter 2").roster.carried_by == "Gran Quivera Station"
