"""Every check playbook makes of a game, shipped with the package.

A game, shipped or a designer's own, meets the same contract; these are
the checks of it, each a rule in words and a function that tests one
installed game against it (:class:`~.registry.Check`).  Run them:

- from a terminal: ``playbook check my_game`` runs every check on the
  installed game ``my_game`` and prints each one that fails with the rule
  it checks (``--quick`` leaves out the slow and browser tiers);
- with pytest: the plugin :mod:`playbook.pytest_plugin` (installed with
  playbook, a ``pytest11`` entry point) gives each check of each game its
  own test id, ``test_game[my_game-positions_read_back_from_their_text]``,
  for any test that asks for the ``playbook_check`` fixture; ``playbook
  new-game`` writes such a test into a new game's ``tests/``;
- from Python: :func:`run`.

The checks, by module: :mod:`.contract` (found, declared, the start,
options, refusals), :mod:`.play` (random games played to their end, every
position and every listed action checked at every ply), :mod:`.drawing`,
:mod:`.engines` (agents, the evaluation, reviews), :mod:`.records`,
:mod:`.puzzles`, :mod:`.clarifications` and :mod:`.browser` (the live
board clicked in JupyterLab).  They come in tiers (:data:`TIERS`): quick
(seconds a game), slow and browser.  A check says which games it applies
to, so a new kind of game (dice, say) brings a module of its own checks,
registered with :func:`check` and imported here, which the others leave
alone.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..core import Game
from ..games import load
from . import browser, clarifications, contract, drawing, engines, play, puzzles, records
from .registry import CHECKS, TIERS, Check, Session, Skip, check

__all__ = ["CHECKS", "TIERS", "Check", "Session", "Skip", "check", "checks_for", "Result", "run"]

#: The modules of checks, imported for the checks they register.
MODULES = (contract, play, drawing, engines, records, puzzles, clarifications, browser)


def checks_for(game: Game, tiers: Iterable[str] = TIERS) -> list[Check]:
    """The checks of ``tiers`` that apply to ``game``, in their order."""
    wanted = set(tiers)
    order = [module.__name__ for module in MODULES]
    chosen = [c for c in CHECKS.values() if c.tier in wanted and c.reason_not_to_run(game) is None]
    return sorted(chosen, key=lambda c: order.index(c.run.__module__) if c.run.__module__ in order else len(order))


@dataclass(frozen=True)
class Result:
    """How one check of one game went: ``status`` is ``"passed"``,
    ``"failed"`` (``message`` says what broke the rule) or ``"skipped"``
    (``message`` says why it could not run)."""

    check: Check
    status: str
    message: str = ""


def run(key: str, tiers: Iterable[str] = TIERS, session: Session | None = None,
        report: Callable[[Result], None] | None = None) -> list[Result]:
    """Run every check of ``tiers`` that applies to the installed game
    ``key`` and return the results, calling ``report`` with each as it
    comes.  An error other than a broken rule (an exception the check did
    not expect) fails the check with its traceback."""
    game = load(key)
    own = session is None
    session = session or Session()
    results = []
    try:
        for item in checks_for(game, tiers):
            try:
                item.run(game, session)
            except Skip as exc:
                result = Result(item, "skipped", str(exc))
            except AssertionError as exc:
                result = Result(item, "failed", str(exc) or traceback.format_exc(limit=-1).strip())
            except Exception:  # noqa: BLE001 - any error of the game's code fails the check, with its traceback
                result = Result(item, "failed", traceback.format_exc(limit=-6).strip())
            else:
                result = Result(item, "passed")
            results.append(result)
            if report is not None:
                report(result)
    finally:
        if own:
            session.close()
    return results
