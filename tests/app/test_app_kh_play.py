"""Two scenarios played for several turns in the app, as a referee plays them at the table: ships
moved (m), shots announced (a) and fired (f) with the dice typed as rolled, fires (r), screens (s),
docking (k), repairs (e) and the halves ended (n). After every half of every turn each ship's roster
is read back from the autosaved file and compared with a table of figures worked out by hand from
the book (shared/rules/knight-hawks-tactical-operations-manual.txt and tables/knight-hawks.toml),
the arithmetic in the comments. No expected figure comes from the program's rules code.

Readings used (shared/rules/README.md): a masking screen's half damage is rounded up; the Advanced
Combat Table's plain (unshaded) figures; a torpedo, assault rocket or rocket battery system fires
once a game turn, a laser once in each half ("can fire each only once per turn"). The ranges,
head-on shots, ICMs launched and evasion are what the referee reads off the map and reports.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from referee.knight_hawks.battle import Battle
from referee.knight_hawks.roster import Ship
from referee.tui.app import RefereeApp
from referee.tui.choice import Choice
from referee.tui.dialogs import FormDialog
from referee.tui.rows import Rows
from tests.helpers.app import drive
from tests.helpers.app_kh import applied, end_half, fill, moves, outcome, read, roll, rolled, scenario, screen, shot

Roster = dict[str, Any]
Rosters = dict[str, Roster]


# ---------------------------------------------------------------------- the rosters, by hand


def kit(listing: str) -> Roster:
    """A scenario listing's systems, ``"LB x2, RB x4, T x2; RH, ICM x2"``, as CODE -> count."""
    found: Roster = {}
    for item in re.split(r"[,;]", listing):
        code, _, count = item.strip().partition(" x")
        found[code] = int(count or 1)
    return found


def ship(hull: int, listing: str, **more: Any) -> Roster:
    """A ship as it starts: hull, speed 0, its systems; ``more`` for docked, ADF, MR, DCR."""
    return {"hull": hull, "destroyed": False, "speed": 0, "docked": "", "masking": False, **more, **kit(listing)}


def advanced(hull: int, adf: int, mr: int, dcr: int, listing: str, **more: Any) -> Roster:
    """An Advanced Game ship as it starts: with ADF, MR, DCR, no damaged systems, no screen."""
    found = ship(hull, listing, adf=adf, mr=mr, dcr=dcr, damaged=set(), screen="", aboard="", must_turn=False, airdock=set())
    found.update(more)
    return found


def roster(s: Ship, game: str) -> Roster:
    """What the saved file holds of a ship, in the terms of the table above. A system shut down by a
    Damage Table hit reads "destroyed" (Recording Damage: "the entire system is shut down")."""
    found: Roster = {"hull": s.hull, "destroyed": s.destroyed, "speed": s.speed, "docked": s.docked_at, "masking": s.masking_screen_up}
    if game == "advanced":
        found.update(
            adf=s.adf,
            mr=s.mr,
            dcr=s.dcr,
            damaged=set(s.damaged),
            screen=s.active_screen,
            aboard=s.carried_by,
            must_turn=s.must_turn,
            airdock=set(s.airdock_only),
        )
    for line in (*s.weapons, *s.defenses):
        found[line.code] = line.count if line.state == "working" else "destroyed"
    return found


def check(path: Path, expected: Rosters, turn: int, half: str) -> Battle:
    """Every ship's roster in the saved file against the figures worked out by hand."""
    battle = read(path)
    assert (battle.turn, battle.moving if battle.step == "turn" else battle.step) == (turn, half), (battle.turn, battle.moving, battle.step)
    got = {s.name: roster(s, battle.game) for s in battle.ships}
    assert set(got) == set(expected)
    wrong = {name: {k: (got[name].get(k), want.get(k)) for k in set(got[name]) | set(want) if got[name].get(k) != want.get(k)} for name, want in expected.items() if got[name] != want}
    assert not wrong, f"turn {turn}, {half}: (in the file, by hand) {wrong}"
    return battle


async def act(app: RefereeApp, pilot: Pilot[None], key: str, **values: str) -> None:
    """An action of the Ships screen, its form filled; applied at once (it rolls nothing)."""
    await screen(app, pilot, "ships")
    await pilot.press(key)
    await pilot.pause()
    if values:
        await fill(app, pilot, **values)
    applied(app)


async def move(
    app: RefereeApp,
    pilot: Pilot[None],
    name: str,
    speed: int,
    adf: int = 0,
    mr: int = 0,
    breakup: str = "",
    said: tuple[str, ...] = (),
) -> None:
    """m: a ship's move in the moves' table (its speed and turns; the ADF and MR points worked out
    there are checked against the figures worked out by hand); breaking apart's d100 typed as rolled
    where one is due, the outcome shown checked."""
    await screen(app, pilot, "ships")
    rows = await moves(app, pilot, {name: (speed, mr)})
    assert rows[name]["adf_used"].startswith(f"{adf} of") and rows[name]["mr_used"].startswith(f"{mr} of"), rows[name]  # worked out as by hand
    if breakup:
        dialog = await roll(app, pilot, {f"move {name}": breakup})
        shown = outcome(dialog)
        for text in said:
            assert text in shown, (text, shown)
        await pilot.press("enter")
        await pilot.pause()
    applied(app)


