"""Every generated question's stated answer is checked again by the engine.

Each check rebuilds the game from the question's hands with `Game.from_hands`, makes the moves
itself and reads the result, without the generators' own helpers: a question whose right option
is not what the engine says fails here, and so does a wrong option the engine would accept.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from scale import scaled

from tutor.course.mistakes import rule_of
from tutor.engine import Card, Draw, FinishPairing, Game, IllegalAction, LayDown, PairLaidDown, Rules, every_rules
from tutor.quiz import GENERATORS, Question
from tutor.quiz.generators import ALL_RIGHT, NOBODY_YET, PREFIX
from tutor.quiz.words import the_answer
from tutor.wording import Seats

NAMES = ("You", "Bea", "Sam", "Ana", "Kit", "Lou", "Max", "Zoe")
RULES = [
    Rules.bicycle(players=4),
    Rules.bicycle(players=2),
    Rules.bicycle(players=5, odd_rank="J", wrong_pair_loses=True),
    Rules.bicycle(players=3, odd_card_wins=True),
    Rules.table(players=3),
    Rules.table(players=6, odd_rank="K", extra_draw_on_pair=True),
    Rules.table(players=2, extra_draw_on_pair=True, odd_card_wins=True),
    Rules.table(players=8),
]
SEEDS = range(60)
MISTAKE_CODES = ("kept-pair", "not-a-pair", "laid-down-three", "drew-from-empty", "wrong-neighbour")


def _start(rules: Rules, question: Question) -> Game:
    setup = question.setup
    assert setup is not None
    return Game.from_hands(rules, setup.hands, dealer=setup.dealer, learners=setup.learners)


def _replayed(rules: Rules, question: Question) -> Game:
    game = _start(rules, question)
    for move in question.setup.moves:  # type: ignore[union-attr]
        game.apply(move)
    return game


def _engine_says_right(rules: Rules, question: Question, check: Callable[[Game, object], bool]) -> None:
    """`check(game, value)` tells, on a fresh game, whether an option's value is right."""
    verdicts = [check(_replayed(rules, question), value) for value in question.values]
    assert verdicts == [index in question.correct for index in range(len(question.options))], question


def _lays_down_cleanly(game: Game, groups: object) -> bool:
    try:
        for group in groups:  # type: ignore[attr-defined]
            game.apply(LayDown(0, group))
    except IllegalAction:
        return False
    if game.wrong_pairs or game.pairs_in(0):
        return False
    return 0 not in game.waiting_for or game.mistake_in(FinishPairing(0)) is None


def _is_allowed_draw(game: Game, turn: object) -> bool:
    drawer, giver = turn  # type: ignore[misc]
    return game.mistake_in(Draw(drawer, giver)) is None


def _after_the_draw(rules: Rules, question: Question) -> tuple[tuple[Card, ...], tuple[int, ...], int | None]:
    game = _replayed(rules, question)
    holding = [bool(hand) for hand in game.hands]
    pairs_before = len(game.pairs)
    assert isinstance(question.move, Draw)
    game.apply(question.move)
    pair = tuple(sorted(card for _, cards in game.pairs[pairs_before:] for card in cards))
    now_safe = tuple(seat for seat, hand in enumerate(game.hands) if holding[seat] and not hand)
    return pair, now_safe, game.loser if game.is_over else None


def _played_to_the_end(game: Game) -> Game:
    """Play on, always taking the first card offered; learners lay down every pair they can."""
    while not game.is_over:
        drawer, giver = game.drawer, game.giver
        assert drawer is not None and giver is not None
        game.apply(Draw(drawer, giver, position=0))
        if drawer in game.learners:
            for pair in game.pairs_in(drawer):
                game.apply(LayDown(drawer, pair))
            if drawer in game.waiting_for:
                game.apply(FinishPairing(drawer))
    return game


def _questions(kind: str) -> list[tuple[Rules, Question]]:
    made = []
    for rules in RULES:
        seats = Seats(NAMES[: rules.players])
        for seed in SEEDS:
            question = GENERATORS[kind](random.Random(seed), rules, seats)
            assert question.id == PREFIX + kind
            made.append((rules, question))
    return made


@pytest.mark.parametrize("kind", list(GENERATORS))
def test_every_generated_question_is_well_formed(kind: str) -> None:
    for rules, question in _questions(kind):
        assert 2 <= len(question.options) <= 4 and len(set(question.options)) == len(question.options)
        assert len(question.correct) == 1 and len(question.values) == len(question.options)
        assert len(set(map(repr, question.values))) == len(question.values)
        assert question.explanation and question.prompt
        assert question.setup is not None and len(question.setup.hands) == rules.players


