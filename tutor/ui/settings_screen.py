"""Settings: which rules to play, who plays, how much help, and how the table looks.

The form only offers what the chosen ruleset allows: the engine's rulebook says which player
counts, odd cards and house rules go with it, and the lists change as soon as the ruleset does.
A problem is shown right under its own field. Leaving with changes not yet saved asks first.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import DescendantFocus
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static, Switch
from textual.widgets._select import SelectOverlay

from tutor import language
from tutor.engine.cards import SUITS, in_suit_letters
from tutor.engine.rules import SWITCHES, VARIANTS, Rules, rulebook
from tutor.language import mark, ntr, tr
from tutor.names import NAME_LENGTH, name_problem
from tutor.settings import Settings
from tutor.ui.dialogs import SaveChangesScreen, dismiss_on_top
from tutor.ui.footer import TutorFooter
from tutor.ui.header import TutorHeader
from tutor.ui.opening import unless_closed
from tutor.ui.page import Page
from tutor.ui.reach import learner, tutor_app
from tutor.ui.rules_words import players_count, variant_name
from tutor.wording import capitalised
from tutor.wording.card_words import rank_name

if TYPE_CHECKING:
    from tutor.ui.app import TutorApp

FIXED_CHOICES: dict[str, list[tuple[str, str]]] = {
    "guidance": [(mark("Guided: the tutor says what to do"), "guided"), (mark("Hints: help when you ask (H)"), "hints"), (mark("On your own: no help"), "own")],
    "speed": [(mark("Slow"), "slow"), (mark("Normal"), "normal"), (mark("Fast"), "fast"), (mark("Instant"), "instant")],
    "suit_style": [(mark("Symbols: {suits}"), "symbols"), (mark("Letters: {suits}"), "letters")],
}
"""The choices of each fixed list, in English (said with `fixed_choices`)."""
LABELS = {
    "learner_name": mark("Your name"),
    "language": mark("Language"),
    "ruleset": mark("Rules"),
    "players": mark("Players"),
    "deck": mark("Cards"),
    "odd_rank": mark("Card taken out"),
    "guidance": mark("Help level"),
    "speed": mark("Computer speed"),
    "theme": mark("Colours"),
    "suit_style": mark("Suits shown as"),
}
HOUSE_RULES = {
    "extra_draw_on_pair": mark("House rule: a pair earns another draw"),
    "odd_card_wins": mark("Reversed game: whoever ends with the odd card wins"),
    "wrong_pair_loses": mark("Strict: a wrong pair may go down; its player loses at the end"),
}
TEACHER_SWITCHES = {"unlock_all_lessons": mark("Teacher: unlock every lesson")}
OTHER_SWITCHES = {"plain_lines": mark("Start in plain lines, for a screen reader or a braille display")}
SELECTS = ("language", "ruleset", "players", "deck", "odd_rank", "guidance", "speed", "theme", "suit_style")


def fixed_choices(field: str) -> list[tuple[str, str]]:
    """A fixed list's choices in the language in use."""
    suits = {"symbols": " ".join(SUITS), "letters": in_suit_letters(" ".join(SUITS))}
    return [(tr(label).format(suits=suits.get(value, "")), value) for label, value in FIXED_CHOICES[field]]


def language_choices() -> list[tuple[str, str]]:
    """Every language the tutor speaks, each named in its own words ("Español", "Deutsch")."""
    return [(name, code) for code, name in language.LANGUAGES.items()]


def ruleset_choices() -> list[tuple[str, str]]:
    return [(ruleset_label(variant), variant) for variant in VARIANTS]


def ruleset_label(variant: str) -> str:
    """ "Bicycle (draw from your right)"."""
    said = tr("{rules} (draw from your left)") if rulebook(variant).draws_from == "left" else tr("{rules} (draw from your right)")
    return capitalised(said.format(rules=variant_name(variant)))  # Spanish names the Table rules "la mesa"


def player_choices(ruleset: str) -> list[tuple[str, int]]:
    low, high = rulebook(ruleset).players
    return [(players_count(count), count) for count in range(low, high + 1)]


def deck_choices() -> list[tuple[str, str]]:
    """Every deck, as the settings and the start of a game offer them (the standard deck first)."""
    from tutor.engine.decks import all_decks

    return [(deck_label(deck.id), deck.id) for deck in all_decks()]


