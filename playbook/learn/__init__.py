"""The learner's side: tutorials and their exercises, progress, puzzles.

It sits above the board widget: nothing in the widget or in
:mod:`playbook.puzzles` imports it.  Its modules, from the bottom up:

- :mod:`~playbook.learn.lines`: a line played from an exercise's start (the
  learner's moves and the scripted replies between them);
- :mod:`~playbook.learn.answers`: an exercise's answers and how a line is
  judged, with no board;
- :mod:`~playbook.learn.board`: the board part an exercise holds, which
  answers each move the moment it is played;
- :mod:`~playbook.learn.tutorial`: an :class:`Exercise` (its answers, its
  board part and its place in a tutorial) and the :class:`Tutorial` that
  counts them, with its :func:`summary`;
- :mod:`~playbook.learn.progress`: which exercises a learner solved, kept
  across kernels and days, and the :func:`overview` of a folder of tutorials;
- :mod:`~playbook.learn.trainer`: the puzzle :class:`Trainer`, which hands
  out the shipped puzzles (:mod:`playbook.puzzles`) as exercises and rates
  the learner.
"""

from .progress import Overview, Progress, ProgressWarning, overview
from .trainer import Trainer, standing
from .tutorial import TRIES, Exercise, Summary, Tutorial, Verdict, current, summary

__all__ = ["Exercise", "Verdict", "Tutorial", "Summary", "current", "summary", "TRIES", "Progress", "ProgressWarning",
           "Overview", "overview", "Trainer", "standing"]
