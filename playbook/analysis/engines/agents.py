"""Agents: anything with ``choose(state) -> Action``.

:class:`RandomAgent` enters its action through the step API, one random
step at a time, so it plays every game, including those whose actions are
too many to list.  :class:`~.greedy.GreedyAgent` looks one action ahead
on the game's evaluation (:mod:`playbook.analysis.engines.evaluation`).
The searching engines are :class:`~playbook.analysis.engines.search.AlphaBeta`
and :class:`~playbook.analysis.engines.mcts.MCTS`; what they share with
the agents here (:class:`Agent`, :class:`Analysis`) is defined here.

Every agent here has a short, repeatable ``repr`` (used to name it in
self-play records) and ``reset(seed)``, which self-play calls before each
game so that a game's seed decides every random choice in it.

>>> from playbook import load
>>> state = load("cosmic").initial()
>>> RandomAgent(seed=1).choose(state) in state.legal_actions()
True
>>> RandomAgent(seed=1)
RandomAgent(seed=1)
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from numbers import Integral, Real
from typing import Any, Protocol

from ...chance import Dice, advance
from ...core import Action, IllegalAction, State, Step
from .evaluation import WIN

__all__ = ["Agent", "Analysis", "Factory", "Line", "RandomAgent", "QUIET", "DECIDED",
           "refuse_positional", "refuse_chance", "score_words", "checked"]

# Words typed at a text step when an agent must fill one in.
WORDS = ("stone", "river", "light", "quiet", "ember", "crown", "orbit", "field", "glass", "north")

#: What the engines leave out of their searches: the talk actions of every
#: kind but accepting a draw (which ends a game they may judge).
QUIET = ("resign", "offer", "claim")


#: Scores beyond this are wins or losses found by a search (WIN less the
#: actions it takes to get there).
DECIDED = WIN - 1000


class RootLine(Protocol):
    """What every search tells of one action at its root: the ``action``
    (None where it was only begun) and the line ``pv`` it expects from
    there (action texts); a :class:`Line` for a tree search, a
    :class:`~playbook.analysis.engines.mcts.Visits` for a Monte-Carlo one."""

    @property
    def action(self) -> Action | None:
        """The action played first."""

    @property
    def pv(self) -> list[str]:
        """The expected line, action texts."""


@dataclass
class Line:
    """One line of an analysis: the ``action`` played first, its ``score``
    for the side to move (as :attr:`Analysis.score`) and the expected
    continuation ``pv`` (action texts, the first one's included)."""

    action: Action
    score: float
    pv: list[str] = field(default_factory=list)


@dataclass
class Analysis:
    """What a search found: the ``action`` to play, its ``score`` for the
    side to move (about a pawn a unit; beyond ±9000 a forced win or loss),
    the ``depth`` searched in actions, the expected line ``pv`` (action
    texts), and the work done: ``nodes`` visited, transposition-table
    ``hits`` and ``seconds`` spent; ``lines``: the best actions, best
    first, each a :class:`Line` with its exact score (as many as
    ``analyse(state, multipv=K)`` asked for, the first being the best);
    ``reply``: 1 when the search weighed a move of another player (it saw
    an answer to its own), 0 when it stopped before any (a Kelasu turn is
    up to four actions: a search two actions deep sees none), None when the
    agent does not say."""

    action: Action
    score: float
    depth: int
    pv: list[str] = field(default_factory=list)
    nodes: int = 0
    hits: int = 0
    seconds: float = 0.0
    lines: Sequence[RootLine] = field(default_factory=list)
    reply: int | None = None

    @property
    def decided(self) -> bool:
        """Whether the search found a forced win or loss."""
        return abs(self.score) >= DECIDED

    def describe(self) -> str:
        """The score in words, as the widget shows it (:func:`score_words`)."""
        return score_words(self.score)


def score_words(score: float) -> str:
    """A score for the side it is counted for, in words: "+0.3" (about a
    pawn a unit), "wins in 3 actions" or "loses in 1 action" for a forced
    result that many actions away, "won" or "lost" once it is over, so
    that no reader ever sees the search's 10000.0 or -9999.0."""
    if abs(score) < DECIDED:
        return f"{score:+.1f}"
    plies = round(WIN - abs(score))
    if plies == 0:
        return "won" if score > 0 else "lost"
    return f"{'wins' if score > 0 else 'loses'} in {plies} action{'s' if plies != 1 else ''}"


class Agent(ABC):
    """The interface every agent shares: :meth:`choose` an action,
    :meth:`analyse` a position (the action with its score), and
    :meth:`reset` before each game.  ``seed`` starts the agent's random
    choices (``self.rng``), so that a game's seed decides every one.
    ``stream`` (default 0) picks another sequence of random choices from
    the same seed: two copies of one engine on streams 0 and 1 break their
    ties differently, so a colour-reversed pair of games from the same
    opening (the same seed) is two games, not one played twice."""

    #: Whether the agent searches ahead (an engine), so that its advice is
    #: worth showing: a board's Hint asks the opponent only when it does.
    searches: bool = False

    def __init__(self, seed: float | None = None, stream: int = 0):
        self.seed = checked("seed", seed, optional=True)
        self.stream = checked("stream", stream, whole=True, least=0)
        self.rng = self._generator(seed)

    def _generator(self, seed: float | None) -> random.Random:
        """The random generator of ``seed`` on this agent's ``stream``: the
        seed's own for stream 0, else one seeded by the text
        ``"seed/stream"`` (hashed the same way on every machine)."""
        return random.Random(seed if not self.stream or seed is None else f"{seed}/{self.stream}")

    def reset(self, seed: float | None) -> None:
        """Start again from ``seed`` (self-play calls this before each
        game), forgetting what earlier games taught (:meth:`forget`)."""
        self.seed = seed
        self.rng = self._generator(seed)
        self.forget()

    def _settings_text(self, parts: list[str]) -> str:
        """``Kind(a, b)`` from the setting texts ``parts``, the stream's added when not 0."""
        if self.stream:
            parts = [*parts, f"stream={self.stream}"]
        return f"{type(self).__name__}({', '.join(parts)})"

    def forget(self) -> None:  # noqa: B027 - a hook agents may fill; a no-op is the right default
        """Drop what the agent keeps between moves (tables, what it played
        before); nothing by default."""

    @abstractmethod
    def choose(self, state: State) -> Action:
        """The action to play in ``state``."""

    def analyse(self, state: State) -> Analysis:
        """The action to play in ``state`` with what the agent makes of it:
        by default its :meth:`choose`, with no opinion of the score and no
        depth searched."""
        return Analysis(self.choose(state), 0.0, 0)

    @classmethod
    def factory(cls, **settings) -> Factory:
        """A factory ``seed -> agent`` of this kind with ``settings``
        (``AlphaBeta.factory(nodes=2000)``): what self-play calls with
        each game's seed, said explicitly rather than by passing the class."""
        cls(**settings)  # refuse bad settings now, not in the first game
        return Factory(cls, tuple(sorted(settings.items())))


@dataclass(frozen=True)
class Factory:
    """Makes an agent of ``kind`` with ``settings`` (name-value pairs)
    for each game's seed: ``Factory(AlphaBeta, (("nodes", 2000),))(7)``
    is ``AlphaBeta(nodes=2000, seed=7)``.  Made by :meth:`Agent.factory`;
    it pickles, so it goes to any executor's workers."""

    kind: type[Agent]
    settings: tuple[tuple[str, object], ...]

    def __call__(self, seed: float | None) -> Agent:
        """The agent for the game of ``seed``."""
        settings: dict[str, Any] = dict(self.settings)
        return self.kind(**settings, seed=seed)

    def __repr__(self) -> str:
        return f"{self.kind.__name__}.factory({', '.join(f'{k}={v!r}' for k, v in self.settings)})"


def refuse_positional(kind: type, args: tuple) -> None:
    """Refuse settings given by position to an agent whose settings are
    all named (``AlphaBeta``, ``MCTS``): ``AlphaBeta(5)`` is most often a
    class passed where a factory ``seed -> agent`` was meant, which would
    otherwise build a different engine each game from the seed."""
    if args:
        name = kind.__name__
        raise TypeError(
            f"{name} takes its settings by name ({name}(nodes=2000), not {name}({', '.join(map(repr, args))})). "
            f"The class is not a factory seed -> agent: give an agent such as {name}(nodes=2000) (self-play "
            f"resets it with each game's seed) or a factory such as {name}.factory(nodes=2000)"
        )


def refuse_chance(state: State) -> None:
    """Refuse to choose for the dice: in a chance node (``state.chance``)
    chance moves, drawn by whoever runs the game (a run's seeded
    :class:`~playbook.chance.Dice`, a board's Roll button), never by an
    agent, so that no agent can favour itself with a roll."""
    if state.chance:
        raise IllegalAction("chance moves here, not a player: draw the outcome with playbook.chance.Dice "
                            "(a board's Roll button), not with an agent", rule="chance")


def checked(name: str, value: Any, *, whole: bool = False, least: float | None = None,
            above: float | None = None, most: float | None = None, optional: bool = False) -> Any:
    """``value`` when it suits an agent's setting ``name``: a number (a
    whole one with ``whole``; never True or False, NaN or infinite) of at least
    ``least``, more than ``above`` and at most ``most``, or None where
    ``optional``; else a ValueError naming the setting and what it takes,
    so that a bad setting is refused before any game is played.

    >>> checked("stop", 0.5, least=0, most=1)
    0.5
    >>> checked("stop", 5, least=0, most=1)
    Traceback (most recent call last):
    ...
    ValueError: stop is a number from 0 to 1, not 5
    """
    if value is None and optional:
        return value
    ok = isinstance(value, Real) and not isinstance(value, bool) and not (whole and not isinstance(value, Integral))
    ok = ok and math.isfinite(value) and (least is None or value >= least) and (above is None or value > above)
    ok = ok and (most is None or value <= most)
    if ok:
        return value
    kind = "a whole number" if whole else "a number"
    if least is not None and most is not None:
        kind += f" from {least:g} to {most:g}"
    elif least is not None:
        kind += f" of at least {least:g}"
    elif above is not None:
        kind += f" more than {above:g}"
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    raise ValueError(f"{name} is {kind}{' or None' if optional else ''}, not {shown}")


def checked_function(name: str, value: Any) -> Any:
    """``value`` when it is None or a function (an evaluation
    ``(state, player) -> score``), else a ValueError naming the setting."""
    if value is None or callable(value):
        return value
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    raise ValueError(f"{name} is a function (state, player) -> score, or None for the game's own, not {shown}")


class RandomAgent(Agent):
    """Plays a random legal action.  Where an entry is already complete but
    could go on (a chain of jumps, a group of pieces), it stops with
    probability ``stop``.  Choices named in ``avoid`` are taken only when
    nothing else is possible; by default these are the game's talk
    (resigning, offering or accepting a draw: the ``talk`` its descriptor
    declares), so random games are decided by play: pass ``avoid=()`` for
    an agent that may also resign or agree a draw.  ``seed`` makes its
    games repeatable.  It never chooses for the dice
    (:func:`refuse_chance`); :meth:`play` rolls them itself."""

    def __init__(self, seed: float | None = None, stop: float = 0.3, avoid: tuple[str, ...] | None = None,
                 stream: int = 0):
        super().__init__(seed, stream)
        self.stop = checked("stop", stop, least=0, most=1)
        self.avoid = None if avoid is None else frozenset(avoid)

    def choose(self, state: State) -> Action:
        """A random legal action, entered one random step at a time."""
        return self.complete(state, ())

    def complete(self, state: State, prefix: tuple[Step, ...]) -> Action:
        """A random legal action that begins with the entry ``prefix``."""
        refuse_chance(state)
        steps = list(prefix)
        avoid = state.game.descriptor.talk_texts() if self.avoid is None else self.avoid
        while True:
            step = state.next_steps(steps)
            if step.complete and (not step.options or self.rng.random() < self.stop):
                return state.action_from_steps(steps)
            if not step.options:
                raise RuntimeError(f"no way to finish the entry {steps} in {state!r}")
            options = [o for o in step.options if not (o.kind == "choice" and o.value in avoid)]
            if not options and step.complete:
                return state.action_from_steps(steps)
            option = self.rng.choice(options or step.options)
            if option.kind == "text":
                option = Step.text(self.text_for(option), option.label)
            steps.append(option)

    def play(self, state: State, plies: int) -> State:
        """The position after up to ``plies`` random actions from ``state``
        (fewer if the game ends first); in chance nodes, the dice are
        rolled (:class:`~playbook.chance.Dice` seeded from this agent's
        generator), not chosen."""
        dice = None  # made at the first roll, so a game without chance draws the numbers it always drew
        for _ in range(plies):
            if state.outcome is not None:
                break
            if state.chance and dice is None:
                dice = Dice(self.rng.random())
            state = advance(state, self.choose, dice)[1] if dice is not None else state.play(self.choose(state))
        return state

    def text_for(self, option: Step) -> str:
        """Random words for a text step; the prompt's first number, if any,
        says how many (``"nine words"`` or ``"9 words"``)."""
        return random_words(self.rng, option.label)

    def __repr__(self) -> str:
        parts = [f"seed={self.seed}"] if self.seed is not None else []
        if self.stop != 0.3:
            parts.append(f"stop={self.stop}")
        if self.avoid is not None:
            parts.append(f"avoid={tuple(sorted(self.avoid))}")
        return self._settings_text(parts)


def random_words(rng: random.Random, prompt: str) -> str:
    """Words for a text step whose prompt may say how many (``"nine words"``)."""
    numbers = {
        "one": 1,
        "two": 2,
        "three": 3,
        "four": 4,
        "five": 5,
        "six": 6,
        "seven": 7,
        "eight": 8,
        "nine": 9,
        "ten": 10,
    }
    count = 1
    for word in prompt.lower().split():
        if word.isdigit():
            count = int(word)
            break
        if word in numbers:
            count = numbers[word]
            break
    return " ".join(rng.choice(WORDS) for _ in range(count))
