"""``nonostudio-cli practice`` (technique drills in the terminal) and ``nonostudio-cli profile
show|list|create|export|import`` (the player profiles in the library database), on the tutor's
core :mod:`nonostudio.analysis.tutor` (docs/design/tutor.md)."""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nonostudio.cli.common import (
    ExitCode,
    Outcome,
    check_writable,
    positive_int_arg,
    probe,
    say,
    shown_arg,
    terminal_width,
    whole_number_arg,
    wrap_prose,
)
from nonostudio.core.counts import count
from nonostudio.core.errors import PuzzleError, PuzzleFileError

if TYPE_CHECKING:
    from nonostudio.analysis.tutor.lines import DrillLine
    from nonostudio.core.library.profiles import ProfileStore

PRACTICE_HELP = "practise solving techniques on drills made from real lines of real puzzles"
PROFILE_HELP = "show, list, create, export or import the tutor's player profiles"
DEFAULT_PROFILE = "Player"
"""The profile used when ``--profile`` is not given and the library holds no profile or several:
the studio's own first profile (``gui/tutor/practice_view.py``; a test holds the two equal).  With
one profile in the library, that one is used.  It was 'default': a player of the studio, whose
profile is 'Player', practised in a new profile of the command's, and 'profile show' said "no
profile named 'default' (profiles: Player)"."""
ITEM_SECONDS = 30.0
"""A session's scheduling clock moves on this much per drill, so a missed item comes back
after two others whatever the answers' real times (the times recorded are the real ones)."""
SKIP_WORDS = ("s", "skip")
"""An answer that skips the drill (as the Practice tab's Next drill before any answer): no
outcome, nothing recorded, the drill held back a minute (:meth:`Practice.skip`)."""
DRY_RUN_MOST = 1000
"""``--dry-run`` lists at most this many drills: it listed every one of ``--count``, 8 s for
100,000 and a list held in memory; past the first few hundred it repeats drills already shown."""


def _library_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--library",
        metavar="FILE",
        help="the library database holding the profiles (default: the studio's library)",
    )
    parser.add_argument(
        "--profile",
        metavar="NAME",
        help=(
            "the player profile (default: the library's only profile; with none or several, "
            f"{DEFAULT_PROFILE!r}, the studio's first, made when first used)"
        ),
    )


def _chosen_profile(args: argparse.Namespace, store: ProfileStore) -> str:
    """``--profile``, or when not given the library's only profile, else ``DEFAULT_PROFILE``
    (always for ``profile create``: the only profile is one already made, and creating it
    again failed, "there is already a profile named 'Anna'")."""
    if args.profile is not None:
        return str(args.profile)
    names = store.names()
    creating = getattr(args, "action", None) == "create"
    return names[0] if len(names) == 1 and not creating else DEFAULT_PROFILE


def _clock_arg(text: str) -> float:
    """``--now``: a finite number of seconds since the epoch.  'nan' and 'inf' were taken, and
    recording the answers then failed with 'cannot store the profile: NOT NULL constraint
    failed' (exit 3) after the session was played."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(
            f"must be a finite number of seconds since the epoch, not {shown_arg(text)}"
        )
    return value


def register(subparsers: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``practice`` and ``profile`` subcommands."""
    from nonostudio.analysis.tutor.drills import KINDS
    from nonostudio.analysis.tutor.lines import LINE_TECHNIQUES

    practice = subparsers.add_parser(
        "practice",
        parents=[parent],
        help=PRACTICE_HELP,
        description=PRACTICE_HELP + ". Each drill is read from stdin, one answer a line: the "
        "whole line as -Ox text (mark), a choice's number (which) or y/n (sound); s (or "
        "skip) passes a drill over unanswered, recorded as no answer. With --json "
        "no prompt is printed and the results are one JSON document.",
    )
    practice.add_argument(
        "--technique",
        action="append",
        metavar="ID",
        choices=LINE_TECHNIQUES,
        help="a technique to practise (repeatable; default: every line technique)",
    )
    practice.add_argument(
        "--kind", action="append", choices=KINDS, help="a drill kind (repeatable; default: all)"
    )
    practice.add_argument(
        "--count", type=positive_int_arg, default=10, help="drills to ask (default 10)"
    )
    practice.add_argument(
        "--seed", type=whole_number_arg, default=0, help="the seed fixing the drills"
    )
    practice.add_argument(
        "--from",
        dest="sources",
        action="append",
        metavar="PATH",
        help="puzzle files or folders to take lines from (default: the bundled samples)",
    )
    practice.add_argument(
        "--dry-run",
        action="store_true",
        help="list the drills the session would ask if every answer were right, with no answers "
        f"read and nothing recorded (at most {DRY_RUN_MOST:,} of --count)",
    )
    practice.add_argument(
        "--no-record", action="store_true", help="do not record the answers in the profile"
    )
    practice.add_argument(
        "--now",
        type=_clock_arg,
        metavar="SECONDS",
        help="the session's clock at its start, in seconds since the epoch (default: now); "
        "the schedule is deterministic given it and the seed",
    )
    _library_option(practice)
    practice.set_defaults(run=run_practice)

    profile = subparsers.add_parser(
        "profile", parents=[parent], help=PROFILE_HELP, description=PROFILE_HELP + "."
    )
    profile.add_argument("action", choices=("show", "list", "create", "export", "import"))
    profile.add_argument(
        "file", nargs="?", metavar="FILE", help="export: the file to write; import: to read"
    )
    profile.add_argument(
        "--as", dest="as_name", metavar="NAME", help="import: the name to give the profile"
    )
    _library_option(profile)
    profile.set_defaults(run=run_profile)


