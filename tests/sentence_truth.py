"""Checkers for the sentences a learner meets (issue 26): each finds one kind of untrue claim.

Each takes a text and what it is true or false against (the rules, the player count, the
position) and returns the claims it finds untrue, as short quotes ([] when all hold). They are
deliberately narrow: each reads only the phrasing the tutor uses for its kind of claim, so a hit
is a real wrong sentence, not a guess. `tests/test_every_sentence.py` runs them over every
sentence the tutor can say; `tests/test_sentence_truth.py` shows each catches a bad sentence.

    going_out_claims_untrue(text, rules)    "you are safe" where going out is not safe (strict
                                            check, reversed game); "you've won" outside Table rules
    ending_claims_untrue(text, rules)       "it ends only when one player holds cards" under the
                                            strict pair check (a wrong pair can leave several)
    side_marked_wrong(option, players)      with two players, an answer naming a side marked wrong
    side_claims_untrue(text, players)       with two players, a side named as not the other player
                                            ("not on your left", "X on your left, Y on your right")
    seat_side_claims_untrue(text, said)     "Bea is on your left" / "the nearest player on your
                                            right who still has cards" against the seats
    pair_claims_untrue(text)                "7♣ and 8♣ are a pair" (or "7♣ and 7♦ are not a pair")
    partner_claims_untrue(text, game)       "Q♥ may still find a partner" with no card left to pair it
    holding_claims_untrue(text, said)       "You still hold 7♣ and 7♦", "You drew 7♦ from Sam: a pair!"
    laid_down_claims_untrue(text, said)     "Bea laid down 7♣ and 7♦" with no such pair down
    old_maid_claims_untrue(text, said)      "Bea is the Old Maid" at the end, when she is not
    count_claims_untrue(text, said)         "Bea has 3 cards", "Sam has no cards left", "only you
                                            still hold a card" against the hands
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.course.check import pairing_claims_untrue
from tutor.engine import Card, Game, Rules
from tutor.engine.cards import RANKS, SUITS, rank_name
from tutor.wording.going_out import ending_claims_untrue, going_out_claims_untrue, sentences

__all__ = ["ending_claims_untrue", "going_out_claims_untrue", "sentences"]
"""The checkers of claims against the rules live with the rules' words (`tutor.wording.going_out`),
where `lessons check` uses them too."""

_NUMBERS = {"no": 0, "one": 1, "a": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


@dataclass(frozen=True)
class Said:
    """A sentence and what it speaks about: the rules, the seats as it names them (the learner
    "you", or None for words that name every seat) and the position now (None for words about
    no game in particular, or about a moment that has passed)."""

    text: str
    where: str
    rules: Rules
    names: tuple[str, ...] = ()
    learner: int | None = None
    game: Game | None = None
    seat: int | None = None
    """The seat a seat box's words stand beside, for those words."""


# ----- left and right ----------------------------------------------------------------------------

_SIDE_NOT = re.compile(r"\bnot\s+(?:\w+\s+){0,3}?(?:on|to|from)\s+(?:your|their|the dealer's|\w+'s)\s+(?:left|right)\b", re.IGNORECASE)
_BOTH_SIDES = re.compile(
    r"\b(?:on|to) (?:your|\w+'s) (left|right)\b(?! and (?:on|to) )(?!\W+(?:both|at once)).*\b(?:on|to) (?:your|\w+'s) (left|right)\b(?! at once)", re.IGNORECASE
)


def side_claims_untrue(text: str, players: int) -> list[str]:
    """With two players the other player is on both sides: a sentence saying someone is not on
    a side, or setting one side against the other, is untrue there."""
    if players != 2:
        return []
    untrue = []
    for sentence in sentences(text):
        both = _BOTH_SIDES.search(sentence)
        if _SIDE_NOT.search(sentence) or both and both.group(1).lower() != both.group(2).lower():
            untrue.append(sentence)
    return untrue


