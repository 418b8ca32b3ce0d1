"""A game against computer players as plain lines: your hand as a numbered list, each seat with
its count, every move as a sentence, your pairs laid down by their numbers, whom to draw from and
which face-down card, and every mistake explained as on the screen. The same `GuidedGame`, saved
in the same place after every move, so a game goes on here or in the app."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tutor.course.mistakes import rules_broken
from tutor.engine import Card, Draw, LayDown, MistakeCode
from tutor.engine.actions import Action
from tutor.engine.decks import all_decks
from tutor.language import mark, ntr, tr
from tutor.learner.session import LearnerSession
from tutor.plain.lines import Choices, Lines
from tutor.plain.words import STOP, card_lines, card_said, numbered, numbers_in, numbers_of, pick_number, rules_named
from tutor.play.guided_game import DAMAGED_GAME, LEARNER, OTHER_LEARNERS, WELCOME_BACK, GuidedGame, Outcome, Stage
from tutor.play.hints import LEVELS
from tutor.wording.decks import SUGGESTED_NOTE, WHICH_CARDS, deck_contents, deck_name, suggested_deck
from tutor.wording.ending import end_of_game
from tutor.wording.going_out import end_mark, out_mark
from tutor.wording.lessons import hint_heading
from tutor.wording.table import direction_text, hand_heading, where_is

if TYPE_CHECKING:
    from tutor.learner.celebrations import Celebration

KEYS = {"done": "d", "confirm": mark("the number"), "hint": "h", "skip": "f", "new_game": "n", "select": mark("the numbers"), "move_left": "", "move_right": ""}
"""The game's actions (named by id in its words) as typed here (words said with `tr`)."""
HINT = ("h", mark("a hint (again for more; the last one is the answer)"))
TABLE = ("t", mark("the table again: every seat and your cards"))
RULES = ("u", mark("the rules of this game"))


def _cards(count: int) -> str:
    return ntr("{count} card", "{count} cards", count).format(count=count)