def test_pick_pairs_answers_agree_with_the_engine() -> None:
    for rules, question in _questions("pick-pairs"):
        _engine_says_right(rules, question, _lays_down_cleanly)
        right = question.values[min(question.correct)]
        for group in right:
            assert all(str(card) in question.explanation for card in group)
        for index, note in enumerate(question.notes):
            assert bool(note) == (index not in question.correct)
            if question.values[index] == () and right:  # "Nothing: there are no pairs" says first that there are
                assert note == ("Look again: there is a pair." if len(right) == 1 else "Look again: there are pairs.")


def test_is_this_a_pair_answers_agree_with_the_engine() -> None:
    for rules, question in _questions("is-pair"):
        first, second = question.cards
        game = _start(rules, question)
        if game.mistake_in(LayDown(0, (first, second))) is None:
            game.apply(LayDown(0, (first, second)))
        engine_says_pair = len(game.pairs) == 1 and not game.wrong_pairs
        assert question.values[min(question.correct)] is engine_says_pair
        assert question.options == ("True", "False")
        assert str(first) in question.explanation and str(second) in question.explanation


def test_who_draws_answers_agree_with_the_engine() -> None:
    for rules, question in _questions("who-draws"):
        _engine_says_right(rules, question, _is_allowed_draw)
        game = _replayed(rules, question)
        assert question.values[min(question.correct)] == (game.drawer, game.giver)
        assert question.position is not None and question.position.drawer is None  # the answer is hidden
        drawer, giver = game.drawer, game.giver
        assert question.options[min(question.correct)].endswith(NAMES[giver] if giver else "you")
        assert Seats(NAMES).who(drawer, True) in question.options[min(question.correct)]


def test_after_draw_answers_agree_with_the_engine() -> None:
    for rules, question in _questions("after-draw"):
        pair, safe, old_maid = _after_the_draw(rules, question)
        right = question.values[min(question.correct)]
        assert (right.pair, right.safe, right.old_maid) == (pair, safe, old_maid)
        for index, value in enumerate(question.values):
            if index not in question.correct:
                assert (value.pair, value.safe, value.old_maid) != (pair, safe, old_maid)
        assert str(question.move.card) in question.explanation


def test_spot_the_mistake_answers_agree_with_the_engine() -> None:
    for rules, question in _questions("spot-the-mistake"):
        game = _replayed(rules, question)
        broken = game.rules_broken(question.move)  # a wrong pair that strict Bicycle rules let go down counts
        engine_says = broken[0].code.value if broken else None
        try:
            game.apply(question.move)
        except IllegalAction as error:
            assert error.mistake.code.value == engine_says
        assert question.values[min(question.correct)] == engine_says
        expected = ALL_RIGHT if engine_says is None else rule_of(engine_says)
        assert question.options[min(question.correct)] == expected
        assert the_answer((expected,)).count(":") == 1, "'The answer: Nothing: that was right.' read as a riddle"
        if isinstance(question.move, LayDown):
            assert all(str(card) in question.explanation for card in question.move.cards)


def test_who_is_the_old_maid_answers_agree_with_the_engine() -> None:
    for rules, question in _questions("old-maid-now"):
        game = _replayed(rules, question)
        if question.move is not None:
            game.apply(question.move)
            engine_says = game.loser if game.is_over else None
        else:  # a wrong pair went down: however the draws go, the engine names the same seat
            engine_says = _played_to_the_end(game).loser
            assert game.wrong_pairs and game.wrong_pairs[0][0] == engine_says
        assert question.values[min(question.correct)] == engine_says
        names = Seats(NAMES)
        expected = NOBODY_YET if engine_says is None else names.who(engine_says, True)
        assert question.options[min(question.correct)] == expected


def test_generators_cover_both_rulesets_and_the_house_rules() -> None:
    concepts = {question.concept for kind in GENERATORS for _, question in _questions(kind)}
    assert {"pairs", "three-of-a-kind", "direction", "turn-order", "empty-hands", "drawing", "ending", "wrong-pair"} <= concepts
    strict = Rules.bicycle(players=4, wrong_pair_loses=True)
    kinds = {GENERATORS["old-maid-now"](random.Random(seed), strict, Seats(NAMES[:4])).concept for seed in SEEDS}
    assert "wrong-pair" in kinds
    extra = Rules.table(players=3, extra_draw_on_pair=True)
    texts = [GENERATORS["who-draws"](random.Random(seed), extra, Seats(NAMES[:3])).explanation for seed in range(300)]
    assert any("house rule gives another draw" in text for text in texts)


def test_different_seeds_make_different_positions() -> None:
    for kind in GENERATORS:
        hands = {GENERATORS[kind](random.Random(seed), Rules.bicycle(), Seats(NAMES[:4])).setup.hands for seed in SEEDS}
        assert len(hands) > len(SEEDS) * 0.8, kind


