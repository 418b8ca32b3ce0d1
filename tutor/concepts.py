"""The ideas the course teaches. Lessons, quiz questions and mistakes name these ids, and the
progress screen shows mastery per concept; each concept points at the lesson that teaches it.

This is the ONE mapping from mistakes to concepts to lessons: each rule mistake (the engine's
`MistakeCode` values) belongs to one concept (MISTAKE_CONCEPTS), and each concept to the lesson
that teaches it (`Concept.lesson`). `lesson_of_mistake` follows both links; everything else
(the quiz's lesson pointers, the progress screen, `lesson` in lessons/mistakes.yaml, checked by a
test) agrees with this table.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.language import mark, tr


@dataclass(frozen=True)
class Concept:
    id: str
    english_title: str
    """The title in English, as written here (marked for the catalogue); `title` says it."""
    lesson: str
    topic: str
    """The group the lesson list shows it under (in English: a key; say it with tr())."""

    @property
    def title(self) -> str:
        """The title in the language in use."""
        return tr(self.english_title)


TOPICS = (mark("Getting started"), mark("Playing a turn"), mark("Getting it right"), mark("More ways to play"))


CONCEPTS: dict[str, Concept] = {
    concept.id: concept
    for concept in (
        Concept("deck", mark("The 51-card deck and the odd card"), "deck-and-deal", TOPICS[0]),
        Concept("deal", mark("Players and the deal"), "deck-and-deal", TOPICS[0]),
        Concept("pairs", mark("What makes a pair"), "pairs", TOPICS[0]),
        Concept("three-of-a-kind", mark("Three and four of a kind"), "pairs", TOPICS[0]),
        Concept("drawing", mark("Drawing blind"), "a-turn", TOPICS[1]),
        Concept("direction", mark("Who you draw from"), "a-turn", TOPICS[1]),
        Concept("turn-order", mark("Whose turn is next"), "a-turn", TOPICS[1]),
        Concept("empty-hands", mark("Empty hands are safe and skipped"), "empty-hands", TOPICS[1]),
        Concept("ending", mark("How the game ends"), "the-ending", TOPICS[1]),
        Concept("wrong-pair", mark("Checking the pairs"), "common-mistakes", TOPICS[2]),
        Concept("table-rules", mark("The Table rules"), "table-rules", TOPICS[3]),
        Concept("variants", mark("Variants: Jack, King, reversed"), "variants", TOPICS[3]),
        Concept("fairness", mark("Is Old Maid fair?"), "is-it-fair", TOPICS[3]),
    )
}


def concept_title(concept_id: str) -> str:
    concept = CONCEPTS.get(concept_id)
    return concept.title if concept else concept_id


MISTAKE_CONCEPTS: dict[str, str] = {
    "kept-pair": "pairs",
    "not-a-pair": "pairs",
    "not-in-hand": "pairs",
    "laid-down-three": "three-of-a-kind",
    "stock-left": "deal",
    "no-such-card": "drawing",
    "wrong-neighbour": "direction",
    "out-of-turn": "turn-order",
    "drew-from-empty": "empty-hands",
}
"""The concept each rule mistake is about, by the engine's mistake code."""


def concept_of_mistake(code: str) -> Concept | None:
    """The concept a rule mistake is about; None for a code this version doesn't know."""
    concept = MISTAKE_CONCEPTS.get(str(code))
    return CONCEPTS[concept] if concept is not None else None


def lesson_of_mistake(code: str) -> str | None:
    """The id of the lesson that teaches the rule a mistake breaks; None for an unknown code."""
    concept = concept_of_mistake(code)
    return concept.lesson if concept is not None else None