_NAMES_A_SIDE = re.compile(r"\b(?:your|their|his|her|dealer's|on the|to the|from the)\s+(?:left|right)\b", re.IGNORECASE)


def side_marked_wrong(option: str, players: int) -> list[str]:
    """An answer counted wrong because of the side it names ("The player on your left"), where
    with two players the other player sits on that side too, so it is right after all."""
    return [option] if players == 2 and _NAMES_A_SIDE.search(option) else []


def _name_pattern(names: Sequence[str]) -> str:
    spelled = sorted({name for name in names if name}, key=len, reverse=True)
    return "|".join(re.escape(name) for name in [*spelled, "you", "You"])


def _seat_of(said: Said, name: str) -> int | None:
    if name.lower() == "you":
        return said.learner
    return said.names.index(name) if name in said.names else None


def seat_side_claims_untrue(text: str, said: Said) -> list[str]:
    """ "Bea is on your left" (a neighbour) and "Bea is the nearest player on your right who still
    has cards" checked against the seats (`said.game` for who still has cards)."""
    if said.learner is None or not said.names:
        return []
    names = _name_pattern([name for seat, name in enumerate(said.names) if seat != said.learner])
    untrue = []
    beside = re.compile(rf"\b(?P<who>{names}) (?:is|sits) (?:just )?(?:on|to) your (?P<side>left|right)\b(?! who| with| that)")
    nearest = re.compile(rf"\b(?P<who>{names}) is the nearest (?:player|seat) on your (?P<side>left|right) (?:who|that) still (?:has|holds) cards")
    for sentence in sentences(text):
        for found in beside.finditer(sentence):
            seat = _seat_of(said, found.group("who"))
            if seat is not None and said.rules.side_of(seat, said.learner) not in (found.group("side"), "opposite"):
                untrue.append(sentence)
        for found in nearest.finditer(sentence):
            seat = _seat_of(said, found.group("who"))
            if seat is None or said.game is None:
                continue
            step = 1 if found.group("side") == "left" else -1
            holders = [other for other in said.rules.seats_from(said.learner)[1:] if said.game.hands[other]]
            first = (holders if step == 1 else holders[::-1])[:1]
            if first != [seat]:
                untrue.append(sentence)
    return untrue


# ----- pairs -------------------------------------------------------------------------------------

_CARD = rf"(?<!\w)(?:{'|'.join(RANKS)})[{''.join(SUITS)}]"
_PAIR_CLAIM = re.compile(rf"(?P<one>{_CARD}) and (?P<two>{_CARD}) (?P<verb>are|make) (?P<not>not )?a pair")


_PICTURES_CLAIM = re.compile(r"\b[Tt]he (?P<one>[A-Z][\w-]*(?: [A-Z][\w-]*)*) and the (?P<two>[A-Z][\w-]*(?: [A-Z][\w-]*)*) (?:are|make) (?P<not>not )?a pair")
_TWO_OF_A_PICTURE = re.compile(r"\b[Tt]he two (?P<one>[A-Z][\w-]*(?: [A-Z][\w-]*)*) cards (?:are|make) not a pair")


def pair_claims_untrue(text: str) -> list[str]:
    """ "X and Y are a pair" where their ranks differ, and "X and Y are not a pair" where they match;
    with picture cards, "the Cat and the Dog are a pair" and "the two Cat cards are not a pair"."""
    untrue = []
    for found in _PAIR_CLAIM.finditer(text):
        pairs = Card.parse(found.group("one")).pairs_with(Card.parse(found.group("two")))
        if pairs == bool(found.group("not")):
            untrue.append(found.group(0))
    for found in _PICTURES_CLAIM.finditer(text):
        if (found.group("one") == found.group("two")) == bool(found.group("not")):
            untrue.append(found.group(0))
    untrue += [found.group(0) for found in _TWO_OF_A_PICTURE.finditer(text)]
    return untrue