def test_the_same_seed_makes_the_same_question() -> None:
    for kind, make in GENERATORS.items():
        one = make(random.Random(5), Rules.table(players=4), Seats(NAMES[:4]))
        two = make(random.Random(5), Rules.table(players=4), Seats(NAMES[:4]))
        assert one == two, kind


# ----- every option of every generated question, under every rules combination -----------------
#
# For each generator and each rules combination the settings can produce, seeded questions are
# replayed by the engine, which works out the whole outcome of the position; each option is then
# judged true or false from that outcome alone. The marked option must be true and every other
# option false: a wrong option that is also true, or only leaves something out, fails here.


def _outcome_claims_hold(rules: Rules, question: Question, value: object) -> bool:
    """An after-draw option says: this pair goes down (or no pair), these seats run out of cards
    (or nobody does), this seat is the Old Maid (or the game goes on). True if all of it happens."""
    game = _replayed(rules, question)
    holding = [bool(hand) for hand in game.hands]
    events = game.apply(question.move)  # type: ignore[arg-type]
    laid = tuple(sorted(card for event in events if isinstance(event, PairLaidDown) for card in event.cards))
    went_out = {seat for seat, hand in enumerate(game.hands) if holding[seat] and not hand}
    old_maid = game.loser if game.is_over else None
    pair, safe, named = value.pair, set(value.safe), value.old_maid  # type: ignore[attr-defined]
    return tuple(sorted(pair)) == laid and (safe <= went_out if safe else not went_out) and named == old_maid


def _breaks(game: Game, move: object, code: str | None) -> bool:
    """Whether `move` breaks the rule `code` (None: whether it breaks none), from the position alone."""
    if code is None:
        return not any(_breaks(game, move, other) for other in MISTAKE_CODES)
    if isinstance(move, LayDown):
        counts = Counter(card.rank for card in move.cards)
        return (code == "laid-down-three" and 3 in counts.values()) or (
            code == "not-a-pair" and (not move.cards or any(count % 2 for count in counts.values()))
        )
    if isinstance(move, FinishPairing):
        return code == "kept-pair" and bool(game.pairs_in(move.seat))
    assert isinstance(move, Draw) and move.seat == game.drawer
    empty = not game.hands[move.from_seat]
    passed_over = move.from_seat in game.skipped()
    return (code == "drew-from-empty" and empty) or (code == "wrong-neighbour" and move.from_seat != game.giver and not passed_over)


def _option_is_true(rules: Rules, question: Question, value: object) -> bool:
    kind = question.id.removeprefix(PREFIX)
    if kind == "pick-pairs":
        return _lays_down_cleanly(_replayed(rules, question), value)
    if kind == "is-pair":
        first, second = question.cards
        says_pair = not _start(rules, question).rules_broken(LayDown(0, (first, second)))
        return value is says_pair
    if kind == "who-draws":
        game = _replayed(rules, question)
        return value == (game.drawer, game.giver)
    if kind == "after-draw":
        return _outcome_claims_hold(rules, question, value)
    if kind == "spot-the-mistake":
        return _breaks(_replayed(rules, question), question.move, value)  # type: ignore[arg-type]
    assert kind == "old-maid-now"
    game = _replayed(rules, question)
    if question.move is not None:
        game.apply(question.move)
        return value == (game.loser if game.is_over else None)
    return value == _played_to_the_end(game).loser  # a wrong pair decides it, whatever is drawn


@pytest.mark.soak
@pytest.mark.parametrize("kind", list(GENERATORS))
def test_the_marked_option_is_true_and_every_other_option_false(kind: str) -> None:
    seeds = scaled(2)
    checked = options = 0
    for number, rules in enumerate(every_rules()):
        seats = Seats(NAMES[: rules.players])
        for seed in range(seeds):
            question = GENERATORS[kind](random.Random(f"{number}:{seed}"), rules, seats)
            truths = [_option_is_true(rules, question, value) for value in question.values]
            assert truths == [index in question.correct for index in range(len(question.values))], (rules, question)
            checked, options = checked + 1, options + len(truths)
    print(f"\n{kind}: {checked} questions ({options} options) checked under {len(every_rules())} rules combinations")


def test_spot_the_mistake_never_offers_a_rule_the_move_also_broke() -> None:
    """Issue 11, items 1 and 2: drawing from an empty seat off your side breaks "who you draw
    from" too, and laying down three breaks "a pair is two cards"; neither may be a wrong option."""
    found = set()
    for rules in [Rules.table(players=5), Rules.bicycle(players=5), Rules.table(players=3)]:
        for seed in range(300):
            question = GENERATORS["spot-the-mistake"](random.Random(seed), rules, Seats(NAMES[: rules.players]))
            game = _replayed(rules, question)
            broken = {mistake.code.value for mistake in game.rules_broken(question.move)}  # type: ignore[arg-type]
            wrong = {value for index, value in enumerate(question.values) if index not in question.correct}
            assert not wrong & broken, question
            found |= {frozenset(broken)} if len(broken) > 1 else set()
    assert frozenset({"drew-from-empty", "wrong-neighbour"}) in found
    assert frozenset({"laid-down-three", "not-a-pair"}) in found


