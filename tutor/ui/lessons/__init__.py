"""The lessons in the app: the list (list_screen), one lesson (lesson_screen), one widget per
kind of step (steps), the seats at a lesson's table (seats) and the words they show (words)."""

from tutor.ui.lessons.lesson_screen import LessonScreen
from tutor.ui.lessons.list_screen import LessonListScreen

__all__ = ["LessonListScreen", "LessonScreen"]
