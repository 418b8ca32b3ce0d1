"""The guided game without the UI: moves, mistakes, hints, narration and saving."""

import pytest
from helpers import cards

from tutor.engine import Game, Mistake, MistakeCode, Rules
from tutor.play.guided_game import GuidedGame, Stage
from tutor.play.hints import LEVELS, hint_for
from tutor.settings import Settings
from tutor.wording import computer_names, same_name

NAMES = ["Robin", "Bea", "Sam", "Ana"]


def crafted(rules: Rules, hands: list[str], dealer: int = 0, guidance: str = "guided") -> GuidedGame:
    game = Game.from_hands(rules, [cards(hand) for hand in hands], dealer=dealer, learners=(0,))
    return GuidedGame(game, NAMES[: rules.players], guidance)


def test_new_game_deals_for_the_learner_and_is_repeatable() -> None:
    one, two = GuidedGame.new(Settings(), seed=3), GuidedGame.new(Settings(), seed=3)
    assert one.to_dict() == two.to_dict()
    assert one.stage is Stage.PAIRING and one.names[0] == "You"
    assert "dealt all 51 cards" in one.log[0]


def test_each_mistake_is_refused_explained_and_counted() -> None:
    session = crafted(Rules.bicycle(), ["5C 5H 7C 7D 7S 9D KS", "2C 3C", "", "9C 4D QS"], dealer=2)
    before = session.game.to_dict()
    outcome = session.finish_pairing()
    assert outcome.refused and outcome.mistake.code == "kept-pair"
    assert "You still hold 5♣ and 5♥." == outcome.explanation.what and outcome.explanation.why.startswith("They make a pair")
    assert session.lay_down(cards("7C 7D 7S")).explanation.code == "laid-down-three"
    assert "5♣ and 9♦ are not a pair" in session.lay_down(cards("5C 9D")).explanation.what
    assert session.game.to_dict() == before
    assert session.mistake_counts() == {"kept-pair": 1, "laid-down-three": 1, "not-a-pair": 1}


def test_a_mistake_made_again_at_once_is_explained_again_and_counted_once() -> None:
    """A child who presses D three times with a pair in hand made one mistake, not three; made
    again after another move, it counts again."""
    session = crafted(Rules.bicycle(), ["5C 5H 9D", "2C 3C", "", "9C 4D QS"], dealer=2)
    first, second, third = (session.finish_pairing() for _ in range(3))
    assert first.refused and not first.again and second.again and third.again
    assert third.explanation is not None and third.explanation.what == "You still hold 5♣ and 5♥.", "explained each time"
    assert session.mistake_counts() == {"kept-pair": 1}
    assert session.lay_down(cards("5C 9D")).refused and session.finish_pairing().refused
    assert session.mistake_counts() == {"kept-pair": 2, "not-a-pair": 1}


def test_choosing_whom_to_draw_from_in_the_guided_level() -> None:
    session = crafted(Rules.bicycle(), ["5C 9D", "2C 3C", "", "9C 4D QS"], dealer=2)
    session.finish_pairing()
    assert session.stage is Stage.CHOOSE_GIVER
    empty = session.choose_giver(2)
    assert empty.mistake.code == "drew-from-empty" and "Sam has no cards" in empty.explanation.what
    assert "Draw from Ana" in empty.explanation.instead
    wrong = session.choose_giver(1)
    assert wrong.mistake.code == "wrong-neighbour" and "on your right" in wrong.explanation.why
    assert not session.choose_giver(3).refused
    assert session.stage is Stage.DRAW
    session.draw(0)
    assert session.stage in (Stage.PAIRING, Stage.OVER)


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


@pytest.mark.parametrize("rules", [Rules.bicycle(), Rules.table(players=3), Rules.bicycle(deck="farm"), Rules.table(deck="everyday")])
def test_the_last_pairing_hint_names_the_cards_and_says_why(rules: Rules) -> None:
    shown = 0
    for seed in range(8):
        game = Game.deal(rules, seed, learners=(0,))
        pairs = game.pairs_in(0)
        if not pairs:
            continue
        shown += 1
        text = hint_for(game, 0, NAMES[: rules.players], LEVELS).text
        named, why = text.split(". ", 1)
        assert all(card.text() in named for card in pairs[0]), text
        if not rules.pictures:  # the reason names the cards in the order the move did
            assert why.startswith(named.removeprefix("Lay down ")), text
        assert "are a pair: " in why and ("same picture" in why if rules.pictures else ("same rank" in why or "both are" in why)), text
    assert shown


