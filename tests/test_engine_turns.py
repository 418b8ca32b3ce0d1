"""The engine's answers to the turn questions the rest of the tutor asks, and its ruleset facts:
clone and after, how the turn passed (skips, extra draws, offers passed on), whether a pair can
still form, where seats sit, which options each ruleset allows, and the one wrong-pair mistake."""

from __future__ import annotations

import random
from typing import get_args

import pytest
from helpers import cards, finish_opening, table_game

from tutor.engine import (
    ODD_RANKS,
    RULEBOOKS,
    VARIANTS,
    Draw,
    FinishPairing,
    Game,
    IllegalAction,
    LayDown,
    MistakeCode,
    OddRank,
    PairLaidDown,
    Rules,
    Variant,
    every_rules,
    rulebook,
    wrong_pair_mistake,
)
from tutor.errors import RulesError

# ----- copies ----------------------------------------------------------------------------------


def test_a_clone_plays_on_alone_and_the_same_way() -> None:
    game = Game.deal(Rules.table(players=5), seed=3)
    copy = game.clone()
    assert copy.to_dict() == game.to_dict()
    copy.play_out()
    assert game.draws == 0 and not game.is_over
    game.play_out()  # the random generator was copied too: the same game follows
    assert game.to_dict() == copy.to_dict()


def test_a_clone_of_a_learner_game_keeps_the_learner_waiting() -> None:
    game = table_game(Rules.bicycle(players=3), "5C 5H 9D", "2C 3C", "4C QS", learners=(0,))
    copy = game.clone()
    copy.apply(LayDown(0, cards("5C 5H")))
    assert game.waiting_for == {0} and game.pairs_in(0)
    assert copy.pairs_in(0) == []


def test_after_makes_the_move_on_a_copy() -> None:
    game = table_game(Rules.table(players=3), "5C 9D", "5H 2C", "3C QS")
    assert (game.drawer, game.giver) == (1, 2)
    later = game.after(Draw(1, 2, "3C"))
    assert (game.drawer, game.giver, game.draws) == (1, 2, 0)
    assert (later.drawer, later.giver, later.draws) == (2, 0, 1)
    with pytest.raises(IllegalAction):
        game.after(Draw(1, 0))


# ----- whom the drawer may draw from ---------------------------------------------------------


@pytest.mark.parametrize("rules", [Rules.bicycle(players=4), Rules.table(players=4)])
def test_the_drawer_may_draw_from_the_giver_only_and_others_from_nobody(rules: Rules) -> None:
    game = Game.deal(rules, seed=5)
    assert game.drawer is not None and game.giver is not None
    assert game.may_draw_from(game.drawer) == (game.giver,)
    assert all(game.may_draw_from(seat) == () for seat in range(4) if seat != game.drawer)


def test_the_side_the_drawer_may_draw_from_is_the_rulesets() -> None:
    bicycle = table_game(Rules.bicycle(players=4), "5C", "9D", "5H 2C", "QS 2D", dealer=2)
    table = table_game(Rules.table(players=4), "5C", "9D", "5H 2C", "QS 2D", dealer=2)
    assert bicycle.may_draw_from(3) == (2,)  # Bicycle: from the right
    assert table.may_draw_from(3) == (0,)  # Table: from the left


def test_a_choice_of_giver_needs_two_other_hands_holding_cards() -> None:
    four = table_game(Rules.bicycle(players=4), "5C", "9D", "5H 2C", "QS 2D", dealer=2)
    assert four.choice_of_giver(3) and not four.choice_of_giver(0)  # only the drawer chooses
    last_two = table_game(Rules.bicycle(players=4), "5C 9D", "", "", "QS 9C", dealer=0)
    assert last_two.drawer is not None and not last_two.choice_of_giver(last_two.drawer)
    two = table_game(Rules.table(players=2), "5C 9D", "QS 9C 5H", dealer=0)
    assert two.drawer is not None and not two.choice_of_giver(two.drawer)


