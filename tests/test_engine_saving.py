import json

import pytest
from helpers import table_game

from tutor.engine import FinishPairing, Game, Rules


def saved_game() -> dict:
    game = Game.deal(Rules.bicycle(), seed=5, learners=(0,))
    return json.loads(json.dumps(game.to_dict()))


def test_saved_game_is_versioned_json() -> None:
    data = saved_game()
    assert data["format"] == "old-maid-game" and data["version"] == 1


def test_from_hands_games_round_trip_too() -> None:
    game = table_game(Rules.table(players=3, extra_draw_on_pair=True), "5C 9D", "5H 2C", "3C QS", learners=(0,))
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()


def test_dealing_phase_round_trips() -> None:
    game = Game.start_deal(Rules.bicycle(), seed=2)
    assert Game.from_dict(game.to_dict()).stock == 51


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda d: d.pop("hands"), "hands"),
        (lambda d: d.update(version=99), "version"),
        (lambda d: d.update(format="chess"), "not a saved Old Maid game"),
        (lambda d: d["hands"][0].append("5X"), "5X"),
        (lambda d: d["hands"][0].append(d["hands"][1][0]), "twice"),
        (lambda d: d.update(dealer=9), "dealer"),
        (lambda d: d.update(drawer="one"), "drawer"),
        (lambda d: d.update(phase="bidding"), "phase"),
        (lambda d: d.update(rng="not a state"), "damaged"),
        (lambda d: d.update(rules={"variant": "table", "players": 12}), "players"),
        (lambda d: d.update(pairs=[[0, ["5C"]]]), "pairs"),
        (lambda d: d["hands"].pop(), "hands"),
    ],
)
def test_damaged_data_gives_a_clear_value_error(damage, words: str) -> None:
    data = saved_game()
    damage(data)
    with pytest.raises(ValueError, match="saved game is damaged") as error:
        Game.from_dict(data)
    assert words in str(error.value)


@pytest.mark.parametrize("junk", [None, [], "game", 5])
def test_junk_is_not_a_game(junk) -> None:
    with pytest.raises(ValueError):
        Game.from_dict(junk)


def test_a_save_that_leaves_an_empty_hand_in_play_stops_at_the_turn_it_breaks() -> None:
    """While play goes on every empty hand is out, so the next seat with cards always exists; a
    damaged save that says otherwise fails loudly at the turn, not by giving the turn to no seat."""
    game = table_game(Rules.bicycle(players=4), "5C", "", "5D", "", learners=(0,))
    data = game.to_dict()
    data["out"] = []
    damaged = Game.from_dict(data)
    damaged.apply(FinishPairing(0))
    with pytest.raises(RuntimeError, match="no seat left of seat 2 holds cards"):
        damaged.play_computer_turn()  # seat 2 takes the 5C and pairs it: nobody holds cards now
