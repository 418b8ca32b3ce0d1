"""A table in words, the same on every screen and in plain lines: where a seat sits from yours,
its part in the coming draw, and what anyone can see of its cards."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from tutor.engine import Card, Game, Observation, Phase, Side, cards_text
from tutor.engine.rules import side_of
from tutor.language import mark, ntr, tr
from tutor.wording import capitalised, rules_name
from tutor.wording.going_out import Out, going_out, out_mark


class _Said(Mapping[Side, str]):
    """Words by key, each said in the language in use when it is looked up."""

    def __init__(self, english: dict[Side, str]) -> None:
        self._english = english

    def __getitem__(self, key: Side) -> str:
        return tr(self._english[key])

    def __iter__(self) -> Iterator[Side]:
        return iter(self._english)

    def __len__(self) -> int:
        return len(self._english)


_SIDES: dict[Side, str] = {
    "left": mark("on your left"),
    "right": mark("on your right"),
    "across": mark("across"),
    "opposite": mark("opposite"),
    "self": mark("that's you"),
}
SIDES: Mapping[Side, str] = _Said(_SIDES)
SHORT_SIDES: Mapping[Side, str] = _Said({**_SIDES, "left": mark("your left"), "right": mark("your right")})
ONE_WORD_SIDES: Mapping[Side, str] = _Said({**_SIDES, "left": mark("left"), "right": mark("right")})
"""Where a seat sits in one word, for a compact table; SHORT_SIDES where that is too wide ("izquierda": "tu izq.")."""


def where_is(seat: int, players: int) -> str:
    """Where an opponent sits from the learner's seat 0, in words ("on your left", "across")."""
    return SIDES[side_of(seat, 0, players)]


def role_of(seen: Game | Observation, seat: int) -> str:
    """'▶ draws' and, for the seat drawn from, its `giver_words`, else ''."""
    if seen.drawer == seat:
        return tr("▶ draws")
    if seen.giver == seat:
        return giver_words(seen.rules is None or seen.rules.book.giver_offers)
    return ""


def giver_words(offers: bool) -> str:
    """The seat drawn from: '◀ offers one' where the book has the giver hold the cards out
    (Bicycle's), '◀ gives one' where the drawer takes from the giver's fan (Table's)."""
    return tr("◀ offers one") if offers else tr("◀ gives one")


def cards_words(
    game: Game, seat: int, tells_roles: bool, learner: bool, narrow: bool = False, backs: bool = True, face_up: bool = False, letters: bool = False
) -> str:
    """What anyone at the table can see of a seat: how many cards it holds (face down, but for
    the learner's own, or every hand on a step that looks behind the scenes: `face_up`); and,
    when the step isn't asking about it, whether it is safe or the Old Maid.
    `narrow`: in ten columns or fewer; `backs`: draw the face-down cards' backs before the count."""
    if tells_roles and game.loser == seat:
        return tr("WINNER ★") if game.winner == seat else tr("OLD MAID")
    if tells_roles and seat in game.safe:  # what going out means under these rules (tutor.wording.going_out)
        return tr("SAFE ✓") if going_out(game.rules) is Out.SAFE else out_mark(game.rules)
    count = len(game.hands[seat])
    if count == 0:
        return (tr("none yet") if narrow else tr("no cards yet")) if game.phase is Phase.DEALING else tr("no cards")
    if face_up and not learner:
        return " ".join(card.text(letters) for card in game.hands[seat])
    shown = "" if learner or not backs else "▒" * min(count, 1 if narrow else 3) + " "
    return shown + ntr("{count} card", "{count} cards", count).format(count=count)


def direction_text(game: Game) -> str:
    """Which way the cards travel, in words, for the rules in play."""
    rules = game.rules
    extra = " " + tr("A pair earns another draw.") if rules.extra_draw_on_pair else ""
    if rules.odd_card_wins:  # said on the table itself, not only on the Rules and end screens
        extra += " " + tr("Reversed game: keep the odd card to the end to win.")
    if rules.draws_from == "left":
        said = tr("{rules}: you draw from your left.")
    else:
        said = tr("{rules}: you draw from your right.")
    return said.format(rules=capitalised(rules_name(rules.name))) + extra


def deck_words(game: Game, dealing: bool, backs: bool = True) -> str:
    """The deck while dealing: what is left to deal (on a deal step), or that it waits to be dealt.
    `backs`: draw up to five card backs before the count."""
    if game.stock == 0:
        return tr("The deck is empty: every card is dealt.")
    if dealing:
        shown = "▒" * min(game.stock, 5) + " " if backs else ""
        return ntr("The deck: {backs}{count} card still to deal.", "The deck: {backs}{count} cards still to deal.", game.stock).format(
            backs=shown, count=game.stock
        )
    return tr("The deck: shuffled and face down, ready to deal.")


def hand_heading(count: int) -> str:
    """Above the learner's cards: 'Your cards (5):', or that the hand is empty."""
    return tr("Your cards ({count}):").format(count=count) if count else tr("Your hand is empty.")


def pairs_on_the_table(pairs: Sequence[Sequence[Card]], letters: bool = False) -> str:
    """The learner's pairs laid down so far; two cards laid down as a pair that are not one (the
    strict pair check lets them go down) are said to be so."""
    real = [first.pairs_with(second) for first, second in pairs]
    said = " · ".join(
        cards_text(pair, letters) if pairs_up else tr("{cards} (not a pair)").format(cards=cards_text(pair, letters))
        for pair, pairs_up in zip(pairs, real, strict=True)
    )
    if all(real):
        return tr("Your pairs on the table: {pairs}").format(pairs=said)
    return tr("Laid down: {pairs}").format(pairs=said)
