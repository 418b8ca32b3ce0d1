"""What every screen with a game of cards on it shares: the game against the computer (game_screen)
and a table played with classmates (table_screen).

The layout (the seats, the fan to draw from, the mistake or hint panel, the prompt, the hand, the
moves at the side), the keys that move, pick and sort, the prompt's words, the mistake panel and the
hint panel, and how big the cards are drawn for the terminal's size. Each screen says what its
learner is doing now (`pairing`, `drawing`), its rules, and how to redraw and make a move.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.screen import Screen
from textual.widgets import Static

from tutor.course.mistakes import flagged_cards
from tutor.engine import Card, Draw, Game, LayDown, Observation, Rules, cards_text
from tutor.language import mark, ntr, tr
from tutor.play.guided_game import Outcome
from tutor.play.hints import LEVELS, Hint
from tutor.ui.cards import CARD_MARKS, CARD_WIDTH, GAP, HEIGHTS, KEYS, LARGE_WIDTH, CardRow, FanView, HandView
from tutor.ui.footer import TutorFooter
from tutor.ui.header import TutorHeader
from tutor.ui.keys import with_keys
from tutor.ui.notices import notify
from tutor.ui.page import Page
from tutor.ui.picture_cards import PICTURE_HEIGHTS
from tutor.ui.picture_cards import card_width as picture_width
from tutor.ui.reach import learner
from tutor.ui.table import MISTAKE_MARK, SEAT_MARKS, TURN_MARK, LogTail, Panel, PanelKind, SeatsRow, SeatView, explanation_text, show_panel, sorted_hand
from tutor.wording import NOT_QUITE, Seats
from tutor.wording.going_out import you_went_out

NUMBER_HELP = mark("Pick the card (or player) with this key: it is shown under each card (past the tenth card, a letter)")
PAUSE_SECONDS = {"slow": 1.6, "normal": 0.9, "fast": 0.4, "instant": 0.05}
"""Seconds between computer moves. "Instant": a game plays its computers' turns all at once (see
`instant`); a table played together, one at a time after this short positive pause (a zero-second
timer never fired), and every screen's end comes after it."""
NARROW = 90
"""Below this width the moves go in a few lines under the table instead of a side panel."""
SIDE_WIDTH = 30  # as in game.tcss
NARROW_LOG = 4  # the moves under the table on a narrow terminal, as in game.tcss
SEATS_HEIGHT = 5
NOTHING_SELECTED = mark(
    "Select two cards that make a pair first: press the key under each card (or move with ← → and press Space). If you have no pairs, press D."
)
CHOOSE_A_PLAYER = mark("Choose a player first: press the number on their box, or move the ◆ to them with ← → and press Enter.")
PAST_THE_KEYS = mark("Cards with no key under them: use ← →.")
NO_SUCH_CARD = mark("No card has the key {key} under it: press a key shown under the cards.")
NO_SUCH_PLAYER = mark("No player has the number {key}: press a number shown beside a player's name.")

MOVE_LEFT = Binding("left", "move(-1)", "←", show=False, tooltip=mark("Move to the card (or player) on the left"), id="move_left")
MOVE_RIGHT = Binding("right", "move(1)", "→", show=False, tooltip=mark("Move to the card (or player) on the right"), id="move_right")
# The footer's words are short: at 80 columns every key of a table (with Help, Hint, Sort, Rules, Home
# and Quit) fits whole; the tooltips and F1's help say the rest.
SELECT = Binding("space", "select", mark("Pick"), tooltip=mark("Select the card under ▲ to lay down (again to unselect)"), id="select")
CONFIRM = Binding("enter", "confirm", mark("OK"), tooltip=mark("Lay down the selected pair, draw the card, or choose the player"), id="confirm")
DONE = Binding("d", "done", mark("Done"), tooltip=mark("Say you're done laying down pairs"), id="done")
HINT = Binding("h", "hint", mark("Hint"), tooltip=mark("A hint; press again for more"))
SORT = Binding("s", "sort", mark("Sort"), tooltip=mark("Sort your hand by rank or by suit"))
NUMBERS = [Binding(key, f"key({key!r})", show=False, tooltip=NUMBER_HELP) for key in KEYS if key.isdigit()]
"""The first ten cards' keys (shown under them), and each player's number. The letters after them
are read in `on_key`, so the help lists the card keys on one line instead of twenty-nine."""
CARD_LETTERS = frozenset(key for key in KEYS if not key.isdigit())


