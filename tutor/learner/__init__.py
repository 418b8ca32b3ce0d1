"""The learner: what a learner has done and what that means for them, with no user interface.

    tutor.learner.recorder   the ONE way lessons, the quiz and games report what happened;
                             it writes through the store (the only code that writes)
    tutor.learner.lessons    the course the app shows (cached), each lesson's standing
                             (locked, new, started, done, stars) and the next lesson to open
    tutor.learner.policy     what the record means: mastery as growth, common mistakes,
                             what to do next, celebrations

Screens render what these modules say and send what the learner does; they hold no policy.
Nothing here imports Textual.
"""
