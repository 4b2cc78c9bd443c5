"""Reading an action's text (``travel A1 C3``, ``perform C2 teleport F1 D2``
...) into the steps that enter it."""

from __future__ import annotations

from ...core import IllegalAction, NotationError, Step
from .abilities import MOVE, MoveAbility, ability
from .board import ABILITY_OWNER, BASIC, CELLS, DONE, ELITE, INDEX
from .entry import PASS
from .phrases import thing_at, title


def steps_from_text(s, text: str) -> tuple[Step, ...]:
    """The steps that enter the action written ``text``."""
    if not text:
        raise NotationError("an empty action")
    words = text.split()
    verb = words[0]
    if verb == "place":
        if len(words) != 3:
            raise NotationError("write 'place <umbration> <cell>'", text, len(text) - 1)
        return (Step.choice(words[1]), _cell_step(words[2], text))
    if verb == "choose":
        if len(words) != 2:
            raise NotationError("write 'choose left' or 'choose right'", text, len(text) - 1)
        return (Step.choice(words[1]),)
    if verb == "pass":
        if len(words) != 1:
            raise NotationError("'pass' takes nothing after it", text, len(words[0]))
        return (PASS,)
    if verb == "document":
        return (Step.choice("document"), Step.text(" ".join(words[1:]), "nine words"))
    if verb == "travel":
        if len(words) != 3:
            raise NotationError("write 'travel <from> <to>'", text, len(text) - 1)
        return (_cell_step(words[1], text), _cell_step(words[2], text))
    if verb != "perform":
        raise NotationError("an action starts with travel, perform, document, pass, place or choose", text, 0)
    if len(words) < 3:
        raise NotationError("write 'perform <cell> <ability> ...'", text, len(text) - 1)
    steps = [_cell_step(words[1], text), Step.choice(words[2])]
    name, params = words[2], words[3:]
    if name not in ABILITY_OWNER and name != "repair":
        raise NotationError(f"unknown ability {name!r}", text, text.index(name))
    steps += _param_steps(s, INDEX[words[1]], name, params, text)
    return tuple(steps)


def _cell_step(word: str, text: str) -> Step:
    if word not in INDEX:
        raise NotationError(f"{word!r} is not a cell (A1 to I3)", text, text.index(word))
    return Step.cell(word)


def _param_steps(s, performer_cell, name, params, text):
    if name == "propaganda":
        return [_cell_step(w, text) for w in params] + [DONE]
    if name in ("flock-together", "tectonic-failure"):
        return _move_steps(s, performer_cell, name, params, text)
    if name == "interpretative-dance":
        if len(params) < 2:
            raise NotationError("write 'interpretative-dance <world piece> <its ability> ...'", text, len(text) - 1)
        source_cell = INDEX.get(params[0])
        if source_cell is None:
            raise NotationError(f"{params[0]!r} is not a cell", text, text.index(params[0]))
        source = s.piece_at(source_cell)
        if source is not None and BASIC[source.umbration] != params[1]:
            raise IllegalAction(f"the piece on {params[0]} is {source.umbration}: its basic ability is "
                                f"{BASIC[source.umbration]}, not {params[1]}", rule="interpretative dance")
        return [Step.cell(params[0])] + _param_steps(s, performer_cell, params[1], params[2:], text)
    out = []
    for w in params:
        out.append(Step.cell(w) if w in INDEX else Step.choice(w))
    if name == "redefinition" and len(params) == 3 and s.word and params[0].isdigit() and params[2].isdigit():
        # The returned word's place: written as the number it takes in the poem; the end needs none.
        if int(params[2]) == len(s.poem) and 1 <= int(params[0]) <= len(s.poem):
            out.pop()
    return out


def _move_steps(s, performer_cell, name, params, text):
    """Flock Together and Tectonic Failure list moves ``A1>B2`` (or ``A1=``,
    stays) in any order; the steps take them in the movers' order, and a
    mover not named stays where it is."""
    moves: dict[str, str] = {}
    offset = 0
    for w in params:
        at = text.index(w, offset)
        offset = at + len(w)
        m = MOVE.fullmatch(w)
        if m is None:
            raise NotationError(f"{title(name)} lists moves like E2>C2 (or E2= for one that stays), not {w!r}",
                                text, at)
        src, dst = m[1], m[3] or m[1]
        for cell, where in ((src, at), (dst, at + len(w) - len(dst))):
            if cell not in INDEX:
                raise NotationError(f"{cell!r} is not a cell (A1 to I3)", text, where)
        if src in moves:
            raise NotationError(f"{title(name)} names the thing on {src} twice", text, at)
        moves[src] = f"{src}=" if dst == src else f"{src}>{dst}"
    performer = s.piece_at(performer_cell)
    if performer is None or ELITE[performer.umbration] != name:
        return [Step.choice(v) for v in moves.values()]  # refused with its reason by the entry
    mover = ability(s, performer, performer, name)
    assert isinstance(mover, MoveAbility)
    movers = mover.movers()
    if name == "flock-together":
        if len(moves) and not movers:
            raise IllegalAction(f"no piece flocks: none but the performer has {performer.q}Q", rule="flock together")
        for src in moves:
            if INDEX[src] not in movers:
                flock = ", ".join(CELLS[c] for c in movers)
                raise IllegalAction(f"the {_what(s, INDEX[src])} on {src} does not flock: Flock Together moves the "
                                    f"pieces with {performer.q}Q ({flock})", rule="flock together")
    else:
        if all(value.endswith("=") for value in moves.values()) and mover.possible():
            raise IllegalAction("Tectonic Failure moves at least one thing: name a move like B2>C2",
                                rule="tectonic failure")
        for src in moves:
            if INDEX[src] not in movers:
                raise IllegalAction(f"nothing Tectonic Failure moves stands on {src} ({_what(s, INDEX[src])}): "
                                    f"dead pieces and placed words stay", rule="tectonic failure")
    _check_destinations(s, name, moves, movers)
    return [Step.choice(moves.get(CELLS[c], f"{CELLS[c]}=")) for c in movers]


def _check_destinations(s, name: str, moves: dict[str, str], movers: list[int]):
    """Refuse a move onto a cell that stays taken (by something that does
    not move) or that another move of the list takes, naming it; the step
    entry, taking the moves in cell order, would first name another."""
    ends = {src: value.partition(">")[2] or src for src, value in moves.items()}
    staying = {c for c in range(27)
               if thing_at(s, c) and (c not in movers or ends.get(CELLS[c], CELLS[c]) == CELLS[c])}
    taken: dict[str, str] = {}
    for src, dst in ends.items():
        if dst == src:
            continue
        if INDEX[dst] in staying:
            raise IllegalAction(f"{dst} is taken by {thing_at(s, INDEX[dst])}, which stays where it is",
                                rule=name.replace("-", " "))
        if dst in taken:
            raise IllegalAction(f"{dst} is already taken by another move of this {title(name)} ({taken[dst]}>{dst})",
                                rule=name.replace("-", " "))
        taken[dst] = src


def _what(s, i: int) -> str:
    there = thing_at(s, i)
    return there[4:] if there.startswith("the ") else there or "nothing"
