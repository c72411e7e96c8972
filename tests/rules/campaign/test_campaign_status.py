"""The campaign's status: its 'next' lines following what remains of the step (set-up, Strike Force
NOVA, the contested systems and battles of an attack step), and the victory tally's progress of each
retreat condition, sealed or revealed."""

from __future__ import annotations

import random
from pathlib import Path

from referee import storage
from referee.sathar_war import battles, campaign_file, movement, report, setup, victory
from referee.sathar_war.campaign import Campaign
from tests.helpers.campaign import at_gran_quivera, at_step, sathar_placed, started, war
from tests.helpers.cli import run
from tests.helpers.tables import TABLES


def next_lines(campaign: Campaign, tmp_path: Path) -> list[str]:
    """The status's 'next' lines, as the shell prints them."""
    path = tmp_path / "next.toml"
    storage.write_text(path, campaign_file.text(campaign, TABLES))
    code, out, err = run("campaign", "status", "-c", str(path))
    assert code == 0, err
    return [line[8:] for line in out.splitlines() if line.startswith("next ")]


def test_the_next_line_at_set_up_follows_what_remains(tmp_path: Path) -> None:
    shown = next_lines(war(), tmp_path)
    assert shown == [
        "UPF: place non-attached ships first, if wanted (campaign place SHIPS --at PLANET)",
        "the Sathar must place at least 20 ships (not counting fighters) before the first turn; 0 placed (campaign place SHIPS --circle C)",
        "the Sathar player has not chosen a retreat condition (campaign retreat N)",
    ]
    placed = sathar_placed(war())
    assert next_lines(placed, tmp_path) == [
        "the Sathar player has not chosen a retreat condition (campaign retreat N)",
        "UPF: place Strike Force NOVA now if wanted, or at the start of a later UPF move (campaign nova)",
    ]
    ready = setup.choose_retreat(placed, 2).campaign
    assert next_lines(ready, tmp_path)[-1] == "advance to day 1 (campaign advance)"


def test_the_next_line_stops_offering_nova_once_it_is_placed_or_the_upf_has_moved(tmp_path: Path) -> None:
    campaign = at_step(started(), "upf-move")
    assert "UPF: place Strike Force NOVA if wanted, before any UPF ship moves (campaign nova)" in next_lines(campaign, tmp_path)
    placed = setup.place_nova(campaign, TABLES, random.Random(0), "4").campaign
    assert not [line for line in next_lines(placed, tmp_path) if "NOVA" in line]
    moved = movement.move(campaign, TABLES, ["Task Force Prenglar"], toward="Cassidine").campaign
    assert not [line for line in next_lines(moved, tmp_path) if "NOVA" in line]


def test_the_next_line_in_an_attack_step_names_the_contested_systems_and_the_battles_to_enter(tmp_path: Path) -> None:
    campaign = at_gran_quivera()
    campaign = at_step(campaign, "sathar-attacks", 5)
    assert next_lines(campaign, tmp_path) == [
        "Sathar: declare attacks if wanted, in Prenglar (campaign battle declare SYSTEM)",
        "advance to the UPF attacks (campaign advance)",
    ]
    declared = battles.declare(campaign, TABLES, "Prenglar", "Gran Quivera").campaign
    ships = declared.fights[0].ships
    assert next_lines(declared, tmp_path)[0] == (
        f"enter the results of the Sathar attack at Gran Quivera (Prenglar): {len(ships)} of {len(ships)} ships not entered yet (campaign battle result SHIP, or battle import FILE)"
    )
    one = battles.record(declared, ships[0], battles.Outcome()).campaign
    assert next_lines(one, tmp_path)[0].startswith(f"enter the results of the Sathar attack at Gran Quivera (Prenglar): {len(ships) - 1} of {len(ships)}")
    for name in ships[1:]:
        one = battles.record(one, name, battles.Outcome()).campaign
    assert not any(line.startswith("enter the results") for line in next_lines(one, tmp_path))  # every ship entered: the line goes


# ---------------------------------------------------------------------- the victory tally and the retreat conditions


