"""The key line at the bottom: the keys of the screen shown and of the app, as one line of text.

Textual's Footer builds a widget for every key each time the focus moves (about a tenth of a
second a key press on this machine); this draws the same bindings as one Static."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Static


class KeyLine(Static):
    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.show_keys)
        self.show_keys(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def show_keys(self, screen: Screen[object]) -> None:
        seen: set[str] = set()
        parts = []
        for active in screen.active_bindings.values():
            binding = active.binding
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            key = self.app.get_key_display(binding)
            parts.append(f"[b]{key}[/b] {binding.description}" if active.enabled else f"[dim]{key} {binding.description}[/dim]")
        parts.append("[b]^p[/b] palette")
        self.update("  ".join(parts), layout=False)  # two lines always (app.tcss): no new layout for new keys
