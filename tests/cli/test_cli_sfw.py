"""The sfw commands as a referee types them: an engagement started, ships added (the Data Table's
unknown cells asked for once), power allocated, hits, special damage sealed, damage control, the
turn; every mistake one line, exit 2, and the engagement file unchanged. And the engagement file
read strictly: every hand edit either loads or is refused in one line."""

from __future__ import annotations

import copy
import json
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee import tables
from referee.cli import app
from referee.errors import RefereeError
from referee.starfleet_wars import combat, engagement_file, fortress_phase, turn
from referee.starfleet_wars.engagement import Engagement
from referee.starfleet_wars.power import Allocation
from tests.helpers.hostile import EVIL

runner = CliRunner()
SFW = tables.load(prefix="sfw")


def run(*args: str, path: Path | None = None) -> tuple[int, str, str]:
    extra = ["-e", str(path)] if path is not None else []
    result = runner.invoke(app, ["sfw", *args, *extra], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def engagement(tmp_path: Path) -> Path:
    path = tmp_path / "e.toml"
    code, out, err = run("new", str(path), "--side", "Terran", "--side", "Aquarian")
    assert code == 0, err
    assert "Terran against Aquarian, turn 1" in out
    for args in (
        ("add", "VICTORY", "--class", "VICTORY", "--side", "Terran", "--value", "launchers=2", "--value", "reloads=30"),
        ("add", "PIRAHNA", "--class", "PIRAHNA", "--side", "Aquarian", "--value", "max_off=4", "--value", "max_def=4", "--value", "launchers=2", "--value", "reloads=6"),
        ("add", "Sting", "--class", "STING", "--side", "Aquarian"),
    ):
        code, out, err = run(*args, path=path)
        assert code == 0, err
    return path


def test_victory_allocates_as_the_book_shows(engagement: Path) -> None:
    code, out, err = run("allocate", "victory", "--speed", "3", "--of", "18", "--df", "12", path=engagement)
    assert code == 0, err
    assert "= 477 PU of 480 (3 left): speed 3, OF 25, DF 19; additional factors OF +7, DF +7" in out
    code, out, _ = run("ships", "VICTORY", "--json", path=engagement)
    ship = json.loads(out)["ships"][0]
    assert ship["allocation"] == {"speed": 3, "offensive": 18, "defensive": 12} and ship["factors"]["offensive"] == 25


def test_a_refusal_is_one_line_and_changes_nothing(engagement: Path) -> None:
    before = engagement.read_bytes()
    for args in (
        ("allocate", "VICTORY", "--speed", "3", "--of", "18", "--df", "13"),  # 502 PU
        ("allocate", "Nobody", "--of", "1"),
        ("hit", "PIRAHNA", "--by", "light-laser"),
        ("hit", "PIRAHNA", "--by", "laser"),
        ("hit", "PIRAHNA"),  # offensive factors: the PU must be given
        ("special-damage", "PIRAHNA", "--roll", "50"),  # not 20% damaged
        ("special-damage", "VICTORY", "--roll", "100"),
        ("damage-control", "VICTORY", "--column", "hull"),
        ("fire", "Sting", "--particle", "5"),
        ("add", "VICTORY", "--class", "VICTORY", "--side", "Terran"),
        ("add", "X", "--class", "INVINCIBLE", "--side", "Terran", "--value", "max_off=-3"),
        ("add", "X", "--class", "NOSUCH", "--side", "Terran"),
    ):
        code, out, err = run(*args, path=engagement)
        assert code == 2, (args, out, err)
        assert err.startswith("referee: error: ") and err.count("\n") == 1 and "Traceback" not in err, (args, err)
        assert engagement.read_bytes() == before, args


def test_the_unknown_cells_are_asked_for_once_a_class(engagement: Path) -> None:
    code, _, err = run("add", "INVINCIBLE", "--class", "INVINCIBLE", "--side", "Terran", path=engagement)
    assert code == 2 and "leaves INVINCIBLE's max_off, max_def, launchers, reloads unknown" in err
    code, out, err = run(
        "add", "INVINCIBLE", "--class", "INVINCIBLE", "--side", "Terran", "--value", "max_off=14", "--value", "max_def=14", "--value", "launchers=2", "--value", "reloads=10", path=engagement
    )
    assert code == 0 and "entered from the book: max_off 14" in out
    code, out, err = run("add", "INDOMITABLE", "--class", "INVINCIBLE", "--side", "Terran", path=engagement)
    assert code == 0, err
    assert "entered from the book" not in out and "240 PU, max OF 14" in out


def test_special_damage_is_sealed_unless_asked(engagement: Path) -> None:
    run("hit", "PIRAHNA", "--by", "particle", "--hits", "2", path=engagement)
    code, out, err = run("next", path=engagement)
    assert code == 2 and "roll special damage first" in err and "PIRAHNA (20 of 30 PU lost (66.7%), more than 20%)" in err
    code, out, _ = run("special-damage", "PIRAHNA", "--roll", "86", path=engagement)
    assert code == 0 and "86" not in out and "a sealed line: Aquarian's eyes only" in out
    _, out, _ = run("log", path=engagement)
    assert "Reduce calculated Offensive Factors" not in out
    _, out, _ = run("log", "--secrets", path=engagement)
    assert "PIRAHNA rolls special damage (20 of 30 PU lost (66.7%), more than 20%): 86 - Reduce calculated Offensive Factors by two factors until repaired." in out
    assert "d%00: entered at the table = 86 (entered)" in out
    _, out, _ = run("ships", "PIRAHNA", path=engagement)
    assert "special damage" not in out
    _, out, _ = run("ships", "PIRAHNA", "--secrets", path=engagement)
    assert "special damage: offensive -2 (86: until repaired, from turn 2)" in out
    code, out, err = run("next", path=engagement)
    assert code == 0 and "Turn 2 begins" in out


def test_the_starbomber_fires_and_is_worn_down(engagement: Path) -> None:
    code, out, err = run("fire", "Sting", "--particle", "4", path=engagement)
    assert code == 0 and "6 left on board" in out
    code, _, err = run("fire", "Sting", "--laser", "PIRAHNA", path=engagement)
    assert code == 2 and "destroyer size or larger" in err
    code, out, _ = run("hit", "Sting", "--by", "cids", "--hits", "3", path=engagement)
    assert "3 of the 4" in out
    code, out, _ = run("hit", "Sting", "--by", "light-laser", path=engagement)
    assert "4 of the 4 that destroy a SB: destroyed" in out


def test_damage_control_with_a_roll_from_the_table(engagement: Path) -> None:
    run("hit", "VICTORY", "--pu", "100", path=engagement)
    code, _, err = run("damage-control", "VICTORY", "--column", "power_units", "--roll", "99", path=engagement)
    assert code == 2 and "roll special damage first (step 9)" in err
    run("special-damage", "VICTORY", "--roll", "0", path=engagement)
    code, out, err = run("damage-control", "VICTORY", "--column", "power_units", "--roll", "99", path=engagement)
    assert code == 0, err
    assert "Six power units repaired (99 falls in band 99 to 99): 6 PU repaired; 94 of 480 lost" in out


def test_a_fortress_is_built_allocated_and_hit(engagement: Path) -> None:
    code, out, err = run("fortress", "Bastion", "--side", "Terran", "--modules", "LSS,LSS,LSS,WP,WP,SAWS", "--adjacent", "WP 1=LSS 1", "--mad", "1", path=engagement)
    assert code == 0, err
    assert "300 PU from its LSS, OF up to 14" in out and "Bastion MAD 1 (30 PU each, OF 3, DF 5 at most)" in out
    code, out, err = run("allocate", "Bastion", "--of", "14", "--df", "10", path=engagement)
    assert code == 0 and "OF 14 (196) + DF 10 (100) = 296 PU of 300 (4 left)" in out
    code, _, err = run("allocate", "Bastion MAD 1", "--of", "3", "--df", "5", path=engagement)
    assert code == 2 and "34 PU is more than the 30 PU available" in err
    code, out, err = run("cids", "Bastion", "WP 1", "LSS 1", "6", path=engagement)
    assert code == 0, err
    code, out, err = run("hit", "Bastion", "--module", "LSS 1=29", path=engagement)
    assert code == 0, err
    code, _, err = run("cids", "Bastion", "WP 1", "LSS 1", "1", path=engagement)
    assert code == 2 and "Bastion's CIDS loan belongs to power allocation" in err and "turn 1 is at the firing phase already" in err
    _, out, _ = run("ships", "Bastion", path=engagement)
    assert "LSS 1 71/100" in out and "CIDS loans WP 1 to LSS 1: 6" in out


def test_undo_takes_back_an_engagement_step(engagement: Path) -> None:
    before = engagement.read_bytes()
    run("hit", "VICTORY", "--pu", "50", path=engagement)
    result = runner.invoke(app, ["undo", str(engagement)], catch_exceptions=False)
    assert result.exit_code == 0 and "undone: sfw hit - VICTORY (power units)" in result.stdout
    assert engagement.read_bytes() == before


# -- the file ------------------------------------------------------------------------------------


def walk(seed: int, steps: int = 40) -> list[Engagement]:
    """A random engagement: ships, a fortress, allocations, hits, rolls and turns, every state kept."""
    rng = random.Random(seed)
    state = Engagement("walk", ("Terran", "Aquarian"))
    state = turn.add(state, SFW, "VICTORY", "Terran", "VICTORY", {"launchers": 2, "reloads": 30}).state
    state = turn.add(state, SFW, "PIRAHNA", "Aquarian", "PIRAHNA", {"max_off": 4, "max_def": 4, "launchers": 2, "reloads": 6}).state
    state = turn.add(state, SFW, "Sting", "Aquarian", "STING").state
    state = fortress_phase.build(state, SFW, "Bastion", "Terran", ["LSS", "LSS", "WP", "CM"], [("WP 1", "LSS 1")], 1).state
    states = [state]
    moves = [
        lambda s: turn.allocate(s, rng.choice(["VICTORY", "PIRAHNA", "Bastion MAD 1"]), Allocation(rng.randint(0, 2), rng.randint(0, 4), rng.randint(0, 4))),
        lambda s: combat.hit(s, SFW, rng.choice(["VICTORY", "PIRAHNA"]), "offensive", 1, rng.randint(1, 40)),
        lambda s: combat.hit(s, SFW, "Sting", rng.choice(["cids", "light-laser"])),
        lambda s: fortress_phase.hit(s, SFW, "Bastion", [(rng.choice(["LSS 1", "LSS 2", "WP 1", "CM 1"]), rng.randint(1, 30))]),
        lambda s: turn.special_damage(s, SFW, rng.choice(["VICTORY", "PIRAHNA"]), rng),
        lambda s: fortress_phase.special_damage(s, SFW, "Bastion", rng),
        lambda s: turn.damage_control(s, SFW, rng.choice(["VICTORY", "PIRAHNA"]), rng.choice(["offensive", "power_units", "turn_reduction"]), rng),
        lambda s: fortress_phase.loan(s, "Bastion", "WP 1", "LSS 1", rng.randint(1, 4)),
        lambda s: combat.launch(s, "Sting", rng.randint(1, 2)),
        lambda s: turn.next_turn(s),
        lambda s: turn.next_turn(owed_rolled(s, rng)),
    ]
    for _ in range(steps):
        try:
            state = rng.choice(moves)(state).state
        except RefereeError:
            continue
        states.append(state)
    return states


def owed_rolled(state: Engagement, rng: random.Random) -> Engagement:
    """Every special damage roll owed, made."""
    for ship in state.ships:
        while turn.owes_special(state.ship(ship.name)):
            state = turn.special_damage(state, SFW, ship.name, rng).state
    for fortress in state.fortresses:
        if any(fortress.name in owed for owed in turn.owing(state)):
            state = fortress_phase.special_damage(state, SFW, fortress.name, rng).state
    return state


@pytest.mark.parametrize("seed", range(6))
def test_every_state_of_an_engagement_saves_and_reads_back(seed: int) -> None:
    states = walk(seed)
    assert len(states) > 10
    for state in states:
        assert engagement_file.from_dict(tomllib.loads(engagement_file.text(state))) == state
    assert any(s.turn > 1 for s in states)


def _mutations(data: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """The file with one value somewhere replaced by something a hand edit could put there."""
    places: list[tuple[Any, Any]] = []

    def visit(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
        for key, value in items:
            places.append((node, key))
            visit(value)

    visit(data)
    found = []
    for _ in range(300):
        copy_ = copy.deepcopy(data)
        index = rng.randrange(len(places))
        visit_places: list[tuple[Any, Any]] = []

        def again(node: Any) -> None:
            items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
            for key, value in items:
                visit_places.append((node, key))
                again(value)

        again(copy_)
        node, key = visit_places[index]
        node[key] = rng.choice(EVIL)
        found.append(copy_)
    return found


def test_a_hand_edited_file_loads_or_is_refused_in_one_line() -> None:
    state = walk(3)[-1]
    data = tomllib.loads(engagement_file.text(state))
    refused = 0
    for changed in _mutations(data, random.Random(7)):
        try:
            engagement_file.from_dict(changed)
        except RefereeError as error:
            refused += 1
            assert "\n" not in str(error)
    assert refused > 200


def test_a_maatac_fortress_is_hull_down_then_penetrated(engagement: Path) -> None:
    code, out, err = run("fortress", "Outpost", "--side", "Aquarian", "--modules", "WP,LSS,CM", "--maatac", "--behind", "LSS 1=WP 1", path=engagement)
    assert code == 0, err
    code, _, err = run("garrison", "Outpost", "CM 1", "6", path=engagement)
    assert code == 2 and "0 to 5 units" in err
    code, out, _ = run("garrison", "Outpost", "CM 1", "5", path=engagement)
    assert code == 0 and "CM 1 holds 5 units" in out
    code, _, err = run("hit", "Outpost", "--module", "LSS 1=1", path=engagement)
    assert code == 2 and "hull-down" in err
    code, out, err = run("hit", "Outpost", "--module", "WP 1=1", path=engagement)
    assert code == 0 and "WP 1" in out and "destroyed" in out
    code, out, err = run("hit", "Outpost", "--module", "LSS 1=1", path=engagement)
    assert code == 0, err
    code, _, err = run("garrison", "Outpost", "CM 1", "4", path=engagement)
    assert code == 2 and "Outpost's garrison belongs to movement" in err
    _, out, _ = run("ships", "Outpost", path=engagement)
    assert "LSS 1 destroyed" in out


def test_a_captac_hit_on_a_fortress_is_40_pu_allocated_and_a_special_damage_roll(engagement: Path) -> None:
    run("fortress", "Bastion", "--side", "Terran", "--modules", "LSS,LSS,WP", path=engagement)
    run(
        "add",
        "SHARK",
        "--class",
        "SHARK",
        "--side",
        "Aquarian",
        "--value",
        "type=GB",
        "--value",
        "max_off=9",
        "--value",
        "max_def=9",
        "--value",
        "launchers=2",
        "--value",
        "reloads=8",
        path=engagement,
    )
    run("captac", "tow", "SHARK", "1", path=engagement)
    code, _, err = run("captac", "fire", "SHARK", "Bastion", "--range", "12", "--hit", "--module", "WP 1=30", path=engagement)
    assert code == 2 and "cost 40 PU: allocate exactly that" in err
    code, out, err = run("captac", "fire", "SHARK", "Bastion", "--range", "12", "--hit", "--module", "WP 1=30", "--module", "LSS 1=10", path=engagement)
    assert code == 0, err
    assert "a Special Damage roll for each CapTac hit, whatever its damage: 1 owed" in out
    code, _, err = run("next", path=engagement)
    assert code == 2 and "Bastion (1 for CapTac hits)" in err
    code, out, err = run("special-damage", "Bastion", "--roll", "40", "--secrets", path=engagement)
    assert code == 0 and "Bastion rolls special damage (1 for CapTac hits): 40 - No additional damage" in out
    code, _, err = run("hit", "Bastion", "--by", "particle", "--hits", "2", "--module", "LSS 2=15", path=engagement)
    assert code == 2 and "cost 20 PU" in err
    assert run("next", path=engagement)[0] == 0


def test_a_mad_moves_to_an_adjacent_module_and_falls_with_its_module(engagement: Path) -> None:
    run("fortress", "Outpost", "--side", "Aquarian", "--modules", "WP,LSS,CM", "--maatac", "--adjacent", "WP 1=LSS 1", "--mad", "1", path=engagement)
    assert run("mad", "Outpost MAD 1", "WP 1", path=engagement)[0] == 0
    code, _, err = run("mad", "Outpost MAD 1", "CM 1", path=engagement)
    assert code == 2 and "may only move to an adjacent module: LSS 1" in err
    code, out, _ = run("hit", "Outpost", "--module", "WP 1=1", path=engagement)
    assert code == 0 and "Outpost MAD 1 sat on WP 1: destroyed with it" in out
    _, out, _ = run("ships", "Outpost MAD 1", path=engagement)
    assert "OUT - destroyed with WP 1" in out
