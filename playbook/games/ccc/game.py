"""The game: set-up, options, reading positions, and matches of several games."""

from __future__ import annotations

from ...core import Game, IllegalAction, Outcome, checked_text
from ...descriptor import Descriptor, Ending, Option
from .board import FILES, geometry
from .edit import palette
from .engine import ENGINE
from .notation import MAX_SIZE, MIN_SIZE, read
from .pieces import NAMES, RENAMED, Thing, column
from .state import CCCState

#: The default back rank, file a first: Cube, Ring, Small, Large and Medium
#: Pyramids, the empty cell where the forgotten "???" piece would stand,
#: the Nice Flag and the Tall Stick.
BACK_RANK = "CRSLM.VT"


class CCC(Game[CCCState]):
    """CCC, the stacking game.  Options choose other readings of the rules
    (see the package's clarifications):

    - ``reach``: ``"all"`` (default) freezes the eight cells around a Nice
      Flag, ``"orthogonal"`` only the four beside it;
    - ``fall``: ``"keep"`` (default) a falling stick keeps its base cell,
      ``"beyond"`` it lands on the cells beyond it;
    - ``pyramid_slide``: ``"blocked"`` (default) a Pyramid stops at the
      first piece in its way, ``"through"`` it passes over pieces;
    - ``hop_captures``: True (default) a hopped Flat is destroyed (or loses
      a Shield), False a hop only moves;
    - ``onto_smaller``: False (default) a Pyramid never lands on a smaller
      Pyramid of either colour, True it may attack smaller enemy Pyramids;
    - ``quiet_limit``: the game is drawn after this many turns in a row
      with no piece destroyed (default 100; None for never).
    """

    descriptor = Descriptor(
        "ccc", "CCC",
        variants=(Option("reach", "all", str, "the cells a Nice Flag freezes", choices=("all", "orthogonal")),
                  Option("fall", "keep", str, "where a falling stick lands", choices=("keep", "beyond")),
                  Option("pyramid_slide", "blocked", str, "whether a Pyramid slides over pieces",
                         choices=("blocked", "through")),
                  Option("hop_captures", True, bool, "whether a hopped Flat is destroyed"),
                  Option("quiet_limit", 100, int, "turns with no piece destroyed that draw (None: never)",
                         optional=True),
                  Option("onto_smaller", False, bool, "whether a Pyramid may attack smaller enemy Pyramids")),
        settings=(Option("first", "white", str, "the side that moves first", choices=("white", "black")),
                  Option("files", None, int, "the board's files (None: as many as the back rank's letters)"),
                  Option("ranks", 10, int, "the board's ranks"),
                  Option("back_rank", BACK_RANK, str, "the back rank's letters, . for an empty cell")),
        endings=(Ending.PIECES_LOST, Ending.MOVE_LIMIT), clarified_in="notebooks/ccc_part_4.ipynb",
        players=("white", "black"), engine=ENGINE)
    reach: str
    fall: str
    pyramid_slide: str
    hop_captures: bool
    quiet_limit: int | None
    onto_smaller: bool

    def _initial(self, first: str, files: int | None, ranks: int, back_rank: str) -> CCCState:
        """The start: ``back_rank`` (letters C R S M L V T H, ``.`` for an
        empty cell; its length is the number of files) on rank 1 for White
        and the last rank for Black, the Flats on the two ranks in front
        (up to 8 a rank, centred), ``first`` to move."""
        if first not in ("white", "black"):
            raise IllegalAction(f"first is 'white' or 'black', not {first!r}", rule="set-up")
        files = files if files is not None else len(back_rank)
        if files != len(back_rank):
            raise IllegalAction(
                f"the back rank {back_rank!r} has {len(back_rank)} cells for {files} files", rule="set-up"
            )
        if not (MIN_SIZE <= files <= MAX_SIZE and MIN_SIZE <= ranks <= MAX_SIZE):
            raise IllegalAction(f"a board has {MIN_SIZE} to {MAX_SIZE} files and ranks", rule="set-up")
        old = [c for c in back_rank if c in RENAMED]
        if old:
            raise IllegalAction(f"{old[0]!r} is no longer a CCC letter: write the {NAMES[RENAMED[old[0]]]} as "
                                f"{RENAMED[old[0]]}", rule="set-up")
        bad = [c for c in back_rank if c not in "CRSMLVTH."]
        dup = [c for c in "CRSMLVTH" if back_rank.count(c) > 1]
        if bad or dup or ("T" in back_rank and "H" in back_rank):
            raise IllegalAction("the back rank holds each of C R S M L V and one stick (T or H) at most once, "
                                "'.' for empty cells", rule="set-up")
        geo = geometry(files, ranks)
        board: list = [None] * geo.size
        homes = [-1, -1]
        for owner, back, fronts in (("w", 0, (1, 2)), ("b", ranks - 1, (ranks - 2, ranks - 3))):
            for f, letter in enumerate(back_rank):
                i = back * files + f
                if letter in "SML":
                    board[i] = column(owner, letter)
                elif letter in "TH":
                    board[i] = Thing(letter, owner, cells=(i,))
                elif letter != ".":
                    board[i] = Thing(letter, owner)
                if letter == "V":
                    homes[0 if owner == "w" else 1] = i
            width = min(files, 8)
            start = (files - width) // 2
            for r in fronts:
                for f in range(start, start + width):
                    board[r * files + f] = column(owner, "F")
        return CCCState(files, ranks, tuple(board), first[0], 1, 0, tuple(homes), ("", ""), self)

    def palette(self):
        """Each side's pieces, for the position editor (see :mod:`.edit`)."""
        return palette()

    def parse(self, text: str) -> CCCState:
        """The position written ``text`` (see :mod:`.notation`); NotationError names the bad field."""
        files, ranks, side, turn, quiet, homes, board, lost = read(checked_text(text))
        return CCCState(files, ranks, board, side, turn, quiet, homes, lost, self)

    def setup(self, pieces: dict[str, str], to_move: str = "white", files: int = 8, ranks: int = 10,
              turn: int = 2, flags: tuple[str, str] = ("-", "-"), lost: tuple[str, str] = ("-", "-")) -> CCCState:
        """A position from cell tokens (as in the position text: ``{"d4":
        "FF+", "e5": "l", "c1": "T", "c2": "T_", ...}``); by default on turn 2, so
        that the Nice Flags may move."""
        geo = geometry(files, ranks)
        rows = []
        width = max([len(v) for v in pieces.values()] + [1])
        for r in range(ranks, 0, -1):
            row = " ".join(pieces.get(f"{FILES[f]}{r}", ".").ljust(width) for f in range(files))
            rows.append(f"{str(r).rjust(len(str(ranks)))} {row}")
        labels = " " * len(str(ranks)) + " " + " ".join(FILES[f].ljust(width) for f in range(files))
        unknown = sorted(set(pieces) - set(geo.names))
        if unknown:
            raise IllegalAction(f"not cells of a {files}x{ranks} board: {', '.join(unknown)}", rule="set-up")
        text = "\n".join([f"{to_move} to move, turn {turn}, quiet 0, flags {flags[0]} {flags[1]}", *rows, labels,
                          f"white lost: {lost[0]}", f"black lost: {lost[1]}"])
        return self.parse(text)


GAME = CCC()


class Match:
    """Several games in a row.  The loser of each game moves first in the
    next; after a draw the match is over for the day (the rules' advice).

    >>> match = Match()
    >>> match.start().to_move
    'white'
    """

    def __init__(self, game: CCC = GAME, first: str = "white", **options):
        self.game = game
        self.options = options
        self.first = first
        self.results: list[Outcome] = []

    @property
    def over(self) -> bool:
        """True after a drawn game: no more play today."""
        return bool(self.results) and self.results[-1].draw

    def start(self) -> CCCState:
        """The next game's start, with the previous game's loser to move first."""
        if self.over:
            raise IllegalAction("the last game was drawn: play no more today", rule="draw")
        return self.game.initial(first=self.first, **self.options)

    def finish(self, state: CCCState) -> None:
        """Record the finished game ``state``; its loser moves first next."""
        if state.outcome is None:
            raise IllegalAction("the game has not ended yet", rule="end of the game")
        self.results.append(state.outcome)
        if state.outcome.winner:
            self.first = "black" if state.outcome.winner == "white" else "white"

    def __repr__(self) -> str:
        return f"Match({len(self.results)} games, {self.first} to start next)"
