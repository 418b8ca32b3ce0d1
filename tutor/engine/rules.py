"""Which Old Maid is being played: Bicycle or Table rules, the number of players and house rules.

Every fact about a ruleset lives here, for the rest of the tutor to ask instead of testing the
variant's name: `Rulebook` (what each rulebook says and where it is silent, which options it
allows), `Rules` (one choice of those options) and seat geometry (`Rules.side_of`,
`Rules.seat_left_of`). Seats are numbered clockwise; the seat on the left of seat i is i + 1.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import asdict, dataclass, field, replace
from itertools import product
from typing import TYPE_CHECKING, Any, Literal, get_args

from tutor.errors import RulesError

if TYPE_CHECKING:
    from .decks import Deck

Variant = Literal["bicycle", "table"]
OddRank = Literal["Q", "K", "J"]
"""Every odd rank some ruleset allows; `Rulebook.odd_ranks` says which go with which ruleset."""
Side = Literal["self", "left", "right", "across", "opposite"]
"""Where a seat sits seen from another: "opposite" is the only other seat of a two-player game
(it is both left and right); "across" is any seat of a bigger game that is not a neighbour."""

VARIANTS: tuple[Variant, ...] = get_args(Variant)
PLAYER_RANGE: dict[str, tuple[int, int]] = {"bicycle": (2, 5), "table": (2, 8)}
ODD_RANKS: tuple[OddRank, ...] = get_args(OddRank)
CARDS_IN_PLAY = 51
"""A 52-card deck, no jokers, less one card of the odd rank (a picture deck: see `Rules.cards_in_play`)."""
SWITCHES = ("extra_draw_on_pair", "odd_card_wins", "wrong_pair_loses")
"""The house-rule switches of `Rules`, all off by default; `Rulebook.switches` says which go with which."""
_OPTIONS = ("odd_rank", *SWITCHES, "deck")
SWITCHES_FROM_OUTSIDE = {"odd_card_wins": "Pagat"}
"""Switches that neither rulebook plays, and who describes them: the reversed game (Bicycle's page
names it as Pagat's separate version; the Table's book does not mention it)."""


@dataclass(frozen=True, slots=True)
class Rulebook:
    """What one ruleset's rulebook says, where it is silent, and which options it allows.

    The facts come from the seeds (`shared/seeds/`): Bicycle's printed rules and the Table's own
    rulebook. Where a book is silent this app makes a choice, and the `says_*` fields let the
    tutor tell the learner so.
    """

    variant: Variant
    name: str
    """The ruleset's name for a heading: "Bicycle" or "Table"."""
    players: tuple[int, int]
    """Fewest and most players this app allows."""
    book_limits_players: bool
    """Bicycle's book says 2 to 5 players; the Table's book sets no limit (2 to 8 is this app's choice)."""
    odd_ranks: tuple[OddRank, ...]
    """The odd ranks allowed, the book's usual one first. Bicycle: a Queen, or a Jack as Pagat's
    variant; Table: a Queen, or a King as a house rule chosen at the deal."""
    odd_rank_variant_from: str | None
    """Who describes the other odd ranks: "Pagat" for Bicycle's Jack (a variant from another
    source), None for the Table's King (the book's own house rule)."""
    switches: tuple[str, ...]
    """The house-rule switches of `Rules` this ruleset offers (the others must stay off)."""
    draws_from: Literal["left", "right"]
    """The side a player draws from: the nearest seat on that side that still holds cards."""
    giver_offers: bool
    """True (Bicycle): each player offers their hand to the next active player on their left, and
    the drawer offers next. False (Table): you take from the seat on your left, and the turn passes on."""
    pairs_face_up: bool
    """Table: pairs go face up the instant they form (holding one back is not allowed). Bicycle: face down."""
    says_who_starts: bool
    """Bicycle: the dealer offers first. The Table's book does not say who starts; here the first
    active seat on the dealer's left draws first."""
    says_turn_direction: bool
    """Bicycle: the turn goes left with the cards. The Table's book says only that play passes to
    the next seat; here it passes to the left."""
    says_how_to_deal: bool
    """Bicycle: one card at a time, clockwise. The Table's book says only that the whole deck is
    dealt as evenly as it divides; here it is dealt like Bicycle's, starting on the dealer's left."""
    says_who_gets_fewer: bool
    """Neither book says which seats get the shorter hands; here the deal starts on the dealer's
    left, so the seats dealt to first get one card more."""
    says_empty_drawer: bool
    """Bicycle: if the drawer empties their hand, the next active player on their left offers instead."""
    going_out_wins: bool
    """The Table's book: the moment you shed your last card you're out, and you've won (everyone but
    the Old Maid wins). Bicycle's: an empty hand is safe, and only the Old Maid loses."""
    wrong_pair_rule: bool
    """Bicycle's book: a player found to have laid down two cards that are not a pair loses and is
    the Old Maid. The strict switch (`wrong_pair_loses`) only decides whether this app lets such a
    pair go down and checks the pairs at the end; otherwise it refuses the wrong pair at once.
    The Table's book does not cover wrong pairs."""

    def allows(self, players: int, odd_rank: str) -> bool:
        low, high = self.players
        return low <= players <= high and odd_rank in self.odd_ranks

    def every_rules(self, players: tuple[int, ...] | None = None) -> tuple[Rules, ...]:
        """Every `Rules` this ruleset allows (for `players`, or every allowed count): each odd rank
        with each combination of switches that go together."""
        low, high = self.players
        counts = players if players is not None else tuple(range(low, high + 1))
        switch_sets = [dict(zip(self.switches, flags, strict=True)) for flags in product((False, True), repeat=len(self.switches))]
        return tuple(
            Rules(self.variant, count, odd_rank, deck="standard", **options)
            for count in counts
            for odd_rank in self.odd_ranks
            for options in switch_sets
            if not (options.get("wrong_pair_loses") and options.get("odd_card_wins"))
        )


