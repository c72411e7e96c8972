"""The command line through typer's CliRunner: what a referee types and what comes back."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from referee.cli import app
from tests.helpers.cli import run, runner


def test_help_lists_the_commands() -> None:
    code, out, _ = run("--help")
    assert code == 0, out
    assert "roll" in out and "table" in out and "play" in out


def test_no_command_opens_the_app_and_play_opens_the_file_given(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[object] = []
    monkeypatch.setattr("referee.tui.app.run", opened.append)
    assert run()[0] == 0
    assert run("play", "war.toml")[0] == 0
    assert [str(p) if p else p for p in opened] == [None, "war.toml"]


def test_roll_shows_each_die_modifier_and_total_and_a_seed_repeats() -> None:
    code, out, _ = run("roll", "2d10+4", "--seed", "5")
    assert code == 0, out
    assert out.startswith("2d10+4: ") and "+4 = " in out and "(virtual)" in out
    assert run("roll", "2d10+4", "--seed", "5")[1] == out


def test_roll_accepts_spaces_inside_the_expression() -> None:
    code, out, _ = run("roll", "2d10", "+", "4", "--seed", "5")
    assert code == 0
    assert out == run("roll", "2d10+4", "--seed", "5")[1]


def test_roll_json_has_stable_keys() -> None:
    code, out, _ = run("roll", "d100", "--seed", "2", "--json", "--for", "to hit", "--target", "50")
    assert code == 0, out
    data = json.loads(out)
    assert list(data) == ["expression", "dice", "modifier", "total", "source", "for", "target", "outcome"]
    assert data["expression"] == "d100" and data["source"] == "virtual" and data["for"] == "to hit"
    assert len(data["dice"][0]["faces"]) == 2
    assert data["outcome"] == ("success" if data["total"] <= 50 else "failure")


def test_roll_takes_the_result_rolled_at_the_table() -> None:
    code, out, _ = run("roll", "d100", "--rolled", "26", "--target", "50")
    assert code == 0
    assert "= 26 (entered)" in out
    assert "target 50 or less: success" in out
    code, out, _ = run("roll", "d100", "--rolled", "00", "--target", "50", "--json")
    assert json.loads(out)["total"] == 100 and json.loads(out)["outcome"] == "failure"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("roll", "2d"), "needs the number of sides"),
        (("roll", "abc"), "cannot read 'abc'"),
        (("roll", "101d10"), "at most 100 dice"),
        (("roll", "0d10"), "at least one die"),
        (("roll", "d0"), "2 to 1000 sides"),
        (("roll", ""), "no dice expression given"),
        (("roll", "2d10", "--rolled", "21"), "enter a result from 2 to 20"),
        (("roll", "d100", "--rolled", "0"), "enter a result from 1 to 100"),
        (("roll",), "Missing argument"),
        (("roll", "2d10", "--seed", "x"), "'x' is not a valid integer"),
        (("table", "lookup", "kh.damag", "1"), "did you mean kh.damage"),
        (("table", "show", "ships"), "no table called 'ships'"),
        (("table", "lookup", "kh.damage", "121"), "runs from -20 to 120"),
        (("table", "lookup", "kh.combat-advanced", "LC", "shields"), "choose from weapon, none, reflective-hull"),
        (("table", "lookup", "si.open-order", "3-2", "4"), "write attack:defense"),
        (("table", "lookup", "kh.damage"), "Missing argument"),
        (("frobnicate",), "No such command 'frobnicate'"),
        (("--frobnicate",), "No such option"),
    ],
)
def test_mistakes_exit_2_with_one_line_naming_the_problem(args: tuple[str, ...], says: str) -> None:
    code, out, err = run(*args)
    assert code == 2, (out, err)
    assert out == ""
    assert err.startswith("referee: error: ") and err.count("\n") == 1, err
    assert says in err


def test_table_list_names_every_table_with_its_title() -> None:
    code, out, _ = run("table", "list")
    assert code == 0
    assert any(line.startswith("kh.damage ") and "Advanced Game Damage Table" in line for line in out.splitlines())
    for name in ("ssw.misjump", "sfw.special-damage", "si.ground-combat", "kh.combat-advanced"):
        assert name in out
    listed = json.loads(run("table", "list", "--json")[1])
    assert {"name": "si.open-order", "title": "Open Order Ship Combat Results", "lookup": "odds"} in listed


def test_table_show_draws_the_table_with_source_and_notes() -> None:
    code, out, _ = run("table", "show", "si.open-order")
    assert code == 0
    assert "Open Order Ship Combat Results" in out
    assert "Source: Stellar Inferno v1.4" in out
    assert "Note:" in out
    assert "3:2" in out and "9:1" in out


def test_table_show_json_has_every_row() -> None:
    data = json.loads(run("table", "show", "kh.damage", "--json")[1])
    assert list(data) == ["name", "title", "source", "notes", "lookup", "key_column", "roll", "variants", "columns", "rows"]
    assert data["rows"][0]["low"] == -20 and data["rows"][-1]["high"] == 120


def test_lookup_damage_table_at_83() -> None:
    code, out, _ = run("table", "lookup", "kh.damage", "83")
    assert code == 0
    assert "Defense hit: ICM; SS; PS; ES; MS" in out
    assert "source: Advanced Game Damage Table" in out and "83 falls in band 81 to 84" in out


def test_lookup_laser_cannon_against_reflective_hull() -> None:
    code, out, _ = run("table", "lookup", "kh.combat-advanced", "laser cannon", "reflective hull")
    assert code == 0
    assert out.splitlines()[0] == "Reflective Hull: 60"
    out = run("table", "lookup", "kh.combat-advanced", "LC", "RH", "--variant", "gunnery")[1]
    assert out.splitlines()[0] == "Reflective Hull: 45"


def test_lookup_stellar_inferno_open_order_3_to_2_with_a_4() -> None:
    code, out, _ = run("table", "lookup", "si.open-order", "3:2", "4", "--json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["table", "title", "source", "row", "column", "value", "reading"]
    assert (data["table"], data["column"], data["value"]) == ("si.open-order", "4", 1)
    assert data["row"]["odds"] == "3:2"


def test_unknown_cells_say_they_are_unknown() -> None:
    code, out, _ = run("table", "show", "sfw.starships", "--json")
    data = json.loads(out)
    unknown = [(r, k) for r in data["rows"] for k, v in r.items() if v == "unknown"]
    assert unknown, "the garbled Data Table keeps unreadable cells marked unknown"
    row, column = unknown[0]
    key = row[data["key_column"]]
    code, out, _ = run("table", "lookup", "sfw.starships", str(key), column)
    assert code == 0
    assert "unknown (not readable in the source)" in out


def test_table_roll_with_a_modifier_and_a_result_rolled_at_the_table() -> None:
    """The book's example: 73 rolled, +10, reads 83 on the Damage Table (a defense hit)."""
    code, out, _ = run("table", "roll", "kh.damage", "--modifier", "10", "--rolled", "73")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0].startswith("d100: entered at the table = 73 (entered)")
    assert lines[1] == "modified: 73 +10 = 83"
    assert "Type of Damage: Defense hit: ICM; SS; PS; ES; MS" in lines
    assert "83 falls in band 81 to 84" in lines[-1]


