"""Chess Wheel+ puzzles: one week of sealed orders that wins whatever the
opponent seals.

Chess Wheel+ has no first move to find: both players seal their orders in
the same move phase and they are carried out together.  So a puzzle here
is a set of orders, and it is defined for sealed orders as follows.

- The position is a move phase of two players, nobody has sealed yet, and
  the first seat (the player to move, :attr:`~playbook.core.State.to_move`)
  solves it.
- A set of the solver's orders (at most the movement power, each order a
  piece of the solver's to a cell in its range, at most one order a piece)
  **wins** when, whatever set of orders the opponent seals (none at all
  included), carrying both out leaves the solver the only owner of a King.
- The position is a puzzle when exactly one winning set is *minimal* (no
  order of it can be left out): every set that wins holds its orders.  That
  set is the solution, stored as the order text the solver would seal
  (``"R{Bob}a5-{Bob}a1, N{Bob}c3-{Bob}a2"``), without a salt.

Orders outside this universe change nothing: an impossible order (out of
range, no such piece, a piece ordered twice) fails and bounces nothing
(clarifications 9 and 17 of :mod:`playbook.games.wheel`), so a set holding
one wins exactly when the set without it does.  The check therefore
enumerates every such set of the solver's and, for each, every set of the
opponent's, and resolves each pair with the game's own resolver
(:func:`playbook.games.wheel.resolve`); the solution is then played out as
a whole week (:func:`playbook.games.wheel.play_orders`) and must end the
game in the solver's favour by the state's own rules.

The learner's answer is right when the orders it seals win against the
reply that refutes them (:func:`refutation`), which by the definition above
is when it holds the solution's orders: a sealed answer is compared by what
it orders, never by its salt.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import combinations, product

from ..core import PlaybookError
from ..games.wheel import Order, play_orders, read_orders, resolve
from ..games.wheel.board import short
from ..games.wheel.orders import new_salt, split_body
from ..tutorial import Exercise, Tutorial

__all__ = ["orders", "order_sets", "wins_against", "refutation", "winning_sets", "verify", "solution_text",
           "normal", "candidate", "generate", "mine", "theme", "difficulty", "sealed_orders", "defence", "reveal",
           "played_out", "WeekExercise", "exercise"]


def orders(state, player: str) -> list[list[Order]]:
    """The orders ``player`` may give in ``state``, grouped by piece (one
    list per piece that has somewhere to go, in cell order): each piece to
    every cell in its range."""
    board = state.board_map()
    out = []
    for cell in state.movable(player):
        kind = board[cell][1]
        out.append([Order(player, cell, dest, kind, f"{kind}{short(cell, player)}-{short(dest, player)}")
                    for dest in state.targets(cell)])
    return out


def order_sets(state, player: str, most: int | None = None):
    """Every set of ``player``'s orders of at most ``most`` orders (default:
    the movement power), at most one a piece, the empty set first, then by
    size: tuples of :class:`~playbook.games.wheel.Order`."""
    most = state.power if most is None else min(most, state.power)
    pieces = orders(state, player)
    yield ()
    for size in range(1, most + 1):
        for group in combinations(pieces, size):
            yield from product(*group)


def _king_owners(pieces: dict) -> set:
    return {owner for owner, kind in pieces.values() if kind == "K"}


def _resolve(state, ours, theirs) -> dict:
    game = state.game
    return resolve(dict(state.board_map()), state.boards, list(ours) + list(theirs), blocking=game.blocking,
                   collision=game.collision, knight_across=game.knight_across).pieces


def refutation(state, ours, opponent: str):
    """The first set of ``opponent``'s orders (in :func:`order_sets`'
    order) against which the solver's orders ``ours`` do not leave their
    player the only King owner, or None when there is none."""
    solver = next(p for p in state.players if p != opponent)
    for theirs in order_sets(state, opponent):
        if _king_owners(_resolve(state, ours, theirs)) != {solver}:
            return theirs
    return None


def wins_against(state, ours, opponent: str) -> bool:
    """Whether the solver's orders ``ours`` win whatever ``opponent`` seals."""
    return bool(ours) and refutation(state, ours, opponent) is None


def _opponent(state) -> str:
    solver = state.to_move
    others = [p for p in state.players if p != solver]
    if len(state.players) != 2 or state.phase != "move" or state.commitments or state.passed:
        raise ValueError("a Chess Wheel+ puzzle is a move phase of two players in which nobody has sealed yet")
    return others[0]


