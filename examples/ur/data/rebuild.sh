#!/bin/sh
# Rebuilds the self-play samples of this folder exactly: every game's seed
# is fixed, the dice are rolled from it, and the engines search a fixed
# number of positions, never a time.  Run from anywhere:
#   sh examples/ur/data/rebuild.sh
# A folder already holding a sample is resumed, never overwritten: delete it
# first to play it again from nothing.  WORKERS=2 plays on two processes
# (the games are the same on any number of workers).
set -e
cd "$(dirname "$0")"
run() { playbook selfplay ur "$@" --rotate --max-plies 3000 --workers "${WORKERS:-1}" --quiet; }

# The engine ladder: each engine against itself, the seats swapped from game to game.
run --agents random,random --games 2000 --seed 0 --out ur-random
run --agents greedy,greedy --games 600 --seed 0 --out ur-greedy
run --agents alphabeta:nodes=100,alphabeta:nodes=100 --games 400 --seed 0 --out ur-alphabeta100
run --agents alphabeta:nodes=1000,alphabeta:nodes=1000 --games 100 --seed 0 --out ur-alphabeta1000
run --agents mcts:iterations=100,mcts:iterations=100 --games 100 --seed 0 --out ur-mcts100

# Engines against a random player, and expectimax against the same search
# ignoring chance: each pair of games rolls the same dice, so that the luck
# of the dice falls alike on both seatings.
run --agents greedy,random --games 400 --seed 0 --same-dice --out ur-greedy-random
run --agents alphabeta:nodes=100,random --games 200 --seed 0 --same-dice --out ur-alphabeta100-random
run --agents mcts:iterations=100,random --games 100 --seed 0 --same-dice --out ur-mcts100-random
run --agents alphabeta:nodes=300,alphabeta:nodes=300:chance=likely --games 400 --seed 0 --same-dice --out ur-expect-likely