def test_hints_for_drawing() -> None:
    session = crafted(Rules.bicycle(), ["5C 9D", "2C 3C", "", "9C 4D QS"], dealer=2)
    session.finish_pairing()
    assert "right" in session.hint().text
    specific = session.hint().text
    assert specific.startswith("Go round to your right") and "Ana" not in specific and "skip" not in specific, "the way, not yet the answer"
    answer = session.hint().text
    assert answer.startswith("Draw from Ana. ") and "Ana is the nearest player on your right who still has cards." in answer, "the answer says why"


@pytest.mark.parametrize("guidance", ["guided", "hints", "own"])
def test_every_level_asks_whom_to_draw_from_and_explains_a_wrong_choice(guidance: str) -> None:
    session = crafted(Rules.bicycle(), ["5C 9D", "2C 3C", "", "9C 4D QS"], dealer=2, guidance=guidance)
    session.finish_pairing()
    assert session.stage is Stage.CHOOSE_GIVER, "the levels differ in the help shown, not in what is asked"
    wrong = session.choose_giver(1)
    assert wrong.mistake is not None and wrong.mistake.code == "wrong-neighbour"
    assert wrong.explanation is not None and "You chose to draw from Bea" in wrong.explanation.what
    assert "on your right" in wrong.explanation.why
    assert ("Ana" in wrong.explanation.instead) is (guidance != "own"), "on your own: the rule, not the answer"
    assert session.mistake_counts() == {"wrong-neighbour": 1}
    guided = guidance == "guided"
    assert session.giver_cursor() == (3 if guided else None) and session.shows_giver is guided, "the answer shown only when guided"
    assert not session.choose_giver(3).refused and session.stage is Stage.DRAW
    assert session.shows_giver, "once chosen, the giver is marked at every level"
    assert "Pick any of them" in session.peek_hint(2).text


@pytest.mark.parametrize("rules", [Rules.bicycle(), Rules.table()])
def test_guided_the_seat_cursor_starts_where_the_rules_let_you_draw(rules: Rules) -> None:
    asked = 0
    for seed in range(6):
        session = GuidedGame.new(Settings(ruleset=rules.variant, guidance="guided"), seed=seed)
        while session.stage is not Stage.CHOOSE_GIVER and session.stage is not Stage.OVER:
            if session.stage is Stage.PAIRING:
                for pair in session.game.pairs_in(0):
                    session.lay_down(pair)
                session.finish_pairing()
            else:
                session.play_computer_turn()
        if session.stage is Stage.CHOOSE_GIVER:
            asked += 1
            cursor = session.giver_cursor()
            assert cursor is not None and not session.choose_giver(cursor).refused, f"seed {seed}: Enter at once is not a mistake"
    assert asked >= 3


@pytest.mark.parametrize(
    ("rules", "hands", "dealer", "said"),
    [
        (Rules.table(players=2), ["5C 9D", "9C 4D QS"], 1, "Bea is the only other player, so you draw from Bea."),
        (Rules.bicycle(), ["5C 9D", "", "", "9C 4D QS"], 3, "Ana is the only other player still holding cards, so you draw from Ana."),
    ],
)
@pytest.mark.parametrize("guidance", ["guided", "hints", "own"])
def test_with_nobody_else_to_draw_from_the_tutor_says_so_instead_of_asking(rules: Rules, hands: list[str], dealer: int, said: str, guidance: str) -> None:
    session = crafted(rules, hands, dealer=dealer, guidance=guidance)
    session.finish_pairing()
    assert session.stage is Stage.DRAW
    assert session.only_giver() == said
    assert session.next_step().startswith(said)


def test_strict_mode_counts_the_wrong_pair_and_the_check_decides() -> None:
    rules = Rules.bicycle(players=3, wrong_pair_loses=True)
    session = crafted(rules, ["5C 9D", "5H 9C QS", "KC KD"], dealer=0)
    outcome = session.lay_down(cards("5C 9D"))
    assert not outcome.refused
    assert outcome.slipped is not None and outcome.slipped.cards == tuple(cards("5C 9D")), "to be kept in the profile"
    assert session.game.is_over and session.game.loser == 0
    assert any("not a pair" in line for line in session.log)
    assert session.mistake_counts() == {"not-a-pair": 1}


