"""The guided game without the UI: moves, mistakes, hints, narration and saving."""

import pytest
from helpers import cards

from tutor.engine import Game, Rules
from tutor.guided_game import GuidedGame
from tutor.settings import Settings

NAMES = ["Robin", "Bea", "Sam", "Ana"]


def crafted(rules: Rules, hands: list[str], dealer: int = 0, guidance: str = "guided") -> GuidedGame:
    game = Game.from_hands(rules, [cards(hand) for hand in hands], dealer=dealer, learners=(0,))
    return GuidedGame(game, NAMES[: rules.players], guidance)


def test_new_game_deals_for_the_learner_and_is_repeatable() -> None:
    one, two = GuidedGame.new(Settings(), seed=3), GuidedGame.new(Settings(), seed=3)
    assert one.to_dict() == two.to_dict()
    assert one.stage == "pairing" and one.names[0] == "You"
    assert "dealt all 51 cards" in one.log[0]


def test_each_mistake_is_refused_explained_and_counted() -> None:
    session = crafted(Rules.bicycle(), ["5C 5H 7C 7D 7S 9D KS", "2C 3C", "", "9C 4D QS"], dealer=2)
    before = session.game.to_dict()
    outcome = session.finish_pairing()
    assert outcome.refused and outcome.mistake.code == "kept-pair"
    assert "5♣ and 5♥ make a pair" in outcome.explanation.why
    assert session.lay_down(cards("7C 7D 7S")).explanation.code == "laid-down-three"
    assert "5♣ and 9♦ can't go down as a pair" in session.lay_down(cards("5C 9D")).explanation.what
    assert session.game.to_dict() == before
    assert session.mistake_counts() == {"kept-pair": 1, "laid-down-three": 1, "not-a-pair": 1}


def test_choosing_whom_to_draw_from_in_the_guided_level() -> None:
    session = crafted(Rules.bicycle(), ["5C 9D", "2C 3C", "", "9C 4D QS"], dealer=2)
    session.finish_pairing()
    assert session.stage == "choose-giver"
    empty = session.choose_giver(2)
    assert empty.mistake.code == "drew-from-empty" and "Sam has no cards" in empty.explanation.what
    assert "Draw from Ana" in empty.explanation.instead
    wrong = session.choose_giver(1)
    assert wrong.mistake.code == "wrong-neighbour" and "on your right" in wrong.explanation.why
    assert not session.choose_giver(3).refused
    assert session.stage == "draw"
    session.draw(0)
    assert session.stage in ("pairing", "over")


def test_table_rules_explain_that_you_never_choose() -> None:
    session = crafted(Rules.table(), ["5C 9D", "", "2C 3C", "9C 4D QS"], dealer=3)
    session.finish_pairing()
    wrong = session.choose_giver(3)
    assert wrong.mistake.code == "wrong-neighbour" and "never choose" in wrong.explanation.why
    assert session.choose_giver(1).mistake.code == "drew-from-empty"
    assert not session.choose_giver(2).refused


def test_hints_levels_come_from_the_hand() -> None:
    session = crafted(Rules.bicycle(), ["9C 9H 7C 7D 7S 2D", "2C 3C", "4C", "9D 4D QS"], dealer=2)
    assert session.hint().level == 1
    specific = session.hint()
    assert "two 9s" in specific.text and "three 7s (lay down two, keep one)" in specific.text
    answer = session.hint()
    assert answer.shows_answer and answer.move is not None
    assert session.hint().level == 3


def test_hints_for_drawing() -> None:
    session = crafted(Rules.bicycle(), ["5C 9D", "2C 3C", "", "9C 4D QS"], dealer=2)
    session.finish_pairing()
    assert "right" in session.hint().text
    specific = session.hint().text
    assert "Ana is the nearest player on your right" in specific and "skip" not in specific
    assert session.hint().text == "Draw from Ana."


def test_other_levels_pick_the_giver_for_the_learner() -> None:
    session = crafted(Rules.bicycle(), ["5C 9D", "2C 3C", "", "9C 4D QS"], dealer=2, guidance="hints")
    session.finish_pairing()
    assert session.stage == "draw"
    assert "Pick any of them" in session.peek_hint(2).text


def test_strict_mode_counts_the_wrong_pair_and_the_check_decides() -> None:
    rules = Rules.bicycle(players=3, wrong_pair_loses=True)
    session = crafted(rules, ["5C 9D", "5H 9C QS", "KC KD"], dealer=0)
    outcome = session.lay_down(cards("5C 9D"))
    assert not outcome.refused
    assert session.game.is_over and session.game.loser == 0
    assert any("not a pair" in line for line in session.log)
    assert session.mistake_counts() == {"not-a-pair": 1}


def test_narration_keeps_face_down_pairs_secret() -> None:
    session = crafted(Rules.bicycle(), ["5C 9D", "2C 3C 9C", "", "5D QS 3D 2D"], dealer=3)
    session.finish_pairing()
    session.choose_giver(3)
    while session.stage not in ("over",):
        if session.stage == "pairing":
            for pair in session.game.pairs_in(0):
                session.lay_down(pair)
            if session.stage == "pairing":
                session.finish_pairing()
        elif session.stage == "choose-giver":
            session.choose_giver(session.game.giver)
        elif session.stage == "draw":
            session.draw(0)
        else:
            session.play_computer_turn()
    told = "\n".join(session.log)
    assert "laid down a pair, face down" in told or "You laid down" in told
    assert session.narrator.ending(session.game) in told


def test_round_trip_and_damaged_saves() -> None:
    session = crafted(Rules.table(), ["5C 9D", "", "2C 3C", "9C 4D QS"], dealer=3)
    session.finish_pairing()
    copy = GuidedGame.from_dict(session.to_dict())
    assert copy.to_dict() == session.to_dict()
    for damaged in ({}, {**session.to_dict(), "names": ["x"]}, {**session.to_dict(), "game": {}}, {**session.to_dict(), "log": None}):
        with pytest.raises(ValueError):
            GuidedGame.from_dict(damaged)


def test_the_hint_names_the_empty_seats_passed_over() -> None:
    session = crafted(Rules.table(), ["5C 9D", "", "2C 3C", "9C 4D QS"], dealer=3)
    session.finish_pairing()
    session.hint()
    specific = session.hint().text
    assert "Sam is the nearest player on your left" in specific and "Bea has no cards, so skip them" in specific
