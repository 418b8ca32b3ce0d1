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
    wrong_pair_mistake,
)
from tutor.language import mark, ntr, tr
from tutor.quiz.model import BEHIND_THE_SCENES, TRUE_FALSE, Position, Question, Setup
from tutor.quiz.positions import active_seats, opening_hand, other_hands, play_hands, play_to_end
from tutor.wording import Seats, a_rank, capitalised, listed, not_pair_reason, not_pair_why, pair_reason, pair_why, rank_only, rules_name
from tutor.wording.card_words import rank_name
from tutor.wording.narration import ANOTHER_DRAW, NO_CARDS_LEFT, OFFERS_INSTEAD

Generator = Callable[[random.Random, Rules, Seats], Question]
Groups = tuple[tuple[Card, ...], ...]
PREFIX = "generated:"
NOBODY_YET = mark("Nobody yet: the game goes on")
ALL_RIGHT = mark("None, the move was right")
"""(Both the English, marked: options say them with tr().)"""
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
        giver_offers=game.rules.book.giver_offers,
    )


def _seen(prompt: str, position: Position) -> str:
    """The prompt, saying first that the table is seen from behind the scenes when it is."""
    return f"{tr(BEHIND_THE_SCENES)} {prompt}" if position.behind_the_scenes else prompt


def _draw_words(seats: Seats, drawer: int, giver: int) -> str:
    """ "You draw from Bea", "Bea draws from Sam", or "Bea draws from you": a message of its own, as
    Spanish puts "you" before the verb there ("Bea te roba")."""
    if seats.is_you(giver):
        return tr("{name} draws from you").format(name=seats.who(drawer, capital=True))
    return seats.said(drawer, mark("You draw from {giver}"), mark("{name} draws from {giver}"), giver=seats.who(giver))


def _cards(cards: Sequence[Card]) -> str:
    return cards_text(cards)


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
        prompt=tr("Time to lay down pairs. Your cards: {cards}. What do you lay down?").format(cards=cards_text(hand)),
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
        if not groups:  # "Nothing: there are no pairs": say first that there are (the explanation names them)
            return ntr("Look again: there is a pair.", "Look again: there are pairs.", len(kept))
        return tr("That keeps {pairs} back, but every pair must go down.").format(pairs=listed(cards_text(pair) for pair in kept))
    fake = next((group for group in groups if len(group) == 2 and not group[0].pairs_with(group[1])), None)
    if mistake.code is MistakeCode.NOT_A_PAIR and fake is not None:
        first, second = fake
        said = tr("{first} and {second} are not a pair: {why}") if len(groups) == 1 else tr("{first} and {second} don't belong: {why}")
        return said.format(first=first.text(), second=second.text(), why=not_pair_why(first, second))
    three = next((group for group in groups if len(group) == 3), None)
    if mistake.code is MistakeCode.LAID_DOWN_THREE and three is not None:
        return tr("{cards} is three cards, one too many for a pair.").format(cards=cards_text(three))
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
        return tr("Nothing: there are no pairs to lay down")
    return tr("Lay down {pairs}").format(pairs=listed([cards_text(group) for group in groups]))


def _pairs_explanation(hand: Sequence[Card], right: Groups) -> str:
    laid = _flat(right)
    groups = groups_of_a_kind(hand)
    pairs = [same for same in groups if len(same) == 2]
    parts = []
    if len(pairs) == 1:
        parts.append(tr("{cards} is a pair: {why}.").format(cards=cards_text(pairs[0]), why=pair_why(*pairs[0])))
    elif pairs:
        parts.append(tr("{pairs} are pairs: each is two cards of one rank.").format(pairs=listed(cards_text(pair) for pair in pairs)))
    for same in groups:
        if len(same) == 3:
            kept = next(card for card in same if card not in laid)
            pair = [card for card in same if card is not kept]
            said = tr("Of {three}, {pair} go down and {kept} stays: a pair is exactly two cards.")
            parts.append(said.format(three=cards_text(same), pair=cards_text(pair), kept=kept.text()))
        elif len(same) == 4:
            parts.append(tr("{cards} are four of a kind: two pairs, so all four go down.").format(cards=cards_text(same)))
    return " ".join(parts) or tr("No two of these cards have the same rank.")


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
        prompt=tr("{first} and {second} are a pair.").format(first=first.text(), second=second.text()),
        options=tuple(tr(option) for option in TRUE_FALSE),
        correct=frozenset({0 if pair else 1}),
        explanation=_is_pair_explanation(first, second, pair),
        cards=(first, second),
        setup=setup,
        values=(True, False),
    )


