"""kh move, kh leave and how the battle stands in kh ships, as a referee types them; every mistake one
line, exit 2, and the battle file unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.cli import run


@pytest.fixture
def raid(tmp_path: Path) -> Path:
    path = tmp_path / "raid.toml"
    assert run("kh", "start", "surprise-attack", str(path))[0] == 0
    return path


def test_a_move_and_the_ships_still_to_move(raid: Path) -> None:
    b = str(raid)
    code, out, _ = run("kh", "ships", "-b", b)
    assert "Standing: Z'Gata docked 0 of 3 complete turns at Doliin Bay (docked now); on the map: Sathar 2 ships, UPF 3 ships" in out
    assert "Still to move: Venomous, Perdition" in out
    code, out, err = run("kh", "move", "Venomous", "--speed", "3", "--adf", "3", "-b", b)
    assert code == 0, err
    assert "the Venomous moves 3 hexes: speed 0 -> 3 (3 ADF points of 3), 0 turns (0 of MR 2)" in out
    assert "[Knight Hawks Tactical Operations Manual, Basic Game: Movement (Speed; Acceleration and Deceleration)]" in out
    code, out, _ = run("kh", "ships", "-b", b)
    assert "Still to move: Perdition" in out and "Venomous (destroyer, Sathar): hull 50/50" in out and "moved this half" in out
    data = json.loads(run("kh", "ships", "--json", "-b", b)[1])
    assert data["to_move"] == ["Perdition"] and data["verdict"] is None and data["standing"].startswith("Z'Gata docked 0 of 3")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("kh", "move", "Venomous", "--speed", "5", "--adf", "5"), "it can move 0 to 3 hexes this turn, not 5"),
        (("kh", "move", "Venomous", "--speed", "2", "--adf", "1"), "give --adf 2, not 1"),
        (("kh", "move", "Venomous", "--speed", "2", "--adf", "2", "--roll", "50"), "breaking apart is an Advanced Game rule; leave out --roll"),
        (("kh", "move", "Venomous", "--speed", "x"), "'x' is not a valid integer"),
        (("kh", "move", "Venomous"), "Missing option '--speed'"),
        (("kh", "move", "Z'Gata", "--speed", "1", "--adf", "1"), "the Z'Gata is UPF and Sathar is moving"),
        (("kh", "move", "Venomos", "--speed", "1", "--adf", "1"), "did you mean Venomous"),
        (("kh", "leave", "Venomous", "--toward", "Cassidine"), "Surprise Attack! is not one: leave out --toward"),
        (("kh", "leave", "Doliin Bay"), "the Doliin Bay is a space station: it stays in its orbit"),
        (("kh", "speed", "Doliin Bay", "2"), "the Doliin Bay is a station (in orbit): it has no speed of its own to set"),
        (("kh", "speed", "Z'Gata", "2"), "the Z'Gata is docked with the Doliin Bay: it has no speed of its own to set"),
        (("kh", "speed", "Venomous", "x"), "'x' is not a valid integer"),
    ],
)
def test_refused_moves_exit_2_with_one_line_and_leave_the_file_unchanged(raid: Path, args: tuple[str, ...], says: str) -> None:
    before = raid.read_bytes()
    code, out, err = run(*args, "-b", str(raid))
    assert code == 2 and out == ""
    assert err.startswith("referee: error: ") and err.count("\n") == 1 and says in err, err
    assert raid.read_bytes() == before


def test_leaving_the_map_and_the_verdict_in_kh_ships(raid: Path) -> None:
    b = str(raid)
    assert run("kh", "next", "-b", b)[0] == 0  # the UPF half of turn 1
    assert run("kh", "dock", "Z'Gata", "--leave", "-b", b)[0] == 0
    assert run("kh", "move", "Z'Gata", "--speed", "3", "--adf", "3", "--mr", "1", "-b", b)[0] == 0
    code, out, err = run("kh", "leave", "Z'Gata", "-b", b)
    assert code == 0, err
    assert "the Z'Gata flies off the map: it is lost to this battle and taken out of the game; Doliin Bay not evacuated (0 of 3 complete game turns docked)" in out
    assert "the battle is over: Sathar victory: the Z'Gata flew off the map in turn 1 without evacuating Doliin Bay" in out
    code, out, _ = run("kh", "ships", "-b", b)
    assert "Z'Gata (frigate, UPF): LEFT THE MAP in turn 1" in out
    assert "Verdict: Sathar victory: the Z'Gata flew off the map in turn 1" in out and "Surprise Attack!, Victory Conditions]" in out
    data = json.loads(run("kh", "ships", "--json", "-b", b)[1])
    assert data["verdict"]["winner"] == "Sathar" and data["escapes"] == [{"ship": "Z'Gata", "turn": 1}]
    code, _, err = run("kh", "attack", "LB", "--from", "Z'Gata", "--at", "Venomous", "-r", "2", "-b", b)
    assert code == 2 and "the Z'Gata left the map in turn 1: it cannot fire" in err


def test_breaking_apart_rolled_as_the_ship_moves(tmp_path: Path) -> None:
    path = tmp_path / "stand.toml"
    assert run("kh", "start", "the-stand", str(path))[0] == 0
    text = path.read_text().replace('name = "Viper"\n', 'name = "Viper"\nhull = 18\nspeed = 2\n', 1)
    path.write_text(text)
    code, out, err = run("kh", "move", "Viper", "--speed", "5", "--adf", "3", "--mr", "1", "--roll", "29", "-b", str(path))
    assert code == 0, err
    assert "the Viper: (32 - 25) x 4 ADF and MR points = 28%; 29 > 28: holds together" in out


def test_kh_next_prints_a_fighters_rearming_as_the_game_turn_ends(tmp_path: Path) -> None:
    """Fortress Kdikit's UPF Fighter A, docked with its rockets spent: the fortress fired at in turn 1
    keeps it from rearming that turn, and it rearms as turn 2 ends; kh next says both."""
    path = tmp_path / "kdikit.toml"
    assert run("kh", "start", "fortress-kdikit", str(path))[0] == 0
    text = path.read_text()
    at = text.index('name = "UPF Fighter A"')
    path.write_text(text[:at] + text[at:].replace('"AR x3"', '"AR x0 of 3"', 1))
    b = str(path)
    assert "AR x0 of 3" in run("kh", "ships", "UPF Fighter A", "-b", b)[1]
    code, _, err = run("kh", "attack", "LB", "--from", "Vicious", "--at", "Fortress Kdikit", "-r", "3", "--roll", "99", "-b", b)
    assert code == 0, err
    assert run("kh", "next", "-b", b)[0] == 0
    code, out, err = run("kh", "next", "-b", b)
    assert code == 0, err
    assert "end of turn 1: the UPF Fighter A is not rearmed this turn: its base, the Fortress Kdikit, was attacked in turn 1 (AR 0 of 3)" in out
    assert "AR x0 of 3" in run("kh", "ships", "UPF Fighter A", "-b", b)[1]
    assert run("kh", "next", "-b", b)[0] == 0
    code, out, err = run("kh", "next", "-b", b)
    assert code == 0, err
    assert "end of turn 2: the UPF Fighter A is rearmed on board the Fortress Kdikit after a complete game turn there: AR 0 -> 3" in out
    assert "[Knight Hawks Tactical Operations Manual, Fighters (rearming: 'one complete game turn on board its station or carrier')]" in out
    assert "AR x3 RH; docked at Fortress Kdikit" in run("kh", "ships", "UPF Fighter A", "-b", b)[1]


def test_a_starting_speed_is_the_players_to_choose_before_the_game_starts(raid: Path) -> None:
    """Surprise Attack!: "They can start at any speed the Sathar player wants, but both ships must
    have the same speed". Before any ship moves, kh speed sets it; the first move then changes it by
    the ADF (speed 4, ADF 3: 1 to 7 hexes); after that move a starting speed is refused."""
    b = str(raid)
    for ship in ("Venomous", "Perdition"):
        code, out, err = run("kh", "speed", ship, "4", "-b", b)
        assert code == 0 and f"the {ship} starts at speed 4 (it was 0)" in out, err
    code, out, err = run("kh", "move", "Venomous", "--speed", "7", "--adf", "3", "-b", b)
    assert code == 0 and "speed 4 -> 7 (3 ADF points of 3)" in out, err
    code, _, err = run("kh", "speed", "Perdition", "2", "-b", b)
    assert code == 2 and "a starting speed is set before the game starts" in err
