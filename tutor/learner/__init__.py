"""The learner: what a learner has done and what that means for them, with no user interface.

    tutor.learner.session    one learner at the tutor: profile, settings, record, the ONE
                             recorder, and every decision and write a front end needs
    tutor.learner.recorder   the ONE way lessons, the quiz and games report what happened;
                             it writes through the store (the only code that writes)
    tutor.learner.lessons    the course the app shows (cached), each lesson's standing
                             (locked, new, started, done, stars) and the next lesson to open
    tutor.learner.policy     what the record means: mastery as growth, common mistakes,
                             what to do next, celebrations
    tutor.learner.class_report   the teacher's class table, and resetting or removing a learner
    tutor.learner.teacher    the teacher's PIN: set at the terminal, tries counted and paced

Screens render what these modules say and send what the learner does; they hold no policy.
Nothing here imports Textual.
"""
