"""Step-by-step entry for the player to move.

Move phase: click one of your pieces, then where it goes (up to the
movement power, one order per piece), then **Seal**: the entry is complete,
sealed with a fresh salt from :func:`~.orders.new_salt` (nobody has to
invent one), and becomes ``{Ann} commit <hash>``; the state keeps the text
behind it privately.  A text step after **Seal** gives a salt of one's own
instead: it is accepted, never asked for, and refused when shorter than
:data:`~.orders.MIN_SALT` characters (it would give the orders away).  The
choices **Create** and **Populate** (the board actions) and **Pass** (no
orders) stand alone.  Resolve phase:
**Reveal** (when this state remembers the sealed text) or **Withhold**.
"""

from __future__ import annotations

from ...core import Action, IllegalAction, NotationError, PlaybookError, Step, StepOptions
from .board import short
from .orders import (
    MIN_SALT,
    checked_reveal,
    commitment,
    hash_body,
    new_salt,
    own_salt_fault,
    read_orders,
    reveal_body,
    simple,
    split_body,
)

SEAL = Step.choice("seal", "Seal my orders")
SALT_PROMPT = f"your own salt: one word of {MIN_SALT} or more random letters or digits (made for you when left out)"


def listed(state) -> list[Action]:
    """The listable actions of the player to move."""
    if state.outcome is not None:
        return []
    p = state.to_move
    out = []
    if state.phase == "move":
        if p not in state.boards:
            out.append(simple(p, "create"))
        elif p not in state.populated:
            out.append(simple(p, "populate"))
        out.append(simple(p, "pass"))
    else:
        body = state.secret(p)
        if body is not None:
            try:
                out.append(checked_reveal(state, p, body))
            except Exception:  # a remembered text that cannot be revealed is simply not offered
                pass
        out.append(simple(p, "withhold"))
    return out


class Entry:
    """Follows a prefix of steps for the player to move; raises
    IllegalAction at the first step no action allows."""

    def __init__(self, state, steps: tuple[Step, ...]):
        self.s = state
        self.steps = steps
        self.player = state.to_move

    def _singles(self) -> dict[Step, Action]:
        return {a.steps[0]: a for a in listed(self.s)}

    def options(self) -> StepOptions:
        """What may follow the steps entered so far."""
        singles = self._singles()
        if self.steps and self.steps[0] in singles:
            if len(self.steps) == 1:
                return StepOptions((), True)
            raise IllegalAction(f"'{self.steps[0].value}' is a whole action by itself")
        if self.s.phase != "move":
            if not self.steps:
                return StepOptions(tuple(singles), False)
            raise IllegalAction(f"in the resolve phase {self.player} may only reveal or withhold", rule="phases")
        orders, rest = self._orders()
        if not rest:
            first = tuple(singles) if not self.steps else ()
            return StepOptions(self._next_order_starts(orders) + (SEAL,) + first, False)
        if len(rest) == 1 and rest[0].kind == "cell":
            return StepOptions(tuple(Step.cell(c) for c in self._targets(rest[0].value)), False)
        if rest[0] == SEAL:
            # Seal alone is complete: the salt is drawn at random, so a person (or a program) never
            # seals with a word that can be guessed.  A salt of one's own may follow as a text step.
            if len(rest) == 1:
                return StepOptions((), True)
            if len(rest) == 2 and rest[1].kind == "text":
                salt = rest[1].value.strip()
                fault = own_salt_fault(salt) if salt else None
                if fault:
                    raise IllegalAction(fault, rule="hidden orders: a salt that hides them")
                return StepOptions((), True)
        raise IllegalAction(f"{rest[0].value!r} does not continue an entry of orders")

    def _orders(self):
        """The (origin, destination) pairs entered so far and the steps after them."""
        steps = list(self.steps)
        orders: list[tuple[str, str]] = []
        while len(steps) >= 2 and steps[0].kind == "cell" and steps[1].kind == "cell":
            origin, dest = steps[0].value, steps[1].value
            if origin not in self._starts(orders):
                raise IllegalAction(f"{origin} holds no piece of {self.player}'s still to order", rule="orders")
            if dest not in self._targets(origin):
                raise IllegalAction(f"{dest} is out of range of the piece on {origin}", rule="piece moves")
            orders.append((origin, dest))
            steps = steps[2:]
        if steps and steps[0].kind == "cell" and steps[0].value not in self._starts(orders):
            raise IllegalAction(f"{steps[0].value} holds no piece of {self.player}'s still to order", rule="orders")
        return orders, steps

    def _starts(self, orders) -> list[str]:
        if len(orders) >= self.s.power:
            return []
        used = {o for o, _ in orders}
        return [c for c in self.s.movable(self.player) if c not in used]

    def _next_order_starts(self, orders) -> tuple[Step, ...]:
        return tuple(Step.cell(c) for c in self._starts(orders))

    def _targets(self, origin: str) -> list[str]:
        return self.s.targets(origin)

    def action(self) -> Action:
        """The complete action the steps enter (refused if they are not complete)."""
        if not self.options().complete:
            raise IllegalAction("these steps are not a complete action")
        singles = self._singles()
        if self.steps and self.steps[0] in singles:
            return singles[self.steps[0]]
        orders, rest = self._orders()
        salt = rest[1].value.strip() if len(rest) > 1 else ""
        steps = self.steps
        if not salt:
            # The salt drawn becomes the entry's last step, so the action's own steps enter it again.
            salt = new_salt()
            steps = self.steps[:len(self.steps) - len(rest) + 1] + (Step.text(salt, SALT_PROMPT),)
        text = ", ".join(f"{self.s.piece_at(o)[1]}{short(o, self.player)}-{short(d, self.player)}" for o, d in orders)
        digest = commitment(salt, text)
        return Action(
            f"{{{self.player}}} commit {digest}", steps, ("commit", self.player, digest, reveal_body(salt, text))
        )


def sealed(state, player: str, body: str, text: str = "", at: int = 0) -> Action:
    """The commitment to ``body`` (``<salt>: <orders>``) typed in the open:
    ``{player} commit <hash>``, carrying the text so that the position keeps
    it for the reveal.  When the orders are exactly what clicking them on the
    board would seal, the action has those clicks as its steps."""
    try:
        salt, orders_text = split_body(body)
        orders = read_orders(orders_text, player, state.players)
    except NotationError as exc:
        raise NotationError(f"the orders to seal cannot be read: {exc}", text or body, at) from None
    fault = own_salt_fault(salt)
    if fault:
        raise IllegalAction(fault, rule="hidden orders: a salt that hides them")
    if len(orders) > state.power:  # refused now, not only when they would be revealed
        raise IllegalAction(f"{len(orders)} orders cost {len(orders)} movement power; {player} has {state.power}",
                            rule="movement power")
    body = reveal_body(salt, orders_text)
    digest = hash_body(body)
    if player == state.to_move and state.phase == "move":
        clicks = [Step.cell(c) for o in orders for c in (o.origin, o.destination)]
        try:
            entered = Entry(state, tuple(clicks) + (SEAL, Step.text(salt, SALT_PROMPT))).action()
        except PlaybookError:
            entered = None
        if entered is not None and entered.text == f"{{{player}}} commit {digest}":
            return entered
    return Action(f"{{{player}}} commit {digest}", (), ("commit", player, digest, body))