def test_narration_keeps_face_down_pairs_secret() -> None:
    session = crafted(Rules.bicycle(), ["5C 9D", "2C 3C 9C", "", "5D QS 3D 2D"], dealer=3)
    session.finish_pairing()
    session.choose_giver(3)
    while session.stage is not Stage.OVER:
        if session.stage is Stage.PAIRING:
            for pair in session.game.pairs_in(0):
                session.lay_down(pair)
            if session.stage is Stage.PAIRING:
                session.finish_pairing()
        elif session.stage is Stage.CHOOSE_GIVER:
            session.choose_giver(session.game.giver)
        elif session.stage is Stage.DRAW:
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
    saved = session.to_dict()
    for damaged in ({}, {**saved, "names": ["x"]}, {**saved, "game": {}}, {**saved, "log_told": None}, {**saved, "log_told": [{"fr": "Bonjour"}]}):
        with pytest.raises(ValueError):
            GuidedGame.from_dict(damaged)


def test_a_saved_games_log_is_read_in_the_language_in_use() -> None:
    """Played in Spanish, resumed after the learner switched to German: the log speaks German (it
    kept the Spanish lines above "Willkommen zurück!"); a log saved as text is shown as written."""
    from tutor import language

    with language.speaking("es"):
        session = GuidedGame.new(Settings(), seed=4)
        session.lay_down(session.game.pairs_in(0)[0])
        saved = session.to_dict()
        spanish, spanish_news = session.log, session.news
    assert len(spanish) == 2 and "repartió" in spanish[0] and spanish[1].startswith("Bajaste")
    assert spanish_news.startswith("Bajaste")  # the news beside the hand too ("Bea took your Cow." stayed English)
    with language.speaking("de"):
        resumed = GuidedGame.from_dict(saved)
        german, german_news = resumed.log, resumed.news
    assert len(german) == len(spanish) and german != spanish and german_news == german[1]
    with language.speaking("es"):
        assert resumed.log == spanish
    english = GuidedGame.from_dict(saved).log
    assert english != spanish and english != german and english == [line["en"] for line in saved["log_told"]]
    assert saved["log"] == spanish and saved["news"] == spanish_news  # as a tutor from before reads them
    before = {key: value for key, value in saved.items() if not key.endswith("_told")}
    old = GuidedGame.from_dict({**before, "log": ["Sam repartió las 9 cartas."], "news": "Bajaste 2♦ y 2♠."})  # saved before
    assert old.log == ["Sam repartió las 9 cartas."] and old.news == "Bajaste 2♦ y 2♠."


def test_the_hint_names_the_empty_seats_passed_over() -> None:
    session = crafted(Rules.table(), ["5C 9D", "", "2C 3C", "9C 4D QS"], dealer=3)
    session.finish_pairing()
    session.hint()
    specific = session.hint().text
    assert specific.startswith("Go round to your left") and "Bea has no cards, so skip Bea" in specific and "Sam" not in specific
    answer = session.hint().text
    assert "Sam is the nearest player on your left" in answer and "Bea has no cards, so skip Bea" in answer


def test_computer_players_never_share_the_learners_name() -> None:
    assert same_name("ana", "Ána") and same_name(" ANA ", "ana") and not same_name("Ana", "Anna")
    assert computer_names("Ána", ["Bea", "ana", "Sam"], 3) == ["Bea", "Sam", "Ivy"]
    assert computer_names("Bea", ["Bea", "bea", "Sam"], 2) == ["Sam", "Ivy"]
    settings = Settings(ruleset="table", players=8, learner_name="Ána")
    names = GuidedGame.new(settings, seed=1).names
    assert len(names) == 8 and not any(same_name(name, "Ana") for name in names[1:])
    assert len({name.casefold() for name in names}) == 8
    # A saved game from before the fix is mended when it is read.
    assert not any(
        same_name(name, "Robin")
        for name in GuidedGame(crafted(Rules.bicycle(), ["5C", "6C", "7C", "QS"]).game, ["Robin", "Bea", "robin", "Sam"], "hints").names[1:]
    )


