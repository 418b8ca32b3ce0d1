"""Small helpers for the tutor's English sentences."""

from __future__ import annotations

from typing import Sequence


def listed(words: Sequence[str]) -> str:
    """'Bea', 'Bea and Sam', 'Bea, Sam and you'."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