# ----- how the turn passed -------------------------------------------------------------------


def test_at_the_start_the_dealer_offers_first_in_bicycle_rules() -> None:
    game = table_game(Rules.bicycle(players=4), "5C", "9D", "5H 2C", "QS 2D", dealer=2)
    passing = game.turn_passing()
    assert passing is not None
    assert (passing.after, passing.starting, passing.giver, passing.drawer) == (2, True, 2, 3)
    assert not passing.passed_on and not passing.extra_draw and passing.skipped == ()


def test_an_empty_handed_dealer_passes_the_offer_on_in_bicycle_rules() -> None:
    game = table_game(Rules.bicycle(players=4), "5C 9D", "", "5H 2C", "QS 9C", dealer=1)
    passing = game.turn_passing()
    assert passing is not None
    assert (passing.giver, passing.drawer, passing.passed_on) == (2, 3, True)
    assert passing.skipped_before == () and passing.skipped_between == ()


def test_empty_seats_between_giver_and_drawer_are_skipped_in_bicycle_rules() -> None:
    game = table_game(Rules.bicycle(players=5), "5C 9D", "5H 2C", "", "", "QS 9C", dealer=1)
    passing = game.turn_passing()
    assert passing is not None
    assert (passing.giver, passing.drawer) == (1, 4)
    assert game.skipped() == (3, 2)  # nearest the drawer first
    assert passing.skipped_between == passing.skipped == (2, 3)  # the way the turn went


def test_table_rules_skip_on_the_way_to_the_drawer_and_the_giver() -> None:
    game = table_game(Rules.table(players=5), "5C 9D", "", "5H 2C", "", "QS 9C", dealer=0)
    passing = game.turn_passing()
    assert passing is not None
    assert (passing.after, passing.drawer, passing.giver) == (0, 2, 4)
    assert passing.skipped_before == (1,) and passing.skipped_between == (3,)
    assert not passing.passed_on


def test_an_extra_draw_is_told_as_such() -> None:
    game = table_game(Rules.table(players=3, extra_draw_on_pair=True), "5C 9D", "5H 2C", "3C QS 9C")
    game.apply(Draw(1, 2, "3C"))  # no pair: the turn passes on
    passing = game.turn_passing()
    assert passing is not None and (passing.after, passing.drawer, passing.extra_draw) == (1, 2, False)
    game.apply(Draw(2, 0, "9D"))  # a pair: Table's house rule gives another draw
    passing = game.turn_passing()
    assert passing is not None and (passing.after, passing.drawer, passing.extra_draw) == (2, 2, True)
    assert not passing.starting


def test_a_drawer_who_empties_their_hand_passes_the_offer_on_in_bicycle_rules() -> None:
    game = table_game(Rules.bicycle(players=4), "5C 9C", "5H", "QS 3C", "3D 9D", dealer=0)
    game.apply(Draw(1, 0, "5C"))  # seat 1 pairs its last card and is safe
    passing = game.turn_passing()
    assert passing is not None
    assert (passing.after, passing.giver, passing.drawer, passing.passed_on) == (1, 2, 3, True)
    assert passing.skipped == ()


def test_turn_passing_survives_saving() -> None:
    game = table_game(Rules.table(players=4, extra_draw_on_pair=True), "5C 9D", "5H 2C", "3C QS 9C", "4C 6C")
    game.apply(Draw(1, 2, "9C"))
    restored = Game.from_dict(game.to_dict())
    assert restored.turn_passing() == game.turn_passing()
    old = game.to_dict()
    del old["turn_after"]  # saved before the field existed: a fair guess, never a crash
    assert Game.from_dict(old).turn_passing() is not None


def test_no_turn_passing_when_nobody_draws() -> None:
    game = table_game(Rules.bicycle(players=2), "5C", "5H QS")
    game.apply(Draw(1, 0, "5C"))
    assert game.is_over and game.turn_passing() is None


