"""A scripted Second Sathar War played in the app from its first screen, as a referee plays it at the
table: the set-up, Strike Force NOVA, days of movement with a risk jump and a misjump, two battles
fought on the battle screens and closed back into the campaign (one under the Basic Rules, one under
the Advanced Rules), repairs in space and at construction centres, and the replacements of day 20.
Every die is typed in the dice dialog as rolled at the table (never the app's own dice), so the war
is the script's; the campaign at the end is checked against figures worked out by hand from the
books (shared/rules/second-sathar-war.txt, shared/rules/knight-hawks-tactical-operations-manual.txt)
and their tables (tables/second-sathar-war.toml: ssw.*, tables/knight-hawks.toml: kh.*), each
figure's rule or table row in a comment. No expected figure comes from the program.

``REFEREE_WAR_DAYS=60`` plays the same war on to day 60 (more movement, a battle entered in the
results table, the Void, the replacements of days 40 and 60) and checks the same kinds of figures.

Readings used (shared/rules/README.md, and the campaign's own): the Advanced Combat Table's plain
figures; the Sathar replacement roll "36 or more" (the text's "6 or more"); a torpedo or rocket
battery fires once a game turn, a laser once in each half; the non-moving side fires first in a
half; the ranges, head-on shots and ICMs launched are what the referee reads off the map. Transit
boxes are the bundled map's: a route of N light-years is N + 1 boxes (jump boxes as the map file
gives them), a start circle's red path 4 boxes (5 into Prenglar).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from referee import storage, tables
from referee.knight_hawks import battle_file
from referee.knight_hawks.battle import Battle
from referee.sathar_war import victory
from referee.sathar_war.campaign import Campaign, Loss, Place
from referee.saves import battle_beside
from referee.tui import app as app_module
from referee.tui.app import RefereeApp
from referee.tui.campaign.results import ResultsDialog
from referee.tui.dialogs import ConfirmDialog, DiceDialog, FormDialog, OutcomeDialog
from referee.tui.rows import Rows
from tests.helpers.app import fill_in, go_to, said
from tests.helpers.app_kh import end_half, fill, outcome, roll, rolled, shot

TABLES = tables.load()
LONG = os.environ.get("REFEREE_WAR_DAYS", "")

# ---------------------------------------------------------------------- the referee at the keyboard


def first_screen(monkeypatch: pytest.MonkeyPatch, home: Path) -> RefereeApp:
    """The app as ``referee`` alone opens it where no war was played yet: a new war from the bundled
    start, saved as war-1.toml in REFEREE_HOME (referee.tui.app.run; its last call, the app's run, is
    taken over here to drive the app through Textual's pilot)."""
    monkeypatch.setenv("REFEREE_HOME", str(home))
    made: list[RefereeApp] = []
    monkeypatch.setattr(RefereeApp, "run", lambda self, *args, **kwargs: made.append(self))
    app_module.run(None)
    return made[0]


def applied(app: RefereeApp) -> None:
    """The action went through: no form or dialog left open with a refusal in it."""
    if isinstance(app.screen, (FormDialog, DiceDialog, OutcomeDialog, ConfirmDialog)):
        raise AssertionError(" ".join(str(s.content) for s in app.screen.query(".error").results(Static)) or type(app.screen).__name__)


PAGES = {"1": "campaign", "2": "forces", "4": "repairs", "5": "battles"}


async def show(app: RefereeApp, pilot: Pilot[None], key: str) -> None:
    """A campaign screen by its key, unless it is shown."""
    page = app.page()
    if page is None or page.NAME != PAGES[key]:
        await pilot.press(key)


async def act(app: RefereeApp, pilot: Pilot[None], screen: str, key: str, **values: str) -> None:
    """A campaign action that rolls nothing: its screen, its key, its form filled (Ctrl+A)."""
    await show(app, pilot, screen)
    await pilot.press(key)
    await fill_in(app, pilot, **values)
    applied(app)


async def typed(app: RefereeApp, pilot: Pilot[None], rolls: dict[str, str], *shown: str) -> None:
    """The dice dialog in front: each result typed as rolled at the table, under the key of its roll
    (a ship's or group's name, ``repair 1``, ``shot 2: hull damage``); the outcome shown checked
    against the figures worked out by hand; Enter applies it."""
    dialog = await roll(app, pilot, rolls)
    text = outcome(dialog)
    for part in shown:
        assert part in text, (part, text)
    await pilot.press("enter")
    applied(app)


async def rolling(app: RefereeApp, pilot: Pilot[None], screen: str, key: str, rolls: dict[str, str], shown: tuple[str, ...] = (), **values: str) -> None:
    """A campaign action that rolls: its form filled, then its dice typed as rolled at the table."""
    await show(app, pilot, screen)
    await pilot.press(key)
    if values:
        await fill_in(app, pilot, **values)
    await typed(app, pilot, rolls, *shown)


async def move(app: RefereeApp, pilot: Pilot[None], names: str, toward: str, **more: str) -> None:
    """m on the Forces screen: ships or fleets (names or * ? [] patterns typed), where to, the rate."""
    await act(app, pilot, "2", "m", names=names, toward=toward, **more)


async def risk_jump(app: RefereeApp, pilot: Pilot[None], names: str, toward: str, rolls: dict[str, str], *shown: str, **more: str) -> None:
    """A move that enters its jump box at 2 or 3 boxes a day: its d100 typed as rolled."""
    await rolling(app, pilot, "2", "m", rolls, shown, names=names, toward=toward, **more)


async def advance(app: RefereeApp, pilot: Pilot[None], step: str) -> None:
    """a: the next step of the Strategic Turn Sequence, within the day (asked first: y)."""
    await pilot.press("a")
    assert isinstance(app.screen, ConfirmDialog), said(app)
    await pilot.press("y")
    applied(app)
    assert app.journal.state.step == step, (app.journal.state.step, said(app))


async def end_day(app: RefereeApp, pilot: Pilot[None], rolls: dict[str, str] | None = None, *shown: str) -> None:
    """a from step 4 ends the day: asked first (y); the replacements' d100s typed where they are due."""
    day = app.journal.state.day
    await pilot.press("a")
    assert isinstance(app.screen, ConfirmDialog), said(app)
    await pilot.press("y")
    if rolls is not None:
        await typed(app, pilot, rolls, *shown)
    applied(app)
    assert (app.journal.state.day, app.journal.state.step) == (day + 1, "sathar-move"), said(app)


async def to_attacks(app: RefereeApp, pilot: Pilot[None]) -> None:
    """From the Sathar move on to the Sathar attacks (no UPF move)."""
    await advance(app, pilot, "upf-move")
    await advance(app, pilot, "sathar-attacks")


async def rest_of_day(app: RefereeApp, pilot: Pilot[None], step: str = "sathar-move") -> None:
    """From ``step`` to the end of the day, no order given on the way."""
    steps = ["sathar-move", "upf-move", "sathar-attacks", "upf-attacks"]
    for nxt in steps[steps.index(step) + 1 :]:
        await advance(app, pilot, nxt)
    await end_day(app, pilot)


async def quiet_days(app: RefereeApp, pilot: Pilot[None], until: int) -> None:
    """Days with no order given, until the Day marker reaches ``until``."""
    while app.journal.state.day < until:
        await rest_of_day(app, pilot)


async def fight(app: RefereeApp, pilot: Pilot[None], system: str, planet: str, rules: str) -> None:
    """The Battles screen: d declares the attack at a planet with the rules the referee chooses; the
    cursor goes to the system's row; f opens the battle screens on it."""
    await act(app, pilot, "5", "d", system=system, planet=planet, rules=rules)
    rows = app.screen.query_one("#contested", Rows).keys
    key = "down" if rows.index(system) > rows.index(app.system) else "up"
    while app.system != system:
        await pilot.press(key)
    await pilot.press("f")
    await pilot.pause()
    assert app.journal.kind == "battle" and app.journal.state.damage_table == (rules == "advanced")


async def close_battle(app: RefereeApp, pilot: Pilot[None]) -> None:
    """c on the Ships screen, asked first (y): every roster back into the campaign as one action."""
    await pilot.press("1", "c")
    assert isinstance(app.screen, ConfirmDialog)
    await pilot.press("y")
    await pilot.pause()
    assert app.journal.kind == "campaign" and app.page() is not None and app.page().NAME == "battles"


def battle_record(app: RefereeApp, name: str) -> Battle:
    """A battle fought from the campaign, as its file beside the campaign keeps it."""
    return battle_file.from_dict(storage.read(battle_beside(app.journal.path, name), "battle"), TABLES)


def entered(receipts: list[str]) -> list[tuple[str, str]]:
    """Each roll's dice and the total typed (``d100: entered at the table = 61 (entered) for ...``);
    a roll the app made itself fails here."""
    found = []
    for receipt in receipts:
        dice, _, rest = receipt.partition(": ")
        assert rest.startswith("entered at the table = "), receipt
        found.append((dice, rest.removeprefix("entered at the table = ").partition(" ")[0]))
    return found


# ---------------------------------------------------------------------- the war, day by day

K_GROUP = "Sathar Destroyer [1-5], Sathar Frigate [1-5]"  # 10 ships into the K'tsa-Kar Start Circle
F_GROUP = "Sathar Heavy Cruiser [1-2], Sathar Assault Carrier 1, Sathar Light Cruiser [1-3], Sathar Destroyer [6-9]"  # 10 into Fromeltar's
BATTLE_A = "Day 5: Sathar attack at Kawdl-Kit"
BATTLE_B = "Day 5: Sathar attack at Terledrom"


async def set_up(app: RefereeApp, pilot: Pilot[None]) -> None:
    """Day 0 (Setting Up the Game): the UPF first, then the Sathar, the retreat condition, NOVA."""
    campaign = app.journal.state
    assert (app.journal.path.name, campaign.day, campaign.step, campaign.replacements, campaign.shatter_drones) == ("war-1.toml", 0, "setup", True, False)
    assert app.page() is not None and app.page().NAME == "campaign"
    # UPF Set-Up: 'Non-attached ships can be placed in any systems where the UPF player wants them'
    await act(app, pilot, "2", "p", names="UPF Destroyer 1, UPF Light Cruiser 1", planet="Kawdl-Kit")
    # Sathar Set-Up: at least 20 ships (not counting fighters), no more than half in one start circle;
    # the Sathar Assault Carrier 1 takes its 7 fighters (1, 5, 9 ... 25) with it
    await act(app, pilot, "2", "p", names=K_GROUP, circle="K'tsa-Kar Start Circle")
    await act(app, pilot, "2", "p", names=F_GROUP, circle="Fromeltar Start Circle")
    await act(app, pilot, "1", "t", condition="2")  # Sathar Retreat: condition 2, five heavy cruisers lost (sealed)
    # Strike Force NOVA, placed after the Sathar initial placement: 1d10 rolled 4 (ssw.nova-placement row 4: Pale)
    await rolling(app, pilot, "1", "n", {"": "4"}, ("placed at Pale (Truane's Star): die 4",))
    await advance(app, pilot, "sathar-move")
    assert app.journal.state.day == 1


async def days_1_to_4(app: RefereeApp, pilot: Pilot[None]) -> None:
    """Day One: ships in start circles must move into the red transit box, one box a day until a
    system. The Inner Reach militia's Assault Scouts 1 and 2 go from their home Dramune to
    Cassidine, a system next to it with no Sathar threat ('Militia Ships'), risk-jumping at 2 boxes
    a day (the Dramune - Cassidine route: 5 boxes, the jump box toward Cassidine its 4th): day 2 two
    boxes; day 3 two more, into the jump box, where they stop and roll d100, each its own group, not
    interlocked ('Each group is rolled for individually'): at most 70 for a jump at 2 boxes a day
    with a militia's astrogator (ssw.misjump, Frontier Militia): the Scout 1 rolls 83, a misjump,
    lost for the duration of the war ('Effects of a Misjump'); the Scout 2 rolls 64, safe, and on
    day 4 decelerates into Cassidine (at most the rate it jumped at, stopping in the system)."""
    scouts = "Inner Reach Militia Assault Scout 1, Inner Reach Militia Assault Scout 2"
    for day in (1, 2, 3, 4):
        await move(app, pilot, K_GROUP, "K'tsa-Kar")
        await move(app, pilot, F_GROUP, "Fromeltar")
        await advance(app, pilot, "upf-move")
        if day == 2:
            await move(app, pilot, scouts, "Cassidine", rate="2")
        elif day == 3:
            await risk_jump(
                app,
                pilot,
                scouts,
                "Cassidine",
                {"Inner Reach Militia Assault Scout 1": "83", "Inner Reach Militia Assault Scout 2": "64"},
                "Assault Scout 1 MISJUMP: 83 > 70%",
                "Assault Scout 2 jump safely: 64 <= 70%",
                groups=scouts.replace(", ", "; "),
            )
        elif day == 4:
            await move(app, pilot, "Inner Reach Militia Assault Scout 2", "Cassidine", planet="Triad")
        await rest_of_day(app, pilot, "upf-move")
    campaign = app.journal.state
    assert campaign.unit("Inner Reach Militia Assault Scout 2").place == Place("Cassidine", "Triad")
    assert campaign.unit("Inner Reach Militia Assault Scout 1").status == "misjumped"


async def battle_a(app: RefereeApp, pilot: Pilot[None]) -> None:
    """Day 5, the Sathar attack at Kawdl-Kit (K'tsa-Kar): Sathar Destroyers 1-3 against the Kawdl-Kit
    Station, the UPF Destroyer 1 and the UPF Light Cruiser 1. Five ships (stations are not ships):
    the chart suggests the Advanced Rules (ssw.which-rules, 5 to 14); the referee chooses the Basic
    Rules: the Advanced weapons and Combat Table, every hit a hull hit on the weapon's HDR, no Damage
    Table (Orders of Battle). kh.combat-advanced, against a reflective hull: LB 50%, LC 60%, EB 60%,
    DC 60%, T 50% -10 an ICM, RB 40% -3 an ICM; lasers and beams lose 5% a hex (Range Diffusion);
    head-on +10% (forward-firing weapons)."""
    await fight(app, pilot, "K'tsa-Kar", "Kawdl-Kit", "basic")
    # turn 1, the Sathar half: the UPF fires defensively, then the Sathar
    await shot(app, pilot, "Kawdl-Kit Station", "LB", "Sathar Destroyer 2", 4)  # 50 - 4 x 5 = 30%
    await rolled(app, pilot, "f", {"shot 1": "12", "shot 1: hull damage": "6"}, "30% to hit, 12 <= 30: hit", "hull 50 -> 44")  # 1d10 6
    await shot(app, pilot, "Sathar Destroyer 1", "T", "UPF Destroyer 1", 3)  # 50%, no ICM launched
    await shot(app, pilot, "Sathar Destroyer 2", "EB", "UPF Light Cruiser 1", 5)  # 60 - 25 = 35% (no screen up)
    await rolled(
        app,
        pilot,
        "f",
        {"shot 1": "40", "shot 1: hull damage": "31", "shot 2": "20", "shot 2: hull damage": "8"},
        "50% to hit, 40 <= 50: hit",
        "hull 50 -> 19",
        "35% to hit, 20 <= 35: hit",
        "hull 70 -> 62",
    )  # 4d10 31; 1d10 8
    await end_half(app, pilot)
    # turn 1, the UPF half: the Sathar fire defensively, then the UPF
    await shot(app, pilot, "Sathar Destroyer 3", "RB", "UPF Destroyer 1", 2)  # 40%, no ICM launched
    await rolled(app, pilot, "f", {"shot 1": "9", "shot 1: hull damage": "19"}, "40% to hit, 9 <= 40: hit", "hull 19 -> 0")  # 2d10 19: destroyed
    await shot(app, pilot, "UPF Light Cruiser 1", "T", "Sathar Destroyer 2", 3, icms="Sathar Destroyer 2=1")  # 50 - 10 = 40%
    await shot(app, pilot, "UPF Light Cruiser 1", "DC", "Sathar Destroyer 2", 3, head_on="y")  # 60 + 10 - 15 = 55%
    await rolled(
        app,
        pilot,
        "f",
        {"shot 1": "31", "shot 1: hull damage": "26", "shot 2": "50", "shot 2: hull damage": "21"},
        "40% to hit, 31 <= 40: hit",
        "hull 44 -> 18",
        "55% to hit, 50 <= 55: hit",
        "hull 18 -> 0",
    )  # 4d10 26; 3d10 21: destroyed
    await close_battle(app, pilot)


async def battle_b(app: RefereeApp, pilot: Pilot[None]) -> None:
    """Day 5, the Sathar attack at Terledrom (Fromeltar): the Sathar Heavy Cruiser 1 and Light Cruiser
    1 against the Terledrom Station and its militia, docked there (Groth's station, the other
    planet's, is not in it): six ships, the Advanced Rules (ssw.which-rules, 5 to 14), as the referee
    chooses. A hit rolls d100 + the weapon's DTM on kh.damage (kh.damage-modifiers: LB 0, DC +20, T
    -20): -20 to 10 a hull hit, double damage; 11-45 a hull hit; 46-49 lose 1 ADF; 69-70 a weapon
    hit, LB first. A docked ship fires its batteries only, no forward-firing weapon nor torpedo
    (Space Stations): the militia frigate leaves the station in the UPF half to fire its torpedo."""
    await fight(app, pilot, "Fromeltar", "Terledrom", "advanced")
    # turn 1, the Sathar half
    await shot(app, pilot, "Terledrom Militia Frigate", "LB", "Sathar Heavy Cruiser 1", 3)  # 50 - 15 = 35% (no screen up)
    await rolled(app, pilot, "f", {"shot 1": "20", "shot 1: Damage Table roll": "47"}, "35% to hit, 20 <= 35: hit", "= 47: Drive hit: lose 1 ADF")  # 47 + 0: ADF 2 -> 1
    await shot(app, pilot, "Sathar Heavy Cruiser 1", "DC", "Terledrom Militia Frigate", 2, head_on="y")  # 60 + 10 - 10 = 60%
    await shot(app, pilot, "Sathar Light Cruiser 1", "T", "Terledrom Militia Frigate", 3)  # 50% (a docked ship launches no ICM)
    await rolled(
        app,
        pilot,
        "f",
        {"shot 1": "41", "shot 1: Damage Table roll": "50", "shot 2": "45", "shot 2: Damage Table roll": "55", "shot 2: hull damage": "22"},
        "60% to hit, 41 <= 60: hit",
        "= 70: Weapon hit",
        "50% to hit, 45 <= 50: hit",
        "= 35: Hull hit",
        "hull 40 -> 18",
    )  # 50 + 20: its LB; 55 - 20, 4d10 22
    await end_half(app, pilot)
    # turn 1, the UPF half
    await pilot.press("1", "k")
    await fill(app, pilot, ship="Terledrom Militia Frigate")  # leaves the Terledrom Station (no move: no break-up roll)
    await shot(app, pilot, "Sathar Light Cruiser 1", "EB", "Terledrom Station", 5)  # 60 - 25 = 35%
    await rolled(app, pilot, "f", {"shot 1": "80"}, "35% to hit, 80 > 35: miss")
    await shot(app, pilot, "Terledrom Militia Frigate", "T", "Sathar Light Cruiser 1", 3, icms="Sathar Light Cruiser 1=2")  # 50 - 2 x 10 = 30%
    await shot(app, pilot, "Terledrom Militia Assault Scout 2", "LB", "Sathar Light Cruiser 1", 4)  # docked, its battery: 50 - 20 = 30%
    await rolled(
        app,
        pilot,
        "f",
        {
            "shot 1": "8",
            "shot 1: Damage Table roll": "20",
            "shot 1: hull damage": "30",
            "shot 2": "22",
            "shot 2: Damage Table roll": "40",
            "shot 2: hull damage": "10",
        },
        "30% to hit, 8 <= 30: hit",
        "= 0: Hull hit: double",
        "hull 70 -> 10",
        "30% to hit, 22 <= 30: hit",
        "= 40: Hull hit",
        "hull 10 -> 0",
    )  # 2 x 30; 1d10 10
    await close_battle(app, pilot)


async def day_5(app: RefereeApp, pilot: Pilot[None]) -> None:
    """The Sathar Destroyers 1-3 and the Heavy Cruiser 1 and Light Cruiser 1 leave the red boxes for
    the systems; the rest coast in the 4th red box. Both battles; then each damaged ship's repair
    turn with its own DCR (Repair: 'Ships that have been damaged in battle can repair that damage
    normally using their DCR'; under the Basic Rules 'repairs cannot be made until after the
    battle'), each repair a d100 at most the DCR points allotted (kh.repair-roll; 90-00 always fails,
    99 or 00 leaves it to a station's airdock); a successful hull repair restores 1d10."""
    await move(app, pilot, "Sathar Destroyer [1-3]", "K'tsa-Kar")
    await move(app, pilot, "Sathar Heavy Cruiser 1, Sathar Light Cruiser 1", "Fromeltar")
    await to_attacks(app, pilot)
    await battle_a(app, pilot)
    await rolling(app, pilot, "4", "s", {"repair 1": "44", "repair 1: hull points restored": "6"}, ("44 <= 50", "hull 62 -> 68"), ship="UPF Light Cruiser 1", repairs="hull=50")
    await battle_b(app, pilot)
    await rolling(app, pilot, "4", "s", {"repair 1": "25"}, ("25 <= 60", "ADF 1 -> 2"), ship="Sathar Heavy Cruiser 1", repairs="adf=60")
    # the frigate's hull repair fails: only a space station can repair its hull now (Repair); 99 on its LB: a station's airdock
    await rolling(app, pilot, "4", "s", {"repair 1": "52", "repair 2": "99"}, ("52 > 40", "99"), ship="Terledrom Militia Frigate", repairs="hull=40, LB=30")
    await rest_of_day(app, pilot, "sathar-attacks")


async def days_6_to_21(app: RefereeApp, pilot: Pilot[None]) -> None:
    """Day 6: the Sathar Heavy Cruiser 1 falls back into the red path; with no Sathar ship left in
    Fromeltar the Terledrom construction centre works again (UPF Repairs: 'in a system that contains
    no Sathar ships', 20 hull points a day, ssw.repair-capacity), and the referee orders the militia
    frigate's LB for the day (one system a day, completely restored, no hull repair that day). Then
    the days pass to the replacements at the end of day 20 (Replacements, Optional): a d100 for each
    Sathar ship destroyed in combat in the 20 days (ssw.sathar-replacement: 35 or less back through a
    start circle next turn, 36 or more gone for good): the Sathar Destroyer 2 rolls 35, the Light
    Cruiser 1 36. The UPF is owed a ship frigate or larger at each fortress standing, for its
    destroyed Spacefleet ships (militia never come back). Day 21: the Sathar Destroyer 2 is placed
    in the K'tsa-Kar Start Circle, the UPF Destroyer 1 replaced at Fortress Redoubt."""
    await move(app, pilot, "Sathar Heavy Cruiser 1", "Fromeltar Start Circle")
    await advance(app, pilot, "upf-move")
    await act(app, pilot, "4", "o", ship="Terledrom Militia Frigate", system="LB")
    queue = app.screen.query_one("#queue", Rows)  # the Repairs screen: the frigate alone in a queue, at Terledrom's centre; after it the damaged ship not docked, its nearest centre
    assert [cells[:2] for _, cells in queue.rows] == [("Terledrom Militia Frigate", "Fromeltar/Terledrom"), ("UPF Light Cruiser 1", "White Light/Gollywog")]
    await rest_of_day(app, pilot, "upf-move")
    await replacements(app, pilot, 20, {"Sathar Destroyer 2": "35", "Sathar Light Cruiser 1": "36"}, ("Sathar Destroyer 2", "K'tsa-Kar Start Circle"), ("UPF Destroyer 1", "Fortress Redoubt"))


async def replacements(app: RefereeApp, pilot: Pilot[None], day: int, rolls: dict[str, str], back: tuple[str, str], replaced: tuple[str, str]) -> None:
    """Days with no order given to the end of ``day``, a replacement day: the Sathar player's d100s
    typed (ssw.sathar-replacement: 1-35 back, 36-100 gone); the next day a Sathar ship back is placed
    in a start circle (p), and a UPF ship owed is replaced at its fortress (r on the Forces screen)."""
    await quiet_days(app, pilot, day)
    await advance(app, pilot, "upf-move")
    await advance(app, pilot, "sathar-attacks")
    await advance(app, pilot, "upf-attacks")
    await end_day(app, pilot, rolls, "ssw.sathar-replacement, row 1-35", "row 36-100")
    await act(app, pilot, "2", "p", names=back[0], circle=back[1])
    await advance(app, pilot, "upf-move")
    await act(app, pilot, "2", "r", ship=replaced[0], at=replaced[1])


# ---------------------------------------------------------------------- the figures, by hand

CAMPAIGN_ROLLS_21 = [  # every roll of the campaign's rules, as typed, in the order of the log
    ("1d10", "4"),  # NOVA
    ("d100", "83"),
    ("d100", "64"),  # the militia scouts' jump: one misjump, one safe
    ("d100", "44"),
    ("1d10", "6"),  # the UPF Light Cruiser 1's hull repair in space
    ("d100", "25"),  # the Sathar Heavy Cruiser 1's ADF
    ("d100", "52"),
    ("d100", "99"),  # the Terledrom Militia Frigate's hull and LB
    ("d100", "35"),
    ("d100", "36"),  # the Sathar replacements of day 20
]
BATTLE_ROLLS = {
    BATTLE_A: ["12", "6", "40", "31", "20", "8", "9", "19", "31", "26", "50", "21"],
    BATTLE_B: ["20", "47", "41", "50", "45", "55", "22", "80", "8", "20", "30", "22", "40", "10"],
}
LOSSES_21 = {
    Loss(3, "Inner Reach Militia Assault Scout 1", "UPF", "assault scout", "misjump", militia=True),
    Loss(5, "Sathar Destroyer 2", "Sathar", "destroyer", "combat"),
    Loss(5, "UPF Destroyer 1", "UPF", "destroyer", "combat"),
    Loss(5, "Sathar Light Cruiser 1", "Sathar", "light cruiser", "combat"),
}


def standing(app: RefereeApp, day: int, losses: set[Loss], tally: dict[str, int]) -> Campaign:
    """The war at the UPF move of ``day``, not decided: its ledger of losses (each loss once, and a
    loss stays there after the ship is replaced), the victory tally, and no retreat (condition 2:
    no Sathar heavy cruiser lost)."""
    campaign = app.journal.state
    assert (campaign.day, campaign.step, campaign.outcome) == (day, "upf-move", "")
    assert set(campaign.losses) == losses and len(campaign.losses) == len(losses)
    assert victory.tally(campaign) == tally
    assert victory.progress(campaign, 2) == "Sathar heavy cruisers lost: 0 of 5"
    return campaign


def check_day_21(app: RefereeApp) -> None:
    campaign = standing(app, 21, LOSSES_21, {"stations_destroyed": 0, "fortresses_destroyed": 0, "fortresses_left": 4, "sathar_lost": 2, "upf_lost": 2})
    unit = campaign.unit
    assert unit("Inner Reach Militia Assault Scout 1").status == "misjumped"
    # the replacements: the Sathar Destroyer 2 back (35), placed; the Light Cruiser 1 removed (36); the UPF Destroyer 1
    # back as new at Fortress Redoubt's planet, docked there (UPF Replacements: 'placed ... at the appropriate station or fortress')
    assert unit("Sathar Light Cruiser 1").status == "removed"
    back = unit("Sathar Destroyer 2")
    assert (back.status, back.place, back.roster.hull, back.roster.system("T").count) == ("active", Place("K'tsa-Kar Start Circle"), 50, 2)
    d1 = unit("UPF Destroyer 1")
    assert (d1.status, d1.place, d1.roster.docked_at, d1.roster.hull, d1.roster.system("T").count) == ("active", Place("White Light", "Gollywog"), "Fortress Redoubt", 50, 2)
    # battle A and the repairs: the UPF Light Cruiser 1, 70 - 8 (EB) + 6 (its repair in space) = 68; its
    # torpedo back, rearmed at Kawdl-Kit on day 6 (Supply: a complete day at a planet of a supplied system,
    # no move, no attack; K'tsa-Kar traces to Fortress Redoubt by White Light, the ship's own system starting
    # the path, the campaign's reading of "passing through"); the Sathar Destroyer 1's torpedo and the
    # Destroyer 3's rocket battery likewise (K'tsa-Kar traces to its start circle)
    lc1 = unit("UPF Light Cruiser 1")
    assert (lc1.roster.hull, lc1.hull_station_only, lc1.roster.system("T").count, lc1.place) == (68, False, 4, Place("K'tsa-Kar", "Kawdl-Kit"))
    assert (unit("Sathar Destroyer 1").roster.system("T").count, unit("Sathar Destroyer 3").roster.system("RB").count) == (2, 4)
    # battle B and the Terledrom construction centre: the frigate's LB on day 6 (ordered), then 20 hull points
    # on day 7 (18 -> 38) and the last 2 on day 8: hull 40, and no longer for a station only; its torpedo back on day 6
    frigate = unit("Terledrom Militia Frigate")
    assert (frigate.roster.hull, frigate.hull_station_only, frigate.roster.system("LB").state, frigate.roster.airdock_only) == (40, False, "working", frozenset())
    assert (frigate.roster.system("T").count, frigate.roster.docked_at) == (2, "Terledrom Station")
    hc1 = unit("Sathar Heavy Cruiser 1")  # ADF 2 -> 1 -> 2 (its disruptor cannon spends nothing)
    assert (hc1.roster.adf, hc1.roster.hull, hc1.place is not None and hc1.place.on_route) == (2, 80, True)
    # every roll typed, and no other: in the campaign's log, and in each battle's record beside the campaign
    assert entered([r for e in campaign.log for r in e.rolls]) == CAMPAIGN_ROLLS_21
    for name, rolls in BATTLE_ROLLS.items():
        assert [total for _, total in entered([r for e in battle_record(app, name).log for r in e.rolls])] == rolls, name
    logged = "\n".join(e.text for e in campaign.log)
    for line in (
        "the Sathar Destroyer 2: ",
        "the UPF Destroyer 1 is replaced at the Fortress Redoubt",
        "Fromeltar/Terledrom repairs the Terledrom Militia Frigate's LB",
        "Fromeltar/Terledrom repairs 20 hull points of the Terledrom Militia Frigate: hull 18 -> 38 of 40",
        "hull 38 -> 40 of 40",
    ):
        assert line in logged, line


# ---------------------------------------------------------------------- on to day 60 (REFEREE_WAR_DAYS=60)

BATTLE_D = "Day 30: Sathar attack at Gollywog"
K_ON = "Sathar Destroyer [1345], Sathar Frigate [3-5]"  # the Sathar ships at Kawdl-Kit after day 22, bound for White Light
NOVA = "Strike Force NOVA"


async def results(app: RefereeApp, pilot: Pilot[None], cells: dict[str, dict[str, str]]) -> None:
    """o on the Battles screen: a battle fought on the table, its results typed in one table, cell by
    cell (a figure or a list typed, y/n turned with space), and entered as one action (Ctrl+A)."""
    await show(app, pilot, "5")
    await pilot.press("o")
    dialog = app.screen
    assert isinstance(dialog, ResultsDialog), said(app)
    for ship, row in cells.items():
        for column, value in row.items():
            await go_to(pilot, dialog, ship, column)
            await pilot.press(*(["space"] if value == "y" else [*value, "enter"]))
    await pilot.press("ctrl+a")
    applied(app)


async def days_21_to_30(app: RefereeApp, pilot: Pilot[None]) -> None:
    """Day 22: the rest of the Sathar at the K'tsa-Kar red path come into the system and all nine
    attack Kawdl-Kit: against the station and the UPF Light Cruiser 1, ten ships: the chart's
    Advanced Rules, taken as suggested (no rules chosen). It is fought on the table and its results
    entered in the Battles screen's table: the station, the light cruiser and the Sathar Frigate 1
    destroyed; the Sathar Frigate 2 down to hull 25 with its LB lost, the Destroyer 4 a torpedo
    spent. The Frigate 2 repairs its LB in space (70 DCR points, d100 30), then goes back up the red
    path (four boxes and the circle: days 23-27) and enters the Void (Sathar Repair: back in the
    start circle six days on, day 33, completely repaired). The seven others go for White Light
    (seven boxes and the system: days 23-30) and attack Gollywog on day 30, fought on the battle
    screens under the Basic Rules (twelve ships: the chart says Advanced, the referee Basic)."""
    await rest_of_day(app, pilot, "upf-move")
    await move(app, pilot, "Sathar Destroyer [45], Sathar Frigate [1-5]", "K'tsa-Kar")
    await to_attacks(app, pilot)
    await act(app, pilot, "5", "d", system="K'tsa-Kar")
    fight = app.journal.state.fights[-1]
    assert (fight.game, fight.rules.split(";")[0], len(fight.ships)) == ("advanced", "Advanced Rules", 11)  # ssw.which-rules: 10 ships, 5 to 14
    await results(
        app,
        pilot,
        {
            "Kawdl-Kit Station": {"destroyed": "y"},
            "UPF Light Cruiser 1": {"destroyed": "y"},
            "Sathar Frigate 1": {"destroyed": "y"},
            "Sathar Frigate 2": {"hull": "25", "lost": "LB"},
            "Sathar Destroyer 4": {"spent": "T=1"},
        },
    )
    await rolling(app, pilot, "4", "s", {"repair 1": "30"}, ("30 <= 70",), ship="Sathar Frigate 2", repairs="LB=70")
    await rest_of_day(app, pilot, "sathar-attacks")
    for day in range(23, 31):
        if day <= 27:
            await move(app, pilot, "Sathar Frigate 2", "K'tsa-Kar Start Circle")
        if day == 27:
            await act(app, pilot, "4", "v", names="Sathar Frigate 2")
        await move(app, pilot, K_ON, "White Light")
        if day < 30:
            await rest_of_day(app, pilot)
    await to_attacks(app, pilot)
    await battle_d(app, pilot)
    await rest_of_day(app, pilot, "sathar-attacks")


async def battle_d(app: RefereeApp, pilot: Pilot[None]) -> None:
    """Day 30, the Sathar attack at Gollywog (White Light), Basic Rules: the seven Sathar against
    Fortress Redoubt, the UPF Destroyer 1 docked there and the Gollywog militia (docked: batteries
    only; their assault scouts cannot be attacked). Fortress: PB and EB 60%, RB 40% against a
    reflective hull (kh.combat-advanced), the beams -5% a hex. The UPF Destroyer 1, destroyed while
    docked, costs the fortress half its 50 original hull points (Space Stations): 300 - 25 = 275."""
    await fight(app, pilot, "White Light", "Gollywog", "basic")
    await shot(app, pilot, "Fortress Redoubt", "PB", "Sathar Destroyer 4", 3)  # 60 - 15 = 45%
    await shot(app, pilot, "Gollywog Militia Frigate", "LB", "Sathar Destroyer 4", 3)  # 50 - 15 = 35%
    await rolled(
        app,
        pilot,
        "f",
        {"shot 1": "44", "shot 1: hull damage": "9", "shot 2": "6", "shot 2: hull damage": "10"},
        "45% to hit, 44 <= 45: hit",
        "hull 50 -> 41",
        "35% to hit, 6 <= 35: hit",
        "hull 41 -> 31",
    )
    await shot(app, pilot, "Sathar Destroyer 1", "T", "UPF Destroyer 1", 3)  # 50% (docked: no ICM)
    await shot(app, pilot, "Sathar Destroyer 4", "T", "UPF Destroyer 1", 3)  # its last torpedo
    await rolled(
        app,
        pilot,
        "f",
        {"shot 1": "30", "shot 1: hull damage": "28", "shot 2": "48", "shot 2: hull damage": "25"},
        "50% to hit, 30 <= 50: hit",
        "hull 50 -> 22",
        "50% to hit, 48 <= 50: hit",
        "hull 22 -> 0",
        "hull 300 -> 275",
    )
    await end_half(app, pilot)
    await shot(app, pilot, "Fortress Redoubt", "RB", "Sathar Destroyer 4", 3)  # 40%, no ICM launched
    await shot(app, pilot, "Fortress Redoubt", "PB", "Sathar Destroyer 4", 3)  # a new half: 45%
    await shot(app, pilot, "Fortress Redoubt", "EB", "Sathar Destroyer 4", 3)  # 45%
    await rolled(
        app,
        pilot,
        "f",
        {
            "shot 1": "40",
            "shot 1: hull damage": "20",
            "shot 2": "12",
            "shot 2: hull damage": "7",
            "shot 3": "30",
            "shot 3: hull damage": "6",
        },
        "40% to hit, 40 <= 40: hit",
        "hull 31 -> 11",
        "45% to hit, 12 <= 45: hit",
        "hull 11 -> 4",
        "45% to hit, 30 <= 45: hit",
        "hull 4 -> 0",
    )
    await close_battle(app, pilot)


async def days_31_to_41(app: RefereeApp, pilot: Pilot[None]) -> None:
    """The end of day 40: the replacements. Sathar ships destroyed in combat in days 21-40: the
    Frigate 1 (day 22) rolls 5, back; the Destroyer 4 (day 30) 90, gone for good. The UPF is owed a
    ship frigate or larger at each of its four fortresses (Fortress Redoubt damaged, not destroyed)
    for the UPF Light Cruiser 1 and UPF Destroyer 1; on day 41 only the light cruiser is brought
    back, at Fortress Gollwin (Morgaine's World). The Sathar Frigate 1 comes in through the
    K'tsa-Kar Start Circle."""
    await replacements(app, pilot, 40, {"Sathar Frigate 1": "5", "Sathar Destroyer 4": "90"}, ("Sathar Frigate 1", "K'tsa-Kar Start Circle"), ("UPF Light Cruiser 1", "Fortress Gollwin"))


async def days_41_to_61(app: RefereeApp, pilot: Pilot[None]) -> None:
    """Strike Force NOVA goes from Pale to Prenglar by Dixon's Star, risk-jumping at 2 boxes a day,
    its computers interlocked (one roll, the battleship's astrogator: 95% or less, ssw.misjump UPF
    Battleship): Truane's Star - Dixon's Star, 6 boxes, the jump box toward Dixon's Star the 3rd
    from it: days 42-45 (95 on day 43: safe, the figure itself); Dixon's Star - Prenglar likewise:
    days 46-49 (12 on day 47). Day 45: the Sathar at the Fromeltar red path come in; five of them
    attack Groth (Basic Rules, chosen: results entered: Groth Station and the Sathar Destroyer 6
    destroyed, the Terledrom Militia Frigate down to 30); then the UPF attacks, at Terledrom, the
    Sathar ships that did not attack (Declaring Combat: 'The UPF player may not attack Sathar ships
    that have already attacked'): the carrier with its seven fighters and the Destroyers 8 and 9
    (Advanced Rules, as the chart says for 14 ships): the Sathar Fighter 1 and the Terledrom Militia
    Assault Scout 2 destroyed, the Destroyer 8 down to 40 with its EB lost. The end of day 60: the
    Destroyer 6 rolls 20, back; the Fighter 1 50, gone. The UPF Destroyer 1, destroyed on day 30 and
    not brought back on day 41, is owed again: day 61, at Fortress Pale."""
    await rest_of_day(app, pilot, "upf-move")
    for day in range(42, 50):
        if day == 45:
            await move(app, pilot, "Sathar Heavy Cruiser 2, Sathar Assault Carrier 1, Sathar Light Cruiser [23], Sathar Destroyer [6-9]", "Fromeltar")
        await advance(app, pilot, "upf-move")
        if day in (43, 47):  # one roll for the interlocked group, typed under its first ship
            total = "95" if day == 43 else "12"
            await risk_jump(app, pilot, NOVA, "Prenglar", {"SF NOVA Assault Scout 1": total}, f"jump safely: {total} <= 95%")
        elif day in (42, 46):
            await move(app, pilot, NOVA, "Prenglar", rate="2")
        elif day == 49:
            await move(app, pilot, NOVA, "Prenglar", planet="Gran Quivera")
        else:
            await move(app, pilot, NOVA, "Prenglar")
        if day == 45:
            await battles_at_fromeltar(app, pilot)
        else:
            await rest_of_day(app, pilot, "upf-move")
    await replacements(app, pilot, 60, {"Sathar Destroyer 6": "20", "Sathar Fighter 1": "50"}, ("Sathar Destroyer 6", "Fromeltar Start Circle"), ("UPF Destroyer 1", "Fortress Pale"))


async def battles_at_fromeltar(app: RefereeApp, pilot: Pilot[None]) -> None:
    """Day 45, after the moves: the Sathar attack at Groth and the UPF attack at Terledrom, both
    fought on the table, their results entered."""
    await advance(app, pilot, "sathar-attacks")
    await act(app, pilot, "5", "d", system="Fromeltar", planet="Groth", ships="Sathar Heavy Cruiser 2, Sathar Light Cruiser [23], Sathar Destroyer [67]", rules="basic")
    fight = app.journal.state.fights[-1]  # the five, and Groth Station with every UPF ship in the system (the Terledrom militia's four)
    assert (fight.attacker, fight.game, len(fight.ships)) == ("Sathar", "basic", 10)
    await results(app, pilot, {"Groth Station": {"destroyed": "y"}, "Sathar Destroyer 6": {"destroyed": "y"}, "Terledrom Militia Frigate": {"hull": "30"}})
    await advance(app, pilot, "upf-attacks")
    await act(app, pilot, "5", "d", system="Fromeltar", planet="Terledrom")
    fight = app.journal.state.fights[-1]  # four militia ships; the carrier, its seven fighters and two destroyers: 14, 5 to 14
    assert (fight.attacker, fight.game, len(fight.ships)) == ("UPF", "advanced", 14)
    await results(
        app,
        pilot,
        {
            "Sathar Fighter 1": {"destroyed": "y"},
            "Sathar Destroyer 8": {"hull": "40", "lost": "EB"},
            "Terledrom Militia Assault Scout 2": {"destroyed": "y"},
        },
    )
    await end_day(app, pilot)


CAMPAIGN_ROLLS_61 = [
    *CAMPAIGN_ROLLS_21,
    ("d100", "30"),  # the Sathar Frigate 2's LB, in space
    ("d100", "5"),
    ("d100", "90"),  # the Sathar replacements of day 40: the Frigate 1, the Destroyer 4 (the orders of battle's order)
    ("d100", "95"),
    ("d100", "12"),  # NOVA's two jumps
    ("d100", "50"),
    ("d100", "20"),  # the Sathar replacements of day 60: the Fighter 1, the Destroyer 6
]
BATTLE_ROLLS_D = ["44", "9", "6", "10", "30", "28", "48", "25", "40", "20", "12", "7", "30", "6"]
LOSSES_61 = LOSSES_21 | {
    Loss(22, "Kawdl-Kit Station", "UPF", "armed station", "combat", station=True),
    Loss(22, "UPF Light Cruiser 1", "UPF", "light cruiser", "combat"),
    Loss(22, "Sathar Frigate 1", "Sathar", "frigate", "combat"),
    Loss(30, "UPF Destroyer 1", "UPF", "destroyer", "combat"),
    Loss(30, "Sathar Destroyer 4", "Sathar", "destroyer", "combat"),
    Loss(45, "Groth Station", "UPF", "armed station", "combat", station=True),
    Loss(45, "Sathar Destroyer 6", "Sathar", "destroyer", "combat"),
    Loss(45, "Sathar Fighter 1", "Sathar", "fighter", "combat"),
    Loss(45, "Terledrom Militia Assault Scout 2", "UPF", "assault scout", "combat", militia=True),
}


def check_day_61(app: RefereeApp) -> None:
    # the UPF Destroyer 1 lost twice (days 5 and 30), each loss counted; two stations destroyed
    campaign = standing(app, 61, LOSSES_61, {"stations_destroyed": 2, "fortresses_destroyed": 0, "fortresses_left": 4, "sathar_lost": 6, "upf_lost": 5})
    unit = campaign.unit
    for name, status in (
        ("Kawdl-Kit Station", "destroyed"),
        ("Groth Station", "destroyed"),
        ("Terledrom Militia Assault Scout 2", "destroyed"),
        ("Sathar Destroyer 4", "removed"),
        ("Sathar Fighter 1", "removed"),
        ("Sathar Light Cruiser 1", "removed"),
    ):
        assert unit(name).status == status, name
    # back by the replacements: the Sathar Frigate 1 (day 41) and Destroyer 6 (day 61) in their start circles, as new;
    # the UPF Light Cruiser 1 at Fortress Gollwin (day 41), the UPF Destroyer 1 at Fortress Pale (day 61)
    for name, place, hull in (("Sathar Frigate 1", Place("K'tsa-Kar Start Circle"), 40), ("Sathar Destroyer 6", Place("Fromeltar Start Circle"), 50)):
        assert (unit(name).status, unit(name).place, unit(name).roster.hull) == ("active", place, hull), name
    for name, place, base in (("UPF Light Cruiser 1", Place("Prenglar", "Morgaine's World"), "Fortress Gollwin"), ("UPF Destroyer 1", Place("Truane's Star", "Pale"), "Fortress Pale")):
        assert (unit(name).status, unit(name).place, unit(name).roster.docked_at, unit(name).roster.hull) == ("active", place, base, unit(name).roster.hull_start), name
    # the Void: the Sathar Frigate 2 (hull 25 after day 22) entered it on day 27, back on day 33 completely repaired
    sf2 = unit("Sathar Frigate 2")
    assert (sf2.place, sf2.roster.hull, sf2.roster.system("LB").state) == (Place("K'tsa-Kar Start Circle"), 40, "working")
    # Fortress Redoubt: 300 - 25 (the UPF Destroyer 1 destroyed docked); no construction centre repairs a station; its
    # rocket battery rearmed on day 31 (White Light holds a fortress: in supply); the Sathar Destroyer 1's torpedo likewise
    redoubt = unit("Fortress Redoubt")
    assert (redoubt.roster.hull, redoubt.roster.system("RB").count) == (275, 12)
    assert unit("Sathar Destroyer 1").roster.system("T").count == 2
    # the results entered: the Sathar Destroyer 8 (hull 40, EB lost); the Terledrom Militia Frigate at 30, its centre
    # closed while Sathar ships are in Fromeltar (UPF Repairs)
    sd8 = unit("Sathar Destroyer 8")
    assert (sd8.roster.hull, sd8.roster.system("EB").state) == (40, "destroyed")
    assert unit("Terledrom Militia Frigate").roster.hull == 30
    # NOVA at Gran Quivera, its 10 ships and 6 fighters together
    assert {u.place for u in campaign.units if u.force == "Strike Force NOVA"} == {Place("Prenglar", "Gran Quivera")}
    assert entered([r for e in campaign.log for r in e.rolls]) == CAMPAIGN_ROLLS_61
    assert [total for _, total in entered([r for e in battle_record(app, BATTLE_D).log for r in e.rolls])] == BATTLE_ROLLS_D
    logged = [e.text for e in campaign.log]  # the militia scout, in both battles of day 45, lost in the second
    assert "UPF attack at Terledrom: the Terledrom Militia Assault Scout 2 hull 15 of 15" in logged


# ---------------------------------------------------------------------- the tests


Part = Callable[[RefereeApp, Pilot[None]], Awaitable[None]]


def play(app: RefereeApp, *parts: Part) -> None:
    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for part in parts:
                await part(app, pilot)

    asyncio.run(main())


async def as_at_day_21(app: RefereeApp, pilot: Pilot[None]) -> None:
    check_day_21(app)  # the longer war passes by the shorter one's figures


def test_a_war_of_twenty_one_days_played_in_the_app_from_its_first_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = first_screen(monkeypatch, tmp_path / "home")
    play(app, set_up, days_1_to_4, day_5, days_6_to_21)
    check_day_21(app)


@pytest.mark.skipif(LONG != "60", reason="the longer war, on to day 60: set REFEREE_WAR_DAYS=60 (it is scripted, and its figures worked out, to day 60)")
def test_the_war_played_on_to_day_60(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = first_screen(monkeypatch, tmp_path / "home")
    play(app, set_up, days_1_to_4, day_5, days_6_to_21, as_at_day_21, days_21_to_30, days_31_to_41, days_41_to_61)
    check_day_61(app)
