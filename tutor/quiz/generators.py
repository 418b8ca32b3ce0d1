"""Questions made from engine positions. Every answer is the engine's: the generator builds the
game, makes the move and reads the result. `values` keeps what each option means, so tests can
ask the engine again. The learner sits at seat 0 and is called "you"."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from tutor.concepts import MISTAKE_CONCEPTS
from tutor.course.mistakes import Explanation, explain, rule_of
from tutor.engine import (
    DECK,
    Card,
    Draw,
    Event,
    FinishPairing,
    Game,
    GameOver,
    LayDown,
    Mistake,
    MistakeCode,
    PairLaidDown,
    Rules,
    TurnPassing,
    WentOut,
    cards_text,
    groups_of_a_kind,
    rank_name,
    wrong_pair_mistake,
)
from tutor.quiz.model import BEHIND_THE_SCENES, TRUE_FALSE, Position, Question, Setup
from tutor.quiz.positions import active_seats, opening_hand, other_hands, play_hands, play_to_end
from tutor.wording import Seats, a_rank, capitalised, counted, listed, not_pair_reason, not_pair_why, pair_reason, pair_why, rank_only

Generator = Callable[[random.Random, Rules, Seats], Question]
Groups = tuple[tuple[Card, ...], ...]
PREFIX = "generated:"
NOBODY_YET = "Nobody yet: the game goes on"
ALL_RIGHT = "Nothing: that was right"
_TRIES = 200


def position_of(game: Game, seats: Seats, show_turn: bool = True, behind_the_scenes: bool = False) -> Position:
    return Position(
        names=seats.names,
        hands=game.hands,
        dealer=game.dealer,
        safe=game.safe,
        drawer=game.drawer if show_turn else None,
        giver=game.giver if show_turn else None,
        behind_the_scenes=behind_the_scenes,
    )


def _seen(prompt: str, position: Position) -> str:
    """The prompt, saying first that the table is seen from behind the scenes when it is."""
    return f"{BEHIND_THE_SCENES} {prompt}" if position.behind_the_scenes else prompt


def _choose(rng: random.Random, right: Any, wrong: Sequence[Any], fallback: Sequence[Any] = (), why: Callable[[Any], str] | None = None) -> list[Any]:
    """The right value first, then three different wrong ones picked at random: from `wrong`
    first, then from `fallback` if `wrong` has too few. With `why` (a wrong value's reason), no
    two wrong values picked have the same reason: every wrong answer gets its own."""
    picked = [right]
    reasons: set[str] = set()
    for pool in (wrong, fallback):
        for value in rng.sample(list(pool), len(pool)):
            if value == right or value in picked or len(picked) >= 4:
                continue
            reason = why(value) if why is not None else None
            if reason is not None and reason in reasons:
                continue
            picked.append(value)
            if reason is not None:
                reasons.add(reason)
    return picked


def _quiz_words(explanation: Explanation) -> str:
    """What happened and why it breaks the rule. The game's "instead" (such as "then say you're
    done") is left out: a quiz question is over once answered."""
    return f"{explanation.what} {explanation.why}"


def _question(kind: str, concept: str, **fields: Any) -> Question:
    """A choice question whose first option is the right one (the round shuffles them)."""
    return Question(id=PREFIX + kind, concept=concept, kind="choice", correct=frozenset({0}), **fields)


# ----- pick the pairs to lay down ----------------------------------------------------------


def pick_pairs(rng: random.Random, rules: Rules, seats: Seats) -> Question:
    groups = rng.choice([(), (2,), (2,), (2, 2), (3,), (2, 3), (4,), (2, 2, 2)])
    hand = opening_hand(rng, rules, groups, singles=rng.randint(1 if groups else 4, 3 if groups else 5))
    setup = Setup(other_hands(rng, rules, hand), dealer=rng.randrange(rules.players), learners=frozenset({0}))
    game = setup.game(rules)
    right: Groups = tuple(game.pairs_in(0))
    wrong = [trap for trap in _pair_traps(rng, hand, right) if pairing_fault(setup, rules, trap)[0]]
    values = _choose(rng, right, wrong)
    notes = [_pairing_note(setup, rules, seats, right, option) for option in values]
    return _question(
        "pick-pairs",
        "three-of-a-kind" if any(size >= 3 for size in groups) else "pairs",
        prompt=f"These are your cards after the deal: {cards_text(hand)}. What do you lay down?",
        options=tuple(_lay_down_words(option) for option in values),
        explanation=_pairs_explanation(hand, right),
        position=position_of(game, seats),
        setup=setup,
        values=tuple(values),
        notes=tuple(notes),
    )


def pairing_fault(setup: Setup, rules: Rules, groups: Groups) -> tuple[Mistake | None, Game]:
    """What is wrong with laying down `groups` one after another and then saying you're done."""
    game = setup.game(rules)
    for group in groups:
        mistake = game.mistake_in(LayDown(0, group))
        if mistake is not None:
            return mistake, game
        wrong = wrong_pair_mistake(game.apply(LayDown(0, group)))
        if wrong is not None:  # allowed under the strict Bicycle rule, and still not a pair
            return wrong, game
    if 0 in game.waiting_for:
        return game.mistake_in(FinishPairing(0)), game
    return None, game


def _pairing_note(setup: Setup, rules: Rules, seats: Seats, right: Groups, groups: Groups) -> str:
    """Why laying down `groups` is wrong, in one short sentence naming the cards ("" if it is right)."""
    mistake, game = pairing_fault(setup, rules, groups)
    if mistake is None:
        return ""
    if mistake.code is MistakeCode.KEPT_PAIR:
        laid = set(_flat(groups))
        kept = [pair for pair in right if not set(pair) <= laid]
        return f"That keeps {listed(cards_text(pair) for pair in kept)} back, and every pair goes down."
    fake = next((group for group in groups if len(group) == 2 and not group[0].pairs_with(group[1])), None)
    if mistake.code is MistakeCode.NOT_A_PAIR and fake is not None:
        first, second = fake
        said = f"{first} and {second} are not a pair" if len(groups) == 1 else f"{first} and {second} don't belong"
        return f"{said}: {not_pair_why(first, second)}"
    three = next((group for group in groups if len(group) == 3), None)
    if mistake.code is MistakeCode.LAID_DOWN_THREE and three is not None:
        return f"{cards_text(three)} is three cards, one too many for a pair."
    return _quiz_words(explain(mistake, game, seats.names))


def _pair_traps(rng: random.Random, hand: Sequence[Card], right: Groups) -> list[Groups]:
    """Tempting wrong answers: nothing, a pair kept back, all of a three, two cards of different ranks."""
    laid = _flat(right)
    traps: list[Groups] = [()]
    traps += [tuple(other for other in right if other is not pair) for pair in right]
    for pair in right:
        rest = [card for card in hand if card.pairs_with(pair[0]) and card not in laid]
        if rest:
            traps.append(tuple(other for other in right if other is not pair) + (pair + (rest[0],),))
    mixed = [(a, b) for a, b in combinations(hand, 2) if not a.pairs_with(b)]
    for fake in rng.sample(mixed, min(3, len(mixed))):
        traps.append((fake,))
        if not set(fake) & set(laid):
            traps.append(right + (fake,))
    return traps


def _flat(groups: Groups) -> tuple[Card, ...]:
    return tuple(card for group in groups for card in group)


def _lay_down_words(groups: Groups) -> str:
    if not groups:
        return "Nothing: there are no pairs to lay down"
    return "Lay down " + listed([cards_text(group) for group in groups])


def _pairs_explanation(hand: Sequence[Card], right: Groups) -> str:
    laid = _flat(right)
    groups = groups_of_a_kind(hand)
    pairs = [same for same in groups if len(same) == 2]
    parts = []
    if len(pairs) == 1:
        parts.append(f"{cards_text(pairs[0])} is a pair: {pair_why(*pairs[0])}.")
    elif pairs:
        parts.append(f"{listed(cards_text(pair) for pair in pairs)} are pairs: each is two cards of one rank.")
    for same in groups:
        if len(same) == 3:
            kept = next(card for card in same if card not in laid)
            pair = [card for card in same if card is not kept]
            parts.append(f"Of {cards_text(same)}, {cards_text(pair)} go down and {kept} stays: a pair is exactly two cards.")
        elif len(same) == 4:
            parts.append(f"{cards_text(same)} are four of a kind: two pairs, so all four go down.")
    return " ".join(parts) or "No two of these cards have the same rank."


# ----- is this a pair? ---------------------------------------------------------------------


def is_pair(rng: random.Random, rules: Rules, seats: Seats) -> Question:
    first = rng.choice(DECK)
    second = _partner_for_is_pair(rng, first, rng.randrange(4))
    setup = Setup(other_hands(rng, rules, (first, second)), learners=frozenset({0}))
    pair = bool(setup.game(rules).pairs_in(0))
    return Question(
        id=PREFIX + "is-pair",
        concept="pairs",
        kind="true-false",
        prompt=f"{first} and {second} are a pair.",
        options=TRUE_FALSE,
        correct=frozenset({0 if pair else 1}),
        explanation=_is_pair_explanation(first, second, pair),
        cards=(first, second),
        setup=setup,
        values=(True, False),
    )


def _is_pair_explanation(first: Card, second: Card, pair: bool) -> str:
    """Why, naming both cards without saying the statement again."""
    if pair:
        both = f"{first} and {second} are both {rank_name(first.rank, plural=True)}"
        return f"{both}: the colour doesn't matter." if first.is_red != second.is_red else f"{both}, so they match."
    return f"{first} is {a_rank(first)} and {second} is {a_rank(second)}." + rank_only(first, second)


def _partner_for_is_pair(rng: random.Random, first: Card, way: int) -> Card:
    """0: same rank, other colour; 1: same rank, same colour; 2: same suit; 3: same colour, other suit."""
    if way < 2:
        return rng.choice([card for card in first.same_rank if (card.is_red == first.is_red) == (way == 1)])
    others = [card for card in DECK if not card.pairs_with(first) and card is not first]
    if way == 2:
        return rng.choice([card for card in others if card.suit == first.suit])
    return rng.choice([card for card in others if card.suit != first.suit and card.is_red == first.is_red])


# ----- who draws next, and from whom? -------------------------------------------------------


def who_draws(rng: random.Random, rules: Rules, seats: Seats) -> Question:
    for _ in range(_TRIES):
        active = active_seats(rng, rules.players)
        hands = play_hands(rng, rules, active, pairs=rng.randint(max(1, len(active) // 2), len(active) + 1))
        setup = Setup(hands, dealer=rng.randrange(rules.players))
        game = setup.game(rules)
        if rng.random() < 0.5:
            return _who_draws_question(rng, rules, seats, setup, game, None)
        assert game.drawer is not None and game.giver is not None
        move = Draw(game.drawer, game.giver, rng.choice(game.hands[game.giver]))
        game.apply(move)
        if not game.is_over:
            return _who_draws_question(rng, rules, seats, replace(setup, moves=(move,)), game, move)
    raise RuntimeError("no position found for a who-draws question")


def _who_draws_question(rng: random.Random, rules: Rules, seats: Seats, setup: Setup, game: Game, move: Draw | None) -> Question:
    passing = game.turn_passing()
    assert passing is not None
    right = (passing.drawer, passing.giver)
    holders = [seat for seat, hand in enumerate(game.hands) if hand]
    turns = [(drawer, giver) for drawer in holders for giver in rules.seats if giver != drawer]
    close = [turn for turn in turns if turn[0] == right[0] or turn[1] == right[1] or turn == right[::-1]]
    values = _choose(rng, right, close, turns)
    if move is None:
        prompt = f"{seats.who(game.dealer, True)} dealt, and everyone has laid down their pairs. Who draws first, and from whom?"
    else:
        prompt = f"{seats.does(move.seat, 'have')} just drawn {move.card} from {seats.who(move.from_seat)}. Who draws next, and from whom?"
    skipped_or_passed_on = passing.skipped or passing.passed_on
    return _question(
        "who-draws",
        "empty-hands" if skipped_or_passed_on else ("direction" if move is None else "turn-order"),
        prompt=prompt,
        options=tuple(f"{seats.does(drawer, 'draw')} from {seats.who(giver)}" for drawer, giver in values),
        explanation=_turn_explanation(rules, seats, game, passing),
        position=position_of(game, seats, show_turn=False),
        setup=setup,
        values=tuple(values),
        notes=tuple(_turn_note(rules, seats, game, right, value) for value in values),
    )


def _turn_explanation(rules: Rules, seats: Seats, game: Game, passing: TurnPassing) -> str:
    drawer, giver, after = passing.drawer, passing.giver, passing.after
    if rules.book.giver_offers:
        if passing.starting and not passing.passed_on:
            why = f"{seats.who(giver, True)} dealt, so {seats.does(giver, 'offer', False)} first"
        elif passing.starting:
            why = f"{seats.who(game.dealer, True)} dealt but {seats.verb(game.dealer, 'have')} no cards, so {seats.does(giver, 'offer', False)} first"
        elif not passing.passed_on:
            why = f"Whoever draws offers next, so now {seats.does(giver, 'offer', False)}"
        else:
            why = f"{seats.who(after, True)} {seats.verb(after, 'have')} no cards left, so {seats.does(giver, 'offer', False)} instead"
        parts = [f"{why}, to the next player on {seats.whose(giver)} left who holds cards: {seats.who(drawer)}."]
    else:
        if passing.starting:
            why = f"Play starts on {seats.whose(game.dealer)} left, with {seats.who(drawer)}"
        elif passing.extra_draw:
            why = f"{seats.who(drawer, True)} made a pair, and your house rule gives another draw"
        else:
            why = f"The turn passes left from {seats.who(after)} to {seats.who(drawer)}"
        nearest = f"the nearest seat on {seats.whose(drawer)} {rules.draws_from} with cards"
        parts = [f"{why}, who {'draw' if drawer == 0 else 'draws'} from {nearest}: {seats.who(giver)}."]
    skipped = passing.skipped
    if skipped:
        many = len(skipped) > 1 or 0 in skipped
        parts.append(f"{seats.listed(skipped, True)} {'have' if many else 'has'} no cards and {'are' if many else 'is'} skipped.")
    return " ".join(parts)


def _turn_note(rules: Rules, seats: Seats, game: Game, right: tuple[int, int], option: tuple[int, int]) -> str:
    """Why a wrong (drawer, giver) is wrong, naming both seats it names ("" for the right one)."""
    drawer, giver = option
    if option == right:
        return ""
    if option == right[::-1]:
        return f"That's back to front: the card goes from {seats.who(right[1])} to {seats.who(right[0])}."
    if not game.hands[giver]:
        from_whom = f"{seats.who(giver)} {seats.verb(giver, 'have')} no cards to draw"
    elif drawer == right[0]:
        from_whom = f"{seats.who(right[1])} {seats.verb(right[1], 'be')} nearer than {seats.who(giver)} on {seats.whose(drawer)} {rules.draws_from}"
    elif giver != right[1]:
        from_whom = f"the card doesn't come from {seats.who(giver)}"
    else:
        from_whom = ""
    if drawer == right[0]:
        return capitalised(from_whom) + "."
    turn = f"It isn't {seats.whose(drawer)} turn to draw"
    return f"{turn}, and {from_whom}." if from_whom else f"{turn}."


# ----- what happens after this draw? ---------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """What a draw leads to: the pair laid down, who became safe, and the Old Maid if it ended."""

    pair: tuple[Card, ...] = ()
    safe: tuple[int, ...] = ()
    old_maid: int | None = None


def outcome_of(events: Sequence[Event]) -> Outcome:
    pair = next((tuple(sorted(event.cards)) for event in events if isinstance(event, PairLaidDown)), ())
    safe = tuple(sorted(event.seat for event in events if isinstance(event, WentOut)))
    old_maid = next((event.loser for event in events if isinstance(event, GameOver)), None)
    return Outcome(pair, safe, old_maid)


def after_draw(rng: random.Random, rules: Rules, seats: Seats) -> Question:
    active = active_seats(rng, rules.players)
    hands = play_hands(rng, rules, active, pairs=rng.randint(max(1, len(active) // 2), len(active)))
    setup = Setup(hands, dealer=rng.randrange(rules.players))
    game = setup.game(rules)
    drawer, giver = game.drawer, game.giver
    assert drawer is not None and giver is not None
    matching = [card for card in game.hands[giver] if any(own.pairs_with(card) for own in game.hands[drawer])]
    card = rng.choice(matching if matching and rng.random() < 0.6 else game.hands[giver])
    # Whether someone else's draw makes a pair depends on their hand: a look behind the scenes.
    before = position_of(game, seats, behind_the_scenes=drawer != 0)
    move = Draw(drawer, giver, card)
    right = outcome_of(game.apply(move))
    values = _choose(rng, right, *_outcome_traps(rng, right, setup, move), why=lambda option: _outcome_note(seats, game, move, option, right))
    concept = "ending" if right.old_maid is not None else ("empty-hands" if right.safe else "drawing")
    return _question(
        "after-draw",
        concept,
        prompt=_seen(f"{seats.does(drawer, 'draw')} {card} from {seats.who(giver)}. What happens?", before),
        options=tuple(_outcome_words(seats, move, value) for value in values),
        explanation=_draw_explanation(rules, seats, game, move, right),
        position=before,
        cards=(card,),
        setup=setup,
        move=move,
        values=tuple(values),
        notes=tuple(_outcome_note(seats, game, move, value, right) for value in values),
    )


def _outcome_note(seats: Seats, after: Game, move: Draw, option: Outcome, right: Outcome) -> str:
    """Why a wrong outcome is wrong: every one of its claims that does not happen, in one sentence
    ("" for the right one), so that no two wrong outcomes read the same."""
    card = move.card
    assert card is not None
    wrong = []
    if option.pair != right.pair:
        if option.pair:
            wrong.append(f"{option.pair[0]} and {option.pair[1]} are not a pair")
        else:
            wrong.append(f"{card} makes a pair")
    for seat in option.safe:
        if seat not in right.safe:
            wrong.append(f"{seats.who(seat)} still {seats.verb(seat, 'hold')} {counted(len(after.hands[seat]), 'card')}")
    if right.safe and not option.safe:
        wrong.append(f"{seats.listed(right.safe)} {'have' if len(right.safe) > 1 or 0 in right.safe else 'has'} no cards left")
    if option.old_maid is not None and right.old_maid is None:
        wrong.append("the game isn't over yet")
    if right.old_maid is not None and option.old_maid is None:
        wrong.append("the game is over")
    return capitalised(listed(wrong)) + "." if wrong else ""


def _outcome_traps(rng: random.Random, right: Outcome, setup: Setup, move: Draw) -> tuple[list[Outcome], list[Outcome]]:
    """Wrong outcomes: those one step away from the right one (a pair or not, who is safe, the
    end), then those further away. Each says at least one thing that does not happen (an option
    that only leaves something out would be true), and none contradicts itself."""
    card, hand = move.card, setup.hands[move.seat]
    assert card is not None
    look_alikes = [own for own in hand if not own.pairs_with(card) and own is not card and own.is_red == card.is_red]
    fake = (tuple(sorted((card, rng.choice(look_alikes)))),) if look_alikes else ()
    pairs = [right.pair, (), *fake]
    safes = [tuple(sorted(set(right.safe) ^ {seat})) for seat in (move.seat, move.from_seat)]
    near = [replace(right, pair=pair) for pair in pairs] + [replace(right, safe=safe) for safe in safes]
    if right.old_maid is not None:
        near.append(replace(right, old_maid=None))
    far = [Outcome(pair, safe) for pair in pairs for safe in [right.safe, (), *safes]]

    def fair(trap: Outcome) -> bool:
        return not says_only_true(trap, right) and _consistent(trap, move)

    return [trap for trap in near if fair(trap)], [trap for trap in far if fair(trap)]


def says_only_true(option: Outcome, happened: Outcome) -> bool:
    """Whether every claim in `option`'s words holds when `happened` is what the draw led to:
    the pair laid down (or no pair), each seat named safe (or that nobody runs out of cards),
    and the Old Maid (or that the game goes on)."""
    safe_ok = set(option.safe) <= set(happened.safe) if option.safe else not happened.safe
    return option.pair == happened.pair and safe_ok and option.old_maid == happened.old_maid


def _consistent(outcome: Outcome, move: Draw) -> bool:
    """No option contradicts itself: a drawer who keeps the card still holds it, and nobody is
    both safe and the Old Maid."""
    keeps_card = not outcome.pair
    return not (keeps_card and move.seat in outcome.safe) and outcome.old_maid not in outcome.safe


def _outcome_words(seats: Seats, move: Draw, outcome: Outcome) -> str:
    if outcome.pair:
        parts = [f"{seats.does(move.seat, 'lay')} down {cards_text(outcome.pair)}"]
    else:
        parts = [f"{seats.does(move.seat, 'keep')} {move.card}: no pair"]
    parts += [f"{seats.does(seat, 'be', False)} out, with no cards left" for seat in outcome.safe]
    if not outcome.safe:
        parts.append("nobody runs out of cards")
    if outcome.old_maid is not None:
        parts.append(f"{seats.does(outcome.old_maid, 'be', False)} the Old Maid")
    else:
        parts.append("the game goes on")
    return "; ".join(parts)


def _draw_explanation(rules: Rules, seats: Seats, after: Game, move: Draw, outcome: Outcome) -> str:
    """Why the draw led to `outcome`; `after` is the game once the draw is made."""
    card, drawer, giver = move.card, move.seat, move.from_seat
    assert card is not None
    if outcome.pair:
        partner = next(own for own in outcome.pair if own is not card)
        parts = [f"{card} pairs with {partner} in {seats.whose(drawer)} hand, so both go down."]
    else:
        parts = [f"No card in {seats.whose(drawer)} hand is {a_rank(card)}, so {seats.does(drawer, 'keep', False)} {card}."]
    went = [f"{seats.who(seat)} {'handed over the last card' if seat == giver else 'laid down the last cards'}" for seat in outcome.safe]
    if len(went) == 1:
        parts.append(f"{capitalised(went[0])} and {seats.verb(outcome.safe[0], 'be')} out.")
    elif went:
        parts.append(f"{capitalised(listed(went))}: both are out.")
    if outcome.old_maid is not None:
        parts.append(_old_maid_words(rules, seats, outcome.old_maid, after))
    return " ".join(parts)


def _old_maid_words(rules: Rules, seats: Seats, old_maid: int, after: Game) -> str:
    odd = cards_text(after.hands[old_maid])
    holds = f"{seats.who(old_maid)} still {seats.verb(old_maid, 'hold')} a card"
    text = f"Only {holds}, {odd}, which can never pair: {seats.does(old_maid, 'be', False)} the Old Maid"
    if rules.odd_card_wins:
        return f"{text}, and in this reversed game {seats.does(old_maid, 'win', False)}!"
    return text + "."


# ----- spot the mistake ----------------------------------------------------------------------

_RULE_CODES = tuple(
    code.value
    for code in (MistakeCode.KEPT_PAIR, MistakeCode.NOT_A_PAIR, MistakeCode.LAID_DOWN_THREE, MistakeCode.DREW_FROM_EMPTY, MistakeCode.WRONG_NEIGHBOUR)
)
"""The rules a spot-the-mistake question offers, in this order (the options are drawn from it)."""


def spot_the_mistake(rng: random.Random, rules: Rules, seats: Seats) -> Question:
    scenarios: list[Callable[[random.Random, Rules, Seats], tuple[Setup, LayDown | FinishPairing | Draw, str]]]
    scenarios = [_kept_pair, _three_laid_down, _pair_laid_down, _draw_from_giver, _not_a_pair]
    if rules.players >= 3:
        scenarios += [_draw_from_wrong_seat, _draw_from_empty_seat]
    setup, move, prompt = rng.choice(scenarios)(rng, rules, seats)
    game = setup.game(rules)
    broken = game.rules_broken(move)  # the main rule first; strict Bicycle's accepted wrong pair too
    mistake = broken[0] if broken else None
    right = mistake.code.value if mistake else None
    # A wrong option must be a rule the move kept: one it also broke would be a right answer marked wrong.
    kept = [code for code in (*_RULE_CODES, None) if code != right and code not in {m.code.value for m in broken}]
    values = _choose(rng, right, kept)
    if mistake:
        concept, explanation = MISTAKE_CONCEPTS[mistake.code.value], _quiz_words(explain(mistake, game, seats.names))
    elif isinstance(move, Draw):
        concept = "direction"
        explanation = f"{seats.who(move.from_seat, True)} is the nearest player on your {rules.draws_from} who still holds cards, so every rule was kept."
    else:
        assert isinstance(move, LayDown)
        concept, explanation = "pairs", pair_reason(move.cards[0], move.cards[1]) + " Laying it down straight away was right."
    return _question(
        "spot-the-mistake",
        concept,
        prompt=prompt + " Which rule did you break?",
        options=tuple(rule_of(value) if value else ALL_RIGHT for value in values),
        explanation=explanation,
        position=position_of(game, seats, show_turn=False),
        setup=setup,
        move=move,
        values=tuple(values),
        notes=tuple("" if value == right else _rule_kept_note(seats, game, move, value) for value in values),
    )


def _rule_kept_note(seats: Seats, game: Game, move: LayDown | FinishPairing | Draw, code: str | None) -> str:
    """Why a rule the move kept is the wrong answer, in words of its own for each rule."""
    if code is None:
        return "Something here breaks a rule."
    if isinstance(move, Draw):
        seat = move.from_seat
        return {
            MistakeCode.KEPT_PAIR.value: "This was only a draw: no pair was kept back.",
            MistakeCode.NOT_A_PAIR.value: "This was only a draw: nothing went down as a pair.",
            MistakeCode.LAID_DOWN_THREE.value: "This was only a draw: no three cards went down.",
            MistakeCode.DREW_FROM_EMPTY.value: f"{seats.who(seat, True)} {seats.verb(seat, 'have')} cards, so that hand wasn't empty.",
            MistakeCode.WRONG_NEIGHBOUR.value: (
                f"{seats.who(seat, True)} {seats.verb(seat, 'be')} the right seat to draw from."
                if game.hands[seat]
                else f"{seats.who(seat, True)} {seats.verb(seat, 'sit')} on the side you draw from: only the hand is empty."
            ),
        }[code]
    laid = move.cards if isinstance(move, LayDown) else ()
    return {
        MistakeCode.KEPT_PAIR.value: "No pair stayed in your hand.",
        MistakeCode.NOT_A_PAIR.value: "Nothing that went down was a wrong pair." if laid else "You laid nothing down, so no wrong pair went down.",
        MistakeCode.LAID_DOWN_THREE.value: "Only two cards went down together." if laid else "You laid nothing down, so no three cards went down.",
        MistakeCode.DREW_FROM_EMPTY.value: "Nobody drew here, so no empty hand came into it.",
        MistakeCode.WRONG_NEIGHBOUR.value: "Nobody drew here, so nobody drew from the wrong seat.",
    }[code]


def _pairing_setup(rng: random.Random, rules: Rules, groups: tuple[int, ...], singles: int) -> Setup:
    hand = opening_hand(rng, rules, groups, singles)
    return Setup(other_hands(rng, rules, hand), dealer=rng.randrange(rules.players), learners=frozenset({0}))


def _same_rank(hand: Sequence[Card], size: int) -> tuple[Card, ...]:
    """The cards of `hand` that come `size` of a kind, in the hand's order."""
    kind_size = {card: len(group) for group in groups_of_a_kind(hand) for card in group}
    return tuple(card for card in hand if kind_size[card] == size)


def _kept_pair(rng: random.Random, rules: Rules, seats: Seats) -> tuple[Setup, FinishPairing, str]:
    setup = _pairing_setup(rng, rules, (2,), rng.randint(2, 3))
    return setup, FinishPairing(0), "After the deal, you look at your cards and say you have no pairs."


def _three_laid_down(rng: random.Random, rules: Rules, seats: Seats) -> tuple[Setup, LayDown, str]:
    setup = _pairing_setup(rng, rules, (3,), rng.randint(1, 3))
    three = _same_rank(setup.hands[0], 3)
    return setup, LayDown(0, three), f"After the deal, you lay down {cards_text(three)} together."


def _pair_laid_down(rng: random.Random, rules: Rules, seats: Seats) -> tuple[Setup, LayDown, str]:
    setup = _pairing_setup(rng, rules, (2,), rng.randint(1, 3))
    pair = _same_rank(setup.hands[0], 2)
    return setup, LayDown(0, pair), f"After the deal, you lay down {cards_text(pair)} as a pair."


def _not_a_pair(rng: random.Random, rules: Rules, seats: Seats) -> tuple[Setup, LayDown, str]:
    setup = _pairing_setup(rng, rules, (), rng.randint(3, 5))
    two = rng.sample(setup.hands[0], 2)
    return setup, LayDown(0, two), f"After the deal, you lay down {cards_text(two)} as a pair."


def _your_turn(rng: random.Random, rules: Rules, empty_seat: bool) -> tuple[Setup, Game]:
    """A position in play where seat 0 draws next; with `empty_seat`, another seat has no cards."""
    others = list(range(1, rules.players))
    empty = {rng.choice(others)} if empty_seat else set()
    active = [seat for seat in range(rules.players) if seat not in empty]
    hands = play_hands(rng, rules, active, pairs=rng.randint(len(active) // 2 + 1, len(active) + 1))
    for dealer in rng.sample(range(rules.players), rules.players):
        setup = Setup(hands, dealer=dealer)
        game = setup.game(rules)
        if game.drawer == 0:
            return setup, game
    raise RuntimeError("no dealer gives seat 0 the first draw")


def _draw_from_giver(rng: random.Random, rules: Rules, seats: Seats) -> tuple[Setup, Draw, str]:
    setup, game = _your_turn(rng, rules, empty_seat=rules.players >= 3 and rng.random() < 0.5)
    assert game.giver is not None
    return setup, Draw(0, game.giver), f"It's your turn, and you draw a card from {seats.who(game.giver)}."


def _draw_from_wrong_seat(rng: random.Random, rules: Rules, seats: Seats) -> tuple[Setup, Draw, str]:
    setup, game = _your_turn(rng, rules, empty_seat=False)
    seat = rng.choice([seat for seat in range(1, rules.players) if seat != game.giver])
    return setup, Draw(0, seat), f"It's your turn, and you draw a card from {seats.who(seat)}."


def _draw_from_empty_seat(rng: random.Random, rules: Rules, seats: Seats) -> tuple[Setup, Draw, str]:
    setup, game = _your_turn(rng, rules, empty_seat=True)
    seat = next(seat for seat in range(1, rules.players) if not game.hands[seat])
    return setup, Draw(0, seat), f"It's your turn, and you try to draw from {seats.who(seat)}."


# ----- who is the Old Maid now? ------------------------------------------------------------------


def old_maid_now(rng: random.Random, rules: Rules, seats: Seats) -> Question:
    if rules.wrong_pair_loses and rng.random() < 0.5:
        return _wrong_pair_old_maid(rng, rules, seats)
    count = 2 if rules.players == 2 or rng.random() < 0.6 else 3
    active = sorted(rng.sample(range(rules.players), count))
    setup = Setup(play_hands(rng, rules, active, pairs=rng.randint(1, count - 1)), dealer=rng.randrange(rules.players))
    game = setup.game(rules)
    assert game.drawer is not None and game.giver is not None
    # Whether someone else's draw makes a pair depends on their hand: a look behind the scenes.
    before = position_of(game, seats, behind_the_scenes=game.drawer != 0)
    move = Draw(game.drawer, game.giver, rng.choice(game.hands[game.giver]))
    outcome = outcome_of(game.apply(move))
    right = outcome.old_maid
    values = [right] + [seat for seat in [*active, None] if seat != right]
    explanation = _draw_explanation(rules, seats, game, move, outcome)
    if right is None:
        explanation += " " + _goes_on_words(seats, game)
    prompt = f"{seats.does(move.seat, 'draw')} {move.card} from {seats.who(move.from_seat)}. Who is the Old Maid now?" + _reversed_reminder(rules)
    return _question(
        "old-maid-now",
        "ending",
        prompt=_seen(prompt, before),
        options=tuple(_old_maid_option(seats, seat) for seat in values),
        explanation=explanation,
        position=before,
        cards=(move.card,) if move.card else (),
        setup=setup,
        move=move,
        values=tuple(values),
        notes=tuple(_old_maid_note(seats, game, seat, right) for seat in values),
    )


def _old_maid_note(seats: Seats, game: Game, seat: int | None, right: int | None) -> str:
    """Why a wrong choice of Old Maid is wrong, naming the seat chosen ("" for the right one)."""
    if seat == right:
        return ""
    if seat is None:
        return "No pair can be made any more, so the game is over."
    if not game.hands[seat]:
        return f"{seats.who(seat, True)} {seats.verb(seat, 'have')} no cards left: nobody with an empty hand is the Old Maid."
    return f"{seats.who(seat, True)} {seats.verb(seat, 'be')} not the only one still holding cards."


def _old_maid_option(seats: Seats, seat: int | None) -> str:
    return NOBODY_YET if seat is None else seats.who(seat, True)


def _reversed_reminder(rules: Rules) -> str:
    return " (In the game you play, the Old Maid wins!)" if rules.odd_card_wins else ""


def _goes_on_words(seats: Seats, game: Game) -> str:
    """Why the game goes on, from what every player can see: who still holds cards."""
    holders = [seat for seat, hand in enumerate(game.hands) if hand]
    assert game.possible_pair() is not None, "the game goes on only while a pair can still form"
    # With the strict pair check a wrong pair can leave several players holding cards at the end.
    ends = "no more pairs can be made" if game.rules.wrong_pair_loses else "one player is left holding cards"
    return f"{seats.listed(holders, True)} still hold cards, and a pair can still be made among them, so the game goes on. It ends only when {ends}."


def _wrong_pair_old_maid(rng: random.Random, rules: Rules, seats: Seats) -> Question:
    culprit = rng.randrange(1, rules.players)
    hands = play_hands(rng, rules, range(rules.players), pairs=rng.randint(rules.players + 1, rules.players + 4))
    while len(hands[culprit]) < 3:
        hands = play_hands(rng, rules, range(rules.players), pairs=rules.players + 4)
    two = tuple(sorted(rng.sample(hands[culprit], 2)))
    moves = (LayDown(culprit, two), FinishPairing(culprit))
    setup = Setup(hands, rng.randrange(rules.players), frozenset({culprit}), moves)
    before = position_of(Game.from_hands(rules, hands, setup.dealer, {culprit}), seats)
    game = setup.game(rules)
    play_to_end(game, rng)
    assert game.loser is not None
    others = [seat for seat in range(rules.players) if seat != game.loser]
    values = [game.loser, *rng.sample(others, min(3, len(others)))]
    return _question(
        "old-maid-now",
        "wrong-pair",
        prompt=(
            f"After the deal, {seats.who(culprit)} lays down {cards_text(two)} as a pair, and nobody "
            "notices. Then the game is played to the end, and the pairs are checked. Who is the Old Maid?"
        ),
        options=tuple(_old_maid_option(seats, seat) for seat in values),
        explanation=(
            f"{not_pair_reason(two[0], two[1])} In {rules.name} rules a wrong pair found at the check loses: "
            f"{seats.does(culprit, 'be', False)} the Old Maid, whoever holds the odd {rank_name(rules.odd_rank)}."
        ),
        position=before,
        cards=two,
        setup=setup,
        values=tuple(values),
        notes=tuple("" if seat == culprit else f"{seats.who(seat, True)} laid down no wrong pair." for seat in values),
    )


def _with_standard_cards(make: Generator) -> Generator:
    """Generated positions are built from the standard deck's ranks and suits: with a picture deck
    in play, the question uses the same rules with the standard deck instead of failing."""

    def generate(rng: random.Random, rules: Rules, seats: Seats) -> Question:
        return make(rng, rules if not rules.pictures else rules.with_deck("standard"), seats)

    generate.__name__ = generate.__qualname__ = make.__name__
    generate.__doc__ = make.__doc__
    return generate


GENERATORS: dict[str, Generator] = {
    kind: _with_standard_cards(make)
    for kind, make in {
        "pick-pairs": pick_pairs,
        "is-pair": is_pair,
        "who-draws": who_draws,
        "after-draw": after_draw,
        "spot-the-mistake": spot_the_mistake,
        "old-maid-now": old_maid_now,
    }.items()
}
