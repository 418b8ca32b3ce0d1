"""One window's seat at a table played together (tutor.play.shared_game), driven with no screen:
two windows are two stores (two connections) on one progress file."""

from __future__ import annotations

from pathlib import Path

import pytest
from table_helpers import Clock, behind_the_back, heard, in_step

from tutor.errors import NotHost, StaleMove
from tutor.play.shared_game import SharedGame, Stage
from tutor.settings import Settings
from tutor.store.tables import AWAY_SECONDS, HEARTBEAT_SECONDS, QUIET_SECONDS, Tables, TableStatus

FOUR = Settings(players=4)


def seated(windows: tuple[Tables, Tables], settings: Settings = FOUR, seed: int = 11) -> tuple[SharedGame, SharedGame]:
    """Ana (the host) and Bo at table Red, dealt; as each window sees it."""
    one, two = windows
    ana = SharedGame.sit_down(one, one.store.get_or_create_profile("Ana"), "Red", settings)
    bo = SharedGame.sit_down(two, two.store.get_or_create_profile("Bo"), "red", settings)
    assert (ana.stage, bo.stage) == (Stage.WAITING, Stage.WAITING)
    assert ana.next_step().startswith("Start the game") and bo.next_step() == "Waiting for Ana to start the game."
    with pytest.raises(NotHost):
        bo.start()
    ana.start(seed=seed)
    assert heard(bo, lambda: bo.stage is Stage.PAIRING)
    return ana, bo


def take_a_turn(window: SharedGame) -> bool:
    """What a learner at the window would do now: False when it is not theirs to do anything."""
    window.poll()
    if window.stage is Stage.PAIRING:
        assert window.game is not None
        pairs = window.game.pairs_in(window.seat)
        outcome = window.lay_down(pairs[0]) if pairs else window.finish_pairing()
    elif window.stage is Stage.DRAW:
        outcome = window.draw(0)
    elif window.computer_due:
        return window.play_computer()
    else:
        return False
    assert not outcome.refused, outcome
    return True


def pair_up(*windows: SharedGame) -> None:
    """Every learner lays down their opening pairs; then every window has seen it all."""
    while True:
        for window in windows:
            window.poll()
        pairing = [window for window in windows if window.stage is Stage.PAIRING]
        if not pairing:
            in_step(*windows)
            return
        for window in pairing:
            take_a_turn(window)


def test_two_windows_play_a_whole_game_to_the_end(windows: tuple[Tables, Tables]) -> None:
    ana, bo = seated(windows)
    news: set[str] = set()
    turns = 0
    while ana.stage is not Stage.OVER or bo.stage is not Stage.OVER:
        moved = [take_a_turn(ana), take_a_turn(bo)]
        if not any(moved):  # the last move may not have been heard yet (PostgreSQL)
            in_step(ana, bo)
            moved = [take_a_turn(ana), take_a_turn(bo)]
        turns += 1
        assert any(moved) or ana.stage is Stage.OVER, (ana.next_step(), bo.next_step())
        assert turns < 500
        for window in (ana, bo):
            seen = window.seen
            assert seen is not None and window.game is not None
            assert seen.hand == window.game.hands[window.seat]  # a window shows its own hand only
            news.add(window.news)
    assert ana.move == bo.move and len(ana.log) == len(bo.log)
    assert not any(line.startswith("Ana ") for line in ana.log) and not any(line.startswith("Bo ") for line in bo.log)  # "You ..."
    assert ana.view.status is TableStatus.FINISHED
    assert "Old Maid" in ana.next_step() and "Old Maid" in bo.next_step()  # the ending, told from each seat
    assert any("took your" in line for line in news)  # a card drawn from a learner, told to them alone
    for window in (ana, bo):  # everyone's result, each window's learner as "you"
        results = window.results()
        assert len(results) == 4 and sum(result.line.startswith("You ") for result in results) == 1
    for window in (ana, bo):  # a card drawn is named to its drawer and its giver only
        draws = [line for line in window.log if " drew " in line]
        assert draws and all(line.startswith("You drew ") or line.endswith(" from you.") or " drew a card from " in line for line in draws)
    public = ana.tables.load(ana.table).log
    assert not any(line.startswith("You ") or " you." in line for line in public)