def pause_for(speed: str) -> float:
    """Seconds between computer moves at the learner's speed setting."""
    return PAUSE_SECONDS.get(speed, PAUSE_SECONDS["normal"])


class CardTableScreen(Screen[None]):
    """A learner's cards on a table: what the game screen and the table screen have in common."""

    HELP_MARKS = (*CARD_MARKS, MISTAKE_MARK, *SEAT_MARKS, TURN_MARK)

    def help_marks(self) -> tuple[tuple[str, str], ...]:
        """The marks F1 explains: none while the table is covered between two learners (none shows)."""
        covered = any(cover.display for cover in self.query("#cover"))
        return () if covered else self.HELP_MARKS

    def __init__(self) -> None:
        super().__init__()
        self.flagged_cards: set[Card] = set()
        self.flagged_seats: set[int] = set()
        self.message = Text()
        """What the prompt says instead of the usual words until the learner's next move."""
        self.panel: Panel | None = None
        """A mistake or hint shown in its own panel until the learner acts."""
        self.sort_by_suit = False
        self.seat_cursor: int | None = None
        """The player the ◆ is on while the learner chooses whom to draw from (None: on no one yet)."""

    # ----- what each screen says ----------------------------------------------------------------

    def redraw(self) -> None:
        raise NotImplementedError

    def rules(self) -> Rules | None:
        """The rules of the game on the table (None before the deal)."""
        raise NotImplementedError

    def pairing(self) -> bool:
        """Whether the learner is laying down pairs now."""
        raise NotImplementedError

    def drawing(self) -> bool:
        """Whether the learner is drawing a card from the fan now (not choosing whom from)."""
        raise NotImplementedError

    def prompt_words(self) -> str:
        """What the learner is to do now, when nothing else is said."""
        raise NotImplementedError

    def draw_at(self, position: int) -> None:
        """Draw the card at `position` in the fan."""
        raise NotImplementedError

    def action_key(self, key: str) -> None:
        """A card's key (shown under it) or a player's number."""
        raise NotImplementedError

    def choose_giver(self, seat: int) -> None:
        """The learner chose to draw from `seat`."""
        raise NotImplementedError

    # ----- the layout ---------------------------------------------------------------------------

    def compose_table(self, names: list[str] | None, letters: bool, *, cover: bool = False, waiting: bool = False) -> ComposeResult:
        """The table: the seats (when `names` are known), the fan, the panel, the prompt and the
        hand, with the moves and the pairs at the side. A `cover` hides it all between two learners
        at one keyboard; `waiting` shows a table's seats before the deal."""
        yield TutorHeader()
        if cover:
            yield Static(id="cover")
        with Horizontal(id="table"):
            with Page(id="board"):
                if waiting:
                    yield Static(id="waiting")
                if names is not None:
                    yield SeatsRow(names)
                yield Static(id="direction")
                yield FanView(id="fan", keys=KEYS)
                yield Static(id="panel")
                yield Static(id="prompt")
                yield Static(id="news")
                yield Static(id="pairs-line")
                yield HandView(letters=letters, id="hand", keys=KEYS)
            with Vertical(id="side"):
                yield LogTail(id="log")
                yield Static(id="pairs")
        yield TutorFooter()

    def on_resize(self, event: Resize) -> None:
        self.redraw()

    def draw_cards(self, game: Game, seen: Observation, seats: Seats, drawn: Card | None, news: str, letters: bool) -> None:
        """The learner's part of the table from what they see: the cards fitted to the terminal,
        their hand (and what an empty one means), the fan they draw from, the pairs and their news."""
        giver = seen.giver if self.drawing() else None
        fit_cards(self, len(seen.hand), seen.hand_sizes[giver] if giver is not None else None, game.rules, self.panel is not None)
        empty_hand = you_went_out(game, seen.seat)
        self.query_one("#hand", HandView).show(self.hand_in_order(seen.hand), self.flagged_cards, drawn, empty_hand)
        fan = self.query_one("#fan", FanView)
        fan.display = giver is not None
        if giver is not None:
            fan.show(seen.hand_sizes[giver])
            fan.border_title = tr("Your cards, face down") if giver == seats.learner else tr("{name}'s cards, face down").format(name=seats.who(giver))
        self.query_one("#pairs", Static).update(pairs_text(seen, seats, game.rules.pairs_face_up, letters))
        self.query_one("#pairs-line", Static).update(pairs_line(seen, seats, letters, self.app.size.width - 2))
        news_line = self.query_one("#news", Static)
        news_line.update(Text(news, style="bold"))
        # Empty, or under a mistake's or a hint's box (which says what matters now; the news comes
        # back when the box closes), the line takes no row: the row an 80x24 window lacked. Nor when
        # the empty hand says the same in its place (a walker read "Your hand is empty ..." twice).
        said_by_the_hand = not seen.hand and news == empty_hand
        news_line.display = bool(news) and self.panel is None and not said_by_the_hand
        self.keep_in_view()

    def keep_in_view(self) -> None:
        """On a short terminal: the explanation and the hand in view (the seats above) while a
        panel shows, else the top of the table; the seats too when the panel is about one of
        them (the ! beside a name was scrolled away)."""
        board = self.query_one("#board", VerticalScroll)
        if self.panel is not None and not self.flagged_seats:
            panel = self.query_one("#panel", Static)

            def explanation_from_its_start() -> None:  # the hand below it too, unless the words need the room
                board.scroll_to(y=min(board.max_scroll_y, panel.virtual_region.y), animate=False)

            self.call_after_refresh(explanation_from_its_start)
        elif board.scroll_y:
            self.call_after_refresh(board.scroll_home, animate=False)

    def focus_for_the_move(self) -> None:
        if self.drawing():
            self.query_one("#fan", FanView).focus()
        elif self.pairing():
            self.query_one("#hand", HandView).focus()
        else:
            self.set_focus(None)

    def pause(self) -> float:
        """Seconds between computer moves, at this learner's speed."""
        return pause_for(learner(self).settings.speed)

    def instant(self) -> bool:
        """The computers' moves come all at once, with no pause to watch them."""
        return learner(self).settings.speed == "instant"

    def hand_in_order(self, cards: tuple[Card, ...]) -> list[Card]:
        return sorted_hand(cards, self.sort_by_suit)

    # ----- the panel and the prompt -------------------------------------------------------------

    def show_panel(self) -> None:
        show_panel(self.query_one("#panel", Static), self.panel)

    def show_prompt(self) -> None:
        prompt = self.query_one("#prompt", Static)
        prompt.display = self.panel is None or self.panel.kind is not PanelKind.MISTAKE  # the panel says what to do instead
        if self.message:
            prompt.update(self.message)
            return
        words = self.prompt_words()
        if self.pairing() or self.drawing():
            row = self.query_one("#hand" if self.pairing() else "#fan", CardRow)
            if len(row.keys) < row.count():
                words += " " + tr(PAST_THE_KEYS)
        prompt.update(Text(words))

    def no_such_key(self, key: str, players: bool = False) -> None:
        """A card's key or a player's number that names nothing here (a child pressed 2 with one
        card to draw from, and nothing happened)."""
        self.say(tr(NO_SUCH_PLAYER if players else NO_SUCH_CARD).format(key=key))

    def pick_by_key(self, key: str, index: int) -> None:
        """A card's key while laying down pairs or drawing: that card picked or drawn, or (when no
        card has it) what the keys are."""
        if not (self.pairing() or self.drawing()):
            return
        row = self.query_one("#hand" if self.pairing() else "#fan", CardRow)
        if index >= row.count():
            self.no_such_key(key)
        elif isinstance(row, HandView):
            row.toggle(index)
        else:
            self.draw_at(index)

    def say(self, text: str | Text) -> None:
        """Answer the learner's latest move on the prompt line. A mistake's panel was about the move
        before and hides that line, so it goes (a walker's lone card got no answer under it)."""
        after_a_mistake = self.panel is not None and self.panel.kind is PanelKind.MISTAKE
        if after_a_mistake:
            self.forget_what_was_said()
        self.message = Text(text) if isinstance(text, str) else text
        if after_a_mistake:
            self.redraw()
        else:
            self.show_prompt()

    def forget_what_was_said(self) -> None:
        self.flagged_cards, self.flagged_seats = set(), set()
        self.message, self.panel = Text(), None

    def close_the_box(self) -> bool:
        """Escape closes a mistake's or a hint's box before it leaves the table (a child pressing
        it to close the box was taken home); True when there was one to close."""
        if self.panel is None:
            return False
        self.forget_what_was_said()
        self.redraw()
        return True

    def show_mistake(self, outcome: Outcome, *, own: bool = False) -> None:
        """A refused move: its cards and seat flagged, the reason in the panel (the mistake is kept
        by the recorder's `game_move`). `own`: the "On your own" level, told the rule without the
        answer, so no card is flagged (a kept pair's cards are the answer)."""
        assert outcome.mistake is not None and outcome.explanation is not None
        self.flagged_cards = set() if own else set(flagged_cards(outcome.mistake))
        self.flagged_seats = {seat for seat in outcome.mistake.seats[:1] if seat is not None}
        self.panel = Panel(PanelKind.MISTAKE, tr("✗ {not_quite}!").format(not_quite=tr(NOT_QUITE)), explanation_text(outcome.explanation))

    def show_hint(self, hint: Hint, choosing_giver: bool) -> None:
        """A hint in the panel, with the cards (or the seat) it names flagged when it gives the answer."""
        move = hint.move if hint.shows_answer else None
        self.flagged_cards = set(move.cards) if isinstance(move, LayDown) else set()
        self.flagged_seats = {move.from_seat} if isinstance(move, Draw) and choosing_giver else set()
        self.message = Text()
        self.panel = Panel(PanelKind.HINT, tr("? Hint {level} of {levels}").format(level=hint.level, levels=LEVELS), Text(with_keys(hint.text, self.BINDINGS)))

    # ----- keys shared by both tables -----------------------------------------------------------

    def move_seat_cursor(self, step: int, viewer: int, rules: Rules, others: Collection[int]) -> None:
        """Move the ◆ to the next of `others` `step` way round: from the learner's own seat when it
        is on no one yet."""
        start = viewer if self.seat_cursor is None else self.seat_cursor
        self.seat_cursor = rules.next_seat(start, step, among=others)
        self.message = Text()  # "Choose a player first" is done with
        self.redraw()

    def choose_at_cursor(self) -> None:
        """Enter while choosing whom to draw from: the player under the ◆, or what to do first."""
        if self.seat_cursor is None:
            self.say(tr(CHOOSE_A_PLAYER))
        else:
            self.choose_giver(self.seat_cursor)

    def action_select(self) -> None:
        self.query_one("#hand", HandView).toggle()

    def action_sort(self) -> None:
        self.sort_by_suit = not self.sort_by_suit
        self.redraw()
        notify(self, tr("Sorted by suit.") if self.sort_by_suit else tr("Sorted by rank."), timeout=2)

    def action_rules(self) -> None:
        from tutor.ui.rules_screen import RulesScreen

        rules = self.rules()
        if rules is not None:
            self.app.push_screen(RulesScreen(rules))

    def on_key(self, event: Key) -> None:
        if event.character in CARD_LETTERS:  # a card past the tenth (see NUMBERS)
            event.stop()
            self.action_key(event.character)

    def on_card_row_picked(self, event: CardRow.Picked) -> None:
        if isinstance(event.view, FanView) and self.drawing():
            self.draw_at(event.index)
        elif isinstance(event.view, HandView) and self.pairing():
            event.view.toggle(event.index)

    def selected_pair(self) -> list[Card] | None:
        """The cards selected to lay down, unselected now (a wrong pair stays marked by the mistake
        panel, not left selected to undo); None (and what to do) when none are. Enter with nothing
        picked while a box is open closes the box, as a child pressing it after a mistake means."""
        hand = self.query_one("#hand", HandView)
        if not hand.selected:
            if not self.close_the_box():
                self.say(tr(NOTHING_SELECTED))
            return None
        lone = hand.lone_pick()
        if lone is not None:  # not a wrong pair yet: half of one, kept picked
            self.say(lone)
            return None
        chosen = sorted(hand.selected)
        hand.selected.clear()
        return chosen


