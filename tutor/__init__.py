"""Old Maid Tutor: learn the card game Old Maid in the terminal."""

__version__ = "0.1.0"
