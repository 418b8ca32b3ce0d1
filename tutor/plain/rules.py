"""The Rules as plain lines: each heading, then its paragraph, as the Rules screen shows them."""

from __future__ import annotations

from tutor.engine import Rules
from tutor.language import tr
from tutor.plain.lines import Lines
from tutor.plain.words import rules_named
from tutor.wording.rules import CHANGE_OUTSIDE_PLAIN_LINES, rules_summary


def say_rules(lines: Lines, rules: Rules) -> None:
    said = [tr("The rules: {rules}, {players} players.").format(rules=rules_named(rules.name), players=rules.players)]
    for heading, paragraph in rules_summary(rules, CHANGE_OUTSIDE_PLAIN_LINES):
        said += ["", tr("{heading}:").format(heading=heading), paragraph]
    lines.say(*said)
