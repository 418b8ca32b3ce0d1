"""Picture decks in the engine: every shipped deck under both rulesets keeps the rules of the game
(cards conserved, only true picture pairs, one Old Maid holding the character, every game ends,
saving and resuming mid-game), and every mistake a picture deck allows is caught with nothing changed."""

from __future__ import annotations

import json
import pickle
import random

import pytest
from scale import scaled

from tutor.engine import (
    Draw,
    FinishDeal,
    FinishPairing,
    Game,
    IllegalAction,
    LayDown,
    MistakeCode,
    Picture,
    Rules,
    all_decks,
    decks,
    find_deck,
    picture_deck,
    possible_mistakes,
    register_deck,
    simulate,
)
from tutor.errors import RulesError

PICTURE_DECKS = [deck for deck in all_decks() if not deck.is_standard]
VARIANTS = ("bicycle", "table")


def rules_for(deck_id: str, variant: str, players: int, **switches: bool) -> Rules:
    return Rules(variant, players, deck=deck_id, **switches)


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
            game.apply(Draw(game.drawer, game.giver, position=choices.randrange(len(game.hands[game.giver]))))
        else:
            game.play_computer_turn()


def test_the_shipped_decks_are_a_small_first_game_and_a_full_one() -> None:
    sizes = {deck.id: (deck.pair_count, deck.size) for deck in PICTURE_DECKS}
    assert sizes == {"farm": (9, 19), "everyday": (25, 51)}
    small = find_deck("farm")
    assert Rules.bicycle(3, deck="farm").dealt_sizes() in ((6, 7, 6), (7, 6, 6), (6, 6, 7))
    assert all(5 <= size <= 7 for size in Rules.table(3, deck=small.id).dealt_sizes())
    assert [deck.id for deck in all_decks()][0] == "standard"


@pytest.mark.soak
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("deck", PICTURE_DECKS, ids=lambda deck: deck.id)
def test_every_game_conserves_cards_lays_true_pairs_and_ends_with_the_character(deck, variant: str) -> None:
    low, high = Rules(variant).book.players
    choices = random.Random(f"{deck.id}-{variant}")
    for number in range(scaled(40)):
        players = choices.randint(low, min(high, 6))
        switches = {"odd_card_wins": choices.random() < 0.3}
        if variant == "table":
            switches["extra_draw_on_pair"] = choices.random() < 0.5
        elif not switches["odd_card_wins"]:
            switches["wrong_pair_loses"] = choices.random() < 0.5
        rules = rules_for(deck.id, variant, players, **switches)
        learners = set(choices.sample(range(players), k=choices.randint(0, 2)))
        game = Game.deal(rules, number, dealer=choices.randrange(players), learners=learners)
        assert sorted(every_card(game), key=lambda card: card.index) == list(deck.cards)
        play_as_learner(game, choices)
        assert game.is_over
        cards = every_card(game)
        assert sorted(cards, key=lambda card: card.index) == list(deck.cards)  # every card, each once
        assert all(a.picture is b.picture and a is not b for _, (a, b) in game.pairs)
        assert len(game.pairs) == deck.pair_count
        holders = [seat for seat, hand in enumerate(game.hands) if hand]
        assert holders == [game.loser]
        assert game.hands[game.loser] == (deck.character_card,)
        assert game.winner == (game.loser if switches["odd_card_wins"] else None)


@pytest.mark.soak
@pytest.mark.parametrize("deck", PICTURE_DECKS, ids=lambda deck: deck.id)
def test_a_game_saved_mid_way_plays_on_exactly_the_same(deck) -> None:
    choices = random.Random(deck.id)
    for number in range(scaled(20)):
        variant = VARIANTS[number % 2]
        rules = rules_for(deck.id, variant, choices.randint(2, 5))
        game = Game.deal(rules, number)
        for _ in range(choices.randrange(1, 12)):
            if game.is_over:
                break
            game.play_computer_turn()
        saved = json.loads(json.dumps(game.to_dict()))
        assert saved["rules"]["deck"] == deck.id
        copy = Game.from_dict(saved)
        assert copy.rules == rules and copy.hands == game.hands and copy.pairs == game.pairs
        game.play_out()
        copy.play_out()
        assert (copy.hands, copy.pairs, copy.loser, copy.draws) == (game.hands, game.pairs, game.loser, game.draws)


def test_the_character_never_pairs_and_its_holder_is_the_old_maid() -> None:
    deck = find_deck("farm")
    cat1, cat2 = deck.parse("cat/1"), deck.parse("cat/2")
    maid = deck.character_card
    assert maid is not None and maid.is_character and not cat1.is_character
    assert cat1.rank_index == cat2.rank_index != maid.rank_index
    assert all(card.rank_index != maid.rank_index for card in deck.cards if card is not maid)
    game = Game.from_hands(Rules.table(2, deck="farm"), [[cat1], [cat2, maid]])
    game.play_out()
    assert game.loser == 1 and game.hands[1] == (maid,)
    reversed_game = Game.from_hands(Rules.table(2, deck="farm", odd_card_wins=True), [[cat1], [cat2, maid]])
    reversed_game.play_out()
    assert reversed_game.winner == 1


