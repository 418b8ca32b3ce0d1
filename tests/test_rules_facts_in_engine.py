"""Rules facts live only in the engine (issue 9): outside tutor/engine/ no code walks seats or does
arithmetic on seat numbers, and none tests the ruleset's name. Such code asks the engine instead
(`Game.next_active`, `Game.skipped`, `Game.turn_passing`, `Rules.side_of`, `Rules.seat_left_of`,
`Rules.book`, `settings.choices_for`, ...). Each offender is listed as file:line: what it does."""

from __future__ import annotations

import ast
from pathlib import Path

from tutor.engine.rules import ODD_RANKS, VARIANTS

TUTOR = Path(__file__).parent.parent / "tutor"
ENGINE = TUTOR / "engine"
VARIANT_NAMES = set(VARIANTS)
VARIANT_FIELDS = {"variant", "ruleset"}
SEAT_WORDS = ("seat", "player", "drawer", "giver", "dealer", "learner")
"""Words in a name that holds a seat number or a number of seats."""


def _names(node: ast.AST) -> list[str]:
    return [sub.id if isinstance(sub, ast.Name) else sub.attr for sub in ast.walk(node) if isinstance(sub, (ast.Name, ast.Attribute))]


def _is_seatish(node: ast.AST) -> bool:
    """Whether a name in `node` holds a seat or a number of seats (names only: never words in text)."""
    return any(word in name.lower() for name in _names(node) for word in SEAT_WORDS)


def _is_seat(node: ast.AST) -> bool:
    """A plain name or attribute holding a seat: `seat`, `game.dealer`, `self.seat_cursor`."""
    return isinstance(node, (ast.Name, ast.Attribute)) and _is_seatish(node)


def _is_text(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


def _names_variant(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and node.value in VARIANT_NAMES:
        return True
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_variant(item) for item in node.elts)
    name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        name = node.slice.value
    return name in VARIANT_FIELDS


def _seat_step(node: ast.AST) -> bool:
    """`players - 1`, `dealer + 1`, `seat - learner`: arithmetic that finds a neighbour or a distance."""
    return isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)) and _is_seatish(node)


def offences(source: str) -> list[tuple[int, str]]:
    """(line, what) for each piece of seat arithmetic or variant-name test in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and not _is_text(node.left):
            if _is_seatish(node.left) or _is_seatish(node.right):
                found.append((node.lineno, f"seat arithmetic: {ast.unparse(node)}"))
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_names_variant(side) for side in sides):
                found.append((node.lineno, f"tests the ruleset's name: {ast.unparse(node)}"))
            elif any(_is_seat(side) for side in sides) and any(_seat_step(side) for side in sides):
                found.append((node.lineno, f"finds a neighbour by seat arithmetic: {ast.unparse(node)}"))
        elif isinstance(node, ast.Match) and _names_variant(node.subject):
            found.append((node.lineno, f"tests the ruleset's name: match {ast.unparse(node.subject)}"))
    return sorted(found)


def test_the_checker_finds_what_it_should() -> None:
    caught = "\n".join(
        [
            "a = (seat - learner) % players",
            "b = (self.seat_cursor + step) % players",
            "if rules.variant == 'bicycle': pass",
            "if args.rules == 'table': pass",
            "if values['ruleset'] != 'bicycle': pass",
            "if settings.ruleset in ('bicycle', 'table'): pass",
            "if seat == players - 1: pass",
            "if giver != dealer + 1: pass",
            "match rules.variant:\n    case _: pass",
        ]
    )
    assert [line for line, _ in offences(caught)] == list(range(1, 10))
    allowed = "\n".join(
        [
            "a = '%d seats' % players",
            "b = number % 100",
            "c = rules.side_of(seat, learner)",
            "d = seat + 1",
            "if rules.book.giver_offers: pass",
            "e = {'bicycle': 1}",
            "if len(names) == players: pass",
            "if len(names) < players - 1: pass",
            "if kind in NEEDS_GAME - {'seat'}: pass",
            "f = (self.cursor + step) % self.count()",
            "if SEATS_HEIGHT + 1 > room: pass",
        ]
    )
    assert offences(allowed) == []


def test_no_seat_arithmetic_or_ruleset_name_tests_outside_the_engine() -> None:
    problems = []
    for path in sorted(TUTOR.rglob("*.py")):
        if ENGINE in path.parents:
            continue
        for line, what in offences(path.read_text(encoding="utf-8")):
            problems.append(f"{path.relative_to(TUTOR.parent)}:{line}: {what}")
    assert not problems, "ask the engine instead:\n" + "\n".join(problems)


def restated_choices(source: str) -> list[tuple[int, str]]:
    """(line, what) for each list of the ruleset names or of the odd ranks written out in `source`
    (a tuple, list, set or Literal of two or more): those are the engine's VARIANTS and ODD_RANKS."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and len(node.elts) >= 2:
            values = {item.value if isinstance(item, ast.Constant) else None for item in node.elts}
            if values <= VARIANT_NAMES or values <= set(ODD_RANKS):
                found.append((node.lineno, f"restates the engine's choices: {ast.unparse(node)}"))
    return sorted(found)


def test_the_choices_checker_finds_what_it_should() -> None:
    caught = "\n".join(
        ['Ruleset = Literal["bicycle", "table"]', 'OddRank = Literal["Q", "K", "J"]', 'add("--rules", choices=("bicycle", "table"))', 'usual = ["Q", "J"]']
    )
    assert [line for line, _ in restated_choices(caught)] == [1, 2, 3, 4]
    allowed = "\n".join(
        ['WHY_KEYS = ("any", "bicycle", "table")', 'RANKS = ("A", "2", "J", "Q", "K")', 'add("--rules", choices=VARIANTS, default="bicycle")', 'x = ("Q",)']
    )
    assert restated_choices(allowed) == []


def test_no_list_of_rulesets_or_odd_ranks_outside_the_engine() -> None:
    problems = []
    for path in sorted(TUTOR.rglob("*.py")):
        if ENGINE not in path.parents:
            problems += [f"{path.relative_to(TUTOR.parent)}:{line}: {what}" for line, what in restated_choices(path.read_text(encoding="utf-8"))]
    assert not problems, "use tutor.engine.rules (VARIANTS, ODD_RANKS, Variant, OddRank):\n" + "\n".join(problems)
