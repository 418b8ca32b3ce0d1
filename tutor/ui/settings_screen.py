"""Settings: which rules to play, who plays, how much help, and how the table looks."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static, Switch

from tutor.settings import Settings
from tutor.ui.header import TutorHeader

CHOICES: dict[str, list[tuple[str, Any]]] = {
    "ruleset": [("Bicycle rules (draw from your right)", "bicycle"), ("Table rules (draw from your left)", "table")],
    "players": [(f"{count} players", count) for count in range(2, 9)],
    "odd_rank": [("Queen (the usual)", "Q"), ("King (Table house rule)", "K"), ("Jack (a variant)", "J")],
    "guidance": [("Guided: the tutor says what to do", "guided"), ("Hints: help when you ask (H)", "hints"), ("On your own: no help", "own")],
    "speed": [("Slow", "slow"), ("Normal", "normal"), ("Fast", "fast"), ("Instant", "instant")],
    "theme": [("Dark", "textual-dark"), ("Light", "textual-light"), ("High contrast", "high-contrast")],
    "suit_style": [("Symbols: ♣ ♦ ♥ ♠", "symbols"), ("Letters: C D H S", "letters")],
}
LABELS = {
    "ruleset": "Rules",
    "players": "Players",
    "odd_rank": "Card taken out",
    "guidance": "Help level",
    "speed": "Computer speed",
    "theme": "Colours",
    "suit_style": "Suits shown as",
}
SWITCHES = {
    "extra_draw_on_pair": "Table house rule: a pair earns another draw",
    "odd_card_wins": "Reversed game: the last odd card wins",
    "wrong_pair_loses": "Strict Bicycle: a wrong pair is allowed, and loses at the end",
    "unlock_all_lessons": "Teacher: unlock every lesson",
}


class SettingsScreen(Screen[None]):
    HELP_TITLE = "Settings"
    HELP_KEYS = [("Tab", "next setting"), ("Enter", "open a list / press a button"), ("Ctrl+S", "save")]
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("ctrl+s", "save", "Save")]

    def compose(self) -> ComposeResult:
        settings: Settings = self.app.settings  # type: ignore[attr-defined]
        yield TutorHeader()
        with VerticalScroll(id="settings"):
            yield Horizontal(Label("Your name", classes="setting-label"), Input(settings.learner_name, id="learner_name", max_length=40), classes="setting")
            for field, options in CHOICES.items():
                yield Horizontal(
                    Label(LABELS[field], classes="setting-label"),
                    Select(options, value=getattr(settings, field), allow_blank=False, id=field),
                    classes="setting",
                )
            for field, label in SWITCHES.items():
                yield Horizontal(Switch(getattr(settings, field), id=field), Label(label), classes="setting switch")
            yield Static(id="settings-error")
            yield Horizontal(Button("Save", id="save", variant="primary"), Button("Cancel", id="cancel"), classes="buttons")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Settings"

    def chosen(self) -> Settings:
        """Settings from the form; ValueError (naming the setting) if they don't go together."""
        values: dict[str, Any] = {"learner_name": self.query_one("#learner_name", Input).value.strip()}
        values |= {field: self.query_one(f"#{field}", Select).value for field in CHOICES}
        values |= {field: self.query_one(f"#{field}", Switch).value for field in SWITCHES}
        if values["ruleset"] == "bicycle":
            values["extra_draw_on_pair"] = False
        return replace(self.app.settings, **values)  # type: ignore[attr-defined]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        else:
            self.app.pop_screen()

    def action_save(self) -> None:
        try:
            settings = self.chosen()
        except ValueError as error:
            self.query_one("#settings-error", Static).update(Text(f"Those settings don't go together: {error}"))
            return
        self.app.save_settings(settings)  # type: ignore[attr-defined]
        self.app.notify("Settings saved. They apply to your next game.", timeout=4)
        self.app.pop_screen()