def test_the_learner_is_you_in_every_hint_and_prompt() -> None:
    session = crafted(Rules.bicycle(), ["5C 9D", "2C 3C", "", "9C 2D 3D 5D QS"], dealer=2)
    session.names[0] = "You"
    session.finish_pairing()
    session.choose_giver(3)
    session.draw(0)
    while session.stage is Stage.PAIRING:
        pairs = session.game.pairs_in(0)
        session.lay_down(pairs[0]) if pairs else session.finish_pairing()
    seen = [session.next_step(), *(session.peek_hint(level).text for level in (1, 2, 3))]
    while session.stage is Stage.COMPUTER:
        session.play_computer_turn()
        seen += [session.next_step(), session.peek_hint(1).text]
    text = " ".join([*seen, *session.log, session.news])
    assert "Robin" not in text and "from You" not in text and "You's" not in text


def test_news_says_what_just_happened_to_you() -> None:
    session = crafted(Rules.bicycle(), ["5C 9D", "2C 3C", "", "9C 4D QS"], dealer=2, guidance="hints")
    session.finish_pairing()
    fan = session.game.fan()
    session.draw(fan.index(cards("9C")[0]))
    assert session.news == "You drew 9♣ from Ana: a pair!"
    session.lay_down(cards("9C 9D"))
    assert session.news == "You laid down 9♣ and 9♦."


def test_news_when_a_computer_takes_your_card() -> None:
    session = crafted(Rules.bicycle(), ["5C 9D", "2C 3C", "", "9C 4D QS"], dealer=0, guidance="hints")
    session.finish_pairing()
    while session.stage is Stage.COMPUTER:
        session.play_computer_turn()
    assert session.news.startswith("Bea took your ") and session.news.endswith(("5♣.", "9♦."))


def test_no_are_you_sure_for_a_blind_draw() -> None:
    session = crafted(Rules.bicycle(), ["5C 9D", "2C 3C", "", "9C 4D QS"], dealer=2, guidance="hints")
    session.finish_pairing()
    assert session.peek_hint(3).reveals, "whom to draw from is an answer to give away"
    session.choose_giver(3)
    assert session.stage is Stage.DRAW and not session.peek_hint(3).reveals
    pairing = crafted(Rules.bicycle(), ["5C 5D", "2C 3C", "", "9C 4D QS"], dealer=2, guidance="hints")
    assert pairing.peek_hint(3).reveals


def test_on_your_own_names_the_rule_but_not_the_move() -> None:
    own = crafted(Rules.bicycle(), ["5C 5H 9D", "2C 3C", "", "9C 4D QS"], dealer=2, guidance="own")
    assert not own.hints_allowed
    explanation = own.finish_pairing().explanation
    assert explanation is not None
    words = explanation.text()
    assert "5♣" not in words and "5♥" not in words and "Every pair goes down" in words
    guided = crafted(Rules.bicycle(), ["5C 5H 9D", "2C 3C", "", "9C 4D QS"], dealer=2, guidance="guided")
    assert "5♣" in guided.finish_pairing().explanation.text()
    three = crafted(Rules.bicycle(), ["7C 7D 7S 9D", "2C 3C", "", "9C 4D QS"], dealer=2, guidance="own")
    explanation = three.lay_down(cards("7C 7D 7S")).explanation
    assert explanation is not None and "Lay down any two" not in explanation.instead and "Look again at the rule “" in explanation.instead


def finish(session: GuidedGame) -> GuidedGame:
    while session.stage is not Stage.OVER:
        play_one_move(session)
    return session


def play_one_move(session: GuidedGame) -> None:
    if session.stage is Stage.PAIRING:
        pairs = session.game.pairs_in(0)
        session.lay_down(pairs[0]) if pairs else session.finish_pairing()
    elif session.stage is Stage.CHOOSE_GIVER:
        session.choose_giver(session.game.giver)
    elif session.stage is Stage.DRAW:
        session.draw(0)
    else:
        session.play_computer_turn()


def test_the_stage_is_a_stage_member_from_the_deal_to_the_end() -> None:
    session, stages = GuidedGame.new(Settings(), seed=7), []
    while session.stage is not Stage.OVER:
        stages.append(session.stage)
        play_one_move(session)
    stages.append(session.stage)
    assert all(type(stage) is Stage for stage in stages)
    assert set(stages) == set(Stage) - {Stage.HAND_OVER}, "a solo game never hands the keyboard over"


