"""Runs: many games played, on one machine or a cluster, and kept.

:mod:`.selfplay` holds ``selfplay`` and ``tournament``; beside it, sizing
tasks (:mod:`.tasks`), handing them out (:mod:`.running`), waiting on them
and stopping (:mod:`.stopping`), the local worker processes (:mod:`.pool`)
and the results folder (:mod:`.store`).

:mod:`.notes` (what an engine reported about each move) lives here and
not with the engines: a run writes the notes into its records as it
plays, and nothing else reads an engine that way.
"""