def deck_label(deck_id: str) -> str:
    """ "Playing cards (51 in play)" or "Farm friends: 9 pictures, 19 cards"."""
    from tutor.engine.decks import find_deck

    deck = find_deck(deck_id)
    if deck.is_standard:
        return tr("Playing cards ({count} in play)").format(count=deck.size)
    return tr("{deck}: {pictures}, {cards}").format(
        deck=tr(deck.name),
        pictures=ntr("{count} picture", "{count} pictures", deck.pair_count).format(count=deck.pair_count),
        cards=ntr("{count} card", "{count} cards", deck.size).format(count=deck.size),
    )


def odd_rank_choices(ruleset: str) -> list[tuple[str, str]]:
    usual, *others = rulebook(ruleset).odd_ranks
    return [
        (tr("{rank} (the usual)").format(rank=rank_name(usual)), usual),
        *[(tr("{rank} (a house rule)").format(rank=rank_name(rank)), rank) for rank in others],
    ]


def theme_label(name: str) -> str:
    special = {"textual-dark": tr("Dark"), "textual-light": tr("Light"), "high-contrast": tr("High contrast (easiest to read)")}
    return special.get(name, name.replace("-", " ").capitalize())  # (Textual's other themes are named as Textual names them)


def rules_allow(ruleset: str, players: int, odd_rank: str, switches_on: set[str]) -> bool:
    """Whether the engine accepts this combination (the engine has the last word)."""
    try:
        Rules.of(ruleset, players, odd_rank, **{switch: True for switch in switches_on})
    except ValueError:
        return False
    return True


def setting_row(field: str, control: Widget) -> Vertical:
    """One setting: its label and control on a line, and the place for its problem just below."""
    return Vertical(
        Horizontal(Label(tr(LABELS[field]), classes="setting-label"), control, classes="setting-line"),
        Static(id=f"{field}-problem", classes="problem"),
        classes="setting",
        id=f"{field}-row",
    )


def switch_row(field: str, value: bool, text: str) -> Vertical:
    return Vertical(
        Horizontal(
            Switch(value, id=field),
            Label(on_off(value), id=f"{field}-state", classes="switch-state"),
            Label(tr(text), classes="switch-label"),
            classes="setting-line",
        ),
        Static(id=f"{field}-problem", classes="problem"),
        classes="setting switch",
        id=f"{field}-row",
    )


def on_off(value: bool) -> str:
    return tr("On") if value else tr("Off")