def test_a_drawn_card_is_told_to_the_drawer_and_the_giver_only(windows: tuple[Tables, Tables]) -> None:
    ana, bo = seated(windows, Settings(players=2))
    pair_up(ana, bo)
    drawer, giver = (ana, bo) if ana.stage is Stage.DRAW else (bo, ana)
    news_before = giver.news  # (the giver's own pairs, laid down: the draw's news comes after it)
    outcome = drawer.draw(0)
    assert outcome.lines[0].startswith("You drew ") and outcome.lines[0].endswith(f"from {giver.profile.name}.")
    card = outcome.lines[0].removeprefix("You drew ").split(" ")[0]
    drawn = drawer.drawn_card  # marked in the hand while its pair is to be laid down
    assert drawer.stage is Stage.PAIRING and drawn is not None and drawn.text() == card  # the card made a pair (seed 11)
    assert heard(giver, lambda: giver.news != news_before)
    assert giver.news == f"{drawer.profile.name} took your {card}."
    assert giver.log[-1] == f"{drawer.profile.name} drew {card} from you."
    assert drawer.log[-1] == f"You drew {card} from {giver.profile.name}."
    public = giver.tables.load(giver.table).log
    assert public[-1] == f"{drawer.profile.name} drew a card from {giver.profile.name}."
    assert card not in " ".join(public)  # Bicycle pairs go down face down: no card is named in public


def test_another_windows_move_is_seen_at_the_next_poll(windows: tuple[Tables, Tables]) -> None:
    ana, bo = seated(windows)
    assert not bo.poll()  # nothing new
    before = bo.move
    assert ana.game is not None
    pairs = ana.game.pairs_in(ana.seat)
    ana.lay_down(pairs[0]) if pairs else ana.finish_pairing()
    assert bo.move == before  # not read yet...
    assert heard(bo, lambda: bo.move == before + 1)  # ...and read as soon as the window hears of it
    assert bo.log[-1].startswith("Ana laid down") or not pairs


def test_a_stale_move_is_refused_and_the_window_refreshes(windows: tuple[Tables, Tables]) -> None:
    ana, bo = seated(windows, Settings(players=2))
    pair_up(ana, bo)
    drawer = ana if ana.stage is Stage.DRAW else bo
    other_tab = SharedGame(drawer.tables, drawer.profile, drawer.table)  # the same learner in a second tab
    drawer.draw(0)
    with pytest.raises(StaleMove) as stale:
        other_tab.draw(0)
    assert other_tab.move == stale.value.move == drawer.move  # refreshed: it shows the table as it is
    assert other_tab.stage is Stage.PAIRING  # now to lay down the pair, if the card made one


def test_an_opening_pairing_move_goes_through_though_another_learner_moved_first(windows: tuple[Tables, Tables]) -> None:
    ana, bo = seated(windows)
    assert ana.game is not None and bo.game is not None
    ana.finish_pairing() if not ana.game.pairs_in(ana.seat) else ana.lay_down(ana.game.pairs_in(ana.seat)[0])
    pairs = bo.game.pairs_in(bo.seat)  # Bo's window has not seen Ana's move
    outcome = bo.lay_down(pairs[0]) if pairs else bo.finish_pairing()
    assert not outcome.refused and bo.move == ana.move + 1


def test_a_mistake_is_explained_and_nothing_is_written(windows: tuple[Tables, Tables]) -> None:
    ana, bo = seated(windows)
    assert ana.game is not None
    move = ana.move
    hand = ana.hand
    outcome = ana.finish_pairing() if ana.game.pairs_in(ana.seat) else ana.draw(0)
    assert outcome.refused and outcome.explanation is not None and outcome.explanation.what
    assert outcome.mistake is not None and [made.code for made in ana.mistakes] == [outcome.mistake.code.value]
    assert ana.move == move and ana.hand == hand
    assert not bo.poll() and bo.move == move  # nothing was written


