"""The `old-maid-tutor` command: the app, and a few commands for teachers and scripts.

Exit codes: 0 done, 1 not done (a store or file problem, a crash), 2 bad input, 130 stopped
with Ctrl+C. Every error is one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import gc
import os
import signal
import sys
from collections.abc import Sequence
from contextlib import suppress
from typing import TYPE_CHECKING, NoReturn, cast

from tutor import __version__, language
from tutor.classroom import is_served
from tutor.engine.rules import ODD_RANKS, RULEBOOKS, VARIANTS
from tutor.errors import TutorError
from tutor.language import LANGUAGES, mark, tr
from tutor.names import one_line

if TYPE_CHECKING:
    from tutor.store import Profile, Store

ARGPARSE_WORDS = (
    mark("usage: "),
    mark("options"),
    mark("positional arguments"),
    mark("show this help message and exit"),
    mark("show program's version number and exit"),
    mark("argument %(argument_name)s: %(message)s"),
    mark("unrecognized arguments: %s"),
    mark("the following arguments are required: %s"),
    mark("expected one argument"),
    mark("expected at most one argument"),
    mark("expected at least one argument"),
    mark("ambiguous option: %(option)s could match %(matches)s"),
    mark("invalid %(type)s value: %(value)r"),
    mark("invalid choice: %(value)r (choose from %(choices)s)"),
    mark("not allowed with argument %s"),
    mark("one of the arguments %s is required"),
    mark("ignored explicit argument %r"),
)
"""argparse's own words in --help and in its errors, found by `pybabel extract` here and said
through `tr` (build_parser)."""

# One `simulate` run plays at most this many games (a million take a few minutes).
MAX_SIMULATED_GAMES = 1_000_000
# Seeds longer than this many digits are used as text (Python's int() stops at 4,300 digits).
MAX_SEED_DIGITS = 1_000


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit with code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, tr("{prog}: error: {message} (try --help)").format(prog=self.prog, message=message) + "\n")


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser; for `argv`, only what it may need (see `_may_name_others`)."""
    argparse._ = tr  # type: ignore[attr-defined]  # argparse's own words ("usage: ", "options") in the language in use
    parser = _Parser(prog="old-maid-tutor", description=tr("Learn the card game Old Maid, step by step."))
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}", help=tr("show program's version number and exit"))
    parser.add_argument("--data-dir", metavar="DIR", help=tr("where progress is kept (default: your data folder, or $OLD_MAID_TUTOR_HOME)"))
    parser.add_argument(
        "--database",
        metavar="URL",
        help=tr("keep progress in the school's PostgreSQL database instead, e.g. postgresql://tutor@school-server/tutor (or $OLD_MAID_TUTOR_DATABASE)"),
    )
    parser.add_argument("--profile", metavar="NAME", help=tr("the learner's profile to use (made if new)"))
    parser.add_argument(
        "--lang",
        metavar="CODE",
        type=language.argument,
        help=tr("the language to speak: {languages}; by default the learner's own setting, else $LANGUAGE, $LC_ALL or $LANG, else English").format(
            languages=", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        ),
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        help=tr("plain lines of text, for a screen reader or a braille display (also when input or output is not a terminal)"),
    )
    # Typed as plain parsers for the register functions; each one made is a _Parser (one-line errors).
    commands = cast("argparse._SubParsersAction[argparse.ArgumentParser]", parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser))
    _add_simulate(commands)
    quiz = commands.add_parser("quiz", help=tr("start a round of the rules quiz"), description=tr("Start a round of eight rules questions."))
    quiz.add_argument("--seed", type=int, help=tr("the random seed, for a repeatable round"))
    quiz.set_defaults(func=lambda args: run_app(args, start="quiz", seed=args.seed), needs_store=False)
    lesson = commands.add_parser("lesson", help=tr("open one lesson directly"), description=tr("Open one lesson by its id, e.g. 'pairs'."))
    lesson.add_argument("id", metavar="ID", help=tr("the lesson's id (see the lesson list)"))
    lesson.add_argument("--seed", type=int, help=tr("the random seed, for a repeatable order of each question's answers"))
    lesson.set_defaults(func=_open_lesson, needs_store=False)
    play = commands.add_parser("play", help=tr("go straight to a game (the one in progress, if any)"))
    play.add_argument("--seed", type=int, help=tr("the random seed of a new game, for a repeatable deal"))
    play.add_argument(
        "--deck", metavar="ID", help=tr("play with this deck (see 'old-maid-tutor decks'); the game in progress goes on only if it uses this deck")
    )
    play.add_argument(
        "--with",
        metavar="NAME",
        action="append",
        dest="together",
        default=[],
        help=tr("a learner who plays too, at this keyboard (made if new); once for each, e.g. --with Ben --with Cleo"),
    )
    play.add_argument(
        "--table",
        metavar="NAME",
        help=tr("sit at this table, played together with learners in other windows or tabs: open it, join it or come back to it"),
    )
    play.set_defaults(func=_play, needs_store=False)
    decks = commands.add_parser(
        "decks",
        help=tr("list the decks to play with"),
        description=tr("List the decks: the standard deck and the picture decks (pairs of pictures and one Old Maid card)."),
    )
    decks.set_defaults(func=_list_decks, needs_store=False)
    if argv is None or _may_name_others(parser, commands, argv):
        _add_others(commands)
    return parser


