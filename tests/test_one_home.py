"""One fact, one place: each fact below is stated in one module, and the source is scanned for a
second copy. Each offender is listed as file:line: what it restates."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tutor.concepts import CONCEPTS
from tutor.engine import SUITS, MistakeCode

TUTOR = Path(__file__).parent.parent / "tutor"


def _sources(*leave_out: str) -> Iterator[tuple[str, ast.Module]]:
    """(path from the project, parsed module) for every module of the tutor but `leave_out`."""
    for path in sorted(TUTOR.rglob("*.py")):
        name = path.relative_to(TUTOR.parent).as_posix()
        if name not in leave_out:
            yield name, ast.parse(path.read_text(encoding="utf-8"))


def _docstrings(tree: ast.Module) -> set[ast.AST]:
    """The string constants that stand alone as statements: documentation, never shown."""
    return {node.value for node in ast.walk(tree) if isinstance(node, ast.Expr) and _text(node.value) is not None}


def _text(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


# ----- the concept of each mistake: tutor/concepts.py ----------------------------------------------


def _mistake_code(node: ast.AST | None) -> bool:
    """ "kept-pair", or MistakeCode.KEPT_PAIR.value."""
    if _text(node) in {code.value for code in MistakeCode}:
        return True
    return isinstance(node, ast.Attribute) and node.attr == "value" and "MistakeCode" in ast.unparse(node)


def concept_maps(tree: ast.Module) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Dict)
            and node.keys
            and all(_mistake_code(key) and _text(value) in CONCEPTS for key, value in zip(node.keys, node.values, strict=True))
        ):
            found.append((node.lineno, "a mistake code -> concept map"))
    return found


def test_the_concept_scan_finds_a_second_map() -> None:
    tree = ast.parse('A = {"kept-pair": "pairs"}\nB = {MistakeCode.WRONG_NEIGHBOUR.value: "direction"}\nC = {"kept-pair": RULE}')
    assert [line for line, _ in concept_maps(tree)] == [1, 2]


def test_only_tutor_concepts_says_which_concept_a_mistake_is_about() -> None:
    problems = [f"{name}:{line}: {what}" for name, tree in _sources("tutor/concepts.py") for line, what in concept_maps(tree)]
    assert not problems, "use tutor.concepts.MISTAKE_CONCEPTS:\n" + "\n".join(problems)


# ----- suit symbols and their letters: tutor/engine/cards.py -------------------------------------

SUIT_LISTS = ("♣ ♦ ♥ ♠", "♣♦♥♠", "C D H S", "CDHS")


def suit_restatements(tree: ast.Module) -> list[tuple[int, str]]:
    """A map from suit symbols (to letters, for `str.maketrans`...), or the suits or their letters listed."""
    found, docstrings = [], _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and any(_text(key) in SUITS for key in node.keys):
            found.append((node.lineno, "a map from suit symbols"))
        elif node not in docstrings and any(listed in (_text(node) or "") for listed in SUIT_LISTS):
            found.append((node.lineno, f"the suits listed: {_text(node)!r}"))
    return sorted(found)


def test_the_suit_scan_finds_a_second_copy() -> None:
    tree = ast.parse('A = str.maketrans({"♣": "C", "♦": "D"})\nB = "Letters: C D H S"\nC = f"Symbols: ♣ ♦ ♥ ♠"\nD = "♠♣♥♦★"')
    assert [line for line, _ in suit_restatements(tree)] == [1, 2, 3]


def test_only_the_engine_knows_the_suits_and_their_letters() -> None:
    problems = [f"{name}:{line}: {what}" for name, tree in _sources("tutor/engine/cards.py") for line, what in suit_restatements(tree)]
    assert not problems, "use tutor.engine.cards (SUITS, SUIT_LETTERS, in_suit_letters):\n" + "\n".join(problems)


# ----- asking before the answer: tutor/wording --------------------------------------------------


def test_are_you_sure_is_worded_once() -> None:
    """The lesson runner's last hint and the game's dialog ask the same question, from one place."""
    said = [name for name, tree in _sources() for node in ast.walk(tree) if "The next hint shows the answer" in (_text(node) or "")]
    assert said == ["tutor/wording/__init__.py"]


# ----- what makes a pair: Card.pairs_with (and groups_of_a_kind) in the engine -----------------------

RANK_FIELDS = {"rank", "rank_index"}


def _reads_rank(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr in RANK_FIELDS


def rank_matching(tree: ast.Module) -> list[tuple[int, str]]:
    """Cards compared or grouped by rank instead of asking `pairs_with`; a comparison with the odd
    rank (which card is taken out) is not a pairing test."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_reads_rank(side) for side in sides) and "odd_rank" not in ast.unparse(node):
                found.append((node.lineno, f"compares ranks: {ast.unparse(node)}"))
        elif isinstance(node, (ast.GeneratorExp, ast.ListComp, ast.SetComp)) and _reads_rank(node.elt):
            found.append((node.lineno, f"collects ranks: {ast.unparse(node)}"))
        elif isinstance(node, ast.DictComp) and _reads_rank(node.key):
            found.append((node.lineno, f"groups by rank: {ast.unparse(node)}"))
    return sorted(found)


def test_the_rank_scan_finds_pair_tests() -> None:
    caught = "\n".join(
        [
            "a = card.rank == other.rank",
            "b = [c for c in hand if c.rank == rank]",
            "c = Counter(card.rank for card in hand)",
            "d = {card.rank for card in cards}",
            "e = {card.rank_index: card for card in cards}",
            "f = dict.fromkeys(card.rank for card in hand)",
        ]
    )
    assert [line for line, _ in rank_matching(ast.parse(caught))] == [1, 2, 3, 4, 5, 6]
    allowed = "\n".join(["a = card.rank != rules.odd_rank", "b = rank_name(card.rank)", "c = sorted(cards, key=lambda card: (card.suit, card.rank_index))"])
    assert rank_matching(ast.parse(allowed)) == []


def test_only_the_engine_says_which_cards_pair() -> None:
    problems = [f"{name}:{line}: {what}" for name, tree in _sources() if not name.startswith("tutor/engine/") for line, what in rank_matching(tree)]
    assert not problems, "ask Card.pairs_with or groups_of_a_kind:\n" + "\n".join(problems)
