"""The course: lesson, quiz and mistake files shipped with the package."""
