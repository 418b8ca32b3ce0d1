"""The command line: `old-maid-tutor` (tutor.cli.command) and its subcommands, one module each
(lessons, profiles, tables, teacher; `serve` lives with the server in tutor.serve.command)."""

from tutor.cli.command import main

__all__ = ["main"]