def test_mistakes_kept_for_this_table_are_counted_again_by_a_window_opened_later(windows: tuple[Tables, Tables]) -> None:
    """A learner whose window closed mid-game and who came back: the end counts every mistake
    they made at this table (kept in their profile), and none made elsewhere."""
    from tutor.learner.recorder import Recorder

    ana, _ = seated(windows)
    store = ana.tables.store
    recorder = Recorder(store, ana.profile)
    recorder.game_mistake("kept-pair", ["5♣", "5♥"], table=ana.table)
    recorder.game_mistake("wrong-pair", ["4♦", "5♥"])  # in a game against the computer
    recorder.game_mistake("kept-pair", ["7♣", "7♥"], table=ana.table + 1)  # at another table
    back = SharedGame(ana.tables, ana.profile, ana.table)
    assert [(made.code, made.cards) for made in back.mistakes] == [("kept-pair", ("5♣", "5♥"))]
    assert [mistake.where for mistake in store.mistakes(ana.profile)] == [f"table:{ana.table}", "game", f"table:{ana.table + 1}"]


def test_the_same_pair_from_a_second_tab_is_stale_not_a_mistake(windows: tuple[Tables, Tables]) -> None:
    ana, _ = seated(windows, seed=3)
    second_tab = SharedGame(ana.tables, ana.profile, ana.table)
    assert ana.game is not None
    pair = ana.game.pairs_in(ana.seat)[0]
    ana.lay_down(pair)
    with pytest.raises(StaleMove):
        second_tab.lay_down(pair)
    assert second_tab.mistakes == [] and second_tab.hand == ana.hand


def test_a_learner_who_leaves_is_played_for_and_comes_back(windows: tuple[Tables, Tables], clock: Clock) -> None:
    _, two = windows
    ana, bo = seated(windows)
    bo.leave()
    clock.advance(AWAY_SECONDS)
    assert ana.poll()  # Ana's window tends the table: Bo's seat goes to a computer
    assert ana.log[-1] == "Bo has left the table; a computer player plays for Bo until Bo is back."
    assert ana.view.seats[bo.seat].computer_plays
    played = 0
    while ana.computer_due:
        assert ana.play_computer()
        played += 1
    assert played and ana.game is not None and bo.seat not in ana.game.waiting_for  # Bo's pairs were laid down for him
    back = SharedGame.sit_down(two, bo.profile, "Red", FOUR)
    assert back.seat == bo.seat and back.log[-1] == "You are back and play again."
    assert back.news == "A computer player took your turns while you were away, so your hand has changed."
    assert back.played_for and not ana.played_for, "Bo's end must not say he played the whole game himself (a walker's Leo)"
    assert heard(ana, lambda: not ana.view.seats[bo.seat].computer_plays)


def test_before_the_deal_a_learner_whose_window_went_quiet_seems_away_to_the_others(windows: tuple[Tables, Tables], clock: Clock) -> None:
    """The waiting room listed a classmate whose window had been killed as if still there, and the
    host started a game for them (a walker's report): seated learners who miss a heartbeat are
    said to seem away there too, until their window is heard again."""
    one, two = windows
    ana = SharedGame.sit_down(one, one.store.get_or_create_profile("Ana"), "Red", FOUR)
    bo = SharedGame.sit_down(two, two.store.get_or_create_profile("Bo"), "Red", FOUR)
    clock.advance(HEARTBEAT_SECONDS)
    ana.poll()
    assert ana.stage is Stage.WAITING and ana.away() == []
    clock.advance(QUIET_SECONDS - HEARTBEAT_SECONDS)
    ana.poll()
    assert ana.away() == [bo.seat], "Ana's own window polled: only Bo's is quiet"
    bo.poll()
    assert heard(ana, lambda: ana.away() == [])


