"""Ground deployment on a scenario: the matchups made alternately from the Defender's first unit,
the surface ships added from the Invader's, kept on the scenario for the Ground Combat phase and
its file; the phasing player attacks by matchup, once a phase each, not in a matchup that is over."""

from __future__ import annotations

import random
import tomllib

import pytest

from referee import storage, tables
from referee.errors import RefereeError
from referee.resources import si_scenario_files
from referee.stellar_inferno import ground_phase, matchups, scenario_file, setup, turn
from referee.stellar_inferno.scenario import Scenario
from tests.helpers.si import at

SI = tables.load(prefix="si")
RNG = random.Random(0)
APII = "Alpha Phoenicis II"


def ground() -> Scenario:
    """Phoenix Command's Ground Combat phase: the 7th (4-3-2) and 409th (3-3-2, 2-2-2) against the
    Colonists (2-3-1) and the Militia (1-2-1) on Alpha Phoenicis II; Muhr Muhr (HF, gear 1 from
    the scenario's line) in its atmosphere."""
    s = setup.start(scenario_file.from_dict(storage.read(si_scenario_files()["phoenix-command"], "scenario"))).state
    s = setup.enter_unit(s, "7th", ["4-3-2"]).state  # aboard Muhr Muhr, as the scenario lists them
    s = setup.enter_unit(s, "409th", ["3-3-2", "2-2-2"]).state
    s = setup.enter_unit(s, "Colonists", ["2-3-1"], "defender", planet=APII).state
    s = setup.enter_unit(s, "Militia", ["1-2-1"], "defender", planet=APII).state
    s = setup.enter_ship(s, SI, "Muhr Muhr", ["A0 D4 M2 R0"], arrives=1).state
    s = setup.place(at(s, "reinforcements"), ["Muhr Muhr"], "6/J9", 1).state
    s = s.replaced(s.ship("Muhr Muhr")._replace(atmosphere=True))
    s = ground_phase.deploy(at(s, "landing"), "Muhr Muhr", ["7th", "409th"], APII).state
    return at(s, "ground-combat")


def deployed() -> Scenario:
    s = matchups.begin(ground(), APII).state
    for name in ("Colonists", "7th", "409th", "Militia"):
        s = matchups.commit(s, APII, name).state
    return matchups.commit(s, APII, "Muhr Muhr", 1).state


def test_the_defender_deploys_first_each_unit_matched_then_the_invader_adds_a_ship() -> None:
    s = matchups.begin(ground(), APII).state
    assert s.log[-1].text.splitlines()[1:] == [
        "  the invader (Khaldarii): units 7th, 409th; surface ships Muhr Muhr",
        "  the defender (Terran): units Colonists, Militia",
        "  the defender must deploy a ground unit (Stellar Inferno 10.1.2)",
    ]
    with pytest.raises(RefereeError, match="not the invader's move: the defender must deploy a ground unit"):
        matchups.commit(s, APII, "7th")
    s = matchups.commit(s, APII, "Colonists").state
    assert "the defender deploys Colonists, which opens matchup 1" in s.log[-1].text and "the invader must match matchup 1 with a ground unit" in s.log[-1].text
    with pytest.raises(RefereeError, match="the invader must match the unit just deployed, matchup 1"):
        matchups.commit(s, APII, "7th", 2)
    s = matchups.commit(s, APII, "7th").state
    s = matchups.commit(s, APII, "409th").state
    s = matchups.commit(s, APII, "Militia").state
    assert "the invader may add a surface ship to a matchup, or decline" in s.log[-1].text
    s = matchups.commit(s, APII, "Muhr Muhr", 1).state
    d = s.deployed(APII)
    assert d is not None and d.deployment.stage == "done" and [m.shown() for m in d.deployment.matchups] == ["invader 7th, Muhr Muhr (ship) | defender Colonists", "invader 409th | defender Militia"]
    with pytest.raises(RefereeError, match="deployed this phase already"):
        matchups.begin(s, APII)
    assert scenario_file.from_dict(tomllib.loads(scenario_file.text(s))) == s


def test_a_side_declining_puts_its_ships_in_the_reserve() -> None:
    s = matchups.begin(ground(), APII).state
    for name in ("Colonists", "7th", "409th", "Militia"):
        s = matchups.commit(s, APII, name).state
    s = matchups.decline(s, APII).state
    d = s.deployed(APII)
    assert d is not None and d.deployment.stage == "done" and d.deployment.invader_reserve == ("Muhr Muhr",)
    assert "the invader adds nothing more" in s.log[-1].text and "invader reserve Muhr Muhr" in s.log[-1].text