def play_game(lines: Lines, session: LearnerSession, seed: int | None = None, deck: str | None = None, new: bool = False) -> None:
    """The game in progress (or a new one), until it ends or the learner stops."""
    game = None if new else _saved(lines, session, deck)
    fresh = game is None
    if game is None:
        game = new_game(lines, session, seed, deck)
        if game is None:
            return
    _GameLines(lines, session, game).play(fresh)


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
    said = [tr(WHICH_CARDS)]
    for number, deck in enumerate(decks, 1):
        if deck.id == suggested:
            line = tr("{deck}: {contents} ({note})").format(deck=deck_name(deck), contents=deck_contents(deck), note=tr(SUGGESTED_NOTE))
        else:
            line = tr("{deck}: {contents}").format(deck=deck_name(deck), contents=deck_contents(deck))
        said.append(numbered(number, line))
    lines.say(*said)
    default = next((deck for deck in decks if deck.id == start), decks[0])
    choices = Choices(
        tr("Type a number (1 to {count}), just Enter for {deck}, or q to go back.").format(count=len(decks), deck=deck_name(default)),
        (
            (tr("1 to 9"), tr("play with those cards")),
            (tr("Enter"), tr("play with {deck}").format(deck=deck_name(default))),
            ("q", tr("go back without a game")),
        ),
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
        lines.wrong(tr("Type a number from 1 to {count}, just Enter, or q.").format(count=len(decks)))


def _saved(lines: Lines, session: LearnerSession, deck: str | None) -> GuidedGame | None:
    saved = session.saved_game(deck)
    if saved is None:
        return None
    try:
        game = GuidedGame.from_dict(saved)
    except Exception:  # an imported profile may hold anything: whatever fails, start afresh
        lines.say(tr(DAMAGED_GAME))
        return None
    if game.together:
        lines.say(tr(OTHER_LEARNERS))
        return None
    lines.say(tr(WELCOME_BACK))
    return game


def fill_keys(text: str) -> str:
    """The game's words with each action id ("{done}") as it is typed here."""
    for key, typed in KEYS.items():
        text = text.replace("{" + key + "}", tr(typed))
    return text


class _GameLines:
    def __init__(self, lines: Lines, session: LearnerSession, game: GuidedGame) -> None:
        self.lines, self.session, self.game = lines, session, game
        self.recorder = session.recorder

    def play(self, fresh: bool) -> None:
        """The game until it ends or the learner stops; `fresh`: just dealt, so the deal is said."""
        rules = self.game.game.rules
        self.lines.say(
            tr("A game of Old Maid: {rules} rules, {players} players.").format(rules=rules_named(rules.name), players=rules.players),
            direction_text(self.game.game),
            *(self.game.log if fresh else ()),  # a new game's log is its deal: "Sam dealt all 51 cards. Everyone lays down their pairs."
        )
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
        said = [tr("The other players, clockwise from your left:")]
        for key in range(1, game.rules.players):
            seat = game.rules.seat_left_of(LEARNER, key)
            name = self.game.seats.who(seat, capital=True)
            line = tr("{name}, {where}: {cards}").format(name=name, where=where_is(seat, game.rules.players), cards=self._seat_words(seat))
            said.append(numbered(key, line))
        hand = self._hand()
        said += [hand_heading(len(hand)), *self._hand_lines(hand)]
        mine = seen.pair_counts[LEARNER] if seen.pair_counts else 0  # face up or face down, you know your own
        if mine:
            said.append(ntr("Your pairs down: {count} pair.", "Your pairs down: {count} pairs.", mine).format(count=mine))
        self.lines.say(*said)

    def _seat_words(self, seat: int) -> str:
        game, seen = self.game.game, self.game.seen
        if game.is_over:
            return end_mark(game, seat)
        if seat in seen.safe:
            return out_mark(game.rules)
        held = seen.hand_sizes[seat]
        role = self._role(seat, held) if self.game.shows_giver or seat != seen.giver else ""
        laid = seen.pair_counts[seat] if seat < len(seen.pair_counts) else 0
        said = [_cards(held), *([ntr("{count} pair down", "{count} pairs down", laid).format(count=laid)] if laid else []), *([role] if role else [])]
        return ", ".join(said)

    def _role(self, seat: int, held: int) -> str:
        """What a seat does in the draw now, as a whole phrase after its cards ("4 cards, holds
        them out to you"), where the screen marks it "▶ draws" or "◀ offers one"/"◀ gives one"; "" if nothing."""
        seen = self.game.seen
        if seen.drawer == seat:
            return tr("draws next")
        if seen.giver != seat or seen.drawer is None:
            return ""
        gives = seen.rules is not None and not seen.rules.book.giver_offers  # Table's book: the drawer takes from the giver's fan
        if seen.drawer == LEARNER:
            said = ntr("gives it to you", "gives you one of them", held) if gives else ntr("holds it out to you", "holds them out to you", held)
            return said.format(count=held)
        said = ntr("gives it to {name}", "gives {name} one of them", held) if gives else ntr("holds it out to {name}", "holds them out to {name}", held)
        return said.format(name=self.game.seats.who(seen.drawer), count=held)

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
            typed_too = self._typed(hint.move, stage)
            self.lines.say(hint_heading(hint.level, LEVELS) + fill_keys(hint.text) + (f" {typed_too}" if typed_too else ""))
        elif stage is Stage.PAIRING:
            self._pairing(typed)
        elif stage is Stage.CHOOSE_GIVER:
            self._choose_giver(typed)
        else:
            self._draw(typed)
        return True

    def _typed(self, move: Action | None, stage: Stage) -> str:
        """The last hint's move as it is typed here ("Type 6 7."): the hint names the cards or the
        player, the learner types their numbers. "" for a hint with no move."""
        if isinstance(move, LayDown):
            return tr("Type {numbers}.").format(numbers=numbers_of(self._hand(), move.cards))
        if isinstance(move, Draw) and stage is Stage.CHOOSE_GIVER:
            rules = self.game.game.rules
            number = next(key for key in range(1, rules.players) if rules.seat_left_of(LEARNER, key) == move.from_seat)
            return tr("Type {numbers}.").format(numbers=number)
        if isinstance(move, Draw):
            return tr("Type {numbers}.").format(numbers=(move.position or 0) + 1)
        return ""

    def _question(self, stage: Stage) -> tuple[str, Choices]:
        hints = self.game.hints_allowed
        extra = (*((HINT,) if hints else ()), TABLE, RULES, STOP)
        drawn = self.game.drawn_card
        if stage is Stage.PAIRING:
            if drawn is not None:
                question = tr("You drew {card}. Lay down your pairs.").format(card=card_said(self.lines, drawn, self.game.letters))
            else:
                question = tr("Lay down your pairs.")
            typing = (
                tr("Type the numbers of two cards (like 1 3), h for a hint, d when you have no pairs left, t for the table, or q to stop.")
                if hints
                else tr("Type the numbers of two cards (like 1 3), d when you have no pairs left, t for the table, or q to stop.")
            )
            return question, Choices(typing, (("1 3", tr("lay down your cards 1 and 3 as a pair")), ("d", tr("say you're done laying down pairs")), *extra))
        players = self.game.game.rules.players
        if stage is Stage.CHOOSE_GIVER:
            typing = (
                tr("Type the player's number (1 to {count}), h for a hint, t for the table, or q to stop.")
                if hints
                else tr("Type the player's number (1 to {count}), t for the table, or q to stop.")
            )
            return tr("Your turn to draw! Who do you draw from?"), Choices(
                typing.format(count=players - 1), ((tr("1 to 9"), tr("draw from that player")), *extra)
            )
        giver = self.game.game.giver
        held = len(self.game.game.hands[giver]) if giver is not None else 0
        if held > 1:
            typing = (
                tr("Type a card's number (1 to {count}), h for a hint, t for the table, or q to stop.")
                if hints
                else tr("Type a card's number (1 to {count}), t for the table, or q to stop.")
            )
        else:
            typing = tr("Type 1 to draw it, h for a hint, t for the table, or q to stop.") if hints else tr("Type 1 to draw it, t for the table, or q to stop.")
        if giver is not None:
            question = tr("Your turn: draw a card. {whose} hand: {cards}, face down.").format(
                whose=self.game.seats.whose(giver, capital=True), cards=_cards(held)
            )
        else:
            question = tr("Your turn: draw a card. The giver's hand: {cards}, face down.").format(cards=_cards(held))
        return question, Choices(typing.format(count=held), ((tr("1 to 9"), tr("draw that face-down card")), *extra))

    def _pairing(self, typed: str) -> None:
        if typed == "d":
            self._after(self.game.finish_pairing())
            return
        hand = self._hand()
        picked = numbers_in(typed, len(hand))
        if picked is None or len(picked) < 2:
            self.lines.wrong(
                tr("Type the numbers of two cards from your hand (1 to {count}), with a space between, or d when you have no pairs left.").format(
                    count=len(hand)
                )
            )
            return
        self._after(self.game.lay_down([hand[number - 1] for number in picked]))

    def _choose_giver(self, typed: str) -> None:
        rules = self.game.game.rules
        number = pick_number(typed, rules.players - 1)
        if number is None:
            self.lines.wrong(tr("Type a player's number, from 1 to {count}.").format(count=rules.players - 1))
            return
        self._after(self.game.choose_giver(rules.seat_left_of(LEARNER, number)))

    def _draw(self, typed: str) -> None:
        giver = self.game.game.giver
        held = len(self.game.game.hands[giver]) if giver is not None else 0
        number = pick_number(typed, held)
        if number is None:
            self.lines.wrong(tr("Type a card's number, from 1 to {count}.").format(count=held))
            return
        self._after(self.game.draw(number - 1))

    # ----- after a move ---------------------------------------------------------------------------

    def _after(self, outcome: Outcome) -> None:
        """Say what a move did (or why it was refused), save, and say the table when the learner's turn comes."""
        chose_giver = self.game.giver_chosen
        self.recorder.game_move(outcome)
        if outcome.refused:
            assert outcome.mistake is not None and outcome.explanation is not None
            said: list[str] = list(outcome.explanation.lines())
            if outcome.mistake.code is MistakeCode.KEPT_PAIR and self.game.hints_allowed:  # "Pick 7♣ and 7♥…": and what to type for them
                said.append(self._typed(LayDown(LEARNER, outcome.mistake.cards), Stage.PAIRING))
            self.lines.say(tr("Not quite!"), *said)
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
        typed = self.lines.ask_letter(tr("The game is over."), Choices(tr("Type n for a new game, or q to stop."), (("n", tr("a new game")), STOP)))
        if typed != "n":
            return False
        fresh = new_game(self.lines, self.session)
        if fresh is None:
            return False
        self.game = fresh
        rules = self.game.game.rules
        self.lines.say(tr("A new game: {rules} rules, {players} players.").format(rules=rules_named(rules.name), players=rules.players), *fresh.log)
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