def _add_others(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The commands other modules keep: the learners' and tables' files, the teacher's PIN, the
    course's check and the classroom."""
    from tutor.cli import lessons, profiles, tables, teacher
    from tutor.serve import command as serve

    for module in (profiles, tables, teacher, lessons, serve):
        module.register(commands)


def _may_name_others(parser: argparse.ArgumentParser, commands: argparse._SubParsersAction[argparse.ArgumentParser], argv: Sequence[str]) -> bool:
    """Whether `argv` may name a command of another module (or asks for help, which lists them
    all). The app and its shortcuts ("play", "quiz"...) need none of them: a start leaves their
    modules unread (about 200 KiB of a game table's memory). When in doubt, True."""
    if "-h" in argv or "--help" in argv:
        return True
    words = iter(argv)
    for word in words:
        if not word.startswith("-"):
            return word not in commands.choices
        name, value, _ = word.partition("=")
        option = parser._option_string_actions.get(name)
        if option is None:
            return True  # "--", an abbreviation, or an option the parser itself will question
        if option.nargs != 0 and not value:
            next(words, None)  # its value
    return False


def _known_deck(command: str, deck_id: str | None) -> bool:
    """True if `deck_id` is None or a known deck; otherwise one line on stderr naming the known ids."""
    if deck_id is None:
        return True
    from tutor.engine.decks import find_deck

    try:
        find_deck(deck_id)
    except ValueError as error:
        print(_error(f"old-maid-tutor {command}", str(error)), file=sys.stderr)
        return False
    return True


def _play(args: argparse.Namespace) -> int:
    if not _known_deck("play", args.deck):
        return 2
    if args.table is not None:
        return _play_at_table(args)
    return run_app(args, start="play", seed=args.seed, deck=args.deck, together=args.together)


def _play_at_table(args: argparse.Namespace) -> int:
    """`play --table NAME`: the table's name is checked like a learner's name before the app starts."""
    from tutor.names import NameRefused, tidy_name

    if args.together or args.deck is not None:
        print(_error("old-maid-tutor play", tr("--table plays at a table; --with and --deck are for a game at this keyboard")), file=sys.stderr)
        return 2
    try:
        name = tidy_name(args.table)
    except NameRefused as refused:
        print(_error("old-maid-tutor play", tr("the table's name: {problem}").format(problem=refused)), file=sys.stderr)
        return 2
    return run_app(args, start=f"table:{name}", seed=args.seed)


def _list_decks(args: argparse.Namespace) -> int:
    from tutor.engine.decks import all_decks

    decks = all_decks()
    width = max(len(deck.id) for deck in decks)
    for deck in decks:
        what = (
            tr("{count} cards: 52 less one of the odd rank").format(count=deck.size)
            if deck.is_standard
            else tr("{count} cards: {pairs} pairs of pictures and the {card}").format(count=deck.size, pairs=deck.pair_count, card=tr(str(deck.character_card)))
        )
        print(f"{deck.id:<{width}}  " + tr("{deck}, {what}").format(deck=tr(deck.name), what=what))
    return 0


def _add_simulate(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    simulate = commands.add_parser(
        "simulate",
        help=tr("play many computer games and show each seat's chance of being the Old Maid"),
        description=tr("Play many games between computer players and show each seat's chance of being the Old Maid."),
    )
    simulate.add_argument("--rules", choices=VARIANTS, default="bicycle", help=tr("the ruleset (default: bicycle)"))
    simulate.add_argument("--players", type=int, default=4, help=tr("how many players ({ranges}; default 4)").format(ranges=_player_ranges()))
    simulate.add_argument(
        "--games", type=int, default=10_000, help=tr("how many games to play (default 10000, at most {most})").format(most=f"{MAX_SIMULATED_GAMES:,}")
    )
    simulate.add_argument("--seed", default="0", help=tr("the random seed, for repeatable runs (default 0)"))
    simulate.add_argument("--odd-rank", choices=ODD_RANKS, default="Q", type=str.upper, help=tr("the rank with one card removed (default Q)"))
    simulate.add_argument("--extra-draw", action="store_true", help=tr("Table house rule: a pair earns another draw"))
    simulate.add_argument(
        "--deck", metavar="ID", default="standard", help=tr("the deck: standard, or a picture deck's id (see 'old-maid-tutor decks'; default standard)")
    )
    simulate.set_defaults(func=_run_simulate, needs_store=False)


def _player_ranges() -> str:
    """'Bicycle 2-5, Table 2-8': how many players each ruleset allows."""
    return ", ".join(f"{book.name} {book.players[0]}-{book.players[1]}" for book in RULEBOOKS.values())


def _run_simulate(args: argparse.Namespace, store: None = None) -> int:
    from dataclasses import replace

    from tutor.engine import Rules
    from tutor.engine.rules import rulebook
    from tutor.wording.simulation import run_simulation

    try:
        if args.extra_draw and "extra_draw_on_pair" not in rulebook(args.rules).switches:
            raise ValueError(tr("--extra-draw is a house rule the {rules} rules don't have").format(rules=rulebook(args.rules).name))
        rules = replace(Rules.of(args.rules, players=args.players, odd_rank=args.odd_rank, extra_draw_on_pair=args.extra_draw), deck=args.deck)
        if args.games < 1:
            raise ValueError(tr("--games must be at least 1, not {games}").format(games=args.games))
        if args.games > MAX_SIMULATED_GAMES:
            raise ValueError(
                tr("--games can be at most {most} in one run, not {games}; run it again with other seeds for more").format(
                    most=f"{MAX_SIMULATED_GAMES:,}", games=f"{args.games:,}"
                )
            )
    except ValueError as error:
        print(_error("old-maid-tutor simulate", str(error)), file=sys.stderr)
        return 2
    run_simulation(rules, args.games, _seed(args.seed))
    return 0


def _seed(text: str) -> int | str:
    """A number seed as a number (as before), anything else, or a very long number, as text."""
    digits = text.removeprefix("-")
    if digits.isdigit() and digits.isascii() and len(digits) <= MAX_SEED_DIGITS:
        return int(text)
    return text


def _open_lesson(args: argparse.Namespace) -> int:
    from tutor.course import load_course

    known = [entry.id for entry in load_course(replay=False).entries if entry.id]
    if args.id not in known:
        message = tr("there is no lesson {id}; the lessons are {lessons}").format(id=repr(args.id), lessons=", ".join(known))
        print(_error("old-maid-tutor lesson", message), file=sys.stderr)
        return 2
    return run_app(args, start=f"lesson:{args.id}", seed=args.seed)


def _error(prog: str, message: str) -> str:
    """One error line: "old-maid-tutor play: error: ..."."""
    return tr("{prog}: error: {message}").format(prog=prog, message=message)


def _asked_language(argv: Sequence[str]) -> str | None:
    """--lang read before the parser is built, so --help speaks it: a known code, or None (a
    code the tutor does not speak is left to the parser, which says so)."""
    found: str | None = None
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(argv):
            found = argv[index + 1]
        elif arg.startswith("--lang="):
            found = arg.removeprefix("--lang=")
    if found is None:
        return None
    try:
        return language.known(found)
    except language.UnknownLanguage:
        return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; errors are one line, Ctrl+C exits 130, a crash exits 1."""
    try:
        return _main(argv)
    except BrokenPipeError:
        return _reader_gone()
    except KeyboardInterrupt:
        print("\n" + tr("old-maid-tutor: stopped."), file=sys.stderr)
        return 130
    except TutorError as error:
        print(_error("old-maid-tutor", str(error)), file=sys.stderr)
        return 1
    except Exception as error:  # noqa: BLE001 - the last line of defence: one line, non-zero
        message = tr("something went wrong inside the tutor ({problem}). Please tell whoever looks after it.").format(
            problem=f"{type(error).__name__}: {one_line(str(error))}"
        )
        print(_error("old-maid-tutor", message), file=sys.stderr)
        return 1


def _reader_gone() -> int:
    """What reads our output has ended (`| head`): stop quietly, as a command killed by SIGPIPE
    does (everything is saved as it happens); nothing more is written to the closed pipe."""
    with suppress(OSError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 128 + signal.SIGPIPE


def _main(argv: Sequence[str] | None) -> int:
    words = sys.argv[1:] if argv is None else argv
    language.ask(_asked_language(words), as_default=is_served())  # or the environment's: the parser's errors speak it
    args = build_parser(words).parse_args(words)
    language.ask(args.lang, as_default=is_served())
    if args.data_dir is not None:
        from tutor.store.opening import data_folder, folder_problem

        problem = folder_problem(data_folder(args.data_dir)) if args.data_dir else tr("--data-dir needs a folder")
        if problem:
            print(_error("old-maid-tutor", tr("{problem} (--data-dir)").format(problem=problem)), file=sys.stderr)
            return 2
    if args.database is not None or os.environ.get("OLD_MAID_TUTOR_DATABASE"):
        from tutor.store.opening import address_problem, database_address

        url = database_address(args.database)
        problem = address_problem(url) if url else tr("--database needs an address")
        if problem:
            print(_error("old-maid-tutor", tr("{problem} (--database)").format(problem=problem)), file=sys.stderr)
            return 2
    if args.command is None:
        return run_app(args)
    if not getattr(args, "needs_store", True):
        return int(args.func(args))
    store = _open_store(args)
    if store.database_problem is not None:  # the school's database cannot be used: one line, and nothing done
        store.close()
        print(_error("old-maid-tutor", one_line(store.database_problem)), file=sys.stderr)
        return 2
    for notice in store.notices:
        print(notice, file=sys.stderr)
    try:
        return int(args.func(args, store))
    finally:
        store.close()


def _open_store(args: argparse.Namespace) -> Store:
    from tutor.store import open_store

    return open_store(args.data_dir, waiting=lambda text: print(text, file=sys.stderr), keep_waiting=_keep_waiting, database=args.database)


def _keep_waiting() -> bool:
    """Another program still holds the progress file: ask whether to wait on (only at a terminal)."""
    if not sys.stdin.isatty():
        return False
    answer = input(tr("Another program is still using the progress file. Keep waiting (W), or carry on without saving this time (C)? [W/c] "))
    return not answer.strip().lower().startswith("c")


def run_app(
    args: argparse.Namespace,
    start: str | None = None,
    seed: int | None = None,
    deck: str | None = None,
    together: Sequence[str] = (),
) -> int:
    """Open the learner store, choose the profile and run the app; 1 when the app crashed.
    `deck` (with start "play") is the deck the game is played with, instead of the learner's setting;
    `together` names learners who play it too, at this keyboard (made if new): one who cannot is
    said in one line before the app starts (exit 1 when open in another window, else 2)."""
    store = _open_store(args)
    try:
        profile = _profile(store, args.profile)
    except ValueError as error:
        store.close()
        print(_error("old-maid-tutor", str(error)), file=sys.stderr)
        return 2
    if together:
        from tutor.errors import CannotJoin
        from tutor.learner.together import check

        try:
            check(store, profile, together)
        except CannotJoin as refused:
            store.close()
            print(_error("old-maid-tutor play", one_line(str(refused))), file=sys.stderr)
            return 1 if refused.in_use else 2
    asked = _who_by_ear(args, store, profile)
    if asked:
        from tutor.plain.app import who_is_learning

        chosen = who_is_learning(store)
        if isinstance(chosen, int):  # nobody chosen: the exit code
            store.close()
            return chosen
        profile = chosen
    if plain_wanted(args, profile is not None and store.load_settings(profile).plain_lines):
        return _run_plain(args, store, profile, start, seed, deck, together, welcome=not asked)
    from tutor.ui.app import TutorApp

    app = TutorApp(store, profile, start=start, seed=seed, deck=deck, together=together)
    # What is imported and made by now lives as long as the program: kept out of the cyclic garbage
    # collector's reach, its first full pass at start-up (about 25 ms, on the home screen's first
    # frame) never comes.
    gc.freeze()
    try:
        app.run()
    finally:
        store.close()
    return app.return_code or 0


def plain_wanted(args: argparse.Namespace, chosen: bool = False) -> bool:
    """Plain lines: asked for (--plain, or the learner's saved setting, `chosen`), or input or
    output is not a terminal (a pipe, a file); never in a classroom tab, which is always a terminal."""
    if is_served():
        return False
    return bool(getattr(args, "plain", False)) or chosen or not (sys.stdin.isatty() and sys.stdout.isatty())


def _who_by_ear(args: argparse.Namespace, store: Store, profile: Profile | None) -> bool:
    """Ask "Who is learning?" in plain lines first: at a terminal, where the tutor would start
    full-screen and ask it there, when any learner on this computer starts in plain lines. On a
    shared family computer the child who listens can then answer it; each learner, once chosen,
    gets the tutor their own way (plain lines, or the big screen)."""
    if profile is not None or is_served() or plain_wanted(args):
        return False
    return any(store.load_settings(one).plain_lines for one in store.profiles())


def _run_plain(
    args: argparse.Namespace,
    store: Store,
    profile: Profile | None,
    start: str | None,
    seed: int | None,
    deck: str | None,
    together: Sequence[str],
    welcome: bool = True,
) -> int:
    """The tutor in plain lines (tutor.plain): the same store, sessions, course and engine."""
    from tutor.plain.app import run_plain

    try:
        if together or (start or "").startswith("table:"):
            print(_error("old-maid-tutor", tr("playing with others (--with, --table) needs the full-screen app, not plain lines")), file=sys.stderr)
            return 2
        return run_plain(store, profile, start, seed, deck=deck, welcome=welcome)
    finally:
        store.close()


def _profile(store: Store, name: str | None) -> Profile | None:
    """The profile named on the command line, the only one there is, or None to ask in the app
    (always, in a classroom: each pupil says who is learning)."""
    if name is not None:
        return store.get_or_create_profile(name)
    if is_served():
        return None
    profiles = store.profiles()
    return profiles[0] if len(profiles) == 1 else None
