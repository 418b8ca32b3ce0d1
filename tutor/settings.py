"""A learner's choices: which rules to play, how much help to get, how the table looks.

Settings are immutable; change one with ``dataclasses.replace(settings, speed="fast")``.
Every field is checked when a Settings is made, so a bad value fails at once with a
ValueError naming the field and what it may be; the engine's Rules then check that the
house rules go together. ``Settings.from_dict`` is the forgiving way in, for saved
data: a bad value there quietly keeps its default instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Literal, get_args

if TYPE_CHECKING:
    from tutor.engine import Rules

Ruleset = Literal["bicycle", "table"]
OddRank = Literal["Q", "K", "J"]
Guidance = Literal["guided", "hints", "own"]
Speed = Literal["slow", "normal", "fast", "instant"]
SuitStyle = Literal["symbols", "letters"]

NAME_LENGTH = 40

_CHOICES: dict[str, tuple[str, ...]] = {
    "ruleset": get_args(Ruleset),
    "odd_rank": get_args(OddRank),
    "guidance": get_args(Guidance),
    "speed": get_args(Speed),
    "suit_style": get_args(SuitStyle),
}
_SWITCHES = ("extra_draw_on_pair", "odd_card_wins", "wrong_pair_loses", "unlock_all_lessons", "theme_chosen")


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
    guidance: Guidance = "guided"
    speed: Speed = "normal"
    theme: str = "textual-dark"
    theme_chosen: bool = False  # False: the app follows $TEXTUAL_THEME until the learner picks a theme
    suit_style: SuitStyle = "symbols"
    unlock_all_lessons: bool = False  # a teacher's setting

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            _check_choice(name, getattr(self, name), allowed)
        for name in _SWITCHES:
            _check_switch(name, getattr(self, name))
        _check_players(self.ruleset, self.players)
        _check_name("learner_name", self.learner_name)
        _check_opponents(self.opponent_names, self.players)
        _check_name("theme", self.theme)
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
        """The engine's Rules for these settings."""
        from tutor.engine import Rules  # here, so that importing settings stays light

        if self.ruleset == "table":
            return Rules.table(
                players=self.players,
                odd_rank=self.odd_rank,
                extra_draw_on_pair=self.extra_draw_on_pair,
                odd_card_wins=self.odd_card_wins,
            )
        return Rules.bicycle(
            players=self.players,
            odd_rank=self.odd_rank,
            odd_card_wins=self.odd_card_wins,
            wrong_pair_loses=self.wrong_pair_loses,
        )


def _check_choice(name: str, value: object, allowed: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}; not {value!r}")


def _check_switch(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, not {value!r}")


def _check_players(ruleset: str, players: object) -> None:
    from tutor.engine.rules import PLAYER_RANGE

    low, high = PLAYER_RANGE[ruleset]
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise ValueError(f"players must be {low} to {high} with the {ruleset} rules, not {players!r}")


def _check_name(name: str, value: object) -> None:
    if not isinstance(value, str) or not 1 <= len(value.strip()) <= NAME_LENGTH:
        raise ValueError(f"{name} must be 1 to {NAME_LENGTH} characters, not {value!r}")


def _check_opponents(names: object, players: int) -> None:
    needed = players - 1
    if not isinstance(names, tuple) or len(names) < needed:
        raise ValueError(
            f"opponent_names must be a tuple of at least {needed} names for "
            f"{players} players, not {names!r}"
        )
    for name in names:
        _check_name("each of opponent_names", name)