def fit_cards(screen: Screen[Any], hand: int, fan: int | None, rules: Rules, panel: bool) -> None:
    """Lay a table screen out for its size: narrow terminals get the moves in a few lines under the
    table. Cards are drawn as large as the hand of `hand` cards (and the fan of `fan`, while
    drawing) fit: five lines high, three, or one on a short terminal (less room with a `panel`);
    picture cards also come as a boxed name alone ("small") where their drawing does not fit."""
    width, height = screen.app.size
    narrow = width < NARROW
    screen.set_class(narrow, "narrow")
    board = width - (0 if narrow else SIDE_WIDTH) - 3
    room = height - 2 - (NARROW_LOG if narrow else 0) - SEATS_HEIGHT - 2 - (7 if panel else 3)
    # A short, narrow terminal with a mistake's or a hint's box open: the moves under the table make
    # room for it (else the seats went off the top, the names first, to show the box and the hand).
    crowded = narrow and panel and _cards_height("compact", board, hand, fan, rules) > room
    screen.query_one("#side").display = not crowded
    room += NARROW_LOG if crowded else 0
    scale = next((scale for scale in ("large", "normal", "small") if _cards_height(scale, board, hand, fan, rules) <= room), "compact")
    compact = scale in ("small", "compact")  # short seats and words too: the room above counts on them
    screen.query_one("#direction").display = not (compact and panel)  # the seats say left and right
    screen.set_class(compact, "compact")
    for seat in screen.query(SeatView):  # seats mounted after the screen went compact too
        seat.compact = compact
    for row in screen.query(CardRow):
        row.scale = _fan_scale(scale) if isinstance(row, FanView) else scale


