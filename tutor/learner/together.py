"""Several learners at one keyboard (hot-seat): who may join the learner whose window this is.

    name = one_more(store, host_profile, ["Ben"], "cleo ")   # "cleo": checked as typed, nothing made
    profiles = check(store, host_profile, ["Ben", "Cleo"])   # made if new; nothing claimed
    guests = join(host, ["Ben", "Cleo"])      # a LearnerSession each, claimed for this window
    guests = rejoin(host, ["Ben", "Cleo"])    # the same learners again, for a saved game
    most_players(ruleset)                     # how many the ruleset allows at one table

Each refusal is a `CannotJoin` whose message is one line for the learner (or a grown-up) to read;
`in_use` when the learner is open in another window. Nothing is claimed when one is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tutor.errors import CannotJoin, ProfileInUse, StoreError
from tutor.language import tr
from tutor.learner.session import LearnerSession, learner_named
from tutor.names import NameRefused, shown, tidy_name
from tutor.settings import choices_for
from tutor.wording import rules_name, same_name

if TYPE_CHECKING:
    from tutor.store import Profile, Store


def most_players(ruleset: str) -> int:
    """The most players a ruleset allows at one table."""
    return choices_for(ruleset).players.stop - 1


def check(store: Store, host: Profile | None, names: Sequence[str]) -> list[Profile]:
    """The profile of each learner named (made if new) to play at `host`'s keyboard (None: not
    known yet), without claiming them. CannotJoin for a name the rule refuses, the host's own name,
    a name given twice, more learners than the host's rules allow, or one open in another window."""
    if not names:
        raise CannotJoin(tr("Name someone to play with."))
    if host is not None:
        _check_count(store, host, len(names))
    for number, name in enumerate(names):  # before any profile is made
        _check_name(host, names[:number], name)
    profiles: list[Profile] = []
    for name in names:
        try:
            profile = learner_named(store, name)
        except NameRefused as refused:
            raise CannotJoin(_named(name, str(refused))) from None
        profiles.append(_checked(host, profile, profiles))
    for profile in profiles:
        if store.claimed_elsewhere(profile):
            raise CannotJoin(_open_elsewhere(profile.name), in_use=True)
    return profiles


def one_more(store: Store, host: Profile, named: Sequence[str], typed: str) -> str:
    """`typed`, tidied, as one more learner to play at `host`'s keyboard besides those `named`
    already: refused (CannotJoin) as `check` would refuse it, before anyone is made or claimed."""
    try:
        name = tidy_name(typed)
    except NameRefused as refused:
        raise CannotJoin(_named(typed, str(refused))) from None
    _check_count(store, host, len(named) + 1)
    _check_name(host, named, name)
    known = store.find_profile(name)
    if known is not None and store.claimed_elsewhere(known):
        raise CannotJoin(_open_elsewhere(known.name), in_use=True)
    return name


def join(host: LearnerSession, names: Sequence[str]) -> list[LearnerSession]:
    """A session for each learner named (made if new), claimed for this window, to play at `host`'s
    keyboard. CannotJoin (nothing claimed) as `check` says."""
    return _claimed(host, check(host.store, host.profile, names))


def rejoin(host: LearnerSession, names: Sequence[str]) -> list[LearnerSession]:
    """The learners of a saved game again (by their profile names), claimed for this window.
    CannotJoin when one is not learning here any more or is open in another window."""
    profiles: list[Profile] = []
    for name in names:
        profile = host.store.find_profile(name)
        if profile is None:
            raise CannotJoin(tr("{name} is not learning here any more, so your game together can't go on.").format(name=shown(name)))
        profiles.append(_checked(host.profile, profile, profiles))
    return _claimed(host, profiles)


def _check_count(store: Store, host: Profile, count: int) -> None:
    ruleset = store.load_settings(host).ruleset
    most = most_players(ruleset)
    if count + 1 > most:
        rules = rules_name(choices_for(ruleset).name)
        said = tr("The {rules} allow at most {most} players, so up to {others} can play with {host}, not {count}.")
        raise CannotJoin(said.format(rules=rules, most=most, others=most - 1, host=host.name, count=count))


def _check_name(host: Profile | None, named: Sequence[str], name: str) -> None:
    """`name` is neither the host's nor one of those `named` before it."""
    if host is not None and same_name(name, host.name):
        raise CannotJoin(_already_playing(host))
    if any(same_name(name, other) for other in named):
        raise CannotJoin(_twice(shown(name).strip()))


def _named(name: str, problem: str) -> str:
    """A refused name's problem, saying which name when there is one to show."""
    name = shown(name).strip()
    return tr("“{name}” can't play: {problem}").format(name=name, problem=problem) if name else problem


def _checked(host: Profile | None, profile: Profile, chosen: Sequence[Profile]) -> Profile:
    if host is not None and (profile.id == host.id or same_name(profile.name, host.name)):
        raise CannotJoin(_already_playing(host))
    if any(profile.id == other.id for other in chosen):
        raise CannotJoin(_twice(profile.name))
    return profile


def _already_playing(host: Profile) -> str:
    return tr("{name} is already playing: name someone else to play with.").format(name=host.name)


def _twice(name: str) -> str:
    return tr("{name} is named twice: each learner plays one seat.").format(name=name)


def _open_elsewhere(name: str) -> str:
    return tr("{name}'s progress is open in another window, so {name} can't play here. Close it there first.").format(name=name)


def _claimed(host: LearnerSession, profiles: Sequence[Profile]) -> list[LearnerSession]:
    """A session per profile, each claimed for this window; on a refusal, the claims made here are let go."""
    sessions: list[LearnerSession] = []
    made: list[LearnerSession] = []
    try:
        for profile in profiles:
            session = LearnerSession(host.store, profile)
            if not session.holds():
                try:
                    session.claim()
                except ProfileInUse:
                    raise CannotJoin(_open_elsewhere(profile.name), in_use=True) from None
                except StoreError as error:
                    raise CannotJoin(str(error)) from None
                made.append(session)
            sessions.append(session)
    except CannotJoin:
        for session in made:
            session.release()
        raise
    return sessions