def listed(form: FormDialog, field: str) -> set[str]:
    return {str(value) for _, value in form.query_one(f"#field-{field}", Choice).options}


async def fire_lists(app: RefereeApp, pilot: Pilot[None], firer: str) -> tuple[set[str], set[str]]:
    """The Announce form's lists: the ships that may fire, and the targets of ``firer`` (closed again)."""
    await screen(app, pilot, "fire")
    await pilot.press("a")
    await pilot.pause()
    form = app.screen
    assert isinstance(form, FormDialog)
    form.query_one("#field-firer", Choice).value = firer
    await pilot.pause()
    found = listed(form, "firer"), listed(form, "target")
    await pilot.press("escape")
    await pilot.pause()
    return found


# ---------------------------------------------------------------------- Surprise Attack! (Basic Game)

SURPRISE_START: Rosters = {  # campaigns/kh-surprise-attack.toml, as the scenario lists them
    "Z'Gata": ship(40, "LC, LB, T x2; RH, ICM x4", docked="Doliin Bay"),
    "Stiletto": ship(15, "AR x4, LB; RH", docked="Doliin Bay"),
    "Doliin Bay": ship(25, "LB; RH, ICM x6"),
    "Venomous": ship(50, "LC, LB, T x2; RH, MS x2"),
    "Perdition": ship(80, "LB x2, RB x4, T x2; RH, ICM x2"),
}


