"""A balance study calls an even game favoured at most one time in twenty, at every number of pairs.

The games here are not played: each study is colour-reversed pairs drawn
at random (or, for the smallest samples, every sample with its exact
probability) from games in which neither side is favoured, written as
records by :func:`test_balance_by_hand.pair` and read by
:class:`~playbook.analysis.statistics.balance.Balance`, as a study's own games are.
A "false call" is a rung whose verdict names a side.

Three ways for a first mover's score to be 0.5:

- ``decisive``: the two games of a pair are independent and each is won
  by either side with chance 1/2 (no draws);
- ``drawish``: the same with 40% draws (each side wins 30%);
- ``openings``: half the openings give the first mover 80% of wins (10%
  draws, 10% losses) and half give the second mover the same, so the two
  games of a pair go the same way more often than not.
"""

from __future__ import annotations

import random
from math import comb

import pytest
from test_balance_by_hand import pair

from playbook.analysis.runs.results import SelfPlay
from playbook.analysis.statistics.balance import Balance

#: A game's result for the first mover (White moves first in every record of `pair`), with its chances.
DECISIVE = {"white": 0.5, "black": 0.5}
DRAWISH = {"white": 0.3, "draw": 0.4, "black": 0.3}
FAVOURS_FIRST = {"white": 0.8, "draw": 0.1, "black": 0.1}
FAVOURS_SECOND = {"white": 0.1, "draw": 0.1, "black": 0.8}


def study(pairs: list[tuple[str, str]]) -> SelfPlay:
    """A rung's games: pair k is two games with the results ``pairs[k]`` (for the first mover)."""
    return SelfPlay([g for k, (one, two) in enumerate(pairs) for g in pair(k, one, two)], "cosmic")


def draw_game(rng: random.Random, chances: dict) -> str:
    return rng.choices(list(chances), weights=list(chances.values()))[0]


def draw_pairs(rng: random.Random, kind: str, n: int) -> list[tuple[str, str]]:
    """``n`` pairs from the way ``kind`` of an even score (see the module's docstring)."""
    out = []
    for _ in range(n):
        chances = {"decisive": DECISIVE, "drawish": DRAWISH}.get(kind)
        if chances is None:
            chances = FAVOURS_FIRST if rng.random() < 0.5 else FAVOURS_SECOND
        out.append((draw_game(rng, chances), draw_game(rng, chances)))
    return out


def called(run: SelfPlay) -> bool:
    return Balance("cosmic", {"engine": run}).rows()[0]["verdict"] != "not decided"


@pytest.mark.parametrize("n", [4, 10, 20])
def test_with_decisive_games_the_exact_chance_of_a_false_call_is_at_most_five_percent(n):
    # Every sample of n pairs: a pair is two wins (1/4), a win and a loss in either order (1/2) or two
    # losses (1/4), so w pairs won 2-0 and l lost 0-2 have probability n! / (w! l! (n-w-l)!) (1/4)^(w+l)
    # (1/2)^(n-w-l).  The normal interval of the pair scores called a side favoured with chance 0.258,
    # 0.096 and 0.072 at 4, 10 and 20 pairs.
    chance = 0.0
    for w in range(n + 1):
        for lost in range(n + 1 - w):
            split = n - w - lost
            p = comb(n, w) * comb(n - w, lost) * 0.25 ** (w + lost) * 0.5 ** split
            pairs = [("white", "white")] * w + [("black", "black")] * lost + [("white", "black")] * split
            if called(study(pairs)):
                chance += p
    assert chance <= 0.05


@pytest.mark.parametrize("kind, n", [("decisive", 100)] + [
    pytest.param(kind, n, marks=pytest.mark.slow) for kind in ("drawish", "openings") for n in (10, 20, 100)])
def test_simulated_studies_of_an_even_game_call_a_side_at_most_one_time_in_twenty(kind, n):
    rng = random.Random(f"{kind}/{n}")
    studies = 200
    calls = sum(called(study(draw_pairs(rng, kind, n))) for _ in range(studies))
    assert calls <= 0.05 * studies


@pytest.mark.slow
def test_asking_five_engines_at_once_calls_none_of_them_more_than_one_time_in_twenty():
    # Five rungs, each an even game of 20 pairs: each alone called at the normal interval's 7%, at least
    # one of five would be called in 1 - 0.93^5 = 30% of studies; Holm's correction holds the five to 5%.
    rng = random.Random("five engines")
    studies = 100
    calls = 0
    for _ in range(studies):
        runs = {f"engine {k}": study(draw_pairs(rng, "decisive", 20)) for k in range(5)}
        calls += any(row["verdict"] != "not decided" for row in Balance("cosmic", runs).rows())
    assert calls <= 0.05 * studies
