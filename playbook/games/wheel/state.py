"""The position: boards, pieces, the phase, commitments and reveals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING

from ...core import Action, Ending, IllegalAction, Outcome, PlaybookError, State, Step, StepOptions
from ...render import Diagram, svg
from .actions import read_action
from .board import HOME, short, split
from .edit import edit, palette
from .entry import Entry, listed
from .notation import write
from .orders import hash_body, read_orders, split_body
from .pieces import PieceQuestions
from .resolve import Resolution, carried_out, resolve
from .view import drawn, resolution_steps, scene

if TYPE_CHECKING:  # annotations only: the game module imports this one
    from .game import ChessWheel


@dataclass(frozen=True, eq=False, repr=False)
class WheelState(PieceQuestions, State):
    """A Chess Wheel+ position.  ``pieces`` holds ``(cell, owner, kind)``
    triples sorted by cell; ``commitments`` and ``revealed`` hold
    ``(player, hash)`` and ``(player, reveal text)`` pairs in seat order;
    ``results`` the last resolution as ``(player, origin, destination,
    code)``.  ``secrets`` (never written, never compared) keeps, for hot-seat
    play, the reveal text behind each commitment entered on this machine."""

    players: tuple[str, ...]
    week: int = 1
    phase: str = "move"
    power: int = 3
    boards: tuple[str, ...] = ()
    populated: tuple[str, ...] = ()
    kings: tuple[str, ...] = ()
    pieces: tuple[tuple[str, str, str], ...] = ()
    passed: tuple[str, ...] = ()
    commitments: tuple[tuple[str, str], ...] = ()
    revealed: tuple[tuple[str, str], ...] = ()
    withheld: tuple[str, ...] = ()
    results: tuple[tuple[str, str, str, str], ...] = ()
    secrets: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    game: ChessWheel = field(kw_only=True, compare=False)

    # ---- who decides

    @property
    def movers(self) -> tuple[str, ...]:
        """Every player who still has a decision in this phase, in seat
        order: in the move phase those who have neither committed nor passed,
        in the resolve phase those who committed and have neither revealed
        nor withheld."""
        if self.outcome is not None:
            return ()
        return self._undecided

    @cached_property
    def _undecided(self) -> tuple[str, ...]:
        """The players with a decision left in this phase, whether or not the game is over."""
        if self.phase == "move":
            done = set(self.passed) | {p for p, _ in self.commitments}
        else:
            done = {p for p, _ in self.revealed} | set(self.withheld)
            done |= set(self.players) - {p for p, _ in self.commitments}
        return tuple(p for p in self.players if p not in done)

    @property
    def to_move(self) -> str:
        """The first player, in seat order, who still has a decision (the
        one the step API enters for); see :attr:`movers` for all of them."""
        movers = self.movers
        return movers[0] if movers else self.players[0]

    def _compute_outcome(self) -> Outcome | None:
        if len(self.kings) < 2:
            return None
        crowned = {o for _, o, k in self.pieces if k == "K"}
        owners = [p for p in self.players if p in crowned]
        if len(owners) == 1:
            return Outcome((owners[0],), f"only {owners[0]} still owns a King", Ending.KING_CAPTURED)
        if not owners:
            return Outcome((), "no player owns a King any more", Ending.KING_CAPTURED)
        return None

    def status(self) -> str:
        """The week, the phase and who still has to decide."""
        if self.outcome is not None:
            return super().status()
        movers = self.movers
        if self.phase == "move":
            return f"Week {self.week}, move phase: {', '.join(movers)} still to commit orders"
        return f"Week {self.week}, resolve phase: {', '.join(movers)} still to reveal"

    def curtain(self) -> str:
        """In the move phase each player writes orders in private: the board
        is handed over behind a curtain that names the next player and shows
        the commitments made so far."""
        if self.outcome is not None or self.phase != "move":
            return ""
        # The digests are cut short with an ellipsis, which also ends the sentence.
        made = "; ".join(f"{p} committed {h[:12]}…" for p, h in self.commitments)
        return (f"Week {self.week}, move phase. Pass the device to {self.to_move}: only {self.to_move} "
                f"should see the orders they enter." + (f" {made}" if made else ""))

    # ---- sealed orders

    def commitment_of(self, player: str) -> str | None:
        """``player``'s commitment this week, or None."""
        return dict(self.commitments).get(player)

    @property
    def seats(self) -> tuple[str, ...]:
        """The players this game seats, chosen at its start."""
        return self.players

    def secret(self, player: str) -> str | None:
        """The reveal text behind ``player``'s commitment, when this state
        remembers it (entered here, or given back with :meth:`remember`)."""
        body = dict(self.secrets).get(player)
        return body if body is not None and hash_body(body) == self.commitment_of(player) else None

    def remember(self, player: str, body: str) -> WheelState:
        """This state with ``body`` kept as the private reveal text behind
        ``player``'s commitment (say, after loading a saved position);
        refused if it does not match the commitment."""
        if self.commitment_of(player) is None or hash_body(body) != self.commitment_of(player):
            raise IllegalAction(f"that text does not match {player}'s commitment", rule="hidden orders")
        return self._with_secret(player, body)

    def _with_secret(self, player: str, body: str | None) -> WheelState:
        return replace(self, secrets=self._secrets_with(player, body))

    def _secrets_with(self, player: str, body: str | None) -> tuple[tuple[str, str], ...]:
        """The remembered texts with ``player``'s replaced by ``body`` (forgotten when None)."""
        secrets = tuple((p, b) for p, b in self.secrets if p != player)
        return secrets + ((player, body),) if body is not None else secrets

    def private_to(self, player: str) -> WheelState:
        """This position as ``player`` knows it: the sealed texts of other
        players that this state remembers are forgotten (an engine must
        not read them)."""
        if all(p == player for p, _ in self.secrets):
            return self
        return replace(self, secrets=tuple((p, b) for p, b in self.secrets if p == player))

    def observation(self, player: str) -> WheelState:
        """This position as ``player`` may see it (:meth:`private_to`): no
        other player's sealed orders."""
        return self.private_to(player)

    def orders_of(self, player: str):
        """The revealed orders of ``player`` (empty when none)."""
        body = dict(self.revealed).get(player)
        if body is None:
            return []
        return read_orders(split_body(body)[1], player, self.players)

    # ---- the contract: actions

    def legal_actions(self) -> list[Action]:
        """The actions that can be listed: board actions, passing, revealing
        (when this state remembers the text) and withholding.  Commitments
        are entered by steps (:meth:`next_steps`) or typed."""
        return listed(self)

    def next_steps(self, prefix: Sequence[Step] = ()) -> StepOptions:
        """The next steps of the player to move (see :mod:`.entry`)."""
        self._refuse_if_over()
        return Entry(self, tuple(prefix)).options()

    def action_from_steps(self, steps: Sequence[Step]) -> Action:
        """The action ``steps`` enter for the player to move."""
        self._refuse_if_over()
        return Entry(self, tuple(steps)).action()

    def parse_action(self, text: str) -> Action:
        """The action written ``text``, of any player still to decide (see :mod:`.actions`)."""
        return read_action(self, text)

    def play(self, action) -> WheelState:
        """The position after ``action``, which may belong to any player
        still to decide (or be a board action of any player, or ``end
        phase``).  A commitment entered by steps keeps its reveal text
        privately in the new state."""
        new = super().play(action)
        played = new.last_action
        assert played is not None, "play records the action it played"
        if isinstance(action, Action) and isinstance(action.data, tuple) and action.data[0] == "commit":
            body = action.data[3]
            if body is not None and hash_body(body) == action.data[2]:
                new = new._with_secret(action.data[1], body)
                played = action
        if played.data[0] == "commit":
            # What the others see played is the hash alone: the clicks that entered the orders
            # (their cells, which a board would tint as the last move) stay private.
            new.__dict__["last_action"] = Action(played.text, (), played.data)
        return new

    def choice_key(self, action: Action):
        """What ``action`` decides, whatever its salt: a commitment whose
        text this side knows is its orders (an engine uses this to tell
        that it is ordering the same as in an earlier week); any other
        action is its text."""
        data = action.data if isinstance(action, Action) else None
        if isinstance(data, tuple) and data[0] == "commit" and len(data) > 3 and data[3] is not None:
            return "commit", data[1], split_body(data[3])[1]
        return str(action)

    def record_text(self, action) -> str:
        """How a record writes ``action`` played here: orders typed in the
        open (``{Ann} seal <salt>: <orders>``) as the commitment they make,
        so that no record holds sealed orders before their reveal."""
        if isinstance(action, str):
            try:
                return self.parse_action(action).text
            except PlaybookError:
                return action  # refused: replaying the record names the ply and the reason
        return str(action)

    def _apply(self, action: Action) -> WheelState:
        kind = action.data[0]
        s = self
        if kind == "create":
            s = replace(s, boards=tuple(p for p in s.players if p in s.boards or p == action.data[1]))
        elif kind == "populate":
            s = s._populate(action.data[1])
        elif kind == "pass":
            # A pass withdraws the player's commitment, as a commitment replaces a pass.
            player = action.data[1]
            s = replace(s, passed=s._seat(s.passed + (player,)),
                        commitments=tuple((p, h) for p, h in s.commitments if p != player),
                        secrets=s._secrets_with(player, None))
        elif kind == "commit":
            player, digest = action.data[1], action.data[2]
            commits = tuple((p, h) for p, h in s.commitments if p != player) + ((player, digest),)
            # A commitment entered here carries its text: keep it privately, so the same player can
            # reveal it later (play() and the engines' searches alike).
            body = action.data[3] if len(action.data) > 3 else None
            kept = body if body is not None and hash_body(body) == digest else None
            s = replace(s, commitments=s._seat_pairs(commits), passed=tuple(p for p in s.passed if p != player),
                        secrets=s._secrets_with(player, kept))
        elif kind == "reveal":
            s = replace(s, revealed=s._seat_pairs(s.revealed + ((action.data[1], action.data[2]),)))
        elif kind == "withhold":
            s = replace(s, withheld=s._seat(s.withheld + (action.data[1],)))
        elif kind == "end":
            s = s._end_phase()
        return s._settle()

    def _seat(self, names) -> tuple[str, ...]:
        return tuple(p for p in self.players if p in names)

    def _seat_pairs(self, pairs) -> tuple[tuple[str, str], ...]:
        d = dict(pairs)
        return tuple((p, d[p]) for p in self.players if p in d)

    def _populate(self, player: str) -> WheelState:
        taken = self.board_map()
        made = []
        for square, kind in HOME.items():
            cell = "{" + player + "}" + square
            if cell not in taken:  # a space already holding a piece stays as it is
                made.append((cell, player, kind))
        king = any(k == "K" for _, _, k in made)
        return replace(
            self, pieces=tuple(sorted(self.pieces + tuple(made))),
            populated=self._seat(self.populated + (player,)),
            kings=self._seat(self.kings + ((player,) if king else ())),
        )

    def _settle(self) -> WheelState:
        s = self
        while s.outcome is None and not s._undecided:
            s = s._end_phase()
        return s

    def _end_phase(self) -> WheelState:
        if self.phase == "move":
            return replace(self, phase="resolve", passed=())
        return self._resolved()

    def resolution(self) -> Resolution:
        """The adjudication of the orders revealed so far, against this
        position (what ending the resolve phase now would do)."""
        orders = [o for p in self.players for o in self.orders_of(p)]
        return resolve(dict(self.board_map()), self.boards, orders, blocking=self.game.blocking,
                       collision=self.game.collision, knight_across=self.game.knight_across)

    def _resolved(self) -> WheelState:
        orders = tuple(o for p in self.players for o in self.orders_of(p))
        game = self.game
        after, judged = carried_out(self.pieces, tuple(self.boards), orders, game.blocking, game.collision,
                                    game.knight_across)
        pieces = tuple(sorted(after))
        results = tuple((o.player, o.origin, o.destination, code) for o, code in judged)
        new = replace(self, week=self.week + 1, phase="move", pieces=pieces, passed=(), commitments=(),
                      revealed=(), withheld=(), results=results, secrets=())
        new.__dict__["resolved_from"] = self  # how play reached it, as ``last_action`` records
        return new

    @cached_property
    def last_resolution(self) -> Resolution | None:
        """The resolution that made this position, when play reached it
        by ending a resolve phase (None otherwise)."""
        before = self.__dict__.get("resolved_from")
        return None if before is None else before.resolution()

    # ---- text and drawing

    def palette(self):
        """Every player's pieces, for the position editor (see :mod:`.edit`)."""
        return palette(self.players)

    def palette_piece(self, piece: str):
        """The palette piece ``piece`` (``"<player> <letter>"``) as the board draws it."""
        owner, _, kind = piece.rpartition(" ")
        return drawn(self, "", owner, kind)

    def sides_to_move(self) -> tuple[str, ...]:
        """None: every player decides at once."""
        return ()

    def edit(self, cell=None, piece=None, *, to_move=None) -> WheelState:
        """The position changed by the editor (see :mod:`.edit`)."""
        return edit(self, cell, piece, to_move)

    def to_text(self) -> str:
        """The public position text (never a sealed order)."""
        return self._text

    @cached_property
    def _text(self) -> str:
        return write(self)

    def key(self) -> tuple:
        """Every field the position text writes (so two states are equal
        exactly when their texts are), without writing the text."""
        return (self.players, self.week, self.phase, self.power, self.boards, self.populated, self.kings,
                self.pieces, self.passed, self.commitments, self.revealed, self.withheld, self.results)

    def view(self, player: str | None = None):
        """The scene: every board, the shared rank, the last resolution's
        orders as arrows (failed ones marked) and the revealed orders; with
        ``player``, also that player's own sealed orders (a private view)."""
        return scene(self, player)

    def resolution_steps(self) -> list:
        """The resolution, stage by stage, as ``(words, diagram)`` pairs:
        range, collisions, head-to-head, chains, then the position after it
        (failed orders crossed out).  In the resolve phase: of the orders
        revealed so far; on a position a resolution produced by play: of
        that resolution."""

        before = self.__dict__.get("resolved_from", self)
        return [(words, Diagram(svg(scene))) for words, scene in resolution_steps(before)]

    def __repr__(self) -> str:
        return f"<Chess Wheel+: week {self.week}, {self.phase} phase, {len(self.pieces)} pieces, {self.status()}>"


__all__ = ["WheelState", "split", "short"]