def test_surprise_attack_four_turns_every_roster_against_the_book(tmp_path: Path) -> None:
    """Surprise Attack! (Basic Game), four game turns, both halves of each.

    The Basic Game Combat Table (Reflective Hull / Masking Screen; damage): laser cannon 60 / 20*,
    2d10; laser battery 50 / 10*, 1d10; torpedo 70 / 70, -10 per ICM, 4d10; assault rocket 60 / 60,
    -5 per ICM, 2d10+4; rocket battery 40 / 40, -3 per ICM, 2d10 (* half damage, rounded up).
    Head-on +10 (forward-firing weapons); range diffusion -5 x range (lasers); within range 5 or
    less always hits, 96 or more always misses. Every hit is a hull hit (Basic Game: Ship Damage).
    In a half the non-moving side fires first (defensive fire), then the moving side.

    The Sathar start at speed 0 on the map edge ("any speed the Sathar player wants", the same for
    both: 0 is the only one the app can record, no key giving a ship its speed before turn 1). The
    Z'Gata stays docked three complete game turns, evacuating Doliin Bay, then in turn 4 leaves and
    torpedoes the Venomous. The Stiletto is destroyed in turn 2 with a torpedo and a rocket battery
    still aimed at it: wasted shots, their ammunition crossed off all the same.
    """
    path = scenario(tmp_path / "surprise.toml", "surprise-attack")
    x = copy.deepcopy(SURPRISE_START)

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        check(path, x, 1, "Sathar")

        # ---- turn 1, Sathar half
        await move(app, pilot, "Venomous", 3, adf=3, mr=1)  # 0 -> 3: 3 ADF points, one turn
        await move(app, pilot, "Perdition", 1, adf=1)  # 0 -> 1
        await shot(app, pilot, "Doliin Bay", "LB", "Venomous", 8)  # 50 - 8 x 5 = 10%
        await rolled(app, pilot, "f", {"shot 1": "4", "shot 1: hull damage": "3"}, "10% to hit, 4: 5 or less always hits")
        await shot(app, pilot, "Venomous", "LC", "Doliin Bay", 8, head_on="y")  # 60 + 10 - 40 = 30%
        await shot(app, pilot, "Venomous", "LB", "Z'Gata", 8)  # 50 - 40 = 10%
        await rolled(app, pilot, "f", {"shot 1": "22", "shot 1: hull damage": "9", "shot 2": "96"}, "30% to hit, 22 <= 30: hit", "10% to hit, 96: 96 or more always misses")
        await end_half(app, pilot)
        x["Venomous"].update(speed=3, hull=47)  # 50 - 3 (the 1d10)
        x["Perdition"].update(speed=1)
        x["Doliin Bay"].update(hull=16)  # 25 - 9 (the 2d10)
        check(path, x, 1, "UPF")

        # ---- turn 1, UPF half: the Stiletto leaves the station and attacks
        await act(app, pilot, "k", ship="Stiletto")
        await move(app, pilot, "Stiletto", 5, adf=5, mr=1)  # 0 -> 5
        await shot(app, pilot, "Venomous", "LC", "Stiletto", 3)  # 60 - 15 = 45%
        await shot(app, pilot, "Perdition", "RB", "Stiletto", 3)  # 40%: the Stiletto has no ICMs
        await rolled(app, pilot, "f", {"shot 1": "45", "shot 1: hull damage": "8", "shot 2": "41"}, "45% to hit, 45 <= 45: hit", "40% to hit, 41 > 40: miss")
        await shot(app, pilot, "Stiletto", "AR", "Perdition", 2, head_on="y", icms="Perdition=1")  # 60 + 10 - 1 x 5 = 65%
        await shot(app, pilot, "Z'Gata", "LB", "Perdition", 7)  # docked, it may fire its battery: 50 - 35 = 15%
        await rolled(app, pilot, "f", {"shot 1": "33", "shot 1: hull damage": "17", "shot 2": "10", "shot 2: hull damage": "10"}, "65% to hit, 33 <= 65: hit", "15% to hit, 10 <= 15: hit")
        await end_half(app, pilot)
        x["Stiletto"].update(docked="", speed=5, hull=7, AR=3)  # 15 - 8; an assault rocket fired: 4 -> 3
        x["Perdition"].update(hull=53, RB=3, ICM=1)  # 80 - 17 (2d10+4: 13 + 4) - 10; RB 4 -> 3 (it missed); ICM 2 -> 1
        check(path, x, 2, "Sathar")

        # ---- turn 2, Sathar half: the Stiletto destroyed, a torpedo and a rocket battery still aimed at it
        await move(app, pilot, "Venomous", 3, mr=2)  # the same speed, two turns
        await move(app, pilot, "Perdition", 2, adf=1)  # 1 -> 2
        await shot(app, pilot, "Stiletto", "LB", "Venomous", 2)  # 50 - 10 = 40%
        await rolled(app, pilot, "f", {"shot 1": "39", "shot 1: hull damage": "7"}, "40% to hit, 39 <= 40: hit")
        await shot(app, pilot, "Venomous", "LC", "Stiletto", 2, head_on="y")  # 60 + 10 - 10 = 60%
        await shot(app, pilot, "Perdition", "T", "Stiletto", 4)  # wasted once the Stiletto is gone
        await shot(app, pilot, "Perdition", "RB", "Stiletto", 3)  # wasted too
        await shot(app, pilot, "Venomous", "T", "Doliin Bay", 4, icms="Doliin Bay=2")  # 70 - 2 x 10 = 50%
        await rolled(
            app,
            pilot,
            "f",
            {"shot 1": "18", "shot 1: hull damage": "12", "shot 4": "51"},
            "60% to hit, 18 <= 60: hit",
            "hull 7 -> 0",
            "a wasted shot",
            "T marked off",
            "RB marked off",
            "50% to hit, 51 > 50: miss",
        )
        # destroyed: greyed on the Ships screen, out of the Announce form's firers and targets
        await screen(app, pilot, "ships")
        await pilot.pause()
        assert app.query_one("#roster", Rows).dimmed == {"Stiletto"}
        firers, aimed = await fire_lists(app, pilot, "Venomous")
        assert "Stiletto" not in firers and aimed == {"Z'Gata", "Doliin Bay"}
        await end_half(app, pilot)
        x["Venomous"].update(hull=40, T=1)  # 47 - 7; a torpedo fired (it missed): 2 -> 1
        x["Perdition"].update(speed=2, T=1, RB=2)  # the wasted shots: torpedo 2 -> 1, rocket battery 3 -> 2
        x["Stiletto"].update(hull=0, destroyed=True)  # 7 - 12
        x["Doliin Bay"].update(ICM=4)  # two ICMs launched: 6 -> 4
        check(path, x, 2, "UPF")

        # ---- turn 2, UPF half: the Z'Gata stays docked; only the UPF fires
        await shot(app, pilot, "Z'Gata", "LB", "Venomous", 4)  # 50 - 20 = 30%
        await shot(app, pilot, "Doliin Bay", "LB", "Venomous", 4)  # 30%
        await rolled(app, pilot, "f", {"shot 1": "25", "shot 1: hull damage": "4", "shot 2": "31"}, "30% to hit, 25 <= 30: hit", "30% to hit, 31 > 30: miss")
        await end_half(app, pilot)
        x["Venomous"].update(hull=36)  # 40 - 4
        check(path, x, 3, "Sathar")

        # ---- turn 3, Sathar half: the Venomous behind a masking screen
        await act(app, pilot, "s", ship="Venomous", screen="masking")  # one marked off: 2 -> 1
        await move(app, pilot, "Venomous", 3)  # straight on at its speed: the screen stays
        await move(app, pilot, "Perdition", 2, mr=1)
        await shot(app, pilot, "Z'Gata", "LB", "Venomous", 3)  # into the screen: 10 - 15 = -5%
        await rolled(app, pilot, "f", {"shot 1": "4", "shot 1: hull damage": "7"}, "-5% to hit, 4: 5 or less always hits")
        await shot(app, pilot, "Venomous", "LB", "Z'Gata", 3)  # out of its own screen, as if masked: 10 - 15 = -5%
        await shot(app, pilot, "Perdition", "T", "Z'Gata", 2)  # 70%: docked, the Z'Gata launches no ICMs
        await shot(app, pilot, "Perdition", "RB", "Doliin Bay", 3, icms="Doliin Bay=1")  # 40 - 1 x 3 = 37%
        await rolled(
            app,
            pilot,
            "f",
            {"shot 1": "50", "shot 2": "44", "shot 2: hull damage": "21", "shot 3": "37", "shot 3: hull damage": "6"},
            "-5% to hit, 50 > -5: miss",
            "70% to hit, 44 <= 70: hit",
            "37% to hit, 37 <= 37: hit",
        )
        await end_half(app, pilot)
        x["Venomous"].update(hull=32, MS=1, masking=True)  # 36 - 4 (1d10 7 halved, rounded up)
        x["Perdition"].update(T=0, RB=1)
        x["Z'Gata"].update(hull=19)  # 40 - 21 (the torpedo's 4d10)
        x["Doliin Bay"].update(hull=10, ICM=3)  # 16 - 6; one ICM: 4 -> 3
        check(path, x, 3, "UPF")

        # ---- turn 3, UPF half: only the UPF fires, into the screen
        await shot(app, pilot, "Z'Gata", "LB", "Venomous", 2)  # 10 - 10 = 0%
        await shot(app, pilot, "Doliin Bay", "LB", "Venomous", 2)  # 0%
        await rolled(app, pilot, "f", {"shot 1": "6", "shot 2": "5", "shot 2: hull damage": "1"}, "0% to hit, 6 > 0: miss", "0% to hit, 5: 5 or less always hits")
        await end_half(app, pilot)
        x["Venomous"].update(hull=31)  # 32 - 1 (1d10 1 halved, rounded up: 1)
        battle = check(path, x, 4, "Sathar")
        assert battle.docked_turns_at("Z'Gata", "Doliin Bay") == 3  # docked through turns 1, 2 and 3: evacuated

        # ---- turn 4, Sathar half: "After Doliin Bay has been evacuated, the station's weapons cannot be used"
        await move(app, pilot, "Venomous", 2, adf=1)  # a change of speed: its masking screen is gone
        await move(app, pilot, "Perdition", 2)
        await pilot.press("2", "a")  # the station is no longer among the ships that may fire
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)
        firers = [value for _, value in app.screen.query_one("#field-firer", Choice).options if isinstance(value, str)]
        assert "Doliin Bay" not in firers and "Z'Gata" in firers, firers
        await pilot.press("escape")
        await pilot.pause()
        assert app.kind_of("battle").volley == []
        await shot(app, pilot, "Venomous", "LC", "Z'Gata", 3, head_on="y")  # 60 + 10 - 15 = 55%
        await shot(app, pilot, "Perdition", "RB", "Doliin Bay", 3)  # 40%
        await rolled(app, pilot, "f", {"shot 1": "70", "shot 2": "75"}, "55% to hit, 70 > 55: miss", "40% to hit, 75 > 40: miss")
        await end_half(app, pilot)
        x["Venomous"].update(speed=2, masking=False)
        x["Perdition"].update(RB=0)  # its last rocket battery: 1 -> 0
        check(path, x, 4, "UPF")

        # ---- turn 4, UPF half: the Z'Gata leaves the station; its torpedo destroys the Venomous
        await act(app, pilot, "k", ship="Z'Gata")
        await move(app, pilot, "Z'Gata", 3, adf=3, mr=1)
        await shot(app, pilot, "Perdition", "LB", "Z'Gata", 5)  # 50 - 25 = 25%
        await rolled(app, pilot, "f", {"shot 1": "99"}, "25% to hit, 99: 96 or more always misses")
        await shot(app, pilot, "Z'Gata", "T", "Venomous", 3)  # 70%: the Venomous has no ICMs
        await shot(app, pilot, "Z'Gata", "LC", "Venomous", 3, head_on="y")  # wasted: nothing to cross off
        await shot(app, pilot, "Z'Gata", "LB", "Perdition", 4)  # 50 - 20 = 30%
        await rolled(
            app,
            pilot,
            "f",
            {"shot 1": "12", "shot 1: hull damage": "31", "shot 3": "28", "shot 3: hull damage": "3"},
            "70% to hit, 12 <= 70: hit",
            "hull 31 -> 0",
            "a wasted shot",
            "30% to hit, 28 <= 30: hit",
        )
        await screen(app, pilot, "ships")
        await pilot.pause()
        assert app.query_one("#roster", Rows).dimmed == {"Stiletto", "Venomous"}
        await end_half(app, pilot)
        x["Z'Gata"].update(docked="", speed=3, T=1)  # a torpedo fired: 2 -> 1
        x["Venomous"].update(hull=0, destroyed=True)  # 31 - 31 (4d10): all its hull points gone
        x["Perdition"].update(hull=50)  # 53 - 3
        check(path, x, 5, "Sathar")

    drive(path, play)