def _cards_height(scale: str, width: int, hand: int, fan: int | None, rules: Rules) -> int:
    """Lines the hand (and the fan, when drawing) take at `scale` in `width` columns."""
    per_row = max(1, (width + GAP) // ((LARGE_WIDTH if scale == "large" else CARD_WIDTH) + GAP))
    if rules.pictures:  # picture cards are wider and taller (tutor.ui.picture_cards)
        wide = picture_width(rules.deck)
        lines = (-(-hand // max(1, (width + GAP) // (wide + GAP))) or 1) * PICTURE_HEIGHTS[scale]
    else:
        lines = (-(-hand // per_row) or 1) * HEIGHTS[scale]
    if fan is not None:
        lines += -(-fan // per_row) * HEIGHTS[_fan_scale(scale)] + 2  # and the fan's border
    return lines


def _fan_scale(scale: str) -> str:
    """The face-down fan's scale beside a hand at `scale`: one line beside picture cards' boxed
    names, so that the names have their box while drawing too."""
    return "compact" if scale == "small" else scale


def _pair_cards(pair: tuple[Card, Card], letters: bool) -> str:
    """'7♥7♦', or '7H+7D' and 'Duck+Duck': letters and words would run together."""
    return cards_text(pair, letters).replace(" ", "+" if letters or pair[0].picture is not None else "")


def pairs_line(seen: Observation, seats: Seats, letters: bool, width: int) -> Text:
    """The pairs in one line, for a terminal too narrow for the side panel: the learner's own
    cards when the line fits in `width` with them, else how many; everyone else's count."""
    own = seen.seat
    counts = [f"{seat_label(seats, seat)} {count}" for seat, count in enumerate(seen.pair_counts) if seat != own]
    others = " · ".join(counts)
    mine = [_pair_cards(pair, letters) for seat, pair in seen.pairs if seat == own and pair is not None]
    line = Text((tr("Your pairs:") if own == seats.learner else tr("{name}'s pairs:").format(name=seats.who(own))) + " ", style="bold")
    if mine and cell_len(f"{line.plain}{' '.join(mine)} · {others}") <= width:
        line.append(" ".join(mine))
    else:
        line.append(str(seen.pair_counts[own]) if seen.pair_counts[own] else tr("none yet"))
    for count in counts:  # folded between seats, never inside one ("Kit" at a line's end, "5" under it)
        fits = cell_len(line.plain.rsplit("\n", 1)[-1] + f" · {count}") <= width
        line.append(f" · {count}" if fits else f"\n{count}")
    return line


def seat_label(seats: Seats, seat: int) -> str:
    """A seat as a list of seats labels it: "You", or the player's name."""
    return tr("You") if seat == seats.learner else seats.who(seat)


def pairs_text(seen: Observation, seats: Seats, face_up: bool, letters: bool) -> Text:
    """The pairs each seat has laid down: the cards when they went down face up (and the
    learner's own), else how many."""
    text = Text((tr("Pairs (face up)") if face_up else tr("Pairs (face down)")) + "\n", style="bold")
    by_seat: dict[int, list[tuple[Card, Card] | None]] = {}
    for seat, pair in seen.pairs:
        by_seat.setdefault(seat, []).append(pair)
    for seat in range(len(seen.hand_sizes)):
        pairs = by_seat.get(seat, [])
        label = seat_label(seats, seat)
        shown = [_pair_cards(pair, letters) for pair in pairs if pair is not None]
        if len(shown) == len(pairs):
            text.append(f"{label}: {' '.join(shown) or '-'}\n")
        else:
            text.append(f"{label}: {ntr('{count} pair', '{count} pairs', len(pairs)).format(count=len(pairs))}\n")
    return text