def test_the_others_are_told_when_a_learner_they_wait_for_seems_to_be_away(windows: tuple[Tables, Tables], clock: Clock) -> None:
    """A window killed mid-game says nothing for the minute before a computer takes its seat: the
    others saw "Eve is choosing a card from you." all that time (a walker's report)."""
    ana, bo = seated(windows)
    while ana.stage is Stage.PAIRING:
        take_a_turn(ana)
    assert ana.stage is Stage.OTHERS and ana.game is not None and bo.seat in ana.game.waiting_for
    clock.advance(HEARTBEAT_SECONDS)
    ana.poll()
    assert ana.away() == [] and "away" not in ana.next_step()  # one heartbeat's time: Bo may just be slow
    clock.advance(QUIET_SECONDS - HEARTBEAT_SECONDS)
    ana.poll()
    assert ana.away() == [bo.seat]
    assert ana.next_step().endswith("Bo seems to be away: if Bo does not come back soon, a computer player will play for Bo.")
    assert "Bo to lay down" in ana.next_step() or "Bo and" in ana.next_step()
    bo.poll()  # Bo's window is there after all: it says so, and Ana is told (a walker's Dan was not)
    assert heard(ana, lambda: ana.away() == [])
    assert ana.log[-1] == "Bo is back and plays again."
    bo.leave()
    assert heard(ana, lambda: ana.away() == [bo.seat])
    assert ana.next_step().endswith("Bo has left the table: if Bo does not come back soon, a computer player will play for Bo.")
    clock.advance(AWAY_SECONDS)
    ana.poll()  # a computer plays for Bo now: nothing to wait for
    assert ana.view.seats[bo.seat].computer_plays and ana.away() == []


def test_a_drawer_who_has_gone_is_not_said_to_be_choosing(windows: tuple[Tables, Tables]) -> None:
    """ "Eve is choosing a card from you. Eve has left the table: ..." said two things at once (a walker's report)."""
    ana, bo = seated(windows)
    pair_up(ana, bo)
    for _ in range(200):
        bo.poll()
        game = ana.game
        assert game is not None and not game.is_over
        if game.drawer == bo.seat and not game.waiting_for:
            break
        take_a_turn(bo) if bo.stage is Stage.PAIRING else take_a_turn(ana)
        in_step(ana, bo)
    bo.leave()
    assert heard(ana, lambda: ana.away() == [bo.seat])
    assert ana.next_step() == "Bo has left the table: if Bo does not come back soon, a computer player will play for Bo."


def test_a_table_damaged_behind_a_windows_back_closes_it_with_words(tmp_path: Path, windows: tuple[Tables, Tables], clock: Clock) -> None:
    _, bo = seated(windows)
    behind_the_back(windows[0].store, 'UPDATE card_table SET state = \'{"format": "not a game"}\'')
    clock.advance(HEARTBEAT_SECONDS)
    assert heard(bo, lambda: bo.stage is Stage.CLOSED)
    assert bo.stage is Stage.CLOSED and bo.next_step() == bo.problem
    assert bo.problem.startswith("Table Red in the progress file is damaged (its game: ")
    assert not bo.computer_due


@pytest.mark.parametrize("guidance", ["guided", "hints", "own"])
def test_every_level_says_whom_to_draw_from_first(windows: tuple[Tables, Tables], guidance: str) -> None:
    ana, bo = seated(windows, Settings(players=3, guidance=guidance))
    assert ana.guidance == guidance and ana.hints_allowed is (guidance != "own")
    pair_up(ana, bo)
    while not (ana.stage is Stage.DRAW or bo.stage is Stage.DRAW):
        take_a_turn(ana) or take_a_turn(bo)
    drawer, other = (ana, bo) if ana.stage is Stage.DRAW else (bo, ana)
    game = drawer.game
    assert game is not None and game.giver is not None and drawer.choosing_giver and not other.choosing_giver
    assert drawer.hint(2).text.startswith("Go round to your")  # the hint about whom
    assert drawer.hint(3).text.startswith(f"Draw from {drawer.names[game.giver]}.")
    assert (
        drawer.giver_cursor() == (game.giver if guidance == "guided" else None) and drawer.next_step() == "Your turn: who do you draw from? Pick that player."
    )
    wrong = next(seat for seat in range(3) if seat not in (drawer.seat, game.giver))
    move = drawer.move
    in_step(drawer, other)
    refused = drawer.choose_giver(wrong)
    assert refused.refused and refused.explanation is not None and drawer.mistakes[-1].code == "wrong-neighbour"
    assert (drawer.names[game.giver] in refused.explanation.instead) is (guidance != "own"), "on your own: the rule, not the seat"
    assert drawer.choosing_giver and drawer.move == move and not other.poll()  # nothing was written
    told = drawer.choose_giver(game.giver)
    assert told.lines == [f"Yes: you draw from {drawer.names[game.giver]}."] and not drawer.choosing_giver
    assert not drawer.draw(0).refused and not drawer.choosing_giver