# ---------------------------------------------------------------------- The Stand (Advanced Game)

FIGHTER = "AR x3; RH"  # Fighters A-E / A-F: HP 8 ADF 5 MR 5 DCR 30, AR (x3), RH
FRIGATE = "LC, RB x4, LB, T x2; RH, MS x2, ICM x4"
DESTROYER = "LC, RB x4, LB, T x2, EB; RH, MS x2, ICM x5"
SCOUT = "AR x4, LB; RH"

STAND_START: Rosters = {  # campaigns/kh-the-stand.toml, as the scenario lists them (HP, ADF, MR, DCR)
    "Ken'Zah Station": advanced(140, 0, 0, 100, "LB x2, RB x8; RH, MS x2, ICM x10"),
    **{f"UPF Fighter {c}": advanced(8, 5, 5, 30, FIGHTER, docked="Ken'Zah Station") for c in "ABCDE"},
    "Z'Rak't Zoz": advanced(50, 1, 2, 75, "M x20, S x4, LB x2; RH, ICM x4"),
    "Shimmer": advanced(40, 4, 3, 70, FRIGATE),
    "Zz' Nakk'T": advanced(40, 4, 3, 70, FRIGATE),
    "Rapier": advanced(15, 5, 4, 50, SCOUT),
    "Lancet": advanced(15, 5, 4, 50, SCOUT),
    "Maelstrom": advanced(75, 2, 1, 150, "LB, PB, RB x8; RH, MS x4, ICM x10"),
    **{f"Sathar Fighter {c}": advanced(8, 5, 5, 30, FIGHTER, aboard="Maelstrom") for c in "ABCDEF"},
    "Bludgeon": advanced(50, 3, 3, 75, DESTROYER),
    "Viper": advanced(50, 3, 3, 75, DESTROYER),
    "Deathstroke": advanced(70, 3, 2, 100, "DC, LB, EB, PB, RB x6, T x4; RH, ES, SS, ICM x8"),
    "Carrion": advanced(80, 2, 1, 120, "LB x2, PB, EB, DC, RB x8, S x2, T x4; RH, PS, ES, SS, ICM x8"),
}
ZZ = "Zz' Nakk'T"
STATION = "Ken'Zah Station"


