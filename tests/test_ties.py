"""The engines carry no bias of their own: ties are broken at random from
the agent's seed, so a mirrored or colour-swapped position gets the
mirrored choices and the negated evaluation, and AlphaBeta at depth 1 plays
as GreedyAgent does (the same look-ahead and evaluation).

Expected values come from the games' symmetry, not from the engines: the
start positions of Cosmic Chess (turned half a turn), Kelasu and CCC
(flipped top to bottom) are their own colour-swapped images, so a position
and its image are the same problem for the other side; in Chess Wheel+
with two players, swapping the players' names is such an image.
Cresnovian Chess is left out: one player places every piece and the other
then picks a kingdom, so no position has a colour-swapped twin.
"""

from __future__ import annotations

import math
import re
from collections import Counter

import pytest

from playbook import load
from playbook.analysis import MCTS, AlphaBeta, GreedyAgent, RandomAgent, selfplay
from playbook.analysis.engines.agents import Factory
from playbook.analysis.engines.evaluation import evaluate
from playbook.analysis.statistics.compare import z_test

# ------------------------------------------------------------- the mirrors


def _rotate_cosmic(text: str) -> str:
    board, side, *rest = text.split(" ")
    ranks = []
    for rank in reversed(board.split("/")):
        cells = re.sub(r"\d", lambda m: "." * int(m.group()), rank)[::-1].swapcase()
        ranks.append(re.sub(r"\.+", lambda m: str(len(m.group())), cells))
    return " ".join(["/".join(ranks), "b" if side == "w" else "w", *rest])


def _cosmic_square(text: str) -> str:
    return re.sub(r"([a-f])([1-6])", lambda m: "abcdef"[5 - "abcdef".index(m[1])] + str(7 - int(m[2])), text)


def _kelasu_cell(text: str) -> str:
    return re.sub(r"\b([A-J])(\d)\b", lambda m: chr(ord("J") - ord(m[1]) + ord("A")) + m[2], text)


def _flip_kelasu(text: str) -> str:
    lines = text.split("\n")
    rows, fields = lines[:10], dict(line.split(": ", 1) for line in lines[10:])
    fields["to-move"] = {"blue": "red", "red": "blue"}[fields["to-move"]]
    fields["acted"] = _kelasu_cell(fields["acted"])
    fields["seen"] = "-"  # the positions seen before are not mirrored: forget them on both sides
    return "\n".join([row.swapcase() for row in reversed(rows)] + [f"{k}: {v}" for k, v in fields.items()])


def _ccc_square(text: str) -> str:
    text = re.sub(r"\b([a-h])(10|[1-9])\b", lambda m: m[1] + str(11 - int(m[2])), text)
    # Directions north and south swap too (``d4 unstack ne`` becomes ``d7 unstack se``).
    return re.sub(r"\b([ns])([ew]?)\b", lambda m: {"n": "s", "s": "n"}[m[1]] + m[2], text)


def _flip_ccc(text: str) -> str:
    lines = text.split("\n")
    head, rows, files, lost = lines[0], lines[1:11], lines[11], lines[12:]
    side, rest = head.split(" ", 1)
    head = {"white": "black", "black": "white"}[side] + " " + rest
    cells = [row[3:] for row in rows]
    flipped = [f"{n:>2} {cells[n - 1].swapcase()}" for n in range(10, 0, -1)]
    # The lost pieces change hands: White's lost (upper case) become Black's (lower case).
    white, black = (line.split(": ", 1)[1] for line in lost)
    lost = [f"white lost: {black.swapcase()}", f"black lost: {white.swapcase()}"]
    return "\n".join([head, *flipped, files, *lost])


#: game -> (the position's mirror image, an action's text in the image, the swapped players)
MIRRORS = {
    "cosmic": (_rotate_cosmic, _cosmic_square),
    "kelasu": (_flip_kelasu, _kelasu_cell),
    "ccc": (_flip_ccc, _ccc_square),
}


def _position(key: str, plies: int, seed: int):
    game = load(key)
    state = RandomAgent(seed=seed).play(game.initial(), plies)
    assert state.outcome is None
    return game, state


