"""The rules in play, complete and in our own words, built from the engine's Rules and Rulebook.

Every point a learner needs is here for either ruleset: who may play, the odd card, the deal
(and who may get a shorter hand), keeping your hand hidden, pairs, who starts, whom you draw from
and who goes next, when you are safe, the end, wrong pairs and the house rules on or off. Where a
rulebook is silent the text says so once, kindly, and says what this app does instead.
"""

from __future__ import annotations

from tutor.engine import CARDS_IN_PLAY, Rules, rank_name
from tutor.engine.rules import SWITCHES_FROM_OUTSIDE
from tutor.wording import counted
from tutor.wording.going_out import Out, empty_hand_rule, going_out, paired_off_at_once

SWITCH_WORDS = {
    "extra_draw_on_pair": ("Another draw for a pair", "when a card you draw makes a pair and you still have cards, you draw again"),
    "odd_card_wins": ("The reversed game", "whoever is left holding the odd card wins instead of losing"),
    "wrong_pair_loses": ("Strict pair check", "a wrong pair may go down, and every pair is checked at the end"),
}
"""Each house-rule switch: its name and what it does, for the list of house rules on or off."""


def rules_summary(rules: Rules) -> list[tuple[str, str]]:
    """(heading, paragraph) pairs describing `rules` for a young reader."""
    odd = _odd_card(rules)
    return [
        ("Players", _players_text(rules)),
        ("What you need", _deck_text(rules)),
        ("The deal", _deal_text(rules)),
        (
            "Your cards",
            "Hold your cards so that nobody else can see them, and don't peek at anyone else's. When others draw from you, they pick without seeing the faces.",
        ),
        ("Pairs", _pairs_text(rules)),
        (
            "Before play",
            "Everybody first lays down all the pairs in their hand, " + ("face up." if rules.pairs_face_up else "face down.") + paired_off_at_once(rules),
        ),
        ("Who starts", _start_text(rules)),
        ("Your turn", _turn_text(rules)),
        ("Empty hands", empty_hand_rule(rules)),
        ("The end", _ending_text(rules, odd)),
        ("Wrong pairs", _wrong_pair_text(rules)),
        ("House rules and variants", _house_rules_text(rules)),
    ]


def rules_in_brief(rules: Rules) -> str:
    """The rules in one or two short sentences, for a table's waiting room ("Bicycle rules for 4
    players, with playing cards (one Queen taken out). House rules: none.")."""
    deck = rules.playing_deck
    if deck.character is None:
        cards = f"playing cards (one {rank_name(rules.odd_rank)} taken out)"
    else:
        cards = f"the {deck.name} deck (pairs of pictures and one {deck.character.name} card)"
    switches = [SWITCH_WORDS[name][0] for name in rules.book.switches if getattr(rules, name)]
    house = ", ".join(switches) if switches else "none"
    return f"{rules.name} rules for {rules.players} players, with {cards}. House rules: {house}."


def _players_text(rules: Rules) -> str:
    book = rules.book
    low, high = book.players
    if book.book_limits_players:
        allowed = f"{book.name} rules are for {low} to {high} players."
    else:
        allowed = f"The {book.name} rules don't say how many may play; this app seats {low} to {high} players."
    return f"{allowed} This game has {rules.players}."


def _odd_card(rules: Rules) -> str:
    """The card that can never be paired, in words: "the last Queen", or "the Old Maid card" of a picture deck."""
    character = rules.playing_deck.character
    return f"the {character.name} card" if character is not None else f"the last {rank_name(rules.odd_rank)}"


def _deck_text(rules: Rules) -> str:
    deck = rules.playing_deck
    if deck.character is None:
        odd = rank_name(rules.odd_rank)
        return (
            f"A normal pack of 52 cards with no jokers. Take out one {odd}: that leaves {CARDS_IN_PLAY} "
            f"cards, so one {odd} can never find a partner. That lonely card is the Old Maid." + _odd_rank_note(rules)
        )
    name = deck.character.name
    return (
        f"The {deck.name} deck: {counted(deck.pair_count, 'picture')}, each on two cards, and one {name} "
        f"card, {counted(rules.cards_in_play, 'card')} in all. Nothing is taken out: the {name} card is the "
        f"one card that can never find a partner. This deck comes with no rules of its own, so it is played "
        f"by the {rules.name} rules you chose, matching pictures instead of ranks."
    )


def _pairs_text(rules: Rules) -> str:
    if rules.pictures:
        return "Two cards with the same picture make a pair. Lay each pair down as soon as you have it; the Old Maid card never pairs with anything."
    return (
        "Two cards of the same rank make a pair, whatever their suits or colours: 5♣ and 5♥ are a "
        "pair. With three of a kind, lay down two and keep one. Four of a kind makes two pairs."
    )


def _odd_rank_note(rules: Rules) -> str:
    usual = rules.book.odd_ranks[0]
    if rules.odd_rank == usual:
        return ""
    source = rules.book.odd_rank_variant_from
    if source is not None:
        return f" {rules.name}'s own game takes out a {rank_name(usual)}; taking out a {rank_name(rules.odd_rank)} instead is {from_outside(source)}."
    return f" Taking out a {rank_name(rules.odd_rank)} instead of a {rank_name(usual)} is a house rule chosen at the deal."


