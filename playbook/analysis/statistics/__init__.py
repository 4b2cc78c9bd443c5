"""Statistics: what the games of a run say, with their uncertainty.

Intervals, ratings and the sequential test (:mod:`.stats`), the exact
tests of colour-reversed pairs (:mod:`.exact`), game lengths with
censoring (:mod:`.survival`), tables of openings and moves
(:mod:`.tables`), a designer's questions (:mod:`.compare`: does a variant
change the game; :mod:`.balance`: who is favoured across an engine
ladder; :mod:`.studies`: piece values and early wins), the text of a
results folder's figures (:mod:`.report`), and plots (:mod:`.plots`).

:mod:`.tables` lives here, not with the runs: its rows are the input of
grouping and counting, and it scores positions with :mod:`.stats`.
Counting in words (``1 draw``, ``2 draws``) is shared by all three rooms
and so stays one level up, in :mod:`playbook.analysis.words`.
"""
