"""Properties that hold for every ruleset, seed and sequence of moves."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scale import scaled

from tutor.engine import DECK, Draw, FinishPairing, Game, LayDown, Rules, every_rules

rules_strategy = st.sampled_from(every_rules())  # every combination the settings can produce
seeds = st.integers(0, 2**32)


def every_card(game: Game) -> list:
    return [card for hand in game.hands for card in hand] + [card for _, pair in game.pairs for card in pair]


def play_as_learner(game: Game, choices: random.Random) -> None:
    """A careful learner: lays down every pair, then draws at a random position."""
    while not game.is_over:
        for seat in sorted(game.waiting_for):
            for pair in game.pairs_in(seat):
                game.apply(LayDown(seat, pair))
            if seat in game.waiting_for:
                game.apply(FinishPairing(seat))
        if game.is_over or game.drawer is None:
            continue
        if game.drawer in game.learners:
            size = len(game.hands[game.giver])
            game.apply(Draw(game.drawer, game.giver, position=choices.randrange(size)))
        else:
            game.play_computer_turn()


@settings(max_examples=60, deadline=None)
@given(rules_strategy, seeds, st.data())
def test_cards_are_conserved_and_pairs_are_true_and_one_loser(rules: Rules, seed: int, data: st.DataObject) -> None:
    dealer = data.draw(st.integers(0, rules.players - 1))
    learners = data.draw(st.sets(st.integers(0, rules.players - 1), max_size=2))
    game = Game.deal(rules, seed, dealer=dealer, learners=learners)
    play_as_learner(game, random.Random(seed))
    cards = every_card(game)
    assert len(cards) == 51 and set(cards) < set(DECK)
    assert all(a.rank == b.rank for _, (a, b) in game.pairs)
    assert len(game.pairs) == 25
    holders = [seat for seat, hand in enumerate(game.hands) if hand]
    assert holders == [game.loser]
    assert len(game.hands[game.loser]) == 1 and game.hands[game.loser][0].rank == rules.odd_rank
    assert game.safe == set(range(rules.players)) - {game.loser}
    assert game.winner == (game.loser if rules.odd_card_wins else None)


@settings(max_examples=40, deadline=None)
@given(rules_strategy, seeds)
def test_the_same_seed_plays_the_same_game(rules: Rules, seed: int) -> None:
    one, two = Game.deal(rules, seed), Game.deal(rules, seed)
    one.play_out()
    two.play_out()
    assert one.pairs == two.pairs and one.loser == two.loser and one.draws == two.draws


@settings(max_examples=40, deadline=None)
@given(rules_strategy, seeds, st.integers(0, 40))
def test_to_dict_round_trip_mid_game_continues_identically(rules: Rules, seed: int, moves: int) -> None:
    game = Game.deal(rules, seed, learners=(0,))
    choices = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        if game.waiting_for:
            for pair in game.pairs_in(0):
                game.apply(LayDown(0, pair))
            if game.waiting_for:
                game.apply(FinishPairing(0))
        elif game.drawer == 0:
            game.apply(Draw(0, game.giver, position=choices.randrange(len(game.hands[game.giver]))))
        else:
            game.play_computer_turn()
    saved = json.loads(json.dumps(game.to_dict()))
    copy = Game.from_dict(saved)
    assert copy.to_dict() == game.to_dict()
    later = random.Random(1)
    play_as_learner(game, later)
    play_as_learner(copy, random.Random(1))
    assert copy.pairs == game.pairs and copy.loser == game.loser and copy.draws == game.draws


@settings(max_examples=40, deadline=None)
@given(rules_strategy, seeds, st.integers(0, 30))
def test_observations_never_reveal_another_hand(rules: Rules, seed: int, moves: int) -> None:
    game = Game.deal(rules, seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play_computer_turn()
    for seat in range(rules.players):
        seen = game.observation(seat)
        text = repr(seen)
        hidden = {card for other, hand in enumerate(game.hands) if other != seat for card in hand}
        if not rules.pairs_face_up:
            hidden |= {card for owner, pair in game.pairs if owner != seat for card in pair}
        assert not any(str(card) in text.split("'") or repr(card) in text for card in hidden)
        assert seen.hand == game.hands[seat]
        assert seen.hand_sizes == tuple(len(hand) for hand in game.hands)
        visible = [pair for _, pair in seen.pairs if pair is not None]
        assert all(card not in hidden for pair in visible for card in pair)


# The costliest property here (every move of every seat, to the end of each game): 20 games in
# `make test`, 100 times as many in `make soak`.
@pytest.mark.soak
@settings(max_examples=scaled(20), deadline=None)
@given(rules_strategy, seeds, st.data())
def test_legal_moves_are_exactly_the_moves_that_break_no_rule(rules: Rules, seed: int, data: st.DataObject) -> None:
    learners = data.draw(st.sets(st.integers(0, rules.players - 1), min_size=1, max_size=2))
    game = Game.deal(rules, seed, learners=learners)
    choices = random.Random(seed)
    while not game.is_over:
        for seat in range(rules.players):
            legal = game.legal_moves(seat)
            for move in legal:
                assert game.rules_broken(move) == (), (seat, move)
                game.clone().apply(move)  # and the engine takes it
            draws = [move for move in legal if isinstance(move, Draw)]
            due = seat == game.drawer and not game.waiting_for
            assert draws == ([Draw(seat, game.giver)] if due else [])  # the one seat to draw from
            if seat in game.waiting_for:
                pairs = [move for move in legal if isinstance(move, LayDown)]
                assert len(pairs) == len(game.pairs_in(seat)) and all(a.pairs_with(b) for a, b in (move.cards for move in pairs))
                assert (FinishPairing(seat) in legal) == (not pairs)
            elif not due:
                assert legal == [], (seat, legal)
        if game.waiting_for:
            seat = min(game.waiting_for)
            game.apply(game.legal_moves(seat)[0])
        elif game.drawer in learners:
            game.apply(Draw(game.drawer, game.giver, position=choices.randrange(len(game.hands[game.giver]))))
        else:
            game.play_computer_turn()
