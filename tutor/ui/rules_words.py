"""The ruleset and the players in the words of the language in use, as screen titles name them
(the rulebooks' names are the wording layer's: `tutor.wording.rules_name`, `book_name`)."""

from __future__ import annotations

from tutor.engine import Rules
from tutor.engine.rules import rulebook
from tutor.language import ntr
from tutor.wording import book_name, capitalised
from tutor.wording import rules_name as book_rules_name


def rules_title(rules: Rules) -> str:
    """ "Bicycle rules" or "Table rules", as a title starts (Spanish "Reglas de la mesa")."""
    return capitalised(book_rules_name(rules.book.name))


def players_count(players: int) -> str:
    """ "4 players"."""
    return ntr("{count} player", "{count} players", players).format(count=players)


def rules_and_players(rules: Rules) -> str:
    """ "Bicycle rules · 4 players"."""
    return f"{rules_title(rules)} · {players_count(rules.players)}"


def rules_name(rules: Rules) -> str:
    """ "Bicycle" or "Table", as a sentence names the ruleset."""
    return book_name(rules.book.name)


def variant_name(variant: str) -> str:
    """A ruleset's name ("bicycle" is "Bicycle")."""
    return book_name(rulebook(variant).name)