def test_the_phasing_player_attacks_by_matchup_once_a_phase_each_and_not_in_one_that_is_over() -> None:
    s = deployed()
    # the 7th 4 and Muhr Muhr's gear 1 against the Colonists' 3: 3:2 on Table 5; the 7th (2)
    # outmanoeuvres the Colonists (1), the ship not counted: -1; a 2 reads column 1: 2/1
    done = ground_phase.ground_attack(s, SI, APII, (), (), RNG, 2, matchup=1)
    assert done.entries[0].text.startswith("Khaldarii attack on Alpha Phoenicis II in matchup 1: 7th, Muhr Muhr against Colonists")
    assert "attack 4 + 1 = 5 against defense 3 = 3" in done.entries[0].text and "5:3 reads row 3:2; die 2 -1 = 1, column '1': 2/1" in done.entries[0].text
    s = ground_phase.absorb(done.state, "defender", {"Colonists": 1}).state
    s = ground_phase.absorb(s, "invader", {"7th": 1}).state
    with pytest.raises(RefereeError, match="the invader has attacked in matchup 1 on Alpha Phoenicis II this phase already"):
        ground_phase.ground_attack(s, SI, APII, (), (), RNG, 2, matchup=1)
    with pytest.raises(RefereeError, match=r"the units on Alpha Phoenicis II are deployed in matchups this phase: attack by matchup, 1 to 2"):
        ground_phase.ground_attack(s, SI, APII, ["409th"], ["Militia"], RNG, 2)
    with pytest.raises(RefereeError, match="has matchups 1 to 2, not 3"):
        ground_phase.ground_attack(s, SI, APII, (), (), RNG, 2, matchup=3)
    s = ground_phase.ground_attack(s, SI, APII, (), (), RNG, 6, matchup=2).state  # 3:2, a 6 - 1 reads 0/1
    s = ground_phase.absorb(s, "invader", {"409th": 1}).state
    defender = turn.next_phase(s).state
    assert defender.deployed(APII) is not None
    with pytest.raises(RefereeError, match=r"matchup 1 on Alpha Phoenicis II is over: every unit of the defender in it is eliminated, and the survivors are in the reserve \(Stellar Inferno 11.2.4\)"):
        ground_phase.ground_attack(defender, SI, APII, (), (), RNG, 3, matchup=1)
    answered = ground_phase.ground_attack(defender, SI, APII, (), (), RNG, 3, matchup=2)
    assert "Terran attack on Alpha Phoenicis II in matchup 2: Militia against 409th" in answered.entries[0].text
    assert answered.state.deployed(APII).attacked == (("invader", 1), ("invader", 2), ("defender", 2))  # type: ignore[union-attr]
    assert "1:2 reads row 1:2; die 3, column '3': 0/1" in answered.entries[0].text  # the Militia's 1 against the 409th's reduced 2
    s = ground_phase.absorb(answered.state, "defender", {"Militia": 1}).state
    assert turn.next_phase(s).state.deployments == ()  # the matchups end with the phase


def test_a_deployment_is_made_in_the_ground_combat_phase_with_both_sides_on_the_planet() -> None:
    with pytest.raises(RefereeError, match=r"a ground deployment is done in the Ground Combat phase \(7\)"):
        matchups.begin(at(ground(), "landing"), APII)
    lonely = ground()
    lonely = lonely._replace(troops=tuple(t for t in lonely.troops if t.unit.side == "Khaldarii"))
    with pytest.raises(RefereeError, match="the defender has no ground unit on Alpha Phoenicis II: there is nothing to match"):
        matchups.begin(lonely, APII)
    with pytest.raises(RefereeError, match="no deployment on Alpha Phoenicis II this phase"):
        ground_phase.ground_attack(ground(), SI, APII, (), (), RNG, 2, matchup=1)
    half = matchups.commit(matchups.begin(ground(), APII).state, APII, "Colonists").state
    with pytest.raises(RefereeError, match="the deployment on Alpha Phoenicis II is not complete: the invader must match matchup 1"):
        ground_phase.ground_attack(half, SI, APII, (), (), RNG, 2, matchup=1)
    assert scenario_file.from_dict(tomllib.loads(scenario_file.text(half))) == half
