"""The ruleset and the players in the words of the language in use, as screen titles name them."""

from __future__ import annotations

from tutor.engine import Rules
from tutor.language import ntr, tr


def rules_title(rules: Rules) -> str:
    """ "Bicycle rules" or "Table rules"."""
    return tr("Bicycle rules") if rules.variant == "bicycle" else tr("Table rules")


def players_count(players: int) -> str:
    """ "4 players"."""
    return ntr("{count} player", "{count} players", players).format(count=players)


def rules_and_players(rules: Rules) -> str:
    """ "Bicycle rules · 4 players"."""
    return f"{rules_title(rules)} · {players_count(rules.players)}"


def rules_name(rules: Rules) -> str:
    """ "Bicycle" or "Table", as a sentence names the ruleset."""
    return variant_name(rules.variant)


def variant_name(variant: str) -> str:
    """A ruleset's name ("bicycle" is "Bicycle")."""
    return tr("Bicycle") if variant == "bicycle" else tr("Table")
