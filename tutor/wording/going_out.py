"""What an empty hand means under the rules in play, in each ruleset's own words.

    Bicycle           you are safe: only the player left with the odd card loses
    Bicycle, strict   safe only if every pair you laid down was a real pair: the check at the end
                      decides, so nobody else is called safe before it
    Table             you're out, and you've won: everyone who empties their hand wins; only the
                      Old Maid doesn't (the Table's own rulebook)
    reversed game     you're out, and can no longer win: only the player left with the odd card wins

Every sentence about an empty hand (the rules, the moves, the seats, the end) comes from here, so
no screen calls a player "safe" where the ruleset says something else.
"""

from __future__ import annotations

from enum import Enum

from tutor.engine import Game, Rules
from tutor.wording import Seats


class Out(Enum):
    """What going out means under some rules."""

    SAFE = "safe"
    CHECKED = "safe if the pairs check out"
    WON = "won"
    CANNOT_WIN = "cannot win"


def going_out(rules: Rules) -> Out:
    if rules.odd_card_wins:
        return Out.CANNOT_WIN
    if rules.book.going_out_wins:
        return Out.WON
    return Out.CHECKED if rules.wrong_pair_loses else Out.SAFE


def empty_hand_rule(rules: Rules) -> str:
    """The rule, for the Rules screen."""
    rest = " You sit out for the rest of the game, and the others skip you when they draw or offer cards."
    return {
        Out.SAFE: "When your hand is empty you are safe!" + rest,
        Out.CHECKED: ("When your hand is empty you are safe, as long as every pair you laid down was a real pair: the pairs are checked at the end." + rest),
        Out.WON: ("When your hand is empty you're out, and you've won! Everyone who empties their hand wins, first or last; only the Old Maid doesn't." + rest),
        Out.CANNOT_WIN: (
            "When your hand is empty you're out, and you can't win any more: in the reversed game only the player left holding the odd card wins." + rest
        ),
    }[going_out(rules)]


def paired_off_at_once(rules: Rules) -> str:
    """The same for a whole dealt hand that pairs off, in a few words."""
    return {
        Out.SAFE: " Anyone whose whole hand pairs off is safe straight away.",
        Out.CHECKED: " Anyone whose whole hand pairs off is out straight away (and safe if those pairs are real).",
        Out.WON: " Anyone whose whole hand pairs off is out, and has won, straight away.",
        Out.CANNOT_WIN: " Anyone whose whole hand pairs off is out straight away, and can't win.",
    }[going_out(rules)]


def went_out(game: Game, seats: Seats, seat: int) -> str:
    """A line for the moves: `seat` has just emptied their hand."""
    out = going_out(game.rules)
    if seat == seats.learner:
        return you_went_out(game, seat)
    if out is Out.SAFE:
        return f"{seats.does(seat, 'be')} safe: no cards left!"
    if out is Out.WON:
        return f"{seats.does(seat, 'be')} out of cards, and {seats.verb(seat, 'have')} won!"
    if out is Out.CANNOT_WIN:
        return f"{seats.does(seat, 'be')} out of cards, so {seats.verb(seat, 'be')} out of the running to win."
    return f"{seats.does(seat, 'have')} no cards left."  # pairs face down: only the check at the end tells


def you_went_out(game: Game, seat: int) -> str:
    """What the learner at `seat` reads beside their empty hand."""
    out = going_out(game.rules)
    if out is Out.WON:
        return "Your hand is empty: you're out, and you've won!"
    if out is Out.CANNOT_WIN:
        return "Your hand is empty: you're out, and only the player left with the odd card can win now."
    if out is Out.CHECKED and any(laid_by == seat for laid_by, _ in game.wrong_pairs):
        return "Your hand is empty, but one of your pairs is not a real pair: that counts when the pairs are checked at the end."
    return "Your hand is empty: you are safe!"


def out_mark(rules: Rules) -> str:
    """A seat box's words for a player with no cards, while the game goes on."""
    return {Out.SAFE: "✓ safe: no cards", Out.CHECKED: "out: no cards", Out.WON: "✓ out: has won", Out.CANNOT_WIN: "out: no cards"}[going_out(rules)]


def end_mark(game: Game, seat: int) -> str:
    """A seat's result at the end of the game, in two or three words."""
    if not game.is_over:
        return ""
    if game.loser == seat:
        return "WINNER ★" if game.winner is not None else "OLD MAID"
    return {Out.CANNOT_WIN: "loses", Out.WON: "✓ won"}.get(going_out(game.rules), "✓ safe")


def you_went_out_in_the_end(rules: Rules) -> str:
    """The end's headline for a learner who went out (the ordinary game: not the reversed one)."""
    return "You went out, and you've won!" if going_out(rules) is Out.WON else "You are safe!"


def everyone_else(rules: Rules) -> str:
    """After the Old Maid is named: what everyone else is."""
    return "Everyone else has won!" if going_out(rules) is Out.WON else "Everyone else is safe!"


def no_ranking(rules: Rules) -> str:
    """That going out first earns nothing extra, said the ruleset's way."""
    if going_out(rules) is Out.WON:
        return "Everyone who went out has won; going out first earns nothing extra."
    return "Everyone who went out is safe; going out first earns nothing extra."
