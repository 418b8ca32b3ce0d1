"""A game against computer players as plain lines: your hand as a numbered list, each seat with
its count, every move as a sentence, your pairs laid down by their numbers, whom to draw from and
which face-down card, and every mistake explained as on the screen. The same `GuidedGame`, saved
in the same place after every move, so a game goes on here or in the app."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tutor.course.mistakes import rules_broken
from tutor.engine import Card
from tutor.engine.decks import all_decks
from tutor.learner.session import LearnerSession
from tutor.plain.lines import Choices, Lines
from tutor.plain.words import STOP, card_lines, card_said, numbers_in, pick_number
from tutor.play.guided_game import DAMAGED_GAME, LEARNER, OTHER_LEARNERS, WELCOME_BACK, GuidedGame, Outcome, Stage
from tutor.play.hints import LEVELS
from tutor.wording import NOT_QUITE, counted
from tutor.wording.decks import SUGGESTED_NOTE, WHICH_CARDS, deck_contents, deck_name, suggested_deck
from tutor.wording.ending import end_of_game
from tutor.wording.going_out import end_mark, out_mark
from tutor.wording.lessons import hint_heading
from tutor.wording.table import direction_text, hand_heading, role_of, where_is

if TYPE_CHECKING:
    from tutor.learner.celebrations import Celebration

KEYS = {"done": "d", "confirm": "the number", "hint": "h", "skip": "f", "new_game": "n", "select": "the numbers", "move_left": "", "move_right": ""}
"""The game's actions (named by id in its words) as typed here."""
HINT = ("h", "a hint (again for more; the last one is the answer)")
TABLE = ("t", "the table again: every seat and your cards")
RULES = ("u", "the rules of this game")


def play_game(lines: Lines, session: LearnerSession, seed: int | None = None, deck: str | None = None, new: bool = False) -> None:
    """The game in progress (or a new one), until it ends or the learner stops."""
    game = None if new else _saved(lines, session, deck)
    if game is None:
        game = new_game(lines, session, seed, deck)
        if game is None:
            return
    _GameLines(lines, session, game).play()


def new_game(lines: Lines, session: LearnerSession, seed: int | None = None, deck: str | None = None) -> GuidedGame | None:
    """A new game, saved: with `deck` (instead of the learner's setting), or with the cards the
    learner chooses now (the choice becomes their setting, as in the app); None if they go back."""
    settings = session.settings
    if deck is not None:
        settings = replace(settings, deck=deck)
    else:
        chosen = _choose_deck(lines, session)
        if chosen is None:
            return None
        if chosen != settings.deck:
            session.save_settings(replace(settings, deck=chosen))
        settings = session.settings
    game = GuidedGame.new(settings, seed)
    session.recorder.game_saved(game.to_dict())
    return game


def _choose_deck(lines: Lines, session: LearnerSession) -> str | None:
    """Which cards to play with, starting on the suggested deck or the learner's own."""
    decks = all_decks()
    suggested = suggested_deck(session.settings.deck, session.is_new_to_games())
    start = suggested or session.settings.deck
    said = [WHICH_CARDS]
    for number, deck in enumerate(decks, 1):
        note = f" ({SUGGESTED_NOTE})" if deck.id == suggested else ""
        said.append(f"{number}. {deck_name(deck)}: {deck_contents(deck)}{note}")
    lines.say(*said)
    default = next((deck for deck in decks if deck.id == start), decks[0])
    choices = Choices(
        f"Type a number (1 to {len(decks)}), just Enter for {deck_name(default)}, or q to go back.",
        (("1 to 9", "play with those cards"), ("Enter", f"play with {deck_name(default)}"), ("q", "go back without a game")),
    )
    while True:
        typed = lines.ask("", choices)
        if typed.lower() == "q":
            return None
        if not typed:
            return default.id
        picked = pick_number(typed, len(decks))
        if picked is not None:
            return decks[picked - 1].id
        lines.say(f"Type a number from 1 to {len(decks)}, just Enter, or q.")


def _saved(lines: Lines, session: LearnerSession, deck: str | None) -> GuidedGame | None:
    saved = session.saved_game(deck)
    if saved is None:
        return None
    try:
        game = GuidedGame.from_dict(saved)
    except Exception:  # an imported profile may hold anything: whatever fails, start afresh
        lines.say(DAMAGED_GAME)
        return None
    if game.together:
        lines.say(OTHER_LEARNERS)
        return None
    lines.say(WELCOME_BACK)
    return game


