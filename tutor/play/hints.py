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

from tutor.engine import Action, Card, Draw, FinishPairing, Game, LayDown, groups_of_a_kind
from tutor.language import ntr, tr
from tutor.wording import Seats, card_list, listed, pair_reason, rules_name
from tutor.wording.card_words import rank_name

LEVELS = 3


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
        return Hint(level, tr("The game is over. Press {new_game} to play again."))
    drawer, giver = game.drawer, game.giver
    if drawer is None or giver is None:
        return Hint(level, tr("Wait a moment: the other players are laying down their pairs."))
    name = seats.who(drawer, capital=True)
    if giver == seat:
        return Hint(level, tr("Watch: it's {name}'s turn to draw from you. Your turn will come.").format(name=name))
    return Hint(level, tr("Watch: it's {name}'s turn to draw from {giver}. Your turn will come.").format(name=name, giver=seats.who(giver)))


def _pairing_hint(game: Game, seat: int, level: int, letters: bool) -> Hint:
    pairs = game.pairs_in(seat)
    if game.rules.pictures:  # a picture deck: no ranks, suits or colours, two cards of each picture
        if level == 1:
            return Hint(1, tr("Look for two cards with the same picture. The Old Maid has no partner."))
        if level == 2:
            return Hint(2, _describe_pictures(pairs) if pairs else tr("No two of your cards show the same picture, so there's nothing to lay down."))
    if level == 1:
        return Hint(1, tr("Look for two cards of the same rank: the same number or the same picture. Suit and colour don't matter."))
    if level == 2:
        return Hint(2, _describe_ranks(game.hands[seat]) if pairs else tr("No two of your cards share a rank, so there's nothing to lay down."))
    if pairs:
        pair = pairs[0]
        first, second = sorted(pair)  # in the order card_list names them
        said = tr("Lay down {cards}.").format(cards=card_list(pair, letters))
        return Hint(3, f"{said} {pair_reason(first, second, letters=letters)}", LayDown(seat, pair))
    return Hint(3, tr("You have no pairs: say you're done (press {done})."), FinishPairing(seat))


def _describe_pictures(pairs: Sequence[Sequence[Card]]) -> str:
    """'You have two Cat cards and two Dog cards.'"""
    return tr("You have {cards}.").format(cards=listed(tr("two {picture} cards").format(picture=pair[0].text()) for pair in pairs))


def _describe_ranks(hand: Sequence[Card]) -> str:
    groups = []
    for kind in groups_of_a_kind(hand):
        count = len(kind)
        ranks = rank_name(kind[0].rank, plural=True)
        if count == 2:
            groups.append(tr("two {ranks}").format(ranks=ranks))
        elif count == 3:
            groups.append(tr("three {ranks} (lay down two, keep one)").format(ranks=ranks))
        elif count == 4:
            groups.append(tr("four {ranks} (that's two pairs)").format(ranks=ranks))
    return tr("You have {cards}.").format(cards=listed(groups))


def _giver_hint(game: Game, seat: int, seats: Seats, level: int) -> Hint:
    giver = game.giver
    assert giver is not None
    left = game.rules.draws_from == "left"
    if level == 1:
        if left:
            said = tr("In {rules} you draw from the nearest player on your left who still has cards.")
        else:
            said = tr("In {rules} you draw from the nearest player on your right who still has cards.")
        return Hint(1, said.format(rules=rules_name(game.rules.name)))
    skipped = game.skipped()
    skip = ""
    if len(skipped) == 1:
        skip = " " + tr("{name} has no cards, so skip {name}.").format(name=seats.who(skipped[0], capital=True))
    elif skipped:
        skip = " " + tr("{names} have no cards, so skip them.").format(names=seats.listed(skipped, capital=True))
    if level == 2:  # the way to the answer, not the answer: the third hint names it (and is asked for first)
        if left:
            look = tr("Go round to your left: the first player who still has cards is the one you draw from.")
        else:
            look = tr("Go round to your right: the first player who still has cards is the one you draw from.")
        return Hint(2, look + skip)
    if left:
        why = tr("{name} is the nearest player on your left who still has cards.")
    else:
        why = tr("{name} is the nearest player on your right who still has cards.")
    why = why.format(name=seats.who(giver, capital=True)) + skip
    return Hint(3, tr("Draw from {giver}.").format(giver=seats.who(giver)) + " " + why, Draw(seat, giver))


def _draw_hint(game: Game, seat: int, seats: Seats, level: int) -> Hint:
    giver = game.giver
    assert giver is not None
    if level == 1:
        return Hint(1, tr("The cards are face down, so no card is a better choice than another. Just pick one!"))
    if level == 2:
        count = game.observation(seat).hand_sizes[giver]
        said = ntr("{name} is holding out {count} face-down card. Pick any of them.", "{name} is holding out {count} face-down cards. Pick any of them.", count)
        return Hint(2, said.format(name=seats.who(giver), count=count))
    return Hint(3, tr("Any card will do: take the first one."), Draw(seat, giver, position=0), reveals=False)
