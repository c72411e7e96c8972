"""A Knight Hawks battle's screens: Ships (both sides' roster cards, the turn and what comes next,
the movement and the rest of the turn from the keyboard) and Fire (shots announced from lists,
their exact odds, then rolled as one volley). Dice & Tables and the Log are the app's own."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from referee.errors import RefereeError
from referee.knight_hawks.battle import Battle
from referee.knight_hawks.kind import battle_of
from referee.knight_hawks.odds import VolleyOdds
from referee.knight_hawks.scenarios import verdict
from referee.tui.battle import actions, cards
from referee.tui.battle.kind import BattleKind
from referee.tui.dialogs import ConfirmDialog
from referee.tui.forms import AnyStep, Values
from referee.tui.pages.base import Page, Play, action_keys
from referee.tui.pages.dice import DicePage
from referee.tui.pages.log import LogPage
from referee.tui.rows import Rows
from referee.tui.text import Part, bold, line, lines, put


class BattlePage(Page):
    """What every battle screen shares: n ends the half (as a does the campaign's step on every
    campaign screen), asked first when it passes over something the rules call for."""

    BINDINGS = [Binding("n", "next", "Next")]

    @property
    def battle(self) -> Battle:
        return battle_of(self.referee.journal)

    @property
    def kind(self) -> BattleKind:
        kind = self.referee.kind
        assert isinstance(kind, BattleKind)
        return kind

    def action_next(self) -> None:
        """n: the next half of the turn (or the turn after the repair turn); the shots announced and
        not fired go with the half. What it passes over (actions.skipped) is asked first: y goes on."""
        if not self.playing():
            return
        battle = self.battle
        said = actions.skipped(battle, len(self.kind.volley))
        make: Callable[[], AnyStep] = lambda: actions.NEXT.build({}, self.battle, self.referee.tables)  # noqa: E731 - the state as it is when it runs
        try:
            make()(random.Random(), {})  # refused (a fire to roll first): said at once, nothing asked
        except RefereeError as error:
            self.referee.tell(str(error), "warning")
            return
        if not said:
            self.go_next(make)
            return
        question = actions.next_question(battle, len(self.kind.volley))
        text = lines([f"• {s}" for s in said])
        self.referee.push_screen(ConfirmDialog(question, text), lambda yes: self.go_next(make) if yes else None)

    def go_next(self, make: Callable[[], AnyStep]) -> None:
        try:
            self.referee.start("Next", make, then=self.kind.volley.clear)
        except RefereeError as error:
            self.referee.tell(str(error), "warning")

    def playing(self) -> bool:
        """Whether the battle goes on; once a side has won (or it is a draw) the steps of play are
        refused on the message line, naming the verdict and what is left to do."""
        found = verdict(self.battle)
        if found is None:
            return True
        then = "c closes it into the campaign" if self.kind.below else "the file is the battle's record"
        self.referee.tell(f"the battle is over ({found.shown()}): {then}; Ctrl+Z takes back the last step", "warning")
        return False

    def action_act(self, number: int) -> None:
        if self.ACTIONS[number] == actions.NEXT:
            self.action_next()
        elif self.playing():
            super().action_act(number)


class ShipsPage(BattlePage):
    TITLE = "Ships"
    NAME = "ships"
    HELP = "both sides' roster cards, the turn and what comes next; movement, screens, docking, fires, repairs, mines and seekers"
    ACTIONS = actions.SHIPS
    BINDINGS = action_keys(ACTIONS, Binding("c", "close", "Close into campaign"))

    def body(self) -> Iterable[Widget]:
        yield Static(id="next", classes="panel")
        with Horizontal():
            yield Rows(*cards.LABELS, id="roster")
            with VerticalScroll(classes="side"):
                yield Static(id="card")

    def home(self) -> Widget:
        return self.query_one("#roster", Rows)

    def draw(self) -> None:
        battle = self.battle
        put(self.query_one("#next", Static), lines([cards.outcome(battle), *cards.next_steps(battle)]))
        rows = [(s.name, cards.ship_row(s, battle)) for side in battle.sides for s in battle.ships if s.side == side]
        gone = frozenset(s.name for s in battle.ships if s.destroyed or battle.escape(s.name) is not None)
        show_fitting(self.query_one("#roster", Rows), cards.LABELS, rows, cards.LEFT_OUT, self.referee.ship, gone)
        self.show_card()

    def on_resize(self) -> None:
        self.draw()  # (the list's columns are chosen for its width)

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        self.referee.ship = event.key
        self.show_card()

    def show_card(self) -> None:
        battle = self.battle
        ship = next((s for s in battle.ships if s.name == self.referee.ship), None)
        put(self.query_one("#card", Static), lines(cards.card(ship, battle) if ship else ["no ship"]))

    def point_at(self, name: str) -> None:
        self.query_one("#roster", Rows).point(name)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Close into the campaign only for a battle opened from one (and not while another kind of
        file replaces the battle: its pages are still there, the app's kind is the new file's)."""
        if action != "close":
            return True
        kind = self.referee.kind
        return isinstance(kind, BattleKind) and bool(kind.below)

    def action_close(self) -> None:
        """Ask, then take the battle's rosters, losses, ammunition and escapes into the campaign it
        was fought from, as one logged action (undo takes it back)."""
        if not self.kind.below:
            self.referee.tell(f"this battle was opened on its own, not from a campaign: it is saved as {self.referee.journal.path.name} (Ctrl+Q quits)", "warning")
            return
        battle = self.battle
        text = line(
            "Every roster, loss and round of ammunition of ",
            bold(battle.name),
            f" (turn {battle.turn}) goes back into the campaign as one action in its log: Ctrl+Z there takes it back. The battle's file stays beside the campaign as its record.",
        )
        self.referee.push_screen(ConfirmDialog("Close the battle, back into the campaign?", text), lambda yes: self.close_battle() if yes else None)

    def close_battle(self) -> None:
        """Asked and answered: the battle taken into the campaign, which is shown again."""
        from referee.sathar_war import battles
        from referee.sathar_war.kind import campaign_of

        campaign = self.kind.below[-1]
        battle = self.battle
        try:
            if campaign.changed_on_disk():
                raise RefereeError(
                    f"{campaign.path.name} was changed by another program while the battle was fought: nothing was taken into it; quit and open it again, then f takes up the battle again"
                )
            result = battles.from_battle(campaign_of(campaign), battle)
            campaign.apply(result, f"the battle {battle.name!r} taken into the campaign")
        except RefereeError as error:
            self.referee.tell(str(error), "error")
            return
        self.kind.below.pop()
        last = result.entries[-1].text if result.entries else "no roster changed"
        self.post_message(Play(campaign, f"{battle.name}: taken into the campaign ({last}); Ctrl+Z takes it back", "battles"))


