"""The ideas the course teaches. Lessons, quiz questions and mistakes name these ids, and the
progress screen shows mastery per concept; each concept points at the lesson that teaches it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Concept:
    id: str
    title: str
    lesson: str


CONCEPTS: dict[str, Concept] = {
    concept.id: concept
    for concept in (
        Concept("deck", "The 51-card deck and the odd card", "deck-and-deal"),
        Concept("deal", "Dealing every card", "deck-and-deal"),
        Concept("pairs", "What makes a pair", "pairs"),
        Concept("three-of-a-kind", "Three and four of a kind", "pairs"),
        Concept("drawing", "Drawing blind", "a-turn"),
        Concept("direction", "Who you draw from", "a-turn"),
        Concept("turn-order", "Whose turn is next", "a-turn"),
        Concept("empty-hands", "Empty hands are safe and skipped", "empty-hands"),
        Concept("ending", "How the game ends", "the-ending"),
        Concept("wrong-pair", "Checking the pairs", "common-mistakes"),
        Concept("table-rules", "The Table rules", "table-rules"),
        Concept("variants", "Variants: Jack, King, reversed", "variants"),
        Concept("fairness", "Is Old Maid fair?", "is-it-fair"),
    )
}


def concept_title(concept_id: str) -> str:
    concept = CONCEPTS.get(concept_id)
    return concept.title if concept else concept_id
