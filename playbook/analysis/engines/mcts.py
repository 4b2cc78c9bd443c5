"""Monte-Carlo tree search over the step API.

Where a position offers few actions (at most ``widen``: the listed ones
and those the engines add for the game, as
:func:`~playbook.analysis.engines.search.candidates` gives them), the tree's edges
from it are whole actions, expanded best first by the evaluation of the
position each leads to (so a short search with fewer iterations than
actions still tries the promising ones).  Elsewhere (long lists, such as Kelasu's merges
on a field of blanks, or games that list nothing) its edges are *steps* (a
click on a cell, a named choice, typed text), so MCTS plays every game,
including those whose actions are far too many to list: there it only
asks ``state.next_steps(prefix)``.  A node is a position with a partial
entry; the player deciding there is ``state.to_move``, read afresh at
every node, so turns of several actions and games of more than two
players need nothing special.

Each iteration walks down the tree by UCT (the average reward of a child
for the player choosing it, plus an exploration bonus), adds one child,
judges it and passes the reward back up.  To judge a node, the partial
entry is completed at random, then ``rollout`` random actions are played,
and the position is scored: by the outcome when the game is over, else by
the game's evaluation mapped to a chance of winning
(:func:`~playbook.analysis.engines.evaluation.squash`).  Chance nodes (a roll of
the dice) are sampled: each time a walk reaches one, an outcome is drawn
with its probability from the search's own generator and the walk goes on
below it, so the visits of each outcome follow its chances; rollouts roll
the dice the same way.  A game with no evaluation
of its own is played out at random to the end (up to ``max_rollout``
actions) instead.  The move played is the most visited line of steps.

>>> from playbook import load
>>> game = load("cosmic")
>>> MCTS(iterations=300, seed=1).choose(game.parse("5k/6/6/2p3/1P4/K5 w")).text
'b2xd4'
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import islice

from ...chance import pick
from ...core import CHANCE, Action, IllegalAction, State, Step
from .agents import (
    DECIDED,
    QUIET,
    Agent,
    Analysis,
    RandomAgent,
    checked,
    checked_function,
    random_words,
    refuse_chance,
    refuse_positional,
)
from .evaluation import evaluation_for, generic, private, squash
from .search import _UNSET, Unset, blind, candidates, vary

__all__ = ["MCTS", "SearchResult", "Visits", "value_score"]

_STOP = Step.choice("\x00stop", "stop here")


class _Node:
    __slots__ = ("state", "prefix", "chooser", "step", "action", "children", "untried", "visits", "total", "complete")

    def __init__(self, state: State, prefix: tuple, chooser, step=None, action=None):
        self.state = state  # the position (after ``action`` if the edge completed one)
        self.prefix = prefix  # the partial entry in ``state``
        self.chooser = chooser  # who chose the edge into this node
        self.step = step
        self.action = action  # the action completed by the edge into this node, if any
        self.children: list[_Node] = []
        # What is left to expand: steps of the entry, or (action, position after it) pairs.
        self.untried: list[Step] | list[tuple[Action, State]] | None = None
        self.visits = 0
        self.total = 0.0
        self.complete = False


#: How many edges below the last search's root :meth:`MCTS.analyse` looks
#: for the next position (a move and a reply, even when entered step by step).
_KEEP_DEPTH = 8


@dataclass
class Visits:
    """One action at the root of a Monte-Carlo search: the ``action``
    (None where the search only began entering it step by step; ``text``
    then names the steps), how many ``visits`` the search gave it and its
    ``value``: the mean reward of the searches through it for the player
    to move (1 a win, 0 a loss, 0.5 even); ``pv``: the line the search
    expects, following the most visited actions from this one (action
    texts, this one's first when it is whole)."""

    action: Action | None
    text: str
    visits: int
    value: float
    pv: list[str] = field(default_factory=list)


@dataclass
class SearchResult(Analysis):
    """What a Monte-Carlo search found, as every agent's :class:`Analysis`:
    the ``action`` to play; its ``score`` for the side to move, the best
    line's value turned back into the evaluation's units with the search's
    ``scale`` (:func:`value_score`; it never claims a forced win, which
    visits cannot prove); ``depth``: how many actions the best line's ``pv``
    holds; ``pv``: that line; ``lines``: one :class:`Visits` an action at
    the root, most visited first; the ``iterations`` run, the visits
    ``kept`` from the previous search's tree, the ``nodes`` added and the
    ``seconds`` spent (``hits`` stays 0: the search keeps no table)."""

    lines: Sequence[Visits] = field(default_factory=list)
    iterations: int = 0
    kept: int = 0


def value_score(value: float, scale: float) -> float:
    """A chance of winning ``value`` (0 to 1) as an evaluation score, the
    inverse of :func:`~playbook.analysis.engines.evaluation.squash` with ``scale``,
    kept short of the forced-win range (beyond ±``DECIDED``)."""
    bound = DECIDED - 1
    if value <= 0.0:
        return -bound
    if value >= 1.0:
        return bound
    return max(-bound, min(bound, scale * math.log(value / (1.0 - value))))


def _reply(root: _Node, mover: str) -> int:
    """1 when the most visited line from ``root`` holds a choice of a
    player other than ``mover`` (the search saw an answer), else 0."""
    node = root
    while True:
        visited = [c for c in node.children if c.visits]
        if not visited:
            return 0
        node = max(visited, key=lambda n: (n.visits, n.total))
        if node.chooser not in (mover, CHANCE):
            return 1


def _stats(first: _Node) -> Visits:
    if first.action is not None:
        text = first.action.text
    else:
        text = first.step.label if first.step is _STOP else first.step.value
    pv, node = [], first
    while True:
        if node.action is not None:
            pv.append(node.action.text)
        visited = [c for c in node.children if c.visits]
        if not visited:
            break
        node = max(visited, key=lambda n: (n.visits, n.total))
    return Visits(first.action, text, first.visits, first.total / first.visits, pv)


class MCTS(Agent):
    """Monte-Carlo tree search.

    ``iterations``: how many to run (None: as many as ``time_limit``
    allows); ``time_limit``: seconds a move (None: no limit; by default
    1 s without ``iterations``, else none); ``seed`` makes it repeatable
    (with ``iterations`` and no time limit, exactly: the same moves on any
    machine and executor, which is what studies use); ``exploration`` is UCT's constant;
    ``rollout``: random actions played before scoring a new node (default:
    0 for games with an evaluation, a whole random game for those without);
    ``scale``: the evaluation score worth a 73% chance of winning;
    ``evaluation`` replaces the game's own; ``widen``: the most actions a
    position may offer for its edges to be whole actions (0: always steps);
    ``keep_tree``: when the next position it is asked about is in the tree
    of its last search (after its own move and the replies, say), start
    from that part of the tree, its visits kept, instead of from nothing
    (:meth:`reset` forgets it); ``stream``: another sequence of random
    choices from the same seed.  :meth:`analyse` gives the visits and value
    of every action at the root.  Ties are random from ``seed``: the
    actions and steps of each node are shuffled before they are ordered
    (stably) by evaluation, so equal children are tried, and the most
    visited chosen, in a random order, never the order the game lists.
    Every setting is given by name (``MCTS(200)`` is refused: see
    :func:`~playbook.analysis.engines.agents.refuse_positional`).
    """

    searches = True


    def __init__(
        self,
        *args: object,
        iterations: int | None = None,
        time_limit: float | Unset | None = _UNSET,
        seed: int | None = None,
        exploration: float = 1.0,
        rollout: int | None = None,
        max_rollout: int = 200,
        scale: float = 3.0,
        evaluation=None,
        widen: int = 150,
        keep_tree: bool = True,
        stream: int = 0,
    ):
        refuse_positional(type(self), args)
        if time_limit is _UNSET:
            time_limit = 1.0 if iterations is None else None
        if iterations is None and time_limit is None:
            raise ValueError("give MCTS iterations, a time_limit or both")
        self.iterations = checked("iterations", iterations, whole=True, least=1, optional=True)
        self.time_limit = checked("time_limit", time_limit, above=0, optional=True)
        super().__init__(seed, stream)
        self.exploration = checked("exploration", exploration, least=0)
        self.rollout = checked("rollout", rollout, whole=True, least=0, optional=True)
        self.max_rollout = checked("max_rollout", max_rollout, whole=True, least=0)
        self.scale = checked("scale", scale, above=0)
        self.evaluation = checked_function("evaluation", evaluation)
        self.widen = checked("widen", widen, whole=True, least=0)
        self.last_iterations = 0
        self.nodes = 0
        self.played: dict = {}  # what it played in recurring positions of sealed-orders games
        self.keep_tree = keep_tree
        self._tree: _Node | None = None
        self.last: SearchResult | None = None

    def forget(self) -> None:
        """Forget what was played in recurring positions and the tree kept
        from the last search."""
        self.played = {}
        self._tree = None

    def choose(self, state: State) -> Action:
        return self.analyse(state).action

    def analyse(self, state: State, multipv: int | None = None) -> SearchResult:
        """Search ``state`` and return the :class:`SearchResult`: the
        action to play and, in ``lines``, each action at the root with its
        visits and value, most visited first (the first ``multipv`` of
        them, if given)."""
        if state.outcome is not None:
            raise IllegalAction(f"the game is over ({state.outcome})", rule="game over")
        refuse_chance(state)
        began = time.perf_counter()
        deadline = began + self.time_limit if self.time_limit is not None else float("inf")
        state = private(state)  # never read other players' sealed orders
        self._evaluate = self.evaluation or evaluation_for(state)
        self._players = tuple(state.game.players) or (state.to_move,)
        rollout = self.rollout
        if rollout is None:
            rollout = self.max_rollout if self._evaluate is generic else 0
        self._rollout_plies = rollout
        self._random = RandomAgent(seed=self.rng.random())
        self._blind_choices: dict = {}
        root = self._kept(state) if self.keep_tree else None
        kept = root.visits if root is not None else 0
        if root is None:
            root = _Node(state, (), None)
        self.nodes = 0
        done = 0
        while (self.iterations is None or done < self.iterations) and (done == 0 or time.perf_counter() < deadline):
            self._iterate(root)
            done += 1
        self.last_iterations = done
        self._tree = root if self.keep_tree else None
        action = self._best(root)
        lines = [_stats(child) for child in sorted(root.children, key=lambda n: (-n.visits, -n.total)) if child.visits]
        best = next((line for line in lines if line.action == action), lines[0] if lines else None)
        pv = list(best.pv) if best is not None else [action.text]
        self.last = SearchResult(action=action, score=value_score(best.value, self.scale) if best else 0.0,
                                 depth=len(pv), pv=pv, nodes=self.nodes, seconds=time.perf_counter() - began,
                                 lines=lines[:multipv] if multipv else lines, iterations=done, kept=kept,
                                 reply=_reply(root, state.to_move))
        return self.last

    def _kept(self, state: State) -> _Node | None:
        """The node of the last search's tree at ``state`` (no partial
        entry), nearest the root, as the root of a new search; None if the
        tree does not reach it."""
        tree, self._tree = self._tree, None
        if tree is None:
            return None
        level = [tree]
        for _ in range(_KEEP_DEPTH):
            found = next((n for n in level if not n.prefix and n.state == state), None)
            if found is not None:
                found.chooser, found.step, found.action = None, None, None
                return found
            level = [c for n in level for c in n.children if c.visits]
            if not level:
                break
        return None

    # ---- one iteration

    def _iterate(self, root: _Node) -> None:
        node, path = root, [root]
        while True:
            if node.state.outcome is not None:
                break
            if node.state.chance:  # the dice: an outcome drawn with its chance, and on below it
                node = self._roll(node)
                path.append(node)
                continue
            if node.untried is None:
                self._open(node)
            if node.untried:
                node = self._expand(node, node.untried)
                path.append(node)
                break
            if not node.children:
                break
            node = self._select(node)
            path.append(node)
        reward = self._judge(node)
        for n in path:
            n.visits += 1
            if n.chooser is not None:
                n.total += reward.get(n.chooser, 0.0)

    def _open(self, node: _Node) -> None:
        if not node.prefix and self.widen:
            actions = self._actions(node.state)
            if actions:
                # Expand the most promising first (the last is taken first): with fewer
                # iterations than actions, the ones tried are the ones worth trying.
                state, mover = node.state, node.state.to_move
                evaluate = self._evaluate
                # A player who cannot see orders sealed earlier in the tree answers as they would blind.
                actions = blind(state, actions, evaluate, self._blind_choices)
                self.rng.shuffle(actions)
                children = [(a, state.after(a)) for a in actions]
                children.sort(key=lambda ac: evaluate(ac[1], mover))
                node.untried = children
                return
        options = node.state.next_steps(node.prefix)
        quiet = node.state.game.descriptor.talk_texts(*QUIET)
        steps = [o for o in options.options if not (o.kind == "choice" and o.value in quiet)]
        if not steps:
            steps = list(options.options)
        steps = [Step.text(random_words(self.rng, o.label), o.label) if o.kind == "text" else o for o in steps]
        if options.complete and steps:
            steps.append(_STOP)
        node.complete = options.complete
        self.rng.shuffle(steps)
        node.untried = steps

    def _actions(self, state: State) -> list[Action] | None:
        """The whole actions to branch on in ``state``, or None when they
        are too many (more than ``widen`` listed) or none are listed."""
        try:
            if sum(1 for _ in islice(state.iter_actions(), self.widen + 1)) > self.widen:
                return None
        except NotImplementedError:
            return None
        actions = candidates(state, self.rng)
        return actions if 0 < len(actions) <= 2 * self.widen else None

    def _expand(self, node: _Node, untried: list[Step] | list[tuple[Action, State]]) -> _Node:
        step = untried.pop()
        state, mover = node.state, node.state.to_move
        if isinstance(step, tuple):
            action, after = step
            child = _Node(after, (), mover, None, action)
        elif step is _STOP:
            action = state.action_from_steps(node.prefix)
            child = _Node(state.after(action), (), mover, step, action)
        else:
            prefix = node.prefix + (step,)
            options = state.next_steps(prefix)
            if options.complete and not options.options:
                action = state.action_from_steps(prefix)
                child = _Node(state.after(action), (), mover, step, action)
            else:
                child = _Node(state, prefix, mover, step)
        node.children.append(child)
        self.nodes += 1
        return child

    def _roll(self, node: _Node) -> _Node:
        """The child of the chance node ``node`` for an outcome drawn with
        its probability (made the first time it is drawn)."""
        action = pick(node.state.chance_outcomes(), self.rng.random())
        for child in node.children:
            if child.action == action:
                return child
        child = _Node(node.state.after(action), (), CHANCE, None, action)
        node.children.append(child)
        self.nodes += 1
        return child

    def _select(self, node: _Node) -> _Node:
        log_n = math.log(node.visits)
        c = self.exploration
        # The first child of the highest value (every value is at least 0).
        return max(node.children, key=lambda child: child.total / child.visits + c * math.sqrt(log_n / child.visits))

    def _judge(self, node: _Node) -> dict:
        state = node.state
        if state.outcome is None and node.prefix:
            # A partial entry: finish it at random to see where it leads.
            state = state.after(self._random.complete(state, node.prefix))
        for _ in range(self._rollout_plies):
            if state.outcome is not None:
                break
            if state.chance:
                state = state.after(pick(state.chance_outcomes(), self.rng.random()))
            else:
                state = state.after(self._random.choose(state))
        outcome = state.outcome
        if outcome is not None:
            if outcome.draw:
                return {p: 0.5 for p in self._players}
            return {p: (1.0 if p in outcome.winners else 0.0) for p in self._players}
        return {p: squash(self._evaluate(state, p), self.scale) for p in self._players}

    # ---- the answer

    def _best(self, root: _Node) -> Action:
        node = root
        whole = [c for c in root.children if c.action is not None and c.visits]
        if whole and len(whole) == len(root.children):
            # Whole actions at the root: ranked by visits, each scored by its average reward
            # (scaled to the evaluation's units), so a recurring position can vary its choice.
            whole.sort(key=lambda n: (-n.visits, -n.total))
            ranked = [(self.scale * 4 * n.total / n.visits, n.action) for n in whole]
            return ranked[vary(self.played, root.state, ranked)][1]
        while True:
            if not node.children:
                return self._random.complete(node.state, node.prefix)
            best = max(node.children, key=lambda n: (n.visits, n.total))
            if best.action is not None:
                return best.action
            node = best

    def __repr__(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"iterations={self.iterations}")
        if self.time_limit is not None:
            parts.append(f"time_limit={self.time_limit}")
        if self.seed is not None:
            parts.append(f"seed={self.seed}")
        return self._settings_text(parts)