def test_with_two_players_there_is_nobody_to_choose_and_the_table_says_so(windows: tuple[Tables, Tables]) -> None:
    ana, bo = seated(windows, Settings(players=2, guidance="guided"))
    pair_up(ana, bo)
    while not (ana.stage is Stage.DRAW or bo.stage is Stage.DRAW):
        take_a_turn(ana) or take_a_turn(bo)
    drawer, other = (ana, bo) if ana.stage is Stage.DRAW else (bo, ana)
    assert not drawer.choosing_giver
    said = f"{other.profile.name} is the only other player, so you draw from {other.profile.name}."
    assert drawer.only_giver() == said and drawer.next_step().startswith(said)
    assert other.only_giver() == ""


def test_on_your_own_there_are_no_hints_and_a_mistake_is_told_without_the_answer(windows: tuple[Tables, Tables]) -> None:
    ana, _ = seated(windows, Settings(players=4, guidance="own"), seed=3)
    assert not ana.hints_allowed
    outcome = ana.finish_pairing()  # seed 3 deals Ana a pair
    assert outcome.refused and outcome.explanation is not None
    assert outcome.explanation.what == "You still hold a pair." and "then find the right move yourself" in outcome.explanation.instead


def test_a_card_a_computer_took_for_an_away_learner_is_said_to_be_the_computers(windows: tuple[Tables, Tables], clock: Clock) -> None:
    """A walker read "Ben took your 9♠." while a computer played Ben's seat, Ben long gone: the
    news says who really took it."""
    ana, bo = seated(windows, Settings(players=2))
    bo.leave()
    clock.advance(AWAY_SECONDS)
    ana.poll()
    assert ana.view.seats[bo.seat].taken_over
    news: set[str] = set()
    for _ in range(300):
        if ana.game is None or ana.game.is_over:
            break
        take_a_turn(ana)
        news.add(ana.news)
    took = [line for line in news if "took your" in line]
    assert took and all(line.startswith("The computer player playing for Bo took your ") for line in took), took


def test_the_others_are_told_who_draws_next_not_that_a_card_is_being_chosen() -> None:
    """A walker's window said "Ana is choosing a card from Sam." while Ana was still choosing whom
    to draw from: the others cannot know which, so they are told whose draw it is, and from whom."""
    from helpers import cards

    from tutor.engine import Game, Rules
    from tutor.wording import Seats

    game = Game.from_hands(Rules.bicycle(players=3), [cards("5C 9D"), cards("7C 8H"), cards("2S 3S")], dealer=2)
    assert game.drawer is not None and game.giver is not None
    for viewer, said in ((game.drawer, "You draw from"), (game.giver, "draws from you next."), (3 - game.drawer - game.giver, "draws from")):
        seats = Seats(["Ana", "Leo", "Sam"], viewer)
        step = SharedGame._others_step(game, seats)
        assert said in step and "choosing" not in step, step


def test_a_wrong_pair_the_strict_rules_let_through_comes_back_as_a_slip_to_keep(windows: tuple[Tables, Tables]) -> None:
    """Strict Bicycle: nothing stops a wrong pair, but the move's outcome carries it, so the
    learner's profile keeps it (the end of the game counts it; My progress did not list it)."""
    ana, _ = seated(windows, Settings(players=4, wrong_pair_loses=True))
    assert ana.game is not None
    hand = ana.game.hands[ana.seat]
    two = next((one, other) for one in hand for other in hand if one.rank != other.rank)
    outcome = ana.lay_down(two)
    assert not outcome.refused and outcome.slipped is not None
    assert set(outcome.slipped.cards) == set(two) and [made.code for made in ana.mistakes] == [outcome.slipped.code.value]
    right = ana.game.pairs_in(ana.seat)
    if right:
        assert ana.lay_down(right[0]).slipped is None
