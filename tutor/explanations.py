"""Plain-words explanations of rule mistakes, from `lessons/mistakes.yaml`.

The words are data a teacher can edit; this module fills in the cards and seats of the mistake
at hand and picks the wording for the rules in play. Free of Textual.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from tutor.engine import Card, Game, Mistake, MistakeCode, rank_name
from tutor.wording import listed

PLACEHOLDERS = frozenset({"cards", "rank", "seat", "giver", "drawer", "left", "direction"})
FIELDS = ("rule", "lesson", "what", "why", "instead")


@dataclass(frozen=True)
class Explanation:
    code: str
    rule: str
    """The rule it is about, as a short title ("Every pair goes down")."""
    lesson: str
    """The id of the lesson that teaches that rule."""
    what: str
    why: str
    instead: str

    def text(self) -> str:
        return f"{self.what} {self.why} {self.instead}"


@cache
def load_mistakes() -> dict[str, dict[str, Any]]:
    """The explanations keyed by mistake code, checked (ValueError with the file and field if not)."""
    text = resources.files("tutor.lessons").joinpath("mistakes.yaml").read_text(encoding="utf-8")
    return parse_mistakes(text, "lessons/mistakes.yaml")


def parse_mistakes(text: str, where: str) -> dict[str, dict[str, Any]]:
    import yaml

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise ValueError(f"{where}: not valid YAML: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("mistakes"), dict):
        raise ValueError(f"{where}: expected 'format_version' and a 'mistakes' mapping")
    mistakes: dict[str, dict[str, Any]] = data["mistakes"]
    for code in MistakeCode:
        if code.value not in mistakes:
            raise ValueError(f"{where}: mistakes.{code.value}: missing (every mistake code needs words)")
    for code, entry in mistakes.items():
        _check_entry(entry, f"{where}: mistakes.{code}")
    return mistakes


def _check_entry(entry: Any, where: str) -> None:
    if not isinstance(entry, dict):
        raise ValueError(f"{where}: expected a mapping with {', '.join(FIELDS)}")
    for field in FIELDS:
        if field not in entry:
            raise ValueError(f"{where}.{field}: missing")
    unknown = set(entry) - set(FIELDS)
    if unknown:
        raise ValueError(f"{where}.{sorted(unknown)[0]}: unknown field (allowed: {', '.join(FIELDS)})")
    why = entry["why"]
    if not isinstance(why, dict) or "any" not in why or set(why) - {"any", "bicycle", "table"}:
        raise ValueError(f"{where}.why: expected 'any' and optional 'bicycle' and 'table' wordings")
    texts = {field: entry[field] for field in ("what", "instead", "rule")} | {f"why.{k}": v for k, v in why.items()}
    for field, value in texts.items():
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"{where}.{field}: expected some words")
        for _, name, _, _ in string.Formatter().parse(value):
            if name is not None and name not in PLACEHOLDERS:
                raise ValueError(f"{where}.{field}: unknown placeholder {{{name}}} (allowed: {', '.join(sorted(PLACEHOLDERS))})")


def explain(
    mistake: Mistake,
    game: Game,
    names: Sequence[str],
    letters: bool = False,
    entries: Mapping[str, dict[str, Any]] | None = None,
) -> Explanation:
    """Words for `mistake`, made in `game`, with seats called by `names`."""
    entry = (entries or load_mistakes())[mistake.code.value]
    values = _placeholders(mistake, game, names, letters)
    why = entry["why"].get(game.rules.variant, entry["why"]["any"])
    return Explanation(
        code=mistake.code.value,
        rule=entry["rule"],
        lesson=entry["lesson"],
        what=_fill(entry["what"], values),
        why=_fill(why, values),
        instead=_fill(entry["instead"], values),
    )


def rule_of(code: str) -> str:
    """The short title of the rule a mistake code is about."""
    return str(load_mistakes()[code]["rule"])


def _placeholders(mistake: Mistake, game: Game, names: Sequence[str], letters: bool) -> dict[str, str]:
    def name(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else "nobody"

    chosen = mistake.seats[0] if mistake.seats else None
    rightful = mistake.seats[1] if len(mistake.seats) > 1 else game.giver
    ranks = {card.rank for card in mistake.cards}
    return {
        "cards": _card_list(mistake.cards, letters),
        "rank": rank_name(next(iter(ranks)), plural=True) if len(ranks) == 1 else "cards",
        "seat": name(chosen),
        "giver": name(rightful),
        "drawer": name(game.drawer),
        "left": str(game.stock),
        "direction": f"on your {game.rules.draws_from}",
    }


def _card_list(cards: Sequence[Card], letters: bool) -> str:
    """'7♣ and 7♦', '5♣, 5♦ and 5♥': cards as a sentence names them."""
    return listed([card.text(letters) for card in sorted(cards)]) or "those cards"


def _fill(text: str, values: Mapping[str, str]) -> str:
    return text.format_map(values)