def winning_sets(state) -> list[tuple[Order, ...]]:
    """The minimal sets of the solver's orders that win whatever the
    opponent seals (see the module), smallest first."""
    opponent = _opponent(state)
    kings = {c for c, (o, k) in state.board_map().items() if o == opponent and k == "K"}
    found: list[frozenset] = []
    out = []
    for ours in order_sets(state, state.to_move):
        key = frozenset((o.origin, o.destination) for o in ours)
        if not kings & {d for _, d in key}:
            # Against no orders at all the opponent's King stays where it stands, and only a move
            # into its cell can take it: a set without one loses to the empty set.
            continue
        if any(k <= key for k in found):
            continue  # holds a smaller winning set: not minimal
        if wins_against(state, ours, opponent):
            found.append(key)
            out.append(ours)
    return out


def solution_text(ours) -> str:
    """The orders ``ours`` as the solver seals them."""
    return ", ".join(o.text for o in ours)


def normal(state, player: str, text: str) -> frozenset:
    """The orders written ``text`` by ``player``, as a set of (origin,
    destination) cells: two texts ordering the same moves are equal
    whatever their letters, spacing or order."""
    return frozenset((o.origin, o.destination) for o in read_orders(text, player, state.players))


def verify(state, solution: str) -> None:
    """Raise :class:`~playbook.puzzles.solve.PuzzleError` unless the orders
    ``solution`` are the one minimal winning set in ``state`` and, carried
    out as a week of play, win the game for the solver."""
    from .solve import PuzzleError

    solver = state.to_move
    try:
        found = winning_sets(state)
    except ValueError as exc:
        raise PuzzleError(str(exc)) from None
    texts = [solution_text(s) for s in found]
    if len(found) != 1 or normal(state, solver, texts[0]) != normal(state, solver, solution):
        raise PuzzleError(f"the minimal winning sets of orders are {texts}, not [{solution!r}]")
    after = play_orders(state, {solver: solution})
    if after.outcome is None or after.outcome.winners != (solver,):
        raise PuzzleError(f"the orders {solution!r} do not win the game for {solver} when played")


# ---- making puzzles

#: The cells of Bob's board where the hunted King is put: the corners and
#: edges of the board's lower half, where its own pieces and the board's
#: edge leave it few ways out.
KING_CELLS = tuple(f"{f}{r}" for f in "ah" for r in "1234") + tuple(f"{f}1" for f in "bcdefg")
#: The kinds of the hunter's pieces, drawn with these weights.
HUNTERS = "QRRRBBNNNP"
#: The kinds of the hunted side's other pieces.
GUARDS = "PPPPPNBR"


def candidate(rng, game=None):
    """One position built at random from ``rng`` (a :class:`random.Random`),
    or None when it cannot be a puzzle at a glance.  Bob's King stands on
    an edge of his board with his own pieces on all but at most two cells
    next to it (none of which has the King's cell in range).  Ann has a
    piece that reaches the King's cell, one for each empty cell next to it
    that reaches that cell, now and then one more that reaches any of
    them, all on Bob's board (not next to his King) or the shared rank, and
    her King on her own board.  None when the King has more
    than two ways out (empty cells next to it, or cells of its pieces that
    can step aside to an empty cell), or Ann does not reach them all."""
    from ..games.wheel import reach, setup
    from ..games.wheel.board import FILES

    king = rng.choice(KING_CELLS)
    f0, r0 = FILES.index(king[0]), int(king[1])
    home = "{Bob}" + king
    pieces = {home: "Bob K", "{Ann}" + rng.choice(FILES) + rng.choice("12"): "Ann K"}
    near = ["{Bob}" + f"{FILES[f]}{r}" for f in range(f0 - 1, f0 + 2) for r in range(r0 - 1, r0 + 2)
            if 0 <= f < 8 and 1 <= r <= 7 and (f, r) != (f0, r0)]
    guarded = rng.sample(near, max(0, len(near) - rng.randint(0, 2)))
    for cell in guarded:
        # A piece of Bob's that reaches his King's cell saves it: ordered there, it bounces any capture.
        kinds = [k for k in GUARDS if home not in reach(k, cell, pieces, ("Ann", "Bob"))]
        pieces[cell] = "Bob " + rng.choice(kinds)
    goals = set(near) | {home}
    cells = ["{Bob}" + f + str(r) for f in FILES for r in range(1, 8)] + [f + "8" for f in FILES]
    boards = ("Ann", "Bob")
    # The King's ways out: the empty cells next to it, and those of its pieces that can step aside
    # to an empty cell.  Ann has three orders: one for the King, at most two for its ways out.
    escapes = [c for c in near if c not in pieces or any(t not in pieces for t in reach(pieces[c][-1], c, pieces, boards))]
    if len(escapes) > 2:
        return None
    rng.shuffle(escapes)
    # One hunter for the King's cell, one for each way out, and now and then one more anywhere near.
    for goal in [home] + escapes + [None] * rng.randint(0, 1):
        kind = rng.choice(HUNTERS)
        wanted = goals if goal is None else {goal}
        spots = [c for c in cells if c not in pieces and c not in near
                 and wanted & set(reach(kind, c, pieces, boards))]
        if not spots:
            return None
        pieces[rng.choice(spots)] = "Ann " + kind
    state = setup(pieces, game=game)
    reached = {t for c in state.movable("Ann") for t in state.targets(c)}
    if home not in reached or any(c not in reached for c in escapes):
        return None
    return state