def _is_pair_explanation(first: Card, second: Card, pair: bool) -> str:
    """Why, naming both cards without saying the statement again."""
    cards = {"first": first.text(), "second": second.text()}
    if pair:
        ranks = rank_name(first.rank, plural=True)
        if first.is_red != second.is_red:
            return tr("{first} and {second} are both {ranks}: the colour doesn't matter.").format(ranks=ranks, **cards)
        return tr("{first} and {second} are both {ranks}, so they match.").format(ranks=ranks, **cards)
    said = tr("{first} is {a_first} and {second} is {a_second}.").format(a_first=a_rank(first), a_second=a_rank(second), **cards)
    return said + rank_only(first, second)


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
        prompt = seats.said(
            game.dealer,
            mark("You dealt, and everyone has laid down their pairs. Who draws first, and from whom?"),
            mark("{name} dealt, and everyone has laid down their pairs. Who draws first, and from whom?"),
        )
    else:
        prompt = _drew_prompt(
            seats,
            move,
            mark("You have just drawn {card} from {giver}. Who draws next, and from whom?"),
            mark("{name} has just drawn {card} from {giver}. Who draws next, and from whom?"),
            mark("{name} has just drawn {card} from you. Who draws next, and from whom?"),
        )
    skipped_or_passed_on = passing.skipped or passing.passed_on
    return _question(
        "who-draws",
        "empty-hands" if skipped_or_passed_on else ("direction" if move is None else "turn-order"),
        prompt=prompt,
        options=tuple(_draw_words(seats, drawer, giver) for drawer, giver in values),
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
            why = seats.said(giver, mark("You dealt, so you offer first"), mark("{name} dealt, so {name} offers first"))
        elif passing.starting:
            dealt = seats.said(game.dealer, mark("You dealt but have no cards"), mark("{name} dealt but has no cards"))
            why = seats.said(giver, mark("{dealt}, so you offer first"), mark("{dealt}, so {name} offers first"), dealt=dealt)
        elif not passing.passed_on:
            why = seats.said(giver, mark("Whoever draws offers next, so now you offer"), mark("Whoever draws offers next, so now {name} offers"))
        else:
            empty = seats.said(after, *NO_CARDS_LEFT)
            why = seats.said(giver, *OFFERS_INSTEAD, empty=empty)
        parts = [
            seats.said(
                giver,
                mark("{why}, to the next player on your left who holds cards: {drawer}."),
                mark("{why}, to the next player on {name}'s left who holds cards: {drawer}."),
                why=why,
                drawer=seats.who_does(drawer),
            )
        ]
    else:
        if passing.starting and seats.is_you(drawer):  # "with you" is its own message: Spanish says "contigo"
            why = tr("Play starts on {name}'s left, with you").format(name=seats.who(game.dealer))
        elif passing.starting:
            why = seats.said(
                game.dealer,
                mark("Play starts on your left, with {drawer}"),
                mark("Play starts on {name}'s left, with {drawer}"),
                drawer=seats.who(drawer),
            )
        elif passing.extra_draw:
            why = seats.said(drawer, *ANOTHER_DRAW)
        else:
            why = tr("The turn passes left from {after} to {drawer}").format(after=seats.who(after), drawer=seats.who(drawer))
        if seats.is_you(giver):  # the drawer is someone else; "you" after a colon is its own word in Spanish and German
            if rules.draws_from == "left":
                said = tr("{why}, who draws from the nearest seat on {name}'s left with cards: you.")
            else:
                said = tr("{why}, who draws from the nearest seat on {name}'s right with cards: you.")
            said = said.format(why=why, name=seats.who(drawer))
        elif rules.draws_from == "left":
            said = seats.said(
                drawer,
                mark("{why}, who draw from the nearest seat on your left with cards: {giver}."),
                mark("{why}, who draws from the nearest seat on {name}'s left with cards: {giver}."),
                why=why,
                giver=seats.who(giver),
            )
        else:
            said = seats.said(
                drawer,
                mark("{why}, who draw from the nearest seat on your right with cards: {giver}."),
                mark("{why}, who draws from the nearest seat on {name}'s right with cards: {giver}."),
                why=why,
                giver=seats.who(giver),
            )
        parts = [said]
    skipped = passing.skipped
    if skipped:
        if len(skipped) == 1 and seats.is_you(skipped[0]):
            parts.append(tr("You have no cards and are skipped."))
        elif len(skipped) > 1 or 0 in skipped:
            parts.append(tr("{names} have no cards and are skipped.").format(names=seats.listed(skipped, True)))
        else:
            parts.append(tr("{names} has no cards and is skipped.").format(names=seats.listed(skipped, True)))
    return " ".join(parts)


def _turn_note(rules: Rules, seats: Seats, game: Game, right: tuple[int, int], option: tuple[int, int]) -> str:
    """Why a wrong (drawer, giver) is wrong, naming both seats it names ("" for the right one)."""
    drawer, giver = option
    if option == right:
        return ""
    if option == right[::-1]:
        return tr("That's back to front: the card goes from {giver} to {drawer}.").format(giver=seats.who(right[1]), drawer=seats.who(right[0]))
    if not game.hands[giver]:
        from_whom = tr("nobody draws from an empty hand")  # (whose hand is empty, the explanation says)
    elif drawer == right[0]:
        nearer = {"nearer": right[1], "farther": giver, "drawer": drawer}
        from_whom = _nearer(seats, rules.draws_from, **nearer)
    elif giver != right[1]:
        from_whom = tr("the card doesn't come from {giver}").format(giver=seats.who(giver))
    else:
        from_whom = ""
    if drawer == right[0]:
        return capitalised(from_whom) + "."
    if from_whom:
        return seats.said(drawer, mark("It isn't your turn to draw, and {reason}."), mark("It isn't {name}'s turn to draw, and {reason}."), reason=from_whom)
    return seats.said(drawer, mark("It isn't your turn to draw."), mark("It isn't {name}'s turn to draw."))


def _nearer(seats: Seats, side: str, nearer: int, farther: int, drawer: int) -> str:
    """'Sam is nearer than Bea on your left' (lower case: it may follow other words). The farther
    seat is named as one who is somewhere ("nearer than you": Spanish "que tú", German "als du")."""
    if seats.is_you(drawer):
        if side == "left":
            said = seats.said(
                nearer,
                mark("you are nearer than {farther} on your left"),
                mark("{name} is nearer than {farther} on your left"),
                farther=seats.who_does(farther),
            )
        else:
            said = seats.said(
                nearer,
                mark("you are nearer than {farther} on your right"),
                mark("{name} is nearer than {farther} on your right"),
                farther=seats.who_does(farther),
            )
        return said
    values = {"farther": seats.who_does(farther), "drawer": seats.who(drawer)}
    if side == "left":
        return seats.said(
            nearer, mark("you are nearer than {farther} on {drawer}'s left"), mark("{name} is nearer than {farther} on {drawer}'s left"), **values
        )
    return seats.said(nearer, mark("you are nearer than {farther} on {drawer}'s right"), mark("{name} is nearer than {farther} on {drawer}'s right"), **values)


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
        prompt=_seen(
            _drew_prompt(
                seats,
                move,
                mark("You draw {card} from {giver}. What happens?"),
                mark("{name} draws {card} from {giver}. What happens?"),
                mark("{name} draws {card} from you. What happens?"),
            ),
            before,
        ),
        options=tuple(_outcome_words(seats, move, value) for value in values),
        explanation=_draw_explanation(rules, seats, game, move, right),
        position=before,
        cards=(card,),
        setup=setup,
        move=move,
        values=tuple(values),
        notes=tuple(_outcome_note(seats, game, move, value, right) for value in values),
    )