class SettingsScreen(Screen[None]):
    HELP_TITLE = mark("Settings")
    BINDINGS = [
        Binding("escape", "leave", mark("Back"), tooltip=mark("Leave the settings (if you changed something, you are asked first)")),
        Binding("ctrl+s", "save", mark("Save"), tooltip=mark("Save your settings and go back")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._saved_form: dict[str, Any] = {}

    @property
    def tutor(self) -> TutorApp:
        return tutor_app(self)

    def compose(self) -> ComposeResult:
        settings = learner(self).settings
        yield TutorHeader()
        with Page(id="settings"):
            yield setting_row("learner_name", Input(settings.learner_name, id="learner_name", max_length=NAME_LENGTH, compact=True))
            yield setting_row("language", Select(language_choices(), value=self.language_shown(), allow_blank=False, compact=True, id="language"))
            yield setting_row("ruleset", Select(ruleset_choices(), value=settings.ruleset, allow_blank=False, compact=True, id="ruleset"))
            yield setting_row("players", Select(player_choices(settings.ruleset), value=settings.players, allow_blank=False, compact=True, id="players"))
            yield setting_row("deck", Select(deck_choices(), value=settings.deck, allow_blank=False, compact=True, id="deck"))
            yield setting_row("odd_rank", Select(odd_rank_choices(settings.ruleset), value=settings.odd_rank, allow_blank=False, compact=True, id="odd_rank"))
            for field, text in HOUSE_RULES.items():
                yield switch_row(field, getattr(settings, field), text)
            for field in FIXED_CHOICES:
                yield setting_row(field, Select(fixed_choices(field), value=getattr(settings, field), allow_blank=False, compact=True, id=field))
            themes = [(theme_label(name), name) for name in self.tutor.offered_themes()]
            yield setting_row("theme", Select(themes, value=self.tutor.theme, allow_blank=False, compact=True, id="theme"))
            for field, text in (OTHER_SWITCHES | TEACHER_SWITCHES).items():
                yield switch_row(field, getattr(settings, field), text)
            yield Horizontal(Button(tr("Save"), id="save", variant="primary"), Button(tr("Cancel"), id="cancel"), classes="buttons")
        yield TutorFooter()

    @unless_closed
    def on_mount(self) -> None:
        self.sub_title = tr("Settings")
        self._fit_to_ruleset()
        self._saved_form = self.form()
        for select in self.query(Select):
            self.watch(select, "expanded", partial(self._list_opened, select), init=False)

    def _list_opened(self, select: Select[Any], expanded: bool) -> None:
        if expanded:
            self.call_after_refresh(self._lift, select)

    @unless_closed
    def _lift(self, select: Select[Any]) -> None:
        """A choice's list, open, stays above the keys' line: the page scrolls up to make room for
        it, as far as it can, and the list shows what fits (the list of computer speeds, at the foot
        of an 80x24 window, was drawn over the keys: "esc DismisInstant")."""
        page, overlay = self.query_one("#settings", Page), select.query_one(SelectOverlay)
        keys_line = self.query_one(TutorFooter).region.y
        wanted = overlay.option_count + overlay.styles.gutter.height
        lift = min(select.region.bottom + wanted - keys_line, int(page.max_scroll_y - page.scroll_y))
        if lift > 0:
            page.scroll_relative(y=lift, animate=False, immediate=True)
        overlay.styles.max_height = max(1, keys_line - (select.region.bottom - max(lift, 0)))

    # ----- reading and fitting the form -----------------------------------------------------------

    def form(self) -> dict[str, Any]:
        """What the form shows now, field by field (house rules the ruleset lacks count as off)."""
        values: dict[str, Any] = {"learner_name": self.query_one("#learner_name", Input).value.strip()}
        values |= {field: self.query_one(f"#{field}", Select).value for field in SELECTS}
        offered = rulebook(values["ruleset"]).switches
        values |= {field: field in offered and self.query_one(f"#{field}", Switch).value for field in SWITCHES}
        values |= {field: self.query_one(f"#{field}", Switch).value for field in OTHER_SWITCHES | TEACHER_SWITCHES}
        return values

    def changed(self) -> bool:
        return self.form() != self._saved_form

    def _fit_to_ruleset(self) -> None:
        """Offer only the players, odd cards and house rules the chosen ruleset allows."""
        ruleset = str(self.query_one("#ruleset", Select).value)
        book = rulebook(ruleset)
        players = self.query_one("#players", Select)
        count = players.value if isinstance(players.value, int) else book.players[1]
        fitted = min(max(count, book.players[0]), book.players[1])
        odd_rank = self.query_one("#odd_rank", Select)
        rank = odd_rank.value
        with self.prevent(Select.Changed):  # fitted here, not chosen by the learner
            players.set_options(player_choices(ruleset))
            players.value = fitted
            odd_rank.set_options(odd_rank_choices(ruleset))
            odd_rank.value = rank if rank in book.odd_ranks else book.odd_ranks[0]
        name = variant_name(ruleset)
        low, high = book.players
        fitted_words = tr("{rules} rules take {low} to {high} players, so this is now {count}.").format(rules=name, low=low, high=high, count=fitted)
        self._say("players", "" if fitted == count else fitted_words)
        if rank not in book.odd_ranks and isinstance(rank, str):
            self._say(
                "odd_rank",
                tr("{rules} rules don't take out a {rank}, so this is now the {usual}.").format(
                    rules=name, rank=rank_name(rank), usual=rank_name(book.odd_ranks[0])
                ),
            )
        else:
            self._say("odd_rank", "")
        for field in SWITCHES:
            self.query_one(f"#{field}-row").display = field in book.switches
        self._fit_to_deck()
        self._fit_switches()

    def _fit_to_deck(self) -> None:
        """A picture deck's Old Maid is its character card: no card is taken out, so no odd rank to choose."""
        self.query_one("#odd_rank-row").display = self.query_one("#deck", Select).value == "standard"

    def _fit_switches(self) -> None:
        """A house rule that can't go with the ones already on is shown off, with the reason."""
        values = self.form()
        book = rulebook(values["ruleset"])
        on = {field for field in book.switches if values[field]}
        for field in book.switches:
            switch = self.query_one(f"#{field}", Switch)
            blocker = None if switch.value else self._blocker(values, on, field)
            switch.disabled = blocker is not None
            self._say(
                field,
                "" if blocker is None else tr("Can't be on together with “{rule}”: turn that off first.").format(rule=tr(HOUSE_RULES.get(blocker, blocker))),
            )

    def _blocker(self, values: dict[str, Any], on: set[str], field: str) -> str | None:
        """Which switch that is on keeps `field` from being turned on (None: nothing does)."""
        ruleset, players, odd_rank = values["ruleset"], values["players"], values["odd_rank"]
        if rules_allow(ruleset, players, odd_rank, on | {field}):
            return None
        return next((other for other in sorted(on) if rules_allow(ruleset, players, odd_rank, (on - {other}) | {field})), "")

    def _say(self, field: str, problem: str) -> None:
        box = self.query_one(f"#{field}-problem", Static)
        box.update(Text(problem))
        box.set_class(bool(problem), "-shown")

    # ----- reacting to the learner ----------------------------------------------------------------

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "ruleset":
            self._fit_to_ruleset()
        elif event.select.id == "deck":
            self._fit_to_deck()
        elif event.select.id in ("players", "odd_rank"):
            self._say(event.select.id, "")  # the learner chose: an earlier "so this is now ..." no longer applies
            self._fit_switches()

    def on_switch_changed(self, event: Switch.Changed) -> None:
        self.query_one(f"#{event.switch.id}-state", Label).update(on_off(event.value))
        if event.switch.id in SWITCHES:
            self._fit_switches()

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        """Mark the focused setting's row clearly (compact controls alone show focus too faintly)."""
        focused_row = next((node for node in event.widget.ancestors_with_self if "setting" in node.classes), None)
        for row in self.query(".setting"):
            row.set_class(row is focused_row, "-focused")

    def on_input_changed(self, event: Input.Changed) -> None:
        self._say("learner_name", self._name_problem(event.value))

    @staticmethod
    def _name_problem(name: str) -> str:
        return name_problem(name) if name.strip() else tr("Please type a name (1 to {length} letters).").format(length=NAME_LENGTH)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_leave()

    def chosen(self) -> Settings:
        """Settings from the form; ValueError (its message starting with the field) if they can't be made."""
        values = self.form()
        problem = self._name_problem(values["learner_name"])
        if problem:
            raise ValueError(f"learner_name {problem}")
        settings = learner(self).settings
        if values["theme"] == self._saved_form["theme"]:  # untouched: keep any theme picked meanwhile
            values["theme"] = settings.theme
        else:
            values["theme_chosen"] = True
        if values["language"] == self._saved_form["language"]:  # untouched: "" still follows --lang and the environment
            values["language"] = settings.language
        return replace(settings, **values)

    def language_shown(self) -> str:
        """The language the choice shows: the learner's own, else the one spoken now."""
        return learner(self).settings.language or language.current()

    def action_save(self) -> None:
        try:
            settings = self.chosen()
        except ValueError as error:
            field, _, message = str(error).partition(" ")
            if field not in LABELS and field not in SWITCHES:
                field, message = "learner_name", str(error)
            self._say(field, message)
            target = self.query_one(f"#{field}-row")
            target.scroll_visible(animate=False)
            self.query_one(f"#{field}").focus()
            return
        speaking = language.current()
        self.tutor.save_settings(settings)
        if language.current() != speaking:  # every screen says it again in the new language, from Home
            self.tutor.speak_again()
        else:
            dismiss_on_top(self)
        self.app.notify(tr("Settings saved. New rules, cards and help level start with your next game."), timeout=4)

    def action_leave(self) -> None:
        if not self.changed():
            dismiss_on_top(self)
            return
        self.app.push_screen(SaveChangesScreen(), self._leave_answer)

    def _leave_answer(self, answer: str | None) -> None:
        if answer == "save":
            self.action_save()
        elif answer == "discard":
            dismiss_on_top(self)
