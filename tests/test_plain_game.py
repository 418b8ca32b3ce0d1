"""A game in plain lines, through pipes: a bot plays a whole game from what it reads (the hand
as a numbered list, whom to draw from), the learner's mistakes are explained as on the screen, the
game is saved after every move (the end of input, Ctrl+C) and goes on in the app's saved place."""

from __future__ import annotations

import re
import signal
import threading
from pathlib import Path
from typing import Any

from plain_helpers import after, check_lines, run_plain, start_plain
from ui_helpers import set_settings

from tutor.learner.session import LearnerSession
from tutor.play.guided_game import GuidedGame
from tutor.store import open_store

CARD = re.compile(r"^(\d+)\. (\S+)( \(.*\))?( ★)?$")  # ★: the card just drawn
COLUMNS = 100


def saved_game(data: Path) -> GuidedGame | None:
    store = open_store(data)
    try:
        saved = LearnerSession(store, store.get_or_create_profile("Ana")).saved_game()
        return None if saved is None else GuidedGame.from_dict(saved)
    finally:
        store.close()


def finished_games(data: Path) -> int:
    store = open_store(data)
    try:
        return len(store.finished_games(store.get_or_create_profile("Ana")))
    finally:
        store.close()


def a_pair(hand: dict[int, str]) -> str | None:
    """Two numbers of cards of one rank in the hand said last, or None."""
    seen: dict[str, int] = {}
    for number, code in hand.items():
        rank = code[:-1]
        if rank in seen:
            return f"{seen[rank]} {number}"
        seen[rank] = number
    return None


def test_a_whole_game_played_from_what_is_said(tmp_path: Path) -> None:
    game = start_plain(tmp_path, "--profile", "Ana", "play", "--deck", "standard", "--seed", "5", columns=COLUMNS)
    assert game.stdin is not None and game.stdout is not None
    watchdog = threading.Timer(180, game.kill)  # a question the bot does not know would wait for ever
    watchdog.start()
    said: list[str] = []
    hand: dict[int, str] = {}
    in_hand = False
    tried_giver = 0
    refused = False
    for _ in range(5000):
        line = game.stdout.readline()
        assert line, "the game ended before it was over; the last lines:\n" + "\n".join(said[-15:])
        line = line.rstrip("\n")
        said.append(line)
        if line.startswith("Your cards ("):
            hand, in_hand = {}, True
            continue
        found = CARD.match(line)
        if in_hand and found:
            hand[int(found.group(1))] = found.group(2)
            continue
        in_hand = False
        if not line.endswith("or q to stop."):
            continue
        question = " ".join(said[-3:])  # a question may take two lines
        if "Type n for a new game" in question:
            answer, refused = ("q", refused) if refused else ("x", True)
        elif "Type the numbers of two cards (like" in question:
            answer = a_pair(hand) or "d"
            if answer != "d":
                hand = {}
        elif "Type the player's number" in question:
            tried_giver += 1
            answer = str(1 + tried_giver % 3)
        else:
            answer = "1"
        game.stdin.write(answer + "\n")
        game.stdin.flush()
        if answer == "q":
            break
    game.stdin.close()  # q at the game's end goes Home; the end of input stops there
    rest = game.stdout.read().splitlines()
    assert game.wait(timeout=30) == 0
    watchdog.cancel()
    said += rest
    check_lines(said, COLUMNS)
    assert "The game is over. Type n for a new game, or q to stop." in said
    assert said[said.index("> x") + 1] == "Type one letter: n or q."  # not taken as q
    assert "How everyone did:" in said
    assert any(line.startswith("The game took ") for line in said)
    assert any(" draws from " in line or " drew " in line or " took " in line for line in said)  # every computer move said
    asked = " ".join(said)
    assert re.search(r"Your turn: draw a card\. \w+'s hand: \d+ cards?, face down\.", asked), "the fan's size in words"  # not "face down: 6."
    assert "Your turn to draw! Who do you draw from?" in asked and "Whom" not in asked  # an eight-year-old's words
    assert finished_games(tmp_path) == 1 and saved_game(tmp_path) is None
    drawn = [line for line in said if line.startswith("You drew ") and " from " in line]
    assert drawn and any(CARD.match(line) and line.endswith(" ★") for line in said)  # the card just drawn, marked in the hand