VOLLEY = ("#", "Firer", "Weapon", "Target", "Hit", "Report")
ANNOUNCE = "announce a shot: firer, weapon and target from lists; the range, head-on, ICMs, evasion and gunnery as on the map"


class FirePage(BattlePage):
    """Shots are announced before any die is rolled (Combat: Aiming Weapons): a side's shots are
    listed here with their odds, then fired as one volley, each roll asked for or rolled."""

    TITLE = "Fire"
    NAME = "fire"
    HELP = "announce a side's shots from lists, see their exact odds, then roll them as one volley"
    BINDINGS = [
        Binding("a", "announce", "Announce"),
        Binding("x", "drop", "Drop shot"),
        Binding("c", "clear", "Clear"),
        Binding("f", "fire", "Fire the volley"),
    ]

    @property
    def shots(self) -> list[actions.Announced]:
        return self.kind.volley

    def body(self) -> Iterable[Widget]:
        yield Static(id="order", classes="panel")
        with Horizontal():
            yield Rows(*VOLLEY, id="volley")
            with VerticalScroll(classes="side wide"):
                yield Static(id="odds")

    def home(self) -> Widget:
        return self.query_one("#volley", Rows)

    def draw(self) -> None:
        battle = self.battle
        if battle.step == "repair":
            order: list[Part] = [bold("Repair turn"), "no shooting until the next game turn"]
        else:
            order = [
                line(bold(f"Turn {battle.turn}, {battle.moving}'s half, combat"), f": {battle.non_moving} fires defensively, then {battle.moving} offensively"),
                "announce a side's shots (a), then fire them (f): every shot is announced before a die is rolled",
            ]
        put(self.query_one("#order", Static), lines(order), layout=False)  # (three lines always: app.tcss)
        rows = []
        for number, shot in enumerate(self.shots, 1):
            try:
                hit = actions.shot_reading(battle, self.referee.tables, shot)
            except RefereeError:
                hit = "?"
            rows.append((str(number), (str(number), shot.firer, shot.weapon, shot.target, hit, shot.shown())))
        table = self.query_one("#volley", Rows)
        show_fitting(table, VOLLEY, rows, ("Report", "Firer", "Weapon"))
        self.show_odds(table.key)

    def on_resize(self) -> None:
        self.draw()  # (the list's columns are chosen for its width)

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        self.show_odds(event.key)

    def show_odds(self, key: str) -> None:
        panel = self.query_one("#odds", Static)
        if not key:
            panel.update("no shot announced: a announces one")
            return
        shot = self.shots[int(key) - 1]
        said = ", ".join(s for s in (f"shot {key}: the {shot.firer}'s {shot.weapon} at the {shot.target}", shot.shown()) if s)
        try:
            found = actions.odds(self.battle, self.referee.tables, self.shots, shot.target)
        except RefereeError as error:
            panel.update(lines([said, actions.said(error)]))
            return
        panel.update(lines([said, *odds_text(found)]))

    def action_announce(self) -> None:
        if not self.playing():
            return
        values = {"firer": self.referee.ship}
        self.referee.open_form("Announce", ANNOUNCE, actions.fire_fields(self.shots, self.referee.tables), values, lambda v: actions.volley(self.battle, self.referee.tables, []), take=self.take)

    def take(self, values: Values) -> None:
        shot = actions.announce(values, self.battle, self.referee.tables)
        actions.check_volley(self.battle, self.referee.tables, [*self.shots, shot])  # refused now, before it is listed
        self.shots.append(shot)
        self.redraw()
        self.query_one("#volley", Rows).point(str(len(self.shots)))
        self.referee.tell(f"announced: the {shot.firer}'s {shot.weapon} at the {shot.target}; {len(self.shots)} shot(s) to fire")

    def action_drop(self) -> None:
        key = self.query_one("#volley", Rows).key
        if key:
            del self.shots[int(key) - 1]
            self.redraw()

    def action_clear(self) -> None:
        self.shots.clear()
        self.redraw()

    def action_fire(self) -> None:
        if not self.playing():
            return
        shots = list(self.shots)
        try:
            self.referee.start(f"Fire {len(shots)} shot(s)", lambda: actions.volley(self.battle, self.referee.tables, shots), then=self.shots.clear)
        except RefereeError as error:
            self.referee.tell(str(error), "warning")


