"""Checks of what the engines make of a game: every agent answers with a
legal action, random players never talk, the evaluation scores finished
games by their outcome, and a review judges every move."""

from __future__ import annotations

import math

from ..analysis import MCTS, AlphaBeta, GreedyAgent, RandomAgent
from ..analysis.engines.review import review
from ..chance import Dice, advance
from ..core import CHANCE, WIN, Action, Game, State
from ..records import Record
from .invariants import settled
from .registry import Session, check

__all__: list[str] = []


def position_in_play(game: Game, plies: int = 9, seed: int = 5) -> State:
    """A position a few random actions in (the start if the game ends
    before) where a player moves: where the dice move, they are rolled."""
    state = RandomAgent(seed=seed).play(game.initial(), plies)
    return settled(state if state.outcome is None else game.initial())


@check("every agent (random, greedy, AlphaBeta, MCTS) answers with a legal action, which reads back from its text "
       "and is entered by its own steps")
def every_agent_plays_a_legal_action(game: Game, session: Session) -> None:
    for state in (settled(game.initial()), position_in_play(game)):
        for agent in (RandomAgent(seed=1), GreedyAgent(seed=1), AlphaBeta(depth=2, time_limit=None),
                      MCTS(iterations=40, time_limit=None, seed=1)):
            action = agent.choose(state)
            assert state.parse_action(action.text) == action, f"{agent!r} chose {action.text!r}, which reads otherwise"
            assert state.action_from_steps(action.steps) == action, f"{agent!r} chose {action.text!r}, not entered " \
                                                                   "by its steps"


@check("random players never resign, offer or claim: they leave the talk actions the descriptor declares alone")
def random_agents_never_talk(game: Game, session: Session) -> None:
    state = position_in_play(game)
    talked = {RandomAgent(seed=s).choose(state).text for s in range(60)} & game.descriptor.talk_texts()
    assert not talked, f"random players chose {sorted(talked)}"


@check("the engine's evaluation scores a finished game by its outcome (WIN for a winner, -WIN for a loser, 0 for a "
       "draw) and a running one as a finite number")
def evaluation_scores_outcomes(game: Game, session: Session) -> None:
    engine = game.engine
    for played in session.random_games(game)[:2]:
        for state in played.states[::7] + [played.final]:
            for player in state.seats:
                score = engine.evaluate(state, player)
                assert isinstance(score, (int, float)) and math.isfinite(score), \
                    f"evaluate gives {score!r} for {player} in {state.to_text()!r}"
                outcome = state.outcome
                if outcome is not None:
                    expected = 0.0 if outcome.draw else WIN if player in outcome.winners else -WIN
                    assert score == expected, f"a finished game ({outcome}) scores {score} for {player}, not {expected}"


@check("a game reviewed move by move judges each move with the engine's thresholds: a loss in expected score "
       "between 0 and 1, labelled inaccuracy, mistake or blunder by Lichess's bounds, none for the best move")
def review_judges_every_move(game: Game, session: Session) -> None:
    state = start = game.initial()
    agents, dice = [GreedyAgent(seed=3), RandomAgent(seed=4)], Dice(4)
    actions: list[Action] = []
    while state.outcome is None and len(actions) < 6:
        action, state = advance(state, agents[len(actions) % 2].choose, dice)
        actions.append(action)
    done = review(Record.of(start, actions))
    engine = game.engine
    used = (done.thresholds.scale, done.thresholds.depth, done.thresholds.reach)
    assert used == (engine.review_scale, engine.review_depth, engine.review_reach), \
        "the review does not use the engine's thresholds"
    assert [row["ply"] for row in done.rows] == list(range(1, len(actions) + 1)), "a move is left unreviewed"
    for row in done.rows:
        loss = row["loss"]
        assert 0.0 <= loss <= 1.0, f"ply {row['ply']} loses {loss} of the expected score"
        label = "blunder" if loss >= 0.15 else "mistake" if loss >= 0.10 else "inaccuracy" if loss >= 0.05 else ""
        assert row["label"] == label, f"ply {row['ply']} loses {loss:.3f} but is labelled {row['label']!r}"
        assert row["move"] != row["best"] or loss == 0.0, f"ply {row['ply']} is the best move but loses {loss}"
        # The dice are never marked: a roll loses nothing and has no label.
        assert row["mover"] != CHANCE or (loss == 0.0 and row["label"] == ""), f"the roll at ply {row['ply']} is marked"
