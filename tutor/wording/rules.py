"""The rules in play, complete and in our own words, built from the engine's Rules and Rulebook.

Every point a learner needs is here for either ruleset: who may play, the odd card, the deal
(and who may get a shorter hand), keeping your hand hidden, pairs, who starts, whom you draw from
and who goes next, when you are safe, the end, wrong pairs and the house rules on or off. Where a
rulebook is silent the text says so once, kindly, and says what this app does instead.
"""

from __future__ import annotations

from tutor.engine import CARDS_IN_PLAY, Rules
from tutor.engine.rules import SWITCHES_FROM_OUTSIDE, Rulebook
from tutor.language import mark, ntr, ptr, tr
from tutor.wording import book_name, capitalised, counted, rules_name
from tutor.wording.card_words import a_rank_name, rank_name
from tutor.wording.going_out import Out, empty_hand_rule, going_out, paired_off_at_once

SWITCH_WORDS = {
    "extra_draw_on_pair": (mark("Another draw for a pair"), mark("when a card you draw makes a pair and you still have cards, you draw again")),
    "odd_card_wins": (mark("The reversed game"), mark("whoever is left holding the odd card wins instead of losing")),
    "wrong_pair_loses": (mark("Strict pair check"), mark("a wrong pair may go down, and every pair is checked at the end")),
}
"""Each house-rule switch: its name and what it does, for the list of house rules on or off (the
English, marked: say each with tr())."""


def book_rules(book: Rulebook | Rules) -> str:
    """'Bicycle rules' or 'Table rules', in the language in use."""
    return rules_name(book.name)


THE_NAME = mark(
    "Old Maid is the name English-speaking children know this game by. Everything on this page "
    "comes from the two rulebooks the tutor teaches, Bicycle's and the Table rules."
)
"""What children who speak the language call the game, and how the game they know by that name
differs from the rulebooks' (each catalogue says it for its own country: tutor/locale/GLOSSARY.md)."""


CHANGE_IN_SETTINGS = mark("You can change these in Settings.")
CHANGE_OUTSIDE_PLAIN_LINES = mark("In plain lines you can't change these yet: a grown-up can change them for you in Settings, in the big-screen app.")
"""How to change the house rules, where the Rules are said: the app has Settings, plain lines have none."""


def rules_summary(rules: Rules, change: str = CHANGE_IN_SETTINGS) -> list[tuple[str, str]]:
    """(heading, paragraph) pairs describing `rules` for a young reader; `change` (said with tr)
    ends the house rules: how to change them where they are read."""
    odd = _odd_card(rules)
    if rules.pairs_face_up:
        before = tr("Everybody first lays down all the pairs in their hand, face up.")
    else:
        before = tr("Everybody first lays down all the pairs in their hand, face down.")
    return [
        (tr("Players"), _players_text(rules)),
        (tr("What you need"), _deck_text(rules)),
        (tr("The deal"), _deal_text(rules)),
        (
            tr("Your cards"),
            tr(
                "Hold your cards so that nobody else can see them, and don't peek at anyone "
                "else's. When others draw from you, they pick without seeing the faces."
            ),
        ),
        (tr("Pairs"), _pairs_text(rules)),
        (tr("Before play"), before + paired_off_at_once(rules)),
        (tr("Who starts"), _start_text(rules)),
        (tr("Your turn"), _turn_text(rules)),
        (tr("Empty hands"), empty_hand_rule(rules)),
        (tr("The end"), _ending_text(rules, odd)),
        (tr("Wrong pairs"), _wrong_pair_text(rules)),
        (tr("House rules and variants"), _house_rules_text(rules, change)),
        (tr("The name"), tr(THE_NAME)),
    ]


def rules_in_brief(rules: Rules) -> str:
    """The rules in one or two short sentences, for a table's waiting room ("Bicycle rules for 4
    players, with playing cards (one Queen taken out). House rules: none.")."""
    deck = rules.playing_deck
    switches = [tr(SWITCH_WORDS[name][0]) for name in rules.book.switches if getattr(rules, name)]
    house = ", ".join(switches) if switches else tr("none")
    if deck.character is None:
        said = ntr(
            "{rules} for {count} player, with playing cards (one {rank} taken out). House rules: {house}.",
            "{rules} for {count} players, with playing cards (one {rank} taken out). House rules: {house}.",
            rules.players,
        )
        return said.format(rules=book_rules(rules), count=rules.players, rank=rank_name(rules.odd_rank), house=house)
    said = ntr(
        "{rules} for {count} player, with the {deck} deck (pairs of pictures and one {character} card). House rules: {house}.",
        "{rules} for {count} players, with the {deck} deck (pairs of pictures and one {character} card). House rules: {house}.",
        rules.players,
    )
    return said.format(rules=book_rules(rules), count=rules.players, deck=tr(deck.name), character=tr(deck.character.name), house=house)