def test_the_stages_keep_their_words() -> None:
    assert [stage.value for stage in Stage] == ["pairing", "choose-giver", "draw", "computer", "over", "hand-over"]
    assert Stage("choose-giver") is Stage.CHOOSE_GIVER and Stage.DRAW == "draw"


def test_results_of_an_ordinary_game() -> None:
    session = finish(crafted(Rules.bicycle(players=3), ["5C QS", "5D", "8C 8D"], dealer=1, guidance="hints"))
    lines = [result.line for result in session.results()]
    assert lines[0] == "You are the Old Maid, left holding Q♠." or lines[0].startswith("Bea is the Old Maid")
    assert all("safe" in line for line in lines[1:]) and len(lines) == 3


def test_results_of_the_reversed_game_say_everyone_else_loses() -> None:
    session = finish(crafted(Rules.bicycle(players=3, odd_card_wins=True), ["5C QS", "5D", "8C 8D"], dealer=1, guidance="hints"))
    results = session.results()
    assert len(results) == 3
    assert results[0].line.endswith("by keeping the odd card, Q♠, to the end.")
    assert all("lose" in result.line and "safe" not in result.line for result in results[1:])
    assert {result.seat for result in results} == {0, 1, 2}


def test_results_of_strict_bicycle_name_the_wrong_pair_and_who_still_held_cards() -> None:
    rules = Rules.bicycle(players=3, wrong_pair_loses=True)
    session = crafted(rules, ["5C 9D", "5H 9C QS", "KC KD"], dealer=0)
    session.lay_down(cards("5C 9D"))
    lines = [result.line for result in session.results()]
    assert lines[0] == "You went out 2nd, but you laid down 5♣ and 9♦, which is not a pair: you are the Old Maid."  # Sam went out 1st
    assert "Bea still held 3 cards but is not the Old Maid" in " ".join(lines)
    assert "Sam" in " ".join(lines) and len(lines) == 3


def test_a_wrong_pair_that_went_down_under_the_strict_check_is_told_as_it_happened() -> None:
    """The strict pair check lets a wrong pair go down (a lesson then explains it): the words never
    say it "can't go down" right after it did, and say what the check at the end will do."""
    from tutor.course.mistakes import explain

    session = crafted(Rules.bicycle(players=3, wrong_pair_loses=True), ["5C 9D 7H", "5H 9C QS", "KC KD 7S"], dealer=0)
    assert not session.lay_down(cards("5C 9D")).refused
    (mistake,) = session.mistakes
    made = Mistake(MistakeCode(mistake.code), seat=0, cards=tuple(cards("5C 9D")))
    words = explain(made, session.game, session.names)
    assert words.what == "5♣ and 9♦ are not a pair."
    assert "Nobody checks the pairs as they go down" in words.why and "at the end they are all checked" in words.why
    assert "can't go down" not in " ".join((words.what, words.why, words.instead))


def test_three_cards_stopped_under_the_strict_check_are_told_why_they_were_stopped() -> None:
    """Under the strict pair check two wrong cards go down, but three never do: the words said
    nobody checks the pairs as they go down, right after the tutor had stopped them."""
    session = crafted(Rules.bicycle(players=3, wrong_pair_loses=True), ["5C 5H 7D 9S", "2C 3C 8H", "9C 2D 3D"], dealer=2)
    for three in ("5C 5H 7D", "5C 7D 9S"):
        told = session.lay_down(cards(three))
        assert told.refused and told.explanation is not None
        why = told.explanation.why
        assert why.endswith("More than two cards go down together only when they make whole pairs, so these stay in your hand.")
        assert "nobody checks" not in why.lower(), "a walker read 'nobody checks' right after being stopped"
    assert session.hand == tuple(cards("5C 5H 7D 9S"))


