"""Engines: the players and judges of a position.

Agents (:mod:`.agents`: the random and greedy players and what every agent
shares), the searches (:mod:`.search`: AlphaBeta; :mod:`.mcts`:
Monte-Carlo tree search), how good a position is (:mod:`.evaluation`),
counting the positions a game reaches (:mod:`.perft`), and game reviews
(:mod:`.review`, with its graph :mod:`.review_graph` and its page
:mod:`.review_html`).

Reviews live here because a review is an engine reading one game: it
searches every position with AlphaBeta and labels each move by what it
lost; it plays no run and counts no statistics.  Nothing in this room
needs the ``analysis`` extra, so the engines work on the base install.
"""