def _players_text(rules: Rules) -> str:
    book = rules.book
    low, high = book.players
    if book.book_limits_players:
        allowed = capitalised(tr("{rules} are for {low} to {high} players.").format(rules=book_rules(book), low=low, high=high))
    else:
        allowed = tr("The {rules} don't say how many may play; this app seats {low} to {high} players.").format(rules=book_rules(book), low=low, high=high)
    return allowed + " " + tr("This game has {count}.").format(count=rules.players)


def _odd_card(rules: Rules) -> str:
    """The card that can never be paired, in words: "the last Queen", or "the Old Maid card" of a picture deck."""
    character = rules.playing_deck.character
    if character is not None:
        return tr("the {character} card").format(character=tr(character.name))
    return tr("the last {rank}").format(rank=rank_name(rules.odd_rank))


def _deck_text(rules: Rules) -> str:
    deck = rules.playing_deck
    if deck.character is None:
        said = tr(
            "A normal pack of 52 cards with no jokers. Take out one {rank}: that leaves {count} "
            "cards, so one {rank} can never find a partner. That lonely card is the Old Maid."
        )
        return said.format(rank=rank_name(rules.odd_rank), count=CARDS_IN_PLAY) + _odd_rank_note(rules)
    said = tr(
        "The {deck} deck: {pictures}, each on two cards, and one {character} "
        "card, {cards} in all. Nothing is taken out: the {character} card is the "
        "one card that can never find a partner. This deck comes with no rules of its own, so it is played "
        "by the {rules} you chose, matching pictures instead of ranks."
    )
    return said.format(
        deck=tr(deck.name),
        pictures=counted(deck.pair_count, "picture"),
        character=tr(deck.character.name),
        cards=counted(rules.cards_in_play, "card"),
        rules=book_rules(rules),
    )


def _pairs_text(rules: Rules) -> str:
    if rules.pictures:
        return tr("Two cards with the same picture make a pair. Lay each pair down as soon as you have it; the Old Maid card never pairs with anything.")
    return tr(
        "Two cards of the same rank make a pair, whatever their suits or colours: 5♣ and 5♥ are a "
        "pair. With three of a kind, lay down two and keep one. Four of a kind makes two pairs."
    )


def _odd_rank_note(rules: Rules) -> str:
    usual = rules.book.odd_ranks[0]
    if rules.odd_rank == usual:
        return ""
    source = rules.book.odd_rank_variant_from
    if source is not None:
        said = tr("{name}'s own game takes out {usual}; taking out {other} instead is {outside}.")
        return " " + said.format(name=book_name(rules.name), usual=a_rank_name(usual), other=a_rank_name(rules.odd_rank), outside=from_outside(source))
    said = tr("Taking out {other} instead of {usual} is a house rule chosen at the deal.")
    return " " + said.format(other=a_rank_name(rules.odd_rank), usual=a_rank_name(usual))


def _deal_text(rules: Rules) -> str:
    book = rules.book
    sizes = sorted(set(rules.dealt_sizes()))
    if book.says_how_to_deal:
        how = tr("Deal every card, one at a time, going round to the left (clockwise).")
        if book.says_who_gets_fewer or len(sizes) == 1:
            start = ""
        else:
            start = " " + tr(
                "The {rules} don't say who gets the shorter hands; here the deal starts with the player on the dealer's left, "
                "so the dealer and those dealt to last get one card fewer."
            ).format(rules=book_rules(book))
    else:
        how = tr(
            "The {rules} say only that every card is dealt, as evenly as it goes; at this table "
            "the deal goes one card at a time to the left, starting with the player on the dealer's left."
        ).format(rules=book_rules(book))
        start = "" if len(sizes) == 1 else " " + tr("That way the dealer and those dealt to last get one card fewer.")
    if len(sizes) == 1:
        share = " " + tr("With {players} players everyone gets {cards}.").format(players=rules.players, cards=counted(sizes[0], "card"))
    else:
        short, long = sizes
        extra = rules.dealt_sizes().count(long)
        rest = rules.players - extra
        more = ntr("{count} gets {cards} cards", "{count} get {cards} cards", extra).format(count=extra, cards=long)
        fewer = ntr("{count} gets {cards}", "{count} get {cards}", rest).format(count=rest, cards=short)
        share = " " + tr("With {players} players, {more} and {fewer}: that's fine.").format(players=rules.players, more=more, fewer=fewer)
    return how + share + start + " " + tr("No cards are left over in a pile.")


def _start_text(rules: Rules) -> str:
    book = rules.book
    if book.says_who_starts:
        return tr(
            "The dealer starts: they hold their cards out, face down, to the next player on their left "
            "who still has cards. If the dealer has no cards left after laying down pairs, the next "
            "player on their left who has cards starts instead."
        )
    return tr("The {rules} don't say who starts; at this table the first player on the dealer's left who still has cards draws first.").format(
        rules=book_rules(book)
    )