def test_an_after_draw_option_never_leaves_out_what_also_happens() -> None:
    """Issue 11, item 3: with Lou also going out, "Kit keeps 9♣: no pair" alone was true."""
    for rules in [Rules.bicycle(players=3), Rules.table(players=4)]:
        for seed in range(200):
            question = GENERATORS["after-draw"](random.Random(seed), rules, Seats(NAMES[: rules.players]))
            right = question.values[min(question.correct)]
            for option in question.options:
                assert ("the game goes on" in option) != ("Old Maid" in option)
                assert ("nobody runs out of cards" in option) != ("out, with no cards left" in option)
            for index, value in enumerate(question.values):
                if index not in question.correct and not value.pair:
                    assert question.move.seat not in value.safe  # keeps a card, so cannot be out
                if index not in question.correct and value.pair == right.pair and value.old_maid == right.old_maid:
                    assert not set(value.safe) <= set(right.safe) or (not value.safe and right.safe)


def test_a_picture_deck_in_play_gets_questions_about_the_standard_deck() -> None:
    from tutor.engine.decks import all_decks

    deck = next(deck for deck in all_decks() if not deck.is_standard)
    rules = Rules.bicycle(players=4).with_deck(deck.id)
    for kind, make in GENERATORS.items():
        question = make(random.Random(3), rules, Seats(NAMES[:4]))
        assert question.id == PREFIX + kind and question.setup is not None
        standard = rules.with_deck("standard")
        assert _option_is_true(standard, question, question.values[min(question.correct)])


def test_every_wrong_after_draw_option_gets_its_own_reason() -> None:
    """A wrong "what happens?" option is answered with why it is wrong, not only with the right answer."""
    for _rules, question in _questions("after-draw"):
        notes = {index: question.note(index) for index in range(len(question.options))}
        for index, note in notes.items():
            if index in question.correct:
                assert note == ""
            else:
                assert note, question.options[index]


REASON_SEEDS = range(scaled(4))
"""Seeds per generator and rules in reach: 4 in `make test` (about 2,900 questions), more in `make soak`."""


@pytest.mark.parametrize("kind", list(GENERATORS))
def test_every_generated_reason_is_short_said_once_and_its_own(kind: str) -> None:
    """Every rules the settings can produce (ruleset, players, odd rank, house rules, deck): what
    each option's answer reads repeats no sentence or clause of its own or of the question, no two
    wrong options read the same, and it fits the quiz at 60x20 (tutor.quiz.reasons)."""
    from tutor.quiz.bank import rules_in_reach
    from tutor.quiz.reasons import reason_problems

    for rules in rules_in_reach():
        seats = Seats(NAMES[: rules.players])
        for seed in REASON_SEEDS:
            question = GENERATORS[kind](random.Random(seed), rules, seats)
            assert reason_problems(question) == [], (rules, question.prompt, question.options)


@pytest.mark.parametrize("kind", list(GENERATORS))
def test_a_generated_table_shows_other_hands_face_up_only_behind_the_scenes(kind: str) -> None:
    """Other players' hands are face down unless the question looks behind the scenes and says so
    first; and a question about someone else's draw, whose answer hangs on their hand, does."""
    from tutor.quiz.model import BEHIND_THE_SCENES

    for _rules, question in _questions(kind):
        position = question.position
        if position is None:
            continue
        assert question.prompt.startswith(BEHIND_THE_SCENES) == position.behind_the_scenes, question.prompt
        someone_else_draws = isinstance(question.move, Draw) and question.move.seat != 0 and kind in ("after-draw", "old-maid-now")
        assert position.behind_the_scenes == someone_else_draws, question.prompt


@pytest.mark.parametrize(("rules", "word"), [(Rules.bicycle(players=3), "◀ offers one"), (Rules.table(players=3), "◀ gives one")])
def test_a_quiz_table_marks_the_giver_in_its_books_words(rules: Rules, word: str) -> None:
    """As the game table does: Table rules' giver "gives one" (it said "offers one" under any rules)."""
    from tutor.quiz.generators import position_of
    from tutor.quiz.words import seat_marks

    game = Game.deal(rules, seed=3)
    assert game.giver is not None
    position = position_of(game, Seats(("you", "Bea", "Sam")))
    assert seat_marks(position, game.giver).endswith(word)
