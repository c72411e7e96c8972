"""Issue 18, the players' view (``referee view FILE --side SIDE``): what each side's view holds,
asserted from the data of the rules layer (``sathar_war.sides``, ``knight_hawks.sides``) and from
the screen the app renders; the view following the file as the commands save it; refusals."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static
from typer.testing import CliRunner

from referee import storage
from referee.cli import app as cli
from referee.knight_hawks import battle_file
from referee.knight_hawks import sides as battle_sides
from referee.sathar_war import campaign_file, sides
from referee.sathar_war.campaign import Place
from referee.sathar_war.victory import CONDITIONS
from referee.tui.view.app import ViewApp, open_view
from tests.helpers.app import TABLES
from tests.helpers.campaign import SATHAR_REPLACEMENT, saved, secret_war
from tests.helpers.imports import UI_FOR_RULES, modules_after
from tests.helpers.kh import stand
from tests.helpers.screens import render, shown

# each secret of the war, and who may see it
WAR_SECRETS = {
    CONDITIONS[3]: {"Sathar"},  # the sealed retreat condition
    "Sathar Heavy Cruiser": {"Sathar"},  # the Sathar reserves off the map
    "Sathar Assault Carrier": {"Sathar"},
    "SF NOVA Battleship": {"UPF"},  # Strike Force NOVA off the map
    "UPF Assault Scout 1": {"UPF"},  # a ship that joined it there
    "shatter drones: TF Cassidine Frigate 1": {"UPF"},  # each side's drones
    "shatter drones: Sathar Frigate 1": {"Sathar"},
    "· shatter drone": {"UPF", "Sathar"},  # (the roster's mark: each side its own)
    "repairs 8 of the UPF Destroyer 1's hull points": {"UPF"},  # a repair order (the roster's damage)
    "hull 42 of 50": {"UPF"},  # the damaged destroyer's roster
    "the TF Prenglar Frigate 1 rearms": {"UPF"},  # ammunition
    SATHAR_REPLACEMENT: {"Sathar"},  # a replacement back in the reserves
}


def test_the_war_holds_a_secret_of_every_kind() -> None:
    """The state the other tests read has each secret in it, so that their absence means something."""
    campaign = secret_war()
    logged = "\n".join(e.text for e in campaign.log)
    assert campaign.retreat_condition == 3 and not campaign.retreat_revealed
    assert campaign.unit("Sathar Heavy Cruiser 1").status == "off-map" and campaign.unit("SF NOVA Battleship").status == "off-map"
    assert campaign.unit("UPF Assault Scout 1").status == "off-map"
    assert campaign.unit("Sathar Frigate 1").drone and campaign.unit("TF Cassidine Frigate 1").drone
    for secret in (
        "shatter drones: TF Cassidine Frigate 1",
        "shatter drones: Sathar Frigate 1",
        "repairs 8 of the UPF Destroyer 1's hull points",
        "the TF Prenglar Frigate 1 rearms",
        SATHAR_REPLACEMENT,
    ):
        assert secret in logged, secret


def test_each_side_sees_its_own_rosters_and_the_enemy_as_the_map_shows_it() -> None:
    campaign = secret_war()
    upf, sathar, public = (sides.view(campaign, side) for side in ("upf", "SATHAR", "public"))
    assert (upf.side, sathar.side, public.side) == ("UPF", "Sathar", "public")
    # own rosters in full: every unit of the side, off the map too, with its roster form
    assert {r["name"] for r in upf.own} == {u.name for u in campaign.units if u.side == "UPF"}
    assert {r["name"] for r in sathar.own} == {u.name for u in campaign.units if u.side == "Sathar"}
    assert not public.own
    destroyer = next(r for r in upf.own if r["name"] == "UPF Destroyer 1")
    assert destroyer["hull"] == "42 of 50" and destroyer["docked_at"] == "Outer Reach Station"
    assert next(r for r in upf.own if r["name"] == "TF Cassidine Frigate 1")["drone"]
    # the enemy: on the map (by name, class and place), never off it
    on_map = {u.name for u in campaign.units if u.active and u.place is not None}
    assert {c.name for c in upf.seen} == {n for n in on_map if campaign.unit(n).side == "Sathar"}
    assert {c.name for c in sathar.seen} == {n for n in on_map if campaign.unit(n).side == "UPF"}
    assert {c.name for c in public.seen} == on_map
    assert "SF NOVA Battleship" not in {c.name for c in sathar.seen} and "Sathar Heavy Cruiser 1" not in {c.name for c in upf.seen}
    destroyer_seen = next(c for c in sathar.seen if c.name == "UPF Destroyer 1")
    assert (destroyer_seen.ship_class, destroyer_seen.where) == ("destroyer", "Outer Reach (Dramune)")
    assert not any(hasattr(c, "roster") or hasattr(c, "hull") for c in sathar.seen)  # a counter, not a roster
    # the retreat condition: the Sathar player's own, sealed for the others
    assert sathar.retreat[0] == f"retreat condition 3: {CONDITIONS[3]}" and sathar.retreat[1].startswith("now: ")
    assert all(CONDITIONS[3] not in line and "3" not in line for line in (*upf.retreat, *public.retreat))
    # the time track and the tally are the table's
    assert upf.track == sathar.track == public.track and upf.tally == sathar.tally == public.tally
    assert upf.marks == public.marks and upf.marks[-1] == "T"


def test_each_side_reads_only_the_log_lines_it_may() -> None:
    campaign = secret_war()
    logs = {side: [e.text for e in sides.view(campaign, side).log] for side in sides.VIEWERS}
    everyone = "the Sathar player has written down a retreat condition (sealed)"
    assert all(everyone in lines for lines in logs.values())
    for secret, seers in WAR_SECRETS.items():
        for side, lines in logs.items():
            found = any(secret in line for line in lines)
            if found:
                assert side in seers, f"the {side} view reads {secret!r}"
    assert any("rearms" in line for line in logs["UPF"]) and not any("rearms" in line for line in logs["Sathar"] + logs["public"])
    assert len(logs["public"]) < len(logs["UPF"]) < len(campaign.log) and len(logs["public"]) < len(logs["Sathar"])


def test_a_revealed_retreat_condition_is_everyones() -> None:
    campaign = secret_war()._replace(retreat_revealed=True)
    assert sides.view(campaign, "UPF").retreat[0] == f"retreat condition 3: {CONDITIONS[3]}"


def test_the_void_is_on_the_time_track_for_everyone() -> None:
    """A Sathar ship in the Void is "placed on the time track, six days ahead of the Day marker"."""
    campaign = secret_war()
    gone = campaign.unit("Sathar Destroyer 3")._replace(status="void", place=None, returns=7, circle="Prenglar Start Circle")
    campaign = campaign.with_units([gone])
    seen = {c.name: c for c in sides.view(campaign, "UPF").seen}
    assert seen["Sathar Destroyer 3"].where == "the time track: back from the Void on day 7"
    assert sides.view(campaign, "public").marks[6] == "V"


def test_alerts_of_one_sides_ships_are_that_sides() -> None:
    """A Sathar destroyer at Araks (Hentz) cuts off a UPF destroyer at Scree Fron (Histran), whose
    only route leads to Araks: both out of supply, each said to its own side only."""
    campaign = secret_war()
    campaign = campaign.with_units(
        [
            campaign.unit("Sathar Destroyer 15")._replace(place=Place("Araks", "Hentz")),
            campaign.unit("TF Prenglar Destroyer 1")._replace(place=Place("Scree Fron", "Histran"), fleet=""),
        ]
    )
    upf, sathar, public = (" ".join(sides.alerts(campaign, side)) for side in sides.VIEWERS)
    assert "out of supply: 1 ships (TF Prenglar Destroyer 1)" in upf and "Sathar Destroyer 15" not in upf
    assert "out of supply: 1 ships (Sathar Destroyer 15)" in sathar and "TF Prenglar Destroyer 1" not in sathar
    assert "out of supply" not in public
    assert "contested: Hentz" not in upf  # (no fight at Araks: one side there)


def test_a_side_the_campaign_does_not_have_is_refused() -> None:
    with pytest.raises(Exception, match="sides are UPF and Sathar"):
        sides.view(secret_war(), "Zebulon")


# ---------------------------------------------------------------------- a battle


BATTLE_SECRETS = {
    "1207": {"UPF"},  # a mined hex
    "0909": {"UPF"},  # a seeker not active
    "activates its SS": {"Sathar"},  # a screen circled on the roster
    "SS (active)": {"Sathar"},
    "M x20": {"UPF"},  # the minelayer's roster
    "31/40": {"UPF"},  # the Shimmer's hull
}


def test_each_side_of_a_battle_sees_its_ships_mines_and_seekers_and_the_enemys_counters() -> None:
    battle = stand()
    upf, sathar, public = (battle_sides.view(battle, side) for side in ("upf", "Sathar", "PUBLIC"))
    assert {s.name for s in upf.battle.ships} == {s.name for s in battle.ships if s.side == "UPF"}
    assert {c.name for c in upf.seen} == {s.name for s in battle.ships if s.side == "Sathar"}
    assert not public.battle.ships and {c.name for c in public.seen} == {s.name for s in battle.ships}
    assert [m.hex for m in upf.battle.mines] == ["1207"] and not sathar.battle.mines and not public.battle.mines
    assert sorted(s.hex for s in upf.battle.seekers) == ["0507", "0909"]  # its own, and the active one on the map
    assert [s.hex for s in sathar.battle.seekers] == [s.hex for s in public.battle.seekers] == ["0507"]
    deathstroke = next(c for c in upf.seen if c.name == "Deathstroke")
    assert not hasattr(deathstroke, "active_screen") and not hasattr(deathstroke, "hull")
    assert upf.standing == sathar.standing == public.standing
    upf_log, sathar_log = ([e.text for e in v.battle.log] for v in (upf, sathar))
    assert any("1207" in t for t in upf_log) and not any("1207" in t for t in sathar_log)
    assert any("activates its SS" in t for t in sathar_log) and not any("activates its SS" in t for t in upf_log)
    assert any("seeker" in t and "0507" in t for t in upf_log)  # an activated seeker moves on the map: public


# ---------------------------------------------------------------------- the screen


@pytest.mark.parametrize("side", ["UPF", "Sathar", "public"])
def test_no_secret_of_the_war_is_on_another_sides_screen(tmp_path: Path, side: str) -> None:
    screen = render(saved(tmp_path / "war.toml", secret_war()), side)
    assert "Sathar Destroyer 1-15" in screen and "Outer Reach (Dramune)" in screen and "UPF Destroyer 1" in screen
    for secret, seers in WAR_SECRETS.items():
        if side not in seers:
            assert secret not in screen, f"the {side} view shows {secret!r}"
    if side != "public":
        assert any(secret in screen for secret, seers in WAR_SECRETS.items() if side in seers)  # its own secrets are there


@pytest.mark.parametrize("side", ["UPF", "Sathar", "public"])
def test_no_secret_of_the_battle_is_on_another_sides_screen(tmp_path: Path, side: str) -> None:
    path = tmp_path / "stand.toml"
    storage.write_text(path, battle_file.text(stand(), TABLES))
    screen = render(path, side)
    assert "Deathstroke" in screen and "Shimmer" in screen
    for secret, seers in BATTLE_SECRETS.items():
        if side in seers:
            assert secret in screen, f"the {side} view lacks its own {secret!r}"
        else:
            assert secret not in screen, f"the {side} view shows {secret!r}"


Play = Callable[[ViewApp, Pilot[None]], Awaitable[None]]


def watch(path: Path, side: str, play: Play) -> ViewApp:
    async def main() -> ViewApp:
        app = open_view(path, side)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await play(app, pilot)
        return app

    return asyncio.run(main())


def test_the_view_follows_the_commands_that_change_the_file(tmp_path: Path) -> None:
    """The Sathar player's view: Strike Force NOVA is off the map, unseen; ``referee campaign nova``
    places it (a 9: Gollywog), and the view shows it there within a second; ``referee undo`` takes
    it back off the map, and it is gone from the view again."""
    path = saved(tmp_path / "war.toml", secret_war())
    runner = CliRunner()

    async def play(app: ViewApp, pilot: Pilot[None]) -> None:
        await pilot.press("3")
        assert "SF NOVA Battleship" not in shown(app)
        await pilot.pause(0.7)
        assert app.reads == 0  # nothing saved: nothing read again
        done = runner.invoke(cli, ["campaign", "nova", "--roll", "9", "--campaign", str(path)], catch_exceptions=False)
        assert done.exit_code == 0, done.output
        await pilot.pause(1.0)
        assert app.reads == 1
        screen = shown(app)
        assert "Gollywog (White Light)" in screen and "SF NOVA Battleship" in screen and "SF NOVA Fighter 1-6" in screen
        done = runner.invoke(cli, ["undo", str(path)], catch_exceptions=False)
        assert done.exit_code == 0, done.output
        await pilot.pause(1.0)
        assert app.reads == 2 and "SF NOVA" not in shown(app)

    watch(path, "Sathar", play)


def test_the_view_never_writes_the_file_nor_its_history(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", secret_war())
    before = {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()}

    async def play(app: ViewApp, pilot: Pilot[None]) -> None:
        for page in "12341":
            await pilot.press(page)
        await pilot.pause(1.2)

    watch(path, "Sathar", play)
    assert {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()} == before


def test_a_damaged_file_keeps_the_last_good_view_and_says_so(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", secret_war())
    good = path.read_text()

    async def play(app: ViewApp, pilot: Pilot[None]) -> None:
        pages = [str(app.query_one(f"#text-{n}", Static).content) for n in range(1, 5)]
        path.write_text(good[: len(good) // 2])  # a hand edit half written
        await pilot.pause(1.0)
        bar = str(app.query_one("#bar", Static).content)
        assert "cannot read the file now" in bar and "war.toml" in bar and app.query_one("#bar").has_class("trouble")
        assert [str(app.query_one(f"#text-{n}", Static).content) for n in range(1, 5)] == pages
        path.write_text(good.replace("day = 1", "day = 1", 1))
        storage.write_text(path, good)
        await pilot.pause(1.0)
        assert "cannot read" not in str(app.query_one("#bar", Static).content) and not app.query_one("#bar").has_class("trouble")

    watch(path, "UPF", play)


def test_atomic_saves_in_quick_succession_never_show_half_a_file(tmp_path: Path) -> None:
    """Saves renamed over the file, many in a row while the view looks: every look reads a whole file."""
    one, other = secret_war(), secret_war()._replace(day=2)
    path = saved(tmp_path / "war.toml", one)
    texts = [campaign_file.text(c, TABLES) for c in (one, other)]

    async def play(app: ViewApp, pilot: Pilot[None]) -> None:
        for n in range(30):
            storage.write_text(path, texts[n % 2])
            await pilot.pause(0.06)
            assert not app.trouble, app.trouble
        await pilot.pause(0.7)
        assert app.reads >= 5 and app.view.day == 2 and "day 2" in str(app.query_one("#bar", Static).content)

    watch(path, "UPF", play)


def test_the_view_at_80x24_shows_the_bar_the_tabs_and_the_keys(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", secret_war())

    async def play(app: ViewApp, pilot: Pilot[None]) -> None:
        for page in "1234":
            await pilot.press(page)
            await pilot.pause()
            assert app.query_one("#pages").region.height == 21
            assert app.query_one(f"#page-{page}").region.height > 10
        scroll = app.query_one("#page-2 VerticalScroll")
        await pilot.press("2", "pagedown")
        await pilot.pause(0.3)
        page = scroll.scroll_y
        await pilot.press("down", "down")
        await pilot.pause(0.3)
        assert page >= 15 and scroll.scroll_y == page + 2
        await pilot.press("up")
        await pilot.pause(0.3)
        assert scroll.scroll_y == page + 1

    watch(path, "UPF", play)


# ---------------------------------------------------------------------- the command


def test_the_command_refuses_in_one_line(tmp_path: Path) -> None:
    war = saved(tmp_path / "war.toml", secret_war())
    runner = CliRunner()
    cases = {
        ("view", str(war), "--side", "Zebulon"): "sides are UPF and Sathar (or public",
        ("view", str(tmp_path / "none.toml"), "--side", "UPF"): "no campaign or battle file at",
        ("view", str(war)): "Missing option '--side'",
        ("view", str(war), "--side", "UPF", "--port", "0"): "--port",
    }
    engagement = tmp_path / "fight.toml"
    done = runner.invoke(cli, ["sfw", "new", str(engagement), "--side", "Terran", "--side", "Entomalian"], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    cases["view", str(engagement), "--side", "Terran"] = "the players' view shows a campaign or a Knight Hawks battle (not yet a Starfleet Wars engagement)"
    for args, said in cases.items():
        done = runner.invoke(cli, list(args))
        assert done.exit_code == 2, (args, done.output)
        assert said in done.output and done.output.count("\n") == 1, done.output


def test_the_sides_modules_import_no_ui() -> None:
    loaded = modules_after("import referee.sathar_war.sides, referee.knight_hawks.sides, referee.starfleet_wars.sides, referee.stellar_inferno.sides")
    assert {"referee.sathar_war.sides", "referee.starfleet_wars.sides", "referee.stellar_inferno.sides"} <= loaded
    assert not loaded & set(UI_FOR_RULES), sorted(loaded & set(UI_FOR_RULES))


def test_the_quick_commands_do_not_load_the_view_nor_textual_serve() -> None:
    loaded = modules_after("from referee.cli import app\napp(['roll', '2d10+4'], standalone_mode=False)")
    assert "referee.cli.roll" in loaded and "referee.cli.view" not in loaded  # a command's module is loaded when it is called (LazyGroup)
    assert not {m for m in loaded if m.startswith(("textual", "referee.tui", "aiohttp"))}
