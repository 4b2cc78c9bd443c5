"""Plots draw what the results say (matplotlib, off screen)."""

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from playbook import Record  # noqa: E402
from playbook.analysis import GreedyAgent, RandomAgent, plots, selfplay, tournament  # noqa: E402


@pytest.fixture(scope="module")
def result():
    return selfplay("cosmic", [RandomAgent, RandomAgent], games=8, progress=False)


def test_win_rates_draw_one_bar_per_result_with_its_interval(result):
    ax = plots.win_rates(result)
    heights = [p.get_height() for p in ax.patches]
    # Each bar is a share of all the games, counted here from the records (the shares themselves are
    # checked on games written out by hand in test_selfplay_by_hand.py).
    labels = [t.get_text() for t in ax.get_xticklabels()]
    counted = {k: sum(("unfinished" if r.unfinished else r.result) == k for r in result.records) / len(result.records)
               for k in labels}
    assert heights == pytest.approx([counted[k] for k in labels]) and sum(heights) == pytest.approx(1.0)
    assert all(rate["n"] == len(result.records) for rate in result.win_rates().values())  # the sample size


def test_game_lengths_count_every_game(result):
    ax = plots.game_lengths({"random": result})
    assert sum(p.get_height() for p in ax.patches) == len(result.records)


def test_first_move_plots_show_the_first_movers_score(result):
    ax = plots.first_move_advantage({"Cosmic Chess": result})
    # White moves first: its wins and half the draws of the finished games, counted from the records.
    done = [r for r in result.records if not r.unfinished]
    points = sum(1.0 if r.winner == "white" else 0.5 if r.draw else 0.0 for r in done)
    assert ax.patches[0].get_height() == pytest.approx(points / len(done))
    ax = plots.first_move_by_opening(result, top=3)
    assert 1 <= len(ax.patches) <= 3


def test_ratings_and_table_list_every_agent():
    t = tournament("cosmic", {"random": RandomAgent, "greedy": GreedyAgent}, games=2, progress=False)
    ax = plots.ratings(t)
    assert [label.get_text() for label in ax.get_yticklabels()] == [r["name"] for r in t.ratings()]
    ax = plots.rating_table(t)
    texts = [cell.get_text().get_text() for cell in ax.tables[0].get_celld().values()]
    assert "greedy" in texts and "random" in texts


def test_a_comparison_draws_three_panels_with_one_bar_per_variant():
    from playbook.analysis import compare

    c = compare("cosmic", {"quiet 100": {"quiet_limit": 100}, "quiet 6": {"quiet_limit": 6}},
                [RandomAgent, RandomAgent], games=6, progress=False)
    axes = c.plot()
    assert [ax.get_title() for ax in axes] == ["first mover's score", "draw rate", "median length (plies)"]
    # The median length of each variant's games, none stopped: the 3rd of 6 sorted lengths, counted from
    # their actions (the panel's censored cases are drawn by hand in test_compare_by_hand.py).
    medians = [sorted(len(r.actions) for r in c.runs[name].records)[2] for name in ("quiet 100", "quiet 6")]
    assert [p.get_height() for p in axes[2].patches] == medians


def test_an_interval_without_an_upper_bound_runs_to_the_edge_with_an_arrow():
    from playbook.analysis import Tournament

    won = [Record("cosmic", "", [], players={"white": "A", "black": "B"}, result="white")] * 6
    ax = plots.ratings(Tournament(won, "cosmic", ["A", "B"]))
    left, right = ax.get_xlim()
    arrows = [line for line in ax.get_lines() if line.get_marker() in (">", "<")]
    assert sorted((line.get_marker(), line.get_xdata()[0]) for line in arrows) == [("<", left), (">", right)]
