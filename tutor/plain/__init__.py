"""The tutor in plain lines, for a screen reader or a braille display (`old-maid-tutor --plain`,
and whenever input or output is not a terminal): lessons, a game, the quiz, My progress and the
Rules, each said line by line, with numbered choices and every question ending with what can be
typed. No Textual: the same learner sessions, store, course and engine as the app, so progress
made here shows there and a saved game goes on in either.

    lines.py     Lines: said lines that fit the width and carry no escape sequences; questions, ? and r
    words.py     numbers typed, cards as numbered lines (as codes, or as words too)
    app.py       run_plain: who is learning, then Home
    lessons.py   the lesson list and one lesson, through a LessonRun
"""
