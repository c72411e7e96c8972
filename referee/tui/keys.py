"""The key line at the bottom: the keys of the screen shown and of the app, as one line of text.

Textual's Footer builds a widget for every key each time the focus moves (about a tenth of a
second a key press on this machine); this draws the same bindings as one Static."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Static

from referee.tui.text import Part, bold, line


class KeyLine(Static):
    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.show_keys)
        self.show_keys(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def show_keys(self, screen: Screen[object]) -> None:
        seen: set[str] = set()
        parts: list[Part] = []
        for active in screen.active_bindings.values():
            binding = active.binding
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            key = self.app.get_key_display(binding)
            parts += [bold(key), f" {binding.description}  "] if active.enabled else [(f"{key} {binding.description}", "dim"), "  "]
        parts += [bold("^p"), " palette"]
        self.update(line(*parts), layout=False)  # two lines always (app.tcss): no new layout for new keys
