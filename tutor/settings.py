"""A learner's choices: which rules to play, how much help to get, how the table looks.

Settings are immutable; change one with ``dataclasses.replace(settings, speed="fast")``.
Every field is checked when a Settings is made, so a bad value fails at once with a
ValueError naming the field and what it may be; the engine's Rules then check that the
house rules go together. ``Settings.from_dict`` is the forgiving way in, for saved
data: a bad value there quietly keeps its default instead.

Which rules choices go together is the engine's fact (`tutor.engine.rules.Rulebook`); a screen
that lists choices asks this module:

- ``choices_for(ruleset)`` -> ``RulesetChoices``: ``players`` (a range of allowed counts),
  ``odd_ranks`` (the usual one first: Bicycle Q or J, Table Q or K), ``switches`` (the names of
  the house-rule fields that ruleset offers, in ``SWITCH_ORDER``), ``name`` ("Bicycle").
- ``settings.with_ruleset(ruleset)``: the same settings moved to another ruleset, keeping every
  choice it allows and taking its usual one for the rest (so switching ruleset never fails).
- ``settings.house_rules()``: the switches of the ruleset in play, with their values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Literal, get_args

from tutor.engine.rules import ODD_RANKS, SWITCHES, VARIANTS, OddRank, Variant, rulebook
from tutor.language import LANGUAGES
from tutor.names import NAME_LENGTH, name_problem

if TYPE_CHECKING:
    from tutor.engine import Rules

Ruleset = Variant
"""A ruleset's name; which ones there are, and the odd ranks (`OddRank`), are the engine's facts."""
Guidance = Literal["guided", "hints", "own"]
Speed = Literal["slow", "normal", "fast", "instant"]
SuitStyle = Literal["symbols", "letters"]

_CHOICES: dict[str, tuple[str, ...]] = {
    "ruleset": VARIANTS,
    "odd_rank": ODD_RANKS,
    "guidance": get_args(Guidance),
    "speed": get_args(Speed),
    "suit_style": get_args(SuitStyle),
}
SWITCH_ORDER: tuple[str, ...] = SWITCHES
"""The house-rule switches, in the order a screen lists them; each is a bool field of Settings."""
_SWITCHES = (*SWITCHES, "unlock_all_lessons", "theme_chosen")


@dataclass(frozen=True)
class RulesetChoices:
    """What the settings may hold for one ruleset, from the engine's rulebook."""

    ruleset: Ruleset
    name: str
    """"Bicycle" or "Table"."""
    players: range
    """Every allowed player count."""
    odd_ranks: tuple[OddRank, ...]
    """The allowed odd ranks, the usual one first."""
    switches: tuple[str, ...]
    """The house-rule fields this ruleset plays (in SWITCH_ORDER); the others are kept but not played."""


def choices_for(ruleset: str) -> RulesetChoices:
    """The choices one ruleset allows; an unknown ruleset raises ValueError (`RulesError`)."""
    book = rulebook(ruleset)
    low, high = book.players
    return RulesetChoices(
        ruleset=book.variant,
        name=book.name,
        players=range(low, high + 1),
        odd_ranks=book.odd_ranks,
        switches=tuple(name for name in SWITCH_ORDER if name in book.switches),
    )


