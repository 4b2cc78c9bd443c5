"""Alpha-beta search with iterative deepening and a transposition table.

``AlphaBeta(time_limit=1).choose(state)`` searches one action deeper at a
time until the time is up and plays the best action of the deepest search
it finished.  ``analyse(state)`` returns the whole answer: the action, its
score for the side to move, the depth, the line expected (principal
variation) and counts of the work done.

The search is minimax from the point of view of the player to move at the
root: wherever that player is to move it maximises, wherever anyone else
is it minimises.  It looks at ``state.to_move`` at every position rather
than assuming the sides alternate, so turns of several actions (Kelasu's
energy) and games of more than two players work unchanged.

Chance nodes (a roll of the dice) are weighed by expectimax: every
outcome is searched (a roll is an action, so it takes one of the depth),
with a full window, and their values are
averaged by probability as chances of winning (each value squashed with
the game's ``review_scale`` first, so a won line counts as a certain win,
not as ten thousand pawns).  The value is then exact, which keeps the
transposition table and the alpha-beta of the decisions between rolls
sound.  It is a forced win only when every outcome wins by force (the
slowest of them is the score), a forced loss only when every one loses.
Ballard's ``*-minimax`` prunes chance nodes by bounds on the evaluation, but a
game's evaluation has none short of a win (``WIN``), which its bounds would
have to allow, so it would cut almost nothing: expectimax is used, and
node limits keep its searches short and reproducible.  ``chance="likely"``
makes a search that ignores chance: it plays as if the dice always showed
their most likely outcome.

Ties are broken at random from the agent's ``seed``: every position's
candidate actions are shuffled (by the agent's own generator) before they
are ordered and searched, and every ordering after that is a stable sort,
so among actions of equal score the one searched first, and so played, is
a random one, never the one the game happens to list first (Kelasu lists
cells from rank A, which would favour one side).  The same seed gives the
same shuffles, so a search limited by depth or nodes plays the same moves
on any machine.

Move ordering: the action stored for the position in the transposition
table first, then actions that caused cut-offs at the same depth before
("killers"), then by a history score; near the root, by the evaluation of
the position each action leads to.  The transposition table is keyed on
the position itself (its hash, checked by equality, so two positions never
share an entry) and keeps each position's depth, score bound and best
action.

>>> from playbook import load
>>> game = load("cosmic")
>>> AlphaBeta(depth=2).choose(game.parse("5k/6/6/2p3/1P4/K5 w")).text
'b2xd4'
"""

from __future__ import annotations

import enum
import random
import time
from fractions import Fraction
from itertools import islice
from operator import attrgetter
from typing import Final

from ...chance import likeliest
from ...core import Action, IllegalAction, State
from .agents import DECIDED as _DECIDED
from .agents import (
    QUIET,
    Agent,
    Analysis,
    Line,
    RandomAgent,
    checked,
    checked_function,
    refuse_chance,
    refuse_positional,
)
from .evaluation import WIN, evaluation_for, private, squash, unsquash

__all__ = [
    "AlphaBeta",
    "Analysis",
    "Line",
    "candidates",
    "blind",
    "choice_key",
    "repetition_key",
    "vary",
    "REPEAT_MARGIN",
    "LIMIT",
    "CHANCE_MODES",
    "expected",
]

_EXACT, _LOWER, _UPPER = 0, 1, 2


#: The most listed actions a search weighs in one position: the first ones
#: ``State.iter_actions`` makes (Kelasu lists its piece actions before its
#: merges, and a field of 25 blanks has over 600,000 merges).
LIMIT = 3000


_text: Final = attrgetter("text")


def candidates(state: State, rng: random.Random | None = None, samples: int = 8, talk: bool = False,
               limit: int = LIMIT) -> list[Action]:
    """The actions a search weighs in ``state``: the listed legal actions
    (at most ``limit``, made one at a time by ``iter_actions``) without
    resigning (and without offering draws unless ``talk``), plus
    those the game does not list: the game's own extras
    (``state.game.engine.extra_actions``) or, for a game that says
    nothing of them, a random completion of each first step that no
    listed action starts with; when nothing is listed at all, ``samples``
    random entries by the step API."""
    rng = rng or random.Random(0)
    declared = state.game.descriptor
    skip = declared.talk_texts("resign") if talk else declared.talk_texts(*QUIET)
    try:
        listed = list(islice(state.iter_actions(), limit))
    except NotImplementedError:
        listed = []
    if skip.isdisjoint(map(_text, listed)):
        actions = listed
    else:
        actions = [a for a in listed if a.text not in skip]
    extra = state.game.engine.extra_actions(state)
    if extra is None:
        extra = _unknown_extra(state, listed, rng)
    seen = set(map(_text, actions)) if extra else set()  # only extras and samples are checked against it
    for a in extra:
        if a.text not in seen and a.text not in skip:
            seen.add(a.text)
            actions.append(a)
    if not actions and state.outcome is None:
        agent = RandomAgent(seed=rng.random())
        for _ in range(samples):
            a = agent.choose(state)
            if a.text not in seen:
                seen.add(a.text)
                actions.append(a)
    return actions