def test_picture_cards_read_as_their_picture_and_save_by_code() -> None:
    deck = find_deck("everyday")
    card = deck.parse("fish/2")
    assert str(card) == card.text() == "Fish" and card.code == "fish/2" and card.suit == "" and not card.is_red
    assert card.same_rank == (deck.parse("fish/1"),)
    assert pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(RulesError, match="not a card of the Everyday pictures deck"):
        deck.parse("fish/3")
    with pytest.raises(RulesError, match="not a card of the Farm friends deck"):
        find_deck("farm").parse(card)


# ----- mistakes --------------------------------------------------------------------------------


def learner_game(hands: list[list[str]], variant: str = "bicycle", **switches: bool) -> Game:
    """Seat 0 is the learner; cards by code in the Farm deck."""
    return Game.from_hands(Rules(variant, len(hands), deck="farm", **switches), hands, learners=(0,))


def caught(game: Game, action, code: MistakeCode) -> None:
    before = game.to_dict()
    with pytest.raises(IllegalAction) as raised:
        game.apply(action)
    assert raised.value.mistake.code is code
    assert game.to_dict() == before  # nothing changed


@pytest.mark.parametrize("variant", VARIANTS)
def test_keeping_two_matching_pictures_is_caught(variant: str) -> None:
    game = learner_game([["cat/1", "cat/2", "dog/1"], ["dog/2", "pig/1"], ["pig/2", "old-maid"]], variant)
    cat1, cat2 = game.hands[0][:2]
    caught(game, FinishPairing(0), MistakeCode.KEPT_PAIR)
    game.apply(LayDown(0, [cat1, cat2]))
    assert game.pairs[-1] == (0, (cat1, cat2))


def test_holding_a_pair_back_and_drawing_under_table_rules_is_caught() -> None:
    game = learner_game([["cat/1", "cat/2", "dog/1"], ["dog/2", "pig/1"], ["pig/2", "old-maid"]], "table")
    caught(game, Draw(0, 1, position=0), MistakeCode.KEPT_PAIR)


@pytest.mark.parametrize("variant", VARIANTS)
def test_laying_down_two_different_pictures_is_caught_in_picture_words(variant: str) -> None:
    game = learner_game([["cat/1", "dog/1"], ["cat/2", "dog/2", "old-maid"]], variant)
    before = game.to_dict()
    with pytest.raises(IllegalAction) as raised:
        game.apply(LayDown(0, list(game.hands[0])))
    assert raised.value.mistake.code is MistakeCode.NOT_A_PAIR
    assert "same picture" in raised.value.mistake.detail and "rank" not in raised.value.mistake.detail
    assert game.to_dict() == before


def test_a_wrong_picture_pair_under_strict_bicycle_rules_costs_the_game() -> None:
    game = learner_game([["cat/1", "dog/1"], ["cat/2", "dog/2", "old-maid"]], "bicycle", wrong_pair_loses=True)
    broken = game.rules_broken(LayDown(0, list(game.hands[0])))
    assert [mistake.code for mistake in broken] == [MistakeCode.NOT_A_PAIR]
    assert "same picture" in broken[0].detail


def test_every_mistake_possible_with_a_picture_deck_is_caught_with_nothing_changed() -> None:
    deck = find_deck("farm")
    card = deck.parse
    seen: set[MistakeCode] = set()

    def check(game: Game, action, code: MistakeCode) -> None:
        caught(game, action, code)
        seen.add(code)

    pairing = learner_game([["cat/1", "cat/2", "dog/1"], ["dog/2", "pig/1"], ["pig/2", "old-maid"]], "table")
    check(pairing, FinishPairing(0), MistakeCode.KEPT_PAIR)
    check(pairing, LayDown(0, [card("cat/1"), card("dog/1")]), MistakeCode.NOT_A_PAIR)
    check(pairing, LayDown(0, [card("cat/1"), card("pig/1")]), MistakeCode.NOT_IN_HAND)
    check(pairing, LayDown(1, [card("dog/2"), card("pig/1")]), MistakeCode.OUT_OF_TURN)
    rules = Rules.table(4, deck="farm")
    hands = [["cat/1"], ["dog/1", "pig/1"], [], ["cat/2", "dog/2", "pig/2", "old-maid"]]
    playing = Game.from_hands(rules, hands, dealer=3, learners=(0,))
    playing.apply(FinishPairing(0))
    check(playing, Draw(0, 3, position=0), MistakeCode.WRONG_NEIGHBOUR)
    check(playing, Draw(0, 2, position=0), MistakeCode.DREW_FROM_EMPTY)
    check(playing, Draw(0, 1, card=card("cow/1")), MistakeCode.NO_SUCH_CARD)
    dealing = Game.start_deal(Rules.bicycle(3, deck="farm"), seed=1)
    check(dealing, FinishDeal(), MistakeCode.STOCK_LEFT)
    assert seen == possible_mistakes(deck.copies)