def test_table_roll_virtual_is_seeded_and_reads_the_band_of_its_total() -> None:
    data = json.loads(run("table", "roll", "sfw.special-damage", "--seed", "4", "--json")[1])
    assert list(data) == ["roll", "table_modifier", "modified_total", "lookup"]
    total = data["roll"]["total"]
    assert data["roll"]["expression"] == "d%00" and 0 <= total <= 99
    assert data["lookup"]["row"]["low"] <= total <= data["lookup"]["row"]["high"]
    assert run("table", "roll", "sfw.special-damage", "--seed", "4", "--json")[1] == json.dumps(data, indent=2) + "\n"


def test_table_roll_on_an_odds_table_rolls_the_die_column() -> None:
    data = json.loads(run("table", "roll", "si.open-order", "7:4", "--rolled", "4", "--json")[1])
    assert data["lookup"]["row"]["odds"] == "3:2" and data["lookup"]["value"] == 1


def test_table_roll_refuses_tables_that_are_not_rolled_on_and_impossible_results() -> None:
    code, _, err = run("table", "roll", "kh.ships-advanced")
    assert code == 2 and "is not rolled on; look it up by key" in err
    code, _, err = run("table", "roll", "kh.damage", "--rolled", "101")
    assert code == 2 and "enter a result from 1 to 100" in err


def test_the_console_script_opens_the_app_without_the_command_line_framework() -> None:
    from referee.launch import opens_the_app

    assert opens_the_app([]) and opens_the_app(["play"]) and opens_the_app(["play", "war.toml"])
    assert not opens_the_app(["play", "-h"]) and not opens_the_app(["roll", "d100"]) and not opens_the_app(["play", "a", "b"])


def test_the_app_paints_at_240_frames_a_second_unless_the_referee_sets_textual_fps(monkeypatch: pytest.MonkeyPatch) -> None:
    import referee.tui.app
    from referee.launch import open_app

    seen = []
    monkeypatch.setattr(referee.tui.app, "run", lambda path: seen.append(os.environ["TEXTUAL_FPS"]))
    monkeypatch.setenv("TEXTUAL_FPS", "")  # noted, so that what open_app sets is undone after the test
    monkeypatch.delenv("TEXTUAL_FPS")
    open_app(None)
    monkeypatch.setenv("TEXTUAL_FPS", "30")
    open_app(None)
    assert seen == ["240", "30"]


