"""The si commands as a referee types them: a scenario started from the book, counters entered from
the table, ships placed, attacks with the die rolled at the table, losses assigned, recovery, ground
combat and the terrain surrendered, bombardment and the comets, the turn and the verdict; the quick
readings without a file; every mistake one line, exit 2, and the scenario file unchanged; undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import storage
from referee.cli import app
from referee.stellar_inferno import scenario_file, turn
from tests.helpers.hostile import EVIL

runner = CliRunner()


def run(*args: str, path: Path | None = None) -> tuple[int, str, str]:
    extra = ["-s", str(path)] if path is not None else []
    result = runner.invoke(app, ["si", *args, *extra], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def ok(*args: str, path: Path | None = None) -> str:
    code, out, err = run(*args, path=path)
    assert code == 0, (args, err)
    return out


def refused(path: Path | None, *args: str) -> str:
    """A command refused: one line on stderr, exit 2, the file as it was."""
    before = path.read_bytes() if path is not None else b""
    code, out, err = run(*args, path=path)
    assert code == 2, (args, out, err)
    assert err.startswith("referee: error: ") and err.count("\n") == 1 and "Traceback" not in err, (args, err)
    if path is not None:
        assert path.read_bytes() == before, args
    return err


def until(path: Path, phase: str, role: str = "invader") -> None:
    """si next until the phase and the phasing side asked for."""
    for _ in range(40):
        state = scenario_file.from_dict(storage.read(path, "scenario"))
        if (state.phase, state.phasing) == (phase, role):
            return
        ok("next", path=path)
    raise AssertionError(f"never reached {phase}, {role}")


@pytest.fixture
def phoenix(tmp_path: Path) -> Path:
    """Phoenix Command with two ships a side entered and placed, in the invader's Ship Combat phase."""
    path = tmp_path / "phoenix.toml"
    out = ok("new", str(path), "--scenario", "1")
    assert "Phoenix Command (scenario 1): Khaldarii (invader) against Terran (defender), 16 turns" in out
    ok("ship", "Dublin", "--step", "A6 D6 M3 R4", "--step", "A3 D3 M3 R4", "--at", "6/J9", "--core", "1", path=path)
    ok("ship", "Tigris", "--step", "A4 D5 M3 R3", "--step", "A2 D2 M3 R3", "--at", "6/j9", path=path)
    ok("ship", "phalth", "--step", "A8 D7 M2 R5", "--step", "A4 D4 M2 R5", "--at", "6/J7", "--core", "1", path=path)
    ok("ship", "Leyf", "--step", "A4 D5 M3 R3", "--step", "A2 D2 M3 R3", path=path)
    ok("place", "Leyf", "--at", "6/J7", path=path)
    until(path, "ship-combat")
    return path


def test_the_scenarios_are_listed_and_a_new_file_is_the_books_start(tmp_path: Path) -> None:
    out = ok("scenarios")
    assert out.splitlines()[0].startswith("1  Phoenix Command") and "3  Invasion of Portborough" in out and "Bhalaeth against Terran, 12 turns" in out
    assert [d["name"] for d in json.loads(ok("scenarios", "--json"))] == ["Phoenix Command", "Raid on Terra", "Invasion of Portborough"]
    for choice, name in (
        ("2", "Raid on Terra"),
        ("raid", "Raid on Terra"),
        ("Invasion of Portborough", "Invasion of Portborough"),
        ("portborough", "Invasion of Portborough"),
        ("scenario 1", "Phoenix Command"),
    ):
        path = tmp_path / f"{choice.replace(' ', '-')}.toml"
        ok("new", str(path), "--scenario", choice)
        assert scenario_file.from_dict(storage.read(path, "scenario")).name == name
    out = ok("status", path=tmp_path / "2.toml")
    assert out.startswith("Raid on Terra (scenario 2): turn 1 of 10, Fleet Movement (1), Khaldarii (invader)")
    assert "technology advantage: Eldar +2" in out and "Earth (8/K6, Air/1g, gravity 1): Terran 950 industrial, 8460 settled" in out
    assert "Cross Winds (CA) [Eldar]" not in out and "not entered yet (24): Oregon (BB 15)" in out
    assert "Khaldarii surface bombardment: 0 of 200 points (Earth 0, Mars 0)" in out
    data = json.loads(ok("status", "--json", path=tmp_path / "2.toml"))
    assert (data["turn"], data["phase"], data["phasing"], data["rules"]) == (1, "fleet-movement", "invader", ["asteroids", "strategic-bombardment", "technology-advantage"])
    assert {c["name"]: c["nation"] for c in data["counters"]}["Heavy Cloud"] == "Eldar"
    err = refused(None, "new", str(tmp_path / "x.toml"), "--scenario", "4")
    assert "the scenarios are 1 Phoenix Command; 2 Raid on Terra; 3 Invasion of Portborough" in err
    assert "exists: choose another name or add --force" in refused(None, "new", str(tmp_path / "2.toml"), "--scenario", "1")
    out = ok("new", str(tmp_path / "agreed.toml"), "--scenario", "3", "--rule", "Overloading Weapons", "--no-rule", "asteroids")
    assert "optional rules in force: 12.5 Overloading Weapons, 12.12 Technology Advantage" in out
    assert "no optional rule 'lasers'" in refused(None, "new", str(tmp_path / "y.toml"), "--scenario", "3", "--rule", "lasers")