def show_fitting(
    rows: Rows,
    labels: Sequence[str],
    found: Sequence[tuple[str, Sequence[str]]],
    left_out: Sequence[str],
    keep: str = "",
    dim: frozenset[str] = frozenset(),
) -> None:
    """Show a list with the columns that fit its width whole (cards.fitting); the rest is on the card."""
    width = rows.size.width - 2  # (its vertical scroll bar)
    kept = cards.fitting(labels, [cells for _, cells in found], width, left_out) if width > 0 else list(range(len(labels)))
    shown = tuple(labels[n] for n in kept)
    if rows.labels != shown:
        rows.columns(*shown)
    rows.show([(key, [cells[n] for n in kept]) for key, cells in found], keep, dim=dim)


def percent(chance: Fraction) -> str:
    return f"{float(chance):.1%}"


def odds_text(found: VolleyOdds) -> Sequence[Part]:
    """The odds at one target: each shot's chance to hit with its parts, the hull damage, the
    Damage Table rows (Advanced Game), and the chance the volley destroys the target."""
    average = sum(points * chance for points, chance in found.lost.items())
    half = sum((chance for points, chance in found.lost.items() if 2 * points >= found.hull), Fraction(0))
    said: list[Part] = [
        bold(found.reading),
        f"hull points lost: none {percent(found.lost.get(0, Fraction(0)))}, on average {float(average):.1f} of {found.hull}, half or more {percent(half)}",
    ]
    for number, shot in enumerate(found.shots, 1):
        parts = ", ".join(f"{p.what} {p.change:+d}" if i else f"{p.what} {p.change}" for i, p in enumerate(shot.to_hit.chance.parts))
        said.append(line(bold(f"shot {number}: "), f"{shot.shot.weapon}: {percent(shot.to_hit.hit)} to hit ({parts})"))
        said.append(f"  a hull hit: {shot.hull.reading}")
        for row in shot.rows:
            if row.chance:
                said.append(f"  {percent(row.chance)} {row.row['result']}")
    said.append(f"[{found.rule}]")
    return said


class BattleDicePage(DicePage, BattlePage):
    """Dice & Tables, as for a campaign, with the battle's n."""


class BattleLogPage(LogPage, BattlePage):
    """The Log, as for a campaign, with the battle's n."""


PAGES: Sequence[type[Page]] = (ShipsPage, FirePage, BattleDicePage, BattleLogPage)