def _store(args: argparse.Namespace) -> ProfileStore:
    """The profile store of ``--library``; a library that cannot be opened at all (a folder, a
    missing folder) is a file error (exit code 3).  A store that opened but cannot keep what is
    written (:attr:`ProfileStore.read_only`: a read-only or damaged file) is returned; the caller
    says so."""
    from nonostudio.core.library.profiles import ProfileError, ProfileStore
    from nonostudio.core.paths import library_db_path

    try:
        return ProfileStore(args.library or library_db_path())
    except ProfileError as exc:
        raise PuzzleFileError(str(exc)) from None


def _profile_name(name: str) -> str:
    """``--profile`` checked before any work is done: a bad name is bad input (exit code 2)."""
    from nonostudio.core.library.profiles import ProfileError, check_name

    try:
        return check_name(name)
    except ProfileError as exc:
        raise PuzzleError(f"--profile: {exc}") from None


def _puzzles(sources: list[str] | None) -> list[tuple[str, Any]]:
    """The puzzles of ``--from``: each file's, and in a folder every file of a readable format
    (a file there that is no black-and-white puzzle is skipped with a note; only ``.non`` files
    were read, the others left out unsaid)."""
    from nonostudio.core.formats import FORMATS, read_all
    from nonostudio.core.samples import sample_puzzles

    if not sources:
        return sample_puzzles()
    extensions = {e.lower() for f in FORMATS if f.can_read for e in f.extensions}
    out = []
    for source in sources:
        path = Path(source)
        in_folder = path.is_dir()
        files = (
            sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in extensions)
            if in_folder
            else [path]
        )
        for file in files:
            try:
                entries = read_all(file)
            except PuzzleError as exc:
                if not in_folder:
                    raise
                say(f"skipped {exc}")
                continue
            for item, puzzle in entries:
                out.append((f"{file.name}#{item}" if item else file.name, puzzle))
    if not out:
        raise PuzzleError("no puzzle to take drill lines from", source=", ".join(sources))
    return out


def _read_answer(prompt: str, interactive: bool) -> str | None:
    if interactive:
        width = terminal_width()  # a drill's prompt runs past 80 columns: broken between words
        sys.stdout.write((wrap_prose(prompt, width - 1) if width else prompt) + "\n> ")
        sys.stdout.flush()
    line = sys.stdin.readline()
    if not line and interactive:  # Ctrl-D at the prompt: the summary goes on a line of its own
        sys.stdout.write("\n")
    return None if not line else line.rstrip("\n")