async def repair(app: RefereeApp, pilot: Pilot[None], name: str, repairs: str, dice: dict[str, str], *said: str) -> None:
    """e: a ship's repairs in the repair turn, the d100s (and a hull repair's 1d10) typed as rolled."""
    await screen(app, pilot, "ships")
    await pilot.press("e")
    await pilot.pause()
    await fill(app, pilot, ship=name, repairs=repairs)
    dialog = await roll(app, pilot, dice)
    shown = outcome(dialog)
    for text in said:
        assert text in shown, (text, shown)
    await pilot.press("enter")
    await pilot.pause()
    applied(app)


def test_the_stand_four_turns_and_the_repair_turn_every_roster_against_the_book(tmp_path: Path) -> None:
    """The Stand (Advanced Game), four game turns and the repair turn after turn 3.

    The Advanced Game Combat Table, plain figures (None / RH / PS / ES / SS / MS; ICM; HDR): LC 75
    60 75 75 75 25*, 2d10; LB 65 50 65 65 65 20*, 1d10; PB 60 60 25* 70 40 50, 1d10; EB 60 60 70 25*
    40 50, 1d10; DC 60 60 50 50 40 50, 3d10; T 50 50 50 50 75 50, -10/ICM, 4d10; AR 60 throughout,
    -5/ICM, 2d10+4; RB 40 throughout, -3/ICM, 2d10. The most effective defense in use counts, but a
    screen that attracts the weapon (better than no defense at all: the stasis screen for torpedoes)
    is used instead; a ship in its own masking screen fires its lasers as if the target were masked.
    Combat control hit: -10%. Damage Table Modifiers: LC, LB 0; PB, EB +10; DC +20; AR, RB -10;
    T -20; a fire +20 (1d10 on a hull hit). The Damage Table (d100 + DTM): -20..10 hull, double
    damage; 11-45 hull; 46-49 lose 1 ADF; 50-52 lose half the original ADF, rounded up; 53 all ADF;
    54-58 lose 1 MR; 59-60 all MR; 61-62 LC LB PB EB AR RB; 63-64 PB EB LB RB T AR; 65-66 DC LC AR T
    LB; 67-68 T AR EB PB LB RB; 69-70 LB RB T AR PB EB LC; 71-74 power short circuit; 75-77 PS ES SS
    MS ICM; 78-80 MS ICM SS PS ES; 81-84 ICM SS PS ES MS; 85-91 combat control; 92-97 navigation;
    98-105 electrical fire; 106-116 damage control (DCR halved, rounded up); 117-120 disastrous fire.
    A hit on a system the ship has already lost (here: a second fire) is a hull hit.

    Every ship starts at speed 0. The book lets the UPF player place his ships "traveling at any
    speed desired" and the Sathar enter at speeds of their choosing, but no key gives a ship its
    speed before turn 1 (m records a move from the speed it had), so 0 is the one start the app can
    record: it is a legal choice, and the play below keeps to it.
    """
    path = scenario(tmp_path / "stand.toml", "the-stand")
    x = copy.deepcopy(STAND_START)

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        check(path, x, 1, "Sathar")

        # ---- turn 1, Sathar half
        await act(app, pilot, "s", ship="Deathstroke", screen="ES")  # activate screens: its electron screen
        await move(app, pilot, "Deathstroke", 3, adf=3, mr=1)
        await shot(app, pilot, ZZ, "LB", "Bludgeon", 7)  # defensive: 50 - 35 = 15%
        await rolled(app, pilot, "f", {"shot 1": "10", "shot 1: Damage Table roll": "47"}, "15% to hit, 10 <= 15: hit", "= 47: Drive hit: lose 1 ADF point")
        await shot(app, pilot, "Deathstroke", "EB", "Shimmer", 8)  # 60 - 40 = 20%
        await shot(app, pilot, "Deathstroke", "DC", STATION, 8, head_on="y")  # 60 + 10 - 40 = 30%
        await rolled(
            app,
            pilot,
            "f",
            {"shot 1": "20", "shot 1: Damage Table roll": "55", "shot 2": "28", "shot 2: Damage Table roll": "70"},
            "20% to hit, 20 <= 20: hit",
            "= 65: Weapon hit: DC; LC; AR; T; LB",
            "30% to hit, 28 <= 30: hit",
            "= 90: Combat Control System hit",
        )
        await end_half(app, pilot)
        x["Deathstroke"].update(speed=3, screen="ES")
        x["Bludgeon"].update(adf=2)  # 47: lose 1 ADF, 3 -> 2
        x["Shimmer"].update(LC="destroyed")  # 55 + 10 = 65: no DC; its laser cannon
        x[STATION].update(damaged={"combat-control"})  # 70 + 20 = 90: -10% on all its attacks
        check(path, x, 1, "UPF")

        # ---- turn 1, UPF half: the station in a masking screen (in orbit: it lasts one orbit)
        await act(app, pilot, "s", ship=STATION, screen="masking")
        await move(app, pilot, "Rapier", 5, adf=5, mr=2)
        await shot(app, pilot, "Rapier", "AR", "Bludgeon", 2, head_on="y", icms="Bludgeon=1")  # 60 + 10 - 5 = 65%
        await shot(app, pilot, ZZ, "T", "Deathstroke", 4, icms="Deathstroke=1")  # RH 50, ES 50: 50 - 10 = 40%
        await shot(app, pilot, STATION, "LB", "Bludgeon", 5)  # out of its own screen, as if masked: 20 - 25 - 10 (combat control) = -15%
        await rolled(
            app,
            pilot,
            "f",
            {
                "shot 1": "64",
                "shot 1: Damage Table roll": "60",
                "shot 2": "30",
                "shot 2: Damage Table roll": "15",
                "shot 2: hull damage": "22",
                "shot 3": "3",
                "shot 3: Damage Table roll": "20",
                "shot 3: hull damage": "7",
            },
            "65% to hit, 64 <= 65: hit",
            "= 50: Drive hit: lose 1/2 total ADF",
            "40% to hit, 30 <= 40: hit",
            "= -5: Hull hit: double",
            "-15% to hit, 3: 5 or less always hits",
            "= 20: Hull hit: roll normal damage",
        )
        await end_half(app, pilot)
        x[STATION].update(MS=1, masking=True)  # one masking screen marked off: 2 -> 1
        x["Rapier"].update(speed=5, AR=3)  # an assault rocket: 4 -> 3
        x["Bludgeon"].update(adf=0, ICM=4, hull=46)  # half of its original 3, rounded up, = 2: 2 -> 0; 50 - 4 (1d10 7 halved, up)
        x[ZZ].update(T=1)
        x["Deathstroke"].update(ICM=7, hull=26)  # 70 - 2 x 22 (4d10)
        check(path, x, 2, "Sathar")

        # ---- turn 2, Sathar half: a fighter launched; the Rapier destroyed; an electrical fire each side
        await act(app, pilot, "s", ship="Carrion", screen="SS")
        # Deathstroke: 44 damage, more than half of 70; (44 - 35) x 1 ADF point = 9%: 10 holds together
        await move(app, pilot, "Deathstroke", 2, adf=1, breakup="10", said=("= 9%", "10 > 9: holds together"))
        await act(app, pilot, "k", ship="Sathar Fighter A")  # leaves the Maelstrom
        await move(app, pilot, "Sathar Fighter A", 5, adf=5, mr=1)
        await shot(app, pilot, STATION, "LB", "Deathstroke", 5)  # RH 50, ES 65, its own MS 20: 20 - 25 - 10 = -15%
        await rolled(app, pilot, "f", {"shot 1": "4", "shot 1: Damage Table roll": "99"}, "-15% to hit, 4: 5 or less always hits", "= 99: Electrical Fire")
        await shot(app, pilot, "Carrion", "DC", ZZ, 5, head_on="y")  # 60 + 10 - 25 = 45%
        await shot(app, pilot, "Sathar Fighter A", "AR", "Rapier", 2, head_on="y")  # 60 + 10 = 70%
        await shot(app, pilot, "Viper", "T", "Rapier", 4)  # wasted once the Rapier is gone
        await rolled(
            app,
            pilot,
            "f",
            {
                "shot 1": "40",
                "shot 1: Damage Table roll": "80",
                "shot 2": "65",
                "shot 2: Damage Table roll": "30",
                "shot 2: hull damage": "16",
            },
            "45% to hit, 40 <= 45: hit",
            "= 100: Electrical Fire",
            "70% to hit, 65 <= 70: hit",
            "= 20: Hull hit",
            "hull 15 -> 0",
            "a wasted shot",
        )
        await end_half(app, pilot)
        x["Carrion"].update(screen="SS")
        x["Deathstroke"].update(speed=2, damaged={"electrical-fire"})
        x["Sathar Fighter A"].update(aboard="", speed=5, AR=2)
        x[ZZ].update(damaged={"electrical-fire"})  # 80 + 20 = 100
        x["Rapier"].update(hull=0, destroyed=True)  # 15 - 16 (2d10+4: 12 + 4)
        x["Viper"].update(T=1)  # the wasted torpedo, crossed off: 2 -> 1
        check(path, x, 2, "UPF")
        assert app.query_one("#roster", Rows).dimmed == {"Rapier"}

        # ---- turn 2, UPF half: the Deathstroke's fire rolled first (its opponent's combat step)
        await rolled(app, pilot, "r", {"fire Deathstroke": "10", "fire Deathstroke: hull damage": "4"}, "= 30: Hull hit")
        await shot(app, pilot, STATION, "RB", "Sathar Fighter A", 2)  # 40 - 10 (combat control) = 30%
        await shot(app, pilot, ZZ, "LC", "Carrion", 4, head_on="y")  # RH 60 (SS 75 does not attract it): 60 + 10 - 20 = 50%
        await rolled(
            app,
            pilot,
            "f",
            {
                "shot 1": "25",
                "shot 1: Damage Table roll": "15",
                "shot 1: hull damage": "9",
                "shot 2": "45",
                "shot 2: Damage Table roll": "25",
                "shot 2: hull damage": "13",
            },
            "30% to hit, 25 <= 30: hit",
            "= 5: Hull hit: double",
            "hull 8 -> 0",
            "50% to hit, 45 <= 50: hit",
            "= 25: Hull hit",
        )
        await end_half(app, pilot)
        x["Deathstroke"].update(hull=22)  # 10 + 20 = 30, a hull hit: 26 - 4
        x[STATION].update(RB=7)
        x["Sathar Fighter A"].update(hull=0, destroyed=True)  # 15 - 10 = 5, double: 2 x 9 = 18
        x["Carrion"].update(hull=67)  # 80 - 13
        check(path, x, 3, "Sathar")
        assert app.query_one("#roster", Rows).dimmed == {"Rapier", "Sathar Fighter A"}

        # ---- turn 3, Sathar half: the Zz' Nakk'T's fire, first rolled now (it started in Sathar's last combat step)
        await rolled(app, pilot, "r", {f"fire {ZZ}": "70"}, "= 90: Combat Control System hit")
        await shot(app, pilot, "Shimmer", "LB", "Deathstroke", 4)  # RH 50 (ES 65): 50 - 20 = 30%
        await rolled(app, pilot, "f", {"shot 1": "22", "shot 1: Damage Table roll": "73"}, "30% to hit, 22 <= 30: hit", "= 73: Power short circuit")
        await shot(app, pilot, "Deathstroke", "DC", "Shimmer", 3, head_on="y")  # 60 + 10 - 15 = 55%
        await shot(app, pilot, "Carrion", "EB", ZZ, 5)  # 60 - 25 = 35%
        await rolled(
            app,
            pilot,
            "f",
            {
                "shot 1": "40",
                "shot 1: Damage Table roll": "90",
                "shot 2": "33",
                "shot 2: Damage Table roll": "30",
                "shot 2: hull damage": "6",
            },
            "55% to hit, 40 <= 55: hit",
            "= 110: Damage Control hit",
            "35% to hit, 33 <= 35: hit",
            "= 40: Hull hit",
        )
        await end_half(app, pilot)
        x[ZZ].update(damaged={"electrical-fire", "combat-control"}, hull=34)  # 40 - 6
        x["Deathstroke"].update(damaged={"electrical-fire", "power-short-circuit"}, screen="")  # its screen stops working
        x["Shimmer"].update(damaged={"damage-control"}, dcr=35)  # 70 cut in half
        check(path, x, 3, "UPF")

        # ---- turn 3, UPF half: a second fire is a hull hit; a torpedo drawn by the stasis screen
        await rolled(app, pilot, "r", {"fire Deathstroke": "85", "fire Deathstroke: hull damage": "3"}, "= 105: Electrical Fire", "hull 22 -> 19")
        await shot(app, pilot, ZZ, "T", "Carrion", 3, icms="Carrion=2")  # SS 75 attracts it: 75 - 20 - 10 (combat control) = 45%
        await rolled(app, pilot, "f", {"shot 1": "45", "shot 1: Damage Table roll": "60", "shot 1: hull damage": "20"}, "45% to hit, 45 <= 45: hit", "= 40: Hull hit")
        await end_half(app, pilot)
        x["Deathstroke"].update(hull=19)  # 85 + 20 = 105, a second fire: a hull hit, 1d10 3
        x[ZZ].update(T=0)
        x["Carrion"].update(hull=47, ICM=6)  # 67 - 20 (4d10)
        check(path, x, 3, "repair")

        # ---- the repair turn after turn 3
        await repair(
            app,
            pilot,
            "Deathstroke",
            "electrical-fire=40, power-short-circuit=30, hull=30",
            {"repair 1": "35", "repair 2": "92", "repair 3": "12", "repair 3: hull points restored": "8"},
            "35 <= 40",
            "92: 90 to 00 always fails",
            "12 <= 30",
            "hull 19 -> 27",
        )
        await repair(app, pilot, "Shimmer", "damage-control=20, LC=15", {"repair 1": "15", "repair 2": "99"}, "15 <= 20", "99: 99 or 00, only a station airdock")  # all of its DCR, halved: 35
        await repair(app, pilot, ZZ, "electrical-fire=50, combat-control=20", {"repair 1": "50", "repair 2": "21"}, "50 <= 50", "21 > 20")
        await repair(
            app, pilot, "Bludgeon", "adf=25, adf=25, hull=25", {"repair 1": "24", "repair 2": "26", "repair 3": "5", "repair 3: hull points restored": "3"}, "24 <= 25", "26 > 25", "hull 46 -> 49"
        )
        x["Deathstroke"].update(damaged={"power-short-circuit"}, hull=27)  # the fire is out; 19 + 8
        x["Shimmer"].update(damaged=set(), dcr=70, airdock={"LC"})  # a 99: only a station airdock repairs its laser cannon now
        x[ZZ].update(damaged={"combat-control"})
        x["Bludgeon"].update(adf=1, hull=49)  # one ADF point a repair; 46 + 3
        check(path, x, 3, "repair")
        await end_half(app, pilot)
        check(path, x, 4, "Sathar")

        # ---- turn 4, Sathar half: the Deathstroke breaks apart
        await act(app, pilot, "s", ship="Carrion", screen="PS")  # one screen at a time: PS instead of SS
        # 70 - 27 = 43 damage; (43 - 35) x (1 ADF + 1 MR) = 16%: 16 breaks it apart
        await move(app, pilot, "Deathstroke", 3, adf=1, mr=1, breakup="16", said=("= 16%", "16 <= 16: breaks apart"))
        await shot(app, pilot, "Carrion", "PB", "Shimmer", 5)  # 60 - 25 = 35%
        await shot(app, pilot, "Carrion", "EB", STATION, 6)  # RH 60, MS 50: 50 - 30 = 20%
        await rolled(
            app,
            pilot,
            "f",
            {
                "shot 1": "34",
                "shot 1: Damage Table roll": "60",
                "shot 2": "19",
                "shot 2: Damage Table roll": "5",
                "shot 2: hull damage": "7",
            },
            "35% to hit, 34 <= 35: hit",
            "= 70: Weapon hit: LB; RB; T; AR; PB; EB; LC",
            "20% to hit, 19 <= 20: hit",
            "= 15: Hull hit",
        )
        await end_half(app, pilot)
        x["Carrion"].update(screen="PS")
        x["Deathstroke"].update(speed=3, hull=0, destroyed=True)
        x["Shimmer"].update(LB="destroyed")  # 60 + 10 = 70: its laser battery
        x[STATION].update(hull=133)  # 140 - 7 (no asterisk for EB against a masking screen)
        check(path, x, 4, "UPF")
        assert app.query_one("#roster", Rows).dimmed == {"Rapier", "Sathar Fighter A", "Deathstroke"}

        # ---- turn 4, UPF half
        await move(app, pilot, ZZ, 3, adf=3)  # 6 damage, not more than half of 40: no roll
        await shot(app, pilot, "Viper", "LC", "Shimmer", 4, head_on="y")  # 60 + 10 - 20 = 50%
        await rolled(app, pilot, "f", {"shot 1": "49", "shot 1: Damage Table roll": "58"}, "50% to hit, 49 <= 50: hit", "= 58: Steering hit: lose 1 MR point")
        await shot(app, pilot, "Shimmer", "T", "Viper", 4, icms="Viper=2")  # 50 - 20 = 30%
        await rolled(app, pilot, "f", {"shot 1": "25", "shot 1: Damage Table roll": "53", "shot 1: hull damage": "24"}, "30% to hit, 25 <= 30: hit", "= 33: Hull hit")
        await end_half(app, pilot)
        x[ZZ].update(speed=3)
        x["Shimmer"].update(mr=2, T=1)
        x["Viper"].update(ICM=3, hull=26)  # 50 - 24 (4d10)
        check(path, x, 5, "Sathar")

    drive(path, play)
