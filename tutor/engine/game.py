"""One game of Old Maid: the deal, the pairing, the draws and the end, and saving it.

Seats are numbered clockwise and the seat on the left of seat i is (i + 1) % players.
Seats not in `learners` lay down their pairs by themselves; learner seats must do it with
`LayDown` and `FinishPairing`, so their mistakes can be caught and explained.

Turn questions for the rest of the tutor: `Game.drawer` / `Game.giver` (who draws next, from
whom), `Game.after(action)` (the same on a copy once a move is made), `Game.turn_passing()` (how
the turn got there: whose turn ended, which empty seats were passed over and why),
`Game.skipped()`, `Game.possible_pair()` (can a pair still form?), `Game.rules_broken(action)`
(every rule a move breaks, a wrong pair under strict Bicycle rules included), `Game.observation(seat)`
(everything one seat may see, enough to draw the table).

Every deck plays by the same turn rules (`rules.deck`: the standard deck or a picture deck, see
`tutor.engine.decks`): two cards pair when their `rank_index` is the same, so a picture deck's
pairs match by picture and its character card, whose match key is its own, never pairs.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any

from tutor.errors import RulesError

from .actions import Action, DealCard, Draw, FinishDeal, FinishPairing, LayDown
from .cards import DECK, Card
from .decks import Deck, find_deck
from .events import (
    DealFinished,
    Dealt,
    Drew,
    Event,
    GameOver,
    PairingFinished,
    PairLaidDown,
    PairsChecked,
    Turn,
    WentOut,
)
from .mistakes import IllegalAction, Mistake, MistakeCode, pair_rule, wrong_pair_mistake
from .rules import Rules

FORMAT_VERSION = 1
RNG_VERSION = 3
RNG_WORDS = 624
"""`random.Random.getstate()` in version 3: 624 words of 32 bits, then the index of the next word."""


class Phase(StrEnum):
    """Where a game is: dealing, laying down the opening pairs, drawing, or over. Kept as its value
    in a saved game."""

    DEALING = "dealing"
    PAIRING = "pairing"
    PLAY = "play"
    OVER = "over"


Pair = tuple[int, tuple[Card, Card]]
HeldCard = tuple[int, Card]
"""A card with the seat holding it."""


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything one seat may know, and enough to draw the table from it alone: no field holds a
    card this seat may not see.

    seat: whose view this is.  rules: the rules in play (players, which side you draw from, face-up pairs).
    phase: dealing, pairing (the opening pairs), play or over.
    hand: this seat's own cards.  hand_sizes: how many cards each seat holds (index = seat).
    pairs: every pair laid down, in order, as (owner, cards); a pair another seat laid face down
        (Bicycle rules) is (owner, None).  pair_counts: how many pairs each seat has laid down.
    safe: seats with empty hands.  out_order: the same seats, in the order they went out.
    drawer / giver: who draws next, from whom (None when nobody is due to draw).
    skipped: empty seats passed over between the drawer and the giver, nearest the drawer first.
    waiting_for: learner seats that still have to lay down their pairs and say they are done.
    dealer: who dealt.  stock: cards still to deal.  draws: cards drawn so far.
    loser: the Old Maid once the game is over (None before).  winner: the same seat in the
        reversed game (`odd_card_wins`), else None.
    wrong_pairs: two cards of different ranks laid down as a pair (strict Bicycle rules), shown
        only once the game is over and the pairs are checked.
    """

    seat: int
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    pairs: tuple[tuple[int, tuple[Card, Card] | None], ...]
    safe: frozenset[int]
    drawer: int | None
    giver: int | None
    dealer: int
    rules: Rules | None = None
    pair_counts: tuple[int, ...] = ()
    out_order: tuple[int, ...] = ()
    skipped: tuple[int, ...] = ()
    waiting_for: frozenset[int] = frozenset()
    stock: int = 0
    draws: int = 0
    loser: int | None = None
    winner: int | None = None
    wrong_pairs: tuple[Pair, ...] = ()

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def holders(self) -> tuple[int, ...]:
        """The seats still holding cards, clockwise from seat 0."""
        return tuple(seat for seat, size in enumerate(self.hand_sizes) if size)


@dataclass(frozen=True, slots=True)
class TurnPassing:
    """How the turn came to the current drawer and giver (see `Game.turn_passing`).

    after: the seat whose turn ended: the one who drew last, or the dealer when play has just begun.
    starting: play has just begun (nobody has drawn yet).
    drawer / giver: who draws now, and from whom.
    extra_draw: the same seat draws again (Table house rule: their draw made a pair).
    passed_on: the seat due to hand on the turn (Bicycle: offer its cards, namely the dealer at the
        start or the seat that just drew) has no cards, so the next seat on its left that holds
        cards offers instead.
    skipped_before: empty seats passed over going left from `after` to the seat that acts first
        now (the giver in Bicycle rules, the drawer in Table rules), nearest `after` first.
    skipped_between: empty seats passed over between the drawer and the giver (the seats of
        `Game.skipped`, here going left from the seat that acts first).
    """

    after: int
    starting: bool
    drawer: int
    giver: int
    extra_draw: bool
    passed_on: bool
    skipped_before: tuple[int, ...]
    skipped_between: tuple[int, ...]

    @property
    def skipped(self) -> tuple[int, ...]:
        """Every empty seat passed over, in the order the turn went past them."""
        return self.skipped_before + self.skipped_between