def _swap(game, player: str) -> str:
    first, second = game.players
    return second if player == first else first


@pytest.mark.parametrize("key", sorted(MIRRORS))
def test_each_start_position_is_its_own_mirror_image(key):
    # The mirrors are right: each start position is symmetric, with the first mover swapped.
    game = load(key)
    start = game.initial()
    image = game.parse(MIRRORS[key][0](start.to_text()))
    assert image.to_move == _swap(game, start.to_move)
    again = game.parse(MIRRORS[key][0](image.to_text()))
    assert again.to_text().split("\n")[0] == start.to_text().split("\n")[0]
    assert evaluate(image, image.to_move) == pytest.approx(evaluate(start, start.to_move))


@pytest.mark.parametrize("key", sorted(MIRRORS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_mirrored_position_gets_the_negated_evaluation_and_the_mirrored_actions(key, seed):
    flip, rename = MIRRORS[key]
    game, state = _position(key, 8 + seed, seed)
    image = game.parse(flip(state.to_text()))
    assert sorted(rename(a.text) for a in state.legal_actions()) == sorted(a.text for a in image.legal_actions())
    for player in game.players:
        # What is good for a player here is as good for the other side there: the other player's loss.
        assert evaluate(image, _swap(game, player)) == pytest.approx(evaluate(state, player))
        assert evaluate(image, player) == pytest.approx(-evaluate(state, player))
    # A search scores the side to move alike in both.
    ours = AlphaBeta(depth=2, seed=0).analyse(state).score
    theirs = AlphaBeta(depth=2, seed=0).analyse(image).score
    assert theirs == pytest.approx(ours)


def chi_square_p(a: Counter, b: Counter) -> float:
    """The p-value that two samples of choices come from one distribution
    (Pearson's chi-square test of homogeneity; the chi-square tail by the
    Wilson-Hilferty cube-root approximation, good to a few per cent here)."""
    keys = sorted(set(a) | set(b))
    na, nb = sum(a.values()), sum(b.values())
    stat = 0.0
    for k in keys:
        total = a[k] + b[k]
        for count, n in ((a[k], na), (b[k], nb)):
            expected = total * n / (na + nb)
            stat += (count - expected) ** 2 / expected
    df = len(keys) - 1
    if df == 0:
        return 1.0
    z = ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


# Positions with several equally good actions at the search's horizon (checked below).
CHOICES = [("cosmic", 1, 1, 0), ("cosmic", 2, 2, 1), ("kelasu", 1, 1, 0), ("kelasu", 2, 2, 0),
           ("ccc", 1, 2, 2), ("ccc", 2, 4, 2)]


@pytest.mark.parametrize(("key", "depth", "plies", "seed"), CHOICES)
def test_a_mirrored_position_gets_the_mirrored_choice_distribution(key, depth, plies, seed):
    flip, rename = MIRRORS[key]
    game, state = _position(key, plies, seed)
    image = game.parse(flip(state.to_text()))
    runs = 60
    here = Counter(AlphaBeta(depth=depth, seed=k).choose(state).text for k in range(runs))
    there = Counter(rename(AlphaBeta(depth=depth, seed=1000 + k).choose(image).text) for k in range(runs))
    # Ties are real here (a search listing-order bound would play one action only)...
    assert len(here) >= 2 and len(there) >= 2
    # ... and the choices on the image are the mirror of those here.
    assert chi_square_p(here, there) > 0.001
    # The same seed plays the same move: node-limited and depth-limited searches stay repeatable.
    assert AlphaBeta(depth=depth, seed=7).choose(state).text == AlphaBeta(depth=depth, seed=7).choose(state).text


def test_a_node_limited_search_is_repeatable_and_its_ties_follow_the_seed():
    game, state = _position("kelasu", 1, 0)
    first = [AlphaBeta(nodes=200, seed=s).analyse(state) for s in range(12)]
    again = [AlphaBeta(nodes=200, seed=s).analyse(state) for s in range(12)]
    assert [(a.action.text, a.score, a.nodes) for a in first] == [(a.action.text, a.score, a.nodes) for a in again]
    assert len({a.action.text for a in first}) >= 2


def test_alphabeta_at_depth_one_and_greedy_agree_on_the_first_movers_score():
    # The same look-ahead and evaluation: they must agree on who is favoured.  Before ties were
    # random, AlphaBeta(depth=1) gave Kelasu's first mover 0.91 where Greedy gave 0.50.
    kelasu = load("kelasu")
    games = 60
    ab = selfplay(kelasu, [AlphaBeta.factory(depth=1), AlphaBeta.factory(depth=1)], games=games, seed=0,
                  progress=False)
    greedy = selfplay(kelasu, [GreedyAgent, GreedyAgent], games=games, seed=0, progress=False)

    def scores(run):
        return [0.5 if r.draw else float(r.first in r.winners) for r in run.finished()]

    a, g = scores(ab), scores(greedy)
    assert len(a) >= games * 0.9 and len(g) >= games * 0.9
    p = z_test(a, g)
    assert p is not None and p > 0.01
    # Neither side is favoured by the engine's listing: both scores are near a half.
    assert 0.25 < sum(a) / len(a) < 0.75


def test_engines_are_not_factories_and_refuse_bad_settings():
    with pytest.raises(TypeError, match=r"by name.*factory"):
        AlphaBeta(5)
    with pytest.raises(TypeError, match=r"by name.*factory"):
        MCTS(60)
    for bad in (0, -3, 2.5, True):
        with pytest.raises(ValueError, match="iterations"):
            MCTS(iterations=bad)
    with pytest.raises(ValueError, match="time_limit"):
        MCTS(time_limit=0)
    make = AlphaBeta.factory(nodes=50)
    assert isinstance(make, Factory) and repr(make) == "AlphaBeta.factory(nodes=50)"
    one, two = make(3), make(4)
    assert repr(one) == repr(two) == "AlphaBeta(nodes=50)" and (one.seed, two.seed) == (3, 4)
    with pytest.raises(ValueError, match="nodes"):
        AlphaBeta.factory(nodes=0)


def test_selfplay_refuses_an_engine_class_given_as_a_factory():
    from playbook.analysis import SelfPlayError

    with pytest.raises(SelfPlayError, match="by name"):
        selfplay(load("cosmic"), [AlphaBeta, RandomAgent], games=2, progress=False)
    run = selfplay(load("cosmic"), [AlphaBeta.factory(depth=1), MCTS.factory(iterations=5)], games=2,
                   progress=False, max_plies=6)
    # A factory is named after what it makes, with no seed: each game's agents have that game's own.
    assert set(run.records[0].players.values()) == {"AlphaBeta(depth=1)", "MCTS(iterations=5)"}


def _swap_names(text: str) -> str:
    return text.replace("Ann", "\0").replace("Bob", "Ann").replace("\0", "Bob")


def test_chess_wheel_with_the_players_names_swapped_gets_the_swapped_orders_and_evaluation():
    from playbook.analysis.engines.search import choice_key

    wheel = load("wheel")
    # Both kings' boards populated, no orders sealed yet: Ann to seal hers.
    state = RandomAgent(seed=8).play(wheel.initial(), 12)
    assert "commitments:\n" in state.to_text() and state.to_move == "Ann"
    image = wheel.parse(_swap_names(state.to_text()))
    assert image.to_move == "Bob"
    for player in ("Ann", "Bob"):
        other = "Bob" if player == "Ann" else "Ann"
        assert evaluate(image, other) == pytest.approx(evaluate(state, player))
        assert evaluate(image, player) == pytest.approx(-evaluate(state, player))
    runs = 40

    def orders(position, seed):
        return _swap_names(str(choice_key(position)(AlphaBeta(depth=1, seed=seed).choose(position))))

    here = Counter(str(choice_key(state)(AlphaBeta(depth=1, seed=k).choose(state))) for k in range(runs))
    there = Counter(orders(image, 1000 + k) for k in range(runs))
    assert len(here) >= 2 and len(there) >= 2
    assert chi_square_p(here, there) > 0.001
