"""Orders, commitments and reveals: the text players post.

An order moves one piece: ``e2-e3`` (the piece on e2 of the writer's own
board goes to e3 of that board), optionally with the piece's letter
(``Pe2-e3``) and with ``x`` for a capture (``Nb1xc3``).  Cells of other
boards carry the board's name (``Qd1-{Bob}d5`` is not a legal move, but it is
a well formed order); rank 8 needs none (``e8``).  Orders are separated by
commas: ``Pe2-e3, Ng1-f3``.  Every order costs one point of movement power,
whether it succeeds or not.

During the move phase a player posts only a *commitment*: the SHA-256 (hex)
of the text ``<salt>: <orders>``, where the salt is a secret word.  In the
resolve phase they post that text itself, the *reveal*; it is accepted only
when it hashes to the commitment.

The salt is what keeps the orders secret: a player's possible orders are
few, so anyone can hash each of them with a guessable salt (a word, a
name, ``s``) and find the one that matches.  Every salt the program makes
comes from :func:`new_salt`: 128 random bits from :mod:`secrets`, a new
one each time.

>>> commitment("k7q2", "Pe2-e3")
'203732f706e6708859f6b7cf5ae9518f8d3e1ee83347a7e73fa30780fca88d6b'
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ...core import Action, IllegalAction, NotationError, Step
from .board import read_cell

SALT_RE = re.compile(r"[A-Za-z0-9_\-]{1,64}")
HASH_RE = re.compile(r"[0-9a-f]{64}")
ORDER_RE = re.compile(r"\s*([KQRBNP]?)((?:\{[^{}\s]*\})?[a-h][1-8])\s*([-x])\s*((?:\{[^{}\s]*\})?[a-h][1-8])\s*")


@dataclass(frozen=True)
class Order:
    """One order: the ``player`` who gave it, the piece's cell ``origin``,
    its ``destination`` (canonical cell ids), the piece ``letter`` if one
    was written, and the ``text`` as written."""

    player: str
    origin: str
    destination: str
    letter: str = ""
    text: str = ""

    def __str__(self) -> str:
        return self.text


#: The random bits in a salt made by :func:`new_salt`.
SALT_BITS = 128

#: The fewest characters of a salt a player types themselves.  The orders
#: hide almost nothing: in the busiest positions random play reaches, a
#: player has 97 single orders, so at most 1 + 97 + 97*96 + 97*96*95 =
#: 894,050 texts of up to three orders (about 2^20), hashed under one
#: guessed salt in a third of a second by one core doing 2.7 million
#: SHA-256 a second (a one-letter salt, 64 of them: about 21 s; likely
#: orders first: far less).  So the salt alone must hold, even against
#: someone who guesses the orders at once.  Against 10^12 hashes a second
#: (about fifty of today's graphics cards) for a week (the longest orders
#: stay sealed, Monday to Saturday), with no more than a 1 in 1,000 chance,
#: it needs 10^12 * 604,800 * 1,000 = 6.05 * 10^20 possible salts, 69 bits.
#: Counting 4 bits a typed character (a hex digit; random letters, digits,
#: '-' and '_' give 6), that is 69 / 4 = 17.3, so 18 characters.
MIN_SALT = 18


def new_salt() -> str:
    """A fresh salt nobody can guess: :data:`SALT_BITS` random bits from
    :mod:`secrets`, written as hex digits (one word, as a salt must be)."""
    return secrets.token_hex(SALT_BITS // 8)


def own_salt_fault(salt: str) -> str | None:
    """Why ``salt``, typed by a player, cannot seal orders (not one word, or
    too short to hide them: see :data:`MIN_SALT`), or None when it can."""
    if not SALT_RE.fullmatch(salt):
        return "the salt is one word of letters, digits, '-' or '_'"
    if len(salt) < MIN_SALT:
        return (f"a salt of {len(salt)} character{'s' if len(salt) != 1 else ''} gives the orders away (they are "
                f"so few that anyone can hash them all with every short salt): type at least {MIN_SALT} random "
                f"letters or digits, or leave the salt out and one is made for you")
    return None


def commitment(salt: str, orders: str) -> str:
    """The SHA-256, in hex, of the reveal ``"<salt>: <orders>"``."""
    return hashlib.sha256(reveal_body(salt, orders).encode("utf-8")).hexdigest()


def reveal_body(salt: str, orders: str) -> str:
    """The text a player reveals (and hashes): the salt, a colon, a space
    and the orders (``"k7q2:"`` alone for no orders); surrounding
    whitespace is never part of it."""
    return f"{salt}: {orders.strip()}".strip()


def hash_body(body: str) -> str:
    """The SHA-256, in hex, of a reveal's text."""
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


@lru_cache(maxsize=4096)  # the engines split the same few texts at every position they weigh
def split_body(body: str) -> tuple[str, str]:
    """``(salt, orders)`` of a reveal's text; NotationError if it has no salt."""
    salt, sep, orders = body.partition(":")
    if not sep or not SALT_RE.fullmatch(salt):
        raise NotationError("a reveal is '<salt>: <orders>', the salt one word of letters and digits", body, 0)
    return salt, orders.strip()


def read_orders(text: str, player: str, players: Sequence[str]) -> list[Order]:
    """The orders in ``text`` written by ``player``; NotationError pointing
    at the first order that cannot be read.  An empty text holds no orders."""
    return list(_read_orders(text, player, tuple(players)))


@lru_cache(maxsize=4096)  # the engines read the same few reveals at every position they weigh
def _read_orders(text: str, player: str, players: tuple[str, ...]) -> tuple[Order, ...]:
    orders: list[Order] = []
    if not text.strip():
        return ()
    pos = 0
    for part in text.split(","):
        m = ORDER_RE.fullmatch(part)
        if not m:
            lead = len(part) - len(part.lstrip())
            raise NotationError("an order is a cell, '-' or 'x', and a cell, such as Pe2-e3 or e8-{Bob}e4",
                                text, pos + lead)
        try:
            origin = read_cell(m.group(2), player, players)
            destination = read_cell(m.group(4), player, players)
        except ValueError as exc:
            raise NotationError(str(exc), text, pos + m.start(2)) from None
        orders.append(Order(player, origin, destination, m.group(1), part.strip()))
        pos += len(part) + 1
    return tuple(orders)


def simple(player: str, verb: str) -> Action:
    """The action ``{player} verb`` for a verb with no argument."""
    return Action(f"{{{player}}} {verb}", (Step.choice(verb, verb.capitalize()),), (verb, player))


def checked_reveal(state, player: str, body: str, text: str = "", at: int = 0) -> Action:
    """The reveal of ``body`` by ``player``, refused unless it hashes to the
    player's commitment and its orders cost no more than the power."""
    if hash_body(body) != state.commitment_of(player):
        raise IllegalAction(f"this reveal does not match {player}'s commitment {state.commitment_of(player)[:12]}…",
                            rule="hidden orders: a reveal must hash to its commitment")
    try:
        _, orders_text = split_body(body)
        orders = read_orders(orders_text, player, state.players)
    except NotationError as exc:
        raise NotationError(f"the revealed orders cannot be read: {exc}", text or body, at) from None
    if len(orders) > state.power:
        raise IllegalAction(f"{len(orders)} orders cost {len(orders)} movement power; {player} has {state.power}",
                            rule="movement power")
    return Action(f"{{{player}}} reveal {body}", (Step.choice("reveal", "Reveal my orders"),), ("reveal", player, body))
