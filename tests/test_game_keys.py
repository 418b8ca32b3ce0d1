"""Keys in the guided game's words: the play layer names an action by the game screen's binding id
("press {done}"), and the game screen fills in its own key ("press D") through `with_keys`."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from helpers import cards

from tutor.engine import Game, Rules
from tutor.engine.decks import find_deck
from tutor.play.guided_game import GuidedGame
from tutor.play.hints import hint_for
from tutor.settings import Settings
from tutor.ui.game_screen import GameScreen
from tutor.ui.keys import with_keys

TUTOR = Path(__file__).parent.parent / "tutor"
NAMES = ["You", "Bea", "Sam", "Ana"]
KEY_NAMES = re.compile(r"\b[Pp]ress (?:[A-Z](?![\w'+])|(?:Enter|Space|Escape|Esc|Tab|Backspace|Ctrl|Shift|Alt|F\d+)\b)|\b(?:[Pp]ress|[Uu]se|with) [←→↑↓]")
"""A key named in words: "Press D", "press Enter", "with ← →"."""
FRONT_ENDS = {"tutor/serve/command.py": "the class server's own terminal: Ctrl+C stops it, no screen shows these words"}


def _crafted(hands: list[str], dealer: int = 2, deck: str = "standard") -> GuidedGame:
    rules = Rules.bicycle().with_deck(deck)
    if deck == "standard":
        held = [cards(hand) for hand in hands]
    else:
        playing = find_deck(deck)
        held = [[playing.parse(code) for code in hand.split()] for hand in hands]
    return GuidedGame(Game.from_hands(rules, held, dealer=dealer, learners=(0,)), NAMES, "guided")


def _play_until(session: GuidedGame, stage: str) -> None:
    """Make the learner's right moves (and the computers') until the game reaches `stage`."""
    for _ in range(500):
        if session.stage == stage:
            return
        game = session.game
        if session.stage == "computer":
            session.play_computer_turn()
        elif session.stage == "pairing":
            pairs = game.pairs_in(0)
            session.lay_down(pairs[0]) if pairs else session.finish_pairing()
        elif session.stage == "choose-giver" and game.giver is not None:
            session.choose_giver(game.giver)
        else:
            session.draw(0)
    raise AssertionError(f"never reached {stage}")


def _shown(text: str) -> str:
    return with_keys(text, GameScreen.BINDINGS)


def test_the_game_screen_shows_the_keys_as_before() -> None:
    pairs = _crafted(["5C 5H 9D", "2C 3C", "", "9C 4D QS"])
    assert _shown(pairs.next_step()) == (
        "Lay down your pairs: pick two cards of the same rank (press the key under each card, or ← → and Space), "
        "then press Enter. Press D when you have no pairs left."
    )
    assert _shown(hint_for(pairs.game, 0, NAMES, 3).text) == "Lay down 5♣ and 5♥. 5♣ and 5♥ are a pair: same rank, and the colour doesn't matter."
    session = _crafted(["5C 9D", "2C 3C", "", "9C 4D QS"])
    assert _shown(session.next_step()) == "Check your hand for pairs. If no two cards share a rank, press D to say you're done."
    assert _shown(session.peek_hint(3).text) == "You have no pairs: say you're done (press D)."
    session.finish_pairing()
    assert _shown(session.next_step()) == "Your turn to draw! Who do you take a card from? Press the player's number, or choose with ← → and press Enter."
    session.choose_giver(3)
    assert _shown(session.next_step()) == "Draw one of Ana's face-down cards: press the key under a card, or choose with ← → and press Enter."
    _play_until(session, "computer")
    assert _shown(session.next_step()).endswith(". Press F to skip ahead.")
    dealt = GuidedGame.new(Settings(), seed=3)  # crafted hands may never finish: a real deal does
    _play_until(dealt, "over")
    assert _shown(dealt.next_step()) == _shown(dealt.peek_hint(1).text) == "The game is over. Press N to play again."


def test_picture_words_show_the_keys_as_before() -> None:
    pictures = _crafted(["cat/1 cat/2 dog/1", "dog/2 old-maid", "pig/1 pig/2", "cow/1 cow/2"], deck="farm")
    assert _shown(pictures.next_step()) == (
        "Lay down your pairs: pick two cards with the same picture (press the key under each card, or ← → and Space), "
        "then press Enter. Press D when you have no pairs left."
    )
    none = _crafted(["cat/1 dog/1", "dog/2 old-maid", "pig/1 pig/2", "cat/2 cow/1 cow/2"], deck="farm")
    assert _shown(none.next_step()) == "Check your hand for pairs. If no two cards show the same picture, press D to say you're done."


def test_with_keys_names_each_binding_as_the_help_does() -> None:
    text = "press {done}, {confirm}, {skip}, {new_game}, {move_left} {move_right} and {select}; {nobody} stays"
    assert _shown(text) == "press D, Enter, F, N, ← → and Space; {nobody} stays"


def _strings(path: Path) -> list[str]:
    """The string constants of a module, docstrings left out (an f-string's `{{id}}` reads `{id}` here),
        without the placeholders the module fills in itself (`tr("{card} ...").format(card=...)`, or a
    helper's `place=...`):
        what is left in braces is for the screen to fill, a key's binding id."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {node.value for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    filled = {keyword.arg for node in ast.walk(tree) if isinstance(node, ast.Call) for keyword in node.keywords if keyword.arg}
    strings = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str) and node not in docstrings]
    return [re.sub(r"(?<!\{)\{(\w+)\}(?!\})", lambda found: "" if found.group(1) in filled else found.group(0), text) for text in strings]


def test_every_key_the_play_layer_names_is_a_binding_of_the_game_screen() -> None:
    named = {found for path in sorted((TUTOR / "play").glob("*.py")) for text in _strings(path) for found in re.findall(r"\{(\w+)\}", text)}
    ids = {binding.id for binding in GameScreen.BINDINGS if not isinstance(binding, tuple)}
    assert {"done", "confirm", "skip", "new_game"} <= named
    assert named <= ids, f"not a binding id of the game screen: {sorted(named - ids)}"


def test_the_key_scan_finds_key_names() -> None:
    caught = ["Press D to go on.", "then press Enter.", "(press D)", "choose with ← → and press Space", "press Ctrl+C", "Press F1"]
    assert all(KEY_NAMES.search(text) for text in caught)
    allowed = ["Press the player's number", "press the key under a card", "press {done}", "Press A's card", "pairs → cards", "Press I'm done"]
    assert not any(KEY_NAMES.search(text) for text in allowed)


def test_no_module_below_the_screens_names_a_key() -> None:
    problems = []
    for path in sorted(TUTOR.rglob("*.py")):
        name = path.relative_to(TUTOR.parent).as_posix()
        if name.startswith("tutor/ui/") or name in FRONT_ENDS:
            continue
        problems += [f"{name}: {text!r}" for text in _strings(path) if KEY_NAMES.search(text)]
    assert not problems, "name the action by the game screen's binding id, e.g. 'press {done}':\n" + "\n".join(problems)