def test_a_command_runs_without_the_garbage_collector_and_the_apps_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command runs once and exits (the collector would only cost it time); the app and the
    view run for hours, with it: the app from its first screen on (what exists then is frozen)."""
    import gc
    import sys

    import referee.cli
    import referee.tui.app
    import referee.tui.view.app
    from referee import launch

    seen: list[tuple[str, bool]] = []
    monkeypatch.setattr(referee.cli, "main", lambda: seen.append(("command", gc.isenabled())))
    monkeypatch.setattr(referee.tui.app, "run", lambda path: seen.append(("app", gc.isenabled())))

    class View:
        side = "UPF"

        def run(self) -> None:
            seen.append(("view", gc.isenabled()))

    monkeypatch.setattr(referee.tui.view.app, "open_view", lambda path, side: View())
    monkeypatch.setenv("TEXTUAL_FPS", "60")  # (the app and the view set it when it is not: undone after the test)
    try:
        for argv in (["roll", "d6"], ["play", "-h"]):
            monkeypatch.setattr(sys, "argv", ["referee", *argv])
            launch.main()
            assert seen.pop() == ("command", False)
        launch.open_app(None)  # as play with options, through the command line
        assert seen.pop() == ("app", False)  # until the first screen is drawn
        referee.tui.app.settled()
        assert gc.isenabled() and gc.get_freeze_count() > 0
        gc.disable()
        run("view", "war.toml", "--side", "UPF")
        assert seen.pop() == ("view", True)
        monkeypatch.setattr(sys, "argv", ["referee", "play"])
        gc.disable()
        launch.main()
        assert seen.pop() == ("app", False)
    finally:
        gc.unfreeze()
        gc.enable()


def test_play_refuses_a_missing_or_broken_campaign_in_one_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    broken = tmp_path / "broken.toml"
    broken.write_text('format = "referee second sathar war campaign"\nversion = 1\nday = "two"\n')
    for path, said in ((tmp_path / "none.toml", "no campaign or battle file at"), (broken, "broken.toml")):
        done = subprocess.run([sys.executable, "-m", "referee", "play", str(path)], capture_output=True, text=True, env={**os.environ, "REFEREE_HOME": str(tmp_path)})
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.startswith("referee: error: ") and said in done.stderr and "Traceback" not in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1


def test_a_command_ends_without_pythons_teardown_its_output_and_exit_code_whole(tmp_path: Path) -> None:
    """launch.leave ends the process once a command is done: what it printed all there (a long log
    to a file), its exit code kept (0, 2 for a refusal, 1 for a reader gone), and its save whole."""
    import shutil
    import subprocess
    import sys

    from referee.resources import campaigns_dir

    war = tmp_path / "war.toml"
    shutil.copyfile(campaigns_dir() / "second-sathar-war.toml", war)
    env = {**os.environ, "REFEREE_HOME": str(tmp_path / "home")}

    def referee(*args: str, **options: object) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True, env=env, **options)  # type: ignore[call-overload, no-any-return]

    placed = referee("campaign", "place", "Sathar Destroyer *", "--circle", "Prenglar", "-c", str(war))
    assert placed.returncode == 0 and placed.stderr == "" and "Sathar Destroyer 1-15" in placed.stdout  # (the fifteen, their numbers run together)
    assert runner.invoke(app, ["campaign", "status", "-c", str(war)]).stdout == referee("campaign", "status", "-c", str(war)).stdout
    with (tmp_path / "log.txt").open("w") as out:
        logged = subprocess.run([sys.executable, "-m", "referee", "campaign", "log", "--json", "-c", str(war)], stdout=out, env=env)
    assert logged.returncode == 0 and len(json.loads((tmp_path / "log.txt").read_text())["log"]) == 2
    refused = referee("campaign", "move", "Nobody", "--toward", "Prenglar", "-c", str(war))
    assert refused.returncode == 2 and refused.stderr.startswith("referee: error: ") and refused.stderr.count("\n") == 1
    piped = subprocess.run(f"{sys.executable} -m referee campaign forces -c {war} | head -1", shell=True, capture_output=True, text=True, env=env, executable="/bin/bash")
    assert piped.stdout.count("\n") == 1 and "Traceback" not in piped.stderr
    assert runner.invoke(app, ["campaign", "status", "-c", str(war)]).exit_code == 0  # the file saved by the first command reads back