@dataclass(frozen=True)
class Settings:
    ruleset: Ruleset = "bicycle"
    players: int = 4
    learner_name: str = "You"
    opponent_names: tuple[str, ...] = ("Bea", "Sam", "Ana", "Kit", "Lou", "Max", "Zoe")
    odd_rank: OddRank = "Q"
    extra_draw_on_pair: bool = False  # used by the Table rules only
    odd_card_wins: bool = False
    wrong_pair_loses: bool = False  # strict Bicycle rules only
    deck: str = "standard"  # "standard" or a picture deck's id (tutor.engine.decks); the odd rank applies to the standard deck only
    guidance: Guidance = "guided"
    speed: Speed = "normal"
    theme: str = "textual-dark"
    theme_chosen: bool = False  # False: the app follows $TEXTUAL_THEME until the learner picks a theme
    suit_style: SuitStyle = "symbols"
    unlock_all_lessons: bool = False  # a teacher's setting
    plain_lines: bool = False  # start in plain lines (tutor.plain), for a screen reader or a braille display
    language: str = ""  # a code of tutor.language.LANGUAGES the learner chose; "" follows --lang and the environment

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            _check_choice(name, getattr(self, name), allowed)
        for name in _SWITCHES:
            _check_switch(name, getattr(self, name))
        _check_players(self.ruleset, self.players)
        _check_name("learner_name", self.learner_name)
        _check_opponents(self.opponent_names, self.players)
        _check_theme(self.theme)
        _check_deck(self.deck)
        _check_language(self.language)
        self.rules()  # the engine has the last word on which house rules go together

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values, one per field."""
        data = {field.name: getattr(self, field.name) for field in fields(self)}
        data["opponent_names"] = list(self.opponent_names)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Settings:
        """Settings from saved data, never failing: unknown keys are ignored and
        a missing or bad value keeps its default, field by field."""
        settings = cls()
        for field in fields(cls):  # in order, so ruleset is known before players
            if field.name not in data:
                continue
            value = data[field.name]
            if field.name == "opponent_names" and isinstance(value, list):
                value = tuple(value)
            try:
                settings = replace(settings, **{field.name: value})
            except ValueError:
                pass  # keep the value we already had
        return settings

    def rules(self) -> Rules:
        """The engine's Rules for these settings: the house rules of the ruleset in play, the
        others left out. Raises ValueError (`RulesError`) for a combination no rulebook has."""
        from tutor.engine.rules import Rules

        rules = Rules(self.ruleset, self.players, self.odd_rank, deck="standard", **self.house_rules())
        return rules if self.deck == "standard" else rules.with_deck(self.deck)

    def house_rules(self) -> dict[str, bool]:
        """The house-rule switches the ruleset in play offers, with their values (SWITCH_ORDER)."""
        return {name: getattr(self, name) for name in choices_for(self.ruleset).switches}

    def with_ruleset(self, ruleset: Ruleset) -> Settings:
        """These settings for `ruleset`: each choice it allows is kept, the player count is brought
        into its range, an odd rank it lacks becomes its usual one, and a house rule that cannot go
        with the others is switched off."""
        choices = choices_for(ruleset)
        players = min(max(self.players, choices.players.start), choices.players.stop - 1)
        odd_rank = self.odd_rank if self.odd_rank in choices.odd_ranks else choices.odd_ranks[0]
        names = self.opponent_names
        if len(names) < players - 1:
            names = names + Settings().opponent_names[len(names) :]
        moved = replace(self, ruleset=ruleset, players=players, odd_rank=odd_rank, opponent_names=names, wrong_pair_loses=False)
        if self.wrong_pair_loses:  # kept unless it cannot go with the reversed game
            try:
                return replace(moved, wrong_pair_loses=True)
            except ValueError:
                pass
        return moved


def _check_choice(name: str, value: object, allowed: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}; not {value!r}")


def _check_language(code: object) -> None:
    if not isinstance(code, str) or (code and code not in LANGUAGES):
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)} (or empty), not {code!r}")


def _check_switch(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, not {value!r}")


def _check_deck(deck: object) -> None:
    """A known deck id; a picture deck is looked up (and its file read) only when one is chosen."""
    if not isinstance(deck, str):
        raise ValueError(f"deck must be a deck's id, not {deck!r}")
    if deck != "standard":
        from tutor.engine.decks import find_deck

        find_deck(deck)  # RulesError (a ValueError) naming the known decks


def _check_players(ruleset: str, players: object) -> None:
    allowed = choices_for(ruleset).players
    low, high = allowed.start, allowed.stop - 1
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        raise ValueError(f"players must be {low} to {high} with the {ruleset} rules, not {players!r}")


def _check_name(field: str, value: object) -> None:
    """A player's name meets the one rule on names (`tutor.names`), wherever the settings came from."""
    problem = name_problem(value) if isinstance(value, str) else f"A name must be text, not {value!r}."
    if problem:
        raise ValueError(f"{field} {problem}")


def _check_theme(theme: object) -> None:
    if not isinstance(theme, str) or not 1 <= len(theme.strip()) <= NAME_LENGTH:
        raise ValueError(f"theme must be 1 to {NAME_LENGTH} characters, not {theme!r}")


def _check_opponents(names: object, players: int) -> None:
    needed = players - 1
    if not isinstance(names, tuple) or len(names) < needed:
        raise ValueError(f"opponent_names must be a tuple of at least {needed} names for {players} players, not {names!r}")
    for name in names:
        _check_name("opponent_names", name)
