"""Runs: many games played, on one machine or a cluster, and kept.

:mod:`.selfplay` holds ``selfplay`` and ``tournament``, the two calls a
user makes; below them each job has one module: one game and the task of
games a worker plays (:mod:`.games`), a run's settings checked and its
warnings (:mod:`.settings`), how many games a task holds (:mod:`.tasks`),
handing the tasks out and gathering them, with the progress bar
(:mod:`.running`), stopping without losing a finished game
(:mod:`.stopping`), the worker processes of this machine (:mod:`.pool`,
whose server imports :mod:`.pool_server`), writing and reading a results
folder (:mod:`.store`), and the result object, :class:`~.results.SelfPlay`
(:mod:`.results`).  A Dask cluster is any executor here: the command's
``--scheduler`` hands the run its client's executor.

:mod:`.notes` (what an engine reported about each move) lives here and
not with the engines: a run writes the notes into its records as it
plays, and nothing else reads an engine that way.
"""