RULEBOOKS: dict[str, Rulebook] = {
    "bicycle": Rulebook(
        variant="bicycle",
        name="Bicycle",
        players=PLAYER_RANGE["bicycle"],
        book_limits_players=True,
        odd_ranks=("Q", "J"),
        odd_rank_variant_from="Pagat",
        switches=("odd_card_wins", "wrong_pair_loses"),
        draws_from="right",
        giver_offers=True,
        pairs_face_up=False,
        says_who_starts=True,
        says_turn_direction=True,
        says_how_to_deal=True,
        says_who_gets_fewer=False,
        says_empty_drawer=True,
        going_out_wins=False,
        wrong_pair_rule=True,
    ),
    "table": Rulebook(
        variant="table",
        name="Table",
        players=PLAYER_RANGE["table"],
        book_limits_players=False,
        odd_ranks=("Q", "K"),
        odd_rank_variant_from=None,
        switches=("extra_draw_on_pair", "odd_card_wins"),
        draws_from="left",
        giver_offers=False,
        pairs_face_up=True,
        says_who_starts=False,
        says_turn_direction=False,
        says_how_to_deal=False,
        says_who_gets_fewer=False,
        says_empty_drawer=False,
        going_out_wins=True,
        wrong_pair_rule=False,
    ),
}


def rulebook(variant: str) -> Rulebook:
    """The facts of one ruleset; an unknown name raises `RulesError` listing the known ones."""
    try:
        return RULEBOOKS[variant]
    except (KeyError, TypeError):
        raise RulesError(f"variant must be {' or '.join(map(repr, VARIANTS))}, not {variant!r}") from None


