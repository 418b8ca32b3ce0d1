"""A table in words, the same on every screen and in plain lines: where a seat sits from yours,
its part in the coming draw, and what anyone can see of its cards."""

from __future__ import annotations

from tutor.engine import Game, Observation, Phase, Side
from tutor.engine.rules import side_of
from tutor.wording.going_out import Out, going_out, out_mark

SIDES: dict[Side, str] = {"left": "on your left", "right": "on your right", "across": "across", "opposite": "opposite", "self": "that's you"}
SHORT_SIDES: dict[Side, str] = {**SIDES, "left": "your left", "right": "your right"}


def where_is(seat: int, players: int) -> str:
    """Where an opponent sits from the learner's seat 0, in words ("on your left", "across")."""
    side = side_of(seat, 0, players)
    return f"on your {side}" if side in ("left", "right") else side


def role_of(seen: Game | Observation, seat: int) -> str:
    """'▶ draws' and, for the seat drawn from, '◀ offers' (Bicycle's book: the giver holds the
    cards out) or '◀ gives' (Table's: the drawer takes from the giver's fan), else ''."""
    if seen.drawer == seat:
        return "▶ draws"
    if seen.giver == seat:
        return "◀ gives" if seen.rules is not None and not seen.rules.book.giver_offers else "◀ offers"
    return ""


def cards_words(
    game: Game, seat: int, tells_roles: bool, learner: bool, narrow: bool = False, backs: bool = True, face_up: bool = False, letters: bool = False
) -> str:
    """What anyone at the table can see of a seat: how many cards it holds (face down, but for
    the learner's own, or every hand on a step that looks behind the scenes: `face_up`); and,
    when the step isn't asking about it, whether it is safe or the Old Maid.
    `narrow`: in ten columns or fewer; `backs`: draw the face-down cards' backs before the count."""
    if tells_roles and game.loser == seat:
        return "WINNER ★" if game.winner == seat else "OLD MAID"
    if tells_roles and seat in game.safe:  # what going out means under these rules (tutor.wording.going_out)
        return "SAFE ✓" if going_out(game.rules) is Out.SAFE else out_mark(game.rules)
    count = len(game.hands[seat])
    if count == 0:
        return ("none yet" if narrow else "no cards yet") if game.phase is Phase.DEALING else "no cards"
    if face_up and not learner:
        return " ".join(card.text(letters) for card in game.hands[seat])
    shown = "" if learner or not backs else "▒" * min(count, 1 if narrow else 3) + " "
    return f"{shown}{count} card{'s' * (count != 1)}"


def direction_text(game: Game) -> str:
    """Which way the cards travel, in words, for the rules in play."""
    rules = game.rules
    extra = " A pair earns another draw." if rules.extra_draw_on_pair else ""
    if rules.odd_card_wins:  # said on the table itself, not only on the Rules and end screens
        extra += " Reversed game: keep the odd card to the end to win."
    return f"{rules.variant.capitalize()} rules: you draw from your {rules.draws_from}.{extra}"


def deck_words(game: Game, dealing: bool, backs: bool = True) -> str:
    """The deck while dealing: what is left to deal (on a deal step), or that it waits to be dealt.
    `backs`: draw up to five card backs before the count."""
    if game.stock == 0:
        return "The deck is empty: every card is dealt."
    if dealing:
        shown = "▒" * min(game.stock, 5) + " " if backs else ""
        return f"The deck: {shown}{game.stock} card{'s' * (game.stock != 1)} still to deal."
    return "The deck: shuffled and face down, ready to deal."


def hand_heading(count: int) -> str:
    """Above the learner's cards: 'Your cards (5):', or that the hand is empty."""
    return f"Your cards ({count}):" if count else "Your hand is empty."


def pairs_on_the_table(pairs: list[str]) -> str:
    """The learner's pairs laid down so far, each already in words."""
    return "Your pairs on the table: " + " · ".join(pairs)
