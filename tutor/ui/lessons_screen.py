"""Old home of the lesson screens, kept for the modules that still import from here.

The screens live in tutor.ui.lessons; the course cache, standing and next lesson in
tutor.learner.lessons. Import from there.
"""

from tutor.learner.lessons import course_for_app
from tutor.ui.lessons import LessonListScreen, LessonScreen

__all__ = ["LessonListScreen", "LessonScreen", "course_for_app"]
