"""The guided game: a game against computer players in which the learner makes every move, with
its hints and its narration. Free of Textual; the game screen renders a `GuidedGame`."""