def blind(state: State, actions: list, evaluate, cache: dict | None = None) -> list:
    """The actions a search lets the player to move choose from, given
    what that player can know.  Where the position remembers orders that
    another player sealed earlier in the search (the root player's
    orders), letting the mover answer them would be letting them read
    those orders; the mover chooses instead as they would on the position
    they may see (``state.observation``): the one action best for them one
    action ahead.  Everywhere else every action is kept.  ``cache`` (a
    dict) remembers the choice made on each known position, which is the
    same whatever the sealed orders it cannot see."""
    if not state.game.hidden_information or len(actions) < 2:
        return actions
    mover = state.to_move
    view = state.observation(mover)
    if view is state:
        return actions
    key = state.game.engine.known_key(view, mover)
    same = choice_key(state)
    chosen = cache.get(key) if cache is not None else None
    if chosen is not None:
        again = [a for a in actions if same(a) == chosen]
        if again:
            return again[:1]
    best = max(actions, key=lambda a: evaluate(view.after(a), mover))
    if cache is not None:
        cache[key] = same(best)
    return [best]


def choice_key(state: State):
    """How a search tells two actions in ``state`` apart: by what they
    decide (the game's ``engine.choice_key``: orders sealed with a fresh
    salt come with a new text each time), else by their text."""
    engine = state.game.engine
    return lambda action: engine.choice_key(state, action)


def repetition_key(state: State):
    """A key under which an engine remembers what it played, for games
    whose positions recur without ending the game (the game's
    ``engine.repetition_key``: two deterministic players of sealed,
    simultaneous orders can order the same moves week after week, each
    blocking the other, for ever); None for every other game.  An engine
    that meets the same position again varies its choice instead (see
    :func:`vary`)."""
    return state.game.engine.repetition_key(state)


#: How much worse (in the evaluation's units) an action not yet played in a
#: recurring position may be, and still be played instead of a repeat.
REPEAT_MARGIN = 3.0


def vary(played: dict, state: State, ranked: list) -> int:
    """The index in ``ranked`` (``(score, action)`` pairs, best first) of
    the action to play in ``state``: the best, unless this position of a
    sealed-orders game recurs (:func:`repetition_key`) and the best was
    played here before; then the best action not yet played here that
    scores within :data:`REPEAT_MARGIN` of it.  Records the choice in
    ``played``."""
    key = repetition_key(state)
    if key is None or not ranked:
        return 0
    same = choice_key(state)
    before = played.setdefault(key, set())
    pick = 0
    if same(ranked[0][1]) in before:
        top = ranked[0][0]
        for i, (score, action) in enumerate(ranked):
            if same(action) not in before and score >= top - REPEAT_MARGIN:
                pick = i
                break
    before.add(same(ranked[pick][1]))
    return pick


def _unknown_extra(state: State, listed: list[Action], rng: random.Random) -> list[Action]:
    """For a game the engines know nothing about: complete each first step
    that no listed action begins with, once, at random."""
    if state.outcome is not None:
        return []
    firsts = {a.steps[0] for a in listed if a.steps}
    agent = RandomAgent(seed=rng.random(), avoid=())
    out = []
    for step in state.next_steps(()).options:
        if step in firsts or (step.kind == "choice" and step.value in state.game.descriptor.talk_texts()):
            continue
        if step.kind == "text":
            step = type(step).text(agent.text_for(step), step.label)
        try:
            out.append(agent.complete(state, (step,)))
        except (IllegalAction, RuntimeError):
            continue
    return out


class _Timeout(Exception):
    """The search ran out of its time or of its nodes."""


class Unset(enum.Enum):
    """The type of :data:`_UNSET`, which marks an argument left out where
    the default depends on the others."""

    UNSET = "unset"