def _deal_text(rules: Rules) -> str:
    book = rules.book
    sizes = sorted(set(rules.dealt_sizes()))
    fewer = "the dealer and those dealt to last get one card fewer"
    if book.says_how_to_deal:
        how = "Deal every card, one at a time, going round to the left (clockwise)."
        start = (
            ""
            if book.says_who_gets_fewer or len(sizes) == 1
            else f" The {book.name} rules don't say who gets the shorter hands; here the deal starts with the player on the dealer's left, so {fewer}."
        )
    else:
        how = (
            f"The {book.name} rules say only that every card is dealt, as evenly as it goes; at this table "
            "the deal goes one card at a time to the left, starting with the player on the dealer's left."
        )
        start = "" if len(sizes) == 1 else f" That way {fewer}."
    if len(sizes) == 1:
        share = f" With {rules.players} players everyone gets {counted(sizes[0], 'card')}."
    else:
        short, long = sizes
        extra = rules.dealt_sizes().count(long)
        rest = rules.players - extra
        share = (
            f" With {rules.players} players, {extra} {'gets' if extra == 1 else 'get'} {long} cards and "
            f"{rest} {'gets' if rest == 1 else 'get'} {short}: that's fine."
        )
    return how + share + start + " No cards are left over in a pile."


def _start_text(rules: Rules) -> str:
    book = rules.book
    if book.says_who_starts:
        return (
            "The dealer starts: they hold their cards out, face down, to the next player on their left "
            "who still has cards. If the dealer has no cards left after laying down pairs, the next "
            "player on their left who has cards starts instead."
        )
    return f"The {book.name} rules don't say who starts; at this table the first player on the dealer's left who still has cards draws first."


def _turn_text(rules: Rules) -> str:
    book = rules.book
    face = "face up" if rules.pairs_face_up else "face down"
    if book.giver_offers:
        text = (
            f"You draw from the nearest player on your {rules.draws_from} who still has cards: they hold "
            f"their cards out to you. Take one without looking. If it makes a pair, lay the pair down "
            f"{face} at once. Then it's your turn to hold your cards out to the next player on your left "
            "who still has cards, and they draw from you."
        )
        if book.says_empty_drawer:
            text += " If your draw leaves you with no cards, you're out, and the next player on your left who still has cards holds theirs out instead."
        return text
    text = (
        f"You always draw from the nearest player on your {rules.draws_from} who still has cards: you never "
        f"choose. Take one card without looking. If it makes a pair, lay the pair down {face} straight "
        "away: holding a pair back isn't allowed."
    )
    if book.says_turn_direction:
        return text + " Then the next player on the left has a turn."
    text += f" The {book.name} rules say only that play passes to the next seat; at this table it passes to the left, to the next player who still has cards."
    if rules.extra_draw_on_pair:
        text += " With the house rule in play, a draw that makes a pair earns you another draw, if you still have cards."
    return text


def _ending_text(rules: Rules, odd: str) -> str:
    if rules.odd_card_wins:
        return f"Play goes on until only one player has cards: they hold {odd}. In this reversed game, that player wins!"
    everyone = "has won" if going_out(rules) is Out.WON else "is safe"
    if rules.wrong_pair_loses:  # the check decides: nobody is safe before it
        return (
            "Play goes on until only one player has cards, or, after a wrong pair, until no more pairs can be made: "
            "then the game can end with two or three players still holding cards. Before anyone is named the Old Maid, "
            "all the pairs are checked: if the check finds a wrong pair, the player who laid it down is the Old Maid. "
            f"If every pair is real, the player left holding {odd} is the Old Maid, and everyone else {everyone}; "
            "going out first earns nothing extra."
        )
    return f"Play goes on until only one player has cards: they hold {odd} and are the Old Maid. Everyone else {everyone}; going out first earns nothing extra."


def _wrong_pair_text(rules: Rules) -> str:
    book = rules.book
    if book.wrong_pair_rule:
        said = (
            f"The {book.name} rules say that a player found to have laid down two cards that are not a pair "
            "loses and is the Old Maid, so check your pairs before anyone is named."
        )
    else:
        said = f"The {book.name} rules don't say what happens if someone lays down two cards that are not a pair."
    if rules.wrong_pair_loses:
        return said + " With the strict pair check on, this app lets such a pair go down and checks every pair at the end."
    return said + " This app looks at every pair as it goes down and tells you at once if it isn't one."


def from_outside(source: str) -> str:
    """One label for every variant neither rulebook plays, in both rulesets."""
    return f"a variant from outside the rulebooks, which {source} describes"


def _house_rules_text(rules: Rules) -> str:
    book = rules.book
    lines = []
    source = f", {from_outside(book.odd_rank_variant_from)}" if book.odd_rank_variant_from else f" (a house rule of the {book.name} rules)"
    for other in () if rules.pictures else book.odd_ranks[1:]:  # a picture deck takes nothing out
        state = "on" if rules.odd_rank == other else "off"
        lines.append(f"Take out a {rank_name(other)} instead of a {rank_name(book.odd_ranks[0])}{source}: {state}.")
    for name in book.switches:
        title, meaning = SWITCH_WORDS[name]
        outside = f"; {from_outside(SWITCHES_FROM_OUTSIDE[name])}" if name in SWITCHES_FROM_OUTSIDE else ""
        lines.append(f"{title} ({meaning}{outside}): {'on' if getattr(rules, name) else 'off'}.")
    return "\n".join([*lines, "You can change these in Settings."])