def generate(count: int, seed: int, tries: int = 20000, report=None) -> list[tuple]:
    """Up to ``count`` puzzle positions built from ``seed`` (see
    :func:`candidate`), each with its one minimal winning set:
    ``(state, orders)`` pairs in the order found, from at most ``tries``
    positions."""
    import random

    rng = random.Random(seed)
    found, seen = [], set()
    for number in range(tries):
        if len(found) >= count:
            break
        state = candidate(rng)
        if state is None or state.to_text() in seen:
            continue
        seen.add(state.to_text())
        sets = winning_sets(state)
        if len(sets) == 1:
            found.append((state, sets[0]))
            if report:
                report(f"position {number + 1}: {len(found)} puzzles")
    return found


def theme(ours) -> str:
    """A Chess Wheel+ puzzle's theme: one week, and how many orders of
    which pieces win it (``"win in one week: two orders (rook, knight)"``)."""
    from ..games.wheel.board import NAMES

    from .mine import NUMBERS

    count = len(ours)
    kinds = ", ".join(NAMES[o.letter] for o in ours)
    return f"win in one week: {NUMBERS[count - 1]} order{'s' if count > 1 else ''} ({kinds})"


def difficulty(state, ours) -> int:
    """A Chess Wheel+ puzzle's rating, on the scale of the others': 600,
    400 more for each further order to find (as for each further move),
    and 10 for each single order the solver may give."""
    choices = sum(len(group) for group in orders(state, state.to_move))
    return 600 + 400 * (len(ours) - 1) + 10 * choices


def mine(count: int, seed: int, tries: int = 20000, report=None):
    """Up to ``count`` Chess Wheel+ puzzles built from ``seed``
    (:func:`generate`), as :class:`~playbook.puzzles.Puzzle` values,
    easiest first (the order found among equals)."""
    from . import Puzzle

    found = generate(count, seed, tries, report)
    ranked = sorted(enumerate(found), key=lambda item: (difficulty(*item[1]), item[0]))
    return [Puzzle(f"wheel-{i:03d}", "wheel", state.to_text(), (solution_text(ours),), 1, theme(ours),
                   difficulty(state, ours))
            for i, (_, (state, ours)) in enumerate(ranked, start=1)]


# ---- solving on the board


def sealed_orders(state, player: str):
    """The orders ``player`` has sealed in ``state``, when the state keeps
    their text (sealed on this board or typed in the open), else None."""
    body = state.secret(player)
    if body is None:
        return None
    return read_orders(split_body(body)[1], player, state.players)


def defence(state, solver: str) -> str:
    """The opponent's answer, once ``solver`` has sealed, as an action
    text: sealed orders that refute the solver's (:func:`refutation`); when
    none does, a step of the opponent's King (the first it has), or a pass."""
    opponent = next(p for p in state.players if p != solver)
    ours = sealed_orders(state, solver) or ()
    theirs = refutation(state, tuple(ours), opponent)
    if not theirs:
        kings = [group for group in orders(state, opponent) if group[0].letter == "K"]
        theirs = kings[0][:1] if kings else ()
    if not theirs:
        return f"{{{opponent}}} pass"
    return f"{{{opponent}}} seal {new_salt()}: {solution_text(theirs)}"


