"""``playbook check GAME``: every shared check on an installed game, from a terminal.

    playbook check my_game            # every check: quick, slow and browser
    playbook check my_game --quick    # the quick ones (seconds)

prints one line a check, and under each that fails the rule it checks
and what broke it; the exit status is 1 when a check failed.
"""

from __future__ import annotations

import argparse
import sys
import textwrap

from ..core import PlaybookError
from ..games import available, load
from . import TIERS, Result, checks_for, run

__all__ = ["add_arguments", "main"]

#: How each result is marked at the start of its line.
MARKS = {"passed": "ok  ", "failed": "FAIL", "skipped": "skip"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``playbook check``."""
    parser.add_argument("game", metavar="GAME", help=f"the installed game's key: {', '.join(available())}")
    parser.add_argument("--quick", action="store_true",
                        help="the quick checks only (seconds), not the slow ones (self-play, mining) nor the browser")


def _say(result: Result) -> None:
    print(f"  {MARKS[result.status]}  {result.check.name}" + (f": {result.message}" if result.status == "skipped"
                                                                else ""), flush=True)
    if result.status == "failed":
        print(textwrap.fill(f"rule: {result.check.rule}", 110, initial_indent=" " * 8, subsequent_indent=" " * 14))
        print(textwrap.indent(f"found: {result.message}", " " * 8), flush=True)


def main(args: argparse.Namespace) -> int:
    """Run ``playbook check``; the exit status (1 when a check failed, 2 for no such game)."""
    try:
        game = load(args.game)
    except PlaybookError as exc:
        print(f"playbook check: error: {exc}", file=sys.stderr)
        return 2
    tiers = ("quick",) if args.quick else TIERS
    print(f"Checking {game.title} ({game.name}): {len(checks_for(game, tiers))} checks ({', '.join(tiers)})",
          flush=True)
    results = run(game.name, tiers, report=_say)
    counts = {status: sum(r.status == status for r in results) for status in MARKS}
    print(f"{len(results)} checks: {counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped")
    return 1 if counts["failed"] else 0