def run_practice(args: argparse.Namespace) -> Outcome:
    """Ask ``--count`` drills, check each answer, record them in the profile."""
    from nonostudio.analysis.tutor.lines import LINE_TECHNIQUES, drill_lines
    from nonostudio.analysis.tutor.practice import PER_TECHNIQUE

    if args.count < 1:
        raise PuzzleError(f"--count must be at least 1, not {args.count}")
    if args.dry_run and args.count > DRY_RUN_MOST:
        say(
            f"nonostudio-cli: --dry-run lists at most {DRY_RUN_MOST:,} drills: the first "
            f"{DRY_RUN_MOST:,} of --count {args.count:,}"
        )
    record = not (args.dry_run or args.no_record)
    if record and args.profile is not None:
        args.profile = _profile_name(args.profile)
    techniques = args.technique or list(LINE_TECHNIQUES)
    # The store is opened first: a library that cannot keep the answers is said before the
    # player starts, not after the session.
    store = _store(args) if record else None
    try:
        if store is not None and store.read_only:
            say(f"nonostudio-cli: warning: {store.read_only}")
        puzzles = _puzzles(args.sources)
        say(f"finding drill lines in {len(puzzles)} puzzle{'s' if len(puzzles) != 1 else ''}")
        lines = drill_lines(
            puzzles,
            trace=False,
            player_paths=2,
            seed=args.seed,
            enough=(techniques, PER_TECHNIQUE),
        )
        missing = [t for t in techniques if not lines[t]]
        return _practise(args, techniques, lines, missing, store)
    finally:  # a bad answer, a Ctrl-C or a failed write: the library is closed all the same
        if store is not None:
            store.close()


def _practise(
    args: argparse.Namespace,
    techniques: list[str],
    lines: dict[str, list[DrillLine]],
    missing: list[str],
    store: ProfileStore | None,
) -> Outcome:
    """The session of :func:`run_practice` once its drill lines are found and its profile
    store (None: nothing recorded) is open."""
    from nonostudio.analysis.tutor.checking import AnswerError
    from nonostudio.analysis.tutor.drills import KINDS
    from nonostudio.analysis.tutor.mastery import outcomes_of
    from nonostudio.analysis.tutor.practice import Practice
    from nonostudio.core.library.profiles import ProfileError

    past = []
    if store is not None:
        args.profile = _chosen_profile(args, store)
        try:
            store.ensure(args.profile)
        except ProfileError as exc:  # the library refused the new profile
            raise PuzzleFileError(str(exc)) from None
        past = store.events(args.profile)
    practice = Practice(lines, techniques, args.kind or KINDS, args.seed, outcomes_of(past))
    if not practice.drills:
        raise PuzzleError(f"no drill line for {', '.join(missing)} in these puzzles")
    for e in past:  # the schedule goes on from past sessions
        if e.source == "drill" and e.item in practice.drills:
            practice.schedule.review(e.item, e.score >= 1.0, e.at)
    clock = time.time() if args.now is None else args.now
    results: list[dict[str, Any]] = []
    text: list[str] = []
    recorded = skipped = 0
    asked = min(args.count, DRY_RUN_MOST) if args.dry_run else args.count
    for k in range(asked):
        now = clock + k * ITEM_SECONDS
        drill = practice.next(now)
        if drill is None:
            break
        if args.dry_run:
            results.append({"drill": drill.to_json()})
            text.append(f"{k + 1}. {drill.prompt}")
            practice.schedule.review(drill.item, True, now)
            continue
        started = time.monotonic()
        while True:
            answer = _read_answer(f"{k + 1}. {drill.prompt} (s skips it)", not args.json)
            skip = answer is not None and answer.strip().lower() in SKIP_WORDS
            if answer is None or skip:
                break
            try:
                feedback, event = practice.answer(drill, answer, time.monotonic() - started, now)
            except AnswerError as exc:
                if args.json:
                    raise PuzzleError(f"stdin, answer {k + 1}: {exc}") from None
                sys.stdout.write(_wrapped(f"{exc}; try again.") + "\n")
                continue
            break
        if answer is None:
            break
        if skip:  # no answer: nothing recorded, held back
            practice.skip(drill, now)
            skipped += 1
            results.append({"drill": drill.to_json(), "answer": None, "skipped": True})
            if not args.json:
                sys.stdout.write("skipped.\n\n")
            continue
        if store is not None:  # kept at once: a Ctrl-C later loses none of the answers given
            _record(store, args.profile, event)
        recorded += 1
        results.append({"drill": drill.to_json(), "answer": answer, "feedback": feedback.to_json()})
        verdict = "right" if feedback.correct else "not quite"
        line = f"{verdict}. {feedback.explanation}" if not feedback.correct else "right."
        if not args.json:
            sys.stdout.write(line + "\n\n")
    right = sum(1 for r in results if r.get("feedback", {}).get("correct"))
    lost = "" if store is None else store.read_only
    data = {
        "profile": None if store is None else args.profile,
        "recorded": 0 if store is None or lost else recorded,
        "not_recorded": lost or None,
        "techniques": techniques,
        "asked": len(results),
        "skipped": skipped,
        "right": right if not args.dry_run else None,
        "drills": results,
        "no_lines": missing,
    }
    if args.dry_run:
        listed = f"{count(len(results), 'drill')} listed"
        if len(results) < args.count and len(results) == DRY_RUN_MOST:
            listed += f" (the first {DRY_RUN_MOST:,} of --count {args.count:,})"
        data["count"] = args.count
        return Outcome(data, "\n".join([*text, listed]))
    answered = len(results) - skipped
    summary = f"{right} of {answered} right" if answered or not skipped else "none answered"
    if skipped:
        summary += f", {skipped} skipped"
    if lost and answered:  # kept in memory only: say so, and exit as a file not written
        return Outcome(data, f"{summary}; NOT recorded: {lost}", ExitCode.IO_ERROR)
    if store is not None:  # where the profile stands now, in the words profile show ends with
        # ("recorded" was said when every drill was skipped and nothing was)
        summary += f" (recorded in profile {args.profile!r})" if answered else " (nothing recorded)"
        _, standing = _standing(store.events(args.profile))
        data |= standing
        summary = _wrapped("\n".join([summary, standing["mastered_text"], standing["step_text"]]))
    return Outcome(data, summary)