def losses(campaign: Campaign, how: str, *names: str) -> Campaign:
    return victory.lose(campaign, [campaign.unit(n) for n in names], how)


def test_each_retreat_condition_shows_its_own_progress_figure() -> None:
    """Sathar Retreat Conditions: 1 two assault carriers; 2 five heavy cruisers; 3 40 ships, fighters
    included; 4 a tenday without two stations or fortresses destroyed; 5 at the end of a tenday more
    Sathar ships lost in combat than UPF, fighters and militia not counted."""
    campaign = at_step(started(), "upf-move", 13)
    campaign = losses(campaign, "combat", "Sathar Assault Carrier 1", "Sathar Heavy Cruiser 1", "Sathar Destroyer 1", "TF Prenglar Frigate 1")
    campaign = losses(campaign, "misjump", "Sathar Destroyer 2", "Pale Militia Assault Scout 1")
    campaign = losses(campaign, "stranded", "UPF Fighter 2")
    campaign = losses(campaign, "combat", "Hentz Station")
    assert [victory.progress(campaign, n) for n in range(1, 6)] == [
        "Sathar assault carriers lost: 1 of 2",
        "Sathar heavy cruisers lost: 1 of 5",
        "Sathar ships lost, fighters included: 11 of 40",  # the carrier's 7 fighters went with it, and a destroyer misjumped
        "stations and fortresses destroyed this tenday (days 11-20): 1 of 2; checked at the end of day 20",
        "ships lost in combat, fighters and militia not counted: Sathar 3, UPF 1; met at the end of day 20 if the Sathar have lost more",
    ]
    assert victory.tally(campaign) == {"stations_destroyed": 1, "fortresses_destroyed": 0, "fortresses_left": 4, "sathar_lost": 11, "upf_lost": 3}


def test_status_with_secrets_follows_the_sealed_condition(tmp_path: Path) -> None:
    campaign = at_step(started(retreat=5), "upf-move", 3)
    campaign = losses(campaign, "misjump", "Pale Militia Assault Scout 1")
    campaign = losses(campaign, "stranded", "UPF Fighter 2")
    campaign = losses(campaign, "combat", "Sathar Destroyer 1")
    found = report.status(campaign, secrets=True)
    assert found["retreat_progress"] == ["ships lost in combat, fighters and militia not counted: Sathar 1, UPF 0; met at the end of day 10 if the Sathar have lost more"]
    assert report.status(campaign)["retreat_progress"] == []  # sealed
    path = tmp_path / "w.toml"
    storage.write_text(path, campaign_file.text(campaign, TABLES))
    code, out, _ = run("campaign", "status", "--secrets", "-c", str(path))
    assert code == 0 and "secret  now: ships lost in combat, fighters and militia not counted: Sathar 1, UPF 0" in out
    assert "tally   stations destroyed 0, fortresses destroyed 0, fortresses left 4, sathar lost 1, upf lost 2" in out
    code, out, _ = run("campaign", "status", "-c", str(path))
    assert "Sathar 1, UPF 0" not in out


def test_forces_says_where_a_ship_is_only_when_it_is_on_the_map(tmp_path: Path) -> None:
    """`campaign forces`: a ship on the map is "active at" its place; one lost or off the map is its
    status alone (it printed "destroyed at destroyed")."""
    campaign = victory.lose(started(), [started().unit("Fortress Pale")], "combat")
    path = tmp_path / "war.toml"
    campaign_file.save(path, campaign, TABLES)
    code, out, err = run("campaign", "forces", "-c", str(path))
    assert code == 0, err
    lines = {line.partition(":")[0]: line for line in out.splitlines()}
    assert lines["Fortress Pale"].startswith("Fortress Pale: fortress, destroyed; hull")
    assert lines["TF Prenglar Frigate 1 [Task Force Prenglar]"].startswith("TF Prenglar Frigate 1 [Task Force Prenglar]: frigate, active at Morgaine's World (Prenglar); hull")
    assert not any(" at destroyed" in line or " at off-map" in line for line in out.splitlines())
