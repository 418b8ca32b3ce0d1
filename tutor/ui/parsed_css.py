"""Textual CSS parsed once per process instead of once per app.

Textual keeps what it has parsed in each app's own stylesheet, so every app parses every widget's
CSS again: about a quarter of the CPU a pupil's app spends on its first screen. A class's apps are
forked from one warm process (tutor.serve.warm), which has rehearsed a pupil's first minutes
(tutor.serve.rehearsal): with the parsed rules kept here, per process, every forked app finds the
CSS of every screen it opens already parsed.

The parsed rules depend on the CSS, where it came from, its place and scope, and the theme's
variables, and on nothing else; they are kept by all of those, so a theme changed or a learner's own
look never finds another's rules. Textual already reuses parsed rules between parses within one
app; this only widens that to the apps of one process. Textual is pinned to one version, and a test
checks that its parser is still the one this wraps.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.css.tokenize import tokenize_values
from textual.css.tokenizer import Token

LARGEST = 4096
"""Parsed sources kept at most (a theme's worth is about 150); past it, they are parsed afresh."""
_parsed: dict[tuple[Hashable, ...], list[RuleSet]] = {}
_tokens: dict[tuple[tuple[str, str], ...], dict[str, list[Token]]] = {}
_themes: dict[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]] = {}
"""One copy of each set of theme variables, which every key made with them shares (a set is about
150 pairs: a copy in each key would hold a few hundred KiB)."""
_textuals_parse_rules = Stylesheet._parse_rules


def _theme(self: Stylesheet) -> tuple[tuple[str, str], ...]:
    """The stylesheet's theme variables, as the one copy kept of them."""
    variables = tuple(self._variables.items())
    if len(_themes) >= LARGEST:
        _themes.clear()
    return _themes.setdefault(variables, variables)


def _parse_rules(self: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False, tie_breaker: int = 0, scope: str = "") -> list[RuleSet]:
    key = (_theme(self), css, read_from, is_default_rules, tie_breaker, scope)
    rules = _parsed.get(key)
    if rules is None:
        rules = _textuals_parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        if len(_parsed) >= LARGEST:
            _parsed.clear()
        _parsed[key] = rules
    return rules


def _variable_tokens(self: Stylesheet) -> dict[str, list[Token]]:
    key = _theme(self)
    tokens = _tokens.get(key)
    if tokens is None:
        tokens = tokenize_values(self._variables)
        if len(_tokens) >= LARGEST:
            _tokens.clear()
        _tokens[key] = tokens
    return tokens


def parse_once_per_process() -> None:
    """From now on, every stylesheet in this process shares what any of them has parsed."""
    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]
    Stylesheet._variable_tokens = property(_variable_tokens)  # type: ignore[assignment,method-assign]
