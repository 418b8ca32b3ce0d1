"""Several learners at one keyboard (hot-seat), without the UI: whose turn and the hand-over, each
learner's own mistakes and help level, the public log, saving, and who may join."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from helpers import cards

from tutor.engine import Game, Rules
from tutor.errors import CannotJoin
from tutor.learner.session import LearnerSession
from tutor.learner.together import check, join, one_more, rejoin
from tutor.play.guided_game import GuidedGame, LearnerSeat, Stage
from tutor.settings import Settings
from tutor.store import open_store
from tutor.store import store as store_module
from tutor.wording import same_name

NAMES = ["Ana", "Ben", "Sam", "Bea"]
# Ana (seat 0) and Ben (seat 1) each hold a pair; Sam (seat 2, the dealer) has no cards, so Bea
# (seat 3) offers first: Ana draws from Bea, then Ben from Ana.
HANDS = ["5C 5H 9D", "7C 7D 2H", "", "9C 4D QS"]
CARD = re.compile(r"(10|[2-9AJQK])[♣♦♥♠]")


def two_learners(ben: str = "own") -> GuidedGame:
    game = Game.from_hands(Rules.bicycle(), [cards(hand) for hand in HANDS], dealer=2, learners=(0, 1))
    return GuidedGame(game, NAMES, "guided", learners=[LearnerSeat(0, "Ana", "guided"), LearnerSeat(1, "Ben", ben)])


def three_learners(seed: int = 4) -> GuidedGame:
    return GuidedGame.new_together(Settings(), [("Ana", "guided"), ("Ben", "hints"), ("Cleo", "own")], seed=seed)


def careful_move(session: GuidedGame) -> None:
    """One right move by whoever is due (the hand-over included)."""
    stage, game = session.stage, session.game
    if stage is Stage.HAND_OVER:
        session.hand_over()
    elif stage is Stage.COMPUTER:
        session.play_computer_turn()
    elif stage is Stage.PAIRING:
        pairs = game.pairs_in(session.viewer)
        session.lay_down(pairs[0]) if pairs else session.finish_pairing()
    elif stage is Stage.CHOOSE_GIVER and game.giver is not None:
        session.choose_giver(game.giver)
    else:
        session.draw(0)


def test_a_solo_game_is_one_learner_at_seat_0_and_saved_as_before() -> None:
    solo = GuidedGame.new(Settings(), seed=3)
    assert not solo.together and solo.humans == (0,) and solo.viewer == 0
    saved = solo.to_dict()
    assert saved["version"] == 1
    assert set(saved) - {"log_told", "news_told"} == {"format", "version", "game", "names", "guidance", "letters", "giver_chosen", "mistakes", "log", "news"}
    assert GuidedGame.from_dict(saved).to_dict() == saved and GuidedGame.from_dict(saved).stage is Stage.PAIRING


def test_the_learners_lay_down_their_pairs_in_turn_then_pass_the_keyboard_as_the_turn_goes() -> None:
    session = three_learners()
    assert session.names[:3] == ["Ana", "Ben", "Cleo"] and session.viewer == 0
    assert session.stage is Stage.HAND_OVER and session.passing_to == 0, "a new game shows Ana's cards only once she says only she is looking"
    assert session.next_step() == "Pass to Ana. Ana, press {ready} when only you are looking."
    session.hand_over()
    assert session.stage is Stage.PAIRING
    handed_to = []
    for _ in range(3000):
        if session.stage is Stage.OVER:
            break
        if session.stage is Stage.HAND_OVER:
            due = session.passing_to
            assert due != session.viewer and due == session.due
            assert session.next_step() == f"Pass to {session.names[due]}. {session.names[due]}, press {{ready}} when only you are looking."
            handed_to.append(due)
        careful_move(session)
    assert session.stage is Stage.OVER
    assert handed_to[:2] == [1, 2], "the opening pairs: Ben, then Cleo, after Ana"
    assert all(one != other for one, other in zip(handed_to, handed_to[1:], strict=False)), "never handed to the one looking"


def test_each_learner_has_their_own_mistakes_and_help_level() -> None:
    session = two_learners(ben="own")
    kept = session.finish_pairing()
    assert kept.mistake is not None and "5♣ and 5♥" in kept.explanation.what  # type: ignore[union-attr]
    session.lay_down(cards("5C 5H"))
    session.finish_pairing()
    assert session.stage is Stage.HAND_OVER and session.passing_to == 1
    session.hand_over()
    assert session.viewer == 1 and session.guidance == "own" and not session.hints_allowed
    own = session.finish_pairing()
    assert own.explanation is not None and own.explanation.what == "You still hold a pair.", "on your own: the rule, not the cards"
    assert "7♣" not in own.explanation.instead
    assert session.learners[0].mistakes != [] and len(session.learners[1].mistakes) == 1
    assert [made.code for made in session.learners[0].mistakes] == ["kept-pair"]
    session.lay_down(cards("7C 7D"))
    session.finish_pairing()
    assert session.stage is Stage.HAND_OVER and session.passing_to == 0
    session.hand_over()
    assert session.stage is Stage.CHOOSE_GIVER, "Ana plays in the guided level"
    assert session.next_step().startswith("Your turn to draw!")
    wrong = session.choose_giver(1)
    assert wrong.explanation is not None and "You chose to draw from Ben" in wrong.explanation.what
    assert len(session.learners[0].mistakes) == 2 and len(session.learners[1].mistakes) == 1
    assert not session.choose_giver(3).refused
    assert session.news == "Yes: you draw from Bea." and not any("you" in line.lower().split() for line in session.log)
    session.draw(session.game.fan().index(cards("4D")[0]))
    assert session.news == "You drew 4♦ from Bea." and session.log[-1] == "Ana drew a card from Bea."
    session.finish_pairing()
    assert session.stage is Stage.HAND_OVER and session.passing_to == 1
    session.hand_over()
    assert session.stage is Stage.CHOOSE_GIVER, "Ben, on his own, is asked whom he draws from too"
    wrong = session.choose_giver(3)
    assert wrong.explanation is not None and "You chose to draw from Bea" in wrong.explanation.what
    assert "Ana" not in wrong.explanation.instead, "on his own: the rule, not the answer"
    assert len(session.learners[0].mistakes) == 2 and len(session.learners[1].mistakes) == 2


def test_the_prompts_and_hints_speak_to_the_viewer() -> None:
    session = two_learners(ben="hints")
    session.lay_down(cards("5C 5H"))
    session.finish_pairing()
    session.hand_over()
    assert session.seats.who(1) == "you" and session.seats.who(0) == "Ana"
    assert session.peek_hint(2).text == "You have two 7s."
    assert sorted(session.hand) == sorted(cards("2H 7C 7D"))


def test_the_shared_log_is_public_and_never_names_a_hidden_card() -> None:
    for seed in (1, 4, 9):
        session = three_learners(seed)
        while session.stage is not Stage.OVER:
            careful_move(session)
        assert session.log and not any(CARD.search(line) for line in session.log), "Bicycle pairs are face down: no card is told"
        assert not any(re.search(r"\b[Yy]ou(r)?\b", line) for line in session.log), "nobody is 'you' in the shared log"
        assert not any("you" in result.line.lower().split() for result in session.results())
        assert {result.seat for result in session.results()} == {0, 1, 2, 3}


def test_news_of_a_learner_away_keeps_what_happened_to_their_hand() -> None:
    session = three_learners()
    heard: list[str] = []
    while session.stage is not Stage.OVER:
        if session.stage is Stage.HAND_OVER:
            coming = session.learners[session.passing_to]
            if any("took your" in line for line in coming.news):
                heard.append(" ".join(coming.news))
        careful_move(session)
    assert heard and all(CARD.search(line) for line in heard), "each learner hears which of their cards was taken"


def test_a_card_a_computer_took_while_its_learner_watched_is_told_when_the_keyboard_comes_back() -> None:
    """Ben watched the computers play after his turn; Bea took his J♥ and the keyboard passed to
    Ana at once (at the Instant speed Ben never saw it). When it came back to Ben his news had
    been cleared as old: he was never told. A card taken from a learner is told to them before
    they next act, whoever was at the keyboard when it went."""
    checked = 0
    for seed in range(12):
        session = GuidedGame.new_together(Settings(players=4), [("Ana", "guided"), ("Ben", "guided")], seed=seed)
        untold: dict[int, list[str]] = {0: [], 1: []}  # cards taken from each learner, not yet seen on their turn
        while session.stage is not Stage.OVER:
            if session.stage is Stage.HAND_OVER:
                coming = session.passing_to
                session.hand_over()
                assert all(card in session.news for card in untold[coming]), f"seed {seed}: {untold[coming]} untold, news {session.news!r}"
                checked += len(untold[coming])
                untold[coming] = []
                continue
            acting = None if session.stage is Stage.COMPUTER else session.viewer
            before = {seat: set(session.game.hands[seat]) for seat in untold}
            careful_move(session)
            for seat in untold:
                if seat == acting:  # their news was in front of them as they played
                    untold[seat] = []
                else:
                    untold[seat] += [card.text(False) for card in before[seat] - set(session.game.hands[seat])]
    assert checked > 20


def test_computer_players_never_take_a_learners_name() -> None:
    settings = Settings(opponent_names=("Ben", "Cleo", "Sam", "Bea", "Kit", "Lou", "Max"))
    session = GuidedGame.new_together(settings, [("Ana", "guided"), ("ben", "guided")], seed=2)
    assert session.names[:2] == ["Ana", "ben"]
    assert not any(same_name(name, learner) for name in session.names[2:] for learner in ("Ana", "Ben"))


def test_more_learners_than_players_adds_seats_up_to_the_rules_limit() -> None:
    session = GuidedGame.new_together(Settings(players=3), [(name, "guided") for name in ("Ana", "Ben", "Cleo", "Dot")], seed=1)
    assert session.game.rules.players == 4 and session.humans == (0, 1, 2, 3)
    with pytest.raises(ValueError, match="2 to 5"):
        GuidedGame.new_together(Settings(), [(name, "guided") for name in ("A", "B", "C", "D", "E", "F")], seed=1)


def test_a_game_together_saves_and_comes_back_covered() -> None:
    session = two_learners()
    session.finish_pairing()  # a mistake of Ana's
    session.lay_down(cards("5C 5H"))
    session.finish_pairing()
    session.hand_over()
    saved = session.to_dict()
    assert saved["version"] == 2 and [item["profile"] for item in saved["learners"]] == ["Ana", "Ben"] and saved["viewer"] == 1
    copy = GuidedGame.from_dict(saved)
    assert copy.to_dict() == saved
    assert copy.profiles() == ["Ana", "Ben"] and copy.learners[1].guidance == "own"
    assert [made.code for made in copy.learners[0].mistakes] == ["kept-pair"] and copy.learners[1].mistakes == []
    assert copy.stage is Stage.HAND_OVER and copy.passing_to == 1, "nobody's hand shows until Ben says he is looking"
    copy.hand_over()
    assert copy.stage is Stage.PAIRING and copy.viewer == 1


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda data: data["learners"][1].update(seat=7), id="seat out of range"),
        pytest.param(lambda data: data["learners"][1].update(seat=0), id="two at one seat"),
        pytest.param(lambda data: data["learners"][1].update(seat=2), id="a seat the game does not wait for"),
        pytest.param(lambda data: data["learners"][1].update(profile="ana"), id="one learner twice"),
        pytest.param(lambda data: data["learners"][1].update(profile=" "), id="no profile"),
        pytest.param(lambda data: data["learners"][1].update(guidance="lots"), id="no such help level"),
        pytest.param(lambda data: data.update(viewer=3), id="viewer at a computer's seat"),
        pytest.param(lambda data: data.update(viewer=True), id="viewer not a seat"),
        pytest.param(lambda data: data["learners"].pop(), id="one learner"),
        pytest.param(lambda data: data.pop("learners"), id="no learners"),
    ],
)
def test_a_damaged_game_together_is_refused(damage: Any) -> None:
    data = two_learners().to_dict()
    damage(data)
    with pytest.raises(ValueError):
        GuidedGame.from_dict(data)


# ----- who may join ---------------------------------------------------------------------------------


def host_in(folder: Path) -> LearnerSession:
    store = open_store(folder)
    host = LearnerSession(store, store.get_or_create_profile("Ana"))
    host.claim()
    return host


def test_joining_makes_and_claims_each_learner(tmp_path: Path) -> None:
    host = host_in(tmp_path)
    guests = join(host, ["Ben", "Cleo"])
    assert [guest.name for guest in guests] == ["Ben", "Cleo"] and all(guest.holds() for guest in guests)
    assert [guest.name for guest in rejoin(host, ["Ben", "Cleo"])] == ["Ben", "Cleo"], "held already: taken again at once"
    host.store.close()


@pytest.mark.parametrize(
    ("names", "words"),
    [
        (["ana"], "Ana is already playing: name someone else to play with."),
        (["Ben", "BEN"], "BEN is named twice"),
        (["B", "C", "D", "E", "F"], "The Bicycle rules allow at most 5 players, so up to 4 can play with Ana, not 5."),
        (["   "], "A name must be 1 to 40 characters long."),
        (["Be\x1bn"], "“Be�n” can't play: That name has a hidden character"),
        ([], "Name someone to play with."),
    ],
)
def test_who_cannot_join_is_said_in_one_line(tmp_path: Path, names: list[str], words: str) -> None:
    host = host_in(tmp_path)
    with pytest.raises(CannotJoin, match=re.escape(words)) as refused:
        join(host, names)
    assert "\n" not in str(refused.value) and not refused.value.in_use
    assert [profile.name for profile in host.store.profiles()] == ["Ana"], "nobody made for a refused game"
    host.store.close()


@pytest.mark.parametrize(
    ("named", "typed", "words"),
    [
        ([], "ana", "Ana is already playing: name someone else to play with."),
        (["Ben"], " ben ", "ben is named twice"),
        (["B", "C", "D", "E"], "F", "The Bicycle rules allow at most 5 players, so up to 4 can play with Ana, not 5."),
        ([], "Be\x1bn", "“Be�n” can't play: That name has a hidden character"),
    ],
)
def test_a_name_typed_one_at_a_time_is_refused_as_joining_would_refuse_it(tmp_path: Path, named: list[str], typed: str, words: str) -> None:
    host = host_in(tmp_path)
    with pytest.raises(CannotJoin, match=re.escape(words)):
        one_more(host.store, host.profile, named, typed)
    with pytest.raises(CannotJoin, match=re.escape(words)):
        join(host, [*named, typed])
    assert one_more(host.store, host.profile, [], "  Dot ") == "Dot"
    assert [profile.name for profile in host.store.profiles()] == ["Ana"], "typing a name makes nobody"
    host.store.close()


def test_a_learner_open_in_another_window_cannot_join_and_nothing_is_claimed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "_running", lambda host, pid: True)
    other = open_store(tmp_path)
    other.claim(other.get_or_create_profile("Cleo"))
    host = host_in(tmp_path)
    with pytest.raises(CannotJoin, match="Cleo's progress is open in another window, so Cleo can't play here") as refused:
        join(host, ["Ben", "Cleo"])
    assert refused.value.in_use
    ben = host.store.find_profile("Ben")
    assert ben is not None and not host.store.holds(ben), "Ben's claim is let go when Cleo can't join"
    with pytest.raises(CannotJoin, match="open in another window"):
        rejoin(host, ["Cleo"])
    with pytest.raises(CannotJoin, match="Dot is not learning here any more"):
        rejoin(host, ["Dot"])
    with pytest.raises(CannotJoin, match="open in another window"):
        check(host.store, None, ["Cleo"])
    with pytest.raises(CannotJoin, match="open in another window"):
        one_more(host.store, host.profile, [], "cleo")
    other.close()
    host.store.close()


def test_each_learners_list_ends_with_its_own_look_again_line() -> None:
    """At one keyboard a walker read "Ben made no mistakes. Brilliant!" then "It is a rule worth
    a second look in the lessons.", which was about Mia's mistake, listed before Ben's praise."""
    from tutor.wording.ending import each_learners_mistakes

    game = Game.from_hands(Rules.bicycle(players=3), [cards("5C"), cards("5D"), cards("9C 9D")], dealer=2)
    lines = [line.text for line in each_learners_mistakes(game, ["Mia", "Ben", "Sam"], [(0, [(1, "Every pair goes down")]), (1, [])])]
    assert lines == [
        "Mia's mistakes (1):",
        "  1 × Every pair goes down",
        "It is a rule worth a second look in the lessons.",
        "Ben made no mistakes. Brilliant!",
        "Each of you will find this game in My progress.",
    ]