# ----- can a pair still form? ------------------------------------------------------------------


def test_possible_pair_names_two_cards_of_one_rank_and_their_holders() -> None:
    game = table_game(Rules.bicycle(players=3), "5C 9D", "5H 2C", "QS")
    first, second = game.possible_pair()  # type: ignore[misc]
    assert first == (0, cards("5C")[0]) and second == (1, cards("5H")[0])
    assert game.can_pair()


def test_no_pair_can_form_once_only_the_odd_card_is_left() -> None:
    game = table_game(Rules.bicycle(players=2), "5C", "5H QS")
    game.apply(Draw(1, 0, "5C"))
    assert game.possible_pair() is None and not game.can_pair()


# ----- where seats sit -------------------------------------------------------------------------


def test_sides_seen_from_a_seat() -> None:
    rules = Rules.table(players=5)
    assert [rules.side_of(seat, 0) for seat in range(5)] == ["self", "left", "across", "across", "right"]
    assert [rules.side_of(seat, 3) for seat in range(5)] == ["across", "across", "right", "self", "left"]
    assert Rules.bicycle(players=2).side_of(1, 0) == "opposite"
    assert Rules.bicycle(players=3).side_of(2, 0) == "right"


def test_walking_round_the_table() -> None:
    rules = Rules.bicycle(players=4)
    assert rules.seat_left_of(3) == 0 and rules.seat_left_of(0, -1) == 3 and rules.seat_left_of(1, 6) == 3
    assert rules.seats_from(2) == (2, 3, 0, 1)
    assert list(rules.seats) == [0, 1, 2, 3]


# ----- what each ruleset allows ----------------------------------------------------------------


def test_each_ruleset_names_its_players_odd_ranks_and_switches() -> None:
    bicycle, table = rulebook("bicycle"), rulebook("table")
    assert (bicycle.players, bicycle.odd_ranks) == ((2, 5), ("Q", "J"))
    assert (table.players, table.odd_ranks) == ((2, 8), ("Q", "K"))
    assert set(bicycle.switches) == {"odd_card_wins", "wrong_pair_loses"}
    assert set(table.switches) == {"extra_draw_on_pair", "odd_card_wins"}
    assert Rules.bicycle().book is bicycle and Rules.table().name == "Table"
    assert (bicycle.draws_from, table.draws_from) == ("right", "left")
    assert bicycle.says_who_starts and not table.says_who_starts
    assert bicycle.wrong_pair_rule and not table.wrong_pair_rule


