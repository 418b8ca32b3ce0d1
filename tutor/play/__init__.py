"""Games as the tutor plays them: the guided game against computer players (`GuidedGame`, with
its hints) and one window's seat at a table played together (`SharedGame`). Free of Textual."""