def every_rules(players: tuple[int, ...] | None = None) -> tuple[Rules, ...]:
    """Every rules combination the settings can produce, both rulesets (optionally only for some
    player counts, each kept to the counts its ruleset allows). For property tests."""
    made: list[Rules] = []
    for book in RULEBOOKS.values():
        low, high = book.players
        counts = None if players is None else tuple(count for count in players if low <= count <= high)
        made += book.every_rules(counts)
    return tuple(made)


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules in play. Build with `Rules.bicycle(...)`, `Rules.table(...)` or `Rules(variant, ...)`.

    Anything not allowed raises `RulesError` (a `ValueError`) naming the option and what is allowed.

    `deck` is the id of the deck played with: "standard" (52 cards less one of `odd_rank`) or a
    picture deck's (see `tutor.engine.decks`; `playing_deck` is the `Deck` itself). With a picture
    deck the character card is the Old Maid, so `odd_rank` does not apply: it must stay at the
    ruleset's usual rank ("Q"), and any other is refused. The turn rules are the same for every deck.
    """

    variant: Variant
    players: int = 4
    odd_rank: str = "Q"
    extra_draw_on_pair: bool = False
    odd_card_wins: bool = False
    wrong_pair_loses: bool = False
    deck: str = field(default="standard", kw_only=True)

    def __post_init__(self) -> None:
        book = rulebook(self.variant)
        low, high = book.players
        if not isinstance(self.players, int) or isinstance(self.players, bool) or not low <= self.players <= high:
            raise RulesError(f"players must be a whole number from {low} to {high} for {book.name} rules, not {self.players!r}")
        if self.odd_rank not in ODD_RANKS:
            raise RulesError(f"odd_rank must be one of {', '.join(ODD_RANKS)}, not {self.odd_rank!r}")
        if self.odd_rank not in book.odd_ranks:
            raise RulesError(f"odd_rank {self.odd_rank!r} is not in the {book.name} rules; allowed: {' or '.join(book.odd_ranks)}")
        for option in SWITCHES:
            value = getattr(self, option)
            if not isinstance(value, bool):
                raise RulesError(f"{option} must be True or False, not {value!r}")
            if value and option not in book.switches:
                raise RulesError(f"{option} is not a {book.name} rule; allowed with {book.name} rules: False")
        if self.wrong_pair_loses and self.odd_card_wins:
            raise RulesError("wrong_pair_loses belongs to the ordinary game; allowed with odd_card_wins: False")
        self._check_deck(book)

    def _check_deck(self, book: Rulebook) -> None:
        if self.deck == "standard":
            return  # it goes with every rule; the picture decks are read only when one is chosen
        from .decks import find_deck

        deck = find_deck(self.deck)
        if deck.is_standard:
            return
        if self.odd_rank != book.odd_ranks[0]:
            raise RulesError(
                f"odd_rank does not apply to the picture deck {deck.id!r}: its Old Maid is the character card, "
                f"which has no partner, so no card is taken out; leave odd_rank at {book.odd_ranks[0]}"
            )
        if self.players > deck.size:
            raise RulesError(f"the picture deck {deck.id!r} has {deck.size} cards, too few for {self.players} players")

    @classmethod
    def bicycle(cls, players: int = 4, **options: Any) -> Rules:
        """Bicycle rules: offer your hand to the left, draw from your right, pairs face down."""
        _check_options(options)
        return cls("bicycle", players, **options)

    @classmethod
    def table(cls, players: int = 4, odd_rank: str = "Q", extra_draw_on_pair: bool = False, **options: Any) -> Rules:
        """Table rules: draw from the nearest seat on your left, pairs face up at once."""
        _check_options(options)
        return cls("table", players, odd_rank=odd_rank, extra_draw_on_pair=extra_draw_on_pair, **options)

    @classmethod
    def of(cls, variant: str, players: int = 4, odd_rank: str = "Q", **switches: bool) -> Rules:
        """Rules for `variant` from a set of switches that may hold some another ruleset uses
        (as settings do): switches this ruleset does not offer are left out if they are off,
        and refused if they are on. The deck is the standard deck: see `with_deck`."""
        book = rulebook(variant)
        _check_options(switches)
        for name, value in switches.items():
            if name not in book.switches and value is not False:
                raise RulesError(f"{name} is not a {book.name} rule; allowed with {book.name} rules: False")
        kept = {name: value for name, value in switches.items() if name in book.switches}
        return cls(book.variant, players, odd_rank, deck="standard", **kept)

    def with_deck(self, deck: str) -> Rules:
        """These rules played with another deck ("standard" or a picture deck's id). A picture deck
        has no odd rank, so `odd_rank` goes back to the ruleset's usual one (what `to_dict` keeps)."""
        odd_rank = self.odd_rank if deck == "standard" else self.book.odd_ranks[0]
        return replace(self, deck=deck, odd_rank=odd_rank)

    @property
    def book(self) -> Rulebook:
        """What this ruleset's rulebook says (see `Rulebook`)."""
        return RULEBOOKS[self.variant]

    @property
    def name(self) -> str:
        """ "Bicycle" or "Table"."""
        return RULEBOOKS[self.variant].name

    @property
    def playing_deck(self) -> Deck:
        """The deck played with (see `tutor.engine.decks.Deck`)."""
        from .decks import find_deck

        return find_deck(self.deck)

    @property
    def pictures(self) -> bool:
        """Whether a picture deck is played with (pairs match by picture; the character is the Old Maid)."""
        return self.deck != "standard"

    @property
    def cards_in_play(self) -> int:
        """How many cards are dealt: 51 with the standard deck, 2 x pairs + 1 with a picture deck."""
        return CARDS_IN_PLAY if self.deck == "standard" else self.playing_deck.size

    @property
    def pairs_face_up(self) -> bool:
        return RULEBOOKS[self.variant].pairs_face_up

    @property
    def draws_from(self) -> str:
        """The side a player draws from: "right" in Bicycle rules (each player offers their hand to
        the next active player on their left), "left" in Table rules."""
        return RULEBOOKS[self.variant].draws_from

    @property
    def seats(self) -> range:
        """Every seat, clockwise from seat 0."""
        return range(self.players)

    def seat_left_of(self, seat: int, steps: int = 1) -> int:
        """The seat `steps` places to the left (clockwise) of `seat`; a negative count goes right.
        Empty hands are not skipped: for the next seat that holds cards ask `Game.next_active`."""
        return (seat + steps) % self.players

    def next_seat(self, seat: int, step: int = 1, among: Collection[int] | None = None) -> int:
        """The nearest seat to the left of `seat` (`step` 1) or to its right (`step` -1) that is one
        of `among` (any seat if None), for moving a cursor round the table; `seat` itself when no
        other seat qualifies. Empty hands are not skipped unless `among` leaves them out."""
        direction = 1 if step >= 0 else -1
        for distance in range(1, self.players):
            other = (seat + direction * distance) % self.players
            if among is None or other in among:
                return other
        return seat

    def seats_from(self, seat: int) -> tuple[int, ...]:
        """Every seat going left (clockwise) from `seat`, starting with `seat` itself."""
        return tuple((seat + step) % self.players for step in range(self.players))

    def dealt_sizes(self, dealer: int = 0) -> tuple[int, ...]:
        """How many cards each seat is dealt (index = seat): one at a time, starting on the
        dealer's left, so the seats dealt to first may get one card more than the rest."""
        base, extra = divmod(self.cards_in_play, self.players)
        return tuple(base + ((seat - dealer - 1) % self.players < extra) for seat in range(self.players))

    def side_of(self, seat: int, seen_from: int) -> Side:
        """Where `seat` sits seen from `seen_from`: on their "left", "right", "across" the table,
        "opposite" (the other seat of a two-player game) or "self"."""
        return side_of(seat, seen_from, self.players)

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain values for `from_dict`; `deck` is left out for the standard deck
        (as saved before picture decks were)."""
        data = asdict(self)
        if self.deck == "standard":
            del data["deck"]
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        if not isinstance(data, dict) or "variant" not in data:
            raise RulesError("rules must be a mapping with a 'variant'")
        options = {key: value for key, value in data.items() if key != "variant"}
        unknown = set(options) - {"players", *_OPTIONS}
        if unknown:
            raise RulesError(f"unknown rules option {sorted(unknown)[0]!r}; allowed: players, {', '.join(_OPTIONS)}")
        return cls(data["variant"], **options)


def _check_options(options: dict[str, Any]) -> None:
    for name in options:
        if name not in _OPTIONS:
            raise RulesError(f"unknown rules option {name!r}; allowed: {', '.join(_OPTIONS)}")


def side_of(seat: int, seen_from: int, players: int) -> Side:
    """Where `seat` sits seen from `seen_from` at a table of `players` (any ruleset, any count):
    "left", "right", "across", "opposite" (the other seat of two) or "self"."""
    if seat == seen_from:
        return "self"
    if players == 2:
        return "opposite"
    step = (seat - seen_from) % players
    if step == 1:
        return "left"
    if step == players - 1:
        return "right"
    return "across"