def _drew_prompt(seats: Seats, move: Draw, you: str, other: str, from_you: str) -> str:
    """The draw, said as the learner reads it: `from_you` when the learner gives (its own message:
    Spanish says "Bea te roba 10♠", not "de la mano de ti")."""
    assert move.card is not None
    if seats.is_you(move.from_seat):
        return tr(from_you).format(name=seats.who(move.seat, capital=True), card=move.card.text())
    return seats.said(move.seat, you, other, card=move.card.text(), giver=seats.who(move.from_seat))


def _outcome_note(seats: Seats, after: Game, move: Draw, option: Outcome, right: Outcome) -> str:
    """Why a wrong outcome is wrong: every one of its claims that does not happen, in one sentence
    ("" for the right one), so that no two wrong outcomes read the same."""
    card = move.card
    assert card is not None
    wrong = []
    if option.pair != right.pair:
        if option.pair:
            wrong.append(tr("{first} and {second} are not a pair").format(first=option.pair[0].text(), second=option.pair[1].text()))
        else:
            wrong.append(tr("{card} makes a pair").format(card=card.text()))
    for seat in option.safe:
        if seat not in right.safe:
            held = len(after.hands[seat])
            if seats.is_you(seat):
                wrong.append(ntr("you still hold {count} card", "you still hold {count} cards", held).format(count=held))
            else:
                wrong.append(ntr("{name} still holds {count} card", "{name} still holds {count} cards", held).format(name=seats.who(seat), count=held))
    if right.safe and not option.safe:
        if len(right.safe) == 1 and seats.is_you(right.safe[0]):
            wrong.append(tr("you have no cards left"))
        elif len(right.safe) > 1 or 0 in right.safe:
            wrong.append(tr("{names} have no cards left").format(names=seats.listed(right.safe)))
        else:
            wrong.append(tr("{names} has no cards left").format(names=seats.listed(right.safe)))
    if option.old_maid is not None and right.old_maid is None:
        wrong.append(tr("the game isn't over yet"))
    if right.old_maid is not None and option.old_maid is None:
        wrong.append(tr("the game is over"))
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
    assert move.card is not None
    if outcome.pair:
        parts = [seats.said(move.seat, mark("You lay down {cards}"), mark("{name} lays down {cards}"), cards=cards_text(outcome.pair))]
    else:
        parts = [seats.said(move.seat, mark("You keep {card}: no pair"), mark("{name} keeps {card}: no pair"), card=move.card.text())]
    parts += [seats.said(seat, mark("you are out, with no cards left"), mark("{name} is out, with no cards left")) for seat in outcome.safe]
    if not outcome.safe:
        parts.append(tr("nobody runs out of cards"))
    if outcome.old_maid is not None:
        parts.append(seats.said(outcome.old_maid, mark("you are the Old Maid"), mark("{name} is the Old Maid")))
    else:
        parts.append(tr("the game goes on"))
    return "; ".join(parts)


