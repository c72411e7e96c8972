"""A Starfleet Wars engagement in the app, driven by keys through Textual's pilot as a referee
drives it: a ship joins (its class's unknown cells asked once), power allocated with its cost shown
as it is typed, hits from lists, particle weapons and light lasers, special damage and damage
control through the dice dialog (typed as rolled at the table), sealed until unsealed, CapTacs, a
fortress built, hit and loaning CIDS, the next turn, undo. Each step's outcome is read back from
the file, against the supplement's figures (VICTORY's 477 PU; the Pirahna's 20 PU of particle hits)."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from referee import saves, storage
from referee.starfleet_wars import engagement_file, fortress_phase, turn
from referee.starfleet_wars.engagement import Engagement
from referee.tui.app import RefereeApp
from referee.tui.choice import ChoiceList
from referee.tui.dialogs import ConfirmDialog, DiceDialog, FormDialog, OutcomeDialog
from referee.tui.rows import Rows
from tests.helpers.app import card, drive
from tests.helpers.app_sfw import TABLES, engagement, form, keys, pick, preview
from tests.helpers.snapshots import compare, settled

Play = Callable[[RefereeApp, Pilot[None]], Awaitable[None]]


def read(path: Path) -> Engagement:
    return engagement_file.from_dict(storage.read(path, "engagement"))


def said(app: RefereeApp) -> str:
    return str(app.query_one("#said", Static).render())


def test_the_app_opens_an_engagement_file_and_lists_it_to_open_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    path = engagement(tmp_path / "e.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        assert app.journal.kind == "engagement" and app.kind.name == "engagement"
        roster = app.screen.query_one("#roster", Rows)
        assert roster.keys == ["VICTORY", "Wahoo 1", "Bastion", "Bastion MAD 1", "PIRAHNA", "Sting 1"]
        assert "Ships · turn 1" in str(app.query_one("#bar", Static).render())
        assert "VICTORY, SGD · Terran" in card(app)
        await keys(pilot, "down", "down")
        assert "LSS 1" in card(app) and "WP 1" in card(app) and "MADs: Bastion MAD 1" in card(app)
        await keys(pilot, "2", "3", "1")  # Dice & Tables, the Log, back

    drive(path, play)
    assert [(r.kind, r.path.name, r.name) for r in saves.recent()] == [("engagement", "e.toml", "e")]


def test_ctrl_o_opens_an_engagement_from_a_campaign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.helpers.app import war

    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    path = engagement(tmp_path / "e.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "ctrl+o", "tab", f'"{path}"', "enter")
        await pilot.pause()
        assert app.journal.kind == "engagement" and app.page() is not None and app.page().NAME == "ships"  # type: ignore[union-attr]
        assert "e.toml opened: turn 1" in said(app)

    drive(war(tmp_path), play)


def test_a_ship_joins_its_class_unknown_cells_asked_once(tmp_path: Path) -> None:
    path = engagement(tmp_path / "e.toml", ships=False)

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "j")
        await pick(pilot, "PIRAHNA")
        assert "the Data Table leaves Max. Off. Factor, Max. Def. Factor, Launchers, Reloads unknown" in preview(app)
        await pick(pilot, "Aquarian")
        await keys(pilot, "enter")  # the name blank: the class's
        asked = form(app)
        assert [f.name for f in asked.fields] == ["max_off", "max_def", "launchers", "reloads"]
        await keys(pilot, '"4"', "tab", '"4"', "tab", '"2"', "enter")  # reloads left blank
        assert "unknown: type it from your book" in str(asked.query_one("#error-reloads", Static).render())
        assert read(path).ships == ()
        await keys(pilot, '"x"', "enter")
        assert "a whole number" in str(asked.query_one("#error-reloads", Static).render())
        await keys(pilot, "backspace", '"6"', "enter")
        found = read(path)
        assert [(s.name, s.type, s.power_units, s.max_off, s.max_def, s.launchers, s.reloads) for s in found.ships] == [("PIRAHNA", "SD", 30, 4, 4, 2, 6)]
        # a second of the class: nothing more asked, named PIRAHNA 2
        await keys(pilot, "j")
        await pick(pilot, "PIRAHNA")
        assert "PIRAHNA 2 joins with its class's figures; entered before: max_off 4" in preview(app)
        await pick(pilot, "Aquarian")
        await keys(pilot, "enter")
        assert [s.name for s in read(path).ships] == ["PIRAHNA", "PIRAHNA 2"] and read(path).ship("PIRAHNA 2").reloads == 6
        # a starfighter, a starbomber: nothing asked
        await keys(pilot, "j")
        await pick(pilot, "SF")
        await pick(pilot, "Terran")
        await keys(pilot, '"Wahoo 1"', "enter")
        assert read(path).ship("Wahoo 1").type == "SF"
        await keys(pilot, "ctrl+z")
        assert [s.name for s in read(path).ships] == ["PIRAHNA", "PIRAHNA 2"]

    drive(path, play)


def test_allocation_shows_its_cost_as_typed_and_refuses_in_one_line(tmp_path: Path) -> None:
    """The supplement's VICTORY: speed 3 (9) + OF 18 (324) + DF 12 (144) = 477 of 480; it fights
    with OF 25, DF 19 (its additional 7 and 7)."""
    path = engagement(tmp_path / "e.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "p")  # VICTORY is under the cursor: it comes chosen
        assert preview(app).startswith("VICTORY: 480 PU, max OF 21, DF 21, speed 5")
        await keys(pilot, "tab", '"3"', "tab", '"22"')
        assert "refused: OF 22 is above the maximum offensive factor, 21" in preview(app)
        await keys(pilot, "enter")
        assert "OF 22 is above the maximum offensive factor" in str(form(app).query_one("#error-form", Static).render())
        assert read(path).ship("VICTORY").allocation is None
        await keys(pilot, "backspace", "backspace", '"18"', "tab", '"12"')
        assert preview(app).endswith("speed 3 (9) + OF 18 (324) + DF 12 (144) = 477 PU, 3 left")
        await keys(pilot, "enter")
        ship = read(path).ship("VICTORY")
        assert ship.allocation is not None and ship.allocation.cost == 477
        assert "fights with speed 3, OF 25, DF 19" in card(app)
        # the fortress: OF and DF from its LSS's 300 PU, OF at most its weapons modules' 14
        await keys(pilot, "p")
        await pick(pilot, "Bastion (Terran")
        await keys(pilot, "tab", '"14"', "tab", '"10"')
        assert preview(app) == "Bastion: 300 PU, OF up to 14: OF 14 (196) + DF 10 (100) = 296 PU, 4 left"
        await keys(pilot, "enter")
        assert read(path).fortress("Bastion").allocation.cost == 296

    drive(path, play)


def test_hits_launches_and_light_lasers_from_lists(tmp_path: Path) -> None:
    """The Starbomber Example of Play: the Sting launches 4 particle weapons, 2 hit the Pirahna:
    20 PU; it fires two light lasers at a Wahoo, which is shot down by one."""
    path = engagement(tmp_path / "e.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "l")
        await pick(pilot, "Sting")
        assert preview(app) == "Sting 1: 4 more this turn (4 a turn), 10 on board"
        await keys(pilot, '"4"', "enter")
        assert read(path).ship("Sting 1").reloads == 6
        await keys(pilot, "h")
        await pick(pilot, "PIRAHNA")
        await pick(pilot, "particle")
        await keys(pilot, '"2"', "enter")
        pirahna = read(path).ship("PIRAHNA")
        assert (pirahna.lost, turn.owes_special(pirahna) != "") == (20, True)
        await keys(pilot, "f")
        await pick(pilot, "Sting")
        marks = form(app).query_one("#field-targets")
        assert [str(marks.get_option_at_index(n).value) for n in range(marks.option_count)] == ["Wahoo 1"]  # type: ignore[attr-defined]
        await keys(pilot, "down", "space", "tab", '"2"', "enter")  # from the box above the list into it, mark, the shots at each
        assert read(path).ship("Sting 1").lasers_fired == 2
        await keys(pilot, "h")
        await pick(pilot, "Wahoo")
        await pick(pilot, "light lasers")
        await keys(pilot, "enter")
        assert read(path).ship("Wahoo 1").destroyed == "shot down"
        assert "Wahoo 1" in app.screen.query_one("#roster", Rows).dimmed
        # a light laser may not be chosen against a destroyer: the list does not offer it
        await keys(pilot, "h")
        await pick(pilot, "PIRAHNA")
        weapons = [v for _, v in form(app).query_one("#field-by").options]  # type: ignore[attr-defined]
        assert "light-laser" not in weapons and "particle" in weapons
        await keys(pilot, "escape")

    drive(path, play)


def test_a_fortress_launches_particle_weapons_and_craft_assault_a_module_from_lists(tmp_path: Path) -> None:
    """S033, S039: "Attack craft and particle weapons are launched, fired or attacked within the same
    manner as starships. No more than 12 attack craft may assault one particular module per turn."
    Bastion's WP 1 launches its 6 (then only WP 2 and the SAWS are offered this turn), LSS 1 sends
    its 2 attack craft, and 12 assault LSS 1 (then it is offered no more)."""
    path = engagement(tmp_path / "e.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "l")
        await pick(pilot, "Bastion")
        await keys(pilot, '"6"', "tab")
        await pick(pilot, "WP 1")
        await keys(pilot, "ctrl+a")
        assert read(path).fortress("Bastion").module("WP 1").fired == 6
        await keys(pilot, "l")
        await pick(pilot, "Bastion")
        await keys(pilot, "tab")
        assert [v for _, v in form(app).query_one("#field-module").options] == ["WP 2", "SAWS 1"]  # type: ignore[attr-defined]
        await keys(pilot, "escape")
        await keys(pilot, "e")
        await pick(pilot, "Bastion")
        await pick(pilot, "LSS 1")
        await keys(pilot, '"2"', "enter")
        assert [s.name for s in read(path).ships if s.type == "SF" and s.side == "Terran"][-2:] == ["Bastion LSS 1 SF 1", "Bastion LSS 1 SF 2"]
        await keys(pilot, "k")
        await pick(pilot, "Bastion")
        await pick(pilot, "LSS 1")
        await keys(pilot, '"12"', "enter")
        assert read(path).fortress("Bastion").assaults == (("LSS 1", 12),)
        await keys(pilot, "k")
        await pick(pilot, "Bastion")
        assert "LSS 1" not in [v for _, v in form(app).query_one("#field-module").options]  # type: ignore[attr-defined]
        await keys(pilot, "escape")

    drive(path, play)


def test_a_fortress_holds_captacs_one_is_shot_down_in_its_beam_one_fired(tmp_path: Path) -> None:
    """S095: "held in place around a starfortress with a tractor beam"; "Destruction of a CapTac in
    tow causes 25 power units damage to the towing ship"; "he may fire the CapTac during the firing
    phase": Tow, Shoot down and Fire CapTac offer the fortress."""
    path = engagement(tmp_path / "e.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "t")
        await pick(pilot, "starfortress")
        await keys(pilot, '"2"', "tab", '"0"', "enter")
        assert (read(path).fortress("Bastion").captacs, read(path).fortress("Bastion").beam_pu) == (2, 0)
        await keys(pilot, "x")
        await pick(pilot, "held by Bastion")
        await pick(pilot, "LSS 2")
        await keys(pilot, "ctrl+a")
        bastion = read(path).fortress("Bastion")
        assert (bastion.captacs, bastion.module("LSS 2").damage) == (1, 25)
        await keys(pilot, "c")
        await pick(pilot, "starfortress")
        await pick(pilot, "held")
        await pick(pilot, "PIRAHNA")
        await pick(pilot, "no")
        await keys(pilot, '"15"', "ctrl+a")
        assert read(path).fortress("Bastion").captacs == 0 and "Bastion's CapTac fires at PIRAHNA at 15\": a miss" in read(path).log[-1].text

    drive(path, play)


def test_special_damage_through_the_dice_dialog_sealed_until_unsealed(tmp_path: Path) -> None:
    """The Pirahna, 20 of 30 PU lost (66.7%), owes a roll: 86 (reduce OF by two until repaired)
    typed as rolled. The next turn waits for it. The card, the Log and the message line say only
    that a roll was made until u (asked first) unseals it."""
    path = engagement(tmp_path / "e.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "h")
        await pick(pilot, "PIRAHNA")
        await pick(pilot, "particle")
        await keys(pilot, '"2"', "enter", "n")
        assert "roll special damage first" in str(form(app).query_one("#error-form", Static).render())
        await keys(pilot, "escape")
        assert read(path).turn == 1
        await keys(pilot, "s", "ctrl+a")  # the only ship owing: chosen
        dice = app.screen
        assert isinstance(dice, DiceDialog) and [n.expression for n in dice.rolls] == ["d%00"]
        await keys(pilot, '"100"', "enter")
        assert "100" in str(dice.query_one("#error-0", Static).render()) and isinstance(app.screen, DiceDialog)
        await keys(pilot, "backspace", "backspace", "backspace", '"86"', "enter")
        outcome = app.screen
        assert isinstance(outcome, OutcomeDialog)
        text = outcome.query_one("#outcome", Static).render()
        assert "86 - Reduce calculated Offensive Factors by two factors" in str(text) and "entered at the table = 86" in str(text)
        await keys(pilot, "enter")
        pirahna = read(path).ship("PIRAHNA")
        assert [(e.roll, e.kind, e.factors) for e in pirahna.effects] == [(86, "offensive", 2)]
        assert "86" not in said(app) and "sealed" in said(app)
        await keys(pilot, "end", "up")  # PIRAHNA
        assert "special damage: sealed (u unseals)" in card(app) and "offensive -2" not in card(app)
        await keys(pilot, "3")
        log = app.screen.query_one("LogPage Rows", Rows)
        assert log.rows[-1][1][1:] == ("Aquarian", "a sealed line: Aquarian's eyes only (u unseals it)")
        await keys(pilot, "1", "u")
        assert isinstance(app.screen, ConfirmDialog)
        await keys(pilot, "y")
        assert "offensive -2 (86: until repaired, from turn 2)" in card(app)
        await keys(pilot, "3")
        assert "86 - Reduce calculated Offensive Factors" in app.screen.query_one("LogPage Rows", Rows).rows[-1][1][2]
        await keys(pilot, "1", "u")  # sealed again at once
        assert "special damage: sealed" in card(app)
        await keys(pilot, "ctrl+z")
        assert said(app).startswith("undone: Special damage - PIRAHNA (special damage)") and read(path).ship("PIRAHNA").effects == ()
        await keys(pilot, "ctrl+y", "a")  # the next turn, from any screen
        assert read(path).turn == 2

    drive(path, play)


def test_damage_control_asks_before_a_roll_that_cannot_help(tmp_path: Path) -> None:
    """VICTORY, hit for 50 PU, rolls damage control on power units: 95 repairs four."""
    path = engagement(tmp_path / "e.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "r", "tab")  # VICTORY is under the cursor: it comes chosen
        await pick(pilot, "offensive")
        await keys(pilot, "ctrl+a")
        assert "has no offensive factors lost to special damage to repair" in str(form(app).query_one("#error-anyway", Static).render())
        await keys(pilot, "escape", "h")
        await pick(pilot, "VICTORY")
        await pick(pilot, "offensive")
        await keys(pilot, "tab", '"50"', "enter", "r", "tab")
        await pick(pilot, "power units")
        await keys(pilot, "ctrl+a")
        assert isinstance(app.screen, DiceDialog)
        await keys(pilot, '"95"', "enter", "enter")
        ship = read(path).ship("VICTORY")
        assert (ship.lost, ship.repaired, ship.attempts) == (46, 4, 1)
        assert "95 - Four power units repaired" in said(app)

    drive(path, play)


def test_captacs_a_fortress_built_hit_and_loaning_cids(tmp_path: Path) -> None:
    path = engagement(tmp_path / "e.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "b")
        await keys(pilot, '"Reef"', "tab")
        await pick(pilot, "Aquarian")
        await keys(pilot, '"LSS,WP,CM"', "tab", '"WP 1=LSS 1"', "enter")
        reef = read(path).fortress("Reef")
        assert [m.name for m in reef.modules] == ["LSS 1", "WP 1", "CM 1"] and reef.adjacent == (("WP 1", "LSS 1"),)
        await keys(pilot, "i")
        await pick(pilot, "Reef")
        await pick(pilot, "WP 1")
        await pick(pilot, "LSS 1")
        await keys(pilot, '"6"', "enter")
        assert [(loan.lender, loan.to, loan.rolls) for loan in read(path).fortress("Reef").loans] == [("WP 1", "LSS 1", 6)]
        # the MAD placed on a module, then only moved to one adjacent (movement: before the firing phase)
        await keys(pilot, "o")
        await pick(pilot, "Bastion MAD")
        await pick(pilot, "WP 1")
        await keys(pilot, "ctrl+a")
        assert read(path).ship("Bastion MAD 1").on == "WP 1"
        await keys(pilot, "o", "tab")
        assert [v for _, v in form(app).query_one("#field-module").options] == ["LSS 1"]  # type: ignore[attr-defined]
        await keys(pilot, "escape")
        await keys(pilot, "t", "tab", '"2"', "enter")  # VICTORY (under the cursor) tows two
        assert read(path).ship("VICTORY").captacs == 2
        await keys(pilot, "x")  # CIDS fire on CapTacs before they are launched
        await pick(pilot, "towed by VICTORY")
        await keys(pilot, "ctrl+a")
        assert read(path).ship("VICTORY").lost == 25
        await keys(pilot, "c", "tab")
        await pick(pilot, "in tow")
        await pick(pilot, "PIRAHNA")
        await pick(pilot, "yes")
        await keys(pilot, '"12"', "enter")
        pirahna = read(path).ship("PIRAHNA")
        assert (pirahna.lost, pirahna.special_due, read(path).ship("VICTORY").captacs) == (30, 0, 0)  # 40 PU: all its 30, disabled
        assert pirahna.destroyed.startswith("disabled")
        await keys(pilot, "m")
        await pick(pilot, "Reef")
        await pick(pilot, "offensive")
        await keys(pilot, "tab")  # one hit
        await pick(pilot, "no type")
        await pick(pilot, "WP 1")
        await keys(pilot, '"60"', "tab")
        await pick(pilot, "LSS 1")
        await keys(pilot, '"5"', "enter")
        reef = read(path).fortress("Reef")
        assert [(m.name, m.damage) for m in reef.modules] == [("LSS 1", 5), ("WP 1", 60), ("CM 1", 0)]
        # two particle hits: 20 PU, all on the first module named (its share left blank)
        await keys(pilot, "m")
        await pick(pilot, "Reef")
        await pick(pilot, "particle")
        await keys(pilot, '"2"', "tab")
        await pick(pilot, "no type")
        await pick(pilot, "LSS 1")
        await keys(pilot, "ctrl+a")
        assert not isinstance(app.screen, FormDialog), [(form(app).typed(), str(e.render())) for e in app.screen.query(".error") if str(e.render())]
        assert read(path).fortress("Reef").module("LSS 1").damage == 25
        await keys(pilot, "end")  # Reef, the last of the Aquarians
        assert "owes a special damage roll (s): 25 of its LSS's 100 PU lost (25.0%)" in card(app)

    drive(path, play)


def test_ships_screen_snapshots(tmp_path: Path) -> None:
    """The Ships screen of the engagement above, partway through turn 1, at 80x24 and 160x50."""
    path = engagement(tmp_path / "e.toml")
    state = read(path)
    from referee.starfleet_wars import combat
    from referee.starfleet_wars.power import Allocation

    state = turn.allocate(state, "VICTORY", Allocation(3, 18, 12)).state
    state = fortress_phase.allocate(state, "Bastion", 14, 10).state
    state = combat.hit(state, TABLES, "PIRAHNA", "particle", 2).state
    state = fortress_phase.hit(state, TABLES, "Bastion", [("LSS 1", 29)]).state
    storage.write_text(path, engagement_file.text(state))

    for size in ((80, 24), (160, 50)):

        async def shot(app: RefereeApp, pilot: Pilot[None], size: tuple[int, int] = size) -> None:
            await keys(pilot, "down", "down")
            compare(f"sfw-ships-{size[0]}x{size[1]}", await settled(app, pilot))

        drive(path, shot, size)


def test_every_form_opens_and_esc_changes_nothing(tmp_path: Path) -> None:
    path = engagement(tmp_path / "e.toml")
    before = path.read_text(encoding="utf-8")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        for key in "jphmlfsrtcvxobgi":
            await keys(pilot, key)
            shown = form(app)
            await keys(pilot, "escape")
            assert not isinstance(app.screen, (FormDialog, ChoiceList)), (key, shown.title_text)

    drive(path, play)
    assert path.read_text(encoding="utf-8") == before


def test_an_undo_says_a_special_damage_roll_was_made_not_what_it_did(tmp_path: Path) -> None:
    from referee import touched
    from referee.starfleet_wars import combat

    state = combat.hit(read(engagement(tmp_path / "e.toml")), TABLES, "PIRAHNA", "particle", 2).state
    said = {roll: touched.between(state, turn.special_damage(state, TABLES, "PIRAHNA", random.Random(), roll).state) for roll in (10, 86, 94)}
    assert said[10] == said[86] == said[94], said
