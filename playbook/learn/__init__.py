"""The learner's side: tutorials and their exercises, progress, puzzles.

It sits above the board widget and below nothing of the package but the
notebooks that use it:

- :mod:`~playbook.learn.tutorial`: an :class:`Exercise` (a position, a goal,
  the right answers, judged on its live board or typed) and the
  :class:`Tutorial` that counts them, with its :func:`summary`;
- :mod:`~playbook.learn.lines`: the lines an exercise is played along (the
  learner's moves and the scripted replies between them);
- :mod:`~playbook.learn.board`: an exercise's live board, which answers each
  move the moment it is played;
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
