"""The Rules as plain lines: each heading, then its paragraph, as the Rules screen shows them."""

from __future__ import annotations

from tutor.engine import Rules
from tutor.plain.lines import Lines
from tutor.wording.rules import rules_summary


def say_rules(lines: Lines, rules: Rules) -> None:
    said = [f"The rules: {rules.name}, {rules.players} players."]
    for heading, paragraph in rules_summary(rules):
        said += ["", f"{heading}:", paragraph]
    lines.say(*said)