def test_a_pair_that_earns_another_draw_is_said_in_the_log() -> None:
    """With the house rule "a pair earns another draw", a player drew twice in a row and the log
    never said why."""
    from helpers import finish_opening, table_game

    from tutor.engine import Draw, FinishPairing, LayDown, Turn
    from tutor.wording.narration import Narrator

    rules = Rules.table(players=3, extra_draw_on_pair=True)
    game = table_game(rules, "5C 9D QS", "5H 7H KS", "KD 7S", dealer=0, learners=(0,))
    finish_opening(game)
    events = game.play_computer_turn()  # Bea draws from Sam: either card pairs one of hers
    again = [event for event in events if isinstance(event, Turn)]
    assert again and again[0].drawer == 1
    assert Narrator(["Robin", "Bea", "Sam"], 0).lines(events, game)[-1] == "Bea made a pair, and the house rule gives another draw."
    yours = table_game(rules, "5C 9D QS", "5H 9H", "KD 7S 8S", dealer=2, learners=(0,))  # you draw first, from Bea
    finish_opening(yours)
    yours.apply(Draw(0, 1, position=0))  # either of Bea's cards pairs one of yours
    pair = tuple(card for card in yours.hands[0] if any(other.pairs_with(card) for other in yours.hands[0] if other is not card))
    yours.apply(LayDown(0, pair))
    # Your extra draw comes once you say you are done: another move than the draw (a shared table's
    # players saw it said only for the computers)
    assert Narrator(["Robin", "Bea", "Sam"], 0).lines(yours.apply(FinishPairing(0)), yours) == ["You made a pair, and the house rule gives another draw."]
    without = table_game(Rules.table(players=3), "5C 9D QS", "5H 7H KS", "KD 7S", dealer=0, learners=(0,))
    finish_opening(without)
    assert not any("another draw" in line for line in Narrator(["Robin", "Bea", "Sam"], 0).lines(without.play_computer_turn(), without))


def test_a_drawer_who_goes_out_and_the_next_seat_offering_instead_is_said_in_the_log() -> None:
    """Bicycle rules: when the seat that just drew empties its hand, the next seat on its left that
    holds cards offers instead. The log said only that Bea was safe, and a newcomer took the turn
    for skipped ("it was Sam's turn to draw")."""
    from helpers import finish_opening, table_game

    from tutor.wording.narration import Narrator

    rules = Rules.bicycle(players=4)
    game = table_game(rules, "9D", "9H", "KS QS", "KD", dealer=0, learners=(0,))  # you offer your 9♦ to Bea first
    finish_opening(game)
    names = ["Robin", "Bea", "Sam", "Ana"]
    told = Narrator(names, 0).lines(game.play_computer_turn(), game)  # Bea draws it, pairs it, and is out
    assert told[-1] == "Bea has no cards left, so Sam offers instead, to Ana."  # to whom: a walker could not tell
    assert (game.drawer, game.giver) == (3, 2)  # Ana draws from Sam
    assert Narrator(names, None).lines([], game) == []  # said once, for the move that passed the turn on
    yours = table_game(rules, "9D", "9H", "KS QS", "KD", dealer=0, learners=(2,))  # the same deal, the learner in Sam's seat
    finish_opening(yours)
    assert Narrator(names, 2).lines(yours.play_computer_turn(), yours)[-1] == "Bea has no cards left, so you offer instead, to Ana. You don't draw this time."


def test_two_pairs_laid_down_in_one_move_are_both_in_the_news() -> None:
    """A walker laid down 8♣ 8♦ J♦ J♠ at once; the line beside the hand named only the Jacks."""
    session = crafted(Rules.bicycle(players=3), ["8C 8D JD JS 4H", "2C 5C 8H", "9C 2D 3D"], dealer=2)
    assert not session.lay_down(cards("8C 8D JD JS")).refused
    assert session.news == "You laid down 8♣, 8♦, J♦ and J♠."


def test_a_computer_drawing_from_you_is_said_with_you_as_the_one_drawn_from_in_every_language() -> None:
    """Spanish said "Bea roba a ti" (a whole phrase for "you" in the giver's place); it is "Bea te roba"."""
    from tutor import language

    session = crafted(Rules.bicycle(players=3), ["5C 9D", "5H 9C QS", "KC KD 7H"], dealer=0)
    session.finish_pairing()
    while session.stage is not Stage.COMPUTER or session.game.drawer is None:
        session.play_computer_turn()
    assert (session.game.drawer, session.game.giver) == (1, 0)
    said = {}
    for code in ("en", "es", "de"):
        language.ask(code)
        said[code] = session.next_step()
    language.ask("en")
    assert said["en"].startswith("Bea draws from you.")
    assert said["es"].startswith("Bea te roba.") and "a ti" not in said["es"]
    assert said["de"].startswith("Bea zieht bei dir.")