def test_an_attack_is_read_from_the_hexes_and_the_die_rolled_at_the_table(phoenix: Path) -> None:
    out = ok("attack", "Phalth=2", "leyf=2", "--at", "6/J9", "--roll", "1", path=phoenix)
    assert "closed order: the attacking ships share a hex (Stellar Inferno 7.1.5, 7.3.6)" in out
    assert "Phalth: attack 8, range 2, range factor 5: 0 whole multiples = 8" in out
    assert "attack 12 against defense 2 ships 1 hex from the core: 1 must be below the stack, 1 combines: Tigris 5 = 5" in out
    assert "Closed Order Ship Combat Results (Stellar Inferno 7.3.6-7.3.7, Table 4): 12:5 reads row 2:1; die 1, column '1': 2" in out
    assert "dice: 1d6: entered at the table = 1 (entered)" in out and "referee si assign SHIP [SHIP ...] (of Dublin, Tigris)" in out
    err = refused(phoenix, "next")
    assert "2 step losses to the ships in 6/J9, assigned by the defender (Dublin, Tigris)" in err
    assert "Dublin is named after every loss was taken" in refused(phoenix, "assign", "Tigris", "Dublin")
    out = ok("assign", "Tigris", path=phoenix)
    assert "Tigris takes 2 steps and is destroyed" in out
    assert "6/J9 has been attacked by Khaldarii this turn already" in refused(phoenix, "attack", "Phalth=2", "--at", "6/J9", "--roll", "3")
    ok("next", path=phoenix)
    out = ok("attack", "Dublin=2", "--at", "6/J7", "--roll", "1", "--losses-to", "Leyf", path=phoenix)
    assert "open order" not in out and "6:5 reads row 1:1; die 1, column '1': 1" in out and "Leyf takes 1 step" in out
    assert "Phalth is the invader's" in refused(phoenix, "attack", "Phalth=0", "--at", "6/J7")
    until(phoenix, "recovery")
    out = ok("recover", "Leyf", "--roll", "1,1", path=phoenix)
    assert "Leyf: 1 + 1 = 2 <= defense 2: one step repaired (7.5.2)" in out
    assert "Leyf suffered no step losses this round" in refused(phoenix, "recover", "Leyf", "--roll", "1,1")
    status = ok("status", path=phoenix)
    assert "Leyf (CA 71) in 6/J7 (1 from the core): A4 C0 D5 M3 P0 R3, 2/2 steps" in status and "Tigris (CA 1) in 6/J9 (1 from the core): destroyed" in status


def test_open_order_a_second_hex_and_a_recovery_that_cripples(phoenix: Path) -> None:
    assert "Leyf is the invader's and moves only in the invader's Fleet Movement (1) or Individual Ship Maneuver (3) phase" in refused(phoenix, "place", "Leyf", "--at", "6/K8", "--core", "0")
    assert "the referee corrects the map record, not a move" in ok("place", "Leyf", "--at", "6/K8", "--core", "0", "--correction", path=phoenix)
    out = ok("attack", "Phalth=2", "Leyf=1", "--at", "6/J9", "--roll", "6", path=phoenix)
    assert "open order: the attacking ships are in more than one hex" in out and "Open Order Ship Combat Results (Stellar Inferno 7.3.6-7.3.7, Table 3)" in out
    assert "12:5 reads row 2:1; die 6, column '6': 0" in out and "step loss" in out
    out = ok("log", "--last", "1", path=phoenix)
    assert out.startswith("Khaldarii attack 6/J9: Phalth, Leyf")
    assert json.loads(ok("log", "--last", "1", "--json", path=phoenix))["log"][0]["rolls"] == ["1d6: entered at the table = 6 (entered) for ship attack on 6/J9, open order"]


def test_every_mistake_is_one_line_and_changes_nothing(phoenix: Path) -> None:
    cases = [
        (("attack", "Phalth=2", "--at", "6/J8"), "no Terran ship is placed in 6/J8 (theirs are in: 6/J9)"),
        (("attack", "Phalth=2", "--at", "J"), "the target hex is a column letter and a row number"),
        (("attack", "Phalth", "--at", "6/J9"), "write give each attacker as as NAME=VALUE|NAME=VALUE"),
        (("attack", "Phalth=x", "--at", "6/J9"), "must be a whole number"),
        (("attack", "Bekhur=2", "--at", "6/J9"), "Bekhur (CL 3): its factors are not entered yet; enter them from its counter: referee si ship Bekhur --step"),
        (("attack", "Phalth=2", "--at", "6/J9", "--roll", "7"), "7"),
        (("attack", "Phalth=0", "--at", "6/J9"), "range 0 is the target's own hex"),
        (("attack", "Phalth=2", "--at", "6/J9", "--overload", "Phalth"), "is the optional rule 12.5 Overloading Weapons, not in play"),
        (("attack", "Phalth=2", "--attack", "3", "--defense", "1"), "not both"),
        (("attack", "Nobody=2", "--at", "6/J9"), "no ship 'Nobody' in Phoenix Command"),
        (("recover", "Phalth"), "damage recovery is done in the Ship Damage Recovery phase (8)"),
        (("recover", "Phalth", "--roll", "3"), "--roll is the two dice of an attempt"),
        (("ground", "Alpha Phoenicis II", "--attacker", "7th", "--defender", "X"), "a ground attack is done in the Ground Combat phase (7)"),
        (("absorb", "defender", "--steps", "Dublin=1"), "no ground losses are owed"),
        (("assign", "Dublin"), "no step losses are owed to ships"),
        (("assign", "--industrial", "2"), "no step losses are owed to a planet's terrain"),
        (("velocity", "3"), "adjusting the fleet velocity is done in the Fleet Movement phase (1)"),
        (("ship", "Phalth", "--step", "A1 D1 M1 R1"), "Phalth's factors are entered already"),
        (("ship", "Bekhur", "--step", "A1 D1 M1"), "R missing from 'A1 D1 M1'"),
        (("ship", "Bekhur", "--step", "A4 D2 M1 R1", "--step", "A3 D1 M1 R1", "--design"), "optional rule 12.9 Ship Design, not in play"),
        (("ship", "Bekhur", "--code", "CA", "--step", "A1 D1 M1 R1"), "Bekhur (CL 3) is a CL in the scenario, not a CA"),
        (("ship", "Newcomer", "--step", "A1 D1 M1 R1"), "to add one, give its side (--side invader or defender) and its class"),
        (("ship", "Newcomer", "--code", "ZZ", "--side", "invader", "--step", "A1 D1 M1 R1"), "'ZZ' is not a ship class of Table 1 or Table 2; give one of Y, SC, F"),
        (("ship", "Bekhur"), "give Bekhur's factors from its counter"),
        (("ship", "Bekhur", "--arrives", "17"), "from 1 to 16, not 17"),
        (("unit", "7th", "--step", "4/3/2"), "attack-defense-maneuver, 4-3-2"),
        (("unit", "7th", "--step", "4-3-2", "--aboard", "Dublin"), "Dublin is the defender's: a ship carries its own side's units"),
        (("unit", "7th", "--step", "4-3-2", "--on", "Mars"), "no planet 'Mars'"),
        (("place", "Phalth", "--at", "H2"), "no ship is in H2 yet: give its distance from the core, --core N"),
        (("place", "Phalth", "--at", "H2", "--core", "-1"), "0 or more hexes"),
        (("land", "Dublin", "Alpha Phoenicis II"), "entering an atmosphere is done in the Landing Actions phase (5)"),
        (("comet", "Alpha Phoenicis II", "--comet", "Comet 1"), "comets are Raid on Terra's (scenario 2) special rule"),
        (("bombard", "Alpha Phoenicis II", "Phalth=1"), "strategic bombardment is the optional rule 12.10"),
        (("cargo", "Phalth", "--supply", "1"), "Phalth owes no cargo"),
        (("load", "Phalth", "Leyf"), "loading cargo is done in the Individual Ship Maneuver phase (3)"),
    ]
    for args, message in cases:
        err = refused(phoenix, *args)
        assert any(m in err for m in message.split("|")), (args, err)
    refused(phoenix, "attack", "Phalth=2", "--at", "6/J9", "--roll", "0")
    assert "name the scenario file with --scenario-file FILE" in refused(None, "status")


