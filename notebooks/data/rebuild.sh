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
run cosmic --agents random,random --games 20000 --variant quiet_limit=100 --seed 0 --out cosmic-random
run cosmic --agents random,random --games 5000 --variant quiet_limit=100 --variant compulsory_capture=true --seed 0 --out cosmic-random-compulsory

# Engines against each other, each game opening with 6 random actions.  Kelasu's
# games were played in two folders at once (seeds from 0 and from 10000).
run cosmic --agents alphabeta:nodes=100,alphabeta:nodes=100 --book 6 --games 1000 --variant quiet_limit=100 --seed 0 --out cosmic-alphabeta
run kelasu --agents alphabeta:nodes=50,alphabeta:nodes=50 --book 6 --games 719 --seed 0 --out kelasu-alphabeta
run kelasu --agents alphabeta:nodes=50,alphabeta:nodes=50 --book 6 --games 400 --seed 10000 --out kelasu-alphabeta-b

# Games the engines do not finish between themselves: an engine against a
# random player, 500 games with the engine in each seat (CCC's in two folders
# a seat, played at once, with seeds from 0 and from 10000).
run ccc --agents alphabeta:nodes=4,random --games 291 --seed 0 --out ccc-alphabeta-random
run ccc --agents alphabeta:nodes=4,random --games 250 --seed 10000 --out ccc-alphabeta-random-b
run ccc --agents random,alphabeta:nodes=4 --games 319 --seed 0 --out ccc-random-alphabeta
run ccc --agents random,alphabeta:nodes=4 --games 250 --seed 10000 --out ccc-random-alphabeta-b
run cresnovian --agents alphabeta:nodes=100,random --games 500 --seed 0 --out cresnovian-alphabeta-random
run cresnovian --agents random,alphabeta:nodes=100 --games 500 --seed 0 --out cresnovian-random-alphabeta
run wheel --agents alphabeta:nodes=20,random --games 500 --seed 0 --out wheel-alphabeta-random
run wheel --agents random,alphabeta:nodes=20 --games 500 --seed 0 --out wheel-random-alphabeta