def partner_claims_untrue(text: str, game: Game) -> list[str]:
    """Cards said to be able to pair still when no card in any hand pairs with them (the check
    `lessons check` makes of lesson words, `tutor.course.check.pairing_claims_untrue`)."""
    return pairing_claims_untrue(game, text)


# ----- counts of cards ---------------------------------------------------------------------------


_RANK_OF_PLURAL = {rank_name(rank, plural=True): rank for rank in RANKS}
_RANKS_PLURAL = "|".join(sorted(map(re.escape, _RANK_OF_PLURAL), key=len, reverse=True))


def count_claims_untrue(text: str, said: Said) -> list[str]:
    """How many cards a seat holds, said of the position now: "Bea has 3 cards", "Sam is holding
    out 4 face-down cards", "Ben has no cards left", "only you still hold a card"."""
    game = said.game
    if game is None or not said.names:
        return []
    names = _name_pattern(said.names)
    number = rf"(?P<count>\d+|{'|'.join(_NUMBERS)})"
    claims = [re.compile(rf"\b(?P<who>{names}) (?:still )?(?:has|have|holds?|is holding|are holding)(?: out)? {number} (?:face-down )?cards?\b")]
    untrue = []
    for sentence in sentences(text):
        for claim in claims:
            for found in claim.finditer(sentence):
                seat = _seat_of(said, found.group("who"))
                count = found.group("count")
                wanted = int(count) if count.isdigit() else _NUMBERS[count]
                if seat is not None and len(game.hands[seat]) != wanted:
                    untrue.append(sentence)
        for found in re.finditer(rf"\b(?P<who>{names}) (?:has|have) (?P<count>two|three|four) (?P<rank>{_RANKS_PLURAL})\b", sentence):
            seat = _seat_of(said, found.group("who"))
            rank = _RANK_OF_PLURAL[found.group("rank")]
            if seat is not None and sum(card.rank == rank for card in game.hands[seat]) != _NUMBERS[found.group("count")]:
                untrue.append(sentence)
        only = re.search(rf"\bonly (?P<who>{names}) still holds? a card\b", sentence)
        if only:
            seat = _seat_of(said, only.group("who"))
            holders = [other for other, hand in enumerate(game.hands) if hand]
            if seat is not None and holders != [seat]:
                untrue.append(sentence)
    return list(dict.fromkeys(untrue))


# ----- cards in hands, pairs laid down, the Old Maid -----------------------------------------------

_CARDS = rf"(?P<cards>{_CARD}(?:(?:, | and ){_CARD})*)"


def _cards_in(text: str) -> list[Card]:
    return [Card.parse(found) for found in re.findall(_CARD, text)]


def holding_claims_untrue(text: str, said: Said) -> list[str]:
    """Cards said to be in a hand now ("You still hold 7♣ and 7♦", "Q♥ is still in your hand",
    "You drew 7♦ from Sam: a pair!") that are not there, or have no partner there."""
    game = said.game
    if game is None or not said.names:
        return []
    names = _name_pattern(said.names)
    untrue = []
    for sentence in sentences(text):
        for found in re.finditer(rf"\b(?P<who>{names}) (?:still )?(?:hold|holds|are holding|is holding|are still holding|is still holding) {_CARDS}", sentence):
            seat = _seat_of(said, found.group("who"))
            if seat is not None and not set(_cards_in(found.group("cards"))) <= set(game.hands[seat]):
                untrue.append(sentence)
        for found in re.finditer(rf"{_CARDS} (?:is|are) still in your hand", sentence):
            if said.learner is not None and not set(_cards_in(found.group("cards"))) <= set(game.hands[said.learner]):
                untrue.append(sentence)
        drew = re.search(rf"\bYou drew (?P<card>{_CARD}) from [^:.]+: a pair!", sentence)
        if drew and said.learner is not None:
            card = Card.parse(drew.group("card"))
            if not any(other != card and other.pairs_with(card) for other in game.hands[said.learner]):
                untrue.append(sentence)
    return list(dict.fromkeys(untrue))