def fill_keys(text: str) -> str:
    """The game's words with each action id ("{done}") as it is typed here."""
    for key, typed in KEYS.items():
        text = text.replace("{" + key + "}", typed)
    return text


class _GameLines:
    def __init__(self, lines: Lines, session: LearnerSession, game: GuidedGame) -> None:
        self.lines, self.session, self.game = lines, session, game
        self.recorder = session.recorder
        self.told = len(game.log)

    def play(self) -> None:
        rules = self.game.game.rules
        self.lines.say(f"A game of Old Maid: {rules.name} rules, {rules.players} players.", direction_text(self.game.game))
        self._table()
        while True:
            stage = self.game.stage
            if stage is Stage.COMPUTER:
                self._after(self.game.play_computer_turn())
            elif stage is Stage.OVER:
                if not self._over():
                    return
            elif not self._turn(stage):
                return

    # ----- saying the table -----------------------------------------------------------------------

    def _table(self) -> None:
        game, seen = self.game.game, self.game.seen
        said = ["The other players, clockwise from your left:"]
        for key in range(1, game.rules.players):
            seat = game.rules.seat_left_of(LEARNER, key)
            name = self.game.seats.who(seat, capital=True)
            said.append(f"{key}. {name}, {where_is(seat, game.rules.players)}: {self._seat_words(seat)}")
        hand = self._hand()
        said += [hand_heading(len(hand)), *self._hand_lines(hand)]
        mine = [pair for seat, pair in game.pairs if seat == LEARNER] if seen.rules is not None and game.rules.pairs_face_up else []
        if mine:
            said.append(f"Your pairs down: {counted(len(mine), 'pair')}.")
        self.lines.say(*said)

    def _seat_words(self, seat: int) -> str:
        game, seen = self.game.game, self.game.seen
        if game.is_over:
            return end_mark(game, seat)
        if seat in seen.safe:
            return out_mark(game.rules)
        role = role_of(seen, seat)
        return counted(seen.hand_sizes[seat], "card") + (f", {role.split()[-1]}" if role else "")

    def _hand_lines(self, hand: list[Card]) -> list[str]:
        """The hand as numbered lines, the card just drawn marked ★ while you decide what to do with it."""
        drawn = self.game.drawn_card
        return [line + (" ★" if card == drawn else "") for line, card in zip(card_lines(self.lines, hand, self.game.letters), hand, strict=True)]

    def _hand(self) -> list[Card]:
        """The learner's cards in the table's order, by rank (or picture), as numbered here."""
        return sorted(self.game.hand)

    # ----- the learner's turn ---------------------------------------------------------------------

    def _turn(self, stage: Stage) -> bool:
        """One thing typed on the learner's turn; False to stop."""
        question, choices = self._question(stage)
        typed = self.lines.ask(question, choices).lower()
        if typed == "q":
            return False
        if typed == "t":
            self._table()
        elif typed == "u":
            from tutor.plain.rules import say_rules

            say_rules(self.lines, self.game.game.rules)
        elif typed == "h" and self.game.hints_allowed:
            hint = self.game.hint()
            self.lines.say(hint_heading(hint.level, LEVELS) + fill_keys(hint.text))
        elif stage is Stage.PAIRING:
            self._pairing(typed)
        elif stage is Stage.CHOOSE_GIVER:
            self._choose_giver(typed)
        else:
            self._draw(typed)
        return True

    def _question(self, stage: Stage) -> tuple[str, Choices]:
        hints = " h for a hint," if self.game.hints_allowed else ""
        extra = (*((HINT,) if self.game.hints_allowed else ()), TABLE, RULES, STOP)
        drawn = self.game.drawn_card
        if stage is Stage.PAIRING:
            start = f"You drew {card_said(self.lines, drawn, self.game.letters)}. " if drawn is not None else ""
            return f"{start}Lay down your pairs.", Choices(
                f"Type the numbers of two cards (like 1 3),{hints} d when you have no pairs left, t for the table, or q to stop.",
                (("1 3", "lay down your cards 1 and 3 as a pair"), ("d", "say you're done laying down pairs"), *extra),
            )
        players = self.game.game.rules.players
        if stage is Stage.CHOOSE_GIVER:
            return "Your turn to draw! Whom do you draw from?", Choices(
                f"Type the player's number (1 to {players - 1}),{hints} t for the table, or q to stop.", (("1 to 9", "draw from that player"), *extra)
            )
        giver = self.game.game.giver
        held = len(self.game.game.hands[giver]) if giver is not None else 0
        whose = self.game.seats.whose(giver, capital=True) if giver is not None else "The giver's"
        which = f"Type a card's number (1 to {held})," if held > 1 else "Type 1 to draw it,"
        return f"Your turn: draw a card. {whose} hand: {counted(held, 'card')}, face down.", Choices(
            f"{which}{hints} t for the table, or q to stop.", (("1 to 9", "draw that face-down card"), *extra)
        )

    def _pairing(self, typed: str) -> None:
        if typed == "d":
            self._after(self.game.finish_pairing())
            return
        hand = self._hand()
        picked = numbers_in(typed, len(hand))
        if picked is None or len(picked) < 2:
            self.lines.say(f"Type the numbers of two cards from your hand (1 to {len(hand)}), with a space between, or d when you have no pairs left.")
            return
        self._after(self.game.lay_down([hand[number - 1] for number in picked]))

    def _choose_giver(self, typed: str) -> None:
        rules = self.game.game.rules
        number = pick_number(typed, rules.players - 1)
        if number is None:
            self.lines.say(f"Type a player's number, from 1 to {rules.players - 1}.")
            return
        self._after(self.game.choose_giver(rules.seat_left_of(LEARNER, number)))

    def _draw(self, typed: str) -> None:
        giver = self.game.game.giver
        held = len(self.game.game.hands[giver]) if giver is not None else 0
        number = pick_number(typed, held)
        if number is None:
            self.lines.say(f"Type a card's number, from 1 to {held}.")
            return
        self._after(self.game.draw(number - 1))

    # ----- after a move ---------------------------------------------------------------------------

    def _after(self, outcome: Outcome) -> None:
        """Say what a move did (or why it was refused), save, and say the table when the learner's turn comes."""
        chose_giver = self.game.giver_chosen
        if outcome.refused:
            assert outcome.mistake is not None and outcome.explanation is not None
            self.recorder.game_mistake(outcome.mistake.code, [str(card) for card in outcome.mistake.cards])
            self.lines.say(f"{NOT_QUITE}!", *outcome.explanation.lines())
        elif outcome.lines:
            self.lines.say(*outcome.lines)
        if not self.game.game.is_over:
            self.recorder.game_saved(self.game.to_dict())
        if outcome.refused:
            return
        if self.game.stage in (Stage.CHOOSE_GIVER, Stage.DRAW) and self.game.game.drawer == LEARNER and not chose_giver:
            self._table()
        elif self.game.stage is Stage.PAIRING and self.game.hand:
            self.lines.say(hand_heading(len(self.game.hand)), *self._hand_lines(self._hand()))

    def _over(self) -> bool:
        game = self.game
        celebration = self.recorder.game_finished(game.game, len(game.mistakes))
        self.lines.say(*end_words(game, celebration))
        typed = self.lines.ask("The game is over.", Choices("Type n for a new game, or q to stop.", (("n", "a new game"), STOP)))
        if typed.lower() != "n":
            return False
        fresh = new_game(self.lines, self.session)
        if fresh is None:
            return False
        self.game = fresh
        rules = self.game.game.rules
        self.lines.say(f"A new game: {rules.name} rules, {rules.players} players.")
        self._table()
        return True


def end_words(game: GuidedGame, celebration: Celebration | None) -> list[str]:
    """The end of the game as the end screen says it (tutor.wording.ending), line by line, with no
    blank line at either end."""
    results = [(result.seat, result.line) for result in game.results()]
    lines = end_of_game(
        game.game,
        LEARNER,
        game.names,
        results,
        rules_broken(game.mistake_counts(), game.game.rules),
        celebration.lines if celebration else None,
        letters=game.letters,
    )
    return "\n".join(line.lead + line.text for line in lines).strip().split("\n")