def test_a_mistake_is_explained_as_on_the_screen_and_the_game_is_saved_at_the_end_of_input(tmp_path: Path) -> None:
    code, lines, _ = run_plain(tmp_path, ["d"], "--profile", "Ana", "play", "--deck", "standard", "--seed", "3", columns=COLUMNS)
    assert code == 0
    start = lines.index("> d")
    assert lines[start + 1 : start + 3] == ["Not quite!", "You still hold 2♦ and 2♥."]
    assert lines[start + 4].startswith("Try this: ")
    typed = next(line for line in lines[start + 4 : start + 8] if line.startswith("Type "))
    assert typed in ("Type 2 3.", "Type 3 2."), "the pair the reason names, as its numbers are typed here"
    assert lines[-1] == "Everything is saved. Goodbye!"
    kept = saved_game(tmp_path)
    assert kept is not None and kept.mistake_counts()["kept-pair"] == 1
    code, lines, _ = run_plain(tmp_path, ["3 2"], "--profile", "Ana", "play", "--deck", "standard", columns=COLUMNS)
    assert "Welcome back! Your game carries on from where you stopped." in lines
    after = saved_game(tmp_path)
    assert after is not None and len(after.hand) == len(kept.hand) - 2  # the same game, a pair fewer


def test_a_wrong_pair_strict_bicycle_lets_go_down_is_kept_among_the_learners_mistakes(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    ana = store.get_or_create_profile("Ana")
    set_settings(store, ana, wrong_pair_loses=True)
    store.close()
    code, lines, _ = run_plain(tmp_path, ["1 4"], "--profile", "Ana", "play", "--deck", "standard", "--seed", "3", columns=COLUMNS)
    assert code == 0 and "You laid down A♠ and 3♣." in lines, "nothing stops it under strict rules"
    store = open_store(tmp_path)
    try:
        assert [(mistake.code, mistake.cards) for mistake in store.mistakes(store.get_or_create_profile("Ana"))] == [("not-a-pair", ("A♠", "3♣"))]
    finally:
        store.close()


def test_ctrl_c_exits_130_and_the_game_is_saved(tmp_path: Path) -> None:
    game = start_plain(tmp_path, "--profile", "Ana", "play", "--deck", "standard", "--seed", "3", columns=COLUMNS)
    assert game.stdin is not None and game.stdout is not None
    game.stdin.write("3 2\n")
    game.stdin.flush()
    while not game.stdout.readline().startswith("> 3 2"):
        pass
    while "or q to stop." not in game.stdout.readline():
        pass
    game.send_signal(signal.SIGINT)
    out, err = game.communicate(timeout=30)
    assert game.returncode == 130 and "Traceback" not in err
    assert out.splitlines()[-1] == "Everything is saved. Goodbye!" and "stopped" not in err  # the same kind goodbye as q
    kept = saved_game(tmp_path)
    assert kept is not None and len(kept.hand) == 11


def test_a_new_game_asks_which_cards_suggesting_the_smallest_picture_deck_for_a_first_game(tmp_path: Path) -> None:
    code, lines, _ = run_plain(tmp_path, ["", "t"], "--profile", "Ana", "play", "--seed", "2", columns=COLUMNS)
    assert code == 0
    assert lines[2] == "Which cards shall we play with?"
    assert "2. Farm friends: 19 cards: 9 pairs of pictures and the Old Maid (suggested for a first game)" in lines
    assert "Type a number (1 to 3), just Enter for Farm friends, or q to go back." in lines
    kept = saved_game(tmp_path)
    assert kept is not None and kept.game.rules.deck == "farm"
    store = open_store(tmp_path)
    try:
        assert store.load_settings(store.get_or_create_profile("Ana")).deck == "farm"  # the choice is the setting, as in the app
    finally:
        store.close()


def test_w_switches_cards_between_words_and_short_codes(tmp_path: Path) -> None:
    code, lines, _ = run_plain(tmp_path, ["w", "t", "w", "t"], "--profile", "Ana", "play", "--deck", "standard", "--seed", "3", columns=COLUMNS)
    assert code == 0
    assert after(lines, "w")[0] == "Cards as short codes, like Q♥."
    codes = [line for line in after(lines, "t") if CARD.match(line)]
    assert codes and all("(" not in line for line in codes)
    assert after(lines, "w", nth=1)[0] == "Cards as words, like Q♥ (Queen of hearts)."
    assert all(line.endswith(")") for line in after(lines, "t", nth=1) if CARD.match(line))


def test_the_seat_you_draw_from_says_what_it_does_in_a_whole_phrase_in_every_language(tmp_path: Path) -> None:
    """Not the screen's mark cut to its last word ('4 cards, offers'; German 'bietet an' as 'an')."""
    typed = ["3 2", "4 5", "4 5", "d"]
    code, lines, _ = run_plain(tmp_path / "en", typed, "--profile", "Ana", "play", "--deck", "standard", "--seed", "3", columns=COLUMNS)
    assert code == 0 and "3. Kit, on your right: 4 cards, 5 pairs down, holds them out to you" in lines
    code, lines, _ = run_plain(tmp_path / "de", typed, "--profile", "Ana", "--lang", "de", "play", "--deck", "standard", "--seed", "3", columns=COLUMNS)
    assert code == 0 and "3. Kit, rechts von dir: 4 Karten, 5 Paare abgelegt, hält sie dir hin" in lines


def test_a_new_game_says_the_deal_and_every_seat_says_its_pairs_down(tmp_path: Path) -> None:
    code, lines, _ = run_plain(tmp_path, ["3 2", "t"], "--profile", "Ana", "play", "--deck", "standard", "--seed", "3", columns=COLUMNS)
    assert code == 0
    assert lines[2:6] == [
        "A game of Old Maid: Bicycle rules, 4 players.",
        "Bicycle rules: you draw from your right.",
        "Bea dealt all 51 cards. Everyone lays down their pairs.",
        "The other players, clockwise from your left:",
    ]
    table = after(lines, "t")
    assert table[1:4] == [
        "1. Bea, on your left: 6 cards, 3 pairs down",
        "2. Sam, across: 3 cards, 5 pairs down",
        "3. Kit, on your right: 5 cards, 4 pairs down",
    ]
    assert "Your pairs down: 1 pair." in table  # face down in Bicycle rules, but you know your own
    code, lines, _ = run_plain(tmp_path, ["q"], "--profile", "Ana", "play", columns=COLUMNS)
    assert "Bea dealt all 51 cards. Everyone lays down their pairs." not in lines  # a game carried on is not dealt again


def test_the_answer_hint_in_a_game_says_the_numbers_to_type(tmp_path: Path) -> None:
    typed = ["h", "h", "h", "8 9", "3 2", "4 5", "d", "h", "h", "h"]
    code, lines, _ = run_plain(tmp_path, typed, "--profile", "Ana", "play", "--deck", "standard", "--seed", "3", columns=200)
    assert code == 0
    answers = [line for line in lines if line.startswith("Hint 3 of 3 (the answer): ")]
    assert answers[0].startswith("Hint 3 of 3 (the answer): Lay down 9♥ and 9♠.") and answers[0].endswith(" Type 8 9.")
    assert answers[1].startswith("Hint 3 of 3 (the answer): Draw from Kit.") and answers[1].endswith(" Type 3.")  # Kit is player 3


def test_a_school_database_lost_mid_game_is_one_line_and_the_game_goes_on_and_is_saved(tmp_path: Path, postgres_cluster: Any) -> None:
    from test_store_postgres import rows

    url = postgres_cluster.new_database()
    name = url.partition("@/")[2].partition("?")[0]
    game = start_plain(tmp_path, "--database", url, "--profile", "Finn", "--plain", "play", "--deck", "standard", "--seed", "3", columns=COLUMNS)
    assert game.stdin is not None and game.stdout is not None

    def heard_until_asked() -> str:
        assert game.stdout is not None
        heard = [game.stdout.readline()]
        while heard[-1] and "or q to stop." not in heard[-1]:  # "": the tutor stopped
            heard.append(game.stdout.readline())
        return " ".join(line.strip() for line in heard)

    heard_until_asked()
    rows(postgres_cluster.socket_url, f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
    rows(postgres_cluster.socket_url, f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'")
    game.stdin.write("3 2\n")
    game.stdin.flush()
    heard = heard_until_asked()
    assert heard.count("cannot be reached right now") == 1 and "Keep playing: your progress is kept" in heard, heard
    assert "You laid down 2♦ and 2♥." in heard  # and the game goes on
    rows(postgres_cluster.socket_url, f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
    out, err = game.communicate(timeout=60)
    assert game.returncode == 0 and "Traceback" not in err, err
    assert out.rstrip().endswith("Everything is saved. Goodbye!")
    with open_store(database=url) as store:
        saved = store.load_game(store.find_profile("Finn"))  # type: ignore[arg-type]
        assert saved is not None and len(GuidedGame.from_dict(saved).hand) == 11  # the pair laid down while the database was gone