def _record(store: ProfileStore, name: str, event: Any) -> None:
    """Add one answer's event to the profile; a library that refuses the write is a file error
    (exit code 3), not a bug."""
    from nonostudio.core.library.profiles import ProfileError

    try:
        store.record(name, [event])
    except ProfileError as exc:
        raise PuzzleFileError(str(exc)) from None


def _mastery_table(events: list[Any]) -> tuple[list[dict[str, Any]], str, dict[str, Any]]:
    """The rows of ``profile show`` (JSON and text) and its closing words: how many techniques
    are mastered and the next step with what it rests on (the Practice tab's words, from the
    same core functions)."""
    from nonostudio.analysis.catalogue.techniques import BY_ID

    levels, standing = _standing(events)
    rows = [
        m.to_json() | {"name": BY_ID[m.technique].name}
        for m in levels.values()
        if m.technique in BY_ID
    ]
    # within 80 columns: the note (mastery_note's words, in the JSON) said short in the table,
    # the number of right answers in a row still needed under "to master"
    head = f"{'technique':<24} {'level':>5} {'trend':>6} {'events':>6} {'right':>5} {'sec':>6}"
    lines = [f"{head}  to master"]
    for r in rows:
        sec = "" if r["seconds"] is None else f"{r['seconds']:.1f}"
        numbers = f"{r['level']:>5.2f} {r['trend']:>+6.2f} {r['events']:>6} {r['right']:>5}"
        numbers += f" {sec:>6}"
        lines.append(f"{r['name']:<24} {numbers}  {_to_master(r)}")
    words = _wrapped(f"{standing['mastered_text']}\n{standing['step_text']}")
    return rows, "\n".join([*lines, words]), standing


def _to_master(row: dict[str, Any]) -> str:
    """A ``profile show`` row's standing in the table: "mastered", "not yet asked", or the right
    answers in a row still needed ("2 more right"; the whole words are the JSON's ``note``)."""
    if row["to_master"] == 0:
        return "mastered"
    if not row["events"]:
        return "not yet asked"
    return f"{row['to_master']} more right"


