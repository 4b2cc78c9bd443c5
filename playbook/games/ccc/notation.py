"""Position text: writing it, and reading it back with errors that name the field.

A position is a few lines::

    white to move, turn 1, quiet 0, flags g1 g10
    10 c r s l m . v t
     9 f f f f f f f f
     ...
     1 C R S L M . V T
       a b c d e f g h
    white lost: -
    black lost: -

The first line says who moves, the turn number (1 is the game's first),
how many turns have passed since a piece was last destroyed, and the home
cells of the Nice Flags (``-`` for none).  Then one line per rank, Black's
side first, one token per cell: capitals for White, small letters for
Black.  A token is ``.`` (empty) or

- a column of Flats and Pyramids, bottom first: ``F`` (a Flat), ``FFF``
  (a Flat Stack), ``L`` (a Pyramid), ``LMS`` (a Constructed Pyramid),
  ``FFM`` (a Pyramid Stack); each ``+`` after a letter is a Shield on that
  piece (``F+FS++``);
- ``C`` the Cube, ``R`` or ``R3`` the Ring with its stored Power, ``V`` the
  Nice Flag, ``B`` a Rectangle;
- ``T`` / ``H`` a standing Tall / Short Stick, ``T_`` / ``H_`` each cell
  a laying one covers; Shields follow as ``+`` (``T_++`` on every cell).

The last lines list the pieces each side has lost, beside the board:
``3F S 2B`` (``B`` counts stick sections: a Rectangle is one, a Tall Stick
three), or ``-`` (always on turn 1, before anything can have been destroyed).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NoReturn

from ...core import NotationError
from .board import FILES, geometry
from .pieces import CAP, MAX_FLATS, MAX_POWER, NAMES, PILE_ORDER, RENAMED, SECTIONS, SET, SIDES, SIZE, Thing

MIN_SIZE, MAX_SIZE = 6, 26


def fail(message: str, text: str, pos: int) -> NoReturn:
    """Raise a NotationError pointing at ``pos`` (the error adds its line and column)."""
    raise NotationError(message, text, pos)


# ------------------------------------------------------------------ writing


def token(t: Thing | None) -> str:
    """The text of one cell."""
    if t is None:
        return "."
    if t.kind == "col":
        s = "".join(u[0] + "+" * u[1] for u in t.units)
    elif t.kind == "R":
        s = "R" + (str(t.power) if t.power else "")
    elif t.kind in "TH":
        s = t.kind + ("" if len(t.cells) == 1 else "_") + "+" * t.shields
    else:
        s = t.kind + "+" * t.shields
    return s if t.owner == "w" else s.lower()


def pile_text(letters: str, side: str) -> str:
    """The lost pieces ``letters`` of ``side`` as written: ``3F S 2B`` or ``-``."""
    if not letters:
        return "-"
    parts = []
    for p in PILE_ORDER:
        n = letters.count(p)
        if n:
            parts.append((str(n) if n > 1 else "") + (p if side == "w" else p.lower()))
    return " ".join(parts)


def write(state) -> str:
    """The position text of ``state``."""
    geo = state.geo
    homes = " ".join(geo.names[h] if h >= 0 else "-" for h in state.homes)
    lines = [f"{SIDES[state.side]} to move, turn {state.turn}, quiet {state.quiet}, flags {homes}"]
    tokens = [token(t) for t in state.board]
    widths = [max(len(tokens[r * geo.files + f]) for r in range(geo.ranks)) for f in range(geo.files)]
    lw = len(str(geo.ranks))
    for r in range(geo.ranks - 1, -1, -1):
        row = " ".join(tokens[r * geo.files + f].ljust(widths[f]) for f in range(geo.files)).rstrip()
        lines.append(f"{str(r + 1).rjust(lw)} {row}")
    lines.append(" " * lw + " " + " ".join(FILES[f].ljust(widths[f]) for f in range(geo.files)).rstrip())
    lines.append(f"white lost: {pile_text(state.lost[0], 'w')}")
    lines.append(f"black lost: {pile_text(state.lost[1], 'b')}")
    return "\n".join(lines)


# ------------------------------------------------------------------ reading


def _lines(text: str) -> list[tuple[int, str]]:
    """Lines with the offset where each starts."""
    out, pos = [], 0
    for line in text.split("\n"):
        out.append((pos, line))
        pos += len(line) + 1
    return out


def _words(line: str, start: int) -> list[tuple[int, str]]:
    return [(start + m.start(), m.group()) for m in re.finditer(r"\S+", line)]


def read(text: str):
    """The parts of a position: (files, ranks, side, turn, quiet, homes,
    board, lost).  Raises NotationError naming the field."""
    if not isinstance(text, str):
        raise NotationError(f"a position is text, not {type(text).__name__}")
    lines = [(p, line.rstrip("\r")) for p, line in _lines(text)]
    while lines and not lines[-1][1].strip():
        lines.pop()
    if len(lines) < 4 + MIN_SIZE:
        raise NotationError(
            f"a CCC position is a header line, one line per rank, the file letters and two 'lost' lines; "
            f"found {len(lines)} lines", text, None)
    side, turn, quiet, home_names = _header(text, *lines[0])
    label_pos, label_line = lines[-3]
    labels = _words(label_line, label_pos)
    files = len(labels)
    if not MIN_SIZE <= files <= MAX_SIZE:
        fail(f"the file letters line names {files} files; a board has {MIN_SIZE} to {MAX_SIZE}", text, label_pos)
    for k, (p, w) in enumerate(labels):
        if w != FILES[k]:
            fail(f"file letters: expected {FILES[k]!r} here, found {w!r}", text, p)
    rank_lines = lines[1:-3]
    ranks = len(rank_lines)
    if not MIN_SIZE <= ranks <= MAX_SIZE:
        fail(f"found {ranks} rank lines; a board has {MIN_SIZE} to {MAX_SIZE} ranks", text, rank_lines[0][0])
    geo = geometry(files, ranks)
    raw: list = [None] * (files * ranks)
    where: dict[int, int] = {}
    for k, (p, line) in enumerate(rank_lines):
        rank = ranks - k
        words = _words(line, p)
        if not words or words[0][1] != str(rank):
            fail(f"rank lines go from {ranks} down to 1: expected this line to start with {rank}", text,
                 words[0][0] if words else p)
        cells = words[1:]
        if len(cells) != files:
            at = cells[files][0] if len(cells) > files else (p + len(line))
            fail(f"rank {rank} needs {files} cells, found {len(cells)}", text, min(at, len(text) - 1))
        for f, (q, w) in enumerate(cells):
            i = (rank - 1) * files + f
            raw[i] = _token(text, q, w, f"cell {geo.names[i]}")
            where[i] = q
    homes = []
    for q, name in home_names:
        if name == "-":
            homes.append(-1)
        elif name in geo.index:
            homes.append(geo.index[name])
        else:
            fail(f"flags: {name!r} is not a cell of this board (or '-')", text, q)
    lost = [_pile(text, *lines[-2], "white"), _pile(text, *lines[-1], "black")]
    board = _sticks(text, geo, raw, where)
    _check_counts(text, board, lost, homes, lines)
    if quiet >= turn:
        fail(f"quiet: {quiet} turns without a piece destroyed cannot have passed before turn {turn}", text, lines[0][0])
    for k, name in enumerate(("white", "black")):
        if turn == 1 and lost[k]:
            fail(f"{name} lost: nothing is destroyed before turn 1 has been played, so this reads '-'", text,
                 lines[-2 + k][0] + len(f"{name} lost: "))
    return files, ranks, side, turn, quiet, tuple(homes), tuple(board), tuple(lost)


def _header(text: str, pos: int, line: str):
    fields = line.split(", ")
    if len(fields) != 4:
        fail("the first line reads '<side> to move, turn <n>, quiet <n>, flags <cell> <cell>'", text, pos)
    offsets, q = [], pos
    for f in fields:
        offsets.append(q)
        q += len(f) + 2
    m = re.fullmatch(r"(white|black) to move", fields[0])
    if not m:
        fail("to move: write 'white to move' or 'black to move'", text, offsets[0])
    side = m.group(1)[0]
    nums = []
    for name, f, o in zip(("turn", "quiet"), fields[1:3], offsets[1:3], strict=False):
        m = re.fullmatch(name + r" (\d{1,6})", f)
        if not m:
            fail(f"{name}: write '{name} <number>'", text, o)
        nums.append(int(m.group(1)))
    if nums[0] < 1:
        fail("turn: turns are counted from 1", text, offsets[1])
    words = _words(fields[3], offsets[3])
    if len(words) != 3 or words[0][1] != "flags":
        fail("flags: write 'flags <White's home cell> <Black's>' ('-' for none)", text, offsets[3])
    return side, nums[0], nums[1], words[1:]


_UNIT = re.compile(r"([FSML])(\+*)")


_READ: dict = {}  # cell tokens read so far: the same Thing for the same token


def _token(text: str, pos: int, w: str, field: str):
    """A cell token as (Thing without stick cells, laying flag) or None.
    Things are immutable, so positions read from text share them (as
    positions reached by play do), which keeps many positions small."""
    if w == ".":
        return None
    found = _READ.get(w)
    if found is None:
        found = _READ[w] = _read_token(text, pos, w, field)
    return found


def _read_token(text: str, pos: int, w: str, field: str):
    if not (w.replace("+", "").replace("_", "").isalnum()):
        fail(f"{field}: cannot read {w!r}", text, pos)
    letters = [c for c in w if c.isalpha()]
    if not letters:
        fail(f"{field}: cannot read {w!r}", text, pos)
    upper = letters[0].isupper()
    for k, c in enumerate(w):
        if c.isalpha() and c.isupper() != upper:
            fail(f"{field}: a cell holds one side's pieces (capitals White, small letters Black)", text, pos + k)
    owner = "w" if upper else "b"
    u = w.upper()
    head = u[0]
    if head in "FSML":
        units, k = [], 0
        while k < len(u):
            m = _UNIT.match(u, k)
            if not m:
                what = "a piece that stands alone" if u[k] in "CRVTHB" else "an unknown letter"
                fail(f"{field}: {u[k]!r} is {what}; only Flats and Pyramids share a cell", text, pos + k)
            letter, sh = m.group(1), len(m.group(2))
            if sh > CAP[letter]:
                fail(f"{field}: a {_name(letter)} takes at most {CAP[letter]} Shield(s), not {sh}", text, pos + k)
            units.append((letter, sh))
            k = m.end()
        _check_column(text, pos, field, units)
        return (Thing("col", owner, tuple(units)), False)
    if head == "R":
        m = re.fullmatch(r"R(\d?)", u)
        if not m:
            fail(f"{field}: a Ring is written R or R<power>; it takes no Shields", text, pos + 1)
        power = int(m.group(1) or 0)
        if power > MAX_POWER:
            fail(f"{field}: a Ring stores at most {MAX_POWER} Power, not {power}", text, pos + 1)
        return (Thing("R", owner, power=power), False)
    if head in "CV":
        if len(u) > 1:
            fail(f"{field}: the {_name(head)} stands alone and takes no Shields", text, pos + 1)
        return (Thing(head, owner), False)
    if head in "TBH":
        m = re.fullmatch(r"([TBH])(_?)(\+*)", u)
        if not m or (head == "B" and m.group(2)):
            fail(f"{field}: cannot read {w!r} (a stick is T or H, '_' when laying, then '+' per Shield)", text, pos)
        sh = len(m.group(3))
        if sh > CAP[head]:
            fail(f"{field}: a {_name(head)} takes at most {CAP[head]} Shield(s), not {sh}", text, pos)
        return (Thing(head, owner, shields=sh), bool(m.group(2)))
    if head in RENAMED:
        fail(f"{field}: {w[0]!r} is no longer a CCC letter: write the {_name(RENAMED[head])} as "
             f"{RENAMED[head] if upper else RENAMED[head].lower()}", text, pos)
    fail(f"{field}: unknown piece {w[0]!r} (letters: F S M L C R V T H B)", text, pos)


def _name(letter: str) -> str:
    return NAMES[letter]


def _check_column(text, pos, field, units):
    letters = "".join(u[0] for u in units)
    flats = letters.count("F")
    pyr = letters.replace("F", "")
    if letters[:flats] != "F" * flats:
        fail(f"{field}: Flats stand below Pyramids in a column (bottom first)", text, pos)
    if flats > MAX_FLATS:
        fail(f"{field}: a Flat Stack holds at most {MAX_FLATS} Flats, not {flats}", text, pos)
    sizes = [SIZE[p] for p in pyr]
    if sizes != sorted(sizes, reverse=True) or len(set(sizes)) != len(sizes):
        fail(f"{field}: a Constructed Pyramid has its Pyramids largest at the bottom, each at most once", text, pos)


@lru_cache(maxsize=1024)
def _standing(kind: str, owner: str, shields: int, cell: int) -> Thing:
    """A standing stick on ``cell`` (shared, as tokens are)."""
    return Thing(kind, owner, shields=shields, cells=(cell,))


def _sticks(text, geo, raw, where):
    """Resolve laying sticks: each side's laying cells form one straight run."""
    board: list[Thing | None] = [None] * len(raw)
    laying: dict[tuple[str, str], list[int]] = {}
    for i, item in enumerate(raw):
        if item is None:
            continue
        thing, lay = item
        if thing.kind in "TH":
            if lay:
                laying.setdefault((thing.owner, thing.kind), []).append(i)
                continue
            thing = _standing(thing.kind, thing.owner, thing.shields, i)
        board[i] = thing
    for (owner, kind), cells in laying.items():
        n = 3 if kind == "T" else 2
        cells.sort()
        field = f"cell {geo.names[cells[0]]}"
        straight = len(cells) == n and (
            all(cells[k + 1] - cells[k] == 1 and cells[k + 1] % geo.files for k in range(n - 1))
            or all(cells[k + 1] - cells[k] == geo.files for k in range(n - 1)))
        if not straight:
            fail(f"{field}: a laying {_name(kind)} covers {n} cells in a straight row, found {len(cells)} marked "
                 f"{kind if owner == 'w' else kind.lower()}_ not in one line", text, where[cells[0]])
        shields = {raw[c][0].shields for c in cells}
        if len(shields) > 1:
            fail(f"{field}: every cell of a laying stick shows the same Shields", text, where[cells[-1]])
        stick = Thing(kind, owner, shields=shields.pop(), cells=tuple(cells))
        for c in cells:
            board[c] = stick
    return board


