#!/bin/sh
# Rebuilds the self-play samples of this folder exactly (every game's seed is
# fixed and the engines search a fixed number of positions, never a time).
# Run from the repository's root: sh notebooks/data/rebuild.sh
# A folder already holding a sample is resumed, never overwritten: delete it
# first to play it again from nothing.  --workers 1 keeps one core free; raise
# it on a bigger machine (the games are the same on any number of workers).
set -e
cd "$(dirname "$0")"
run() { playbook selfplay "$@" --workers "${WORKERS:-1}" --quiet; }

# 20,000 games between random players, and the same seeds under compulsory capture.
run cosmic --agents random,random --games 20000 --option quiet_limit=100 --seed 0 --out cosmic-random
run cosmic --agents random,random --games 5000 --option quiet_limit=100 --option compulsory_capture=true --seed 0 --out cosmic-random-compulsory

# The engine ladder: each engine against itself in colour-reversed pairs.  Game k
# of a folder and game k of its -swapped folder share a seed, so they open with
# the same 6 random actions; the two copies of the engine then swap seats, and
# the second copy breaks its ties on another stream (stream=1), so the two games
# of a pair differ.  Kelasu first, then Cosmic Chess (standard and compulsory capture).
run kelasu --agents random,random:stream=1 --book 6 --games 100 --seed 0 --out kelasu-random
run kelasu --agents random:stream=1,random --book 6 --games 100 --seed 0 --out kelasu-random-swapped
run kelasu --agents greedy,greedy:stream=1 --book 6 --games 150 --seed 0 --out kelasu-greedy
run kelasu --agents greedy:stream=1,greedy --book 6 --games 150 --seed 0 --out kelasu-greedy-swapped
run kelasu --agents alphabeta:nodes=50,alphabeta:nodes=50:stream=1 --book 6 --games 100 --seed 0 --out kelasu-alphabeta50
run kelasu --agents alphabeta:nodes=50:stream=1,alphabeta:nodes=50 --book 6 --games 100 --seed 0 --out kelasu-alphabeta50-swapped
run kelasu --agents alphabeta:nodes=100,alphabeta:nodes=100:stream=1 --book 6 --games 40 --seed 0 --out kelasu-alphabeta100
run kelasu --agents alphabeta:nodes=100:stream=1,alphabeta:nodes=100 --book 6 --games 40 --seed 0 --out kelasu-alphabeta100-swapped
run kelasu --agents mcts:iterations=60,mcts:iterations=60:stream=1 --book 6 --games 30 --seed 0 --out kelasu-mcts60
run kelasu --agents mcts:iterations=60:stream=1,mcts:iterations=60 --book 6 --games 30 --seed 0 --out kelasu-mcts60-swapped
run cosmic --agents random,random:stream=1 --book 6 --games 500 --option quiet_limit=100 --seed 0 --out cosmic-random-pairs
run cosmic --agents random:stream=1,random --book 6 --games 500 --option quiet_limit=100 --seed 0 --out cosmic-random-pairs-swapped
run cosmic --agents greedy,greedy:stream=1 --book 6 --games 300 --option quiet_limit=100 --seed 0 --out cosmic-greedy
run cosmic --agents greedy:stream=1,greedy --book 6 --games 300 --option quiet_limit=100 --seed 0 --out cosmic-greedy-swapped
run cosmic --agents alphabeta:nodes=50,alphabeta:nodes=50:stream=1 --book 6 --games 300 --option quiet_limit=100 --seed 0 --out cosmic-alphabeta50
run cosmic --agents alphabeta:nodes=50:stream=1,alphabeta:nodes=50 --book 6 --games 300 --option quiet_limit=100 --seed 0 --out cosmic-alphabeta50-swapped
run cosmic --agents alphabeta:nodes=100,alphabeta:nodes=100:stream=1 --book 6 --games 100 --option quiet_limit=100 --seed 0 --out cosmic-alphabeta100
run cosmic --agents alphabeta:nodes=100:stream=1,alphabeta:nodes=100 --book 6 --games 100 --option quiet_limit=100 --seed 0 --out cosmic-alphabeta100-swapped
run cosmic --agents mcts:iterations=60,mcts:iterations=60:stream=1 --book 6 --games 50 --option quiet_limit=100 --seed 0 --out cosmic-mcts60
run cosmic --agents mcts:iterations=60:stream=1,mcts:iterations=60 --book 6 --games 50 --option quiet_limit=100 --seed 0 --out cosmic-mcts60-swapped
run cosmic --agents greedy,greedy:stream=1 --book 6 --games 300 --option quiet_limit=100 --option compulsory_capture=true --seed 0 --out cosmic-compulsory-greedy
run cosmic --agents greedy:stream=1,greedy --book 6 --games 300 --option quiet_limit=100 --option compulsory_capture=true --seed 0 --out cosmic-compulsory-greedy-swapped
run cosmic --agents alphabeta:nodes=50,alphabeta:nodes=50:stream=1 --book 6 --games 300 --option quiet_limit=100 --option compulsory_capture=true --seed 0 --out cosmic-compulsory-alphabeta50
run cosmic --agents alphabeta:nodes=50:stream=1,alphabeta:nodes=50 --book 6 --games 300 --option quiet_limit=100 --option compulsory_capture=true --seed 0 --out cosmic-compulsory-alphabeta50-swapped
run cosmic --agents alphabeta:nodes=100,alphabeta:nodes=100:stream=1 --book 6 --games 100 --option quiet_limit=100 --option compulsory_capture=true --seed 0 --out cosmic-compulsory-alphabeta100
run cosmic --agents alphabeta:nodes=100:stream=1,alphabeta:nodes=100 --book 6 --games 100 --option quiet_limit=100 --option compulsory_capture=true --seed 0 --out cosmic-compulsory-alphabeta100-swapped

# Games the engines do not finish between themselves: an engine against a
# random player, with the engine in each seat.
run ccc --agents alphabeta:nodes=4,random --games 100 --seed 0 --out ccc-alphabeta-random
run ccc --agents random,alphabeta:nodes=4 --games 100 --seed 0 --out ccc-random-alphabeta
run cresnovian --agents alphabeta:nodes=100,random --games 300 --seed 0 --out cresnovian-alphabeta-random
run cresnovian --agents random,alphabeta:nodes=100 --games 300 --seed 0 --out cresnovian-random-alphabeta
run wheel --agents alphabeta:nodes=20,random --games 150 --seed 0 --out wheel-alphabeta-random
run wheel --agents random,alphabeta:nodes=20 --games 150 --seed 0 --out wheel-random-alphabeta
