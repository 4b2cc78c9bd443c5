"""Carrying out an action already known to be legal."""

from __future__ import annotations

from .attacks import Work
from .pieces import OTHER, PILE_ORDER, Thing


def carry_out(state, plan: tuple):
    """The state after ``plan`` (an action's ``data``)."""
    w = Work(state)
    kind = plan[0]
    step = state.geo.step
    cells = w.cells
    if kind == "move":
        _, i, j = plan
        mover = w.lift(i)
        w.land(mover, j)
    elif kind == "hop":
        _, i, landings, hopped = plan
        mover = w.lift(i)
        for o in hopped:
            victim = cells[o]
            if not state.game.hop_captures:
                continue
            if victim.units[0][1] > 0:  # a Shield saves it, and is spent
                cells[o] = Thing("col", victim.owner, (("F", victim.units[0][1] - 1),))
            else:
                cells[o] = None
                w.bury(victim.owner, "F")
        cells[landings[-1]] = mover
    elif kind == "unstack":
        _, i, d, order = plan
        t = cells[i]
        held = t.units[1:]
        pyr = {u[0]: u for u in held if u[0] != "F"}
        drops = [pyr[p] for p in order] + [u for u in reversed(held) if u[0] == "F"]
        cells[i] = Thing("col", t.owner, t.units[:1])
        for unit, c in zip(drops, state.geo.line(i, d, len(drops)), strict=False):
            w.drop(t.owner, unit, c)
    elif kind in ("fall", "roll", "stand"):
        _, i, d = plan
        stick = w.lift(i)
        n = 3 if stick.kind == "T" else 2
        if kind == "fall":
            line = state.geo.line(i, d, n - 1 if state.game.fall == "keep" else n)
            new = ([i] if state.game.fall == "keep" else []) + list(line)
            w.stick_lands(stick, sorted(new), new)
        elif kind == "roll":
            new = [step[d][c] for c in stick.cells]
            w.stick_lands(stick, new, new)
        else:
            end = stick.cells[0] if d in ("s", "w") else stick.cells[-1]
            j = step[d][end]
            cells[j] = Thing(stick.kind, stick.owner, shields=stick.shields, cells=(j,))
    elif kind == "build":
        t = cells[plan[1]]
        cells[plan[1]] = Thing("R", t.owner, power=t.power + 1)
    elif kind == "shield":
        _, i, targets = plan
        ring = cells[i]
        cells[i] = Thing("R", ring.owner, power=ring.power - len(targets))
        for c in targets:
            t = cells[c].with_top_shield()
            if t.kind in "TH":
                w.put(t)
            else:
                cells[c] = t
    elif kind == "flag":
        _, i, j, _words = plan
        cells[j], cells[i] = cells[i], None
    elif kind == "recreate":
        _, home, _words = plan
        side = state.side
        cells[home] = Thing("V", side)
        w.lost[side].remove("V")
    # "pass" changes nothing but the turn.
    if w.destroyed or kind == "recreate":
        lost = tuple("".join(sorted(w.lost[s], key=PILE_ORDER.index)) for s in ("w", "b"))
    else:
        lost = state.lost
    return type(state)(state.files, state.ranks, tuple(cells), OTHER[state.side], state.turn + 1,
                       0 if w.destroyed else state.quiet + 1, state.homes, lost, state.game)


