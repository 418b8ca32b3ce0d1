"""`python -m tutor` runs the app, like the `old-maid-tutor` command."""

from tutor.cli import main

raise SystemExit(main())
