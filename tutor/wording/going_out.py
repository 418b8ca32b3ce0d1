"""What an empty hand means under the rules in play, in each ruleset's own words.

    Bicycle           you are safe: only the player left with the odd card loses
    Bicycle, strict   safe only if every pair you laid down was a real pair: the check at the end
                      decides, so nobody else is called safe before it
    Table             you're out, and you've won: everyone who empties their hand wins; only the
                      Old Maid doesn't (the Table's own rulebook)
    reversed game     you're out, and can no longer win: only the player left with the odd card wins

Every sentence about an empty hand (the rules, the moves, the seats, the end) comes from here, so
no screen calls a player "safe" where the ruleset says something else. Words written elsewhere (a
lesson, the quiz, the mistakes' words) are checked against the same truth: `going_out_claims_untrue`
and `ending_claims_untrue` find the sentences that say otherwise, for `lessons check` and the tests.
"""

from __future__ import annotations

import re
from enum import Enum

from tutor.engine import Game, Rules
from tutor.language import ntr, tr
from tutor.wording import Seats


class Out(Enum):
    """What going out means under some rules."""

    SAFE = "safe"
    CHECKED = "safe if the pairs check out"
    WON = "won"
    CANNOT_WIN = "cannot win"


def going_out(rules: Rules) -> Out:
    if rules.odd_card_wins:
        return Out.CANNOT_WIN
    if rules.book.going_out_wins:
        return Out.WON
    return Out.CHECKED if rules.wrong_pair_loses else Out.SAFE


def empty_hand_rule(rules: Rules) -> str:
    """The rule, for the Rules screen."""
    rest = " " + tr("You sit out for the rest of the game, and the others skip you when they draw or offer cards.")
    out = going_out(rules)
    if out is Out.SAFE:
        return tr("When your hand is empty you are safe!") + rest
    if out is Out.CHECKED:
        return tr("When your hand is empty you are safe, as long as every pair you laid down was a real pair: the pairs are checked at the end.") + rest
    if out is Out.WON:
        return tr("When your hand is empty you're out, and you've won! Everyone who empties their hand wins, first or last; only the Old Maid doesn't.") + rest
    return tr("When your hand is empty you're out, and you can't win any more: in the reversed game only the player left holding the odd card wins.") + rest


def paired_off_at_once(rules: Rules) -> str:
    """The same for a whole dealt hand that pairs off, in a few words."""
    out = going_out(rules)
    if out is Out.SAFE:
        return " " + tr("Anyone whose whole hand pairs off is safe straight away.")
    if out is Out.CHECKED:
        return " " + tr("Anyone whose whole hand pairs off is out straight away (and safe if those pairs are real).")
    if out is Out.WON:
        return " " + tr("Anyone whose whole hand pairs off is out, and has won, straight away.")
    return " " + tr("Anyone whose whole hand pairs off is out straight away, and can't win.")


def went_out(game: Game, seats: Seats, seat: int) -> str:
    """A line for the moves: `seat` has just emptied their hand."""
    out = going_out(game.rules)
    if seat == seats.learner:
        return you_went_out(game, seat)
    name = seats.who(seat, capital=True)
    if out is Out.SAFE:
        return tr("{name} is safe: no cards left!").format(name=name)
    if out is Out.WON:
        return tr("{name} is out of cards, and has won!").format(name=name)
    if out is Out.CANNOT_WIN:
        return tr("{name} is out of cards, so is out of the running to win.").format(name=name)
    return tr("{name} has no cards left.").format(name=name)  # pairs face down: only the check at the end tells


def you_went_out(game: Game, seat: int) -> str:
    """What the learner at `seat` reads beside their empty hand."""
    out = going_out(game.rules)
    if out is Out.WON:
        return tr("Your hand is empty: you're out, and you've won!")
    if out is Out.CANNOT_WIN:
        return tr("Your hand is empty: you're out, and only the player left with the odd card can win now.")
    wrong = sum(laid_by == seat for laid_by, _ in game.wrong_pairs)
    if out is Out.CHECKED and wrong and game.is_over:
        return ntr(
            "Your hand is empty, but one of your pairs was not a real pair, and the check at the end found it.",
            "Your hand is empty, but {count} of your pairs were not real pairs, and the check at the end found them.",
            wrong,
        ).format(count=wrong)
    if out is Out.CHECKED and wrong:
        return ntr(
            "Your hand is empty, but one of your pairs is not a real pair: that counts when the pairs are checked at the end.",
            "Your hand is empty, but {count} of your pairs are not real pairs: that counts when the pairs are checked at the end.",
            wrong,
        ).format(count=wrong)
    return tr("Your hand is empty: you are safe!")


def out_mark(rules: Rules, short: bool = False) -> str:
    """A seat box's words for a player with no cards, while the game goes on; `short`: in one or
    two words, for a box too narrow for the whole mark."""
    out = going_out(rules)
    if out is Out.SAFE:
        return tr("✓ safe") if short else tr("✓ safe: no cards")
    if out is Out.WON:
        return tr("✓ won") if short else tr("✓ out: has won")
    return tr("out") if short else tr("out: no cards")


