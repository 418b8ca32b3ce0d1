"""Random hands for generated questions, as they could really be at some moment of a game."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tutor.engine import DECK, RANKS, SUITS, Card, Draw, FinishPairing, Game, LayDown, Rules

Hands = tuple[tuple[Card, ...], ...]


def active_seats(rng: random.Random, players: int, most_empty: int = 2) -> list[int]:
    """The seats still holding cards: all of them, or all but one or two (never fewer than two)."""
    empty = rng.randint(0, min(most_empty, players - 2))
    return sorted(rng.sample(range(players), players - empty))


def play_hands(rng: random.Random, rules: Rules, active: Sequence[int], pairs: int) -> Hands:
    """Hands during play: for each of `pairs` ranks, two cards in two different active hands,
    and the one odd card somewhere. No hand holds a pair, and every active seat has a card."""
    ranks = rng.sample([rank for rank in RANKS if rank != rules.odd_rank], pairs)
    while True:
        hands: list[list[Card]] = [[] for _ in range(rules.players)]
        for rank in ranks:
            for seat, suit in zip(rng.sample(list(active), 2), rng.sample(SUITS, 2), strict=False):
                hands[seat].append(Card.of(rank, suit))
        hands[rng.choice(active)].append(Card.of(rules.odd_rank, rng.choice(SUITS)))
        if all(hands[seat] for seat in active):
            return tuple(tuple(sorted(hand)) for hand in hands)


def opening_hand(rng: random.Random, rules: Rules, groups: Sequence[int], singles: int) -> tuple[Card, ...]:
    """A hand straight from the deal: a run of same-rank cards for each entry of `groups`
    (2 is a pair, 3 three of a kind, 4 four of a kind) and `singles` cards of other ranks."""
    ranks = rng.sample([rank for rank in RANKS if rank != rules.odd_rank], len(groups) + singles)
    hand = [Card.of(rank, suit) for rank, size in zip(ranks, groups, strict=False) for suit in rng.sample(SUITS, size)]
    hand += [Card.of(rank, rng.choice(SUITS)) for rank in ranks[len(groups) :]]
    return tuple(sorted(hand))


def other_hands(rng: random.Random, rules: Rules, hand: Sequence[Card]) -> Hands:
    """Two to four cards for every other seat, none of them making a pair, none of the odd rank."""
    rest = [card for card in DECK if card not in hand and card.rank != rules.odd_rank]
    rng.shuffle(rest)
    hands = [tuple(hand)]
    for _ in range(rules.players - 1):
        size = rng.randint(2, 4)
        mine: list[Card] = []
        for card in rest:
            if len(mine) < size and not any(other.pairs_with(card) for other in mine):
                mine.append(card)
        rest = [card for card in rest if card not in mine]
        hands.append(tuple(sorted(mine)))
    return tuple(hands)


def play_to_end(game: Game, rng: random.Random) -> None:
    """Play on with blind draws; learner seats lay down whatever pairs they can after each draw."""
    while not game.is_over:
        drawer, giver = game.drawer, game.giver
        if drawer not in game.learners or giver is None:
            game.play_computer_turn()
            continue
        game.apply(Draw(drawer, giver, position=rng.randrange(len(game.hands[giver]))))
        pairs = game.pairs_in(drawer)
        if pairs:
            game.apply(LayDown(drawer, [card for pair in pairs for card in pair]))
        if drawer in game.waiting_for:
            game.apply(FinishPairing(drawer))
