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
    rates = result.win_rates()
    shown = [k for k, v in rates.items() if v["games"] or k not in ("draw", "unfinished")]
    assert heights == pytest.approx([rates[k]["rate"] for k in shown])
    assert [t.get_text() for t in ax.get_xticklabels()] == shown
    assert all(rates[k]["n"] == len(result.records) for k in shown)  # the sample size beside every share


def test_game_lengths_count_every_game(result):
    ax = plots.game_lengths({"random": result})
    assert sum(p.get_height() for p in ax.patches) == len(result.records)


def test_first_move_plots_show_the_first_movers_score(result):
    ax = plots.first_move_advantage({"Cosmic Chess": result})
    assert ax.patches[0].get_height() == pytest.approx(result.first_move_advantage()["score"])
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
    rows = c.rows()
    assert [ax.get_title() for ax in axes] == ["first mover's score", "draw rate", "mean plies"]
    assert [p.get_height() for p in axes[2].patches] == pytest.approx([r["plies"] for r in rows])


def test_an_interval_without_an_upper_bound_runs_to_the_edge_with_an_arrow():
    from playbook.analysis import Tournament

    won = [Record("cosmic", "", [], players={"white": "A", "black": "B"}, result="white")] * 6
    ax = plots.ratings(Tournament(won, "cosmic", ["A", "B"]))
    left, right = ax.get_xlim()
    arrows = [line for line in ax.get_lines() if line.get_marker() in (">", "<")]
    assert sorted((line.get_marker(), line.get_xdata()[0]) for line in arrows) == [("<", left), (">", right)]
