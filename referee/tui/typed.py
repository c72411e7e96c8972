"""Keys typed ahead, each to where the referee meant it.

Textual hands every key to the widget focused when the key arrives, and goes on to the next key at
once. A key that opens a screen or a form (``2``, ``m``) is done with only once that screen is
built and has taken the focus; the keys typed in the same burst (a quick typist, a paste) reached
the screen left behind meanwhile, and ran its commands: ``2m Sathar`` advanced the war twice (the
a's) and opened the Retreat form (the t).

:class:`Typed` holds each key (and each paste) the terminal sends until the one before it is done
with: the app, the screen on view and every widget on it have handled every message that key
caused, the new screen or form included, and the focus has settled. Then the next key goes to the
widget focused now, in order. A key that sets nothing going costs a round of the screen's message
queues (a millisecond or two); a burst is taken key by key at the app's own speed."""

from __future__ import annotations

import asyncio
from collections import deque
from time import monotonic
from typing import TYPE_CHECKING, Any

from textual import events

if TYPE_CHECKING:
    from textual.app import App
    from textual.message_pump import MessagePump
    from textual.screen import Screen

PATIENCE = 2.0  # seconds a key waits for the one before it: a screen that never settles does not keep the keys


class Typed:
    """The keys (and pastes) the terminal sent, not yet handed on, and the task handing them on."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.waiting: deque[events.Key | events.Paste] = deque()
        self.passing: list[events.Event] = []  # handed back to the app, to go on as Textual sends them
        self.feeder: asyncio.Task[None] | None = None

    def holds(self, event: events.Event) -> bool:
        """Take a key or paste from the terminal to hand on in its turn (True); an event handed on
        already, or any other, goes its way (False)."""
        if not isinstance(event, (events.Key, events.Paste)) or event.is_forwarded:
            return False
        if any(event is p for p in self.passing):
            self.passing.remove(event)
            return not self.app.screen_stack  # (the app has closed its screens: the key goes nowhere)
        if self.closing():
            return True  # a key typed after Ctrl+Q: dropped, the app does not wait for it
        self.waiting.append(event)
        if self.feeder is None:
            self.feeder = asyncio.create_task(self.feed())
        return True

    async def feed(self) -> None:
        """Hand on the keys one at a time, each once the one before it is done with."""
        try:
            while self.waiting and not self.closing():
                event = self.waiting.popleft()
                self.passing.append(event)
                if not self.app.post_message(event):
                    break  # (the app is closing)
                await self.settled()
        finally:
            if self.closing():
                self.waiting.clear()
                self.passing.clear()
            self.feeder = None

    def closing(self) -> bool:
        """The app is quitting (Ctrl+Q) or has no screen left: the keys typed go nowhere."""
        return self.app.return_code is not None or not self.app.screen_stack  # (return_code: set once the app is told to exit)

    async def settled(self) -> None:
        """Wait until the app and the screen on view (with every widget on it) have nothing left to
        handle and nothing new was built or shown meanwhile: the key is done with, and what it
        opened is on view with the focus where it goes. Each round waits on the app, the widgets
        the key goes through (the focused one and those holding it) and every widget with a
        message waiting; the others have nothing to do (waking them all cost a cursor move a third
        more time)."""
        deadline = monotonic() + PATIENCE
        while monotonic() < deadline and not self.closing():
            before = self.pumps()
            waited = {id(p): p for p in (*self.keyed(), *(p for p in before if p.message_queue_size))}
            await self.round(list(waited.values()))
            after = self.pumps()
            if after == before and not any(p.message_queue_size for p in after) and not self.passing:
                return

    def keyed(self) -> list[MessagePump]:
        """The app and the widgets a key goes through: the focused one and those holding it, up to its screen."""
        screen = self.screen()
        focused = screen.focused if screen is not None else None
        return [self.app, *(focused.ancestors_with_self if focused is not None else [screen] if screen is not None else [])]

    def pumps(self) -> list[MessagePump]:
        """The app and every widget of the screen on view."""
        screen = self.screen()
        return [self.app, *(screen.walk_children(with_self=True) if screen is not None else [])]

    def screen(self) -> Screen[Any] | None:
        try:
            return self.app.screen
        except Exception:  # noqa: BLE001 - no screen yet, or the app is closing
            return None

    async def round(self, pumps: list[MessagePump]) -> None:
        """Wait until each of ``pumps`` has handled the messages it held when asked (a widget removed
        meanwhile never will: it is not waited for)."""
        left: set[int] = set()
        done = asyncio.Event()

        def tick(pump: MessagePump) -> None:
            left.discard(id(pump))
            if not left:
                done.set()

        for pump in pumps:
            if pump.call_later(tick, pump):
                left.add(id(pump))
        deadline = monotonic() + PATIENCE
        while left and monotonic() < deadline:
            try:
                await asyncio.wait_for(done.wait(), 0.05)
            except TimeoutError:
                gone = {id(p) for p in pumps if p is not self.app and not p.is_attached}
                left.difference_update(gone)
