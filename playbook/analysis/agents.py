"""Agents: anything with ``choose(state) -> Action``.

:class:`RandomAgent` enters its action through the step API, one random
step at a time, so it plays every game, including those whose actions are
too many to list.

>>> from playbook import load
>>> state = load("cosmic").initial()
>>> RandomAgent(seed=1).choose(state) in state.legal_actions()
True
"""

from __future__ import annotations

import random

from ..core import Action, State, Step

__all__ = ["RandomAgent"]

# Words typed at a text step when an agent must fill one in.
WORDS = ("stone", "river", "light", "quiet", "ember", "crown", "orbit", "field", "glass", "north")


class RandomAgent:
    """Plays a random legal action.  Where an entry is already complete but
    could go on (a chain of jumps, a group of pieces), it stops with
    probability ``stop``.  Choices named in ``avoid`` (say ``"resign"``) are
    taken only when nothing else is possible.  ``seed`` makes its games
    repeatable."""

    def __init__(self, seed: int | None = None, stop: float = 0.3, avoid: tuple[str, ...] = ()):
        self.rng = random.Random(seed)
        self.stop = stop
        self.avoid = frozenset(avoid)

    def choose(self, state: State) -> Action:
        prefix: list[Step] = []
        while True:
            step = state.next_steps(prefix)
            if step.complete and (not step.options or self.rng.random() < self.stop):
                return state.action_from_steps(prefix)
            if not step.options:
                raise RuntimeError(f"no way to finish the entry {prefix} in {state!r}")
            options = [o for o in step.options if not (o.kind == "choice" and o.value in self.avoid)]
            option = self.rng.choice(options or step.options)
            if option.kind == "text":
                option = Step.text(self.text_for(option), option.label)
            prefix.append(option)

    def play(self, state: State, plies: int) -> State:
        """The position after up to ``plies`` random actions from ``state``
        (fewer if the game ends first)."""
        for _ in range(plies):
            if state.outcome is not None:
                break
            state = state.play(self.choose(state))
        return state

    def text_for(self, option: Step) -> str:
        """Random words for a text step; the prompt's first number, if any,
        says how many (``"nine words"`` or ``"9 words"``)."""
        numbers = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
        count = 1
        for word in option.label.lower().split():
            if word.isdigit():
                count = int(word)
                break
            if word in numbers:
                count = numbers[word]
                break
        return " ".join(self.rng.choice(WORDS) for _ in range(count))