def _standing(events: list[Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The profile's mastery of every technique, and its standing in words and numbers: the
    line techniques mastered and the next step (``step``, ``step_text``: what it rests on)."""
    from nonostudio.analysis.tutor.lines import LINE_TECHNIQUES
    from nonostudio.analysis.tutor.mastery import (
        mastered_text,
        mastery,
        outcomes_of,
        step_text,
        step_tier,
    )

    levels = mastery(outcomes_of(events))
    standing = {
        "mastered": sum(1 for t in LINE_TECHNIQUES if levels[t].mastered),
        "mastered_text": mastered_text(levels, list(LINE_TECHNIQUES)),
        "step": step_tier(levels),
        "step_text": step_text(levels),
    }
    return levels, standing


def _wrapped(text: str) -> str:
    """``text`` broken between words to a terminal's width (one line a sentence in a pipe)."""
    width = terminal_width()
    return wrap_prose(text, width - 1) if width else text


def run_profile(args: argparse.Namespace) -> Outcome:
    """The ``profile`` actions."""
    from nonostudio.core.library.profiles import ProfileError

    # a FILE or --as the action does not take is refused, not passed over: 'profile create
    # anna' made the profile 'default' and said so
    if args.file and args.action not in ("export", "import"):
        raise PuzzleError(
            f"profile {args.action} takes no FILE ({args.file!r}); name the profile with "
            "--profile NAME"
        )
    if args.as_name is not None and args.action != "import":
        raise PuzzleError(f"--as names an imported profile; profile {args.action} takes none")
    store = _store(args)
    try:
        args.profile = _chosen_profile(args, store)
        why = store.read_only.split("; ")[0]  # '' when the library can be written
        if why and args.action in ("create", "import"):
            raise PuzzleFileError(why)  # it would be kept in memory only, and lost
        if why and args.action == "list" and not store.names():  # a damaged library lists none
            say(f"nonostudio-cli: warning: {why}")
        if args.action == "list":
            names = store.names()
            return Outcome({"profiles": names}, "\n".join(names) or "no profiles yet")
        if args.action == "create":
            store.create(args.profile)
            return Outcome({"profile": args.profile}, f"made profile {args.profile!r}")
        if args.action == "show":
            events = store.events(args.profile)
            rows, table, standing = _mastery_table(events)
            data = {"profile": args.profile, "events": len(events), "mastery": rows, **standing}
            head = f"profile {args.profile!r}: {count(len(events), 'event')}"
            return Outcome(data, f"{head}\n{table}")
        if not args.file:
            raise PuzzleError(f"profile {args.action} needs a FILE")
        if args.action == "export":
            check_writable(args.file, "a profile file")  # '-' was written as a file called '-'
            try:
                n = store.export_file(args.profile, args.file)
            except OSError as exc:  # named after the file asked for, not the temporary beside it
                raise OSError(exc.errno, exc.strerror or str(exc), args.file) from None
            return Outcome(
                {"profile": args.profile, "file": args.file, "events": n},
                f"wrote {count(n, 'event')} to {args.file}",
            )
        if not args.file.strip() or args.file == "-":  # as export's and every input's: exit 2
            what = "an empty name" if not args.file.strip() else "'-' (standard input is not read)"
            raise PuzzleError(f"{what}: name a profile file to read", source="<argument>")
        name, n = store.import_file(args.file, args.as_name, data=_profile_bytes(args.file))
        return Outcome(
            {"profile": name, "file": args.file, "events": n},
            f"imported profile {name!r} ({count(n, 'event')})",
        )
    except ProfileError as exc:
        if store.read_only and not store.names():  # why the library shows no profile
            raise PuzzleFileError(f"{exc}; {store.read_only.split('; ')[0]}") from None
        raise PuzzleError(str(exc)) from None
    finally:
        store.close()


def _profile_bytes(path: str) -> bytes:
    """The bytes of the profile file ``import`` reads, through the checks and the bounded read
    every puzzle file gets: a missing file, a folder, a socket, a block device or no permission
    is a file error (exit 3) said plainly; a FIFO or a device is read with a time limit
    (``mkfifo f; profile import f`` waited forever) and every file up to the profile files'
    limit, ``profiles.PROFILE_FILE_BYTES`` (``/dev/zero`` took all the memory there was)."""
    from nonostudio.core.formats import TooLarge, read_limited
    from nonostudio.core.library import profiles

    probe(path, "a profile file")
    try:
        return read_limited(path, profiles.PROFILE_FILE_BYTES)
    except TooLarge:
        raise PuzzleError(profiles.too_large_text(), source=path) from None


def run(args: argparse.Namespace) -> Outcome:
    return args.run(args)


__all__ = ["register", "run"]