def end_mark(game: Game, seat: int) -> str:
    """A seat's result at the end of the game, in two or three words. A seat still holding cards
    that is not the Old Maid (the strict check ended the game on someone's wrong pair) is neither
    safe nor out: its cards are counted."""
    if not game.is_over:
        return ""
    if game.loser == seat:
        return tr("WINNER ★") if game.winner is not None else tr("OLD MAID")
    if held := len(game.hands[seat]):
        return ntr("{count} card left", "{count} cards left", held).format(count=held)
    out = going_out(game.rules)
    if out is Out.CANNOT_WIN:
        return tr("loses")
    return tr("✓ won") if out is Out.WON else tr("✓ safe")


def you_went_out_in_the_end(rules: Rules) -> str:
    """The end's headline for a learner who went out (the ordinary game: not the reversed one)."""
    return tr("You went out, and you've won!") if going_out(rules) is Out.WON else tr("You are safe!")


def everyone_else(rules: Rules) -> str:
    """After the Old Maid is named: what everyone else is."""
    return tr("Everyone else has won!") if going_out(rules) is Out.WON else tr("Everyone else is safe!")


def no_ranking(rules: Rules) -> str:
    """That going out first earns nothing extra, said the ruleset's way."""
    if going_out(rules) is Out.WON:
        return tr("Everyone who went out has won; going out first earns nothing extra.")
    return tr("Everyone who went out is safe; going out first earns nothing extra.")


# ----- checking words against the rules: what `lessons check` and the every-sentence test ask --------


def sentences(text: str) -> list[str]:
    """`text` cut into sentences (questions left out: they claim nothing)."""
    cut = re.split(r"(?<=[.!?])\s+|\n+", text)
    return [part.strip() for part in cut if part.strip() and not part.strip().endswith("?")]


_SAFE = re.compile(r"(?:\b(?:is|are|be|'re|stays?|was|were)\s+(?:\w+\s+)?safe\b|✓ safe|\bsafe:|\bsafe ✓|\bsafe straight away)", re.IGNORECASE)
_CONDITION = re.compile(r"\b(?:if|as long as|unless|only if|provided|once the pairs|when the pairs)\b", re.IGNORECASE)
_USUALLY = re.compile(r"\b(?:usually|normally|in the usual game|in the ordinary game|in most games)\b", re.IGNORECASE)
"""Words that say the claim is about the usual game, not the one in play."""
_NEGATED = re.compile(r"\b(?:not|never|no longer|isn't|aren't|nobody|no one)\b", re.IGNORECASE)
_WON = re.compile(r"\b(?:has|have|'ve|you've)\s+won\b|✓ won\b|\bwins? by going out\b", re.IGNORECASE)
_OUT = re.compile(r"\b(?:out|empty|empties|emptied|no cards|went out|goes out|go out|going out)\b", re.IGNORECASE)


def going_out_claims_untrue(text: str, rules: Rules, checked: bool = False, yours_real: bool = False) -> list[str]:
    """Claims that going out makes you safe or a winner, where the rules say otherwise: safe is
    false in the reversed game (going out means you can no longer win) and, said without a
    condition, under the strict pair check until the pairs are `checked` at the end (the check
    decides), except "you are safe" to a learner who knows `yours_real` (every pair they laid
    down is one); won is said only where going out wins (Table rules), never of going out in
    the reversed game."""
    out = going_out(rules)
    untrue = []
    for sentence in sentences(text):
        safe = _SAFE.search(sentence)
        if safe and not _NEGATED.search(sentence[: safe.end()].rsplit(",", 1)[-1]) and not _USUALLY.search(sentence):
            yours = yours_real and re.search(r"\byou(?: are|'re)\s+safe\b", sentence, re.IGNORECASE)
            if out is Out.CANNOT_WIN or out is Out.CHECKED and not (checked or yours) and not _CONDITION.search(sentence):
                untrue.append(sentence)
                continue
        won = _WON.search(sentence)
        if won and not _NEGATED.search(sentence[: won.end()].rsplit(",", 1)[-1]) and not _USUALLY.search(sentence):
            if out in (Out.SAFE, Out.CHECKED) or out is Out.CANNOT_WIN and _OUT.search(sentence):
                untrue.append(sentence)
    return untrue


_ONE_LEFT = re.compile(
    r"\buntil (?:only |just )?one (?:player|of you|is left)\b|\b(?:ends?|over)\b[^.]*?\bwhen (?:only |just )?one (?:player|of you)\b", re.IGNORECASE
)
_AFTER_A_WRONG_PAIR = re.compile(r"\bwrong pair|\bno more pairs?\b|\bno pairs? can\b", re.IGNORECASE)


def ending_claims_untrue(text: str, rules: Rules) -> list[str]:
    """Under the strict pair check a game ends once no more pairs can be made, which after a
    wrong pair can leave two or three players holding cards: "it ends only when one player is
    left holding cards" is untrue there unless the sentence says what a wrong pair does."""
    if not rules.wrong_pair_loses:
        return []
    return [sentence for sentence in sentences(text) if _ONE_LEFT.search(sentence) and not _AFTER_A_WRONG_PAIR.search(sentence)]