def test_hostile_names_and_hexes_are_refused_in_one_line(phoenix: Path) -> None:
    for value in EVIL:
        if not isinstance(value, str) or not value or "\n" in value:
            continue
        for args in (("place", "Phalth", "--at", value), ("ship", value, "--code", "CA", "--side", "invader", "--step", "A1 D1 M1 R1"), ("attack", f"{value}=1", "--at", "6/J9")):
            before = phoenix.read_bytes()
            code, out, err = run(*args, path=phoenix)
            if code == 0:
                assert value.strip() and not any(ord(c) < 32 or 127 <= ord(c) < 160 for c in value), (args, out)
                continue
            assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, (args, err)
            assert phoenix.read_bytes() == before


def test_a_file_that_is_not_a_scenario_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "war.toml"
    other.write_text('format = "referee knight-hawks battle"\nversion = 1\n')
    assert "its format line says 'referee knight-hawks battle', not a scenario" in refused(other, "next")
    assert f"no scenario file at {tmp_path / 'missing.toml'}" in refused(None, "status", "-s", str(tmp_path / "missing.toml"))
    broken = tmp_path / "broken.toml"
    broken.write_text("format = [\n")
    assert "is not valid TOML" in refused(broken, "next")


def test_undo_takes_back_a_command(phoenix: Path) -> None:
    before = phoenix.read_bytes()
    ok("attack", "Phalth=2", "Leyf=2", "--at", "6/J9", "--roll", "5", "--losses-to", "Tigris", path=phoenix)
    result = runner.invoke(app, ["undo", str(phoenix)], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("undone: si attack - attacks this phase") and phoenix.read_bytes() == before
    result = runner.invoke(app, ["redo", str(phoenix)], catch_exceptions=False)
    assert result.exit_code == 0 and "redone: si attack" in result.stdout


def test_the_quick_readings_need_no_file() -> None:
    out = ok("attack", "--attack", "12", "--defense", "5", "--closed", "--roll", "3")
    assert out.startswith("result: 1 step loss") and "Closed Order Ship Combat Results (Stellar Inferno 7.3.5-7.3.7): 12:5 reads row 2:1; die 3, column '3': 1" in out
    out = ok("attack", "--attack", "12", "--defense", "5", "--closed", "--technology", "2", "--roll", "3")
    assert out.startswith("result: 2 step losses") and "modifier -2 technology advantage 2: the more advanced side attacks (Stellar Inferno 12.12.2)" in out
    data = json.loads(ok("attack", "--attack", "1", "--defense", "5", "--roll", "1", "--json"))
    assert (data["table"], data["odds"], data["result"]) == ("si.open-order", "1:3", 0)
    out = ok("ground", "--attack", "6", "--defense", "3", "--roll", "4")
    assert out.startswith("result: 1/1 (defender / attacker step losses)") and "6:3 reads row 2:1" in out
    out = ok("ground", "--attack", "6", "--defense", "3", "--roll", "4", "--faster")
    assert out.startswith("result: 1/0") and "read as -1 (Stellar Inferno 11.1.4)" in out
    out = ok("design", "--step", "A4 C0 D5 M3 P0 R5")
    assert out.splitlines() == [
        "cost 3 * (4 + 5 + 0 + 0) + 5 * 4 = 47 (Stellar Inferno 12.9.3)",
        "category CL Light Cruiser: cost 47: the highest row at or below it is CL (cost 45) (Stellar Inferno 12.9.1-12.9.2, Table 1)",
    ]
    data = json.loads(ok("design", "--step", "A0 C10 D4 M2 P1 R0", "--speciality", "hf", "--json"))
    assert (data["cost"], data["category"]["code"], data["speciality"]["meets"]) == (30, "DE", True)
    assert "a quick reading needs both --attack and --defense" in refused(None, "attack", "--attack", "3")
    assert "defense 1 or more" in refused(None, "ground", "--attack", "3", "--defense", "0")
    assert "step 2 (A4 C0 D4 M3 P0 R5) cannot follow" in refused(None, "design", "--step", "A4 C0 D5 M3 P0 R5", "--step", "A4 C0 D4 M3 P0 R5")


def test_scenario_one_carries_its_troops_lands_them_and_fights_on_the_ground(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    ok("new", str(path), "--scenario", "1")
    for unit, step in (("7th", "4-3-2"), ("409th", "3-3-2"), ("BSDF", "2-4-1")):
        ok("unit", unit, "--step", step, path=path)
    out = ok("ship", "Muhr Muhr", "--step", "A0 D4 M2 R0", path=path)
    assert "C10 from the scenario's Cargo line (HF=10); P1 from the scenario's Planetary Gear line" in out and "aboard: 7th, 409th, BSDF, 7 supply" in out
    ok("unit", "Colonists", "--side", "defender", "--step", "2-3-1", "--on", "alpha", path=path)
    assert "Muhr Muhr arrives on turn 3, placed in the invader's part of that turn's Reinforcements Arrive phase" in refused(path, "place", "Muhr Muhr", "--at", "6/J9", "--core", "1")
    ok("ship", "Muhr Muhr", "--arrives", "1", path=path)
    until(path, "reinforcements")
    ok("place", "Muhr Muhr", "--at", "6/J9", "--core", "1", path=path)
    until(path, "landing")
    assert "must be in orbit to enter the atmosphere: in Alpha Phoenicis II's hex at the beginning of the turn" in refused(path, "land", "Muhr Muhr", "Alpha Phoenicis II")
    until(path, "fleet-movement")  # turn 2: in orbit since the start of the turn (8.1.2)
    until(path, "landing")
    out = ok("land", "Muhr Muhr", "Alpha Phoenicis II", path=path)
    assert "enters Alpha Phoenicis II's atmosphere" in out
    out = ok("deploy", "Muhr Muhr", "7th", "409th", "--on", "Alpha Phoenicis II", path=path)
    assert "7th, 409th landed on Alpha Phoenicis II from Muhr Muhr in the atmosphere" in out
    until(path, "supply")
    out = ok("supply", "Alpha Phoenicis II", path=path)
    assert "7th: supplied by Muhr Muhr's cargo" in out and "409th: supplied by Muhr Muhr's cargo" in out
    assert "were supplied this phase already" in refused(path, "supply", "Alpha Phoenicis II")
    until(path, "ground-combat")
    out = ok("ground", "Alpha Phoenicis II", "--attacker", "7th", "--attacker", "409th", "--attacker", "Muhr Muhr", "--defender", "Colonists", "--roll", "1", path=path)
    assert "attack 4 + 3 + 1 = 8 against defense 3 = 3" in out and "8:3 reads row 2:1; die 1 -1 = 0, column '0 or less': 3/1" in out
    assert "the defender (non-phasing) first" not in out and "referee si absorb defender|invader" in out
    assert "at most 1 terrain points can be surrendered: the lowest maneuver rating" in refused(path, "absorb", "defender", "--steps", "Colonists=1", "--surrender", "3")
    out = ok("absorb", "defender", "--steps", "Colonists=1", "--surrender", "1", path=path)
    assert "surrenders 1 industrial, 0 settled" in out and "1 loss not taken: every unit is eliminated" in out
    out = ok("absorb", "invader", "--steps", "7th=1", path=path)
    assert "terrain changes hands" in out and "Alpha Phoenicis II (gravity 1, atmosphere): defender 2 industrial, 8 settled; invader 1 industrial, 0 settled" in out
    status = ok("status", path=path)
    assert "Alpha Phoenicis II: Terran 10 economic points, Khaldarii 1; the defender holds 10, the invader 1: no one has economic control" in status


def test_the_game_ends_with_the_scenarios_verdict(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    ok("new", str(path), "--scenario", "1")
    state = scenario_file.from_dict(storage.read(path, "scenario"))
    while (state.turn, state.phase, state.phasing) != (16, "victory", "defender"):
        state = turn.next_phase(state).state
    storage.write_text(path, scenario_file.text(state))
    out = ok("next", path=path)
    assert "the final turn is completed: Terran (defender) win, controlling 11 economic points against 0" in out
    assert "the game is over: Terran (defender) win" in refused(path, "next")
    assert ok("status", path=path).splitlines()[:2] == ["Phoenix Command (scenario 1): over after turn 16 of 16", "the game is over: Terran (defender) win, controlling 11 economic points against 0"]


def test_raid_on_terra_the_comets_and_bombardment_count_to_200(tmp_path: Path) -> None:
    path = tmp_path / "raid.toml"
    ok("new", str(path), "--scenario", "2")
    out = ok("ship", "Oregon", "--step", "A9 D9 M2 R5", "--step", "A5 D5 M2 R5", "--at", "8/K6", "--core", "1", path=path)
    assert "begins at its reduced step, A5 C0 D5 M2 P0 R5" in out
    assert "begins at its reduced step" not in ok("ship", "Langley", "--step", "A4 D5 M3 R3", "--step", "A2 D2 M3 R3", path=path)
    out = ok("ship", "Shalkrien", "--step", "A8 D8 M2 R4", "--step", "A4 D4 M2 R4", "--at", "8/K6", path=path)
    out = ok("comet", "Mars", "--comet", "Comet 1", path=path)
    assert "Mars takes 50 step losses of surface bombardment (Comet 1 entering its hex, then removed from play); bombardment so far: 50 points" in out
    assert "3 industrial made settled, 31 settled destroyed, 16 with nothing left to hit: 3 industrial, 28 settled becomes 0 industrial, 0 settled" in out
    out = ok("comet", "Earth", "--comet", "Comet 2", path=path)
    assert "referee si assign --industrial N (0 to 50)" in out
    assert "a comet's bombardment waits: first 50 step losses to Earth's economic terrain" in refused(path, "comet", "Earth", "--comet", "Comet 3")
    ok("assign", "--industrial", "20", path=path)
    assert "comet 1 has performed its bombardment and was removed from play" in refused(path, "comet", "Earth", "--comet", "comet 1")
    until(path, "ship-combat")
    out = ok("bombard", "Earth", "Shalkrien=0", "--roll", "1", path=path)
    assert "attack 8 against a terrain point's defense 10" in out and "technology: attackers 0, Terran terrain 0" in out
    ok("assign", "--industrial", "1", path=path)
    assert "a comet enters a planet hex by moving, in the invader's Fleet Movement (1) or Individual Ship Maneuver (3) phase" in refused(path, "comet", "Earth", "--comet", "Comet 3")
    until(path, "maneuver")
    ok("comet", "Earth", "--comet", "Comet 3", path=path)
    ok("assign", "--industrial", "0", path=path)
    ok("comet", "Earth", "--comet", "Comet 4", path=path)
    ok("assign", "--industrial", "0", path=path)
    assert "Khaldarii surface bombardment: 201 of 200 points" in ok("status", path=path)
    until(path, "victory")
    assert "the game is over: Khaldarii (invader) win: 201 points of surface bombardment performed, 200 needed" in ok("log", "--last", "1", path=path)


def test_an_eldar_attack_gets_the_advantage_and_a_terran_one_does_not(tmp_path: Path) -> None:
    path = tmp_path / "raid.toml"
    ok("new", str(path), "--scenario", "2")
    ok("ship", "Cross Winds", "--step", "A6 D6 M3 R4", "--at", "8/K6", "--core", "1", path=path)
    ok("ship", "Langley", "--step", "A6 D5 M3 R3", "--at", "8/K6", path=path)
    ok("ship", "Zonal", "--step", "A4 D3 M3 R3", "--step", "A2 D2 M3 R3", "--at", "8/J5", "--core", "1", path=path)
    until(path, "ship-combat", "defender")
    out = ok("attack", "Cross Winds=2", "--at", "8/J5", "--roll", "6", path=path)
    assert "modifier -2 technology advantage 2: the more advanced side attacks (Stellar Inferno 12.12.2)" in out and "6:3 reads row 2:1; die 6 -2 = 4, column '4': 1" in out
    ok("next", path=path)  # (a new phase: the hex may be attacked by the other side)
    until(path, "ship-combat", "defender")
    out = ok("attack", "Cross Winds=2", "Langley=2", "--at", "8/J5", "--roll", "4", path=path)
    assert "modifier" not in out and "technology (Eldar +2): attackers 0, defenders 0 (each the least advanced of its group)" in out and "12:2 reads row 6:1; die 4, column '4': 3" in out


def test_portborough_frigates_ride_the_carriers_and_the_special_surrender_rule(tmp_path: Path) -> None:
    path = tmp_path / "port.toml"
    ok("new", str(path), "--scenario", "3")
    out = ok("ship", "Hive", "--code", "CV", "--side", "Bhalaeth", "--step", "A2 D6 M3 R2", "--supply", "1", "--at", "5/K5", "--core", "0", path=path)
    assert "C20 from the scenario's Cargo line (CV=20, ML=2, AF=9); P1 from the scenario's Planetary Gear line (CV=1, AF=1)" in out
    out = ok("ship", "Stinger", "--code", "FF", "--side", "invader", "--step", "A3 D3 M4 R2", "--aboard", "Hive", path=path)
    assert "carried aboard Hive: 3 cargo points of its 20" in out
    ok("unit", "Brood", "--side", "invader", "--step", "6-2-2", "--aboard", "Hive", path=path)
    ok("unit", "Militia", "--side", "defender", "--step", "2-3-3", "--step", "1-2-3", "--on", "Portborough", path=path)
    assert "Stinger is aboard Hive as cargo" in refused(path, "place", "Stinger", "--at", "5/K5")
    until(path, "maneuver")
    assert "Stinger unloaded from Hive into 5/K5" in ok("unload", "Hive", "Stinger", path=path)
    until(path, "landing")
    ok("land", "Hive", "Portborough", path=path)
    ok("deploy", "Hive", "Brood", "--on", "Portborough", path=path)
    until(path, "supply")
    assert "Brood: supplied by Hive's cargo" in ok("supply", "Portborough", path=path)  # (9.1.3: else it loses its step before combat)
    until(path, "ground-combat", "defender")
    out = ok("ground", "Portborough", "--attacker", "Militia", "--defender", "Brood", "--defender", "Hive", "--roll", "3", path=path)
    assert "attack 2 = 2 against defense 2 + 1 = 3" in out and "Hive: attack 1, defense 1 (planetary gear 1 (Stellar Inferno 11.1.3))" in out
    assert "modifier -1 the attacking units all outmanoeuvre the defenders (3 against at most 2)" in out
    assert "modifier -1 technology advantage 1: the more advanced side attacks (Stellar Inferno 12.12.2)" in out
    assert "2:3 reads row 1:2; die 3 -1 -1 = 1, column '1': 1/1" in out
    assert "at least one point of the step losses must be absorbed by a ground unit" in refused(path, "absorb", "invader", "--steps", "Hive=1")
    assert "Brood is eliminated" in ok("absorb", "invader", "--steps", "Brood=1", path=path)
    out = ok("absorb", "defender", "--steps", "Militia=1", path=path)
    assert "Militia loses 1 step" in out and "terrain changes hands" not in out
    assert scenario_file.from_dict(storage.read(path, "scenario")).ground_losses is None


def test_the_special_surrender_rule_of_portborough(tmp_path: Path) -> None:
    """No Bhalaeth 6-2-2 unit surrenders terrain unless the 1-5-5 unit is on the surface."""

    from referee.errors import RefereeError
    from referee.stellar_inferno import ground_phase
    from referee.stellar_inferno.planets import Terrain
    from referee.stellar_inferno.scenario import Absorbed, GroundLosses

    path = tmp_path / "port.toml"
    ok("new", str(path), "--scenario", "3")
    ok("unit", "Brood", "--side", "invader", "--step", "6-2-2", "--on", "Portborough", path=path)
    ok("unit", "Queen", "--side", "invader", "--step", "1-5-5", path=path)
    ok("unit", "Militia", "--side", "defender", "--step", "2-3-3", "--on", "Portborough", path=path)
    state = scenario_file.from_dict(storage.read(path, "scenario"))
    world = state.world("Portborough")
    state = state.with_world(world._replace(planet=world.planet._replace(invader=Terrain(2, 0), defender=Terrain(18, 147))))
    state = state._replace(ground_losses=GroundLosses("Portborough", "defender", ("Militia",), ("Brood",), 0, 2, attacker_done=Absorbed()))
    with pytest.raises(RefereeError, match="no Bhalaeth 6-2-2 ground unit can surrender terrain unless the Bhalaeth 1-5-5 ground unit is deployed on the surface"):
        ground_phase.absorb(state, "invader", {"Brood": 1}, 1)
    queen = state.troop("Queen")
    landed = state.with_troops(queen._replace(planet="Portborough"))
    after = ground_phase.absorb(landed, "invader", {"Brood": 1}, 1)
    assert "surrenders 1 industrial, 0 settled" in after.entries[0].text and "terrain changes hands" in after.entries[0].text
    assert after.state.world("Portborough").planet.invader == Terrain(1, 0) and after.state.world("Portborough").planet.defender == Terrain(19, 147)


def test_a_transport_hit_sheds_its_cargo_and_the_rest_of_a_turn(tmp_path: Path) -> None:
    """Muhr Muhr, loaded as the scenario lists, loses a step: the capacity lost is cargo eliminated
    before anything else happens (7.4.2); then the velocity, lifting off and stockpiling."""
    path = tmp_path / "p.toml"
    ok("new", str(path), "--scenario", "1")
    for unit, step in (("7th", "4-3-2"), ("409th", "3-3-2"), ("BSDF", "2-4-1")):
        ok("unit", unit, "--step", step, path=path)
    ok("ship", "Dublin", "--step", "A6 D6 M3 R4", "--at", "6/J8", "--core", "1", path=path)
    assert "the Khaldarii fleet velocity is now +3 (was +2)" in ok("velocity", "3", path=path)
    assert "adjusted this turn already" in refused(path, "velocity", "4")
    until(path, "fleet-movement", "defender")
    assert "velocity is now -1 (was +0)" in ok("velocity", "-1", path=path)
    until(path, "reinforcements")
    ok("ship", "Muhr Muhr", "--step", "A0 C10 D4 M2 R0", "--step", "A0 C5 D2 M2 R0", "--arrives", "1", "--at", "6/J9", "--core", "1", path=path)
    until(path, "ship-combat", "defender")
    out = ok("attack", "Dublin=1", "--at", "6/J9", "--roll", "2", path=path)
    assert "6:4 reads row 3:2; die 2, column '2': 1" in out and "Muhr Muhr takes 1 step" in out and "Muhr Muhr must eliminate at least 5 cargo points (aboard: 7th, 409th, BSDF, 7 supply" in out
    assert "first Muhr Muhr must eliminate 5 cargo points" in refused(path, "next")
    assert "must eliminate at least 5 cargo points" in refused(path, "cargo", "Muhr Muhr", "--supply", "4")
    out = ok("cargo", "Muhr Muhr", "--unit", "7th", "--supply", "4", path=path)
    assert "Muhr Muhr eliminates 7th, 4 supply: aboard now 409th, BSDF, 3 supply (5 of 5 cargo points)" in out
    status = ok("status", path=path).splitlines()
    assert "  7th: eliminated" in status and "  409th: 3-3-2, 1/1 steps, aboard Muhr Muhr" in status
    until(path, "fleet-movement")  # turn 2: in orbit since the start of the turn, it may land (8.1.2)
    until(path, "landing")
    ok("land", "Muhr Muhr", "Alpha Phoenicis II", path=path)
    assert "the invader holds no industrial point on Alpha Phoenicis II" in refused(path, "stockpile", "Muhr Muhr", "Alpha Phoenicis II", "2")
    assert "leaves the atmosphere, on top of the planet marker in 6/J9" in ok("lift", "Muhr Muhr", path=path)
    assert "is not in a planetary atmosphere" in refused(path, "lift", "Muhr Muhr")


# -- the optional rules in play ------------------------------------------------------------------------

OPTIONAL = ["sensors", "ramming", "boarding", "stealth-mines", "psi-specialists", "tactical-bombardment", "grazing-orbit", "asteroids", "overloading-engines"]


def optional_game(tmp_path: Path, rules: list[str] = OPTIONAL) -> Path:
    """Phoenix Command with the optional rules asked for: Dublin (D6 M3) and Tigris (D5 M2) in 6/J9,
    Phalth (D7 M2) and Leyf (C6 D5 M3) in 6/J7, the Colonists on Alpha Phoenicis II."""
    path = tmp_path / "optional.toml"
    ok("new", str(path), "--scenario", "1", *(arg for rule in rules for arg in ("--rule", rule)))
    ok("ship", "Dublin", "--step", "A6 D6 M3 R4", "--step", "A3 D3 M3 R4", "--at", "6/J9", "--core", "1", path=path)
    ok("ship", "Tigris", "--step", "A4 D5 M2 R3", "--step", "A2 D2 M2 R3", "--at", "6/J9", path=path)
    ok("ship", "Phalth", "--step", "A8 D7 M2 R5", "--step", "A4 D4 M2 R5", "--at", "6/J7", "--core", "1", path=path)
    ok("ship", "Leyf", "--step", "A4 C6 D5 M3 R3", "--step", "A2 C3 D2 M3 R3", "--at", "6/J7", path=path)
    ok("unit", "Colonists", "--side", "defender", "--step", "1-2-1", "--on", "alpha", path=path)
    return path


def test_the_maneuver_phase_maneuvers_sweeps_rams_and_boards_with_the_dice_typed(tmp_path: Path) -> None:
    path = optional_game(tmp_path)
    assert "Leyf carries 3 mine points, 2 bombardment pack points as cargo" in ok("stow", "Leyf", "--mines", "3", "--packs", "2", path=path)
    assert "Zor, a Khaldarii psi agent of rating 3, aboard Phalth" in ok("agent", "Zor", "--aboard", "Phalth", "--psi", "3", path=path)
    until(path, "maneuver")
    out = ok("sweep", "Leyf=2", "--at", "6/J9", "--reveal", "Dublin", "--roll", "1", path=path)
    assert "3:5 reads row 1:2; die 1, column '1': 1" in out and "revealed to the invader: Dublin (in the owner's order)" in out
    assert "Leyf cannot maneuver this turn: it performs a sensor sweep" in refused(path, "maneuver", "Leyf", "1")
    out = ok("maneuver", "Phalth", "3", "--to", "6/K8", "--core", "0", "--star", "alpha phoenicis", "--overload", "--roll", "3", "--roll", "2", path=path)
    assert "Phalth overloads its engines: 3: the engines hold" in out and "radiation 2 > 1: no damage" in out
    assert json.loads(ok("status", "--json", path=path))["acts"] == [{"ship": "Leyf", "what": "sweep"}, {"ship": "Phalth", "what": "moved"}, {"ship": "Phalth", "what": "maneuver"}]
    # Leyf swept, so it does not maneuver this turn (12.6.3): a move recorded is refused, the referee's correction is not
    assert "Leyf cannot maneuver this turn: it performs a sensor sweep" in refused(path, "place", "Leyf", "--at", "6/J9")
    ok("place", "Leyf", "--at", "6/J9", "--correction", path=path)
    out = ok("board", "Leyf", "Tigris", path=path)
    assert "Leyf (maneuver 3) declares a boarding of Tigris (maneuver 2) in 6/J9" in out
    ok("next", path=path)
    ok("place", "Phalth", "--at", "6/J9", "--correction", path=path)
    out = ok("ram", "Dublin", "Phalth", "--roll", "1", "--roll", "1", path=path)
    assert "Dublin rams Phalth: its defense 6 as attack against defense 10 (defense 7 +3 psi" in out and "Phalth rams back Dublin" in out
    assert "--roll is the ram's d6, then the ram back's: two at most, not 3" in refused(path, "ram", "Tigris", "Phalth", "--roll", "1", "--roll", "1", "--roll", "1")
    assert "Dublin has rammed this turn already" in refused(path, "ram", "Dublin", "Phalth", "--roll", "1")
    status = ok("status", path=path)
    assert "psi agents: Zor (Khaldarii, psi 3) aboard Phalth" in status and "boarding: Leyf boards Tigris (fought in the Ground Combat phase: referee si boarding Leyf)" in status
    assert "sensor sweep of 6/J9 by Leyf: revealed to the invader Dublin" in status


def test_landing_actions_lay_mines_transfer_an_agent_and_drop_packs_then_mines_strike(tmp_path: Path) -> None:
    path = optional_game(tmp_path)
    ok("stow", "Leyf", "--mines", "3", "--packs", "2", path=path)
    ok("agent", "Zor", "--aboard", "Phalth", "--psi", "3", path=path)
    until(path, "landing")
    assert "Leyf is in play and it is turn 1 of 16, Landing Actions (5)" in refused(path, "agent", "Vel", "--aboard", "Leyf", "--psi", "2")
    assert "the referee corrects the record, not a transfer" in ok("agent", "Vel", "--aboard", "Leyf", "--psi", "2", "--correction", path=path)
    out = ok("lay", "Leyf", "3", path=path)
    assert "Leyf lays 3 mine points in 6/J7: Khaldarii mines there 3" in out
    assert "Leyf (lay mines): a psi agent transfers only between ships that have performed no action other than fleet movement" in refused(path, "transfer", "Zor", "Leyf")
    ok("ship", "Bekhur", "--step", "A3 D3 M2 R2", "--at", "6/J7", "--correction", path=path)
    assert "Zor (psi 3) transfers from Phalth to Bekhur in 6/J7" in ok("transfer", "Zor", "Bekhur", path=path)
    ok("place", "Leyf", "--at", "6/J9", "--correction", path=path)
    assert "Leyf pack, a temporary ground unit of attack 2 and defense 2" in ok("packs", "Leyf", "Alpha Phoenicis II", "2", path=path)
    until(path, "fleet-movement")
    assert "the bombardment packs deployed are expended and removed from the game: Leyf pack" in ok("log", "--last", "3", path=path)
    out = ok("strike", "6/J7", "--at", "6/J9", "--roll", "1", "--roll", "4", "--roll", "1", path=path)
    assert "mine point 1: 1: strikes Dublin (maneuver 3), a step loss" in out and "mine point 3: 1: strikes Tigris (maneuver 2), a step loss" in out
    assert "3 dice for 1 mine points" in refused(path, "strike", "6/J7", "--at", "6/J9", "--roll", "1", "--roll", "1", "--roll", "1")
    assert "Khaldarii's 1 mine points move with fleet movement from 6/J7 to 6/J8" in ok("mines", "6/J7", "--to", "6/J8", path=path)
    assert "stealth mines: Khaldarii 1 points in 6/J8" in ok("status", path=path)


def test_ground_deployment_by_matchup_and_a_boarding_fought_and_absorbed(tmp_path: Path) -> None:
    path = optional_game(tmp_path)
    ok("unit", "Marines", "--side", "invader", "--step", "6-3-3", "--aboard", "Leyf", path=path)
    ok("unit", "Raiders", "--side", "invader", "--step", "4-3-2", "--drop", "--on", "alpha", path=path)  # (in supply its first turn down, 9.3.2)
    until(path, "maneuver")
    ok("place", "Leyf", "--at", "6/J9", path=path)
    ok("board", "Leyf", "Tigris", path=path)
    until(path, "ground-combat")
    assert "the defender must deploy a ground unit" in ok("deployment", "Alpha Phoenicis II", path=path)
    assert "give the unit or ship deployed, or --decline" in refused(path, "match", "Alpha Phoenicis II")
    assert "the defender deploys Colonists, which opens matchup 1" in ok("match", "Alpha Phoenicis II", "Colonists", path=path)
    ok("match", "Alpha Phoenicis II", "Raiders", path=path)
    out = ok("ground", "Alpha Phoenicis II", "--matchup", "1", "--roll", "6", path=path)
    assert "Khaldarii attack on Alpha Phoenicis II in matchup 1: Raiders against Colonists" in out and "4:2 reads row 2:1; die 6 -1 = 5, column '5': 0/0" in out
    assert "attacked in matchup 1 on Alpha Phoenicis II this phase already" in refused(path, "ground", "Alpha Phoenicis II", "--matchup", "1", "--roll", "1")
    assert "attack by matchup" in refused(path, "ground", "Alpha Phoenicis II", "--attacker", "Raiders", "--defender", "Colonists")
    out = ok("boarding", "Leyf", "--roll", "1", path=path)
    assert "10:5 reads row 2:1; die 1 -1 = 0, column '0 or less': 3/1" in out
    assert "no terrain is surrendered in a boarding combat" in refused(path, "absorb", "defender", "--steps", "Tigris=2", "--surrender", "1")
    assert "captured by Khaldarii at its lowest step" in ok("absorb", "defender", "--steps", "Tigris=2", path=path)
    ok("absorb", "invader", "--steps", "Marines=1", path=path)
    data = json.loads(ok("status", "--json", path=path))
    tigris = next(c for c in data["counters"] if c["name"] == "Tigris")
    assert (tigris["role"], tigris["lost"]) == ("invader", 1) and data["deployments"][0]["attacked"] == [{"side": "invader", "matchup": 1}]


def test_each_optional_command_is_refused_when_its_rule_is_not_played(tmp_path: Path) -> None:
    path = optional_game(tmp_path, [])
    assert "optional rule 12.3 Stealth Mines, not in play" in refused(path, "stow", "Leyf", "--mines", "1")
    assert "optional rule 12.11 Tactical Bombardment, not in play" in refused(path, "stow", "Leyf", "--packs", "1")
    assert "optional rule 12.7 Psi Specialists, not in play" in refused(path, "agent", "Zor", "--aboard", "Phalth", "--psi", "3")
    assert "optional rule 12.3 Stealth Mines, not in play" in refused(path, "strike", "6/J7", "--at", "6/J9", "--roll", "1")
    assert "optional rule 12.3 Stealth Mines, not in play" in refused(path, "mines", "6/J7", "--to", "6/J9")
    until(path, "maneuver")
    ok("place", "Phalth", "--at", "6/J9", path=path)
    cases = [
        (("sweep", "Leyf=2", "--at", "6/J9", "--roll", "1"), "12.6 Sensors"),
        (("maneuver", "Leyf", "1", "--overload", "--roll", "3"), "12.4 Overloading Engines"),
        (("maneuver", "Leyf", "2", "--star", "Alpha Phoenicis", "--roll", "3"), "12.2 Grazing Orbit Maneuver"),
        (("maneuver", "Leyf", "2", "--asteroid-hexes", "1", "--roll", "3"), "12.1 Asteroids"),
        (("board", "Leyf", "Tigris"), "12.13 Boarding Attack"),
    ]
    for args, rule in cases:
        assert f"is the optional rule {rule}, not in play in this game" in refused(path, *args), args
    ok("next", path=path)
    assert "optional rule 12.8 Ramming, not in play" in refused(path, "ram", "Dublin", "Phalth", "--roll", "1")
    until(path, "landing")
    assert "optional rule 12.3 Stealth Mines, not in play" in refused(path, "lay", "Leyf", "1")
    assert "optional rule 12.7 Psi Specialists, not in play" in refused(path, "transfer", "Zor", "Leyf")
    assert "optional rule 12.11 Tactical Bombardment, not in play" in refused(path, "packs", "Leyf", "Alpha Phoenicis II", "1")
    until(path, "ground-combat")
    assert "optional rule 12.13 Boarding Attack, not in play" in refused(path, "boarding", "Leyf", "--roll", "1")


def test_the_optional_commands_mistakes_are_one_line_and_change_nothing(tmp_path: Path) -> None:
    path = optional_game(tmp_path)
    until(path, "maneuver")
    cases = [
        (("maneuver", "Phalth", "x"), "is not a valid integer|Invalid value"),
        (("maneuver", "Phalth", "5"), "Phalth maneuvers 1 to 2 hexes"),
        (("maneuver", "Phalth", "2", "--roll", "4"), "1 dice for 0 rolls"),
        (("maneuver", "Phalth", "2", "--core", "1"), "give the hex too (--to HEX)"),
        (("maneuver", "Phalth", "2", "--to", "Z"), "a column letter and a row number"),
        (("maneuver", "Phalth", "2", "--star", "Sol"), "no star 'Sol' in Phoenix Command"),
        (("maneuver", "Dublin", "2"), "Dublin is the defender's"),
        (("sweep", "Leyf", "--at", "6/J9"), "NAME=VALUE"),
        (("sweep", "Leyf=2", "--at", "6/J8"), "no Terran ship is placed in 6/J8"),
        (("ram", "Leyf", "Dublin", "--roll", "0"), "0 cannot be rolled on 1d6"),
        (("ram", "Leyf", "Dublin"), "Leyf must be in Dublin's hex to ram it"),
        (("board", "Leyf", "Phalth"), "Phalth is the invader's own ship"),
        (("agent", "Zor", "--aboard", "Nobody", "--psi", "3"), "no ship 'Nobody'"),
        (("agent", "Zor", "--aboard", "Phalth", "--psi", "0"), "a psi rating is from 1 to 9, not 0"),
        (("stow", "Leyf"), "give the mine points (--mines N) or bombardment pack points"),
        (("lay", "Leyf", "1"), "laying stealth mines is done in the Landing Actions phase (5)"),
        (("deployment", "Alpha Phoenicis II"), "a ground deployment is done in the Ground Combat phase (7)"),
        (("transfer", "Nobody", "Leyf"), "a psi agent's transfer is done in the Landing Actions phase"),
        (("boarding", "Leyf"), "a boarding combat is done in the Ground Combat phase"),
    ]
    for args, message in cases:
        err = refused(path, *args)
        assert any(m in err for m in message.split("|")), (args, err)


def test_si_leave_records_a_ship_off_the_map_and_refuses_out_of_phase_or_an_unknown_ship(phoenix: Path) -> None:
    """[6.4.3] from the command line: out of its side's movement phases refused (one line, exit 2,
    the file unchanged), --correction records it; an unknown ship refused naming the ships; the
    status then says it left the map."""
    assert "leaves the map, only in the invader's Fleet Movement (1) or Individual Ship Maneuver (3) phase" in refused(phoenix, "leave", "Phalth")
    assert "no ship 'Nobody' in Phoenix Command; the ships are Phalth" in refused(phoenix, "leave", "Nobody")
    out = ok("leave", "Phalth", "--correction", path=phoenix)
    assert out.startswith("the referee corrects the record, not a move (Stellar Inferno [4] Turn Sequence): Phalth leaves the map from 6/J7: it is removed from the game, not destroyed")
    assert "Phalth (BB 3): left the map on turn 1, removed from the game" in ok("status", path=phoenix)
    assert "Phalth left the map on turn 1: it is removed from the game (Stellar Inferno 6.4.3)" in refused(phoenix, "leave", "Phalth")