#: Marks an argument left out, where the default depends on the others.
_UNSET: Final = Unset.UNSET


class AlphaBeta(Agent):
    """Alpha-beta search on the game's evaluation.

    ``depth``: the deepest search (actions), or None for no limit;
    ``nodes``: the most positions searched a move, or None for no limit;
    ``time_limit``: seconds a move (None for no limit; by default 1 s when
    neither ``depth`` nor ``nodes`` is given, else none).  The search
    deepens one action at a time and keeps the answer of the deepest
    search it finished within its limits, so it answers in time.  A search
    limited by ``depth`` or ``nodes`` alone reads no clock: it plays the
    same moves on any machine, however loaded, and on any executor (what
    studies use); time limits are for play.
    ``evaluation`` replaces the game's own (``(state, player) -> float``);
    ``table_size`` caps the transposition table (it is cleared when full);
    ``talk=True`` lets it offer draws too; ``seed`` (default 0) breaks
    ties between equally good actions at random, the same way every time
    for the same seed, and samples the extra actions of games that list
    few; ``stream`` picks another sequence of ties from the same seed (see
    :class:`~playbook.analysis.engines.agents.Agent`); ``chance`` says how chance
    nodes are weighed: ``"expect"`` (the default) by every outcome and its
    probability (expectimax, see the module's docstring), ``"likely"`` as
    if the dice always showed their most likely outcome (a search that
    ignores chance).  It never chooses for the dice: a chance node is
    refused (:func:`~playbook.analysis.engines.agents.refuse_chance`).

    Every setting is given by name: ``AlphaBeta`` is an agent, not a
    factory ``seed -> agent``, so ``AlphaBeta(5)`` is refused rather than
    read as a depth; :meth:`~playbook.analysis.engines.agents.Agent.factory` makes
    a factory (``AlphaBeta.factory(nodes=2000)``).
    """

    searches = True


    def __init__(self, *args: object, depth: int | None = None, time_limit: float | Unset | None = _UNSET,
                 evaluation=None, table_size: int = 200_000, talk: bool = False, seed: int | None = 0,
                 use_table: bool = True, nodes: int | None = None, stream: int = 0, chance: str = "expect"):
        refuse_positional(type(self), args)
        if chance not in CHANCE_MODES:
            raise ValueError(f"chance is one of {CHANCE_MODES}, not {chance!r}")
        self.chance = chance
        if time_limit is _UNSET:
            time_limit = 1.0 if depth is None and nodes is None else None
        if depth is None and time_limit is None and nodes is None:
            raise ValueError("give AlphaBeta a depth, nodes, a time_limit or several")
        self.depth = checked("depth", depth, whole=True, least=1, optional=True)
        self.node_limit = checked("nodes", nodes, whole=True, least=1, optional=True)
        self.time_limit = checked("time_limit", time_limit, above=0, optional=True)
        self.evaluation = checked_function("evaluation", evaluation)
        self.table_size = checked("table_size", table_size, whole=True, least=0)
        self.talk = talk
        super().__init__(seed, stream)
        self.use_table = use_table
        self.table: dict = {}
        self.played: dict = {}  # what it played in recurring positions of sealed-orders games
        self.last: Analysis | None = None
        self.nodes = self.hits = 0

    def forget(self) -> None:
        """Forget the table and what was played in recurring positions."""
        self.table = {}
        self.played = {}

    def choose(self, state: State) -> Action:
        """The action the search finds best (see :meth:`analyse`)."""
        return self.analyse(state).action

    # ---- the search

    def analyse(self, state: State, multipv: int = 1) -> Analysis:
        """Search ``state`` and return the :class:`Analysis`; with
        ``multipv=K`` its ``lines`` hold the ``K`` best actions with exact
        scores and their lines (fewer when fewer are legal), as an engine's
        MultiPV does: at the root only actions that cannot reach the
        ``K``-th best score are cut off."""
        if isinstance(multipv, bool) or not isinstance(multipv, int) or multipv < 1:
            raise ValueError(f"multipv counts lines and must be a whole number of at least 1, not {multipv!r}")
        self.multipv = multipv
        if state.outcome is not None:
            raise IllegalAction(f"the game is over ({state.outcome})", rule="game over")
        refuse_chance(state)
        start = time.perf_counter()
        state = private(state)  # never read other players' sealed orders
        self.scale = state.game.engine.review_scale
        # No clock is read when no time limit is set: the search is then the same on any machine.
        self.deadline = start + self.time_limit if self.time_limit is not None else None
        self.root = state.to_move
        self.evaluate = self.evaluation or evaluation_for(state)
        self.nodes = self.hits = 0
        self.killers: dict[int, list[str]] = {}
        self.history: dict[str, int] = {}
        self.blind_choices: dict = {}
        if len(self.table) > self.table_size:
            self.table = {}
        root_actions = candidates(state, self.rng, talk=self.talk)
        self.rng.shuffle(root_actions)  # ties go to a random action, not the first listed
        if not root_actions:  # nothing to weigh: take whatever the steps allow
            return Analysis(RandomAgent(seed=self.rng.random()).choose(state), 0.0, 0)
        children = [(a, state.after(a)) for a in root_actions]
        # First ordering: how each result looks at once.
        children.sort(key=lambda ac: -self.evaluate(ac[1], self.root))
        ranked = [(self.evaluate(c, self.root), a) for a, c in children]
        best = Analysis(children[0][0], ranked[0][0], 0)
        lines = [Line(a, score, [a.text]) for score, a in ranked[:multipv]]
        limit = self.depth if self.depth is not None else 99
        depth = 1
        reply = 0  # whether the deepest search finished weighed another player's move
        while depth <= limit:
            self._reply = False
            try:
                score, ordered = self._root(children, depth)
            except _Timeout:
                break
            reply = int(self._reply)
            children = ordered
            ranked = self._ranked
            action = children[0][0]
            best = Analysis(action, score, depth, [action.text] + self._line(children[0][1], depth - 1))
            lines = [Line(a, s, [a.text] + self._line(c, depth - 1)) for (s, a), (_, c) in
                     zip(ranked[:multipv], children, strict=False)]
            if all(abs(line.score) >= _DECIDED for line in lines) or len(children) == 1:
                break  # a forced result, or no choice: deeper search changes nothing
            if self.deadline is not None and time.perf_counter() >= self.deadline:
                break
            depth += 1
        pick = vary(self.played, state, ranked)
        if pick:
            best = Analysis(ranked[pick][1], ranked[pick][0], best.depth, [ranked[pick][1].text])
        best.nodes, best.hits, best.seconds = self.nodes, self.hits, time.perf_counter() - start
        best.reply = reply
        best.lines = lines
        self.last = best
        return best

    def _root(self, children, depth):
        alpha, beta = -2 * WIN, 2 * WIN
        scored = []
        best: list[float] = []  # the best scores so far, best first: alpha is the multipv-th of them
        for action, child in children:
            score = self._search(child, depth - 1, alpha, beta, 1)
            scored.append((score, action, child))
            if score > alpha:
                best = sorted(best + [score], reverse=True)[:self.multipv]
                if len(best) == self.multipv:
                    alpha = best[-1]
        # Stable sort: among equal scores the earlier (better ordered, else shuffled) stays first.
        scored.sort(key=lambda t: -t[0])
        self._ranked = [(score, a) for score, a, _ in scored]
        return scored[0][0], [(a, c) for _, a, c in scored]

    def _search(self, state: State, depth: int, alpha: float, beta: float, ply: int) -> float:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _Timeout
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _Timeout
        outcome = state.outcome
        if outcome is not None:
            if outcome.draw:
                return 0.0
            return WIN - ply if self.root in outcome.winners else -WIN + ply
        if depth <= 0:
            return self.evaluate(state, self.root)
        if state.chance:
            return self._chance(state, depth, alpha, beta, ply)
        if state.to_move != self.root:
            self._reply = True  # another player chooses here: the search sees an answer
        key = (state, self.root)
        entry = self.table.get(key) if self.use_table else None
        hint = None
        if entry is not None:
            self.hits += 1
            e_depth, flag, value, hint = entry
            if e_depth >= depth:
                value = _from_table(value, ply)
                if flag == _EXACT:
                    return value
                if flag == _LOWER and value > alpha:
                    alpha = value
                elif flag == _UPPER and value < beta:
                    beta = value
                if alpha >= beta:
                    return value
        alpha0, beta0 = alpha, beta
        maximising = state.to_move == self.root
        actions = candidates(state, self.rng, talk=self.talk)
        if not actions:
            return self.evaluate(state, self.root)
        if len(actions) > 1:
            self.rng.shuffle(actions)  # every ordering below is stable: ties stay in this random order
        if not maximising and len(actions) > 1:
            actions = blind(state, actions, self.evaluate, self.blind_choices)
        if depth == 1:
            best_value, best_text = self._leaves(state, self._by_bonus(actions, hint, ply), alpha, beta, ply,
                                                 maximising)
        else:
            children = self._ordered(state, actions, hint, ply, maximising)
            best_value, best_text = self._inner(state, children, depth, alpha, beta, ply, maximising)
        if self.use_table:
            flag = _UPPER if best_value <= alpha0 else _LOWER if best_value >= beta0 else _EXACT
            self.table[key] = (depth, flag, _to_table(best_value, ply), best_text)
        return best_value

    def _chance(self, state: State, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The value of the chance node ``state`` (:func:`_weigh_chance`)."""
        return _weigh_chance(self, state, depth, alpha, beta, ply)

    def _inner(self, state, children, depth, alpha, beta, ply, maximising) -> tuple[float, str | None]:
        """The best value among ``children`` searched ``depth - 1`` deeper
        and the text of the action reaching it, cutting off as alpha-beta does."""
        best_value = -3 * WIN if maximising else 3 * WIN
        best_text = None
        search = self._search
        for action, child in children:
            child = child if child is not None else state.after(action)
            value = search(child, depth - 1, alpha, beta, ply + 1)
            if maximising:
                if value > best_value:
                    best_value, best_text = value, action.text
                if value > alpha:
                    alpha = value
            else:
                if value < best_value:
                    best_value, best_text = value, action.text
                if value < beta:
                    beta = value
            if alpha >= beta:
                self._cut(action.text, ply, depth)
                break
        return best_value, best_text

    def _leaves(self, state, actions, alpha, beta, ply, maximising) -> tuple[float, str | None]:
        """What :meth:`_inner` returns one action from the horizon, for the
        ``actions`` in order: each child is counted and scored here as
        :meth:`_search` would at depth 0 (its outcome, else the
        evaluation), without a call per leaf."""
        best_value = -3 * WIN if maximising else 3 * WIN
        best_text = None
        root, evaluate, node_limit, deadline = self.root, self.evaluate, self.node_limit, self.deadline
        won, lost = WIN - (ply + 1), -WIN + (ply + 1)
        after = state.after
        nodes = self.nodes  # counted here, and in self.nodes however the loop ends
        try:
            for action in actions:
                child = after(action)
                nodes += 1
                if node_limit is not None and nodes > node_limit:
                    raise _Timeout
                if deadline is not None and time.perf_counter() > deadline:
                    raise _Timeout
                outcome = child.outcome
                if outcome is None:
                    value = evaluate(child, root)
                elif outcome.draw:
                    value = 0.0
                else:
                    value = won if root in outcome.winners else lost
                if maximising:
                    if value > best_value:
                        best_value, best_text = value, action.text
                    if value > alpha:
                        alpha = value
                else:
                    if value < best_value:
                        best_value, best_text = value, action.text
                    if value < beta:
                        beta = value
                if alpha >= beta:
                    self._cut(action.text, ply, 1)
                    break
        finally:
            self.nodes = nodes
        return best_value, best_text

    def _cut(self, text: str, ply: int, depth: int) -> None:
        """Remember the action ``text`` that caused a cut-off at ``ply`` (a
        killer) and add to its history score."""
        killers = self.killers.setdefault(ply, [])
        if text not in killers:
            killers.insert(0, text)
            del killers[2:]
        self.history[text] = self.history.get(text, 0) + depth * depth

    def _ordered(self, state, actions, hint, ply, maximising):
        """The actions with the positions they lead to, in the order to
        search them two or more actions from the horizon: by their bonus
        (see :meth:`_by_bonus`) plus how each position looks at once."""
        killers = self.killers.get(ply, ())
        history = self.history
        sign = 1 if maximising else -1
        children = [(a, state.after(a)) for a in actions]
        keyed = []
        for a, c in children:
            bonus = 1e9 if a.text == hint else 1e6 if a.text in killers else history.get(a.text, 0)
            keyed.append((bonus + sign * self.evaluate(c, self.root), a, c))
        keyed.sort(key=lambda t: -t[0])
        return [(a, c) for _, a, c in keyed]

    def _by_bonus(self, actions: list[Action], hint: str | None, ply: int) -> list[Action]:
        """The actions in the order to search them one action from the
        horizon: the table's action first, then the killers at ``ply``,
        then by history score; ties keep their (shuffled) order."""
        killers = self.killers.get(ply, ())
        history = self.history
        # The same order as sorting by -bonus: a sort with reverse=True is stable too.
        special = dict.fromkeys(killers, 1e6)
        if hint is not None:
            special[hint] = 1e9
        prior = history.get
        bonuses = [special[t] if t in special else prior(t, 0) for t in map(_text, actions)]
        if not any(bonuses):  # all bonuses are 0 or more: nothing moves
            return actions
        order = sorted(range(len(actions)), key=bonuses.__getitem__, reverse=True)
        return [actions[i] for i in order]

    def _line(self, state: State, depth: int) -> list[str]:
        """The expected continuation, read from the table."""
        line = []
        seen = set()
        while depth > 0 and state.outcome is None and state not in seen:
            seen.add(state)
            entry = self.table.get((state, self.root))
            if entry is None or entry[3] is None:
                break
            text = entry[3]
            listed = state.legal_actions() if state.chance else candidates(state, self.rng, talk=self.talk)
            match = next((a for a in listed if a.text == text), None)
            if match is None:
                break
            line.append(text)
            state = state.after(match)
            depth -= 1
        return line

    def __repr__(self) -> str:
        parts = []
        if self.depth is not None:
            parts.append(f"depth={self.depth}")
        if self.node_limit is not None:
            parts.append(f"nodes={self.node_limit}")
        if self.time_limit is not None:
            parts.append(f"time_limit={self.time_limit}")
        if self.chance != "expect":
            parts.append(f"chance={self.chance!r}")
        return self._settings_text(parts)


def _weigh_chance(search: AlphaBeta, state: State, depth: int, alpha: float, beta: float, ply: int) -> float:
    """The value of the chance node ``state`` in ``search`` (see the
    module's docstring): its outcomes weighed by their probabilities, or
    with ``chance="likely"`` its most likely outcome alone."""
    if search.chance == "likely":
        return search._search(state.after(likeliest(state)), depth - 1, alpha, beta, ply + 1)
    key = (state, search.root)
    entry = search.table.get(key) if search.use_table else None
    if entry is not None:
        search.hits += 1
        if entry[0] >= depth:
            return _from_table(entry[2], ply)
    values, likely, likely_text = [], Fraction(-1), None
    for action, probability in state.chance_outcomes():
        value = search._search(state.after(action), depth - 1, -3 * WIN, 3 * WIN, ply + 1)
        values.append((float(probability), value))
        if probability > likely:
            likely, likely_text = probability, action.text
    value = expected(values, search.scale)
    if search.use_table:
        # Exact, whatever the window: the expectation was taken over full windows.
        search.table[key] = (depth, _EXACT, _to_table(value, ply), likely_text)
    return value


#: How :class:`AlphaBeta` may weigh a chance node: by every outcome, or by the likeliest alone.
CHANCE_MODES = ("expect", "likely")


def expected(values: list[tuple[float, float]], scale: float) -> float:
    """The value of a chance node whose outcomes have the (probability,
    value) pairs ``values``: a forced win if every outcome is one (the
    slowest, so its distance is one every roll allows), a forced loss if
    every one is (the slowest too); otherwise the values averaged as
    chances of winning (:func:`~playbook.analysis.engines.evaluation.squash` with
    ``scale``) and turned back into a score, kept short of the forced range.

    >>> expected([(0.5, 1.0), (0.5, -1.0)], 3.0)
    0.0
    >>> expected([(0.25, 9990.0), (0.75, 9994.0)], 3.0)
    9990.0
    """
    scores = [v for _, v in values]
    if all(v >= _DECIDED for v in scores) or all(v <= -_DECIDED for v in scores):
        return min(scores) if scores[0] > 0 else max(scores)
    chance = sum(p * squash(v, scale) for p, v in values)
    return max(-_DECIDED + 1, min(_DECIDED - 1, unsquash(chance, scale)))


def _to_table(value: float, ply: int) -> float:
    # Wins are stored as distances from the stored position, not from the root.
    if value >= _DECIDED:
        return value + ply
    if value <= -_DECIDED:
        return value - ply
    return value


def _from_table(value: float, ply: int) -> float:
    if value >= _DECIDED:
        return value - ply
    if value <= -_DECIDED:
        return value + ply
    return value