def test_the_rulesets_and_odd_ranks_are_the_rulebooks_own() -> None:
    """VARIANTS and ODD_RANKS (what settings and the command line offer) are exactly the rulebooks'."""
    assert set(VARIANTS) == set(RULEBOOKS) and all(RULEBOOKS[variant].variant == variant for variant in VARIANTS)
    assert {rank for book in RULEBOOKS.values() for rank in book.odd_ranks} == set(ODD_RANKS)
    assert get_args(Variant) == VARIANTS and get_args(OddRank) == ODD_RANKS
    with pytest.raises(ValueError, match="variant must be 'bicycle' or 'table', not 'poker'"):
        rulebook("poker")


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: Rules.bicycle(odd_rank="K"), "odd_rank 'K' is not in the Bicycle rules; allowed: Q or J"),
        (lambda: Rules.table(odd_rank="J"), "odd_rank 'J' is not in the Table rules; allowed: Q or K"),
        (lambda: Rules.bicycle(players=6), "from 2 to 5 for Bicycle"),
        (lambda: Rules.table(wrong_pair_loses=True), "wrong_pair_loses is not a Table rule"),
        (lambda: Rules("poker"), "variant must be 'bicycle' or 'table'"),
    ],
)
def test_combinations_no_rulebook_has_are_refused_clearly(make, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        make()


def test_rules_of_leaves_out_switches_the_ruleset_does_not_have_while_they_are_off() -> None:
    rules = Rules.of("bicycle", players=3, odd_rank="J", extra_draw_on_pair=False, wrong_pair_loses=True)
    assert rules == Rules.bicycle(players=3, odd_rank="J", wrong_pair_loses=True)
    assert Rules.of("table", wrong_pair_loses=False) == Rules.table()
    with pytest.raises(RulesError, match="extra_draw_on_pair is not a Bicycle rule"):
        Rules.of("bicycle", extra_draw_on_pair=True)


def test_every_rules_lists_each_allowed_combination_once() -> None:
    every = every_rules()
    assert len(every) == len(set(every)) == 4 * 2 * 3 + 7 * 2 * 4
    assert {rules.variant for rules in every} == set(RULEBOOKS)
    assert all(rules.players in (2, 6) for rules in every_rules(players=(2, 6)))
    assert not any(rules.variant == "bicycle" and rules.players == 6 for rules in every_rules(players=(2, 6)))


def test_rules_errors_are_value_errors_for_older_callers() -> None:
    with pytest.raises(ValueError):
        Rules.table(players=9)
    with pytest.raises(RulesError):
        Game.from_dict({"format": "chess"})


# ----- a wrong pair is a mistake -------------------------------------------------------------


def test_a_wrong_pair_under_strict_bicycle_rules_is_the_not_a_pair_mistake() -> None:
    game = table_game(Rules.bicycle(players=3, wrong_pair_loses=True), "5C 9D 2S", "5H 2C", "QS 3C", learners=(0,))
    events = game.apply(LayDown(0, cards("5C 9D")))
    mistake = wrong_pair_mistake(events)
    assert mistake is not None and mistake.code is MistakeCode.NOT_A_PAIR
    assert mistake.seat == 0 and set(mistake.cards) == set(cards("5C 9D"))
    assert any(isinstance(event, PairLaidDown) and event.wrong for event in events)


def test_a_right_pair_is_no_mistake() -> None:
    game = table_game(Rules.bicycle(players=3, wrong_pair_loses=True), "5C 5D 2S", "5H 2C", "QS 3C", learners=(0,))
    assert wrong_pair_mistake(game.apply(LayDown(0, cards("5C 5D")))) is None
    finish_opening(game)


def test_a_drawn_wrong_neighbour_names_the_chosen_and_the_rightful_seat() -> None:
    game = table_game(Rules.table(players=4), "5C 9D", "5H 2C", "3C QS", "4C 6C", learners=(1,))
    finish_opening(game)
    mistake = game.mistake_in(Draw(1, 3))
    assert mistake is not None and mistake.code is MistakeCode.WRONG_NEIGHBOUR and mistake.seats == (3, 2)
    assert None not in game.mistake_in(FinishPairing(1)).seats  # type: ignore[union-attr]


# ----- the observation is enough to draw the table ----------------------------------------------


def test_an_observation_shows_the_table_without_hidden_cards() -> None:
    rules = Rules.bicycle(players=4, wrong_pair_loses=True)
    game = table_game(rules, "5C 5D 9D 2S", "5H 2C", "QS 3C 4C", "9S 4D 3D", learners=(0,))
    game.apply(LayDown(0, cards("5C 5D")))
    finish_opening(game)
    seen = game.observation(1)
    assert seen.rules == rules and seen.hand == tuple(cards("5H 2C"))
    assert seen.hand_sizes == (2, 2, 3, 3) and seen.pair_counts == (1, 0, 0, 0)
    assert all(pair is None for owner, pair in seen.pairs if owner != 1)  # face down in Bicycle rules
    assert (seen.drawer, seen.giver, seen.dealer) == (game.drawer, game.giver, 0)
    assert seen.holders == (0, 1, 2, 3) and not seen.is_over and seen.wrong_pairs == ()
    assert seen.stock == 0 and seen.draws == 0 and seen.loser is None and seen.skipped == game.skipped()


def test_the_pair_check_shows_wrong_pairs_once_the_game_is_over() -> None:
    rules = Rules.bicycle(players=2, wrong_pair_loses=True)
    game = table_game(rules, "5C 9D", "5H QS 9S", learners=(0,))
    game.apply(LayDown(0, cards("5C 9D")))
    while not game.is_over:
        game.play_computer_turn()
    seen = game.observation(1)
    assert seen.is_over and seen.loser == 0 and [seat for seat, _ in seen.wrong_pairs] == [0]


def test_many_random_games_agree_with_their_clones_and_observations() -> None:
    rng = random.Random(1)
    for rules in every_rules(players=(2, 3, 5)):
        game = Game.deal(rules, seed=rng.random())
        while not game.is_over:
            copy = game.clone()
            passing = game.turn_passing()
            assert passing is not None and (passing.drawer, passing.giver) == (game.drawer, game.giver)
            assert all(not game.hands[seat] for seat in passing.skipped)
            game.play_computer_turn()
            copy.play_computer_turn()
            assert copy.to_dict() == game.to_dict()
        assert game.possible_pair() is None
        assert game.observation(0).loser == game.loser


# ----- every rule a move breaks -----------------------------------------------------------------


def _codes(game: Game, action: object) -> list[str]:
    return [mistake.code.value for mistake in game.rules_broken(action)]  # type: ignore[arg-type]


def test_laying_down_three_is_also_not_a_pair() -> None:
    game = table_game(Rules.table(players=3), "7C 7H 7S 2D", "5H 2C", "QS 3C", learners=(0,))
    assert _codes(game, LayDown(0, cards("7C 7H 7S"))) == ["laid-down-three", "not-a-pair"]
    assert _codes(game, LayDown(0, cards("7C 7H"))) == []


def test_drawing_from_an_empty_seat_off_your_side_is_also_the_wrong_side() -> None:
    # Table rules, 5 players: seat 0 draws from the nearest seat on its left that holds cards (2).
    game = table_game(Rules.table(players=5), "5C 9D", "", "5H 2C", "", "QS 9C 2S", dealer=4, learners=(0,))
    finish_opening(game)
    assert (game.drawer, game.giver, game.skipped()) == (0, 2, (1,))
    assert _codes(game, Draw(0, 1)) == ["drew-from-empty"]  # passed over on the way: only the skip rule
    assert _codes(game, Draw(0, 3)) == ["drew-from-empty", "wrong-neighbour"]
    assert _codes(game, Draw(0, 4)) == ["wrong-neighbour"]
    assert _codes(game, Draw(0, 2)) == []


def test_a_wrong_pair_strict_bicycle_lets_go_down_is_still_broken() -> None:
    strict = table_game(Rules.bicycle(players=3, wrong_pair_loses=True), "5C 9D", "5H 2C", "QS 3C", learners=(0,))
    assert _codes(strict, LayDown(0, cards("5C 9D"))) == ["not-a-pair"]
    assert strict.hands[0] == tuple(cards("5C 9D"))  # nothing changed
    plain = table_game(Rules.bicycle(players=3), "5C 9D", "5H 2C", "QS 3C", learners=(0,))
    assert _codes(plain, LayDown(0, cards("5C 9D"))) == ["not-a-pair"]
    assert _codes(plain, FinishPairing(0)) == []


def test_next_seat_moves_a_cursor_round_the_table() -> None:
    rules = Rules.table(players=5)
    assert [rules.next_seat(seat) for seat in range(5)] == [1, 2, 3, 4, 0]
    assert rules.next_seat(0, -1) == 4
    opponents = range(1, 5)
    assert rules.next_seat(4, 1, among=opponents) == 1 and rules.next_seat(1, -1, among=opponents) == 4
    assert rules.next_seat(2, 1, among={2}) == 2  # nowhere else to go
