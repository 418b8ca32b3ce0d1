"""Settings: defaults, checks with clear messages, forgiving loading, and the engine's Rules."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tutor.engine import ODD_RANKS, RULEBOOKS, VARIANTS, Rules, every_rules
from tutor.settings import SWITCH_ORDER, OddRank, Ruleset, Settings, choices_for


def test_defaults() -> None:
    settings = Settings()
    assert (settings.ruleset, settings.players, settings.odd_rank) == ("bicycle", 4, "Q")
    assert (settings.guidance, settings.speed, settings.theme) == ("guided", "normal", "textual-dark")
    assert settings.opponent_names == ("Bea", "Sam", "Ana", "Kit", "Lou", "Max", "Zoe")
    assert settings.learner_name == "You" and settings.suit_style == "symbols"
    assert not (settings.extra_draw_on_pair or settings.odd_card_wins or settings.wrong_pair_loses or settings.unlock_all_lessons)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"ruleset": "poker"}, "ruleset must be one of bicycle, table; not 'poker'"),
        ({"odd_rank": "A"}, "odd_rank must be one of Q, K, J"),
        ({"guidance": "none"}, "guidance must be one of guided, hints, own"),
        ({"speed": "warp"}, "speed must be one of slow, normal, fast, instant"),
        ({"suit_style": "emoji"}, "suit_style must be one of symbols, letters"),
        ({"players": 6}, "players must be 2 to 5 with the bicycle rules, not 6"),
        ({"players": 1}, "players must be 2 to 5"),
        ({"players": True}, "players must be 2 to 5"),
        ({"ruleset": "table", "players": 9}, "players must be 2 to 8 with the table rules"),
        ({"odd_card_wins": "yes"}, "odd_card_wins must be True or False"),
        ({"unlock_all_lessons": 1}, "unlock_all_lessons must be True or False"),
        ({"learner_name": "  "}, "learner_name A name must be 1 to 40 characters long."),
        ({"theme": ""}, "theme must be 1 to 40 characters"),
        ({"opponent_names": ("Bea", "Sam")}, "at least 3 names for 4 players"),
        ({"opponent_names": ["Bea", "Sam", "Ana"]}, "must be a tuple"),
        ({"opponent_names": ("Bea", "", "Ana")}, "opponent_names A name must be 1 to 40"),
        ({"odd_card_wins": True, "wrong_pair_loses": True}, "wrong_pair_loses"),
        ({"odd_rank": "K"}, "odd_rank 'K' is not in the Bicycle rules; allowed: Q or J"),
        ({"ruleset": "table", "odd_rank": "J"}, "odd_rank 'J' is not in the Table rules; allowed: Q or K"),
    ],
)
def test_bad_values_name_the_field_and_what_is_allowed(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        Settings(**change)


def test_table_rules_allow_up_to_eight_players() -> None:
    assert Settings(ruleset="table", players=8).players == 8


def test_dict_round_trip_is_plain_json() -> None:
    settings = Settings(ruleset="table", players=6, speed="fast", extra_draw_on_pair=True)
    data = settings.to_dict()
    assert data["opponent_names"] == list(settings.opponent_names)
    assert Settings.from_dict(data) == settings


def test_from_dict_ignores_unknown_keys_and_keeps_defaults_for_bad_values() -> None:
    loaded = Settings.from_dict(
        {
            "speed": "warp",
            "players": 3,
            "guidance": "hints",
            "odd_rank": None,
            "opponent_names": ["Ola"],
            "colour_of_the_sky": "blue",
        }
    )
    assert loaded == replace(Settings(), players=3, guidance="hints")


def test_from_dict_knows_the_ruleset_before_checking_players() -> None:
    assert Settings.from_dict({"players": 8, "ruleset": "table"}).players == 8
    assert Settings.from_dict({"players": 8, "ruleset": "bicycle"}).players == 4


@pytest.mark.parametrize("ruleset", VARIANTS)
def test_settings_take_every_ruleset_and_odd_rank_the_engine_knows(ruleset: Ruleset) -> None:
    odd_ranks: tuple[OddRank, ...] = RULEBOOKS[ruleset].odd_ranks
    assert choices_for(ruleset).odd_ranks == odd_ranks
    for odd_rank in odd_ranks:
        assert Settings(ruleset=ruleset, odd_rank=odd_rank).rules().odd_rank == odd_rank


@pytest.mark.parametrize(("field", "value"), [("ruleset", "poker"), ("ruleset", "Bicycle"), ("odd_rank", "A"), ("odd_rank", "q")])
def test_settings_refuse_what_the_engine_does_not_know(field: str, value: str) -> None:
    allowed = VARIANTS if field == "ruleset" else ODD_RANKS
    assert value not in allowed
    with pytest.raises(ValueError, match=f"{field} must be one of {', '.join(allowed)}; not {value!r}"):
        Settings(**{field: value})


def test_from_an_empty_dict_gives_the_defaults() -> None:
    assert Settings.from_dict({}) == Settings()


def test_rules_for_the_bicycle_ruleset() -> None:
    settings = Settings(players=3, odd_rank="J", wrong_pair_loses=True)
    assert settings.rules() == Rules.bicycle(players=3, odd_rank="J", odd_card_wins=False, wrong_pair_loses=True)


def test_rules_for_the_table_ruleset() -> None:
    settings = Settings(ruleset="table", players=7, odd_rank="K", extra_draw_on_pair=True)
    assert settings.rules() == Rules.table(players=7, odd_rank="K", extra_draw_on_pair=True, odd_card_wins=False)


@pytest.mark.parametrize("ruleset", ["bicycle", "table"])
def test_every_allowed_player_count_makes_engine_rules(ruleset: Ruleset) -> None:
    for players in choices_for(ruleset).players:
        assert Settings(ruleset=ruleset, players=players).rules().players == players


def test_from_dict_drops_a_house_rule_the_engine_will_not_combine() -> None:
    loaded = Settings.from_dict({"odd_card_wins": True, "wrong_pair_loses": True})
    assert (loaded.odd_card_wins, loaded.wrong_pair_loses) == (True, False)


def test_house_rules_of_the_other_ruleset_are_kept_but_not_played() -> None:
    both = Settings(extra_draw_on_pair=True, wrong_pair_loses=True)
    assert both.rules().extra_draw_on_pair is False
    assert replace(both, ruleset="table").rules().wrong_pair_loses is False


# What each ruleset allows, from the engine (issue 11, item 7)


def test_choices_for_each_ruleset_come_from_the_engine() -> None:
    bicycle, table = choices_for("bicycle"), choices_for("table")
    assert (bicycle.name, list(bicycle.players), bicycle.odd_ranks) == ("Bicycle", [2, 3, 4, 5], ("Q", "J"))
    assert (table.name, list(table.players), table.odd_ranks) == ("Table", list(range(2, 9)), ("Q", "K"))
    assert bicycle.switches == ("odd_card_wins", "wrong_pair_loses")
    assert table.switches == ("extra_draw_on_pair", "odd_card_wins")
    assert set(bicycle.switches) | set(table.switches) == set(SWITCH_ORDER)
    with pytest.raises(ValueError, match="variant must be"):
        choices_for("poker")


def test_the_settings_choices_make_exactly_the_engines_rules_combinations() -> None:
    made = set()
    for ruleset in ("bicycle", "table"):
        choices = choices_for(ruleset)
        for players in choices.players:
            for odd_rank in choices.odd_ranks:
                for flags in range(2 ** len(choices.switches)):
                    switches = {name: bool(flags >> bit & 1) for bit, name in enumerate(choices.switches)}
                    try:
                        made.add(Settings(ruleset=ruleset, players=players, odd_rank=odd_rank, **switches).rules())
                    except ValueError:
                        assert switches.get("odd_card_wins") and switches.get("wrong_pair_loses")
    assert made == set(every_rules())


def test_house_rules_lists_only_the_switches_in_play() -> None:
    settings = Settings(ruleset="table", extra_draw_on_pair=True, wrong_pair_loses=True)
    assert settings.house_rules() == {"extra_draw_on_pair": True, "odd_card_wins": False}


def test_moving_to_another_ruleset_keeps_what_it_allows() -> None:
    table = Settings(ruleset="table", players=8, odd_rank="K", extra_draw_on_pair=True, odd_card_wins=True)
    bicycle = table.with_ruleset("bicycle")
    assert (bicycle.ruleset, bicycle.players, bicycle.odd_rank, bicycle.odd_card_wins) == ("bicycle", 5, "Q", True)
    assert bicycle.extra_draw_on_pair  # kept for when the Table rules come back, not played
    assert bicycle.with_ruleset("table").odd_rank == "Q"
    strict = Settings(players=3, odd_rank="J", wrong_pair_loses=True)
    assert strict.with_ruleset("table") == replace(strict, ruleset="table", odd_rank="Q")
    assert strict.with_ruleset("table").with_ruleset("bicycle").wrong_pair_loses


def test_moving_to_another_ruleset_never_fails() -> None:
    for rules in every_rules(players=(2, 5, 8)):
        settings = Settings(
            ruleset=rules.variant,
            players=rules.players,
            odd_rank=rules.odd_rank,  # type: ignore[arg-type]
            **{name: getattr(rules, name) for name in SWITCH_ORDER},
        )
        for ruleset in ("bicycle", "table"):
            assert settings.with_ruleset(ruleset).rules().variant == ruleset


def test_from_dict_forgets_an_odd_rank_the_ruleset_lacks() -> None:
    assert Settings.from_dict({"ruleset": "table", "odd_rank": "J"}).odd_rank == "Q"
    assert Settings.from_dict({"ruleset": "table", "odd_rank": "K"}).odd_rank == "K"
    assert Settings.from_dict({"odd_rank": "K"}).odd_rank == "Q"