def _draw_explanation(rules: Rules, seats: Seats, after: Game, move: Draw, outcome: Outcome) -> str:
    """Why the draw led to `outcome`; `after` is the game once the draw is made."""
    card, drawer, giver = move.card, move.seat, move.from_seat
    assert card is not None
    if outcome.pair:
        partner = next(own for own in outcome.pair if own is not card)
        said = seats.said(
            drawer,
            mark("{card} pairs with {partner} in your hand, so both go down."),
            mark("{card} pairs with {partner} in {name}'s hand, so both go down."),
            card=card.text(),
            partner=partner.text(),
        )
        parts = [said]
    else:
        said = seats.said(
            drawer,
            mark("No other card in your hand is {a_rank}, so you keep {card}."),
            mark("No other card in {name}'s hand is {a_rank}, so {name} keeps {card}."),
            a_rank=a_rank(card),
            card=card.text(),
        )
        parts = [said]
    if len(outcome.safe) == 1:
        seat = outcome.safe[0]
        if seat == giver:
            parts.append(seats.said(seat, mark("You handed over the last card and are out."), mark("{name} handed over the last card and is out.")))
        else:
            parts.append(seats.said(seat, mark("You laid down the last cards and are out."), mark("{name} laid down the last cards and is out.")))
    elif outcome.safe:
        went = [
            seats.said(seat, mark("you handed over the last card"), mark("{name} handed over the last card"))
            if seat == giver
            else seats.said(seat, mark("you laid down the last cards"), mark("{name} laid down the last cards"))
            for seat in outcome.safe
        ]
        parts.append(tr("{who}: both are out.").format(who=capitalised(listed(went))))
    if outcome.old_maid is not None:
        parts.append(_old_maid_words(rules, seats, outcome.old_maid, after))
    return " ".join(parts)