def laid_down_claims_untrue(text: str, said: Said) -> list[str]:
    """ "Bea laid down 7♣ and 7♦" where Bea laid down no such pair."""
    game = said.game
    if game is None or not said.names:
        return []
    laid = {(seat, frozenset(pair)) for seat, pair in game.pairs}
    untrue = []
    for sentence in sentences(text):
        for found in re.finditer(rf"\b(?P<who>{_name_pattern(said.names)}) laid down {_CARDS}", sentence):
            seat, shown = _seat_of(said, found.group("who")), _cards_in(found.group("cards"))
            if seat is not None and len(shown) == 2 and (seat, frozenset(shown)) not in laid:
                untrue.append(sentence)
    return untrue


def old_maid_claims_untrue(text: str, said: Said) -> list[str]:
    """ "Bea is the Old Maid" once the game is over, when someone else is."""
    game = said.game
    if game is None or not game.is_over or not said.names:
        return []
    untrue = []
    for sentence in sentences(text):
        for found in re.finditer(rf"\b(?P<who>{_name_pattern(said.names)}) (?:is|are) (?:the Old Maid|left holding)\b", sentence):
            seat = _seat_of(said, found.group("who"))
            if seat is not None and seat != game.loser and "not" not in sentence[found.start() : found.end()]:
                untrue.append(sentence)
    return untrue


_LIMIT_REASON = re.compile(r"\bhands? (?:get|gets|are|would be|grow) (?:very |too )?(?:small|tiny)\b|\b(?:good|decent|fair) handful\b", re.IGNORECASE)


def limit_reasons_unsourced(text: str) -> list[str]:
    """Neither rulebook says why its player count is what it is: a sentence that gives a reason
    (hands too small, a good handful) teaches the app's guess as the book's."""
    return [sentence for sentence in sentences(text) if _LIMIT_REASON.search(sentence)]


_OUT_MARK = re.compile(r"✓|\b(?:safe|won|out)\b", re.IGNORECASE)


def seat_mark_claims_untrue(text: str, said: Said) -> list[str]:
    """A seat box that calls a seat safe, out or a winner while it still holds cards."""
    if said.seat is None or said.game is None or not said.game.hands[said.seat]:
        return []
    return [text] if _OUT_MARK.search(text) else []


def untrue_claims(said: Said) -> list[str]:
    """Every checker's findings for one sentence, each as 'kind: quote'."""
    game = said.game
    checked = game is not None and game.is_over
    yours_real = game is not None and said.learner is not None and all(seat != said.learner for seat, _ in game.wrong_pairs)
    found = [f"going out: {quote}" for quote in going_out_claims_untrue(said.text, said.rules, checked, yours_real)]
    found += [f"ending: {quote}" for quote in ending_claims_untrue(said.text, said.rules)]
    found += [f"sides with {said.rules.players} players: {quote}" for quote in side_claims_untrue(said.text, said.rules.players)]
    found += [f"seat's side: {quote}" for quote in seat_side_claims_untrue(said.text, said)]
    found += [f"pair: {quote}" for quote in pair_claims_untrue(said.text)]
    found += [f"a reason no rulebook gives: {quote}" for quote in limit_reasons_unsourced(said.text)]
    if said.game is not None:
        found += [f"partner: {quote}" for quote in partner_claims_untrue(said.text, said.game)]
        found += [f"count: {quote}" for quote in count_claims_untrue(said.text, said)]
        found += [f"holding: {quote}" for quote in holding_claims_untrue(said.text, said)]
        found += [f"laid down: {quote}" for quote in laid_down_claims_untrue(said.text, said)]
        found += [f"Old Maid: {quote}" for quote in old_maid_claims_untrue(said.text, said)]
        found += [f"seat mark: {quote}" for quote in seat_mark_claims_untrue(said.text, said)]
    return found