class Game:
    """The state of one game. Create with `deal`, `start_deal` or `from_hands`; change with `apply`."""

    def __init__(self, rules: Rules, dealer: int, learners: Iterable[int], rng: random.Random) -> None:
        if not 0 <= dealer < rules.players:
            raise RulesError(f"dealer must be a seat from 0 to {rules.players - 1}, not {dealer!r}")
        self.rules = rules
        self.dealer = dealer
        self.learners = frozenset(learners)
        bad = [seat for seat in self.learners if not (isinstance(seat, int) and 0 <= seat < rules.players)]
        if bad:
            raise RulesError(f"learners must be seats from 0 to {rules.players - 1}, not {bad[0]!r}")
        self._rng = rng
        # Copies of two rules fields, read on every draw: attribute look-ups on `rules` cost time there.
        self._players, self._bicycle = rules.players, rules.variant == "bicycle"
        self._seats_left_of = _seats_left_of(rules.players)
        self._hands: list[list[Card]] = [[] for _ in range(rules.players)]
        self._pairs: list[Pair] = []
        self._wrong_pairs: list[Pair] = []
        self._out: list[int] = []
        self._phase = Phase.PAIRING
        self._stock: list[Card] = []
        self._pending: set[int] = set()
        self._drawer: int | None = None
        self._giver: int | None = None
        self._fan_shuffled = False
        self._draws = 0
        self._loser: int | None = None
        self._paired_since_draw = False
        self._turn_after = dealer  # whose turn ended last (the dealer before anyone draws)
        self._log: list[Event] | None = None

    # ----- creating a game -------------------------------------------------------------------

    @classmethod
    def deal(cls, rules: Rules, seed: Any, dealer: int = 0, learners: Iterable[int] = ()) -> Game:
        """Remove one card of the odd rank (the standard deck; a picture deck keeps every card),
        shuffle with `random.Random(seed)` and deal every card in play."""
        return cls.deal_with(rules, random.Random(seed), dealer, learners)

    @classmethod
    def deal_with(cls, rules: Rules, rng: random.Random, dealer: int = 0, learners: Iterable[int] = ()) -> Game:
        """Like `deal`, with a random generator the game then owns (the simulator shares one)."""
        game = cls._shuffled_deck(rules, rng, dealer, learners)
        game._deal(len(game._stock))
        game._start_pairing()
        return game

    @classmethod
    def start_deal(cls, rules: Rules, seed: Any, dealer: int = 0, learners: Iterable[int] = ()) -> Game:
        """A shuffled deck waiting to be dealt card by card with `DealCard` and `FinishDeal`."""
        game = cls._shuffled_deck(rules, random.Random(seed), dealer, learners)
        game._phase = Phase.DEALING
        return game

    @classmethod
    def _shuffled_deck(cls, rules: Rules, rng: random.Random, dealer: int, learners: Iterable[int]) -> Game:
        game = cls(rules, dealer, learners, rng)
        decks = _decks_to_deal(rules.deck, rules.odd_rank)
        deck = decks[int(rng.random() * len(decks))]
        # Sorting by random keys is a fair shuffle, and quicker than random.shuffle's
        # Python loop for 51 cards (see benchmarks/). The top of the deck is the end.
        keys = [rng.random() for _ in deck]
        game._stock = [deck[i] for i in sorted(range(len(deck)), key=keys.__getitem__)]
        return game

    @classmethod
    def from_hands(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[Card | str]],
        dealer: int = 0,
        learners: Iterable[int] = (),
        seed: Any = 0,
    ) -> Game:
        """A game from given hands (one list of cards per seat), for lessons, quizzes and tests."""
        if len(hands) != rules.players:
            raise RulesError(f"hands: give one hand per seat ({rules.players}), not {len(hands)}")
        game = cls(rules, dealer, learners, random.Random(seed))
        deck = rules.playing_deck
        game._hands = [[deck.parse(card) for card in hand] for hand in hands]
        check_cards_possible(rules, [card for hand in game._hands for card in hand])
        game._start_pairing()
        return game

    # ----- what anyone can read ----------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(hand) for hand in self._hands)

    @property
    def drawer(self) -> int | None:
        """Who takes the next card; None when the game is over or waits for a learner to finish pairing."""
        return None if self._pending else self._drawer

    @property
    def giver(self) -> int | None:
        """Whose face-down hand the next card comes from."""
        return None if self._pending else self._giver

    @property
    def waiting_for(self) -> frozenset[int]:
        """Learner seats that still have to lay down their pairs and say they are done."""
        return frozenset(self._pending)

    @property
    def safe(self) -> frozenset[int]:
        return frozenset(self._out)

    @property
    def out_order(self) -> tuple[int, ...]:
        """The safe seats, in the order they emptied their hands."""
        return tuple(self._out)

    @property
    def pairs(self) -> list[Pair]:
        return list(self._pairs)

    @property
    def wrong_pairs(self) -> list[Pair]:
        """Two cards of different ranks laid down as a pair (only possible with `wrong_pair_loses`)."""
        return list(self._wrong_pairs)

    @property
    def stock(self) -> int:
        """Cards still to be dealt."""
        return len(self._stock)

    @property
    def next_deal_seat(self) -> int:
        """The seat the next dealt card goes to."""
        dealt = sum(len(hand) for hand in self._hands)
        return (self.dealer + 1 + dealt) % self.rules.players

    @property
    def draws(self) -> int:
        """How many cards have been drawn so far."""
        return self._draws

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def loser(self) -> int | None:
        """The Old Maid: the seat left with the odd card (or, under `wrong_pair_loses`, the first
        seat that laid down a wrong pair). In the reversed game the Old Maid wins, see `winner`."""
        return self._loser

    @property
    def winner(self) -> int | None:
        """Under `odd_card_wins` the Old Maid wins; otherwise there is no single winner (None)."""
        return self._loser if self.rules.odd_card_wins else None

    def next_active(self, seat: int) -> int | None:
        """The nearest seat on the left of `seat` that still holds cards (never `seat` itself)."""
        hands = self._hands
        for other in self._seats_left_of[seat]:
            if hands[other]:
                return other
        return None

    def skipped(self) -> tuple[int, ...]:
        """The empty-handed seats passed over between the drawer and the giver, nearest first."""
        if self._drawer is None or self._giver is None:
            return ()
        step = -1 if self.rules.draws_from == "right" else 1
        return self._seats_between(self._drawer, self._giver, step)

    def _seats_between(self, start: int, end: int, step: int) -> tuple[int, ...]:
        """The seats passed going from `start` to `end` (both left out), one `step` at a time."""
        seats = []
        other = self.rules.seat_left_of(start, step)
        while start != end and other != end:
            seats.append(other)
            other = self.rules.seat_left_of(other, step)
        return tuple(seats)

    def turn_passing(self) -> TurnPassing | None:
        """How the turn came to the current drawer and giver, or None when nobody is due to draw.

        For explaining a turn: whose turn ended, whether it is an extra draw (Table house rule) or
        an offer passed on by an empty-handed seat (Bicycle), and which empty seats were skipped.
        """
        drawer, giver = self.drawer, self.giver
        if drawer is None or giver is None:
            return None
        after = self._turn_after
        offers = self.rules.book.giver_offers
        first = giver if offers else drawer  # the seat the turn reaches first: who offers, or who draws
        return TurnPassing(
            after=after,
            starting=self._draws == 0,
            drawer=drawer,
            giver=giver,
            extra_draw=not offers and drawer == after,
            passed_on=offers and first != after,
            skipped_before=self._seats_between(after, first, 1),
            skipped_between=self._seats_between(first, drawer if offers else giver, 1),
        )

    def possible_pair(self) -> tuple[HeldCard, HeldCard] | None:
        """Two cards of one rank still held (with their holders), seat by seat, that could still
        become a pair; None when no pair can form any more. The game ends when this is None or one
        seat is left holding cards."""
        seen: dict[int, HeldCard] = {}
        for seat, hand in enumerate(self._hands):
            for card in hand:
                first = seen.get(card.rank_index)
                if first is not None:
                    return first, (seat, card)
                seen[card.rank_index] = (seat, card)
        return None

    def can_pair(self) -> bool:
        """Whether any pair can still form: two held cards of one rank, in two hands or one."""
        return self.possible_pair() is not None

    def pairs_in(self, seat: int) -> list[tuple[Card, Card]]:
        """The pairs `seat` could lay down now (one per two cards of a rank)."""
        return _pairs_of(self._hands[seat])[0]

    def fan(self) -> tuple[Card, ...]:
        """The giver's face-down cards in the order offered (position 0 first). Not for the drawer's eyes."""
        if self._giver is None:
            return ()
        self._shuffle_fan()
        return tuple(self._hands[self._giver])

    def observation(self, seat: int) -> Observation:
        """What `seat` may know (see `Observation`): a screen can draw the table from it alone."""
        face_up = self.rules.pairs_face_up
        pair_counts = [0] * self.rules.players
        for owner, _ in self._pairs:
            pair_counts[owner] += 1
        return Observation(
            seat=seat,
            phase=self._phase,
            hand=tuple(self._hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self._hands),
            pairs=tuple((owner, pair if face_up or owner == seat else None) for owner, pair in self._pairs),
            safe=self.safe,
            drawer=self.drawer,
            giver=self.giver,
            dealer=self.dealer,
            rules=self.rules,
            pair_counts=tuple(pair_counts),
            out_order=self.out_order,
            skipped=self.skipped() if self.drawer is not None else (),
            waiting_for=self.waiting_for,
            stock=len(self._stock),
            draws=self._draws,
            loser=self._loser,
            winner=self.winner,
            wrong_pairs=tuple(self._wrong_pairs) if self.is_over else (),
        )

    # ----- copies --------------------------------------------------------------------------------

    def clone(self) -> Game:
        """An independent copy, random generator included: moves on it leave this game alone."""
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        copy = Game(self.rules, self.dealer, self.learners, rng)
        copy._hands = [list(hand) for hand in self._hands]
        copy._pairs = list(self._pairs)
        copy._wrong_pairs = list(self._wrong_pairs)
        copy._out = list(self._out)
        copy._phase = self._phase
        copy._stock = list(self._stock)
        copy._pending = set(self._pending)
        copy._drawer, copy._giver = self._drawer, self._giver
        copy._fan_shuffled = self._fan_shuffled
        copy._draws = self._draws
        copy._loser = self._loser
        copy._paired_since_draw = self._paired_since_draw
        copy._turn_after = self._turn_after
        return copy

    def after(self, action: Action) -> Game:
        """A copy of the game with `action` made (raises `IllegalAction` if it breaks a rule):
        ask it who draws next and from whom, or what the move led to. This game is unchanged."""
        copy = self.clone()
        copy.apply(action)
        return copy

    # ----- changing the game -------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Carry out `action` and return what happened, or raise `IllegalAction` (nothing changes)."""
        action = self._read_codes(action)
        mistake = self.mistake_in(action)
        if mistake is not None:
            raise IllegalAction(mistake)
        events: list[Event] = []
        self._log = events
        try:
            if isinstance(action, Draw):
                self._draw(action)
            elif isinstance(action, LayDown):
                self._lay_down(action.seat, action.cards)
            elif isinstance(action, FinishPairing):
                self._finish_pairing(action.seat)
            elif isinstance(action, DealCard):
                self._deal(action.count)
            else:
                self._finish_deal()
        finally:
            self._log = None
        return events

    def _read_codes(self, action: Action) -> Action:
        """`action` with the picture cards it names by code read with this game's deck (RulesError
        for a code the deck has not)."""
        deck = self.rules.playing_deck
        if isinstance(action, Draw) and action.code is not None:
            return Draw(action.seat, action.from_seat, deck.parse(action.code), action.position)
        if isinstance(action, LayDown) and action.codes:
            return LayDown(action.seat, [*action.cards, *(deck.parse(code) for code in action.codes)])
        return action

    def draw(self, card: Card | str) -> list[Event]:
        """The current drawer takes `card` from the current giver."""
        if self.drawer is None or self.giver is None:
            raise IllegalAction(self._out_of_turn(None, "nobody is due to draw now"))
        return self.apply(Draw(self.drawer, self.giver, card=card))

    def mistake_in(self, action: Action) -> Mistake | None:
        """The rule `action` would break, or None if it is allowed. Changes nothing."""
        action = self._read_codes(action)
        if isinstance(action, Draw):
            return self._draw_mistake(action)
        if isinstance(action, LayDown):
            return self._lay_down_mistake(action.seat, action.cards)
        if isinstance(action, FinishPairing):
            return self._finish_pairing_mistake(action.seat)
        if isinstance(action, DealCard):
            return self._deal_mistake(action.count)
        if isinstance(action, FinishDeal):
            return self._finish_deal_mistake()
        raise TypeError(f"not an action: {action!r}")

    def legal_moves(self, seat: int) -> list[Action]:
        """Every move `seat` may make now that breaks no rule: each true pair to lay down, saying the
        pairs are done, whom to draw from (the card itself is the drawer's blind choice), and for
        the dealer, dealing. Empty when `seat` has nothing to do. Changes nothing."""
        candidates: list[Action] = [LayDown(seat, pair) for pair in self.pairs_in(seat)]
        candidates.append(FinishPairing(seat))
        candidates += [Draw(seat, giver) for giver in range(self.rules.players)]
        if seat == self.dealer:
            candidates += [DealCard(), FinishDeal()]
        return [move for move in candidates if not self.rules_broken(move)]

    def may_draw_from(self, seat: int) -> tuple[int, ...]:
        """The seats `seat` may draw from now under the rules: the giver they name while `seat` is
        due to draw, else none. Changes nothing."""
        return tuple(giver for giver in range(self.rules.players) if self.mistake_in(Draw(seat, giver)) is None)

    def choice_of_giver(self, seat: int) -> bool:
        """Whether `seat`, due to draw, has anyone to tell apart in choosing whom to draw from: more
        than one other seat still holds cards. With two players, or when every other hand but the
        giver's is empty, there is nobody else to draw from, so there is nothing to choose."""
        if self.drawer != seat or self.giver is None:
            return False
        return sum(1 for other, hand in enumerate(self._hands) if hand and other != seat) > 1

    def rules_broken(self, action: Action) -> tuple[Mistake, ...]:
        """Every rule `action` breaks, the one `mistake_in` names first; () if the move is right.

        Unlike `mistake_in` this also counts a wrong pair that strict Bicycle rules let go down
        (see `wrong_pair_mistake`), and the rules a mistake breaks along with its main one:
        laying down three of a kind also lays down something that is not a pair, and drawing from
        an empty seat that is not one of those passed over on the way to the giver also draws
        from the wrong side. Changes nothing.
        """
        main = self.mistake_in(action)
        if main is None:
            wrong = wrong_pair_mistake(self.clone().apply(action)) if isinstance(action, LayDown) else None
            return () if wrong is None else (wrong,)
        also: list[Mistake] = []
        if main.code is MistakeCode.LAID_DOWN_THREE:
            also.append(Mistake(MistakeCode.NOT_A_PAIR, main.seat, main.cards, detail="a pair is exactly two cards"))
        if main.code is MistakeCode.DREW_FROM_EMPTY and main.seats[0] not in self.skipped():
            also.append(Mistake(MistakeCode.WRONG_NEIGHBOUR, main.seat, seats=main.seats, detail="the rules name another seat"))
        return (main, *also)

    def play_computer_turn(self) -> list[Event]:
        """The current drawer, a computer seat, draws a random card from the giver."""
        if self.drawer is None or self.drawer in self.learners:
            raise IllegalAction(self._out_of_turn(self.drawer, "it is not a computer seat's turn"))
        events: list[Event] = []
        self._log = events
        try:
            self._draw_cards(1)
        finally:
            self._log = None
        return events

    def play_out(self) -> None:
        """Play to the end with every draw at random (all seats must be computer seats)."""
        if self.learners:
            raise RulesError("play_out needs a game without learner seats")
        self._draw_cards(float("inf"))

    # ----- checking moves ----------------------------------------------------------------------

    def _out_of_turn(self, seat: int | None, detail: str) -> Mistake:
        seats = tuple(s for s in (self._drawer, self._giver) if s is not None)
        return Mistake(MistakeCode.OUT_OF_TURN, seat=seat, seats=seats, detail=detail)

    def _draw_mistake(self, action: Draw) -> Mistake | None:
        seat, giver = action.seat, action.from_seat
        if seat in self._pending and self.pairs_in(seat):
            return Mistake(MistakeCode.KEPT_PAIR, seat, self._first_pair(seat), detail="lay down your pair before drawing")
        if self._phase is not Phase.PLAY or self._pending or seat != self._drawer or self._giver is None:
            return self._out_of_turn(seat, "it is not this seat's turn to draw")
        seats = (giver, self._giver)  # the seat chosen, then the one the rules name
        if not 0 <= giver < self.rules.players or giver == seat:
            return Mistake(MistakeCode.WRONG_NEIGHBOUR, seat, seats=seats, detail="no such seat to draw from")
        if not self._hands[giver]:
            return Mistake(MistakeCode.DREW_FROM_EMPTY, seat, seats=seats, detail="that seat has no cards")
        if giver != self._giver:
            return Mistake(MistakeCode.WRONG_NEIGHBOUR, seat, seats=seats, detail="the rules name another seat")
        return self._draw_choice_mistake(action)

    def _draw_choice_mistake(self, action: Draw) -> Mistake | None:
        fan = self._hands[action.from_seat]
        if action.card is not None and action.position is not None:
            raise RulesError("a draw names a card or a position, not both")
        if action.card is not None and action.card not in fan:
            return Mistake(MistakeCode.NO_SUCH_CARD, action.seat, (action.card,), detail="the giver does not hold that card")
        if action.position is not None and not 0 <= action.position < len(fan):
            detail = f"position {action.position} is not in a fan of {len(fan)} cards"
            return Mistake(MistakeCode.NO_SUCH_CARD, action.seat, detail=detail)
        return None

    def _lay_down_mistake(self, seat: int, cards: tuple[Card, ...]) -> Mistake | None:
        if seat not in self._pending:
            return self._out_of_turn(seat, "pairs go down after the deal or right after your own draw")
        hand = self._hands[seat]
        if len(set(cards)) != len(cards) or any(card not in hand for card in cards):
            return Mistake(MistakeCode.NOT_IN_HAND, seat, cards, detail="lay down only cards from your own hand")
        counts = Counter(card.rank for card in cards)
        if any(count == 3 for count in counts.values()):
            three = tuple(card for card in cards if counts[card.rank] == 3)
            others = tuple(card for card in cards if card not in three)
            return Mistake(MistakeCode.LAID_DOWN_THREE, seat, three, detail="lay down two and keep the third", others=others)
        if any(count % 2 for count in counts.values()) or not cards:
            if self.rules.wrong_pair_loses and len(cards) == 2:
                return None
            return Mistake(MistakeCode.NOT_A_PAIR, seat, cards, detail=pair_rule(cards))
        return None

    def _finish_pairing_mistake(self, seat: int) -> Mistake | None:
        if seat not in self._pending:
            return self._out_of_turn(seat, "this seat has nothing to finish")
        if self.pairs_in(seat):
            return Mistake(MistakeCode.KEPT_PAIR, seat, self._first_pair(seat), detail="every pair goes down")
        return None

    def _first_pair(self, seat: int) -> tuple[Card, ...]:
        """The lowest-ranked pair `seat` still holds, for pointing at one pair at a time."""
        lowest: tuple[Card, Card] = min(self.pairs_in(seat), key=lambda pair: pair[0].rank_index)
        return tuple(sorted(lowest))

    def _deal_mistake(self, count: int) -> Mistake | None:
        if self._phase is not Phase.DEALING or not 1 <= count <= len(self._stock):
            return self._out_of_turn(None, "there are no cards left to deal")
        return None

    def _finish_deal_mistake(self) -> Mistake | None:
        if self._phase is not Phase.DEALING:
            return self._out_of_turn(None, "the deal is already finished")
        if self._stock:
            return Mistake(MistakeCode.STOCK_LEFT, detail=f"{len(self._stock)} cards are still undealt")
        return None

    # ----- carrying out moves --------------------------------------------------------------------

    def _emit(self, event: Event) -> None:
        if self._log is not None:
            self._log.append(event)

    def _deal(self, count: int) -> None:
        players, start = self.rules.players, self.next_deal_seat
        rest = len(self._stock) - count
        dealt = self._stock[rest:][::-1]  # top card first
        del self._stock[rest:]
        for offset in range(players):
            self._hands[(start + offset) % players].extend(dealt[offset::players])
        if self._log is not None:
            self._log.extend(Dealt((start + k) % players, card) for k, card in enumerate(dealt))

    def _finish_deal(self) -> None:
        self._emit(DealFinished())
        self._start_pairing()

    def _start_pairing(self) -> None:
        self._phase = Phase.PAIRING
        for seat, hand in enumerate(self._hands):
            if seat not in self.learners:
                self._auto_pair(seat)
            elif hand:
                self._pending.add(seat)
        for seat, hand in enumerate(self._hands):
            if not hand:
                self._go_out(seat)
        if not self._pending:
            self._start_play()

    def _start_play(self) -> None:
        """Play starts as if the dealer had just drawn: in Bicycle rules the dealer offers first
        (or the next active seat on their left), in Table rules the seat on their left draws first."""
        self._phase = Phase.PLAY
        self._pass_turn(self.dealer, made_pair=False)

    def _shuffle_fan(self) -> None:
        """The giver shuffles their hand before offering it (done when a position is first needed)."""
        if not self._fan_shuffled and self._giver is not None:
            self._rng.shuffle(self._hands[self._giver])
            self._fan_shuffled = True

    def _draw(self, action: Draw) -> None:
        if action.position is not None:
            self._shuffle_fan()
            self._draw_cards(1, self._hands[action.from_seat][action.position])
        else:
            self._draw_cards(1, action.card)

    def _draw_cards(self, limit: float, card: Card | None = None) -> None:
        """Carry out up to `limit` draws, each by the drawer from the giver: the first takes `card`
        if given, the others a random card. Stops early at the end or when a learner has drawn.

        This one loop serves every draw (the learner's, the computers' and the simulator's),
        so it is kept tight: it is where the engine spends its time.
        """
        hands, learners, log, random_ = self._hands, self.learners, self._log, self._rng.random
        laid_down = self._pairs.append
        drawer, giver = self._drawer, self._giver
        while limit > 0 and giver is not None and drawer is not None:  # both None once the game is over
            limit -= 1
            fan, hand = hands[giver], hands[drawer]
            if card is None:
                card = fan.pop(int(random_() * len(fan)))
            else:
                fan.remove(card)
            self._draws += 1
            if log is not None:
                log.append(Drew(drawer, giver, card))
            if not fan:
                self._go_out(giver)
            if drawer in learners:
                hand.append(card)
                self._pending.add(drawer)
                self._paired_since_draw = False
                return
            made_pair = False
            rank = card.rank_index
            for place, partner in enumerate(hand):
                if partner.rank_index == rank:
                    # `del` by place: `hand.remove` would scan the hand again, comparing each card
                    # through Card's Python-level comparisons (a third of a draw's time with big hands).
                    del hand[place]
                    laid_down((drawer, (partner, card)))
                    if log is not None:
                        log.append(PairLaidDown(drawer, (partner, card)))
                    made_pair = True
                    break
            else:
                hand.append(card)
            if not hand:
                self._go_out(drawer)
            self._pass_turn(drawer, made_pair)
            drawer, giver, card = self._drawer, self._giver, None

    def _pass_turn(self, drawer: int, made_pair: bool) -> None:
        """Whose turn it is once `drawer` has drawn and laid down any pair, or end the game."""
        if (len(self._out) + 1 >= self._players or self._wrong_pairs) and self._check_over():
            return
        self._turn_after = drawer
        next_holder = self._next_holder
        if self._bicycle:
            # The drawer offers next; if they emptied their hand, the next active seat on their left.
            giver = drawer if self._hands[drawer] else next_holder(drawer)
            drawer = next_holder(giver)
        else:
            # The next active seat on the left draws, from the nearest active seat on its left.
            if not (made_pair and self.rules.extra_draw_on_pair and self._hands[drawer]):
                drawer = next_holder(drawer)
            giver = next_holder(drawer)
        self._drawer, self._giver = drawer, giver
        self._fan_shuffled = False
        if self._log is not None:
            self._log.append(Turn(drawer, giver))

    def _next_holder(self, seat: int) -> int:
        """`next_active` while play goes on: two seats or more hold cards (else the game is over),
        so there is always one. Its own loop, not a call of `next_active`: it runs twice a draw."""
        hands = self._hands
        for other in self._seats_left_of[seat]:
            if hands[other]:
                return other
        raise RuntimeError(f"no seat left of seat {seat} holds cards, yet the game goes on")

    def _auto_pair(self, seat: int) -> None:
        pairs, self._hands[seat] = _pairs_of(self._hands[seat])
        self._pairs += [(seat, pair) for pair in pairs]
        if self._log is not None:
            self._log += [PairLaidDown(seat, pair) for pair in pairs]

    def _put_down(self, seat: int, pair: tuple[Card, Card]) -> None:
        wrong = not pair[0].pairs_with(pair[1])
        self._pairs.append((seat, pair))
        if wrong:
            self._wrong_pairs.append((seat, pair))
        if self._log is not None:
            self._log.append(PairLaidDown(seat, pair, wrong))

    def _lay_down(self, seat: int, cards: tuple[Card, ...]) -> None:
        hand = self._hands[seat]
        for card in cards:
            hand.remove(card)
        ordered = sorted(cards, key=lambda card: card.rank_index)
        if len(ordered) == 2 and not ordered[0].pairs_with(ordered[1]):
            self._put_down(seat, (ordered[0], ordered[1]))
        else:
            for pair in _pairs_of(ordered)[0]:
                self._put_down(seat, pair)
        self._paired_since_draw = True
        if not hand:
            self._go_out(seat)
            self._finish_pairing(seat)

    def _finish_pairing(self, seat: int) -> None:
        self._pending.discard(seat)
        self._emit(PairingFinished(seat))
        if self._phase is Phase.PAIRING:
            if not self._pending:
                self._start_play()
        else:
            made_pair, self._paired_since_draw = self._paired_since_draw, False
            self._pass_turn(seat, made_pair)

    def _go_out(self, seat: int) -> None:
        self._out.append(seat)
        self._emit(WentOut(seat))

    def _check_over(self) -> bool:
        """End the game once no pair can form any more: normally when one seat holds the odd card,
        but after a wrong pair (strict Bicycle) several unpaired cards may be left."""
        holders = [seat for seat, hand in enumerate(self._hands) if hand]
        if len(holders) > 1 and self.possible_pair() is not None:
            return False
        self._phase = Phase.OVER
        self._drawer = self._giver = None
        if self._wrong_pairs:
            self._emit(PairsChecked(tuple(self._wrong_pairs)))
            self._loser = self._wrong_pairs[0][0]
        else:
            self._emit(PairsChecked(()))
            # A position made with from_hands may leave out the odd card: then nobody is left with it.
            self._loser = holders[0] if holders else None
        self._emit(GameOver(self._loser, self.winner))
        return True

    # ----- saving ------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready snapshot from which `from_dict` continues the game exactly."""
        version, state, gauss = self._rng.getstate()
        return {
            "format": "old-maid-game",
            "version": FORMAT_VERSION,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "learners": sorted(self.learners),
            "phase": self._phase.value,
            "hands": [[card.code for card in hand] for hand in self._hands],
            "stock": [card.code for card in self._stock],
            "pairs": [[seat, [card.code for card in pair]] for seat, pair in self._pairs],
            "out": list(self._out),
            "pending": sorted(self._pending),
            "drawer": self._drawer,
            "giver": self._giver,
            "fan_shuffled": self._fan_shuffled,
            "paired_since_draw": self._paired_since_draw,
            "draws": self._draws,
            "loser": self._loser,
            "turn_after": self._turn_after,
            "rng": [version, list(state), gauss],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Restore a game saved with `to_dict`; damaged data raises `RulesError` (a `ValueError`)
        saying what is wrong."""
        try:
            return cls._restore(data)
        except ValueError as error:
            raise RulesError(f"saved game is damaged: {error}") from None
        except (KeyError, TypeError, IndexError, AttributeError, ArithmeticError) as error:
            raise RulesError(f"saved game is damaged: {type(error).__name__}: {error}") from None

    @classmethod
    def _restore(cls, data: Any) -> Game:
        if not isinstance(data, dict) or data.get("format") != "old-maid-game":
            raise RulesError("this is not a saved Old Maid game")
        if data.get("version") != FORMAT_VERSION:
            raise RulesError(f"format version {data.get('version')!r} is not one this program reads ({FORMAT_VERSION})")
        rules = Rules.from_dict(data["rules"])
        rng = random.Random()
        rng.setstate(_rng_state(data["rng"]))
        game = cls(rules, _seat(data["dealer"], rules, "dealer"), data["learners"], rng)
        if data["phase"] not in set(Phase):
            raise RulesError(f"phase {data['phase']!r} is not one of {', '.join(Phase)}")
        game._phase = Phase(data["phase"])
        if len(data["hands"]) != rules.players:
            raise RulesError(f"hands: {len(data['hands'])} hands for {rules.players} players")
        deck = rules.playing_deck
        game._hands = [[deck.parse(card) for card in hand] for hand in data["hands"]]
        game._stock = [deck.parse(card) for card in data["stock"]]
        game._pairs = [(_seat(seat, rules, "pairs"), _pair(cards, deck)) for seat, cards in data["pairs"]]
        game._wrong_pairs = [(seat, pair) for seat, pair in game._pairs if not pair[0].pairs_with(pair[1])]
        every_card = [card for hand in game._hands for card in hand] + game._stock
        every_card += [card for _, pair in game._pairs for card in pair]
        check_cards_possible(rules, every_card)
        game._out = [_seat(seat, rules, "out") for seat in data["out"]]
        game._pending = {_seat(seat, rules, "pending") for seat in data["pending"]}
        game._drawer = _optional_seat(data["drawer"], rules, "drawer")
        game._giver = _optional_seat(data["giver"], rules, "giver")
        game._fan_shuffled = bool(data["fan_shuffled"])
        game._paired_since_draw = bool(data["paired_since_draw"])
        game._draws = int(data["draws"])
        game._loser = _optional_seat(data["loser"], rules, "loser")
        game._turn_after = _seat(data.get("turn_after", game._turn_after_guess()), rules, "turn_after")
        return game

    def _turn_after_guess(self) -> int:
        """For a game saved before `turn_after` was: the dealer before any draw, else the seat
        that would have passed the turn in the usual way."""
        if self._draws == 0 or self._drawer is None or self._giver is None:
            return self.dealer
        return self._giver if self.rules.book.giver_offers else self.rules.seat_left_of(self._drawer, -1)


@cache
def _decks_to_deal(deck: str, odd_rank: str) -> tuple[tuple[Card, ...], ...]:
    """The decks one of which is dealt: for the standard deck the four 51-card decks (the full
    deck less one card of the odd rank), for a picture deck the deck itself. Kept, as a deck's
    cards never change (another deck cannot take a known deck's id)."""
    if deck == "standard":
        return _decks_without_one(odd_rank)
    return (find_deck(deck).cards,)


@cache
def _decks_without_one(odd_rank: str) -> tuple[tuple[Card, ...], ...]:
    """The four 51-card decks: the full deck less one card of the odd rank."""
    return tuple(tuple(c for c in DECK if c is not removed) for removed in DECK if removed.rank == odd_rank)


@cache
def _seats_left_of(players: int) -> tuple[tuple[int, ...], ...]:
    """For each seat, the other seats in order going left (clockwise)."""
    return tuple(tuple((seat + step) % players for step in range(1, players)) for seat in range(players))


def _pairs_of(cards: Sequence[Card]) -> tuple[list[tuple[Card, Card]], list[Card]]:
    """Split cards into pairs of one rank (first come, first paired) and the cards left over."""
    waiting: dict[int, Card] = {}
    pairs: list[tuple[Card, Card]] = []
    for card in cards:
        rank = card.rank_index
        if rank in waiting:
            pairs.append((waiting.pop(rank), card))
        else:
            waiting[rank] = card
    return pairs, list(waiting.values())


def check_cards_possible(rules: Rules, cards: Sequence[Card]) -> None:
    """Raise `RulesError` unless these cards could all be in play together: each card of the
    rules' deck at most once, and for the standard deck one card of the odd rank left out."""
    deck = rules.playing_deck
    seen: set[Card] = set()
    for card in cards:
        if not deck.holds(card):
            raise RulesError(f"{_card_named(card)} is not a card of {deck.the_deck}, which these rules play with")
        if card in seen:
            raise RulesError(f"{_card_named(card)} is dealt twice: each card is in the deck once")
        seen.add(card)
    if not deck.is_standard:
        return
    odd = [card for card in cards if card.rank == rules.odd_rank]
    if len(odd) > 3:
        raise RulesError(f"all four {rules.odd_rank}s are in play, but one card of the odd rank is removed before the deal")


def _seat(value: Any, rules: Rules, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < rules.players:
        raise RulesError(f"{field}: {value!r} is not a seat from 0 to {rules.players - 1}")
    return value


def _rng_state(value: Any) -> tuple[int, tuple[int, ...], float | None]:
    """A saved random state, checked in full: `random.Random.setstate` raises OverflowError (not
    ValueError) for a negative number, and quietly cuts down one too large for 32 bits."""
    if not isinstance(value, list) or len(value) != 3:
        raise RulesError(f"rng: {_shown(value)} is not a random state")
    version, words, gauss = value
    if not _is_int(version) or version != RNG_VERSION:
        raise RulesError(f"rng: version {_shown(version)} is not {RNG_VERSION}")
    if not isinstance(words, list) or len(words) != RNG_WORDS + 1:
        raise RulesError(f"rng: the state is not {RNG_WORDS + 1} numbers")
    for word in words:
        if not (_is_int(word) and 0 <= word < 2**32):
            raise RulesError(f"rng: {_shown(word)} is not a number from 0 to 2**32 - 1")
    if words[-1] > RNG_WORDS:
        raise RulesError(f"rng: the index {words[-1]} is more than {RNG_WORDS}")
    if gauss is not None and not isinstance(gauss, float):
        raise RulesError(f"rng: {_shown(gauss)} is not a number for gauss")
    return version, tuple(words), gauss


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: Any) -> str:
    """A value for an error message, cut short: saved data may hold anything."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def _optional_seat(value: Any, rules: Rules, field: str) -> int | None:
    return None if value is None else _seat(value, rules, field)


def _pair(cards: Any, deck: Deck) -> tuple[Card, Card]:
    if not isinstance(cards, list) or len(cards) != 2:
        raise RulesError(f"pairs: {cards!r} is not two cards")
    return deck.parse(cards[0]), deck.parse(cards[1])


def _card_named(card: Card) -> str:
    """A card for an error message: "5♣", or "Cat (cat/1)" for a picture card."""
    return str(card) if card.picture is None else f"{card} ({card.code})"