def reveal(state) -> str:
    """The reveal due in the resolve phase ``state``: that of the first
    player still to reveal, whose sealed text the state keeps (a withheld
    reveal when it does not)."""
    player = state.to_move
    body = state.secret(player)
    return f"{{{player}}} reveal {body}" if body is not None else f"{{{player}}} withhold"


def played_out(state):
    """``state`` with every reveal due played (:func:`reveal`): the week
    carried out."""
    while state.outcome is None and state.phase == "resolve":
        state = state.play(reveal(state))
    return state


#: A commitment as a verdict quotes it (its digest cut short).
_COMMIT = re.compile(r"\{[A-Za-z][A-Za-z0-9_]*\} commit [0-9a-f]{12}…")


class WeekExercise(Exercise):
    """A Chess Wheel+ puzzle as an exercise: the learner seals orders (on
    the board or typed, as orders alone or as a ``seal`` action); the
    opponent then seals its answer (:func:`defence`, which knows the
    learner's orders, so any set that does not win by force is refuted);
    the line is judged there, on the week carried out.  On the board both
    reveals are then played by themselves, so the resolution is seen."""

    @property
    def board(self):
        """The live board; after the opponent has sealed its answer, the
        learner's reveal is played for them and the opponent's follows."""
        made = self._board is None
        board = Exercise.board.fget(self)
        if made:
            board.on_move(self._reveal)
        return board

    def _reveal(self, board, _action) -> None:
        state = board.state
        if state.outcome is None and state.phase == "resolve" and state.to_move in self.sides:
            board._play(state.parse_action(reveal(state)))

    def check(self, answer=None):
        """Judge ``answer``: the orders alone (``"Ra5-a1, Nc3-a2"``,
        sealed with a fresh salt), an action, or else the line on the board."""
        if isinstance(answer, str) and not answer.lstrip().startswith("{" + self.state.to_move + "}"):
            try:
                read_orders(answer, self.state.to_move, self.state.players)
            except PlaybookError:
                pass
            else:
                answer = f"{{{self.state.to_move}}} seal {new_salt()}: {answer.strip()}"
        verdict = super().check(answer)
        return self._explained(verdict, answer)

    def _explained(self, verdict, answer):
        """``verdict`` with the learner's sealed orders named instead of
        their commitment's digest and, when they do not win, the answer
        sealed against them."""
        solver = self.state.to_move
        if answer is None:
            line = self._board._line if self._board is not None else []
            sealed = sealed_orders(line[1], solver) if len(line) > 1 and line[1].phase == "move" else None
        else:
            try:
                sealed = sealed_orders(self.state.play(self.state.parse_action(str(answer))), solver)
            except PlaybookError:
                sealed = None
        if not sealed:
            return verdict
        message = _COMMIT.sub(solution_text(sealed), verdict.message, count=1)
        if not verdict.right and not message.startswith(("Not legal", "Not finished")):
            opponent = next(p for p in self.state.players if p != solver)
            theirs = refutation(self.state, tuple(sealed), opponent)
            if theirs is not None:
                answer_text = solution_text(theirs) or "no orders at all"
                message += f" Against these orders {opponent} seals {answer_text}, and {opponent}'s King is not taken."
        return replace(verdict, message=message)


def exercise(puzzle, tutorial=None) -> WeekExercise:
    """The Chess Wheel+ ``puzzle`` as a :class:`WeekExercise`: right when
    the week carried out after the opponent's answer leaves the solver
    the only King owner, which by the puzzle's definition is when the
    sealed orders hold the solution's; the hint names how many orders of
    which pieces win it."""
    state = puzzle.state()
    solver = state.to_move
    opponent = next(p for p in state.players if p != solver)
    how = puzzle.theme.split(": ", 1)[-1]

    def wins(position) -> bool:
        final = played_out(position)
        return final.outcome is not None and final.outcome.winners == (solver,)

    return WeekExercise(
        state,
        f"{solver} to seal the orders that win this week, whatever {opponent} seals.",
        goal=wins,
        hint=f"it takes {how}: every way out of the King must be entered too, so that its step bounces.",
        solution=[f"{{{solver}}} seal {new_salt()}: {puzzle.solution[0]}"],
        replies=[lambda position: defence(position, solver), reveal],
        moves=1,
        answered=True,
        tutorial=tutorial if tutorial is not None else Tutorial(),
    )
