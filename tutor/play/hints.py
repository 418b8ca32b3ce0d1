"""Hints in three steps, read from the engine's state, never from a script.

1. the idea ("look for two cards of the same rank"),
2. the specifics of this hand ("you have two 9s"),
3. the move itself with its reason, as a lesson's last hint gives it ("Lay down 4♦ and 4♥. 4♦ and
   4♥ are a pair: same rank, and the colour doesn't matter."), which the tutor shows only after
   asking "are you sure?" (unless there is nothing to give away, as in a blind draw).

Seats are named through `tutor.wording.Seats`, so the learner is always "you". A key is named by
the game screen's binding id in braces ("press {done}"), which the screen fills in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine import Action, Card, Draw, FinishPairing, Game, LayDown, groups_of_a_kind, rank_name
from tutor.wording import Seats, card_list, counted, listed, pair_reason

LEVELS = 3
_COUNT_WORDS = {2: "two", 3: "three", 4: "four"}


@dataclass(frozen=True)
class Hint:
    level: int
    text: str
    move: Action | None = None
    """The move the hint suggests (shown at the last level)."""
    reveals: bool = True
    """False when the last level gives nothing away (a blind draw), so no "are you sure?" first."""

    @property
    def shows_answer(self) -> bool:
        return self.level == LEVELS


def hint_for(game: Game, seat: int, names: Sequence[str], level: int, choosing_giver: bool = False, letters: bool = False) -> Hint:
    """The hint at `level` (1 to 3) for `seat`, in the game as it stands; `seat` is "you"."""
    level = max(1, min(LEVELS, level))
    seats = Seats(names, seat)
    if seat in game.waiting_for:
        return _pairing_hint(game, seat, level, letters)
    if game.drawer == seat and game.giver is not None:
        if choosing_giver:
            return _giver_hint(game, seat, seats, level)
        return _draw_hint(game, seat, seats, level)
    if game.is_over:
        return Hint(level, "The game is over. Press {new_game} to play again.")
    drawer, giver = game.drawer, game.giver
    if drawer is None or giver is None:
        return Hint(level, "Wait a moment: the other players are laying down their pairs.")
    if giver == seat:
        return Hint(level, f"Watch: it's {seats.whose(drawer)} turn to draw from you. Your turn will come.")
    return Hint(level, f"Watch: it's {seats.whose(drawer)} turn to draw from {seats.who(giver)}. Your turn will come.")


def _pairing_hint(game: Game, seat: int, level: int, letters: bool) -> Hint:
    pairs = game.pairs_in(seat)
    if game.rules.pictures:  # a picture deck: no ranks, suits or colours, two cards of each picture
        if level == 1:
            return Hint(1, "Look for two cards with the same picture. The Old Maid has no partner.")
        if level == 2:
            return Hint(2, _describe_pictures(pairs) if pairs else "No two of your cards show the same picture, so there's nothing to lay down.")
    if level == 1:
        return Hint(1, "Look for two cards of the same rank: the same number or the same picture. Suit and colour don't matter.")
    if level == 2:
        return Hint(2, _describe_ranks(game.hands[seat]) if pairs else "No two of your cards share a rank, so there's nothing to lay down.")
    if pairs:
        pair = pairs[0]
        first, second = sorted(pair)  # in the order card_list names them
        return Hint(3, f"Lay down {card_list(pair, letters)}. {pair_reason(first, second, letters=letters)}", LayDown(seat, pair))
    return Hint(3, "You have no pairs: say you're done (press {done}).", FinishPairing(seat))


def _describe_pictures(pairs: Sequence[Sequence[Card]]) -> str:
    """'You have two Cat cards and two Dog cards.'"""
    return "You have " + listed(f"two {pair[0].text()} cards" for pair in pairs) + "."


def _describe_ranks(hand: Sequence[Card]) -> str:
    groups = []
    for kind in groups_of_a_kind(hand):
        count = len(kind)
        if count >= 2:
            words = f"{_COUNT_WORDS[count]} {rank_name(kind[0].rank, plural=True)}"
            if count == 3:
                words += " (lay down two, keep one)"
            elif count == 4:
                words += " (that's two pairs)"
            groups.append(words)
    return "You have " + listed(groups) + "."


def _giver_hint(game: Game, seat: int, seats: Seats, level: int) -> Hint:
    giver = game.giver
    assert giver is not None
    side = game.rules.draws_from
    if level == 1:
        ruleset = game.rules.variant.capitalize()
        return Hint(1, f"In {ruleset} rules you draw from the nearest player on your {side} who still has cards.")
    skipped = game.skipped()
    why = f"{seats.who(giver, capital=True)} is the nearest player on your {side} who still has cards."
    if skipped:
        them = "them" if len(skipped) > 1 else seats.who(skipped[0])
        why += f" {seats.listed(skipped, capital=True)} {'has' if len(skipped) == 1 else 'have'} no cards, so skip {them}."
    if level == 2:
        return Hint(2, why)
    return Hint(3, f"Draw from {seats.who(giver)}. {why}", Draw(seat, giver))


def _draw_hint(game: Game, seat: int, seats: Seats, level: int) -> Hint:
    giver = game.giver
    assert giver is not None
    if level == 1:
        return Hint(1, "The cards are face down, so no card is a better choice than another. Just pick one!")
    if level == 2:
        count = game.observation(seat).hand_sizes[giver]
        return Hint(2, f"{seats.who(giver)} is holding out {counted(count, 'face-down card')}. Pick any of them.")
    return Hint(3, "Any card will do: take the first one.", Draw(seat, giver, position=0), reveals=False)
