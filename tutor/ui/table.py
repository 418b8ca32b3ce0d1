"""The other players around the table: names, face-down card counts, safe marks and whose turn."""

from __future__ import annotations

from rich.text import Text
from textual.containers import Horizontal
from textual.events import Click
from textual.message import Message
from textual.widgets import Static

from tutor.engine import Game
from tutor.explanations import Explanation


class SeatView(Static):
    """One opponent: their number and name, where they sit, their cards (backs) and state."""

    class Chosen(Message):
        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    def __init__(self, seat: int, name: str, where: str) -> None:
        super().__init__(id=f"seat-{seat}", classes="seat")
        self.seat = seat
        self.seat_name = name
        self.where = where

    def show(self, game: Game, cursor: bool, flagged: bool) -> None:
        cards = len(game.hands[self.seat])
        safe = self.seat in game.safe
        text = Text()
        text.append(f"{self.seat}·{self.seat_name}", style="bold")
        text.append(f"\n{self.where}\n", style="italic")
        if game.loser == self.seat:
            text.append("OLD MAID" if game.winner is None else "WINNER ★", style="bold")
        elif safe:
            text.append("SAFE ✓", style="bold")
        else:
            text.append("▒" * min(cards, 5) + f" {cards} " + role_of(game, self.seat).replace(" ", ""))
        if cursor or flagged:
            text.append(" ◆" if cursor else " !", style="bold")
        self.update(text)
        self.set_class(game.drawer == self.seat or game.giver == self.seat, "turn")
        self.set_class(safe, "safe")
        self.set_class(cursor, "cursor")
        self.set_class(flagged, "flagged")

    def on_click(self, event: Click) -> None:
        self.post_message(self.Chosen(self.seat))


def role_of(game: Game, seat: int) -> str:
    """'▶ draws' or '◀ offers' for the seats of the coming draw, else ''."""
    if game.drawer == seat:
        return "▶ draws"
    if game.giver == seat:
        return "◀ offers"
    return ""


def explanation_text(explanation: Explanation) -> Text:
    """A mistake explained: what happened, why it breaks the rule, and what to do instead."""
    text = Text(f"{explanation.what}\n{explanation.why}\n")
    text.append("Try this: ", style="bold")
    text.append(explanation.instead)
    return text


def where_is(seat: int, players: int) -> str:
    """Where an opponent sits from the learner's seat 0: the left is seat 1, the right the last."""
    if players == 2:
        return "opposite"
    if seat == 1:
        return "on your left"
    if seat == players - 1:
        return "on your right"
    return "across"


class SeatsRow(Horizontal):
    """The opponents in clockwise order from the learner's left, left to right on screen."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(id="seats")
        players = len(names)
        self.views = [SeatView(seat, names[seat], where_is(seat, players)) for seat in range(1, players)]

    def compose(self):  # type: ignore[no-untyped-def]
        yield from self.views

    def show(self, game: Game, cursor: int | None = None, flagged: set[int] | None = None) -> None:
        for view in self.views:
            view.show(game, view.seat == cursor, bool(flagged and view.seat in flagged))


def direction_text(game: Game) -> str:
    """Which way the cards travel, in words, for the rules in play."""
    rules = game.rules
    extra = " A pair earns another draw." if rules.extra_draw_on_pair else ""
    return f"{rules.variant.capitalize()} rules: you draw from the nearest player on your {rules.draws_from} who has cards.{extra}"
