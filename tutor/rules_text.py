"""A friendly summary of the rules in play, in our own words, built from the engine's Rules."""

from __future__ import annotations

from tutor.engine import Rules, rank_name


def rules_summary(rules: Rules) -> list[tuple[str, str]]:
    """(heading, paragraph) pairs describing `rules` for a young reader."""
    odd = rank_name(rules.odd_rank)
    sections = [
        ("What you need", f"A normal pack of 52 cards with no jokers. Take out one {odd}: that leaves 51 cards, "
         f"so one {odd} can never find a partner. That lonely card is the Old Maid."),
        ("The deal", "Deal every card, one at a time, going round to the left. Some players get one card more: "
         "that's fine. No cards are left over in a pile."),
        ("Pairs", "Two cards of the same rank make a pair, whatever their suits or colours: 5♣ and 5♥ are a pair. "
         "With three of a kind, lay down two and keep one. Four of a kind makes two pairs."),
        ("Start", "Everybody lays down all the pairs in their hand first."
         + (" Pairs go face up, the moment they form." if rules.pairs_face_up else " The pairs go face down.")),
        ("Your turn", _turn_text(rules)),
        ("Empty hands", "When your hand is empty you are safe! You sit out, and the others skip you."),
        ("The end", _ending_text(rules, odd)),
    ]
    if rules.variant == "table" and rules.extra_draw_on_pair:
        sections.append(("House rule", "When a card you draw makes a pair, you draw again (if you still have cards)."))
    if rules.wrong_pair_loses:
        sections.append(("Check the pairs", "At the end the pairs are checked. Anyone who laid down two cards that "
                         "are not a pair loses and is the Old Maid."))
    return sections


def _turn_text(rules: Rules) -> str:
    if rules.variant == "bicycle":
        return ("Hold your cards out face down to the next player on your left who still has cards. They take one "
                "without looking. If it makes a pair, it goes down at once. Then they hold their cards out to "
                "their left. So you always draw from the nearest player on your right.")
    return ("You always draw from the nearest player on your left who still has cards: you never choose. "
            "Take one card without looking. If it makes a pair, lay it down face up straight away. "
            "Then the next player on the left has a turn.")


def _ending_text(rules: Rules, odd: str) -> str:
    if rules.odd_card_wins:
        return (f"Play goes on until one player is left holding the last {odd}. In this reversed game, "
                "that player wins!")
    ending = (f"Play goes on until only one player has cards: they hold the last {odd} and are the Old Maid. "
              "Everyone else is safe, and being first out earns nothing extra.")
    if rules.wrong_pair_loses:
        ending += " But if the pair check finds a wrong pair, the player who laid it down is the Old Maid instead."
    return ending