def _pile(text: str, pos: int, line: str, side: str) -> str:
    prefix = f"{side} lost: "
    if not line.startswith(prefix):
        fail(f"{side} lost: expected a line '{prefix}...' listing {side}'s destroyed pieces", text, pos)
    body = line[len(prefix):]
    if body.strip() == "-":
        return ""
    out = []
    for q, w in _words(body, pos + len(prefix)):
        m = re.fullmatch(r"(\d{1,2})?([A-Za-z])", w)
        if m and m.group(2).upper() in RENAMED:
            new = RENAMED[m.group(2).upper()]
            fail(f"{side} lost: {m.group(2)!r} is no longer a CCC letter: write the {NAMES[new]} as "
                 f"{new if side == 'white' else new.lower()}", text, q + len(m.group(1) or ""))
        if not m or m.group(2).upper() not in PILE_ORDER or m.group(2).isupper() != (side == "white"):
            fail(f"{side} lost: cannot read {w!r} (write counts and letters such as 3F S 2B, "
                 f"{'capitals' if side == 'white' else 'small letters'}; a Cube is never destroyed)", text, q)
        n = int(m.group(1) or 1)
        if n < 1 or (m.group(1) and n == 1):
            fail(f"{side} lost: write a count of 2 or more, or the letter alone", text, q)
        out.append(m.group(2).upper() * n)
    letters = "".join(out)
    canonical = "".join(sorted(letters, key=PILE_ORDER.index))
    if pile_text(canonical, side[0]) != body.strip():
        fail(f"{side} lost: write each letter once, in the order {' '.join(PILE_ORDER)}", text, pos + len(prefix))
    return canonical


def _check_counts(text, board, lost, homes, lines):
    for k, owner in enumerate("wb"):
        side = SIDES[owner]
        count = {p: lost[k].count(p) for p in PILE_ORDER}
        count["C"] = 0
        sticks = 0
        for i, t in enumerate(board):
            if t is None or t.owner != owner or (t.kind in "TH" and t.cells[0] != i):
                continue  # a laying stick counts once, at its first cell
            if t.kind == "col":
                for u in t.units:
                    count[u[0]] += 1
            elif t.kind in SECTIONS:
                count["B"] += SECTIONS[t.kind]
                sticks += t.kind in "TH"
            else:
                count[t.kind] += 1
        for letter, most in SET.items():
            if count[letter] > most:
                what = "stick sections" if letter == "B" else _name(letter) + "s"
                fail(f"{side}: {count[letter]} {what} on the board and beside it; a set has {most}", text,
                     lines[-2 + k][0])
        if sticks > 1:
            fail(f"{side}: one Tall Stick makes at most one stick (Tall or Short) at a time", text, lines[-2 + k][0])
        if "V" in lost[k] and homes[k] < 0:
            fail(f"flags: {side}'s Nice Flag was destroyed, so its home cell is needed to re-create it", text,
                 lines[0][0])