def _old_maid_words(rules: Rules, seats: Seats, old_maid: int, after: Game) -> str:
    odd = cards_text(after.hands[old_maid])
    if rules.odd_card_wins:
        return seats.said(
            old_maid,
            mark("Only you still hold a card, {odd}, which can never pair: you are the Old Maid, and in this reversed game you win!"),
            mark("Only {name} still holds a card, {odd}, which can never pair: {name} is the Old Maid, and in this reversed game {name} wins!"),
            odd=odd,
        )
    return seats.said(
        old_maid,
        mark("Only you still hold a card, {odd}, which can never pair: you are the Old Maid."),
        mark("Only {name} still holds a card, {odd}, which can never pair: {name} is the Old Maid."),
        odd=odd,
    )


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
        name = seats.who(move.from_seat, True)
        if rules.draws_from == "left":
            explanation = tr("{name} is the nearest player on your left who still holds cards, so every rule was kept.").format(name=name)
        else:
            explanation = tr("{name} is the nearest player on your right who still holds cards, so every rule was kept.").format(name=name)
    else:
        assert isinstance(move, LayDown)
        concept, explanation = "pairs", pair_reason(move.cards[0], move.cards[1]) + " " + tr("Laying it down straight away was right.")
    return _question(
        "spot-the-mistake",
        concept,
        prompt=prompt + " " + tr("Which rule did you break, if any?"),
        options=tuple(rule_of(value) if value else tr(ALL_RIGHT) for value in values),
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
        return tr("Something here breaks a rule.")
    if isinstance(move, Draw):
        seat = move.from_seat
        if code == MistakeCode.KEPT_PAIR.value:
            return tr("This was only a draw: no pair was kept back.")
        if code == MistakeCode.NOT_A_PAIR.value:
            return tr("This was only a draw: nothing went down as a pair.")
        if code == MistakeCode.LAID_DOWN_THREE.value:
            return tr("This was only a draw: no three cards went down.")
        if code == MistakeCode.DREW_FROM_EMPTY.value:
            return seats.said(seat, mark("You have cards, so that hand wasn't empty."), mark("{name} has cards, so that hand wasn't empty."))
        if code == MistakeCode.WRONG_NEIGHBOUR.value:
            if game.hands[seat]:
                return seats.said(seat, mark("You are the right seat to draw from."), mark("{name} is the right seat to draw from."))
            return seats.said(
                seat,
                mark("You sit on the side you draw from: only the hand is empty."),
                mark("{name} sits on the side you draw from: only the hand is empty."),
            )
        raise KeyError(code)
    laid = move.cards if isinstance(move, LayDown) else ()
    if code == MistakeCode.KEPT_PAIR.value:
        return tr("No pair stayed in your hand.")
    if code == MistakeCode.NOT_A_PAIR.value:
        return tr("Nothing that went down was a wrong pair.") if laid else tr("You laid nothing down, so no wrong pair went down.")
    if code == MistakeCode.LAID_DOWN_THREE.value:
        return tr("Only two cards went down together.") if laid else tr("You laid nothing down, so no three cards went down.")
    if code == MistakeCode.DREW_FROM_EMPTY.value:
        return tr("Nobody drew here, so no empty hand came into it.")
    if code == MistakeCode.WRONG_NEIGHBOUR.value:
        return tr("Nobody drew here, so nobody drew from the wrong seat.")
    raise KeyError(code)


def _pairing_setup(rng: random.Random, rules: Rules, groups: tuple[int, ...], singles: int) -> Setup:
    hand = opening_hand(rng, rules, groups, singles)
    return Setup(other_hands(rng, rules, hand), dealer=rng.randrange(rules.players), learners=frozenset({0}))


def _same_rank(hand: Sequence[Card], size: int) -> tuple[Card, ...]:
    """The cards of `hand` that come `size` of a kind, in the hand's order."""
    kind_size = {card: len(group) for group in groups_of_a_kind(hand) for card in group}
    return tuple(card for card in hand if kind_size[card] == size)


def _kept_pair(rng: random.Random, rules: Rules, seats: Seats) -> tuple[Setup, FinishPairing, str]:
    setup = _pairing_setup(rng, rules, (2,), rng.randint(2, 3))
    return setup, FinishPairing(0), tr("After the deal, you look at your cards and say you have no pairs.")


def _three_laid_down(rng: random.Random, rules: Rules, seats: Seats) -> tuple[Setup, LayDown, str]:
    setup = _pairing_setup(rng, rules, (3,), rng.randint(1, 3))
    three = _same_rank(setup.hands[0], 3)
    return setup, LayDown(0, three), tr("After the deal, you lay down {cards} together.").format(cards=cards_text(three))


def _pair_laid_down(rng: random.Random, rules: Rules, seats: Seats) -> tuple[Setup, LayDown, str]:
    setup = _pairing_setup(rng, rules, (2,), rng.randint(1, 3))
    pair = _same_rank(setup.hands[0], 2)
    return setup, LayDown(0, pair), tr("After the deal, you lay down {cards} as a pair.").format(cards=cards_text(pair))


def _not_a_pair(rng: random.Random, rules: Rules, seats: Seats) -> tuple[Setup, LayDown, str]:
    setup = _pairing_setup(rng, rules, (), rng.randint(3, 5))
    two = rng.sample(setup.hands[0], 2)
    return setup, LayDown(0, two), tr("After the deal, you lay down {cards} as a pair.").format(cards=cards_text(two))


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
    return setup, Draw(0, game.giver), tr("It's your turn, and you draw a card from {giver}.").format(giver=seats.who(game.giver))


def _draw_from_wrong_seat(rng: random.Random, rules: Rules, seats: Seats) -> tuple[Setup, Draw, str]:
    setup, game = _your_turn(rng, rules, empty_seat=False)
    seat = rng.choice([seat for seat in range(1, rules.players) if seat != game.giver])
    return setup, Draw(0, seat), tr("It's your turn, and you draw a card from {giver}.").format(giver=seats.who(seat))


def _draw_from_empty_seat(rng: random.Random, rules: Rules, seats: Seats) -> tuple[Setup, Draw, str]:
    setup, game = _your_turn(rng, rules, empty_seat=True)
    seat = next(seat for seat in range(1, rules.players) if not game.hands[seat])
    return setup, Draw(0, seat), tr("It's your turn, and you try to draw from {giver}.").format(giver=seats.who(seat))


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
    assert move.card is not None
    prompt = _drew_prompt(
        seats,
        move,
        mark("You draw {card} from {giver}. Who is the Old Maid now?"),
        mark("{name} draws {card} from {giver}. Who is the Old Maid now?"),
        mark("{name} draws {card} from you. Who is the Old Maid now?"),
    )
    prompt += _reversed_reminder(rules)
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
        return tr("No pair can be made any more, so the game is over.")
    if not game.hands[seat]:
        return seats.said(
            seat,
            mark("You have no cards left: nobody with an empty hand is the Old Maid."),
            mark("{name} has no cards left: nobody with an empty hand is the Old Maid."),
        )
    return seats.said(seat, mark("You are not the only one still holding cards."), mark("{name} is not the only one still holding cards."))


def _old_maid_option(seats: Seats, seat: int | None) -> str:
    return tr(NOBODY_YET) if seat is None else seats.who(seat, True)


def _reversed_reminder(rules: Rules) -> str:
    return " " + tr("(In the game you play, the Old Maid wins!)") if rules.odd_card_wins else ""


def _goes_on_words(seats: Seats, game: Game) -> str:
    """Why the game goes on, from what every player can see: who still holds cards."""
    holders = [seat for seat, hand in enumerate(game.hands) if hand]
    assert game.possible_pair() is not None, "the game goes on only while a pair can still form"
    # With the strict pair check a wrong pair can leave several players holding cards at the end.
    holding = seats.listed(holders, True)
    if game.rules.wrong_pair_loses:
        said = tr("{players} still hold cards, and a pair can still be made among them, so the game goes on. It ends only when no more pairs can be made.")
    else:
        said = tr(
            "{players} still hold cards, and a pair can still be made among them, so the game goes on. It ends only when one player is left holding cards."
        )
    return said.format(players=holding)


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
        prompt=tr(
            "After the deal, {name} lays down {cards} as a pair, and nobody "
            "notices. Then the game is played to the end, and the pairs are checked. Who is the Old Maid?"
        ).format(name=seats.who(culprit), cards=cards_text(two)),
        options=tuple(_old_maid_option(seats, seat) for seat in values),
        explanation=not_pair_reason(two[0], two[1])
        + " "
        + seats.said(
            culprit,
            mark("In {rules} a wrong pair found at the check loses: you are the Old Maid, whoever holds the odd {rank}."),
            mark("In {rules} a wrong pair found at the check loses: {name} is the Old Maid, whoever holds the odd {rank}."),
            rules=rules_name(rules.name),
            rank=rank_name(rules.odd_rank),
        ),
        position=before,
        cards=two,
        setup=setup,
        values=tuple(values),
        notes=tuple(
            "" if seat == culprit else seats.said(seat, mark("You laid down no wrong pair."), mark("{name} laid down no wrong pair.")) for seat in values
        ),
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