def _turn_text(rules: Rules) -> str:
    book = rules.book
    side = SIDE_WORDS[rules.draws_from]()
    if book.giver_offers:
        if rules.pairs_face_up:
            said = tr(
                "You draw from the nearest player on your {side} who still has cards: they hold "
                "their cards out to you. Take one without looking. If it makes a pair, lay the pair down "
                "face up at once. Then it's your turn to hold your cards out to the next player on your left "
                "who still has cards, and they draw from you."
            )
        else:
            said = tr(
                "You draw from the nearest player on your {side} who still has cards: they hold "
                "their cards out to you. Take one without looking. If it makes a pair, lay the pair down "
                "face down at once. Then it's your turn to hold your cards out to the next player on your left "
                "who still has cards, and they draw from you."
            )
        text = said.format(side=side)
        if book.says_empty_drawer:
            text += " " + tr(
                "If your draw leaves you with no cards, you're out, and the next player on your left who still has cards holds theirs out instead."
            )
        return text
    if rules.pairs_face_up:
        said = tr(
            "You always draw from the nearest player on your {side} who still has cards: you never "
            "choose. Take one card without looking. If it makes a pair, lay the pair down face up straight "
            "away: holding a pair back isn't allowed."
        )
    else:
        said = tr(
            "You always draw from the nearest player on your {side} who still has cards: you never "
            "choose. Take one card without looking. If it makes a pair, lay the pair down face down straight "
            "away: holding a pair back isn't allowed."
        )
    text = said.format(side=side)
    if book.says_turn_direction:
        return text + " " + tr("Then the next player on the left has a turn.")
    text += " " + tr(
        "The {rules} say only that play passes to the next seat; at this table it passes to the left, to the next player who still has cards."
    ).format(rules=book_rules(book))
    if rules.extra_draw_on_pair:
        text += " " + tr("With the house rule in play, a draw that makes a pair earns you another draw, if you still have cards.")
    return text


SIDE_WORDS = {"left": lambda: ptr("your side", "left"), "right": lambda: ptr("your side", "right")}
"""'left' and 'right' after "on your" ("on your {side}")."""


def _ending_text(rules: Rules, odd: str) -> str:
    if rules.odd_card_wins:
        return tr("Play goes on until only one player has cards: they hold {odd}. In this reversed game, that player wins!").format(odd=odd)
    won = going_out(rules) is Out.WON
    if rules.wrong_pair_loses:  # the check decides: nobody is safe before it
        check = tr(
            "Play goes on until only one player has cards, or, after a wrong pair, until no more pairs can be made: "
            "then the game can end with two or three players still holding cards. Before anyone is named the Old Maid, "
            "all the pairs are checked: if the check finds a wrong pair, the player who laid it down is the Old Maid."
        )
        if won:
            real = tr("If every pair is real, the player left holding {odd} is the Old Maid, and everyone else has won; going out first earns nothing extra.")
        else:
            real = tr("If every pair is real, the player left holding {odd} is the Old Maid, and everyone else is safe; going out first earns nothing extra.")
        return check + " " + real.format(odd=odd)
    if won:
        said = tr(
            "Play goes on until only one player has cards: they hold {odd} and are the Old Maid. Everyone else has won; going out first earns nothing extra."
        )
    else:
        said = tr(
            "Play goes on until only one player has cards: they hold {odd} and are the Old Maid. Everyone else is safe; going out first earns nothing extra."
        )
    return said.format(odd=odd)


def _wrong_pair_text(rules: Rules) -> str:
    book = rules.book
    if book.wrong_pair_rule:
        said = tr(
            "The {rules} say that a player found to have laid down two cards that are not a pair "
            "loses and is the Old Maid, so check your pairs before anyone is named."
        ).format(rules=book_rules(book))
    else:
        said = tr("The {rules} don't say what happens if someone lays down two cards that are not a pair.").format(rules=book_rules(book))
    if rules.wrong_pair_loses:
        return said + " " + tr("With the strict pair check on, this app lets such a pair go down and checks every pair at the end.")
    return said + " " + tr("This app looks at every pair as it goes down and tells you at once if it isn't one.")


def from_outside(source: str) -> str:
    """One label for every variant neither rulebook plays, in both rulesets."""
    return tr("a variant from outside the rulebooks, which {source} describes").format(source=source)


def _house_rules_text(rules: Rules, change: str) -> str:
    book = rules.book
    lines = []
    if book.odd_rank_variant_from:
        source = ", " + from_outside(book.odd_rank_variant_from)
    else:
        source = " " + tr("(a house rule of the {rules})").format(rules=book_rules(book))
    for other in () if rules.pictures else book.odd_ranks[1:]:  # a picture deck takes nothing out
        if rules.odd_rank == other:
            said = tr("Take out {other} instead of {usual}{source}: on.")
        else:
            said = tr("Take out {other} instead of {usual}{source}: off.")
        lines.append(said.format(other=a_rank_name(other), usual=a_rank_name(book.odd_ranks[0]), source=source))
    for name in book.switches:
        title, meaning = SWITCH_WORDS[name]
        outside = f"; {from_outside(SWITCHES_FROM_OUTSIDE[name])}" if name in SWITCHES_FROM_OUTSIDE else ""
        said = tr("{title} ({meaning}{outside}): on.") if getattr(rules, name) else tr("{title} ({meaning}{outside}): off.")
        lines.append(said.format(title=tr(title), meaning=tr(meaning), outside=outside))
    return "\n".join([*lines, tr(change)])
