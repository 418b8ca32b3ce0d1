"""Every sentence a learner reads goes through the catalogue: a string in the learner-facing code
that reads like a sentence or a label (a capital letter and a second word, or words ending in . ! ?)
is inside tr(), ntr(), ptr() or mark(), or is a docstring, a style, CSS or a log line for developers.
A sentence left outside stays English in every language (this is how "More below: press PgDn"
was found on the lesson screen)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

TUTOR = Path(__file__).resolve().parent.parent / "tutor"
LEARNER_FACING = ("ui", "plain", "wording", "play", "learner", "quiz/words.py", "quiz/generators.py", "quiz/round.py", "course/runner.py", "course/mistakes.py")
SAID_WITH = {"tr", "ntr", "ptr", "mark"}
NOT_SHOWN = {"debug", "info", "warning", "error", "exception", "log", "split", "partition", "startswith", "endswith", "replace", "index"}
"""Log lines for developers, and words looked for inside other text rather than shown."""
SENTENCE = re.compile(r"^[^A-Za-z]*[A-Z][a-z']* [a-z]{2,}|[a-z]{2,}[ ,][a-z ]{2,}[.!?]$")


def _sources() -> list[Path]:
    files: list[Path] = []
    for part in LEARNER_FACING:
        path = TUTOR / part
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return files


def untranslated(tree: ast.Module) -> list[tuple[int, str]]:
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    docstrings = {node.value for node in ast.walk(tree) if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or node in docstrings or not SENTENCE.search(node.value):
            continue
        if not _said_or_exempt(node, parents):
            found.append((node.lineno, node.value))
    return found


def _said_or_exempt(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    parent = parents.get(node)
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)):
        if isinstance(parent, ast.Call):
            called = parent.func.id if isinstance(parent.func, ast.Name) else parent.func.attr if isinstance(parent.func, ast.Attribute) else ""
            if called in SAID_WITH or called in NOT_SHOWN:
                return True
        if isinstance(parent, (ast.Raise, ast.Assert)):
            return True  # an error for developers, or a check
        if isinstance(parent, ast.Assign) and any(isinstance(target, ast.Name) and target.id in ("CSS", "DEFAULT_CSS") for target in parent.targets):
            return True
        parent = parents.get(parent)
    return False


def test_every_sentence_in_the_learners_code_is_looked_up_in_the_catalogue() -> None:
    left = [
        f"{path.relative_to(TUTOR.parent)}:{line}: {text[:70]!r}"
        for path in _sources()
        for line, text in untranslated(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert not left, "say these with tr() (or mark() for a constant, tr() where shown):\n" + "\n".join(left)


def test_the_scan_finds_a_sentence_left_outside_the_catalogue() -> None:
    tree = ast.parse('words = "▼ More below: press PgDn"\nok = tr("Well done!")\nstyle = "bold underline"\nmarked = mark("Try again.")\n')
    assert untranslated(tree) == [(1, "▼ More below: press PgDn")]


def _looked_up(tree: ast.Module) -> list[tuple[int, str]]:
    """Every message the code looks up: the words given to tr(), ntr(), ptr() or mark() as a literal."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in SAID_WITH:
            words = node.args[1:2] if node.func.id == "ptr" else node.args[:2] if node.func.id == "ntr" else node.args[:1]
            found += [(node.lineno, word.value) for word in words if isinstance(word, ast.Constant) and isinstance(word.value, str)]
    return found


def test_every_message_the_code_looks_up_is_in_the_catalogue() -> None:
    """Babel (on Python 3.11) cannot see a tr() inside an f-string's braces: such a message is never
    gathered, so it stays English in every language. Found by comparing the code with tutor.pot."""
    from babel.messages.pofile import read_po

    with (TUTOR / "locale" / "tutor.pot").open("rb") as file:
        gathered = {message.id if isinstance(message.id, str) else message.id[0] for message in read_po(file)}
        gathered |= {message.id[1] for message in read_po((TUTOR / "locale" / "tutor.pot").open("rb")) if not isinstance(message.id, str)}
    missing = [
        f"{path.relative_to(TUTOR.parent)}:{line}: {words[:70]!r}"
        for path in sorted(TUTOR.rglob("*.py"))
        for line, words in _looked_up(ast.parse(path.read_text(encoding="utf-8")))
        if words and words not in gathered
    ]
    assert not missing, "not in tutor/locale/tutor.pot (inside an f-string? run make messages):\n" + "\n".join(missing)