def test_three_of_a_kind_cannot_arise_with_pictures() -> None:
    deck = find_deck("farm")
    assert all(len(card.same_rank) <= 1 for card in deck.cards)
    assert deck.copies == 2 and find_deck("standard").copies == 4
    assert MistakeCode.LAID_DOWN_THREE not in possible_mistakes(deck.copies)
    assert possible_mistakes(deck.copies) | {MistakeCode.LAID_DOWN_THREE} == possible_mistakes(4) == set(MistakeCode)
    with pytest.raises(RulesError, match="dealt twice"):
        Game.from_hands(Rules.bicycle(2, deck="farm"), [["cat/1", "cat/1"], ["cat/2"]])


# ----- rules ----------------------------------------------------------------------------------


def test_rules_carry_the_deck_and_refuse_what_makes_no_sense() -> None:
    rules = Rules.bicycle(3, deck="farm")
    assert rules.pictures and rules.cards_in_play == 19 and rules.playing_deck is find_deck("farm")
    assert Rules.from_dict(rules.to_dict()) == rules
    assert "deck" not in Rules.bicycle(3).to_dict()  # saved exactly as before picture decks
    assert Rules.from_dict({"variant": "table", "players": 3}).deck == "standard"
    with pytest.raises(RulesError, match="odd_rank does not apply to the picture deck 'farm'"):
        Rules.table(3, odd_rank="K", deck="farm")
    with pytest.raises(RulesError, match="there is no deck 'nope'; the decks are: standard, farm, everyday"):
        Rules.table(3, deck="nope")
    assert Rules.table(3, odd_rank="K").with_deck("farm").odd_rank == "Q"
    assert Rules.table(3).with_deck("farm").with_deck("standard") == Rules.table(3)


def test_a_deck_too_small_for_the_table_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    pictures = [Picture(name, name.title(), name.title(), ("x",)) for name in ("ant", "bee", "cow")]
    tiny = picture_deck("tiny-test", "Tiny", pictures, Picture("maid", "Maid", "Maid", ("m",)))
    monkeypatch.setattr(decks, "_DECKS", dict(decks._DECKS))  # registered for this test only
    register_deck(tiny)
    assert find_deck("tiny-test") is tiny
    with pytest.raises(RulesError, match="already a deck with the id 'farm'"):
        register_deck(picture_deck("farm", "Other farm", pictures, Picture("maid", "Maid", "Maid", ("m",))))
    assert Rules.table(7, deck="tiny-test").cards_in_play == 7
    with pytest.raises(RulesError, match="7 cards, too few for 8 players"):
        Rules.table(8, deck="tiny-test")


def test_picture_deck_construction_refuses_repeats_and_odd_sizes() -> None:
    maid = Picture("maid", "Maid", "Maid", ("m",))
    cat = Picture("cat", "Cat", "Cat", ("c",))
    with pytest.raises(RulesError, match="the id 'cat'"):
        picture_deck("x", "X", [cat, cat, Picture("dog", "Dog", "Dog", ())], maid)
    with pytest.raises(RulesError, match="3 to 26 pairs, not 1"):
        picture_deck("x", "X", [cat], maid)
    with pytest.raises(RulesError, match="deck id"):
        picture_deck("standard", "X", [cat], maid)


@pytest.mark.parametrize("variant", VARIANTS)
def test_simulate_gives_per_seat_odds_with_a_picture_deck(variant: str) -> None:
    result = simulate(rules_for("farm", variant, 3), 300, seed=1)
    assert len(result.loser_share) == 3 and abs(sum(result.loser_share) - 1) < 1e-9
    assert result.min_draws >= 0 and result.rules.deck == "farm"


def test_a_picture_cards_own_code_works_wherever_a_card_is_named() -> None:
    """`Game.from_hands` reads "cat/2"; so do `Game.draw`, `Draw(card=...)` and `LayDown`, with the
    game's own deck (a code names a card only within one deck)."""
    from tutor.engine import Draw, Game, LayDown, Rules

    rules = Rules.bicycle(players=2, deck="farm")
    game = Game.from_hands(rules, [["cat/1", "dog/1"], ["cat/2", "old-maid"]], dealer=1)
    assert game.mistake_in(LayDown(0, ["cat/1", "dog/1"])) is not None  # not a pair: a mistake, not a crash
    drawer, giver = game.drawer, game.giver
    assert drawer is not None and giver is not None
    wanted = "cat/2" if giver == 1 else "cat/1"
    events = game.apply(Draw(drawer, giver, card=wanted))
    assert any(getattr(event, "card", None) is not None and event.card.code == wanted for event in events)
    again = Game.from_hands(rules, [["cat/1", "dog/1"], ["cat/2", "old-maid"]], dealer=1)
    assert again.draw(wanted) == events  # Game.draw reads the code the same way
    with pytest.raises(RulesError, match="not a card of"):
        again.apply(Draw(drawer, giver, card="cow/9"))
