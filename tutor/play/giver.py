"""Choosing whom to draw from, as every help level asks it: where the seat cursor starts, and what
is said instead of asking when there is nobody to choose among.

The engine decides both (`Game.may_draw_from`, `Game.choice_of_giver`); this module only words
them for the guided game and the table played together, so the two say the same thing.
"""

from __future__ import annotations

from tutor.engine import Game
from tutor.language import tr
from tutor.wording import Seats


def cursor_start(game: Game, seat: int, guided: bool) -> int | None:
    """The seat the cursor starts on while `seat` chooses whom to draw from. Guided: one the rules
    let them draw from, so the learner sees the answer and Enter is never a mistake (the seat on
    their left when nobody may give, which only happens when it is not their turn to draw). At the
    other help levels no seat: choosing is the learner's to do, and a cursor already on the giver
    would give the answer away."""
    if not guided:
        return None
    givers = game.may_draw_from(seat)
    return givers[0] if givers else game.rules.seat_left_of(seat)


def only_giver(game: Game, seat: int, seats: Seats) -> str:
    """What is said instead of asking when `seat`, due to draw, has nobody else to draw from ("Sam
    is the only other player still holding cards, so you draw from Sam."); "" when there is a
    choice to make, or nothing to draw now."""
    giver = game.giver
    if game.drawer != seat or giver is None or game.choice_of_giver(seat):
        return ""
    name = seats.who(giver, capital=True)
    if game.rules.players == 2:
        return tr("{name} is the only other player, so you draw from {name}.").format(name=name)
    return tr("{name} is the only other player still holding cards, so you draw from {name}.").format(name=name)
